"""A fuzzing run: generate cases in chunks (with the runtime's answers), write one module per chunk, run the
checkers on the modules (up to ``jobs`` processes at a time), classify every answer, then shrink the failures.

Chunks are generated in worker processes (spawned: each imports the runtime once), each from its own seed
(``"{seed}:{config}:{chunk}"``), so a run is reproducible and the same whatever ``jobs`` is; each chunk's checker
runs start as soon as it is written.
"""

from __future__ import annotations

import concurrent.futures as cf
import multiprocessing
import random
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from . import checkers as C
from . import classify, generate, modules, operands, oracle
from . import universe as U
from .generate import Case
from .typestrings import normalise, shape_claims

KEEP_DEEP_REJECTIONS = 0.3
"""A case the runtime rejects outright is kept with this probability when its expression is deeper than 2 (the
rejection then usually sits in a subexpression and says nothing about the rest)."""
RETURN_FORM = 0.3
"""The share of cases whose result is returned under the annotation the runtime's answer calls for."""


@dataclass
class Chunk:
    index: int
    cases: list[Case]
    faults: list[str] = field(default_factory=list)
    eager: list[str] = field(default_factory=list)
    seconds: float = 0.0
    cpu: float = 0.0


def annotation_of(dtype: str, weak: bool) -> str:
    if weak and dtype != "bool":
        return "at.Array[" + {"i": "int", "u": "int", "f": "float", "c": "complex"}[U.kind(dtype)] + "]"
    return f"at.Array[{U.scalar_class(dtype)}]"


def choose_form(case: Case, rng: random.Random) -> None:
    """Return the result under an annotation when every run gives the same type, or ``T`` when every run gives its
    instantiation of the case's type variable (``def f(x: Array[T]) -> Array[T]``)."""
    if case.expr.what != "array" or any(r.outcome.rejected for r in case.runs):
        return
    # ``-> Array[T]`` only where the runs bind T to two dtypes or more: with one (``T_complex`` with x64 off is
    # complex64 alone, complex128 canonicalized away) a constant result matches every run, but a checker rightly
    # refuses it for the instantiations the configuration leaves uninhabited
    if case.typevar is not None and len({(r.binding(case.typevar).dtype, r.binding(case.typevar).weak)  # type: ignore[union-attr]
                                         for r in case.runs}) < 2:
        return  # nor under a concrete annotation: a checker may keep T (Array[T_complex] is not Array[complex64])
    if case.typevar is not None and all(
            classify.binding_matches(r.binding(case.typevar).dtype, r.binding(case.typevar).weak, r.outcome)  # type: ignore[union-attr]
            for r in case.runs):
        if rng.random() < 0.6:
            case.form, case.returns = "return", f"at.Array[{operands.typevar_annotation(case.typevar)}]"
        return
    results = {(r.outcome.dtype, r.outcome.weak and r.outcome.dtype != "bool") for r in case.runs}
    if len(results) == 1 and rng.random() < RETURN_FORM:
        (dtype, weak), = results
        assert dtype is not None
        case.form, case.returns = "return", annotation_of(dtype, weak)


def generate_chunk(seed: str, config: str, index: int, count: int, eager: float) -> Chunk:
    cfg = U.config(config)
    rng = random.Random(f"{seed}:{config}:{index}")
    t, cpu = time.perf_counter(), time.process_time()
    chunk = Chunk(index, [])
    while len(chunk.cases) < count:
        case = generate.build(f"{index}_{len(chunk.cases)}", rng, cfg)
        try:
            case.runs = oracle.evaluate(case, cfg)
        except oracle.ValueDependent:
            continue
        except oracle.RuntimeFault as e:
            chunk.faults.append(str(e))
            continue
        if all(r.outcome.rejected for r in case.runs) and case.expr.depth() > 2 and rng.random() > \
                KEEP_DEEP_REJECTIONS:
            continue
        choose_form(case, rng)
        if eager and random.Random(f"{seed}:eager:{case.id}").random() < eager:  # not from rng: same cases
            chunk.eager += oracle.eager_differences(case, cfg)
        chunk.cases.append(case)
    chunk.seconds, chunk.cpu = time.perf_counter() - t, time.process_time() - cpu
    return chunk


