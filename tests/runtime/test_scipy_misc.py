"""``scipy.fft`` (``dct``, ``dctn``, ``idct``, ``idctn``), ``scipy.integrate.trapezoid`` and
``scipy.cluster.vq.vq``, held to JAX 0.10.2 by ``tests/data/jax_scipy_misc_reference.json``
(``tools/jax_scipy_misc_reference.py`` runs the same expressions in JAX's venv): values, dtypes, weak flags and
shapes with x64 off and on, gradients, and the error classes where JAX refuses.
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
REF = json.loads((ROOT / "tests" / "data" / "jax_scipy_misc_reference.json").read_text())
TOOL = tool("jax_scipy_misc_reference")
FULL: Final = os.environ.get("ARRAYTYPING_FULL_CONFORMANCE", "") not in ("", "0")
FIRST: Final = ("dct", "dctn", "idct", "idctn", "trapezoid", "vq")
"""Each function's plain case, run in every configuration."""


def _sampled(config: str, name: str) -> bool:
    """Whether CI runs the case: each function's plain case and a fixed quarter of the others per configuration
    (all with ``ARRAYTYPING_FULL_CONFORMANCE=1``)."""
    return FULL or name in FIRST or zlib.crc32(f"{config}:{name}".encode()) % 4 == 0


SELECTED: Final = [(config, name) for config in ("x64_off", "x64_on") for name in sorted(TOOL.CASES)
                   if _sampled(config, name)]
_RUNS: dict[str, dict[str, Any]] = {}


def _ours(config: str) -> dict[str, Any]:
    """The selected cases run on the runtime, once per session and configuration."""
    if config not in _RUNS:
        with warnings.catch_warnings(), at.enable_x64(config == "x64_on"):
            warnings.simplefilter("ignore")
            _RUNS[config] = TOOL.run({"at": at, "jnp": anp, "np": np},
                                     names=[name for c, name in SELECTED if c == config])
    return _RUNS[config]


def _same(jax: Any, ours: Any) -> bool:
    if jax[0] == "ERR" or ours[0] == "ERR":
        return bool(jax == ours)
    if len(jax) != len(ours):
        return False
    for a, b in zip(jax, ours):
        if a[:2] != b[:2]:  # dtype and weak flag
            return False
        fa, fb = np.asarray(a[2], dtype=object), np.asarray(b[2], dtype=object)
        if fa.shape != fb.shape:
            return False
        if not np.allclose(np.asarray(fa.tolist(), dtype=complex), np.asarray(fb.tolist(), dtype=complex),
                           rtol=2e-4, atol=2e-5, equal_nan=True):
            return False
    return True


def test_reference_covers_every_case() -> None:
    for config in TOOL.CONFIGS:
        assert sorted(REF["results"][config]) == sorted(TOOL.CASES), "a case was added: rerun the generator"


@pytest.mark.parametrize(("config", "name"), SELECTED)
def test_case_matches_jax(config: str, name: str) -> None:
    want, got = REF["results"][config][name], _ours(config)[name]
    why = TOOL.cases.TRACEBACKS.get(f"<scipy_misc>:{name}", "") if got[0] == "ERR" else ""
    assert _same(want, got), f"{name} ({config}): JAX {str(want)[:400]}\nours {str(got)[:400]}\n{why}"


def test_public_modules_import() -> None:
    """The modules import as a user writes them, and the package lists them."""
    import arraytyping.scipy
    import arraytyping.scipy.cluster.vq
    import arraytyping.scipy.fft
    import arraytyping.scipy.integrate
    from arraytyping.scipy.cluster import vq

    assert {"cluster", "fft", "integrate"} <= set(arraytyping.scipy.__all__)
    assert arraytyping.scipy.cluster.vq is vq
    assert arraytyping.scipy.fft.__all__ == ["dct", "dctn", "idct", "idctn"]
    assert arraytyping.scipy.integrate.__all__ == ["trapezoid"]
    assert vq.__all__ == ["vq"]


def test_dct_inverts() -> None:
    """``idct`` undoes ``dct`` (and ``idctn`` ``dctn``) in both normalizations: what the values also hold, said
    directly."""
    from arraytyping.scipy import fft
    x = np.random.default_rng(3).standard_normal((3, 5)).astype(np.float32)
    for norm in (None, "ortho"):
        np.testing.assert_allclose(np.asarray(fft.idct(fft.dct(x, norm=norm), norm=norm)), x, rtol=1e-4, atol=1e-5)
        np.testing.assert_allclose(np.asarray(fft.idctn(fft.dctn(x, norm=norm), norm=norm)), x, rtol=1e-4,
                                   atol=1e-5)
