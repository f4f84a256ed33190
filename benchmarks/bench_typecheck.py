"""Type-checking cost of the arraytyping stubs (and mypy plugin) in five checkers, against a one-signature stub.

Two corpora:
  * ``realistic``: ``benchmarks/typecheck_corpus/`` (~2,000 lines of model, training and data code: generic helpers,
    mixed precision, ``where``, reductions, numpy on the host, NamedTuples and dataclasses of arrays);
  * ``operators``: a generated function of mixed binary operations (``x_float16 * x_int8``, ``x_uint8 + 2.0``...),
    and the same operations on numpy arrays for numpy's own stubs.

Each checker (mypy with the stubs, mypy with the stubs and the plugin, pyright, pyrefly, ty) checks each corpus
against the real stubs and against a baseline package of the same names where ``Array`` is one-signature
``Array[Any]`` (every operator and method ``(*args: Any) -> Array[Any]``; made from the runtime package's names, so
both sides import the same modules). mypy runs cold (no cache) and warm (dependencies cached, the corpus changed).

A third side, ``dtypes``, is what shapes cost: the same stubs generated with ``Array`` of a dtype alone (no shape
parameter, no shape-keeping overloads), and the plugin with ``shapes = false`` (mypy with the plugin reads the real
stubs on both sides).

Targets (``--check``, on medians of per-repetition wall-clock ratios):
  * ours/baseline, realistic corpus: every checker <= 1.3x;
  * ours/baseline, operators corpus: mypy with the plugin <= 1.3x (cold and warm), pyright <= 2.5x;
  * ours/dtypes (shapes), both corpora: mypy with the plugin <= 1.15x (cold), pyright <= 1.2x.
numpy's own stubs on the operators corpus, and the other ratios, are shown for information.

Usage: python benchmarks/bench_typecheck.py [--reps 3] [--corpus realistic,operators] [--checkers ...]
           [--against baseline,dtypes] [--lines 2000] [--json F] [--check]

Every run is repeated ``--reps`` times, in an order that alternates between repetitions so that drifting machine
load hits both sides alike; wall-clock and CPU times are both reported (CPU time is the steadier on a loaded
machine), as medians and medians of per-repetition ratios.
"""

from __future__ import annotations

import argparse
import inspect
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
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
CORPUS_DIR = ROOT / "benchmarks" / "typecheck_corpus"
DTYPES = ["float32", "float16", "bfloat16", "int8", "int32", "uint8", "bool_"]
NP_DTYPES = ["float32", "float16", "float64", "int8", "int32", "uint8", "bool_"]
OPS = ["+", "*", "-", "/", "<"]
CHECKERS = ("mypy", "mypy+plugin", "pyright", "pyrefly", "ty")
CORPORA = ("realistic", "operators")
REFERENCES = ("baseline", "dtypes")


