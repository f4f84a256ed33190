"""JVP and transpose rules of the windowed reductions, JAX 0.10.2's (``jax/_src/lax/windowed_reductions.py``).

* ``reduce_window_sum`` is linear; its transpose is a ``reduce_window_sum`` of the cotangent padded (and dilated
  by the strides) as the transpose of a convolution's input is (JAX's ``_reduce_window_sum_transpose_rule``).
* ``reduce_window_max``/``_min``: the tangent of each window is the tangent of the element the window selects.
  JAX computes it with its ``select_and_gather_add`` primitive (a variadic ``reduce_window`` over ``(operand,
  tangent)`` pairs keeping the pair whose operand is ``>=`` (``<=``) the other, the first of tied elements) and
  transposes it with ``select_and_scatter_add``. The runtime has neither primitive: the same pairwise reduction runs
  over ``(operand, flat position)`` pairs (a variadic ``reduce_window`` of the primal, padding at position -1), and
  the tangent is a ``gather`` of those positions (filling 0 for windows of padding only), whose transpose is a
  ``scatter-add`` to the same positions: the values of JAX's rule, ties included. Unlike JAX, the VJP exists with
  window dilation too (JAX's transpose of ``select_and_gather_add`` refuses it).
* The generic ``reduce_window`` is differentiated in forward mode only, as in JAX: its JVP reduces ``(primal,
  tangent)`` pairs with the JVP of the reducer; linearizing it raises JAX's ``ValueError``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from arraytyping._src.lax import gather_scatter as G
from arraytyping._src.core import jaxpr as jx
from arraytyping._src.lax import lax
from arraytyping._src.lax import reduce as R
from arraytyping._src.lax import windowed_reductions as W
from arraytyping._src.interpreters.autodiff.ad import (
    UndefinedPrimal, Zero, defjvp, deflinear, instantiate_zeros, jvp_closed_jaxpr, jvp_flat, jvp_rules,
    linearize_rules,
)
from arraytyping._src.interpreters.batching.vmap import vmap
from arraytyping._src.interpreters.autodiff.primitives import full_like, select, shape_of
from arraytyping._src.lax.lax import aval_of
from arraytyping._src.core.staging import trace_to_jaxpr

__all__ = ["conv_vjp_lhs_padding"]

Pads = tuple[tuple[int, int], ...]


def _dilate(shape: Sequence[int], dilation: Sequence[int]) -> list[int]:
    return [0 if s == 0 else 1 + d * (s - 1) for s, d in zip(shape, dilation)]


def conv_vjp_lhs_padding(in_shape: Sequence[int], window_dimensions: Sequence[int], window_strides: Sequence[int],
                         out_shape: Sequence[int], padding: Sequence[tuple[int, int]], lhs_dilation: Sequence[int],
                         rhs_dilation: Sequence[int]) -> list[tuple[int, int]]:
    """JAX's ``_conv_general_vjp_lhs_padding``."""
    lhs_dilated = _dilate(in_shape, lhs_dilation)
    rhs_dilated = _dilate(window_dimensions, rhs_dilation)
    out_dilated = _dilate(out_shape, window_strides)
    before = [r - lo - 1 for r, (lo, _) in zip(rhs_dilated, padding)]
    after = [l + r - 1 - o - b for l, r, o, b in zip(lhs_dilated, rhs_dilated, out_dilated, before)]
    return list(zip(before, after))


# ---------------------------------------------------------------------------------------------------------------
# reduce_window_sum


def _reduce_window_sum_transpose(ct: Any, operand: Any, *, window_dimensions: tuple[int, ...],
                                 window_strides: tuple[int, ...], padding: Pads, base_dilation: tuple[int, ...],
                                 window_dilation: tuple[int, ...]) -> list[Any]:
    assert type(operand) is UndefinedPrimal
    input_shape = operand.aval.shape
    pads = conv_vjp_lhs_padding(input_shape, window_dimensions, window_strides, shape_of(ct), padding,
                                base_dilation, window_dilation)
    config = [(lo, hi, stride - 1) for (lo, hi), stride in zip(pads, window_strides)]
    padded = lax.pad(ct, full_like(ct, 0, ()), config)
    ones = (1,) * len(input_shape)
    result = W.reduce_window_sum_p.bind(padded, window_dimensions=window_dimensions, window_strides=base_dilation,
                                        padding=((0, 0),) * len(input_shape), base_dilation=ones,
                                        window_dilation=window_dilation)
    assert shape_of(result) == input_shape, (shape_of(result), input_shape)
    return [result]


