"""Static typing: generated files are current; mypy (stubs alone, and with the plugin in all four configurations),
pyright, pyrefly and ty give, on every operation family x operand pair, the stubs' answers (the plugin: op_rules'),
which differ from ``arraytyping.op_rules`` only in documented, sound ways; op_rules' answers are JAX 0.10.2's
(``tests/data/jax_ops_reference.json``) and the runtime's (abstract evaluation).

Each checker runs once per generated module (not once per case; a fixed sample of its case functions unless
``ARRAYTYPING_FULL_TYPING=1``: see ``SAMPLE_EVERY``), against the source root laid out as an installed wheel is
(see ``checkers.py``). The runs start together at the first test that needs one and share the machine's cores.
"""

from __future__ import annotations

import concurrent.futures
import functools
import json
import os
import re
import subprocess
import sys
import warnings
import zlib
from pathlib import Path
from typing import Any

import pytest

import checkers  # beside this file (pytest puts its folder on the path)

ROOT = Path(__file__).resolve().parents[2]
GEN = ROOT / "typecheck_cases" / "generated"
CONFIGS = {"default": (False, "standard"), "x64": (True, "standard"), "strict": (False, "strict"),
           "strict_x64": (True, "strict")}
REF_CONFIG = {"default": "standard-x32", "x64": "standard-x64", "strict": "strict-x32", "strict_x64": "strict-x64"}
KNOWN_RUNTIME_DIFFERENCES: dict[tuple[str, str, str, str], str] = {}
"""(config, op, left, right) -> why: pairs where the runtime has not been aligned with op_rules yet."""


FULL = os.environ.get("ARRAYTYPING_FULL_TYPING") == "1"
SAMPLE_EVERY = {"pyrefly": 3, "ty": 3, "pyright": 10, "mypy": 9}
"""The suite gives each checker run one case function in ``SAMPLE_EVERY[checker]`` (6 where not listed: the plugin's
configurations) of a generated module: a different, fixed share per checker, so the checkers together cover much
of the table (every function holds one family and one left operand against every right one): pyrefly and ty a
third each (the whole table, 102,000 lines, takes pyrefly 150 CPU s), pyright and mypy, the slow ones, a tenth and
a ninth (CI's 30 minutes). ``ARRAYTYPING_FULL_TYPING=1`` gives them every function. The whole table takes the five
checkers over an hour of CPU, past CI's budget; the stubs' answers on every pair are held to op_rules exhaustively
by :func:`test_stubs_differ_from_op_rules_only_soundly`, which simulates the overloads, and the checker runs hold
the checkers to that simulation."""


MYPY_SLOW_REJECTIONS = True
"""mypy without the plugin takes minutes on a *rejected* function call (``anp.bitwise_and(bool_array,
float4_array)``): on a failed overload resolution it tries the same-dtype overload (``_Same[T]``, an invariant
protocol) at great cost. So does a joining function given a tuple of two arrays' dtypes (``anp.stack((x_bool,
x_f32))``, ``select``'s choices: it joins the two classes solving the one-class overload's type variable, and
mypy joins two scalar classes base by base over their hundreds of promotion-protocol bases: 80 s for
``join(float32, int8)``). The README lists both; the
suite leaves those lines out of mypy's sample (every other checker, and mypy with the plugin, holds them)."""


def _mypy_slow(line: str) -> bool:
    """A case line of :data:`MYPY_SLOW_REJECTIONS`: a rejected function call, or ``stack`` or ``select`` of two
    specs."""
    if "# rejected: fn " in line:
        return True
    m = re.search(r"# (?:fn stack|select) (\S+) (\S+)$", line)
    return m is not None and m.group(1) != m.group(2)


def _sample(path: Path, out: Path, salt: str) -> Path:
    """``path``'s header and its sampled case functions, written to ``out`` (the whole file with ``FULL``)."""
    text = path.read_text()
    if FULL:
        out.write_text(text)
        return out
    header, *functions = re.split(r"(?=^def case_)", text, flags=re.M)
    every = SAMPLE_EVERY.get(salt, 6)
    kept = [f for f in functions if zlib.crc32(f"{salt}:{f.split('(')[0]}".encode()) % every == 0]
    assert kept, path
    if salt == "mypy":  # see MYPY_SLOW_REJECTIONS
        kept = ["".join(line for line in f.splitlines(keepends=True) if not _mypy_slow(line)) for f in kept]
        kept = [f if len(f.split()) > 4 else f"{f.rstrip()}\n    pass\n\n\n" for f in kept]  # a body left
    out.write_text(header + "".join(kept))
    return out


