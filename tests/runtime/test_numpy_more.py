"""The ``jax.numpy`` functions added after the first reference tables (polynomials, ``cov``/``corrcoef``,
``interp``, ``trapezoid``, ``geomspace``, ``trim_zeros``...), held to JAX 0.10.2 by
``tests/data/jax_numpy_more_reference.json`` (``tools/jax_numpy_more_reference.py`` runs the same expressions in
JAX's venv): values on seeded inputs, dtypes and weak flags over the operand kinds, under ``jit``, and the error
classes where JAX refuses, with x64 off and on.
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
REF = json.loads((ROOT / "tests" / "data" / "jax_numpy_more_reference.json").read_text())
TOOL = tool("jax_numpy_more_reference")
FULL = os.environ.get("ARRAYTYPING_FULL_CONFORMANCE") == "1"
SAMPLED_FAMILIES: Final = ("bitwise_count", "i0", "kaiser", "insert", "poly[", "poly_", "polyfit", "roots", "ufunc_")
"""The families whose cases run as a fixed third in CI (all with ``ARRAYTYPING_FULL_CONFORMANCE=1``): the
polynomial solvers compile eigenvalue and least-squares kernels per case, each ``ufunc`` case its loops; the rest
run as a fixed half, for CI's time."""
_GROUPS: Final = {n.split("[")[0] for n in TOOL.CASES}
_FIRST_OF_EACH: Final = {min(n for n in TOOL.CASES if n.split("[")[0] == g) for g in _GROUPS}
"""Each function's first case (by name), run in CI whatever the sample."""
SAMPLED: Final = sorted(n for n in TOOL.CASES if FULL or n in _FIRST_OF_EACH
                        or zlib.crc32(n.encode()) % (3 if n.startswith(SAMPLED_FAMILIES) else 2) == 0)


SUBCLASSES: Final[dict[str, str]] = {
    "OperandTypeError": "TypeError",  # the runtime's refusal of an operand's dtype, a TypeError
    "AxisError": "ValueError",  # numpy's, a ValueError (and an IndexError) as JAX's canonicalize_axis raises
}
"""The runtime's error class -> JAX's, of which it is a subclass (``except`` JAX's catches it)."""

DIFFERENCES: Final[dict[str, str]] = {}
"""Case -> why the runtime's answer differs from JAX's; each is checked to still differ."""


def _ours(config: str) -> dict[str, Any]:
    return cases_on_runtime("jax_numpy_more_reference", config, {"at": at, "jnp": anp, "np": np}, only=SAMPLED)


def _same(jax: Any, ours: Any) -> bool:
    if (jax and jax[0] == "ERR") or (ours and ours[0] == "ERR"):
        return jax[0] == ours[0] and jax[1] == SUBCLASSES.get(ours[1], ours[1])
    if len(jax) != len(ours):
        return False
    for a, b in zip(jax, ours):
        if a[:2] != b[:2]:
            return False
        if a[0] == "STR":  # a string leaf (einsum_path's table, a repr): the same text
            continue
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


def test_the_comparison_can_fail() -> None:
    """The comparison tells a dtype, a weak flag, a value and an error class apart."""
    base = [["float32", False, [1.0, 2.0]]]
    assert _same(base, [["float32", False, [1.0, 2.0]]])
    assert not _same(base, [["float64", False, [1.0, 2.0]]])
    assert not _same(base, [["float32", True, [1.0, 2.0]]])
    assert not _same(base, [["float32", False, [1.0, 2.5]]])
    assert not _same(["ERR", "ValueError"], ["ERR", "TypeError"])
    assert _same(["ERR", "TypeError"], ["ERR", "OperandTypeError"])
    assert not _same(["ERR", "ValueError"], ["ERR", "OperandTypeError"])
    assert _same([["STR", "a b"]], [["STR", "a b"]])
    assert not _same([["STR", "a b"]], [["STR", "a c"]])
