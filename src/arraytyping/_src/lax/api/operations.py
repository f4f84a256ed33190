"""``arraytyping.lax``'s functions over the primitives the runtime has that had no ``jax.lax`` name yet: comparisons
and the other elementwise operations (``abs``, ``eq``... ``pow``, ``real``, ``conj``, ``select_n``), the shape
operations (``reshape``, ``transpose``, ``rev``, ``squeeze``, ``expand_dims``, ``slice``, ``concatenate``,
``collapse``), array creation (``full``, ``full_like``, ``broadcasted_iota``), the reductions (``reduce_sum``...,
``argmax``, ``argmin``), the cumulative ones (``cumsum``...) and ``sort``: JAX 0.10.2's signatures, argument
handling and errors, each binding one primitive (whose rule checks dtypes and shapes as JAX's does: nothing
promotes, operands of different dtypes are JAX's ``TypeError``)."""

from __future__ import annotations

import builtins
import math
import operator
from collections.abc import Sequence
from typing import Any

import numpy as np

from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.core.array import Array
from arraytyping._src.core.avals import canonicalize_shape
from arraytyping._src.core.staging import abstractify
from arraytyping import op_rules
from arraytyping._src.lax import lax as _lax
from arraytyping._src.lax import primitives as P
from arraytyping._src.lax.api.elementwise import check_operand
from arraytyping._src.lax.api.functions import user_dtype
from arraytyping._src.lax.elementwise import clz_p
from arraytyping._src.lax.shape import concatenate_p
from arraytyping._src.lax.sorting import argmax_p, argmin_p, cummax_p, cummin_p, cumprod_p, cumsum_p, sort_p
from arraytyping.typing import DTypeLike

__all__ = ["abs", "argmax", "argmin", "broadcasted_iota", "clz", "collapse", "concatenate", "conj",
           "cummax", "cummin", "cumprod", "cumsum", "eq", "expand_dims", "full", "full_like", "ge", "gt", "imag",
           "is_finite", "le", "lt", "ne", "pow", "real", "reciprocal", "reduce_and", "reduce_max", "reduce_min",
           "reduce_or", "reduce_prod", "reduce_sum", "reshape", "rev", "select_n", "slice", "sort", "squeeze",
           "transpose"]


_SUB_BYTE_INTS = frozenset({"int1", "int2", "int4", "uint1", "uint2", "uint4"})
"""The integer dtypes narrower than a byte, which JAX's ``abs``, ``reduce_and`` and ``reduce_or`` refuse (but
``abs`` of ``int1``, which it computes in ``int8``)."""


def _canonicalize_axis(axis: int, ndim: int) -> int:
    """JAX's ``canonicalize_axis``: ``axis`` in ``[-ndim, ndim)`` as a non-negative axis, else its ``ValueError``."""
    axis = operator.index(axis)
    if not -ndim <= axis < ndim:
        raise ValueError(f"axis {axis} is out of bounds for array of dimension {ndim}")
    return axis % ndim if ndim else axis


def _bind(name: str, prim: Any, *xs: ArrayLike, **params: Any) -> AnyArray:
    check_operand(name, *xs)
    out: AnyArray = prim.bind(*xs, **params)
    return out


# ---------------------------------------------------------------------------------------------------------------
# Elementwise


def abs(x: ArrayLike) -> AnyArray:
    """Elementwise absolute value ``|x|`` (signed integer, floating and complex operands; complex gives its real
    dtype).

    Example::

        lax.abs(jnp.array([-1.5, 2.0]))   # Array([1.5, 2. ], dtype=float32)
    """
    check_operand("abs", x)
    dtype = abstractify(x).dtype
    if dtype.name in _SUB_BYTE_INTS:
        if dtype.name != "int1":
            raise TypeError(f"abs does not accept dtype {dtype.name}.")
        x = _lax.convert_element_type(_lax.asarray(x), np.dtype("int8"))  # JAX's abs of int1 is int8
    return _bind("abs", P.abs_p, x)


def eq(x: ArrayLike, y: ArrayLike) -> AnyArray:
    """Elementwise ``x == y`` of operands of one dtype, a bool array.

    Example::

        lax.eq(jnp.array([1, 2]), jnp.array([1, 3]))   # Array([ True, False], dtype=bool)
    """
    return _bind("eq", P.eq_p, x, y)


