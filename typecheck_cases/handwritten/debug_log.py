"""``debug.log`` as users write it: one call with the message, or the two-call form (options first); the effects
are classes.

Checked by every checker (tests/typing/test_handwritten.py).
"""

from __future__ import annotations

from collections.abc import Callable

from typing_extensions import assert_type

import arraytyping as at
from arraytyping import Array, float32


@at.jit
def step(x: Array[float32]) -> Array[float32]:
    at.debug.log("x = {x}", x=x)
    assert_type(at.debug.log(ordered=True), Callable[..., None])
    at.debug.log(ordered=True)("again {}", x)
    return x + 1


def effects() -> None:
    assert_type(str(at.debug.DebugEffect()), str)
    assert_type(at.debug.OrderedDebugEffect(), at.debug.OrderedDebugEffect)
