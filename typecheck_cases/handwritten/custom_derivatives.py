"""Custom derivatives as users write them: ``custom_jvp`` keeps the decorated function's parameters and return type
(its calls are checked against them), ``defjvp`` works as a decorator and returns the rule unchanged, and the
function composes with ``grad``, ``jit`` and ``vmap`` like any other.

Checked by every checker (tests/typing/test_handwritten.py).
"""

from __future__ import annotations

from typing_extensions import assert_type

import arraytyping as at
import arraytyping.numpy as anp
from arraytyping import Array, float32


@at.custom_jvp
def softclip(x: Array[float32]) -> Array[float32]:
    return anp.tanh(x)


@softclip.defjvp
def softclip_jvp(primals: tuple[Array[float32]], tangents: tuple[Array[float32]]
                 ) -> tuple[Array[float32], Array[float32]]:
    (x,), (t,) = primals, tangents
    y = softclip(x)
    return y, t * (1 - y * y)


def power(x: Array[float32], n: int) -> Array[float32]:
    return x ** n


power_c = at.custom_jvp(power, nondiff_argnums=(1,))


def power_jvp(n: int, primals: tuple[Array[float32]], tangents: tuple[Array[float32]]
              ) -> tuple[Array[float32], Array[float32]]:
    (x,), (t,) = primals, tangents
    return power_c(x, n), n * x ** (n - 1) * t


power_c.defjvp(power_jvp)


def use(x: Array[float32]) -> None:
    assert_type(softclip(x), Array[float32])
    assert_type(at.grad(softclip)(x), Array[float32])
    assert_type(at.jit(softclip)(x), Array[float32])
    assert_type(at.vmap(softclip)(x), Array[float32])
    assert_type(power_c(x, 3), Array[float32])
    assert_type(at.grad(power_c)(x, 2), Array[float32])
    assert_type(softclip.nondiff_argnums, tuple[int, ...])
