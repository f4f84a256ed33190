"""ArrayImpl, device_put and arraytyping.numpy on real buffers: dtypes, weak flags and values against numpy."""

from __future__ import annotations

import threading
from typing import Any

import numpy as np
import pytest

import arraytyping
import arraytyping.numpy as jnp
from arraytyping._src.dtypes.config import dtype_promotion, enable_x64
from arraytyping._src.core.array import Array
from arraytyping._src.xla.array_impl import DeletedArrayError, device_put, devices
from arraytyping._src.xla.backend import UnsupportedDTypeError
from arraytyping.lattice import TypePromotionError

RNG = np.random.default_rng(0)


def f32(*shape: int) -> np.ndarray:
    return RNG.standard_normal(shape).astype(np.float32)


def test_isinstance_and_protocol() -> None:
    x = jnp.asarray(f32(2, 3))
    assert isinstance(x, Array)
    assert not isinstance(np.zeros(3), Array)
    assert (x.dtype, x.shape, x.ndim, x.size, x.weak_type) == (np.dtype("float32"), (2, 3), 2, 6, False)
    assert len(x) == 2 and [r.shape for r in x] == [(3,), (3,)]
    assert devices() and next(iter(x.devices())) == devices()[0]


def test_device_put_and_back() -> None:
    host = f32(4, 5)
    x = device_put(host)
    np.testing.assert_array_equal(np.asarray(x), host)
    assert device_put(2.0).weak_type and not device_put(True).weak_type
    assert device_put(np.float64(1.0)).dtype == np.dtype("float32")  # canonicalized with x64 off
    with enable_x64():
        assert device_put(np.float64(1.0)).dtype == np.dtype("float64")
    assert jnp.asarray([1, 2]).dtype == np.dtype("int32") and not jnp.asarray([1, 2]).weak_type


def test_repr_and_scalars() -> None:
    assert repr(jnp.asarray(2.0)) == "Array(2., dtype=float32, weak_type=True)"
    assert repr(jnp.asarray(np.array([1, 2], np.int8))) == "Array([1, 2], dtype=int8)"
    x = jnp.asarray(np.float32(3.5))
    assert float(x) == 3.5 and int(x) == 3 and bool(x)
    assert jnp.asarray(np.int32(4)).__index__() == 4
    with pytest.raises(TypeError, match="integer"):
        x.__index__()


def test_delete_then_use_raises() -> None:
    x = jnp.asarray(f32(3))
    x.block_until_ready()
    x.delete()
    assert x.is_deleted()
    with pytest.raises(DeletedArrayError, match="deleted"):
        np.asarray(x)
    with pytest.raises(DeletedArrayError, match="deleted"):
        _ = x + 1.0


def test_unsupported_dtype_raises_at_creation() -> None:
    with pytest.raises(UnsupportedDTypeError, match="float6_e2m3fn"):
        jnp.zeros((2,), "float6_e2m3fn")
    with pytest.raises(UnsupportedDTypeError, match="int1"):
        device_put(np.zeros(2, dtype=np.dtype(jnp.int1.dtype)))  # type: ignore[attr-defined]


BINARY = [
    ("add", np.add), ("subtract", np.subtract), ("multiply", np.multiply), ("true_divide", np.true_divide),
    ("maximum", np.maximum), ("minimum", np.minimum), ("equal", np.equal), ("not_equal", np.not_equal),
    ("less", np.less), ("less_equal", np.less_equal), ("greater", np.greater),
    ("greater_equal", np.greater_equal), ("floor_divide", np.floor_divide), ("remainder", np.remainder),
    ("power", np.power),
]


@pytest.mark.parametrize(("name", "ref"), BINARY)
def test_binary_values_match_numpy(name: str, ref: np.ufunc) -> None:
    a, b = f32(3, 4), f32(4)
    if name in ("power",):
        a = np.abs(a) + 0.5
    if name in ("floor_divide", "remainder", "true_divide"):
        b = np.where(np.abs(b) < 0.1, 0.5, b).astype(np.float32)
    out = getattr(jnp, name)(jnp.asarray(a), jnp.asarray(b))
    np.testing.assert_allclose(np.asarray(out), ref(a, b), rtol=1e-5, atol=1e-6)
    assert out.shape == (3, 4)


