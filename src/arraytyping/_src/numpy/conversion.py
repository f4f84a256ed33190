"""Arrays from values: ``asarray``/``array`` and ``astype`` (JAX 0.10.2's conversions: Python scalars weakly typed
unless a ``dtype`` is given, numpy values keeping theirs, canonicalized for x64), and arrays filled with one value:
``full``, ``zeros``, ``ones`` and their ``_like`` forms (JAX's ``lax.full``/``full_like``). The other creation
functions (ranges, identities, grids) are :mod:`.creation`'s; every family converts its operands with these."""

from __future__ import annotations

import builtins
from collections.abc import Sequence
from typing import Any, cast

import numpy as np

from arraytyping import op_rules
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import config
from arraytyping._src.core.array import Array
from arraytyping._src.core.arraylike import not_arraylike, refuse_sequences
from arraytyping._src.core.avals import SEQUENCE_TYPES, ShapedArray, canonicalize_shape
from arraytyping._src.core.staging import ConstVal
from arraytyping._src.core.trace import Tracer, trace_state
from arraytyping._src.lax import lax
from arraytyping._src.lax.operand_checks import numpy_broadcast
from arraytyping._src.numpy._promotion import (
    as_dtype, canonical_dtype, common_dtype, in_trace, jitted, operand, promote_args, shape_of, traced_const,
)
from arraytyping._src.xla.array_impl import check_python_int, device_put, place


def _broadcast_to_body(a: Any, *, shape: tuple[int, ...]) -> Any:
    a = promote_args(a)[0]
    s = shape_of(a)
    try:
        if numpy_broadcast(s, shape) != shape:
            raise ValueError
    except ValueError:
        raise ValueError(f"cannot broadcast an array of shape {s} to shape {shape}") from None
    if s == shape:
        return a
    return lax.broadcast_in_dim(a, shape, tuple(range(len(shape) - len(s), len(shape))))


broadcast_to_jit = jitted(_broadcast_to_body, "broadcast_to")


def _astype(x: Any, *, dtype: np.dtype[Any]) -> Any:
    if isinstance(x, Array):
        return lax.convert_element_type(x, dtype, False)
    return as_dtype(x, dtype, False)


_astype_jit = jitted(_astype, "astype")


def astype(x: Any, dtype: Any, /, *, copy: bool = False, device: Any = None) -> Any:
    """``x`` converted to ``dtype`` (canonicalized for x64, strongly typed). As JAX's, it takes an array or a scalar,
    not a list or tuple (``asarray(x, dtype)`` converts those).

    ``copy`` is accepted as JAX accepts it (arrays are immutable: a conversion to the same dtype may return ``x``
    itself either way); ``device``, one of ``devices()``, places the result there (outside a trace)."""
    if isinstance(x, (list, tuple)):
        raise not_arraylike("astype", cast(object, x), 0)
    return place(_astype_jit(x, dtype=canonical_dtype(dtype)), device)


def asarray(a: Any, dtype: Any = None, order: str | None = None, *, copy: bool | None = None,
            device: Any = None) -> Any:
    """An array from ``a`` (array, numpy value, Python scalar or nested list). Python scalars are weakly typed
    unless ``dtype`` is given; numpy values keep their dtype, canonicalized for x64. ``device`` (one of
    ``devices()``) places it there, as JAX's; ``order`` and ``copy`` are accepted as JAX accepts them (arrays are
    immutable)."""
    return place(_asarray(a, dtype), device)


def _asarray(a: Any, dtype: Any = None) -> Any:
    if a is None:
        raise ValueError("None is not a valid value for jnp.array")
    if dtype is not None:
        dt = canonical_dtype(dtype)
        if isinstance(a, Array):
            return astype(a, dt)
        if isinstance(a, SEQUENCE_TYPES) and builtins.any(isinstance(v, Tracer) for v in _flat(a)):
            return _stack_traced(a, dt)
        if isinstance(a, SEQUENCE_TYPES) and builtins.any(isinstance(v, Array) for v in _flat(a)):
            a = np.asarray([np.asarray(v) for v in _items(a)]) if not in_trace() else a
        host = _requested(a, dt)
        if in_trace():
            return traced_const(host, ShapedArray(host.shape, dt, False))
        return device_put(_not_aliasing(host, a))
    if isinstance(a, Array):
        return a
    if isinstance(a, SEQUENCE_TYPES):
        if builtins.any(isinstance(v, Tracer) for v in _flat(a)):
            return _stack_traced(a, None)
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
    return device_put(_not_aliasing(a, a))


