"""Record what JAX 0.10.2 prints on its own tutorials and example programs: ``tests/data/jax_corpus_reference.json``.

The corpus (``tests/data/jax_corpus/``: the files, JAX's LICENSE, and ``manifest.json``, which lists the units, the
documented rewrites and what is left out, and why) is run unit by unit, each in a fresh process of JAX's venv on the
CPU (``tools/corpus/execute.py``), cell after cell in one namespace; each cell's stdout, the repr of its last
expression where a notebook shows one, or its exception's class and message are recorded.
``tests/test_jax_corpus.py`` holds arraytyping to them, with only the imports rewritten.

Runs in its own venv with jax, as the other reference tools (``$ARRAYTYPING_JAX_PYTHON``, else ``.jaxref-venv`` in
the repository or beside it, else one is created in the repository)::

    python tools/jax_corpus_reference.py                      # every unit, two at a time (about a minute)
    python tools/jax_corpus_reference.py --units advi,pytrees # these units only; the others' records are kept
    python tools/jax_corpus_reference.py --copy-sources JAX_GIT_DIR   # (re)copy the manifest's files from JAX's
                                                                      # repository at the manifest's tag
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus import cells, execute, manifest  # noqa: E402

UNIT_TIMEOUT = 1800.0
CELL_TIMEOUT = 600.0
MESSAGE_CHARS = 1000


def copy_sources(git_dir: Path) -> None:
    """Copy each unit's file, ``examples/datasets.py`` (the shim's original) and JAX's LICENSE from ``git_dir`` (a
    clone of github.com/jax-ml/jax) at the manifest's tag, checking the tag is the manifest's commit."""
    m = manifest.load()
    commit = subprocess.check_output(["git", "--git-dir", str(git_dir), "rev-parse", f"{m.tag}^{{commit}}"],
                                     text=True).strip()
    if commit != m.commit:
        raise SystemExit(f"{m.tag} is {commit} in {git_dir}, the manifest says {m.commit}")
    for path in [u.source for u in m.units] + ["examples/datasets.py", "LICENSE"]:
        text = subprocess.check_output(["git", "--git-dir", str(git_dir), "show", f"{m.tag}:{path}"])
        (manifest.CORPUS / path).parent.mkdir(parents=True, exist_ok=True)
        (manifest.CORPUS / path).write_bytes(text)
        print("copied", path, file=sys.stderr)


def record(unit: manifest.Unit, work: Path) -> dict[str, Any]:
    records = execute.spawn(sys.executable, unit.name, "jax", work, unit_timeout=UNIT_TIMEOUT,
                            cell_timeout=CELL_TIMEOUT)
    if records and "stopped" in records[-1]:
        raise SystemExit(f"{unit.name}: {records[-1]['stopped']}")
    out = []
    for r, cell in zip(records, cells.load(unit), strict=True):
        r = {k: v for k, v in r.items() if k != "seconds"}
        if r.get("error"):
            e = r["error"]
            r["error"] = {"type": e["type"], "module": e["module"], "message": e["message"][:MESSAGE_CHARS]}
            if "raises-exception" not in cell.tags:
                print(f"warning: {unit.name} cell {cell.index} (line {cell.line}) raises {e['type']} under JAX "
                      f"but is not tagged raises-exception: {e['message'][:200]}", file=sys.stderr)
        out.append(r)
    print(f"{unit.name}: {len(out)} cells", file=sys.stderr)
    return {"source": unit.source, "kind": unit.kind, "cells": out}


def main_inside(ns: argparse.Namespace) -> None:
    import jax
    import jaxlib
    import numpy as np

    m = manifest.load()
    wanted = ns.units.split(",") if ns.units else [u.name for u in m.units]
    units = [m.unit(name) for name in wanted]
    old: dict[str, Any] = {}
    if manifest.REFERENCE.exists():
        old = json.loads(manifest.REFERENCE.read_text())["units"]
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(ns.jobs) as pool:
        done = dict(zip(wanted, pool.map(lambda u: record(u, Path(tmp)), units)))
    names = [u.name for u in m.units]
    data = {
        "generator": "tools/jax_corpus_reference.py",
        "versions": {"jax": jax.__version__, "jaxlib": jaxlib.__version__, "numpy": np.__version__,
                     "python": ".".join(map(str, sys.version_info[:2]))},
        "jax_source": {"tag": m.tag, "commit": m.commit},
        "units": {n: done.get(n, old.get(n)) for n in names if n in done or n in old},
    }
    manifest.REFERENCE.write_text(json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n")
    print(f"wrote {manifest.REFERENCE}", file=sys.stderr)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--units", help="comma-separated unit names (default: all)")
    p.add_argument("--jobs", type=int, default=2, help="units at a time (default 2)")
    p.add_argument("--venv", type=Path, help="a venv with jax==0.10.2 (default: see above)")
    p.add_argument("--copy-sources", type=Path, metavar="JAX_GIT_DIR", help="copy the corpus files, then stop")
    p.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    ns = p.parse_args()
    if ns.copy_sources:
        copy_sources(ns.copy_sources)
        return
    if ns.inside:
        main_inside(ns)
        return
    py = ns.venv / "bin" / "python" if ns.venv else manifest.jax_python()
    if py is None:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import jax_reference

        venv = manifest.ROOT / ".jaxref-venv"
        jax_reference.ensure_venv(venv, __file__)  # creates it and re-runs this script there (without arguments)
        return
    args = ["--jobs", str(ns.jobs)] + (["--units", ns.units] if ns.units else [])
    os.execv(str(py), [str(py), __file__, "--inside", *args])


if __name__ == "__main__":
    main()
