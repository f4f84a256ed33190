"""``jax.lax``'s indexed reads and writes and its one-axis indexing conveniences (JAX 0.10.2's ``gather``,
``scatter``, ``scatter_add``, ``scatter_mul``, ``scatter_min``, ``scatter_max``, ``index_take``, ``slice_in_dim``,
``index_in_dim``, ``dynamic_index_in_dim``, ``dynamic_update_index_in_dim``), over the gather and scatter
primitives that ``Array.at`` and NumPy-style indexing already bind; and JAX's shape conveniences ``tile``,
``split``, ``stack``, ``unstack``, ``broadcast``, ``broadcast_to_rank``, ``broadcast_shapes``, ``complex``,
``bitcast_convert_type``, ``sort_key_val`` and ``batch_matmul``. Signatures, argument handling and errors are
JAX's."""

from __future__ import annotations

import builtins
import operator
from collections.abc import Sequence
from typing import Any

import numpy as np

from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.core.staging import abstractify
from arraytyping._src.lax import gather_scatter as G
from arraytyping._src.lax import lax as _lax
from arraytyping._src.lax import primitives as P
from arraytyping._src.lax.api.elementwise import check_operand
from arraytyping._src.lax.api.functions import dot_general, user_dtype
from arraytyping._src.lax.api.operations import concatenate, expand_dims, slice, squeeze
from arraytyping._src.lax.api.slicing import dynamic_slice_in_dim, dynamic_update_slice_in_dim
from arraytyping._src.lax.gather_scatter import GatherDimensionNumbers, GatherScatterMode, ScatterDimensionNumbers
from arraytyping._src.lax.shape import split_p, stack_p, tile_p, unstack_p
from arraytyping._src.lax.sorting import sort_p
from arraytyping.typing import DTypeLike

__all__ = ["GatherDimensionNumbers", "GatherScatterMode", "ScatterDimensionNumbers", "batch_matmul",
           "bitcast_convert_type", "broadcast", "broadcast_shapes", "broadcast_to_rank", "complex",
           "dynamic_index_in_dim", "dynamic_update_index_in_dim", "gather", "index_in_dim", "index_take",
           "scatter", "scatter_add", "scatter_max", "scatter_min", "scatter_mul", "scatter_sub", "slice_in_dim",
           "sort_key_val",
           "split", "stack", "tile", "unstack"]


def _canonicalize_axis(axis: int, ndim: int) -> int:
    """JAX's ``canonicalize_axis``: ``axis`` in ``[-ndim, ndim)`` as a non-negative axis, else its ``ValueError``."""
    axis = operator.index(axis)
    if not -ndim <= axis < ndim:
        raise ValueError(f"axis {axis} is out of bounds for array of dimension {ndim}")
    return axis % ndim if ndim else axis


def _shape_of(operand: Any, name: str) -> tuple[int, ...]:
    """The shape of an array or NumPy array (JAX reads ``operand.shape``: a Python scalar has none)."""
    if not hasattr(operand, "shape"):
        raise AttributeError(f"{name}: '{type(operand).__name__}' object has no attribute 'shape'")
    return tuple(abstractify(operand).shape)


# ---------------------------------------------------------------------------------------------------------------
# gather and scatter


def gather(operand: ArrayLike, start_indices: ArrayLike, dimension_numbers: GatherDimensionNumbers,
           slice_sizes: Sequence[int], *, unique_indices: bool = False, indices_are_sorted: bool = False,
           mode: str | GatherScatterMode | None = None, fill_value: Any = None) -> AnyArray:
    """XLA's gather: windows of ``slice_sizes`` read from ``operand`` at the index vectors on the last axis of
    ``start_indices``, laid out as ``dimension_numbers`` says. ``mode`` says what out-of-bounds indices do
    (``None`` is ``"promise_in_bounds"``; ``"clip"`` clamps them, ``"fill"`` gives ``fill_value``, by default NaN
    for inexact dtypes, the lowest signed and highest unsigned integer, ``True``).

    Example::

        x = jnp.array([10, 11, 12])
        dn = lax.GatherDimensionNumbers(offset_dims=(), collapsed_slice_dims=(0,), start_index_map=(0,))
        lax.gather(x, jnp.array([[2], [0]]), dn, (1,))   # Array([12, 10], dtype=int32)
    """
    check_operand("gather", operand, start_indices)
    if mode is None:
        mode = GatherScatterMode.PROMISE_IN_BOUNDS
    out: AnyArray = G.gather(operand, start_indices, dimension_numbers, tuple(operator.index(s) for s in slice_sizes),
                             unique_indices=unique_indices, indices_are_sorted=indices_are_sorted, mode=mode,
                             fill_value=fill_value)
    return out


