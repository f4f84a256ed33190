"""``arraytyping.scipy`` (``special``, ``stats.norm``, ``signal``) and ``arraytyping.numpy``'s ``convolve`` and
``correlate`` against JAX 0.10.2 (``tests/data/jax_scipy_reference.json``,
written by ``tools/jax_scipy_reference.py``): result dtypes and weak flags over operands of every kind, values on
seeded inputs and across each function's branches (float32 tolerance), gradients (JAX's custom ones included), under
``jit`` and ``vmap``, and refusals by JAX's error class (and message, for the dtype checks of ``ndtr``'s family),
with x64 off and on."""

from __future__ import annotations

import importlib.util
import json
import re
import warnings
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import arraytyping as at
import arraytyping.numpy as anp
import arraytyping.scipy.signal as signal
import arraytyping.scipy.special as special
import arraytyping.scipy.stats.norm as norm

ROOT = Path(__file__).resolve().parents[2]
import sys  # noqa: E402

sys.path.insert(0, str(ROOT / "tests"))
from api_ext_reference import configured, encode, generator, mismatch  # noqa: E402

DATA = ROOT / "tests" / "data" / "jax_scipy_reference.json"


@cache
def scipy_generator() -> Any:
    spec = importlib.util.spec_from_file_location("jax_scipy_reference", ROOT / "tools" / "jax_scipy_reference.py")
    assert spec is not None and spec.loader is not None
    gen = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(ROOT / "tools"))
    spec.loader.exec_module(gen)
    return gen


@cache
def load() -> dict[str, dict[str, Any]]:
    data: dict[str, dict[str, Any]] = json.loads(DATA.read_text())["cases"]
    return data


def _run(expr: str) -> Any:
    host = generator().host
    names: dict[str, Any] = {"special": special, "norm": norm, "signal": signal, "jnp": anp, "np": np,
                             "jit": at.jit, "grad": at.grad, "vmap": at.vmap,
                             "A": lambda dtype, shape, seed: anp.asarray(host(dtype, tuple(shape), seed))}
    import arraytyping.random as random

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            out = eval(expr, names)  # noqa: S307 - the reference's own case list
        except Exception as e:  # noqa: BLE001 - compared by class
            return {"error": type(e).__name__, "message": str(e), "classes": [c.__name__ for c in type(e).__mro__]}
    return encode(out, random.PRNGKeyArray)


def test_reference_holds_exactly_the_generators_cases() -> None:
    want: dict[str, list[str]] = {}
    for config, expr in scipy_generator().cases():
        want.setdefault(config, []).append(expr)
    assert {c: sorted(t) for c, t in load().items()} == {c: sorted(e) for c, e in want.items()}


@pytest.mark.parametrize("config", ["standard-x32", "standard-x64"])
@pytest.mark.parametrize("module", ["special", "norm", "jnp.convolve", "jnp.correlate", "signal"])
def test_matches_jax(config: str, module: str) -> None:
    table = load()[config]
    cases = [e for e in table if re.search(re.escape(module) + r"\W", e)]
    wrong: list[str] = []
    with configured(config):
        for expr in cases:
            want = table[expr]
            why = mismatch(want, _run(expr), rtol=2e-5 if "float64" not in str(want) else 1e-12, atol=1e-6)
            if why:
                wrong.append(f"{expr}: {why}")
    assert len(cases) > 30
    assert not wrong, f"{len(wrong)} of {len(cases)} differ:\n" + "\n".join(wrong[:60])


_RULE_OPERANDS: dict[str, tuple[tuple[str, bool], bool]] = {
    "jnp.asarray(0.25)": (("float", True), True), "jnp.asarray(3)": (("int", True), True),
    "np.float64(0.5)": (("float64", False), True), "np.int32(1)": (("int32", False), True),
    "0.25": (("float", True), True), "1": (("int", True), True), "True": (("bool", False), True),
    "0.5j": (("complex", True), True)}
"""The reference's operands other than ``A(dtype, (3,), 0)`` as the rules see them: ``(dtype, weak)`` and rank 0."""


@pytest.mark.parametrize("config", ["standard-x32", "standard-x64"])
def test_op_rules_scipy_result_is_jaxs(config: str) -> None:
    """op_rules.scipy_result (the stubs' rule) gives JAX's dtype, weak flag or error class for every operand kind of
    each function of SCIPY_UNARY; scipy_static_result gives it where the rank does not decide, and is gradual
    (None) only for the weak operands of the rank-0-weak family."""
    from arraytyping import op_rules
    from arraytyping.lattice import LatticeConfig

    cfg = LatticeConfig(x64=config.endswith("x64"))
    table = load()[config]
    wrong: list[str] = []
    n = 0
    for fn in op_rules.SCIPY_UNARY:
        for x in scipy_generator().OPERANDS:
            want = table[f"{fn}({x})"]
            operand, rank0 = _RULE_OPERANDS[x] if x in _RULE_OPERANDS else ((x.split("'")[1], False), False)
            n += 1
            try:
                got: Any = op_rules.scipy_result(fn, operand, cfg, rank0=rank0)
            except op_rules.OperandTypeError:
                got = "TypeError"
            expected = want.get("error") or (want["dtype"], want["weak"])
            if got != expected:
                wrong.append(f"{fn}({x}): JAX {expected}, rule {got}")
            static = None
            try:
                static = op_rules.scipy_static_result(fn, operand, cfg)
            except op_rules.OperandTypeError:
                static = "TypeError"
            if static is not None and static != expected:
                wrong.append(f"{fn}({x}): JAX {expected}, static rule {static}")
            if static is None and not (operand[1] and op_rules.SCIPY_UNARY[fn] == "inexact_rank0_weak"
                                       or fn.startswith("norm.") and op_rules.SCIPY_UNARY[fn] == "inexact_rank0_weak"):
                wrong.append(f"{fn}({x}): static rule gradual")
    assert n == len(op_rules.SCIPY_UNARY) * len(scipy_generator().OPERANDS)
    assert not wrong, "\n".join(wrong)
