"""``indices``, ``diag_indices``, ``tril_indices``/``triu_indices`` and their ``_from`` forms: their values against
numpy's (the same indices, in the same order) over every small size and offset, their dtype the default integer
(with x64 too), and JAX 0.10.2's errors. Their dtypes and jaxprs are also held to JAX's by the committed references
(``jax_numpy_reference``: ``tril_indices``...; ``jaxpr_reference``: ``tril_indices_3``...)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import arraytyping as at
import arraytyping.numpy as anp


@pytest.mark.parametrize(("n", "k", "m"), list(itertools.product(range(4), range(-4, 5), (None, 0, 1, 3, 5))))
def test_triangles_match_numpy(n: int, k: int, m: int | None) -> None:
    for mine, theirs in ((anp.tril_indices, np.tril_indices), (anp.triu_indices, np.triu_indices)):
        got = mine(n, k, m)
        want = theirs(n, k, m)
        assert len(got) == 2
        for g, w in zip(got, want):
            assert g.dtype == np.int32
            np.testing.assert_array_equal(np.asarray(g), w)


@pytest.mark.parametrize("shape", [(3, 3), (2, 5), (4, 1), (0, 3)])
def test_from_forms_match_numpy(shape: tuple[int, int]) -> None:
    a = np.ones(shape, np.float32)
    for k in (-1, 0, 2):
        for mine, theirs in ((anp.tril_indices_from, np.tril_indices_from),
                             (anp.triu_indices_from, np.triu_indices_from)):
            for g, w in zip(mine(anp.asarray(a), k), theirs(a, k)):
                np.testing.assert_array_equal(np.asarray(g), w)


@pytest.mark.parametrize(("n", "ndim"), [(0, 2), (3, 2), (2, 4), (5, 1), (3, 0)])
def test_diag_indices_match_numpy(n: int, ndim: int) -> None:
    got, want = anp.diag_indices(n, ndim), np.diag_indices(n, ndim)
    assert len(got) == len(want) == ndim
    for g, w in zip(got, want):
        np.testing.assert_array_equal(np.asarray(g), w)
    if ndim >= 2:
        for g, w in zip(anp.diag_indices_from(anp.zeros((n,) * ndim)), want):
            np.testing.assert_array_equal(np.asarray(g), w)


@pytest.mark.parametrize("dims", [(), (3,), (2, 3), (2, 1, 4), (0, 2)])
def test_indices_match_numpy(dims: tuple[int, ...]) -> None:
    np.testing.assert_array_equal(np.asarray(anp.indices(dims)), np.indices(dims))
    for g, w in zip(anp.indices(dims, sparse=True), np.indices(dims, sparse=True)):
        np.testing.assert_array_equal(np.asarray(g), w)
    assert anp.indices(dims, dtype=anp.int8).dtype == np.int8


def test_default_integer_follows_x64() -> None:
    with at.enable_x64(True):
        assert anp.tril_indices(3)[0].dtype == np.int64
        assert anp.diag_indices(2)[0].dtype == np.int64
        assert anp.indices((2,)).dtype == np.int64
    assert anp.indices((2,)).dtype == np.int32


def test_errors() -> None:
    with pytest.raises(ValueError, match="n argument to diag_indices must be nonnegative, got -1"):
        anp.diag_indices(-1)
    with pytest.raises(ValueError, match="All dimensions of input must be of equal length"):
        anp.diag_indices_from(anp.ones((2, 3)))
    with pytest.raises(ValueError, match="input array must be at least 2-d"):
        anp.diag_indices_from(anp.ones(3))
    with pytest.raises(ValueError, match="Only 2-D inputs are accepted"):
        anp.tril_indices_from(anp.ones((2, 3, 3)))
    with pytest.raises(TypeError, match="'float' object cannot be interpreted as an integer"):
        anp.tril_indices(2.5)  # type: ignore[arg-type]  # the error a checker reports too
    with pytest.raises(TypeError, match="iota does not accept dtype bool"):
        anp.indices((2,), dtype=bool)
