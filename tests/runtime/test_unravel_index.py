"""``unravel_index``: the refusals and values the reference data's dtype sweep does not reach (a nested shape, a
list, ``jit`` and ``vmap``, negative and out-of-bounds indices of three axes, float indices, a size that is an
array), with JAX 0.10.2's classes, messages and values (checked by hand in JAX's venv)."""

from __future__ import annotations

import numpy as np
import pytest

import arraytyping as at
import arraytyping.numpy as anp


def _values(arrays: tuple[at.Array, ...]) -> list[list[float]]:
    return [np.asarray(a).tolist() for a in arrays]


def test_refusals() -> None:
    with pytest.raises(ValueError, match=r"unravel_index: shape should be a scalar or 1D sequence\."):
        anp.unravel_index(3, [(2, 3)])  # type: ignore[list-item]
    with pytest.raises(TypeError, match=r"unravel_index requires ndarray or scalar arguments, got <class 'list'> "
                                        r"at position 0\."):
        anp.unravel_index([1, 2], (3,))  # type: ignore[call-overload]
    with pytest.raises(TypeError, match="complex64"):
        anp.unravel_index(anp.ones(2, "complex64"), (3,))


def test_clipped_under_jit_as_jax() -> None:
    flat = anp.asarray(np.array([-30, -24, -1, 0, 7, 23, 24, 99], dtype=np.int32))
    out = at.jit(lambda i: anp.unravel_index(i, (2, 3, 4)))(flat)
    assert _values(out) == [[0, 0, 1, 0, 0, 1, 1, 1], [0, 0, 2, 0, 1, 2, 2, 2], [0, 0, 3, 0, 3, 3, 3, 3]]
    assert {(str(a.dtype), a.weak_type) for a in out} == {("int32", False)}


def test_vmapped() -> None:
    out = at.vmap(lambda i: anp.unravel_index(i, (5, 6)))(anp.arange(0, 40, 7))
    assert _values(out) == [[0, 1, 2, 3, 4, 4], [0, 1, 2, 3, 4, 5]]


def test_numpy_scalar_array_size_and_float_indices() -> None:
    out = anp.unravel_index(np.uint32(17), (4, 5))
    assert _values(out) == [3, 2] and {str(a.dtype) for a in out} == {"uint32"}
    out = anp.unravel_index(anp.asarray(17), (anp.asarray(4), 5))
    assert _values(out) == [3, 2] and all(a.weak_type and str(a.dtype) == "int32" for a in out)
    rows, cols = anp.unravel_index(anp.array([3.7, -2.5]), (2, 3))
    assert rows.tolist() == [1.0, 1.0] and str(rows.dtype) == "float32"
    np.testing.assert_allclose(np.asarray(cols), [0.70000005, 0.5], rtol=1e-6)
