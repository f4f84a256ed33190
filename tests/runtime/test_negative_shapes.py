"""A negative dimension is the caller's ``TypeError`` with JAX 0.10.2's own words wherever a shape reaches
``broadcast_in_dim`` or ``iota`` (the messages below were printed by JAX 0.10.2 for the same calls), never an error
from XLA while lowering. JAX's samplers let a negative shape reach XLA (an internal ``MLIRError``); ours refuse it
with a ``TypeError`` naming the shape."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

import arraytyping.lax as lax
import arraytyping.numpy as anp
import arraytyping.random as random
from arraytyping import jit

BROADCAST = "broadcast_in_dim shape must have every element be nonnegative, got {}."
IOTA = "iota shape must have every element be nonnegative, got {}."
RANDOM = "a random shape must have every element be nonnegative, got {}."

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
]


@pytest.mark.parametrize(("call", "expected"), [(c, m) for _, c, m in CASES], ids=[n for n, _, _ in CASES])
def test_negative_dimension_is_a_type_error(call: Callable[[], object], expected: str) -> None:
    with pytest.raises(TypeError, match=f"^{re.escape(expected)}$"):
        call()


def test_negative_dimension_under_jit_is_refused_while_tracing() -> None:
    with pytest.raises(TypeError, match=re.escape(BROADCAST.format("(-4,)"))):
        jit(lambda x: anp.broadcast_to(x, (-4,)))(anp.ones(()))


def test_empty_shapes_still_work() -> None:
    assert anp.zeros((2, 0)).shape == (2, 0)
    assert random.normal(random.key(0), (0,)).shape == (0,)
    assert lax.iota("int32", 0).shape == (0,)