@pytest.mark.parametrize("name", ["floor_divide", "remainder", "add", "multiply", "maximum", "bitwise_and",
                                  "bitwise_or", "bitwise_xor", "power"])
def test_integer_binary_values(name: str) -> None:
    a = RNG.integers(-50, 50, (5, 6)).astype(np.int32)
    b = RNG.integers(1, 7, (6,)).astype(np.int32) * RNG.choice([-1, 1], 6).astype(np.int32)
    if name == "power":
        a, b = a % 5, np.abs(b) % 4
    out = getattr(jnp, name)(jnp.asarray(a), jnp.asarray(b))
    np.testing.assert_array_equal(np.asarray(out), getattr(np, name)(a, b))
    assert out.dtype == np.dtype("int32")


@pytest.mark.parametrize("name", ["negative", "abs", "sign", "exp", "log", "sqrt", "sin", "cos", "tanh"])
def test_unary_values(name: str) -> None:
    a = np.abs(f32(2, 3)) + 0.1 if name in ("log", "sqrt") else f32(2, 3)
    out = getattr(jnp, name)(jnp.asarray(a))
    np.testing.assert_allclose(np.asarray(out), getattr(np, name)(a), rtol=1e-5, atol=1e-6)


def test_unary_on_ints_promotes_to_float() -> None:
    out = jnp.exp(jnp.asarray(np.array([0, 1], np.int8)))
    assert out.dtype == np.dtype("float32")
    assert jnp.sqrt(2).weak_type and jnp.sqrt(2).dtype == np.dtype("float32")


def test_python_scalars_are_weak() -> None:
    x = jnp.asarray(np.array([1, 2], np.int8))
    assert (x + 1).dtype == np.dtype("int8")
    assert (x + 1.0).dtype == np.dtype("float32")
    assert (x + True).dtype == np.dtype("int8")
    y = jnp.asarray(np.array([1, 2], np.float16))
    assert (y * 2.5).dtype == np.dtype("float16")
    assert (y * 2j).dtype == np.dtype("complex64")
    z = jnp.add(2, 3.0)
    assert z.dtype == np.dtype("float32") and z.weak_type
    assert np.asarray(x + 300).tolist() == [45, 46]  # converted to int8 with wrapping, as in JAX


def test_python_int_overflow() -> None:
    x = jnp.ones((2,), jnp.float32)
    with pytest.raises(OverflowError, match="int32"):
        x + 2**40
    with enable_x64():
        assert (jnp.ones((2,), "int64") + 2**40).dtype == np.dtype("int64")


def test_strict_mode_and_x64() -> None:
    x, y = jnp.ones((2,), "int8"), jnp.ones((2,), "float32")
    assert (x + y).dtype == np.dtype("float32")
    with dtype_promotion("strict"):
        with pytest.raises(TypePromotionError):
            x + y
        assert (y + 1.0).dtype == np.dtype("float32")
    with enable_x64():
        assert jnp.add(1, 2).dtype == np.dtype("int64")
        assert (jnp.ones((2,), "float32") + np.float64(1)).dtype == np.dtype("float64")


def test_bool_add_is_logical_or() -> None:
    t = jnp.asarray(np.array([True, False]))
    out = t + t
    assert out.dtype == np.dtype(bool) and np.asarray(out).tolist() == [True, False]
    assert np.asarray(t * jnp.asarray(np.array([True, True]))).tolist() == [True, False]


def test_broadcasting_like_numpy() -> None:
    a, b = f32(2, 1, 3), f32(4, 1)
    np.testing.assert_allclose(np.asarray(jnp.asarray(a) + jnp.asarray(b)), a + b, rtol=1e-6)
    with pytest.raises(ValueError, match="broadcast"):
        jnp.asarray(f32(2, 3)) + jnp.asarray(f32(4))


def test_where_and_logical() -> None:
    a, b = f32(2, 3), f32(3)
    c = a > 0
    out = jnp.where(jnp.asarray(a) > 0, jnp.asarray(a), jnp.asarray(b.astype(np.int32)))
    np.testing.assert_allclose(np.asarray(out), np.where(c, a, b.astype(np.int32)))
    assert out.dtype == np.dtype("float32")
    la = jnp.logical_and(jnp.asarray(a) > 0, jnp.asarray(a) < 1)
    np.testing.assert_array_equal(np.asarray(la), np.logical_and(a > 0, a < 1))
    np.testing.assert_array_equal(np.asarray(jnp.logical_not(jnp.asarray(c))), ~c)


