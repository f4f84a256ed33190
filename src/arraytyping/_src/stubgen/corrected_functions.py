"""The binary functions whose table no operation has (``hypot``, ``logaddexp``, ``copysign``, ``gcd``...): each is
declared with the overloads of the operation whose answers it shares most (:data:`CORRECTED_AS`), with overloads
for the pairs where the two differ placed before them.

``cross`` is a product: its table is ``op_rules.contraction_static_result``'s (``Any`` where the join is weak:
2-vectors keep the weak flag, 3-vectors do not). The binary functions' answers, as a checker can know them
(:func:`static_table`), are ``op_rules.binary_result``'s, but for the pairs whose answer depends on the operands'
ranks: ``hypot``, ``logaddexp2``, ``heaviside``, ``gcd`` and
``lcm`` keep a weak flag at rank 0 only (they meet numpy constants), so where the operands join to a weak dtype
(a weak array, or a bool array with a Python int) and no annotation gives the rank, they answer ``Any``, as the
plugin does. The corrections take every pair where the operation's overloads answer otherwise,
and every narrower pair that a correction's annotations would also take with another answer (``int`` takes
``bool``); they come narrowest first, then merge where no answer changes. A numpy operand is gradual: two catchers
take it first (one annotation takes a numpy scalar, of rank 0, and a numpy array of any rank, and the rank can decide
here), and the operation's overloads that take numpy values alone go.

:func:`overloads` proves the result on every pair of operand specs (the function's answer, ``Any``, or a refused
pair taken: a rejection the checker misses, never another dtype), and that the operation's overloads that keep
an abstract dtype (``Array[F]`` with ``Array[F]``, ``F`` bound to ``floating``) keep it for the function too, or
leaves them out (``gcd`` of two ``int1`` arrays is ``int8``: an ``Array[I]`` pair is gradual).
"""

from __future__ import annotations

import functools

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Final

from arraytyping import op_rules
from arraytyping._src.stubgen import specs
from arraytyping._src.stubgen.binary import KeepVars, Ov, function_overloads, simulate, top_level
from arraytyping._src.stubgen.families import WEAK_ORDER, Model
from arraytyping._src.stubgen.specs import Spec, Table
from arraytyping.lattice import LatticeConfig

__all__ = ["CORRECTED_AS", "overloads", "static_table"]

CORRECTED_AS: Final[Mapping[str, str]] = MappingProxyType({
    "hypot": "true_divide", "logaddexp": "true_divide", "logaddexp2": "true_divide", "heaviside": "true_divide",
    "copysign": "true_divide", "gcd": "add", "lcm": "add", "cross": "subtract"})
"""Function -> the operation whose overloads it is declared with (the one with the fewest differing pairs)."""

Pair = tuple[Spec, Spec]


def static_table(fn: str, cfg: LatticeConfig) -> Table:
    """``op_rules``' answer for every pair of operand specs, ``"Any"`` where it depends on the operands' ranks
    (a weak flag kept at rank 0 alone; two Python scalars always have rank 0), None where the function refuses
    the pair."""
    out = dict(specs.exact_table(fn, cfg))
    if fn in op_rules.CONTRACTION:  # a product's table is already its answer for any shapes
        return MappingProxyType(out)
    for (a, b), r in out.items():
        if r is None or (a.python_scalar and b.python_scalar):
            continue
        try:
            at_rank0 = specs.static_of(*op_rules.binary_result(
                fn, [a.operand, b.operand], cfg, python_scalars=[a.python_scalar, b.python_scalar],
                numpy_scalars=[a.kind == "np", b.kind == "np"], rank0=True))
        except specs.REJECTIONS:
            at_rank0 = None
        if at_rank0 != r:
            out[a, b] = "Any"
    return MappingProxyType(out)


def overloads(m: Model, fn: str, keep_vars: KeepVars) -> list[Ov]:
    """``fn``'s overloads: the two ``Never`` catchers of its operation's, the corrections, the rest of the
    operation's. Raises ``ValueError`` if they would answer a pair with another dtype than the function's."""
    op = CORRECTED_AS[fn]
    if specs.numpy_scalar_sensitive(fn, m.cfg):
        raise ValueError(f"{fn} answers a numpy scalar and a numpy array differently: no operation's overloads fit")
    table = static_table(fn, m.cfg)
    base = function_overloads(m, op, keep_vars)
    if not _keeps(m, op, table):  # gcd(int1, int1) is int8: the abstract operands go to the gradual overloads
        base = [o for o in base if o.result not in keep_vars.names.values()]
    numpy = [Ov("_NumpyOperand", "object", "Any", _with_numpy(0)), Ov("object", "_NumpyOperand", "Any", _with_numpy(1))]
    base = [*base[:2], *numpy, *(o for o in base[2:] if not _numpy_only(o))]
    out = [*base[:4], *_corrections(base, table), *base[4:]]
    for a in specs.all_specs():
        for b in specs.all_specs():
            want, got = table[a, b], simulate(out, a, b)
            if want is not None and got not in (want, "Any"):
                raise ValueError(f"the stubs would answer {fn}({a}, {b}) with {got}, not {want} ({m.cfg})")
    return out


