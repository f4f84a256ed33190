"""Normalisation, image scaling, dtype arguments and generic helpers, as users write them.

Checked by pyright and by mypy (with and without the plugin).
"""

from __future__ import annotations

from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt
from typing_extensions import assert_type

import arraytyping.nn as nn
import arraytyping.numpy as anp
from arraytyping import (Array, bfloat16, bool_, complex64, float16, float32, float64, floating, int8, int16, int32, integer, uint8,
                         uint32)
from arraytyping.typing import ComplexArray, FloatArray, IntArray, ScalarType

F = TypeVar("F", bound=floating)


def layer_norm(x: Array[float16], eps: float = 1e-5) -> Array[float16]:
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)  # ** 2: a concrete exponent raises the base only
    out = (x - mean) / anp.sqrt(var + eps)
    assert_type(out, Array[float16])
    return out


def to_unit_range(image: Array[uint8]) -> Array[float32]:
    scaled = image / 255  # true division of integers gives float32
    assert_type(scaled, Array[float32])
    return scaled


def quantize(x: Array[float32]) -> Array[int8]:
    q = (x * 127).astype(anp.int8)
    assert_type(q, Array[int8])
    return q


def dtype_arguments() -> None:
    assert_type(anp.zeros((3,), dtype="bfloat16"), Array[bfloat16])
    assert_type(anp.asarray([1, 2], dtype=anp.int8), Array[int8])
    assert_type(anp.ones((2, 2), dtype=np.float16), Array[float16])
    pixels = np.zeros(3, dtype=np.uint8)
    assert_type(anp.asarray(pixels), Array[uint8])
    x = anp.arange(10)
    assert_type(x.astype(np.dtype(np.float32)), Array[float32])
    assert_type(x.astype(bool), Array[bool_])


def double(x: Array[ScalarType]) -> Array[ScalarType]:
    return x + x  # generic over the dtype: T + T is T


def scale(x: Array[F], s: float) -> Array[Any]:
    return x * s  # an abstract/bound dtype: no dtype error, the result dtype is unknown


def masks(x: Array[float32], y: Array[float32]) -> Array[bool_]:
    m = (x > 0) & (y < 1)
    assert_type(m, Array[bool_])
    return m | ~m


assert_type(double(anp.ones((3,), dtype=bfloat16)), Array[bfloat16])


def accumulate_in_float32(x: Array[bfloat16], i: Array[int8]) -> None:
    """Reductions with dtype=: the result is the requested dtype, canonicalized (float64 is float32 with x64 off)."""
    assert_type(x.sum(dtype=float32), Array[float32])
    assert_type(anp.mean(x, axis=0, dtype=float32), Array[float32])
    assert_type(x.mean(), Array[bfloat16, tuple[()]])
    assert_type(i.sum(0, float), Array[float32])  # dtype is the second positional argument, as in JAX
    assert_type(anp.prod(i, dtype=int), Array[int32])
    assert_type(i.sum(dtype=float64), Array[float32])
    assert_type(i.sum(), Array[int32, tuple[()]])


def numpy_arrays_of_unknown_dtype(a: np.ndarray[Any, Any], b: np.ndarray[Any, np.dtype[np.int8]]) -> None:
    """A one-operand function of an ``NDArray[Any]`` is gradual, not the first typed overload's dtype (fuzzer)."""
    # mypy alone: Array[Any, Any] (an Any argument makes its overload search answer Any for the shape too): limit[mypy]
    assert_type(anp.negative(a), Array[Any])  # limit[mypy]
    assert_type(anp.sin(a), Array[Any])  # limit[mypy]
    assert_type(anp.negative(b), Array[int8])