def _scatter(name: str, prim: Any, operand: ArrayLike, scatter_indices: ArrayLike, updates: ArrayLike,
             dimension_numbers: ScatterDimensionNumbers, indices_are_sorted: bool, unique_indices: bool,
             mode: str | GatherScatterMode | None) -> AnyArray:
    check_operand(name, operand, scatter_indices, updates)
    combiner = {"scatter_add": "add", "scatter_sub": "sub", "scatter_mul": "mul"}.get(name)
    if combiner is not None and abstractify(operand).dtype == np.dtype(bool):
        # JAX traces lax.add (lax.mul) as the combining function, which refuses booleans
        raise TypeError(f"{combiner} does not accept dtype bool at position 0. Accepted dtypes at position 0 are "
                        "subtypes of integer, floating, complexfloating.")
    out: AnyArray = G.scatter(prim, operand, scatter_indices, updates, dimension_numbers,
                              indices_are_sorted=indices_are_sorted, unique_indices=unique_indices, mode=mode)
    return out


def scatter(operand: ArrayLike, scatter_indices: ArrayLike, updates: ArrayLike,
            dimension_numbers: ScatterDimensionNumbers, *, indices_are_sorted: bool = False,
            unique_indices: bool = False, mode: str | GatherScatterMode | None = None) -> AnyArray:
    """XLA's scatter: ``operand`` with the windows at ``scatter_indices`` replaced by ``updates`` (of its dtype);
    ``mode`` ``None`` (``"fill"``/``"drop"``) drops out-of-bounds updates, ``"clip"`` clamps their indices.

    Example::

        dn = lax.ScatterDimensionNumbers(update_window_dims=(), inserted_window_dims=(0,),
                                         scatter_dims_to_operand_dims=(0,))
        lax.scatter(jnp.zeros(3), jnp.array([[1]]), jnp.array([5.0]), dn)   # Array([0., 5., 0.], dtype=float32)
    """
    return _scatter("scatter", G.scatter_p, operand, scatter_indices, updates, dimension_numbers,
                    indices_are_sorted, unique_indices, mode)


def scatter_add(operand: ArrayLike, scatter_indices: ArrayLike, updates: ArrayLike,
                dimension_numbers: ScatterDimensionNumbers, *, indices_are_sorted: bool = False,
                unique_indices: bool = False, mode: str | GatherScatterMode | None = None) -> AnyArray:
    """XLA's scatter combining by addition: ``updates`` added into ``operand`` at ``scatter_indices`` (repeated
    indices add up).

    Example::

        dn = lax.ScatterDimensionNumbers(update_window_dims=(), inserted_window_dims=(0,),
                                         scatter_dims_to_operand_dims=(0,))
        lax.scatter_add(jnp.zeros(3), jnp.array([[1], [1]]), jnp.array([2.0, 3.0]), dn)   # [0., 5., 0.]
    """
    return _scatter("scatter_add", G.scatter_add_p, operand, scatter_indices, updates, dimension_numbers,
                    indices_are_sorted, unique_indices, mode)


