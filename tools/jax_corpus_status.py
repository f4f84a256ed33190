"""Run JAX's own tutorials and example programs (the corpus of ``tests/data/jax_corpus/``) under arraytyping, with
only their imports rewritten, and hold each cell to what JAX 0.10.2 printed (``tests/data/jax_corpus_reference.json``,
written by ``tools/jax_corpus_reference.py``).

Prints how many cells match JAX and how many units run to the end, the causes of failure ranked by the cells they
block, and what changed against ``tests/data/jax_corpus/expectations.json`` (the list ``tests/test_jax_corpus.py``
holds the runtime to). Runs with the project's python (arraytyping installed)::

    python tools/jax_corpus_status.py                  # every unit, two at a time
    python tools/jax_corpus_status.py --units pytrees --cells    # one unit, each cell's result
    python tools/jax_corpus_status.py --write          # also rewrite expectations.json and REPORT.md
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus import classify, manifest, status  # noqa: E402

REPORT = manifest.CORPUS / "REPORT.md"


def report(results: dict[str, list[classify.CellResult]], m: manifest.Manifest) -> str:
    kinds = {u.name: u.kind for u in m.units}
    sources = {u.name: u.source for u in m.units}
    causes = classify.ranking(results, sources)
    lines = [
        "# The JAX corpus under arraytyping",
        "",
        "Written by `python tools/jax_corpus_status.py --write` (do not edit by hand); the corpus, its rewrites and",
        "what is left out: `manifest.json`; how it runs: README.md, \"Real programs\".",
        "",
        classify.summary_text(results, kinds) + ".",
        "",
        "## Per unit",
        "",
        "| unit | kind | cells matching | runs to the end | first failing cell |",
        "|---|---|---|---|---|",
    ]
    for u in m.units:
        rs = results.get(u.name)
        if rs is None:
            continue
        first = next((r for r in rs if not r.passed), None)
        lines.append(f"| {u.name} | {u.kind} | {sum(r.passed for r in rs)}/{len(rs)} | "
                     f"{'yes' if all(r.ran_through for r in rs) else 'no'} | "
                     + (f"{first.index} (`{u.source}:{first.line}`): {first.status}" if first else "") + " |")
    lines += ["", "## Causes, grouped as issue 62 lists them", "",
              "| cells blocked | units | units stopped | group |", "|---|---|---|---|"]
    groups: dict[str, list[classify.Cause]] = {}
    for c in causes:
        groups.setdefault(classify.group_of(c.cause), []).append(c)
    for name, _ in classify.GROUPS:
        cs = groups.get(name, [])
        lines.append(f"| {sum(c.cells for c in cs)} | {len({u for c in cs for u in c.units})} | "
                     f"{len({u for c in cs for u in c.stops})} | {name} |")
    lines += ["", "## Causes, by the cells they block", "",
              "*Blocked*: the failing cells whose root cause it is (their own, or that of an earlier cell whose",
              "names they read: `depends on cell N`). *Direct*: the failing cells that meet it themselves (some",
              "also depend on an earlier failure). *Stopped*: the units that do not run to the end because of it.", "",
              "| blocked | direct | units | stopped | cause | first location |", "|---|---|---|---|---|---|"]
    for c in causes:
        lines.append(f"| {c.cells} | {c.direct} | {len(c.units)} | {len(c.stops)} | {c.cause.replace('|', '/')} | "
                     f"`{c.example}` |")
    if manifest.STATIC_REPORT.exists():
        static = json.loads(manifest.STATIC_REPORT.read_text())
        lines += ["", "## Type checkers on the same code", "",
                  "Errors on the rewritten corpus where JAX's own types give none on the original (written by",
                  "`python tools/jax_corpus_static.py --write`):", ""]
        for checker, d in static["checkers"].items():
            lines.append(f"- {checker}: {d['added']} added errors, {d['missing_names']} of them missing names "
                         f"(on JAX's own types: {d['jax_errors']} errors)")
    return "\n".join(lines) + "\n"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--units", help="comma-separated unit names (default: all)")
    p.add_argument("--jobs", type=int, default=2, help="units at a time (default 2)")
    p.add_argument("--cells", action="store_true", help="print each cell's result")
    p.add_argument("--top", type=int, default=40, help="causes to print (default 40)")
    p.add_argument("--write", action="store_true", help="rewrite expectations.json (and REPORT.md, for all units)")
    ns = p.parse_args()
    m = manifest.load()
    units = [m.unit(n) for n in ns.units.split(",")] if ns.units else list(m.units)
    ref = status.reference()
    stale = [s for u in units for s in status.stale_cells(u, ref)]
    if stale:
        raise SystemExit("JAX's record is stale (run tools/jax_corpus_reference.py): " + ", ".join(stale))
    results = status.run_units(units, sys.executable, ns.jobs)
    if ns.cells:
        for name, rs in results.items():
            for r in rs:
                print(f"{name}#{r.index} L{r.line} {r.seconds:6.2f}s {r.status}")
    kinds = {u.name: u.kind for u in m.units}
    print(classify.summary_text(results, kinds))
    print("\n".join(classify.ranking_lines(classify.ranking(results, {u.name: u.source for u in m.units}), ns.top)))
    expected = status.expectations()
    for u in units:
        v = status.verdict(u, results[u.name], expected)
        if not v.ok:
            print(v.message())
    if ns.write:
        status.write_expectations(results)
        print(f"wrote {manifest.EXPECTATIONS}")
        if not ns.units:
            REPORT.write_text(report(results, m))
            print(f"wrote {REPORT}")


if __name__ == "__main__":
    main()