def reshaping_numpy_values(a: npt.NDArray[np.float64], x: Array[float32]) -> None:
    """``anp.reshape`` of a numpy value is numpy's own reshape (JAX 0.10.2 forwards it to the operand's method): a
    numpy result in the operand's dtype, ``float64`` with x64 off too; of an array, an array of its dtype."""
    assert_type(anp.reshape(a, (3, 1)), np.ndarray[tuple[int, ...], np.dtype[np.float64]])
    assert_type(anp.reshape(np.float32(2), ()), np.float32)
    assert_type(anp.reshape(x, (3, 1)), Array[float32])


def value_methods(c: Array[complex64], x: Array[float32], i: Array[int8], g: Array[F]) -> Array[F]:
    """``x.real``/``x.imag`` (properties, as in JAX), ``x.round()``, ``x.clip()``, ``x.dot()``: the functions' dtypes."""
    assert_type(c.real, Array[float32])
    assert_type(c.imag + x, Array[float32])
    assert_type(i.round(), Array[int8])
    assert_type(i.clip(0, 1), Array[int8])
    assert_type(x.clip(0.0, 1.0), Array[float32])
    assert_type(x.dot(x), Array[float32])
    assert_type(g.real, Array[F])
    return g.clip(0.0, 1.0)


def with_the_aliases(fa: FloatArray, ca: ComplexArray, ia: IntArray, b: Array[bool_], i: Array[int8],
                     w: Array[float]) -> None:
    """The package's aliases mix an abstract class with a weak one (``FloatArray`` is ``Array[float | floating]``):
    the result's dtype depends on which float, so it is ``Any``, and never an error."""
    assert_type(fa * 0.5, Array[Any])
    assert_type(0.5 - fa, Array[Any])
    assert_type(ca - 1e-5, Array[Any])
    assert_type(b / fa, Array[Any])
    assert_type(fa + i, Array[Any])
    assert_type(fa - fa, Array[Any])
    assert_type(w * fa, Array[Any])
    assert_type(b - ia, Array[Any])
    assert_type(anp.subtract(ca, i), Array[Any])
    assert_type(anp.divide(b, fa), Array[Any])
    assert_type(b >= fa, Array[bool_])


def like_numpy_values(n: np.ndarray[Any, np.dtype[np.int64]]) -> None:
    # a numpy value is strong and canonicalized (x64 off): np.float64 is not a Python float here
    assert_type(anp.zeros_like(np.float64(2)), Array[float32])
    # mypy alone answers Any for an int64 numpy array here, as for asarray (the plugin is exact): limit[mypy]
    assert_type(anp.ones_like(n), Array[int32])  # limit[mypy]
    assert_type(anp.full_like(2.0, 1), Array[float])


def generic_with_a_numpy_float64(x: Array[F], d: np.float64) -> Array[F]:
    # np.float64 subclasses float, but it is a strong float64: F * d is float32 for every F that runs, not F.
    # Without the plugin the stubs answer Any (they cannot tell np.float64 from float in a keep overload):
    # limit[mypy] limit[pyright] limit[pyrefly] limit[ty]
    assert_type(x * d, Array[float32])  # limit[mypy] limit[pyright] limit[pyrefly] limit[ty]
    assert_type(x * 2.0, Array[F])
    return x


