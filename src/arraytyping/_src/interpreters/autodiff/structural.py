"""JVP and transpose rules of the structural primitives beyond :mod:`.primitives`' (joining and splitting, dynamic
slices, ``gather``/``scatter-add``, ``sort``, ``top_k``, ``argmax``/``argmin``, the cumulative reductions), each
JAX 0.10.2's.

``cumprod``/``cummax``/``cummin`` are differentiated, as in JAX, through the forward mode of a parallel prefix
scan (:func:`associative_scan`, JAX's). The other scatters are in :mod:`.scatter`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from arraytyping._src.lax import checkpoint as CK
from arraytyping._src.lax import cumulative as CU
from arraytyping._src.lax import gather_scatter as G
from arraytyping._src.lax import lax
from arraytyping._src.lax import shape as SP
from arraytyping._src.lax import slicing
from arraytyping._src.lax import sorting as S
from arraytyping._src.lax import top_k as TK
from arraytyping._src.interpreters.autodiff.ad import (
    UndefinedPrimal, Zero, defjvp_zero, deflinear, instantiate_zeros, jvp_flat, jvp_rules, tangent_aval,
    transpose_rules,
)
from arraytyping._src.interpreters.autodiff.primitives import const_like, full_like, shape_of
from arraytyping._src.lax.lax import aval_of

__all__ = ["associative_scan", "inverse_gather"]

for _p in (S.argmax_p, S.argmin_p):
    defjvp_zero(_p)


def _operand_shape(x: Any) -> tuple[int, ...]:
    return x.aval.shape if type(x) is UndefinedPrimal else shape_of(x)


# ---------------------------------------------------------------------------------------------------------------
# Joining, splitting, tiling


def _concatenate_transpose(ct: Any, *operands: Any, dimension: int) -> list[Any]:
    sizes = [_operand_shape(o)[dimension] for o in operands]
    return lax.split(ct, sizes, dimension)


def _split_transpose(cts: Sequence[Any], x: Any, *, sizes: tuple[int, ...], axis: int) -> list[Any]:
    return [lax.concatenate([instantiate_zeros(c) for c in cts], axis)]


def _stack_transpose(ct: Any, *operands: Any, axis: int) -> list[Any]:
    return lax.unstack(ct, axis)


def _unstack_transpose(cts: Sequence[Any], x: Any, *, axis: int) -> list[Any]:
    return [lax.stack([instantiate_zeros(c) for c in cts], axis)]


def _tile_transpose(ct: Any, x: Any, *, reps: tuple[int, ...]) -> list[Any]:
    if type(x) is not UndefinedPrimal:
        return [None]
    shape = x.aval.shape
    reshaped = lax.reshape(ct, tuple(k for pair in zip(reps, shape) for k in pair))
    return [lax.reduce("sum", reshaped, tuple(2 * i for i in range(len(shape))))]


def _optimization_barrier_jvp(primals: Sequence[Any], tangents: Sequence[Any]) -> tuple[Any, Any]:
    """JAX's: a barrier over the primals and one over the tangents (zeros instantiated)."""
    return (CK.optimization_barrier_p.bind(*primals),
            CK.optimization_barrier_p.bind(*[instantiate_zeros(t) for t in tangents]))


def _optimization_barrier_transpose(cts: Sequence[Any], *primals: Any) -> list[Any]:
    return list(CK.optimization_barrier_p.bind(*[instantiate_zeros(c) for c in cts]))


jvp_rules[CK.optimization_barrier_p] = _optimization_barrier_jvp
transpose_rules[CK.optimization_barrier_p] = _optimization_barrier_transpose
deflinear(SP.concatenate_p, _concatenate_transpose)
deflinear(SP.split_p, _split_transpose)
deflinear(SP.stack_p, _stack_transpose)
deflinear(SP.unstack_p, _unstack_transpose)
deflinear(SP.tile_p, _tile_transpose)


# ---------------------------------------------------------------------------------------------------------------
# Dynamic slices


def _dynamic_slice_jvp(primals: Sequence[Any], tangents: Sequence[Any], *, slice_sizes: tuple[int, ...]
                       ) -> tuple[Any, Any]:
    t = tangents[0]
    if type(t) is not Zero:
        t = slicing.dynamic_slice_p.bind(t, *primals[1:], slice_sizes=slice_sizes)
    out = slicing.dynamic_slice_p.bind(primals[0], *primals[1:], slice_sizes=slice_sizes)
    return out, (Zero(tangent_aval(aval_of(out))) if type(t) is Zero else t)


def _dynamic_slice_transpose(ct: Any, x: Any, *indices: Any, slice_sizes: tuple[int, ...]) -> list[Any]:
    a = x.aval
    zeros = lax.full(a.shape, 0, a.dtype, False)
    return [slicing.dynamic_update_slice_p.bind(zeros, ct, *indices), *([None] * len(indices))]


