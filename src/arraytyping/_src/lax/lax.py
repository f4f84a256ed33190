"""Thin functions binding the primitives (``lax``-level: no promotion, no broadcasting beyond rank 0 and size 1)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from arraytyping import lattice, shape_rules
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import config
from arraytyping._src.core.array import Array
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.staging import ConstVal, abstractify
from arraytyping._src.core.trace import Tracer, find_top_trace, trace_state
from arraytyping._src.lax import gather_scatter as G
from arraytyping._src.lax import primitives as P
from arraytyping._src.lax import shape as SP
from arraytyping._src.lax import sorting as S
from arraytyping._src.lax.operand_checks import literal
from arraytyping._src.dtypes.promotion import operand_of
from arraytyping._src.xla.array_impl import device_put


def aval_of(x: Any) -> ShapedArray:
    return abstractify(x)


def add(x: Any, y: Any) -> Any: return P.add_p.bind(x, y)
def sub(x: Any, y: Any) -> Any: return P.sub_p.bind(x, y)
def mul(x: Any, y: Any) -> Any: return P.mul_p.bind(x, y)
def div(x: Any, y: Any) -> Any: return P.div_p.bind(x, y)
def rem(x: Any, y: Any) -> Any: return P.rem_p.bind(x, y)
def pow(x: Any, y: Any) -> Any: return P.pow_p.bind(x, y)
def max(x: Any, y: Any) -> Any: return P.max_p.bind(x, y)
def min(x: Any, y: Any) -> Any: return P.min_p.bind(x, y)
def bitwise_and(x: Any, y: Any) -> Any: return P.and_p.bind(x, y)
def bitwise_or(x: Any, y: Any) -> Any: return P.or_p.bind(x, y)
def bitwise_xor(x: Any, y: Any) -> Any: return P.xor_p.bind(x, y)
def shift_left(x: Any, y: Any) -> Any: return P.shift_left_p.bind(x, y)
def shift_right_logical(x: Any, y: Any) -> Any: return P.shift_right_logical_p.bind(x, y)
def shift_right_arithmetic(x: Any, y: Any) -> Any: return P.shift_right_arithmetic_p.bind(x, y)
def eq(x: Any, y: Any) -> Any: return P.eq_p.bind(x, y)
def ne(x: Any, y: Any) -> Any: return P.ne_p.bind(x, y)
def lt(x: Any, y: Any) -> Any: return P.lt_p.bind(x, y)
def le(x: Any, y: Any) -> Any: return P.le_p.bind(x, y)
def gt(x: Any, y: Any) -> Any: return P.gt_p.bind(x, y)
def ge(x: Any, y: Any) -> Any: return P.ge_p.bind(x, y)
def neg(x: Any) -> Any: return P.neg_p.bind(x)
def sign(x: Any) -> Any: return P.sign_p.bind(x)
def bitwise_not(x: Any) -> Any: return P.not_p.bind(x)
def abs(x: Any) -> Any: return P.abs_p.bind(x)
def exp(x: Any) -> Any: return P.exp_p.bind(x)
def log(x: Any) -> Any: return P.log_p.bind(x)
def sqrt(x: Any) -> Any: return P.sqrt_p.bind(x)
def sin(x: Any) -> Any: return P.sin_p.bind(x)
def cos(x: Any) -> Any: return P.cos_p.bind(x)
def tanh(x: Any) -> Any: return P.tanh_p.bind(x)
def floor(x: Any) -> Any: return P.floor_p.bind(x)
def round(x: Any, rounding_method: P.RoundingMethod = P.RoundingMethod.AWAY_FROM_ZERO) -> Any:
    return P.round_p.bind(x, rounding_method=rounding_method)
def real(x: Any) -> Any: return P.real_p.bind(x)
def imag(x: Any) -> Any: return P.imag_p.bind(x)
def integer_pow(x: Any, y: int) -> Any: return P.integer_pow_p.bind(x, y=y)


def convert_element_type(x: Any, new_dtype: np.dtype[Any], weak_type: bool = False) -> Any:
    """Convert ``x`` to ``new_dtype`` with the given weak flag; no equation when nothing changes (as in JAX)."""
    a = aval_of(x)
    weak = bool(weak_type)
    if a.dtype == new_dtype and a.weak_type == weak:
        return x
    return P.convert_element_type_p.bind(x, new_dtype=new_dtype, weak_type=weak, sharding=None)


def select_n(which: Any, *cases: Any) -> Any:
    return P.select_n_p.bind(which, *cases)


def broadcast_in_dim(x: Any, shape: tuple[int, ...], broadcast_dimensions: tuple[int, ...]) -> Any:
    """JAX's ``lax.broadcast_in_dim``: no equation for a rank-0 array to rank 0."""
    if not shape and not broadcast_dimensions and isinstance(x, Array) and not x.aval.shape:
        return x
    return P.broadcast_in_dim_p.bind(x, shape=tuple(shape), broadcast_dimensions=tuple(broadcast_dimensions),
                                     sharding=None)


