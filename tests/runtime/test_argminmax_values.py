"""argmax/argmin pick the first index of the extreme value, a NaN first, for every dtype, shape and axis.

The runtime lowers them as two plain reductions rather than JAX's variadic reduce with a comparator, so they are
held here to numpy's answer (which is JAX's) on seeded arrays full of ties, signed zeros, infinities and NaNs.
"""

from __future__ import annotations

from typing import Any

import ml_dtypes
import numpy as np
import pytest

import arraytyping.numpy as anp

FLOATS = ("float64", "float32", "float16", "bfloat16", "float8_e4m3fn", "float8_e5m2", "float4_e2m1fn")
INTS = ("int8", "int32", "uint8", "uint32", "int4", "uint4", "bool")
SHAPES = ((1,), (6,), (2, 3), (4, 5, 3), (7, 130))
SPECIALS = np.array([0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, 2.5, -2.5], dtype=np.float32)


def _dtype(name: str) -> np.dtype[Any]:
    return np.dtype(getattr(ml_dtypes, name, None) or name)


def _sample(rng: np.random.Generator, dt: np.dtype[Any], shape: tuple[int, ...]) -> np.ndarray[Any, Any]:
    if dt.kind == "b":
        return rng.integers(0, 2, shape).astype(bool)
    if dt.kind in "iu" or dt.name in ("int4", "uint4"):
        lo, hi = (0, 8) if dt.name.startswith("u") else (-4, 4)
        return rng.integers(lo, hi, shape).astype(dt)
    return rng.choice(SPECIALS, shape).astype(dt)


@pytest.mark.parametrize("name", FLOATS + INTS)
@pytest.mark.parametrize("fn", ["argmax", "argmin"])
def test_first_extreme_index(name: str, fn: str) -> None:
    dt = _dtype(name)
    rng = np.random.default_rng(sum(map(ord, name + fn)))
    for shape in SHAPES:
        for _ in range(3):
            a = _sample(rng, dt, shape)
            wide = a.astype(np.int64) if dt.kind in "biu" or name in ("int4", "uint4") else a.astype(np.float64)
            for axis in (None, *range(len(shape))):
                ours = np.asarray(getattr(anp, fn)(anp.asarray(a), axis=axis))
                expected = getattr(np, fn)(wide, axis=axis)
                assert ours.dtype == np.int32
                assert np.array_equal(ours, expected), (name, fn, shape, axis, a)


def test_nan_in_float_without_infinities_wins() -> None:
    a = np.array([1.0, np.nan, 448.0, np.nan], dtype=ml_dtypes.float8_e4m3fn)
    assert int(anp.argmax(anp.asarray(a))) == 1
    assert int(anp.argmin(anp.asarray(a))) == 1
