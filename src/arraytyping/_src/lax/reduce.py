"""The general reduction ``reduce`` (JAX's ``reduce_p``): operands reduced over ``dimensions`` from scalar initial
values with any computation, held as a closed jaxpr over scalars; JAX 0.10.2's shape, dtype and weak-type rules
and its StableHLO ``reduce`` lowering (the computation lowered into the op's body region)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import numpy as np

from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.jaxpr import ClosedJaxpr
from arraytyping._src.core.trace import Primitive
from arraytyping._src.lax.windowed_reductions import lower_body
from arraytyping._src.xla import lowering

__all__ = ["reduce_p"]


def _reduce_abstract_eval(*avals: ShapedArray, computation: Callable[..., Any], jaxpr: ClosedJaxpr,
                          dimensions: tuple[int, ...]) -> list[ShapedArray]:
    n = len(avals) // 2
    operands, inits = avals[:n], avals[n:]
    if any(i.shape != () for i in inits):
        raise ValueError(f"reduce found non-scalar initial value: {[i.shape for i in inits]}")
    if [o.dtype for o in operands] != [i.dtype for i in inits]:
        raise TypeError(f"reduce operand dtypes should match corresponding initial value dtypes, got "
                        f"operands={[o.str_short() for o in operands]} and "
                        f"initial_values={[i.str_short() for i in inits]}")
    return [ShapedArray(tuple(int(d) for d in np.delete(np.array(o.shape, dtype=np.int64), dimensions)), o.dtype,
                        o.weak_type and i.weak_type) for o, i in zip(operands, inits)]


reduce_p: Final[Primitive] = Primitive("reduce", _reduce_abstract_eval, multiple_results=True)
"""JAX's ``reduce_p``: operands, then as many scalar initial values; parameters ``computation`` (the user's
function), ``jaxpr`` (it traced over scalars, a closed jaxpr) and ``dimensions``."""


def _reduce_lower(ctx: lowering.LoweringContext, *args: Any, computation: Callable[..., Any], jaxpr: ClosedJaxpr,
                  dimensions: tuple[int, ...]) -> list[Any]:
    m = ctx.m
    n = len(args) // 2
    op = ctx.hlo.ReduceOp([m.tensor(a) for a in ctx.avals_out], list(args[:n]), list(args[n:]),
                          m.i64s(dimensions))
    types = [m.tensor(a.update(weak_type=False)) for a in ctx.avals_in[n:]]
    block = op.regions[0].blocks.append(*types, *types)
    with m.ir.InsertionPoint(block):
        consts = [lowering.constant(m, np.asarray(c.val if hasattr(c, "val") else c), a)
                  for c, a in zip(jaxpr.consts, [v.aval for v in jaxpr.jaxpr.constvars])]
        ctx.hlo.return_(lower_body(m, jaxpr.jaxpr, consts, list(block.arguments)))
    return list(op.results)


lowering.RULES[reduce_p] = _reduce_lower
