"""The hit path of a jitted call: the C one (``_speedups.JitBase``) and the Python one (``_PyJitBase.__call__``,
forced by ``PyJitFunction``) give the same results, dtypes, weak flags and errors, on calls that hit the inline cache
and on calls that miss it; neither leaks references."""

from __future__ import annotations

import gc
import sys
import threading
import tracemalloc
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

import arraytyping as at
import arraytyping.numpy as jnp
from arraytyping._src.xla import dispatch
from arraytyping._src.xla.array_impl import ArrayImpl, DeletedArrayError

speedups = dispatch._speedups  # pyright: ignore[reportPrivateUsage]
CLASSES = [dispatch.JitFunction, dispatch.PyJitFunction]
Kind = type[dispatch.JitFunction]


def arr(x: Any, dtype: str = "float32") -> ArrayImpl:
    out = at.device_put(np.asarray(x, dtype=dtype))
    assert isinstance(out, ArrayImpl)
    return out


X = arr(np.arange(6).reshape(2, 3))
Y = arr(np.arange(6).reshape(2, 3) + 1)
X4 = arr(np.arange(4))
XI8 = arr(np.arange(6).reshape(2, 3), "int8")
XI32 = arr(np.arange(6).reshape(2, 3), "int32")
XB = arr(np.arange(6).reshape(2, 3) > 2, "bool")


def f2(a: Any, b: Any) -> Any:
    return a * b + a