def ne(x: ArrayLike, y: ArrayLike) -> AnyArray:
    """Elementwise ``x != y`` of operands of one dtype, a bool array.

    Example::

        lax.ne(jnp.array([1, 2]), jnp.array([1, 3]))   # Array([False,  True], dtype=bool)
    """
    return _bind("ne", P.ne_p, x, y)


def lt(x: ArrayLike, y: ArrayLike) -> AnyArray:
    """Elementwise ``x < y`` of operands of one dtype (not complex), a bool array.

    Example::

        lax.lt(jnp.array([1, 2]), jnp.array([2, 2]))   # Array([ True, False], dtype=bool)
    """
    return _bind("lt", P.lt_p, x, y)


def le(x: ArrayLike, y: ArrayLike) -> AnyArray:
    """Elementwise ``x <= y`` of operands of one dtype (not complex), a bool array.

    Example::

        lax.le(jnp.array([1, 3]), jnp.array([2, 2]))   # Array([ True, False], dtype=bool)
    """
    return _bind("le", P.le_p, x, y)


def gt(x: ArrayLike, y: ArrayLike) -> AnyArray:
    """Elementwise ``x > y`` of operands of one dtype (not complex), a bool array.

    Example::

        lax.gt(jnp.array([1, 3]), jnp.array([2, 2]))   # Array([False,  True], dtype=bool)
    """
    return _bind("gt", P.gt_p, x, y)


def ge(x: ArrayLike, y: ArrayLike) -> AnyArray:
    """Elementwise ``x >= y`` of operands of one dtype (not complex), a bool array.

    Example::

        lax.ge(jnp.array([1, 2]), jnp.array([2, 2]))   # Array([False,  True], dtype=bool)
    """
    return _bind("ge", P.ge_p, x, y)


def pow(x: ArrayLike, y: ArrayLike) -> AnyArray:
    """Elementwise ``x ** y``: a floating or complex ``x`` to the power ``y`` of its dtype or of an integer dtype.

    Example::

        lax.pow(jnp.array([2.0, 3.0]), jnp.array([3, 2]))   # Array([8., 9.], dtype=float32)
    """
    return _bind("pow", P.pow_p, x, y)


def real(x: ArrayLike) -> AnyArray:
    """Elementwise real part of a complex operand (its real dtype).

    Example::

        lax.real(jnp.array([1 + 2j]))   # Array([1.], dtype=float32)
    """
    return _bind("real", P.real_p, x)


def imag(x: ArrayLike) -> AnyArray:
    """Elementwise imaginary part of a complex operand (its real dtype).

    Example::

        lax.imag(jnp.array([1 + 2j]))   # Array([2.], dtype=float32)
    """
    return _bind("imag", P.imag_p, x)


def conj(x: ArrayLike) -> AnyArray:
    """Elementwise complex conjugate (a real operand gives its complex dtype, as JAX's).

    Example::

        lax.conj(jnp.array([1 + 2j]))   # Array([1.-2.j], dtype=complex64)
    """
    check_operand("conj", x)
    out: AnyArray = P.conj_p.bind(x, input_dtype=abstractify(x).dtype)
    return out


def is_finite(x: ArrayLike) -> AnyArray:
    """Elementwise whether a floating operand is finite (neither infinite nor NaN), a bool array.

    Example::

        lax.is_finite(jnp.array([1.0, jnp.inf, jnp.nan]))   # Array([ True, False, False], dtype=bool)
    """
    return _bind("is_finite", P.is_finite_p, x)


def reciprocal(x: ArrayLike) -> AnyArray:
    """Elementwise ``1 / x`` (``integer_pow(x, -1)``: floating and complex operands).

    Example::

        lax.reciprocal(jnp.array([2.0, 4.0]))   # Array([0.5 , 0.25], dtype=float32)
    """
    return _bind("reciprocal", P.integer_pow_p, x, y=-1)


def clz(x: ArrayLike) -> AnyArray:
    """Elementwise count of leading zero bits (integer operands, its dtype).

    Example::

        lax.clz(jnp.array([1, 255], dtype=jnp.uint8))   # Array([7, 0], dtype=uint8)
    """
    return _bind("clz", clz_p, x)


def select_n(which: ArrayLike, *cases: ArrayLike) -> AnyArray:
    """``cases[which]`` elementwise: ``which`` a bool (two cases) or int32 array of the cases' shape (or a scalar),
    the cases of one dtype and shape.

    Example::

        lax.select_n(jnp.array([True, False]), jnp.array([1, 2]), jnp.array([3, 4]))   # Array([3, 2], dtype=int32)
    """
    if len(cases) == 0:
        raise ValueError("select_n() must have at least one case")
    return _bind("select_n", P.select_n_p, which, *cases)