def baseline_package() -> dict[str, str]:
    """The baseline: the runtime package's public names, ``Array`` with one ``Array[Any]`` signature per member.

    dtype classes keep their hierarchy (annotations such as ``TypeVar("F", bound=floating)`` need classes);
    every ``arraytyping.numpy`` function is ``(*args: Any, **kwargs: Any) -> Array[Any]``; anything else is ``Any``.
    """
    import arraytyping
    import arraytyping.numpy as anp

    head = ["from typing import Any, Generic, TypeVar", "import numpy as np", "",
            "def _np(x: np.ndarray[Any, Any]) -> None: ...  # the same dependency as the real stubs", ""]
    classes = [n for n in arraytyping.__all__ if isinstance(getattr(arraytyping, n), type) and n != "Array"]
    order = sorted(classes, key=lambda n: len(inspect.getmro(getattr(arraytyping, n))))
    root = [*head, '_T = TypeVar("_T", covariant=True)', ""]
    for name in order:
        bases = [b.__name__ for b in getattr(arraytyping, name).__bases__ if b.__name__ in classes]
        root.append(f"class {name}({', '.join(bases) or ('Exception' if name.endswith('Error') else '')}): ...")
    root += ["", "class Array(Generic[_T]):"]
    members = sorted(n for n in vars(arraytyping.Array) if not n.startswith("_") or
                     (n.startswith("__") and n.endswith("__") and callable(getattr(arraytyping.Array, n))
                      and n not in vars(object) and n not in ("__class_getitem__", "__init_subclass__")))
    for n in members:
        if n in ("shape",):
            root.append(f"    {n}: tuple[int, ...]")
        elif n in ("ndim", "size"):
            root.append(f"    {n}: int")
        elif n in ("dtype", "weak_type"):
            root.append(f"    {n}: Any")
        elif n == "T":
            root.append("    T: Array[Any]")
        elif n in ("__bool__",):
            root.append(f"    def {n}(self) -> bool: ...")
        elif n in ("__int__", "__index__", "__len__"):
            root.append(f"    def {n}(self) -> int: ...")
        elif n == "__float__":
            root.append(f"    def {n}(self) -> float: ...")
        elif n == "__complex__":
            root.append(f"    def {n}(self) -> complex: ...")
        elif n not in ("__iter__", "__array__", "__array_priority__", "__slots__"):
            root.append(f"    def {n}(self, *args: Any, **kwargs: Any) -> Array[Any]: ...")
    root += [f"    def {n}(self, other: Any, /) -> Array[Any]: ..." for n in ("__lt__", "__le__", "__gt__", "__ge__")]
    root += [f"    def {n}(self, other: object, /) -> Array[Any]: ...  # type: ignore[override]"
             for n in ("__eq__", "__ne__")]
    root += ["", "def __getattr__(name: str) -> Any: ...", ""]
    numpy = [*head, f"from arraytyping import Array, {', '.join(order)}", ""]
    for n in anp.__all__:
        if n in classes:
            numpy.append(f"{n} = {n}")
        else:
            numpy.append(f"def {n}(*args: Any, **kwargs: Any) -> Array[Any]: ...")
    rest = "from typing import Any\ndef __getattr__(name: str) -> Any: ...\n"
    return {"__init__.pyi": "\n".join(root), "numpy/__init__.pyi": "\n".join(numpy) + "\n",
            "dtypes.pyi": rest, "typing.pyi": rest, "py.typed": ""}


def operators_corpus(lines: int, numpy: bool) -> str:
    rnd = random.Random(0)
    dts = NP_DTYPES if numpy else DTYPES
    head = (["import numpy as np", "from numpy.typing import NDArray", ""] if numpy else
            ["from arraytyping import Array, " + ", ".join(DTYPES), ""])
    ann = (lambda d: f"NDArray[np.{d}]") if numpy else (lambda d: f"Array[{d}]")
    out = head + ["def f(" + ", ".join(f"x_{d}: {ann(d)}" for d in dts) + ") -> None:"]
    for i in range(lines):
        a, b = rnd.choice(dts), rnd.choice(dts)
        rhs = rnd.choice([f"x_{b}", "2", "2.0"])
        out.append(f"    y{i} = x_{a} {rnd.choice(OPS)} {rhs}")
    return "\n".join(out) + "\n"


