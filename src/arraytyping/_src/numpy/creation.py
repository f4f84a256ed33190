"""Array creation: ``asarray``/``array``/``copy``, ``astype``, ``full``/``zeros``/``ones``/``empty`` and their ``_like``
forms, ``arange``, ``linspace``, ``logspace``, ``eye``/``identity``, ``tri``, ``diag`` and ``meshgrid``.

Dtypes and weak flags as JAX 0.10.2 gives them (``op_rules.CREATION``): without ``dtype=``, ``full`` takes the fill
value's dtype and weak flag (a Python scalar is weak), the ``_like`` forms the prototype's, ``zeros``/``ones``/
``empty``/``eye``/``identity`` the default float dtype, ``tri`` float32; with it, that dtype, strong.
"""

from __future__ import annotations

import builtins
import operator
from collections.abc import Callable
from typing import Any, Never, cast

import numpy as np

from arraytyping import lattice, op_rules, shape_rules
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import config
from arraytyping._src.core.array import Array
from arraytyping._src.core.arraylike import refuse_sequences
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.trace import Tracer, trace_state
from arraytyping._src.interpreters.batching.vmap import vmap
from arraytyping._src.lax import lax
from arraytyping._src.lax.operand_checks import numpy_broadcast
from arraytyping._src.numpy._promotion import (
    ArrayLike, array_fn, as_dtype, canonical_dtype, common_dtype, dtype_kind, dtype_name, finish, jitted, operand,
    shape_of, to_inexact_dtype,
)
from arraytyping._src.numpy.binary import add, multiply, power, subtract, true_divide
from arraytyping._src.numpy.conversion import asarray, astype, default_dtype, full_like, zeros
from arraytyping._src.numpy.joining import stack
from arraytyping._src.numpy.selection import diagonal
from arraytyping._src.numpy.shape import expand_dims, reshape, squeeze
from arraytyping._src.numpy.unary import imag, log10, real, where_call
from arraytyping._src.numpy.unary import sign as sign_of
from arraytyping._src.dtypes.promotion import result_type
from arraytyping._src.xla.array_impl import device_put, place
from arraytyping.typing import DTypeLike, ShapeLike


def view(x: Array, dtype: Any = None, type: None = None) -> Array:
    """``x.view(dtype)``: ``x``'s bits read as ``dtype`` (canonicalized), JAX 0.10.2's ``Array.view``: ``x`` itself
    for no dtype or its own (its weak flag kept), else a strong bitcast (``op_rules.view_result``) whose last axis
    grows or shrinks by the ratio of the item widths (``shape_rules.view_shape``: bool counts 8 bits; a 0-d array
    keeps its width). Bool is read through uint8 (a bool result is ``!= 0`` of the bytes), complex through its
    interleaved real and imaginary parts, as JAX does."""
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


_np_arange: Callable[..., np.ndarray[Any, Any]] = np.arange
"""``numpy.arange`` with bounds of any type (its overloads resolve to an unknown type for ``Any`` bounds)."""


def arange(start: Any, stop: Any = None, step: Any = None, dtype: Any = None, *, device: Any = None) -> Any:
    """Evenly spaced values in ``[start, stop)`` (static bounds). Integers give the default int dtype. ``device``
    (one of ``devices()``) places the result there."""
    return place(_arange(start, stop, step, dtype), device, AttributeError)


def _arange(start: Any, stop: Any, step: Any, dtype: Any) -> Any:
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


def empty(shape: ShapeLike, dtype: DTypeLike | None = None, *, device: Any = None) -> Array:
    """Zeros (arrays are immutable, so JAX's ``empty`` is ``zeros``), on ``device`` when one is given."""
    return cast(Array, zeros(shape, dtype, device=device))


