"""``arraytyping.lax``'s elementwise functions and ``stop_gradient`` as users write them: a straight-through
estimator, a numerically stable log-sigmoid, a target network's parameters held constant. Each keeps its operand's
dtype (never promoted: ``lax.exp`` of an integer array is refused), and ``stop_gradient`` returns the pytree it is
given, whatever it holds.

Checked by every checker (tests/typing/test_handwritten.py).
"""
# mypy: disable-error-code="unused-ignore"

from __future__ import annotations

from typing import NamedTuple

from typing_extensions import assert_type

import arraytyping as at
import arraytyping.numpy as anp
from arraytyping import Array, bfloat16, float32, int32, lax


def straight_through_round(x: Array[float32]) -> Array[float32]:
    """Rounds forward, passes the gradient through unchanged backward."""
    return x + lax.stop_gradient(lax.round(x, lax.RoundingMethod.TO_NEAREST_EVEN) - x)


def log_sigmoid(x: Array[bfloat16]) -> Array[bfloat16]:
    return lax.log(lax.logistic(x))


class Params(NamedTuple):
    w: Array[float32]
    b: Array[float32]


def td_loss(online: Params, target: Params, x: Array[float32], r: Array[float32]) -> Array[float32]:
    frozen = lax.stop_gradient(target)
    assert_type(frozen, Params)
    q_next = lax.tanh(x @ frozen.w + frozen.b)
    q = lax.tanh(x @ online.w + online.b)
    return lax.square(q - (r + 0.99 * q_next)).mean()


def use(x: Array[float32], h: Array[bfloat16], n: Array[int32]) -> None:
    assert_type(lax.exp(x), Array[float32])
    assert_type(lax.sqrt(h), Array[bfloat16])
    assert_type(lax.neg(n), Array[int32])
    assert_type(lax.square(n), Array[int32])
    assert_type(lax.bitwise_not(n), Array[int32])
    assert_type(lax.floor(x), Array[float32])
    assert_type(lax.sin(2.0), Array[float])
    assert_type(lax.select(x > 0, x, lax.neg(x)), Array[float32])
    assert_type(lax.select(True, h, h), Array[bfloat16])
    assert_type(lax.select(n > 0, 1.0, 2.0), Array[float])
    assert_type(straight_through_round(x), Array[float32])
    assert_type(at.grad(straight_through_round)(x), Array[float32])
    assert_type(lax.stop_gradient((x, n)), tuple[Array[float32], Array[int32]])
    p = Params(anp.ones((3, 2), float32), anp.zeros((2,), float32))
    assert_type(at.grad(td_loss)(p, p, x, x), Params)


def refused(n: Array[int32]) -> None:
    lax.exp(n)  # type: ignore[arg-type]  # ty: ignore[no-matching-overload]  # exp takes floating and complex dtypes
