"""``jax.ops``: JAX 0.10.2's segment reductions (``segment_sum``, ``segment_prod``, ``segment_max``,
``segment_min``), on ``jax.numpy``'s indexed updates as JAX builds them.

Each starts from an array of the operation's identity (``0``, ``1``, the dtype's largest or smallest value, ``inf``
or ``-inf``, ``True``/``False`` for booleans) of shape ``(num_segments,) + data.shape[1:]`` in ``data``'s dtype and
scatters ``data`` into it at ``segment_ids`` (negative or too large ids dropped: JAX's ``FILL_OR_DROP`` mode with
indices left as they are); with a ``bucket_size`` the ids are grouped in buckets of that many, each reduced on its
own and the buckets then reduced together.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np

from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.core.arraylike import check_arraylike
from arraytyping._src.core.trace import ConcretizationTypeError, Tracer, concrete_value
from arraytyping._src.dtypes import registry
from arraytyping._src.lax import gather_scatter as G
from arraytyping._src.numpy.indexing import scatter_update

__all__ = ["segment_max", "segment_min", "segment_prod", "segment_sum"]



def _identity(op: str, dtype: np.dtype[Any]) -> Any:
    """JAX's ``_get_identity``: the value every segment starts from."""
    if op == "add":
        return 0
    if op == "multiply":
        return 1
    info = registry.INFO[dtype.name]
    if op == "min":
        if info.kind == "b":
            return True
        return int(np.iinfo(dtype).max) if info.kind in "iu" else float("inf")
    if info.kind == "b":
        return False
    return int(np.iinfo(dtype).min) if info.kind in "iu" else -float("inf")


def _num_segments(num_segments: Any, segment_ids: AnyArray) -> int:
    """``num_segments`` as a static int: ``max(segment_ids) + 1`` when not given (concrete ids needed), refusing a
    traced or negative count."""
    if num_segments is None:
        known = concrete_value(segment_ids)
        if known is None:
            raise ConcretizationTypeError(
                "Abstract tracer value encountered where concrete value is expected: segment_sum() `num_segments` "
                "argument. Pass a static `num_segments` to use segment reductions under jit.")
        num_segments = int(np.max(np.asarray(known))) + 1
    elif isinstance(num_segments, Tracer):
        if num_segments.to_concrete_value() is None:
            raise ConcretizationTypeError(
                "Abstract tracer value encountered where concrete value is expected: segment_sum() `num_segments` "
                "argument. Pass a static `num_segments` to use segment reductions under jit.")
        num_segments = int(num_segments.to_concrete_value())
    n = int(num_segments)
    if n < 0:
        raise ValueError("num_segments must be non-negative.")
    return n


