"""Where pyright's time goes on operator expressions: alternative shapes of the ``Array`` operator stubs, timed.

The ``pyright <= 1.6x the one-signature baseline`` target of ``bench_typecheck.py`` is missed by the generated stubs
(~2.5x). This script rebuilds the shapes that decompose the cost, so the finding can be checked on any machine:

  baseline            ``def __add__(self, other: Any) -> Array[Any]`` (bench_typecheck's baseline)
  current             the generated stubs (``src/arraytyping-stubs``): ~24 self-annotated overloads per operator
  desc-trivial        operators as descriptors: ``__get__`` picks a per-dtype callable by solving one type variable
                      against a nominal generic base of the scalar class; the callable has ONE non-generic signature
                      ``(other: Any) -> Array[<dtype>]``. Not exact: the lower bound of any descriptor design.
  desc-unions         the same, the callable exact: overloads on the right operand, concrete dtypes grouped by
                      result as unions, weak scalars after (5 operators, 35 dtypes: what the corpus uses).
  desc-generic        the same, the callable's concrete-operand overload one generic solve against a nominal "join"
                      base of the right operand's scalar class (then the weak overloads).
  desc-full           the generated stubs with every operator and reflected operator turned into such a descriptor
                      (unions, plus the gradual and numpy fallbacks): the full-size design.

Usage: python benchmarks/pyright_stub_shapes.py [--lines 2000] [--reps 5]

Every variant is first checked to give the exact answers on a probe file (except desc-trivial), then timed on
bench_typecheck's corpus, interleaved; medians of wall and CPU seconds, and medians of per-repetition ratios to the
baseline. Findings are in benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(HERE), str(ROOT / "tools")]
import bench_typecheck as B  # noqa: E402
import gen_stubs as G  # noqa: E402

BIN = Path(sys.executable).parent
CFG = G.L.LatticeConfig("standard", False)
OPS = {"add": "add", "mul": "multiply", "sub": "subtract", "truediv": "true_divide", "lt": "less"}
SELFS = [*G.CONCRETE, *G.WEAK]
ABSTRACT = ["class generic: ...", "class number(generic): ...", "class integer(number): ...",
            "class signedinteger(integer): ...", "class unsignedinteger(integer): ...", "class inexact(number): ...",
            "class floating(inexact): ...", "class complexfloating(inexact): ..."]
PROBE = '''from arraytyping import Array, float32, int8, uint8, bool_, bfloat16, float16, float8_e4m3fn
def f(a: Array[float32], b: Array[int8], c: Array[uint8], d: Array[bool_], e: Array[bfloat16], g: Array[float16],
      h: Array[int], z: Array[float8_e4m3fn]) -> None:
    reveal_type(a + b)
    reveal_type(b + c)
    reveal_type(e * g)
    reveal_type(b - 2)
    reveal_type(b + 2.0)
    reveal_type(d < d)
    reveal_type(h * 2.0)
    reveal_type(b / c)
    z + a  # no join: must be an error
'''
WANT = ["Array[float32]", "Array[int16]", "Array[float32]", "Array[int8]", "Array[float]", "Array[bool_]",
        "Array[float]", "Array[float32]"]


def _spec(s: str) -> str:
    return f"w:{s}" if s in G.WEAK else s


def _grouped(op: str, s: str, result: str | None = None, *, arrays_only: bool = False) -> list[tuple[str, str]]:
    """(right operand annotation, result) of ``S op X``: concrete X grouped by result (largest group first), then
    the weak operands in checker order, adjacent ones with one result merged."""
    t = G.exact_table(op, CFG)
    groups: dict[str, list[str]] = {}
    for b in G.CONCRETE:
        r = t[_spec(s), b]
        if r is not None:
            groups.setdefault(result or r, []).append(b)
    items = [(f"Array[{' | '.join(v)}]", r) for r, v in sorted(groups.items(), key=lambda kv: -len(kv[1]))]
    runs: list[tuple[str, list[str]]] = []
    for w in G.WEAK_ORDER:
        r = t.get((_spec(s), w))
        if r is None or (arrays_only and w.startswith("py:")):
            continue
        r = result or r
        if runs and runs[-1][0] == r:
            runs[-1][1].append(w)
        else:
            runs.append((r, [w]))
    return items + [(" | ".join(G.spec_type(w) for w in ws), r) for r, ws in runs]


def _reflected(op: str, s: str, result: str | None = None) -> list[tuple[str, str]]:
    t = G.exact_table(op, CFG)
    runs: list[tuple[str, list[str]]] = []
    for w in G.PYS:
        r = t.get((w, _spec(s)))
        if r is not None:
            r = result or r
            if runs and runs[-1][0] == r:
                runs[-1][1].append(w)
            else:
                runs.append((r, [w]))
    return [(" | ".join(G.spec_type(w) for w in ws), r) for r, ws in runs]


def _callable(name: str, items: list[tuple[str, str]]) -> list[str]:
    out = ["@final", f"class {name}:"]
    for ann, r in items:
        out += ["    @overload" if len(items) > 1 else "", f"    def __call__(self, other: {ann}, /) -> Array[{r}]: ..."]
    return [line for line in out if line]


def _descriptor(key: str, keys: list[str], fallback: str) -> list[str]:
    slot = ", ".join("_OpF" if k == key else "Any" for k in keys)
    out = [f"class _{key}_desc:", "    @overload",
           f"    def __get__(self, obj: Array[_Ops[{slot}]], owner: Any, /) -> _OpF: ..."]
    for w in G.WEAK:
        out += ["    @overload", f"    def __get__(self, obj: Array[{w}], owner: Any, /) -> _{key}_{w}: ..."]
    return out + ["    @overload", f"    def __get__(self, obj: Array[Any], owner: Any, /) -> {fallback}: ...",
                  "    @overload", "    def __get__(self, obj: None, owner: Any, /) -> Self: ..."]


def small_descriptor_stub(stage2: str) -> str:
    """desc-trivial / desc-unions / desc-generic, for the corpus' five operators."""
    keys = list(OPS)
    out = ["from typing import Any, Generic, TypeVar, final, overload", "from typing_extensions import Self",
           "import numpy as np", '_DT_co = TypeVar("_DT_co", covariant=True)', '_OpF = TypeVar("_OpF")',
           '_R = TypeVar("_R", bound="generic | int | float | complex")',  # a _NoJoin base fails the bound
           *(f'_T{i} = TypeVar("_T{i}", covariant=True)' for i in range(len(SELFS))),
           f"class _Ops(Generic[{', '.join(f'_T{i}' for i in range(len(keys)))}]): ...",
           *(f"class _Join_{k}(Generic[{', '.join(f'_T{i}' for i in range(len(SELFS)))}]): ..." for k in keys),
           "class _NoJoin: ...", *ABSTRACT]
    for s in G.CONCRETE:
        base = G._BASE_BY_KIND[G.L.KIND["bool" if s == "bool_" else s]]
        joins = [f"_Join_{k}[{', '.join(G.exact_table(op, CFG)[_spec(a), s] or '_NoJoin' for a in SELFS)}]"
                 for k, op in OPS.items()]
        out.append(f"@final\nclass {s}({base}, _Ops[{', '.join(f'_{k}_{s}' for k in keys)}], {', '.join(joins)}): ...")
    for k, op in OPS.items():
        for i, s in enumerate(SELFS):
            items = _grouped(op, s)
            if stage2 == "trivial":
                items = [("Any", items[0][1])]
            elif stage2 == "generic":
                slot = ", ".join("_R" if j == i else "Any" for j in range(len(SELFS)))
                items = [(f"Array[_Join_{k}[{slot}]]", "_R")] + [it for it in items if not it[0].startswith("Array[")
                                                                  or it[0].startswith(("Array[int]", "Array[float]",
                                                                                       "Array[complex]"))]
            out += _callable(f"_{k}_{s}", items)
        out += _descriptor(k, keys, "Any")
    out += ["class Array(Generic[_DT_co]):", *(f"    __{k}__: _{k}_desc" for k in keys)]
    return "\n".join(out) + "\n"


