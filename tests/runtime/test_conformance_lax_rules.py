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
from reference_tools import tool  # noqa: E402

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
    # every one the reference covers: all but those whose other arguments are a shape and start indices
    assert seen == set(op_rules.LAX_UNARY_KINDS) - {"broadcast_in_dim", "dynamic_slice"}
    assert not wrong, "\n".join(wrong)


def test_python_scalars_are_weak_arrays_of_their_kind() -> None:
    from arraytyping import op_rules

    assert op_rules.lax_unary_result("erf", ("float", True)) == ("float32", True)
    assert op_rules.lax_unary_result("rsqrt", ("complex", True)) == ("complex64", True)
    with pytest.raises(TypeError, match="erf does not accept dtype int32"):
        op_rules.lax_unary_result("erf", ("int", True))
    with pytest.raises(ValueError, match="unknown jax.lax function"):
        op_rules.lax_unary_result("sort", ("float32", False))


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
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
        return params[node.value.id]  # a slice (x[:1]) keeps the array's dtype and weak flag
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
        if fn == "conv_general_dilated" and "preferred_element_type=None" not in expr:
            continue  # a preferred_element_type decides the dtype: gradual in the stubs and the plugin
        operands = [_operand(a, params) for a in (args[1:3] if fn == "select" else args[:3 if fn == "clamp" else 2])]
        counts[fn] = counts.get(fn, 0) + 1
        if fn in op_rules.LAX_INDEXED and all(w for _, w in operands):
            assert op_rules.lax_same_result(fn, operands, cfg) is None  # unknown: weak only for a 0-d operand
            continue
        if fn == "clamp" and isinstance(args[1], ast.Constant) and isinstance(args[0], ast.Name):
            assert "error" in want  # a (2, 3) bound of a scalar: JAX refuses the shapes, not the dtypes
            continue
        if fn == "select" and sum(isinstance(a, ast.Constant) for a in args[1:3]) == 1:
            assert "error" in want  # a scalar case beside a (2, 3) one: select_n refuses the shapes, not the dtypes
            continue
        why = mismatch({k: v for k, v in want.items() if k in ("dtype", "weak", "error")},
                       _answer(lambda: op_rules.lax_same_result(fn, operands, cfg)))
        if why:
            wrong.append(f"{expr}: {why}")
    binary = ("add", "mul", "max", "min", "clamp", "select", *tool("jax_api_ext_reference").LAX_BINARY)
    assert counts == {**{fn: 256 for fn in binary}, "pad": 24,
                      "dynamic_update_slice": 12, "conv_general_dilated": 12}, counts
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("config", sorted(load("lax")))
def test_lax_shape_functions_keep_the_operands_type(config: str) -> None:
    """``op_rules.lax_unary_result`` of ``lax.broadcast_in_dim`` and ``lax.dynamic_slice`` (every dtype the
    reference holds, strong and weak): the operand's dtype and weak flag, as JAX answers."""
    import arraytyping as at
    from arraytyping import op_rules

    with configured(config):
        cfg = at.config.lattice_config
    wrong: list[str] = []
    counts: dict[str, int] = {}
    for expr, fn, args, params, want in _lax_calls(config, ("broadcast_in_dim", "dynamic_slice")):
        counts[fn] = counts.get(fn, 0) + 1
        why = mismatch({k: v for k, v in want.items() if k in ("dtype", "weak", "error")},
                       _answer(lambda: op_rules.lax_unary_result(fn, _operand(args[0], params), cfg)))
        if why:
            wrong.append(f"{expr}: {why}")
    assert counts == {"broadcast_in_dim": 12, "dynamic_slice": 12}, counts
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


