"""``arraytyping.op_rules.lax_unary_result`` (what the stubs and the plugin answer for ``lax.rsqrt``, ``lax.erf``...)
against JAX 0.10.2 (``tests/data/jax_lax_reference.json``, written by ``tools/jax_api_ext_reference.py``): the dtype,
weak flag or error class of every one-operand ``lax`` function the rule covers, over every dtype, strong and weak,
in every configuration the reference holds."""

from __future__ import annotations

import re
import sys
from pathlib import Path

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