@pytest.fixture(scope="session")
def runs(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """Every checker run, started at once (as many at a time as there are cores), keyed by name: the checked
    module's path and a future of its diagnostics."""
    tmp = tmp_path_factory.mktemp("checkers")
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2))
    jobs = {}
    for name in checkers.NO_PLUGIN:
        module = _sample(GEN / "pairs_default.py", tmp / f"pairs_{name}.py", name)
        jobs[name] = (module, pool.submit(checkers.run, name, module, tmp / name))
    for config, plugin in CONFIGS.items():
        module = _sample(GEN / f"plugin_{config}.py", tmp / f"plugin_{config}.py", config)
        jobs[f"plugin-{config}"] = (module, pool.submit(checkers.run, "mypy-plugin", module, tmp / f"plugin-{config}",
                                                        plugin=plugin))
    yield jobs
    pool.shutdown(wait=True, cancel_futures=True)


def _compare(name: str, path: Path, d: checkers.Diagnostics) -> int:
    src = path.read_text().splitlines()
    rejected = {i + 1 for i, ln in enumerate(src) if "# rejected:" in ln}
    cases = sum("assert_type(" in ln for ln in src) + len(rejected)
    false_errors = sorted(line for line in set(d.errors) - rejected if not checkers.only_shapes_differ(d.errors[line]))
    missed = sorted(rejected - set(d.errors))
    show = [f"{src[i - 1].strip()}  <- {d.errors[i][0][:160]}" for i in false_errors[:20]]
    show += [src[i - 1].strip() for i in missed[:20]]
    assert not false_errors and not missed, (
        f"{name}: {cases} cases, {len(false_errors)} wrong answers or false errors, {len(missed)} rejected "
        f"pairs accepted:\n" + "\n".join(show))
    return cases


@functools.cache
def _cases() -> dict[str, Any]:
    return json.loads((GEN / "cases.json").read_text())  # type: ignore[no-any-return]


def test_generated_files_are_current() -> None:
    proc = subprocess.run([sys.executable, "-m", "arraytyping.cli", "stubs", "--shipped", "--check"],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "gen_typecheck_cases.py"), "--check"],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


@pytest.mark.parametrize("checker", checkers.NO_PLUGIN)
def test_stubs_all_pairs(runs: Any, checker: str) -> None:
    module, job = runs[checker]
    _compare(f"{checker} (stubs)", module, job.result())


@pytest.mark.parametrize("config", list(CONFIGS))
def test_mypy_plugin_all_pairs(runs: Any, config: str) -> None:
    module, job = runs[f"plugin-{config}"]
    d = job.result()
    _compare(f"mypy plugin ({config})", module, d)
    # Every rejection carries the plugin's own error code, except a Python scalar or numpy value on the left of an
    # operator: mypy tries its own operator first, then Array's reflected one with errors silenced, and reports its
    # own [operator] error.
    src = module.read_text().splitlines()
    codes = {(m, " op " in src[line - 1] and src[line - 1].split("# rejected:")[1].split()[2][:3] in ("py:", "np:"))
             for line, msgs in d.errors.items() if not checkers.only_shapes_differ(msgs)
             for m in re.findall(r"\[([a-z-]+)\]$", msgs[0])}
    assert {code for code, left_scalar in codes if not left_scalar} <= {"dtype-promotion"}, codes
    assert {code for code, _ in codes} <= {"dtype-promotion", "operator"}, codes


def _tower_answer(op: str, form: str, a: str, b: str, narrow: str, wide: str) -> str | None:
    """op_rules' answer when the operand ``narrow`` is taken as ``wide`` (what a checker does on Python's numeric
    tower), or None if neither operand is ``narrow``."""
    from arraytyping import lattice
    from arraytyping._src.stubgen import specs

    def spec(text: str) -> specs.Spec:
        kind, _, name = text.partition(":")
        return specs.Spec(kind, name)  # type: ignore[arg-type]

    if narrow not in (a, b):
        return None
    a2, b2 = (wide if a == narrow else a), (wide if b == narrow else b)
    return specs.exact_table(op, lattice.LatticeConfig()).get((spec(a2), spec(b2)))


