"""The corpus under arraytyping, held to JAX's record and to the committed expectations.

``tests/data/jax_corpus/expectations.json`` lists, per unit and cell (skipped cells left out), ``pass`` or
``known_fail: <cause>``. A ``pass`` cell must match JAX; a ``known_fail`` cell must still fail (strict: a fix shows
as a cell that now passes, and the list is updated with ``python tools/jax_corpus_status.py --write``).
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import cells, classify, execute, manifest

UNIT_TIMEOUT = 600.0
CELL_TIMEOUT = 300.0


def reference() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(manifest.REFERENCE.read_text())
    return data


def expectations() -> dict[str, dict[str, str]]:
    if not manifest.EXPECTATIONS.exists():
        return {}
    data: dict[str, dict[str, str]] = json.loads(manifest.EXPECTATIONS.read_text())
    return data


def stale_cells(unit: manifest.Unit, ref: dict[str, Any]) -> list[str]:
    """Cells whose code is not what JAX's record was made from (the corpus or a rewrite changed since)."""
    recorded = ref["units"].get(unit.name)
    if recorded is None:
        return [f"{unit.name}: no record"]
    now = cells.load(unit)
    if len(now) != len(recorded["cells"]):
        return [f"{unit.name}: {len(now)} cells, JAX's record has {len(recorded['cells'])}"]
    return [f"{unit.name} cell {c.index}" for c, r in zip(now, recorded["cells"]) if c.digest != r["digest"]]


def run_unit(unit: manifest.Unit, python: str, work: Path, ref: dict[str, Any], *,
             unit_timeout: float = UNIT_TIMEOUT, cell_timeout: float = CELL_TIMEOUT) -> list[classify.CellResult]:
    ours = execute.spawn(python, unit.name, "ours", work, unit_timeout=unit_timeout, cell_timeout=cell_timeout)
    return classify.evaluate(unit, cells.load(unit), ref["units"][unit.name]["cells"], ours)


def run_units(units: Sequence[manifest.Unit], python: str, jobs: int = 1) -> dict[str, list[classify.CellResult]]:
    ref = reference()
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(jobs) as pool:
        out = list(pool.map(lambda u: run_unit(u, python, Path(tmp), ref), units))
    return {u.name: rs for u, rs in zip(units, out)}


@dataclass
class Verdict:
    """The results of some units against the expectations."""

    regressions: list[str] = field(default_factory=list[str])
    """Cells listed ``pass`` that do not match JAX."""
    fixed: list[str] = field(default_factory=list[str])
    """Cells listed ``known_fail`` that now match JAX."""
    unlisted: list[str] = field(default_factory=list[str])
    """Cells the list lacks (or lists but the corpus lacks)."""

    @property
    def ok(self) -> bool:
        return not (self.regressions or self.fixed or self.unlisted)

    def message(self) -> str:
        parts = []
        if self.regressions:
            parts.append("cells that matched JAX no longer do:\n  " + "\n  ".join(self.regressions))
        if self.fixed:
            parts.append("cells listed known_fail now match JAX (good! run `python tools/jax_corpus_status.py "
                         "--write` to update tests/data/jax_corpus/expectations.json):\n  " + "\n  ".join(self.fixed))
        if self.unlisted:
            parts.append("expectations.json does not list these cells as the corpus has them (run "
                         "`python tools/jax_corpus_status.py --write`):\n  " + "\n  ".join(self.unlisted))
        return "\n".join(parts)


def verdict(unit: manifest.Unit, results: Sequence[classify.CellResult],
            expected: dict[str, dict[str, str]]) -> Verdict:
    v = Verdict()
    listed = dict(expected.get(unit.name, {}))
    for r in results:
        where = f"{unit.name} cell {r.index} ({unit.source}:{r.line})"
        want = listed.pop(str(r.index), None)
        if want is None:
            v.unlisted.append(f"{where}: {r.expectation()}")
        elif want == classify.PASS and not r.passed:
            v.regressions.append(f"{where}: {r.status}")
        elif want != classify.PASS and r.passed:
            v.fixed.append(f"{where}: was {want}")
    v.unlisted.extend(f"{unit.name} cell {k}: listed, but not a run cell of the corpus" for k in listed)
    return v


def write_expectations(results: dict[str, list[classify.CellResult]]) -> None:
    """Replace the listed units' entries with ``results`` (the others' are kept)."""
    data = expectations()
    order = [u.name for u in manifest.load().units]
    for name, rs in results.items():
        data[name] = {str(r.index): r.expectation() for r in rs}
    data = {n: data[n] for n in order if n in data}
    manifest.EXPECTATIONS.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