deflinear(W.reduce_window_sum_p, _reduce_window_sum_transpose)


# ---------------------------------------------------------------------------------------------------------------
# reduce_window_max, reduce_window_min


def _select_max(x: tuple[Any, Any], y: tuple[Any, Any]) -> tuple[Any, Any]:
    which = lax.ge(x[0], y[0])
    return select(which, x[0], y[0]), select(which, x[1], y[1])


def _select_min(x: tuple[Any, Any], y: tuple[Any, Any]) -> tuple[Any, Any]:
    which = lax.le(x[0], y[0])
    return select(which, x[0], y[0]), select(which, x[1], y[1])


def _identity(dtype: np.dtype[Any], is_max: bool) -> Any:
    if dtype.kind in "fc" or dtype.name in ("bfloat16", "float16"):
        return np.asarray(-np.inf if is_max else np.inf).astype(dtype)
    if dtype == np.dtype(bool):
        return np.asarray(not is_max)
    import ml_dtypes  # noqa: PLC0415 - iinfo of every integer width
    info: Any = getattr(ml_dtypes, "iinfo")(dtype)
    return np.asarray(info.min if is_max else info.max).astype(dtype)


def _chooser_jvp(is_max: bool) -> Any:
    def rule(g: Any, operand: Any, *, window_dimensions: tuple[int, ...], window_strides: tuple[int, ...],
             padding: Pads, base_dilation: tuple[int, ...], window_dilation: tuple[int, ...]) -> Any:
        a = aval_of(operand)
        size = int(np.prod(a.shape))
        index_dtype = np.dtype("int32") if size < np.iinfo(np.int32).max else np.dtype("int64")
        positions = lax.reshape(lax.iota(index_dtype, (size,), 0), a.shape)
        init = lax.const(_identity(a.dtype, is_max), a.update(shape=(), weak_type=False))
        _, chosen = W.bind_reduce_window(
            (lax.convert_element_type(operand, a.dtype, False), positions),
            (init, lax.const(-1, a.update(shape=(), dtype=index_dtype, weak_type=False))),
            _select_max if is_max else _select_min, False, window_dimensions=window_dimensions,
            window_strides=window_strides, padding=padding, base_dilation=base_dilation,
            window_dilation=window_dilation)
        out_shape = shape_of(chosen)
        dn = G.GatherDimensionNumbers(offset_dims=(), collapsed_slice_dims=(0,), start_index_map=(0,))
        # JAX's select_and_gather_add keeps a weak type both ways, but its transpose with base dilation pads with a
        # strong identity (a strong cotangent); a gather's transpose is strong
        weak = aval_of(g).weak_type and all(d == 1 for d in base_dilation)
        if weak:
            g = lax.convert_element_type(g, a.dtype, False)
        flat = lax.reshape(g, (size,))
        out = G.gather(flat, lax.reshape(chosen, (*out_shape, 1)), dn, (1,), mode=G.GatherScatterMode.FILL_OR_DROP,
                       fill_value=0)
        return lax.convert_element_type(out, a.dtype, True) if weak else out
    return rule


defjvp(W.reduce_window_max_p, _chooser_jvp(True))
defjvp(W.reduce_window_min_p, _chooser_jvp(False))


# ---------------------------------------------------------------------------------------------------------------
# The generic reduce_window (forward mode only)


