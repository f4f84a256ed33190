"""``arraytyping.lax``'s collectives over a named axis as users write them under ``vmap(..., axis_name=...)``: a
batch-normalised feature (``pmean``/``psum``), a batch maximum, a ring shift (``ppermute``), the whole batch seen by
each member (``all_gather``), each member's position (``axis_index``). A collective keeps its operand's dtype (``psum``
of bools is int32; ``pmean`` and pytrees are gradual), ``axis_index`` is int32 and ``axis_size`` an int.

Checked by every checker (tests/typing/test_handwritten.py).
"""
# mypy: disable-error-code="unused-ignore"

from __future__ import annotations

from typing import Any

from typing_extensions import assert_type

from arraytyping import Array, bool_, float32, int32, lax, vmap


def centred(x: Array[float32]) -> Array[float32]:
    total = lax.psum(x, "batch")
    assert_type(total, Array[float32])
    both = lax.psum(x, ("batch", "model"))
    assert_type(both, Array[float32])
    mean = lax.pmean(x, "batch")
    assert_type(mean, Any)
    n = lax.axis_size("batch")
    assert_type(n, int)
    return x - total / n


def votes(mask: Array[bool_]) -> Array[int32]:
    counted = lax.psum(mask, "batch")
    assert_type(counted, Array[int32])
    return counted


def spread(x: Array[int32]) -> Array[int32]:
    top = lax.pmax(x, "batch")
    assert_type(top, Array[int32])
    low = lax.pmin(x, "batch")
    assert_type(low, Array[int32])
    return top - low


def ring(x: Array[float32], size: int) -> Array[float32]:
    shifted = lax.ppermute(x, "batch", [(i, (i + 1) % size) for i in range(size)])
    assert_type(shifted, Array[float32])
    flipped = lax.pshuffle(x, "batch", list(reversed(range(size))))
    assert_type(flipped, Array[float32])
    return shifted + flipped


def gathered(x: Array[float32]) -> Array[float32]:
    everyone = lax.all_gather(x, "batch")
    assert_type(everyone, Array[float32])
    mine = lax.psum_scatter(everyone, "batch")
    assert_type(mine, Array[float32])
    return mine


def position(x: Array[float32]) -> Array[int32]:
    i = lax.axis_index("batch")
    assert_type(i, Array[int32])
    return i


def batch_stats(xs: Array[float32]) -> Any:
    return vmap(centred, axis_name="batch")(xs)
