"""Array creation: ``asarray``/``array``/``copy``, ``astype``, ``full``/``zeros``/``ones``/``empty`` and their ``_like``
forms, ``arange``, ``linspace``, ``logspace``, ``eye``/``identity``, ``tri``, ``diag`` and ``meshgrid``.

Dtypes and weak flags as JAX 0.10.2 gives them (``op_rules.CREATION``): without ``dtype=``, ``full`` takes the fill
value's dtype and weak flag (a Python scalar is weak), the ``_like`` forms the prototype's, ``zeros``/``ones``/
``empty``/``eye``/``identity`` the default float dtype, ``tri`` float32; with it, that dtype, strong.
"""

from __future__ import annotations

import builtins
import operator
from collections.abc import Callable, Sequence
from typing import Any, cast

import numpy as np

from arraytyping import lattice, op_rules
from arraytyping._src import registry
from arraytyping._src.config import config
from arraytyping._src.promotion import result_type
from arraytyping._src.lax import lax
from arraytyping._src.core.array import Array
from arraytyping._src.xla.array_impl import check_python_int, device_put
from arraytyping._src.core.avals import SEQUENCE_TYPES, ShapedArray, canonicalize_shape
from arraytyping._src.core.trace import Tracer, trace_state
from arraytyping._src.numpy._promotion import (
    ArrayLike, array_fn, as_dtype, canonical_dtype, common_dtype, dtype_kind, dtype_name, finish, in_trace, jitted,
    operand, shape_of, to_inexact_dtype, traced_const,
)
from arraytyping._src.numpy.shape import broadcast_to
from arraytyping._src.core.staging import ConstVal
from arraytyping._src.lax.operand_checks import numpy_broadcast
from arraytyping._src.core.arraylike import not_arraylike, refuse_sequences

from arraytyping.typing import DTypeLike, ShapeLike


def _astype(x: Any, *, dtype: np.dtype[Any]) -> Any:
    if isinstance(x, Array):
        return lax.convert_element_type(x, dtype, False)
    return as_dtype(x, dtype, False)


_astype_jit = jitted(_astype, "astype")


def astype(x: Any, dtype: Any) -> Any:
    """``x`` converted to ``dtype`` (canonicalized for x64, strongly typed). As JAX's, it takes an array or a scalar,
    not a list or tuple (``asarray(x, dtype)`` converts those)."""
    if isinstance(x, (list, tuple)):
        raise not_arraylike("astype", cast(object, x), 0)
    return _astype_jit(x, dtype=canonical_dtype(dtype))


