"""What a run says: the per-checker table, the findings grouped by pattern with one minimal reproducer each, the
missed rejections grouped by the smallest subexpression the runtime rejects, and a JSON form of all of it.

Findings are grouped by the reproducer's operation family and the kinds of its operands (``arithmetic operator
(NDArray[np.dtype], Array[dtype])``), and within a group listed by pattern: the reproducer's expression with each
operand replaced by its kind and dtype class (``{NDArray[np.<int>]} + {Array[<float<16>]}``: ``<float<16>`` is a
4/6/8-bit float, ``<int<8>`` a 1/2/4-bit integer). ``[returned]`` marks failures on a returned value.
"""

from __future__ import annotations

import collections
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import oracle
from . import universe as U
from .classify import OUTCOMES, SHAPE_OUTCOMES
from .driver import Answer, Results
from . import jax_check, limits, operands
from .expressions import Call, Lit, Node, Ref
from .generate import Case, GeneratorBug
from .modules import case_function
from .shrink import FAILURES, SHAPE, _case_of


COARSE_KINDS: dict[str, str] = {
    "dtype": "Array[dtype]", "weak": "Array[weak]", "any": "Array[Any]", "bare": "Array", "union": "Array|Array",
    "union_param": "Array[a|b]", "optional": "Optional[Array] narrowed", "or_scalar": "Array|scalar narrowed",
    "subclass": "subclass of Array", "ndarray": "NDArray[np.dtype]", "ndarray_any": "NDArray[Any]",
    "npscalar_param": "numpy scalar", "dtype_str_param": "str", "np_dtype_param": "np.dtype",
    "dtypelike_param": "DTypeLike",
}
"""Operand kinds as findings are grouped by (a parameter's dtype is left out; the fine pattern keeps its class)."""


def coarse(node: Node) -> str:
    if isinstance(node, Ref):
        p = node.param
        if p.kind == "typevar":
            how = operands.TYPEVARS[p.dim][0]
            return {"bound": "Array[T bound]", "alias": "Array[ScalarType]", "unbound": "Array[T]"}.get(
                how, "Array[T constrained]")
        if p.kind == "alias":
            return p.annotation.removeprefix("att.")
        if p.kind == "pyscalar_param":
            return f"py {p.annotation} param"
        return COARSE_KINDS.get(p.kind, p.kind)
    if isinstance(node, Lit):
        k = node.kind
        if k.startswith("np.") and k.endswith("(...)"):
            return "numpy scalar"
        if k.startswith("np.<"):
            return "numpy class"
        if k.startswith(("at.<", "anp.<")):
            return "scalar class"
        if k.startswith("np.dtype("):
            return "np.dtype"
        if k.startswith("type:"):
            return "Python type"
        return k.split("[")[0]
    assert isinstance(node, Call)
    return "(" + node.entry.family + ")"


def coarse_key(outcome: str, case: Case) -> tuple[str, str]:
    expr = case.expr
    if isinstance(expr, Call):
        what = expr.entry.family + " (" + ", ".join(coarse(a) for a in expr.args.values()) + ")"
    else:
        what = coarse(expr)
    return outcome, what + ("   [returned]" if case.form == "return" else "")