def robust_stats(x: Array[bfloat16], counts: Array[int32], n: np.ndarray[Any, np.dtype[np.float64]]) -> None:
    """Element-wise functions and dtype-keeping reshapes of jax.numpy, as a data pipeline uses them: each answer is
    the rule's (``op_rules.UNARY``), with or without the plugin."""
    assert_type(anp.log1p(x), Array[bfloat16])
    assert_type(anp.expm1(counts), Array[float32])  # integers become the default float
    assert_type(anp.isnan(x), Array[bool_])
    assert_type(anp.isfinite(counts), Array[bool_])
    assert_type(anp.floor(counts), Array[int32])  # integers are returned as they are
    assert_type(anp.square(True), Array[int32])  # bool squares as int32
    assert_type(anp.log2(2.0), Array[float32])  # a strong constant: not weak
    assert_type(anp.cbrt(n), Array[float32])  # a numpy float64 array is strong, canonicalized
    assert_type(anp.exp2(np.float64(3)), Array[float32])  # np.float64 subclasses float, but is strong
    assert_type(anp.real(x), Array[bfloat16])
    assert_type(anp.sort(anp.ravel(x)), Array[bfloat16])
    assert_type(anp.flip(anp.expand_dims(counts, 0), axis=1), Array[int32])
    assert_type(anp.pad(anp.tril(anp.expand_dims(x, 0)), 1, constant_values=0), Array[bfloat16])
    assert_type(anp.copy(anp.squeeze(anp.tile(x, 2))), Array[bfloat16])
    # a Python scalar is a weak float at run time; the plugin says so, the stubs answer Any:
    # limit[mypy] limit[pyright] limit[pyrefly] limit[ty]
    assert_type(anp.ravel(2.0), Array[float])  # limit[mypy] limit[pyright] limit[pyrefly] limit[ty]
    assert_type(anp.argmax(x, axis=-1), Array[int32])  # the default integer, whatever the operand
    assert_type(anp.count_nonzero(counts), Array[int32])
    assert_type(anp.searchsorted(anp.sort(counts), 3), Array[int32])
    assert_type(anp.isclose(x, 0.0), Array[bool_])
    assert_type(anp.array_equal(counts, n), Array[bool_])


def vocabulary(tokens: Array[int32], size: int) -> tuple[Array[Any], Array[Any]]:
    """``unique`` is one array unless a ``return_*`` flag is true: then a tuple (it was a union with the tuple, so
    ``unique(x, size=n).max()`` was an error in every checker); the one array keeps the operand's dtype."""
    words = anp.unique(tokens, size=size)
    assert_type(words, Array[int32])
    largest = words.max(axis=0)
    words_again, counts = anp.unique(tokens, return_counts=True, size=size)
    assert_type(anp.unique(tokens, True, size=size), tuple[Array[Any], ...])
    return largest + words_again, counts


def from_lists() -> None:
    # a list literal is a nested sequence of its own scalars (mypy infers it in each overload's context)
    assert_type(anp.asarray([1.0, 2.0]), Array[float32])
    assert_type(anp.asarray([1, 2]), Array[int32])
    assert_type(anp.asarray([[True], [False]]), Array[bool_])
    assert_type(anp.array([[1.0, 2.0]]), Array[float32])
    assert_type(anp.asarray((1.0, 2j)), Array[complex64])
    # an empty list is float32 in JAX, a list of Any anything: gradual (not the first typed overload's bool_)
    assert_type(anp.asarray([]), Array[Any])


def generic_cosine(y: Array[F], z: Array[int8]) -> Array[F]:
    # asarray nested in a one-operand function keeps a type variable; an Array is no nested list of Python scalars,
    # so mypy never answers asarray's bool overload for it under the outer call's context
    assert_type(anp.cos(anp.asarray(z)), Array[float32])
    out = anp.cos(anp.asarray(y))
    # ty answers the nested call gradually (Unknown): limit[ty]
    assert_type(out, Array[F])  # limit[ty]
    return out


def selection_and_views(x: Array[float32], w: Array[float], i: Array[int8], idx: Array[int32],
                        mask: Array[bool_]) -> None:
    # compress keeps the class (a weak array's is strong with size=: float32, the plugin's answer; the stubs' is
    # gradual); choose of one array has its class;
    # view(dtype) is that dtype (astype's spellings)
    assert_type(x.compress(mask, axis=0), Array[float32])
    assert_type(anp.compress(mask, i), Array[int8])
    assert_type(w.compress(mask), Array[float])
    assert_type(w.compress(mask, size=2), Array[float32])  # limit[mypy] limit[pyright] limit[pyrefly] limit[ty]
    assert_type(idx.choose(x, mode="wrap"), Array[float32])
    assert_type(anp.choose(idx, i, mode="clip"), Array[int8])
    # a tuple of choices of one class has that class (their join; of a weak class, the stubs give Array[Any] and
    # the plugin float32, the join canonicalized and strong)
    assert_type(anp.choose(idx, (x, x)), Array[float32])
    assert_type(anp.choose(idx, (i, i, i), mode="wrap"), Array[int8])
    assert_type(x.view(), Array[float32])
    assert_type(x.view("int8"), Array[int8])
    assert_type(x.view(anp.uint32), Array[uint32])
    assert_type(i.view(bool), Array[bool_])


