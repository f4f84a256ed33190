"""``arraytyping.op_rules.lax_unary_result`` (what the stubs and the plugin answer for ``lax.rsqrt``, ``lax.erf``...)
against JAX 0.10.2 (``tests/data/jax_lax_reference.json``, written by ``tools/jax_api_ext_reference.py``): the dtype,
weak flag or error class of every one-operand ``lax`` function the rule covers, over every dtype, strong and weak,
in every configuration the reference holds."""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from api_ext_reference import configured, load, mismatch  # noqa: E402

_CASE = re.compile(r"eval_shape\(lambda x: lax\.(\w+)\(x\), S\('(\w+)', \([\d, ]*\)(, True)?\)\)")


@pytest.mark.parametrize("config", sorted(load("lax")))
def test_lax_unary_result_is_jaxs(config: str) -> None:
    import arraytyping as at
    from arraytyping import op_rules

    with configured(config):
        cfg = at.config.lattice_config
    table = load("lax")[config]
    wrong: list[str] = []
    seen: set[str] = set()
    for expr, want in table.items():
        m = _CASE.fullmatch(expr)
        if m is None or m.group(1) not in op_rules.LAX_UNARY_KINDS:
            continue
        fn, dtype, weak = m.group(1), m.group(2), m.group(3) is not None
        seen.add(fn)
        try:
            name, w = op_rules.lax_unary_result(fn, (dtype, weak), cfg)
            got: dict[str, object] = {"dtype": name, "weak": w}
        except TypeError as e:
            got = {"error": type(e).__name__, "classes": [c.__name__ for c in type(e).__mro__]}
        want = {k: v for k, v in want.items() if k in ("dtype", "weak", "error")}
        why = mismatch(want, got)
        if why:
            wrong.append(f"{expr}: {why}")
    assert seen == {"rsqrt", "erf", "erf_inv", "lgamma", "digamma"}  # the ones the reference covers
    assert not wrong, "\n".join(wrong)


def test_python_scalars_are_weak_arrays_of_their_kind() -> None:
    from arraytyping import op_rules

    assert op_rules.lax_unary_result("erf", ("float", True)) == ("float32", True)
    assert op_rules.lax_unary_result("rsqrt", ("complex", True)) == ("complex64", True)
    with pytest.raises(TypeError, match="erf does not accept dtype int32"):
        op_rules.lax_unary_result("erf", ("int", True))
    with pytest.raises(ValueError, match="unknown jax.lax function"):
        op_rules.lax_unary_result("exp", ("float32", False))


_POW_CASE = re.compile(r"eval_shape\(lambda x: lax\.integer_pow\(x, (-?\d+)\), S\('(\w+)', \([\d, ]*\)(, True)?\)\)")


@pytest.mark.parametrize("config", sorted(load("lax")))
def test_integer_pow_result_is_jaxs(config: str) -> None:
    """``op_rules.integer_pow_result`` for every dtype, strong and weak, and every power the reference holds
    (negative, zero, positive): the dtype and weak flag, or JAX's error class."""
    import arraytyping as at
    from arraytyping import op_rules

    with configured(config):
        cfg = at.config.lattice_config
    wrong: list[str] = []
    powers: set[int] = set()
    for expr, want in load("lax")[config].items():
        m = _POW_CASE.fullmatch(expr)
        if m is None:
            continue
        y, dtype, weak = int(m.group(1)), m.group(2), m.group(3) is not None
        powers.add(y)
        try:
            name, w = op_rules.integer_pow_result((dtype, weak), y, cfg)
            got: dict[str, object] = {"dtype": name, "weak": w}
        except TypeError as e:
            got = {"error": type(e).__name__, "classes": [c.__name__ for c in type(e).__mro__]}
        why = mismatch({k: v for k, v in want.items() if k in ("dtype", "weak", "error")}, got)
        if why:
            wrong.append(f"{expr}: {why}")
    assert powers == {-2, 0, 3}
    assert not wrong, "\n".join(wrong)


def test_integer_pow_of_a_python_scalar_and_a_negative_integer_power() -> None:
    from arraytyping import op_rules

    assert op_rules.integer_pow_result(("int", True), 2) == ("int32", True)
    assert op_rules.integer_pow_result(("float", True), -1) == ("float32", True)
    with pytest.raises(TypeError, match=r"integer_pow of an integer array \(int8\) to a negative power \(-1\)"):
        op_rules.integer_pow_result(("int8", False), -1)
    with pytest.raises(TypeError):
        op_rules.integer_pow_result(("bool", False), 2)


def _operand(node: ast.expr, params: dict[str, tuple[str, bool]]) -> tuple[str, bool]:
    """A reference call's argument as a rule's operand: an abstract array ``S(dtype, shape[, weak])`` bound to a
    lambda parameter, or a Python scalar literal (a weak node; ``True`` is a strong bool, as JAX takes it)."""
    if isinstance(node, ast.Name):
        return params[node.id]
    assert isinstance(node, ast.Constant), ast.unparse(node)
    value = node.value
    if isinstance(value, bool):
        return "bool", False
    return {int: "int", float: "float", complex: "complex"}[type(value)], True