def scatter_sub(operand: ArrayLike, scatter_indices: ArrayLike, updates: ArrayLike,
                dimension_numbers: ScatterDimensionNumbers, *, indices_are_sorted: bool = False,
                unique_indices: bool = False, mode: str | GatherScatterMode | None = None) -> AnyArray:
    """XLA's scatter combining by subtraction: ``updates`` subtracted from ``operand`` at ``scatter_indices``
    (repeated indices subtract each).

    Example::

        dn = lax.ScatterDimensionNumbers(update_window_dims=(), inserted_window_dims=(0,),
                                         scatter_dims_to_operand_dims=(0,))
        lax.scatter_sub(jnp.zeros(3), jnp.array([[1], [1]]), jnp.array([2.0, 3.0]), dn)   # [0., -5., 0.]
    """
    return _scatter("scatter_sub", G.scatter_sub_p, operand, scatter_indices, updates, dimension_numbers,
                    indices_are_sorted, unique_indices, mode)


def scatter_mul(operand: ArrayLike, scatter_indices: ArrayLike, updates: ArrayLike,
                dimension_numbers: ScatterDimensionNumbers, *, indices_are_sorted: bool = False,
                unique_indices: bool = False, mode: str | GatherScatterMode | None = None) -> AnyArray:
    """XLA's scatter combining by multiplication: ``operand`` multiplied by ``updates`` at ``scatter_indices``.

    Example::

        dn = lax.ScatterDimensionNumbers(update_window_dims=(), inserted_window_dims=(0,),
                                         scatter_dims_to_operand_dims=(0,))
        lax.scatter_mul(jnp.ones(3), jnp.array([[2]]), jnp.array([4.0]), dn)   # [1., 1., 4.]
    """
    return _scatter("scatter_mul", G.scatter_mul_p, operand, scatter_indices, updates, dimension_numbers,
                    indices_are_sorted, unique_indices, mode)


def scatter_min(operand: ArrayLike, scatter_indices: ArrayLike, updates: ArrayLike,
                dimension_numbers: ScatterDimensionNumbers, *, indices_are_sorted: bool = False,
                unique_indices: bool = False, mode: str | GatherScatterMode | None = None) -> AnyArray:
    """XLA's scatter combining by minimum: ``operand`` at ``scatter_indices`` becomes the least of it and the
    ``updates``.

    Example::

        dn = lax.ScatterDimensionNumbers(update_window_dims=(), inserted_window_dims=(0,),
                                         scatter_dims_to_operand_dims=(0,))
        lax.scatter_min(jnp.ones(3), jnp.array([[0]]), jnp.array([-2.0]), dn)   # [-2., 1., 1.]
    """
    return _scatter("scatter_min", G.scatter_min_p, operand, scatter_indices, updates, dimension_numbers,
                    indices_are_sorted, unique_indices, mode)


def scatter_max(operand: ArrayLike, scatter_indices: ArrayLike, updates: ArrayLike,
                dimension_numbers: ScatterDimensionNumbers, *, indices_are_sorted: bool = False,
                unique_indices: bool = False, mode: str | GatherScatterMode | None = None) -> AnyArray:
    """XLA's scatter combining by maximum: ``operand`` at ``scatter_indices`` becomes the greatest of it and the
    ``updates``.

    Example::

        dn = lax.ScatterDimensionNumbers(update_window_dims=(), inserted_window_dims=(0,),
                                         scatter_dims_to_operand_dims=(0,))
        lax.scatter_max(jnp.ones(3), jnp.array([[0]]), jnp.array([5.0]), dn)   # [5., 1., 1.]
    """
    return _scatter("scatter_max", G.scatter_max_p, operand, scatter_indices, updates, dimension_numbers,
                    indices_are_sorted, unique_indices, mode)


