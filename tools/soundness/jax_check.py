"""The oracle checked against JAX itself: runs of fuzzer cases evaluated by ``jax==0.10.2`` (in its own venv, through
``jax_worker.py``) and compared with the runtime's answers.

The runtime is held to JAX by the committed reference data, but that data covers pairs of operands, not every
function and operand kind the fuzzer composes; where the two differ, a checker's "wrong answer" may be the runtime's.
So every reproducer of a finding is evaluated by JAX too (the report marks those where JAX disagrees with the runtime),
and a sample of all cases is (the report lists the differences: runtime bugs, or JAX behaviour the runtime does not
copy). The venv is the one ``tools/jax_reference.py`` creates (``.jaxref-venv``); without it this step is skipped.
"""

from __future__ import annotations

import concurrent.futures
import json
import random
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from .checkers import ROOT
from .generate import Case, Outcome, Run

DEFAULT_VENV = ROOT / ".jaxref-venv"
WORKER = Path(__file__).with_name("jax_worker.py")


@dataclass(frozen=True)
class Difference:
    case: Case
    run: Run
    jax: Outcome

    def __str__(self) -> str:
        choices = ", ".join(f"{k}={c.label}" for k, c in self.run.assignment)
        return (f"{self.case.source}" + (f" with {choices}" if choices else "") + f": runtime {self.run.outcome}, "
                f"JAX {self.jax}" + (f" ({self.jax.message[:160]})" if self.jax.message else ""))


def python(venv: Path | None) -> Path | None:
    py = (venv or DEFAULT_VENV) / "bin" / "python"
    return py if py.exists() else None


def _item(key: str, case: Case, run: Run, mode: str, x64: bool) -> dict[str, object]:
    chosen = dict(run.assignment)
    params = []
    for p in case.params:
        c = chosen[p.dim]
        value = [c.value.real, c.value.imag] if isinstance(c.value, complex) else c.value
        params.append({"name": p.name, "form": c.form, "dtype": c.dtype, "weak": c.weak, "shape": list(p.shape),
                       "value": value})
    return {"key": key, "source": case.source, "mode": mode, "x64": x64, "params": params}


def _outcome(d: dict[str, object]) -> Outcome:
    if "error" in d:
        return Outcome(error=str(d["error"]), message=str(d.get("message", "")))
    shape = d["shape"]
    return Outcome(str(d["dtype"]), bool(d["weak"]), tuple(shape) if isinstance(shape, list) else None,
                   str(d["what"]))


def same(a: Outcome, b: Outcome) -> bool:
    """Same dtype, weak flag (ignored for bool) and shape; or both rejected (the error classes may differ: the
    runtime's ``OperandValueError`` is JAX's failure deeper down)."""
    if a.rejected or b.rejected:
        return a.rejected and b.rejected
    weak = (a.weak and a.dtype != "bool", b.weak and b.dtype != "bool")
    return (a.dtype, a.shape, a.what) == (b.dtype, b.shape, b.what) and weak[0] == weak[1]


def _evaluate(py: Path, items: list[dict[str, object]]) -> list[dict[str, object]]:
    proc = subprocess.run([str(py), str(WORKER)], input=json.dumps(items), capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"the JAX worker failed:\n{proc.stderr[-3000:]}")
    out: list[dict[str, object]] = json.loads(proc.stdout)
    return out


def differences(cases: Sequence[Case], mode: str, x64: bool, venv: Path | None = None,
                max_runs_per_case: int = 8, jobs: int = 1) -> tuple[list[Difference], int]:
    """Evaluate the cases' runs (up to ``max_runs_per_case`` of each, spread over its dims) with JAX, in ``jobs``
    worker processes; the runs whose answers differ from the runtime's, and how many runs were compared.
    ``([], 0)`` without a JAX venv."""
    py = python(venv)
    if py is None or not cases:
        return [], 0
    items, where = [], {}
    for c in cases:
        runs = c.runs if len(c.runs) <= max_runs_per_case else random.Random(c.id).sample(c.runs, max_runs_per_case)
        for i, run in enumerate(runs):
            key = f"{c.id}:{i}"
            items.append(_item(key, c, run, mode, x64))
            where[key] = (c, run)
    batches = [items[i::jobs] for i in range(max(1, jobs))]
    with concurrent.futures.ThreadPoolExecutor(len(batches)) as pool:
        answers = [d for part in pool.map(lambda b: _evaluate(py, b), [b for b in batches if b]) for d in part]
    out = []
    compared = 0
    for d in answers:
        case, run = where[str(d["key"])]
        got = _outcome(d)
        if got.error == "unavailable":
            continue
        compared += 1
        if not same(run.outcome, got):
            out.append(Difference(case, run, got))
    return out, compared
