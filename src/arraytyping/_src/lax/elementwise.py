"""Elementwise primitives beyond :mod:`.primitives`: ``rsqrt``, ``logistic``, ``clz`` and ``population_count``,
with JAX 0.10.2's dtype and weak-type rules and its lowerings (``logistic`` as ``1 / (1 + exp(-x))``,
as JAX lowers it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from arraytyping import op_rules
from arraytyping._src.xla import lowering
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.trace import Primitive
from arraytyping._src.lax.operand_checks import check_kinds

__all__ = ["rsqrt_p", "logistic_p", "clz_p", "population_count_p", "rsqrt", "logistic", "clz"]


def _unary(name: str, kinds: str, *, accuracy: bool) -> Primitive:
    def rule(x: ShapedArray, accuracy: None = None) -> list[ShapedArray]:
        check_kinds(name, kinds, x)
        return [x]
    hidden: frozenset[str] = frozenset({"accuracy"}) if accuracy else frozenset()
    return Primitive(name, rule, hidden_if_empty=hidden)


rsqrt_p: Final[Primitive] = _unary("rsqrt", op_rules.LAX_UNARY_KINDS["rsqrt"], accuracy=True)  # the kinds the stubs state too
logistic_p: Final[Primitive] = _unary("logistic", op_rules.LAX_UNARY_KINDS["logistic"], accuracy=True)
clz_p: Final[Primitive] = _unary("clz", "iu", accuracy=False)
population_count_p: Final[Primitive] = _unary("population_count", "iu", accuracy=False)



# ---------------------------------------------------------------------------------------------------------------
# Lowering


def _unary_lower(op: str) -> Callable[..., list[Any]]:
    def rule(ctx: lowering.LoweringContext, x: Any, accuracy: None = None) -> list[Any]:
        return [getattr(ctx.hlo, op)(x)]
    return rule


def _logistic(ctx: lowering.LoweringContext, x: Any, accuracy: None = None) -> list[Any]:
    hlo = ctx.hlo
    one = lowering.constant(ctx.m, 1, ctx.avals_in[0].update(weak_type=False))
    return [hlo.divide(one, hlo.add(one, hlo.exponential(hlo.negate(x))))]


lowering.RULES[rsqrt_p] = _unary_lower("rsqrt")
lowering.RULES[logistic_p] = _logistic
lowering.RULES[clz_p] = _unary_lower("count_leading_zeros")
lowering.RULES[population_count_p] = _unary_lower("popcnt")



def rsqrt(x: Any) -> Any: return rsqrt_p.bind(x, accuracy=None)
def logistic(x: Any) -> Any: return logistic_p.bind(x, accuracy=None)
def clz(x: Any) -> Any: return clz_p.bind(x)