def run(cmd: Sequence[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """Wall-clock and CPU (user + system, of the child) seconds of one run; a crash stops the benchmark."""
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - t
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode not in (0, 1) or "INTERNAL ERROR" in proc.stdout + proc.stderr:
        raise SystemExit(f"{' '.join(cmd)} failed ({proc.returncode}):\n{proc.stdout[-2000:]}{proc.stderr[-2000:]}")
    return wall, (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)


@dataclass
class Setup:
    """The directories of one benchmark run."""

    tmp: Path
    sites: dict[str, Path] = field(default_factory=dict)  # "ours", "baseline": a directory for the search path
    work: dict[str, Path] = field(default_factory=dict)  # corpus name -> directory holding its files
    files: dict[str, list[str]] = field(default_factory=dict)


def setup(tmp: Path, corpora: Sequence[str], lines: int) -> Setup:
    s = Setup(tmp)
    ours = tmp / "ours"
    ours.mkdir()
    (ours / "arraytyping").symlink_to(ROOT / "src" / "arraytyping")
    (ours / "arraytyping_mypy").symlink_to(ROOT / "src" / "arraytyping_mypy")
    base = tmp / "baseline"
    for rel, text in baseline_package().items():
        (base / "arraytyping" / rel).parent.mkdir(parents=True, exist_ok=True)
        (base / "arraytyping" / rel).write_text(text)
    dtypes = tmp / "dtypes"
    sys.path.insert(0, str(ROOT / "src"))
    from arraytyping._src.stubgen import generate, package_copy

    for rel, text in package_copy(generate(shapes=False)).items():
        (dtypes / "arraytyping" / rel).parent.mkdir(parents=True, exist_ok=True)
        (dtypes / "arraytyping" / rel).write_text(text)
    s.sites = {"ours": ours, "baseline": base, "dtypes": dtypes}
    for name in corpora:
        work = tmp / name
        work.mkdir()
        if name == "realistic":
            for f in sorted(CORPUS_DIR.glob("*.py")):
                shutil.copy(f, work / f.name)
            s.files[name] = sorted(f.name for f in work.glob("*.py"))
        else:
            (work / "c.py").write_text(operators_corpus(lines, numpy=False))
            (work / "n.py").write_text(operators_corpus(lines, numpy=True))
            s.files[name] = ["c.py"]
            s.files["numpy"] = ["n.py"]
        (work / "plugin.ini").write_text("[mypy]\nplugins = arraytyping_mypy\n")
        (work / "plugin-dtypes.ini").write_text("[mypy]\nplugins = arraytyping_mypy\n[arraytyping-mypy]\nshapes = false\n")
        (work / "plain.ini").write_text("[mypy]\n")
        (work / "pyrightconfig.json").write_text('{"typeCheckingMode": "basic"}')
        s.work[name] = work
    return s


def command(checker: str, side: str, site: Path | None, work: Path, files: list[str], cache: Path) -> list[str]:
    """One checker's command line on ``files`` with ``site`` first on its search path (None: numpy's stubs only)."""
    if checker.startswith("mypy"):
        # the baseline has no plugin to run: mypy with the plugin is compared with mypy on the baseline; on the
        # dtypes side, with the plugin's shapes off
        cfg = "plain.ini"
        if checker == "mypy+plugin" and side in ("ours", "dtypes"):
            cfg = "plugin.ini" if side == "ours" else "plugin-dtypes.ini"
        return [str(BIN / "mypy"), "--config-file", cfg, "--cache-dir", str(cache), *files]
    if checker == "pyright":
        return [str(BIN / "pyright"), "--pythonpath", sys.executable, *files]
    extra = [] if site is None else [str(site)]
    if checker == "pyrefly":
        # --preset default: without a configuration file pyrefly's "basic" preset skips return and assignment checks
        return [str(BIN / "pyrefly"), "check", "--preset", "default", "--python-interpreter-path", sys.executable,
                *(a for p in [str(work), *extra] for a in ("--search-path", p)), *files]
    if checker == "ty":
        return [str(BIN / "ty"), "check", "--python", str(Path(sys.executable).parent.parent),
                *(a for p in extra for a in ("--extra-search-path", p)), *files]
    raise ValueError(checker)


def env_for(site: Path | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if site is not None:
        env["PYTHONPATH"] = str(site)
    return env


TARGETS: dict[str, float] = {  # "corpus: checker ours / baseline" -> the bound of the wall-clock ratio
    **{f"realistic: {c} / baseline": 1.3 for c in ("mypy cold", "mypy+plugin cold", "pyright", "pyrefly", "ty")},
    "operators: mypy+plugin cold / baseline": 1.3,
    "operators: mypy+plugin warm / baseline": 1.3,
    "operators: pyright / baseline": 2.5,
    **{f"{c}: mypy+plugin cold / dtypes": 1.15 for c in CORPORA},
    **{f"{c}: pyright / dtypes": 1.2 for c in CORPORA},
}


def measure(s: Setup, corpora: Sequence[str], checkers: Sequence[str], reps: int,
            against: Sequence[str] = REFERENCES) -> dict[str, list[tuple[float, float]]]:
    samples: dict[str, list[tuple[float, float]]] = {}
    runs: list[tuple[str, str, str, str]] = []  # (corpus, checker, side, files key)
    for corpus in corpora:
        for checker in checkers:
            runs += [(corpus, checker, side, corpus) for side in ("ours", *against)]
            if corpus == "operators" and checker in ("mypy", "pyright") and "baseline" in against:
                runs.append((corpus, checker, "numpy", "numpy"))
    for rep in range(reps):
        for corpus, checker, side, key in (runs if rep % 2 == 0 else runs[::-1]):
            work = s.work[corpus]
            # mypy with the plugin reads the real stubs on the dtypes side too (the plugin reads the shape parameter)
            site = s.sites.get("ours" if side == "dtypes" and checker == "mypy+plugin" else side)
            cache = s.tmp / f"cache_{corpus}_{checker}_{side}"
            shutil.rmtree(cache, ignore_errors=True)
            cmd = command(checker, side, site, work, s.files[key], cache)
            label = f"{corpus}: {checker}" + (" cold" if checker.startswith("mypy") else "")
            samples.setdefault(f"{label} [{side}]", []).append(run(cmd, work, env_for(site)))
            if checker.startswith("mypy"):  # warm: dependencies cached, one corpus file changed and re-checked
                path = work / s.files[key][0]
                path.write_text(path.read_text() + f"# touched {rep}\n")
                samples.setdefault(f"{corpus}: {checker} warm [{side}]", []).append(
                    run(cmd, work, env_for(site)))
    return samples


def ratios(samples: dict[str, list[tuple[float, float]]]) -> dict[str, dict[str, float]]:
    """ours / baseline (and numpy / ours, a speedup) per run, as medians of per-repetition ratios."""
    out: dict[str, dict[str, float]] = {}
    for key in samples:
        if not key.endswith(" [ours]"):
            continue
        run_name = key.removesuffix(" [ours]")
        for other, label, flip in ((f"{run_name} [baseline]", f"{run_name} / baseline", False),
                                   (f"{run_name} [dtypes]", f"{run_name} / dtypes", False),
                                   (f"{run_name} [numpy]", f"{run_name}: numpy's stubs / ours (speedup)", True)):
            if other not in samples:
                continue
            pairs = list(zip(samples[key], samples[other]))
            out[label] = {what: statistics.median((b[i] / a[i]) if flip else (a[i] / b[i]) for a, b in pairs)
                          for i, what in ((0, "wall"), (1, "cpu"))}
    return out


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--reps", type=int, default=3, help="interleaved repetitions (medians are reported)")
    p.add_argument("--corpus", default=",".join(CORPORA), help=f"comma-separated, from {', '.join(CORPORA)}")
    p.add_argument("--checkers", default=",".join(CHECKERS), help=f"comma-separated, from {', '.join(CHECKERS)}")
    p.add_argument("--lines", type=int, default=2000, help="lines of the operators corpus")
    p.add_argument("--against", default=",".join(REFERENCES),
                   help="comma-separated references: baseline (one-signature Array[Any]), dtypes (no shapes)")
    p.add_argument("--json", type=Path, help="also write every sample, the medians and the ratios as JSON")
    p.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    args = p.parse_args(argv)
    corpora = [c for c in args.corpus.split(",") if c]
    checkers = [c for c in args.checkers.split(",") if c]
    against = [c for c in args.against.split(",") if c]
    for name, given, known in (("corpus", corpora, CORPORA), ("checker", checkers, CHECKERS),
                               ("reference", against, REFERENCES)):
        bad = [g for g in given if g not in known]
        if bad or not given:
            p.error(f"unknown {name} {', '.join(bad) or '(none given)'}; choose from {', '.join(known)}")
    for c in checkers:
        exe = "mypy" if c.startswith("mypy") else c
        if not (BIN / exe).exists():
            p.error(f"{exe} is not installed beside this python ({BIN}); install the dev extra")
    tmp = Path(tempfile.mkdtemp(prefix="bench_typecheck_"))
    try:
        s = setup(tmp, corpora, args.lines)
        lines = {c: sum(len((s.work[c] / f).read_text().splitlines()) for f in s.files[c]) for c in corpora}
        samples = measure(s, corpora, checkers, args.reps, against)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    med = {k: (statistics.median(w for w, _ in v), statistics.median(c for _, c in v)) for k, v in samples.items()}
    print(", ".join(f"{c}: {n} lines" for c, n in lines.items()) + f"; {args.reps} interleaved repetitions; medians")
    print(f"{'run':48s} {'wall s':>8s} {'cpu s':>8s}")
    for k, (w, c) in med.items():
        print(f"{k:48s} {w:8.2f} {c:8.2f}")
    print()
    print(f"{'ratio (median of per-repetition ratios)':58s} {'wall':>6s} {'cpu':>6s}  target")
    missed = []
    rs = ratios(samples)
    for label, r in rs.items():
        target = TARGETS.get(label)
        mark = ""
        if target is not None:
            ok = r["wall"] <= target
            mark = f"<= {target} {'ok' if ok else 'MISSED'}"
            if not ok:
                missed.append(label)
        print(f"{label:58s} {r['wall']:6.2f} {r['cpu']:6.2f}  {mark}")
    if args.json:
        args.json.write_text(json.dumps({"lines": lines, "reps": args.reps, "samples": samples, "medians": med,
                                         "ratios": rs, "targets": TARGETS, "missed": missed}, indent=1))
    return 1 if args.check and missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