_TOWER = (("py:bool", "py:int"), ("np:float64", "py:float"), ("np:complex128", "py:complex"),
          ("warr:int", "warr:float"), ("py:int", "py:float"))


def test_stubs_differ_from_op_rules_only_soundly() -> None:
    """Where the stubs' answers (what the checkers were just held to) differ from op_rules', they are sound: never
    another dtype, never an error where op_rules accepts. The differences are: ``Any`` for a weak array with a numpy
    value (no overloads for those), and a refused pair accepted where a checker takes an operand as a wider one on
    Python's numeric tower (``Array[bool_] - True`` as ``- 1``; ``np.float64(1)`` is a ``float``, so ``f8 +
    np.float64(1)`` as ``f8 + 1.0``; ``Array[int8] @ Array[int]`` as ``@ Array[float]``), answering that pair's
    dtype."""
    unexplained = []
    for form, op, a, b, exact, static in _cases()["static_differences"]:
        assert static != exact
        if exact is not None and static is None:
            unexplained.append((form, op, a, b, exact, static, "false error"))
        elif static == "Any":
            if not ({a.split(":")[0], b.split(":")[0]} in ({"warr", "np"}, {"np"}, {"np", "py"})):
                unexplained.append((form, op, a, b, exact, static, "gradual"))
        elif exact is not None:
            unexplained.append((form, op, a, b, exact, static, "wrong"))
        elif not any(_tower_answer(op, form, a, b, narrow, wide) == static for narrow, wide in _TOWER):
            unexplained.append((form, op, a, b, exact, static, "accepted"))
    assert not unexplained, f"{len(unexplained)} differences: {unexplained[:20]}"


def _reference_key(spec: str, x64: bool) -> str | None:
    """The JAX reference's key of an operand spec (weak arrays are recorded as their default dtypes); None for a
    numpy value (the reference has none: op_rules takes one as a strong array of its dtype, checked below)."""
    from arraytyping import lattice

    kind, _, name = spec.partition(":")
    if kind == "py":
        return spec
    if kind == "warr":
        return f"warr:{lattice.default_name(lattice.KIND[name], x64)}"
    return f"arr:{name}" if kind == "arr" else None


def _static_of(answer: str) -> str | None:
    """A reference answer (``float32``, ``int32*``, ``error:TypeError``) as a static class name."""
    from arraytyping import lattice

    if answer.startswith("error:"):
        return None
    name, weak = answer.rstrip("*"), answer.endswith("*")
    if weak and name != "bool":
        return {"i": "int", "u": "int", "f": "float", "c": "complex"}[lattice.KIND[name]]
    return "bool_" if name == "bool" else name


@pytest.mark.parametrize("config", list(CONFIGS))
def test_op_rules_table_is_jax(config: str) -> None:
    """The generated table (op_rules) == JAX 0.10.2's reference, for every family x pair the reference has."""
    ref = json.loads((ROOT / "tests" / "data" / "jax_ops_reference.json").read_text())["ops"]
    x64 = CONFIGS[config][0]
    rows = _cases()["cases"][config]
    compared, mismatches = 0, []
    as_array = {}
    for fam, op, a, b, exact in rows:
        ka, kb = _reference_key(a, x64), _reference_key(b, x64)
        if ka is None or kb is None:
            continue
        as_array[op, a, b] = exact
        compared += 1
        table = ref[op][REF_CONFIG[config]]
        if _static_of(table[f"{ka}|{kb}"]) != exact:
            mismatches.append((fam, op, a, b, exact, table[f"{ka}|{kb}"]))
    assert compared == sum(1 for r in rows if "np:" not in r[2] + r[3])  # the reference has every such pair
    assert not mismatches, f"{len(mismatches)} differ: {mismatches[:20]}"
    # a numpy value is a strongly typed array of its dtype, as in JAX, but where an operation looks at the value
    # (a numpy scalar is 0-d for matmul, and an integer one a concrete power exponent; the runtime test holds those)
    from arraytyping import lattice
    from arraytyping._src.stubgen import specs

    cfg = lattice.LatticeConfig(CONFIGS[config][1], x64)
    numpy_rows = [(op, a, b, exact) for _, op, a, b, exact in rows
                  if "np:" in a + b and not specs.numpy_scalar_sensitive(op, cfg)]
    assert numpy_rows and all(as_array[op, a.replace("np:", "arr:"), b.replace("np:", "arr:")] == exact
                              for op, a, b, exact in numpy_rows)