@pytest.mark.parametrize("name", ["logical_and", "logical_or", "logical_xor"])
def test_logical_operands_promote_together_first(name: str) -> None:
    """As in JAX (found by the fuzzer's cross-check): the operands are promoted together before their truth values
    are taken, so a pair with no promotion path is refused; any other pair gives bool."""
    from arraytyping._src.dtypes import registry
    from arraytyping._src.core.avals import ShapedArray
    from arraytyping._src.core.staging import eval_shape

    fn = getattr(jnp, name)
    for a, b in (("uint1", "int4"), ("float8_e4m3b11fnuz", "float32"), ("uint2", "float32")):
        with pytest.raises(TypePromotionError, match=name):
            eval_shape(fn, ShapedArray((3,), registry.INFO[a].dtype, False),
                       ShapedArray((3,), registry.INFO[b].dtype, False))
    with pytest.raises(TypePromotionError):
        eval_shape(lambda x: fn(x, 2.0), ShapedArray((3,), registry.INFO["int2"].dtype, False))
    assert fn(jnp.zeros(3, jnp.int32), jnp.ones(3)).dtype == np.dtype(bool)
    assert fn(jnp.zeros(3, jnp.bfloat16), 2.5).dtype == np.dtype(bool)


@pytest.mark.parametrize("name", ["sum", "prod", "max", "min", "mean", "any", "all"])
@pytest.mark.parametrize("axis", [None, 0, 1, (0, 1), -1])
def test_reductions(name: str, axis: object) -> None:
    a = f32(3, 4)
    out = getattr(jnp.asarray(a), name)(axis=axis)
    np.testing.assert_allclose(np.asarray(out), getattr(a, name)(axis=axis), rtol=1e-5, atol=1e-6)
    kept = getattr(jnp, name)(jnp.asarray(a), axis=axis, keepdims=True)
    assert kept.shape == getattr(a, name)(axis=axis, keepdims=True).shape


def test_sum_of_small_ints_and_bools_accumulates_in_default_int() -> None:
    assert jnp.sum(jnp.asarray(np.array([100, 100], np.int8))).dtype == np.dtype("int32")
    assert int(jnp.sum(jnp.asarray(np.array([100, 100], np.int8)))) == 200
    assert jnp.sum(jnp.asarray(np.array([True, True]))).dtype == np.dtype("int32")


def test_shapes_matmul_and_indexing() -> None:
    a, b = f32(2, 3), f32(3, 4)
    x = jnp.asarray(a)
    np.testing.assert_allclose(np.asarray(x @ jnp.asarray(b)), a @ b, rtol=1e-5)
    np.testing.assert_allclose(np.asarray(jnp.dot(x[0], x[1])), a[0] @ a[1], rtol=1e-5)
    batch = f32(5, 2, 3)
    np.testing.assert_allclose(np.asarray(jnp.matmul(jnp.asarray(batch), jnp.asarray(b))), batch @ b, rtol=1e-5)
    np.testing.assert_array_equal(np.asarray(x.T), a.T)
    np.testing.assert_array_equal(np.asarray(x.reshape(3, -1)), a.reshape(3, -1))
    np.testing.assert_array_equal(np.asarray(jnp.transpose(jnp.asarray(batch), (1, 2, 0))),
                                  batch.transpose(1, 2, 0))
    np.testing.assert_array_equal(np.asarray(jnp.broadcast_to(x[0], (4, 3))), np.broadcast_to(a[0], (4, 3)))
    for idx in [0, -1, (1, 2), (slice(None), 1), (None, Ellipsis, 0), (slice(None, None, -1),),
                (slice(2, 0, -1), slice(None, None, 2)), (Ellipsis, None), (slice(5, 9),)]:
        np.testing.assert_array_equal(np.asarray(x[idx]), a[idx], err_msg=str(idx))
    np.testing.assert_array_equal(np.asarray(x[2]), a[1])  # out of bounds: clamped, as JAX (no IndexError)


