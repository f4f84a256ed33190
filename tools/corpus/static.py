"""The type checkers on the corpus: pyright and mypy with arraytyping's plugin on the rewritten code, against
arraytyping's types, and the same checkers on JAX's original code against JAX's own types (in JAX's venv). An error
counts as *added* when JAX's run has none of the same kind on the same line: the errors arraytyping's types cause
and JAX's do not. Missing names (a module or object attribute JAX has and the stubs lack, an import that does not
resolve) are counted apart, by name.

Each unit becomes one module (``<unit>.py``): a notebook's run cells one after another (each after a comment naming
it), a program as it is, with the manifest's rewrites applied, as they run; the rewritten module differs only in its
imports, on the same lines. ``shims/`` is on the checkers' search path (``examples.datasets``, ``matplotlib``...).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from . import cells, manifest, rewrite

CHECKERS = ("pyright", "mypy-plugin")
PYRIGHT_SETTINGS: dict[str, Any] = {"pythonVersion": "3.11", "typeCheckingMode": "standard"}
"""pyright as a user runs it: its default (standard) mode."""
MYPY_SETTINGS = "[mypy]\npython_version = 3.11\n"
"""mypy as a user runs it: its defaults, the plugin added on arraytyping's side."""


@dataclass(frozen=True)
class Location:
    unit: str
    cell: int
    line: int
    """The line in the unit's source file (``tests/data/jax_corpus/...``)."""


@dataclass(frozen=True)
class Error:
    checker: str
    file: str
    line: int
    kind: str
    """pyright's rule (``reportAttributeAccessIssue``) or mypy's error code (``attr-defined``)."""
    message: str

    def key(self) -> tuple[str, int, str]:
        return (self.file, self.line, self.kind)


def module_name(unit: manifest.Unit) -> str:
    return re.sub(r"\W", "_", unit.name)


def build(units: list[manifest.Unit], out: Path, *, ours: bool) -> dict[str, list[Location | None]]:
    """Write each unit's module into ``out``; for each, the location of each of its lines (``None`` for the cell
    comments)."""
    out.mkdir(parents=True, exist_ok=True)
    maps: dict[str, list[Location | None]] = {}
    for unit in units:
        lines: list[str] = []
        where: list[Location | None] = []
        for cell in cells.load(unit):
            if cell.skipped:
                continue
            code = rewrite.rewrite_imports(cell.code) if ours else cell.code
            lines.append(f"# %% {unit.source} cell {cell.index}")
            where.append(None)
            for i, text in enumerate(code.rstrip("\n").split("\n")):
                lines.append(text)
                where.append(Location(unit.name, cell.index, cell.line + i))
        name = module_name(unit) + ".py"
        (out / name).write_text("\n".join(lines) + "\n")
        maps[name] = where
    return maps


def _env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "MYPYPATH")}


def _tool(name: str) -> str:
    path = Path(sys.executable).parent / name
    return str(path) if path.exists() else name


def run_pyright(folder: Path, python: Path | str) -> list[Error]:
    settings = {**PYRIGHT_SETTINGS, "extraPaths": [str(manifest.SHIMS)]}
    (folder / "pyrightconfig.json").write_text(json.dumps(settings))
    files = sorted(p.name for p in folder.glob("*.py"))
    proc = subprocess.run([_tool("pyright"), "--pythonpath", str(python), "--outputjson", *files], cwd=folder,
                          capture_output=True, text=True, env=_env(), timeout=3600)
    try:
        data = json.loads(proc.stdout)
    except json.JSONDecodeError:
        raise RuntimeError(f"pyright failed (exit {proc.returncode}):\n{proc.stdout[-2000:]}{proc.stderr[-2000:]}")
    return [Error("pyright", Path(d["file"]).name, d["range"]["start"]["line"] + 1, d.get("rule", "error"),
                  d["message"].split("\n")[0])
            for d in data["generalDiagnostics"] if d["severity"] == "error"]


def run_mypy(folder: Path, python: Path | str, *, plugin: bool) -> list[Error]:
    text = MYPY_SETTINGS + f"mypy_path = {manifest.SHIMS}\ncache_dir = {folder / '.mypy_cache'}\n"
    if plugin:
        text += "plugins = arraytyping_mypy\n"
    (folder / "mypy.ini").write_text(text)
    files = sorted(p.name for p in folder.glob("*.py"))
    proc = subprocess.run([_tool("mypy"), "--config-file", "mypy.ini", "--python-executable", str(python),
                           "--no-error-summary", "--hide-error-context", "--show-error-codes", *files],
                          cwd=folder, capture_output=True, text=True, env=_env(), timeout=3600)
    out = proc.stdout + proc.stderr
    if "INTERNAL ERROR" in out or proc.returncode not in (0, 1):
        raise RuntimeError(f"mypy failed (exit {proc.returncode}):\n{out[-3000:]}")
    errors = []
    for line in proc.stdout.splitlines():
        if m := re.match(r"([^:]+\.py):(\d+): error: (.*?)(?:  \[([\w-]+)\])?$", line):
            errors.append(Error("mypy-plugin" if plugin else "mypy", Path(m.group(1)).name, int(m.group(2)),
                                m.group(4) or "error", m.group(3)))
    return errors


