"""Differences of neighbouring elements: ``diff`` and ``ediff1d``, as JAX 0.10.2's ``jax.numpy``. ``diff``'s
``prepend``/``append`` join the array first, promoted with it (``op_rules.SHAPE``: ``promote``; with ``n=0`` the
array is returned as it is); a bool array differs by ``!=``, any other by subtraction, so the result has the joined
array's dtype and weak flag. ``ediff1d`` subtracts the flattened neighbours (bool refused) and joins its ends cast
to that dtype (``op_rules.ediff1d_result``). ``trapezoid`` integrates by the trapezoidal rule in the inexact dtype
of ``y`` (and ``x``) promoted, as JAX 0.10.2 does."""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from typing import Any, overload

from arraytyping import op_rules
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import config
from arraytyping._src.core.array import Array
from arraytyping._src.core.arraylike import refuse_sequences
from arraytyping._src.lax import lax
from arraytyping._src.numpy._promotion import (
    ArrayLike, array_fn, arraylike, as_dtype, common_dtype, finish, jitted, kind_of, operand, promote_args,
    shape_of, to_inexact_dtype,
)
from arraytyping._src.numpy.binary import mod
from arraytyping._src.interpreters.autodiff.ad import materialize
from arraytyping._src.numpy.conversion import asarray, astype
from arraytyping._src.numpy.reductions import cumsum
from arraytyping._src.numpy.selection import where
from arraytyping._src.numpy.unary import abs
from arraytyping._src.numpy.joining import concatenate
from arraytyping._src.numpy.shape import broadcast_to, canonicalize_axis, expand_dims, moveaxis, ravel

__all__ = ["diff", "ediff1d", "gradient", "trapezoid", "unwrap"]


def _edge(extra: Any, shape: tuple[int, ...], axis: int) -> Any:
    """A ``prepend``/``append`` value: a scalar broadcast to one slice along ``axis``."""
    if shape_of(extra):
        return extra
    edge = list(shape)
    edge[axis] = 1
    return broadcast_to(extra, tuple(edge))


def _diff_body(a: Any, prepend: Any = None, append: Any = None, *, n: int, axis: int) -> Any:
    arr = promote_args(a)[0]
    if n == 0:
        return arr
    if n < 0:
        raise ValueError(f"order must be non-negative but got {n}")
    nd = len(shape_of(arr))
    if nd == 0:
        raise ValueError(f"diff requires input that is at least one dimensional; got {arr.aval.str_short()}")
    ax = canonicalize_axis(axis, nd)
    shape = shape_of(arr)
    combined = [*(() if prepend is None else (_edge(prepend, shape, ax),)), arr,
                *(() if append is None else (_edge(append, shape, ax),))]
    if len(combined) > 1:
        arr = concatenate(combined, ax)
    later = tuple(slice(1, None) if i == ax else slice(None) for i in range(nd))
    earlier = tuple(slice(None, -1) if i == ax else slice(None) for i in range(nd))
    op = operator.ne if kind_of(arr) == "b" else operator.sub
    for _ in range(n):
        arr = op(arr[later], arr[earlier])
    return arr


_diff = array_fn(_diff_body, "diff", call_name="diff")


def diff(a: ArrayLike, n: int = 1, axis: int = -1, prepend: ArrayLike | None = None,
         append: ArrayLike | None = None) -> Array:
    """The ``n``-th differences of neighbouring elements along ``axis`` (``a[1:] - a[:-1]``, applied ``n`` times;
    ``!=`` for bool), after joining ``prepend`` and ``append`` (a scalar is one slice) to ``a``."""
    refuse_sequences("diff", a, *(x for x in (prepend, append) if x is not None))
    return _diff(a, prepend, append, n=operator.index(n), axis=operator.index(axis))


def _ediff1d_body(ary: Any, to_begin: Any = None, to_end: Any = None) -> Any:
    """JAX's ``ediff1d``: ``arr[1:] - arr[:-1]`` of the flattened array, with ``to_begin`` and ``to_end``
    (flattened, cast to its dtype) joined before and after."""
    ends = to_end is not None or to_begin is not None
    name, weak = op_rules.ediff1d_result(operand(ary), config.lattice_config, ends=ends)
    arr = ravel(promote_args(arraylike(ary, "ediff1d"))[0])
    result = lax.sub(arr[1:], arr[:-1])
    dtype = lax.aval_of(arr).dtype
    if to_begin is not None:
        result = concatenate((ravel(astype(arraylike(to_begin, "ediff1d"), dtype)), result))
    if to_end is not None:
        result = concatenate((result, ravel(astype(arraylike(to_end, "ediff1d"), dtype))))
    return finish("ediff1d", result, registry.INFO[name].dtype, weak)


