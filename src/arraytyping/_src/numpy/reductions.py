"""Reductions over axes (``sum``, ``max``, ``mean``, ``var``, ``argmax``, the NaN-ignoring ones...) and
the cumulative ones (``cumsum``/``cumprod``, their NaN-ignoring forms, the array API's ``cumulative_sum``/
``cumulative_prod``), as JAX 0.10.2's ``jax.numpy``.

Result dtypes come from :func:`arraytyping.op_rules.reduction_result` (each function's family in
``op_rules.REDUCTION``); the bodies follow JAX's ``_reduction``: the operand converted to the computation dtype,
masked by ``where=`` with the reduction's identity, reduced by one ``reduce_*`` primitive, combined with
``initial=``, converted to the result dtype.
"""

from __future__ import annotations

import builtins
import math
import operator
from collections.abc import Callable
from typing import Any, Final, Literal, cast, overload

import numpy as np

from arraytyping import lattice, op_rules, shape_rules
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import config
from arraytyping._src.core.array import Array
from arraytyping._src.core.arraylike import refuse_sequences
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.lax import lax
from arraytyping._src.lax import sorting as S
from arraytyping._src.lax.operand_checks import literal
from arraytyping._src.numpy._promotion import (
    BOOL, ArrayLike, array_fn, as_dtype, canonical_dtype, common_dtype, dtype_kind, jitted, kind_of, operand,
    promote_args, shape_of, to_inexact_dtype, upcast_f16,
)
from arraytyping._src.numpy.binary import multiply, subtract, true_divide
from arraytyping._src.numpy.unary import RULE_ERRORS, lax_where
from arraytyping._src.xla.lowering import reduce_identity
from arraytyping.typing import DTypeLike

_AxisError: Final = np.exceptions.AxisError
"""numpy's ``AxisError`` (a ``ValueError`` and an ``IndexError``): JAX raises one or the other for an axis out of
range depending on the function, and this class is both."""


def reduction_axes(axis: Any, ndim: int, name: str) -> tuple[int, ...]:
    if axis is None:
        return tuple(range(ndim))
    axes: tuple[Any, ...] = (axis,) if isinstance(axis, int) else tuple(axis)
    out: list[int] = []
    for a in axes:
        a = operator.index(a)
        if not -ndim <= a < ndim:
            raise _AxisError(a, ndim, f"{name}: axis {a} is out of bounds for an array of dimension {ndim}")
        out.append(a % ndim)
    if len(set(out)) != len(out):
        raise ValueError(f"{name}: duplicate value in 'axis': {axis}")
    return tuple(sorted(out))


def expand_axes(x: Any, axes: tuple[int, ...]) -> Any:
    """JAX's ``lax.expand_axes``: size-1 axes inserted at ``axes`` (positions in the result), a
    ``broadcast_in_dim``."""
    if not axes:
        return x
    s = shape_of(x)
    n = len(s) + len(axes)
    axes = tuple(sorted(a % n for a in axes))
    kept = tuple(i for i in range(n) if i not in axes)
    return lax.broadcast_in_dim(x, literal(shape_rules.expand_dims(s, axes)), kept)


def _keepdims(x: Any, axes: tuple[int, ...], keepdims: bool) -> Any:
    return expand_axes(x, axes) if keepdims else x


def _rule(fn: str, a: Any, dtype: np.dtype[Any] | None = None) -> np.dtype[Any]:
    """The result dtype of reduction ``fn`` from :func:`arraytyping.op_rules.reduction_result`."""
    try:
        name, _ = op_rules.reduction_result(fn, operand(a), None if dtype is None else
                                            registry.info_of_dtype(dtype).name,  # type: ignore[union-attr]
                                            config.lattice_config)
    except RULE_ERRORS as e:
        raise type(e)(f"{e} (operand: {operand(a)[0]})") from None
    return registry.INFO[name].dtype


def _init_value(kind: str, dtype: np.dtype[Any]) -> Any:
    """JAX's ``_reduction_init_val``: the reduction's identity in ``dtype`` (the extreme finite values for floats
    without infinities and for integers)."""
    return reduce_identity(kind, ShapedArray((), dtype, False))


_BOOL_KIND: Final = {"sum": "or", "prod": "and", "max": "or", "min": "and", "or": "or", "and": "and"}
_BINARY: Final[dict[str, Callable[[Any, Any], Any]]] = {
    "sum": lax.add, "prod": lax.mul, "max": lax.max, "min": lax.min, "or": lax.bitwise_or, "and": lax.bitwise_and}


def _check_where(name: str, where: Any) -> None:
    if where is not None and operand(where)[0] != "bool":
        raise ValueError(f"arraytyping.numpy.{name}: where must be None or a boolean array; got "
                         f"dtype={operand(where)[0]}")


def reduce_axes(a: Any, name: str, kind: str, *, axis: Any, keepdims: bool, result_dtype: np.dtype[Any],
            computation: np.dtype[Any], where: Any = None, initial: Any = None, has_identity: bool = True) -> Any:
    """JAX's ``_reduction`` after its preprocessing: convert to ``computation``, mask with ``where``, reduce,
    combine with ``initial``, restore the reduced axes for ``keepdims``, convert to ``result_dtype``."""
    _check_where(name, where)
    if initial is None and not has_identity and where is not None:
        raise ValueError(f"reduction operation {name} does not have an identity, so to use a where mask one has "
                         f"to specify 'initial'")
    shape = shape_of(a)
    axes = reduction_axes(axis, len(shape), name)
    if initial is None and not has_identity and builtins.any(shape[d] < 1 for d in axes):
        raise ValueError(f"zero-size array to reduction operation {name} which has no identity")
    a = lax.convert_element_type(a, computation, False)
    if computation == BOOL:
        kind = _BOOL_KIND[kind]
    if where is not None:
        init = lax.const(_init_value(kind, computation), ShapedArray((), computation, False))
        a = _where_bcast(where, a, init)
    out = lax.reduce(kind, a, axes)
    if initial is not None:
        if shape_of(initial) != ():
            raise ValueError(f"initial value must be a scalar. Got array of shape {shape_of(initial)}")
        init_arr = lax.convert_element_type(initial, computation, False) if isinstance(initial, Array) else \
            as_dtype(initial, computation, False)
        out = _BINARY[kind](init_arr, out)
    return lax.convert_element_type(_keepdims(out, axes, keepdims), result_dtype, False)