def test_creation_functions() -> None:
    assert jnp.zeros((2, 3)).dtype == np.dtype("float32") and not jnp.zeros(2).weak_type
    np.testing.assert_array_equal(np.asarray(jnp.ones((2,), jnp.int8)), np.ones(2, np.int8))
    np.testing.assert_array_equal(np.asarray(jnp.full((2, 2), 7)), np.full((2, 2), 7))
    assert jnp.full((2,), 7).dtype == np.dtype("int32")
    np.testing.assert_array_equal(np.asarray(jnp.arange(5)), np.arange(5))
    np.testing.assert_allclose(np.asarray(jnp.arange(0.0, 1.0, 0.25)), np.arange(0.0, 1.0, 0.25))
    np.testing.assert_allclose(np.asarray(jnp.linspace(0, 1, 5)), np.linspace(0, 1, 5))
    x = jnp.asarray(f32(2, 3))
    assert jnp.zeros_like(x).shape == (2, 3) and jnp.ones_like(x, dtype="int8").dtype == np.dtype("int8")
    assert x.astype("int8").dtype == np.dtype("int8")
    assert jnp.float32(1.5).dtype == np.dtype("float32") and not jnp.float32(1.5).weak_type
    import arraytyping
    assert isinstance(arraytyping.bfloat16(2.0), Array)


def test_astype_takes_arrays_and_scalars_not_lists() -> None:
    """JAX's ``jnp.astype`` checks its operand is array-like (``check_arraylike``): a list or tuple is a TypeError,
    as the stubs say (found by the static fuzzer: the runtime converted the list)."""
    assert jnp.astype(jnp.ones(2), jnp.int8).dtype == np.dtype("int8")
    assert jnp.astype(2.0, "int8").dtype == np.dtype("int8") and jnp.astype(np.float16(1), "float32").shape == ()
    for bad in ([1.0, 2.0], (1, 2)):
        with pytest.raises(TypeError, match=r"^astype requires ndarray or scalar arguments, got <class '(list|tuple)'> at "
                                             r"position 0\.$"):
            jnp.astype(bad, jnp.float32)


def test_cross_with_a_numpy_operand() -> None:
    """A numpy operand of ``cross`` is a host constant in its traced body, which the body indexes (found by the
    static fuzzer: ``'ConstVal' object is not subscriptable``); strongly typed, as numpy values are in JAX."""
    out = jnp.cross(jnp.ones(3), np.array([1, 2, 3], np.int32))
    assert out.dtype == np.dtype("float32") and not out.weak_type
    np.testing.assert_array_equal(np.asarray(out), np.cross(np.ones(3), np.array([1, 2, 3])))
    z = jnp.cross(np.array([1.0, 2.0], np.float16), jnp.asarray([3.0, 4.0]))
    assert z.dtype == np.dtype("float32") and z.shape == () and float(z) == -2.0
    c = jnp.cross(np.ones((2, 3), np.bool_), jnp.asarray([[1j, 2, 3], [0, 1, 0]]))
    assert c.dtype == np.dtype("complex64") and c.shape == (2, 3)


def test_small_float_and_intn_dtypes_execute() -> None:
    for dt in ["bfloat16", "float16", "float8_e4m3fn", "float8_e5m2", "float4_e2m1fn", "int4", "uint4", "int2"]:
        x = jnp.ones((3,), dt)
        out = x + x
        assert out.dtype == x.dtype
        np.testing.assert_array_equal(np.asarray(out).astype(np.float32), (np.ones(3, x.dtype) + np.ones(3, x.dtype))
                                      .astype(np.float32))


def test_compile_cache_is_reused_and_thread_safe() -> None:
    arraytyping.clear_caches()  # under the bound on live executables, a full cache could drop one of subtract's
    x = jnp.asarray(f32(7, 3))
    before = jnp.subtract.cache_size()
    results: list[np.ndarray] = []

    def work() -> None:
        for _ in range(20):
            results.append(np.asarray(x - x))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 80 and all((r == 0).all() for r in results)
    assert jnp.subtract.cache_size() == before + 1


def test_many_eager_ops_leave_no_live_buffers() -> None:
    from arraytyping._src.xla.backend import backend
    x = jnp.asarray(f32(2, 3))
    y = x + x
    del y
    n0 = len(backend().live_buffers())
    for _ in range(2000):
        y = x + x
    del y
    assert len(backend().live_buffers()) <= n0 + 1