def outcome(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> object:
    """What a call gives, comparable across the two paths: value, dtype, shape and weak flag, or the error."""
    try:
        out = fn(*args, **kwargs)
    except Exception as e:  # noqa: BLE001 - compared by class and message
        return (type(e), str(e))
    if isinstance(out, ArrayImpl):
        return (type(out), np.asarray(out).tobytes(), out.dtype, out.shape, out.weak_type, out.aval)  # bytes: -0.0, NaN
    return out


@pytest.fixture(autouse=True)
def _default_config() -> Iterator[None]:
    yield
    at.config.update("x64", False)
    at.config.update("promotion", "standard")


CALLS: list[tuple[Any, ...]] = [
    (X, Y), (X, Y), (Y, X),  # hits
    (X4, X4), (X, Y),  # another shape, and back
    (XI8, XI8), (XI8, XI32), (X, Y),  # other dtypes
    (X, 2.0), (X, 3.5), (X, -0.0), (2.0, X), (X, 2), (X, 2), (X, True), (X, 1j), (XI8, 3), (XI8, 300),
    (XI32, 2**40), (XB, True), (XB, XB),  # Python scalars (weak), including errors from the scalar path
    (X, np.float32(2)), (X, np.ones((2, 3), np.float64)), ([1.0, 2.0], X),  # numpy values, lists: general path
    (X,), (X, Y, X),  # arity errors
]


def test_the_c_path_is_the_default_when_built() -> None:
    if speedups is None:
        assert dispatch.JitFunction.__call__ is dispatch._PyJitBase.__call__  # pyright: ignore[reportPrivateUsage]
        pytest.skip("the optional C extension was not built")
    assert dispatch.JitFunction.__mro__[1] is speedups.JitBase
    assert dispatch.JitFunction.__flags__ & (1 << 11), "JitFunction has the vectorcall protocol"
    assert type(jnp.add) is dispatch.JitFunction
    wrapped = type(at.jit(f2))  # jit's functions: JitFunction with the ahead-of-time stages, on the same C hot path
    assert wrapped.__mro__[1] is dispatch.JitFunction and wrapped.__call__ is dispatch.JitFunction.__call__
    assert wrapped.__flags__ & (1 << 11), "jit's functions have the vectorcall protocol"
    assert dispatch.PyJitFunction.__call__ is dispatch._PyJitBase.__call__  # pyright: ignore[reportPrivateUsage]
    assert not dispatch.PyJitFunction.__flags__ & (1 << 11)


def counting(kind: Kind, fn: Callable[..., Any]) -> tuple[dispatch.JitFunction, list[int]]:
    """``fn`` jitted as ``kind``, and the list its general path (``_call``, every miss) appends each call's arity to."""
    calls: list[int] = []

    class Counting(kind):  # type: ignore[valid-type,misc]
        def _call(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
            calls.append(len(args))
            return super()._call(args, kwargs)

    return Counting(fn), calls


@pytest.mark.parametrize("kind", CLASSES)
def test_hits_do_not_call_the_general_path(kind: Kind) -> None:
    f, calls = counting(kind, f2)
    f(X, Y)
    assert calls == [2]
    for _ in range(3):
        f(X, Y)
        f.__call__(Y, X)  # tp_call rather than vectorcall
    f(X, 2.0)
    f(X, 3.0)
    assert calls == [2, 2]
    f(X, 2)  # another scalar type: a miss
    assert calls == [2, 2, 2]
    f(X, 2)
    f(X, b=Y)  # keyword arguments: always the general path
    assert calls == [2, 2, 2, 1]


def both_paths_agree(fn: Callable[..., Any], calls: list[tuple[Any, ...]]) -> None:
    """The C and Python hit paths give the same outcome on every call of ``calls``, twice over (vectorcall and
    ``tp_call`` on the C side)."""
    fc, fp = dispatch.JitFunction(fn), dispatch.PyJitFunction(fn)
    for args in calls * 2:
        assert outcome(fc, *args) == outcome(fp, *args), args
        assert outcome(fc.__call__, *args) == outcome(fp, *args), args


def test_both_paths_agree_on_a_sequence_of_hits_and_misses() -> None:
    both_paths_agree(f2, CALLS)


@pytest.mark.parametrize("kind", CLASSES)
def test_results_match_numpy(kind: Kind) -> None:
    f = kind(f2)
    for _ in range(3):
        out = f(X, Y)
        np.testing.assert_array_equal(np.asarray(out), np.asarray(X) * np.asarray(Y) + np.asarray(X))
        assert out.dtype == np.float32 and not out.weak_type
    s = f(X, 2.0)
    assert s.dtype == np.float32 and not s.weak_type
    w = f(2.0, 3.0)  # scalars only: weak
    assert w.weak_type and w.dtype == np.float32 and float(w) == 8.0
    assert float(f(2.0, 4.0)) == 10.0 and f(2.0, 4.0).weak_type


BIG = 2**40


@pytest.mark.filterwarnings("ignore:overflow encountered in cast:RuntimeWarning")  # 1e300 as float32: inf
def test_python_scalars_zeros_nan_and_configurations() -> None:
    """Python scalar arguments: signed zeros and NaN keep their bits; a scalar's buffer follows x64 (the C path
    keeps the buffers of recently seen scalar objects per configuration)."""
    fc, fp = dispatch.JitFunction(f2), dispatch.PyJitFunction(f2)
    nan = float("nan")
    values: list[object] = [2.0, -0.0, 0.0, nan, -nan, 0j, complex(0.0, -0.0), complex(-0.0, 0.0), complex(nan, 1.0),
                            1 + 2j, 2**31 - 1, -(2**31), BIG, True, False, 1e300]
    for _ in range(2):
        for v in values:
            for args in [(X, v), (v, X), (v, v), (XI32, v)]:
                assert outcome(fc, *args) == outcome(fp, *args), args
        with at.enable_x64():
            for v in values:
                assert outcome(fc, XI32, v) == outcome(fp, XI32, v), v
                assert outcome(fc, v, v) == outcome(fp, v, v), v
    assert np.signbit(np.asarray(fc(X, -0.0))).tolist() == np.signbit(np.asarray(X) * -0.0 + np.asarray(X)).tolist()
    assert np.signbit(np.asarray(fc(-0.0, 1.0)))  # -0.0 * 1.0 + -0.0
    with pytest.raises(OverflowError):
        fc(XI32, BIG)
    with at.enable_x64():
        assert int(fc(BIG, 1)) == 2 * BIG
    with pytest.raises(OverflowError):
        fc(XI32, BIG)


def test_keyword_arguments_take_the_general_path() -> None:
    def g(a: Any, b: Any, *, k: int = 1) -> Any:
        return a * k + b

    fc = dispatch.JitFunction(g, ("k",))
    fp = dispatch.PyJitFunction(g, ("k",))
    keywords: list[dict[str, Any]] = [{}, {"k": 2}, {"k": 2}, {}, {"k": 3}, {"b": Y}]
    for kw in keywords:
        args = (X,) if "b" in kw else (X, Y)
        assert outcome(fc, *args, **kw) == outcome(fp, *args, **kw), kw
        assert outcome(fc.__call__, *args, **kw) == outcome(fp, *args, **kw), kw
    assert float(fc(arr(1.0), arr(2.0), k=5)) == 7.0
    assert float(fc(arr(1.0), arr(2.0))) == 3.0


@pytest.mark.parametrize("kind", CLASSES)
def test_none_arguments_compile_once_and_keep_their_place(kind: Kind) -> None:
    """``None`` for a left-out argument (``where=None``) stays on the signature path: one compilation per pattern
    of ``None`` and arrays, the arrays bound to their own parameters, never the general path's tree flattening."""
    def g(a: Any, where: Any, b: Any, *, k: int = 1) -> Any:
        out = a * k + (0.0 if b is None else b)
        return out if where is None else jnp.where(where, out, -1.0)

    general: list[int] = []

    class Counting(kind):  # type: ignore[valid-type,misc]
        def _call_general(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
            general.append(len(args))
            return super()._call_general(args, kwargs)

    f = Counting(g, static_kwargs=True)
    x, y = np.asarray(X), np.asarray(Y)
    for _ in range(2):
        np.testing.assert_array_equal(np.asarray(f(X, None, Y)), x + y)
        np.testing.assert_array_equal(np.asarray(f(X, None, None)), x)
        np.testing.assert_array_equal(np.asarray(f(X, XB, None, k=2)), np.where(np.asarray(XB), 2 * x, -1.0))
        np.testing.assert_array_equal(np.asarray(f(X, None, Y, k=3)), 3 * x + y)
    assert f.cache_size() == 4
    assert general == []
    assert outcome(f, X, None, Y) == outcome(dispatch.JitFunction(g, static_kwargs=True), X, None, Y)


def test_configuration_changes_and_contexts() -> None:
    fc, fp = dispatch.JitFunction(f2), dispatch.PyJitFunction(f2)
    cases: list[tuple[Any, ...]] = [(X, 2), (XI8, 2), (XI8, XI32), (2, 3), (2.0, 3), (X, Y), (XI8, 2.5)]

    def both() -> None:
        for args in cases:
            for _ in range(2):
                assert outcome(fc, *args) == outcome(fp, *args), args

    both()
    with at.enable_x64():
        both()
        assert fc(2, 3).dtype == np.int64
        with at.enable_x64(False):
            both()
            assert fc(2, 3).dtype == np.int32
        both()
    both()
    assert fc(2, 3).dtype == np.int32
    with at.dtype_promotion("strict"):
        both()
    at.config.update("x64", True)
    both()
    assert fc(2, 3).dtype == np.int64 and fp(2, 3).dtype == np.int64
    at.config.update("promotion", "strict")
    both()
    at.config.update("x64", False)
    at.config.update("promotion", "standard")
    both()
    assert fc(2, 3).dtype == np.int32


def test_inside_a_trace_the_function_is_inlined() -> None:
    fc, fp = dispatch.JitFunction(f2), dispatch.PyJitFunction(f2)
    fc(X, Y), fp(X, Y)  # warm: the inline cache is set

    def outer(f: Callable[..., Any]) -> Callable[..., Any]:
        def h(a: Any, b: Any) -> Any:
            return f(a, b) + f(X, Y)  # X, Y are concrete: with the cache warm, still traced
        return h

    jc = at.make_jaxpr(outer(fc))(X, Y)
    jp = at.make_jaxpr(outer(fp))(X, Y)
    assert str(jc) == str(jp)
    assert str(jc).count("mul") == 2
    assert outcome(fc, X, Y) == outcome(fp, X, Y)


@pytest.mark.parametrize("kind", CLASSES)
def test_deleted_input_is_explained(kind: Kind) -> None:
    f = kind(f2)
    z = arr(np.ones((2, 3)))
    f(X, z)
    f(X, z)
    z.delete()
    for _ in range(3):
        with pytest.raises(DeletedArrayError, match="argument 1 of the computation") as info:
            f(X, z)
        assert info.value.__context__ is not None  # the executable's own error, as `except: ...; raise` chains it
    assert outcome(f, X, Y) == outcome(dispatch.PyJitFunction(f2), X, Y)  # still usable


def test_deleted_input_same_error_on_both_paths() -> None:
    fc, fp = dispatch.JitFunction(f2), dispatch.PyJitFunction(f2)
    z = arr(np.ones((2, 3)))
    fc(z, X), fp(z, X)
    z.delete()
    assert outcome(fc, z, X) == outcome(fp, z, X)
    assert outcome(fc, z, X)[0] is DeletedArrayError  # type: ignore[index]


@pytest.mark.parametrize("kind", CLASSES)
def test_threads(kind: Kind) -> None:
    f = kind(f2)
    inputs: list[tuple[Any, ...]] = [(X, Y), (X4, X4), (XI8, XI8), (X, 2.0), (XI8, 3), (Y, X)]
    expected = [outcome(dispatch.PyJitFunction(f2), *a) for a in inputs]
    errors: list[str] = []

    def work(k: int) -> None:
        try:
            for i in range(200):
                j = (i + k) % len(inputs)
                if k == 0 and i % 50 == 0:
                    with at.enable_x64():
                        f(2, 3)
                got = outcome(f, *inputs[j])
                if got != expected[j]:
                    errors.append(f"thread {k}, call {i}: {got} != {expected[j]}")
        except BaseException as e:  # noqa: BLE001
            errors.append(repr(e))

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors[:3]


@pytest.mark.parametrize("kind", CLASSES)
def test_no_reference_leaks(kind: Kind) -> None:
    f = kind(f2)
    z = arr(np.ones((2, 3)))
    f(X, Y)
    f(X, 2.0)
    f(X, z)
    z.delete()
    last = f._last  # pyright: ignore[reportPrivateUsage]
    assert last is not None
    watched: list[object] = [X, Y, X.buf, Y.buf, X.aval, z, z.buf, *last]

    def loop() -> None:
        for _ in range(200):
            f(X, Y)
            f(X, 2.0)
            f(X, Y)
            with pytest.raises(DeletedArrayError):
                f(X, z)

    loop()
    gc.collect()
    before = [sys.getrefcount(o) for o in watched]
    loop()
    gc.collect()
    assert [sys.getrefcount(o) for o in watched] == before


@pytest.mark.parametrize("kind", CLASSES)
def test_no_memory_growth_over_many_calls(kind: Kind) -> None:
    # jaxlib records a Python traceback for each execution and (with this interpreter) some of them stay alive
    # (about 56 bytes per call, on both paths and without arraytyping's hot path: a known, separate issue); this
    # test measures our own allocations, so traceback recording is off while it runs.
    from arraytyping._src.xla.backend import backend
    jaxlib_jax: Any = backend()._jax  # pyright: ignore[reportPrivateUsage]
    f = kind(f2)
    f(X, Y)
    x = X
    for _ in range(2000):
        x = f(f(x, Y), 0.5)
    gc.collect()
    jaxlib_jax.set_tracebacks_enabled(False)
    tracemalloc.start()
    try:
        snap0 = tracemalloc.take_snapshot()
        for _ in range(10000):
            x = f(f(x, Y), 0.5)
        gc.collect()
        snap1 = tracemalloc.take_snapshot()
    finally:
        tracemalloc.stop()
        jaxlib_jax.set_tracebacks_enabled(True)
    growth = sum(s.size_diff for s in snap1.compare_to(snap0, "filename"))
    assert growth < 64 * 1024, growth
    assert len(backend().live_buffers()) < 1000


def cat2(xs: Any, b: Any) -> Any:
    return jnp.concatenate([*xs, b])


SEQUENCE_CALLS: list[tuple[Any, ...]] = [
    ([X, Y], X), ([X, Y], X), ([Y, X], Y),  # hits: a flat list of arrays
    ((X, Y), X), ((X, Y), X),  # a tuple: another structure
    ([X, Y, X], Y), ([X], Y), ([], X),  # other lengths
    ([X, XI8], X), ([X, Y], XI32),  # other dtypes
    ([X, 2.0], X), ([X, None], X), ([X, [Y]], X), ([X, np.ones((2, 3), np.float32)], X),  # other leaves
    ([X, Y], 2.0), ([X4, X4], X4), ([X, Y], X),
]


def test_both_paths_agree_on_flat_sequences_of_arrays() -> None:
    both_paths_agree(cat2, SEQUENCE_CALLS)


@pytest.mark.parametrize("kind", CLASSES)
def test_flat_sequences_of_arrays_hit_the_inline_cache(kind: Kind) -> None:
    f, calls = counting(kind, cat2)
    out = f([X, Y], X)
    assert calls == [2]
    for _ in range(3):
        assert outcome(f, [X, Y], X) == outcome(cat2, [X, Y], X)
        assert outcome(f, [Y, X], Y) == outcome(cat2, [Y, X], Y)
    assert calls == [2]
    np.testing.assert_array_equal(np.asarray(out), np.concatenate([np.asarray(X), np.asarray(Y), np.asarray(X)]))
    f((X, Y), X)  # a tuple where the cache holds a list
    f([X, Y, Y], X)  # another length
    f([X, XI8], X)  # another dtype
    assert calls == [2, 2, 2, 2]
    z = arr(np.ones((2, 3)))
    f([X, z], X)
    f([X, z], X)
    z.delete()
    with pytest.raises(DeletedArrayError, match="argument 1 of the computation"):
        f([X, z], X)


@pytest.mark.parametrize("kind", CLASSES)
def test_no_reference_leaks_with_sequences(kind: Kind) -> None:
    f = kind(cat2)
    xs = [X, Y]
    f(xs, X)
    f(xs, X)
    last = f._last  # pyright: ignore[reportPrivateUsage]
    assert last is not None and type(last[1][0]) is tuple
    watched: list[object] = [X, Y, X.buf, Y.buf, X.aval, xs, *last, *last[1]]

    def loop() -> None:
        for _ in range(200):
            f(xs, X)
            f([X, Y], Y)
            f((X, Y), X)

    loop()
    gc.collect()
    before = [sys.getrefcount(o) for o in watched]
    loop()
    gc.collect()
    assert [sys.getrefcount(o) for o in watched] == before


def test_clear_caches_forgets_the_executables_of_jax_numpy_functions() -> None:
    """``clear_caches()`` frees every executable, the ones jax.numpy's own jitted functions hold included (they kept
    theirs, so a long process's memory only grew)."""
    from arraytyping._src.xla.backend import backend

    x = jnp.ones((7, 13), jnp.float32)
    sin: Any = jnp.sin
    jnp.sin(x).block_until_ready()
    at.jit(lambda v: v * 3)(x).block_until_ready()
    before = len(backend().client.live_executables())
    assert sin.cache_size() >= 1
    at.clear_caches()
    gc.collect()
    assert sin.cache_size() == 0
    assert len(backend().client.live_executables()) < before
    assert float(jnp.sin(x)[0, 0]) == pytest.approx(np.sin(1.0))  # and compile again when called


def test_live_executables_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the bound, the least recently used executables are dropped, across every function's cache (each holds
    its own memory mappings, and a process that runs out of them crashes in a compile); a dropped signature compiles
    again, with the same result, and one used since it was compiled is dropped last."""
    from arraytyping._src.xla import executable_cache
    from arraytyping._src.xla.backend import backend

    limit = 12
    monkeypatch.setattr(executable_cache, "LIMIT", limit)
    at.clear_caches()
    gc.collect()
    traced: list[int] = []

    def counted(v: Any) -> Any:
        traced.append(v.shape[0])
        return v * 2 + 1

    f: Any = at.jit(counted)
    g: Any = at.jit(lambda v: v - 1)
    kept = jnp.ones((1,), jnp.float32)
    f(kept)
    for n in range(2, 2 * limit + 2):
        x = jnp.ones((n,), jnp.float32)
        assert np.asarray(f(x)).tolist() == [3.0] * n
        assert np.asarray(g(x)).tolist() == [0.0] * n
        assert np.asarray(f(kept)).tolist() == [3.0]  # used again: never the least recently used
        assert executable_cache.live() <= limit
        assert f.cache_size() + g.cache_size() <= limit
    gc.collect()
    assert len(backend().client.live_executables()) <= limit + 8  # what jnp.ones and the like hold besides
    assert traced.count(1) == 1  # the one in use was never dropped
    f.forget_last_call()
    assert np.asarray(f(jnp.ones((2,), jnp.float32))).tolist() == [3.0, 3.0]  # dropped long ago: compiled again
    assert traced.count(2) == 2
    at.clear_caches()
    assert executable_cache.live() == 0
