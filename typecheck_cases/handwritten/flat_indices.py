"""Flat indices made multi-dimensional and back, as array code writes them: the row and column of a matrix's
largest entry, the cell of each flat position in an image, a batch's best class per example and position, the
flat index of (row, column) pairs into an embedding table. ``unravel_index`` gives one array per axis of the
shape, each of the indices' shape and integer dtype (a Python int's, the weak ``int``): a tuple of any length in
the stubs, one array per size with the plugin. ``ravel_multi_index`` gives its ``dtype=`` (an integer class), or
without one the indices' join with a Python int: ``Array[Any]`` in the stubs, exact with the plugin.

Checked by every checker (tests/typing/test_handwritten.py).
"""
# mypy: disable-error-code="unused-ignore"

from __future__ import annotations

from typing import Any

from typing_extensions import assert_type

import arraytyping.numpy as anp
from arraytyping import Array, float32, int8, int32, uint8, uint16


def argmax_2d(scores: Array[float32]) -> tuple[Array[int32], Array[int32]]:
    row, col = anp.unravel_index(anp.argmax(scores), scores.shape)
    return row, col


def pixel_cells(flat: Array[uint16], height: int, width: int) -> Array[uint16]:
    y, x = anp.unravel_index(flat, (height, width))
    return y * width + x  # back to the flat index (out-of-bounds ones clipped to the last cell)


def best_positions(logits: Array[float32], positions: int, classes: int) -> Array[int32]:
    flat = anp.argmax(logits.reshape(logits.shape[0], -1), axis=-1)
    position, _ = anp.unravel_index(flat, (positions, classes))
    return position


def table_rows(rows: Array[int32], cols: Array[int32], width: int) -> Array[int32]:
    return anp.ravel_multi_index((rows, cols), (1024, width), mode="clip", dtype=int32)


def pair_codes(a: Array[uint16], b: Array[uint16]) -> Array[Any]:
    return anp.ravel_multi_index((a, b), (256, 256), mode="wrap")  # the plugin: Array[int32]


def use(i8: Array[int8], x: Array[float32]) -> None:
    assert_type(anp.unravel_index(i8, (3, 4))[1], Array[int8])
    cell: tuple[Array[int], ...] = anp.unravel_index(7, (3, 4))  # weak: 0-d (the plugin says so) arrays
    assert cell
    assert_type(anp.unravel_index(x, 12)[0], Array[float32])
    assert_type(anp.ravel_multi_index((i8, i8), (3, 4), dtype="uint8"), Array[uint8])
