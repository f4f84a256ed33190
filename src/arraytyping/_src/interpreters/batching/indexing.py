"""The batching rules of the indexing primitives: ``gather`` and the ``scatter`` family of :mod:`arraytyping._src.lax.gather_scatter`,
``dynamic_slice`` and ``dynamic_update_slice`` of :mod:`arraytyping._src.lax.slicing` (registered in :data:`.batching.RULES` on
import).

They follow JAX 0.10.2's ``_gather_batching_rule``, ``_scatter_batching_rule``, ``_dynamic_slice_batching_rule`` and
``_dynamic_update_slice_batching_rule``: a batched operand gains a window dimension (or, batched together with the
indices, a batching dimension of the gather/scatter), batched indices a batch dimension of the index array; a
dynamic slice (update) is batched as the gather (scatter) of its start indices stacked into one index vector. The
dimension numbers keep the numpy integers JAX's ``np.add`` leaves in them, so batched jaxprs print as JAX prints
them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from arraytyping._src.lax import gather_scatter as G
from arraytyping._src.lax import lax
from arraytyping._src.lax import slicing as SL
from arraytyping._src.interpreters.batching.batching import bdim_at_front, moveaxis, register_rule, shape
from arraytyping._src.core.trace import Primitive

__all__: list[str] = []

Dims = Sequence[int | None]


def _plus1(dims: Sequence[int]) -> tuple[int, ...]:
    out: tuple[int, ...] = tuple(np.add(1, dims))  # numpy integers, as in JAX
    return out


def _gather(size: int, args: Sequence[Any], dims: Dims, *, dimension_numbers: G.GatherDimensionNumbers,
            slice_sizes: tuple[int, ...], unique_indices: bool, indices_are_sorted: bool,
            mode: G.GatherScatterMode, fill_value: Any) -> tuple[Any, Any]:
    operand, indices = args
    operand_bdim, indices_bdim = dims
    dn = dimension_numbers
    if operand_bdim is not None and indices_bdim is None:
        operand = moveaxis(operand, operand_bdim, 0)
        new = G.GatherDimensionNumbers(
            offset_dims=(0, *_plus1(dn.offset_dims)), collapsed_slice_dims=_plus1(dn.collapsed_slice_dims),
            start_index_map=_plus1(dn.start_index_map), operand_batching_dims=_plus1(dn.operand_batching_dims),
            start_indices_batching_dims=dn.start_indices_batching_dims)
        return G.gather(operand, indices, new, (shape(operand)[0], *slice_sizes), unique_indices=unique_indices,
                        indices_are_sorted=indices_are_sorted, mode=mode, fill_value=fill_value), 0
    if operand_bdim is None and indices_bdim is not None:
        indices = moveaxis(indices, indices_bdim, 0)
        new = G.GatherDimensionNumbers(
            offset_dims=tuple(1 + d for d in dn.offset_dims), collapsed_slice_dims=dn.collapsed_slice_dims,
            start_index_map=dn.start_index_map, operand_batching_dims=dn.operand_batching_dims,
            start_indices_batching_dims=_plus1(dn.start_indices_batching_dims))
        # batching indexed reads of one array: the batched indices are no longer known sorted or unique
        return G.gather(operand, indices, new, slice_sizes, unique_indices=False, indices_are_sorted=False,
                        mode=mode, fill_value=fill_value), 0
    assert operand_bdim is not None and indices_bdim is not None
    operand = moveaxis(operand, operand_bdim, 0)
    indices = moveaxis(indices, indices_bdim, 0)
    new = G.GatherDimensionNumbers(
        offset_dims=_plus1(dn.offset_dims), collapsed_slice_dims=_plus1(dn.collapsed_slice_dims),
        start_index_map=_plus1(dn.start_index_map), operand_batching_dims=(0, *_plus1(dn.operand_batching_dims)),
        start_indices_batching_dims=(0, *_plus1(dn.start_indices_batching_dims)))
    sizes = (0 if shape(operand)[0] == 0 else 1, *slice_sizes)
    return G.gather(operand, indices, new, sizes, unique_indices=unique_indices,
                    indices_are_sorted=indices_are_sorted, mode=mode, fill_value=fill_value), 0


register_rule(G.gather_p, _gather)


def _scatter(prim: Primitive) -> Any:
    def rule(size: int, args: Sequence[Any], dims: Dims, *, dimension_numbers: G.ScatterDimensionNumbers,
             indices_are_sorted: bool, unique_indices: bool, mode: G.GatherScatterMode) -> tuple[Any, Any]:
        return _scatter_batched(prim, size, args, dims, dimension_numbers, indices_are_sorted, unique_indices,
                                mode), 0
    return rule


def _scatter_batched(prim: Primitive, size: int, args: Sequence[Any], dims: Dims, dn: G.ScatterDimensionNumbers,
                     indices_are_sorted: bool, unique_indices: bool, mode: G.GatherScatterMode) -> Any:
    """JAX's ``_scatter_batching_rule`` (its result batched along axis 0)."""
    operand, indices, updates = args
    operand_bdim, indices_bdim, updates_bdim = dims
    operand = bdim_at_front(operand, operand_bdim, size)
    updates = bdim_at_front(updates, updates_bdim, size)
    if indices_bdim is None:
        new = G.ScatterDimensionNumbers(
            update_window_dims=(0, *_plus1(dn.update_window_dims)),
            inserted_window_dims=_plus1(dn.inserted_window_dims),
            scatter_dims_to_operand_dims=_plus1(dn.scatter_dims_to_operand_dims),
            operand_batching_dims=_plus1(dn.operand_batching_dims),
            scatter_indices_batching_dims=dn.scatter_indices_batching_dims)
    else:
        indices = bdim_at_front(indices, indices_bdim, size)
        new = G.ScatterDimensionNumbers(
            update_window_dims=_plus1(dn.update_window_dims),
            inserted_window_dims=_plus1(dn.inserted_window_dims),
            scatter_dims_to_operand_dims=_plus1(dn.scatter_dims_to_operand_dims),
            operand_batching_dims=(0, *_plus1(dn.operand_batching_dims)),
            scatter_indices_batching_dims=(0, *_plus1(dn.scatter_indices_batching_dims)))
    return prim.bind(operand, indices, updates, dimension_numbers=new, indices_are_sorted=indices_are_sorted,
                     unique_indices=unique_indices, mode=mode)