def test_shape_methods_follow_jax() -> None:
    """``mT``, ``ravel``/``flatten`` (C and Fortran order), ``squeeze``, ``swapaxes``, ``copy``, ``itemsize`` and
    ``nbytes``, with what JAX 0.10.2 gives (recorded from it): values, dtypes and weak flags kept, JAX's errors."""
    import arraytyping as at

    x = jnp.arange(24.0).reshape(2, 3, 4)
    n = np.arange(24.0, dtype=np.float32).reshape(2, 3, 4)
    assert x.mT.shape == (2, 4, 3) and np.array_equal(np.asarray(x.mT), np.swapaxes(n, -1, -2))
    assert np.array_equal(np.asarray(x.ravel()), n.ravel())
    assert np.array_equal(np.asarray(x.flatten("F")), n.flatten("F"))
    assert np.array_equal(np.asarray(jnp.ravel(x, order="F")), n.ravel("F"))
    assert jnp.ones((2, 1, 3)).squeeze().shape == (2, 3) and jnp.ones((2, 1)).squeeze(1).shape == (2,)
    assert x.swapaxes(0, 2).shape == (4, 3, 2)
    assert (x.itemsize, x.nbytes) == (4, 96)
    assert (jnp.ones(3, "int4").itemsize, jnp.ones(3, "int4").nbytes) == (1, 3)
    weak = jnp.where(jnp.arange(6) > 2, 1.0, 2.0).reshape(2, 3)
    for y in (weak.mT, weak.ravel(), weak.flatten("F"), weak.copy(), weak.swapaxes(0, 1), weak[:1].squeeze()):
        assert (y.dtype, y.weak_type) == (np.float32, True)
    with pytest.raises(ValueError, match="at least two-dimensional for matrix_transpose; got ndim=1"):
        jnp.ones(3).mT
    with pytest.raises(NotImplementedError, match="order='K'"):
        x.ravel("K")
    with pytest.raises(NotImplementedError, match="order=A"):
        x.flatten("A")
    with pytest.raises(ValueError, match="Unexpected value for 'order' argument: X."):
        x.ravel("X")
    # Fortran order is one reshape with a transposition (JAX's jaxpr), under jit, vmap (the batch axis kept first:
    # the rule once dropped the transposition) and grad
    assert "reshape[dimensions=(2, 1, 0) new_sizes=(24,)" in str(at.make_jaxpr(lambda v: v.flatten("F"))(x))
    assert np.array_equal(np.asarray(at.jit(lambda v: v.ravel("F"))(x)), n.ravel("F"))
    for axis in (0, 2):
        out = at.vmap(lambda v: v.ravel("F"), in_axes=axis)(x)
        assert np.array_equal(np.asarray(out), np.stack([m.ravel("F") for m in np.moveaxis(n, axis, 0)]))
    g = at.grad(lambda v: (v.ravel("F") * jnp.arange(24.0)).sum())(x)
    assert np.array_equal(np.asarray(g), np.arange(24.0, dtype=np.float32).reshape(4, 3, 2).T)


def test_selection_methods_follow_jax() -> None:
    """``sort``, ``take``, ``repeat``, ``diagonal`` and ``searchsorted`` as methods: the ``arraytyping.numpy``
    functions', with what JAX 0.10.2 gives (recorded from it): values, dtypes, weak flags (a weak square matrix's
    diagonal is strong, JAX's platform_dependent cond), eagerly and under ``jit``."""
    import arraytyping as at

    x = jnp.asarray(np.array([[3.0, 1.0, 2.0], [0.0, 5.0, 4.0], [9.0, 7.0, 8.0]], np.float32))
    weak = jnp.full((3, 3), 2.0)
    cases: list[tuple[Any, Any, Any, bool]] = [
        (lambda a: a.sort(), x, [[1.0, 2.0, 3.0], [0.0, 4.0, 5.0], [7.0, 8.0, 9.0]], False),
        (lambda a: a.sort(axis=0, descending=True), x, [[9.0, 7.0, 8.0], [3.0, 5.0, 4.0], [0.0, 1.0, 2.0]], False),
        (lambda a: a.sort(axis=None), x, [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 7.0, 8.0, 9.0], False),
        (lambda a: a.take(jnp.asarray([0, 4])), x, [3.0, 5.0], False),
        (lambda a: a.take(jnp.asarray([2, 0]), axis=1), x, [[2.0, 3.0], [4.0, 0.0], [8.0, 9.0]], False),
        (lambda a: a.repeat(2, axis=0)[:3, 0], x, [3.0, 3.0, 0.0], False),
        (lambda a: a.diagonal(), x, [3.0, 5.0, 8.0], False),
        (lambda a: a.diagonal(1), x, [1.0, 4.0], False),
        (lambda a: a[0].sort().searchsorted(jnp.asarray([1.0, 3.0]), side="right"), x, [1, 3], False),
        (lambda a: a.sort(), weak, [[2.0] * 3] * 3, True),
        (lambda a: a.take(jnp.asarray([0])), weak, [2.0], True),
        (lambda a: a.repeat(2), weak, [2.0] * 18, True),
        (lambda a: a.diagonal(), weak, [2.0] * 3, False),
        (lambda a: a.diagonal(1), weak, [2.0] * 2, True),
        (lambda a: a[:2].diagonal(), weak, [2.0] * 2, True),
    ]
    for f, a, values, weak_type in cases:
        for out in (f(a), at.jit(f)(a)):
            assert np.asarray(out).tolist() == values
            assert out.weak_type is weak_type