def _dynamic_update_slice_jvp(primals: Sequence[Any], tangents: Sequence[Any]) -> tuple[Any, Any]:
    x, update, *indices = primals
    g_x, g_update = tangents[:2]
    out = slicing.dynamic_update_slice_p.bind(x, update, *indices)
    if type(g_x) is Zero and type(g_update) is Zero:
        return out, Zero(tangent_aval(aval_of(out)))
    return out, slicing.dynamic_update_slice_p.bind(instantiate_zeros(g_x), instantiate_zeros(g_update), *indices)


def _dynamic_update_slice_transpose(ct: Any, x: Any, update: Any, *indices: Any) -> list[Any]:
    update_shape = _operand_shape(update)
    zeros = full_like(ct, 0, update_shape)
    x_t = slicing.dynamic_update_slice_p.bind(ct, zeros, *indices) if type(x) is UndefinedPrimal else None
    update_t = (slicing.dynamic_slice_p.bind(ct, *indices, slice_sizes=update_shape)
                if type(update) is UndefinedPrimal else None)
    return [x_t, update_t, *([None] * len(indices))]


jvp_rules[slicing.dynamic_slice_p] = _dynamic_slice_jvp
transpose_rules[slicing.dynamic_slice_p] = _dynamic_slice_transpose
jvp_rules[slicing.dynamic_update_slice_p] = _dynamic_update_slice_jvp
transpose_rules[slicing.dynamic_update_slice_p] = _dynamic_update_slice_transpose


# ---------------------------------------------------------------------------------------------------------------
# Gather and scatter-add


def _gather_jvp(primals: Sequence[Any], tangents: Sequence[Any], **params: Any) -> tuple[Any, Any]:
    operand, indices = primals
    out = G.gather_p.bind(operand, indices, **params)
    if type(tangents[0]) is Zero:
        return out, Zero(tangent_aval(aval_of(out)))
    return out, G.gather(tangents[0], indices, params["dimension_numbers"], params["slice_sizes"],
                         unique_indices=params["unique_indices"], indices_are_sorted=params["indices_are_sorted"],
                         mode=params["mode"], fill_value=0)


def _gather_transpose(ct: Any, operand: Any, indices: Any, *, dimension_numbers: G.GatherDimensionNumbers,
                      slice_sizes: tuple[int, ...], unique_indices: bool, indices_are_sorted: bool,
                      mode: G.GatherScatterMode, fill_value: Any) -> list[Any]:
    a = operand.aval
    zeros = lax.full(a.shape, 0, aval_of(ct).dtype, False)
    dn = dimension_numbers
    scatter_dn = G.ScatterDimensionNumbers(
        update_window_dims=dn.offset_dims, inserted_window_dims=dn.collapsed_slice_dims,
        scatter_dims_to_operand_dims=dn.start_index_map, operand_batching_dims=dn.operand_batching_dims,
        scatter_indices_batching_dims=dn.start_indices_batching_dims)
    out = G.scatter_add_p.bind(zeros, indices, ct, dimension_numbers=scatter_dn, indices_are_sorted=indices_are_sorted,
                               unique_indices=unique_indices, mode=mode)
    return [out, None]


def _scatter_addsub_jvp(prim: Any) -> Callable[..., tuple[Any, Any]]:
    """JAX's ``_scatter_addsub_jvp``: the scatter of the tangents, by the same primitive."""
    def jvp(primals: Sequence[Any], tangents: Sequence[Any], **params: Any) -> tuple[Any, Any]:
        operand, indices, updates = primals
        g_operand, _, g_updates = tangents
        out = prim.bind(operand, indices, updates, **params)
        if type(g_operand) is Zero and type(g_updates) is Zero:
            return out, Zero(tangent_aval(aval_of(out)))
        return out, prim.bind(instantiate_zeros(g_operand), indices, instantiate_zeros(g_updates), **params)
    return jvp


def inverse_gather(dn: G.ScatterDimensionNumbers, operand_shape: Sequence[int], updates_shape: Sequence[int]
                   ) -> tuple[G.GatherDimensionNumbers, list[int]]:
    """The gather that reads back what a scatter with dimension numbers ``dn`` wrote, and its slice sizes."""
    gather_dn = G.GatherDimensionNumbers(
        offset_dims=dn.update_window_dims, collapsed_slice_dims=dn.inserted_window_dims,
        start_index_map=dn.scatter_dims_to_operand_dims, operand_batching_dims=dn.operand_batching_dims,
        start_indices_batching_dims=dn.scatter_indices_batching_dims)
    slice_sizes: list[int] = []
    pos = 0
    for i in range(len(operand_shape)):
        if i in dn.inserted_window_dims or i in dn.operand_batching_dims:
            slice_sizes.append(1)
        else:
            slice_sizes.append(updates_shape[dn.update_window_dims[pos]])
            pos += 1
    return gather_dn, slice_sizes