def _lax_calls(config: str, fns: Iterable[str]) -> Iterator[tuple[str, str, list[ast.expr], dict[str, tuple[str, bool]],
                                                                   dict[str, Any]]]:
    """Every reference case ``eval_shape(lambda ...: lax.<fn>(...), S(...)...)`` of one of ``fns``: the expression,
    the function, its arguments, the lambda's parameters as operands, and JAX's answer."""
    for expr, want in load("lax")[config].items():
        if not expr.startswith("eval_shape(lambda"):
            continue
        call = ast.parse(expr, mode="eval").body
        assert isinstance(call, ast.Call)
        fn_node, *abstract = call.args
        if not isinstance(fn_node, ast.Lambda) or not isinstance(fn_node.body, ast.Call):
            continue
        body = fn_node.body
        if not (isinstance(body.func, ast.Attribute) and ast.unparse(body.func.value) == "lax"
                and body.func.attr in fns):
            continue
        params: dict[str, tuple[str, bool]] = {}
        for p, s in zip(fn_node.args.args, abstract):
            assert isinstance(s, ast.Call)
            dtype = ast.literal_eval(s.args[0])
            params[p.arg] = (dtype, len(s.args) > 2 and ast.literal_eval(s.args[2]) is True)
        yield expr, body.func.attr, body.args, params, want


def _answer(run: Callable[[], object]) -> dict[str, object]:
    try:
        out = run()
    except TypeError as e:
        return {"error": type(e).__name__, "classes": [c.__name__ for c in type(e).__mro__]}
    if isinstance(out, tuple):
        return {"dtype": out[0], "weak": out[1]}
    return {"dtype": out, "weak": False}


@pytest.mark.parametrize("config", sorted(load("lax")))
def test_lax_same_result_is_jaxs(config: str) -> None:
    """``op_rules.lax_same_result`` (``lax.add``, ``mul``, ``max``, ``min``, ``clamp``) for every pair of operands
    the reference holds (every strong dtype of a sample, weak arrays, Python scalars on either side): JAX's dtype
    and weak flag, or its error class."""
    import arraytyping as at
    from arraytyping import op_rules

    with configured(config):
        cfg = at.config.lattice_config
    wrong: list[str] = []
    counts: dict[str, int] = {}
    for expr, fn, args, params, want in _lax_calls(config, op_rules.LAX_SAME_KINDS):
        operands = [_operand(a, params) for a in args]
        counts[fn] = counts.get(fn, 0) + 1
        if fn == "clamp" and isinstance(args[1], ast.Constant) and isinstance(args[0], ast.Name):
            assert "error" in want  # a (2, 3) bound of a scalar: JAX refuses the shapes, not the dtypes
            continue
        why = mismatch({k: v for k, v in want.items() if k in ("dtype", "weak", "error")},
                       _answer(lambda: op_rules.lax_same_result(fn, operands, cfg)))
        if why:
            wrong.append(f"{expr}: {why}")
    assert counts == {fn: 256 for fn in op_rules.LAX_SAME_KINDS}, counts
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("config", sorted(load("lax")))
def test_lax_dtype_result_is_jaxs(config: str) -> None:
    """``op_rules.lax_dtype_result`` (``lax.convert_element_type`` to 5 dtypes from every operand, ``lax.iota`` of
    every dtype and Python type): JAX's dtype, strongly typed, or its error class."""
    import arraytyping as at
    from arraytyping import op_rules

    with configured(config):
        cfg = at.config.lattice_config
    wrong: list[str] = []
    counts: dict[str, int] = {}
    for expr, fn, args, _, want in _lax_calls(config, op_rules.LAX_DTYPE_GIVEN):
        given = args[1] if fn == "convert_element_type" else args[0]
        node = given.id if isinstance(given, ast.Name) else ast.literal_eval(given)
        counts[fn] = counts.get(fn, 0) + 1
        why = mismatch({k: v for k, v in want.items() if k in ("dtype", "weak", "error")},
                       _answer(lambda: op_rules.lax_dtype_result(
                           fn, node, cfg, python_complex=fn == "convert_element_type" and ast.unparse(args[0]) == "2j")))
        if why:
            wrong.append(f"{expr}: {why}")
    assert counts["iota"] >= 25 and counts["convert_element_type"] >= 5 * 40, counts
    assert not wrong, "\n".join(wrong)


def test_lax_same_result_refuses_by_position_and_by_dtype() -> None:
    from arraytyping import op_rules
    from arraytyping.lattice import LatticeConfig

    assert op_rules.lax_same_result("add", [("float32", False), ("float", True)]) == ("float32", False)
    assert op_rules.lax_same_result("max", [("float", True), ("float", True)]) == ("float32", True)
    assert op_rules.lax_same_result("clamp", [("int", True), ("int32", False), ("int", True)]) == ("int32", False)
    with pytest.raises(TypeError, match="lax.clamp requires arguments to have the same dtypes, got int32, int8"):
        op_rules.lax_same_result("clamp", [("int", True), ("int8", False), ("int", True)])
    with pytest.raises(TypeError, match="requires arguments to have the same dtypes, got float32, float64"):
        op_rules.lax_same_result("add", [("float32", False), ("float", True)], LatticeConfig(x64=True))
    with pytest.raises(TypeError, match="add does not accept dtype bool at position 1"):
        op_rules.lax_same_result("add", [("int8", False), ("bool", False)])
    with pytest.raises(ValueError, match="unknown jax.lax function of operands of one dtype 'sub'"):
        op_rules.lax_same_result("sub", [("int8", False), ("int8", False)])
    with pytest.raises(TypeError, match="iota does not accept dtype bool"):
        op_rules.lax_dtype_result("iota", "bool")
    assert op_rules.lax_dtype_result("convert_element_type", "float") == "float32"
