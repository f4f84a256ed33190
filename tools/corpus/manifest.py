"""The corpus manifest (``tests/data/jax_corpus/manifest.json``): which of JAX's files are run, with which documented
rewrites, and which are left out and why."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "data" / "jax_corpus"
MANIFEST = CORPUS / "manifest.json"
REFERENCE = ROOT / "tests" / "data" / "jax_corpus_reference.json"
EXPECTATIONS = CORPUS / "expectations.json"
STATIC_REPORT = CORPUS / "static_report.json"
SHIMS = Path(__file__).resolve().parent / "shims"

DEFAULT_RTOL = 1e-5
DEFAULT_ATOL = 1e-6


@dataclass(frozen=True)
class Rewrite:
    """A documented change to one cell (or the program, cell 0), the same under JAX and under arraytyping: ``old``
    must occur in the cell exactly once and becomes ``new``."""

    cell: int
    old: str
    new: str
    why: str


@dataclass(frozen=True)
class Excluded:
    """A cell run on neither side, for the reason given (JAX's internals or several devices, in a notebook whose
    other cells mean something here); its outcome is not counted."""

    cell: int
    reason: str


@dataclass(frozen=True)
class Diagnosis:
    """A hand-checked cause for some cells: it replaces the automatic cause of a cell in ``cells`` while that cause
    matches ``when`` (a regular expression), so that it lapses when the failure changes."""

    cells: tuple[int, ...]
    when: str
    cause: str


@dataclass(frozen=True)
class Unit:
    """One notebook (``kind == "notebook"``: its ``{code-cell}`` blocks, in one namespace) or one program
    (``"program"``: the whole file, run as ``__main__``, one cell)."""

    name: str
    source: str
    """Path inside JAX's repository, and inside ``tests/data/jax_corpus/``."""
    kind: Literal["notebook", "program"]
    rewrites: tuple[Rewrite, ...] = ()
    excluded: tuple[Excluded, ...] = ()
    diagnoses: tuple[Diagnosis, ...] = ()
    volatile: tuple[str, ...] = ()
    """Regular expressions for text that differs from run to run (timings): masked on both sides before comparing."""
    volatile_why: str = ""
    rtol: float = DEFAULT_RTOL
    atol: float = DEFAULT_ATOL
    tolerance_why: str = ""
    ci: bool = True
    """Run by the default test run; ``ARRAYTYPING_FULL_CORPUS=1`` runs every unit."""
    devices: int = 1
    """CPU devices the unit's process has: JAX's ``jax_num_cpu_devices`` and arraytyping's
    ``ARRAYTYPING_NUM_CPU_DEVICES`` (a program that shards over a mesh)."""

    @property
    def path(self) -> Path:
        return CORPUS / self.source


@dataclass(frozen=True)
class Skipped:
    source: str
    reason: str


@dataclass(frozen=True)
class Manifest:
    jax_version: str
    tag: str
    commit: str
    units: tuple[Unit, ...]
    skipped: tuple[Skipped, ...] = field(default=())

    def unit(self, name: str) -> Unit:
        for u in self.units:
            if u.name == name:
                return u
        raise KeyError(f"no corpus unit {name!r}; known: {', '.join(u.name for u in self.units)}")


def _unit(d: dict[str, Any]) -> Unit:
    return Unit(name=d["name"], source=d["source"], kind=d["kind"],
                rewrites=tuple(Rewrite(**r) for r in d.get("rewrites", ())),
                excluded=tuple(Excluded(**e) for e in d.get("excluded", ())),
                diagnoses=tuple(Diagnosis(tuple(g["cells"]), g["when"], g["cause"]) for g in d.get("diagnoses", ())),
                volatile=tuple(d.get("volatile", ())), volatile_why=d.get("volatile_why", ""),
                rtol=d.get("rtol", DEFAULT_RTOL),
                atol=d.get("atol", DEFAULT_ATOL), tolerance_why=d.get("tolerance_why", ""), ci=d.get("ci", True),
                devices=d.get("devices", 1))


def load(path: Path = MANIFEST) -> Manifest:
    d = json.loads(path.read_text())
    return Manifest(jax_version=d["jax_version"], tag=d["tag"], commit=d["commit"],
                    units=tuple(_unit(u) for u in d["units"]),
                    skipped=tuple(Skipped(**s) for s in d.get("skipped", ())))


def jax_python() -> Path | None:
    """The python of a venv with jax==0.10.2: ``$ARRAYTYPING_JAX_PYTHON``, else ``.jaxref-venv`` in the repository
    or beside it (the worktree layout), as the benchmarks find it."""
    import os

    env = os.environ.get("ARRAYTYPING_JAX_PYTHON")
    if env:
        return Path(env)
    for venv in (ROOT / ".jaxref-venv", ROOT.parent / ".jaxref-venv"):
        for exe in (venv / "bin" / "python", venv / "Scripts" / "python.exe"):
            if exe.exists():
                return exe
    return None
