"""``Array[dtype]`` annotations work at run time too, not only in the type checkers."""

from __future__ import annotations

import typing

import arraytyping as at
import arraytyping.numpy as anp


def scale(x: at.Array[at.float32], k: float) -> at.Array[at.float32]:
    return x * k


def test_array_is_subscriptable_at_run_time() -> None:
    alias = at.Array[at.bfloat16]
    assert typing.get_origin(alias) is at.Array
    assert typing.get_args(alias) == (at.bfloat16,)
    assert at.Array[at.floating] != at.Array[at.float32]


def test_evaluated_annotations_resolve() -> None:
    hints = typing.get_type_hints(scale)
    assert hints["x"] == at.Array[at.float32] and hints["return"] == at.Array[at.float32]
    out = scale(anp.ones(2, dtype=anp.float32), 2.0)
    assert isinstance(out, at.Array) and out.dtype == at.float32.dtype
