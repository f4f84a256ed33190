"""Type-checking cost of the arraytyping stubs (and mypy plugin) on a generated corpus of mixed binary operations.

Compares, on the same ~2,000-line corpus:
  * mypy + plugin + stubs, and mypy + stubs alone, against a baseline stub where ``Array`` is one-signature
    ``Array[Any]`` (targets: <= 1.3x), cold (no cache) and warm (cache filled);
  * pyright + stubs against the same baseline (target: <= 1.6x);
  * both against numpy's own stubs on the equivalent ndarray corpus (target: >= 4x faster while exact).

Usage: python benchmarks/bench_typecheck.py [--lines 2000] [--repeat 1]
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
DTYPES = ["float32", "float16", "bfloat16", "int8", "int32", "uint8", "bool_"]
NP_DTYPES = ["float32", "float16", "float64", "int8", "int32", "uint8", "bool_"]
OPS = ["+", "*", "-", "/", "<"]

BASELINE_STUB = '''from typing import Any, Generic, TypeVar
import numpy as np  # same dependency as the real stubs, so cold runs compare like with like
def _np(x: np.ndarray[Any, Any]) -> None: ...
_T = TypeVar("_T", covariant=True)
class generic: ...
''' + "".join(f"class {d}(generic): ...\n" for d in DTYPES) + '''
class Array(Generic[_T]):
''' + "".join(f"    def __{n}__(self, other: Any, /) -> Array[Any]: ...\n"
              for n in ("add", "mul", "sub", "truediv", "lt", "radd", "rmul", "rsub", "rtruediv"))


def corpus(lines: int, numpy: bool) -> str:
    rnd = random.Random(0)
    dts = NP_DTYPES if numpy else DTYPES
    head = (["import numpy as np", "from numpy.typing import NDArray", ""] if numpy else
            ["from arraytyping import Array, " + ", ".join(DTYPES), ""])
    ann = (lambda d: f"NDArray[np.{d}]") if numpy else (lambda d: f"Array[{d}]")
    out = head + ["def f(" + ", ".join(f"x_{d}: {ann(d)}" for d in dts) + ") -> None:"]
    pairs = [(a, b) for a, b in itertools.product(dts, repeat=2)
             if not numpy or True]
    ok_pairs = [(a, b) for a, b in pairs]
    for i in range(lines):
        a, b = rnd.choice(ok_pairs)
        op = rnd.choice(OPS)
        rhs = rnd.choice([f"x_{b}", "2", "2.0"])
        out.append(f"    y{i} = x_{a} {op} {rhs}")
    return "\n".join(out) + "\n"


def run(cmd: list[str], cwd: Path, env: dict[str, str]) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    return time.perf_counter() - t


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--lines", type=int, default=2000)
    p.add_argument("--skip-pyright", action="store_true")
    args = p.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench_typecheck_"))
    site = tmp / "site"
    base = tmp / "base"
    site.mkdir()
    (base / "arraytyping").mkdir(parents=True)
    (site / "arraytyping").symlink_to(ROOT / "src" / "arraytyping")
    (site / "arraytyping-stubs").symlink_to(ROOT / "stubs" / "arraytyping-stubs")
    (site / "arraytyping_mypy").symlink_to(ROOT / "mypy_plugin" / "arraytyping_mypy")
    (base / "arraytyping" / "__init__.pyi").write_text(BASELINE_STUB)
    (base / "arraytyping" / "py.typed").write_text("")
    work = tmp / "work"
    work.mkdir()
    (work / "c.py").write_text(corpus(args.lines, numpy=False))
    (work / "n.py").write_text(corpus(args.lines, numpy=True))
    env_ours = {**os.environ, "PYTHONPATH": str(site)}
    env_base = {**os.environ, "PYTHONPATH": str(base)}
    (work / "plugin.ini").write_text("[mypy]\nplugins = arraytyping_mypy\n")
    (work / "plain.ini").write_text("[mypy]\n")
    results: dict[str, float] = {}

    def mypy(name: str, env: dict[str, str], cfg: str, target: str) -> None:
        cache = tmp / f"cache_{name}"
        shutil.rmtree(cache, ignore_errors=True)
        cmd = [str(BIN / "mypy"), "--config-file", cfg, "--cache-dir", str(cache), target]
        results[f"mypy {name} cold"] = run(cmd, work, env)
        path = work / target  # warm: dependencies cached, the corpus itself changed and re-checked
        path.write_text(path.read_text() + "# touched\n")
        results[f"mypy {name} warm"] = run(cmd, work, env)

    mypy("baseline", env_base, "plain.ini", "c.py")
    mypy("stubs", env_ours, "plain.ini", "c.py")
    mypy("stubs+plugin", env_ours, "plugin.ini", "c.py")
    mypy("numpy", os.environ.copy(), "plain.ini", "n.py")
    if not args.skip_pyright:
        (work / "pyrightconfig.json").write_text('{"typeCheckingMode": "basic"}')
        results["pyright baseline"] = run([str(BIN / "pyright"), "c.py"], work, env_base)
        results["pyright stubs"] = run([str(BIN / "pyright"), "c.py"], work, env_ours)
        results["pyright numpy"] = run([str(BIN / "pyright"), "n.py"], work, os.environ.copy())
    for k, v in results.items():
        print(f"{k:28s} {v:7.2f} s")
    for kind in ("cold", "warm"):
        b = results[f"mypy baseline {kind}"]
        print(f"mypy {kind}: stubs {results[f'mypy stubs {kind}'] / b:.2f}x, "
              f"stubs+plugin {results[f'mypy stubs+plugin {kind}'] / b:.2f}x baseline; numpy/ours "
              f"{results[f'mypy numpy {kind}'] / results[f'mypy stubs+plugin {kind}']:.2f}x")
    if not args.skip_pyright:
        print(f"pyright: stubs {results['pyright stubs'] / results['pyright baseline']:.2f}x baseline; numpy/ours "
              f"{results['pyright numpy'] / results['pyright stubs']:.2f}x")
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
