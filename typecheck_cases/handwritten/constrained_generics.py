"""Generic helpers over a constrained type variable (``TypeVar("C", int32, float32)``) that combine an array with
itself, where JAX keeps the dtype: the helper's ``-> Array[C]`` holds in every checker. mypy checks the body once
per constraint and is exact; pyright, pyrefly and ty match ``Array[C]`` as one type and answer ``Array[Any]`` or
``Array[C]`` (an operation of two different dtypes, or with a Python scalar, is a limit: the README's table).

Checked by every checker (tests/typing/test_handwritten.py); tests/runtime/test_constrained_generics.py runs the
same helpers on each constraint.
"""

from __future__ import annotations

from typing import TypeVar

import arraytyping.numpy as anp
from arraytyping import Array, bfloat16, bool_, float16, float32, int8, int32, uint16

C = TypeVar("C", int32, float32)
H = TypeVar("H", float16, bfloat16)
B = TypeVar("B", bool_, int8)
U = TypeVar("U", int8, uint16)


def floor_quotient(x: Array[C], y: Array[C]) -> Array[C]:
    return x // y


def remainder(x: Array[C], y: Array[C]) -> Array[C]:
    return x % y


def difference(x: Array[C], y: Array[C]) -> Array[C]:
    return x - y


def power(x: Array[H], y: Array[H]) -> Array[H]:
    return x ** y


def masks(a: Array[B], b: Array[B]) -> tuple[Array[B], Array[B], Array[B]]:
    return a & b, a | b, a ^ b


def shifts(x: Array[U], n: Array[U]) -> tuple[Array[U], Array[U]]:
    return x << n, x >> n


def as_functions(x: Array[C], y: Array[C]) -> tuple[Array[C], Array[C], Array[C]]:
    return anp.floor_divide(x, y), anp.subtract(x, y), anp.remainder(x, y)


def mask_function(a: Array[B], b: Array[B]) -> Array[B]:
    return anp.bitwise_xor(a, b)