@dataclass
class Group:
    outcome: str
    key: str
    per_checker: dict[str, collections.Counter[str]] = field(default_factory=dict)
    """Checker -> the reproducer patterns of its failures in the group (the README limit is found for each)."""
    reproducer: Case | None = None

    @property
    def checkers(self) -> collections.Counter[str]:
        """Checker -> its failures in the group."""
        return collections.Counter({c: sum(mine.values()) for c, mine in self.per_checker.items()})

    @property
    def patterns(self) -> collections.Counter[str]:
        """Reproducer pattern -> the failures, every checker's, that have it."""
        return sum(self.per_checker.values(), collections.Counter())

    @property
    def total(self) -> int:
        return sum(sum(mine.values()) for mine in self.per_checker.values())

    def limits(self) -> dict[str, collections.Counter[str]]:
        """Checker -> its failures here by the README limit that accounts for each (``other``: none does), found
        for each failure on its own: a group can hold one checker's failure of one limit beside another checker's of
        another (``anp.sin(abs(x))`` in ty beside a constrained variable's in pyright), and neither limit stands for
        the other's failures."""
        out: dict[str, collections.Counter[str]] = {}
        for checker, mine in self.per_checker.items():
            per = out[checker] = collections.Counter()
            for p, n in mine.items():
                per[limits.limit_of(self.key, checker, p) or "other"] += n
        return out

    def add(self, checker: str, rep: Case) -> None:
        self.per_checker.setdefault(checker, collections.Counter())[pattern(rep)] += 1
        if self.reproducer is None or (rep.expr.size(), len(rep.params), rep.id) < (
                self.reproducer.expr.size(), len(self.reproducer.params), self.reproducer.id):
            self.reproducer = rep


def pattern(case: Case) -> str:
    text = case.expr.skeleton()
    return text + ("   [returned as " + case.returns.removeprefix("at.") + "]" if case.form == "return" else "")


def groups(results: Results, shapes: bool = False) -> list[Group]:
    """The dtype verdicts' failures grouped; with ``shapes``, the shape verdicts' (``wrong shape``, ``false shape
    error``)."""
    out: dict[tuple[str, str], Group] = {}
    for cid, per in results.answers.items():
        for label, a in per.items():
            outcome = a.shape.outcome if shapes else a.verdict.outcome
            if outcome not in FAILURES:
                continue
            rep = results.reproducers.get((cid, label + (SHAPE if shapes else "")), results.cases[cid])
            key = coarse_key(SHAPE_FAILURE[outcome] if shapes else outcome, rep)
            out.setdefault(key, Group(*key)).add(label, rep)
    order = {o: i for i, o in enumerate(OUTCOMES + tuple(SHAPE_FAILURE.values()))}
    return sorted(out.values(), key=lambda g: (order[g.outcome], -g.total, g.key))


SHAPE_FAILURE = {"wrong": "wrong shape", "false error": "false shape error"}


def rejecting_part(case: Case, cfg: U.Config) -> Case:
    """The operation the runtime rejects (the one that raised, in most of the rejecting runs), as a case."""
    where = collections.Counter(r.outcome.at for r in case.runs if r.outcome.rejected)
    if not where:
        return case
    at_source = where.most_common(1)[0][0]
    node = next((n for n in case.expr.walk() if n.render() == at_source), case.expr)
    if node is case.expr:
        return case
    sub = _case_of(case, f"{case.id}_rej", node)
    try:
        sub.runs = oracle.evaluate(sub, cfg)
    except (oracle.ValueDependent, oracle.RuntimeFault, GeneratorBug):
        return case
    return sub


def missed_rejections(results: Results) -> list[Group]:
    cfg = U.config(results.config)
    out: dict[tuple[str, str], Group] = {}
    parts: dict[str, Case] = {}
    for cid, per in results.answers.items():
        for label, a in per.items():
            if a.verdict.outcome != "missed rejection":
                continue
            if cid not in parts:
                parts[cid] = rejecting_part(results.cases[cid], cfg)
            rep = parts[cid]
            key = coarse_key("missed rejection", rep)
            out.setdefault(key, Group(*key)).add(label, rep)
    return sorted(out.values(), key=lambda g: (-g.total, g.key))


