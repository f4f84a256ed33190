"""``arraytyping.lax``'s special functions (``igamma``, ``igammac``, ``igamma_grad_a``, ``random_gamma_grad``,
``betainc``, ``zeta``, ``polygamma``, ``bessel_i0e``, ``bessel_i1e``) and ``arraytyping.scipy.special``'s
``gammainc``, ``gammaincc``, ``betainc``, ``i0``, ``i0e``, ``i1``, ``i1e``, ``polygamma``, ``gammasgn``, ``gamma``,
``loggamma``, ``betaln``, ``beta``, ``factorial``, ``comb``, ``multigammaln``, ``entr``, ``rel_entr``, ``kl_div``,
``boxcox`` and ``boxcox1p``, held to JAX 0.10.2 by ``tests/data/jax_special_reference.json``
(``tools/jax_special_reference.py`` runs the same expressions in JAX's venv): values on seeded and edge inputs,
derivatives under ``grad``/``jvp``/``jit``/``vmap``, dtypes and weak flags, with x64 off and on, and the error
classes where JAX refuses. Values agree within a float32 special function's tolerance (the iterative ones are
JAX's own arithmetic, and agree far closer in practice).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import arraytyping as at
import arraytyping.numpy as anp
import arraytyping.scipy.special as sp
from arraytyping import lax
from reference_tools import cases_on_runtime, tool

ROOT = Path(__file__).resolve().parents[2]
REF = json.loads((ROOT / "tests" / "data" / "jax_special_reference.json").read_text())
TOOL = tool("jax_special_reference")


FULL = os.environ.get("ARRAYTYPING_FULL_CONFORMANCE", "") not in ("", "0")
_COMPOSITIONS = sorted(TOOL._composition_cases())
CASES = sorted(TOOL.CASES) if FULL else sorted({*TOOL.CASES} - {*_COMPOSITIONS} | {*_COMPOSITIONS[::6]})
"""The cases the suite runs: every one with ``ARRAYTYPING_FULL_CONFORMANCE=1``, else the lax functions' and the
first ``jax.scipy.special`` ones' all, and every sixth of the compositions' (``gamma``, ``betaln``, ``comb``...: a
fixed sample, for CI's time)."""
_RUNS: dict[str, dict[str, Any]] = {}


def _ours(config: str) -> dict[str, Any]:
    if FULL:
        return cases_on_runtime("jax_special_reference", config, {"at": at, "jnp": anp, "np": np, "sp": sp})
    if config not in _RUNS:
        with at.enable_x64(config == "x64_on"):
            _RUNS[config] = TOOL.cases.run_cases({"at": at, "jnp": anp, "np": np, "sp": sp}, TOOL.PRELUDE,
                                                 {name: TOOL.CASES[name] for name in CASES}, messages=False,
                                                 record_leaf=TOOL.cases.record, label="<special>")
    return _RUNS[config]


def _close(a: Any, b: Any) -> bool:
    fa, fb = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if fa.shape != fb.shape:
        return False
    return bool(np.allclose(fa, fb, rtol=2e-4, atol=1e-6, equal_nan=True))


def _same(jax: Any, ours: Any) -> bool:
    if jax[0] == "ERR" or ours[0] == "ERR":
        return bool(jax == ours)
    if len(jax) != len(ours):
        return False
    return all(a[:2] == b[:2] and _close(a[2], b[2]) for a, b in zip(jax, ours))


def test_reference_covers_every_case() -> None:
    for config in TOOL.CONFIGS:
        assert sorted(REF["results"][config]) == sorted(TOOL.CASES), "a case was added: rerun the generator"


@pytest.mark.parametrize("config", ["x64_off", "x64_on"])
@pytest.mark.parametrize("name", CASES)
def test_case_matches_jax(config: str, name: str) -> None:
    want, got = REF["results"][config][name], _ours(config)[name]
    assert _same(want, got), f"{name} ({config}): JAX {str(want)[:300]}\nours {str(got)[:300]}"


def test_known_values() -> None:
    """Closed forms: ``P(1, x) = 1 - exp(-x)``, ``I_x(1, 1) = x``, ``zeta(2, 1) = pi**2 / 6``."""
    x = np.array([0.5, 1.0, 4.0], np.float32)
    np.testing.assert_allclose(np.asarray(lax.igamma(np.ones(3, np.float32), x)), 1 - np.exp(-x), rtol=1e-6)
    np.testing.assert_allclose(np.asarray(sp.gammaincc(1, x)), np.exp(-x), rtol=1e-5)
    np.testing.assert_allclose(np.asarray(sp.betainc(1.0, 1.0, x / 4)), x / 4, rtol=1e-5)
    np.testing.assert_allclose(float(lax.zeta(2.0, 1.0)), np.pi ** 2 / 6, rtol=1e-6)


def test_compositions_known_values() -> None:
    """Closed forms of the compositions: ``gamma(n) = (n - 1)!``, ``beta(2, 3) = 1/12``, ``comb(5, 2) = 10`` (15 with
    repetition), ``entr(1/2) = log(2) / 2``, ``kl_div(p, p) = 0``, ``boxcox(4, 1/2) = 2``, and the refusals."""
    n = np.array([1.0, 2.0, 5.0, 7.0], np.float32)
    np.testing.assert_allclose(np.asarray(sp.gamma(n)), [1, 1, 24, 720], rtol=1e-5)
    np.testing.assert_allclose(np.asarray(sp.factorial(n)), [1, 2, 120, 5040], rtol=1e-5)
    np.testing.assert_allclose(np.asarray(sp.gammasgn(np.array([-0.5, -1.5, 0.5, -0.0], np.float32))),
                               [-1, 1, 1, -1])
    np.testing.assert_allclose(float(sp.beta(2.0, 3.0)), 1 / 12, rtol=1e-5)
    np.testing.assert_allclose(float(sp.betaln(2.0, 300.0)), -np.log(300 * 301), rtol=1e-5)
    np.testing.assert_allclose(float(sp.comb(5, 2)), 10, rtol=1e-5)
    np.testing.assert_allclose(float(sp.comb(5, 2, repetition=True)), 15, rtol=1e-5)
    np.testing.assert_allclose(float(sp.entr(0.5)), np.log(2) / 2, rtol=1e-6)
    np.testing.assert_allclose(float(sp.kl_div(0.3, 0.3)), 0.0, atol=1e-7)
    np.testing.assert_allclose(float(sp.boxcox(4.0, 0.5)), 2.0, rtol=1e-6)
    np.testing.assert_allclose(float(sp.boxcox1p(3.0, 0.0)), np.log(4), rtol=1e-6)
    np.testing.assert_allclose(float(sp.multigammaln(2.5, 1)), float(sp.gammaln(2.5)), rtol=1e-6)
    np.testing.assert_allclose(complex(sp.gamma(np.complex64(5.0))), 24, rtol=1e-4)
    assert np.isnan(float(sp.loggamma(-1.5)))
    with pytest.raises(NotImplementedError, match="exact=True"):
        sp.factorial(3, exact=True)
    with pytest.raises(ValueError, match="beta does not support complex-valued inputs"):
        sp.beta(1.0, 2.0j)


def test_lowerings_inline_jax_loops() -> None:
    """``igamma`` is one primitive in a jaxpr (as in JAX), lowered to JAX's series: ``while`` loops in the module."""
    f = at.jit(lax.igamma)
    assert "igamma" in str(at.make_jaxpr(lax.igamma)(1.0, 2.0))
    assert "stablehlo.while" in f.lower(np.float32(1.0), np.float32(2.0)).as_text()
    assert "chlo.zeta" in at.jit(lax.zeta).lower(np.float32(2.0), np.float32(1.0)).as_text()


def test_errors_name_the_function() -> None:
    with pytest.raises(TypeError, match="igamma does not accept dtype int32"):
        lax.igamma(np.int32(1), np.int32(2))
    with pytest.raises(TypeError, match="requires arguments to have the same dtypes"):
        lax.betainc(np.float32(1), np.float32(2), np.float16(0.5))
    with pytest.raises(ValueError, match="betainc does not support complex-valued inputs"):
        sp.betainc(1.0, 2.0, 0.5j)
    with pytest.raises(ValueError, match="Betainc gradient with respect to a and b not supported"):
        at.grad(lambda a: sp.betainc(a, 2.0, 0.5))(1.0)
