"""Special functions as primitives: ``erf``, ``erfc``, ``erf_inv``, ``lgamma`` and ``digamma`` (floating operands,
the kinds of :data:`arraytyping.op_rules.LAX_UNARY_KINDS`; the result keeps the operand's type, weak flag included),
lowered to CHLO's operations as JAX 0.10.2 lowers them, so XLA expands them into the same arithmetic and the values
agree bit for bit."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from arraytyping import op_rules
from arraytyping._src.xla import lowering
from arraytyping._src.lax.operand_checks import check_kinds
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.trace import Primitive

__all__ = ["erf_p", "erfc_p", "erf_inv_p", "lgamma_p", "digamma_p", "erf", "erfc", "erf_inv", "lgamma", "digamma"]


def _float_unary(name: str) -> Primitive:
    kinds = op_rules.LAX_UNARY_KINDS[name]

    def rule(x: ShapedArray) -> list[ShapedArray]:
        check_kinds(name, kinds, x)
        return [x]
    return Primitive(name, rule)


erf_p: Final[Primitive] = _float_unary("erf")
erfc_p: Final[Primitive] = _float_unary("erfc")
erf_inv_p: Final[Primitive] = _float_unary("erf_inv")
lgamma_p: Final[Primitive] = _float_unary("lgamma")
digamma_p: Final[Primitive] = _float_unary("digamma")


def _chlo_unary(op: str) -> Callable[..., list[Any]]:
    def rule(ctx: lowering.LoweringContext, x: Any) -> list[Any]:
        return [getattr(ctx.chlo, op)(x)]
    return rule


for _p, _op in [(erf_p, "erf"), (erfc_p, "erfc"), (erf_inv_p, "erf_inv"), (lgamma_p, "lgamma"), (digamma_p, "digamma")]:
    lowering.RULES[_p] = _chlo_unary(_op)


def erf(x: Any) -> Any: return erf_p.bind(x)
def erfc(x: Any) -> Any: return erfc_p.bind(x)
def erf_inv(x: Any) -> Any: return erf_inv_p.bind(x)
def lgamma(x: Any) -> Any: return lgamma_p.bind(x)
def digamma(x: Any) -> Any: return digamma_p.bind(x)
