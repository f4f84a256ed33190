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