def test_value_methods_follow_jax() -> None:
    """``x.real``, ``x.imag``, ``x.round()``, ``x.clip()`` and ``x.dot()``: the ``arraytyping.numpy`` functions', with
    what JAX 0.10.2 gives (recorded from it, x64 off): values, dtypes and weak flags, eagerly and under ``jit``; a
    complex array's clip and a bool array's round are refused, as there."""
    import arraytyping as at

    c = jnp.asarray(np.array([0, 1 + 2j, 2], np.complex64))
    i8 = jnp.asarray(np.arange(3), dtype="int8")
    wf, wc = jnp.full((3,), 2.5), jnp.full((3,), 2 + 1j)
    cases: list[tuple[Any, Any, str, Any]] = [
        (lambda a: a.real, c, "float32", [0.0, 1.0, 2.0]),
        (lambda a: a.imag, c, "float32", [0.0, 2.0, 0.0]),
        (lambda a: a.real, wc, "float32*", [2.0] * 3),
        (lambda a: a.imag, jnp.ones(3, "float16"), "float16", [0.0] * 3),
        (lambda a: a.round(1), wf, "float32", [2.5] * 3),
        (lambda a: a.round(), i8, "int8", [0, 1, 2]),
        (lambda a: a.clip(0.5), i8, "float32*", [0.5, 1.0, 2.0]),
        (lambda a: a.clip(0, 1), i8, "int8", [0, 1, 1]),
        (lambda a: a.clip(np.float32(0.5)), i8, "float32", [0.5, 1.0, 2.0]),
        (lambda a: a.clip(max=2), jnp.asarray(np.arange(3), dtype="uint8"), "uint8", [0, 1, 2]),
        (lambda a: a.clip(0, 1), wf, "float32*", [1.0] * 3),
        (lambda a: a.dot(2.0), i8, "float32*", [0.0, 2.0, 4.0]),
        (lambda a: a.dot(a), jnp.full((3,), 2), "int32*", 12),
    ]
    for f, a, want, values in cases:
        for out in (f(a), at.jit(f)(a)):
            assert f"{out.dtype}{'*' if out.weak_type else ''}" == want
            assert np.asarray(out).tolist() == values
    with pytest.raises(ValueError, match="clip received a complex value"):
        c.clip(0, 1)
    with pytest.raises(ValueError):
        jnp.asarray([True]).round()


