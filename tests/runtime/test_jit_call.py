"""A jitted function called under a trace is one ``jit`` equation (``arraytyping._src.xla.jit_call``): traced once
per signature and shared by every ``jit`` of the same function, static arguments either way, closures over an
enclosing transformation's values, compiled and eager runs that agree with the inlined function, and clear errors.
The printed jaxprs are held to JAX's by ``test_jit_call_conformance``."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import arraytyping as at
import arraytyping.numpy as anp
from arraytyping import lax


def _jit_eqns(closed: Any) -> list[Any]:
    return [e for e in closed.eqns if e.primitive.name == "jit"]


def test_traced_once_per_signature_and_shared_by_every_jit_of_the_function() -> None:
    calls: list[int] = []

    def f(x: Any) -> Any:
        calls.append(1)
        return x * 2

    closed = at.make_jaxpr(lambda x: at.jit(f)(x) + at.jit(f)(x))(anp.ones(3))
    a, b = _jit_eqns(closed)
    assert a.params["jaxpr"] is b.params["jaxpr"] and a.params["name"] == "f"
    assert len(calls) == 1
    at.make_jaxpr(lambda x: at.jit(f)(x))(anp.ones(3))
    assert len(calls) == 1
    at.make_jaxpr(lambda x: at.jit(f)(x))(anp.ones(4))  # another signature
    assert len(calls) == 2
    assert str(closed).startswith("let f = { lambda ; a:f32[3]. let b:f32[3] = mul a 2.0:f32[] in (b,) } in")


def test_static_arguments_by_position_or_keyword_under_a_trace() -> None:
    g = at.jit(lambda x, n: x * n, static_argnames="n")
    closed = at.make_jaxpr(lambda x: (g(x, 3), g(x, n=3), g(x, 4)))(anp.ones(2, dtype=anp.int8))
    first, second, third = _jit_eqns(closed)  # by position and by keyword: two signatures, as in JAX
    assert first.params["jaxpr"] == second.params["jaxpr"] != third.params["jaxpr"]
    assert [len(e.inputs) for e in (first, second, third)] == [1, 1, 1]
    with pytest.raises(ValueError, match="Non-hashable static arguments"):
        at.make_jaxpr(lambda x: g(x, [3]))(anp.ones(2))


def test_a_non_array_argument_under_a_trace_names_the_argument_and_the_function() -> None:
    def ident(a: Any, s: Any) -> Any:
        return a

    with pytest.raises(TypeError, match=r"argument 's' of type <class 'str'> of jitted function .*ident is not an array"):
        at.make_jaxpr(lambda x: at.jit(ident)(x, "s"))(1.0)


def test_closures_over_an_enclosing_transformations_values() -> None:
    def scaled(x: Any) -> Any:
        return at.jit(lambda y: y * x)(1.0)  # no traced argument: x is a constant of the jitted function

    assert float(at.grad(scaled)(2.0)) == 1.0
    np.testing.assert_array_equal(np.asarray(at.vmap(scaled)(anp.arange(3.0))), [0.0, 1.0, 2.0])
    closed = at.make_jaxpr(lambda x: at.jit(lambda y: y * x)(x))(anp.ones(3))
    (eqn,) = _jit_eqns(closed)
    assert len(eqn.inputs) == 2 and not eqn.params["jaxpr"].consts  # the tracer became a leading argument
    for _ in range(2):  # not cached: a second trace gets its own jaxpr (no leaked tracer)
        assert float(at.grad(scaled)(3.0)) == 1.0


def test_constants_stay_in_the_jaxpr() -> None:
    c = np.arange(3.0, dtype=np.float32)
    (eqn,) = _jit_eqns(at.make_jaxpr(at.jit(lambda x: x + c))(anp.ones(3)))
    assert len(eqn.inputs) == 1 and len(eqn.params["jaxpr"].consts) == 1


@pytest.mark.parametrize("dtype", ["float32", "bfloat16", "float16"])
def test_transformations_of_jitted_functions_agree_with_the_function_itself(dtype: str) -> None:
    def f(x: Any) -> Any:
        return (anp.tanh(x) * x + anp.sin(x) ** 2).sum()

    x = anp.linspace(-1.0, 1.0, 5).astype(dtype)
    jf = at.jit(f)
    cases = [
        (at.grad(f)(x), at.grad(jf)(x)),
        (at.jit(at.grad(f))(x), at.jit(at.grad(jf))(x)),
        (at.grad(at.grad(lambda s: f(x * s)))(1.5), at.grad(at.grad(lambda s: jf(x * s)))(1.5)),
        (at.vmap(at.grad(f))(anp.stack([x, -x])), at.vmap(at.grad(jf))(anp.stack([x, -x]))),
        (at.jvp(f, (x,), (anp.ones_like(x),))[1], at.jvp(jf, (x,), (anp.ones_like(x),))[1]),
    ]
    for want, got in cases:
        assert got.aval == want.aval
        np.testing.assert_allclose(np.asarray(got, np.float64), np.asarray(want, np.float64), rtol=2e-2)


def test_jit_inside_jit_and_control_flow_runs_compiled() -> None:
    def f(x: Any) -> Any:
        return anp.sin(x) * 2.0

    x = anp.linspace(0.0, 1.0, 4)
    want = np.sin(np.asarray(x)) * 2.0
    np.testing.assert_allclose(np.asarray(at.jit(lambda v: at.jit(f)(v) + 1.0)(x)), want + 1.0, rtol=1e-6)
    carry, ys = lax.scan(lambda c, a: (at.jit(f)(c) + a, c), x, anp.ones((2, 4)))
    np.testing.assert_allclose(np.asarray(ys[1]), want + 1.0, rtol=1e-6)
    out = lax.cond(True, at.jit(f), lambda v: v, x)
    np.testing.assert_allclose(np.asarray(out), want, rtol=1e-6)


def test_typecheck_of_a_jitted_function_still_stages_a_call() -> None:
    from arraytyping import Array, float32, typecheck

    @typecheck
    @at.jit
    def double(x: Array[float32]) -> Array[float32]:
        return x * 2

    (eqn,) = _jit_eqns(at.make_jaxpr(lambda x: double(x))(anp.ones(2)))
    assert eqn.params["name"] == "double"


def test_a_jitted_functions_derivative_is_compiled_once() -> None:
    """The rules derive the same jaxprs from the same jaxpr, so repeated eager calls of ``grad(jit(f))`` (and of
    ``vmap``, ``jvp``) run the executables compiled by the first."""
    from arraytyping._src.xla import dispatch

    jf = at.jit(lambda w, x: anp.tanh(x @ w).sum())
    w, x = anp.ones((4, 3)) * 0.1, anp.ones((2, 4))
    calls = [lambda: at.grad(jf)(w, x), lambda: at.vmap(jf, in_axes=(None, 0))(w, x[:, None]),
             lambda: at.jvp(lambda a: jf(a, x), (w,), (w,))]
    for call in calls:
        first = np.asarray(call() if not isinstance(call(), tuple) else call()[1])
        compiled = len(dispatch._eager_prims)
        for _ in range(3):
            out = call()
            np.testing.assert_array_equal(np.asarray(out if not isinstance(out, tuple) else out[1]), first)
        assert len(dispatch._eager_prims) == compiled
