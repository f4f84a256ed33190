"""The ``top_k`` primitive: the ``k`` largest entries along an axis and their int32 indices (ties: the lower index
first), with JAX 0.10.2's abstract-evaluation rule and lowering (CHLO's ``top_k`` along the last axis, the axis
moved there and back by transposes)."""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from arraytyping import op_rules
from arraytyping._src.xla import lowering
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.trace import Primitive

__all__ = ["top_k_p", "top_k"]


def _top_k_rule(x: ShapedArray, *, k: int, axis: int) -> list[ShapedArray]:
    _, (indices, weak) = op_rules.lax_top_k_result((x.name, x.weak_type))  # refuses complex
    if k < 0:
        raise ValueError(f"k argument to top_k must be nonnegative, got {k}")
    if x.ndim == 0:
        raise TypeError(f"top_k operand must have >= 1 dimension, got {x.shape}")
    if not 0 <= axis < x.ndim:
        raise ValueError(f"axis argument out of range: axis={axis} for operand.shape={x.shape}")
    if x.shape[axis] < k:
        raise ValueError(f"k argument to top_k must be no larger than size along axis; got k={k} with "
                         f"shape={list(x.shape)} and axis={axis}")
    shape = (*x.shape[:axis], k, *x.shape[axis + 1:])
    return [x.update(shape=shape), ShapedArray(shape, np.dtype(indices), weak)]  # JAX: the operand's weak flag


top_k_p: Final[Primitive] = Primitive("top_k", _top_k_rule, multiple_results=True)


def _top_k_lower(ctx: lowering.LoweringContext, x: Any, *, k: int, axis: int) -> list[Any]:
    hlo, m = ctx.hlo, ctx.m
    ndim = ctx.avals_in[0].ndim
    perm = None
    if axis != ndim - 1:
        perm = list(range(ndim))
        perm[axis], perm[-1] = perm[-1], perm[axis]
        x = hlo.transpose(x, m.i64s(perm))
    ir = m.ir
    results = list(ctx.chlo.top_k(x, ir.IntegerAttr.get(ir.IntegerType.get_signless(64), k)))
    if perm is not None:
        results = [hlo.transpose(r, m.i64s(perm)) for r in results]
    return results


lowering.RULES[top_k_p] = _top_k_lower


def top_k(x: Any, k: int, axis: int) -> tuple[Any, Any]:
    values, indices = top_k_p.bind(x, k=k, axis=axis)
    return values, indices
