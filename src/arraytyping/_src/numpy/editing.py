"""Arrays edited into new ones, as JAX 0.10.2's ``lax_numpy.py`` builds them from slices, ``tile`` and indexing:
``resize`` (the flattened array repeated to fill a new shape) and ``delete`` (entries removed along an axis). Both
keep the array's dtype and weak flag (op_rules' ``SHAPE`` family ``same``); so does ``trim_zeros`` (leading and
trailing zeros cut from a concrete array)."""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from typing import Any, Final

import numpy as np

from arraytyping._src.core.array import Array
from arraytyping._src.core.arraylike import refuse_sequences
from arraytyping._src.core.trace import ConcretizationTypeError, concrete_value
from arraytyping._src.lax import lax
from arraytyping._src.numpy._promotion import ArrayLike, jitted, kind_of, shape_of
from arraytyping._src.numpy.conversion import asarray, full, ones, zeros_like
from arraytyping._src.numpy.creation import arange
from arraytyping._src.numpy.joining import concatenate
from arraytyping._src.numpy.ordering import argsort, sort
from arraytyping._src.numpy.selection import clip, where
from arraytyping._src.numpy.shape import broadcast_shapes, canonicalize_axis, moveaxis, ravel, reshape, swapaxes, tile

__all__ = ["delete", "insert", "packbits", "resize", "trim_zeros", "unpackbits"]


def _index_tuple(shape: Any) -> tuple[int, ...]:
    """An int or a sequence of ints as a tuple of ints (JAX's ``_ensure_index_tuple``)."""
    try:
        return (operator.index(shape),)
    except TypeError:
        return tuple(operator.index(d) for d in shape)