def reshape(x: Any, new_sizes: tuple[int, ...], dimensions: Sequence[int] | None = None) -> Any:
    """``x`` reshaped to ``new_sizes``, after transposing by ``dimensions`` if given (JAX's ``lax.reshape``)."""
    a = aval_of(x)
    same_dims = dimensions is None or tuple(dimensions) == tuple(range(a.ndim))
    if a.shape == tuple(new_sizes) and same_dims:
        return x
    return P.reshape_p.bind(x, new_sizes=tuple(new_sizes), dimensions=None if same_dims else tuple(dimensions or ()),
                            sharding=None)


def transpose(x: Any, permutation: Sequence[int]) -> Any:
    perm = tuple(permutation)
    if perm == tuple(range(len(perm))):
        return x
    return P.transpose_p.bind(x, permutation=perm)


def squeeze(x: Any, dimensions: Sequence[int]) -> Any:
    if not dimensions:
        return x
    return P.squeeze_p.bind(x, dimensions=tuple(dimensions))


def slice(x: Any, start: Sequence[int], limit: Sequence[int], strides: Sequence[int] | None = None) -> Any:
    st = None if strides is None or all(s == 1 for s in strides) else tuple(strides)
    return P.slice_p.bind(x, start_indices=tuple(start), limit_indices=tuple(limit), strides=st)


def rev(x: Any, dimensions: Sequence[int]) -> Any:
    return P.rev_p.bind(x, dimensions=tuple(dimensions))


def reduce(kind: str, x: Any, axes: Sequence[int]) -> Any:
    prim = {"sum": P.reduce_sum_p, "prod": P.reduce_prod_p, "max": P.reduce_max_p, "min": P.reduce_min_p,
            "or": P.reduce_or_p, "and": P.reduce_and_p}[kind]
    return prim.bind(x, axes=tuple(axes), out_sharding=None)


def dot_general(x: Any, y: Any, dimension_numbers: Any, preferred_element_type: np.dtype[Any]) -> Any:
    return P.dot_general_p.bind(x, y, dimension_numbers=dimension_numbers, precision=None,
                                preferred_element_type=preferred_element_type, out_sharding=None)


def add_any(x: Any, y: Any) -> Any:
    return P.add_any_p.bind(x, y)


def iota(dtype: np.dtype[Any], shape: tuple[int, ...], dimension: int) -> Any:
    return P.iota_p.bind(dtype=dtype, shape=tuple(shape), dimension=dimension, sharding=None)


def clamp(lo: Any, x: Any, hi: Any) -> Any:
    return P.clamp_p.bind(lo, x, hi)


def stop_gradient(x: Any) -> Any:
    """``x``, a constant to differentiation; a concrete array outside any trace is returned as it is (as JAX's
    eager ``stop_gradient`` returns it), without running an identity computation."""
    if isinstance(x, Array) and not isinstance(x, Tracer) and trace_state.dynamic is None:
        return x
    return P.stop_gradient_p.bind(x)


def asarray(x: Any) -> Any:
    """JAX's ``lax.asarray``: an array as it is; a numpy value or a Python scalar as an array of its type (a Python
    scalar weakly typed, a numpy value canonicalized for x64), a constant of the current trace or on the device."""
    if isinstance(x, Array):
        return x
    trace = find_top_trace(())
    if trace is None:
        return device_put(x)
    name, weak = operand_of(x, config.x64)
    return trace.pure(const(x, ShapedArray(np.shape(x), registry.INFO[name].dtype, weak)))


def eye_mask(n: int, m: int, k: int) -> Any:
    """JAX's ``_eye`` before its conversion: ``iota0 + k == iota1`` (a bool array of shape ``(n, m)``)."""
    idx = registry.INFO[lattice.default_name("i", config.x64)].dtype  # the dtype of the offset k: the default int
    i = iota(idx, (n, m), 0)
    j = iota(idx, (n, m), 1)
    return eq(add(i, const(k, ShapedArray((), idx, False))), j)


def tri_mask(n: int, m: int, k: int) -> Any:
    """JAX's ``_tri``: ``i + k >= j`` on broadcast iotas (of the default integer dtype), a bool array of shape
    ``(n, m)``."""
    idx = registry.INFO[lattice.default_name("i", config.x64)].dtype
    i = add(iota(idx, (n, m), 0), const(k, ShapedArray((), idx, False)))
    return ge(i, iota(idx, (n, m), 1))


def const(value: Any, aval: ShapedArray) -> ConstVal:
    """A constant of type ``aval`` (a literal in jaxprs when rank 0): its own copy of ``value`` in ``aval``'s
    dtype (a conversion that overflows gives infinities silently)."""
    arr = np.asarray(value)
    if arr.dtype == aval.dtype:  # nothing to convert, so nothing can overflow
        return ConstVal(arr.copy() if arr is value else arr, aval)
    with np.errstate(over="ignore", invalid="ignore"):  # costs microseconds: only where a conversion happens
        return ConstVal(arr.astype(aval.dtype), aval)


def full(shape: tuple[int, ...], value: Any, dtype: np.dtype[Any], weak_type: bool = False) -> Any:
    """``broadcast_in_dim`` of a scalar literal, as JAX stages ``jnp.zeros``/``jnp.full``."""
    c = const(value, ShapedArray((), dtype, weak_type))
    if not shape:
        return c
    return broadcast_in_dim(c, tuple(shape), ())


