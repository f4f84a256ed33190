"""``digitize``, ``bincount`` and ``isin``: the refusals the reference data's dtype sweep does not reach (shapes,
arguments, lists, a traced length) with JAX 0.10.2's classes and messages (checked by hand in JAX's venv), and
values beyond the seeded ones: ``bincount``'s clipping and dropping, every ``isin`` method, ``digitize`` of
decreasing bins, as JAX computes them."""

from __future__ import annotations

import numpy as np
import pytest

import arraytyping as at
import arraytyping.numpy as anp
from arraytyping._src.core.trace import ConcretizationTypeError

I = anp.asarray(np.array([0, 1, 1, 3, -2, 9], dtype=np.int32))


def test_digitize_wants_one_dimensional_bins() -> None:
    with pytest.raises(ValueError, match="digitize: bins must be a 1-dimensional array"):
        anp.digitize(anp.ones(3), anp.ones((2, 2)))


def test_bincount_wants_integers_of_one_dimension() -> None:
    with pytest.raises(TypeError, match="x argument to bincount must have an integer type; got float32"):
        anp.bincount(anp.ones(3))
    with pytest.raises(ValueError, match="only 1-dimensional input supported."):
        anp.bincount(anp.zeros((2, 2), "int32"))
    with pytest.raises(TypeError, match="cannot be interpreted as an integer"):
        anp.bincount(I, minlength=2.5)  # type: ignore[arg-type]


def test_bincount_weights_of_x_shape_and_not_bool() -> None:
    with pytest.raises(ValueError, match=r"type of weights must match type of x. Got typeof\(x\)=i32\[6\]\(\{\}\) "
                                         r"and typeof\(weights\)=f32\[2\]\(\{\}\)"):
        anp.bincount(I, anp.ones(2))
    with pytest.raises(TypeError, match="add does not accept dtype bool"):
        anp.bincount(I, anp.ones(6, "bool"))


def test_bincount_under_jit_needs_a_static_length() -> None:
    with pytest.raises(ConcretizationTypeError, match="pass a static `length` argument"):
        at.jit(anp.bincount)(I)
    out = at.jit(lambda x: anp.bincount(x, length=3))(I)
    assert out.tolist() == [2, 2, 0] and out.dtype == np.int32  # -2 counts as 0; 3 and 9 are dropped


def test_isin_method_and_lists() -> None:
    with pytest.raises(ValueError, match="method='fast' is not implemented; options are 'compare_all', "
                                         "'binary_search', 'sort', and 'auto'"):
        anp.isin(anp.ones(3), anp.ones(2), method="fast")
    with pytest.raises(TypeError, match=r"isin requires ndarray or scalar arguments, got <class 'list'> at position 1"):
        anp.isin(anp.ones(3), [1.0])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"bincount requires ndarray or scalar arguments, got <class 'list'>"):
        anp.bincount([0, 1])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"digitize requires ndarray or scalar arguments, got <class 'list'>"):
        anp.digitize([1.0], anp.ones(2))  # type: ignore[arg-type]


def test_values_as_jax_computes_them() -> None:
    """JAX 0.10.2's outputs for these calls (recorded in its venv)."""
    assert anp.bincount(I).tolist() == [2, 2, 0, 1, 0, 0, 0, 0, 0, 1]
    assert anp.bincount(I, minlength=12).shape == (12,)
    assert anp.bincount(anp.zeros(0, "int32")).shape == (0,)
    w = anp.asarray(np.array([0.5, 1.0, 2.0, 4.0, 8.0, 16.0], dtype=np.float32))
    assert anp.bincount(I, w, length=4).tolist() == [8.5, 3.0, 0.0, 4.0]
    x = anp.asarray(np.array([-1.0, 0.5, 2.0, 7.0], dtype=np.float32))
    assert anp.digitize(x, anp.asarray(np.array([0.0, 1.0, 2.0]))).tolist() == [0, 1, 3, 3]
    assert anp.digitize(x, anp.asarray(np.array([0.0, 1.0, 2.0])), right=True).tolist() == [0, 1, 2, 3]
    assert anp.digitize(x, anp.asarray(np.array([2.0, 1.0, 0.0]))).tolist() == [3, 2, 0, 0]
    assert anp.digitize(x, anp.zeros(0, "float8_e4m3fn")).tolist() == [0, 0, 0, 0]  # no bins: nothing promoted
    e, t = anp.asarray(np.array([[1, 2], [3, 5]])), anp.asarray(np.array([5, 1, 7]))
    for method in ("auto", "compare_all", "binary_search", "sort"):
        assert anp.isin(e, t, method=method).tolist() == [[True, False], [False, True]], method
        assert anp.isin(e, t, invert=True, method=method).tolist() == [[False, True], [True, False]], method
    # assume_unique with repeated elements: each method's own answer, as JAX's
    r = anp.asarray(np.array([1, 2, 2, 5]))
    assert anp.isin(r, t, assume_unique=True, method="sort").tolist() == [True, True, False, True]
    assert anp.isin(r, t, assume_unique=True).tolist() == [True, False, False, True]
    assert anp.isin(anp.ones((2, 0)), anp.ones(3)).shape == (2, 0)
    assert anp.isin(anp.ones(2), anp.ones(0), invert=True).tolist() == [True, True]
