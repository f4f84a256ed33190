"""The collective primitives over named axes (JAX 0.10.2's ``lax/parallel.py``): ``psum``, ``pmax``, ``pmin``
(all-reduces) and ``axis_index``, with their abstract-evaluation rules and, for the positional axes a batched
collective reduces, their lowering. Their batching rules (what a ``vmap`` of that axis name makes of them) are in
:mod:`arraytyping._src.interpreters.batching.parallel`, their derivatives in
:mod:`arraytyping._src.interpreters.autodiff.parallel`.

``axes`` mixes axis names (hashable, not ints) with positional axes (ints): a ``vmap`` named ``'i'`` turns the name
into the position of its batch axis, so what remains to run is a plain reduction over positions. A name still
unbound when the primitive is typed raises JAX's ``NameError``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, cast

import numpy as np

from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.trace import Primitive, axis_frame
from arraytyping._src.lax import primitives as P
from arraytyping._src.xla import lowering

__all__ = ["psum_p", "pmax_p", "pmin_p", "axis_index_p", "ppermute_p", "pbroadcast_p", "all_gather_p", "reduce_scatter_p",
           "all_to_all_p", "axis_names", "bound_size", "check_axis_names", "named_of", "positional_of"]


def named_of(axes: Sequence[Any]) -> tuple[Any, ...]:
    """The axis names among ``axes`` (its entries that are not ints)."""
    return tuple(a for a in axes if not isinstance(a, int))


def positional_of(axes: Sequence[Any]) -> tuple[int, ...]:
    """The positional axes among ``axes``."""
    return tuple(a for a in axes if isinstance(a, int))


def check_axis_names(axes: Sequence[Any], api_name: str) -> None:
    """JAX's ``NameError`` for an axis name no ``vmap`` (or ``make_jaxpr``'s ``axis_env``) binds."""
    for name in named_of(axes):
        if axis_frame(name) is None:
            raise NameError(f"Found an unbound axis name: {name}. To fix this, please call {api_name} under "
                            "`jax.shard_map`.")


def _allreduce_rule(x: ShapedArray, *, axes: Sequence[Any], axis_index_groups: Any) -> list[ShapedArray]:
    check_axis_names(axes, "psum")  # JAX names psum for pmax and pmin too
    pos = positional_of(axes)
    if axis_index_groups is not None and pos:
        raise ValueError(f"axis_index_groups can only be used with reductions over named axes, but got: {axes}")
    if any(not 0 <= a < x.ndim for a in pos) or len(set(pos)) != len(pos):
        raise ValueError(f"reduction axes {pos} out of range for an operand of shape {x.shape}")
    return [ShapedArray(tuple(d for i, d in enumerate(x.shape) if i not in pos), x.dtype, False)]  # JAX: not weak


def _named_axes(params: dict[str, Any]) -> tuple[Any, ...]:
    return named_of(params["axes"])


psum_p: Final[Primitive] = Primitive("psum", _allreduce_rule, named_axes=_named_axes)
pmax_p: Final[Primitive] = Primitive("pmax", _allreduce_rule, named_axes=_named_axes)
pmin_p: Final[Primitive] = Primitive("pmin", _allreduce_rule, named_axes=_named_axes)


def _axis_index_rule(*, axis_name: Any) -> list[ShapedArray]:
    check_axis_names(axis_names(axis_name), "axis_index")
    return [ShapedArray((), np.dtype(np.int32), False)]


def _axis_index_names(params: dict[str, Any]) -> tuple[Any, ...]:
    return axis_names(params["axis_name"])


axis_index_p: Final[Primitive] = Primitive("axis_index", _axis_index_rule, named_axes=_axis_index_names)


def _lower_allreduce(reduce_p: Primitive, name: str) -> lowering.Rule:
    """A collective whose names a ``vmap`` has all turned into positions: the reduction over them (what JAX runs).
    Named axes left at lowering belong to a ``shard_map``, which this runtime does not lower yet."""
    def rule(ctx: lowering.LoweringContext, x: Any, *, axes: Sequence[Any], axis_index_groups: Any) -> list[Any]:
        named = named_of(axes)
        if named:
            raise lowering.LoweringError(f"{name} over the named axes {named} has no lowering outside a mapped axis")
        pos = positional_of(axes)
        if not pos:
            return [x]
        out: list[Any] = lowering.RULES[reduce_p](ctx, x, axes=pos)
        return out
    return rule


lowering.RULES[psum_p] = _lower_allreduce(P.reduce_sum_p, "psum")
lowering.RULES[pmax_p] = _lower_allreduce(P.reduce_max_p, "pmax")
lowering.RULES[pmin_p] = _lower_allreduce(P.reduce_min_p, "pmin")


# ---------------------------------------------------------------------------------------------------------------
# Collectives that move data between the members of a named axis


def axis_names(axis_name: Any) -> tuple[Any, ...]:
    """``axis_name`` as a tuple of names (one name, or a tuple or list of them)."""
    if isinstance(axis_name, (tuple, list)):
        return tuple(cast("Sequence[Any]", axis_name))
    return (axis_name,)


def bound_size(axis_name: Any, axis_index_groups: Any = None) -> int:
    """The size of the named axis (the product for several names; a group's size with ``axis_index_groups``): JAX's
    ``psum(1, axis_name)``, with its ``NameError`` for an unbound name."""
    if axis_index_groups is not None:
        return len(axis_index_groups[0])
    size = 1
    for name in axis_names(axis_name):
        frame = axis_frame(name)
        if frame is None:
            raise NameError(f"unbound axis name: {name}")
        size *= frame.size
    return size


def _same_rule(api_name: str) -> Any:
    def rule(x: ShapedArray, *, axis_name: Any, **params: Any) -> list[ShapedArray]:
        check_axis_names(axis_names(axis_name), api_name)
        return [x]
    return rule


def _axis_name_param(params: dict[str, Any]) -> tuple[Any, ...]:
    return axis_names(params["axis_name"])


ppermute_p: Final[Primitive] = Primitive("ppermute", _same_rule("ppermute"), named_axes=_axis_name_param)
pbroadcast_p: Final[Primitive] = Primitive("pbroadcast", _same_rule("ppermute"), named_axes=_axis_name_param)


def _all_gather_rule(x: ShapedArray, *, all_gather_dimension: int, axis_name: Any, axis_index_groups: Any,
                     axis_size: int, tiled: bool) -> list[ShapedArray]:
    check_axis_names(axis_names(axis_name), "all_gather")
    shape = list(x.shape)
    if tiled:
        shape[all_gather_dimension] *= axis_size
    else:
        shape.insert(all_gather_dimension, axis_size)
    return [x.update(shape=tuple(shape))]


all_gather_p: Final[Primitive] = Primitive("all_gather", _all_gather_rule, named_axes=_axis_name_param)


def _reduce_scatter_rule(x: ShapedArray, *, axis_name: Any, scatter_dimension: int, axis_index_groups: Any,
                         axis_size: int, tiled: bool) -> list[ShapedArray]:
    check_axis_names(axis_names(axis_name), "reduce_scatter")
    shape = list(x.shape)
    size = x.shape[scatter_dimension]
    if tiled:
        if size % axis_size != 0:
            raise ValueError(f"tiled reduce_scatter operand scatter dimension size {size} must be divisible by "
                             f"shard_count {axis_size}")
        shape[scatter_dimension] = size // axis_size
    else:
        if size != axis_size:
            raise ValueError(f"reduce_scatter operand scatter dimension size {size} must match shard count "
                             f"{axis_size}")
        del shape[scatter_dimension]
    return [x.update(shape=tuple(shape))]


reduce_scatter_p: Final[Primitive] = Primitive("reduce_scatter", _reduce_scatter_rule, named_axes=_axis_name_param)


def _all_to_all_rule(x: ShapedArray, *, axis_name: Any, split_axis: int, concat_axis: int, axis_index_groups: Any,
                     tiled: bool) -> list[ShapedArray]:
    names = axis_names(axis_name)
    check_axis_names(names, "all_to_all")
    size = bound_size(names, axis_index_groups)
    shape = list(x.shape)
    if shape[split_axis] % size != 0:
        raise AssertionError((shape[split_axis], size))
    shape[split_axis] //= size
    shape[concat_axis] *= size
    return [ShapedArray(tuple(shape), x.dtype, False)]


all_to_all_p: Final[Primitive] = Primitive("all_to_all", _all_to_all_rule, named_axes=_axis_name_param)
