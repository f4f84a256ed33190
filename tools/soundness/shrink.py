"""Minimal reproducers: a failing case (a wrong answer or a false error of some checker) is replaced by the smallest
case derived from it that fails the same way for that checker.

Candidates of a case: each inner call of its expression on its own (over the parameters it uses), and the
expression with each inner call replaced by a fresh parameter annotated with that call's runtime type (when it has
one type in every run). All candidates of a round go into one module that every checker checks once; a case keeps
the smallest candidate that still fails the same way, and the next round shrinks that. What cannot be shrunk is its
own minimal reproducer (the failure comes from the composition).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

from . import checkers as C
from . import oracle
from . import universe as U
from .driver import Answer, Results, annotation_of, attribute, check_cases, choose_form
from .expressions import Call, Choice, Dim, Node, Param, Ref, params_of, replace
from .operands import with_shape
from .generate import Case, GeneratorBug

FAILURES = ("wrong", "false error")
SHAPE = " shape"
"""A shape failure's key in ``Results.reproducers`` is ``(case id, checker + SHAPE)``; a dtype failure's
``(case id, checker)``."""


def failure(answer: Answer, key: str) -> str:
    """The verdict a failure with this key is about: the shape's or the dtype's."""
    return answer.shape.outcome if key.endswith(SHAPE) else answer.verdict.outcome


def _case_of(parent: Case, cid: str, expr: Node, extra: Sequence[Param] = (),
             extra_dims: Sequence[Dim] = ()) -> Case:
    used = params_of(expr)
    dims = {**{p.dim: parent.dims[p.dim] for p in used if p.dim in parent.dims}, **{d.key: d for d in extra_dims}}
    typevar = parent.typevar if parent.typevar in dims else None
    return Case(cid, parent.config, used, dims, typevar, expr, parent.declarations, parent.classes)


def candidates(case: Case, cfg: U.Config, prefix: str) -> list[Case]:
    inner = [n for n in case.expr.walk() if isinstance(n, Call) and n is not case.expr]
    out: list[Case] = []
    alone: dict[int, Case] = {}
    for i, n in enumerate(inner):
        if n.what == "array":
            alone[id(n)] = _case_of(case, f"{prefix}a{i}", n)
            out.append(alone[id(n)])
    for i, n in enumerate(inner):
        sub = alone.get(id(n))
        if sub is None:
            continue
        try:
            sub.runs = oracle.evaluate(sub, cfg)
        except (oracle.ValueDependent, oracle.RuntimeFault, GeneratorBug):
            continue
        types = {(r.outcome.dtype, r.outcome.weak and r.outcome.dtype != "bool") for r in sub.runs}
        if any(r.outcome.rejected for r in sub.runs) or len(types) != 1 or sub.typevar is not None:
            continue
        (dtype, weak), = types
        assert dtype is not None and n.shape is not None
        name = _fresh_name(case, len(case.params) + i + 20)
        choice = Choice(dtype, "array", dtype, weak=weak)
        label = annotation_of(dtype, weak).removeprefix("at.")
        p = Param(name, annotation_of(dtype, weak), "dtype" if not weak else "weak", name, n.shape, (), "array",
                  label if weak else f"Array[<{U.category(dtype)}>]")
        variants = [p]
        if any(q.plain for q in case.params):  # shapes declared: the call replaced by its shaped type too
            variants.append(Param(name, with_shape(p.annotation, n.shape), p.kind, name, n.shape, (), "array",
                                  p.label, p.annotation))
        for j, v in enumerate(variants):
            out.append(_case_of(case, f"{prefix}r{i}{'s' * j}", replace(case.expr, n, Ref(v, n.shape, "array")), [v],
                                [Dim(name, (choice,))]))
    kept = []
    for c in out:
        if not c.runs:
            try:
                c.runs = oracle.evaluate(c, cfg)
            except (oracle.ValueDependent, oracle.RuntimeFault, GeneratorBug):
                continue
        if case.form == "return":
            choose_form(c, _Always())
        kept.append(c)
    return kept


def _fresh_name(case: Case, start: int) -> str:
    """``x<start>``, or the next such name the case's parameters do not hold (a second round shrinks a case whose
    parameters include the first round's ``x22``: reusing the name dropped the new parameter from the signature)."""
    taken = {p.name for p in case.params}
    while f"x{start}" in taken:
        start += 1
    return f"x{start}"


class _Always(random.Random):
    def random(self) -> float:
        return 0.0


def shrink(results: Results, checker_list: Sequence[C.Checker], work: Path, jobs: int, rounds: int = 2,
           limit: int = 3000) -> dict[tuple[str, str], Case]:
    """(case id, checker) -> the minimal reproducer of that failure (the case itself when nothing smaller fails
    the same way). At most ``limit`` candidate cases are checked per round; failures beyond them keep their case."""
    cfg = U.config(results.config)
    best: dict[tuple[str, str], Case] = {}
    verdict: dict[tuple[str, str], str] = {}
    for cid, per in results.answers.items():
        for label, a in per.items():
            for key in (label, label + SHAPE):
                if failure(a, key) in FAILURES:
                    best[(cid, key)] = results.cases[cid]
                    verdict[(cid, key)] = failure(a, key)
    for r in range(rounds):
        pending = sorted({c.id: c for c in best.values() if c.expr.depth() > 1}.values(), key=lambda c: c.expr.size())
        pool: dict[str, list[Case]] = {}
        total = 0
        for c in pending:
            cands = candidates(c, cfg, f"s{r}_{c.id}_")
            if total + len(cands) > limit:
                break
            pool[c.id] = cands
            total += len(cands)
        if not total:
            break
        sub = Results(results.config, results.checkers)
        flat = [x for cs in pool.values() for x in cs]
        check_cases(sub, flat, checker_list, work, jobs, f"shrink_{r}")
        attribute(sub, flat, checker_list, work, jobs)
        for k in list(best):
            cur = best[k]
            label = k[1].removesuffix(SHAPE)
            better = [x for x in pool.get(cur.id, ())
                      if sub.answers.get(x.id, {}).get(label) is not None
                      and failure(sub.answers[x.id][label], k[1]) == verdict[k]]
            if better:
                best[k] = min(better, key=lambda x: (x.expr.size(), len(x.params)))
        for x in flat:
            results.extra_cases[x.id] = x
            results.extra_answers[x.id] = sub.answers.get(x.id, {})
        results.stray += sub.stray
    results.reproducers = best
    return best

