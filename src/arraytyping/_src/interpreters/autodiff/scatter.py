"""JVP and transpose rules of ``scatter``, ``scatter-mul``, ``scatter-min`` and ``scatter-max``, each JAX 0.10.2's
(``jax/_src/lax/slicing.py``; ``gather`` and ``scatter-add`` are in :mod:`.structural`).

* ``scatter``: with ``unique_indices`` the tangent is the scatter of the tangents; otherwise (an update may be
  overwritten by another at the same index, and which one wins is unspecified) JAX scatters positive ids of the
  updates, gathers them back to find the surviving updates and the overwritten operand elements, and computes the
  primal and tangent outputs as scatter-adds of the masked values. Its transpose (unique indices only, as in JAX)
  zeroes the overwritten cotangent entries and gathers the updates' cotangents.
* ``scatter-mul``: linear in the operand; the updates' derivative needs ``unique_indices`` (JAX's
  ``NotImplementedError`` otherwise).
* ``scatter-min``/``scatter-max``: where updates and the operand tie at an index, the tangent is the average of the
  tied tangents (JAX's ``_scatter_extremal_jvp``). A weakly typed operand's cotangent is the sum of a weak and a
  strong contribution: strong when the backward pass runs eagerly (``add_any`` runs as ``lax.add``), weak when it
  is staged (``add_any`` has its first operand's type), in JAX as here.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from arraytyping._src.lax import gather_scatter as G
from arraytyping._src.lax import lax
from arraytyping._src.interpreters.autodiff.ad import (
    UndefinedPrimal, Zero, defjvp, instantiate_zeros, jvp_rules, tangent_aval, transpose_rules,
)
from arraytyping._src.interpreters.autodiff.primitives import full_like, select, shape_of, zeros_like
from arraytyping._src.interpreters.autodiff.structural import inverse_gather
from arraytyping._src.lax.lax import aval_of

__all__: list[str] = []

_Dn = G.ScatterDimensionNumbers
_Mode = G.GatherScatterMode


def _shape(x: Any) -> tuple[int, ...]:
    return x.aval.shape if type(x) is UndefinedPrimal else shape_of(x)


# ---------------------------------------------------------------------------------------------------------------
# scatter


def _scatter_jvp(primals: Sequence[Any], tangents: Sequence[Any], *, dimension_numbers: _Dn,
                 indices_are_sorted: bool, unique_indices: bool, mode: _Mode) -> tuple[Any, Any]:
    operand, indices, updates = primals
    g_operand, _, g_updates = tangents
    dn = dimension_numbers
    params = dict(dimension_numbers=dn, indices_are_sorted=indices_are_sorted, unique_indices=unique_indices,
                  mode=mode)
    if type(g_operand) is Zero and type(g_updates) is Zero:
        out = G.scatter_p.bind(operand, indices, updates, **params)
        return out, Zero(tangent_aval(aval_of(out)))
    g_operand = instantiate_zeros(g_operand)
    g_updates = instantiate_zeros(g_updates)
    if unique_indices:
        return (G.scatter_p.bind(operand, indices, updates, **params),
                G.scatter_p.bind(g_operand, indices, g_updates, **params))
    # a) a positive id per update (per scattered window), scattered
    updates_shape = shape_of(updates)
    ids_shape = list(updates_shape)
    for d in dn.update_window_dims:
        ids_shape[d] = 1
    num_ids = math.prod(ids_shape)
    id_dtype = np.dtype("uint64") if num_ids > np.iinfo(np.uint32).max else np.dtype("uint32")
    ids = lax.reshape(lax.iota(id_dtype, (num_ids,), 0), tuple(ids_shape))
    if tuple(ids_shape) != updates_shape:  # JAX's add broadcasts the window dimensions of size 1
        kept = tuple(i for i in range(len(ids_shape)) if i not in dn.update_window_dims)
        ids = lax.broadcast_in_dim(lax.reshape(ids, tuple(ids_shape[i] for i in kept)), updates_shape, kept)
    update_ids = lax.add(ids, lax.full(updates_shape, 1, id_dtype, False))
    operand_shape = shape_of(operand)
    scattered_ids = G.scatter(G.scatter_p, lax.full(operand_shape, 0, id_dtype, False), indices, update_ids, dn,
                              indices_are_sorted=indices_are_sorted, unique_indices=unique_indices, mode=mode)
    # b) the inverse gather: which update survived at each update's place
    gather_dn, slice_sizes = inverse_gather(dn, operand_shape, updates_shape)
    gathered_ids = G.gather(scattered_ids, indices, gather_dn, slice_sizes, mode=None)
    # c) the operand elements not overwritten, the surviving updates
    kept_operand = lax.eq(scattered_ids, zeros_like(scattered_ids))
    kept_updates = lax.eq(update_ids, gathered_ids)
    masked_operand = select(kept_operand, operand, zeros_like(operand))
    masked_updates = select(kept_updates, updates, zeros_like(updates))
    masked_g_operand = select(kept_operand, g_operand, zeros_like(g_operand))
    masked_g_updates = select(kept_updates, g_updates, zeros_like(g_updates))
    # d) scatter-adds of the masked values
    out = G.scatter(G.scatter_add_p, masked_operand, indices, masked_updates, dn,
                    indices_are_sorted=indices_are_sorted, unique_indices=unique_indices, mode=mode)
    t_out = G.scatter(G.scatter_add_p, masked_g_operand, indices, masked_g_updates, dn,
                      indices_are_sorted=indices_are_sorted, unique_indices=unique_indices, mode=mode)
    return out, t_out


def _scatter_transpose(ct: Any, operand: Any, indices: Any, updates: Any, *, dimension_numbers: _Dn,
                       indices_are_sorted: bool, unique_indices: bool, mode: _Mode) -> list[Any]:
    if not unique_indices:
        raise NotImplementedError("scatter transpose is only implemented where unique_indices=True")
    dn = dimension_numbers
    updates_shape = _shape(updates)
    operand_t = update_t = None
    if type(operand) is UndefinedPrimal:
        zeros = lax.full(updates_shape, 0, aval_of(ct).dtype, False)
        operand_t = G.scatter(G.scatter_p, ct, indices, zeros, dn, indices_are_sorted=indices_are_sorted,
                              unique_indices=True, mode=mode)
    if type(updates) is UndefinedPrimal:
        gather_dn, slice_sizes = inverse_gather(dn, shape_of(ct), updates_shape)
        update_t = G.gather(ct, indices, gather_dn, slice_sizes, mode=mode, fill_value=0)
    return [operand_t, None, update_t]


jvp_rules[G.scatter_p] = _scatter_jvp
transpose_rules[G.scatter_p] = _scatter_transpose


# ---------------------------------------------------------------------------------------------------------------
# scatter-mul


def _scatter_mul_jvp_lhs(g: Any, x: Any, i: Any, y: Any, **params: Any) -> Any:
    return G.scatter_mul_p.bind(g, i, y, **params)


def _scatter_mul_jvp_rhs(g: Any, x: Any, i: Any, y: Any, *, dimension_numbers: _Dn, indices_are_sorted: bool,
                         unique_indices: bool, mode: _Mode) -> Any:
    if not unique_indices:
        raise NotImplementedError("scatter_mul gradients are only implemented if `unique_indices=True`")
    return lax.mul(x, G.scatter(G.scatter_add_p, zeros_like(x), i, g, dimension_numbers,
                                indices_are_sorted=indices_are_sorted, unique_indices=unique_indices, mode=mode))


def _scatter_mul_transpose(ct: Any, operand: Any, indices: Any, updates: Any, *, dimension_numbers: _Dn,
                           indices_are_sorted: bool, unique_indices: bool, mode: _Mode) -> list[Any]:
    dn = dimension_numbers
    operand_t = update_t = None
    if type(operand) is UndefinedPrimal:
        operand_t = G.scatter(G.scatter_mul_p, ct, indices, updates, dn, indices_are_sorted=indices_are_sorted,
                              unique_indices=unique_indices, mode=mode)
    if type(updates) is UndefinedPrimal:
        if not unique_indices:
            raise NotImplementedError("scatter_mul gradients are only implemented if `unique_indices=True`")
        gather_dn, slice_sizes = inverse_gather(dn, shape_of(ct), updates.aval.shape)
        update_t = G.gather(lax.mul(ct, operand), indices, gather_dn, slice_sizes, mode=mode, fill_value=0)
    return [operand_t, None, update_t]


defjvp(G.scatter_mul_p, _scatter_mul_jvp_lhs, None, _scatter_mul_jvp_rhs)
transpose_rules[G.scatter_mul_p] = _scatter_mul_transpose


# ---------------------------------------------------------------------------------------------------------------
# scatter-min, scatter-max


def _scatter_extremal_jvp(prim: Any) -> Any:
    def jvp(primals: Sequence[Any], tangents: Sequence[Any], *, dimension_numbers: _Dn, indices_are_sorted: bool,
            unique_indices: bool, mode: _Mode) -> tuple[Any, Any]:
        operand, indices, updates = primals
        g_operand, _, g_updates = tangents
        dn = dimension_numbers
        out = prim.bind(operand, indices, updates, dimension_numbers=dn, indices_are_sorted=indices_are_sorted,
                        unique_indices=unique_indices, mode=mode)
        if type(g_operand) is Zero and type(g_updates) is Zero:
            return out, Zero(tangent_aval(aval_of(out)))
        g_operand = instantiate_zeros(g_operand)
        g_updates = instantiate_zeros(g_updates)
        gather_dn, slice_sizes = inverse_gather(dn, shape_of(operand), shape_of(updates))

        def gather(x: Any) -> Any:
            return G.gather(x, indices, gather_dn, slice_sizes, mode=None)

        def scatter_add(x: Any, u: Any) -> Any:
            return G.scatter(G.scatter_add_p, x, indices, u, dn)

        # Updates contending for one place share its tangent with the operand element if it ties: the average
        initial_vals = gather(operand)
        target_vals = gather(out)
        successful_updates = lax.eq(updates, target_vals)
        retained_values = lax.eq(initial_vals, target_vals)
        ones_u, zeros_u = full_like(updates, 1), zeros_like(updates)
        num_updates = gather(scatter_add(zeros_like(operand), select(successful_updates, ones_u, zeros_u)))
        num_refs = gather(scatter_add(zeros_like(operand), ones_u))
        # Python scalars and operators, as JAX writes them (their promotion is jax.numpy's: with x64, a weakly
        # typed float32 meets 1.0 as float64, and select refuses the mix as JAX's does)
        updates_normalizer = select(retained_values, 1.0 / (num_updates + 1), 1.0 / num_updates)
        updates_coef = select(successful_updates, updates_normalizer, zeros_u)
        operand_normalizer = select(retained_values, 1.0 / (num_updates + 1), zeros_like(num_updates))
        operand_coef = (-1.0 + operand_normalizer) / num_refs
        target_tangents = gather(g_operand)
        tangent_updates = target_tangents * operand_coef + g_updates * updates_coef
        t_out = G.scatter(G.scatter_add_p, g_operand, indices, tangent_updates, dn,
                          indices_are_sorted=indices_are_sorted, unique_indices=unique_indices, mode=mode)
        return out, t_out
    return jvp


jvp_rules[G.scatter_min_p] = _scatter_extremal_jvp(G.scatter_min_p)
jvp_rules[G.scatter_max_p] = _scatter_extremal_jvp(G.scatter_max_p)
