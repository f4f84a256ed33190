"""``unravel_index`` and ``ravel_multi_index``: the refusals and values the reference data's dtype sweep does not
reach (a nested shape, lists, ``jit`` and ``vmap``, negative and out-of-bounds indices, float indices, a size
that is an array, every ``mode`` and ``order``, dtypes too small for the dims), with JAX 0.10.2's classes,
messages and values (checked by hand in JAX's venv)."""

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


I = anp.asarray(np.array([0, 2, 5], dtype=np.int32))
J = anp.asarray(np.array([1, 3, 3], dtype=np.int32))


def test_ravel_multi_index_modes_and_orders() -> None:
    assert anp.ravel_multi_index((I, J), (6, 4)).tolist() == [1, 11, 23]
    assert anp.ravel_multi_index((I, J), (6, 4), order="F").tolist() == [6, 20, 23]
    assert anp.ravel_multi_index((I, J), (3, 4), mode="clip").tolist() == [1, 11, 11]
    assert anp.ravel_multi_index((I, J), (3, 2), mode="wrap").tolist() == [1, 5, 5]
    out = anp.ravel_multi_index((I, J[:, None]), (6, 4))
    assert out.tolist() == [[1, 9, 21], [3, 11, 23], [3, 11, 23]]
    assert at.jit(lambda a, b: anp.ravel_multi_index((a, b), (6, 4), mode="clip"))(I, J).tolist() == [1, 11, 23]
    wrapped = anp.ravel_multi_index((I.astype("uint4"), J.astype("uint4")), (4, 4), mode="wrap")
    assert wrapped.tolist() == [1, 11, 7] and str(wrapped.dtype) == "uint4"


def test_ravel_multi_index_dtypes() -> None:
    assert str(anp.ravel_multi_index((I.astype("int8"), J.astype("uint8")), (6, 4)).dtype) == "int16"
    out = anp.ravel_multi_index((I.astype("int8"), J.astype("int8")), (20, 20), dtype="int16")
    assert out.tolist() == [1, 43, 103] and str(out.dtype) == "int16"
    for value, dtype in ((anp.ravel_multi_index((2, 3), (6, 4)), "int32"),
                         (anp.ravel_multi_index((np.int8(1), 2), (6, 4)), "int8"),
                         (anp.ravel_multi_index((anp.asarray(1), 2), (6, 4)), "int32"),
                         (anp.ravel_multi_index((), ()), "int32")):
        assert value.shape == () and str(value.dtype) == dtype and not value.weak_type


def test_ravel_multi_index_refusals() -> None:
    with pytest.raises(ValueError, match="invalid entry in coordinates array"):
        anp.ravel_multi_index((I, J), (3, 4))
    with pytest.raises(ValueError, match=r"invalid mode='nope'\. Expected 'raise', 'wrap', 'clip', or 'ignore'\."):
        anp.ravel_multi_index((I, J), (3, 2), mode="nope")
    with pytest.raises(ValueError, match=r"invalid order='X'\. Expected 'C' or 'F'"):
        anp.ravel_multi_index((I, J), (6, 4), order="X")
    with pytest.raises(ValueError, match=r"jnp\.ravel_multi_index: dtype=dtype\('int8'\) not large enough to hold "
                                         r"flattened index for dims=\(20, 20\)\. Use the dtype argument"):
        anp.ravel_multi_index((I.astype("int8"), J.astype("int8")), (20, 20))
    with pytest.raises(ValueError, match=r"dtype=dtype\('float32'\) is not an integer type\."):
        anp.ravel_multi_index((I.astype("float32"), J), (6, 4))
    with pytest.raises(TypeError, match="only int indices permitted"):
        anp.ravel_multi_index((I.astype("bool"), J), (6, 4))
    with pytest.raises(TypeError, match="only int indices permitted"):
        anp.ravel_multi_index((I.astype("float32"), J), (6, 4), dtype="int32")
    with pytest.raises(AssertionError, match=r"len\(multi_index\)=1 != len\(dims\)=2"):
        anp.ravel_multi_index((I,), (6, 4))
    with pytest.raises(TypeError, match=r"ravel_multi_index requires ndarray or scalar arguments, got <class 'list'> "
                                        r"at position 1\."):
        anp.ravel_multi_index((J, [0, 1]), (6, 4))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="'float' object cannot be interpreted as an integer"):
        anp.ravel_multi_index((I, J), (6.0, 4))  # type: ignore[arg-type]


def test_ravel_multi_index_raise_mode_needs_concrete_indices() -> None:
    with pytest.raises(at.ConcretizationTypeError,
                       match=r"traced array with shape int32\[3\]\nThe error occurred because ravel_multi_index "
                             r"was jit-compiled with mode='raise'\. Use mode='wrap' or mode='clip' instead\."):
        at.jit(lambda a, b: anp.ravel_multi_index((a, b), (6, 4)))(I, J)
