"""The batching rules of the primitives of :mod:`arraytyping._src.lax.primitives` (registered in :data:`.batching.RULES` on import).

Each follows JAX 0.10.2's rule for the same primitive, down to the equations it emits (and the numpy integers it
leaves in parameters), so batched jaxprs print as JAX prints them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from arraytyping import op_rules
from arraytyping._src.dtypes import registry
from arraytyping._src.lax import lax
from arraytyping._src.lax import primitives as P
from arraytyping._src.interpreters.batching.batching import (
    bdim_at_front, broadcast, canonicalize_axis, defbroadcasting, defreducer, defvectorized, moveaxis, ndim,
    register_rule, shape,
)

__all__: list[str] = []


def _add_any_rule(axis_size: int, args: Sequence[Any], dims: Sequence[int | None]) -> tuple[Any, int | None]:
    """JAX's ``add_batched``: operands of one type, so an unbatched one is broadcast, not reshaped."""
    x, y = args
    dx, dy = dims
    if dx == dy:
        return lax.add_any(x, y), dx
    if dx is None:
        assert dy is not None
        return lax.add_any(broadcast(x, axis_size, dy), y), dy
    if dy is None:
        return lax.add_any(x, broadcast(y, axis_size, dx)), dx
    return lax.add_any(moveaxis(x, dx, dy), y), dy


register_rule(P.add_any_p, _add_any_rule)

Dims = Sequence[int | None]

for _p in (P.add_p, P.sub_p, P.mul_p, P.div_p, P.rem_p, P.pow_p, P.max_p, P.min_p, P.and_p, P.or_p, P.xor_p,
           P.shift_left_p, P.mulhi_p, P.shift_right_logical_p, P.shift_right_arithmetic_p, P.eq_p, P.ne_p, P.lt_p, P.le_p,
           P.gt_p, P.ge_p, P.eq_to_p, P.lt_to_p, P.le_to_p, P.atan2_p, P.nextafter_p, P.polygamma_p,
           P.complex_p):
    defbroadcasting(_p)

for _p in (P.neg_p, P.sign_p, P.not_p, P.exp_p, P.log_p, P.sqrt_p, P.sin_p, P.cos_p, P.tanh_p, P.floor_p,
           P.round_p, P.abs_p, P.real_p, P.imag_p, P.integer_pow_p, P.convert_element_type_p, P.stop_gradient_p,
           P.ceil_p, P.exp2_p, P.expm1_p, P.log1p_p, P.tan_p, P.asin_p, P.acos_p, P.atan_p, P.sinh_p, P.cosh_p,
           P.asinh_p, P.acosh_p, P.atanh_p, P.cbrt_p, P.square_p, P.is_finite_p, P.conj_p):
    defvectorized(_p)


def _bitcast(size: int, args: Sequence[Any], dims: Dims, *, new_dtype: Any) -> tuple[Any, Any]:
    """``bitcast_convert_type``: elementwise where the width is kept; a change of width adds or removes the last
    axis, so the batch axis goes to the front first (where it can never be that axis)."""
    (x,), (d,) = args, dims
    new_name = registry.info_of_dtype(np.dtype(new_dtype)).name  # type: ignore[union-attr]
    if op_rules.item_bits(lax.aval_of(x).name) == op_rules.item_bits(new_name):
        return P.bitcast_convert_type_p.bind(x, new_dtype=new_dtype), d
    return P.bitcast_convert_type_p.bind(bdim_at_front(x, d, size), new_dtype=new_dtype), 0


register_rule(P.bitcast_convert_type_p, _bitcast)

for _p in (P.reduce_sum_p, P.reduce_prod_p, P.reduce_max_p, P.reduce_min_p, P.reduce_or_p, P.reduce_and_p,
           P.reduce_xor_p):
    defreducer(_p)