def cross_check(results: Results, venv: Path | None, sample: float, seed: str, jobs: int = 1) -> bool:
    """Evaluate every reproducer, and a sample of all cases, with JAX itself (see :mod:`.jax_check`). False when
    there is no JAX venv."""
    if jax_check.python(venv) is None:
        return False
    mode, x64 = U.CONFIGS[results.config]
    reps = {g.reproducer.id: g.reproducer for g in groups(results) + missed_rejections(results)
            if g.reproducer is not None}
    diffs, _ = jax_check.differences(list(reps.values()), mode, x64, venv, jobs=jobs)
    results.jax_on_reproducers = {cid: [] for cid in reps}
    for d in diffs:
        results.jax_on_reproducers[d.case.id].append(d)
    rng = random.Random(f"{seed}:jax")
    picked = [c for c in results.cases.values() if rng.random() < sample]
    diffs, compared = jax_check.differences(picked, mode, x64, venv, max_runs_per_case=4, jobs=jobs)
    results.jax_differences, results.jax_compared = list(diffs), compared
    return True


def runtime_summary(case: Case, limit: int = 6) -> str:
    shapes = {r.outcome.shape for r in case.runs if not r.outcome.rejected and r.outcome.what == "array"}
    shape = f"shape {shapes.pop()}; " if len(shapes) == 1 else ""
    return shape + _outcomes_summary(case, limit)


def _outcomes_summary(case: Case, limit: int) -> str:
    if len(case.runs) == 1:
        return str(case.runs[0].outcome)
    by: dict[str, list[str]] = collections.defaultdict(list)
    for r in case.runs:
        by[str(r.outcome)].append(", ".join(f"{k}={c.label}" for k, c in r.assignment if len(case.dims[k].choices) > 1))
    parts = [f"{o} for {len(w)} ({'; '.join(w[:2])}{'...' if len(w) > 2 else ''})" for o, w in by.items()]
    return f"{len(case.runs)} runs: " + "; ".join(parts[:limit]) + (" ..." if len(parts) > limit else "")


def answer_text(a: Answer | None) -> str:
    if a is None:
        return "(not checked)"
    said = a.reveal if a.reveal is not None else "(no reveal)"
    err = f"  error: {a.errors[0][:200]}" if a.errors else ""
    return f"{said}{err}  -> {a.verdict.outcome}; shape {a.shape.outcome}"


def table(results: Results, markdown: bool = True, shapes: bool = False) -> str:
    """The per-checker counts of the dtype verdicts (with ``shapes``, of the shape verdicts)."""
    counts = results.shape_counts() if shapes else results.counts()
    cols = list(SHAPE_OUTCOMES) if shapes else [
        o for o in OUTCOMES if o not in ("no answer", "timed out") or any(c[o] for c in counts.values())]
    width = max(len(c) for c in results.checkers) + 2
    lines = ["| checker".ljust(width + 2) + "| " + " | ".join(cols) + " |",
             "|" + "-" * (width + 1) + "|" + "|".join("-" * (len(c) + 2) for c in cols) + "|"]
    for checker, per in counts.items():
        lines.append(f"| {checker}".ljust(width + 2) + "| " + " | ".join(str(per[c]).rjust(len(c)) for c in cols)
                     + " |")
    return "\n".join(lines)


def by_limit(results: Results, shapes: bool = False) -> dict[str, dict[str, int]]:
    """Per checker, its wrong answers and false errors (with ``shapes``, its wrong shapes and false shape errors)
    by the README limit that accounts for them (``other``: none does; :meth:`Group.limits`)."""
    out: dict[str, dict[str, int]] = {c: {} for c in results.checkers}
    for g in groups(results, shapes=shapes):
        for checker, per in g.limits().items():
            for name, n in per.items():
                out[checker][name] = out[checker].get(name, 0) + n
    return out


def limits_table(results: Results, shapes: bool = False) -> str:
    split = by_limit(results, shapes=shapes)
    cols = [name for name, _ in limits.LIMITS if any(name in per for per in split.values())] + ["other"]
    width = max(len(c) for c in results.checkers) + 2
    lines = ["| checker".ljust(width + 2) + "| " + " | ".join(cols) + " |",
             "|" + "-" * (width + 1) + "|" + "|".join("-" * (len(c) + 2) for c in cols) + "|"]
    for checker, per in split.items():
        lines.append(f"| {checker}".ljust(width + 2) + "| " + " | ".join(str(per.get(c, 0)).rjust(len(c))
                                                                         for c in cols) + " |")
    return "\n".join(lines)


