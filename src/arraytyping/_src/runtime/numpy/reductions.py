"""Reductions over axes: ``sum``, ``prod``, ``max``, ``min``, ``any``, ``all``, ``mean``."""

from __future__ import annotations

import math
import operator
from typing import Any, Final

import numpy as np

from arraytyping import lattice, op_rules
from arraytyping._src import registry
from arraytyping._src.config import config
from arraytyping._src.runtime import lax
from arraytyping._src.runtime.array import Array
from arraytyping._src.runtime.avals import ShapedArray
from arraytyping._src.runtime.dispatch import JitFunction
from arraytyping._src.runtime.numpy._promotion import (
    BOOL, canonical_dtype, jitted, operand, promote_args, shape_of, upcast_f16,
)


def _axes(axis: Any, ndim: int, name: str) -> tuple[int, ...]:
    if axis is None:
        return tuple(range(ndim))
    axes: tuple[Any, ...] = (axis,) if isinstance(axis, int) else tuple(axis)
    out: list[int] = []
    for a in axes:
        a = operator.index(a)
        if not -ndim <= a < ndim:
            raise ValueError(f"{name}: axis {a} is out of bounds for an array of dimension {ndim}")
        out.append(a % ndim)
    if len(set(out)) != len(out):
        raise ValueError(f"{name}: repeated axis in {axis}")
    return tuple(sorted(out))


def _keepdims(x: Any, axes: tuple[int, ...], keepdims: bool) -> Any:
    """Reinsert the reduced axes as size 1 (JAX's ``lax.expand_dims``: a ``broadcast_in_dim``)."""
    if not keepdims or not axes:
        return x
    s = shape_of(x)
    n = len(s) + len(axes)
    kept = tuple(i for i in range(n) if i not in axes)
    out_shape = list(s)
    for a in axes:
        out_shape.insert(a, 1)
    return lax.broadcast_in_dim(x, tuple(out_shape), kept)


def _sum_like(kind: str, a: Any, axes: tuple[int, ...], keepdims: bool, dtype: np.dtype[Any] | None) -> Any:
    """JAX's ``_reduction`` for sum and prod: bool becomes int32 (``_cast_to_numeric``), the result dtype is
    ``op_rules.reduction_result``'s (or ``dtype``), float16/bfloat16 are summed in float32 unless ``dtype`` is
    given, and the result is converted to the result dtype."""
    name, weak = operand(a)
    if name == "bool":
        a = lax.convert_element_type(a, registry.INFO["int32"].dtype, weak)
    result_dtype = dtype
    if result_dtype is None:  # the operation's rule (op_rules), as the mypy plugin has it
        rule = op_rules.reduction_result(kind, (name, weak), None, config.lattice_config)
        result_dtype = registry.INFO[rule[0]].dtype
    computation = upcast_f16(result_dtype) if dtype is None else result_dtype
    a = lax.convert_element_type(a, computation, False)
    if computation == BOOL:  # JAX's bool_op: a sum of bools in bool is an "or", a product an "and"
        kind = "or" if kind == "sum" else "and"
    out = _keepdims(lax.reduce(kind, a, axes), axes, keepdims)
    return lax.convert_element_type(out, result_dtype, False)


def _reduction(kind: str, name: str) -> JitFunction:
    def body(a: Any, *, axis: Any = None, keepdims: bool = False, dtype: np.dtype[Any] | None = None) -> Any:
        a = promote_args(a)[0]
        shape = shape_of(a)
        axes = _axes(axis, len(shape), name)
        if kind in ("sum", "prod"):
            return _sum_like(kind, a, axes, keepdims, dtype)
        if kind in ("or", "and"):  # JAX's _cast_to_bool: a conversion, not a comparison with 0
            a = lax.convert_element_type(a, BOOL, False)
        elif 0 in [shape[i] for i in axes]:
            raise ValueError(f"{name} of an empty array has no identity; pass a non-empty array")
        else:
            a = lax.convert_element_type(a, lax.aval_of(a).dtype, False)
        return _keepdims(lax.reduce(kind, a, axes), axes, keepdims)
    body.__name__ = name
    return jitted(body, name)


_sum = _reduction("sum", "sum")
_prod = _reduction("prod", "prod")
_max = _reduction("max", "max")
_min = _reduction("min", "min")
_any = _reduction("or", "any")
_all = _reduction("and", "all")


def _static_axis(axis: Any) -> Any:
    if axis is None or isinstance(axis, int):
        return axis
    return tuple(operator.index(a) for a in axis)


def _reduction_dtype(dtype: Any, out: Any, name: str) -> np.dtype[Any] | None:
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


def sum(a: Any, axis: Any = None, dtype: Any = None, out: None = None, keepdims: bool = False) -> Any:
    return _sum(a, axis=_static_axis(axis), keepdims=bool(keepdims), dtype=_reduction_dtype(dtype, out, "sum"))


def prod(a: Any, axis: Any = None, dtype: Any = None, out: None = None, keepdims: bool = False) -> Any:
    return _prod(a, axis=_static_axis(axis), keepdims=bool(keepdims), dtype=_reduction_dtype(dtype, out, "prod"))


def max(a: Any, axis: Any = None, keepdims: bool = False) -> Any:
    return _max(a, axis=_static_axis(axis), keepdims=bool(keepdims))


def min(a: Any, axis: Any = None, keepdims: bool = False) -> Any:
    return _min(a, axis=_static_axis(axis), keepdims=bool(keepdims))


def any(a: Any, axis: Any = None, keepdims: bool = False) -> Any:
    return _any(a, axis=_static_axis(axis), keepdims=bool(keepdims))


def all(a: Any, axis: Any = None, keepdims: bool = False) -> Any:
    return _all(a, axis=_static_axis(axis), keepdims=bool(keepdims))


def _mean_body(a: Any, *, axis: Any = None, keepdims: bool = False, dtype: np.dtype[Any] | None = None) -> Any:
    """JAX's ``_mean``: sum in the result dtype (the inexact dtype of ``a``, or ``dtype``; float32 for float16 and
    bfloat16), divide by the count in that dtype, convert to the result dtype."""
    a = promote_args(a)[0]
    shape = shape_of(a)
    axes = _axes(axis, len(shape), "mean")
    result_name, _ = op_rules.reduction_result("mean", operand(a), None if dtype is None else dtype.name,
                                               config.lattice_config)
    result_dtype = registry.INFO[result_name].dtype
    computation = upcast_f16(result_dtype)
    count = math.prod(shape[i] for i in axes)
    total = _sum_like("sum", a, axes, keepdims, computation)
    out = lax.div(total, lax.const(count, ShapedArray((), computation, False)))
    return lax.convert_element_type(out, result_dtype, False)


_mean = jitted(_mean_body, "mean")


def mean(a: Any, axis: Any = None, dtype: Any = None, out: None = None, keepdims: bool = False) -> Any:
    return _mean(a, axis=_static_axis(axis), keepdims=bool(keepdims), dtype=_reduction_dtype(dtype, out, "mean"))
