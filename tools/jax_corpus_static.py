"""The type checkers on JAX's own programs (the corpus of ``tests/data/jax_corpus/``): pyright and mypy with
arraytyping's plugin on the code with its imports rewritten, against arraytyping's types, and the same checkers on
JAX's original code against JAX's own types (JAX's venv: ``$ARRAYTYPING_JAX_PYTHON``, else ``.jaxref-venv`` in the
repository or beside it). Prints, per checker, the errors arraytyping's side adds (where JAX's gives none on the same
line), by kind, and the names the checker cannot find, most frequent first. ``--write`` records it all in
``tests/data/jax_corpus/static_report.json``, which ``tests/test_jax_corpus.py`` holds as a ratchet (no more added
errors, no more missing names). Runs with the project's python; a few minutes (mypy reads JAX's sources)::

    python tools/jax_corpus_static.py [--write] [--checkers pyright,mypy-plugin] [--keep DIR]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus import manifest, static  # noqa: E402


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--checkers", default=",".join(static.CHECKERS), help="comma-separated (default: all)")
    p.add_argument("--write", action="store_true", help="write tests/data/jax_corpus/static_report.json")
    p.add_argument("--keep", type=Path, help="build the modules in DIR (kept) instead of a temporary folder")
    p.add_argument("--top", type=int, default=25, help="missing names to print per checker (default 25)")
    ns = p.parse_args()
    jax_python = manifest.jax_python()
    if jax_python is None:
        raise SystemExit("no JAX venv found: set ARRAYTYPING_JAX_PYTHON or run tools/jax_corpus_reference.py once")
    units = list(manifest.load().units)
    report: dict[str, Any] = {"generator": "tools/jax_corpus_static.py", "settings": {
        "pyright": static.PYRIGHT_SETTINGS, "mypy": static.MYPY_SETTINGS.strip()}, "checkers": {}}
    with tempfile.TemporaryDirectory() as tmp:
        root = ns.keep or Path(tmp)
        for checker in ns.checkers.split(","):
            ours_dir, jax_dir = root / checker / "arraytyping", root / checker / "jax"
            maps = static.build(units, ours_dir, ours=True)
            static.build(units, jax_dir, ours=False)
            ours = static.check(checker, ours_dir, sys.executable, jax_side=False)
            theirs = static.check(checker, jax_dir, jax_python, jax_side=True)
            added = static.added_errors(ours, theirs, maps, static.lines_of(ours_dir))
            summary = static.summarize(added, len(theirs), len(ours))
            summary["corpus_digest"] = static.digest(ours_dir)
            summary["jax_keys"] = sorted([list(e.key()) for e in theirs])
            report["checkers"][checker] = summary
            print(f"{checker}: {summary['added']} errors where JAX's types give none "
                  f"({summary['missing_names']} of missing names, {summary['distinct_missing_names']} distinct); "
                  f"{len(ours)} on arraytyping's side, "
                  f"{len(theirs)} on JAX's")
            print("  by kind: " + ", ".join(f"{k} {n}" for k, n in summary["by_kind"].items()))
            print("  missing: " + ", ".join(f"{k} {n}" for k, n in list(summary["missing"].items())[:ns.top]))
    if ns.write:
        manifest.STATIC_REPORT.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n")
        print(f"wrote {manifest.STATIC_REPORT}")


if __name__ == "__main__":
    main()