def _segment_update(name: str, data: ArrayLike, segment_ids: ArrayLike, op: str, num_segments: int | None,
                    indices_are_sorted: bool, unique_indices: bool, bucket_size: int | None,
                    reducer: Callable[..., Any], mode: Any) -> AnyArray:
    """JAX's ``_segment_update``."""
    check_arraylike(name, data, segment_ids)
    mode = G.GatherScatterMode.FILL_OR_DROP if mode is None else mode
    d = jnp.asarray(data)
    ids = jnp.asarray(segment_ids)
    dtype = d.dtype
    n = _num_segments(num_segments, ids)
    identity = _identity(op, dtype)
    if bucket_size is None:
        out = jnp.full((n, *d.shape[1:]), identity, dtype=dtype)
        return scatter_update(out, ids, d, op, mode=mode, indices_are_sorted=indices_are_sorted,
                              unique_indices=unique_indices, normalize_indices=False)
    num_buckets = math.ceil(ids.size / bucket_size)
    out = jnp.full((num_buckets, n, *d.shape[1:]), identity, dtype=dtype)
    out = scatter_update(out, (jnp.arange(ids.shape[0]) // bucket_size, ids[None, :]), d, op, mode=mode,
                         indices_are_sorted=indices_are_sorted, unique_indices=unique_indices,
                         normalize_indices=False)
    result: AnyArray = reducer(out, axis=0).astype(dtype)
    return result


def segment_sum(data: ArrayLike, segment_ids: ArrayLike, num_segments: int | None = None,
                indices_are_sorted: bool = False, unique_indices: bool = False, bucket_size: int | None = None,
                mode: Any = None) -> AnyArray:
    """The sum of ``data`` within each segment: ``out[i]`` sums the rows ``data[j]`` with ``segment_ids[j] == i``.

    Args:
        data: the values, segmented along their first axis.
        segment_ids: integer segment of each row of ``data``; ids outside ``[0, num_segments)`` are dropped.
        num_segments: the number of segments (static under ``jit``); ``max(segment_ids) + 1`` by default.
        indices_are_sorted: whether ``segment_ids`` is known to be sorted.
        unique_indices: whether ``segment_ids`` is known to hold no duplicates.
        bucket_size: sum in buckets of this many ids, then the buckets (more accurate for long segments).
        mode: how out-of-bound ids are handled (``'drop'``/``FILL_OR_DROP`` by default, ``'clip'``).

    Returns:
        An array of shape ``(num_segments,) + data.shape[1:]`` in ``data``'s dtype (an empty segment is 0).

    Example:
        >>> import arraytyping.numpy as jnp
        >>> from arraytyping import ops
        >>> ops.segment_sum(jnp.arange(5), jnp.array([0, 0, 1, 1, 2]))
        Array([1, 5, 4], dtype=int32)
    """
    return _segment_update("segment_sum", data, segment_ids, "add", num_segments, indices_are_sorted,
                           unique_indices, bucket_size, jnp.sum, mode)


def segment_prod(data: ArrayLike, segment_ids: ArrayLike, num_segments: int | None = None,
                 indices_are_sorted: bool = False, unique_indices: bool = False, bucket_size: int | None = None,
                 mode: Any = None) -> AnyArray:
    """The product of ``data`` within each segment (an empty segment is 1); parameters as :func:`segment_sum`'s.

    Example:
        >>> import arraytyping.numpy as jnp
        >>> from arraytyping import ops
        >>> ops.segment_prod(jnp.arange(5), jnp.array([0, 0, 1, 1, 2]))
        Array([0, 6, 4], dtype=int32)
    """
    return _segment_update("segment_prod", data, segment_ids, "multiply", num_segments, indices_are_sorted,
                           unique_indices, bucket_size, jnp.prod, mode)


def segment_max(data: ArrayLike, segment_ids: ArrayLike, num_segments: int | None = None,
                indices_are_sorted: bool = False, unique_indices: bool = False, bucket_size: int | None = None,
                mode: Any = None) -> AnyArray:
    """The maximum of ``data`` within each segment (an empty segment is ``-inf``, the dtype's smallest integer or
    ``False``); parameters as :func:`segment_sum`'s.

    Example:
        >>> import arraytyping.numpy as jnp
        >>> from arraytyping import ops
        >>> ops.segment_max(jnp.arange(5), jnp.array([0, 0, 1, 1, 2]))
        Array([1, 3, 4], dtype=int32)
    """
    return _segment_update("segment_max", data, segment_ids, "max", num_segments, indices_are_sorted,
                           unique_indices, bucket_size, jnp.max, mode)


def segment_min(data: ArrayLike, segment_ids: ArrayLike, num_segments: int | None = None,
                indices_are_sorted: bool = False, unique_indices: bool = False, bucket_size: int | None = None,
                mode: Any = None) -> AnyArray:
    """The minimum of ``data`` within each segment (an empty segment is ``inf``, the dtype's largest integer or
    ``True``); parameters as :func:`segment_sum`'s.

    Example:
        >>> import arraytyping.numpy as jnp
        >>> from arraytyping import ops
        >>> ops.segment_min(jnp.arange(5), jnp.array([0, 0, 1, 1, 2]))
        Array([0, 2, 4], dtype=int32)
    """
    return _segment_update("segment_min", data, segment_ids, "min", num_segments, indices_are_sorted,
                           unique_indices, bucket_size, jnp.min, mode)
