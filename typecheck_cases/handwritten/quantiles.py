"""Order statistics as analysis code writes them: a robust scale from the interquartile range, the 95th percentile
of latencies with gaps, a median filter's centre ignoring missing readings, per-feature clipping bounds from a vector
of quantiles. The result has the ``median`` rule's dtype whatever ``q`` is (an integer array's quantile is a float;
``bfloat16`` stays), and ``weights=`` makes the call gradual in the stubs (it joins ``a``'s dtype with the weights').

Checked by every checker (tests/typing/test_handwritten.py).
"""
# mypy: disable-error-code="unused-ignore"

from __future__ import annotations

from typing import Any

from typing_extensions import assert_type

import arraytyping.numpy as anp
from arraytyping import Array, bfloat16, float32, int8


def robust_scale(x: Array[float32]) -> Array[float32]:
    q75 = anp.quantile(x, 0.75, axis=0)
    q25 = anp.quantile(x, 0.25, axis=0)
    return (x - anp.median(x, axis=0)) / (q75 - q25 + 1e-6)


def p95_latency(latencies_ms: Array[float32]) -> Array[float32]:
    return anp.nanpercentile(latencies_ms, 95.0, axis=-1)


def centre(window: Array[bfloat16]) -> Array[bfloat16]:
    return anp.nanmedian(window, axis=-1, keepdims=True)


def clip_bounds(features: Array[float32]) -> Array[float32]:
    bounds = anp.nanquantile(features, anp.asarray([0.01, 0.99]), axis=0)
    return anp.clip(features, bounds[0], bounds[1])


def use(x: Array[float32], i: Array[int8], b: Array[bfloat16], w: Array[float32]) -> None:
    assert_type(anp.quantile(i, 0.5), Array[float32])
    assert_type(anp.percentile(b, 50, axis=1, method="nearest"), Array[bfloat16])
    assert_type(anp.nanmedian(i), Array[float32])
    assert_type(anp.nanquantile(x, anp.asarray([0.1, 0.9]), keepdims=True), Array[float32])
    assert_type(anp.quantile(x, 0.5, axis=0, method="inverted_cdf", weights=w), Array[Any])
