"""How much of JAX 0.10.2's public API arraytyping has: the inventory (``tests/data/jax_api_inventory.json``,
written by ``tools/jax_api_inventory.py`` in the JAX venv) held against arraytyping as a user imports it
(``import arraytyping.scipy.special``; ``jax.X`` is ``arraytyping.X``).

Every recorded name is in exactly one of three states:

* *present*: the arraytyping module imports and has the attribute;
* *omitted*: listed in ``tests/data/api_omissions.toml`` with its reason: only what cannot mean anything in
  arraytyping (a TensorFlow-interop switch...), never what is merely hard;
* *not yet*: listed in ``tests/data/api_not_yet.txt``, the names still to build (the list shrinks as they land).

``tests/test_api_inventory.py`` fails when a name is in none of them, or when a listed one is present (so the lists
stay honest), and prints the coverage by module at the end of the test run. Runs in the project's venv::

    python tools/api_coverage.py                 # print the coverage by module
    python tools/api_coverage.py --write-docs    # rewrite docs/api_coverage.md from the data
    python tools/api_coverage.py --check         # exit 1 if docs/api_coverage.md is not what --write-docs writes
    python tools/api_coverage.py --write-not-yet # rewrite api_not_yet.txt: every name neither present nor omitted
"""
from __future__ import annotations

import argparse
import functools
import importlib
import json
import sys
import tomllib
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
INVENTORY = DATA / "jax_api_inventory.json"
OMISSIONS = DATA / "api_omissions.toml"
NOT_YET = DATA / "api_not_yet.txt"
DOC = ROOT / "docs" / "api_coverage.md"

NOT_YET_HEADER = """\
# JAX 0.10.2's public names that arraytyping does not have yet (issue 64), one qualified name a line, by module,
# each followed by why it is not there yet (`name  # reason`; a rewrite keeps the reasons). Remove a name when it
# lands: tests/test_api_inventory.py fails while a name listed here is present.
# `python tools/api_coverage.py --write-not-yet` rewrites this file from the inventory and arraytyping as installed.
"""


def arraytyping_module(jax_module: str) -> str:
    """The arraytyping module that stands for JAX module ``jax_module``: ``jax.X`` is ``arraytyping.X``."""
    return "arraytyping" + jax_module.removeprefix("jax")


@functools.cache
def inventory() -> dict[str, Any]:
    """The recorded inventory: ``{"jax_version", "total", "modules": {module: {name: entry}}}``."""
    data: dict[str, Any] = json.loads(INVENTORY.read_text())
    return data


def recorded() -> dict[str, dict[str, dict[str, Any]]]:
    """Every recorded module and its names' entries, in the inventory's order."""
    modules: dict[str, dict[str, dict[str, Any]]] = inventory()["modules"]
    return modules


def qualified_names() -> list[str]:
    """Every recorded name, qualified by its JAX module (``jax.numpy.linalg.cross``), in the inventory's order."""
    return [f"{module}.{name}" for module, names in recorded().items() for name in names]


def split_name(qualified: str) -> tuple[str, str]:
    """``(module, name)`` of a qualified name (a name has no dot: ``jax.scipy.stats.norm.pdf`` is ``pdf`` of
    ``jax.scipy.stats.norm``); ``ValueError`` if that module is not recorded."""
    module, _, name = qualified.rpartition(".")
    if module not in recorded():
        raise ValueError(f"{qualified!r}: no recorded module holds it")
    return module, name


class Omission(NamedTuple):
    """A name arraytyping deliberately does not have, and why."""
    name: str
    reason: str


def omissions() -> list[Omission]:
    """``api_omissions.toml``: its ``[[omission]]`` tables, each a ``names`` list (or one ``name``) and a
    ``reason``."""
    data = tomllib.loads(OMISSIONS.read_text())
    out: list[Omission] = []
    for table in data.get("omission", []):
        names = table.get("names", [table["name"]] if "name" in table else [])
        out.extend(Omission(name, str(table.get("reason", "")).strip()) for name in names)
    return out