def render(results: Results, seed: str, count: int, max_groups: int = 80) -> str:
    out = [f"## Configuration {results.config}: {len(results.cases)} expressions (seed {seed!r}), "
           f"checkers {', '.join(results.checkers)}", ""]
    t = results.timings
    out.append("Timings: " + ", ".join(f"{k} {v:.0f} s" for k, v in t.items()))
    if any(results.skipped.values()):
        out += ["", "Skipped (known to take a checker minutes, `--skip-known-slow`; no answer from it): "
                + ", ".join(f"{k} {v}" for k, v in results.skipped.items() if v)]
    out += ["", "Dtypes:", "", table(results), "", "Shapes (of the same answers; half the `Array` operands declare "
            "their literal shape):", "", table(results, shapes=True), ""]
    if any(g.total for g in groups(results)):
        out += ["Wrong answers and false errors by the README limit that accounts for them (`other`: none does):",
                "", limits_table(results), ""]
    if results.stray:
        out += [f"**{len(results.stray)} errors outside the cases' lines** (harness or checker faults):"]
        out += [f"    {s}" for s in results.stray[:20]] + [""]
    if results.faults:
        out += [f"**{len(results.faults)} runtime faults** (cases left out; a runtime bug, see the message):"]
        out += [f"    {s}" for s in sorted(set(results.faults))[:20]] + [""]
    if results.eager:
        out += [f"**{len(results.eager)} differences between eager and abstract evaluation:**"]
        out += [f"    {s}" for s in results.eager[:20]] + [""]
    gs = groups(results)
    out += [f"### Wrong answers and false errors: {sum(g.total for g in gs)} (case, checker) pairs in {len(gs)} "
            "patterns", ""]
    out += _render_groups(results, gs[:max_groups])
    if len(gs) > max_groups:
        out.append(f"... and {len(gs) - max_groups} more patterns (see --json)")
    ss = groups(results, shapes=True)
    out += ["", f"### Wrong shapes and false shape errors: {sum(g.total for g in ss)} (case, checker) pairs in "
            f"{len(ss)} patterns", ""]
    if ss:
        out += ["By the README limit that accounts for them (`other`: none does):", "",
                limits_table(results, shapes=True), ""]
    out += _render_groups(results, ss[:max_groups])
    if results.jax_compared:
        diffs = sorted(results.jax_differences, key=lambda d: (d.case.expr.size(), d.case.source))  # type: ignore[attr-defined]
        seen: dict[str, object] = {}
        for d in diffs:
            seen.setdefault(pattern(d.case), d)  # type: ignore[attr-defined]
        out += ["", f"### Runtime vs JAX 0.10.2: {len(diffs)} of {results.jax_compared} sampled runs differ "
                f"({len(seen)} patterns)", ""]
        out += [f"- {d}" for d in list(seen.values())[:max_groups]]
    slow = [(cid, label, a) for cid, per in results.answers.items() for label, a in per.items()
            if a.verdict.outcome == "timed out"]
    if slow:
        out += ["", f"### Timed out: {len(slow)} (case, checker) pairs (the checker ran past its CPU limit on the "
                "expression alone)", ""]
        for cid, label, a in slow[:max_groups]:
            out += [f"- {label}: {a.verdict.why}", "  ```python"]
            out += [f"  {ln}" for ln in case_function(results.cases[cid])] + ["  ```"]
    ms = missed_rejections(results)
    out += ["", f"### Missed rejections: {sum(g.total for g in ms)} (case, checker) pairs in {len(ms)} patterns "
            "(by the smallest subexpression the runtime rejects)", ""]
    out += _render_groups(results, ms[:max_groups], answers=False)
    return "\n".join(out)


