"""Batching rules of the collectives (``lax/parallel.py``), as JAX 0.10.2's: each ``vmap`` the primitive is bound
under calls its rule, its operand batched or not. A ``vmap`` whose name the collective names turns that name into
the position of its batch axis (``psum(x, 'i')`` under ``vmap(..., axis_name='i')`` is ``psum`` over axis 0, the
result unbatched); an unbatched operand meets the axis as a constant (``psum``: times the axis size); a ``vmap`` of
another name passes the collective through, the batch axis kept."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.staging import abstractify
from arraytyping._src.core.trace import Primitive
from arraytyping._src.interpreters.batching import batching
from arraytyping._src.interpreters.batching.batching import AxisData
from arraytyping._src.lax import lax
from arraytyping._src.lax.parallel import (
    axis_names,
    all_gather_p, all_to_all_p, axis_index_p, pbroadcast_p, pmax_p, pmin_p, ppermute_p, psum_p, reduce_scatter_p,
)

__all__: list[str] = []


def _const_like(x: Any, value: int) -> Any:
    """``value`` as a scalar of ``x``'s type (JAX's ``lax._const``)."""
    a = abstractify(x)
    return lax.const(value, ShapedArray((), a.dtype, a.weak_type))


def _shift(axes: Sequence[Any], d: int) -> tuple[Any, ...]:
    return tuple(a + (a >= d) if isinstance(a, int) else a for a in axes)


def _reduction_collective(prim: Primitive) -> batching.CollectiveRule:
    def rule(axis_data: AxisData, vals: Sequence[Any], dims: Sequence[int | None], *, axes: tuple[Any, ...],
             axis_index_groups: Any) -> tuple[Any, Any]:
        (v,), (d,) = vals, dims
        mapped = axis_data.name is not None and axis_data.name in axes
        if d is None:
            if not mapped:
                return prim.bind(v, axes=axes, axis_index_groups=axis_index_groups), None
            if axis_index_groups:
                raise NotImplementedError
            rest = tuple(a for a in axes if a != axis_data.name)
            if rest:
                v = prim.bind(v, axes=rest, axis_index_groups=axis_index_groups)
            return (lax.mul(_const_like(v, axis_data.size), v) if prim is psum_p else v), None
        if not mapped and not any(isinstance(a, int) for a in axes):
            return prim.bind(v, axes=axes, axis_index_groups=axis_index_groups), d
        if axis_index_groups is not None:
            raise NotImplementedError("axis_index_groups not supported in vmap collectives. "
                                      "Please open a feature request!")
        v = batching.moveaxis(v, d, 0)
        if not mapped:
            return prim.bind(v, axes=_shift(axes, 0), axis_index_groups=None), 0
        new_axes = tuple(0 if a == axis_data.name else a + 1 if isinstance(a, int) else a for a in axes)
        return prim.bind(v, axes=new_axes, axis_index_groups=None), None
    return rule


batching.COLLECTIVE_RULES[psum_p] = _reduction_collective(psum_p)
batching.COLLECTIVE_RULES[pmax_p] = _reduction_collective(pmax_p)
batching.COLLECTIVE_RULES[pmin_p] = _reduction_collective(pmin_p)


def _axis_index_rule(axis_data: AxisData, vals: Sequence[Any], dims: Sequence[int | None], *,
                     axis_name: Any) -> tuple[Any, Any]:
    names = axis_names(axis_name)
    if axis_data.name is None or axis_data.name not in names:
        return axis_index_p.bind(axis_name=axis_name), None
    return lax.iota(np.dtype(np.int32), (axis_data.size,), 0), 0


batching.COLLECTIVE_RULES[axis_index_p] = _axis_index_rule


# ---------------------------------------------------------------------------------------------------------------
# Collectives that move data (JAX's batchers: the array methods JAX calls, so batched jaxprs print as JAX's)


def _ppermute_rule(axis_data: AxisData, vals: Sequence[Any], dims: Sequence[int | None], *, axis_name: Any,
                   perm: tuple[tuple[int, int], ...]) -> tuple[Any, Any]:
    (v,), (d,) = vals, dims
    names = axis_names(axis_name)
    if axis_data.name is None or axis_data.name not in names:
        return ppermute_p.bind(v, perm=perm, axis_name=names), d
    remaining = tuple(a for a in names if a != axis_data.name)
    if remaining:
        return ppermute_p.bind(v, perm=perm, axis_name=remaining), d
    if len(perm) != axis_data.size:
        raise AssertionError("Permutation doesn't match the axis size!")
    if d is None:
        return v, d
    indices = np.zeros(axis_data.size, dtype=int)
    for src, dst in perm:
        indices[dst] = src
    return v.take(indices, d), d


batching.COLLECTIVE_RULES[ppermute_p] = _ppermute_rule


def _pbroadcast_rule(axis_data: AxisData, vals: Sequence[Any], dims: Sequence[int | None], *, axis_name: Any,
                     source: int) -> tuple[Any, Any]:
    (v,), (d,) = vals, dims
    names = axis_names(axis_name)
    if axis_data.name is None or axis_data.name not in names:
        return pbroadcast_p.bind(v, axis_name=names, source=source), d
    if any(a != axis_data.name for a in names):
        raise NotImplementedError("pbroadcast batcher only supports a single axis")
    if not 0 <= source < axis_data.size:
        raise AssertionError("collective broadcast doesn't fit in the axis size!")
    if d is None:
        return v, d
    # JAX's batcher takes with a list of indices, which its take refuses: pbroadcast runs only in a shard_map
    raise TypeError("take requires ndarray or scalar arguments, got <class 'list'> at position 1.")


batching.COLLECTIVE_RULES[pbroadcast_p] = _pbroadcast_rule


def _foldaxis(axis: int, x: Any) -> Any:
    shape = list(batching.shape(x))
    shape[axis:axis + 2] = [shape[axis] * shape[axis + 1]]
    return x.reshape(shape)


def _splitaxis(axis: int, factor: int, x: Any) -> Any:
    shape = list(batching.shape(x))
    assert shape[axis] % factor == 0, (shape[axis], factor)
    shape[axis:axis + 1] = [factor, shape[axis] // factor]
    return x.reshape(shape)


def _moveaxis1(src: int, dst: int, x: Any) -> Any:
    """JAX's ``parallel._moveaxis``: a ``lax.transpose`` (even when nothing moves)."""
    perm = [i for i in range(batching.ndim(x)) if i != src]
    perm.insert(dst, src)
    return lax.transpose(x, perm)