def _where_bcast(where: Any, a: Any, init: Any) -> Any:
    """JAX's ``_where(where, a, init)`` with ``a`` and ``init`` of one dtype."""
    return lax_where(where if isinstance(where, Array) else as_dtype(where, BOOL, False), a, init)


def _cast_to_numeric(a: Any) -> Any:
    a = promote_args(a)[0]
    if kind_of(a) == "b":
        return lax.convert_element_type(a, registry.INFO["int32"].dtype, lax.aval_of(a).weak_type)
    return a


def sum_body(a: Any, where: Any = None, initial: Any = None, *, kind: str = "sum", name: str = "sum",
              axis: Any = None, keepdims: bool = False, dtype: np.dtype[Any] | None = None) -> Any:
    """``sum``/``prod``: bool accumulates as int32 (``_cast_to_numeric``), the result dtype is the rule's (or
    ``dtype``), float16/bfloat16 accumulate in float32 unless ``dtype`` is given."""
    result = _rule(name, a, dtype)
    a = _cast_to_numeric(a)
    computation = upcast_f16(result) if dtype is None and registry.INFO[
        registry.info_of_dtype(result).name].kind in "fc" else result  # type: ignore[union-attr]
    return reduce_axes(a, name, kind, axis=axis, keepdims=keepdims, result_dtype=result, computation=computation,
                   where=where, initial=initial)


def _minmax_body(a: Any, where: Any = None, initial: Any = None, *, kind: str = "max", name: str = "max",
                 axis: Any = None, keepdims: bool = False) -> Any:
    a = promote_args(a)[0]
    dtype = lax.aval_of(a).dtype
    return reduce_axes(a, name, kind, axis=axis, keepdims=keepdims, result_dtype=dtype, computation=dtype, where=where,
                   initial=initial, has_identity=False)


def _bool_body(a: Any, where: Any = None, *, kind: str = "or", name: str = "any", axis: Any = None,
               keepdims: bool = False) -> Any:
    """``any``/``all``: JAX's ``_cast_to_bool`` (a conversion; complex numbers by their real part), then ``or``
    (``and``)."""
    a = promote_args(a)[0]
    if kind_of(a) == "c":
        a = lax.real(a)
    a = lax.convert_element_type(a, BOOL, False)
    return reduce_axes(a, name, kind, axis=axis, keepdims=keepdims, result_dtype=BOOL, computation=BOOL, where=where)


_sum = array_fn(sum_body, "sum", arrays=1)
_minmax = array_fn(_minmax_body, "max", arrays=1)
_bool = array_fn(_bool_body, "any", arrays=1)


def static_axis(axis: Any) -> Any:
    if axis is None or isinstance(axis, int):
        return axis
    if isinstance(axis, Array) or np.ndim(axis) == 0:
        return operator.index(axis)
    return tuple(operator.index(a) for a in axis)


def reduction_dtype(dtype: Any, out: Any, name: str) -> np.dtype[Any] | None:
    """A reduction's ``dtype=`` as JAX's ``check_and_canonicalize_user_dtype`` reads it: Python types give the
    default dtype of their kind, other dtypes are canonicalized (x64 off: 64-bit ones truncate, with a warning).
    ``out`` must be None, as in JAX."""
    if out is not None:
        raise NotImplementedError(f"The 'out' argument to arraytyping.numpy.{name} is not supported.")
    if dtype is None:
        return None
    if isinstance(dtype, Array):
        raise ValueError(f"{name}: an array is no dtype argument; pass its .dtype instead")
    kind = _PY_TYPE_KINDS.get(dtype) if isinstance(dtype, type) else None
    if kind is not None:
        return registry.INFO[lattice.default_name(kind, config.x64)].dtype
    return canonical_dtype(dtype)


_PY_TYPE_KINDS: Final[dict[type, str]] = {bool: "b", int: "i", float: "f", complex: "c"}


def sum(a: ArrayLike, axis: Any = None, dtype: DTypeLike | None = None, out: None = None, keepdims: bool = False,
        initial: ArrayLike | None = None, where: ArrayLike | None = None, promote_integers: bool = True) -> Array:
    """The sum over ``axis`` (all axes by default); bool and narrow integers accumulate in the default integer."""
    return _sum(a, where, initial, kind="sum", name="sum", axis=static_axis(axis), keepdims=bool(keepdims),
                dtype=reduction_dtype(dtype, out, "sum"))


def prod(a: ArrayLike, axis: Any = None, dtype: DTypeLike | None = None, out: None = None, keepdims: bool = False,
         initial: ArrayLike | None = None, where: ArrayLike | None = None, promote_integers: bool = True) -> Array:
    """The product over ``axis``; bool and narrow integers accumulate in the default integer."""
    return _sum(a, where, initial, kind="prod", name="prod", axis=static_axis(axis), keepdims=bool(keepdims),
                dtype=reduction_dtype(dtype, out, "prod"))