def _reduce_window_jvp(primals: Sequence[Any], tangents: Sequence[Any], *, jaxpr: jx.Jaxpr, consts: tuple[Any, ...],
                       **params: Any) -> tuple[list[Any], list[Any]]:
    n = len(primals) // 2
    operands, inits = primals[:n], primals[n:]
    operand_tangents, init_tangents = tangents[:n], tangents[n:]
    if not all(type(t) is Zero for t in init_tangents):
        raise TypeError("reduce_window jvp does not support non-zero init_value_tangent.")
    closed = jx.ClosedJaxpr(jaxpr, list(consts))
    jvp_reducer, _ = jvp_closed_jaxpr(closed, [True] * (2 * n), [True] * n)
    scalar_avals = list(closed.in_avals[:n])

    def reducer(*xs: Any) -> list[Any]:  # (primals, tangents) on the left, then on the right
        pl, tl, pr, tr = xs[:n], xs[n:2 * n], xs[2 * n:3 * n], xs[3 * n:]
        return jx.eval_jaxpr(jvp_reducer.jaxpr, [*pl, *pr, *tl, *tr], jvp_reducer.consts)

    staged, _ = trace_to_jaxpr(reducer, scalar_avals * 4, "reduce_window jvp comp")
    zero_inits = [full_like(i, 0, ()) for i in inits]
    outs = W.reduce_window_p.bind(*operands, *[instantiate_zeros(t) for t in operand_tangents], *inits, *zero_inits,
                                  jaxpr=staged.jaxpr, consts=tuple(staged.consts), **params)
    return list(outs[:n]), list(outs[n:])


def _reduce_window_linearize(primals: Sequence[Any], tangents: Sequence[Any], **params: Any
                             ) -> tuple[list[Any], list[Any]]:
    raise ValueError("Linearization failed to produce known values for all output primals. This is typically caused "
                     "by attempting to differentiate a function uses an operation that does not support reverse-mode "
                     "autodiff.")


jvp_rules[W.reduce_window_p] = _reduce_window_jvp
linearize_rules[W.reduce_window_p] = _reduce_window_linearize


# ---------------------------------------------------------------------------------------------------------------
# The general reduce (lax/reduce.py)


def _reduce_jvp(primals: Sequence[Any], tangents: Sequence[Any], *, computation: Any, jaxpr: jx.ClosedJaxpr,
                dimensions: tuple[int, ...]) -> tuple[list[Any], list[Any]]:
    """JAX's ``_reduce_jvp_rule``: the reduced axes moved to the front and flattened, then halved repeatedly, the
    two halves combined by the computation mapped over every other axis (a tree of reductions, whose JVP is the
    tangent, and which transposes, so ``grad`` works too)."""
    n = len(primals) // 2
    operands, inits = list(primals[:n]), list(primals[n:])
    if any(type(t) is not Zero for t in tangents[n:]):
        raise NotImplementedError("Gradient of general lax.reduce with non-zero tangents for initial values to "
                                  "reduction not implemented")
    input_shape = shape_of(operands[0])
    axes = tuple(dimensions)
    size = int(np.prod([input_shape[a] for a in axes], dtype=np.int64))
    non_axes = tuple(i for i in range(len(input_shape)) if i not in axes)
    out_shape = tuple(input_shape[i] for i in non_axes)
    new_shape = (size, *out_shape)
    permutation = (*axes, *non_axes)

    def regroup(x: Any) -> Any:
        return lax.reshape(lax.transpose(x, permutation), new_shape)

    def reducer(*xs: Any) -> list[Any]:
        return jx.eval_jaxpr(jaxpr.jaxpr, xs, jaxpr.consts)

    mapped: Any = reducer
    for _ in range(len(non_axes) + 1):
        mapped = vmap(mapped)

    def tree_reduce(*xs: Any) -> tuple[list[Any], None]:
        ys = list(xs)
        while shape_of(ys[0])[0] > 1:
            m = shape_of(ys[0])[0]
            m1 = (m + 1) // 2
            rest = [0] * (len(new_shape) - 1)
            firsts = [lax.slice(y, [0, *rest], [m1, *out_shape]) for y in ys]
            seconds = [lax.slice(y, [m1, *rest], [m, *out_shape]) for y in ys]
            if m - m1 != m1:
                config = [(0, 1, 0)] + [(0, 0, 0)] * len(out_shape)
                seconds = [lax.pad(y, i, config) for y, i in zip(seconds, inits)]
            ys = list(mapped(*firsts, *seconds))
        if shape_of(ys[0])[0] == 0:
            return [lax.broadcast_in_dim(i, out_shape, ()) for i in inits], None
        return [lax.squeeze(y, (0,)) for y in ys], None

    outs, touts, _ = jvp_flat(tree_reduce, [regroup(x) for x in operands],
                              [regroup(instantiate_zeros(t)) for t in tangents[:n]], "jvp of reduce")
    return outs, touts


jvp_rules[R.reduce_p] = _reduce_jvp
