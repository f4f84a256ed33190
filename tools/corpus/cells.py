"""A corpus unit's cells, as JAX's documentation build would run them.

A notebook is a MyST markdown file (jupytext's ``md:myst``, the form JAX keeps beside each ``.ipynb``): each
```` ```{code-cell} ```` block is a cell, with optional ``:key: value`` metadata lines (``:tags: [raises-exception]``)
before its code. Cells tagged ``skip-execution`` are not run (the docs build does not run them either). A program is
one cell: the whole file.

IPython syntax becomes Python, on the same line so that line numbers are kept:

- ``%timeit [options] STMT`` runs ``STMT`` once (its timing is nothing to compare; a failing ``STMT`` still fails);
- ``%xmode``, ``%matplotlib``, ``%load_ext`` and shell lines (``!pip install ...``) are dropped;
- any other magic is an error here, so that a new one gets a rule rather than a silent change.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from .manifest import Unit

_FENCE_OPEN = re.compile(r"^```\{code-cell\}")
_META = re.compile(r"^:(\w[\w-]*):\s*(.*)$")
_TIMEIT = re.compile(r"^(\s*)%timeit(?:\s+-[nr]\s*\d+)*\s+(.*)$")
_DROPPED = re.compile(r"^\s*(%xmode|%matplotlib|%load_ext|%pip|!)")


@dataclass(frozen=True)
class Cell:
    index: int
    """0-based, over every code cell of the file (skipped ones included)."""
    line: int
    """1-based line of the cell's first code line in the source file."""
    tags: tuple[str, ...]
    source: str
    """The code as JAX's file has it."""
    code: str
    """What runs: magics turned into Python, the manifest's rewrites applied (imports not yet rewritten)."""
    excluded: str | None = None
    """The manifest's reason for running this cell on neither side."""

    @property
    def skipped(self) -> bool:
        """Not run: tagged ``skip-execution`` (as in JAX's docs build) or excluded by the manifest."""
        return "skip-execution" in self.tags or self.excluded is not None

    @property
    def digest(self) -> str:
        """A short hash of ``code``: the reference records it, so a changed corpus or rewrite shows as stale."""
        return hashlib.sha256(self.code.encode()).hexdigest()[:16]


def _tags(value: str) -> tuple[str, ...]:
    value = value.strip()
    if value.startswith("[") and value.endswith("]"):
        return tuple(t.strip().strip("'\"") for t in value[1:-1].split(",") if t.strip())
    return (value,)


def parse_myst(text: str) -> list[tuple[int, tuple[str, ...], str]]:
    """``(first code line, tags, code)`` of each code cell of a MyST notebook."""
    lines = text.split("\n")
    out: list[tuple[int, tuple[str, ...], str]] = []
    i = 0
    while i < len(lines):
        if not _FENCE_OPEN.match(lines[i]):
            i += 1
            continue
        i += 1
        tags: tuple[str, ...] = ()
        if i < len(lines) and lines[i].strip() == "---":  # YAML metadata block
            i += 1
            while i < len(lines) and lines[i].strip() != "---":
                if m := re.match(r"^tags:\s*(.*)$", lines[i].strip()):
                    tags = _tags(m.group(1))
                i += 1
            i += 1
        while i < len(lines) and (m := _META.match(lines[i])):
            if m.group(1) == "tags":
                tags = _tags(m.group(2))
            i += 1
        if i < len(lines) and not lines[i].strip():
            i += 1  # the blank line after the metadata
        start = i
        while i < len(lines) and lines[i].rstrip() != "```":
            i += 1
        if i == len(lines):
            raise ValueError(f"unterminated code cell at line {start}")
        out.append((start + 1, tags, "\n".join(lines[start:i]) + "\n"))
        i += 1
    return out


def python_of_ipython(code: str) -> str:
    """``code`` with IPython's magics and shell lines turned into Python, line for line."""
    out = []
    for line in code.split("\n"):
        if m := _TIMEIT.match(line):
            out.append(m.group(1) + m.group(2))
        elif _DROPPED.match(line):
            out.append("")
        elif line.lstrip().startswith("%"):
            raise ValueError(f"no rule for the IPython magic {line.strip()!r}: add one to tools/corpus/cells.py")
        else:
            out.append(line)
    return "\n".join(out)


def apply_rewrites(unit: Unit, index: int, code: str) -> str:
    for r in unit.rewrites:
        if r.cell != index:
            continue
        n = code.count(r.old)
        if n != 1:
            raise ValueError(f"{unit.name} cell {index}: rewrite {r.old!r} occurs {n} times, not once")
        code = code.replace(r.old, r.new)
    return code


def load(unit: Unit) -> list[Cell]:
    """The cells of ``unit``, ready to run (imports not rewritten: see ``rewrite``)."""
    text = unit.path.read_text()
    raw: list[tuple[int, tuple[str, ...], str]]
    if unit.kind == "program":
        raw = [(1, (), text)]
    else:
        raw = parse_myst(text)
    excluded = {e.cell: e.reason for e in unit.excluded}
    cells = [Cell(index=i, line=line, tags=tags, source=src,
                  code=apply_rewrites(unit, i, python_of_ipython(src)), excluded=excluded.get(i))
             for i, (line, tags, src) in enumerate(raw)]
    for cell in [r.cell for r in unit.rewrites] + list(excluded):
        if not 0 <= cell < len(cells):
            raise ValueError(f"{unit.name}: the manifest names cell {cell}, which does not exist")
    return cells