def check(checker: str, folder: Path, python: Path | str, *, jax_side: bool) -> list[Error]:
    """``checker`` on the modules in ``folder``, resolving imports in ``python``'s environment (the plugin on
    arraytyping's side only)."""
    if checker == "pyright":
        return run_pyright(folder, python)
    if checker == "mypy-plugin":
        return run_mypy(folder, python, plugin=not jax_side)
    raise ValueError(f"unknown checker {checker!r}; known: {', '.join(CHECKERS)}")


def lines_of(folder: Path) -> dict[str, list[str]]:
    return {p.name: p.read_text().split("\n") for p in folder.glob("*.py")}


def digest(folder: Path) -> str:
    """A hash of the built modules: JAX's errors are recorded by line, so a changed corpus needs a new record."""
    import hashlib

    h = hashlib.sha256()
    for p in sorted(folder.glob("*.py")):
        h.update(p.name.encode() + b"\0" + p.read_bytes())
    return h.hexdigest()[:16]


_MISSING = (
    # pyright
    re.compile(r'^"(?P<name>\w+)" is not a known attribute of module "(?P<module>[\w.]+)"'),
    re.compile(r'^"(?P<name>\w+)" is unknown import symbol'),
    re.compile(r'^Import "(?P<module>[\w.]+)" could not be resolved'),
    re.compile(r'^Cannot access attribute "(?P<name>\w+)" for class "(?P<cls>\w+)'),
    # mypy
    re.compile(r'^Module "(?P<module>[\w.]+)" has no attribute "(?P<name>\w+)"'),
    re.compile(r'^Module has no attribute "(?P<name>\w+)"'),
    re.compile(r'^Cannot find implementation or library stub for module named "(?P<module>[\w.]+)"'),
    re.compile(r'^"(?P<cls>\w+)(?:\[.*\])?" has no attribute "(?P<name>\w+)"'),
)


MISSING_KINDS = frozenset({"reportAttributeAccessIssue", "reportMissingImports", "reportMissingModuleSource",
                           "attr-defined", "import-not-found", "import-untyped", "name-defined"})
"""The kinds of error a missing name is reported as (pyright's rules, mypy's codes)."""


def missing_name(error: Error, source_line: str) -> str | None:
    """The name JAX has and the checker did not find (``jax.tree``, ``jax.scipy.special``, ``Array.devices``), or
    ``None`` for an error of another kind."""
    if error.kind not in MISSING_KINDS:
        return None
    for pattern in _MISSING:
        m = pattern.match(error.message)
        if m is None:
            continue
        g = m.groupdict()
        if g.get("cls"):
            return f"{g['cls']}.{g['name']}"
        module = g.get("module")
        if module is None and (im := re.match(r"\s*from\s+([\w.]+)\s+import", source_line)):
            module = im.group(1)
        if module is None and (am := re.search(r"\b(\w+)\." + re.escape(g["name"]) + r"\b", source_line)):
            module = {"jnp": "jax.numpy", "jsp": "jax.scipy", "lax": "jax.lax", "random": "jax.random",
                      "tree_util": "jax.tree_util"}.get(am.group(1), am.group(1))
        module = re.sub(r"^arraytyping\b", "jax", module or "?")
        return f"{module}.{g['name']}" if g.get("name") else module
    return None


@dataclass(frozen=True)
class Added:
    """An error on the rewritten corpus where JAX's types give none."""

    kind: str
    message: str
    missing: str | None
    where: str
    """``source:line (cell N)``."""


def added_errors(ours: list[Error], theirs: list[Error] | set[tuple[str, int, str]],
                 maps: dict[str, list[Location | None]], texts: dict[str, list[str]]) -> list[Added]:
    jax_keys = theirs if isinstance(theirs, set) else {e.key() for e in theirs}
    sources = {u.name: u.source for u in manifest.load().units}
    out = []
    for e in ours:
        if e.key() in jax_keys:
            continue
        loc = maps[e.file][e.line - 1] if 0 < e.line <= len(maps[e.file]) else None
        where = f"{sources[loc.unit]}:{loc.line} (cell {loc.cell})" if loc else f"{e.file}:{e.line}"
        line = texts[e.file][e.line - 1] if 0 < e.line <= len(texts[e.file]) else ""
        out.append(Added(e.kind, re.sub(r"\barraytyping\b", "jax", e.message), missing_name(e, line), where))
    return out


def summarize(added: list[Added], jax_errors: int, ours_errors: int) -> dict[str, Any]:
    missing = Counter(a.missing for a in added if a.missing)
    return {"jax_errors": jax_errors, "ours_errors": ours_errors, "added": len(added),
            "missing_names": sum(missing.values()), "distinct_missing_names": len(missing),
            "by_kind": dict(Counter(a.kind for a in added).most_common()),
            "missing": dict(missing.most_common()),
            "errors": [asdict(a) for a in sorted(added, key=lambda a: (a.where, a.kind, a.message))]}