def _moveaxes(x: Any, src: Sequence[int], dst: Sequence[int]) -> Any:
    """JAX's ``util.moveaxis`` with sequences (the array's ``transpose`` method)."""
    if tuple(src) == tuple(dst):
        return x
    n = batching.ndim(x)
    srcs = [batching.canonicalize_axis(a, n) for a in src]
    dsts = [batching.canonicalize_axis(a, n) for a in dst]
    perm = [i for i in range(n) if i not in srcs]
    for t, s in sorted(zip(dsts, srcs)):
        perm.insert(t, s)
    return x.transpose(perm)


def _all_gather_rule(axis_data: AxisData, vals: Sequence[Any], dims: Sequence[int | None], *,
                     all_gather_dimension: int, axis_name: Any, axis_index_groups: Any, axis_size: int,
                     tiled: bool) -> tuple[Any, Any]:
    (x,), (d,) = vals, dims
    names = axis_names(axis_name)
    params: dict[str, Any] = {"axis_name": names, "axis_index_groups": axis_index_groups, "axis_size": axis_size,
                              "tiled": tiled}
    if axis_data.name is None or axis_data.name not in names:
        if d is not None:
            if d <= all_gather_dimension:
                all_gather_dimension += 1
            elif not tiled:
                d += 1
        return all_gather_p.bind(x, all_gather_dimension=all_gather_dimension, **params), d
    if axis_index_groups is not None:
        raise NotImplementedError("axis_index_groups not supported in vmap")
    if axis_size != axis_data.size:
        raise AssertionError("axis size doesn't match")
    if len(names) > 1:
        raise NotImplementedError("Please open a feature request!")
    if d is None:
        out_shape = list(batching.shape(x))
        out_shape.insert(all_gather_dimension, axis_size)
        y = lax.broadcast_in_dim(x, tuple(out_shape),
                                 tuple(i for i in range(len(out_shape)) if i != all_gather_dimension))
    else:
        y = _moveaxis1(d, all_gather_dimension, x)
    if tiled:
        y = _foldaxis(all_gather_dimension, y)
    return y, None


batching.COLLECTIVE_RULES[all_gather_p] = _all_gather_rule


