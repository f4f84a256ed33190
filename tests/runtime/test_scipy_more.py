"""``jax.scipy``'s functions added after the first scipy tables (``signal.detrend``/``fftconvolve``,
``sparse.linalg``'s ``cg``/``bicgstab``/``gmres``, ``optimize.minimize``), held to JAX 0.10.2 by
``tests/data/jax_scipy_more_reference.json`` (``tools/jax_scipy_more_reference.py`` runs the same expressions in
JAX's venv): values on seeded inputs, dtypes and weak flags, under ``jit``/``vmap``/``grad``, and the error classes
where JAX refuses, with x64 off and on.
"""

from __future__ import annotations

import json
import os
import zlib
from pathlib import Path
from typing import Any, Final

import numpy as np
import pytest

import arraytyping as at
import arraytyping.numpy as anp
from reference_tools import cases_on_runtime, tool

ROOT = Path(__file__).resolve().parents[2]
REF = json.loads((ROOT / "tests" / "data" / "jax_scipy_more_reference.json").read_text())
TOOL = tool("jax_scipy_more_reference")
FULL = os.environ.get("ARRAYTYPING_FULL_CONFORMANCE") == "1"
SPECTRAL: Final = ("welch", "csd", "stft", "istft")
SAMPLED: Final = sorted(n for n in TOOL.CASES
                        if FULL or zlib.crc32(n.encode()) % (8 if n.startswith(SPECTRAL) else 4) == 0)
"""The cases this run compares: all with ``ARRAYTYPING_FULL_CONFORMANCE=1``, else a fixed quarter (CI's time: the
solvers and BFGS compile loops), an eighth of the spectral functions' (82 cases)."""

SUBCLASSES: Final[dict[str, str]] = {
    "OperandTypeError": "TypeError",  # the runtime's refusal of an operand's dtype, a TypeError
    "AxisError": "ValueError",  # numpy's, a ValueError (and an IndexError) as JAX's canonicalize_axis raises
}
"""The runtime's error class -> JAX's, of which it is a subclass (``except`` JAX's catches it)."""

DIFFERENCES: Final[dict[str, str]] = {
    "welch_list": ("a list: JAX's _spectral_helper reads its ndim before checking it and fails with an "
                   "AttributeError (an accident); the runtime refuses it up front with JAX's check_arraylike TypeError"),
    "istft_nperseg": ("JAX's own failure (its irfft length, 6, falls short of nperseg=7): JAX's lax.mul refuses the "
                      "same-rank mismatch with a TypeError, the runtime's multiply with a ValueError"),
}
"""Case -> why the runtime's answer differs from JAX's; each is checked to still differ."""


def _ours(config: str) -> dict[str, Any]:
    return cases_on_runtime("jax_scipy_more_reference", config, {"at": at, "jnp": anp, "np": np}, only=SAMPLED)


def _same(jax: Any, ours: Any) -> bool:
    if (jax and jax[0] == "ERR") or (ours and ours[0] == "ERR"):
        return jax[0] == ours[0] and jax[1] == SUBCLASSES.get(ours[1], ours[1])
    if len(jax) != len(ours):
        return False
    for a, b in zip(jax, ours):
        if a[0] == "STR" or b[0] == "STR":
            if a != b:
                return False
            continue
        if a[:2] != b[:2]:
            return False
        fa = np.asarray(a[2], dtype=object)
        fb = np.asarray(b[2], dtype=object)
        if fa.shape != fb.shape:
            return False
        tol = 1e-2 if a[0] in ("float16", "bfloat16", "complex64") else 2e-3 if a[0] == "float32" else 1e-6
        if fa.size and not np.allclose(np.asarray(fa.tolist(), dtype=complex), np.asarray(fb.tolist(), dtype=complex),
                                       rtol=tol, atol=tol, equal_nan=True):
            return False
    return True


def test_reference_covers_every_case() -> None:
    for config in TOOL.CONFIGS:
        assert sorted(REF["results"][config]) == sorted(TOOL.CASES), "a case was added: rerun the generator"


@pytest.mark.parametrize("config", ["x64_off", "x64_on"])
@pytest.mark.parametrize("name", SAMPLED)
def test_case_matches_jax(config: str, name: str) -> None:
    want, got = REF["results"][config][name], _ours(config)[name]
    if name in DIFFERENCES:
        assert not _same(want, got), f"{name} now matches JAX: drop it from DIFFERENCES"
        return
    assert _same(want, got), f"{name} ({config}): JAX {str(want)[:300]}\nours {str(got)[:300]}"


def test_the_reference_holds_real_outcomes() -> None:
    """The solvers' recorded answers solve their systems, and BFGS's reaches the minimum (so a broken reference
    could not pass the comparison by agreeing with a broken runtime)."""
    results = REF["results"]["x64_off"]
    spd_solution = np.asarray(results["cg"][0][2])
    assert results["cg"][0][:2] == ["float32", False] and spd_solution.shape == (4,)
    assert results["gmres_bad_method"][:2] == ["ERR", "ValueError"]
    x_min = np.asarray(results["minimize_converged"][0][2])
    assert np.allclose(x_min, 0.0)


def test_the_comparison_can_fail() -> None:
    """The comparison tells a dtype, a weak flag, a value and an error class apart."""
    base = [["float32", False, [1.0, 2.0]]]
    assert _same(base, [["float32", False, [1.0, 2.0]]])
    assert not _same(base, [["float64", False, [1.0, 2.0]]])
    assert not _same(base, [["float32", True, [1.0, 2.0]]])
    assert not _same(base, [["float32", False, [1.0, 2.5]]])
    assert not _same(["ERR", "ValueError"], ["ERR", "TypeError"])
    assert _same(["ERR", "TypeError"], ["ERR", "OperandTypeError"])


def test_stft_round_trips_and_welch_is_a_density() -> None:
    """``istft`` undoes ``stft``; ``welch``'s one-sided density integrates to the signal's variance (Parseval)."""
    from arraytyping.scipy import signal
    rng = np.random.default_rng(3)
    x = rng.standard_normal(64).astype(np.float32)
    _, _, zxx = signal.stft(anp.asarray(x), nperseg=16)
    _, back = signal.istft(zxx, nperseg=16)
    np.testing.assert_allclose(np.asarray(back)[:64], x, rtol=1e-4, atol=1e-5)
    f, pxx = signal.welch(anp.asarray(x), nperseg=64, window=anp.ones(64), detrend=False)
    assert np.asarray(pxx).dtype == np.float32 and np.asarray(f).shape == (33,)
    np.testing.assert_allclose(np.sum(np.asarray(pxx)) * (np.asarray(f)[1] - np.asarray(f)[0]), np.mean(x ** 2),
                               rtol=1e-3)