for _p in G.PRIMITIVES[1:]:
    register_rule(_p, _scatter(_p))


def _batch_dynamic_slice_indices(indices: Sequence[Any], dims: Dims) -> tuple[Any, int | None]:
    """JAX's ``_batch_dynamic_slice_indices``: the scalar start indices as one index vector (``[size, n]`` when
    some are batched, the unbatched ones broadcast)."""
    if not indices:
        return np.array([], "int32"), None
    size = next((shape(x)[d] for x, d in zip(indices, dims) if d is not None), None)
    if size is None:
        return lax.concatenate([lax.broadcast_in_dim(i, (1,), ()) for i in indices], 0), None
    return lax.concatenate([lax.broadcast_in_dim(x, (size, 1), () if d is None else (0,))
                            for x, d in zip(indices, dims)], 1), 0


def _dynamic_slice(size: int, args: Sequence[Any], dims: Dims, *, slice_sizes: tuple[int, ...]) -> tuple[Any, Any]:
    operand, *start_indices = args
    operand_bdim, *index_dims = dims
    rank = len(start_indices)
    dn = G.GatherDimensionNumbers(offset_dims=tuple(range(rank)), collapsed_slice_dims=(),
                                  start_index_map=tuple(range(rank)))
    index, index_bdim = _batch_dynamic_slice_indices(start_indices, index_dims)
    return _gather(size, [operand, index], [operand_bdim, index_bdim], dimension_numbers=dn,
                   slice_sizes=slice_sizes, unique_indices=True, indices_are_sorted=True,
                   mode=G.GatherScatterMode.CLIP, fill_value=None)


register_rule(SL.dynamic_slice_p, _dynamic_slice)


def _dynamic_update_slice(size: int, args: Sequence[Any], dims: Dims) -> tuple[Any, Any]:
    operand, update, *start_indices = args
    operand_bdim, update_bdim, *index_dims = dims
    rank = len(shape(update)) - (0 if update_bdim is None else 1)
    dn = G.ScatterDimensionNumbers(update_window_dims=tuple(range(rank)), inserted_window_dims=(),
                                   scatter_dims_to_operand_dims=tuple(range(rank)))
    index, index_bdim = _batch_dynamic_slice_indices(start_indices, index_dims)
    # JAX vmaps lax.scatter over (operand, index, update) with these axes: its rule is this one
    return _scatter_batched(G.scatter_p, size, [operand, index, update], [operand_bdim, index_bdim, update_bdim],
                            dn, True, True, G.GatherScatterMode.CLIP), 0


register_rule(SL.dynamic_update_slice_p, _dynamic_update_slice)