@dataclass
class Answer:
    reveal: str | None
    errors: list[str]
    verdict: classify.Verdict
    shape: classify.Verdict = classify.Verdict("not judged")
    """The verdict on the result's shape (:func:`classify.shape_verdict`), beside the dtype's."""


@dataclass
class Results:
    config: str
    checkers: list[str]
    cases: dict[str, Case] = field(default_factory=dict)
    answers: dict[str, dict[str, Answer]] = field(default_factory=dict)
    """case id -> checker label -> answer."""
    stray: list[str] = field(default_factory=list)
    faults: list[str] = field(default_factory=list)
    eager: list[str] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)
    work: str = ""
    reproducers: dict[tuple[str, str], Case] = field(default_factory=dict)
    """(case id, checker) of each failure -> its minimal reproducer (see :mod:`.shrink`)."""
    jax_compared: int = 0
    jax_differences: list[object] = field(default_factory=list)
    """Runs of a sample of the cases where JAX's answer is not the runtime's (``jax_check.Difference``)."""
    jax_on_reproducers: dict[str, list[object]] = field(default_factory=dict)
    """Reproducer case id -> the runs where JAX's answer is not the runtime's (empty: they agree)."""
    extra_cases: dict[str, Case] = field(default_factory=dict)
    extra_answers: dict[str, dict[str, Answer]] = field(default_factory=dict)
    """Cases checked while shrinking, and the answers on them: not counted."""
    skipped: dict[str, int] = field(default_factory=dict)
    """Checker label -> how many cases ``run``'s ``skip`` kept from it (they have no answer from it)."""

    def case(self, cid: str) -> Case:
        return self.cases[cid] if cid in self.cases else self.extra_cases[cid]

    def answers_on(self, cid: str) -> dict[str, Answer]:
        return self.answers.get(cid) or self.extra_answers.get(cid, {})

    def counts(self) -> dict[str, dict[str, int]]:
        out = {c: dict.fromkeys(classify.OUTCOMES, 0) for c in self.checkers}
        for per in self.answers.values():
            for checker, a in per.items():
                out[checker][a.verdict.outcome] += 1
        return out

    def shape_counts(self) -> dict[str, dict[str, int]]:
        out = {c: dict.fromkeys(classify.SHAPE_OUTCOMES, 0) for c in self.checkers}
        for per in self.answers.values():
            for checker, a in per.items():
                out[checker][a.shape.outcome] += 1
        return out


class _Slots:
    """Cache directories, one per concurrent run of a checker (mypy's cache is not safe to share): a directory is
    taken for a run and given back after it, so later runs reuse a warm cache."""

    def __init__(self, root: Path) -> None:
        self.root, self.lock = root, threading.Lock()
        self.free: dict[str, list[Path]] = {}
        self.made = 0

    def take(self, label: str) -> Path:
        with self.lock:
            free = self.free.setdefault(label, [])
            if free:
                return free.pop()
            self.made += 1
            return self.root / f"cache-{label}-{self.made}"

    def give(self, label: str, path: Path) -> None:
        with self.lock:
            self.free[label].append(path)


def classify_module(results: Results, checker: C.Checker, cases: Sequence[Case], where: dict[str, modules.Lines],
                    classes: dict[str, str], file: str, report: C.FileReport) -> None:
    cfg = U.config(results.config)
    expr_lines = {where[c.id].expr: c for c in cases}
    for line, rep in sorted(report.items()):
        if rep.errors and line not in expr_lines:
            results.stray.append(f"{checker.label} {file}:{line}: {rep.errors[0]}")
    for c in cases:
        rep = report.get(where[c.id].expr, C.LineReport())
        static = normalise(rep.reveal, classes) if rep.reveal is not None else None
        verdict = classify.classify(c, cfg, static, rep.errors)
        claims = shape_claims(rep.reveal, classes) if rep.reveal is not None else None
        shape = classify.shape_verdict(c, claims, rep.errors)
        results.answers.setdefault(c.id, {})[checker.label] = Answer(rep.reveal, rep.errors, verdict, shape)


SPLIT = 8
"""Parts a module past its checker's CPU limit is split into. Each timed-out module costs its whole limit, at least
30 s (:func:`checkers.cpu_limit`), and the parts that finish cost a checker's start (some seconds): halving a module
of 100 down to one exploding expression spends some 300 CPU s on seven modules that time out, eight parts at a time
some 180 s on four (mypy alone, seed ``2026-11-28-s48m2``: four such expressions in the first 500, each taking
minutes of wall time to find)."""


