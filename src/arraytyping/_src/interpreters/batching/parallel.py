"""Batching rules of the collectives (``lax/parallel.py``), as JAX 0.10.2's: each ``vmap`` the primitive is bound
under calls its rule, its operand batched or not. A ``vmap`` whose name the collective names turns that name into
the position of its batch axis (``psum(x, 'i')`` under ``vmap(..., axis_name='i')`` is ``psum`` over axis 0, the
result unbatched); an unbatched operand meets the axis as a constant (``psum``: times the axis size); a ``vmap`` of
another name passes the collective through, the batch axis kept."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.staging import abstractify
from arraytyping._src.core.trace import Primitive
from arraytyping._src.interpreters.batching import batching
from arraytyping._src.interpreters.batching.batching import AxisData
from arraytyping._src.lax import lax
from arraytyping._src.lax.parallel import axis_index_p, pmax_p, pmin_p, psum_p

__all__: list[str] = []


def _const_like(x: Any, value: int) -> Any:
    """``value`` as a scalar of ``x``'s type (JAX's ``lax._const``)."""
    a = abstractify(x)
    return lax.const(value, ShapedArray((), a.dtype, a.weak_type))


def _shift(axes: Sequence[Any], d: int) -> tuple[Any, ...]:
    return tuple(a + (a >= d) if isinstance(a, int) else a for a in axes)


def _reduction_collective(prim: Primitive, if_unmapped: Callable[[Any, int], Any]) -> batching.CollectiveRule:
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


batching.COLLECTIVE_RULES[psum_p] = _reduction_collective(psum_p, lambda v, size: lax.mul(_const_like(v, size), v))
batching.COLLECTIVE_RULES[pmax_p] = _reduction_collective(pmax_p, lambda v, size: v)
batching.COLLECTIVE_RULES[pmin_p] = _reduction_collective(pmin_p, lambda v, size: v)


def _axis_index_rule(axis_data: AxisData, vals: Sequence[Any], dims: Sequence[int | None], *,
                     axis_name: Any) -> tuple[Any, Any]:
    names = tuple(axis_name) if isinstance(axis_name, (tuple, list)) else (axis_name,)
    if axis_data.name is None or axis_data.name not in names:
        return axis_index_p.bind(axis_name=axis_name), None
    return lax.iota(np.dtype(np.int32), (axis_data.size,), 0), 0


batching.COLLECTIVE_RULES[axis_index_p] = _axis_index_rule
