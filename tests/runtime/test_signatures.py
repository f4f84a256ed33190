"""The runtime side of typecheck_cases/handwritten/signatures.py: the calls there give, at run time, the dtypes and
weak flags the stubs promise (``Array[float]`` is a weakly typed float32), and the signatures are JAX 0.10.2's."""

from __future__ import annotations

import inspect
import warnings
from typing import Any

import numpy as np
import pytest

import arraytyping.numpy as anp
from arraytyping import Array


def dt(x: Any) -> tuple[str, bool]:
    return x.dtype.name, x.weak_type


STRONG = False
WEAK = True


def test_like() -> None:
    x = anp.ones((2,), anp.float16)
    w = anp.asarray(1.0)
    b = anp.asarray(True)
    assert dt(anp.full_like(x, 2)) == ("float16", STRONG)
    assert dt(anp.full_like(x, 2, anp.int8)) == ("int8", STRONG)
    y = anp.full_like(x, 2, "uint8", (2, 3))
    assert dt(y) == ("uint8", STRONG) and y.shape == (2, 3)
    assert dt(anp.full_like(x, 2, dtype=np.float32, shape=4)) == ("float32", STRONG)
    np.testing.assert_array_equal(np.asarray(anp.full_like(w, 1.5)), 1.5)
    assert dt(anp.full_like(w, 1.5)) == ("float32", WEAK)  # JAX's lax.full_like keeps the weak flag
    assert dt(anp.zeros_like(w)) == ("float32", WEAK)
    assert dt(anp.full_like(w, 1.5, "float32")) == ("float32", STRONG)
    assert dt(anp.ones_like(b)) == ("bool", STRONG)
    assert dt(anp.full_like(3.0, 1)) == ("float32", WEAK)
    assert dt(anp.zeros_like(2)) == ("int32", WEAK)
    assert dt(anp.ones_like(True)) == ("bool", STRONG)


def test_positive() -> None:
    assert dt(anp.positive(anp.ones(2, anp.int8))) == ("int8", STRONG)
    assert dt(anp.positive(anp.asarray(3))) == ("int32", WEAK)
    assert dt(anp.positive(anp.asarray(True))) == ("bool", STRONG)  # unlike negative, positive takes bool
    assert dt(anp.positive(2.5)) == ("float32", WEAK)
    assert dt(anp.positive(True)) == ("bool", STRONG)
    assert dt(+anp.ones(2, anp.int8)) == ("int8", STRONG)
    with pytest.raises(TypeError):
        anp.negative(anp.asarray(True))


def test_ranges() -> None:
    assert dt(anp.arange(5)) == ("int32", STRONG)
    assert dt(anp.arange(0.0, 1.0, 0.25)) == ("float32", STRONG)
    r = anp.arange(0, 10, 2, anp.int8)  # dtype positionally, as in JAX
    assert dt(r) == ("int8", STRONG)
    np.testing.assert_array_equal(np.asarray(r), np.arange(0, 10, 2))
    assert dt(anp.arange(0, 10, 2, "float16")) == ("float16", STRONG)
    assert dt(anp.arange(10, dtype=np.uint8)) == ("uint8", STRONG)
    assert dt(anp.linspace(0, 1)) == ("float32", STRONG)
    assert dt(anp.linspace(0, 1, 5, True, False, anp.float16)) == ("float16", STRONG)
    with warnings.catch_warnings():  # the Python type means the default complex: no truncation warning (JAX's)
        warnings.simplefilter("error")
        assert dt(anp.linspace(0, 1, 5, dtype=complex)) == ("complex64", STRONG)
    with pytest.warns(UserWarning, match="truncated to dtype complex64"):
        assert dt(anp.linspace(0, 1, 5, dtype="complex128")) == ("complex64", STRONG)
    np.testing.assert_allclose(np.asarray(anp.linspace(0, 1, 5, endpoint=False, axis=-1)), np.linspace(0, 1, 5, False))
    a, step = anp.linspace(0, 1, 5, retstep=True)
    assert dt(a) == ("float32", STRONG) and dt(step) == ("float32", STRONG) and step.shape == ()
    assert float(step) == 0.25
    a, step = anp.linspace(0, 10, 5, True, True, "int8")
    assert dt(a) == ("int8", STRONG) and dt(step) == ("float32", STRONG) and float(step) == 2.5
    assert np.isnan(float(anp.linspace(0, 1, 1, retstep=True)[1]))
    with pytest.raises(np.exceptions.AxisError):
        anp.linspace(0, 1, 5, axis=1)


