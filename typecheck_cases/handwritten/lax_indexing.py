"""``arraytyping.lax``'s gathers, scatters and one-axis indexing as users write them: an embedding lookup by
``gather``, a histogram by ``scatter_add``, a ring buffer updated in place with ``dynamic_update_index_in_dim``, a
running sum by ``associative_scan``. Each keeps its operand's dtype (``Array[_G]`` in, ``Array[_G]`` out); the
others (``complex``, ``dot``, ``split``) are typed from their runtime signatures.

Checked by every checker (tests/typing/test_handwritten.py).
"""
# mypy: disable-error-code="unused-ignore"

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from typing_extensions import assert_type

import arraytyping.numpy as anp
from arraytyping import Array, float32, int32, lax

ROWS = lax.GatherDimensionNumbers(offset_dims=(1,), collapsed_slice_dims=(0,), start_index_map=(0,))
POINTS = lax.ScatterDimensionNumbers(update_window_dims=(), inserted_window_dims=(0,),
                                     scatter_dims_to_operand_dims=(0,))


def embed(table: Array[float32], ids: Array[int32]) -> Array[float32]:
    """The rows of ``table`` at ``ids`` (out-of-range ids clamped)."""
    return lax.gather(table, ids[:, None], ROWS, (1, 8), mode=lax.GatherScatterMode.CLIP)


def histogram(bins: Array[int32], counts: Array[int32]) -> Array[int32]:
    return lax.scatter_add(anp.zeros(10, dtype=anp.int32), bins[:, None], counts, POINTS, mode="drop")


def push(buffer: Array[float32], row: Array[float32], step: Array[int32]) -> Array[float32]:
    out = lax.dynamic_update_index_in_dim(buffer, row, step % 16, 0)
    return lax.convert_element_type(out, anp.float32)


def latest(buffer: Array[float32], step: int) -> Array[float32]:
    return lax.dynamic_index_in_dim(buffer, step, keepdims=False)


def running_sum(x: Array[float32]) -> Array[float32]:
    return lax.associative_scan(lax.add, x)


def check() -> None:
    table = anp.ones((100, 8), dtype=anp.float32)
    ids = anp.arange(4)
    assert_type(embed(table, ids), Array[float32])
    assert_type(lax.tile(ids, (2,)), Array[int32])
    assert_type(lax.slice_in_dim(table, 0, 2), Array[float32])
    assert_type(lax.index_in_dim(table, 0, keepdims=False), Array[float32])
    assert_type(lax.broadcast(ids, (3,)), Array[int32])
    assert_type(lax.population_count(ids), Array[int32])
    assert_type(lax.index_take(table, (ids,), (0,)), Array[float32])
    pieces: Sequence[Array[Any]] = lax.split(table, (50, 50))
    assert len(pieces) == 2
    assert_type(lax.broadcast_shapes((1, 8), (4, 1)), tuple[int, ...])
    z = lax.complex(table, table)
    assert z.shape == (100, 8)
    assert_type(lax.associative_scan(lax.add, (ids, table[:4, 0])), tuple[Array[int32], Array[float32]])
