"""The layout functions as array code uses them: an image batch moved between channel-last and channel-first,
per-channel statistics from ``unstack``, a depth-stacked pair of feature maps, a batch of matrices transposed, a
sequence split into windows, the diagonal of a generic matrix. Each keeps its operand's dtype (``unstack`` a tuple of them, the splits a list); the
joining ones join their arrays' dtypes where the stubs can prove it (a tuple of arrays of one class), and a list
is ``Array[Any]`` without the plugin. A diagonal keeps a strong dtype, but JAX's diagonal of a weak square matrix is
strong, so an array of a type variable that may be weak (unbounded) gives ``Array[Any]``, as do ``compress`` with
``size=`` (a strong fill) and ``view`` (of its own dtype, a weak array stays weak).

Checked by every checker (tests/typing/test_handwritten.py).
"""
# mypy: disable-error-code="unused-ignore"

from __future__ import annotations

from typing import Any, TypeVar

from typing_extensions import assert_type

import arraytyping.numpy as anp
from arraytyping import Array, bfloat16, bool_, float32, floating, int8, int32

F = TypeVar("F", bound=floating)
T = TypeVar("T")


def channels_first(images: Array[float32]) -> Array[float32]:
    return anp.rollaxis(images, -1, 1)


def channels_last(images: Array[bfloat16]) -> Array[bfloat16]:
    return anp.permute_dims(images, (0, 2, 3, 1))


def gram(m: Array[F]) -> Array[F]:
    return anp.matrix_transpose(m) @ m


def channel_means(image: Array[float32]) -> list[Array[float32]]:
    return [c.mean() for c in anp.unstack(image, axis=-1)]


def windows(seq: Array[int8]) -> list[Array[int8]]:
    return anp.hsplit(seq, 4)


def mirrored(x: Array[F]) -> Array[F]:
    return anp.fliplr(anp.flipud(x))


def diagonal_of(m: Array[F]) -> Array[F]:
    return anp.diagonal(m) * m.diagonal()


def trimmed(x: Array[float32], w: Array[float], g: Array[T]) -> None:
    """``resize`` and ``delete`` keep the array's dtype and weak flag (of a type variable too)."""
    assert_type(anp.resize(x, (2, 3)), Array[float32])
    assert_type(anp.delete(w, 0), Array[float])
    assert_type(anp.delete(g, anp.s_[1:], axis=0), Array[T])
    assert_type(anp.delete(x, anp.array([0, 2]), axis=1, assume_unique_indices=True), Array[float32])


def every_other(x: Array[float32]) -> str:
    """numpy's own helpers, as jax.numpy has them: an index expression, and the text of an array."""
    assert_type(x[anp.s_[::2]], Array[float32])
    assert_type(x[anp.index_exp[1:]], Array[float32])
    return anp.array_str(x[anp.s_[:3]]) + anp.array_repr(x)


def generic_diagonal(m: Array[T], s: Array[float32], w: Array[int], keep: Array[bool_]) -> None:
    assert_type(anp.diagonal(m), Array[Any])  # T=int: the diagonal of anp.full((3, 3), 1) is a strong int32 in JAX
    assert_type(anp.diag(m), Array[Any])
    assert_type(anp.diag(w), Array[Any])
    assert_type(s.diagonal(), Array[float32])
    assert_type(anp.diag(s, 1), Array[float32])
    # compress pads with a strong fill where size= is given; a view as the array's own dtype keeps it weak
    assert_type(anp.compress(keep, m, size=3), Array[Any])
    assert_type(anp.compress(keep, s, size=3), Array[float32])
    assert_type(m.view(anp.float32), Array[Any])
    assert_type(s.view(anp.int32), Array[int32])


def use(x: Array[float32], y: Array[float32], b: Array[bfloat16], i: Array[int8], a: Array[Any]) -> None:
    assert_type(anp.fliplr(b), Array[bfloat16])
    assert_type(anp.flipud(i), Array[int8])
    assert_type(anp.permute_dims(x, (1, 0)), Array[float32])
    assert_type(anp.matrix_transpose(i), Array[int8])
    assert_type(anp.rollaxis(b, 2), Array[bfloat16])
    assert_type(anp.unstack(x), tuple[Array[float32], ...])
    assert_type(anp.vsplit(b, 2), list[Array[bfloat16]])
    assert_type(anp.dsplit(i, [1]), list[Array[int8]])
    assert_type(anp.concat((x, y), axis=1), Array[float32])
    assert_type(anp.dstack((b, b)), Array[bfloat16])
    assert_type(anp.fliplr(a), Array[Any])


def with_bias_column(features: Array[float32]) -> Array[Any]:
    # append's dtype is the join of both operands: the plugin computes it, the stubs say Array[Any]
    return anp.append(features, anp.ones((features.shape[0], 1)), axis=1)


def same_everywhere(x: Array[float32], row: Array[int8]) -> None:
    assert_type(anp.array_equiv(x, row), Array[bool_])
    assert_type(anp.array_equiv(x, 2.0), Array[bool_])
