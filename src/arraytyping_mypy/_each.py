"""Functions that give each array operand back in a list, broadcast or laid on a grid: ``broadcast_arrays`` (op_rules'
``SHAPE``: ``same``) and ``meshgrid`` (``CREATION``: ``same``). Each item keeps its own operand's dtype and weak
flag; a list has one item type, so the answer is the class every operand keeps where they share one (a type
variable: the variable), else the stubs' ``list[Array[Any]]`` (a union of the items' classes would let a later
operation meet dtypes JAX never puts together)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from mypy.nodes import ARG_POS, ARG_STAR
from mypy.plugin import FunctionContext
from mypy.types import Type

from arraytyping_mypy import _types
from arraytyping_mypy._rules import OR, Answer, DtypeSet, Member, Rules

__all__ = ["EACH", "each_hook"]

EACH: Final[dict[str, Callable[[Rules, Member], str | Exception]]] = {
    "broadcast_arrays": lambda rules, m: rules.shape("broadcast_arrays", m),
    "meshgrid": lambda rules, m: rules.creation("meshgrid", m),
}
"""The functions, each with the static class of one operand's item (by op_rules)."""


def each_hook(rules: Rules, fn: str) -> Callable[[FunctionContext], Type]:
    """``arraytyping.numpy.<fn>(x, y, ...)`` for ``fn`` in :data:`EACH`: ``list[Array[K]]`` where every operand's
    item is of class ``K`` (or of one type variable); gradual for a starred argument, an operand the plugin cannot
    read, or operands of different classes."""
    item = EACH[fn]

    def hook(ctx: FunctionContext) -> Type:
        # the operands, over every formal the matched signature spreads them on (``x0, /, *xs``); keyword
        # arguments (meshgrid's ``indexing=``) are none of them
        given = [(t, k) for ts, ks in zip(ctx.arg_types, ctx.arg_kinds) for t, k in zip(ts, ks)
                 if k in (ARG_POS, ARG_STAR)]
        types = [t for t, _ in given]
        if not types or any(k != ARG_POS for _, k in given):
            return ctx.default_return_type  # broadcast_arrays(*xs): how many, of which types, is not written
        answers: list[Answer] = []
        for t in types:
            o = _types.operand(t, rules)
            if not isinstance(o, DtypeSet):
                return ctx.default_return_type
            answers.append(rules.summarize([(item(rules, m), m, m) for m in o.members], o, None))
        if answers[0][0] in ("error", "any") or any(a != answers[0] for a in answers):
            return ctx.default_return_type
        array = _types.array_of(ctx.api, answers[0], _types.type_vars(*types))
        return ctx.api.named_generic_type("builtins.list", [array])
    return hook


assert set(EACH) <= {fn for fn, family in (*OR.SHAPE.items(), *OR.CREATION.items()) if family == "same"}
