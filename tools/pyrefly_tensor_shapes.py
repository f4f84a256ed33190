"""Would a stub variant that uses Pyrefly's experimental tensor shapes be worth shipping? A measurement.

Pyrefly computes shapes itself when the ``shape_extensions`` module (PyPI: ``pyrefly-shape-extensions``) resolves: a
class whose shape parameter is bound to ``shape_extensions.IntTuple`` (PEP 695 syntax) may return
``Array[R, broadcast(S, S2)]``. This script builds that variant of ``Array.__add__`` and ``where`` (a minimal
package, dtypes left out) and checks it, with pyrefly, on the broadcasting cases of
``tests/typing/test_shape_broadcasting.py`` (every pair of shapes of rank 0-3 over {1, 2, 3, N}: 14,450 answers),
against numpy as that test does, in two spellings of the symbolic dimension: the one every checker reads
(``N = TypeVar("N", bound=int)``, the README's) and Pyrefly's own (``N = shape_extensions.IntVar("N")``, which the
other checkers do not read as a type variable).

Usage: .venv/bin/python tools/pyrefly_tensor_shapes.py [--shape-extensions DIR]
  DIR holds the ``shape_extensions`` package; without it, ``pip download`` fetches the wheel of pyrefly's version.
Prints one line of counts per spelling (exact / gradual / wrong / false error / refused / missed refusal).
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
sys.path.insert(0, str(ROOT / "tests" / "typing"))

import test_shape_broadcasting as broadcasting  # type: ignore[import-not-found]  # noqa: E402  (cases, oracle)

STUB = '''\
from shape_extensions import IntTuple, broadcast

class float32: ...
class bool_: ...

class Array[D, S: IntTuple]:
    def __add__[S2: IntTuple](self, other: Array[float32, S2]) -> Array[float32, broadcast(S, S2)]: ...

def where[S1: IntTuple, S2: IntTuple, S3: IntTuple](
    condition: Array[bool_, S1], x: Array[float32, S2], y: Array[float32, S3], /
) -> Array[float32, broadcast(broadcast(S1, S2), S3)]: ...
'''
SPELLINGS = {"TypeVar (every checker)": 'N = TypeVar("N", bound=int)',
             "IntVar (pyrefly's own)": 'from shape_extensions import IntVar; N = IntVar("N")'}
_SHAPE = re.compile(r"Array\[float32, \[(.*)\]\]$")


def shape_extensions(given: Path | None, work: Path) -> Path:
    """A directory holding the ``shape_extensions`` package."""
    if given is not None:
        if not (given / "shape_extensions").is_dir():
            raise SystemExit(f"--shape-extensions {given}: no shape_extensions package there")
        return given
    version = subprocess.run([str(BIN / "pyrefly"), "--version"], capture_output=True, text=True).stdout.split()[-1]
    wheels = work / "wheels"
    proc = subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "-d", str(wheels),
                           f"pyrefly-shape-extensions=={version.rsplit('.', 1)[0]}.*"], capture_output=True, text=True)
    found = sorted(wheels.glob("*.whl"))
    if proc.returncode != 0 or not found:
        raise SystemExit(f"could not download pyrefly-shape-extensions for pyrefly {version}: {proc.stderr[-500:]}"
                         " (pass --shape-extensions DIR)")
    site = work / "site"
    with zipfile.ZipFile(found[0]) as z:
        z.extractall(site)
    return site


def classify(work: Path, spelling: str) -> dict[str, int]:
    text, where_of = broadcasting.source(broadcasting.PAIRS, where=True)
    text = text.replace("import arraytyping.numpy as anp", "import pkg as anp").replace("from arraytyping import",
                                                                                     "from pkg import")
    text = text.replace('N = TypeVar("N", bound=int)', spelling)  # one line for one: the cases' lines stay
    (work / "pairs.py").write_text(text)
    out = subprocess.run([str(BIN / "pyrefly"), "check", "--output-format", "json", "pairs.py"], cwd=work,
                         capture_output=True, text=True)
    revealed: dict[int, str] = {}
    errors: dict[int, list[str]] = {}
    for e in json.loads(out.stdout)["errors"]:
        if e["name"] == "reveal-type":
            revealed[e["line"]] = e["description"].removeprefix("revealed type: ")
        else:
            errors.setdefault(e["line"], []).append(e["description"])
    counts = dict.fromkeys(("exact", "gradual", "wrong", "false error", "refused", "missed refusal"), 0)
    for line, (_, a, b) in where_of.items():
        results = broadcasting.numpy_results(a, b)
        m = _SHAPE.search(revealed.get(line, ""))
        if errors.get(line):
            counts["refused" if not results else "false error"] += 1
        elif not results:
            counts["missed refusal"] += 1
        elif m is None:
            counts["gradual"] += 1
        else:
            got = tuple(d.strip() for d in m.group(1).split(",")) if m.group(1).strip() else ()
            ok = all(re.fullmatch(r"\d+|N|int", d) for d in got) and broadcasting.agrees(got, results)
            counts["exact" if ok else "wrong"] += 1
    assert sum(counts.values()) == len(where_of) == 14450
    return counts


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--shape-extensions", type=Path, default=None, metavar="DIR")
    ns = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        site = shape_extensions(ns.shape_extensions, work)
        shutil.copytree(site / "shape_extensions", work / "shape_extensions")
        (work / "pkg").mkdir()
        (work / "pkg" / "__init__.pyi").write_text(STUB)
        (work / "pyrefly.toml").write_text(f'search-path = ["{work}"]\n'
                                           f'python-interpreter-path = "{sys.executable}"\n')
        for name, spelling in SPELLINGS.items():
            counts = classify(work, spelling)
            print(f"{name}: " + ", ".join(f"{k} {v:,}" for k, v in counts.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