def not_yet_reasons() -> dict[str, str]:
    """``api_not_yet.txt``'s names and why each is not there yet (the comment after the name; ``""`` for none)."""
    out: dict[str, str] = {}
    for line in NOT_YET.read_text().splitlines():
        name, _, reason = line.partition("#")
        if name.strip():
            out[name.strip()] = reason.strip()
    return out


def not_yet() -> list[str]:
    """``api_not_yet.txt``: its names, in file order (comments and blank lines skipped)."""
    lines = (line.split("#", 1)[0].strip() for line in NOT_YET.read_text().splitlines())
    return [line for line in lines if line]


def import_arraytyping(jax_module: str) -> ModuleType | None:
    """The arraytyping module of ``jax_module`` imported as a user would, or ``None`` when there is none (an
    ``ImportError`` for that module or a parent; any other error propagates: it is a bug)."""
    name = arraytyping_module(jax_module)
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name is not None and (name == e.name or name.startswith(e.name + ".")):
            return None
        raise


def present_names() -> set[str]:
    """The recorded names (qualified) that arraytyping has."""
    out: set[str] = set()
    for module, names in recorded().items():
        mod = import_arraytyping(module)
        if mod is not None:
            out.update(f"{module}.{name}" for name in names if hasattr(mod, name))
    return out


class ModuleCoverage(NamedTuple):
    """One module's counts."""
    module: str
    recorded: int
    present: int
    omitted: int
    not_yet: int
    imports: bool

    @property
    def percent(self) -> float:
        return 100.0 * self.present / self.recorded if self.recorded else 100.0


def coverage(present: set[str] | None = None) -> list[ModuleCoverage]:
    """The counts of each recorded module (``present``: :func:`present_names`, computed when not given)."""
    present = present_names() if present is None else present
    omitted = {o.name for o in omissions()}
    later = set(not_yet())
    rows: list[ModuleCoverage] = []
    for module, names in recorded().items():
        qualified = [f"{module}.{name}" for name in names]
        rows.append(ModuleCoverage(
            module, len(qualified), sum(q in present for q in qualified), sum(q in omitted for q in qualified),
            sum(q in later for q in qualified), import_arraytyping(module) is not None))
    return rows


def totals(rows: Iterable[ModuleCoverage]) -> ModuleCoverage:
    rows = list(rows)
    return ModuleCoverage("all", sum(r.recorded for r in rows), sum(r.present for r in rows),
                          sum(r.omitted for r in rows), sum(r.not_yet for r in rows), True)


def coverage_table(rows: list[ModuleCoverage]) -> str:
    """The coverage by module as plain text (what the test run prints)."""
    width = max(len(r.module) for r in rows)
    lines = [f"{'module':{width}}  present / recorded       omitted  not yet"]
    for r in [*(r for r in rows if r.recorded), totals(rows)]:
        lines.append(f"{r.module:{width}}  {r.present:7} / {r.recorded:<8} {r.percent:5.1f}%  {r.omitted:7}  "
                     f"{r.not_yet:7}")
    return "\n".join(lines)