def _not_aliasing(host: Any, given: Any) -> Any:
    """``host`` copied when it shares memory with the caller's numpy array ``given``: the CPU's device may alias an
    aligned host buffer, and JAX's ``jnp.asarray``/``jnp.array`` copy, so writing into the numpy array afterwards
    never changes the array made from it."""
    if isinstance(host, _NDARRAY) and isinstance(given, _NDARRAY) and np.may_share_memory(host, given):
        return np.array(host, copy=True)
    return host


_NDARRAY: tuple[type[Any], ...] = (np.ndarray,)
"""numpy's array class, for ``isinstance`` checks that keep an operand ``Any`` (not ``ndarray[Unknown, Unknown]``)."""


def _stack_traced(a: Any, dtype: np.dtype[Any] | None) -> Any:
    """JAX's ``jnp.array`` of a list or tuple holding traced values: every element converted to ``dtype`` (by
    default the result dtype of all the leaves, strongly typed, as a list is never weak), given a leading axis
    (``broadcast_in_dim``) and concatenated, at most 16 at a time (JAX's tree of concatenations)."""
    if dtype is None:
        common, _ = common_dtype(*_flat(a))
        dtype = canonical_dtype(common)
    pieces = [lax.expand_dims(asarray(elt, dtype=dtype), [0]) for elt in _items(a)]
    while len(pieces) > 16:
        pieces = [lax.concatenate(pieces[i:i + 16], 0) for i in range(0, len(pieces), 16)]
    return lax.concatenate(pieces, 0)


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


def _requested(a: Any, dtype: np.dtype[Any]) -> np.ndarray[Any, Any]:
    """``a`` as a host array of a requested ``dtype``: Python scalars (and nested lists of them) by numpy's
    ``np.array(a, dtype)``, as JAX converts them (a Python ``int`` or ``float`` out of an integer dtype's bounds is an
    ``OverflowError``, a ``complex`` for a real dtype a ``TypeError``; 2**40 is a fine float32); numpy values (and
    arrays) cast, wrapping, as :func:`_host`."""
    if isinstance(a, (bool, int, float, complex)) or (
            isinstance(a, SEQUENCE_TYPES) and builtins.all(isinstance(v, (bool, int, float, complex)) for v in _flat(a))):
        with np.errstate(over="ignore", invalid="ignore"):
            return np.array(a, dtype=dtype)
    return _host(a, dtype)


def array(a: Any, dtype: Any = None, copy: bool = True, *, device: Any = None) -> Any:
    """Like :func:`asarray` (arrays are immutable, so no copy is ever needed); ``device`` places the result."""
    return place(_asarray(a, dtype), device)


def _shape_arg(shape: Any) -> tuple[int, ...]:
    dims = canonicalize_shape(shape)
    if builtins.any(d < 0 for d in dims):  # JAX's error (broadcast_in_dim's); the eager path builds with numpy
        raise TypeError(f"broadcast_in_dim shape must have every element be nonnegative, got {dims}.")
    return dims


def default_dtype(fn: str) -> np.dtype[Any]:
    """The dtype of creation function ``fn`` without ``dtype=`` (``op_rules.creation_result``: the default float
    dtype, float32 for ``tri``)."""
    return registry.INFO[op_rules.creation_result(fn, (), config.lattice_config)[0]].dtype