_ediff1d = array_fn(_ediff1d_body, "ediff1d", call_name="ediff1d")


def ediff1d(ary: ArrayLike, to_end: ArrayLike | None = None, to_begin: ArrayLike | None = None) -> Array:
    """The differences of neighbouring elements of ``ary`` flattened (``ary.ravel()[1:] - ary.ravel()[:-1]``), with
    ``to_begin`` and ``to_end`` (cast to its dtype) joined before and after."""
    return _ediff1d(ary, to_begin, to_end)  # in the order JAX's jit gives keyword arguments: by name


def _inexact(*args: Any) -> list[Any]:
    """JAX's ``promote_dtypes_inexact``, without rank promotion."""
    dtype, weak = common_dtype(*args)
    return [as_dtype(a, to_inexact_dtype(dtype), weak) for a in args]


def _trapezoid_body(y: Any, x: Any, dx: Any, *, axis: int) -> Any:
    if x is None:
        (y_arr,) = _inexact(y)
        dx_array = asarray(dx)
        if shape_of(dx_array):
            dx_array = expand_dims(dx_array, tuple(range(len(shape_of(y_arr)) - len(shape_of(dx_array)))))
            dx_array = moveaxis(dx_array, axis, -1)
    else:
        y_arr, x_arr = _inexact(y, x)
        x_arr = materialize(x_arr)  # a constant under a transformation (grad in y alone) is sliced as an array
        if len(shape_of(x_arr)) == 1:
            dx_array = _diff_body(x_arr, n=1, axis=-1)
        else:
            dx_array = moveaxis(_diff_body(x_arr, n=1, axis=axis), axis, -1)
    y_arr = moveaxis(y_arr, axis, -1)
    if not shape_of(dx_array) or shape_of(dx_array)[-1] == 1:
        dx_reduced = dx_array if not shape_of(dx_array) else dx_array[..., 0]
        return dx_reduced * (y_arr.sum(-1) - 0.5 * (y_arr[..., 0] + y_arr[..., -1]))
    return 0.5 * (dx_array * (y_arr[..., 1:] + y_arr[..., :-1])).sum(-1)


_trapezoid = jitted(_trapezoid_body, "trapezoid")


def trapezoid(y: ArrayLike, x: ArrayLike | None = None, dx: ArrayLike = 1.0, axis: int = -1) -> Array:
    """The integral of ``y`` along ``axis`` by the trapezoidal rule, at sample points ``x`` (or spaced ``dx``).

    Args:
        y: the values to integrate.
        x: the sample points (1-d, or of ``y``'s shape); when None, spaced ``dx`` apart.
        dx: the spacing when ``x`` is None.
        axis: the axis to integrate along.

    Example: ``trapezoid(jnp.array([1.0, 2.0, 3.0]))`` is ``4.0``.
    """
    refuse_sequences("trapezoid", y, *(() if x is None else (x,)))
    out: Array = _trapezoid(arraylike(y, "trapezoid"), None if x is None else arraylike(x, "trapezoid"), dx,
                            axis=operator.index(axis))
    return out


def _unwrap_body(p: Any, discont: Any, period: Any, *, axis: int) -> Any:
    dtype, weak = common_dtype(p, period)
    p, period = (lax.convert_element_type(asarray(v), dtype, weak) for v in (p, period))
    if kind_of(p) == "c":
        raise ValueError("jnp.unwrap does not support complex inputs.")
    if shape_of(p)[axis] == 0:
        return p
    if discont is None:
        discont = period / 2
    interval = period // 2 if kind_of(p) in "iu" else period / 2
    dd = _diff_body(p, n=1, axis=axis)
    ddmod = mod(dd + interval, period) - interval
    ddmod = where((ddmod == -interval) & (dd > 0), interval, ddmod)
    ph_correct = where(abs(dd) < discont, 0, ddmod - dd)
    nd = len(shape_of(p))
    ax = canonicalize_axis(axis, nd)
    first = tuple(slice(0, 1) if i == ax else slice(None) for i in range(nd))
    rest = tuple(slice(1, None) if i == ax else slice(None) for i in range(nd))
    return concatenate((p[first], p[rest] + cumsum(ph_correct, axis=ax)), ax)


_unwrap = jitted(_unwrap_body, "unwrap", arrays=1)


def unwrap(p: ArrayLike, discont: ArrayLike | None = None, axis: int = -1, period: ArrayLike = 2 * math.pi) -> Array:
    """``p`` with its jumps along ``axis`` larger than ``discont`` (``period / 2`` by default) taken back by
    multiples of ``period``: a phase made continuous.

    Example: ``unwrap(jnp.array([0.0, 6.0]))`` is ``[0.0, 6.0 - 2 * pi]``.
    """
    out: Array = _unwrap(p, discont, period, axis=operator.index(axis))
    return out


