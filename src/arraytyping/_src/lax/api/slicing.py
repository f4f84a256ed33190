"""``jax.lax``'s one-dimension conveniences around ``dynamic_slice`` and ``dynamic_update_slice`` (JAX 0.10.2's
``dynamic_slice_in_dim``, ``dynamic_update_slice_in_dim``): a start index along one axis, zeros along the others."""

from __future__ import annotations

import operator
from typing import Any

import numpy as np

from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.core.staging import abstractify
from arraytyping._src.lax.api.functions import dynamic_slice, dynamic_update_slice

__all__ = ["dynamic_slice_in_dim", "dynamic_update_slice_in_dim"]


def _zero_like(start_index: Any) -> Any:
    """JAX's ``lax._const(start_index, 0)``: a zero of the start index's own type (a Python ``int`` for one, a 0-d
    numpy value of its dtype for an array)."""
    dtype = getattr(start_index, "dtype", None)
    return 0 if dtype is None else np.zeros((), dtype)


def dynamic_slice_in_dim(operand: ArrayLike, start_index: ArrayLike, slice_size: int, axis: int = 0, *,
                         allow_negative_indices: bool = True) -> AnyArray:
    """Convenience wrapper around ``lax.dynamic_slice`` applied to one dimension: ``slice_size`` elements of
    ``axis`` from ``start_index`` (traced allowed, clamped to stay inside), the other axes whole."""
    shape = abstractify(operand).shape
    axis = operator.index(axis)
    starts: list[Any] = [_zero_like(start_index)] * len(shape)
    sizes = list(shape)
    allow = [False] * len(shape)
    allow[axis] = allow_negative_indices
    starts[axis] = start_index
    sizes[axis] = operator.index(slice_size)
    return dynamic_slice(operand, starts, sizes, allow_negative_indices=allow)


def dynamic_update_slice_in_dim(operand: ArrayLike, update: ArrayLike, start_index: ArrayLike, axis: int, *,
                                allow_negative_indices: bool = True) -> AnyArray:
    """Convenience wrapper around ``lax.dynamic_update_slice`` to update a slice in a single ``axis``, from
    ``start_index``."""
    ndim = abstractify(operand).ndim
    axis = operator.index(axis)
    starts: list[Any] = [_zero_like(start_index)] * ndim
    starts[axis] = start_index
    allow = [False] * ndim
    allow[axis] = allow_negative_indices
    return dynamic_update_slice(operand, update, starts, allow_negative_indices=allow)
