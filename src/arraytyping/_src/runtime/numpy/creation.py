"""Array creation: ``asarray``/``array``, ``astype``, ``full``/``zeros``/``ones`` and their ``_like`` forms,
``arange`` and ``linspace``."""

from __future__ import annotations

import builtins
import operator
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from arraytyping import lattice
from arraytyping._src import registry
from arraytyping._src.config import config
from arraytyping._src.promotion import result_type
from arraytyping._src.runtime import lax
from arraytyping._src.runtime.array import Array
from arraytyping._src.runtime.array_impl import check_python_int, device_put
from arraytyping._src.runtime.avals import SEQUENCE_TYPES, ShapedArray
from arraytyping._src.runtime.core import Tracer, trace_state
from arraytyping._src.runtime.numpy._promotion import (
    as_dtype, canonical_dtype, in_trace, jitted, operand, shape_of, to_inexact_dtype, traced_const,
)
from arraytyping._src.runtime.numpy.shape import broadcast_to
from arraytyping._src.runtime.tracing import ConstVal


def _astype(x: Any, *, dtype: np.dtype[Any]) -> Any:
    if isinstance(x, Array):
        return lax.convert_element_type(x, dtype, False)
    return as_dtype(x, dtype, False)


_astype_jit = jitted(_astype, "astype")


def astype(x: Any, dtype: Any) -> Any:
    """``x`` converted to ``dtype`` (canonicalized for x64, strongly typed)."""
    return _astype_jit(x, dtype=canonical_dtype(dtype))


def asarray(a: Any, dtype: Any = None, copy: bool | None = None) -> Any:
    """An array from ``a`` (array, numpy value, Python scalar or nested list). Python scalars are weakly typed
    unless ``dtype`` is given; numpy values keep their dtype, canonicalized for x64."""
    if dtype is not None:
        dt = canonical_dtype(dtype)
        if isinstance(a, Array):
            return astype(a, dt)
        if isinstance(a, SEQUENCE_TYPES) and builtins.any(isinstance(v, Array) for v in _flat(a)):
            a = np.asarray([np.asarray(v) for v in _items(a)]) if not in_trace() else a
        host = _host(a, dt)
        if in_trace():
            return traced_const(host, ShapedArray(host.shape, dt, False))
        return device_put(host)
    if isinstance(a, Array):
        return a
    if isinstance(a, SEQUENCE_TYPES):
        if builtins.any(isinstance(v, Tracer) for v in _flat(a)):
            raise TypeError("asarray of a list containing traced values is not supported; stack them with "
                            "reshape/concatenation of arrays instead")
        items = _items(a)
        host_seq: np.ndarray[Any, Any] = np.asarray([np.asarray(v) if isinstance(v, Array) else v for v in items]) \
            if builtins.any(isinstance(v, Array) for v in items) else np.asarray(a)
        a = host_seq
        if host_seq.dtype == object:
            raise TypeError("asarray: the nested sequence is ragged or holds objects that are not numbers")
    if in_trace():
        name, weak = operand(a)
        host = _host(a, registry.INFO[name].dtype)
        return traced_const(host, ShapedArray(host.shape, host.dtype, weak))
    return device_put(a)


def _items(a: Any) -> Sequence[Any]:
    """The items of a list or tuple, typed ``Any``."""
    items: Sequence[Any] = a
    return items


def _flat(a: Any) -> list[Any]:
    out: list[Any] = []
    for v in _items(a):
        out.extend(_flat(v) if isinstance(v, (list, tuple)) else [v])
    return out


def _host(a: Any, dtype: np.dtype[Any]) -> np.ndarray[Any, Any]:
    if type(a) is int:
        check_python_int(a)
    with np.errstate(over="ignore", invalid="ignore"):
        return np.asarray(a).astype(dtype)


def array(a: Any, dtype: Any = None, copy: bool = True) -> Any:
    """Like :func:`asarray` (arrays are immutable, so no copy is ever needed)."""
    return asarray(a, dtype=dtype)


def _shape_arg(shape: Any) -> tuple[int, ...]:
    dims = (operator.index(shape),) if not isinstance(shape, SEQUENCE_TYPES) else tuple(map(operator.index, shape))
    if builtins.any(d < 0 for d in dims):
        raise ValueError(f"negative dimensions are not allowed: {dims}")
    return dims


def _default_float() -> np.dtype[Any]:
    return registry.INFO[lattice.default_name("f", config.x64)].dtype