def _scatter_add_transpose(ct: Any, operand: Any, indices: Any, updates: Any, *,
                           dimension_numbers: G.ScatterDimensionNumbers, indices_are_sorted: bool,
                           unique_indices: bool, mode: G.GatherScatterMode) -> list[Any]:
    dn = dimension_numbers
    operand_t = ct if type(operand) is UndefinedPrimal else None
    update_t = None
    if type(updates) is UndefinedPrimal:
        gather_dn, slice_sizes = inverse_gather(dn, shape_of(ct), updates.aval.shape)
        update_t = G.gather(ct, indices, gather_dn, slice_sizes, mode=mode, fill_value=0)
    return [operand_t, None, update_t]


def _scatter_sub_transpose(ct: Any, operand: Any, indices: Any, updates: Any, **params: Any) -> list[Any]:
    """JAX's ``_scatter_addsub_transpose_rule`` for ``scatter-sub``: the updates' cotangent negated."""
    operand_t, _, update_t = _scatter_add_transpose(ct, operand, indices, updates, **params)
    return [operand_t, None, None if update_t is None else lax.neg(update_t)]


jvp_rules[G.gather_p] = _gather_jvp
transpose_rules[G.gather_p] = _gather_transpose
jvp_rules[G.scatter_add_p] = _scatter_addsub_jvp(G.scatter_add_p)
transpose_rules[G.scatter_add_p] = _scatter_add_transpose
jvp_rules[G.scatter_sub_p] = _scatter_addsub_jvp(G.scatter_sub_p)
transpose_rules[G.scatter_sub_p] = _scatter_sub_transpose


# ---------------------------------------------------------------------------------------------------------------
# Sorting and selection


def _sort_jvp(primals: Sequence[Any], tangents: Sequence[Any], *, dimension: int, is_stable: bool, num_keys: int
              ) -> tuple[list[Any], list[Any]]:
    shape = shape_of(primals[0])
    index_dtype = np.dtype("int32") if shape[dimension] < np.iinfo(np.int32).max else np.dtype("int64")
    iota = lax.iota(index_dtype, shape, dimension)
    sorted_and_idx = S.sort_p.bind(*primals, iota, dimension=dimension, is_stable=is_stable, num_keys=num_keys)
    batch_dims = tuple(int(d) for d in np.delete(np.arange(len(shape)), dimension))
    dn = G.GatherDimensionNumbers(offset_dims=(), collapsed_slice_dims=(dimension,), start_index_map=(dimension,),
                                  operand_batching_dims=batch_dims, start_indices_batching_dims=batch_dims)
    idx = lax.expand_dims(sorted_and_idx[-1], (len(shape),))
    outs = list(sorted_and_idx[:-1])
    tangents_out = [Zero(tangent_aval(aval_of(o))) if type(t) is Zero else
                    G.gather(t, idx, dn, (1,) * len(shape), mode=G.GatherScatterMode.PROMISE_IN_BOUNDS)
                    for t, o in zip(tangents, outs)]
    return outs, tangents_out


def _top_k_jvp(primals: Sequence[Any], tangents: Sequence[Any], *, k: int, axis: int) -> tuple[list[Any], list[Any]]:
    (operand,), (tangent,) = primals, tangents
    values, k_idxs = TK.top_k_p.bind(operand, k=k, axis=axis)
    if type(tangent) is Zero:
        tangent_out: Any = Zero(tangent_aval(aval_of(values)))
    else:
        idx_shape = shape_of(k_idxs)
        rank = len(idx_shape)
        others = tuple(i for i in range(rank) if i != axis)
        dn = G.GatherDimensionNumbers(offset_dims=(), collapsed_slice_dims=(axis,), start_index_map=(axis,),
                                      operand_batching_dims=others, start_indices_batching_dims=others)
        tangent_out = G.gather(tangent, lax.reshape(k_idxs, (*idx_shape, 1)), dn, (1,) * rank)
    return [values, k_idxs], [tangent_out, Zero(tangent_aval(aval_of(k_idxs)))]


jvp_rules[S.sort_p] = _sort_jvp
jvp_rules[TK.top_k_p] = _top_k_jvp