def ceil(x: Any) -> Any: return P.ceil_p.bind(x)
def exp2(x: Any) -> Any: return P.exp2_p.bind(x)
def expm1(x: Any) -> Any: return P.expm1_p.bind(x)
def log1p(x: Any) -> Any: return P.log1p_p.bind(x)
def tan(x: Any) -> Any: return P.tan_p.bind(x)
def asin(x: Any) -> Any: return P.asin_p.bind(x)
def acos(x: Any) -> Any: return P.acos_p.bind(x)
def atan(x: Any) -> Any: return P.atan_p.bind(x)
def sinh(x: Any) -> Any: return P.sinh_p.bind(x)
def cosh(x: Any) -> Any: return P.cosh_p.bind(x)
def asinh(x: Any) -> Any: return P.asinh_p.bind(x)
def acosh(x: Any) -> Any: return P.acosh_p.bind(x)
def atanh(x: Any) -> Any: return P.atanh_p.bind(x)
def cbrt(x: Any) -> Any: return P.cbrt_p.bind(x)
def square(x: Any) -> Any: return P.square_p.bind(x)
def is_finite(x: Any) -> Any: return P.is_finite_p.bind(x)
def atan2(x: Any, y: Any) -> Any: return P.atan2_p.bind(x, y)
def nextafter(x: Any, y: Any) -> Any: return P.nextafter_p.bind(x, y)
def polygamma(m: Any, x: Any) -> Any: return P.polygamma_p.bind(m, x)
def complex(x: Any, y: Any) -> Any: return P.complex_p.bind(x, y)
def eq_to(x: Any, y: Any) -> Any: return P.eq_to_p.bind(x, y)
def lt_to(x: Any, y: Any) -> Any: return P.lt_to_p.bind(x, y)
def le_to(x: Any, y: Any) -> Any: return P.le_to_p.bind(x, y)


def conj(x: Any) -> Any:
    return P.conj_p.bind(x, input_dtype=aval_of(x).dtype)


def bitcast_convert_type(x: Any, new_dtype: np.dtype[Any]) -> Any:
    return P.bitcast_convert_type_p.bind(x, new_dtype=new_dtype)


def concatenate(operands: Sequence[Any], dimension: int) -> Any:
    if len(operands) == 1:
        return operands[0]
    return SP.concatenate_p.bind(*operands, dimension=dimension)


def stack(operands: Sequence[Any], axis: int) -> Any:
    return SP.stack_p.bind(*operands, axis=axis)


def unstack(x: Any, axis: int) -> list[Any]:
    return list(SP.unstack_p.bind(x, axis=axis))


def split(x: Any, sizes: Sequence[int], axis: int) -> list[Any]:
    return list(SP.split_p.bind(x, sizes=tuple(sizes), axis=axis))


def pad(x: Any, padding_value: Any, padding_config: Sequence[tuple[int, int, int]]) -> Any:
    return SP.pad_p.bind(x, padding_value, padding_config=tuple(tuple(c) for c in padding_config))


def sort(operands: Sequence[Any], dimension: int, is_stable: bool = True, num_keys: int = 1) -> list[Any]:
    return list(S.sort_p.bind(*operands, dimension=dimension, is_stable=is_stable, num_keys=num_keys))


gather = G.gather


def tile(x: Any, reps: Sequence[int]) -> Any:
    return SP.tile_p.bind(x, reps=tuple(reps))


def copy(x: Any) -> Any:
    return SP.copy_p.bind(x)


def expand_dims(x: Any, dimensions: Sequence[int]) -> Any:
    """JAX's ``lax.expand_dims``: size-1 axes inserted at ``dimensions`` (positions in the result, negative ones
    counted from its end), as one ``broadcast_in_dim``; nothing to insert gives ``x`` itself."""
    if not dimensions:
        return x
    shape = aval_of(x).shape
    n = len(shape) + len(dimensions)
    dims = [d + n if d < 0 else d for d in dimensions]
    if any(not 0 <= d < n for d in dims):
        raise ValueError(f"axis out of range for lax.expand_dims: {tuple(dimensions)} on rank {len(shape)}")
    if len(set(dims)) != len(dims):
        raise ValueError(f"repeated axis in lax.expand_dims: {tuple(dimensions)}")
    out = literal(shape_rules.expand_dims(shape, dims))
    return broadcast_in_dim(x, out, tuple(i for i in range(n) if i not in dims))


def slice_in_dim(x: Any, start: int, limit: int, axis: int) -> Any:
    """JAX's ``lax.slice_in_dim``: ``x[start:limit]`` along ``axis`` (its strides of 1 spelled out, as JAX prints
    them)."""
    shape = aval_of(x).shape
    lo = [0] * len(shape)
    hi = list(shape)
    lo[axis], hi[axis] = start, limit
    return P.slice_p.bind(x, start_indices=tuple(lo), limit_indices=tuple(hi), strides=(1,) * len(shape))