@pytest.mark.parametrize("config", sorted(load("lax")))
def test_lax_dot_general_result_is_jaxs(config: str) -> None:
    """``op_rules.lax_dot_general_result`` for every pair of operands the reference holds (every dtype against a
    sample, strong and weak; ``preferred_element_type`` of several dtypes): JAX's dtype and weak flag, or its error
    class. A Python scalar operand meets a matrix there, which JAX refuses for its rank."""
    import arraytyping as at
    from arraytyping import op_rules

    with configured(config):
        cfg = at.config.lattice_config
    wrong: list[str] = []
    n = preferred_seen = 0
    for expr, _, args, params, want in _lax_calls(config, ("dot_general",)):
        call = ast.parse(expr, mode="eval").body
        assert isinstance(call, ast.Call) and isinstance(call.args[0], ast.Lambda)
        body = call.args[0].body
        assert isinstance(body, ast.Call)
        if any(isinstance(a, ast.Constant) for a in args[:2]):
            assert "error" in want  # a rank-0 operand contracted on axis 1: JAX refuses the shapes
            continue
        preferred = next((k.value.id if isinstance(k.value, ast.Name) else ast.literal_eval(k.value)
                          for k in body.keywords if k.arg == "preferred_element_type"), None)  # 'float' or float
        preferred_seen += preferred is not None
        n += 1
        why = mismatch({k: v for k, v in want.items() if k in ("dtype", "weak", "error")},
                       _answer(lambda: op_rules.lax_dot_general_result(_operand(args[0], params),
                                                                       _operand(args[1], params), cfg, preferred)))
        if why:
            wrong.append(f"{expr}: {why}")
    assert n >= 300 and preferred_seen >= 20, (n, preferred_seen)
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("config", sorted(load("lax")))
def test_lax_top_k_result_is_jaxs(config: str) -> None:
    """``op_rules.lax_top_k_result`` for every dtype the reference holds, strong and weak: JAX's values and indices
    (dtype and weak flag), or its error class (complex). A Python scalar, of rank 0, JAX refuses for its rank."""
    import arraytyping as at
    from arraytyping import op_rules

    with configured(config):
        cfg = at.config.lattice_config
    wrong: list[str] = []
    n = 0
    for expr, _, args, params, want in _lax_calls(config, ("top_k",)):
        if isinstance(args[0], ast.Constant):
            assert "error" in want
            continue
        n += 1
        try:
            got: dict[str, object] = {"tuple": [{"dtype": d, "weak": w} for d, w in
                                                op_rules.lax_top_k_result(_operand(args[0], params), cfg)]}
        except ValueError as e:
            got = {"error": type(e).__name__, "classes": [c.__name__ for c in type(e).__mro__]}
        if "tuple" in want:
            want = {"tuple": [{k: v for k, v in field.items() if k in ("dtype", "weak")} for field in want["tuple"]]}
        if "tuple" in want and got != want or "error" in want and "error" not in got:
            wrong.append(f"{expr}: JAX {want}, ours {got}")
    assert n >= 30, n
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("config", sorted(load("lax")))
def test_lax_reduce_window_result_is_jaxs(config: str) -> None:
    """``op_rules.lax_reduce_window_result`` where JAX runs the reference's windows (``max`` from ``-inf``, ``add``
    from ``0``, every dtype, strong and weak): the operand's dtype, strongly typed; unknown for a weak operand. The
    rule does not look at the computation (``add`` on bools, which JAX refuses, is a refusal the types miss)."""
    import arraytyping as at
    from arraytyping import op_rules

    with configured(config):
        cfg = at.config.lattice_config
    wrong: list[str] = []
    judged = 0
    for expr, _, args, params, want in _lax_calls(config, ("reduce_window",)):
        if "error" in want:
            assert "lax.add" in expr and params["x"][0] == "bool", expr
            continue
        got = op_rules.lax_reduce_window_result(_operand(args[0], params), cfg)
        if got is None:
            assert params["x"][1], expr  # unknown only for a weak operand
            continue
        judged += 1
        if {"dtype": got[0], "weak": got[1]} != {k: want[k] for k in ("dtype", "weak")}:
            wrong.append(f"{expr}: JAX {want}, ours {got}")
    assert judged >= 18, judged
    assert not wrong, "\n".join(wrong)


def test_lax_same_result_refuses_by_position_and_by_dtype() -> None:
    from arraytyping import op_rules
    from arraytyping.lattice import LatticeConfig

    assert op_rules.lax_same_result("add", [("float32", False), ("float", True)]) == ("float32", False)
    assert op_rules.lax_same_result("max", [("float", True), ("float", True)]) == ("float32", True)
    assert op_rules.lax_same_result("dynamic_update_slice", [("float", True), ("float32", True)]) is None
    assert op_rules.lax_same_result("dynamic_update_slice", [("float32", False), ("float", True)]) == ("float32", False)
    assert op_rules.lax_same_result("clamp", [("int", True), ("int32", False), ("int", True)]) == ("int32", False)
    with pytest.raises(TypeError, match="lax.clamp requires arguments to have the same dtypes, got int32, int8"):
        op_rules.lax_same_result("clamp", [("int", True), ("int8", False), ("int", True)])
    with pytest.raises(TypeError, match="requires arguments to have the same dtypes, got float32, float64"):
        op_rules.lax_same_result("add", [("float32", False), ("float", True)], LatticeConfig(x64=True))
    with pytest.raises(TypeError, match="add does not accept dtype bool at position 1"):
        op_rules.lax_same_result("add", [("int8", False), ("bool", False)])
    with pytest.raises(ValueError, match="unknown jax.lax function of operands of one dtype 'pow'"):
        op_rules.lax_same_result("pow", [("int8", False), ("int8", False)])
    with pytest.raises(TypeError, match="iota does not accept dtype bool"):
        op_rules.lax_dtype_result("iota", "bool")
    assert op_rules.lax_dtype_result("convert_element_type", "float") == "float32"