def max(a: ArrayLike, axis: Any = None, out: None = None, keepdims: bool = False, initial: ArrayLike | None = None,
        where: ArrayLike | None = None) -> Array:
    """The maximum over ``axis`` (NaN if any element is NaN)."""
    reduction_dtype(None, out, "max")
    return _minmax(a, where, initial, kind="max", name="max", axis=static_axis(axis),
                   keepdims=bool(keepdims))


def min(a: ArrayLike, axis: Any = None, out: None = None, keepdims: bool = False, initial: ArrayLike | None = None,
        where: ArrayLike | None = None) -> Array:
    """The minimum over ``axis`` (NaN if any element is NaN)."""
    reduction_dtype(None, out, "min")
    return _minmax(a, where, initial, kind="min", name="min", axis=static_axis(axis),
                   keepdims=bool(keepdims))


def amax(a: ArrayLike, axis: Any = None, out: None = None, keepdims: bool = False, initial: ArrayLike | None = None,
         where: ArrayLike | None = None) -> Array:
    """An alias of :func:`max`."""
    return max(a, axis, out, keepdims, initial, where)


def amin(a: ArrayLike, axis: Any = None, out: None = None, keepdims: bool = False, initial: ArrayLike | None = None,
         where: ArrayLike | None = None) -> Array:
    """An alias of :func:`min`."""
    return min(a, axis, out, keepdims, initial, where)


def any(a: ArrayLike, axis: Any = None, out: None = None, keepdims: bool = False, *,
        where: ArrayLike | None = None) -> Array:
    """Whether any element along ``axis`` is true (nonzero)."""
    reduction_dtype(None, out, "any")
    return _bool(a, where, kind="or", name="any", axis=static_axis(axis),
                 keepdims=bool(keepdims))


def all(a: ArrayLike, axis: Any = None, out: None = None, keepdims: bool = False, *,
        where: ArrayLike | None = None) -> Array:
    """Whether every element along ``axis`` is true (nonzero)."""
    reduction_dtype(None, out, "all")
    return _bool(a, where, kind="and", name="all", axis=static_axis(axis),
                 keepdims=bool(keepdims))


# ---------------------------------------------------------------------------------------------------------------
# mean, var, std, average, median


def _count(a: Any, axes: tuple[int, ...], keepdims: bool, where: Any, dtype: np.dtype[Any]) -> Any:
    """JAX's ``_count``: the number of elements reduced, in ``dtype`` (a literal; with ``where``, a sum of the
    mask broadcast to ``a``'s shape)."""
    shape = shape_of(a)
    if where is None:
        return lax.const(math.prod(shape[i] for i in axes), ShapedArray((), dtype, False))
    mask = where if isinstance(where, Array) else as_dtype(where, BOOL, False)
    if shape_of(mask) != shape:
        mask = lax.broadcast_in_dim(mask, shape, tuple(range(len(shape) - len(shape_of(mask)), len(shape))))
    return sum_body(mask, axis=axes, keepdims=keepdims, dtype=dtype)


def _mean_body(a: Any, where: Any = None, *, axis: Any = None, keepdims: bool = False,
               dtype: np.dtype[Any] | None = None, name: str = "mean") -> Any:
    """JAX's ``_mean``: sum in the computation dtype (the inexact dtype of ``a``, or ``dtype``; float32 for float16
    and bfloat16), divide by the count in that dtype, convert to the result dtype."""
    a = promote_args(a)[0]
    _check_where(name, where)
    result = _rule("mean", a, dtype)
    computation = upcast_f16(result) if dtype_kind(result) in "fc" else result
    axes = reduction_axes(axis, len(shape_of(a)), name)
    total = sum_body(a, where, axis=axes, keepdims=keepdims, dtype=computation)
    return lax.convert_element_type(lax.div(total, _count(a, axes, keepdims, where, computation)), result, False)


_mean = array_fn(_mean_body, "mean", arrays=1)


def mean(a: ArrayLike, axis: Any = None, dtype: DTypeLike | None = None, out: None = None, keepdims: bool = False,
         *, where: ArrayLike | None = None) -> Array:
    """The arithmetic mean over ``axis``, in an inexact dtype."""
    return _mean(a, where, axis=static_axis(axis), keepdims=bool(keepdims),
                 dtype=reduction_dtype(dtype, out, "mean"))


def _var_types(a: Any, dtype: np.dtype[Any] | None, name: str) -> tuple[np.dtype[Any], np.dtype[Any]]:
    """JAX's ``_var_promote_types``: the computation and result dtypes (the rule's result, float32 computation for
    float16/bfloat16)."""
    result = _rule(name, a, dtype)
    if dtype is not None:
        computation = result = dtype
    else:
        computation = to_inexact_dtype(lax.aval_of(a).dtype) if kind_of(a) not in "fc" else lax.aval_of(a).dtype
    return upcast_f16(computation), result


