"""Overloads of operations on one array whose result dtype follows from its dtype alone (negation, ``abs``,
``exp``, reductions...), built from a rule: the result's static class for each operand class, or None where the
operation refuses it.

In order: ``Array[Any]`` first (``Array[Never]``, as in :mod:`.binary`); the concrete classes grouped by result
(a group whose classes give themselves back answers the receiver's own type argument, so a union of them keeps its
members); the weak arrays; the abstract classes every inhabited member of which gives itself back (generic code:
``Array[T]`` stays ``Array[T]``); a gradual ``Array[Any]`` for other abstract classes (also mixed with the weak
kinds the operation takes), and for anything at all when
no inhabited dtype is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from arraytyping._src.stubgen import specs
from arraytyping._src.stubgen.binary import markers
from arraytyping.lattice import LatticeConfig

__all__ = ["Rule", "SelfOv", "function_operand", "unary_overloads"]

Rule = Callable[[str], "str | None"]
"""A static class (concrete, or ``int``/``float``/``complex`` for weak arrays) -> the result's static class, or
None where the operation refuses it."""


@dataclass(frozen=True)
class SelfOv:
    """One overload on the operand: the dtypes it takes (``Array[<dtypes>]``; None: any operand) and the result's
    dtype annotation, or ``keeps``: the result is the operand's own dtype (``_DT_co`` in a method; in a function,
    a type variable bound to ``dtypes``)."""

    dtypes: str | None
    result: str
    keeps: bool = False
    shared: bool = False
    """Several concrete classes that give one result (``exp`` of every integer class is ``float32``)."""


def unary_overloads(rule: Rule, cfg: LatticeConfig) -> list[SelfOv]:
    """The overloads of an operation on one array by ``rule``."""
    out = [SelfOv("Never", "Any")]
    groups: dict[str, list[str]] = {}
    kept: list[str] = []
    for c in specs.CONCRETE:
        r = rule(c)
        if r is None:
            continue
        if r == c:
            kept.append(c)
        else:
            groups.setdefault(r, []).append(c)
    for r, classes in groups.items():
        out.append(SelfOv(" | ".join(classes), r, shared=len(classes) > 1))
    for w in specs.WEAK:
        r = rule(w)
        if r is not None:
            out.append(SelfOv(w, r))
    keeping = [a for a in specs.ABSTRACT if all(rule(c) == c for c in specs.members(a, cfg))]
    refused = any(rule(c) is None for c in specs.inhabited(cfg)) or any(rule(w) is None for w in specs.WEAK)
    if kept:
        out.append(SelfOv(" | ".join(kept), "", keeps=True))
    if keeping:
        out.append(SelfOv(markers(keeping), "", keeps=True))
    # abstract classes, alone or mixed with the weak kinds the operation takes (``FloatArray``, ``Array[floating |
    # float]``): gradual; an abstract class is never an error
    out.append(SelfOv(" | ".join(["_Abstract", *(w for w in specs.WEAK if rule(w) is not None)]), "Any"))
    if not refused:
        out.append(SelfOv(None, "Any"))
    return out


def function_operand(ov: SelfOv, var: Callable[[str], str]) -> str:
    """The type argument a function's operand takes for ``ov`` (not ``keeps``; a method's ``self`` is never inferred
    in a context): a ``shared`` group of classes is a type variable bound to them (``var``: bound -> name), not
    their union. mypy infers a call in an argument with the parameter's type as its context and solves that call's
    own result variable to it, so the union made ``anp.exp(anp.add(x_i32, x_i8))`` an error (no promotion of int32
    and int8 gives that union) and ``anp.sin(...)`` of it take minutes; a type variable in the context constrains
    nothing."""
    assert ov.dtypes is not None and not ov.keeps, ov
    return var(ov.dtypes) if ov.shared else ov.dtypes
