"""What a hover shows on the README's and docs' examples: pyright's language server (as VS Code runs it) hovers
every name of every ``python`` block of ``README.md`` and ``docs/*.md``, and this lists the hovers whose declaration
(the code part, not the docstring) shows a private name (``_AnyShape``, ``_K2``...), and the diagnostics that do.

Names of typeshed's own declarations (``reveal_type``'s ``_T``, contextlib's ``_GeneratorContextManager``) are
counted apart: they are not the stubs'.

Usage: python benchmarks/hover_names.py [--json F] [--show]
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_editor import ROOT, Server  # noqa: E402

PRIVATE = re.compile(r"(?<![\w.])_[A-Za-z]\w*")
TYPESHED: frozenset[str] = frozenset({"_T", "_GeneratorContextManager", "_KT", "_VT"})


def blocks() -> list[tuple[str, str]]:
    """(page, code) of every python block of the README and the docs."""
    out: list[tuple[str, str]] = []
    for md in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        out += [(md.name, m.group(1)) for m in re.finditer(r"```python[^\n]*\n(.*?)```", md.read_text(), re.S)]
    return out


def positions(tree: ast.Module) -> list[tuple[int, int]]:
    """Where each name and attribute of ``tree`` starts (0-based line and column), once each."""
    seen: dict[tuple[int, int], None] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            seen[(node.lineno - 1, node.col_offset)] = None
        elif isinstance(node, ast.Attribute) and node.end_lineno is not None and node.end_col_offset is not None:
            seen[(node.end_lineno - 1, node.end_col_offset - len(node.attr))] = None
    return list(seen)


def survey(python: str) -> dict[str, object]:
    hovers: dict[str, str] = {}
    diagnostics: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        server = Server(work, python)
        try:
            for i, (page, code) in enumerate(blocks()):
                try:
                    tree = ast.parse(code)
                except SyntaxError:
                    continue
                path = work / f"example{i}.py"
                path.write_text(code)
                _, diags = server.open(path, code)
                diagnostics += [f"{page}#{i}:{d['range']['start']['line'] + 1}: {d['message']}" for d in diags]
                lines = code.split("\n")
                for line, col in positions(tree):
                    _, text = server.hover(path.as_uri(), line, col)
                    name = re.match(r"\w*", lines[line][col:])
                    hovers[f"{page}#{i}:{line + 1}:{col + 1}:{name.group(0) if name else ''}"] = text
        finally:
            server.close()
    private: dict[str, list[str]] = {}
    for key, text in [*hovers.items(), *((d, d) for d in diagnostics)]:
        shown = text.split("\n---\n")[0]
        names = sorted(set(PRIVATE.findall(shown)) - TYPESHED)
        if names:
            private[key] = names
    return {"hovers": len(hovers), "diagnostics": len(diagnostics), "private": private,
            "names": sorted({n for v in private.values() for n in v}), "shown": hovers}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--json", type=Path, help="also write every hover and the private names as JSON")
    p.add_argument("--show", action="store_true", help="print each hover that shows a private name")
    args = p.parse_args()
    result = survey(str(Path(sys.executable)))
    private = result["private"]
    assert isinstance(private, dict)
    if args.show:
        for key, names in private.items():
            print(f"{key}: {', '.join(names)}")
    print(f"{result['hovers']} hovers, {result['diagnostics']} diagnostics; {len(private)} show a private name of "
          f"the stubs: {', '.join(result['names'])}")  # type: ignore[arg-type]
    if args.json:
        args.json.write_text(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