def _render_groups(results: Results, gs: Sequence[Group], answers: bool = True) -> list[str]:
    out = []
    for i, g in enumerate(gs, 1):
        assert g.reproducer is not None
        rep = g.reproducer
        who = ", ".join(f"{c} {n}" for c, n in g.checkers.most_common())
        out.append(f"{i}. **{g.outcome}**: {g.key} — {who}")
        fine = g.patterns.most_common(4)
        out.append("   patterns: " + "; ".join(f"`{p}` ({n})" for p, n in fine)
                   + (f"; {len(g.patterns) - len(fine)} more" if len(g.patterns) > len(fine) else ""))
        out += ["   ```python"] + [f"   {ln}" for ln in case_function(rep)] + ["   ```"]
        out.append(f"   runtime: {runtime_summary(rep)}")
        jax_diffs = results.jax_on_reproducers.get(rep.id)
        if jax_diffs:
            out.append(f"   **JAX differs from the runtime here** ({len(jax_diffs)} runs), e.g. {jax_diffs[0]}")
        if answers:
            per = results.answers_on(rep.id)
            for checker in results.checkers:
                out.append(f"   - {checker}: {answer_text(per.get(checker))}")
        out.append("")
    return out


def _group_json(results: Results, g: Group, answers: bool = True) -> dict[str, Any]:
    assert g.reproducer is not None
    rep = g.reproducer
    return {
        "outcome": g.outcome, "group": g.key, "checkers": dict(g.checkers), "patterns": dict(g.patterns),
        "reproducer": {"function": "\n".join(case_function(rep)), "expression": rep.source,
                       "operands": {p.name: p.annotation for p in rep.params}, "runtime": runtime_summary(rep, 50),
                       "answers": {c: {"reveal": a.reveal, "errors": a.errors, "verdict": a.verdict.outcome,
                                       "shape": a.shape.outcome}
                                   for c, a in results.answers_on(rep.id).items()} if answers else {}},
    }


def to_json(results: Results, seed: str, count: int) -> dict[str, Any]:
    failures = []
    for cid, per in results.answers.items():
        for label, a in per.items():
            if a.verdict.outcome in (*FAILURES, "timed out"):
                c = results.cases[cid]
                failures.append({"case": cid, "checker": label, "outcome": a.verdict.outcome, "why": a.verdict.why,
                                 "function": "\n".join(case_function(c)), "reveal": a.reveal, "errors": a.errors,
                                 "runtime": runtime_summary(c, 50)})
            if a.shape.outcome in FAILURES:
                c = results.cases[cid]
                failures.append({"case": cid, "checker": label, "outcome": SHAPE_FAILURE[a.shape.outcome],
                                 "why": a.shape.why, "function": "\n".join(case_function(c)), "reveal": a.reveal,
                                 "errors": a.errors, "runtime": runtime_summary(c, 50)})
    return {
        "config": results.config, "seed": seed, "count": count, "checkers": results.checkers,
        "timings_s": results.timings, "skipped": results.skipped, "counts": results.counts(),
        "shape_counts": results.shape_counts(),
        "by_limit": by_limit(results), "shape_by_limit": by_limit(results, shapes=True),
        "groups": [_group_json(results, g) for g in groups(results)],
        "shape_groups": [_group_json(results, g) for g in groups(results, shapes=True)],
        "missed_rejections": [_group_json(results, g, answers=False) for g in missed_rejections(results)],
        "failures": failures, "stray_errors": results.stray, "runtime_faults": sorted(set(results.faults)),
        "eager_differences": results.eager,
        "jax": {"compared_runs": results.jax_compared, "differences": [str(d) for d in results.jax_differences],
                "on_reproducers": {k: [str(d) for d in v] for k, v in results.jax_on_reproducers.items() if v}},
    }
