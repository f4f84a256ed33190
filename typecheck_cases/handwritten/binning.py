"""Binning and membership as data code writes them: bucketing ages into bands, a label histogram for class weights,
weighted counts per bucket, masking the tokens of a stop list. ``digitize`` gives int32 bin indices, ``bincount``
the default integer (or, with ``weights=``, the weights' dtype: gradual in the stubs, exact with the plugin), and
``isin`` a bool array of the element's shape.

Checked by every checker (tests/typing/test_handwritten.py).
"""
# mypy: disable-error-code="unused-ignore"

from __future__ import annotations

from typing import Any

from typing_extensions import assert_type

import arraytyping.numpy as anp
from arraytyping import Array, bool_, float32, int32, uint8


def age_bands(ages: Array[float32]) -> Array[int32]:
    edges = anp.asarray([18.0, 30.0, 45.0, 65.0])
    return anp.digitize(ages, edges)


def class_weights(labels: Array[int32], n_classes: int) -> Array[float32]:
    counts = anp.bincount(labels, length=n_classes)
    return counts.sum() / (n_classes * anp.maximum(counts, 1).astype(float32))


def stop_mask(tokens: Array[int32], stop_ids: Array[int32]) -> Array[bool_]:
    return anp.isin(tokens, stop_ids, invert=True)


def bucket_totals(bucket: Array[uint8], amount: Array[float32]) -> Array[Any]:
    return anp.bincount(bucket, weights=amount, length=256)


def use(x: Array[float32], b: Array[uint8], m: Array[bool_]) -> None:
    assert_type(anp.digitize(b, x, right=True), Array[int32])
    assert_type(anp.bincount(b), Array[int32])
    assert_type(anp.bincount(m, minlength=2), Array[int32])
    assert_type(anp.isin(x, b), Array[bool_])
    assert_type(anp.isin(x, 2.0, method="sort"), Array[bool_])
