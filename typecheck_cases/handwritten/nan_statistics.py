"""NaN-aware statistics and differences as data-cleaning code writes them: per-feature mean and spread of a matrix
with missing values, the best index of each row ignoring NaNs, running totals of a daily series with gaps, the array
API's cumulative sum with a leading zero (the offsets of ragged segments), second differences, changes of a flag,
the positions of positive entries. Each has JAX's dtype: a reduction's rule
(``nanvar`` of an integer array is a float, ``nanprod`` of ``int8`` accumulates in ``int32``, ``cumulative_sum``
too where ``nancumsum`` keeps ``int8``), the default integer for the indices.

Checked by every checker (tests/typing/test_handwritten.py).
"""
# mypy: disable-error-code="unused-ignore"

from __future__ import annotations

from typing import Any

from typing_extensions import assert_type

import arraytyping.numpy as anp
from arraytyping import Array, bfloat16, bool_, float32, int8, int32


def standardize(features: Array[float32]) -> Array[float32]:
    mu = anp.nanmean(features, axis=0)
    sigma = anp.nanstd(features, axis=0)
    return (features - mu) / (sigma + 1e-6)


def best_rows(scores: Array[bfloat16]) -> Array[int32]:
    return anp.nanargmax(scores, axis=1)


def running_total(daily: Array[float32]) -> Array[float32]:
    return anp.nancumsum(daily)


def segment_offsets(lengths: Array[int32]) -> Array[int32]:
    return anp.cumulative_sum(lengths, include_initial=True)


def use(x: Array[float32], i: Array[int8], b: Array[bfloat16], a: Array[Any]) -> None:
    assert_type(anp.nanvar(i), Array[float32])
    assert_type(anp.nanvar(b, axis=0), Array[bfloat16])
    assert_type(anp.nanprod(i), Array[int32])
    assert_type(anp.nanargmin(x), Array[int32])
    assert_type(anp.nancumsum(i), Array[int8])
    assert_type(anp.nancumprod(b, axis=0), Array[bfloat16])
    assert_type(anp.cumulative_sum(i, axis=0), Array[int32])
    assert_type(anp.cumulative_prod(i, axis=0), Array[int8])
    assert_type(anp.nanvar(x, dtype=anp.float16), Array[Any])
    assert_type(anp.nanstd(x, axis=1), Array[float32])


def increments(series: Array[float32]) -> Array[float32]:
    return anp.diff(series, n=2)


def changed(flags: Array[bool_]) -> Array[bool_]:
    return anp.diff(flags)


def where_positive(x: Array[float32]) -> Array[int32]:
    return anp.argwhere(x > 0, size=4, fill_value=-1)


def first_nonzero(x: Array[int8]) -> Array[int32]:
    return anp.flatnonzero(x, size=1)


def use_diff(i: Array[int8]) -> None:
    assert_type(anp.diff(i), Array[int8])
    # the stubs leave what prepend joins gradual; the plugin joins it (int8 and a Python float: a weak float)
    assert_type(anp.diff(i, prepend=0.5), Array[float])  # limit[mypy] limit[pyright] limit[pyrefly] limit[ty]


def gaps(timestamps: Array[int32]) -> Array[int32]:
    return anp.ediff1d(timestamps, to_begin=0)


def use_ediff1d(x: Array[float32], b: Array[bool_]) -> None:
    assert_type(anp.ediff1d(x), Array[float32])
    assert_type(anp.ediff1d(2.5), Array[float])  # a Python float: weakly typed
    assert_type(anp.ediff1d(2.5, to_end=1), Array[float32])  # the ends are cast with astype: strong
    anp.ediff1d(b)  # type: ignore[arg-type]  # ty: ignore[no-matching-overload]  # JAX subtracts no bools