# ---------------------------------------------------------------------------------------------------------------
# Shapes


def reshape(operand: ArrayLike, new_sizes: Sequence[int], dimensions: Sequence[int] | None = None, *,
            out_sharding: None = None) -> AnyArray:
    """``operand`` with shape ``new_sizes`` (as many elements), read in row-major order after transposing it by
    ``dimensions`` if given.

    Example::

        lax.reshape(jnp.arange(6), (2, 3)).shape   # (2, 3)
    """
    check_operand("reshape", operand)
    sizes = canonicalize_shape(new_sizes)
    shape = abstractify(operand).shape
    dims = None if dimensions is None else tuple(operator.index(d) for d in dimensions)
    same_dims = dims is None or dims == tuple(range(len(shape)))
    if all(d >= 0 for d in sizes) and math.prod(sizes) != math.prod(shape):
        raise ValueError(f"reshape total size must be unchanged, got new_sizes {sizes} (of total size "
                         f"{math.prod(sizes)}) for shape {shape} (of total size {math.prod(shape)}).")
    if shape and shape == sizes and same_dims and isinstance(operand, Array):
        return operand
    out: AnyArray = P.reshape_p.bind(operand, new_sizes=sizes, dimensions=None if same_dims else dims,
                                     sharding=out_sharding)
    return out


def transpose(operand: ArrayLike, permutation: Sequence[int]) -> AnyArray:
    """``operand`` with its axes permuted: axis ``i`` of the result is axis ``permutation[i]`` of ``operand``.

    Example::

        lax.transpose(jnp.zeros((2, 3)), (1, 0)).shape   # (3, 2)
    """
    check_operand("transpose", operand)
    perm = tuple(operator.index(d) for d in permutation)
    if perm == tuple(range(abstractify(operand).ndim)) and isinstance(operand, Array):
        return operand
    out: AnyArray = P.transpose_p.bind(operand, permutation=perm)
    return out


def rev(operand: ArrayLike, dimensions: Sequence[int]) -> AnyArray:
    """``operand`` reversed along each axis of ``dimensions``.

    Example::

        lax.rev(jnp.array([1, 2, 3]), (0,))   # Array([3, 2, 1], dtype=int32)
    """
    check_operand("rev", operand)
    dims = tuple(operator.index(d) for d in dimensions)
    ndim = abstractify(operand).ndim
    if len(set(dims)) != len(dims):
        raise TypeError(f"rev dimensions must be unique, got {dims}.")
    if not builtins.all(0 <= d < ndim for d in dims):
        raise TypeError(f"rev dimensions must all be >= 0 and < operand.ndim, got dimensions {dims} for operand "
                        f"ndim {ndim}.")
    return _bind("rev", P.rev_p, operand, dimensions=dims)


def squeeze(array: ArrayLike, dimensions: Sequence[int]) -> AnyArray:
    """``array`` without its axes ``dimensions`` (each of size 1; negative ones counted from the end).

    Example::

        lax.squeeze(jnp.zeros((1, 3, 1)), (0, -1)).shape   # (3,)
    """
    check_operand("squeeze", array)
    ndim = abstractify(array).ndim
    dims = tuple(sorted(_canonicalize_axis(d, ndim) for d in dimensions))
    shape = abstractify(array).shape
    if builtins.any(shape[d] != 1 for d in dims):
        raise ValueError(f"cannot select an axis to squeeze out which has size not equal to one, got shape={shape} "
                         f"and dimensions={dims}")
    if not dims and isinstance(array, Array):
        return array
    out: AnyArray = P.squeeze_p.bind(array, dimensions=dims)
    return out


def expand_dims(array: ArrayLike, dimensions: Sequence[int]) -> AnyArray:
    """``array`` with axes of size 1 inserted at ``dimensions`` (positions in the result; negative ones counted
    from its end).

    Example::

        lax.expand_dims(jnp.zeros(3), (0, 2)).shape   # (1, 3, 1)
    """
    check_operand("expand_dims", array)
    if len(dimensions) == 0:
        out: AnyArray = _lax.asarray(array)
        return out
    shape = list(abstractify(array).shape)
    n = len(shape) + len(dimensions)
    dims = [_canonicalize_axis(d, n) for d in dimensions]
    if len(set(dims)) != len(dims):
        raise ValueError(f"repeated axis in lax.expand_dims: {dims}")
    for d in sorted(dims):
        shape.insert(d, 1)
    out = P.broadcast_in_dim_p.bind(array, shape=tuple(shape),
                                    broadcast_dimensions=tuple(i for i in range(n) if i not in dims), sharding=None)
    return out


