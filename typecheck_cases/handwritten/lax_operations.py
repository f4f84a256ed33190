"""``arraytyping.lax``'s shape functions, reductions, running reductions, ``sort`` and comparisons as users write
them: a row-normalised softmax over ``reduce_max``/``reduce_sum``, a causal mask from ``broadcasted_iota`` and
``ge``, a running maximum, a top-to-bottom flip. Each keeps its operand's dtype (never promoted), comparisons are
bool, and what the rule cannot name (a Python scalar operand, a dtype argument) is ``Array[Any]``.

Checked by every checker (tests/typing/test_handwritten.py).
"""
# mypy: disable-error-code="unused-ignore"

from __future__ import annotations

from typing import Any

from typing_extensions import assert_type

import arraytyping.numpy as anp
from arraytyping import Array, bool_, float32, int32, lax


def softmax_rows(x: Array[float32]) -> Array[float32]:
    top = lax.reduce_max(x, (1,))
    assert_type(top, Array[float32])
    e = anp.exp(x - lax.expand_dims(top, (1,)))
    total = lax.reduce_sum(x, (1,))
    assert_type(total, Array[float32])
    return e / lax.expand_dims(total, (1,))


def causal_mask(n: int) -> Array[bool_]:
    rows = lax.broadcasted_iota(anp.int32, (n, n), 0)
    cols = lax.broadcasted_iota(anp.int32, (n, n), 1)
    assert_type(rows, Array[Any])
    return lax.ge(rows, cols)


def running_peak(x: Array[float32]) -> Array[float32]:
    peak = lax.cummax(x, axis=0)
    assert_type(peak, Array[float32])
    return lax.rev(lax.cumsum(lax.rev(peak, (0,)), axis=0), (0,))


def shapes(x: Array[int32]) -> None:
    assert_type(lax.reshape(x, (6,)), Array[int32])
    assert_type(lax.transpose(x, (1, 0)), Array[int32])
    assert_type(lax.squeeze(x, (0,)), Array[int32])
    assert_type(lax.slice(x, (0, 0), (1, 2)), Array[int32])
    assert_type(lax.collapse(x, 0), Array[int32])
    assert_type(lax.sort(x), Array[int32])
    assert_type(lax.eq(x, x), Array[bool_])
    assert_type(lax.reduce_sum(2.0, ()), Array[Any])