def index_take(src: ArrayLike, idxs: Sequence[ArrayLike], axes: Sequence[int]) -> AnyArray:
    """``src`` indexed by one integer array per axis of ``axes`` (wrapped modulo the axis size), as one gather:
    the indexed axes become one leading axis, the other axes follow.

    Example::

        lax.index_take(jnp.arange(6).reshape(2, 3), (jnp.array([1, 0]),), (0,)).shape   # (2, 3)
    """
    shape = _shape_of(src, "index_take")
    indices = concatenate([expand_dims(i, (1,)) for i in idxs], 1)
    max_idx = expand_dims(np.array([shape[ax] for ax in axes]), tuple(range(indices.ndim - 1)))
    indices = indices % max_idx
    slice_sizes = list(shape)
    for ax in axes:
        slice_sizes[ax] = 1
    offset_dims = tuple(range(1, len(shape) - indices.shape[1] + 1))
    dnums = GatherDimensionNumbers(offset_dims=offset_dims, collapsed_slice_dims=tuple(axes),
                                   start_index_map=tuple(axes))
    return gather(src, indices, dimension_numbers=dnums, slice_sizes=tuple(slice_sizes))


# ---------------------------------------------------------------------------------------------------------------
# one axis at a time


def slice_in_dim(operand: ArrayLike, start_index: int | None, limit_index: int | None, stride: int = 1,
                 axis: int = 0) -> AnyArray:
    """``operand[..., start_index:limit_index:stride]`` along ``axis`` (static bounds; ``None`` is the start or
    the end, negative ones count from the end), the other axes whole.

    Example::

        lax.slice_in_dim(jnp.arange(12).reshape(4, 3), 1, 3, axis=1).shape   # (4, 2)
    """
    shape = _shape_of(operand, "slice_in_dim")
    start_indices = [0] * len(shape)
    limit_indices = list(shape)
    strides = [1] * len(shape)
    len_axis = shape[axis]
    start = operator.index(start_index) if start_index is not None else 0
    limit = operator.index(limit_index) if limit_index is not None else len_axis
    if start < 0:
        start = start + len_axis
    if limit < 0:
        limit = limit + len_axis
    axis = int(axis)
    start_indices[axis] = start
    limit_indices[axis] = limit
    strides[axis] = operator.index(stride)
    return slice(operand, start_indices, limit_indices, strides)


def index_in_dim(operand: ArrayLike, index: int, axis: int = 0, keepdims: bool = True) -> AnyArray:
    """``operand[..., index]`` along ``axis`` (a static index; negative counts from the end), its axis kept with
    size 1 when ``keepdims``; an index out of bounds is an ``IndexError``.

    Example::

        lax.index_in_dim(jnp.arange(12).reshape(3, 4), 1, axis=1, keepdims=False)   # Array([1, 5, 9], dtype=int32)
    """
    shape = _shape_of(operand, "index_in_dim")
    index, axis = operator.index(index), int(axis)
    axis_size = shape[axis]
    wrapped_index = index + axis_size if index < 0 else index
    if not 0 <= wrapped_index < axis_size:
        raise IndexError(f"index {index} is out of bounds for axis {axis} with size {axis_size}")
    result = slice_in_dim(operand, wrapped_index, wrapped_index + 1, 1, axis)
    return result if keepdims else squeeze(result, (axis,))


def dynamic_index_in_dim(operand: ArrayLike, index: ArrayLike, axis: int = 0, keepdims: bool = True, *,
                         allow_negative_indices: bool = True) -> AnyArray:
    """``operand[..., index]`` along ``axis`` with a possibly traced ``index`` (clamped into bounds, negative ones
    counted from the end), its axis kept with size 1 when ``keepdims``.

    Example::

        lax.dynamic_index_in_dim(jnp.arange(6).reshape(2, 3), 1, axis=1, keepdims=False)   # Array([1, 4], ...)
    """
    _shape_of(operand, "dynamic_index_in_dim")
    result = dynamic_slice_in_dim(operand, index, 1, axis, allow_negative_indices=allow_negative_indices)
    return result if keepdims else squeeze(result, (axis,))