def slice(operand: ArrayLike, start_indices: Sequence[int], limit_indices: Sequence[int],
          strides: Sequence[int] | None = None) -> AnyArray:
    """``operand[start:limit:stride]`` along every axis (static bounds, within the shape).

    Example::

        lax.slice(jnp.arange(10), (1,), (7,), (2,))   # Array([1, 3, 5], dtype=int32)
    """
    return _bind("slice", P.slice_p, operand, start_indices=tuple(operator.index(i) for i in start_indices),
                 limit_indices=tuple(operator.index(i) for i in limit_indices),
                 strides=None if strides is None else tuple(operator.index(s) for s in strides))


def concatenate(operands: Array | Sequence[ArrayLike], dimension: int) -> AnyArray:
    """The ``operands`` (of one dtype and rank, equal sizes off ``dimension``) joined along ``dimension``.

    Example::

        lax.concatenate([jnp.zeros(2), jnp.ones(3)], 0).shape   # (5,)
    """
    ops = list(operands)
    if len(ops) == 0:
        raise ValueError("concatenate requires a non-empty sequences of arrays")
    if len(ops) == 1 and isinstance(ops[0], Array):
        return ops[0]
    return _bind("concatenate", concatenate_p, *ops, dimension=operator.index(dimension))


def collapse(operand: ArrayLike, start_dimension: int, stop_dimension: int | None = None) -> AnyArray:
    """``operand`` with its axes ``start_dimension:stop_dimension`` merged into one (a slice of its axes, as Python
    slices them).

    Example::

        lax.collapse(jnp.zeros((2, 3, 4)), 0, 2).shape   # (6, 4)
    """
    check_operand("collapse", operand)
    shape = abstractify(operand).shape
    lo, hi, _ = builtins.slice(start_dimension, stop_dimension).indices(len(shape))
    if hi < lo:
        raise ValueError(f"Invalid dimension range passed to collapse: {shape}[{start_dimension}:{stop_dimension}]")
    size = math.prod(shape[lo:hi])
    return reshape(operand, (*shape[:lo], size, *shape[hi:]))


# ---------------------------------------------------------------------------------------------------------------
# Creation


def full(shape: Sequence[int] | int, fill_value: ArrayLike, dtype: DTypeLike | None = None, *,
         sharding: None = None) -> AnyArray:
    """An array of ``shape`` filled with the scalar ``fill_value``, of ``dtype`` (default: ``fill_value``'s, weakly
    typed for a Python scalar).

    Example::

        lax.full((2, 3), 1.5)   # float32[2,3] of 1.5, weakly typed
    """
    dims = canonicalize_shape(shape)
    check_operand("full", fill_value)
    aval = abstractify(fill_value)
    if aval.shape:
        raise TypeError(f"full must be called with scalar fill_value, got fill_value.shape {aval.shape}.")
    if dtype is None:
        dt, weak = aval.dtype, aval.weak_type
    else:
        dt, weak = user_dtype(dtype), False
    value = _lax.convert_element_type(_lax.asarray(fill_value), dt, weak)
    out: AnyArray = _lax.broadcast_in_dim(value, dims, ())
    return out


def full_like(x: ArrayLike, fill_value: ArrayLike, dtype: DTypeLike | None = None,
              shape: Sequence[int] | int | None = None, sharding: None = None) -> AnyArray:
    """An array like ``x`` (its shape, or ``shape``; its dtype and weak type, or ``dtype``) filled with the scalar
    ``fill_value``.

    Example::

        lax.full_like(jnp.zeros((2,), jnp.int8), 7)   # Array([7, 7], dtype=int8)
    """
    check_operand("full_like", x)
    aval = abstractify(x)
    dims = aval.shape if shape is None else canonicalize_shape(shape)
    check_operand("full_like", fill_value)
    if abstractify(fill_value).shape:
        raise TypeError(f"full must be called with scalar fill_value, got fill_value.shape "
                        f"{abstractify(fill_value).shape}.")
    if dtype is None:
        dt, weak = aval.dtype, aval.weak_type
    else:
        dt, weak = user_dtype(dtype), False
    value = _lax.convert_element_type(_lax.asarray(fill_value), dt, weak)
    out: AnyArray = _lax.broadcast_in_dim(value, dims, ())
    return out


