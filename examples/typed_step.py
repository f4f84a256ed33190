"""Typed array code: what mypy (with the arraytyping plugin) and pyright infer, before anything runs.

``examples/typecheck_examples.py`` runs both checkers on this file. Each ``reveal_type`` shows an inferred dtype;
the last line is a promotion both checkers reject (float8 cannot meet float32 without a cast).
"""

from __future__ import annotations

from typing import TypeVar

import arraytyping as at
import arraytyping.numpy as anp
from arraytyping import Array, bfloat16, float8_e4m3fn, float16, float32, floating, int8, uint8

T = TypeVar("T", bound=floating)


@at.jit
def sgd_step(w: Array[float32], grad: Array[bfloat16], lr: float) -> Array[float32]:
    return w - grad * lr                      # bf16 * weak float stays bf16; f32 - bf16 is f32


def normalise(x: Array[T], scale: Array[T]) -> Array[T]:
    return x / scale                          # generic helpers keep their dtype


def main(w: Array[float32], g: Array[bfloat16], h: Array[float16], q: Array[int8], c: Array[uint8],
         f8: Array[float8_e4m3fn]) -> None:
    reveal_type(sgd_step(w, g, 0.1))          # Array[float32]
    reveal_type(g + h)                        # bf16 + f16 meet at Array[float32]
    reveal_type(w + 2)                        # Array[float32]: a Python int is weak
    reveal_type(q * 2.0)                      # Array[float]: a weak float
    reveal_type(c < q)                        # Array[bool_]
    reveal_type(anp.mean(q))                  # Array[float32]
    reveal_type(normalise(h, h))              # Array[float16]
    reveal_type(f8.astype(anp.float32) + w)   # Array[float32]: an explicit cast first
    _ = f8 + w                                # error: float8_e4m3fn and float32 have no implicit promotion