def full_descriptor_stubs(dest: Path) -> None:
    """desc-full: the generated stubs, Array's operator overloads replaced by descriptors for every operator."""
    m = G.Model(CFG)
    keys: dict[tuple[str, str | None, bool, bool], str] = {}
    attrs: list[tuple[str, str]] = []
    for name, op in G.OPERATORS.items():
        fam, res = m.family_of[op]
        for refl in (False,) if name in G.COMPARISONS else (False, True):
            k = (fam.name, res, refl, op in m.arrays_only)
            keys.setdefault(k, f"{'r' if refl else ''}{fam.name}{'_b' if res else ''}{'_ao' if k[3] else ''}")
            attrs.append((f"__{'r' if refl else ''}{name}__", keys[k]))
    names = list(dict.fromkeys(keys.values()))
    extra: list[str] = []
    for (fname, res, refl, arrays_only), key in keys.items():
        op = next(o for o in [*G.OPERATORS.values()] if m.family_of[o][0].name == fname
                  and m.family_of[o][1] == res and (o in m.arrays_only) == arrays_only)
        for s in SELFS:
            items = (_reflected(op, s, res) if refl else _grouped(op, s, res, arrays_only=arrays_only)
                     + [("Array[_A]", "Any")])
            extra += _callable(f"_{key}_{s}", items + [("_NumpyOperand", "Any")])
        extra += [f"class _{key}_any:", "    def __call__(self, other: Any, /) -> Array[Any]: ..."]
        extra += _descriptor(key, names, f"_{key}_any")
    src = (ROOT / "src" / "arraytyping-stubs" / "__init__.pyi").read_text().split("\n")
    out: list[str] = []
    in_array = False
    for line in src:
        if line.startswith("class Array("):
            in_array = True
            out += [line, *(f"    {a}: _{k}_desc" for a, k in attrs)]
            continue
        if in_array and re.match(r"    (@overload|def __r?\w+__\(self[^)]*, other)", line):
            continue  # the operator overloads (and their decorators) go
        head = re.match(r"class (\w+)\((.*)\):$", line)
        if head and head.group(1) in G.CONCRETE:
            s = head.group(1)
            line = f"class {s}({head.group(2)}, _Ops[{', '.join(f'_{k}_{s}' for k in names)}]):"
        out.append(line)
    text = "\n".join(out)
    at = text.index("# Scalar type classes")
    pre = [*(f'_O{i} = TypeVar("_O{i}", covariant=True)' for i in range(len(names))), '_OpF = TypeVar("_OpF")',
           f"class _Ops(Generic[{', '.join(f'_O{i}' for i in range(len(names)))}]): ..."]
    text = text[:at] + "\n".join(pre) + "\n\n" + text[at:] + "\n" + "\n".join(extra) + "\n"
    shutil.copytree(ROOT / "src" / "arraytyping-stubs", dest / "arraytyping-stubs")
    (dest / "arraytyping-stubs" / "__init__.pyi").write_text(text)


