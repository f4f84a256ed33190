"""Why a cell fails under arraytyping, and what each cause blocks.

Each cell that does not match JAX's gets one short cause:

- ``missing jax.tree`` / ``missing jax.numpy.convolve`` / ``missing Array.devices``: a name JAX has (an
  ``AttributeError`` on a module or object, an ``ImportError``, a ``ModuleNotFoundError``), spelled as in JAX;
- ``not loaded by import jax: jax.random``: the submodule exists but ``import arraytyping`` does not import it;
- ``depends on cell N``: a ``NameError`` for a name an earlier cell that failed should have defined;
- ``raises T: message`` where JAX raises nothing, ``raises T (JAX U)``, ``no error (JAX raises U)``;
- ``differs: ...``: the same outcome, but what it prints or shows differs (numbers beyond the tolerance, or text).

A cell's *root* cause follows ``depends on`` to the cell it names. The ranking counts, per root cause, the cells it
blocks and the units it stops from running to the end.
"""

from __future__ import annotations

import ast
import importlib.util
import re
import symtable
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .cells import Cell
from .compare import cell_difference
from .manifest import Unit

PASS = "pass"
_MISSING = re.compile(r"missing |not loaded by import ")
KNOWN_FAIL = "known_fail: "
_CLASS_NAMES = {"ArrayImpl": "Array"}
_BUILTIN_CLASSES = frozenset({"NoneType", "int", "float", "complex", "bool", "str", "list", "tuple", "dict", "set",
                              "function", "type", "object", "module"})
"""An attribute missing on these is a bug met on the way, not a name of JAX's that arraytyping lacks."""


def jax_name(name: str) -> str:
    """``arraytyping.numpy`` -> ``jax.numpy``."""
    return re.sub(r"^arraytyping\b", "jax", name)


