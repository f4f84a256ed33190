"""Shapes and axes: ``reshape``, ``ravel``, ``transpose`` (``permute_dims``, ``matrix_transpose``), ``swapaxes``,
``moveaxis``, ``rollaxis``, ``expand_dims``, ``squeeze``, ``broadcast_to``, ``broadcast_arrays``, ``atleast_1d/2d/3d``,
``flip`` (``fliplr``, ``flipud``), ``rot90``, ``roll``, ``tile``, ``repeat``; the
queries ``ndim``, ``shape``, ``size``. None of them changes a dtype or a weak flag (``op_rules.SHAPE``: ``same``)."""

from __future__ import annotations

import functools
import math
import operator
from collections.abc import Sequence
from typing import Any, Final, NoReturn, cast, overload

import numpy as np

from arraytyping import shape_rules
from arraytyping._src.dtypes.config import config
from arraytyping._src.core.array import Array
from arraytyping._src.core.arraylike import refuse_sequences
from arraytyping._src.core.avals import canonicalize_shape
from arraytyping._src.core.trace import concrete_value
from arraytyping._src.lax import lax
from arraytyping._src.lax.api.functions import dynamic_slice
from arraytyping._src.lax.operand_checks import literal, numpy_broadcast
from arraytyping._src.numpy._promotion import (
    ArrayLike, array_fn, arraylike, jitted, kind_of, operand, promote_args, shape_of,
)
from arraytyping._src.numpy.binary import remainder
from arraytyping._src.numpy.conversion import asarray, broadcast_to_jit, full, zeros
from arraytyping._src.numpy.reductions import cumsum


def _reshape_body(a: Any, *, shape: tuple[int, ...]) -> Any:
    a = promote_args(a)[0]
    return lax.reshape(a, shape)


_reshape = jitted(_reshape_body, "reshape")


_reshape_rule = functools.lru_cache(maxsize=1024)(shape_rules.reshape)
"""``shape_rules.reshape`` memoized: an eager ``reshape`` asks it on every call."""


def reshape(a: Any, shape: Any, order: str = "C", *, copy: bool | None = None) -> Any:
    """``a`` with a new shape (one entry may be -1): :func:`arraytyping.shape_rules.reshape`, its elements read and
    written in row-major (``order="C"``) or column-major (``"F"``) order; ``order="A"`` is not implemented, as in
    JAX. ``copy`` is accepted and unused, as JAX's (arrays are immutable).

    A numpy array or scalar is reshaped by its own ``reshape`` method, as JAX 0.10.2's ``jnp.reshape`` forwards it
    ("forward to method for ndarrays"): the result is numpy's, in the operand's own dtype (``float64`` with x64
    off too), and numpy's errors."""
    del copy  # unused, as JAX's
    if isinstance(arraylike(a, "reshape"), (np.ndarray, np.generic)):
        return a.reshape(shape, order=order)
    if order == "F":
        dims = canonicalize_shape(shape)
        return transpose(reshape(transpose(a), dims[::-1]))
    if order == "A":
        raise NotImplementedError("np.reshape order=A is not implemented.")
    if order != "C":
        raise ValueError(f"Unexpected value for 'order' argument: {order}.")
    dims = canonicalize_shape(shape)
    try:
        new = literal(_reshape_rule(shape_of(a), dims))
    except shape_rules.ShapeError:
        _reshape_error(tuple(shape_of(a)), dims)
    return _reshape(a, shape=new)