def render_doc(rows: list[ModuleCoverage]) -> str:
    """``docs/api_coverage.md``: the coverage table by module, the omissions with their reasons and the names not
    there yet, all computed from the data."""
    inv = inventory()
    total = totals(rows)
    out = [
        "# Coverage of JAX's public API",
        "",
        "<!-- Generated by tools/api_coverage.py --write-docs from tests/data/jax_api_inventory.json, "
        "api_omissions.toml and api_not_yet.txt; do not edit. -->",
        "",
        f"JAX {inv['jax_version']}'s public API, recorded name by name by `tools/jax_api_inventory.py` (every public, "
        "non-module attribute of each public module), held against arraytyping as a user imports it "
        "(`jax.X` is `arraytyping.X`). "
        f"arraytyping has **{total.present} of {total.recorded} names ({total.percent:.1f}%)**; of the others, "
        f"{total.omitted} left out on purpose (below, with the reasons), {total.not_yet} not there yet. "
        "`tests/test_api_inventory.py` keeps these numbers true: it fails when a name is neither present nor listed, "
        "or listed yet present.",
        "",
        "| module | present / recorded | coverage | omitted | not yet |",
        "|---|---:|---:|---:|---:|",
    ]
    for r in rows:
        if r.recorded:
            out.append(f"| `{r.module}` | {r.present} / {r.recorded} | {r.percent:.0f}% | {r.omitted} | {r.not_yet} |")
    out.append(f"| **all** | **{total.present} / {total.recorded}** | **{total.percent:.1f}%** | {total.omitted} | "
               f"{total.not_yet} |")
    empty = [r.module for r in rows if not r.recorded]
    if empty:
        out += ["", "Modules with no public name of their own (only submodules): "
                + ", ".join(f"`{m}`" for m in empty) + "."]
    out += ["", "## Left out on purpose", "",
            "Only what cannot mean anything in arraytyping; what is merely hard to build is *not yet*, never here.", ""]
    by_reason: dict[str, list[str]] = {}
    for o in omissions():
        by_reason.setdefault(o.reason, []).append(o.name)
    if not by_reason:
        out.append("Nothing.")
    for reason, names in by_reason.items():
        out.append(f"- {', '.join(f'`{n}`' for n in names)}: {reason}")
    out += ["", "## Not there yet", "",
            "The names `tests/data/api_not_yet.txt` lists, by module (issue 64 stays open until at least 95% of the "
            "recorded names exist).", ""]
    later: dict[str, dict[str, list[str]]] = {}
    for q, reason in not_yet_reasons().items():
        module, name = split_name(q)
        later.setdefault(module, {}).setdefault(reason, []).append(name)
    for module, reasons in later.items():
        out.append(f"- `{module}` ({sum(map(len, reasons.values()))}):")
        for reason, names in reasons.items():
            out.append(f"  - {', '.join(f'`{n}`' for n in names)}: {reason or 'no reason given yet'}")
    return "\n".join(out) + "\n"


def write_not_yet(present: set[str]) -> str:
    """The text of ``api_not_yet.txt`` for ``present``: every recorded name neither present nor omitted."""
    omitted = {o.name for o in omissions()}
    reasons = not_yet_reasons() if NOT_YET.exists() else {}
    lines = [NOT_YET_HEADER.rstrip("\n")]
    for module, names in recorded().items():
        missing = [f"{module}.{n}" for n in names if f"{module}.{n}" not in present | omitted]
        if missing:
            lines += ["", f"# {module} ({len(missing)})",
                      *(f"{q}  # {reasons[q]}" if reasons.get(q) else q for q in missing)]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--write-docs", action="store_true", help=f"rewrite {DOC.relative_to(ROOT)}")
    group.add_argument("--check", action="store_true", help=f"exit 1 if {DOC.relative_to(ROOT)} is out of date")
    group.add_argument("--write-not-yet", action="store_true", help=f"rewrite {NOT_YET.relative_to(ROOT)}")
    ns = parser.parse_args()
    present = present_names()
    if ns.write_not_yet:
        NOT_YET.write_text(write_not_yet(present))
        print(f"wrote {NOT_YET.relative_to(ROOT)}: {len(not_yet())} names")
        return
    text = render_doc(coverage(present))
    if ns.write_docs:
        DOC.parent.mkdir(parents=True, exist_ok=True)
        DOC.write_text(text)
        print(f"wrote {DOC.relative_to(ROOT)}")
    elif ns.check:
        if not DOC.exists() or DOC.read_text() != text:
            print(f"{DOC.relative_to(ROOT)} is out of date: run python tools/api_coverage.py --write-docs",
                  file=sys.stderr)
            sys.exit(1)
        print(f"{DOC.relative_to(ROOT)} is up to date")
    else:
        print(coverage_table(coverage(present)))


if __name__ == "__main__":
    main()
