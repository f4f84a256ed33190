"""The runtime's shapes are :mod:`arraytyping.shape_rules`' on literal shapes: every small case of each rule, through
``eval_shape`` (abstract evaluation, as the runtime computes a result's type), the same shape or both refuse."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from typing import Any

import pytest

import arraytyping as at
import arraytyping.numpy as anp
from arraytyping import shape_rules
from arraytyping.shape_rules import Shape, ShapeError

REFUSED = "refused"


def shapes(dims: tuple[int, ...], max_rank: int) -> list[tuple[int, ...]]:
    return [s for r in range(max_rank + 1) for s in itertools.product(dims, repeat=r)]


@functools.cache
def zeros(shape: tuple[int, ...]) -> Any:
    return anp.zeros(shape)


def runtime(fn: Callable[..., Any], *shapes_in: tuple[int, ...]) -> tuple[int, ...] | str:
    try:
        return tuple(at.eval_shape(fn, *(zeros(s) for s in shapes_in)).shape)
    except (ValueError, TypeError, IndexError):
        return REFUSED


def rule(fn: Callable[[], Shape | None]) -> Shape | None | str:
    try:
        return fn()
    except ShapeError:
        return REFUSED


def test_broadcasting() -> None:
    for a, b in itertools.product(shapes((1, 2, 3), 3), repeat=2):
        assert runtime(anp.add, a, b) == rule(lambda: shape_rules.broadcast_shapes(a, b)), (a, b)
    for a, b, c in itertools.product(shapes((1, 2), 2), repeat=3):
        assert runtime(lambda x, y, z: anp.where(x > 0, y, z), a, b, c) == \
            rule(lambda: shape_rules.broadcast_shapes(a, b, c)), (a, b, c)


def test_matmul_and_dot() -> None:
    for a, b in itertools.product(shapes((1, 2, 3), 3), repeat=2):
        assert runtime(anp.matmul, a, b) == rule(lambda: shape_rules.matmul(a, b)), (a, b)
        if len(b) <= 2:  # the runtime's dot takes a right operand of rank <= 2 (NotImplementedError otherwise)
            assert runtime(anp.dot, a, b) == rule(lambda: shape_rules.dot(a, b)), (a, b)


def test_reductions_reshape_and_axes() -> None:
    axes: list[Any] = [None, *range(-4, 4), (0, -1), (0, 0), ()]
    for s in shapes((2, 3), 3):
        for axis in axes:
            for keepdims in (False, True):
                assert runtime(lambda x: anp.sum(x, axis=axis, keepdims=keepdims), s) == \
                    rule(lambda: shape_rules.reduce_shape(s, axis, keepdims)), (s, axis, keepdims)
            if axis is not None:
                assert runtime(lambda x: anp.expand_dims(x, axis), s) == \
                    rule(lambda: shape_rules.expand_dims(s, axis)), (s, axis)
        for t in shapes((-1, 2, 3, 6), 2):
            assert runtime(lambda x: anp.reshape(x, t), s) == rule(lambda: shape_rules.reshape(s, t)), (s, t)
        for p in [None, *itertools.permutations(range(len(s))), (0, 5)[:len(s)], (-1, 0)[:len(s)]]:
            assert runtime(lambda x: anp.transpose(x, p), s) == rule(lambda: shape_rules.transpose(s, p)), (s, p)
    for s in shapes((1, 2), 3):
        for axis in [None, *range(-3, 3), (0, -1)]:
            assert runtime(lambda x: anp.squeeze(x, axis), s) == rule(lambda: shape_rules.squeeze(s, axis)), (s, axis)


def test_transpose_refuses_an_axis_out_of_range() -> None:
    """JAX's ``transpose`` canonicalizes each axis (``ValueError`` out of range); the runtime used to wrap it."""
    with pytest.raises(ValueError, match="don't match an array of dimension 2"):
        anp.transpose(anp.zeros((2, 3)), (0, 5))


def test_concatenate_and_stack() -> None:
    small = shapes((1, 2), 2)
    for ss in itertools.product(small, repeat=2):
        for axis in (None, -2, -1, 0, 1, 2):
            assert runtime(lambda *xs: anp.concatenate(xs, axis=axis), *ss) == \
                rule(lambda: shape_rules.concatenate(ss, axis)), (ss, axis)
            if axis is not None:
                assert runtime(lambda *xs: anp.stack(xs, axis=axis), *ss) == \
                    rule(lambda: shape_rules.stack(ss, axis)), (ss, axis)


def test_basic_indexing() -> None:
    """Ints in bounds (out of bounds: the next test), slices, new axes, one ellipsis, on axes of sizes 0, 1, 3."""
    items: list[Any] = [0, -1, None, ..., slice(None), slice(1, None), slice(None, None, -1), slice(5, 1, -1),
                        slice(None, None, 2)]
    for s in shapes((0, 1, 3), 2):
        for t in (t for r in range(3) for t in itertools.product(items, repeat=r)):
            assert runtime(lambda x: x[t], s) == rule(lambda: shape_rules.index(s, t)), (s, t)


def test_static_int_index_out_of_bounds_clamps_as_in_jax() -> None:
    assert runtime(lambda x: x[5], (3,)) == rule(lambda: shape_rules.index((3,), (5,))) == ()
