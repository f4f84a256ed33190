"""Creation functions, positive, dot/matmul/power and divmod with JAX's signatures (positional dtype after defaulted
parameters, named operands), and Array's unhashability.

Checked by pyright and by mypy (with and without the plugin); tests/runtime/test_signatures.py runs the same calls
and holds the runtime to these dtypes.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import numpy as np
from typing_extensions import assert_type

import arraytyping.numpy as anp
from arraytyping import Array, bool_, complex64, float16, float32, int8, int16, int32, uint8


def like(x: Array[float16], w: Array[float], b: Array[bool_]) -> None:
    assert_type(anp.full_like(x, 2), Array[float16])
    assert_type(anp.full_like(x, 2, anp.int8), Array[int8])
    assert_type(anp.full_like(x, 2, "uint8", (2, 3)), Array[uint8])
    assert_type(anp.full_like(x, 2, dtype=np.float32, shape=4), Array[float32])
    assert_type(anp.full_like(w, 1.5), Array[float])  # a weakly typed array stays weak (JAX's lax.full_like)
    assert_type(anp.zeros_like(w), Array[float])
    assert_type(anp.ones_like(b), Array[bool_])
    assert_type(anp.full_like(3.0, 1), Array[float])
    assert_type(anp.zeros_like(2), Array[int])
    assert_type(anp.ones_like(True), Array[bool_])


def positive(x: Array[int8], w: Array[int], b: Array[bool_]) -> None:
    assert_type(anp.positive(x), Array[int8])
    assert_type(anp.positive(w), Array[int])
    assert_type(anp.positive(b), Array[bool_])  # unlike negative, positive takes bool
    assert_type(anp.positive(2.5), Array[float])
    assert_type(anp.positive(True), Array[bool_])
    assert_type(+x, Array[int8])


def ranges() -> None:
    assert_type(anp.arange(5), Array[int32])
    assert_type(anp.arange(0.0, 1.0, 0.25), Array[float32])
    assert_type(anp.arange(0, 10, 2, anp.int8), Array[int8])  # dtype positionally, as in JAX
    assert_type(anp.arange(0, 10, 2, "float16"), Array[float16])
    assert_type(anp.arange(10, dtype=np.uint8), Array[uint8])
    assert_type(anp.linspace(0, 1), Array[float32])
    assert_type(anp.linspace(0, 1, 5, True, False, anp.float16), Array[float16])
    assert_type(anp.linspace(0, 1, 5, dtype=complex), Array[complex64])
    assert_type(anp.linspace(0, 1, 5, endpoint=False, axis=-1), Array[float32])
    assert_type(anp.linspace(0, 1, 5, retstep=True), tuple[Array[float32], Array[float32]])
    assert_type(anp.linspace(0, 1, 5, True, True), tuple[Array[float32], Array[float32]])
    assert_type(anp.linspace(0, 1, 5, retstep=True, dtype="int8"), tuple[Array[Any], Array[Any]])


def products(a: Array[float32], m: Array[float16], i: Array[int8]) -> None:
    assert_type(anp.dot(a, a), Array[float32])
    assert_type(anp.dot(a=m, b=m), Array[float16])  # JAX names dot's and matmul's operands a, b
    assert_type(anp.matmul(m, b=a), Array[float32])
    assert_type(anp.dot(m, 2.0), Array[float16])  # dot takes a scalar (matmul does not): a weak operand
    assert_type(anp.power(i, 2), Array[int8])
    assert_type(anp.power(2.0, m), Array[float16])


def divmods(i: Array[int8], u: Array[uint8], f: Array[float32], w: Array[int]) -> None:
    # divmod(x, y) is (x // y, x % y). Through typeshed's SupportsDivMod protocol, pyright solves the forward form
    # from the first overload of __divmod__ that binds self, before looking at y: an error for every array. So the
    # forward form is one gradual signature in the stubs (the plugin answers it exactly); the reflected form (a Python
    # scalar on the left) keeps its overloads. ty matches typeshed's SupportsRDivMod against every overload of
    # __rdivmod__ and answers the union of their results (one exact, the others Any): limit[ty].
    # (the stubs' Any, the plugin's exact answer: both assignable where JAX's dtype is declared)
    by_int: tuple[Array[int8], Array[int8]] = divmod(i, 3)
    by_uint: tuple[Array[int16], Array[int16]] = divmod(i, u)
    by_weak: tuple[Array[float32], Array[float32]] = divmod(f, w)
    del by_int, by_uint, by_weak
    assert_type(divmod(7, i), tuple[Array[int8], Array[int8]])  # limit[ty]
    assert_type(divmod(7.5, w), tuple[Array[float], Array[float]])  # limit[ty]
    assert_type(divmod(True, u), tuple[Array[uint8], Array[uint8]])  # limit[ty]
    q: Array[float32]
    q, r = divmod(f, 2.0)
    del q, r


def unhashable(x: Array[float32]) -> None:
    h: Hashable = x  # type: ignore[assignment]  # ty: ignore[invalid-assignment]  # arrays are unhashable (__hash__ is None), as in JAX
    del h
