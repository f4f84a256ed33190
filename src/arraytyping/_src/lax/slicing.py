"""Slicing primitives beyond :mod:`.primitives`: ``dynamic_slice`` and ``dynamic_update_slice``, with JAX 0.10.2's
shape and dtype rules (and error classes) and their StableHLO lowerings."""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any, Final

from arraytyping._src.xla import lowering
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.trace import Primitive
from arraytyping._src.lax.operand_checks import kind, same_dtype

__all__ = ["dynamic_slice_p", "dynamic_update_slice_p", "dynamic_slice", "dynamic_update_slice"]



def _check_indices(name: str, indices: Sequence[ShapedArray]) -> None:
    if any(i.dtype != indices[0].dtype or kind(i) not in "iu" for i in indices):
        raise TypeError(f"index arguments to {name} must be integers of the same type, got "
                        f"{', '.join(i.name for i in indices)}")
    if any(i.ndim != 0 for i in indices):
        raise TypeError(f"start_indices arguments to {name} must be scalars, got indices "
                        f"{[i.str_short() for i in indices]}")


def _dynamic_slice_rule(x: ShapedArray, *indices: ShapedArray, slice_sizes: tuple[int, ...]) -> list[ShapedArray]:
    if len(slice_sizes) != x.ndim or len(indices) != x.ndim:
        raise TypeError(f"dynamic_slice needs one start index and one slice size per axis of {x.str_short()}, got "
                        f"{len(indices)} indices and slice_sizes {slice_sizes}")
    if not all(map(operator.ge, x.shape, slice_sizes)):
        raise TypeError(f"slice slice_sizes must be less than or equal to operand shape, got slice_sizes "
                        f"{slice_sizes} for operand shape {x.shape}.")
    if any(s < 0 for s in slice_sizes):
        raise TypeError(f"slice slice_sizes must be greater than or equal to zero, got slice_sizes of {slice_sizes}.")
    if indices:
        _check_indices("dynamic_slice", indices)
    return [ShapedArray(tuple(slice_sizes), x.dtype, x.weak_type)]


dynamic_slice_p: Final[Primitive] = Primitive("dynamic_slice", _dynamic_slice_rule)


def _dynamic_update_slice_rule(x: ShapedArray, update: ShapedArray, *indices: ShapedArray) -> list[ShapedArray]:
    if x.ndim != update.ndim:
        raise TypeError(f"dynamic_update_slice update must have the same rank as operand, got update shape "
                        f"{update.shape} for operand shape {x.shape}.")
    if x.ndim != len(indices):
        raise TypeError(f"dynamic_update_slice start_indices must have length equal to the rank of operand, got "
                        f"{len(indices)} indices for operand shape {x.shape}.")
    if not all(map(operator.ge, x.shape, update.shape)):
        raise TypeError(f"dynamic_update_slice update shape must be smaller than operand shape, got update shape "
                        f"{update.shape} for operand shape {x.shape}.")
    same_dtype("dynamic_update_slice", x, update)
    if indices:
        _check_indices("dynamic_update_slice", indices)
    # JAX's standard weak-type rule: weak when every operand is, the indices included
    return [ShapedArray(x.shape, x.dtype, all(a.weak_type for a in (x, update, *indices)))]


dynamic_update_slice_p: Final[Primitive] = Primitive("dynamic_update_slice", _dynamic_update_slice_rule)


def _dynamic_slice_lower(ctx: lowering.LoweringContext, x: Any, *indices: Any, slice_sizes: tuple[int, ...]
                         ) -> list[Any]:
    return [ctx.hlo.dynamic_slice(x, list(indices), ctx.m.i64s(slice_sizes))]


def _dynamic_update_slice_lower(ctx: lowering.LoweringContext, x: Any, update: Any, *indices: Any) -> list[Any]:
    return [ctx.hlo.dynamic_update_slice(x, update, list(indices))]


lowering.RULES[dynamic_slice_p] = _dynamic_slice_lower
lowering.RULES[dynamic_update_slice_p] = _dynamic_update_slice_lower


def dynamic_slice(x: Any, indices: Sequence[Any], slice_sizes: Sequence[int]) -> Any:
    return dynamic_slice_p.bind(x, *indices, slice_sizes=tuple(slice_sizes))


def dynamic_update_slice(x: Any, update: Any, indices: Sequence[Any]) -> Any:
    return dynamic_update_slice_p.bind(x, update, *indices)