def resize(a: ArrayLike, new_shape: int | Sequence[int]) -> Array:
    """``a`` flattened and repeated (or cut) to fill ``new_shape``; zeros where ``a`` or the new shape is empty."""
    refuse_sequences("resize", a)
    shape = _index_tuple(new_shape)
    if any(d < 0 for d in shape):
        raise ValueError("all elements of `new_shape` must be non-negative")
    arr = ravel(a)
    size, new_size = shape_of(arr)[0], math.prod(shape)
    out: Array = zeros_like(arr, shape=shape) if size == 0 or new_size == 0 else reshape(
        tile(arr, -(-new_size // size))[:new_size], shape)
    return out


def delete(arr: ArrayLike, obj: ArrayLike | slice, axis: int | None = None, *,
           assume_unique_indices: bool = False) -> Array:
    """``arr`` without the entries ``obj`` names along ``axis`` (flattened first when ``axis`` is None): one index,
    a slice, integer indices (concrete, or of any value with ``assume_unique_indices``) or a boolean mask of the
    axis' length."""
    refuse_sequences("delete", arr)
    a: Any = asarray(arr)
    if axis is None:
        a, axis = ravel(a), 0
    ax = canonicalize_axis(axis, len(shape_of(a)))
    n = shape_of(a)[ax]
    before = (slice(None),) * ax
    target: Any = obj
    try:
        index = operator.index(target)
    except TypeError:
        pass
    else:
        index = canonicalize_axis(index, n)
        return concatenate([a[(*before, slice(0, index))], a[(*before, slice(index + 1, None))]], axis=ax)
    if isinstance(target, slice):
        target, assume_unique_indices = arange(n)[target], True
    refuse_sequences("delete", a, target)
    kind = np.dtype(target.dtype).kind if hasattr(target, "dtype") else np.result_type(target).kind
    if kind in "iu" and assume_unique_indices:
        drop: Any = ravel(asarray(target))
        drop = sort(clip(where(drop < 0, drop + n, drop), 0, n))
        drop = drop - arange(shape_of(drop)[0], dtype=drop.dtype)
        keep: Any = arange(n - shape_of(drop)[0], dtype=drop.dtype)
        keep = keep + (keep[None, :] >= drop[:, None]).sum(0, dtype=keep.dtype)
        kept: Array = a[(*before, keep)]
        return kept
    known = concrete_value(target)
    if known is None:
        raise ConcretizationTypeError("'obj' array argument of jnp.delete() must be concrete (or give "
                                      "assume_unique_indices=True with integer indices)")
    host = np.asarray(known)
    if host.dtype.kind in "iu":
        mask = np.ones(n, dtype=bool)
        mask[host] = False
    elif host.dtype == bool:
        if host.shape != (n,):
            raise ValueError("np.delete(arr, obj): for boolean indices, obj must be one-dimensional with length "
                             "matching specified axis.")
        mask = ~host
    else:
        raise ValueError(f"np.delete(arr, obj): got obj.dtype={host.dtype}; must be integer or bool.")
    masked: Array = a[(*before, mask)]
    return masked


def insert(arr: ArrayLike, obj: ArrayLike | slice, values: ArrayLike, axis: int | None = None) -> Array:
    """``arr`` with ``values`` inserted before the indices ``obj`` along ``axis`` (flattened first when ``axis`` is
    None), in ``arr``'s dtype.

    Args:
        arr: the array.
        obj: one index, a slice or one-dimensional integer indices (negative ones count from the end; all clipped
            to the axis' length).
        values: what is inserted, broadcast to the inserted slots and converted to ``arr``'s dtype.
        axis: the axis (concrete); None flattens ``arr``.

    Example: ``insert(jnp.array([1, 2, 3]), 1, 9)`` is ``[1, 9, 2, 3]``.
    """
    refuse_sequences("insert", arr, 0 if isinstance(obj, slice) else obj, values)
    a: Any = asarray(arr)
    if axis is None:
        a, axis = ravel(a), 0
    if concrete_value(axis) is None:
        raise ConcretizationTypeError("Abstract tracer value encountered where concrete value is expected: "
                                      "axis argument of jnp.insert()")
    ax = canonicalize_axis(operator.index(axis), len(shape_of(a)))
    indices: Any = arange(*obj.indices(shape_of(a)[ax])) if isinstance(obj, slice) else asarray(obj)
    if len(shape_of(indices)) > 1:
        raise ValueError(f"jnp.insert(): obj must be a slice, a one-dimensional array, or a scalar; got {obj}")
    if kind_of(indices) not in "iu":
        if math.prod(shape_of(indices)) == 0 and not isinstance(obj, Array):
            indices = indices.astype(int)
        else:
            raise ValueError(f"jnp.insert(): index array must be integer typed; got {obj}")
    values_arr: Any = asarray(values, dtype=a.dtype)
    extra = len(shape_of(a)) - len(shape_of(values_arr))
    if extra > 0:
        values_arr = reshape(values_arr, (1,) * extra + tuple(shape_of(values_arr)))
    if math.prod(shape_of(indices)) == 1:
        index = ravel(indices)[0]
        if not shape_of(indices):
            values_arr = moveaxis(values_arr, 0, ax)
        indices = full(shape_of(values_arr)[ax], index)
    n_input = shape_of(a)[ax]
    n_insert = broadcast_shapes(shape_of(indices), (shape_of(values_arr)[ax],))[0]
    out_shape = list(shape_of(a))
    out_shape[ax] += n_insert
    out: Any = zeros_like(a, shape=tuple(out_shape))
    indices = where(indices < 0, indices + n_input, indices)
    indices = clip(indices, 0, n_input)
    values_ind = indices.at[argsort(indices)].add(arange(n_insert, dtype=indices.dtype))
    arr_mask = ones(n_input + n_insert, dtype=bool).at[values_ind].set(False)
    arr_ind = where(arr_mask, size=n_input)[0]
    before = (slice(None),) * ax
    out = out.at[(*before, values_ind)].set(values_arr)
    result: Array = out.at[(*before, arr_ind)].set(a)
    return result


def trim_zeros(filt: ArrayLike, trim: str = "fb", axis: int | Sequence[int] | None = None) -> Array:
    """``filt`` without its leading (``'f'`` in ``trim``) and trailing (``'b'``) zeros, along each axis of ``axis``
    (all by default). The result's shape depends on the values, so ``filt`` must be concrete (not under ``jit``).

    Args:
        filt: the array.
        trim: ``'f'``, ``'b'`` or ``'fb'`` (the default): which ends to trim.
        axis: the axis or axes trimmed; all when None.

    Example: ``trim_zeros(jnp.array([0, 0, 2, 0, 1, 0]))`` is ``[2, 0, 1]``.
    """
    refuse_sequences("trim_zeros", filt)
    arr = asarray(filt)
    known = concrete_value(arr)
    if known is None:
        raise ConcretizationTypeError("Abstract tracer value encountered where concrete value is expected: "
                                      "Error arose in the `filt` argument of trim_zeros()")
    host = np.asarray(known)
    nd = host.ndim
    axes = range(nd) if axis is None else [canonicalize_axis(a, nd) for a in
                                          ((axis,) if isinstance(axis, int) else tuple(axis))]
    axis_set = set(axes)
    low = trim.lower()
    if not axis_set or ("f" not in low and "b" not in low):
        unchanged: Array = arr
        return unchanged

    def cut(ax: int) -> slice:
        if ax not in axis_set:
            return slice(None)
        mask = np.asarray(host.any(axis=tuple(i for i in range(nd) if i != ax)))
        if not mask.any():
            return slice(0, 0)
        start = int(mask.argmax()) if "f" in low else None
        stop = host.shape[ax] - int(mask[::-1].argmax()) if "b" in low else None
        return slice(start, stop)

    out: Array = arr[tuple(cut(ax) for ax in range(nd))]
    return out


# Bits packed into uint8 and unpacked (JAX 0.10.2's lax_numpy.packbits/unpackbits).

_U8: Final = np.dtype("uint8")


def _packbits_body(a: Any, *, axis: int | None, bitorder: str) -> Any:
    if kind_of(a) not in "iub":
        raise TypeError("Expected an input array of integer or boolean data type")
    if bitorder not in ("little", "big"):
        raise ValueError("'order' must be either 'little' or 'big'")
    arr = lax.convert_element_type(lax.ne(a, lax.full((), 0, lax.aval_of(a).dtype)), _U8, False)
    bits = lax.iota(_U8, (8,), 0)
    if bitorder == "big":
        bits = lax.rev(bits, (0,))
    if axis is None:
        arr = ravel(arr)
        axis = 0
    arr = swapaxes(arr, axis, -1)
    shape = shape_of(arr)
    remainder = shape[-1] % 8
    if remainder:
        arr = lax.pad(arr, lax.full((), 0, _U8), [(0, 0, 0)] * (len(shape) - 1) + [(0, 8 - remainder, 0)])
        shape = shape_of(arr)
    arr = lax.reshape(arr, shape[:-1] + (shape[-1] // 8, 8))
    bits = lax.reshape(bits, (1,) * (len(shape_of(arr)) - 1) + (8,))
    packed = (arr << bits).sum(-1).astype(_U8)
    return swapaxes(packed, axis, -1)


_packbits = jitted(_packbits_body, "packbits", arrays=1)


def packbits(a: ArrayLike, axis: int | None = None, bitorder: str = "big") -> Array:
    """The elements of an integer or bool array, as bits (nonzero: 1), packed eight to a ``uint8`` along ``axis``
    (the flattened array when None), the first bit the highest (``bitorder='big'``) or the lowest.

    Example: ``packbits(jnp.array([1, 0, 1, 1, 0, 0, 0, 0]))`` is ``[176]``.
    """
    out: Array = _packbits(a, axis=None if axis is None else operator.index(axis), bitorder=bitorder)
    return out


def _unpackbits_body(a: Any, *, axis: int | None, count: int | None, bitorder: str) -> Any:
    if lax.aval_of(a).dtype != _U8:
        raise TypeError("Expected an input array of unsigned byte data type")
    if bitorder not in ("little", "big"):
        raise ValueError("'order' must be either 'little' or 'big'")
    bits = lax.shift_left(lax.full((8,), 1, _U8), lax.iota(_U8, (8,), 0))
    if bitorder == "big":
        bits = lax.rev(bits, (0,))
    arr = a
    if axis is None:
        arr = ravel(arr)
        axis = 0
    arr = swapaxes(arr, axis, -1)
    nd = len(shape_of(arr))
    both = lax.bitwise_and(lax.reshape(arr, shape_of(arr) + (1,)), lax.reshape(bits, (1,) * nd + (8,)))
    unpacked = lax.convert_element_type(lax.gt(both, lax.full((), 0, _U8)), _U8, False)
    unpacked = lax.reshape(unpacked, shape_of(unpacked)[:-2] + (shape_of(unpacked)[-2] * 8,))
    if count is not None:
        length = shape_of(unpacked)[-1]
        if count > length:
            unpacked = lax.pad(unpacked, lax.full((), 0, _U8),
                               [(0, 0, 0)] * (len(shape_of(unpacked)) - 1) + [(0, count - length, 0)])
        else:
            unpacked = unpacked[..., :count]
    return swapaxes(unpacked, axis, -1)


_unpackbits = jitted(_unpackbits_body, "unpackbits", arrays=1)


def unpackbits(a: ArrayLike, axis: int | None = None, count: int | None = None, bitorder: str = "big") -> Array:
    """The bits of a ``uint8`` array, eight elements (0 or 1, ``uint8``) per byte along ``axis`` (the flattened
    array when None), the highest first (``bitorder='big'``) or the lowest; ``count`` cuts or zero-pads them.

    Example: ``unpackbits(jnp.array([176], jnp.uint8))`` is ``[1, 0, 1, 1, 0, 0, 0, 0]``.
    """
    out: Array = _unpackbits(a, axis=None if axis is None else operator.index(axis),
                             count=None if count is None else operator.index(count), bitorder=bitorder)
    return out