def _var_body(a: Any, where: Any = None, mean_: Any = None, *, axis: Any = None, keepdims: bool = False,
              dtype: np.dtype[Any] | None = None, correction: float = 0, name: str = "var") -> Any:
    """JAX's ``_var``: the squared (for complex numbers ``x * conj(x)``'s real part) deviations from the mean summed
    and divided by ``count - correction``; NaN where that is not positive."""
    a = promote_args(a)[0]
    _check_where(name, where)
    computation, result = _var_types(a, dtype, name)
    original = operand(a)  # the rule's operand (``a`` becomes the computation dtype's)
    a = lax.convert_element_type(a, computation, False)
    axes = reduction_axes(axis, len(shape_of(a)), name)
    if mean_ is None:
        a_mean = _mean_body(a, where, axis=axes, keepdims=True, dtype=computation)
    else:
        a_mean = lax.convert_element_type(promote_args(mean_)[0], computation, False)
    centered = lax.sub(a, a_mean)
    if registry.INFO[registry.info_of_dtype(computation).name].kind == "c":  # type: ignore[union-attr]
        centered = lax.real(lax.mul(centered, lax.conj(centered)))
        computation = lax.aval_of(centered).dtype
    else:
        centered = lax.square(centered)
    normalizer = _count(a, axes, keepdims, where, computation)
    normalizer = lax.sub(normalizer, lax.const(correction, ShapedArray((), computation, False)))
    total = sum_body(centered, where, axis=axes, keepdims=keepdims, dtype=computation)
    out = lax.convert_element_type(lax.div(total, normalizer), result, False)
    positive = lax.gt(normalizer, lax.const(0, ShapedArray((), lax.aval_of(normalizer).dtype, False)))
    # where(positive, out, nan): the weak NaN promotes an integer dtype= result (to a weak float), as the rule says
    final, weak = op_rules.reduction_result(name, original, None if dtype is None else
                                            registry.info_of_dtype(dtype).name,  # type: ignore[union-attr]
                                            config.lattice_config)
    final_dtype = registry.INFO[final].dtype
    if final_dtype != result or weak:
        out = lax.convert_element_type(out, final_dtype, weak)
    return lax_where(positive, out, lax.const(np.nan, ShapedArray((), final_dtype, weak)))


def _bcast_to(x: Any, shape: tuple[int, ...]) -> Any:
    s = shape_of(x)
    return lax.broadcast_in_dim(x, shape, tuple(range(len(shape) - len(s), len(shape))))


_var = array_fn(_var_body, "var", arrays=1)


def _std_body(a: Any, where: Any = None, mean_: Any = None, *, axis: Any = None, keepdims: bool = False,
              dtype: np.dtype[Any] | None = None, correction: float = 0) -> Any:
    return lax.sqrt(_var_body(a, where, mean_, axis=axis, keepdims=keepdims, dtype=dtype, correction=correction,
                              name="std"))


_std = array_fn(_std_body, "std", arrays=1)


def _correction(ddof: int, correction: float | None) -> float:
    if correction is None:
        return ddof
    if ddof != 0:
        raise ValueError("ddof and correction can't be provided simultaneously.")
    return correction


def var(a: ArrayLike, axis: Any = None, dtype: DTypeLike | None = None, out: None = None, ddof: int = 0,
        keepdims: bool = False, *, where: ArrayLike | None = None, mean: ArrayLike | None = None,
        correction: int | float | None = None) -> Array:
    """The variance over ``axis`` (divided by ``n - correction``; complex numbers give their real dtype)."""
    return _var(a, where, mean, axis=static_axis(axis), keepdims=bool(keepdims),
                dtype=reduction_dtype(dtype, out, "var"), correction=_correction(ddof, correction))


def std(a: ArrayLike, axis: Any = None, dtype: DTypeLike | None = None, out: None = None, ddof: int = 0,
        keepdims: bool = False, *, where: ArrayLike | None = None, mean: ArrayLike | None = None,
        correction: int | float | None = None) -> Array:
    """The standard deviation over ``axis`` (the square root of :func:`var`)."""
    dt = reduction_dtype(dtype, out, "std")
    if dt is not None and registry.INFO[registry.info_of_dtype(dt).name].kind not in "fc":  # type: ignore[union-attr]
        raise ValueError(f"dtype argument to arraytyping.numpy.std must be inexact; got {dt}")
    return _std(a, where, mean, axis=static_axis(axis), keepdims=bool(keepdims), dtype=dt,
                correction=_correction(ddof, correction))


def _average_body(a: Any, weights: Any = None, *, axis: Any = None, returned: bool = False,
                  keepdims: bool = False) -> Any:
    """JAX's ``_average``: the mean of ``promote_dtypes_inexact(a)``, or ``sum(a * w) / sum(w)`` with weights (of
    ``a``'s shape, or of its reduced axes' shape when ``axis`` is given)."""
    shape = shape_of(a)
    axes = reduction_axes(axis, len(shape), "average")
    if weights is None:
        dtype, weak = common_dtype(a)
        a = as_dtype(a, to_inexact_dtype(dtype), weak) if not isinstance(a, Array) else \
            lax.convert_element_type(a, to_inexact_dtype(dtype), weak)
        avg = _mean_body(a, axis=axis, keepdims=keepdims)
        weights_sum = lax.full((), math.prod(shape[d] for d in axes), lax.aval_of(avg).dtype)
    else:
        dtype, weak = common_dtype(a, weights)
        dtype = to_inexact_dtype(dtype)
        a, weights = (lax.convert_element_type(v, dtype, lax.aval_of(v).weak_type and weak) if isinstance(v, Array)
                      else as_dtype(v, dtype, weak) for v in (a, weights))
        if shape_of(a) != shape_of(weights):
            if axis is None:
                raise ValueError("Axis must be specified when shapes of a and weights differ.")
            if shape_of(weights) != tuple(shape[d] for d in axes):
                raise ValueError("Shape of weights must be consistent with shape of a along specified axis.")
            new_shape = tuple(dim if i in axes else 1 for i, dim in enumerate(shape))
            weights = lax.reshape(weights, new_shape)
        weights_sum = sum_body(weights, axis=axis, keepdims=keepdims)
        avg = true_divide(sum_body(multiply(a, weights), axis=axis, keepdims=keepdims), weights_sum)
    if returned:
        if shape_of(avg) != shape_of(weights_sum):
            weights_sum = _bcast_to(weights_sum, shape_of(avg))
        return avg, weights_sum
    return avg


_average = jitted(_average_body, "average")


@overload
def average(a: ArrayLike, axis: Any = None, weights: ArrayLike | None = None, returned: Literal[False] = False,
            keepdims: bool = False) -> Array: ...