def _approx_top_k_jvp(primals: Sequence[Any], tangents: Sequence[Any], **params: Any) -> tuple[list[Any], list[Any]]:
    """JAX's ``_approx_top_k_jvp``: the tangent's entries at the indices found (its ``take_along_axis``)."""
    (operand,), (tangent,) = primals, tangents
    values, idxs = TK.approx_top_k_p.bind(operand, **params)
    if type(tangent) is Zero:
        tangent_out: Any = Zero(tangent_aval(aval_of(values)))
    else:
        idx_shape = shape_of(idxs)
        rank = len(idx_shape)
        axis = params["reduction_dimension"] % rank
        others = tuple(i for i in range(rank) if i != axis)
        dn = G.GatherDimensionNumbers(offset_dims=(), collapsed_slice_dims=(axis,), start_index_map=(axis,),
                                      operand_batching_dims=others, start_indices_batching_dims=others)
        tangent_out = G.gather(tangent, lax.reshape(idxs, (*idx_shape, 1)), dn, (1,) * rank)
    return [values, idxs], [tangent_out, Zero(tangent_aval(aval_of(idxs)))]


jvp_rules[TK.approx_top_k_p] = _approx_top_k_jvp


# ---------------------------------------------------------------------------------------------------------------
# Cumulative reductions


def _cumsum(x: Any, axis: int, reverse: bool) -> Any:
    return S.cumsum_p.bind(x, axis=axis, reverse=reverse)


def _cumsum_transpose(ct: Any, x: Any, *, axis: int, reverse: bool) -> list[Any]:
    return [_cumsum(ct, axis, not reverse)]


deflinear(S.cumsum_p, _cumsum_transpose)


def _slice_in_dim(x: Any, start: int, limit: int | None, stride: int, axis: int) -> Any:
    """JAX's ``slice_in_dim`` (a negative or missing limit counts from the end)."""
    shape = shape_of(x)
    n = shape[axis]
    lim = n if limit is None else (limit + n if limit < 0 else limit)
    lo = [0] * len(shape)
    hi = list(shape)
    st = [1] * len(shape)
    lo[axis], hi[axis], st[axis] = start, lim, stride
    return lax.slice(x, lo, hi, st)


def _interleave(a: Any, b: Any, axis: int) -> Any:
    na, nb = shape_of(a)[axis], shape_of(b)[axis]
    a_pad = [(0, 0, 0)] * len(shape_of(a))
    b_pad = [(0, 0, 0)] * len(shape_of(b))
    a_pad[axis] = (0, 1 if na == nb else 0, 1)
    b_pad[axis] = (1, 0 if na == nb else 1, 1)
    op = lax.bitwise_or if aval_of(a).dtype == np.dtype(bool) else lax.add
    return op(lax.pad(a, const_like(a, 0), a_pad), lax.pad(b, const_like(b, 0), b_pad))


def associative_scan(fn: Callable[[Any, Any], Any], x: Any, reverse: bool = False, axis: int = 0) -> Any:
    """JAX's ``lax.associative_scan`` of one array: the prefix combination of ``x`` along ``axis`` by the
    associative ``fn``, as a recursion of strided slices, pads and ``fn`` (what JAX differentiates cumulative
    reductions through)."""
    if reverse:
        x = lax.rev(x, (axis,))

    def scan(elems: Any) -> Any:
        num = shape_of(elems)[axis]
        if num < 2:
            return elems
        reduced = fn(_slice_in_dim(elems, 0, -1, 2, axis), _slice_in_dim(elems, 1, None, 2, axis))
        odd = scan(reduced)
        if num % 2 == 0:
            even = fn(_slice_in_dim(odd, 0, -1, 1, axis), _slice_in_dim(elems, 2, None, 2, axis))
        else:
            even = fn(odd, _slice_in_dim(elems, 2, None, 2, axis))
        even = lax.concatenate([_slice_in_dim(elems, 0, 1, 1, axis), even], axis)
        return _interleave(even, odd, axis)

    out = scan(x)
    return lax.rev(out, (axis,)) if reverse else out


def _cumulative_jvp(combine: Callable[[Any, Any], Any]) -> Callable[..., tuple[Any, Any]]:
    def jvp(primals: Sequence[Any], tangents: Sequence[Any], *, axis: int, reverse: bool) -> tuple[Any, Any]:
        def scanned(x: Any) -> tuple[list[Any], None]:
            return [associative_scan(combine, x, reverse, axis)], None
        outs, touts, _ = jvp_flat(scanned, list(primals), list(tangents), "cumulative reduction jvp")
        return outs[0], touts[0]
    return jvp


jvp_rules[S.cumprod_p] = _cumulative_jvp(lax.mul)
jvp_rules[S.cummax_p] = _cumulative_jvp(lax.max)
jvp_rules[S.cummin_p] = _cumulative_jvp(lax.min)
jvp_rules[CU.cumlogsumexp_p] = _cumulative_jvp(CU.logaddexp)