def test_products() -> None:
    a = anp.ones((2,), anp.float32)
    m = anp.ones((2,), anp.float16)
    i = anp.ones((2, 2), anp.int8)
    assert dt(anp.dot(a, a)) == ("float32", STRONG)
    assert dt(anp.dot(a=m, b=m)) == ("float16", STRONG)
    assert dt(anp.matmul(m, b=a)) == ("float32", STRONG)
    assert dt(anp.dot(m, 2.0)) == ("float16", STRONG)  # dot takes a scalar, as a weak operand
    with pytest.raises(TypeError, match="narrower"):
        anp.dot(i, 2)  # as in JAX 0.10.2: the scalar's int32 is wider than the int8 dot_general computes in
    assert dt(anp.power(i, 2)) == ("int8", STRONG)
    assert dt(anp.power(2.0, m)) == ("float16", STRONG)
    with pytest.raises(TypeError):
        anp.power(x1=i, x2=2)  # type: ignore[call-arg]  # positional-only, as in JAX


def test_divmod() -> None:
    i = anp.asarray(np.array([7, -7], np.int8))
    u = anp.ones(2, anp.uint8)
    f = anp.asarray(np.array([7.5, -7.5], np.float32))
    w = anp.asarray(2)
    q, r = divmod(i, 3)
    assert dt(q) == dt(r) == ("int8", STRONG)
    np.testing.assert_array_equal(np.asarray(q), [2, -3])
    np.testing.assert_array_equal(np.asarray(r), [1, 2])
    assert [dt(v) for v in divmod(i, u)] == [("int16", STRONG)] * 2
    assert [dt(v) for v in divmod(f, w)] == [("float32", STRONG)] * 2
    assert [dt(v) for v in divmod(7, i)] == [("int8", STRONG)] * 2
    assert [dt(v) for v in divmod(7.5, w)] == [("float32", WEAK)] * 2
    assert [dt(v) for v in divmod(True, u)] == [("uint8", STRONG)] * 2


def test_unhashable() -> None:
    assert Array.__hash__ is None
    with pytest.raises(TypeError):
        hash(anp.ones(2))


def test_signatures_are_jax() -> None:
    """JAX 0.10.2's parameters (``device=`` too: the Array API standard's), less the sharding/precision keywords
    the runtime does not take."""
    def params(f: Any) -> list[tuple[str, Any]]:
        return [(p.name, p.kind) for p in inspect.signature(f).parameters.values()]

    pk, po = inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.POSITIONAL_ONLY
    kw = inspect.Parameter.KEYWORD_ONLY
    assert params(anp.arange) == [("start", pk), ("stop", pk), ("step", pk), ("dtype", pk), ("device", kw)]
    assert params(anp.linspace) == [*((n, pk) for n in ("start", "stop", "num", "endpoint", "retstep", "dtype",
                                                         "axis")), ("device", kw)]
    assert params(anp.dot) == params(anp.matmul) == [("a", pk), ("b", pk)]
    assert params(anp.power) == [("x1", po), ("x2", po)]
    assert params(anp.full_like) == [*((n, pk) for n in ("a", "fill_value", "dtype", "shape")), ("device", kw)]
    assert params(anp.reshape) == [("a", pk), ("shape", pk), ("order", pk), ("copy", kw)]
    assert params(anp.asarray) == [("a", pk), ("dtype", pk), ("order", pk), ("copy", kw), ("device", kw)]
    assert params(anp.from_dlpack) == [("x", po), ("device", kw), ("copy", kw)]


def test_argsort_refuses_a_bool_index_dtype_as_jax_does() -> None:
    """JAX 0.10.2: ``argsort(x, dtype=bool)`` is a ``TypeError`` (its ``lax.iota`` refuses bool), eagerly and
    under a trace; another dtype gives indices of it."""
    import arraytyping as at

    x = anp.asarray([3.0, 1.0, 2.0])
    assert anp.argsort(x, dtype="int16").dtype == np.dtype("int16")
    for dtype in (bool, "bool", anp.bool_):
        with pytest.raises(TypeError, match="iota does not accept dtype bool"):
            anp.argsort(x, dtype=dtype)
        with pytest.raises(TypeError, match="iota does not accept dtype bool"):
            at.make_jaxpr(lambda v: anp.argsort(v, dtype=dtype))(x)