def broadcasted_iota(dtype: DTypeLike, shape: Sequence[int], dimension: int, *, out_sharding: None = None
                     ) -> AnyArray:
    """An array of ``shape`` whose values count ``0, 1, ...`` along axis ``dimension`` (a numeric ``dtype``).

    Example::

        lax.broadcasted_iota(jnp.int32, (2, 3), 1)   # [[0, 1, 2], [0, 1, 2]]
    """
    dt = user_dtype(dtype)
    dims = canonicalize_shape(shape)
    op_rules.lax_dtype_result("iota", dt.name)  # refuses bool (TypeError)
    dimension = operator.index(dimension)
    if not 0 <= dimension < len(dims):
        raise ValueError(f"iota dimension must be between 0 and len(shape), got dimension={dimension} for "
                         f"shape {dims}")
    out: AnyArray = P.iota_p.bind(dtype=dt, shape=dims, dimension=operator.index(dimension), sharding=out_sharding)
    return out


# ---------------------------------------------------------------------------------------------------------------
# Reductions


def _reduce(name: str, prim: Any, operand: ArrayLike, axes: Sequence[int]) -> AnyArray:
    check_operand(name, operand)
    aval = abstractify(operand)
    dims = tuple(operator.index(a) for a in axes)
    if len(set(dims)) != len(dims) or not builtins.all(0 <= a < aval.ndim for a in dims):
        raise ValueError(f"{name}: reduction axes {dims} must be unique axes of an operand of shape {aval.shape}")
    if name in ("reduce_and", "reduce_or"):
        if aval.dtype.name in _SUB_BYTE_INTS:
            raise TypeError(f"{name} does not accept dtype {aval.dtype.name}.")
        out: AnyArray = prim.bind(operand, axes=dims, out_sharding=None)
        strong: AnyArray = _lax.convert_element_type(out, aval.dtype, False)  # JAX's result is strongly typed
        return strong
    return _bind(name, prim, operand, axes=dims, out_sharding=None)


def reduce_sum(operand: ArrayLike, axes: Sequence[int], *, out_sharding: None = None) -> AnyArray:
    """The sum of ``operand`` over ``axes`` (numeric operands; its dtype, no accumulation in a wider one).

    Example::

        lax.reduce_sum(jnp.ones((2, 3)), (1,))   # Array([3., 3.], dtype=float32)
    """
    return _reduce("reduce_sum", P.reduce_sum_p, operand, axes)


def reduce_prod(operand: ArrayLike, axes: Sequence[int]) -> AnyArray:
    """The product of ``operand`` over ``axes`` (numeric operands; its dtype).

    Example::

        lax.reduce_prod(jnp.full((2,), 3.0), (0,))   # Array(9., dtype=float32)
    """
    return _reduce("reduce_prod", P.reduce_prod_p, operand, axes)


def reduce_max(operand: ArrayLike, axes: Sequence[int]) -> AnyArray:
    """The maximum of ``operand`` over ``axes`` (its dtype).

    Example::

        lax.reduce_max(jnp.array([[1, 5], [3, 2]]), (1,))   # Array([5, 3], dtype=int32)
    """
    return _reduce("reduce_max", P.reduce_max_p, operand, axes)


def reduce_min(operand: ArrayLike, axes: Sequence[int]) -> AnyArray:
    """The minimum of ``operand`` over ``axes`` (its dtype).

    Example::

        lax.reduce_min(jnp.array([[1, 5], [3, 2]]), (1,))   # Array([1, 2], dtype=int32)
    """
    return _reduce("reduce_min", P.reduce_min_p, operand, axes)


def reduce_and(operand: ArrayLike, axes: Sequence[int]) -> AnyArray:
    """The bitwise AND of ``operand`` over ``axes`` (bool and integer operands; its dtype).

    Example::

        lax.reduce_and(jnp.array([True, False]), (0,))   # Array(False, dtype=bool)
    """
    return _reduce("reduce_and", P.reduce_and_p, operand, axes)


def reduce_or(operand: ArrayLike, axes: Sequence[int]) -> AnyArray:
    """The bitwise OR of ``operand`` over ``axes`` (bool and integer operands; its dtype).

    Example::

        lax.reduce_or(jnp.array([True, False]), (0,))   # Array(True, dtype=bool)
    """
    return _reduce("reduce_or", P.reduce_or_p, operand, axes)


