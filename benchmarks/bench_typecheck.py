"""Type-checking cost of the arraytyping stubs (and mypy plugin) on a generated corpus of mixed binary operations.

Compares, on the same ~2,000-line corpus:
  * mypy + plugin + stubs against a baseline stub where ``Array`` is one-signature ``Array[Any]`` (target: <= 1.3x),
    cold (no cache) and warm (dependencies cached, the corpus changed); mypy + stubs alone is shown too;
  * pyright + stubs against the same baseline (target: <= 1.6x);
  * both against numpy's own stubs on the equivalent ndarray corpus (target: >= 4x faster while exact).

Usage: python benchmarks/bench_typecheck.py [--lines 2000] [--reps 3] [--skip-pyright] [--json F] [--check]

Each configuration runs once per repetition, in an order that alternates between repetitions; wall-clock and CPU
times are both reported (CPU time is the steadier one on a loaded machine), as medians and medians of ratios.
Targets (--check) are judged on wall-clock ratios.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import resource
import shutil
import statistics
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


def run(cmd: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """Wall-clock and CPU (user + system, of the child) seconds of one run."""
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - t
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode not in (0, 1) or "INTERNAL ERROR" in proc.stdout + proc.stderr:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{proc.stdout[-2000:]}{proc.stderr[-2000:]}")
    return wall, (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)


TARGETS = {  # (measured, reference): the ratio's bound; "max" ratios are ours/reference, "min" reference/ours
    ("mypy stubs+plugin cold", "mypy baseline cold"): ("max", 1.3),
    ("mypy stubs+plugin warm", "mypy baseline warm"): ("max", 1.3),
    ("pyright stubs", "pyright baseline"): ("max", 1.6),
    ("mypy stubs+plugin cold", "mypy numpy cold"): ("min", 4.0),
    ("mypy stubs+plugin warm", "mypy numpy warm"): ("min", 4.0),
    ("pyright stubs", "pyright numpy"): ("min", 4.0),
}
INFO = {("mypy stubs cold", "mypy baseline cold"): "max", ("mypy stubs warm", "mypy baseline warm"): "max"}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--lines", type=int, default=2000)
    p.add_argument("--reps", type=int, default=3, help="interleaved repetitions (medians are reported)")
    p.add_argument("--skip-pyright", action="store_true")
    p.add_argument("--json", type=Path, help="also write every sample and the medians as JSON")
    p.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    args = p.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench_typecheck_"))
    site = tmp / "site"
    base = tmp / "base"
    site.mkdir()
    (base / "arraytyping").mkdir(parents=True)
    (site / "arraytyping").symlink_to(ROOT / "src" / "arraytyping")
    (site / "arraytyping-stubs").symlink_to(ROOT / "src" / "arraytyping-stubs")
    (site / "arraytyping_mypy").symlink_to(ROOT / "src" / "arraytyping_mypy")
    (base / "arraytyping" / "__init__.pyi").write_text(BASELINE_STUB)
    (base / "arraytyping" / "py.typed").write_text("")
    work = tmp / "work"
    work.mkdir()
    (work / "c.py").write_text(corpus(args.lines, numpy=False))
    (work / "n.py").write_text(corpus(args.lines, numpy=True))
    env_ours = {**os.environ, "PYTHONPATH": str(site)}
    env_base = {**os.environ, "PYTHONPATH": str(base)}
    env_np = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    (work / "plugin.ini").write_text("[mypy]\nplugins = arraytyping_mypy\n")
    (work / "plain.ini").write_text("[mypy]\n")
    (work / "pyrightconfig.json").write_text('{"typeCheckingMode": "basic"}')
    samples: dict[str, list[tuple[float, float]]] = {}
    mypys = [("baseline", env_base, "plain.ini", "c.py"), ("stubs", env_ours, "plain.ini", "c.py"),
             ("stubs+plugin", env_ours, "plugin.ini", "c.py"), ("numpy", env_np, "plain.ini", "n.py")]
    pyrights = [("baseline", env_base, "c.py"), ("stubs", env_ours, "c.py"), ("numpy", env_np, "n.py")]
    for rep in range(args.reps):
        order = mypys if rep % 2 == 0 else mypys[::-1]  # alternate, so drifting load hits every side alike
        for name, env, cfg, target in order:
            cache = tmp / f"cache_{name}"
            shutil.rmtree(cache, ignore_errors=True)
            cmd = [str(BIN / "mypy"), "--config-file", cfg, "--cache-dir", str(cache), target]
            samples.setdefault(f"mypy {name} cold", []).append(run(cmd, work, env))
            path = work / target  # warm: dependencies cached, the corpus itself changed and re-checked
            path.write_text(path.read_text() + f"# touched {rep}\n")
            samples.setdefault(f"mypy {name} warm", []).append(run(cmd, work, env))
        if not args.skip_pyright:
            for name, env, target in (pyrights if rep % 2 == 0 else pyrights[::-1]):
                cmd = [str(BIN / "pyright"), "--pythonpath", sys.executable, target]
                samples.setdefault(f"pyright {name}", []).append(run(cmd, work, env))
    shutil.rmtree(tmp, ignore_errors=True)

    med = {k: (statistics.median(w for w, _ in v), statistics.median(c for _, c in v)) for k, v in samples.items()}
    print(f"{args.lines}-line corpus, {args.reps} interleaved repetitions; medians")
    print(f"{'run':28s} {'wall s':>8s} {'cpu s':>8s}")
    for k, (w, c) in med.items():
        print(f"{k:28s} {w:8.2f} {c:8.2f}")
    print()
    print(f"{'ratio (median of per-repetition ratios)':58s} {'wall':>6s} {'cpu':>6s}  target")
    missed = []
    ratios: dict[str, dict[str, float]] = {}
    for (a, b), kind in [*((k, v[0]) for k, v in TARGETS.items()), *INFO.items()]:
        if a not in samples or b not in samples:
            continue
        rw = statistics.median((x[0] / y[0]) if kind == "max" else (y[0] / x[0]) for x, y in zip(samples[a], samples[b]))
        rc = statistics.median((x[1] / y[1]) if kind == "max" else (y[1] / x[1]) for x, y in zip(samples[a], samples[b]))
        label = f"{a} / {b}" if kind == "max" else f"{b} / {a} (speedup)"
        target = TARGETS.get((a, b))
        mark = ""
        if target is not None:
            ok = rw <= target[1] if kind == "max" else rw >= target[1]
            mark = f"{'<=' if kind == 'max' else '>='} {target[1]} {'ok' if ok else 'MISSED'}"
            if not ok:
                missed.append(label)
        ratios[label] = {"wall": rw, "cpu": rc}
        print(f"{label:58s} {rw:6.2f} {rc:6.2f}  {mark}")
    if args.json:
        args.json.write_text(json.dumps({"lines": args.lines, "reps": args.reps, "samples": samples,
                                         "medians": med, "ratios": ratios}, indent=1))
    return 1 if args.check and missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
