"""Questions about floating-point values as numerical code asks them: masks of overflowed entries (``isposinf``,
``isneginf``), the unit in the last place for a tolerance (``spacing``), whether a complex result came out real
(``isreal``, ``iscomplex``), a value split into its parts (``modf``, ``divmod``: two arrays of one dtype, the
floor quotient and remainder of integers in ``//``'s and ``%``'s dtypes), the Python-level questions about objects
and shapes (``isscalar``, ``iscomplexobj``, ``broadcast_shapes``), and arrays of indices (``triu_indices``,
``indices``: the default integer). The masks are strong bool arrays whatever the operand; ``spacing`` has JAX's
inexact dtype (an integer array's is the default float, a bfloat16 array's bfloat16); complex operands are refused
by ``isposinf``/``isneginf``/``spacing``/``modf``/``divmod`` in every checker, as JAX refuses them.

Checked by every checker (tests/typing/test_handwritten.py).
"""
# mypy: disable-error-code="unused-ignore"

from __future__ import annotations

from typing import Any

from typing_extensions import assert_type

import arraytyping.numpy as anp
from arraytyping import Array, bfloat16, bool_, complex64, float16, float32, int8, int32


def clip_overflow(x: Array[float32], big: float) -> Array[float32]:
    return anp.where(anp.isposinf(x), big, anp.where(anp.isneginf(x), -big, x))


def tolerance(x: Array[bfloat16]) -> Array[bfloat16]:
    return 4 * anp.spacing(x)


def real_part_if_real(z: Array[complex64]) -> Array[bool_]:
    return anp.isreal(z)


def use(x: Array[float32], i: Array[int8], b: Array[bfloat16], h: Array[float16], z: Array[complex64],
        a: Array[Any]) -> None:
    assert_type(anp.isposinf(i), Array[bool_])
    assert_type(anp.isneginf(b), Array[bool_])
    assert_type(anp.iscomplex(z), Array[bool_])
    assert_type(anp.isreal(x), Array[bool_])
    assert_type(anp.spacing(x), Array[float32])
    assert_type(anp.spacing(i), Array[float32])
    assert_type(anp.spacing(h), Array[float16])
    assert_type(anp.spacing(a), Array[Any])  # mypy alone: Array[Any, Any] (an Any argument), limit[mypy]
    assert_type(anp.isscalar(x), bool)
    assert_type(anp.iscomplexobj(z), bool)
    assert_type(anp.isrealobj([1.0, 2.0]), bool)
    assert_type(anp.broadcast_shapes((3, 1), (2, 1, 4)), tuple[int, ...])
    anp.spacing(z)  # type: ignore[arg-type]  # ty: ignore[no-matching-overload]  # spacing is not defined for complex numbers
    anp.isposinf(z)  # type: ignore[arg-type]  # ty: ignore[no-matching-overload]  # nor is +inf, for complex numbers


def hours_and_minutes(minutes: Array[int32]) -> tuple[Array[int32], Array[int32]]:
    return anp.divmod(minutes, 60)


def whole_and_fraction(t: Array[float32]) -> Array[float32]:
    frac, whole = anp.modf(t)
    return whole + frac


def parts(x: Array[float32], i: Array[int8], b: Array[bfloat16], z: Array[complex64]) -> None:
    assert_type(anp.modf(i), tuple[Array[float32], Array[float32]])
    assert_type(anp.modf(b)[0], Array[bfloat16])
    assert_type(anp.divmod(i, 3), tuple[Array[int8], Array[int8]])
    assert_type(anp.divmod(x, i)[1], Array[float32])
    assert_type(anp.divmod(b, 2.0)[0], Array[bfloat16])
    anp.modf(z)  # type: ignore[arg-type]  # ty: ignore[no-matching-overload]  # complex numbers have no floor
    anp.divmod(z, 2)  # type: ignore[arg-type]  # ty: ignore[no-matching-overload]  # nor a floor quotient


def upper_triangle(scores: Array[float32]) -> Array[float32]:
    rows, cols = anp.triu_indices(scores.shape[0], 1)
    return scores[rows, cols]


def index_arrays() -> None:
    # the default integer dtype (int32 with x64 off; the plugin follows its x64 setting)
    assert_type(anp.tril_indices(4), tuple[Array[int32], Array[int32]])
    assert_type(anp.diag_indices(3, 3), tuple[Array[int32], ...])
    assert_type(anp.indices((2, 3)), Array[int32])
    assert_type(anp.indices((2, 3), dtype=anp.int8), Array[int8])
    assert_type(anp.indices((2, 3), sparse=True), tuple[Array[int32], ...])
