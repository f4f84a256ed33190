"""``lax.linalg`` and ``scipy.linalg``, held to JAX 0.10.2 by ``tests/data/jax_scipy_linalg_reference.json``
(``tools/jax_scipy_linalg_reference.py`` runs the same expressions in JAX's venv): values of the decompositions and
solves (same LAPACK kernels, so signs included), derivatives, ``vmap``/``jit``, dtypes and weak flags with x64 off and
on, and the error classes where JAX refuses.
"""

from __future__ import annotations

import json
import os
import warnings
import zlib
from pathlib import Path
from typing import Any, Final

import numpy as np
import pytest

import arraytyping as at
import arraytyping.numpy as anp
from reference_tools import tool

ROOT = Path(__file__).resolve().parents[2]
REF = json.loads((ROOT / "tests" / "data" / "jax_scipy_linalg_reference.json").read_text())
TOOL = tool("jax_scipy_linalg_reference")

DIFFERENCES: Final[dict[str, str]] = {
    "sqrtm_list": ("a list: JAX's jit takes it for a pytree of scalars and fails inside with an AttributeError (an "
                   "accident of its formula); the runtime refuses it up front with JAX's check_arraylike TypeError"),
}
"""Case -> why the runtime's answer differs from JAX's; each is checked to still differ, and checked otherwise."""


FULL: Final = os.environ.get("ARRAYTYPING_FULL_CONFORMANCE", "") not in ("", "0")


def _selected(config: str) -> list[str]:
    """Every case, but of ``TOOL.SAMPLED`` (lax.linalg's) only a fixed quarter per x64 setting (all with
    ``ARRAYTYPING_FULL_CONFORMANCE=1``)."""
    offset = TOOL.CONFIGS.index(config) * 2
    sampled = sorted(TOOL.SAMPLED)
    keep = {n for i, n in enumerate(sampled) if FULL or i % 4 == offset}
    return [n for n in TOOL.CASES if n not in TOOL.SAMPLED or n in keep]


def _sampled(config: str, name: str) -> bool:
    """Whether CI runs the case: every decomposition and solve, a fixed quarter of the special matrices and
    exponentials per configuration, an eighth of the cases of ``TOOL.EIGHTH_SAMPLED`` (all with
    ``ARRAYTYPING_FULL_CONFORMANCE=1``)."""
    share = 8 if name in TOOL.EIGHTH_SAMPLED else 4
    return FULL or name not in TOOL.MATRIX_CASES or zlib.crc32(f"{config}:{name}".encode()) % share == 0


SELECTED: Final = [(config, name) for config in ("x64_off", "x64_on") for name in sorted(TOOL.CASES)
                   if _sampled(config, name) and name in set(_selected(config))]
_RUNS: dict[str, dict[str, Any]] = {}


def _ours(config: str) -> dict[str, Any]:
    """The selected cases run on the runtime, once per session and configuration."""
    if config not in _RUNS:
        with warnings.catch_warnings(), at.enable_x64(config == "x64_on"):
            warnings.simplefilter("ignore", FutureWarning)
            _RUNS[config] = TOOL.run({"at": at, "jnp": anp, "np": np},
                                     names=[name for c, name in SELECTED if c == config])
    return _RUNS[config]


def _same(jax: Any, ours: Any) -> bool:
    if jax[0] == "ERR" or ours[0] == "ERR":
        return bool(jax == ours)
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
        if not np.allclose(np.asarray(fa.tolist(), dtype=complex), np.asarray(fb.tolist(), dtype=complex),
                           rtol=2e-3, atol=2e-4, equal_nan=True):
            return False
    return True


def test_reference_covers_every_case() -> None:
    for config in TOOL.CONFIGS:
        assert sorted(REF["results"][config]) == sorted(TOOL.CASES), "a case was added: rerun the generator"


@pytest.mark.parametrize(("config", "name"), SELECTED)
def test_case_matches_jax(config: str, name: str) -> None:
    want, got = REF["results"][config][name], _ours(config)[name]
    if name in DIFFERENCES:
        assert not _same(want, got), f"{name} now matches JAX: drop it from DIFFERENCES"
        return
    assert _same(want, got), f"{name} ({config}): JAX {str(want)[:400]}\nours {str(got)[:400]}"


def test_decompositions_reconstruct() -> None:
    """The factors put back together give the matrix (what the reference's values also hold, said directly)."""
    from arraytyping.lax import linalg as L
    from arraytyping.scipy import linalg as S
    rng = np.random.default_rng(1)
    g = (rng.standard_normal((3, 3)) + 3 * np.eye(3)).astype(np.float32)
    a = g @ g.T + np.eye(3, dtype=np.float32)
    c = np.asarray(L.cholesky(anp.asarray(a)))
    np.testing.assert_allclose(c @ c.T, a, rtol=1e-4, atol=1e-4)
    p, l_, u = (np.asarray(x) for x in S.lu(anp.asarray(g)))
    np.testing.assert_allclose(p @ l_ @ u, g, rtol=1e-4, atol=1e-4)
    q, r = (np.asarray(x) for x in S.qr(anp.asarray(g)))
    np.testing.assert_allclose(q @ r, g, rtol=1e-4, atol=1e-4)
    x = np.asarray(S.solve(anp.asarray(a), anp.ones(3), assume_a="pos"))
    np.testing.assert_allclose(a @ x, np.ones(3), rtol=1e-4, atol=1e-4)


def test_matrix_functions_hold_their_equations() -> None:
    """``polar``, ``rsf2csf``, ``solve_sylvester``, ``funm`` and ``eigh_tridiagonal`` answer what they are for."""
    from arraytyping.scipy import linalg as S
    rng = np.random.default_rng(2)
    a = rng.standard_normal((4, 4)).astype(np.float32)
    b = (rng.standard_normal((2, 2)) + 3 * np.eye(2)).astype(np.float32)
    c = rng.standard_normal((4, 2)).astype(np.float32)
    u, p = (np.asarray(x) for x in S.polar(anp.asarray(a), method="svd"))
    np.testing.assert_allclose(u @ p, a, rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(u.T @ u, np.eye(4), atol=1e-4)
    t, z = (np.asarray(x) for x in S.rsf2csf(*S.schur(anp.asarray(a))))
    assert t.dtype == np.complex64 and np.allclose(np.tril(t, -1), 0)
    np.testing.assert_allclose(z @ t @ z.conj().T, a, atol=1e-4)
    x = np.asarray(S.solve_sylvester(anp.asarray(a + 4 * np.eye(4, dtype=np.float32)), anp.asarray(b),
                                     anp.asarray(c)))
    np.testing.assert_allclose((a + 4 * np.eye(4)) @ x + x @ b, c, rtol=1e-3, atol=1e-4)
    np.testing.assert_allclose(np.asarray(S.funm(anp.asarray(a / 4), anp.exp)), np.asarray(S.expm(anp.asarray(a / 4))),
                               rtol=1e-3, atol=1e-4)
    d, e = rng.standard_normal(5).astype(np.float32), rng.standard_normal(4).astype(np.float32)
    w, v = (np.asarray(x) for x in S.eigh_tridiagonal(anp.asarray(d), anp.asarray(e)))
    m = np.diag(d) + np.diag(e, 1) + np.diag(e, -1)
    np.testing.assert_allclose(w, np.linalg.eigvalsh(m), rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(m @ v, v * w, atol=1e-3)