def check_split(results: Results, checker: C.Checker, cases: Sequence[Case], path: Path, site: Path,
                cache: Path) -> None:
    """Run ``checker`` on ``cases`` written as module ``path`` and classify its answers. Past the checker's CPU
    limit (:func:`checkers.cpu_limit`), or failing on a module of several cases, the module is split into
    :data:`SPLIT` parts, each checked on its own, until the expression that makes the checker explode is alone: its
    verdict is ``timed out`` (a failure on one case is raised)."""
    text, where, classes = modules.render(cases)
    path.write_text(text)
    try:
        report = checker.check([path], site, cache, C.cpu_limit(len(cases), checker.name)).get(path.name, {})
    except C.CheckerFailed as e:  # past its CPU limit, or a crash on a large module: split it
        if len(cases) == 1 and not isinstance(e, C.CheckerTimeout):
            raise
        if len(cases) == 1:
            results.answers.setdefault(cases[0].id, {})[checker.label] = Answer(
                None, [], classify.Verdict("timed out", str(e)))
            return
        size = -(-len(cases) // SPLIT)
        for i in range(0, len(cases), size):
            check_split(results, checker, cases[i:i + size], path.with_name(f"{path.stem}_{i // size}.py"), site,
                        cache)
        return
    classify_module(results, checker, cases, where, classes, path.name, report)


def check_cases(results: Results, cases: Sequence[Case], checker_list: Sequence[C.Checker], work: Path, jobs: int,
                name: str) -> None:
    """Write ``cases`` into one module and run every checker on it (used for shrinking rounds)."""
    path = work / f"{name}.py"
    site = C.site(work)
    slots = _Slots(work)

    def one(ch: C.Checker) -> None:
        cache = slots.take(ch.label)
        try:
            check_split(results, ch, cases, path.with_name(f"{name}_{ch.label}.py"), site, cache)
        finally:
            slots.give(ch.label, cache)

    with cf.ThreadPoolExecutor(max(1, jobs)) as pool:
        for f in [pool.submit(one, ch) for ch in checker_list]:
            f.result()


def unshaped(case: Case) -> Case:
    """``case`` with every operand declared without its shape (``Array[float32]``): its *twin*."""
    params = [replace(p, annotation=p.plain, plain="") if p.plain else p for p in case.params]
    return replace(case, id=f"{case.id}_noshape", params=params)


ATTRIBUTE_CHUNK = 400
"""Twins per module in :func:`attribute`."""


def attribute(results: Results, cases: Sequence[Case], checker_list: Sequence[C.Checker], work: Path,
              jobs: int) -> None:
    """Which errors come from the shapes: each case with an operand declared with its shape, where the runtime runs
    and a checker reports an error that is not a ``[shape-mismatch]``, is checked again as its twin (the operands
    without their shapes, :func:`unshaped`); an error its twin does not get is the shape's, a *false error* of the
    shape verdict (the dtype verdict keeps its own: code that runs got an error)."""
    todo: dict[str, list[str]] = {}
    for c in cases:
        if not any(p.plain for p in c.params) or all(r.outcome.rejected for r in c.runs):
            continue
        for label, a in results.answers.get(c.id, {}).items():
            if a.errors and a.shape.outcome != "false error":
                todo.setdefault(c.id, []).append(label)
    if not todo:
        return
    twins = [unshaped(c) for c in cases if c.id in todo]
    labels = {lb for lbs in todo.values() for lb in lbs}
    sub = Results(results.config, sorted(labels))
    for i in range(0, len(twins), ATTRIBUTE_CHUNK):  # one module of every twin crashed pyright at 20,000 cases
        check_cases(sub, twins[i:i + ATTRIBUTE_CHUNK], [ch for ch in checker_list if ch.label in labels], work,
                    jobs, f"noshape_{i // ATTRIBUTE_CHUNK:03d}")
    results.stray += sub.stray
    for twin in twins:
        cid = twin.id.removesuffix("_noshape")
        results.extra_cases[twin.id] = twin
        results.extra_answers[twin.id] = sub.answers.get(twin.id, {})
        for label in todo[cid]:
            a, plain = results.answers[cid][label], sub.answers.get(twin.id, {}).get(label)
            if plain is not None and not plain.errors and plain.verdict.outcome != "timed out":
                a.shape = classify.Verdict("false error", f"{a.errors[0]} (gone without the operands' shapes)")


def run(seed: str, count: int, config: str, checker_names: Sequence[str], jobs: int = 2, chunk_size: int = 200,
        work: Path | None = None, eager: float = 0.0, progress: Callable[[str], None] = lambda s: None,
        skip: Callable[[str, Case], bool] | None = None) -> Results:
    """Generate ``count`` cases in ``config``, check them with the named checkers, classify every answer. A case
    ``skip(checker label, case)`` holds for is not given to that checker (it is counted in ``Results.skipped``)."""
    checker_list = C.checkers(checker_names, config)
    results = Results(config, [c.label for c in checker_list])
    work = (work or Path(tempfile.mkdtemp(prefix="static-fuzz-"))).resolve()
    results.work = str(work)
    work.mkdir(parents=True, exist_ok=True)
    site = C.site(work)
    slots = _Slots(work)
    sizes = [min(chunk_size, count - i) for i in range(0, count, chunk_size)]
    t0 = time.perf_counter()
    cpu_before = dict(C.CPU_SECONDS)
    checker_seconds: dict[str, float] = {c.label: 0.0 for c in checker_list}
    lock = threading.Lock()

    def check(ch: C.Checker, path: Path, chunk: Chunk) -> None:
        cases = [c for c in chunk.cases if skip is None or not skip(ch.label, c)]
        with lock:
            results.skipped[ch.label] = results.skipped.get(ch.label, 0) + len(chunk.cases) - len(cases)
        if not cases:
            return
        cache = slots.take(ch.label)
        t = time.perf_counter()
        sub = Results(results.config, [ch.label])
        try:
            check_split(sub, ch, cases, path.with_name(f"{path.stem}_{ch.label}.py"), site, cache)
        finally:
            slots.give(ch.label, cache)
        with lock:
            checker_seconds[ch.label] += time.perf_counter() - t
            results.stray += sub.stray
            for cid, per in sub.answers.items():
                results.answers.setdefault(cid, {}).update(per)
        progress(f"{ch.label}: chunk {chunk.index} checked in {time.perf_counter() - t:.1f} s")

    gen_ctx = multiprocessing.get_context("spawn")
    gen_pool: cf.Executor = (cf.ProcessPoolExecutor(jobs, mp_context=gen_ctx) if jobs > 1 and len(sizes) > 1
                             else _Inline())
    with gen_pool, cf.ThreadPoolExecutor(max(1, jobs)) as check_pool:
        gen_futs = [gen_pool.submit(generate_chunk, seed, config, i, n, eager) for i, n in enumerate(sizes)]
        check_futs = []
        gen_seconds = 0.0
        for fut in cf.as_completed(gen_futs):
            chunk = fut.result()
            gen_seconds += chunk.cpu
            progress(f"chunk {chunk.index}: {len(chunk.cases)} cases generated in {chunk.seconds:.1f} s")
            results.faults += chunk.faults
            results.eager += chunk.eager
            for c in chunk.cases:
                results.cases[c.id] = c
            path = work / f"chunk_{chunk.index:03d}.py"
            for ch in checker_list:
                check_futs.append(check_pool.submit(check, ch, path, chunk))
        for f in check_futs:
            f.result()
    t_attr = time.perf_counter()
    attribute(results, list(results.cases.values()), checker_list, work, jobs)
    results.timings = {"wall": time.perf_counter() - t0, "shape attribution": time.perf_counter() - t_attr,
                       "runtime CPU": gen_seconds,
                       **{f"{k} CPU": C.CPU_SECONDS.get(k, 0.0) - cpu_before.get(k, 0.0) for k in checker_seconds}}
    return results


class _Inline(cf.Executor):
    """An executor that runs each call at once, in this process (``jobs=1``, or a single chunk)."""

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
        f: cf.Future[object] = cf.Future()
        try:
            f.set_result(fn(*args, **kwargs))
        except BaseException as e:  # noqa: BLE001 - handed to the caller through the future
            f.set_exception(e)
        return f