@overload
def average(a: ArrayLike, axis: Any = None, weights: ArrayLike | None = None, *, returned: Literal[True],
            keepdims: bool = False) -> tuple[Array, Array]: ...
@overload
def average(a: ArrayLike, axis: Any, weights: ArrayLike | None, returned: Literal[True],
            keepdims: bool = False) -> tuple[Array, Array]: ...
@overload
def average(a: ArrayLike, axis: Any = None, weights: ArrayLike | None = None, returned: bool = False,
            keepdims: bool = False) -> Array | tuple[Array, Array]: ...
def average(a: ArrayLike, axis: Any = None, weights: ArrayLike | None = None, returned: bool = False,
            keepdims: bool = False) -> Array | tuple[Array, Array]:
    """The (weighted) average over ``axis``; with ``returned``, also the sum of the weights."""
    return cast("Array | tuple[Array, Array]", _average(a, weights, axis=static_axis(axis),
                                                         returned=bool(returned), keepdims=bool(keepdims)))


# ---------------------------------------------------------------------------------------------------------------
# argmax, argmin, count_nonzero, ptp


def _arg_body(a: Any, *, prim: str = "argmax", axis: int | None = None, keepdims: bool = False) -> Any:
    a = promote_args(a)[0]
    shape = shape_of(a)
    if axis is None:
        dims = tuple(range(len(shape)))
        a = lax.reshape(a, (math.prod(shape),))
        ax = 0
    else:
        (ax,) = reduction_axes(axis, len(shape), prim)
        dims = (ax,)
    if shape_of(a)[ax] == 0:
        raise ValueError(f"attempt to get {prim} of an empty sequence")
    p = S.argmax_p if prim == "argmax" else S.argmin_p
    out = p.bind(a, axes=(ax,), index_dtype=_rule(prim, a))
    return expand_axes(out, dims) if keepdims else out


_arg = array_fn(_arg_body, "argmax", arrays=1)


def _argmax_flat_body(a: Any) -> Any:
    return _arg_body(a, prim="argmax")


def _argmin_flat_body(a: Any) -> Any:
    return _arg_body(a, prim="argmin")


_argmax_flat = array_fn(_argmax_flat_body, "argmax", arrays=1)
_argmin_flat = array_fn(_argmin_flat_body, "argmin", arrays=1)
"""The calls without ``axis``/``keepdims``: the jitted call's fast path (its inline cache) serves only calls without
keyword arguments."""


def argmax(a: ArrayLike, axis: int | None = None, out: None = None, keepdims: bool | None = None) -> Array:
    """The index of the maximum along ``axis`` (of the flattened array by default; the first NaN wins)."""
    if axis is None and not keepdims and out is None:
        return _argmax_flat(a)
    reduction_dtype(None, out, "argmax")
    return _arg(a, prim="argmax", axis=None if axis is None else operator.index(axis),
                keepdims=bool(keepdims))


def argmin(a: ArrayLike, axis: int | None = None, out: None = None, keepdims: bool | None = None) -> Array:
    """The index of the minimum along ``axis`` (of the flattened array by default; the first NaN wins)."""
    if axis is None and not keepdims and out is None:
        return _argmin_flat(a)
    reduction_dtype(None, out, "argmin")
    return _arg(a, prim="argmin", axis=None if axis is None else operator.index(axis),
                keepdims=bool(keepdims))


def _count_nonzero_body(a: Any, *, axis: Any = None, keepdims: bool = False) -> Any:
    a = promote_args(a)[0]
    nonzero = lax.ne(a, lax.const(0, ShapedArray((), lax.aval_of(a).dtype, False)))
    return sum_body(nonzero, axis=axis, keepdims=keepdims, dtype=_rule("count_nonzero", a))


_count_nonzero = array_fn(_count_nonzero_body, "count_nonzero", call_name="count_nonzero", arrays=1)


def count_nonzero(a: ArrayLike, axis: Any = None, keepdims: bool = False) -> Array:
    """The number of nonzero elements along ``axis`` (the default integer dtype)."""
    return _count_nonzero(a, axis=static_axis(axis), keepdims=bool(keepdims))


def _ptp_body(a: Any, *, axis: Any = None, keepdims: bool = False) -> Any:
    a = promote_args(a)[0]
    hi = _minmax_body(a, kind="max", name="max", axis=axis, keepdims=keepdims)  # a bad axis first, as in JAX
    lo = _minmax_body(a, kind="min", name="min", axis=axis, keepdims=keepdims)
    _rule("ptp", a)
    return lax.sub(hi, lo)


_ptp = array_fn(_ptp_body, "ptp", arrays=1)


def ptp(a: ArrayLike, axis: Any = None, out: None = None, keepdims: bool = False) -> Array:
    """The range (maximum minus minimum) along ``axis``."""
    reduction_dtype(None, out, "ptp")
    return _ptp(a, axis=static_axis(axis), keepdims=bool(keepdims))


# ---------------------------------------------------------------------------------------------------------------
# NaN-ignoring reductions


def _nan_masked(a: Any, kind: str) -> Any:
    """``a`` with NaNs replaced by the reduction's identity (JAX's ``_nan_reduction``)."""
    init = lax.const(_init_value(kind, lax.aval_of(a).dtype), ShapedArray((), lax.aval_of(a).dtype, False))
    return lax_where(lax.ne(a, a), init, a)


def _nansum_body(a: Any, where: Any = None, initial: Any = None, *, kind: str = "sum", axis: Any = None,
                 keepdims: bool = False, dtype: np.dtype[Any] | None = None) -> Any:
    """``nansum`` (``kind="sum"``) and ``nanprod`` (``"prod"``): NaNs replaced by the identity, then the reduction."""
    a = promote_args(a)[0]
    _check_where(f"nan{kind}", where)
    if kind_of(a) in "fc":
        a = _nan_masked(a, kind)
    _rule(f"nan{kind}", a, dtype)
    return sum_body(a, where, initial, kind=kind, name=kind, axis=axis, keepdims=keepdims, dtype=dtype)