def empty_like(prototype: ArrayLike, dtype: DTypeLike | None = None, shape: ShapeLike | None = None, *,
               device: Any = None) -> Array:
    """Zeros of ``prototype``'s shape (or ``shape``), dtype and weak flag (``dtype`` if given), as JAX's; on
    ``device`` when one is given."""
    refuse_sequences("empty_like", prototype)
    return cast(Array, full_like(prototype, 0, dtype, shape, device=device))


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
             dtype: Any = None, axis: int = 0, *, device: Any = None) -> Any:
    """``num`` evenly spaced values from ``start`` to ``stop`` (arrays broadcast; the result's ``axis`` runs along
    the samples), computed as JAX does; ``dtype`` defaults to the inexact dtype of the bounds. With ``retstep``, also
    the step (in the inexact computation dtype; NaN when undefined). ``device`` places the result (and the step)."""
    out = _linspace_call(start, stop, num, endpoint, retstep, dtype, axis)
    return tuple(place(o, device) for o in out) if retstep else place(out, device)


def _linspace_call(start: Any, stop: Any, num: int, endpoint: bool, retstep: bool, dtype: Any, axis: int) -> Any:
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


def _geomspace_body(start: Any, stop: Any, *, num: int, endpoint: bool, dtype: np.dtype[Any] | None,
                    axis: int) -> Any:
    """JAX's ``_geomspace``: ``sign(start) * logspace(log10(start / sign), log10(stop / sign))`` in the computation
    dtype, the new axis moved to ``axis``, converted."""
    if dtype is None:
        rdt, _ = common_dtype(start, stop)
        dtype = to_inexact_dtype(rdt)
    cdt = _computation_dtype(dtype, "geomspace")
    start, stop = (lax.convert_element_type(v, cdt, False) if isinstance(v, Array) else as_dtype(v, cdt, False)
                   for v in (start, stop))
    sign = sign_of(start)
    res = multiply(sign, _logspace_body(log10(true_divide(start, sign)), log10(true_divide(stop, sign)), 10.0,
                                        num=num, endpoint=endpoint, dtype=cdt, axis=0))
    nd = len(shape_of(res))
    axis = axis + nd if axis < 0 else axis
    if not 0 <= axis < nd:
        raise ValueError(f"axis {axis} is out of bounds for array of dimension {nd}")
    if axis != 0:
        res = lax.transpose(res, (*range(1, axis + 1), 0, *range(axis + 1, nd)))
    return lax.convert_element_type(res, dtype, False)


_geomspace = array_fn(_geomspace_body, "geomspace")


def geomspace(start: ArrayLike, stop: ArrayLike, num: int = 50, endpoint: bool = True,
              dtype: DTypeLike | None = None, axis: int = 0) -> Array:
    """``num`` numbers from ``start`` to ``stop`` spaced evenly on a log scale (a geometric progression; both ends
    of one sign), in an inexact dtype unless ``dtype`` is given.

    Example: ``geomspace(1.0, 1000.0, 4)`` is ``[1.0, 10.0, 100.0, 1000.0]``.
    """
    return _geomspace(start, stop, num=operator.index(num), endpoint=bool(endpoint),
                      dtype=None if dtype is None else canonical_dtype(dtype), axis=operator.index(axis))


def diagflat(v: ArrayLike, k: int = 0) -> Array:
    """A 2-d array with the flattened ``v`` on its ``k``-th diagonal (above the main one for ``k > 0``) and zeros
    elsewhere, in ``v``'s dtype.

    Example: ``diagflat(jnp.array([[1, 2], [3, 4]]))`` is a 4 x 4 array with 1, 2, 3, 4 on its diagonal.
    """
    refuse_sequences("diagflat", v)
    v_ravel = reshape(asarray(v), (-1,))
    k = operator.index(k)
    n = shape_of(v_ravel)[0]
    adj = n + builtins.abs(k)
    res = zeros(adj * adj, dtype=lax.aval_of(v_ravel).dtype)
    i = arange(0, adj - builtins.abs(k))
    fi = i + k + i * adj if k >= 0 else i + (i - k) * adj
    out: Array = reshape(res.at[fi].set(v_ravel), (adj, adj))
    return out