def _select_n(size: int, args: Sequence[Any], dims: Dims) -> tuple[Any, Any]:
    which, *cases = args
    which_bdim, *case_bdims = dims
    if all(which_bdim == d for d in case_bdims):  # all batched alike
        if shape(which) == shape(cases[0]):
            return lax.select_n(which, *cases), which_bdim
        assert ndim(which) == 1 and which_bdim is not None  # a scalar selector of non-scalar cases
        which = lax.broadcast_in_dim(which, shape(cases[0]), (which_bdim,))
        return lax.select_n(which, *cases), which_bdim
    if ndim(which) == 0 and all(d is not None for d in case_bdims):
        if all(case_bdims[0] == d for d in case_bdims[1:]):
            return lax.select_n(which, *cases), case_bdims[0]
        if all(shape(cases[0]) == shape(c) for c in cases):
            bdim = case_bdims[0]
            assert bdim is not None
            others = [moveaxis(c, cd, bdim) for c, cd in zip(cases[1:], case_bdims[1:]) if cd is not None]
            return lax.select_n(which, cases[0], *others), bdim
    which = bdim_at_front(which, which_bdim, size) if shape(which) else which
    if not all(shape(c) == () for c in cases):
        cases = [bdim_at_front(c, d, size) for c, d in zip(cases, case_bdims)]
    if 0 < ndim(which) < ndim(cases[0]):
        which = lax.broadcast_in_dim(which, shape(cases[0]), (0,))
    if ndim(which) > ndim(cases[0]):
        cases = [lax.broadcast_in_dim(c, shape(which), ()) for c in cases]
    return lax.select_n(which, *cases), 0


register_rule(P.select_n_p, _select_n)


def _clamp(size: int, args: Sequence[Any], dims: Dims) -> tuple[Any, Any]:
    lo, x, hi = args
    lo_d, x_d, hi_d = dims
    if lo_d == x_d == hi_d:
        if shape(lo) == shape(x) == shape(hi) or ndim(lo) == ndim(hi) == 0:
            return lax.clamp(lo, x, hi), x_d
        if ndim(lo) == ndim(hi) == 1:
            assert lo_d is not None and hi_d is not None
            return lax.clamp(lax.broadcast_in_dim(lo, shape(x), (lo_d,)), x,
                             lax.broadcast_in_dim(hi, shape(x), (hi_d,))), x_d
    elif ndim(lo) == 0 and ndim(hi) == 0 and x_d is not None:
        return lax.clamp(lo, x, hi), x_d
    lo = bdim_at_front(lo, lo_d, size) if shape(lo) else lo
    hi = bdim_at_front(hi, hi_d, size) if shape(hi) else hi
    x = bdim_at_front(x, x_d, size) if shape(x) else x
    if ndim(lo) == 0 and ndim(x) > 0:
        lo = lax.broadcast_in_dim(lo, shape(x), ())
    if ndim(hi) == 0 and ndim(x) > 0:
        hi = lax.broadcast_in_dim(hi, shape(x), ())
    if 0 < ndim(lo) < ndim(x):
        lo = lax.broadcast_in_dim(lo, shape(x), (0,))
    if 0 < ndim(hi) < ndim(x):
        hi = lax.broadcast_in_dim(hi, shape(x), (0,))
    if ndim(lo) > ndim(x):
        x = lax.broadcast_in_dim(x, shape(lo), ())
    return lax.clamp(lo, x, hi), 0


register_rule(P.clamp_p, _clamp)


def _broadcast_in_dim(size: int, args: Sequence[Any], dims: Dims, *, shape: tuple[int, ...],
                      broadcast_dimensions: tuple[int, ...], sharding: None = None) -> tuple[Any, Any]:
    operand, = args
    bdim, = dims
    assert bdim is not None
    new_operand = moveaxis(operand, bdim, 0)
    new_dims = (0,) + tuple(np.add(1, broadcast_dimensions))  # numpy integers, as in JAX
    return lax.broadcast_in_dim(new_operand, (_shape_of(operand)[bdim],) + tuple(shape), new_dims), 0


def _shape_of(x: Any) -> tuple[int, ...]:
    return shape(x)


register_rule(P.broadcast_in_dim_p, _broadcast_in_dim)