def dynamic_update_index_in_dim(operand: ArrayLike, update: ArrayLike, index: ArrayLike, axis: int, *,
                                allow_negative_indices: bool = True) -> AnyArray:
    """``operand`` with its slice ``index`` along ``axis`` replaced by ``update`` (with or without that axis; a
    possibly traced ``index``, clamped into bounds).

    Example::

        lax.dynamic_update_index_in_dim(jnp.zeros((2, 3)), jnp.ones(3), 1, 0)[1]   # Array([1., 1., 1.], ...)
    """
    ndim = len(_shape_of(operand, "dynamic_update_index_in_dim"))
    axis = int(axis)
    if np.ndim(update) != ndim:
        if np.ndim(update) + 1 != ndim:
            raise AssertionError(f"dynamic_update_index_in_dim: update of rank {np.ndim(update)} for an operand "
                                 f"of rank {ndim}")
        update = expand_dims(update, (axis,))
    return dynamic_update_slice_in_dim(operand, update, index, axis, allow_negative_indices=allow_negative_indices)


# ---------------------------------------------------------------------------------------------------------------
# shapes


def tile(operand: ArrayLike, reps: Sequence[int]) -> AnyArray:
    """``operand`` repeated ``reps[i]`` times along each axis ``i`` (one rep per axis).

    Example::

        lax.tile(jnp.array([1, 2, 3]), (2,))   # Array([1, 2, 3, 1, 2, 3], dtype=int32)
    """
    check_operand("tile", operand)
    out: AnyArray = tile_p.bind(operand, reps=tuple(operator.index(r) for r in reps))
    return out


def split(operand: ArrayLike, sizes: Sequence[int], axis: int = 0) -> Sequence[AnyArray]:
    """``operand`` split along ``axis`` into pieces of ``sizes`` (which must add up to that axis' size).

    Example::

        [a.shape for a in lax.split(jnp.zeros(5), (2, 3))]   # [(2,), (3,)]
    """
    check_operand("split", operand)
    x = _lax.asarray(operand)
    out: list[AnyArray] = split_p.bind(x, sizes=tuple(operator.index(s) for s in sizes),
                                       axis=_canonicalize_axis(axis, x.ndim))
    return out


def stack(operands: Sequence[ArrayLike], axis: int = 0) -> AnyArray:
    """The ``operands`` (of one shape and dtype) joined along a new axis ``axis``.

    Example::

        lax.stack([jnp.zeros(2), jnp.ones(2)], axis=1).shape   # (2, 2)
    """
    check_operand("stack", *operands)
    arrays = [_lax.asarray(op) for op in operands]
    axis = _canonicalize_axis(axis, arrays[0].ndim + 1)
    out: AnyArray = stack_p.bind(*arrays, axis=axis)
    return out


def unstack(x: ArrayLike, axis: int = 0) -> tuple[AnyArray, ...]:
    """``x``'s slices along ``axis``, as a tuple of arrays of one rank less.

    Example::

        len(lax.unstack(jnp.zeros((3, 2))))   # 3
    """
    check_operand("unstack", x)
    arr = _lax.asarray(x)
    axis = _canonicalize_axis(axis, arr.ndim)
    return tuple(unstack_p.bind(arr, axis=axis))


def broadcast(operand: ArrayLike, sizes: Sequence[int], *, out_sharding: None = None) -> AnyArray:
    """``operand`` with new leading axes of ``sizes`` (its own axes after them).

    Example::

        lax.broadcast(jnp.zeros(3), (2,)).shape   # (2, 3)
    """
    check_operand("broadcast", operand)
    if len(sizes) == 0 and out_sharding is None:
        out: AnyArray = _lax.asarray(operand)
        return out
    shape = tuple(np.shape(operand))
    dims = tuple(range(len(sizes), len(sizes) + len(shape)))
    out = P.broadcast_in_dim_p.bind(operand, shape=tuple(operator.index(s) for s in sizes) + shape,
                                    broadcast_dimensions=dims, sharding=None)
    return out


def broadcast_to_rank(x: ArrayLike, rank: int) -> AnyArray:
    """``x`` with leading axes of size 1 added to give it rank ``rank`` (``x`` as an array if it has it).

    Example::

        lax.broadcast_to_rank(jnp.zeros(3), 3).shape   # (1, 1, 3)
    """
    ndim = np.ndim(x)
    if ndim == rank:
        out: AnyArray = _lax.asarray(x)
        return out
    return broadcast(x, (1,) * (rank - ndim))