def one_hot_labels(labels: Array[int32]) -> None:
    # one_hot takes a list of labels too (JAX converts it with asarray), in every checker
    assert_type(nn.one_hot([0, 2, 1], 3), Array[float32])
    assert_type(nn.one_hot([0, 2, 1], 3, dtype="int16"), Array[int16])
    assert_type(nn.one_hot(labels, 3, dtype=anp.bfloat16), Array[bfloat16])


def nested_calls(x: Array[float32], h: Array[float16], i: Array[int32], j: Array[int8]) -> None:
    # a call on two dtypes in the argument of a one-operand function: mypy infers it in the context of each overload's
    # parameter, which for classes sharing one result is a type variable bound to them (their union was an error)
    assert_type(anp.signbit(anp.add(x, h)), Array[bool_])
    assert_type(anp.exp(anp.add(i, j)), Array[float32])
    assert_type(anp.isposinf(anp.true_divide(x, i)), Array[bool_])
    assert_type(anp.isnan(anp.subtract(i, j)), Array[bool_])
    assert_type(anp.mean(anp.add(i, j), axis=0), Array[float32])


def abs_of_generic_arrays(x: Array[F], f: Array[floating], c: ComplexArray, i: IntArray, w: FloatArray) -> None:
    # abs() of an abstract array answers the abstract class of every member's answer (the complex ones' too), and
    # no __abs__ overload that such an array meets answers Array[Any]: typeshed's abs(x: SupportsAbs[T]) nested in
    # an overloaded call is solved from the outer overload's parameter first, which Array[Any] satisfies, and mypy
    # alone answered anp.atanh(abs(x)) as that overload's Array[complex64]; ty solves it so too and refuses
    assert_type(anp.atanh(abs(x)), Array[F])  # limit[pyrefly] limit[ty]
    assert_type(anp.sqrt(abs(f)), Array[floating])  # ty: ignore[invalid-argument-type]  # limit[ty]
    # alone, pyrefly and ty answer abs() gradually here (the README's row on abs() in pyrefly and ty)
    assert_type(abs(x), Array[F])  # limit[pyrefly] limit[ty]
    assert_type(abs(c), Array[floating | float])  # limit[pyrefly] limit[ty]
    assert_type(abs(i), Array[integer | int])  # limit[pyrefly] limit[ty]
    assert_type(abs(w), Array[floating | float])  # limit[pyrefly] limit[ty]


def nested_with_a_python_scalar(u: Array[uint8], i: Array[int32], h: Array[float16]) -> None:
    # mypy alone infers the inner call with the outer overload's parameter as context: its result taken from a
    # weak float there, it refused the int overload and took the float one, which an int meets (Array[float],
    # wrong); a gradual twin after each such overload makes it Array[Any] there: limit[mypy]
    assert_type(u + anp.remainder(i, 2), Array[int32])  # limit[mypy]
    assert_type(anp.maximum(u, anp.floor_divide(i, 2)), Array[int32])  # limit[mypy]
    assert_type(anp.where(u, anp.remainder(i, 2), u), Array[int32])  # limit[mypy]
    assert_type(anp.arctan2(h, anp.remainder(i, 2)), Array[float16])  # limit[mypy]
    r = anp.remainder(i, 2)  # assigned first, exact everywhere
    assert_type(u + r, Array[int32])
