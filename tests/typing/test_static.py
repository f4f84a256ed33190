"""Static typing: generated files are current; mypy (stubs, and stubs + plugin in all four configurations) and pyright
give, on every operation family x operand pair, the answers of ``arraytyping.op_rules``; those are JAX 0.10.2's
(``tests/data/jax_ops_reference.json``) and the runtime's (abstract evaluation).

Each checker runs once per generated module (not once per case), against a temporary site directory laid out as an
installed wheel would be: ``arraytyping`` next to the stub-only package ``arraytyping-stubs``. The runs start together
at the first test that needs one and share the machine's cores.
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
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
GEN = ROOT / "typecheck_cases" / "generated"
BIN = Path(sys.executable).parent
CONFIGS = {"default": (False, "standard"), "x64": (True, "standard"), "strict": (False, "strict"),
           "strict_x64": (True, "strict")}
REF_CONFIG = {"default": "standard-x32", "x64": "standard-x64", "strict": "strict-x32", "strict_x64": "strict-x64"}

KNOWN_STATIC_DIFFERENCES = {  # (form, op, left, right): the stubs' answer where op_rules rejects
    ("operator", "subtract", "bool_", "py:bool"), ("operator", "subtract", "py:bool", "bool_"),
    ("function", "subtract", "bool_", "py:bool"), ("function", "subtract", "py:bool", "bool_"),
}
KNOWN_STATIC_DIFFERENCES |= {
    (form, op, a, b) for form, op in (("operator", "matmul"), ("function", "matmul"), ("function", "dot"))
    for narrow in ("uint8", "uint16", "int8", "int16")
    for weak in (("w:int", "py:int") if op == "dot" else ("w:int",))
    for a, b in ((narrow, weak), (weak, narrow))
}
"""``Array[bool_] - True``: a checker sees a Python ``bool`` as an ``int`` too, and ``bool_ - 2`` is fine (weak
int). ``Array[int8] @ Array[int]`` (and ``dot`` with a Python int): JAX 0.10.2's ``dot_general`` refuses to compute
in int8 with the weak operand's own int32, but a checker also accepts an ``int`` where a ``float`` is expected, and
``int8 @ <weak float>`` is a weak float, so the stubs answer that. The mypy plugin rejects all of these (tested in
plugin_default.py)."""

KNOWN_RUNTIME_DIFFERENCES: dict[tuple[str, str, str, str], str] = {}
"""(config, op, left, right) -> why: pairs where the runtime has not been aligned with op_rules yet."""


def _site(root: Path) -> Path:
    """The source root: the package, its stub package and the plugin side by side, as a wheel installs them."""
    return ROOT / "src"


def _mypy_run(site: Path, target: Path, tmp: Path, config: str | None) -> dict[int, str]:
    cfg = tmp / f"mypy-{target.stem}.ini"
    text = "[mypy]\ncache_dir = " + str(tmp / f"cache-{target.stem}") + "\n"
    if config is not None:
        x64, mode = CONFIGS[config]
        text += f"plugins = arraytyping_mypy\n[arraytyping-mypy]\nx64 = {str(x64).lower()}\npromotion = {mode}\n"
    cfg.write_text(text)
    proc = subprocess.run([str(BIN / "mypy"), "--config-file", str(cfg), "--no-error-summary", str(target)],
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(site)}, cwd=tmp)
    assert "INTERNAL ERROR" not in proc.stderr + proc.stdout, proc.stderr[-3000:]
    assert proc.returncode in (0, 1), proc.stderr[-3000:]
    errors: dict[int, str] = {}
    for line in proc.stdout.splitlines():
        m = re.match(r".*?\.py:(\d+): error: (.*)", line)
        if m:
            errors.setdefault(int(m.group(1)), m.group(2))
    return errors


def _pyright_run(site: Path, target: Path, tmp: Path) -> dict[int, str]:
    work = tmp / "pyright"
    work.mkdir(exist_ok=True)
    local = work / target.name
    local.write_text(target.read_text())
    (work / "pyrightconfig.json").write_text(json.dumps(
        {"typeCheckingMode": "basic", "reportUnusedExpression": False, "pythonVersion": "3.11"}))
    proc = subprocess.run([str(BIN / "pyright"), "--pythonpath", sys.executable, "--outputjson", str(local)], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(site)}, cwd=work)
    data = json.loads(proc.stdout)
    errors: dict[int, str] = {}
    for d in data["generalDiagnostics"]:
        if d["severity"] == "error":
            errors.setdefault(d["range"]["start"]["line"] + 1, d["message"])
    return errors


@pytest.fixture(scope="session")
def runs(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """Every checker run, started at once (as many at a time as there are cores), keyed by name."""
    tmp = tmp_path_factory.mktemp("checkers")
    site = _site(tmp)
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2))
    jobs = {"pyright": pool.submit(_pyright_run, site, GEN / "pairs_default.py", tmp),
            "mypy": pool.submit(_mypy_run, site, GEN / "pairs_default.py", tmp, None)}
    for config in CONFIGS:
        jobs[f"plugin-{config}"] = pool.submit(_mypy_run, site, GEN / f"plugin_{config}.py", tmp, config)
    yield jobs
    pool.shutdown(wait=True, cancel_futures=True)


def _compare(name: str, path: Path, errors: dict[int, str]) -> int:
    src = path.read_text().splitlines()
    rejected = {i + 1 for i, ln in enumerate(src) if "# rejected:" in ln}
    cases = sum("assert_type(" in ln for ln in src) + len(rejected)
    false_errors = sorted(set(errors) - rejected)
    missed = sorted(rejected - set(errors))
    show = [f"{src[i - 1].strip()}  <- {errors[i][:160]}" for i in false_errors[:20]]
    show += [src[i - 1].strip() for i in missed[:20]]
    assert not false_errors and not missed, (
        f"{name}: {cases} cases, {len(false_errors)} wrong answers or false errors, {len(missed)} rejected "
        f"pairs accepted:\n" + "\n".join(show))
    return cases


@functools.cache
def _cases() -> dict[str, Any]:
    return json.loads((GEN / "cases.json").read_text())  # type: ignore[no-any-return]


def test_generated_files_are_current() -> None:
    for tool in ("gen_stubs.py", "gen_typecheck_cases.py"):
        proc = subprocess.run([sys.executable, str(ROOT / "tools" / tool), "--check"], capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr


def test_mypy_stubs_all_pairs(runs: Any) -> None:
    _compare("mypy (stubs)", GEN / "pairs_default.py", runs["mypy"].result())


def test_pyright_all_pairs(runs: Any) -> None:
    _compare("pyright (stubs)", GEN / "pairs_default.py", runs["pyright"].result())


@pytest.mark.parametrize("config", list(CONFIGS))
def test_mypy_plugin_all_pairs(runs: Any, config: str) -> None:
    errors = runs[f"plugin-{config}"].result()
    _compare(f"mypy plugin ({config})", GEN / f"plugin_{config}.py", errors)
    # Every rejection carries the plugin's own error code, except a Python scalar on the left of an operator: mypy
    # tries int.__add__ first and then Array.__radd__ with errors silenced, and reports its own [operator] error.
    src = (GEN / f"plugin_{config}.py").read_text().splitlines()
    codes = {(m, " op " in src[line - 1] and src[line - 1].split("# rejected:")[1].split()[2].startswith("py:"))
             for line, msg in errors.items() for m in re.findall(r"\[([a-z-]+)\]$", msg)}
    assert {code for code, py_left in codes if not py_left} <= {"dtype-promotion"}, codes
    assert {code for code, _ in codes} <= {"dtype-promotion", "operator"}, codes


def test_stubs_differ_from_op_rules_only_where_documented() -> None:
    """The stubs' answers (what both checkers were just held to) are op_rules' except for the Python-bool case."""
    diffs = {tuple(d[:4]) for d in _cases()["static_differences"]}
    assert diffs == KNOWN_STATIC_DIFFERENCES


def _reference_key(spec: str, x64: bool) -> str:
    if spec.startswith("py:"):
        return spec
    if spec.startswith("w:"):
        kind = {"int": "i", "float": "f", "complex": "c"}[spec[2:]]
        from arraytyping import lattice

        return f"warr:{lattice.default_name(kind, x64)}"
    return "arr:" + ("bool" if spec == "bool_" else spec)


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
    for fam, op, a, b, exact in rows:
        key = f"{_reference_key(a, x64)}|{_reference_key(b, x64)}"
        table = ref[op][REF_CONFIG[config]]
        if key in table:
            compared += 1
            if _static_of(table[key]) != exact:
                mismatches.append((fam, op, a, b, exact, table[key]))
    assert compared == len(rows)  # the reference has every pair (weak arrays as their default dtypes)
    assert not mismatches, f"{len(mismatches)} differ: {mismatches[:20]}"


_OPERATORS = {"add": lambda a, b: a + b, "subtract": lambda a, b: a - b, "true_divide": lambda a, b: a / b,
              "floor_divide": lambda a, b: a // b, "power": lambda a, b: a ** b, "bitwise_and": lambda a, b: a & b,
              "left_shift": lambda a, b: a << b, "less": lambda a, b: a < b, "matmul": lambda a, b: a @ b}


@pytest.mark.parametrize("config", list(CONFIGS))
def test_runtime_agrees_with_op_rules(config: str) -> None:
    """For every family x pair: the runtime's dtype and weak flag (by abstract evaluation, which covers the dtypes
    the CPU backend cannot hold) == the table the checkers were held to. Weak bool counts as ``bool_``."""
    import arraytyping
    from arraytyping import lattice
    from arraytyping._src.runtime.avals import ShapedArray

    x64, mode = CONFIGS[config]
    literals = {"py:bool": True, "py:int": 2, "py:float": 2.0, "py:complex": 2j}

    def operand(spec: str) -> object:
        if spec in literals:
            return literals[spec]
        if spec.startswith("w:"):
            name = lattice.default_name(lattice.KIND[spec[2:]], x64)
            return ShapedArray((2,), arraytyping.dtypes.canonicalize_dtype(name), True)
        return ShapedArray((2,), arraytyping.dtypes.canonicalize_dtype("bool" if spec == "bool_" else spec), False)

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
                            + "\n".join(map(str, mismatches[:40])))


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