def _exists(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def error_cause(error: dict[str, Any]) -> str:
    """The cause of an exception JAX does not raise, from its class and message."""
    kind, msg = error["type"], error["message"]
    if kind == "AttributeError":
        if m := re.match(r"module '([\w.]+)' has no attribute '(\w+)'", msg):
            module, name = m.groups()
            if _exists(f"{module}.{name}"):
                return f"not loaded by import {jax_name(module)}: {jax_name(module)}.{name}"
            return f"missing {jax_name(module)}.{name}"
        if (m := re.match(r"'(\w+)' object has no attribute '(\w+)'", msg)) and m.group(1) not in _BUILTIN_CLASSES:
            cls, name = m.groups()
            return f"missing {_CLASS_NAMES.get(cls, cls)}.{name}"
    if kind == "ImportError" and (m := re.match(r"cannot import name '(\w+)' from '([\w.]+)'", msg)):
        name, module = m.groups()
        return f"missing {jax_name(module)}.{name}"
    if kind == "ModuleNotFoundError" and (m := re.match(r"No module named '([\w.]+)'", msg)):
        return f"missing {jax_name(m.group(1))}"
    if kind == "IndexError" and re.match(r"index -?\d+ out of bounds", msg):
        return "a static out-of-bounds index raises IndexError (JAX clamps it)"
    if kind == "KeyError" and (m := re.search(r"unknown configuration option '(\w+)'", msg)):
        return f"missing config option {m.group(1)}"
    return f"raises {kind}: {_first_line(msg)}"


def _bound(stmts: Iterable[ast.stmt]) -> set[str]:
    """The module-level names ``stmts`` bind (assignments, definitions, imports, loop and ``with`` targets)."""
    out: set[str] = set()
    for stmt in stmts:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(stmt.name)
            continue
        for node in ast.walk(stmt):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                out.add(node.id)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                for alias in node.names:
                    out.add(alias.asname or alias.name.split(".")[0])
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
                break  # a nested scope's names are its own (ast.walk is breadth-first: good enough here)
    return out


def bindings(code: str, error_line: int | None, raised: bool) -> tuple[set[str], set[str]]:
    """The names a cell binds, split into those it surely bound and those it did not (when it ``raised``: the
    statement that raised, at ``error_line`` of the cell, and those after it)."""
    try:
        body = ast.parse(code).body
    except SyntaxError:
        return set(), set()
    if not raised:
        return _bound(body), set()
    k = next((i for i, st in enumerate(body)
              if error_line is not None and st.lineno <= error_line <= (st.end_lineno or st.lineno)), 0)
    return _bound(body[:k]), _bound(body[k:])


def global_reads(code: str) -> set[str]:
    """The global names a cell reads (at its top level or in the functions it defines), less those it binds."""
    try:
        top = symtable.symtable(code, "<cell>", "exec")
    except SyntaxError:
        return set()
    reads: set[str] = set()
    stack = [top]
    while stack:
        table = stack.pop()
        module = table.get_type() == symtable.SymbolTableType.MODULE if hasattr(symtable, "SymbolTableType") \
            else table.get_type() == "module"
        for sym in table.get_symbols():
            if sym.is_referenced() and (module or sym.is_global()):
                reads.add(sym.get_name())
        stack.extend(table.get_children())
    try:
        bound = _bound(ast.parse(code).body)
    except SyntaxError:
        bound = set()
    return reads - bound


@dataclass(frozen=True)
class CellResult:
    unit: str
    index: int
    line: int
    """The line in the unit's source file of the cell's first line, or of the line that raised."""
    status: str
    """``pass``, or the cause."""
    ran_through: bool
    """Raised nothing JAX does not raise (the outcome may still differ)."""
    seconds: float = 0.0
    own: str = PASS
    """The cause from the cell's own outcome, before ``depends on`` (what it would need after its dependency)."""

    @property
    def passed(self) -> bool:
        return self.status == PASS

    def expectation(self) -> str:
        return PASS if self.passed else KNOWN_FAIL + self.status


def evaluate(unit: Unit, cells: Sequence[Cell], theirs: Sequence[dict[str, Any]],
             ours: Sequence[dict[str, Any]]) -> list[CellResult]:
    """Each run cell's result (skipped cells left out); ``ours`` may stop short (a crash or a timeout: the cells it
    lacks fail as ``not run: ...``).

    A failing cell that reads a global name which an earlier cell should have (re)bound but raised first
    ``depends on`` that cell (the latest such), whatever its own error: its outcome is not its own."""
    by_index = {r["index"]: r for r in ours if "index" in r}
    results: list[CellResult] = []
    stale: dict[str, int] = {}  # name -> the cell that raised before (re)binding it
    stop = next((r["stopped"] for r in ours if "stopped" in r), None)
    for cell, ref in zip(cells, theirs, strict=True):
        if cell.skipped:
            continue
        got = by_index.get(cell.index)
        line = cell.line
        err = None
        if got is None:
            status, ran = f"not run: {stop or 'the unit stopped before this cell'}", False
        else:
            diff = cell_difference(got, ref, rtol=unit.rtol, atol=unit.atol, volatile=unit.volatile)
            err = got.get("error")
            ref_err = ref.get("error")
            ran = err is None or (ref_err is not None and ref_err["type"] == err["type"])
            if err is not None and err.get("cell_line"):
                line = cell.line + err["cell_line"] - 1
            if diff is None:
                status = PASS
            elif err is not None and ref_err is not None and err["type"] != ref_err["type"] \
                    and not _MISSING.match(error_cause(err)):
                status = f"raises {err['type']} where JAX raises {ref_err['type']}: {_first_line(err['message'])}"
            elif not ran and err is not None:
                status = error_cause(err)
            else:
                status = f"differs: {signature(got, ref) or diff}"
            status = diagnosis(unit, cell.index, status)
        own = status
        if status != PASS:
            deps = [stale[n] for n in global_reads(cell.code) if n in stale]
            if deps:
                status = f"depends on cell {max(deps)}"
        results.append(CellResult(unit.name, cell.index, line, status, ran,
                                  float(got.get("seconds", 0.0)) if got else 0.0, own))
        done, undone = bindings(cell.code, err.get("cell_line") if err else None, not ran)
        for n in done:
            stale.pop(n, None)
        for n in undone:
            stale[n] = cell.index
    return results


def _first_line(message: str) -> str:
    return message.strip().split("\n")[0][:100]


_TRACER_OURS = re.compile(r"Traced<[^>]*>with<\w+>")
_TRACER_JAX = re.compile(r"\b\w*Tracer\(")
_WEAK = re.compile(r",\s*weak_type=True")


def signature(ours: dict[str, Any], theirs: dict[str, Any]) -> str | None:
    """A behaviour recognised in how an outcome differs, named once for every cell it shows in."""
    o = (ours.get("stdout") or "") + (ours.get("display") or "")
    t = (theirs.get("stdout") or "") + (theirs.get("display") or "")
    if _TRACER_OURS.search(o) and _TRACER_JAX.search(t):
        return "a tracer prints as Traced<f32[]>with<JaxprTrace> (JAX: JitTracer(~float32[]))"
    if _WEAK.sub("", o) != o or _WEAK.sub("", t) != t:
        strip = {**ours, "stdout": _WEAK.sub("", ours.get("stdout") or ""),
                 "display": _WEAK.sub("", ours.get("display") or "") or ours.get("display")}
        jstrip = {**theirs, "stdout": _WEAK.sub("", theirs.get("stdout") or ""),
                  "display": _WEAK.sub("", theirs.get("display") or "") or theirs.get("display")}
        if cell_difference(strip, jstrip, rtol=1e-5, atol=1e-6) is None:
            return ("weak_type=True where JAX's result is strong" if len(_WEAK.findall(o)) > len(_WEAK.findall(t))
                    else "strong where JAX's result is weak_type=True")
    return None


def diagnosis(unit: Unit, index: int, status: str) -> str:
    """The manifest's hand-checked cause for this cell, when its automatic cause still reads as it did."""
    for d in unit.diagnoses:
        if index in d.cells and status != PASS and re.search(d.when, status):
            return d.cause
    return status


def root_cause(results: Sequence[CellResult], result: CellResult) -> CellResult:
    """Follow ``depends on cell N`` to the failing cell that caused it."""
    by_index = {r.index: r for r in results}
    seen = set()
    while (m := re.match(r"depends on cell (\d+)$", result.status)) and result.index not in seen:
        seen.add(result.index)
        result = by_index[int(m.group(1))]
    return result


@dataclass(frozen=True)
class Cause:
    cause: str
    cells: int
    """Failing cells with this root cause (their own, or an earlier cell's they depend on)."""
    direct: int
    """Failing cells that meet it themselves (their own outcome, whether or not they also depend on another)."""
    units: tuple[str, ...]
    """Units with such a cell."""
    stops: tuple[str, ...]
    """Units that do not run to the end because of it (a cell with this root cause raises where JAX does not)."""
    example: str
    """``source:line`` of the first cell it fails."""


def ranking(results: dict[str, list[CellResult]], sources: dict[str, str]) -> list[Cause]:
    """Root causes, most cells blocked first."""
    cells: Counter[str] = Counter()
    direct: Counter[str] = Counter()
    units: defaultdict[str, list[str]] = defaultdict(list)
    stops: defaultdict[str, list[str]] = defaultdict(list)
    example: dict[str, str] = {}
    for unit, rs in results.items():
        for r in rs:
            if r.passed:
                continue
            root = root_cause(rs, r)
            cells[root.status] += 1
            if not r.own.startswith("depends on cell"):
                direct[r.own] += 1
            if unit not in units[root.status]:
                units[root.status].append(unit)
            if not r.ran_through and unit not in stops[root.status]:
                stops[root.status].append(unit)
            example.setdefault(root.status, f"{sources[unit]}:{root.line}")
    return [Cause(c, n, direct[c], tuple(units[c]), tuple(stops[c]), example[c])
            for c, n in sorted(cells.items(), key=lambda kv: (-kv[1], -len(units[kv[0]]), kv[0]))]


GROUPS: tuple[tuple[str, str], ...] = (
    ("submodules that `import jax` loads and `import arraytyping` does not", r"^not loaded by import "),
    ("jax.tree, and tree_util's other names", r"^missing jax\.tree(_util)?\b"),
    ("jax.scipy", r"^missing jax\.scipy\b"),
    ("convolutions (jnp.convolve, lax.conv*)", r"^missing jax\.(numpy\.(convolve|correlate)|lax\.(conv|padtype))"),
    ("custom_vjp", r"^missing jax\.custom_vjp\b"),
    ("jax.example_libraries (stax, optimizers)", r"^missing jax\.example_libraries\b"),
    ("other missing names", r"^missing "),
    ("behaviours that differ", r""),
)
"""Causes grouped as issue 62 lists them (first match wins)."""


def group_of(cause: str) -> str:
    return next(name for name, pattern in GROUPS if re.search(pattern, cause))


def summary(results: dict[str, list[CellResult]]) -> dict[str, Any]:
    every = [r for rs in results.values() for r in rs]
    return {"cells": len(every), "cells_matching": sum(r.passed for r in every),
            "units": len(results), "units_to_end": sum(all(r.ran_through for r in rs) for rs in results.values()),
            "units_matching": sum(all(r.passed for r in rs) for rs in results.values())}


def summary_text(results: dict[str, list[CellResult]], kinds: Mapping[str, str]) -> str:
    s = summary(results)
    programs = [u for u, k in kinds.items() if k == "program" and u in results]
    notebooks = [u for u in results if u not in programs]
    nb = [r for u in notebooks for r in results[u]]
    prog_end = sum(all(r.ran_through for r in results[u]) for u in programs)
    return (f"JAX corpus: {s['cells_matching']}/{s['cells']} cells match JAX 0.10.2 "
            f"(notebooks {sum(r.passed for r in nb)}/{len(nb)}); "
            f"{s['units_to_end']}/{s['units']} units run to the end "
            f"(notebooks {s['units_to_end'] - prog_end}/{len(notebooks)}, example programs {prog_end}/{len(programs)}); "
            f"{s['units_matching']}/{s['units']} match JAX in every cell")


def ranking_lines(causes: Iterable[Cause], top: int | None = None) -> list[str]:
    out = []
    for i, c in enumerate(causes):
        if top is not None and i >= top:
            break
        out.append(f"{c.cells:4d} cells ({c.direct:3d} direct) {len(c.units):3d} units ({len(c.stops)} stopped)  "
                   f"{c.cause}  [{c.example}]")
    return out