def pyright(site: Path, work: Path, target: str) -> tuple[float, float, str]:
    env = {**os.environ, "PYTHONPATH": str(site)}
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    p = subprocess.run([str(BIN / "pyright"), "--pythonpath", sys.executable, target], cwd=work, env=env,
                       capture_output=True, text=True)
    wall = time.perf_counter() - t
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime), p.stdout


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lines", type=int, default=2000)
    ap.add_argument("--reps", type=int, default=5)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="pyright_shapes_"))
    work = tmp / "work"
    work.mkdir()
    (work / "pyrightconfig.json").write_text('{"typeCheckingMode": "basic"}')
    (work / "c.py").write_text(B.corpus(args.lines, numpy=False))
    (work / "probe.py").write_text(PROBE)
    sites: dict[str, Path] = {}
    for name, text in [("baseline", B.BASELINE_STUB), ("desc-trivial", small_descriptor_stub("trivial")),
                       ("desc-unions", small_descriptor_stub("unions")),
                       ("desc-generic", small_descriptor_stub("generic"))]:
        d = tmp / name / "arraytyping"
        d.mkdir(parents=True)
        (d / "__init__.pyi").write_text(text)
        (d / "py.typed").write_text("")
        sites[name] = d.parent
    sites["current"] = tmp / "current"
    shutil.copytree(ROOT / "src" / "arraytyping-stubs", sites["current"] / "arraytyping-stubs")
    sites["desc-full"] = tmp / "desc-full"
    full_descriptor_stubs(sites["desc-full"])
    for name in ("current", "desc-full"):
        (sites[name] / "arraytyping").symlink_to(ROOT / "src" / "arraytyping")
    order = ["baseline", "current", "desc-trivial", "desc-unions", "desc-generic", "desc-full"]
    for name in order[1:]:
        out = pyright(sites[name], work, "probe.py")[2]
        got = re.findall(r'Type of "[^"]*" is "([^"]*)"', out)
        exact = got == WANT and 'not supported for types "Array[float8_e4m3fn]" and "Array[float32]"' in out
        print(f"{name:14s} probe: {'exact' if exact else 'NOT exact: ' + ', '.join(got)}")
    samples: dict[str, list[tuple[float, float]]] = {n: [] for n in order}
    for rep in range(args.reps):
        for name in order if rep % 2 == 0 else order[::-1]:
            wall, cpu, out = pyright(sites[name], work, "c.py")
            if not re.search(r"^0 errors", out, re.M):
                raise SystemExit(f"{name}: the corpus did not check cleanly:\n{out[-1500:]}")
            samples[name].append((wall, cpu))
    shutil.rmtree(tmp, ignore_errors=True)
    print(f"\n{args.lines}-line corpus, {args.reps} interleaved repetitions; medians")
    print(f"{'variant':14s} {'wall s':>7s} {'cpu s':>7s} {'/baseline wall':>15s} {'cpu':>6s}")
    for name in order:
        w = statistics.median(x for x, _ in samples[name])
        c = statistics.median(y for _, y in samples[name])
        rw = statistics.median(a[0] / b[0] for a, b in zip(samples[name], samples["baseline"]))
        rc = statistics.median(a[1] / b[1] for a, b in zip(samples[name], samples["baseline"]))
        print(f"{name:14s} {w:7.2f} {c:7.2f} {rw:15.2f} {rc:6.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