def full(shape: Any, fill_value: Any, dtype: Any = None, *, device: Any = None) -> Any:
    """An array of ``shape`` filled with ``fill_value``: of ``dtype`` (strong) if given, else of ``fill_value``'s
    dtype and weak flag (JAX's ``lax.full``: ``full((2,), 3.0)`` is weakly typed). A fill value of higher rank is
    broadcast to ``shape``. ``device`` (one of ``devices()``) places the result there; a scalar fill value placed
    so gives a strongly typed array outside ``jit``, as JAX's (it builds the array on the device)."""
    if np.ndim(fill_value) != 0:
        return place(broadcast_to_jit(asarray(fill_value, dtype=dtype), shape=_shape_arg(shape)), device, TypeError)
    if dtype is None:
        name, weak = operand(fill_value)
        return place(_full(shape, fill_value, registry.INFO[name].dtype, _weak_unless_placed(weak, device)), device,
                     AttributeError)
    return place(_full(shape, fill_value, canonical_dtype(dtype), False), device, AttributeError)


def _weak_unless_placed(weak: bool, device: Any) -> bool:
    """The weak flag of a ``full``/``full_like`` result: JAX's ``lax.full`` given a device builds a concrete
    result on it strongly typed (under a trace the flag stays)."""
    return weak and (device is None or in_trace())


def _full(shape: Any, fill_value: Any, dt: np.dtype[Any], weak: bool) -> Any:
    dims = _shape_arg(shape)
    if type(fill_value) is complex and op_rules.complex_fill_refused(registry.info_of_dtype(dt).name, weak):  # type: ignore[union-attr]
        raise TypeError(f"a Python complex fill value cannot be converted to {dt.name} (as in JAX)")
    if isinstance(fill_value, Tracer) or (trace_state.dynamic is not None):
        if isinstance(fill_value, Array):
            return broadcast_to_jit(lax.convert_element_type(fill_value, dt, weak), shape=dims)
        out = lax.full(dims, _host(fill_value, dt), dt, weak)
        return traced_const(out.val, out.aval) if isinstance(out, ConstVal) else out
    value = np.asarray(fill_value) if isinstance(fill_value, Array) else fill_value
    out = device_put(np.full(dims, _host(value, dt), dtype=dt))
    return lax.convert_element_type(out, dt, True) if weak else out


def zeros(shape: Any, dtype: Any = None, *, device: Any = None) -> Any:
    """A new array of ``shape`` filled with zeros, of ``dtype`` (the default float dtype when omitted), on
    ``device`` when one is given."""
    return full(shape, 0, default_dtype("zeros") if dtype is None else dtype, device=device)


def ones(shape: Any, dtype: Any = None, *, device: Any = None) -> Any:
    """A new array of ``shape`` filled with ones, of ``dtype`` (the default float dtype when omitted), on
    ``device`` when one is given."""
    return full(shape, 1, default_dtype("ones") if dtype is None else dtype, device=device)


def full_like(a: Any, fill_value: Any, dtype: Any = None, shape: Any = None, *, device: Any = None) -> Any:
    """An array of ``a``'s shape (or ``shape``) filled with ``fill_value``: of ``dtype`` (strong) if given, else of
    ``a``'s dtype and weak flag, as JAX's ``lax.full_like``; on ``device`` when one is given."""
    refuse_sequences("full_like", a)
    name, weak = operand(a)
    if dtype is not None:
        return full(shape_of(a) if shape is None else shape, fill_value, dtype, device=device)
    return place(_full(shape_of(a) if shape is None else shape, fill_value, registry.INFO[name].dtype,
                       _weak_unless_placed(weak, device)), device, AttributeError)


def zeros_like(a: Any, dtype: Any = None, shape: Any = None, *, device: Any = None) -> Any:
    """A new array of zeros with ``a``'s shape and dtype (or ``dtype``, ``shape`` when given), on ``device`` when
    one is given."""
    refuse_sequences("zeros_like", a)
    return full_like(a, 0, dtype, shape, device=device)


def ones_like(a: Any, dtype: Any = None, shape: Any = None, *, device: Any = None) -> Any:
    """A new array of ones with ``a``'s shape and dtype (or ``dtype``, ``shape`` when given), on ``device`` when
    one is given."""
    refuse_sequences("ones_like", a)
    return full_like(a, 1, dtype, shape, device=device)