def test_compress_choose_view_methods_follow_jax() -> None:
    """``x.compress``, ``x.choose`` and ``x.view``: JAX 0.10.2's values, dtypes and weak flags (recorded from it;
    ``tests/data/jax_methods_reference.json`` holds many more), eagerly and under ``jit``: a weak array's compress
    stays weak without ``size`` and is strong with it (the fill is a strong array); choose stacks its choices as
    ``array(choices)``, strong; a view to the array's own dtype is the array itself (weak kept), others a bitcast."""
    import arraytyping as at

    x = jnp.asarray(np.array([[3.0, 1.0, 2.0], [0.0, 5.0, 4.0]], np.float32))
    weak = jnp.full((2, 3), 2.0)
    i = jnp.asarray(np.array([1, 0, 1]))
    cases: list[tuple[Any, Any, Any, str, bool]] = [
        (lambda a: a.compress(np.array([True, False, True]), axis=1, size=2), x, [[3.0, 2.0], [0.0, 4.0]],
         "float32", False),
        (lambda a: a.compress(np.array([False, True]), size=2, fill_value=-1), x, [1.0, -1.0], "float32", False),
        (lambda a: a.compress(np.array([True, False, True]), axis=1, size=1), weak, [[2.0], [2.0]], "float32", False),
        (lambda a: i.choose(a, mode="clip"), x, [0.0, 1.0, 4.0], "float32", False),
        (lambda a: i.choose([a[0], 7], mode="wrap"), weak, [7.0, 2.0, 7.0], "float32", False),
        (lambda a: a.view("int32")[0, :1], x, [1077936128], "int32", False),
        (lambda a: a.view("float32"), weak, [[2.0] * 3] * 2, "float32", True),
        (lambda a: a.view("bfloat16")[0, :2], x, [0.0, 3.0], "bfloat16", False),
        (lambda a: a[:, :2].view("complex64"), x, [[3 + 1j], [5j]], "complex64", False),
    ]
    for f, a, values, dtype, weak_type in cases:
        for out in (f(a), at.jit(f)(a)):
            assert np.asarray(out).tolist() == values
            assert (out.dtype.name, out.weak_type) == (dtype, weak_type)
    assert x.compress(np.array([True, False]), axis=0).weak_type is False
    assert weak.compress(np.array([True, False]), axis=0).weak_type is True
    assert x.view() is x and weak.view("float32") is weak
    with pytest.raises(ValueError, match="invalid entry in choice array"):
        jnp.asarray(np.array([0, 2])).choose([x[0, :2], x[1, :2]])
    with pytest.raises(at.ConcretizationTypeError, match="mode='raise'"):
        at.jit(lambda j: j.choose([x[0], x[1]]))(i)
    with pytest.raises(at.ConcretizationTypeError):
        at.jit(lambda a: a.compress(np.array([True, False])))(x)
    with pytest.raises(NotImplementedError, match="`type` argument"):
        x.view("int32", type=np.ndarray)
    with pytest.raises(ValueError, match="its size must be a divisor"):
        x.view("float64" if at.config.x64 else "complex64")


def test_conj_methods_follow_jax() -> None:
    """``x.conj()``/``x.conjugate()``: ``jnp.conj``'s values, dtype and weak flag (a real array unchanged)."""
    c = jnp.asarray(np.array([1 + 2j, -3j], np.complex64))
    for out in (c.conj(), c.conjugate()):
        assert out.dtype == np.complex64 and np.array_equal(np.asarray(out), np.array([1 - 2j, 3j], np.complex64))
    weak = jnp.where(jnp.arange(2) > 0, 1.0, 2.0)
    assert (weak.conj().dtype, weak.conj().weak_type) == (np.float32, True)
    assert jnp.ones(2, "uint8").conjugate().dtype == np.uint8


def _aligned(n: int) -> np.ndarray:
    """A float32 numpy array whose data starts on a 64-byte boundary: one the CPU's device may alias."""
    block = np.zeros(n + 16, np.float32)
    start = (-block.ctypes.data % 64) // 4
    out = block[start:start + n]
    assert out.ctypes.data % 64 == 0
    return out


@pytest.mark.parametrize("make", [jnp.asarray, jnp.array, lambda a: jnp.asarray(a, dtype=jnp.float32),
                                  lambda a: jnp.array(a, dtype="float32")])
def test_asarray_and_array_copy_an_aligned_numpy_array(make: Any) -> None:
    """JAX 0.10.2's jnp.asarray and jnp.array copy a numpy array: writing into it afterwards leaves the array as it
    was (the device's zero-copy aliasing of an aligned host buffer is device_put's alone, as JAX's)."""
    host = _aligned(1024)
    x = make(host)
    host[:] = 5.0
    assert float(np.asarray(x).max()) == 0.0


def test_device_put_may_alias_an_aligned_numpy_array_as_jax() -> None:
    host = _aligned(1024)
    x = device_put(host)
    host[0] = 5.0
    assert float(np.asarray(x)[0]) == 5.0  # JAX 0.10.2's jax.device_put aliases it too
