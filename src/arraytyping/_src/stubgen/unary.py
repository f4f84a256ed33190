"""Overloads of operations on one array whose result dtype follows from its dtype alone (negation, ``abs``,
``exp``, reductions...), built from a rule: the result's static class for each operand class, or None where the
operation refuses it.

In order: ``Array[Any]`` first (``Array[Never]``, as in :mod:`.binary`); the concrete classes grouped by result
(a group whose classes give themselves back answers the receiver's own type argument, so a union of them keeps its
members); the weak arrays; the abstract classes every inhabited member of which gives itself back (generic code:
``Array[T]`` stays ``Array[T]``); a gradual ``Array[Any]`` for other abstract classes (also mixed with the weak
kinds the operation takes), and for anything at all when
no inhabited dtype is refused. With ``abstract_results`` (``__abs__``), no overload an abstract class or a type
variable meets answers ``Array[Any]``: :func:`_abstract_overloads`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from arraytyping import lattice
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
    dtype annotation, or ``keeps``: the result is the operand's own dtype (``DTypeT_co`` in a method; in a function,
    a type variable bound to ``dtypes``)."""

    dtypes: str | None
    result: str
    keeps: bool = False
    shared: bool = False
    """Several concrete classes that give one result (``exp`` of every integer class is ``float32``)."""


def unary_overloads(rule: Rule, cfg: LatticeConfig, *, abstract_results: bool = False) -> list[SelfOv]:
    """The overloads of an operation on one array by ``rule`` (``abstract_results``: :func:`_abstract_overloads`
    for the abstract classes, a method's only)."""
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
    if abstract_results:
        return [*out, *_abstract_overloads(rule, cfg, keeping)]
    # abstract classes, alone or mixed with the weak kinds the operation takes (``FloatArray``, ``Array[floating |
    # float]``): gradual; an abstract class is never an error
    out.append(SelfOv(" | ".join(["_Abstract", *(w for w in specs.WEAK if rule(w) is not None)]), "Any"))
    if not refused:
        out.append(SelfOv(None, "Any"))
    return out


def _answer(rule: Rule, classes: Sequence[str]) -> str | None:
    """The one class of every result ``rule`` gives ``classes`` (those it refuses aside), else the smallest
    abstract class holding them all (the plugin's answer for an abstract class or a type variable whose members do
    not all give themselves back); None where it refuses them all."""
    results = list(dict.fromkeys(r for c in classes if (r := rule(c)) is not None))
    if len(results) <= 1:
        return results[0] if results else None
    kinds = {lattice.KIND[specs.node_of(r)] for r in results}
    return min((a for a, (_, k) in specs.ABSTRACT.items() if kinds <= set(k)), key=lambda a: len(specs.ABSTRACT[a][1]))


def _weak_variants(rule: Rule) -> list[tuple[list[str], list[str]]]:
    """The weak kinds the rule takes, grouped by what they give: for each set of results, the weak kinds of every
    mix giving it (``abs``: ``int`` -> ``int``; ``float``, ``complex`` -> ``float``; all three -> ``int``, ``float``),
    fewest first, so that the first of them a mix of weak kinds meets gives that mix's results."""
    taken = [w for w in specs.WEAK if rule(w) is not None]
    kinds_of: dict[tuple[str, ...], set[str]] = {}
    for n in range(1, len(taken) + 1):
        for mix in itertools.combinations(taken, n):
            results = tuple(sorted({r for w in mix if (r := rule(w)) is not None}, key=_weak_order))
            kinds_of.setdefault(results, set()).update(mix)
    variants = [([w for w in taken if w in kinds], list(results)) for results, kinds in kinds_of.items()]
    return sorted(variants, key=lambda v: (len(v[0]), [taken.index(w) for w in v[0]]))


def _weak_order(cls: str) -> tuple[int, str]:
    return (specs.WEAK.index(cls), "") if cls in specs.WEAK else (len(specs.WEAK), cls)


def _abstract_overloads(rule: Rule, cfg: LatticeConfig, keeping: Sequence[str]) -> list[SelfOv]:
    """The overloads of a method for the abstract classes, none answering ``Array[Any]``: each class the ``keeping``
    classes do not hold answers :func:`_answer` of its members (``abs`` of ``inexact`` is ``floating``), grouped by
    answer; then each group (the ``keeping`` classes too) mixed with weak kinds (:func:`_weak_variants`) answers the
    group's answer (mixed, its nearest abstract class: ``float32 | complexfloating`` is no operand a function takes)
    and the weak kinds' (``IntArray``, ``Array[integer | int]``, stays ``Array[integer | int]``; ``InexactArray``
    is ``Array[floating | float]``), the ``keeping`` classes with the weak kinds that keep themselves their own
    class (``FloatArray`` stays itself); last, any abstract class with any weak kind answers the abstract class of
    every member's answer and every weak kind's (``Array[generic | int | float]``).

    ``abs(x)`` needs it: typeshed's ``abs(x: SupportsAbs[T]) -> T`` in an argument of an overloaded call is solved
    with ``T`` the outer overload's parameter type first, and mypy takes ``x`` as a ``SupportsAbs`` of it where any
    ``__abs__`` overload ``x`` meets answers a subtype: an ``Array[Any]`` answer made ``anp.atanh(abs(x))`` an
    ``Array[complex64]`` for ``x: Array[F]``. Every answer here names the dtype ``abs`` gives or holds it, and no
    class it does not give (``complexfloating``, which ``signbit`` refuses)."""
    keep_weak = [w for w in specs.WEAK if rule(w) == w]
    variants = _weak_variants(rule)
    groups: dict[str, list[str]] = {}
    for a in specs.ABSTRACT:
        if a not in keeping and (r := _answer(rule, specs.members(a, cfg))) is not None:
            groups.setdefault(r, []).append(a)
    out = [SelfOv(markers(classes), r) for r, classes in groups.items()]
    mixes = [(markers(classes), specs.abstract_ancestors(r)[0], False) for r, classes in groups.items()]
    if keeping:
        if keep_weak:
            out.append(SelfOv(" | ".join([markers(keeping), *keep_weak]), "", keeps=True))
        mixes.insert(0, (markers(keeping), " | ".join(keeping), True))
    for operand, answer, keeps in mixes:
        for kinds, results in variants:
            if not (keeps and set(kinds) <= set(keep_weak)):  # those the overload above answers
                out.append(SelfOv(" | ".join([operand, *kinds]), " | ".join([answer, *results])))
    everything = _answer(rule, specs.members("generic", cfg))
    weak_results = list(dict.fromkeys(r for _, results in variants for r in results))
    final = [specs.abstract_ancestors(everything)[0]] if everything is not None else []
    taken = [w for w in specs.WEAK if rule(w) is not None]
    if final or weak_results:
        out.append(SelfOv(" | ".join(["_Abstract", *taken]), " | ".join([*final, *weak_results])))
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