def _reshape(size: int, args: Sequence[Any], dims: Dims, *, new_sizes: tuple[int, ...],
             dimensions: tuple[int, ...] | None = None, sharding: None = None) -> tuple[Any, Any]:
    """The batch axis first, kept first by the transposition ``dimensions`` (``ravel(order='F')``) too."""
    operand, = args
    bdim, = dims
    assert bdim is not None
    operand = moveaxis(operand, bdim, 0)
    perm = None if dimensions is None else (0, *(d + 1 for d in dimensions))
    return lax.reshape(operand, shape(operand)[:1] + tuple(new_sizes), perm), 0


register_rule(P.reshape_p, _reshape)


def _squeeze(size: int, args: Sequence[Any], dims: Dims, *, dimensions: tuple[int, ...]) -> tuple[Any, Any]:
    operand, = args
    bdim, = dims
    assert bdim is not None
    operand = moveaxis(operand, bdim, 0)
    new_dims = tuple(sorted(canonicalize_axis(int(d), ndim(operand)) for d in np.add(1, dimensions)))
    return lax.squeeze(operand, new_dims), 0


register_rule(P.squeeze_p, _squeeze)


def _transpose(size: int, args: Sequence[Any], dims: Dims, *, permutation: tuple[int, ...]) -> tuple[Any, Any]:
    operand, = args
    bdim, = dims
    assert bdim is not None
    perm = (bdim,) + tuple(i if i < bdim else i + 1 for i in permutation)
    return lax.transpose(operand, perm), 0


register_rule(P.transpose_p, _transpose)


def _slice(size: int, args: Sequence[Any], dims: Dims, *, start_indices: tuple[int, ...],
           limit_indices: tuple[int, ...], strides: tuple[int, ...] | None) -> tuple[Any, Any]:
    operand, = args
    bdim, = dims
    assert bdim is not None
    start, limit = list(start_indices), list(limit_indices)
    start.insert(bdim, 0)
    limit.insert(bdim, shape(operand)[bdim])
    new_strides: list[int] | None = None
    if strides is not None:
        new_strides = list(strides)
        new_strides.insert(bdim, 1)
    return P.slice_p.bind(operand, start_indices=tuple(start), limit_indices=tuple(limit),
                          strides=None if new_strides is None else tuple(new_strides)), bdim


register_rule(P.slice_p, _slice)


def _rev(size: int, args: Sequence[Any], dims: Dims, *, dimensions: tuple[int, ...]) -> tuple[Any, Any]:
    operand, = args
    bdim, = dims
    assert bdim is not None
    return lax.rev(operand, [i + 1 if i >= bdim else i for i in dimensions]), bdim


register_rule(P.rev_p, _rev)


def _bump(dims: Sequence[int], b: int) -> tuple[int, ...]:
    return tuple(int(d) for d in np.add(dims, np.greater_equal(dims, b)))


def _dot_general(size: int, args: Sequence[Any], dims: Dims, *, dimension_numbers: Any, precision: None = None,
                 preferred_element_type: np.dtype[Any], out_sharding: None = None) -> tuple[Any, Any]:
    lhs, rhs = args
    lbd, rbd = dims
    (lc, rc), (lb, rb) = dimension_numbers
    if lbd is not None and rbd is not None:  # the mapped axes become a new leading batch dimension
        lb, rb = (lbd,) + _bump(lb, lbd), (rbd,) + _bump(rb, rbd)
        lc, rc = _bump(lc, lbd), _bump(rc, rbd)
        out_dim = 0
    elif lbd is not None:  # a new free dimension of the left operand
        lhs_free = [d for d in range(ndim(lhs)) if d not in lb and d not in lc]
        out_dim = len(lb) + int(np.sum(np.less(lhs_free, lbd)))
        lb, lc = _bump(lb, lbd), _bump(lc, lbd)
    else:
        assert rbd is not None
        rhs_free = [d for d in range(ndim(rhs)) if d not in rb and d not in rc]
        out_dim = ndim(lhs) - len(lc) + int(np.sum(np.less(rhs_free, rbd)))
        rb, rc = _bump(rb, rbd), _bump(rc, rbd)
    dn = ((tuple(lc), tuple(rc)), (tuple(lb), tuple(rb)))
    return lax.dot_general(lhs, rhs, dn, preferred_element_type), out_dim


register_rule(P.dot_general_p, _dot_general)

