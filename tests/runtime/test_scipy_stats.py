"""``arraytyping.scipy.stats``' distributions (all but ``norm``, which ``test_scipy.py`` covers) held to JAX 0.10.2 by
``tests/data/jax_stats_reference.json`` (``tools/jax_stats_reference.py`` runs the same expressions in JAX's venv):
result dtypes, weak flags and shapes, values bitwise-close (a few units in the last place: the same operations in the
same order), gradients, and refusals by JAX's error class, with x64 off and on."""

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
import arraytyping.scipy.stats as st
from reference_tools import tool

ROOT = Path(__file__).resolve().parents[2]
REF = json.loads((ROOT / "tests" / "data" / "jax_stats_reference.json").read_text())
TOOL = tool("jax_stats_reference")

_RTOL = {"float32": 4e-6, "float64": 1e-13}
"""Relative tolerance by dtype: a few units in the last place (XLA's transcendental functions agree to that)."""


FULL: Final = os.environ.get("ARRAYTYPING_FULL_CONFORMANCE", "") not in ("", "0")


def _sampled(config: str, name: str) -> bool:
    """Whether CI runs the case: all of the distributions' generated ones, each function's ``f32`` case and a
    fixed eighth of the others of :data:`TOOL.SAMPLED_PREFIXES` (all with ``ARRAYTYPING_FULL_CONFORMANCE=1``)."""
    return (FULL or not name.startswith(TOOL.SAMPLED_PREFIXES) or name.endswith((":f32", ":average"))
            or zlib.crc32(f"{config}:{name}".encode()) % 8 == 0)


SELECTED: Final = [(config, name) for config in ("x64_off", "x64_on") for name in sorted(TOOL.CASES)
                   if _sampled(config, name)]
_RUNS: dict[str, dict[str, Any]] = {}


def _ours(config: str) -> dict[str, Any]:
    """The selected cases run on the runtime, once per session and configuration."""
    if config not in _RUNS:
        with at.enable_x64(config == "x64_on"):
            _RUNS[config] = TOOL.run({"at": at, "jnp": anp, "np": np, "st": st},
                                     names=[name for c, name in SELECTED if c == config])
    return _RUNS[config]


def _values(leaf: list[Any]) -> np.ndarray[Any, Any]:
    return np.array([float(v) for v in leaf[3]], dtype=np.float64)


def _mismatch(want: Any, got: Any) -> str | None:
    """Why the runtime's result differs from JAX's, or ``None``."""
    if want[0] == "ERR" or got[0] == "ERR":
        return None if want == got else "error class"
    if len(want) != len(got):
        return "number of results"
    for a, b in zip(want, got):
        if a[:3] != b[:3]:
            return f"dtype, weak flag or shape: JAX {a[:3]}, ours {b[:3]}"
        va, vb = _values(a), _values(b)
        rtol = _RTOL.get(a[0], 1e-3)
        if not np.allclose(va, vb, rtol=rtol, atol=rtol * 1e-3, equal_nan=True):
            return f"values: JAX {va.tolist()}, ours {vb.tolist()}"
        if not np.array_equal(np.isnan(va), np.isnan(vb)) or not np.array_equal(np.signbit(va) & np.isinf(va),
                                                                                  np.signbit(vb) & np.isinf(vb)):
            return "NaN or infinity placement"
    return None


def test_reference_covers_every_case() -> None:
    assert REF["versions"]["jax"] == "0.10.2"
    for config in TOOL.CONFIGS:
        assert sorted(REF["results"][config]) == sorted(TOOL.CASES), "a case was added: rerun the generator"


def test_every_public_function_has_cases() -> None:
    """Each function of each new module is called by the tool: none is left out of :data:`SIGNATURES`."""
    by_hand = {name.split(":")[0] for name in TOOL.EXTRA}
    for module, functions in TOOL.SIGNATURES.items():
        assert sorted({*functions, *(n.split(".")[1] for n in by_hand if n.startswith(f"{module}."))}) == sorted(
            getattr(st, module).__all__), module
    for module in ("dirichlet", "multinomial", "multivariate_normal"):
        assert {f"{module}.{fn}" for fn in getattr(st, module).__all__} <= by_hand, module
    assert {"mode", "rankdata", "sem"} <= by_hand
    assert sorted([*TOOL.SIGNATURES, "dirichlet", "mode", "multinomial", "multivariate_normal", "norm", "rankdata",
                   "sem"]) == sorted(st.__all__)


@pytest.mark.parametrize(("config", "name"), SELECTED)
def test_case_matches_jax(config: str, name: str) -> None:
    want, got = REF["results"][config][name], _ours(config)[name]
    why = _mismatch(want, got)
    assert why is None, f"{name} ({config}): {why}\nJAX  {str(want)[:400]}\nours {str(got)[:400]}"


def test_reference_holds_real_outcomes() -> None:
    """The recorded outcomes are not vacuous: weak scalars give weak results, x64 gives float64, lists and strings
    are refused, and values are finite where the inputs are in the support."""
    off, on = REF["results"]["x64_off"], REF["results"]["x64_on"]
    assert off["expon.pdf:weak"][0][:3] == ["float32", True, []]
    assert on["expon.pdf:f64"][0][0] == "float64" and off["expon.pdf:f64"][0][0] == "float32"
    assert off["cauchy.logpdf:rank2"][0][2] == [2, 5]
    assert off["gamma.logpdf:list"] == ["ERR", "TypeError"] and off["t.pdf:str"] == ["ERR", "TypeError"]
    assert all(np.isfinite(_values(off["binom.pmf:f32"][0])))


def test_errors_name_the_function() -> None:
    with pytest.raises(TypeError, match=r"expon\.logpdf"):
        st.expon.logpdf([0.5, 1.0])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"binom\.logpmf"):
        st.binom.logpmf(1.0, 5, "a")  # type: ignore[arg-type]