def _nanminmax_body(a: Any, where: Any = None, initial: Any = None, *, kind: str = "max", axis: Any = None,
                    keepdims: bool = False) -> Any:
    a = promote_args(a)[0]
    name = f"nan{kind}"
    _check_where(name, where)
    if kind_of(a) not in "fc":
        return _minmax_body(a, where, initial, kind=kind, name=kind, axis=axis, keepdims=keepdims)
    out = _minmax_body(_nan_masked(a, kind), where, initial, kind=kind, name=kind, axis=axis, keepdims=keepdims)
    if initial is not None:
        return out
    all_nan = _bool_body(lax.ne(a, a), kind="and", name="all", axis=axis, keepdims=keepdims)
    return lax_where(all_nan, lax.const(np.nan, ShapedArray((), lax.aval_of(out).dtype, False)), out)


def _nanmean_body(a: Any, where: Any = None, *, axis: Any = None, keepdims: bool = False,
                  dtype: np.dtype[Any] | None = None) -> Any:
    a = promote_args(a)[0]
    _check_where("nanmean", where)
    if kind_of(a) not in "fc":
        return _mean_body(a, where, axis=axis, keepdims=keepdims, dtype=dtype, name="nanmean")
    dt = dtype if dtype is not None else to_inexact_dtype(lax.aval_of(a).dtype)
    not_nan = lax.bitwise_not(lax.ne(a, a))
    normalizer = sum_body(not_nan, where, axis=axis, keepdims=keepdims, dtype=dt)
    return lax.div(_nansum(a, where, axis=axis, keepdims=keepdims, dtype=dt), normalizer)  # a nested jit in JAX


def _nanarg_body(a: Any, *, prim: str = "argmax", axis: int | None = None, keepdims: bool = False) -> Any:
    """JAX's ``_nanargmax``/``_nanargmin``: NaNs replaced by ``-inf`` (``inf``), the index of the extreme, -1 where a
    slice is all NaN; an array that cannot hold NaN is ``argmax``'s."""
    a = promote_args(a)[0]
    _rule(f"nan{prim}", a)
    if kind_of(a) not in "fc":
        return _arg_body(a, prim=prim, axis=axis, keepdims=keepdims)
    nan_mask = lax.ne(a, a)
    res = _arg_body(lax_where(nan_mask, -np.inf if prim == "argmax" else np.inf, a), prim=prim, axis=axis,
                    keepdims=keepdims)
    return lax_where(_bool_body(nan_mask, kind="and", name="all", axis=axis, keepdims=keepdims), -1, res)


_nansum = array_fn(_nansum_body, "nansum", call_name="nansum", arrays=1)
_nanprod = array_fn(_nansum_body, "nanprod", call_name="nanprod", arrays=1)
_nanargmax = array_fn(_nanarg_body, "nanargmax", call_name="_nanargmax", arrays=1)
_nanargmin = array_fn(_nanarg_body, "nanargmin", call_name="_nanargmin", arrays=1)
_nanmax = array_fn(_nanminmax_body, "nanmax", call_name="nanmax", arrays=1)
_nanmin = array_fn(_nanminmax_body, "nanmin", call_name="nanmin", arrays=1)
_nanmean_call = array_fn(_nanmean_body, "nanmean", call_name="nanmean", arrays=1)


def _nanvar_body(a: Any, where: Any = None, mean_: Any = None, ddof: Any = 0, *, axis: Any = None,
                 keepdims: bool = False, dtype: np.dtype[Any] | None = None) -> Any:
    """JAX's ``_nanvar``: the deviations from ``nanmean`` (NaNs as zero deviations) squared and summed, divided by
    the count of non-NaN elements less ``ddof`` (NaN where that is not positive), converted to the result dtype
    last."""
    a = promote_args(a)[0]
    _check_where("nanvar", where)
    computation, result = _var_types(a, dtype, "nanvar")
    a = lax.convert_element_type(a, computation, False)
    axes = reduction_axes(axis, len(shape_of(a)), "nanvar")
    if mean_ is None:
        a_mean = _nanmean_call(a, where, axis=axes, keepdims=True, dtype=computation)
    else:
        a_mean = lax.convert_element_type(promote_args(mean_)[0], computation, False)
    is_nan = lax.ne(a, a)
    centered = lax_where(is_nan, 0, lax.sub(a, a_mean))
    if dtype_kind(lax.aval_of(centered).dtype) == "c":
        centered = lax.real(lax.mul(centered, lax.conj(centered)))
    else:
        centered = lax.square(centered)
    normalizer = sum_body(lax.bitwise_not(lax.ne(a, a)), where, axis=axes, keepdims=keepdims)
    normalizer = subtract(normalizer, ddof)  # JAX's ``normalizer - ddof``: a traced ddof promotes as an operand
    mask = lax.le(normalizer, lax.const(0, ShapedArray((), lax.aval_of(normalizer).dtype, False)))
    total = sum_body(centered, where, axis=axes, keepdims=keepdims)
    total = lax_where(mask, np.nan, total)
    divisor = lax_where(mask, 1, normalizer)
    out = lax.div(total, lax.convert_element_type(divisor, lax.aval_of(total).dtype, False))
    return lax.convert_element_type(out, result, False)


def _nanstd_body(a: Any, where: Any = None, mean_: Any = None, ddof: Any = 0, *, axis: Any = None,
                 keepdims: bool = False, dtype: np.dtype[Any] | None = None) -> Any:
    _rule("nanstd", promote_args(a)[0], dtype)
    return lax.sqrt(_nanvar(a, where, mean_, ddof, axis=axis, keepdims=keepdims, dtype=dtype))