_OPERATORS = {"add": lambda a, b: a + b, "subtract": lambda a, b: a - b, "true_divide": lambda a, b: a / b,
              "floor_divide": lambda a, b: a // b, "power": lambda a, b: a ** b, "bitwise_and": lambda a, b: a & b,
              "left_shift": lambda a, b: a << b, "less": lambda a, b: a < b, "matmul": lambda a, b: a @ b}


@pytest.mark.parametrize("config", list(CONFIGS))
def test_runtime_agrees_with_op_rules(config: str) -> None:
    """For every family x pair: the runtime's dtype and weak flag (by abstract evaluation, which covers the dtypes
    the CPU backend cannot hold) == the table the checkers were held to. Weak bool counts as ``bool_``."""
    import arraytyping
    from arraytyping import lattice
    from arraytyping._src.core.avals import ShapedArray

    import numpy as np

    x64, mode = CONFIGS[config]
    literals = {"py:bool": True, "py:int": 2, "py:float": 2.0, "py:complex": 2j}

    def operand(spec: str) -> object:
        kind, _, name = spec.partition(":")
        if spec in literals:
            return literals[spec]
        if kind == "np":
            return np.dtype(name).type(1)
        if kind == "warr":
            default = lattice.default_name(lattice.KIND[name], x64)
            return ShapedArray((2,), arraytyping.dtypes.canonicalize_dtype(default), True)
        return ShapedArray((2,), arraytyping.dtypes.canonicalize_dtype(name), False)

    def runtime(op: str, a: str, b: str) -> str | None:
        xa, xb = operand(a), operand(b)
        arrays = [x for x in (xa, xb) if isinstance(x, ShapedArray)]

        def f(*avals: object) -> object:
            it = iter(avals)
            args = [next(it) if isinstance(x, ShapedArray) else x for x in (xa, xb)]
            return _OPERATORS[op](*args)

        try:
            out = arraytyping.eval_shape(f, *arrays)
        except (TypeError, ValueError, arraytyping.TypePromotionError):
            return None
        return _static_of(str(out.dtype) + ("*" if out.weak_type else ""))

    mismatches, known_agree = [], []
    with arraytyping.enable_x64(x64), arraytyping.dtype_promotion(mode):
        for fam, op, a, b, exact in _cases()["cases"][config]:
            got = runtime(op, a, b)
            key = (config, op, a, b)
            if key in KNOWN_RUNTIME_DIFFERENCES:
                if got == exact:
                    known_agree.append(key)
                continue
            if got != exact:
                mismatches.append((fam, op, a, b, exact, got))
    if known_agree:
        warnings.warn(f"{len(known_agree)} known runtime differences now agree; drop them: {known_agree[:10]}",
                      stacklevel=1)
    assert not mismatches, (f"{len(mismatches)} pairs differ (family, op, left, right, op_rules, runtime):\n"
                            + "\n".join(map(str, mismatches[:int(os.environ.get("AT_SHOW", 40))])))


def test_weak_bool_is_bool_for_every_later_operation() -> None:
    """The stubs write a weakly typed bool (``a < b`` of weak operands) as ``bool_``: exact, because no operation
    gives a different dtype for a weak bool operand than for a strong one."""
    from arraytyping import lattice, op_rules

    others = [(n, False) for n in lattice.DTYPE_NAMES] + [(n, True) for n in lattice.WEAK_NAMES]
    for cfg in lattice.ALL_CONFIGS:
        for op in op_rules.BINARY_OPS:
            for other in others:
                for order in (0, 1):
                    answers = set()
                    for weak in (False, True):
                        pair = [("bool", weak), other] if order == 0 else [other, ("bool", weak)]
                        try:
                            name, w = op_rules.binary_result(op, pair, cfg)
                            answers.add((name, w and name != "bool"))
                        except (lattice.TypePromotionError, op_rules.OperandTypeError, op_rules.OperandValueError):
                            answers.add(("error", False))
                    assert len(answers) == 1, (cfg, op, other, order, answers)
