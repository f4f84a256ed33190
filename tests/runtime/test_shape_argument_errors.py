"""A bad shape argument is the caller's ``TypeError`` with JAX 0.10.2's own words (the messages below were printed by
JAX 0.10.2 for the same calls), never an error from XLA while lowering: a negative dimension wherever a shape
reaches ``broadcast_in_dim`` or ``iota``, a size that is no integer wherever a shape is read
(``core.canonicalize_shape``), and every ``reshape`` it refuses. Where JAX itself fails inside (its samplers let a
negative shape reach XLA, an ``MLIRError``; a ``reshape`` of a known size 0 with ``-1`` divides by zero), ours is a
``TypeError`` naming the shape."""

from __future__ import annotations

import re
from collections.abc import Callable

import numpy as np
import pytest

import arraytyping.lax as lax
import arraytyping.numpy as anp
import arraytyping.random as random
from arraytyping import jit

BROADCAST = "broadcast_in_dim shape must have every element be nonnegative, got {}."
IOTA = "iota shape must have every element be nonnegative, got {}."
RANDOM = "a random shape must have every element be nonnegative, got {}."
SHAPES = "Shapes must be 1D sequences of concrete values of integer type, got {}."

CASES: list[tuple[str, Callable[[], object], str]] = [
    ("zeros", lambda: anp.zeros((2, -1)), BROADCAST.format("(2, -1)")),
    ("ones", lambda: anp.ones(-1), BROADCAST.format("(-1,)")),
    ("empty", lambda: anp.empty(-3), BROADCAST.format("(-3,)")),
    ("full", lambda: anp.full((-1,), 2), BROADCAST.format("(-1,)")),
    ("full_like", lambda: anp.full_like(anp.ones(2), 1, shape=(-1,)), BROADCAST.format("(-1,)")),
    ("zeros_like", lambda: anp.zeros_like(anp.ones(2), shape=(-1,)), BROADCAST.format("(-1,)")),
    ("broadcast_to", lambda: anp.broadcast_to(anp.ones(2), (-1, 2)), BROADCAST.format("(-1, 2)")),
    ("broadcast_to scalar", lambda: anp.broadcast_to(1.0, (-1,)), BROADCAST.format("(-1,)")),
    ("lax.broadcast_in_dim", lambda: lax.broadcast_in_dim(anp.float32(1), (-2,), ()), BROADCAST.format("(-2,)")),
    ("lax.iota", lambda: lax.iota("int32", -1), IOTA.format("(-1,)")),
    ("tri", lambda: anp.tri(-1), IOTA.format("(-1, -1)")),
    ("random.normal", lambda: random.normal(random.key(0), (-1,)), RANDOM.format("(-1,)")),
    ("random.uniform", lambda: random.uniform(random.key(0), (2, -1)), RANDOM.format("(2, -1)")),
    ("random.bits", lambda: random.bits(random.key(0), (-1,)), RANDOM.format("(-1,)")),
    # sizes that are no integers
    ("ones float", lambda: anp.ones(2.5), SHAPES.format("(2.5,)")),
    ("ones list", lambda: anp.ones([2.5, 1]), SHAPES.format("[2.5, 1]")),
    ("ones str", lambda: anp.ones("a"), SHAPES.format("('a',)")),
    ("zeros None", lambda: anp.zeros(None), SHAPES.format("(None,)")),
    ("empty str dim", lambda: anp.empty((2, "3")), SHAPES.format("(2, '3')")),
    ("broadcast_to float", lambda: anp.broadcast_to(1.0, 2.5), SHAPES.format("(2.5,)")),
    ("broadcast_to None", lambda: anp.broadcast_to(anp.ones((2, 3)), (None, 3)), SHAPES.format("(None, 3)")),
    ("reshape float", lambda: anp.reshape(anp.ones(2), (2.0,)), SHAPES.format("(2.0,)")),
    ("lax.iota float", lambda: lax.iota("int32", 2.5), SHAPES.format("(2.5,)")),
    ("random.uniform None", lambda: random.uniform(random.key(0), (None,)), SHAPES.format("(None,)")),
    # reshape
    ("reshape two -1", lambda: anp.ones((2, 3)).reshape(-1, -1),
     "can only specify one unknown axis size with a `-1` value, got (-1, -1)"),
    ("reshape -1 not dividing", lambda: anp.reshape(anp.ones((2, 3)), (4, -1)),
     "cannot reshape array of shape (2, 3) (size 6) into shape (4, -1) because the product of specified axis sizes "
     "(4) does not evenly divide 6"),
    ("reshape size", lambda: anp.reshape(anp.ones((2, 3)), (7,)),
     "cannot reshape array of shape (2, 3) (size 6) into shape (7,) (size 7)"),
    ("reshape negative size", lambda: anp.reshape(anp.ones((2, 3)), (2, -2)),
     "cannot reshape array of shape (2, 3) (size 6) into shape (2, -2) (size -4)"),
    ("reshape negative", lambda: anp.reshape(anp.ones((2, 3)), (-2, -3)),
     "reshape new_sizes must all be positive, got (-2, -3)."),
    ("reshape -1 negative", lambda: anp.reshape(anp.ones((2, 3)), (-1, -6)),
     "reshape new_sizes must all be positive, got (-1, -6)."),
    ("reshape size 0 with -1", lambda: anp.reshape(anp.ones((0, 3)), (0, -1)),
     "cannot reshape array of shape (0, 3) (size 0) into shape (0, -1) because the product of specified axis sizes "
     "(0) does not evenly divide 0"),
]


@pytest.mark.parametrize(("call", "expected"), [(c, m) for _, c, m in CASES], ids=[n for n, _, _ in CASES])
def test_bad_shape_is_a_type_error(call: Callable[[], object], expected: str) -> None:
    with pytest.raises(TypeError, match=f"^{re.escape(expected)}$"):
        call()


def test_negative_dimension_under_jit_is_refused_while_tracing() -> None:
    with pytest.raises(TypeError, match=re.escape(BROADCAST.format("(-4,)"))):
        jit(lambda x: anp.broadcast_to(x, (-4,)))(anp.ones(()))


def test_good_shapes_still_work() -> None:
    assert anp.zeros((2, 0)).shape == (2, 0)
    assert anp.ones((np.int32(2), True)).shape == (2, 1)  # numpy integers and bools are sizes
    assert anp.reshape(anp.ones((0, 3)), (-1,)).shape == (0,)
    assert anp.ones((2, 3)).reshape(3, -1).shape == (3, 2)
    # any iterable of sizes, as JAX's canonicalize_shape takes it
    assert anp.ones(np.array([2, 3])).shape == anp.ones(range(2, 4)).shape == (2, 3)
    assert anp.zeros(anp.array([2, 3])).shape == (2, 3)
    assert random.normal(random.key(0), range(1, 3)).shape == (1, 2)
    assert anp.reshape(anp.ones(4), np.array([2, 2])).shape == (2, 2)
    assert anp.ones(np.array(3)).shape == (3,)
    assert random.normal(random.key(0), (0,)).shape == (0,)
    assert lax.iota("int32", 0).shape == (0,)
