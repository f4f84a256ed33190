"""``isscalar``, ``iscomplexobj``, ``isrealobj`` and ``broadcast_shapes``: Python answers about objects and shapes,
as JAX 0.10.2's ``jax.numpy`` gives them (the expected values are JAX's, recorded by hand from its venv: where JAX
departs from numpy, as ``isscalar`` of a rank-0 array, the test says so)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import arraytyping.numpy as anp

SCALARS: list[tuple[Any, bool]] = [
    (1, True), (2.5, True), (1j, True), (True, True), ("a", True), (np.float32(2), True),
    (np.ones(()), True),  # JAX: a rank-0 numpy array is a scalar (numpy.isscalar says no)
    (np.ones(3), False), ([1], False), ((1,), False), (None, False),
]


@pytest.mark.parametrize(("value", "expected"), SCALARS, ids=[repr(v) for v, _ in SCALARS])
def test_isscalar(value: Any, expected: bool) -> None:
    assert anp.isscalar(value) is expected


def test_isscalar_of_arrays() -> None:
    assert anp.isscalar(anp.ones(())) is True
    assert anp.isscalar(anp.asarray(2.0)) is True
    assert anp.isscalar(anp.ones((1,))) is False


COMPLEX: list[tuple[Any, bool]] = [
    (1j, True), (np.complex64(1), True), ([1, 2j], True), (np.zeros(2, np.complex128), True),
    (1, False), (2.5, False), (True, False), ("x", False), (None, False), (np.float64(1), False), ([1.0, 2.0], False),
]


@pytest.mark.parametrize(("value", "expected"), COMPLEX, ids=[repr(v) for v, _ in COMPLEX])
def test_iscomplexobj_and_isrealobj(value: Any, expected: bool) -> None:
    assert anp.iscomplexobj(value) is expected
    assert anp.isrealobj(value) is (not expected)


def test_iscomplexobj_goes_by_dtype_not_values() -> None:
    assert anp.iscomplexobj(anp.zeros(3, dtype=anp.complex64)) is True
    assert anp.iscomplexobj(anp.ones(3)) is False
    assert anp.iscomplexobj(anp.ones(3, dtype=anp.bfloat16)) is False


SHAPES: list[tuple[tuple[Any, ...], tuple[int, ...]]] = [
    (((3, 1), (2, 1, 4)), (2, 3, 4)), ((3, (2, 1)), (2, 3)), ((), ()), (((2, 3),), (2, 3)), (((), (4,)), (4,)),
    (((1,), (1, 1)), (1, 1)), (((0,), (1,)), (0,)), (((5, 1, 2), (1, 3, 1)), (5, 3, 2)),
]


@pytest.mark.parametrize(("shapes", "expected"), SHAPES, ids=[repr(s) for s, _ in SHAPES])
def test_broadcast_shapes(shapes: tuple[Any, ...], expected: tuple[int, ...]) -> None:
    assert anp.broadcast_shapes(*shapes) == expected
    if shapes:
        assert np.broadcast_shapes(*shapes) == expected  # numpy agrees wherever JAX computes


def test_broadcast_shapes_refusals() -> None:
    with pytest.raises(ValueError, match=r"Incompatible shapes for broadcasting: shapes=\[\(3,\), \(4,\)\]"):
        anp.broadcast_shapes((3,), (4,))
    with pytest.raises(TypeError, match="non-negative"):
        anp.broadcast_shapes((-1,), (3,))
    with pytest.raises(TypeError, match="integer type"):
        anp.broadcast_shapes((2.5,), (3,))