def _gradient_along_axis(a: Any, h: Any, axis: int) -> Any:
    nd = len(shape_of(a))

    def sliced(x: Any, start: int | None, stop: int | None) -> Any:
        return x[tuple(slice(start, stop) if i == axis else slice(None) for i in range(nd))]

    upper_edge = sliced(a, 1, 2) - sliced(a, 0, 1)
    lower_edge = sliced(a, -1, None) - sliced(a, -2, -1)
    if not shape_of(h):
        inner = (sliced(a, 2, None) - sliced(a, None, -2)) * 0.5 / h
        lower_edge = lower_edge / h
        upper_edge = upper_edge / h
    elif len(shape_of(h)) == 1:
        if shape_of(h)[0] != shape_of(a)[axis]:
            raise ValueError("Spacing arrays must have the same length as the dimension along which the gradient is "
                             "calculated.")
        h_shape = [1] * nd
        h_shape[axis] = shape_of(h)[0]
        h = lax.reshape(h, tuple(h_shape))
        upper_edge = upper_edge / (sliced(h, 1, 2) - sliced(h, 0, 1))
        lower_edge = lower_edge / (sliced(h, -1, None) - sliced(h, -2, -1))
        dx1 = sliced(h, 1, -1) - sliced(h, 0, -2)
        dx2 = sliced(h, 2, None) - sliced(h, 1, -1)
        ca = -dx2 / (dx1 * (dx1 + dx2))
        cb = (dx2 - dx1) / (dx1 * dx2)
        cc = dx1 / (dx2 * (dx1 + dx2))
        inner = ca * sliced(a, 0, -2) + cb * sliced(a, 1, -1) + cc * sliced(a, 2, None)
    else:
        raise ValueError("Spacing arrays must be 1D arrays or scalars.")
    return concatenate((upper_edge, inner, lower_edge), axis)


def _gradient_body(f: Any, *varargs: Any, axis: tuple[int, ...] | None, edge_order: int | None) -> Any:
    if edge_order is not None:
        raise NotImplementedError("The 'edge_order' argument to jnp.gradient is not supported.")
    a, *spacing = _inexact(f, *varargs)
    nd = len(shape_of(a))
    axis_tuple = tuple(range(nd)) if axis is None else tuple(canonicalize_axis(i, nd) for i in axis)
    if not axis_tuple:
        return []
    if min(s for i, s in enumerate(shape_of(a)) if i in axis_tuple) < 2:
        raise ValueError("Shape of array too small to calculate a numerical gradient, at least 2 elements are "
                         "required.")
    if not spacing:
        dx: list[Any] = [1.0] * len(axis_tuple)
    elif len(spacing) == 1:
        dx = list(spacing) * len(axis_tuple)
    elif len(spacing) == len(axis_tuple):
        dx = list(spacing)
    else:
        raise TypeError(f"Invalid number of spacing arguments {len(spacing)} for axis={axis}")
    grads = [_gradient_along_axis(a, h, ax) for ax, h in zip(axis_tuple, dx)]
    return grads[0] if len(axis_tuple) == 1 else grads


_gradient = jitted(_gradient_body, "gradient")


@overload
def gradient(f: ArrayLike, *varargs: ArrayLike, axis: int, edge_order: int | None = None) -> Array: ...
@overload
def gradient(f: ArrayLike, *varargs: ArrayLike, axis: Sequence[int] | None = None,
             edge_order: int | None = None) -> Any: ...
def gradient(f: ArrayLike, *varargs: ArrayLike, axis: int | Sequence[int] | None = None,
             edge_order: int | None = None) -> Array | list[Array]:
    """The numerical gradient of ``f`` by central differences (one-sided at the edges), along each axis of ``axis``
    (all by default): one array for one axis, else a list. ``varargs``: the spacing (a scalar, or the coordinates
    along the axis), one for all axes or one per axis. (Typed ``Any`` unless ``axis`` is one int: the rank decides
    between an array and a list.)

    Example: ``gradient(jnp.array([1.0, 2.0, 4.0, 7.0]))`` is ``[1.0, 1.5, 2.5, 3.0]``.
    """
    refuse_sequences("gradient", f, *varargs)
    axes = None if axis is None else ((operator.index(axis),) if not isinstance(axis, Sequence)
                                      else tuple(operator.index(i) for i in axis))
    out: Array | list[Array] = _gradient(f, *varargs, axis=axes, edge_order=edge_order)
    return out