def _reshape_error(shape: tuple[int, ...], dims: tuple[int, ...]) -> NoReturn:
    """The error of a reshape :func:`arraytyping.shape_rules.reshape` refuses: JAX 0.10.2's ``TypeError`` and words
    (where JAX divides by zero, a known size of 0 with a ``-1``, the same ``TypeError``)."""
    size = math.prod(shape)
    if dims.count(-1) > 1:
        raise TypeError(f"can only specify one unknown axis size with a `-1` value, got {dims}")
    if -1 in dims:
        known = math.prod(d for d in dims if d != -1)
        if known == 0 or size % known:
            raise TypeError(f"cannot reshape array of shape {shape} (size {size}) into shape {dims} because the "
                            f"product of specified axis sizes ({known}) does not evenly divide {size}")
        dims = tuple(size // known if d == -1 else d for d in dims)
    if math.prod(dims) != size:
        raise TypeError(f"cannot reshape array of shape {shape} (size {size}) into shape {dims} (size "
                        f"{math.prod(dims)})")
    raise TypeError(f"reshape new_sizes must all be positive, got {dims}.")


def _transpose_body(a: Any, *, axes: tuple[int, ...] | None) -> Any:
    a = promote_args(a)[0]
    n = len(shape_of(a))
    return lax.transpose(a, _perm(axes, n))


def _perm(axes: Sequence[int] | None, n: int) -> tuple[int, ...]:
    """The permutation ``axes`` (reversed when ``None``) names: :func:`arraytyping.shape_rules.transpose` of the
    shape ``(0, 1, ..., n - 1)``."""
    try:
        return literal(shape_rules.transpose(tuple(range(n)), axes))
    except shape_rules.ShapeError:
        raise ValueError(f"transpose: axes {tuple(axes or ())} don't match an array of dimension {n}") from None


_transpose = jitted(_transpose_body, "transpose")


def transpose(a: Any, axes: Any = None) -> Any:
    """``a`` with its axes permuted by ``axes`` (reversed when omitted)."""
    refuse_sequences("transpose", a)
    return _transpose(a, axes=None if axes is None else tuple(map(operator.index, axes)))


def permute_dims(a: ArrayLike, /, axes: tuple[int, ...]) -> Array:
    """``a`` with its axes permuted by ``axes`` (the array API's name for :func:`transpose`, whose ``axes`` it
    requires)."""
    refuse_sequences("permute_dims", a)
    perm = tuple(map(operator.index, axes))
    s = shape_of(a)
    if sorted(perm) != list(range(len(s))):
        raise TypeError(f"transpose permutation isn't a permutation of operand dimensions, got permutation {perm} "
                        f"for operand shape {s}.")
    return _permute(a, perm=perm)


def matrix_transpose(x: ArrayLike, /) -> Array:
    """``x`` with its last two axes exchanged (a stack of matrices, each transposed)."""
    refuse_sequences("matrix_transpose", x)
    n = len(shape_of(x))
    if n < 2:
        raise ValueError(f"x must be at least two-dimensional for matrix_transpose; got ndim={n}")
    return _permute(x, perm=(*range(n - 2), n - 1, n - 2))


def broadcast_to(a: Any, shape: Any) -> Any:
    """``a`` broadcast to ``shape`` (NumPy's broadcasting rules), in ``a``'s dtype."""
    refuse_sequences("broadcast_to", a)
    dims = canonicalize_shape(shape)
    return broadcast_to_jit(a, shape=dims)


def ndim(a: Any) -> int:
    """The number of dimensions of ``a`` (an array, a numpy value or a Python scalar)."""
    return len(shape_of(a))


def shape(a: Any) -> tuple[int, ...]:
    """The shape of ``a`` (an array, a numpy value or a Python scalar)."""
    return shape_of(a)


def size(a: Any) -> int:
    """The number of elements of ``a`` (an array, a numpy value or a Python scalar)."""
    return math.prod(shape_of(a))


def broadcast_shapes(*shapes: int | Sequence[int]) -> tuple[int, ...]:
    """The shape that arrays of ``shapes`` broadcast to (a bare int is a rank-1 shape), as JAX's
    ``broadcast_shapes``: ``()`` for none; a ``TypeError`` for a size that is no non-negative integer, a
    ``ValueError`` naming the shapes where they do not broadcast."""
    if not shapes:
        return ()
    tuples: list[tuple[Any, ...]] = [(s,) if np.ndim(s) == 0 else tuple(s) for s in shapes]  # type: ignore[arg-type]
    for t in tuples:
        try:
            sizes = [operator.index(d) for d in t]
        except TypeError:
            raise TypeError(f"Shapes must be 1D sequences of concrete values of integer type, got {t}.") from None
        if any(d < 0 for d in sizes):
            raise TypeError(f"Only non-negative indices are allowed when broadcasting static shapes, but got shape "
                            f"{t!r}.")
    rank = max(len(t) for t in tuples)
    out: list[int] = []
    for dims in zip(*((1,) * (rank - len(t)) + t for t in tuples)):
        sizes = [d for d in dims if d != 1]
        if any(d != sizes[0] for d in sizes[1:]):
            raise ValueError(f"Incompatible shapes for broadcasting: shapes={tuples}")
        out.append(sizes[0] if sizes else dims[0])
    return tuple(out)


def canonicalize_axis(axis: Any, ndim: int) -> int:
    """``axis`` in ``range(ndim)`` (negative ones counted from the end), or numpy's ``AxisError`` (a ``ValueError``
    and an ``IndexError``), as JAX's ``_canonicalize_axis``."""
    a = operator.index(axis)
    if not -ndim <= a < ndim:
        raise np.exceptions.AxisError(a, ndim)
    return a % ndim if ndim else a


def _axis_tuple(axis: Any) -> tuple[int, ...]:
    obj: object = axis
    if isinstance(obj, (tuple, list)):
        axes: Sequence[Any] = axis
        return tuple(operator.index(a) for a in axes)
    return (operator.index(axis),)


def _ravel_body(a: Any, *, fortran: bool) -> Any:
    a = promote_args(a)[0]
    n = len(shape_of(a))
    return lax.reshape(a, (math.prod(shape_of(a)),), tuple(reversed(range(n))) if fortran else None)


_ravel = array_fn(_ravel_body, "ravel")


def ravel(a: ArrayLike, order: str = "C") -> Array:
    """``a`` flattened to one dimension, in C order (the last axis fastest) or with ``order='F'`` Fortran order
    (the first axis fastest); ``'A'`` and ``'K'`` raise ``NotImplementedError``, as in JAX."""
    refuse_sequences("ravel", a)
    if order == "F":
        return _ravel(a, fortran=True)
    if order == "K":
        raise NotImplementedError("Ravel not implemented for order='K'.")
    if order == "A":
        raise NotImplementedError("np.reshape order=A is not implemented.")
    if order != "C":
        raise ValueError(f"Unexpected value for 'order' argument: {order}.")
    return _ravel(a, fortran=False)


def _permute_body(a: Any, *, perm: tuple[int, ...]) -> Any:
    return lax.transpose(promote_args(a)[0], perm)


_permute = array_fn(_permute_body, "transpose")


def swapaxes(a: ArrayLike, axis1: int, axis2: int) -> Array:
    """``a`` with two axes exchanged."""
    refuse_sequences("swapaxes", a)
    n = len(shape_of(a))
    perm = list(range(n))
    i, j = canonicalize_axis(axis1, n), canonicalize_axis(axis2, n)
    perm[i], perm[j] = perm[j], perm[i]
    return _permute(a, perm=tuple(perm))


def moveaxis(a: ArrayLike, source: int | Sequence[int], destination: int | Sequence[int]) -> Array:
    """``a`` with the axes ``source`` moved to the positions ``destination`` (the others keep their order)."""
    refuse_sequences("moveaxis", a)
    n = len(shape_of(a))
    src = tuple(canonicalize_axis(i, n) for i in _axis_tuple(source))
    dst = tuple(canonicalize_axis(i, n) for i in _axis_tuple(destination))
    if len(src) != len(dst):
        raise ValueError(f"Inconsistent number of elements: {len(src)} vs {len(dst)}")
    perm = [i for i in range(n) if i not in src]
    for d, s in sorted(zip(dst, src)):
        perm.insert(d, s)
    return _permute(a, perm=tuple(perm))


def _rollaxis_body(a: Any, *, axis: int, start: int) -> Any:
    a = promote_args(a)[0]
    n = len(shape_of(a))
    ax = canonicalize_axis(axis, n)
    if not -n <= start <= n:
        raise ValueError(f"start={start} must satisfy {-n}<=start<={n}")
    if start < 0:
        start += n
    if start > ax:
        start -= 1
    perm = [i for i in range(n) if i != ax]
    perm.insert(start, ax)
    return lax.transpose(a, tuple(perm))


_rollaxis = array_fn(_rollaxis_body, "rollaxis", call_name="rollaxis")


def rollaxis(a: ArrayLike, axis: int, start: int = 0) -> Array:
    """``a`` with ``axis`` moved to the position before ``start`` (numpy's older form of :func:`moveaxis`)."""
    refuse_sequences("rollaxis", a)
    return _rollaxis(a, axis=operator.index(axis), start=operator.index(start))


def _expand_dims_body(a: Any, *, axis: tuple[int, ...]) -> Any:
    return lax.expand_dims(promote_args(a)[0], axis)


_expand_dims = array_fn(_expand_dims_body, "expand_dims")


def expand_dims(a: ArrayLike, axis: int | Sequence[int]) -> Array:
    """``a`` with size-1 axes inserted at the positions ``axis`` of the result."""
    refuse_sequences("expand_dims", a)
    return _expand_dims(a, axis=_axis_tuple(axis))


def _squeeze_body(a: Any, *, axis: tuple[int, ...] | None) -> Any:
    a = promote_args(a)[0]
    s = shape_of(a)
    if axis is None:
        dims = tuple(i for i, d in enumerate(s) if d == 1)
    else:
        canon = tuple(canonicalize_axis(i, len(s)) for i in axis)
        if len(set(canon)) != len(canon):
            raise ValueError(f"dimensions are not unique: {canon}")  # JAX's lax.squeeze
        dims = tuple(sorted(canon))
        if any(s[d] != 1 for d in dims):
            raise ValueError(f"cannot select an axis to squeeze out which has size not equal to one, got "
                             f"shape={s} and dimensions={dims}")
    return lax.squeeze(a, dims)


_squeeze = array_fn(_squeeze_body, "squeeze")


def squeeze(a: ArrayLike, axis: int | Sequence[int] | None = None) -> Array:
    """``a`` without its axes of size 1 (only those of ``axis`` when given; each must have size 1)."""
    refuse_sequences("squeeze", a)
    return _squeeze(a, axis=None if axis is None else _axis_tuple(axis))


def _broadcast_arrays_body(*args: Any) -> Any:
    arrays = [promote_args(a)[0] for a in args]
    shape = numpy_broadcast(*(shape_of(a) for a in arrays))
    out: list[Any] = []
    for a in arrays:
        s = shape_of(a)
        out.append(a if s == shape else lax.broadcast_in_dim(a, shape, tuple(range(len(shape) - len(s),
                                                                                    len(shape)))))
    return out


_broadcast_arrays = jitted(_broadcast_arrays_body, "broadcast_arrays")


def broadcast_arrays(*args: ArrayLike) -> list[Array]:
    """The arguments broadcast to their common shape (dtypes unchanged)."""
    return list(_broadcast_arrays(*args))


def atleast_body(a: Any, *, ndim: int) -> Any:
    a = promote_args(a)[0]
    s = shape_of(a)
    if len(s) >= ndim:
        return a
    if ndim == 3:
        dims = {0: (0, 1, 2), 1: (0, 2), 2: (2,)}[len(s)]
        return lax.expand_dims(a, dims)
    out = (1,) * (ndim - len(s)) + s
    return lax.broadcast_in_dim(a, out, tuple(range(ndim - len(s), ndim)))


ATLEAST: Final = {n: array_fn(atleast_body, f"atleast_{n}d", call_name=f"atleast_{n}d") for n in (1, 2, 3)}
"""``atleast_1d``, ``atleast_2d`` and ``atleast_3d`` of one array (its ``ndim`` static), by ``ndim``: nested jits
of JAX's names, as in JAX (the joining functions call them too)."""


def _atleast(arys: tuple[Any, ...], ndim: int) -> Array | list[Array]:
    if len(arys) == 1:
        return ATLEAST[ndim](arys[0], ndim=ndim)
    return [ATLEAST[ndim](a, ndim=ndim) for a in arys]


@overload
def atleast_1d() -> list[Array]: ...
@overload
def atleast_1d(x: ArrayLike, /) -> Array: ...
@overload
def atleast_1d(x: ArrayLike, y: ArrayLike, /, *arys: ArrayLike) -> list[Array]: ...
def atleast_1d(*arys: ArrayLike) -> Array | list[Array]:
    """Each argument with at least one dimension (a list for several arguments)."""
    refuse_sequences("atleast_1d", *arys)
    return _atleast(arys, 1)


@overload
def atleast_2d() -> list[Array]: ...
@overload
def atleast_2d(x: ArrayLike, /) -> Array: ...
@overload
def atleast_2d(x: ArrayLike, y: ArrayLike, /, *arys: ArrayLike) -> list[Array]: ...
def atleast_2d(*arys: ArrayLike) -> Array | list[Array]:
    """Each argument with at least two dimensions (leading size-1 axes added)."""
    refuse_sequences("atleast_2d", *arys)
    return _atleast(arys, 2)


@overload
def atleast_3d() -> list[Array]: ...
@overload
def atleast_3d(x: ArrayLike, /) -> Array: ...
@overload
def atleast_3d(x: ArrayLike, y: ArrayLike, /, *arys: ArrayLike) -> list[Array]: ...
def atleast_3d(*arys: ArrayLike) -> Array | list[Array]:
    """Each argument with at least three dimensions (``(N,)`` becomes ``(1, N, 1)``, ``(M, N)`` ``(M, N, 1)``)."""
    refuse_sequences("atleast_3d", *arys)
    return _atleast(arys, 3)


def _flip_body(a: Any, *, axis: tuple[int, ...] | None) -> Any:
    a = promote_args(a)[0]
    n = len(shape_of(a))
    dims = tuple(range(n)) if axis is None else tuple(canonicalize_axis(i, n) for i in axis)
    return lax.rev(a, dims)


_flip = array_fn(_flip_body, "flip", call_name="_flip")


def flip(m: ArrayLike, axis: int | Sequence[int] | None = None) -> Array:
    """``m`` with the order of elements along ``axis`` (all axes by default) reversed."""
    refuse_sequences("flip", m)
    return _flip(m, axis=None if axis is None else _axis_tuple(axis))


def fliplr(m: ArrayLike) -> Array:
    """``m`` with the order of its columns (axis 1) reversed."""
    refuse_sequences("fliplr", m)
    return _flip(m, axis=(1,))


def flipud(m: ArrayLike) -> Array:
    """``m`` with the order of its rows (axis 0) reversed."""
    refuse_sequences("flipud", m)
    return _flip(m, axis=(0,))


def _rot90_body(m: Any, *, k: int, axes: tuple[int, int]) -> Any:
    m = promote_args(m)[0]
    n = len(shape_of(m))
    if n < 2:
        raise ValueError(f"rot90 requires its first argument to have ndim at least two, but got first argument of "
                         f"shape {shape_of(m)}, which has ndim {n}")
    ax1, ax2 = canonicalize_axis(axes[0], n), canonicalize_axis(axes[1], n)
    if ax1 == ax2:
        raise ValueError("Axes must be different")
    k = k % 4
    if k == 0:
        return m
    if k == 2:
        return _flip(_flip(m, axis=(ax1,)), axis=(ax2,))
    perm = list(range(n))
    perm[ax1], perm[ax2] = perm[ax2], perm[ax1]
    if k == 1:
        return lax.transpose(_flip(m, axis=(ax2,)), perm)
    return _flip(lax.transpose(m, perm), axis=(ax2,))


_rot90 = array_fn(_rot90_body, "rot90", call_name="rot90")


def rot90(m: ArrayLike, k: int = 1, axes: tuple[int, int] = (0, 1)) -> Array:
    """``m`` rotated by 90 degrees ``k`` times in the plane of ``axes``."""
    refuse_sequences("rot90", m)
    return _rot90(m, k=operator.index(k), axes=(operator.index(axes[0]),
                                                operator.index(axes[1])))


def _slice_in_dim(a: Any, start: int, stop: int, axis: int) -> Any:
    return lax.slice_in_dim(a, start, stop, axis)


def _roll_body(a: Any, *, shift: tuple[int, ...], axis: tuple[int, ...]) -> Any:
    """JAX's ``_roll_static``: for each axis the two slices around the split point, concatenated."""
    a = promote_args(a)[0]
    n = len(shape_of(a))
    axes = tuple(canonicalize_axis(i, n) for i in axis)
    for ax, sh in zip(*np.broadcast_arrays(np.array(axes), np.array(shift))):
        size = shape_of(a)[int(ax)]
        if size == 0:
            continue
        i = (-int(sh)) % size
        a = lax.concatenate([_slice_in_dim(a, i, size, int(ax)), _slice_in_dim(a, 0, i, int(ax))], int(ax))
    return a


_roll = array_fn(_roll_body, "roll", call_name="_roll_static")


def _roll_flat_body(a: Any, *, shift: tuple[int, ...]) -> Any:
    """The roll of the flattened array, reshaped back (as JAX's ``roll``, outside its ``_roll_static``)."""
    a = promote_args(a)[0]
    s = shape_of(a)
    return lax.reshape(_roll(lax.reshape(a, (math.prod(s),)), shift=shift, axis=(0,)), s)


_roll_flat = array_fn(_roll_flat_body, "roll")


_I32: Final = np.dtype("int32")


def _roll_dynamic_body(a: Any, shift: Any, *, axis: tuple[int, ...]) -> Any:
    """JAX's ``_roll_dynamic``: a shift that is no tuple of integers (an array, traced or of floats) is converted to
    ``int32``, taken modulo each axis's size, and the axis rolled by a dynamic slice of ``a`` concatenated with
    itself."""
    a = promote_args(a)[0]
    s = shape_of(a)
    axes = tuple(canonicalize_axis(i, len(s)) for i in axis)
    b_shape = numpy_broadcast(shape_of(shift), (len(axes),))
    if len(b_shape) != 1:
        raise ValueError("'shift' and 'axis' arguments to roll must be scalars or 1D arrays")
    shift_shape = shape_of(shift)
    shifts = lax.broadcast_in_dim(shift, b_shape, tuple(range(len(b_shape) - len(shift_shape), len(b_shape))))
    for j, ax in enumerate(np.broadcast_to(np.array(axes), b_shape).tolist()):
        size = lax.full((), shape_of(a)[ax], _I32)
        x = lax.convert_element_type(lax.squeeze(lax.slice_in_dim(shifts, j, j + 1, 0), (0,)), _I32)
        x = remainder(x, lax.max(size, lax.full((), 1, _I32)))
        a_concat = lax.concatenate([a, a], ax)
        start = lax.sub(size, x)
        a = dynamic_slice(a_concat, [start if i == ax else np.int32(0) for i in range(len(s))],
                          shape_of(a))
    return a


_roll_dynamic = array_fn(_roll_dynamic_body, "roll", call_name="_roll_dynamic")


def _roll_dynamic_flat_body(a: Any, shift: Any) -> Any:
    a = promote_args(a)[0]
    s = shape_of(a)
    return lax.reshape(_roll_dynamic(lax.reshape(a, (math.prod(s),)), shift, axis=(0,)), s)


_roll_dynamic_flat = array_fn(_roll_dynamic_flat_body, "roll")


def roll(a: ArrayLike, shift: ArrayLike | Sequence[int], axis: int | Sequence[int] | None = None) -> Array:
    """``a`` with its elements shifted by ``shift`` along ``axis`` (the flattened array by default), cyclically.

    As in JAX, a shift that is no integer or sequence of integers (a traced array, floats) is rolled dynamically:
    converted to ``int32`` (floats truncated) and taken modulo the axis's size."""
    refuse_sequences("roll", a)
    arraylike(a, "roll")
    try:
        static = _axis_tuple(shift)
    except TypeError:
        dynamic = asarray(shift)
        if axis is None:
            return _roll_dynamic_flat(a, dynamic)
        return _roll_dynamic(a, dynamic, axis=_axis_tuple(axis))
    if axis is None:
        return _roll_flat(a, shift=static)
    return _roll(a, shift=static, axis=_axis_tuple(axis))


def _tile_body(a: Any, *, reps: tuple[int, ...]) -> Any:
    a = promote_args(a)[0]
    n = len(shape_of(a))
    reps = (1,) * (n - len(reps)) + reps
    if len(reps) > n:
        a = lax.expand_dims(a, tuple(range(len(reps) - n)))
    return lax.tile(a, reps)


_tile = array_fn(_tile_body, "tile")


def tile(A: ArrayLike, reps: int | Sequence[int]) -> Array:
    """``A`` repeated ``reps`` times along each axis."""
    refuse_sequences("tile", A)
    return _tile(A, reps=_axis_tuple(reps))


def repeat_scalar_body(a: Any, *, repeats: int, axis: int | None) -> Any:
    """``repeat`` by one static count: a ``broadcast_in_dim`` adding an axis after ``axis``, then a reshape."""
    a = promote_args(a)[0]
    if axis is None:
        a = lax.reshape(a, (math.prod(shape_of(a)),))
        axis = 0
    s = shape_of(a)
    if not s:
        return lax.broadcast_in_dim(a, (repeats,), ())
    ax = canonicalize_axis(axis, len(s))
    aux = list(s)
    aux.insert(ax + 1, repeats)
    b = lax.broadcast_in_dim(a, tuple(aux), tuple(i for i in range(len(aux)) if i != ax + 1))
    out = list(s)
    out[ax] *= repeats
    return lax.reshape(b, tuple(out))


_repeat_scalar = array_fn(repeat_scalar_body, "repeat")


def repeat(a: ArrayLike, repeats: ArrayLike, axis: int | None = None, *,
           total_repeat_length: int | None = None) -> Array:
    """Each element of ``a`` repeated ``repeats`` times along ``axis`` (of the flattened array by default);
    ``repeats`` may be one count or one per element along the axis (then concrete, or with
    ``total_repeat_length``)."""
    refuse_sequences("repeat", a)
    if np.ndim(repeats) == 0 and total_repeat_length is None and not (isinstance(repeats, Array)
                                                                      and not _concrete(repeats)):
        count: Any = repeats
        return _repeat_scalar(a, repeats=operator.index(count), axis=axis)
    return repeat_by_array(a, repeats, axis, total_repeat_length)


def _concrete(x: Any) -> bool:
    return concrete_value(x) is not None


def repeat_by_array(a: Any, repeats: Any, axis: int | None, total_repeat_length: int | None) -> Array:
    """``repeat`` with one count per element (JAX's ``_repeat``): the gather indices from a scatter-add of block
    starts and a cumulative sum, then ``take``."""
    if kind_of(repeats) not in "iub":
        raise TypeError(f"Indexer must have integer or boolean type, got indexer with type {operand(repeats)[0]}")
    a = asarray(a)
    if axis is None:
        a = ravel(a)
        axis = 0
    ax = canonicalize_axis(axis, a.ndim) if a.ndim else 0
    if total_repeat_length is None:
        known = concrete_value(repeats)
        reps_host = np.ravel(np.asarray(known if known is not None else repeats))
        if a.ndim != 0:
            reps_host = np.broadcast_to(reps_host, (a.shape[ax],))
        total = int(np.sum(reps_host))
        reps: Any = asarray(reps_host.astype(np.int64 if config.x64 else np.int32))
    else:
        total = operator.index(total_repeat_length)
        reps = ravel(asarray(repeats))
        if a.ndim != 0 and reps.shape != (a.shape[ax],):
            reps = broadcast_to(reps, (a.shape[ax],))
    if a.ndim == 0:
        if reps.shape == (1,):
            return cast(Array, full((total,), a))
        raise ValueError("`repeat` with a scalar parameter `a` is only implemented for scalar values of the "
                         "parameter `repeats`.")
    if total == 0:
        out_shape = list(a.shape)
        out_shape[ax] = 0
        av = a.aval
        return cast(Array, lax.full(tuple(out_shape), 0, av.dtype, av.weak_type))
    if a.shape[ax] == 0:
        return cast(Array, a)
    exclusive = roll(reps, 1).at[0].set(0)
    starts = cumsum(exclusive)
    indicators = zeros((total,), dtype="int32").at[starts].add(1)
    gather_indices = cumsum(indicators) - 1
    return cast(Array, a.take(gather_indices, axis=ax))  # jnp.take (the method)