def argmax(operand: ArrayLike, axis: int, index_dtype: DTypeLike) -> AnyArray:
    """The index of the largest value along ``axis`` (the first of equal ones; NaN counts as largest), in the
    integer ``index_dtype``.

    Example::

        lax.argmax(jnp.array([1, 7, 3]), 0, jnp.int32)   # Array(1, dtype=int32)
    """
    return _bind("argmax", argmax_p, operand, axes=(operator.index(axis),), index_dtype=user_dtype(index_dtype))


def argmin(operand: ArrayLike, axis: int, index_dtype: DTypeLike) -> AnyArray:
    """The index of the smallest value along ``axis`` (the first of equal ones; NaN counts as smallest), in the
    integer ``index_dtype``.

    Example::

        lax.argmin(jnp.array([4, 1, 3]), 0, jnp.int32)   # Array(1, dtype=int32)
    """
    return _bind("argmin", argmin_p, operand, axes=(operator.index(axis),), index_dtype=user_dtype(index_dtype))


def _cumulative(name: str, prim: Any, operand: ArrayLike, axis: int, reverse: bool) -> AnyArray:
    return _bind(name, prim, operand, axis=operator.index(axis), reverse=bool(reverse))


def cumsum(operand: ArrayLike, axis: int = 0, reverse: bool = False) -> AnyArray:
    """The running sum along ``axis`` (from its end with ``reverse``), in ``operand``'s dtype.

    Example::

        lax.cumsum(jnp.array([1, 2, 3]))   # Array([1, 3, 6], dtype=int32)
    """
    return _cumulative("cumsum", cumsum_p, operand, axis, reverse)


def cumprod(operand: ArrayLike, axis: int = 0, reverse: bool = False) -> AnyArray:
    """The running product along ``axis`` (from its end with ``reverse``), in ``operand``'s dtype.

    Example::

        lax.cumprod(jnp.array([1, 2, 3]))   # Array([1, 2, 6], dtype=int32)
    """
    return _cumulative("cumprod", cumprod_p, operand, axis, reverse)


def cummax(operand: ArrayLike, axis: int = 0, reverse: bool = False) -> AnyArray:
    """The running maximum along ``axis`` (from its end with ``reverse``), in ``operand``'s dtype.

    Example::

        lax.cummax(jnp.array([1, 3, 2]))   # Array([1, 3, 3], dtype=int32)
    """
    return _cumulative("cummax", cummax_p, operand, axis, reverse)


def cummin(operand: ArrayLike, axis: int = 0, reverse: bool = False) -> AnyArray:
    """The running minimum along ``axis`` (from its end with ``reverse``), in ``operand``'s dtype.

    Example::

        lax.cummin(jnp.array([3, 1, 2]))   # Array([3, 1, 1], dtype=int32)
    """
    return _cumulative("cummin", cummin_p, operand, axis, reverse)


def sort(operand: Array | Sequence[Array], dimension: int = -1, is_stable: bool = True, num_keys: int = 1
         ) -> Any:
    """``operand`` sorted along ``dimension``; a sequence of arrays (of one shape) sorted together by its first
    ``num_keys`` (lexicographically), returned as a tuple.

    Example::

        lax.sort(jnp.array([3, 1, 2]))   # Array([1, 2, 3], dtype=int32)
        keys, values = lax.sort((jnp.array([3, 1]), jnp.array([10, 20])))   # values: [20, 10]
    """
    if isinstance(operand, Sequence):
        if len(operand) == 0:
            raise TypeError("Sort requires at least one operand")
        if not 1 <= num_keys <= len(operand):
            raise ValueError(f"num_keys={num_keys} must be between 1 and len(operand)={len(operand)}")
        check_operand("sort", *operand)
        dim = _canonicalize_axis(dimension, abstractify(operand[0]).ndim)
        return tuple(sort_p.bind(*operand, dimension=dim, is_stable=bool(is_stable), num_keys=num_keys))
    if num_keys != 1:
        raise ValueError(f"num_keys={num_keys} must equal 1 for a single operand.")
    check_operand("sort", operand)
    dim = _canonicalize_axis(dimension, abstractify(operand).ndim)
    return sort_p.bind(operand, dimension=dim, is_stable=bool(is_stable), num_keys=1)[0]