_nanvar = array_fn(_nanvar_body, "nanvar", call_name="nanvar", arrays=1)
_nanstd = array_fn(_nanstd_body, "nanstd", call_name="nanstd", arrays=1)


def nansum(a: ArrayLike, axis: Any = None, dtype: DTypeLike | None = None, out: None = None,
           keepdims: bool = False, initial: ArrayLike | None = None, where: ArrayLike | None = None) -> Array:
    """The sum over ``axis``, NaNs counted as zero."""
    return _nansum(a, where, initial, axis=static_axis(axis), keepdims=bool(keepdims),
                   dtype=reduction_dtype(dtype, out, "nansum"))


def nanprod(a: ArrayLike, axis: Any = None, dtype: DTypeLike | None = None, out: None = None,
            keepdims: bool = False, initial: ArrayLike | None = None, where: ArrayLike | None = None) -> Array:
    """The product over ``axis``, NaNs counted as one."""
    return _nanprod(a, where, initial, kind="prod", axis=static_axis(axis), keepdims=bool(keepdims),
                    dtype=reduction_dtype(dtype, out, "nanprod"))


def nanargmax(a: ArrayLike, axis: int | None = None, out: None = None, keepdims: bool | None = None) -> Array:
    """The index of the maximum along ``axis`` ignoring NaNs (of the flattened array by default; -1 where a slice is
    all NaN)."""
    reduction_dtype(None, out, "nanargmax")
    return _nanargmax(a, prim="argmax", axis=None if axis is None else operator.index(axis),
                      keepdims=bool(keepdims))


def nanargmin(a: ArrayLike, axis: int | None = None, out: None = None, keepdims: bool | None = None) -> Array:
    """The index of the minimum along ``axis`` ignoring NaNs (of the flattened array by default; -1 where a slice is
    all NaN)."""
    reduction_dtype(None, out, "nanargmin")
    return _nanargmin(a, prim="argmin", axis=None if axis is None else operator.index(axis),
                      keepdims=bool(keepdims))


def nanmax(a: ArrayLike, axis: Any = None, out: None = None, keepdims: bool = False,
           initial: ArrayLike | None = None, where: ArrayLike | None = None) -> Array:
    """The maximum over ``axis`` ignoring NaNs (NaN where a slice is all NaN)."""
    reduction_dtype(None, out, "nanmax")
    return _nanmax(a, where, initial, kind="max", axis=static_axis(axis),
                      keepdims=bool(keepdims))


def nanmin(a: ArrayLike, axis: Any = None, out: None = None, keepdims: bool = False,
           initial: ArrayLike | None = None, where: ArrayLike | None = None) -> Array:
    """The minimum over ``axis`` ignoring NaNs (NaN where a slice is all NaN)."""
    reduction_dtype(None, out, "nanmin")
    return _nanmin(a, where, initial, kind="min", axis=static_axis(axis),
                      keepdims=bool(keepdims))


def nanmean(a: ArrayLike, axis: Any = None, dtype: DTypeLike | None = None, out: None = None,
            keepdims: bool = False, where: ArrayLike | None = None) -> Array:
    """The mean over ``axis`` of the elements that are not NaN."""
    return _nanmean_call(a, where, axis=static_axis(axis), keepdims=bool(keepdims),
                         dtype=reduction_dtype(dtype, out, "nanmean"))


# ---------------------------------------------------------------------------------------------------------------
# Cumulative reductions


def cumulative_body(a: Any, *, kind: str = "sum", axis: int | None = None,
                     dtype: np.dtype[Any] | None = None, name: str | None = None) -> Any:
    """JAX's ``_cumulative_reduction``: flattened when ``axis`` is None or ``a`` is a scalar (to JAX, a weakly typed
    value of rank 0: a Python bool, a numpy scalar or a strong rank-0 array has no axis 0 to accumulate along); bool
    accumulates in the default integer (``name``'s rule: ``cumulative_sum`` promotes narrow integers too);
    ``dtype=bool`` computes in the default integer from ``a != 0``; ``nancumsum``/``nancumprod`` replace NaNs by
    the identity first."""
    name = name or f"cum{kind}"
    a = promote_args(a)[0]
    shape = shape_of(a)
    if axis is None or (not shape and lax.aval_of(a).weak_type):
        a = lax.reshape(a, (math.prod(shape),))
    elif not shape:
        raise _AxisError(axis, 0, f"{name} of a strongly typed rank-0 {operand(a)[0]} value (a Python bool, a numpy "
                                  f"scalar or a rank-0 array) has no axis to accumulate along; pass axis=None")
    (ax,) = reduction_axes(0 if axis is None else axis, len(shape_of(a)), name)
    if name.startswith("nan"):  # JAX fills NaNs of any dtype (an integer's ``a != a`` is all False)
        a = _nan_masked(a, kind)
    result = _rule(name, a, dtype)
    if dtype is not None and dtype == BOOL:
        if kind_of(a) != "b":
            a = lax.ne(a, lax.const(0, ShapedArray((), lax.aval_of(a).dtype, lax.aval_of(a).weak_type)))
        computation = registry.INFO[lattice.default_name("i", config.x64)].dtype
    else:
        computation = result
    a = lax.convert_element_type(a, computation, False)
    prim = S.cumsum_p if kind == "sum" else S.cumprod_p
    out = prim.bind(a, axis=ax, reverse=False)
    return lax.convert_element_type(out, result, False)