def full(shape: Any, fill_value: Any, dtype: Any = None) -> Any:
    """An array of ``shape`` filled with ``fill_value`` (dtype: given, else that of ``fill_value``, strong)."""
    if dtype is None:
        name, _ = operand(fill_value)
        dt = registry.INFO[name].dtype
    else:
        dt = canonical_dtype(dtype)
    return _full(shape, fill_value, dt, False)


def _full(shape: Any, fill_value: Any, dt: np.dtype[Any], weak: bool) -> Any:
    dims = _shape_arg(shape)
    if isinstance(fill_value, Tracer) or (trace_state.dynamic is not None):
        if isinstance(fill_value, Array):
            return broadcast_to(lax.convert_element_type(fill_value, dt, weak), dims)
        out = lax.full(dims, _host(fill_value, dt), dt, weak)
        return traced_const(out.val, out.aval) if isinstance(out, ConstVal) else out
    value = np.asarray(fill_value) if isinstance(fill_value, Array) else fill_value
    out = device_put(np.full(dims, _host(value, dt), dtype=dt))
    return lax.convert_element_type(out, dt, True) if weak else out


def zeros(shape: Any, dtype: Any = None) -> Any:
    return full(shape, 0, _default_float() if dtype is None else dtype)


def ones(shape: Any, dtype: Any = None) -> Any:
    return full(shape, 1, _default_float() if dtype is None else dtype)


def full_like(a: Any, fill_value: Any, dtype: Any = None, shape: Any = None) -> Any:
    """An array of ``a``'s shape (or ``shape``) filled with ``fill_value``: of ``dtype`` (strong) if given, else of
    ``a``'s dtype and weak flag, as JAX's ``lax.full_like``."""
    name, weak = operand(a)
    if dtype is not None:
        return full(shape_of(a) if shape is None else shape, fill_value, dtype)
    return _full(shape_of(a) if shape is None else shape, fill_value, registry.INFO[name].dtype, weak)


def zeros_like(a: Any, dtype: Any = None, shape: Any = None) -> Any:
    return full_like(a, 0, dtype, shape)


def ones_like(a: Any, dtype: Any = None, shape: Any = None) -> Any:
    return full_like(a, 1, dtype, shape)


_np_arange: Callable[..., np.ndarray[Any, Any]] = np.arange
"""``numpy.arange`` with bounds of any type (its overloads resolve to an unknown type for ``Any`` bounds)."""


def arange(start: Any, stop: Any = None, step: Any = None, dtype: Any = None) -> Any:
    """Evenly spaced values in ``[start, stop)`` (static bounds). Integers give the default int dtype."""
    for v in (start, stop, step):
        if isinstance(v, Tracer):
            raise TypeError("arange bounds must be static Python numbers, got a traced value")
    if stop is None:
        start, stop = 0, start
    if step is None:
        step = 1
    vals = [v for v in (start, stop, step)]
    if dtype is None:
        dt = result_type(*[np.asarray(v).item() if isinstance(v, Array) else v for v in vals])
    else:
        dt = canonical_dtype(dtype)
    bounds: list[Any] = [np.asarray(v).item() if isinstance(v, Array) else v for v in vals]
    host = _np_arange(*bounds).astype(dt)
    if trace_state.dynamic is not None:
        n = host.shape[0]
        out = lax.iota(dt, (n,), 0)
        if step != 1:
            out = lax.mul(out, lax.const(step, ShapedArray((), dt, False)))
        if start != 0:
            out = lax.add(out, lax.const(start, ShapedArray((), dt, False)))
        return out
    return device_put(host)


def linspace(start: Any, stop: Any, num: int = 50, endpoint: bool = True, retstep: bool = False,
             dtype: Any = None, axis: int = 0) -> Any:
    """``num`` evenly spaced values from ``start`` to ``stop`` (static scalar bounds; default float dtype). With
    ``retstep``, also the step: a rank-0 array of the inexact computation dtype (``dtype``, made inexact as JAX's
    ``to_inexact_dtype``), NaN where undefined. ``axis`` is 0 or -1 (the result is 1-d)."""
    dt = _default_float() if dtype is None else canonical_dtype(dtype)
    host, step = np.linspace(float(start), float(stop), operator.index(num), endpoint=endpoint, retstep=True,
                             axis=operator.index(axis))
    host = host.astype(dt)
    step_host = np.asarray(step).astype(to_inexact_dtype(dt))
    if trace_state.dynamic is not None:
        out = traced_const(host, ShapedArray(host.shape, dt, False))
        return (out, traced_const(step_host, ShapedArray((), step_host.dtype, False))) if retstep else out
    return (device_put(host), device_put(step_host)) if retstep else device_put(host)
