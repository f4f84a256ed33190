"""Each binary operation's result dtype and weak flag, held to JAX 0.10.2 for every operand pair and config."""

from __future__ import annotations

import functools
import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from arraytyping import lattice, op_rules
from reference import CONFIG_KEYS

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "jax_ops_reference.json"
PY = {"int": ("int", True), "float": ("float", True), "complex": ("complex", True), "bool": ("bool", False)}


@functools.cache
def load() -> dict[str, Any]:
    return json.loads(DATA.read_text())  # type: ignore[no-any-return]


def _generator() -> Any:
    spec = importlib.util.spec_from_file_location("jax_ops_reference", ROOT / "tools" / "jax_ops_reference.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def ours(op: str, key: str, cfg: lattice.LatticeConfig) -> str:
    specs = key.split("|")
    operands = []
    for spec in specs:
        kind, _, name = spec.partition(":")
        operands.append(PY[name] if kind == "py" else (lattice.canonical_name(name, cfg.x64), kind == "warr"))
    try:
        name, weak = op_rules.binary_result(op, operands, cfg, python_scalars=[s.startswith("py:") for s in specs])
    except lattice.TypePromotionError:
        return "error:TypePromotionError"
    except op_rules.OperandTypeError:
        return "error:TypeError"
    except op_rules.OperandValueError:
        return "error:ValueError"
    return name + ("*" if weak else "")


@pytest.mark.parametrize("config_key", sorted(CONFIG_KEYS))
@pytest.mark.parametrize("op", _generator().OPS)
def test_agrees_with_jax_for_every_pair(op: str, config_key: str) -> None:
    table: dict[str, str] = load()["ops"][op][config_key]
    cfg = CONFIG_KEYS[config_key]
    mismatches = [f"{k}: JAX {v}, ours {ours(op, k, cfg)}" for k, v in table.items() if ours(op, k, cfg) != v]
    assert not mismatches, f"{len(mismatches)}/{len(table)} differ:\n" + "\n".join(mismatches[:30])


def test_reference_is_complete_for_its_generator() -> None:
    gen = _generator()
    data = load()
    assert data["versions"]["jax"] == "0.10.2"
    assert set(data["ops"]) == set(gen.OPS)
    for op in gen.OPS:
        for config_key in CONFIG_KEYS:
            assert set(data["ops"][op][config_key]) == set(gen.keys()), (op, config_key)


def test_every_family_is_covered_by_the_reference() -> None:
    covered = {op_rules.FAMILY[op] for op in _generator().OPS}
    assert covered == set(op_rules.FAMILY.values())


def test_unknown_operation_is_named() -> None:
    with pytest.raises(ValueError, match="unknown binary operation 'ldexp'"):  # hypot has a rule now
        op_rules.binary_result("ldexp", [("float32", False), ("float32", False)])


def test_module_imports_only_the_standard_library() -> None:
    # arraytyping/__init__ imports numpy; load the three pure modules without the package's __init__.
    code = ("import importlib.util, sys, types; pkg = types.ModuleType('arraytyping'); pkg.__path__ = [%r]; "
            "sys.modules['arraytyping'] = pkg; import arraytyping.lattice, arraytyping.op_rules, "
            "arraytyping.shape_rules; "
            "bad = sorted(k for k in sys.modules if k.split('.')[0] in {'numpy', 'ml_dtypes', 'jaxlib'}); "
            "assert not bad, bad; print('ok')") % str(ROOT / "src" / "arraytyping")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr


def test_dot_general_ranks_use_the_real_float_formats() -> None:
    """op_rules ranks dot_general operand types by (maxexp, nmant, bits) tables kept in the module (standard library
    only): they must be what ml_dtypes/numpy report."""
    import ml_dtypes
    import numpy as np

    for name, (maxexp, nmant, bits) in op_rules._FLOAT_FORMAT.items():
        info = ml_dtypes.finfo(getattr(ml_dtypes, name) if hasattr(ml_dtypes, name) else np.dtype(name))
        assert (info.maxexp, info.nmant, info.bits) == (maxexp, nmant, bits), name
    assert {n for n in lattice.DTYPE_NAMES if lattice.KIND[n] == "f"} == set(op_rules._FLOAT_FORMAT)


def test_matmul_rejects_python_scalars_and_dot_takes_them() -> None:
    cfg = lattice.LatticeConfig()
    with pytest.raises(op_rules.OperandValueError, match="0-d"):
        op_rules.binary_result("matmul", [("float32", False), ("float", True)], cfg, python_scalars=[False, True])
    assert op_rules.binary_result("dot", [("float32", False), ("float", True)], cfg,
                                  python_scalars=[False, True]) == ("float32", False)
    # all weak: dtypes.result_type's default dtype of the kind, not the join (bfloat16)
    assert op_rules.binary_result("matmul", [("bfloat16", True), ("bfloat16", True)], cfg) == ("float32", True)
    with pytest.raises(op_rules.OperandTypeError, match="narrower"):
        op_rules.binary_result("matmul", [("int8", False), ("int32", True)], cfg)


REDUCTIONS_DATA = ROOT / "tests" / "data" / "jax_reductions_reference.json"


@pytest.mark.parametrize("fn", op_rules.REDUCTIONS)
def test_reduction_result_matches_jax_for_every_operand_and_dtype(fn: str) -> None:
    """``op_rules.reduction_result`` against JAX for every strong and weak operand and every ``dtype`` spelling."""
    data = json.loads(REDUCTIONS_DATA.read_text())["functions"][fn]
    wrong = []
    for config_key, table in data.items():
        mode, x64 = config_key.split("-")
        cfg = lattice.LatticeConfig(mode, x64 == "x64")  # type: ignore[arg-type]
        for key, want in table.items():
            spec, darg = key.split("|")
            kind, _, name = spec.partition(":")
            dk, _, dn = darg.partition(":")
            dtype = None if dk == "none" else dn  # a name, or the Python type's weak node ("bool" is bool either way)
            try:
                rname, weak = op_rules.reduction_result(fn, (name, kind == "warr"), dtype, cfg)
                got = rname + ("*" if weak else "")
            except op_rules.OperandValueError:
                got = "error:ValueError"
            except op_rules.OperandTypeError:
                got = "error:TypeError"
            if got != want:
                wrong.append(f"{config_key} {key}: JAX {want}, op_rules {got}")
    assert not wrong, "\n".join(wrong[:20])


def test_reduction_result_bad_input_names_it() -> None:
    with pytest.raises(ValueError, match="unknown reduction 'histogram'"):  # median and quantile have rules now
        op_rules.reduction_result("histogram", ("float32", False))
    with pytest.raises(ValueError, match="needs a dtype argument"):
        op_rules.reduction_result("sum", None)
    assert op_rules.reduction_result("mean", None, "float16") == ("float16", False)


@pytest.mark.parametrize("fn", sorted(op_rules.UNARY))
def test_unary_static_result_is_the_answer_of_every_rank_or_gradual(fn: str) -> None:
    """What a checker may answer for a one-operand function without the operand's rank (nor ``round``'s
    ``decimals``, ``angle``'s ``deg``): the answer every rank and setting that computes gives, ``None`` where they
    differ, the error where all raise; never the answer of one rank alone where another differs."""
    operands = [(n, False) for n in lattice.DTYPE_NAMES] + [(lattice.default_name(lattice.KIND[w], x64), True)
                                                            for w in lattice.WEAK_NAMES for x64 in (False, True)]
    settings: list[dict[str, Any]] = {"round": [{"decimals": d} for d in (0, 3, -2)],
                                      "angle": [{"deg": False}, {"deg": True}]}.get(fn, [{}])
    gradual = 0
    for cfg in (lattice.LatticeConfig(mode, x64) for mode in ("standard", "strict") for x64 in (False, True)):
        for operand in operands:
            answers: set[tuple[str, bool]] = set()
            for options in settings:
                for rank0 in (True, False):
                    try:
                        answers.add(op_rules.unary_result(fn, operand, cfg, rank0=rank0, **options))
                    except Exception:  # noqa: BLE001, S112 - a refusal: the answer may miss it
                        continue
            try:
                static: object = op_rules.unary_static_result(fn, operand, cfg)
            except Exception as e:  # noqa: BLE001
                static = e
            if not answers:
                assert isinstance(static, Exception), (fn, operand, cfg, static)
            elif len(answers) == 1:
                assert static == next(iter(answers)), (fn, operand, cfg, answers, static)
            else:
                assert static is None, (fn, operand, cfg, answers, static)
                gradual += 1
    if fn not in op_rules.UNARY_PARAMETERIZED:
        assert (gradual == 0) == op_rules.unary_is_static(fn)


def test_unary_static_result_of_deg2rad_and_round() -> None:
    cfg = lattice.LatticeConfig()
    assert op_rules.unary_static_result("deg2rad", ("bfloat16", False), cfg) == ("bfloat16", False)
    assert op_rules.unary_static_result("deg2rad", ("int8", False), cfg) == ("float32", False)
    assert op_rules.unary_static_result("deg2rad", ("float32", True), cfg) is None  # weak at rank 0 alone
    assert op_rules.unary_static_result("round", ("bfloat16", False), cfg) == ("bfloat16", False)
    assert op_rules.unary_static_result("round", ("int8", False), cfg) == ("int8", False)  # decimals < 0 raises
    assert op_rules.unary_static_result("round", ("float32", True), cfg) is None  # decimals != 0: rank decides
    assert op_rules.unary_static_result("round", ("float32", True), cfg, given={"decimals": 0}) == ("float32", True)
    with pytest.raises(op_rules.OperandValueError):
        op_rules.unary_static_result("round", ("bool", False), cfg)


def test_contraction_static_result_of_inner_and_cross() -> None:
    """``inner`` of a 0-d operand multiplies (``dot`` refuses a uint1 array with a Python int: int32 is wider);
    ``cross`` keeps a weak join weak for 2-vectors alone; the others are ``contraction_result``'s."""
    cfg = lattice.LatticeConfig()
    with pytest.raises(op_rules.OperandTypeError):
        op_rules.contraction_result("inner", [("uint1", False), ("int", True)], cfg)
    assert op_rules.contraction_static_result("inner", [("uint1", False), ("int", True)], cfg) == ("uint1", False)
    assert op_rules.contraction_result("cross", [("int8", False), ("float", True)], cfg) == ("float32", True)
    assert op_rules.contraction_static_result("cross", [("int8", False), ("float", True)], cfg) is None
    assert op_rules.contraction_static_result("cross", [("int8", False), ("bfloat16", False)], cfg) == \
        ("bfloat16", False)
    assert op_rules.contraction_static_result("einsum", [("int", True), ("float", True)], cfg) == ("float32", True)
    with pytest.raises(op_rules.OperandTypeError):
        op_rules.contraction_static_result("kron", [("bool", False), ("bool", False)], cfg)


def test_argsort_dtype_is_a_lax_iota_of_it() -> None:
    """``argsort(x, dtype=d)``: indices of ``d`` (JAX 0.10.2 makes them with ``lax.iota``, which refuses bool)."""
    cfg = lattice.LatticeConfig()
    assert op_rules.shape_result("argsort", [("float32", False)], cfg) == ("int32", False)
    assert op_rules.shape_result("argsort", [("float32", False)], cfg, "int16") == ("int16", False)
    assert op_rules.shape_result("argsort", [("float32", False)], cfg, "float") == ("float32", False)
    with pytest.raises(op_rules.OperandTypeError):
        op_rules.shape_result("argsort", [("float32", False)], cfg, "bool")
