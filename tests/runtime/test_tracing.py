"""Tracers, jaxprs (printer, type checker, evaluator), make_jaxpr and jit."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import arraytyping.numpy as jnp
from arraytyping._src.dtypes.config import enable_x64
from arraytyping._src.core import jaxpr as jx
from arraytyping._src.core.array import Array
from arraytyping._src.xla.array_impl import DeletedArrayError
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.trace import (
    ConcretizationTypeError, TracerArrayConversionError, TracerBoolConversionError, TracerIntegerConversionError,
    UnexpectedTracerError,
)
from arraytyping._src.xla.dispatch import jit
from arraytyping._src.core.staging import eval_shape, make_jaxpr

X = jnp.asarray(np.arange(6, dtype=np.float32).reshape(2, 3))
I = jnp.asarray(np.arange(3, dtype=np.int32))


def test_printer_matches_jax_format() -> None:
    assert str(make_jaxpr(lambda a: a * 2.0)(X)) == \
        "{ lambda ; a:f32[2,3]. let b:f32[2,3] = mul a 2.0:f32[] in (b,) }"
    assert str(make_jaxpr(lambda a, b: a + b + 2)(X, I)) == """\
{ lambda ; a:f32[2,3] b:i32[3]. let
    c:f32[3] = convert_element_type[new_dtype=float32 weak_type=False] b
    d:f32[1,3] = broadcast_in_dim[broadcast_dimensions=(1,)] c
    e:f32[2,3] = add a d
    f:f32[2,3] = add e 2.0:f32[]
  in (f,) }"""
    assert str(make_jaxpr(lambda a: a + 300)(jnp.ones((2, 3), "int8"))) == \
        "{ lambda ; a:i8[2,3]. let b:i8[2,3] = add a 44:i8[] in (b,) }"
    # Too wide for one line: parameters break as JAX breaks them (test_jaxpr_conformance checks more layouts).
    assert str(make_jaxpr(lambda a: a @ a.T)(X)) == """\
{ lambda ; a:f32[2,3]. let
    b:f32[3,2] = transpose[permutation=(1, 0)] a
    c:f32[2,2] = dot_general[
      dimension_numbers=(([1], [0]), ([], []))
      preferred_element_type=float32
    ] a b
  in (c,) }"""


def test_python_scalar_arguments_are_weak() -> None:
    closed = make_jaxpr(lambda a, b: a * b)(2.0, X)
    assert closed.in_avals[0] == ShapedArray((), np.dtype("float32"), True)
    assert closed.out_avals[0] == ShapedArray((2, 3), np.dtype("float32"), False)
    assert eval_shape(lambda a, b: a + b, 1, 2.0).weak_type


def test_typecheck_and_eval() -> None:
    def f(a: Any, b: Any) -> Any:
        return (jnp.where(a > 1, a, b).sum(axis=0), (a.astype("int8") // 2), jnp.mean(a), a[0, 1:])

    closed = make_jaxpr(f)(X, I)
    ins, outs = jx.typecheck_jaxpr(closed.jaxpr)
    assert ins == [X.aval, I.aval]
    assert [o.str_short() for o in outs] == ["f32[3]", "i8[2,3]", "f32[]", "f32[2]"]
    got = jx.eval_jaxpr(closed.jaxpr, [X, I], closed.consts)
    want = f(X, I)
    for g, w in zip(got, want):
        np.testing.assert_allclose(np.asarray(g), np.asarray(w))


def test_typecheck_rejects_bad_jaxpr() -> None:
    closed = make_jaxpr(lambda a: a + 1.0)(X)
    eqn = closed.jaxpr.eqns[0]
    bad = jx.Jaxpr([], closed.jaxpr.in_binders, [jx.JaxprEqn(eqn.primitive, eqn.inputs, eqn.params,
                                                              [jx.Var(ShapedArray((2,), np.dtype("int8")))])],
                   closed.jaxpr.outs)
    with pytest.raises(jx.JaxprTypeError):
        jx.typecheck_jaxpr(bad)
    unbound = jx.Jaxpr([], [], closed.jaxpr.eqns, closed.jaxpr.outs)
    with pytest.raises(jx.JaxprTypeError, match="unbound"):
        jx.typecheck_jaxpr(unbound)


def test_constants_become_constvars_and_literals() -> None:
    c = jnp.asarray(np.ones((2, 3), np.float32))
    closed = make_jaxpr(lambda a: a * c + jnp.float32(1.0))(X)
    assert len(closed.jaxpr.constvars) == 1 and closed.consts[0] is c
    assert str(closed).startswith("{ lambda a:f32[2,3]; b:f32[2,3]. let")


def test_abstract_eval_works_for_dtypes_the_cpu_cannot_hold() -> None:
    f6 = ShapedArray((2,), np.dtype(jnp.float6_e2m3fn.dtype))  # type: ignore[attr-defined]
    out = eval_shape(jnp.add, f6, 1.0)
    assert out.name == "float6_e2m3fn" and not out.weak_type
    assert "f6_e2m3fn[2]" in str(make_jaxpr(lambda a: a * 2)(f6))


def test_jit_traces_once_per_signature() -> None:
    traces = []

    @jit
    def f(a: Any, b: Any) -> Any:
        traces.append(1)
        return a * b + 1

    np.testing.assert_allclose(np.asarray(f(X, X)), np.asarray(X) ** 2 + 1)
    f(X, X)
    f(X, 2.0)
    f(X, 3.0)  # same signature: Python float is a weak f32[] argument
    assert len(traces) == 2
    with enable_x64():
        f(X, 2.0)
    assert len(traces) == 3
    out = f(X, 2)
    assert out.dtype == np.dtype("float32")


def test_jit_inline_cache_follows_types_config_and_deletion() -> None:
    """The last-call cache of a jitted function (hit on the same configuration and argument types) must fall back
    whenever any of them differs, and explain a deleted argument."""
    traces = []

    @jit
    def f(a: Any, b: Any) -> Any:
        traces.append(1)
        return a * b + a

    y = jnp.asarray(np.ones((2, 3), np.float32))
    for _ in range(3):
        out = f(X, y)
    np.testing.assert_allclose(np.asarray(out), 2 * np.asarray(X))
    assert len(traces) == 1
    out2 = f(out, y)  # outputs carry the cached output type: still a hit
    np.testing.assert_allclose(np.asarray(out2), 4 * np.asarray(X))
    assert len(traces) == 1
    assert f(I, I).dtype == np.dtype("int32") and len(traces) == 2  # other types: a new signature
    np.testing.assert_allclose(np.asarray(f(X, y)), 2 * np.asarray(X))
    with enable_x64():
        assert f(X, 2.0).dtype == np.dtype("float32")
        np.testing.assert_allclose(np.asarray(f(X, y)), 2 * np.asarray(X))
    assert len(traces) == 4
    assert f(X, y).aval == X.aval and len(traces) == 4
    assert str(make_jaxpr(f)(X, y)).count("mul") == 1  # traced: inlined, not executed
    z = jnp.asarray(np.ones((2, 3), np.float32))
    f(X, z)
    z.delete()
    with pytest.raises(DeletedArrayError, match="deleted"):
        f(X, z)


def test_jit_pytrees_static_args_and_nesting() -> None:
    @jit
    def g(d: Any) -> Any:
        return {"s": d["a"] + d["b"][0], "t": (d["a"].sum(),)}

    out = g({"a": X, "b": [X, I]})
    np.testing.assert_allclose(np.asarray(out["s"]), 2 * np.asarray(X))
    h = jit(lambda a, n: a.reshape(n, -1), static_argnames="n")
    assert h(X, n=3).shape == (3, 2)
    assert str(make_jaxpr(lambda a: jit(lambda b: b * 2.0)(a))(X)).count("mul") == 1


def test_concretization_errors_explain() -> None:
    cases = [
        (lambda a: np.asarray(a), TracerArrayConversionError, "numpy.asarray"),
        (lambda a: bool(a.sum() > 0), TracerBoolConversionError, "where"),
        (lambda a: 1 if a.sum() > 0 else 0, TracerBoolConversionError, "bool()"),
        (lambda a: int(a.sum()), ConcretizationTypeError, "int()"),  # JAX's class: not TracerIntegerConversionError
        (lambda a: float(a.sum()), TypeError, "float()"),
        (lambda a: a.sum().__index__(), TracerIntegerConversionError, "static"),
        (lambda a: X[a.sum()], TypeError, "index"),
    ]
    for fn, exc, text in cases:
        with pytest.raises(exc, match=None) as info:
            make_jaxpr(fn)(X)
        assert text in str(info.value), str(info.value)
        assert "make_jaxpr" in str(info.value) or "index" in str(info.value)
    with pytest.raises(TracerBoolConversionError, match=r"jit\("):
        jit(lambda a: a if a.sum() > 0 else -a)(X)


def test_leaked_tracer() -> None:
    leaked: list[Any] = []

    def f(a: Any) -> Any:
        leaked.append(a * 2)
        return a

    make_jaxpr(f)(X)
    with pytest.raises(UnexpectedTracerError, match="leaked tracer"):
        _ = leaked[0] + 1
    with pytest.raises(UnexpectedTracerError, match="leaked tracer"):
        make_jaxpr(lambda a: a + leaked[0])(X)
    with pytest.raises(UnexpectedTracerError):
        bool(leaked[0])


def test_tracers_forward_the_array_protocol() -> None:
    def f(a: Any) -> Any:
        assert isinstance(a, Array)
        assert (a.shape, a.ndim, a.size, a.dtype) == ((2, 3), 2, 6, np.dtype("float32"))
        return (-a, +a, abs(a), a @ a.T, 1 - a, 2 / a, a ** 2, a // 2, a % 2, a.T, a.reshape(6), a.prod(),
                a.max(), a.min(), a.any(), a.all(), a[..., None], len(a), [r for r in a][1], a == 1, a != 1,
                a < 1, a <= 1, a >= 1, a.astype("int32") & 1, a.astype("int32") | 1, a.astype("int32") ^ 1,
                ~a.astype("int32"), a.transpose(1, 0))

    closed = make_jaxpr(f)(X)
    jx.typecheck_jaxpr(closed.jaxpr)
    eager = f(X)
    got = jx.eval_jaxpr(closed.jaxpr, [X], closed.consts)
    assert len(got) == len(eager)
    for g, w in zip(got, eager):
        assert isinstance(g, Array)
        np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=1e-6)


def test_functions_of_constants_inside_a_trace_give_arrays() -> None:
    """``jnp.abs(np.uint8(3))`` inside ``jit``: computed from constants alone, the result is still a value of the trace
    (with ``dtype``, ``astype``...), never the runtime's internal constant (found by the static fuzzer)."""
    seen: list[Any] = []

    def f(x: Array) -> Array:
        c = jnp.abs(np.uint8(3))
        points, step = jnp.linspace(0.0, 1.0, 3, retstep=True)  # a pair of results
        seen.append((c.dtype, c.shape, points.dtype, step.dtype))
        return x + c.astype(np.float32) + jnp.positive(2).astype(bool)

    out = jit(f)(X)
    np.testing.assert_array_equal(np.asarray(out), np.asarray(X) + 4)
    assert seen[0][:2] == (np.dtype(np.uint8), ())
    assert "convert_element_type" in str(make_jaxpr(f)(X))