def _vander_body(x: Any, *, n: int | None, increasing: bool) -> Any:
    if len(shape_of(x)) != 1:
        raise ValueError("x must be a one-dimensional array")
    n = shape_of(x)[0] if n is None else n
    if n < 0:
        raise ValueError("N must be nonnegative")
    xa = lax.aval_of(x) if isinstance(x, Array) else None
    dtype = xa.dtype if xa is not None else registry.INFO[operand(x)[0]].dtype
    iota = lax.iota(dtype, (n,), 0)
    if not increasing:
        iota = lax.sub(lax.const(n - 1, ShapedArray((), dtype, False)), iota)
    return power(lax.reshape(x, (shape_of(x)[0], 1)), lax.reshape(iota, (1, n)))


_vander = jitted(_vander_body, "vander", arrays=1)


def vander(x: ArrayLike, N: int | None = None, increasing: bool = False) -> Array:
    """The Vandermonde matrix of 1-d ``x``: column ``j`` is ``x ** (N - 1 - j)`` (``x ** j`` when ``increasing``),
    ``N`` columns (``len(x)`` by default).

    Example: ``vander(jnp.array([1, 2, 3]), 3)`` is ``[[1, 1, 1], [4, 2, 1], [9, 3, 1]]``.
    """
    out: Array = _vander(x, n=None if N is None else operator.index(N), increasing=bool(increasing))
    return out


def _eye_body(*, n: int, m: int, k: int, dtype: np.dtype[Any]) -> Any:
    return lax.convert_element_type(lax.eye_mask(n, m, k), dtype, False)


_eye = array_fn(_eye_body, "eye")


def eye(N: int, M: int | None = None, k: int = 0, dtype: DTypeLike | None = None, *, device: Any = None) -> Array:
    """A 2-d array with ones on the ``k``-th diagonal and zeros elsewhere (the default float dtype), on ``device``
    when one is given."""
    n = operator.index(N)
    m = n if M is None else operator.index(M)
    if n < 0 or m < 0:
        raise ValueError(f"negative dimensions are not allowed, got {N} and {M}")
    k = operator.index(k)
    return cast(Array, place(_eye(n=n, m=m, k=builtins.max(builtins.min(k, 2**31 - 1), -2**31),
                                  dtype=default_dtype("eye") if dtype is None else canonical_dtype(dtype)), device))


def identity(n: int, dtype: DTypeLike | None = None) -> Array:
    """The ``n`` by ``n`` identity matrix (the default float dtype)."""
    return eye(n, dtype=dtype)


def _tri_body(*, n: int, m: int, k: int, dtype: np.dtype[Any]) -> Any:
    return lax.convert_element_type(lax.tri_mask(n, m, k), dtype, False)


_tri = array_fn(_tri_body, "tri")


def tri(N: int, M: int | None = None, k: int = 0, dtype: DTypeLike | None = None) -> Array:
    """Ones at and below the ``k``-th diagonal, zeros above (float32 unless ``dtype`` is given, as in JAX)."""
    n = operator.index(N)
    return _tri(n=n, m=n if M is None else operator.index(M), k=operator.index(k),
                dtype=default_dtype("tri") if dtype is None else canonical_dtype(dtype))


def _diag_body(v: Any, *, k: int) -> Any:
    """JAX's ``_diag``: a 1-d ``v`` padded to the diagonal's length and selected onto ``eye(n, k=k)`` (its
    diagonal for a 2-d ``v``)."""
    shape = shape_of(v)
    if len(shape) == 1:
        v = as_dtype(v, *_operand_dtype(v)) if not isinstance(v, Array) else v
        a = lax.aval_of(v)
        zero = lax.const(0, ShapedArray((), a.dtype, a.weak_type))
        n = shape[0] + builtins.abs(k)
        v = lax.pad(v, zero, [(builtins.max(0, -k), builtins.max(0, k), 0)])
        return where_call(lax.eye_mask(n, n, k), lax.broadcast_in_dim(v, (n, 1), (0,)), zero)
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


