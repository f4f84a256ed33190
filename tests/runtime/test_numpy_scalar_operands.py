"""Python scalars and rank-0 operands where JAX 0.10.2's jax.numpy promotes them or refuses them (checked against
JAX by hand; ``test_conformance_numpy`` covers the same cases only in a sample unless
``ARRAYTYPING_FULL_CONFORMANCE=1``): ``clip``'s bounds and ``select``'s default promote with the operands, complex
operands of ``clip`` are refused, ``select``'s conditions of any dtype are promoted and cast to bool, a scalar piece of ``concatenate`` is a ``TypeError``, ``cumsum`` along an axis
flattens only a weakly typed scalar, and ``pad`` checks ``pad_width`` against a rank-0 array too, and ``reshape`` hands a numpy value to numpy."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import arraytyping.numpy as anp
from arraytyping import lattice
from arraytyping._src.dtypes.config import dtype_promotion, enable_x64
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.staging import eval_shape


def _type(x: Any) -> str:
    a = x if isinstance(x, ShapedArray) else x.aval
    return f"{a.name}{'*' if a.weak_type else ''}{list(a.shape)}"


@pytest.mark.parametrize("x64", [False, True])
def test_clip_promotes_with_its_bounds(x64: bool) -> None:
    i = "int64" if x64 else "int32"
    f = "float64" if x64 else "float32"
    with enable_x64(x64):
        assert _type(anp.clip(anp.asarray([True, False]), 1, 3)) == f"{i}*[2]"
        assert _type(anp.clip(anp.asarray([1, 5], dtype="int8"), 0.5)) == f"{f}*[2]"
        assert _type(anp.clip(anp.asarray([1, 5], dtype="int8"), 1, 3)) == "int8[2]"
        weak_bf16 = ShapedArray((3,), np.dtype(anp.bfloat16), True)
        assert _type(eval_shape(lambda x: anp.clip(x, 1, 3), weak_bf16)) == "bfloat16*[3]"
        with dtype_promotion("strict"):
            assert _type(eval_shape(lambda x: anp.clip(x, 1, 3), weak_bf16)) == f"{f}*[3]"
            with pytest.raises(lattice.TypePromotionError, match="clip"):
                anp.clip(anp.asarray([True, False]), 1, 3)


@pytest.mark.parametrize(("call", "named"), [
    (lambda: anp.clip(anp.asarray([1j, 2.0]), 0, 1), r"arr \(complex64\)"),
    (lambda: anp.clip(anp.asarray([1.0, 2.0]), max=anp.asarray([1j, 1j])), r"max \(complex64\)"),
    (lambda: anp.clip(anp.asarray([1, 2], dtype="int8"), 2j), r"min \(complex"),
])
def test_clip_refuses_complex_naming_the_input(call: Any, named: str) -> None:
    with pytest.raises(ValueError, match=named):
        call()


def test_select_default_promotes_with_the_choices() -> None:
    c = [anp.asarray([True, False])]
    b = [anp.asarray([True, True])]
    assert _type(anp.select(c, b)) == "int32*[2]"  # the default 0 is a weak int
    assert _type(anp.select(c, b, False)) == "bool[2]"
    with dtype_promotion("strict"):
        with pytest.raises(lattice.TypePromotionError):
            anp.select(c, b)


def test_select_conditions_of_any_dtype_are_promoted_then_cast_to_bool() -> None:
    # JAX stacks False and the conditions (promoting them as stack does) and casts the stack to bool
    got = anp.select([anp.asarray([0.0, 2.0, 0.0], dtype="float16"), anp.asarray([1, 0, 1], dtype="uint8"), 1e-5],
                     [anp.asarray([1.0, 2.0, 3.0]), anp.asarray([4.0, 5.0, 6.0]), -2.0], -1.0)
    assert np.asarray(got).tolist() == [4.0, 2.0, 6.0]
    with pytest.raises(lattice.TypePromotionError):
        anp.select([anp.ones(3, "float8_e4m3fn"), anp.ones(3)], [anp.ones(3), anp.ones(3)])


@pytest.mark.parametrize("axis", [0, 1])
def test_concatenate_scalar_piece_is_a_type_error(axis: int) -> None:
    with pytest.raises(TypeError, match="different numbers of dimensions"):
        anp.concatenate([anp.zeros((3, 2)), 2], axis=axis)


@pytest.mark.parametrize("fn", [anp.cumsum, anp.cumprod])
def test_cumulative_along_an_axis_flattens_only_weak_scalars(fn: Any) -> None:
    assert _type(fn(2, axis=0)) == "int32[1]"
    assert _type(fn(True)) == "int32[1]"
    assert _type(eval_shape(lambda x: fn(x, axis=0), ShapedArray((), np.dtype("float32"), True))) == "float32[1]"
    for strong in (True, np.float32(2), anp.asarray(2, dtype="int8")):
        with pytest.raises(ValueError, match="axis=None"):
            fn(strong, axis=0)


def test_pad_checks_pad_width_against_a_rank0_array() -> None:
    scalar = anp.asarray(2.0)
    for mode in ("constant", "wrap", "edge"):
        with pytest.raises(ValueError, match="nd=0"):
            anp.pad(scalar, ((1, 0), (2, 1)), mode=mode)
        assert _type(anp.pad(scalar, 1, mode=mode)) == "float32*[]"
    with pytest.raises(TypeError, match="same shape"):
        anp.pad(anp.zeros((3, 4)), ((1, 0), (2,)))


def test_pad_keeps_a_weak_bool_weak() -> None:
    weak_bool = ShapedArray((3, 4), np.dtype(bool), True)
    assert _type(eval_shape(lambda x: anp.pad(x, 1), weak_bool)) == "bool*[5, 6]"
    assert _type(eval_shape(lambda x: anp.pad(x, ((1, 0), (2, 1)), constant_values=2), weak_bool)) == "bool*[4, 7]"


def test_reshape_hands_numpy_values_to_their_own_method() -> None:
    # JAX 0.10.2's jnp.reshape "forwards to method for ndarrays": a numpy array or scalar is reshaped by numpy, in
    # its own dtype (float64 with x64 off too); a scalar reshaped to () stays a scalar; lists are refused first
    with enable_x64(False):
        out = anp.reshape(np.arange(6.0), (3, -1))
        assert type(out) is np.ndarray and out.dtype == np.float64 and out.shape == (3, 2)
        one = anp.reshape(np.float32(2), (1,))
        assert type(one) is np.ndarray and one.dtype == np.float32 and one.shape == (1,)
        assert type(anp.reshape(np.int64(2), ())) is np.int64
        assert _type(anp.reshape(2.0, (1,))) == "float32*[1]"
        assert _type(anp.reshape(anp.arange(6), (2, 3))) == "int32[2, 3]"
        with pytest.raises(ValueError, match="cannot reshape array of size 6 into shape"):
            anp.reshape(np.arange(6.0), (4,))
        with pytest.raises(TypeError, match="reshape requires ndarray or scalar arguments, got <class 'list'> at position 0"):
            anp.reshape([1, 2], (2,))