def broadcast_shapes(*shapes: tuple[int, ...]) -> tuple[int, ...]:
    """The shape NumPy broadcasting gives ``shapes`` (a ``ValueError`` where they are incompatible).

    Example::

        lax.broadcast_shapes((1, 3), (2, 1))   # (2, 3)
    """
    if not shapes:
        raise ValueError("broadcast_shapes needs at least one shape")
    if len(shapes) == 1:
        return tuple(shapes[0])
    given = [tuple(operator.index(d) for d in s) for s in shapes]
    rank = builtins.max(len(s) for s in given)
    padded = [(1,) * (rank - len(s)) + s for s in given]
    out: list[int] = []
    for sizes in zip(*padded):
        big = {d for d in sizes if d != 1}
        if len(big) > 1:
            raise ValueError(f"Incompatible shapes for broadcasting: shapes={[tuple(s) for s in shapes]}")
        out.append(big.pop() if big else 1)
    return tuple(out)


def complex(x: ArrayLike, y: ArrayLike) -> AnyArray:
    """Elementwise ``x + 1j * y`` from two real operands of one floating dtype (``float32`` gives ``complex64``,
    ``float64`` ``complex128``).

    Example::

        lax.complex(jnp.float32(1), jnp.float32(2))   # Array(1.+2.j, dtype=complex64)
    """
    check_operand("complex", x, y)
    out: AnyArray = P.complex_p.bind(x, y)
    return out


def bitcast_convert_type(operand: ArrayLike, new_dtype: DTypeLike) -> AnyArray:
    """``operand``'s bits read as ``new_dtype``: of the same width, the same shape; of a narrower one, a new last
    axis of the width ratio; of a wider one, the last axis (of that ratio) consumed.

    Example::

        lax.bitcast_convert_type(jnp.float32(1), jnp.int32)   # Array(1065353216, dtype=int32)
    """
    check_operand("bitcast_convert_type", operand)
    out: AnyArray = P.bitcast_convert_type_p.bind(operand, new_dtype=user_dtype(new_dtype))
    return out


def sort_key_val(keys: ArrayLike, values: ArrayLike, dimension: int = -1,
                 is_stable: bool = True) -> tuple[AnyArray, AnyArray]:
    """``keys`` sorted along ``dimension`` and ``values`` permuted the same way.

    Example::

        lax.sort_key_val(jnp.array([3, 1, 2]), jnp.array([30, 10, 20]))[1]   # Array([10, 20, 30], dtype=int32)
    """
    check_operand("sort_key_val", keys, values)
    dimension = _canonicalize_axis(dimension, len(_shape_of(keys, "sort_key_val")))
    k, v = sort_p.bind(keys, values, dimension=dimension, is_stable=bool(is_stable), num_keys=1)
    return k, v


def batch_matmul(lhs: ArrayLike, rhs: ArrayLike, precision: None = None) -> AnyArray:
    """Matrix products over the leading (batch) axes: ``lhs`` ``(..., m, k)`` by ``rhs`` ``(..., k, n)``, of one
    rank of at least 2.

    Example::

        lax.batch_matmul(jnp.zeros((5, 2, 3)), jnp.zeros((5, 3, 4))).shape   # (5, 2, 4)
    """
    lnd, rnd = len(_shape_of(lhs, "batch_matmul")), len(_shape_of(rhs, "batch_matmul"))
    if builtins.min(lnd, rnd) < 2:
        raise ValueError(f"Arguments to batch_matmul must be at least 2D, got {lnd}, {rnd}")
    if lnd != rnd:
        raise ValueError(f"Arguments to batch_matmul must have same ndim, got {lnd}, {rnd}")
    batch = tuple(range(lnd - 2))
    return dot_general(lhs, rhs, (((lnd - 1,), (rnd - 2,)), (batch, batch)), precision=precision)
