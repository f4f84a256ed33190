"""Shapes: ``reshape``, ``transpose``, ``broadcast_to``; the queries ``ndim``, ``shape``, ``size``."""

from __future__ import annotations

import builtins
import math
import operator
from collections.abc import Sequence
from typing import Any

import numpy as np

from arraytyping._src.runtime import lax
from arraytyping._src.runtime.avals import SEQUENCE_TYPES
from arraytyping._src.runtime.numpy._promotion import jitted, promote_args, shape_of


def _reshape_body(a: Any, *, shape: tuple[int, ...]) -> Any:
    a = promote_args(a)[0]
    return lax.reshape(a, shape)


_reshape = jitted(_reshape_body, "reshape")


def reshape(a: Any, shape: Any) -> Any:
    """``a`` with a new shape (one entry may be -1)."""
    dims = (operator.index(shape),) if not isinstance(shape, SEQUENCE_TYPES) else tuple(map(operator.index, shape))
    size = math.prod(shape_of(a))
    if dims.count(-1) > 1:
        raise ValueError(f"reshape: can only specify one unknown dimension, got {dims}")
    if -1 in dims:
        known = math.prod(d for d in dims if d != -1)
        if known == 0 or size % known:
            raise ValueError(f"cannot reshape array of size {size} into shape {dims}")
        dims = tuple(size // known if d == -1 else d for d in dims)
    if math.prod(dims) != size or builtins.any(d < 0 for d in dims):
        raise ValueError(f"cannot reshape array of size {size} into shape {dims}")
    return _reshape(a, shape=dims)


def _transpose_body(a: Any, *, axes: tuple[int, ...] | None) -> Any:
    a = promote_args(a)[0]
    n = len(shape_of(a))
    perm = tuple(range(n))[::-1] if axes is None else _perm(axes, n)
    return lax.transpose(a, perm)


def _perm(axes: Sequence[int], n: int) -> tuple[int, ...]:
    perm = tuple(operator.index(x) % n if n else operator.index(x) for x in axes)
    if sorted(perm) != list(range(n)):
        raise ValueError(f"transpose: axes {tuple(axes)} don't match an array of dimension {n}")
    return perm


_transpose = jitted(_transpose_body, "transpose")


def transpose(a: Any, axes: Any = None) -> Any:
    return _transpose(a, axes=None if axes is None else tuple(map(operator.index, axes)))


def _broadcast_to_body(a: Any, *, shape: tuple[int, ...]) -> Any:
    a = promote_args(a)[0]
    s = shape_of(a)
    try:
        if np.broadcast_shapes(s, shape) != shape:
            raise ValueError
    except ValueError:
        raise ValueError(f"cannot broadcast an array of shape {s} to shape {shape}") from None
    if s == shape:
        return a
    return lax.broadcast_in_dim(a, shape, tuple(range(len(shape) - len(s), len(shape))))


_broadcast_to = jitted(_broadcast_to_body, "broadcast_to")


def broadcast_to(a: Any, shape: Any) -> Any:
    dims = (operator.index(shape),) if not isinstance(shape, SEQUENCE_TYPES) else tuple(map(operator.index, shape))
    return _broadcast_to(a, shape=dims)


def ndim(a: Any) -> int:
    return len(shape_of(a))


def shape(a: Any) -> tuple[int, ...]:
    return shape_of(a)


def size(a: Any) -> int:
    return math.prod(shape_of(a))