def _numpy_only(ov: Ov) -> bool:
    """Whether one side of ``ov`` takes numpy values alone: the numpy catchers before it take them all."""
    return any(all(p.startswith("np.") or p == "_NumpyOperand" for p in top_level(side))
               for side in (ov.left or "", ov.right))


def _with_numpy(side: int) -> Callable[[Spec, Spec], str | None]:
    """A numpy operand on ``side``: gradual (numpy scalars have rank 0, numpy arrays any rank, and one annotation
    takes both)."""
    def sim(a: Spec, b: Spec) -> str | None:
        return "Any" if (a, b)[side].kind == "np" else None
    return sim


@functools.cache
def _accepted(s: Spec) -> frozenset[Spec]:
    """The specs an annotation of ``s`` takes (``s`` and the narrower ones)."""
    return frozenset(x for x in specs.all_specs() if specs.accepts(s, x))


@functools.cache
def _taken(group: tuple[Spec, ...]) -> frozenset[Spec]:
    """The specs an annotation of the union of ``group`` takes."""
    return frozenset[Spec]().union(*(_accepted(s) for s in group))


def _corrections(base: Sequence[Ov], table: Table) -> list[Ov]:
    """Overloads for the pairs where ``base`` answers another concrete dtype than ``table`` (or none), and for
    the narrower pairs they would take with another answer; narrowest first, merged where no answer changes."""
    every = specs.all_specs()
    todo: set[Pair] = {(a, b) for a in every for b in every
                       if table[a, b] is not None and simulate(base, a, b) not in (table[a, b], "Any")}
    grown = True
    while grown:
        grown = False
        for a, b in list(todo):
            for x in _accepted(a):
                for y in _accepted(b):
                    if "np" in (x.kind, y.kind):
                        continue  # the numpy catchers come first
                    if (x, y) not in todo and table[x, y] is not None and table[x, y] != table[a, b]:
                        todo.add((x, y))
                        grown = True
    width = {s: len(_accepted(s)) for s in every}
    order = {s: i for i, s in enumerate(every)}
    pairs = sorted(todo, key=lambda p: (width[p[0]] + width[p[1]], order[p[0]], order[p[1]]))
    singles: list[Group] = [((a,), (b,), table[a, b]) for a, b in pairs]
    return [_ov(lefts, rights, r) for lefts, rights, r in _merged(singles, base)]


Group = tuple[tuple[Spec, ...], tuple[Spec, ...], "str | None"]


def _ov(lefts: Sequence[Spec], rights: Sequence[Spec], result: str | None) -> Ov:
    assert result is not None
    return Ov(" | ".join(s.annotation for s in lefts), " | ".join(s.annotation for s in rights), result,
              _taking(lefts, rights, result))


def _taking(lefts: Sequence[Spec], rights: Sequence[Spec], result: str) -> Callable[[Spec, Spec], str | None]:
    taken_left, taken_right = _taken(tuple(lefts)), _taken(tuple(rights))

    def sim(a: Spec, b: Spec) -> str | None:
        return result if a in taken_left and b in taken_right else None
    return sim


def _merged(groups: list[Group], base: Sequence[Ov]) -> list[Group]:
    """``groups`` with each merged into an earlier one of the same result and the same left (or right) operands
    wherever the answers of every pair stay the same (a merge moves the later group's pairs earlier: only the
    pairs its annotations take can change)."""
    def answer(gs: list[Group], a: Spec, b: Spec) -> str | None:
        if "np" in (a.kind, b.kind):
            return "Any"  # the numpy catchers come first
        for lefts, rights, r in gs:
            if a in _taken(lefts) and b in _taken(rights):
                return r
        return simulate(base, a, b)

    def answers(gs: list[Group], pairs: list[Pair]) -> list[str | None]:
        return [answer(gs, a, b) for a, b in pairs]

    out: list[Group] = []
    for n, g in enumerate(groups):
        taken = [(a, b) for a in _taken(g[0]) for b in _taken(g[1])]
        want = answers(groups, taken)
        for i, (lefts, rights, r) in enumerate(out):
            if r != g[2]:
                continue
            if lefts == g[0]:
                trial: Group = (lefts, (*rights, *g[1]), r)
            elif rights == g[1]:
                trial = ((*lefts, *g[0]), rights, r)
            else:
                continue
            candidate = [*out[:i], trial, *out[i + 1:]]
            if answers([*candidate, *groups[n + 1:]], taken) == want:
                out = candidate
                break
        else:
            out.append(g)
    return out




def _keeps(m: Model, op: str, table: Table) -> bool:
    """Whether every abstract class that ``op``'s overloads keep (with itself, or with a weak operand kind) is kept
    by the function of ``table`` wherever it takes the pair."""
    fam, _ = m.family_of[op]
    cfg = m.cfg
    for c in fam.keep_classes(None):
        mem = specs.members(c, cfg)
        arr = {x: Spec("arr", specs.node_of(x)) for x in mem}
        if any(table[arr[a], arr[b]] not in (*mem, None) for a in mem for b in mem) or any(
                table[arr[a], arr[a]] not in (a, None) for a in mem):
            return False
    for side in ("L", "R"):
        for w in WEAK_ORDER:
            for c in fam.keep_classes(w, side):
                for x in specs.members(c, cfg):
                    s = Spec("arr", specs.node_of(x))
                    if (table[s, w] if side == "R" else table[w, s]) not in (x, None):
                        return False
    return True