def view(x: Array, dtype: Any = None, type: None = None) -> Array:
    """``x.view(dtype)``: ``x``'s bits read as ``dtype`` (canonicalized), JAX 0.10.2's ``Array.view``: ``x`` itself
    for no dtype or its own (its weak flag kept), else a strong bitcast (``op_rules.view_result``) whose last axis
    grows or shrinks by the ratio of the item widths (``shape_rules.view_shape``: bool counts 8 bits; a 0-d array
    keeps its width). Bool is read through uint8 (a bool result is ``!= 0`` of the bytes), complex through its
    interleaved real and imaginary parts, as JAX does."""
    from arraytyping._src.numpy.binary import add, multiply  # noqa: PLC0415 - binary imports this
    from arraytyping._src.numpy.joining import stack  # noqa: PLC0415
    from arraytyping._src.numpy.shape import expand_dims, reshape, squeeze  # noqa: PLC0415
    from arraytyping._src.numpy.unary import imag, real  # noqa: PLC0415
    from arraytyping import shape_rules  # noqa: PLC0415
    if type is not None:
        raise NotImplementedError("`type` argument of array.view() is not supported.")
    if dtype is None:
        return x
    dt = canonical_dtype(dtype)
    name_in, name_out = dtype_name(x.dtype), dtype_name(dt)
    bits_in, bits_out = op_rules.item_bits(name_in), op_rules.item_bits(name_out)
    want, weak = op_rules.view_result(operand(x), name_out, config.lattice_config)
    expected = registry.INFO[want].dtype

    def done(out: Any) -> Array:  # a composed result, checked against the rule
        return cast(Array, finish("view", out, expected, weak))
    if x.ndim == 0:
        if bits_in != bits_out:
            raise ValueError("view() of a 0d array is only supported if the itemsize is unchanged.")
        return done(squeeze(view(expand_dims(x, 0), dt)))
    try:
        shape_rules.view_shape(x.shape, bits_in, bits_out)
    except shape_rules.ShapeError as e:
        raise ValueError(str(e)) from None
    if x.dtype == dt:
        return x
    if name_in == lattice.BOOL:
        return done(view(astype(x, np.dtype("uint8")), dt))
    if lattice.KIND[name_in] == "c":  # the real and imaginary parts side by side, as floats
        parts = stack([real(x), imag(x)], axis=-1)
        return done(view(reshape(parts, (*x.shape[:-1], x.shape[-1] * 2)), dt))
    if name_out == lattice.BOOL:
        return done(astype(view(x, np.dtype("uint8")), dt))
    if lattice.KIND[name_out] == "c":
        part = registry.INFO[op_rules.real_name(name_out)].dtype
        out = astype(view(x, part), dt)
        return done(add(out[..., 0::2], multiply(1j, out[..., 1::2])))
    if bits_in < bits_out:
        factor = bits_out // bits_in
        return lax.bitcast_convert_type(reshape(x, (*x.shape[:-1], x.shape[-1] // factor, factor)), dt)  # type: ignore[no-any-return]
    if bits_in > bits_out:
        out = lax.bitcast_convert_type(x, dt)
        return reshape(out, (*out.shape[:-2], out.shape[-2] * out.shape[-1]))  # type: ignore[no-any-return]
    return lax.bitcast_convert_type(x, dt)  # type: ignore[no-any-return]


def asarray(a: Any, dtype: Any = None, copy: bool | None = None) -> Any:
    """An array from ``a`` (array, numpy value, Python scalar or nested list). Python scalars are weakly typed
    unless ``dtype`` is given; numpy values keep their dtype, canonicalized for x64."""
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
        return device_put(host)
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
    return device_put(a)


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


def array(a: Any, dtype: Any = None, copy: bool = True) -> Any:
    """Like :func:`asarray` (arrays are immutable, so no copy is ever needed)."""
    return asarray(a, dtype=dtype)


def _shape_arg(shape: Any) -> tuple[int, ...]:
    dims = canonicalize_shape(shape)
    if builtins.any(d < 0 for d in dims):  # JAX's error (broadcast_in_dim's); the eager path builds with numpy
        raise TypeError(f"broadcast_in_dim shape must have every element be nonnegative, got {dims}.")
    return dims


def _default(fn: str) -> np.dtype[Any]:
    """The dtype of creation function ``fn`` without ``dtype=`` (``op_rules.creation_result``: the default float
    dtype, float32 for ``tri``)."""
    return registry.INFO[op_rules.creation_result(fn, (), config.lattice_config)[0]].dtype


def full(shape: Any, fill_value: Any, dtype: Any = None) -> Any:
    """An array of ``shape`` filled with ``fill_value``: of ``dtype`` (strong) if given, else of ``fill_value``'s
    dtype and weak flag (JAX's ``lax.full``: ``full((2,), 3.0)`` is weakly typed). A fill value of higher rank is
    broadcast to ``shape``."""
    if np.ndim(fill_value) != 0:
        return broadcast_to(asarray(fill_value, dtype=dtype), _shape_arg(shape))
    if dtype is None:
        name, weak = operand(fill_value)
        return _full(shape, fill_value, registry.INFO[name].dtype, weak)
    return _full(shape, fill_value, canonical_dtype(dtype), False)


def _full(shape: Any, fill_value: Any, dt: np.dtype[Any], weak: bool) -> Any:
    dims = _shape_arg(shape)
    if type(fill_value) is complex and op_rules.complex_fill_refused(registry.info_of_dtype(dt).name, weak):  # type: ignore[union-attr]
        raise TypeError(f"a Python complex fill value cannot be converted to {dt.name} (as in JAX)")
    if isinstance(fill_value, Tracer) or (trace_state.dynamic is not None):
        if isinstance(fill_value, Array):
            return broadcast_to(lax.convert_element_type(fill_value, dt, weak), dims)
        out = lax.full(dims, _host(fill_value, dt), dt, weak)
        return traced_const(out.val, out.aval) if isinstance(out, ConstVal) else out
    value = np.asarray(fill_value) if isinstance(fill_value, Array) else fill_value
    out = device_put(np.full(dims, _host(value, dt), dtype=dt))
    return lax.convert_element_type(out, dt, True) if weak else out


def zeros(shape: Any, dtype: Any = None) -> Any:
    """A new array of ``shape`` filled with zeros, of ``dtype`` (the default float dtype when omitted)."""
    return full(shape, 0, _default("zeros") if dtype is None else dtype)


def ones(shape: Any, dtype: Any = None) -> Any:
    """A new array of ``shape`` filled with ones, of ``dtype`` (the default float dtype when omitted)."""
    return full(shape, 1, _default("ones") if dtype is None else dtype)


def full_like(a: Any, fill_value: Any, dtype: Any = None, shape: Any = None) -> Any:
    """An array of ``a``'s shape (or ``shape``) filled with ``fill_value``: of ``dtype`` (strong) if given, else of
    ``a``'s dtype and weak flag, as JAX's ``lax.full_like``."""
    refuse_sequences("full_like", a)
    name, weak = operand(a)
    if dtype is not None:
        return full(shape_of(a) if shape is None else shape, fill_value, dtype)
    return _full(shape_of(a) if shape is None else shape, fill_value, registry.INFO[name].dtype, weak)


def zeros_like(a: Any, dtype: Any = None, shape: Any = None) -> Any:
    """A new array of zeros with ``a``'s shape and dtype (or ``dtype``, ``shape`` when given)."""
    refuse_sequences("zeros_like", a)
    return full_like(a, 0, dtype, shape)


def ones_like(a: Any, dtype: Any = None, shape: Any = None) -> Any:
    """A new array of ones with ``a``'s shape and dtype (or ``dtype``, ``shape`` when given)."""
    refuse_sequences("ones_like", a)
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
        if dt == np.dtype(bool):
            raise TypeError("arange does not support dtype bool (as in JAX)")
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




def empty(shape: ShapeLike, dtype: DTypeLike | None = None) -> Array:
    """Zeros (arrays are immutable, so JAX's ``empty`` is ``zeros``)."""
    return cast(Array, zeros(shape, dtype))


def empty_like(prototype: ArrayLike, dtype: DTypeLike | None = None, shape: ShapeLike | None = None) -> Array:
    """Zeros of ``prototype``'s shape (or ``shape``), dtype and weak flag (``dtype`` if given), as JAX's."""
    refuse_sequences("empty_like", prototype)
    return cast(Array, full_like(prototype, 0, dtype, shape))


def copy(a: ArrayLike, order: str | None = None) -> Array:
    """A copy of ``a`` (JAX's ``copy`` primitive: the same dtype and weak flag); ``order`` must be ``'K'``
    (or left out), as JAX only implements that."""
    refuse_sequences("copy", a)
    if order is not None and order != "K":
        raise NotImplementedError("Only implemented for order='K'")
    return _copy(a)


def _copy_body(a: Any) -> Any:
    x = as_dtype(a, *_operand_dtype(a)) if not isinstance(a, Array) else a
    return lax.copy(x)


def _operand_dtype(a: Any) -> tuple[np.dtype[Any], bool]:
    name, weak = operand(a)
    return registry.INFO[name].dtype, weak


_copy = array_fn(_copy_body, "copy")


def _computation_dtype(dtype: np.dtype[Any], name: str) -> np.dtype[Any]:
    """JAX's ``to_inexact_dtype`` of a ``linspace``/``logspace`` dtype, which leaves 1- and 2-bit integers alone, so
    that JAX's ``finfo`` of it fails (``ValueError``)."""
    info = registry.info_of_dtype(dtype)
    assert info is not None
    if info.kind in "iu" and info.bits <= 2:
        raise ValueError(f"{name}: dtype {info.name} has no inexact counterpart (JAX's finfo fails on it)")
    return to_inexact_dtype(dtype)


def _linspace_body(start: Any, stop: Any, *, num: int, endpoint: bool, retstep: bool, dtype: np.dtype[Any] | None,
                   axis: int) -> Any:
    """JAX's ``_linspace``: ``start * (1 - t) + stop * t`` for ``t = iota / div`` in the computation dtype (the
    inexact one of ``dtype``), ``stop`` itself last when ``endpoint``; integer dtypes floor first."""
    from arraytyping._src.numpy.binary import add, multiply, subtract, true_divide  # noqa: PLC0415
    if num < 0:
        raise ValueError(f"Number of samples, {num}, must be non-negative.")
    if dtype is None:
        rdt, _ = common_dtype(start, stop)
        dtype = to_inexact_dtype(rdt)
    cdt = _computation_dtype(dtype, "linspace")
    start, stop = (lax.convert_element_type(v, cdt, False) if isinstance(v, Array) else as_dtype(v, cdt, False)
                   for v in (start, stop))
    bounds = list(numpy_broadcast(shape_of(start), shape_of(stop)))
    b_start, b_stop = (v if shape_of(v) == tuple(bounds) else lax.broadcast_in_dim(
        v, tuple(bounds), tuple(range(len(bounds) - len(shape_of(v)), len(bounds)))) for v in (start, stop))
    axis = len(bounds) + axis + 1 if axis < 0 else axis
    bounds.insert(axis, 1)
    div = (num - 1) if endpoint else num
    if num > 1:
        delta = true_divide(lax.convert_element_type(subtract(stop, start), cdt, False),
                            lax.const(div, ShapedArray((), cdt, False)))
        iota_shape = [1] * len(bounds)
        iota_shape[axis] = div
        real = cdt if dtype_kind(cdt) == "f" else registry.INFO["float32" if dtype_name(cdt) == "complex64"
                                                                else "float64"].dtype
        step = lax.div(lax.iota(real, (div,), 0), lax.const(div, ShapedArray((), real, False)))
        step = lax.convert_element_type(lax.reshape(step, tuple(iota_shape)), cdt, False)
        out = add(multiply(lax.reshape(b_start, tuple(bounds)), subtract(1, step)),
                  multiply(lax.reshape(b_stop, tuple(bounds)), step))
        if endpoint:
            out = lax.concatenate([out, lax.expand_dims(b_stop, (axis,))], axis)
    elif num == 1:
        delta = lax.const(np.nan, ShapedArray((), cdt, False)) if endpoint else \
            lax.convert_element_type(subtract(stop, start), cdt, False)
        out = lax.reshape(b_start, tuple(bounds))
    else:
        empty_shape = list(numpy_broadcast(shape_of(start), shape_of(stop)))
        empty_shape.insert(axis, 0)
        delta = lax.full((), np.nan, cdt)
        out = lax.full(tuple(empty_shape), 0, dtype)
    if dtype_kind(dtype) in "iu" and registry.INFO[operand(out)[0]].kind not in "iu":
        out = lax.floor(out)
    out = lax.convert_element_type(out, dtype, False)
    return (out, delta) if retstep else out


_linspace = jitted(_linspace_body, "linspace")


def linspace(start: Any, stop: Any, num: int = 50, endpoint: bool = True, retstep: bool = False,
             dtype: Any = None, axis: int = 0) -> Any:
    """``num`` evenly spaced values from ``start`` to ``stop`` (arrays broadcast; the result's ``axis`` runs along
    the samples), computed as JAX does; ``dtype`` defaults to the inexact dtype of the bounds. With ``retstep``, also
    the step (in the inexact computation dtype; NaN when undefined)."""
    refuse_sequences("linspace", start, stop)
    num = operator.index(num)
    ax = operator.index(axis)
    nd = len(numpy_broadcast(shape_of(start), shape_of(stop))) + 1
    if not -nd <= ax < nd:
        raise np.exceptions.AxisError(ax, nd)
    return _linspace(start, stop, num=num, endpoint=bool(endpoint), retstep=bool(retstep),
                     dtype=None if dtype is None else canonical_dtype(dtype), axis=ax)


def _logspace_body(start: Any, stop: Any, base: Any, *, num: int, endpoint: bool, dtype: np.dtype[Any] | None,
                   axis: int) -> Any:
    """JAX's ``_logspace``: ``power(base, linspace(start, stop))`` in the computation dtype, converted."""
    from arraytyping._src.numpy.binary import power  # noqa: PLC0415
    if dtype is None:
        rdt, _ = common_dtype(start, stop)
        dtype = to_inexact_dtype(rdt)
    cdt = _computation_dtype(dtype, "logspace")
    start, stop = (lax.convert_element_type(v, cdt, False) if isinstance(v, Array) else as_dtype(v, cdt, False)
                   for v in (start, stop))
    lin = _linspace_body(start, stop, num=num, endpoint=endpoint, retstep=False, dtype=None, axis=axis)
    return lax.convert_element_type(power(base, lin), dtype, False)


_logspace = array_fn(_logspace_body, "logspace")


def logspace(start: ArrayLike, stop: ArrayLike, num: int = 50, endpoint: bool = True, base: ArrayLike = 10.0,
             dtype: DTypeLike | None = None, axis: int = 0) -> Array:
    """``base ** linspace(start, stop, num)``."""
    return _logspace(start, stop, base, num=operator.index(num), endpoint=bool(endpoint),
                     dtype=None if dtype is None else canonical_dtype(dtype), axis=operator.index(axis))


def eye_mask(n: int, m: int, k: int) -> Any:
    """JAX's ``_eye`` before its conversion: ``iota0 + k == iota1`` (a bool array of shape ``(n, m)``)."""
    idx = registry.INFO[lattice.default_name("i", config.x64)].dtype  # the dtype of the offset k: the default int
    i = lax.iota(idx, (n, m), 0)
    j = lax.iota(idx, (n, m), 1)
    return lax.eq(lax.add(i, lax.const(k, ShapedArray((), idx, False))), j)


def _eye_body(*, n: int, m: int, k: int, dtype: np.dtype[Any]) -> Any:
    return lax.convert_element_type(eye_mask(n, m, k), dtype, False)


_eye = array_fn(_eye_body, "eye")


def eye(N: int, M: int | None = None, k: int = 0, dtype: DTypeLike | None = None) -> Array:
    """A 2-d array with ones on the ``k``-th diagonal and zeros elsewhere (the default float dtype)."""
    n = operator.index(N)
    m = n if M is None else operator.index(M)
    if n < 0 or m < 0:
        raise ValueError(f"negative dimensions are not allowed, got {N} and {M}")
    k = operator.index(k)
    return _eye(n=n, m=m, k=builtins.max(builtins.min(k, 2**31 - 1), -2**31),
                dtype=_default("eye") if dtype is None else canonical_dtype(dtype))


def identity(n: int, dtype: DTypeLike | None = None) -> Array:
    """The ``n`` by ``n`` identity matrix (the default float dtype)."""
    return eye(n, dtype=dtype)


def _tri_body(*, n: int, m: int, k: int, dtype: np.dtype[Any]) -> Any:
    from arraytyping._src.numpy.selection import tri_mask  # noqa: PLC0415
    return lax.convert_element_type(tri_mask(n, m, k), dtype, False)


_tri = array_fn(_tri_body, "tri")


def tri(N: int, M: int | None = None, k: int = 0, dtype: DTypeLike | None = None) -> Array:
    """Ones at and below the ``k``-th diagonal, zeros above (float32 unless ``dtype`` is given, as in JAX)."""
    n = operator.index(N)
    return _tri(n=n, m=n if M is None else operator.index(M), k=operator.index(k),
                dtype=_default("tri") if dtype is None else canonical_dtype(dtype))


def _diag_body(v: Any, *, k: int) -> Any:
    """JAX's ``_diag``: a 1-d ``v`` padded to the diagonal's length and selected onto ``eye(n, k=k)`` (its
    diagonal for a 2-d ``v``)."""
    from arraytyping._src.numpy.selection import diagonal, where_call  # noqa: PLC0415
    shape = shape_of(v)
    if len(shape) == 1:
        v = as_dtype(v, *_operand_dtype(v)) if not isinstance(v, Array) else v
        a = lax.aval_of(v)
        zero = lax.const(0, ShapedArray((), a.dtype, a.weak_type))
        n = shape[0] + builtins.abs(k)
        v = lax.pad(v, zero, [(builtins.max(0, -k), builtins.max(0, k), 0)])
        return where_call(eye_mask(n, n, k), lax.broadcast_in_dim(v, (n, 1), (0,)), zero)
    if len(shape) == 2:
        return diagonal(v, offset=k)
    raise ValueError("diag input must be 1d or 2d")


_diag = array_fn(_diag_body, "diag", call_name="_diag")


def diag(v: ArrayLike, k: int = 0) -> Array:
    """The matrix with ``v`` on its ``k``-th diagonal (1-d ``v``), or the ``k``-th diagonal of ``v`` (2-d)."""
    refuse_sequences("diag", v)
    return _diag(v, k=operator.index(k))


def _meshgrid_body(*xi: Any, sparse: bool, indexing: str) -> Any:
    args: list[Any] = [as_dtype(a, *_operand_dtype(a)) if not isinstance(a, Array) else a for a in xi]
    if builtins.any(len(shape_of(a)) != 1 for a in args):
        raise ValueError(f"Arguments to arraytyping.numpy.meshgrid must be 1D, got shapes "
                         f"{[shape_of(a) for a in args]}")
    if indexing == "xy" and len(args) >= 2:
        args[0], args[1] = args[1], args[0]
    shape = [1 if sparse else shape_of(a)[0] for a in args]
    out: list[Any] = []
    for i, a in enumerate(args):
        s = [*shape[:i], shape_of(a)[0], *shape[i + 1:]] if sparse else shape
        out.append(lax.broadcast_in_dim(a, tuple(s), (i,)))
    if indexing == "xy" and len(args) >= 2:
        out[0], out[1] = out[1], out[0]
    return out


_meshgrid = jitted(_meshgrid_body, "meshgrid")


def meshgrid(*xi: ArrayLike, copy: bool = True, sparse: bool = False, indexing: str = "xy") -> list[Array]:
    """Coordinate arrays of the grid spanned by the 1-d arguments (``xy``: the first two swapped, as numpy)."""
    refuse_sequences("meshgrid", *xi)
    if not copy:
        raise ValueError("arraytyping.numpy.meshgrid only supports copy=True")
    if indexing not in ("xy", "ij"):
        raise ValueError(f"Valid values for indexing are 'xy' and 'ij', got {indexing}")
    return list(_meshgrid(*xi, sparse=bool(sparse), indexing=indexing))
