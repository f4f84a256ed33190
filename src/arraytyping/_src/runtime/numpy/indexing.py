"""Indexing and selection: ``x[index]`` (static ints, slices, ``None``, ``Ellipsis``) and ``where``."""

from __future__ import annotations

import builtins
import operator
from collections.abc import Hashable
from types import EllipsisType
from typing import Any, TypeAlias

import numpy as np

from arraytyping._src.runtime import lax
from arraytyping._src.runtime.array import Array
from arraytyping._src.runtime.numpy._promotion import (
    ARRAY_TYPES, as_dtype, broadcast_to_shape, common_dtype, jitted, scalar_type, shape_of, to_bool,
)


def _where(condition: Any, x: Any, y: Any) -> Any:
    shape = tuple(np.broadcast_shapes(shape_of(condition), shape_of(x), shape_of(y)))
    c = to_bool(condition if isinstance(condition, Array) else as_dtype(condition, *scalar_type(condition)))
    dtype, weak = common_dtype(x, y)
    x, y = as_dtype(x, dtype, weak), as_dtype(y, dtype, weak)
    c, x, y = (broadcast_to_shape(v, shape) for v in (c, x, y))
    return lax.select_n(c, y, x)


_where_jit = jitted(_where, "where")


def where(condition: Any, x: Any = None, y: Any = None) -> Any:
    """Elements of ``x`` where ``condition`` holds, else of ``y`` (both promoted together, all broadcast)."""
    if x is None or y is None:
        raise ValueError("arraytyping.numpy.where needs three arguments (the one-argument form has a "
                         "data-dependent shape)")
    return _where_jit(condition, x, y)


def _getitem_body(x: Any, *, index: tuple[Any, ...]) -> Any:
    shape = shape_of(x)
    n_real = builtins.sum(1 for i in index if i is not None and i is not Ellipsis)
    if builtins.sum(1 for i in index if i is Ellipsis) > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    if n_real > len(shape):
        raise IndexError(f"too many indices for array: array is {len(shape)}-dimensional, but {n_real} were indexed")
    expanded: list[Any] = []
    for i in index:
        if i is Ellipsis:
            expanded.extend([slice(None)] * (len(shape) - n_real))
        else:
            expanded.append(i)
    if Ellipsis not in index:
        expanded.extend([slice(None)] * (len(shape) - n_real))
    start: list[int] = []
    limit: list[int] = []
    strides: list[int] = []
    squeeze_dims: list[int] = []
    rev_dims: list[int] = []
    new_axes: list[int] = []
    dim = 0
    out_pos = 0
    for i in expanded:
        if i is None:
            new_axes.append(out_pos)
            out_pos += 1
            continue
        n = shape[dim]
        if isinstance(i, int):
            k = i + n if i < 0 else i
            if not 0 <= k < n:
                raise IndexError(f"index {i} is out of bounds for axis {dim} with size {n}")
            start.append(k)
            limit.append(k + 1)
            strides.append(1)
            squeeze_dims.append(dim)
        else:
            lo, hi, step = i.indices(n)
            if step > 0:
                start.append(lo)
                limit.append(builtins.max(lo, hi))
                strides.append(step)
            else:
                count = len(range(lo, hi, step))
                if count == 0:
                    start.append(0)
                    limit.append(0)
                    strides.append(1)
                else:
                    last = lo + (count - 1) * step
                    start.append(last)
                    limit.append(lo + 1)
                    strides.append(-step)
                    rev_dims.append(dim)
            out_pos += 1
        dim += 1
    if tuple(start) != (0,) * len(shape) or tuple(limit) != shape or builtins.any(s != 1 for s in strides):
        x = lax.slice(x, start, limit, strides)
    if rev_dims:
        x = lax.rev(x, rev_dims)
    x = lax.squeeze(x, squeeze_dims)
    if new_axes:
        s = shape_of(x)
        out_shape = list(s)
        for p in new_axes:
            out_shape.insert(p, 1)
        kept = [p for p in range(len(out_shape)) if p not in new_axes]
        x = lax.broadcast_in_dim(x, tuple(out_shape), tuple(kept))
    return x


_getitem = jitted(_getitem_body, "getitem")


_StaticIndexItem: TypeAlias = "int | slice[int | None, int | None, int | None] | None | EllipsisType"
"""One item of a static index, after :func:`_static_index_item`."""


def _static_index_item(i: Any) -> _StaticIndexItem:
    if i is None:
        return None
    if i is Ellipsis:
        return ...
    obj: object = i  # tested unnarrowed, so the slice's parts stay ``Any``
    if isinstance(obj, slice):
        sl: slice[Any, Any, Any] = i
        parts: tuple[Any, Any, Any] = (sl.start, sl.stop, sl.step)
        if builtins.all(v is None or isinstance(v, int) for v in parts):
            if sl.step == 0:
                raise ValueError("slice step cannot be zero")
            return sl
        return slice(*(None if v is None else operator.index(v) for v in parts))
    if isinstance(obj, (bool, np.bool_)):
        raise IndexError("boolean indices are not supported (they give data-dependent shapes)")
    if type(obj) is list or (isinstance(i, ARRAY_TYPES) and np.ndim(i) != 0):
        raise IndexError(f"advanced (array) indexing is not supported yet; got an index of type "
                         f"{_type_name(i)}. Use ints, slices, None and Ellipsis")
    return operator.index(i)


def _type_name(x: object) -> str:
    return type(x).__name__


def _index_key_item(i: _StaticIndexItem) -> Hashable:
    """``i`` as a hashable value (a slice as its parts, ``...`` as a tag)."""
    if isinstance(i, slice):
        return (i.start, i.stop, i.step)
    return ("...",) if i is Ellipsis else i


def getitem(x: Any, index: Any) -> Any:
    """``x[index]`` for static ints, slices, ``None`` and ``Ellipsis``."""
    obj: object = index
    items: tuple[Any, ...] = index if isinstance(obj, tuple) else (index,)
    idx = tuple(_static_index_item(i) for i in items)
    return _getitem(x, index=_IndexKey(idx, tuple(_index_key_item(i) for i in idx)))


class _IndexKey(tuple[_StaticIndexItem, ...]):
    """A hashable static index (slices are not hashable before Python 3.12)."""

    _key: tuple[Hashable, ...]

    def __new__(cls, idx: tuple[_StaticIndexItem, ...], key: tuple[Hashable, ...]) -> _IndexKey:
        self = super().__new__(cls, idx)
        self._key = key
        return self

    def __hash__(self) -> int:
        return hash(self._key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _IndexKey) and self._key == other._key