def _reduce_scatter_rule(axis_data: AxisData, vals: Sequence[Any], dims: Sequence[int | None], *,
                         scatter_dimension: int, axis_name: Any, axis_index_groups: Any, axis_size: int,
                         tiled: bool) -> tuple[Any, Any]:
    (x,), (d,) = vals, dims
    names = axis_names(axis_name)
    params: dict[str, Any] = {"axis_name": names, "axis_index_groups": axis_index_groups, "axis_size": axis_size,
                              "tiled": tiled}
    if axis_data.name is None or axis_data.name not in names:
        if d is not None:
            if d <= scatter_dimension:
                scatter_dimension += 1
            elif not tiled:
                d += 1
        return reduce_scatter_p.bind(x, scatter_dimension=scatter_dimension, **params), d
    if axis_index_groups is not None:
        raise NotImplementedError("axis_index_groups not supported in vmap")
    if axis_size != axis_data.size:
        raise AssertionError("axis size doesn't match")
    if len(names) > 1:
        raise NotImplementedError("Please open a feature request!")
    if d is None:
        y = x * axis_size
    else:
        y = lax.reduce("sum", x, (d,))
    if tiled:
        y = _splitaxis(scatter_dimension, axis_size, y)
    return y, scatter_dimension


batching.COLLECTIVE_RULES[reduce_scatter_p] = _reduce_scatter_rule


def _all_to_all_rule(axis_data: AxisData, vals: Sequence[Any], dims: Sequence[int | None], *, axis_name: Any,
                     split_axis: int, concat_axis: int, axis_index_groups: Any, tiled: bool) -> tuple[Any, Any]:
    if axis_index_groups is not None:
        raise NotImplementedError("Please open a feature request!")
    (x,), (d,) = vals, dims
    size, frame = axis_data.size, axis_data.name
    names = axis_names(axis_name)
    params: dict[str, Any] = {"axis_name": axis_name, "axis_index_groups": axis_index_groups, "tiled": tiled}
    if frame is None or frame not in names:
        if d is None:
            return all_to_all_p.bind(x, split_axis=split_axis, concat_axis=concat_axis, **params), None
        return all_to_all_p.bind(x, split_axis=split_axis + (d <= split_axis),
                                 concat_axis=concat_axis + (d <= concat_axis), **params), d
    if d is None:
        # JAX's lax.broadcast(x, (size, *x.shape)): new leading axes of the size *and* the shape, as JAX 0.10.2
        shape = batching.shape(x)
        sizes = (size, *shape)
        x = lax.broadcast_in_dim(x, (*sizes, *shape), tuple(range(len(sizes), len(sizes) + len(shape))))
        d = 0
    if isinstance(axis_name, (list, tuple)):
        pos = names.index(frame)
        major, minor = names[:pos], names[pos + 1:]
    else:
        major, minor = (), ()
    if not major and not minor:
        if split_axis == concat_axis:
            axis = split_axis + (d <= split_axis)
            d_pre_split = d
            x = _splitaxis(axis, size, x)
            d += axis <= d
            return _foldaxis(axis, _moveaxes(x, (d, axis), (axis, d))), d_pre_split
        x_concat = _foldaxis(concat_axis, _moveaxis1(d, concat_axis, x))
        return _splitaxis(split_axis, size, x_concat), split_axis
    x, d = lax.expand_dims(_moveaxis1(d, 0, x), (0, 2)), 1
    split_axis += 3
    concat_axis += 3
    if major:
        x = all_to_all_p.bind(x, axis_name=major, split_axis=split_axis, concat_axis=0,
                              axis_index_groups=axis_index_groups, tiled=tiled)
    x = _splitaxis(split_axis, size, x)
    new_d = split_axis
    concat_axis += split_axis <= concat_axis
    split_axis += 1
    if minor:
        x = all_to_all_p.bind(x, axis_name=minor, split_axis=split_axis, concat_axis=2,
                              axis_index_groups=axis_index_groups, tiled=tiled)
    x = _foldaxis(0, _foldaxis(0, x))
    split_axis -= 2
    concat_axis -= 2
    new_d -= 2
    x = _foldaxis(concat_axis - 1, _moveaxis1(0, concat_axis - 1, x))
    new_d -= 1
    return x, new_d


batching.COLLECTIVE_RULES[all_to_all_p] = _all_to_all_rule
