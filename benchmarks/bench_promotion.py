"""Benchmark dtype promotion: arraytyping vs numpy (same process) and vs JAX 0.10.2 (its own venv).

Targets (the issue): ``arraytyping.promote_types`` no slower than ``numpy.promote_types`` on the same inputs, and
``result_type(x, 2.0)`` at most 0.2x the time of ``jnp.result_type(x, 2.0)``.

Method: for each of R repetitions, time arraytyping and numpy here, then run the JAX worker
(``_jax_worker.py``, in JAX's venv) once, so drifting machine load hits both sides. Each measurement is the best of a
few ``timeit`` runs whose loop count is calibrated on the first repetition (like ``Timer.autorange``) and reused.
Reported: the median per-call time over repetitions, and the median over repetitions of the per-repetition ratios.

    python benchmarks/bench_promotion.py [--quick] [--reps N] [--json FILE] [--check] [--jax-python PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import numpy as np

import arraytyping
from _jax_worker import Measurement, decode_arg, measure

ROOT: Path = Path(__file__).resolve().parent.parent
WORKER: Path = Path(__file__).resolve().parent / "_jax_worker.py"
JAX_PYTHON_ENV = "ARRAYTYPING_JAX_PYTHON"

Op = Literal["promote_types", "result_type"]
Side = Literal["ours", "numpy", "jax"]
SIDES: tuple[Side, ...] = ("ours", "numpy", "jax")

OURS: dict[str, Callable[..., object]] = {
    "promote_types": arraytyping.promote_types,
    "result_type": arraytyping.result_type,
    "dtypes.result_type": arraytyping.dtypes.result_type,
}
NUMPY: dict[Op, Callable[..., object]] = {"promote_types": np.promote_types, "result_type": np.result_type}


@dataclass(frozen=True)
class Target:
    against: Literal["numpy", "jax"]
    max_ratio: float

    def __str__(self) -> str:
        return f"<= {self.max_ratio:g}x {self.against}"


@dataclass(frozen=True)
class Case:
    ours: str  # key of OURS
    op: Op  # the numpy / jax.numpy function with the same meaning
    args: tuple[tuple[str, Any], ...]  # encoded as in _jax_worker.decode_arg
    target: Target | None = None

    @property
    def label(self) -> str:
        def show(tag: str, value: Any) -> str:
            return {"str": f"'{value}'", "nparr": f"{value}[3]"}.get(tag, str(value))

        return f"{self.ours}({', '.join(show(t, v) for t, v in self.args)})"

    @property
    def jax_key(self) -> str:
        """Cases with the same JAX call share one JAX measurement."""
        return json.dumps([self.op, self.args])


VS_NUMPY = Target("numpy", 1.0)
VS_JAX = Target("jax", 0.2)
CASES: tuple[Case, ...] = (
    Case("promote_types", "promote_types", (("dtype", "float32"), ("dtype", "int8")), VS_NUMPY),
    Case("promote_types", "promote_types", (("dtype", "uint64"), ("dtype", "int64")), VS_NUMPY),
    Case("promote_types", "promote_types", (("dtype", "bfloat16"), ("dtype", "float32")), VS_NUMPY),
    Case("promote_types", "promote_types", (("dtype", "bfloat16"), ("dtype", "float16"))),  # numpy: no promotion
    Case("promote_types", "promote_types", (("str", "float32"), ("str", "int8")), VS_NUMPY),
    Case("dtypes.result_type", "result_type", (("nparr", "float32"), ("py", 2.0)), VS_JAX),
    Case("result_type", "result_type", (("nparr", "float32"), ("py", 2.0)), VS_JAX),
    Case("dtypes.result_type", "result_type", (("dtype", "float32"), ("py", 2.0)), VS_JAX),
    Case("result_type", "result_type", (("dtype", "float32"), ("py", 2.0)), VS_JAX),
)


@dataclass
class CaseRun:
    case: Case
    samples: dict[Side, dict[int, float]] = field(default_factory=lambda: {s: {} for s in SIDES})  # by repetition
    numbers: dict[Side, int] = field(default_factory=dict[Side, int])
    results: dict[Side, str] = field(default_factory=dict[Side, str])
    unavailable: dict[Side, str] = field(default_factory=dict[Side, str])

    def median(self, side: Side) -> float | None:
        return statistics.median(self.samples[side].values()) if self.samples[side] else None

    def ratio(self, other: Literal["numpy", "jax"]) -> float | None:
        """Median over repetitions of ours/other within the same repetition."""
        ours, theirs = self.samples["ours"], self.samples[other]
        pairs = [ours[rep] / theirs[rep] for rep in ours if theirs.get(rep, 0.0) > 0]
        return statistics.median(pairs) if pairs else None

    def status(self) -> str:
        target = self.case.target
        if target is None:
            return ""
        r = self.ratio(target.against)
        if r is None:
            return "n/a"
        return "ok" if r <= target.max_ratio else "MISS"


@dataclass(frozen=True)
class Settings:
    reps: int
    target_time: float
    repeat: int
    jax_python: Path | None
    no_jax: bool = False


def default_jax_python() -> Path | None:
    """``$ARRAYTYPING_JAX_PYTHON``, else ``.jaxref-venv`` in the repo root or next to it (the worktree layout)."""
    env = os.environ.get(JAX_PYTHON_ENV)
    if env:
        return Path(env)
    for venv in (ROOT / ".jaxref-venv", ROOT.parent / ".jaxref-venv"):
        for exe in (venv / "bin" / "python", venv / "Scripts" / "python.exe"):
            if exe.exists():
                return exe
    return None


def measure_in_process(run: CaseRun, side: Literal["ours", "numpy"], settings: Settings, rep: int) -> None:
    if side in run.unavailable:
        return
    fn = OURS[run.case.ours] if side == "ours" else NUMPY[run.case.op]
    args = [decode_arg(a) for a in run.case.args]
    try:
        m: Measurement = measure(fn, args, target_time=settings.target_time, repeat=settings.repeat,
                                 number=run.numbers.get(side))
    except Exception as e:  # e.g. numpy has no bfloat16/float16 promotion
        run.unavailable[side] = f"{type(e).__name__}: {str(e).split('. ')[0]}"
        return
    run.samples[side][rep] = m["per_call_s"]
    run.numbers[side] = m["number"]
    run.results.setdefault(side, str(fn(*args)))


def run_jax_worker(runs: Sequence[CaseRun], settings: Settings, python: Path) -> tuple[str, dict[str, Any]]:
    """One worker process: times every distinct JAX call; returns (jax version, results by jax_key)."""
    cases: dict[str, dict[str, Any]] = {}
    for run in runs:
        key = run.case.jax_key
        cases.setdefault(key, {"key": key, "op": run.case.op, "args": run.case.args,
                               "number": run.numbers.get("jax")})
    request = {
        "x64": arraytyping.config.x64, "promotion": arraytyping.config.promotion,
        "target_time": settings.target_time, "repeat": settings.repeat, "cases": list(cases.values()),
    }
    env = {**os.environ, "JAX_PLATFORMS": "cpu", "TF_CPP_MIN_LOG_LEVEL": "3"}
    # -I: isolated mode, so neither PYTHONPATH nor this directory can make arraytyping importable there.
    proc = subprocess.run([str(python), "-I", str(WORKER)], input=json.dumps(request), capture_output=True,
                          text=True, env=env, timeout=300, check=False)
    if proc.returncode != 0:
        tail = proc.stderr.strip().splitlines()[-1:] or [f"exit code {proc.returncode}"]
        raise RuntimeError(f"JAX worker failed ({python}): {tail[0]}")
    response: dict[str, Any] = json.loads(proc.stdout)
    return str(response["jax_version"]), response["results"]


def record_jax(runs: Sequence[CaseRun], results: dict[str, Any], rep: int) -> None:
    for run in runs:
        r = results.get(run.case.jax_key)
        if r is None or "error" in r:
            run.unavailable.setdefault("jax", str(r["error"]) if r else "no result")
            continue
        run.samples["jax"][rep] = float(r["per_call_s"])
        run.numbers["jax"] = int(r["number"])
        run.results.setdefault("jax", str(r["result"]))


def benchmark(settings: Settings, log: Callable[[str], None]) -> tuple[list[CaseRun], dict[str, Any], list[str]]:
    runs = [CaseRun(c) for c in CASES]
    notes: list[str] = []
    jax_python = settings.jax_python
    jax_version: str | None = None
    if settings.no_jax:
        notes.append("JAX side skipped (--no-jax)")
    elif jax_python is None:
        notes.append(f"JAX side skipped: no JAX python found (use --jax-python PATH or set {JAX_PYTHON_ENV})")
    elif not jax_python.exists():
        notes.append(f"JAX side skipped: {jax_python} does not exist")
        jax_python = None
    for rep in range(settings.reps):
        t0 = time.perf_counter()
        sides: tuple[Literal["ours", "numpy"], ...] = ("ours", "numpy") if rep % 2 == 0 else ("numpy", "ours")
        for run in runs:
            for side in sides:
                measure_in_process(run, side, settings, rep)
        t1 = time.perf_counter()
        if jax_python is not None:
            try:
                jax_version, results = run_jax_worker(runs, settings, jax_python)
                record_jax(runs, results, rep)
            except (RuntimeError, OSError, subprocess.TimeoutExpired, json.JSONDecodeError) as e:
                notes.append(f"JAX side skipped from repetition {rep + 1} on: {e}")
                jax_python = None
        log(f"repetition {rep + 1}/{settings.reps}: in-process {t1 - t0:.1f} s, "
            f"JAX worker {time.perf_counter() - t1:.1f} s")
    for run in runs:
        for missing, why in run.unavailable.items():
            notes.append(f"{run.case.label}: no {missing} timing ({why})")
        if "ours" in run.results and "jax" in run.results and run.results["ours"] != run.results["jax"]:
            notes.append(f"{run.case.label}: RESULT DIFFERS from JAX: ours {run.results['ours']}, "
                         f"jax {run.results['jax']}")
    meta = {
        "python": sys.version.split()[0], "platform": platform.platform(), "cpu_count": os.cpu_count(),
        "numpy": np.__version__, "arraytyping": arraytyping.__version__, "jax": jax_version,
        "jax_python": str(settings.jax_python) if settings.jax_python else None,
        "x64": arraytyping.config.x64, "promotion": arraytyping.config.promotion,
        "reps": settings.reps, "target_time_s": settings.target_time, "repeat": settings.repeat,
    }
    return runs, meta, notes


def _us(t: float | None) -> str:
    return "-" if t is None else f"{t * 1e6:.3f}"


def _x(r: float | None) -> str:
    return "-" if r is None else f"{r:.2f}"


def table(runs: Sequence[CaseRun]) -> str:
    header = ["case", "ours us", "numpy us", "JAX us", "ours/numpy", "ours/JAX", "target", "status"]
    rows = [header] + [
        [r.case.label, _us(r.median("ours")), _us(r.median("numpy")), _us(r.median("jax")), _x(r.ratio("numpy")),
         _x(r.ratio("jax")), str(r.case.target or ""), r.status()]
        for r in runs
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    lines = ["  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths)))
             for row in rows]
    lines.insert(1, "-" * len(lines[0]))
    return "\n".join(lines)


def to_json(runs: Sequence[CaseRun], meta: dict[str, Any], notes: Sequence[str]) -> dict[str, Any]:
    reps = int(meta["reps"])
    return {
        "meta": meta,
        "cases": [
            {
                "case": r.case.label, "ours": f"arraytyping.{r.case.ours}", "op": r.case.op,
                "args": r.case.args,
                "target": None if r.case.target is None else {"against": r.case.target.against,
                                                               "max_ratio": r.case.target.max_ratio},
                "median_s": {s: r.median(s) for s in SIDES},
                "samples_s": {s: [r.samples[s].get(rep) for rep in range(reps)] for s in SIDES}, "loops": r.numbers,
                "ratio_vs_numpy": r.ratio("numpy"), "ratio_vs_jax": r.ratio("jax"), "status": r.status(),
                "results": r.results, "unavailable": r.unavailable,
            }
            for r in runs
        ],
        "targets_met": not any(r.status() == "MISS" for r in runs),
        "notes": list(notes),
    }


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--quick", action="store_true", help="3 repetitions, shorter measurements (~10 s)")
    p.add_argument("--reps", type=int, help="repetitions (default 7, --quick 3)")
    p.add_argument("--target-time", type=float, help="seconds per timeit run (default 0.05, --quick 0.02)")
    p.add_argument("--jax-python", type=Path, default=None,
                   help=f"python of a venv with jax (default ${JAX_PYTHON_ENV} or .jaxref-venv)")
    p.add_argument("--no-jax", action="store_true", help="skip the JAX side")
    p.add_argument("--json", type=Path, metavar="FILE", help="also write the results as JSON to FILE")
    p.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    return p.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    ns = parse_args(argv)
    reps: int = ns.reps if ns.reps is not None else (3 if ns.quick else 7)
    target_time: float = ns.target_time if ns.target_time is not None else (0.02 if ns.quick else 0.05)
    if reps < 1 or target_time <= 0:
        raise SystemExit("--reps must be >= 1 and --target-time > 0")
    jax_python: Path | None = None if ns.no_jax else (ns.jax_python or default_jax_python())
    settings = Settings(reps=reps, target_time=target_time, repeat=2 if ns.quick else 3, jax_python=jax_python,
                        no_jax=ns.no_jax)

    runs, meta, notes = benchmark(settings, log=lambda msg: print(msg, file=sys.stderr, flush=True))
    print(f"arraytyping {meta['arraytyping']}, numpy {meta['numpy']}, jax {meta['jax'] or '(skipped)'}; "
          f"x64={meta['x64']}, promotion={meta['promotion']}; medians of {reps} repetitions, "
          f"ratios = median of per-repetition ratios")
    print(table(runs))
    for note in notes:
        print(f"note: {note}")
    report = to_json(runs, meta, notes)
    if ns.json is not None:
        ns.json.write_text(json.dumps(report, indent=2) + "\n")
    if ns.check and not report["targets_met"]:
        missed = ", ".join(r.case.label for r in runs if r.status() == "MISS")
        print(f"check: targets missed: {missed}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