_cumsum = array_fn(cumulative_body, "cumsum", call_name="cumsum", arrays=1)
_cumprod = array_fn(cumulative_body, "cumprod", call_name="cumprod", arrays=1)
_nancumsum = array_fn(cumulative_body, "nancumsum", call_name="nancumsum", arrays=1)
_nancumprod = array_fn(cumulative_body, "nancumprod", call_name="nancumprod", arrays=1)
_cumsum_with_promotion = array_fn(cumulative_body, "cumulative_sum", call_name="_cumsum_with_promotion", arrays=1)
_cumulative_prod = array_fn(cumulative_body, "cumulative_prod", arrays=1)


def cumsum(a: ArrayLike, axis: int | None = None, dtype: DTypeLike | None = None, out: None = None) -> Array:
    """The cumulative sum along ``axis`` (of the flattened array by default)."""
    return _cumsum(a, kind="sum", axis=None if axis is None else operator.index(axis),
                       dtype=reduction_dtype(dtype, out, "cumsum"))


def cumprod(a: ArrayLike, axis: int | None = None, dtype: DTypeLike | None = None, out: None = None) -> Array:
    """The cumulative product along ``axis`` (of the flattened array by default)."""
    return _cumprod(a, kind="prod", axis=None if axis is None else operator.index(axis),
                       dtype=reduction_dtype(dtype, out, "cumprod"))


def nanvar(a: ArrayLike, axis: Any = None, dtype: DTypeLike | None = None, out: None = None, ddof: int = 0,
           keepdims: bool = False, where: ArrayLike | None = None, mean: ArrayLike | None = None) -> Array:
    """The variance over ``axis`` of the elements that are not NaN (divided by their count less ``ddof``)."""
    # a ddof given is an argument of JAX's jitted nanvar (traced), the default a constant of its body
    return _nanvar(a, where, mean, *((ddof,) if ddof != 0 else ()), axis=static_axis(axis),
                   keepdims=bool(keepdims), dtype=reduction_dtype(dtype, out, "nanvar"))


def nanstd(a: ArrayLike, axis: Any = None, dtype: DTypeLike | None = None, out: None = None, ddof: int = 0,
           keepdims: bool = False, where: ArrayLike | None = None, mean: ArrayLike | None = None) -> Array:
    """The standard deviation over ``axis`` of the elements that are not NaN (the square root of :func:`nanvar`)."""
    return _nanstd(a, where, mean, *((ddof,) if ddof != 0 else ()), axis=static_axis(axis),
                   keepdims=bool(keepdims), dtype=reduction_dtype(dtype, out, "nanstd"))


def nancumsum(a: ArrayLike, axis: int | None = None, dtype: DTypeLike | None = None, out: None = None) -> Array:
    """The cumulative sum along ``axis`` (of the flattened array by default), NaNs counted as zero."""
    return _nancumsum(a, kind="sum", axis=None if axis is None else operator.index(axis),
                      dtype=reduction_dtype(dtype, out, "nancumsum"), name="nancumsum")


def nancumprod(a: ArrayLike, axis: int | None = None, dtype: DTypeLike | None = None, out: None = None) -> Array:
    """The cumulative product along ``axis`` (of the flattened array by default), NaNs counted as one."""
    return _nancumprod(a, kind="prod", axis=None if axis is None else operator.index(axis),
                       dtype=reduction_dtype(dtype, out, "nancumprod"), name="nancumprod")


def _array_api_axis(x: Any, axis: int | None, what: str) -> int:
    """The array API's cumulative ``axis``: optional for a 1-d array alone; a scalar is refused."""
    shape = shape_of(x)
    if not shape:
        raise ValueError(f"The input must be non-scalar to take a cumulative {what}, however a scalar value or "
                         f"scalar array was given.")
    if axis is None:
        if len(shape) > 1:
            raise ValueError(f"The input array has rank {len(shape)}, however axis was not set to an explicit value. "
                             f"The axis argument is only optional for one-dimensional arrays.")
        axis = 0
    (ax,) = reduction_axes(operator.index(axis), len(shape), f"cumulative_{what}")
    return ax


def _with_initial(out: Any, axis: int, value: int) -> Any:
    """``include_initial``: the identity ``value`` prepended along ``axis`` (JAX's ``lax.full`` and
    ``lax.concatenate``)."""
    s = list(shape_of(out))
    s[axis] = 1
    return lax.concatenate([lax.full(tuple(s), value, lax.aval_of(out).dtype, False), out], axis)


def cumulative_sum(x: ArrayLike, /, *, axis: int | None = None, dtype: DTypeLike | None = None,
                   include_initial: bool = False) -> Array:
    """The array API's cumulative sum along ``axis`` (required unless ``x`` is 1-d), narrow integers accumulated
    in the default integer (unlike :func:`cumsum`); with ``include_initial``, a leading zero."""
    refuse_sequences("cumulative_sum", x)
    ax = _array_api_axis(x, axis, "sum")
    out = _cumsum_with_promotion(x, kind="sum", axis=ax, dtype=reduction_dtype(dtype, None, "cumulative_sum"),
                                 name="cumulative_sum")
    return _with_initial(out, ax, 0) if include_initial else out


def cumulative_prod(x: ArrayLike, /, *, axis: int | None = None, dtype: DTypeLike | None = None,
                    include_initial: bool = False) -> Array:
    """The array API's cumulative product along ``axis`` (required unless ``x`` is 1-d), with :func:`cumprod`'s
    dtypes; with ``include_initial``, a leading one."""
    refuse_sequences("cumulative_prod", x)
    ax = _array_api_axis(x, axis, "product")
    out = _cumulative_prod(x, kind="prod", axis=ax, dtype=reduction_dtype(dtype, None, "cumulative_prod"),
                           name="cumulative_prod")
    return _with_initial(out, ax, 1) if include_initial else out