# Arrays from host data (JAX 0.10.2's lax_numpy.frombuffer/fromstring/load, and its refusals of fromfile/fromiter).


def frombuffer(buffer: Any, dtype: DTypeLike = float, count: int = -1, offset: int = 0) -> Array:
    """A 1-d array of the data in ``buffer`` (bytes or any object with the buffer protocol) read as ``dtype``
    (``numpy.frombuffer``, then ``asarray``: the dtype canonicalized, 32-bit with x64 off).

    Example: ``frombuffer(b"\\x01\\x02", dtype=jnp.uint8)`` is ``[1, 2]``.
    """
    out: Array = asarray(np.frombuffer(buffer=buffer, dtype=dtype, count=count, offset=offset))
    return out


def fromstring(string: str, dtype: DTypeLike = float, count: int = -1, *, sep: str) -> Array:
    """A 1-d array of the numbers in the text ``string`` separated by ``sep`` (``numpy.fromstring``, then
    ``asarray``).

    Example: ``fromstring("1 2 3", dtype=int, sep=" ")`` is ``[1, 2, 3]``.
    """
    out: Array = asarray(np.fromstring(string=string, dtype=dtype, count=count, sep=sep))  # pyright: ignore[reportDeprecated, reportCallIssue, reportArgumentType]
    return out


def fromfile(*args: Any, **kwargs: Any) -> Never:
    """Not implemented, as in JAX (reading a file is not pure): use ``asarray(numpy.fromfile(...))``."""
    raise NotImplementedError(
        "jnp.fromfile() is not implemented because it may be non-pure and thus unsafe for use with JIT and other JAX "
        "transformations. Consider using jnp.asarray(np.fromfile(...)) instead, although care should be taken if "
        "np.fromfile is used within a jax transformations because of its potential side-effect of consuming the file "
        "object.")


def fromiter(*args: Any, **kwargs: Any) -> Never:
    """Not implemented, as in JAX (consuming an iterator is not pure): use ``asarray(numpy.fromiter(...))``."""
    raise NotImplementedError(
        "jnp.fromiter() is not implemented because it may be non-pure and thus unsafe for use with JIT and other JAX "
        "transformations. Consider using jnp.asarray(np.fromiter(...)) instead, although care should be taken if "
        "np.fromiter is used within a jax transformations because of its potential side-effect of consuming the "
        "iterable object.")


def load(file: Any, *args: Any, **kwargs: Any) -> Any:
    """An array saved by ``numpy.save`` (or ``save``) read back with ``numpy.load`` as an array (bfloat16 data,
    which numpy stores as 2-byte voids, recovered); anything else ``numpy.load`` returns (an ``.npz`` archive) as
    it is.

    Example: ``load("x.npy")`` is the array saved there.
    """
    out: Any = np.load(file, *args, **kwargs)
    if type(out) is np.ndarray:
        loaded = cast("np.ndarray[Any, np.dtype[Any]]", out)
        if loaded.dtype == np.dtype("V2"):
            out = loaded.view(registry.INFO["bfloat16"].dtype)
        try:
            out = asarray(out)
        except (TypeError, AssertionError):  # an unsupported dtype
            pass
    return out


def fromfunction(function: Callable[..., Any], shape: Any, *, dtype: DTypeLike = float, **kwargs: Any) -> Array:
    """``function`` called once on index arrays (one per axis of ``shape``, of ``dtype``), mapped by ``vmap`` over
    each axis: ``result[i, j, ...] = function(i, j, ...)``.

    Example: ``fromfunction(lambda i, j: i + j, (2, 3))`` is ``[[0., 1., 2.], [1., 2., 3.]]``.
    """
    dims = tuple(operator.index(d) for d in ((shape,) if isinstance(shape, int) else shape))
    for i in range(len(dims)):
        in_axes = [0 if i == j else None for j in range(len(dims))]
        function = vmap(function, in_axes=tuple(in_axes[::-1]))
    out: Array = function(*(arange(s, dtype=dtype) for s in dims), **kwargs)
    return out
