"""``floor_divide`` of floats on edge cases, value by value against JAX 0.10.2.

``tools/jaxpr_reference.py`` ran each function of its ``VALUES`` table with ``jax.numpy`` on the cross product of
``EDGE_DIVIDENDS`` and ``EDGE_DIVISORS`` (negative divisors, zero remainders, zeros of both signs, tiny and huge
values, infinities, nan) and committed the results, as ``float.hex`` strings, to the ``values`` section of
``tests/data/jaxpr_reference.json``. Here the same sources run with ``arraytyping.numpy`` and every element must
match exactly, the sign of zero included (any nan matches any nan).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import ml_dtypes
import numpy as np
import pytest

import arraytyping.numpy as anp
from arraytyping._src.dtypes.config import enable_x64
from reference_tools import tool

ROOT = Path(__file__).resolve().parents[2]
VALUES = json.loads((ROOT / "tests" / "data" / "jaxpr_reference.json").read_text())["values"]
TOOL = tool("jaxpr_reference")


def _np_dtype(name: str) -> np.dtype[Any]:
    return np.dtype(getattr(ml_dtypes, name)) if hasattr(ml_dtypes, name) else np.dtype(name)


def test_reference_covers_the_value_table() -> None:
    assert VALUES["dividends"] == [float(v).hex() for v in TOOL.EDGE_DIVIDENDS], "regenerate the reference"
    assert VALUES["divisors"] == [float(v).hex() for v in TOOL.EDGE_DIVISORS], "regenerate the reference"
    assert VALUES["functions"] == {name: {"source": src, "dtype": dt, "x64": x64}
                                   for name, (src, dt, x64) in TOOL.VALUES.items()}
    assert set(VALUES["results"]) == set(TOOL.VALUES)


@pytest.mark.parametrize("name", sorted(TOOL.VALUES))
def test_values_match_jax(name: str) -> None:
    src, dtype, x64 = TOOL.VALUES[name]
    ref = VALUES["results"][name]
    dt = _np_dtype(dtype)
    xs = [a for a in TOOL.EDGE_DIVIDENDS for _ in TOOL.EDGE_DIVISORS]
    ys = [b for _ in TOOL.EDGE_DIVIDENDS for b in TOOL.EDGE_DIVISORS]
    with np.errstate(over="ignore"):  # 1e30 is inf in float16, as in the reference
        x, y = np.array(xs, dt), np.array(ys, dt)
    with enable_x64(x64):
        fn = eval(src, {"np": anp})  # noqa: S307 - the tool's own table
        out = np.asarray(fn(anp.asarray(x), anp.asarray(y)))
    assert out.dtype.name == ref["dtype"]
    got = [float(v) for v in out.astype(np.float64)]
    want = [float.fromhex(h) for h in ref["out"]]
    mismatches = [f"{a!r} // {b!r}: ours {g!r}, JAX {w!r}" for a, b, g, w in zip(x.tolist(), y.tolist(), got, want)
                  if not (math.isnan(g) and math.isnan(w)) and g.hex() != w.hex()]
    assert not mismatches, f"{len(mismatches)} mismatches:\n" + "\n".join(mismatches[:20])


def test_old_floor_expansion_would_differ() -> None:
    """The reference is sharp: ``floor(x / y)`` (the expansion before JAX's) misses JAX on some edge cases,
    e.g. a huge quotient rounded up by the division, or the sign of a zero quotient."""
    ref = VALUES["results"]["floor_divide_f32"]
    xs = np.array([a for a in TOOL.EDGE_DIVIDENDS for _ in TOOL.EDGE_DIVISORS], np.float32)
    ys = np.array([b for _ in TOOL.EDGE_DIVIDENDS for b in TOOL.EDGE_DIVISORS], np.float32)
    with np.errstate(all="ignore"):
        naive = np.floor(xs / ys).astype(np.float64)
    want = [float.fromhex(h) for h in ref["out"]]
    assert any(not (math.isnan(g) and math.isnan(w)) and float(g).hex() != w.hex() for g, w in zip(naive, want))
