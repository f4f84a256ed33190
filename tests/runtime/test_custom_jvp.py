"""``arraytyping.custom_jvp``: the API's behaviour and errors (JAX's printed jaxprs and values of custom_jvp
functions, user-defined and ``nn.relu``/``softplus``/``logaddexp``, are held by test_jit_call_conformance)."""

from __future__ import annotations

from functools import partial
from typing import Any

import numpy as np
import pytest

import arraytyping as at
import arraytyping.numpy as anp
from arraytyping._src.lax.custom_derivatives import custom_jvp_call_p


@at.custom_jvp
def clipped_sqrt(x: Any) -> Any:
    return anp.sqrt(anp.maximum(x, 0.0))


@clipped_sqrt.defjvp
def _clipped_sqrt_jvp(primals: tuple[Any, ...], tangents: tuple[Any, ...]) -> tuple[Any, Any]:
    (x,), (t,) = primals, tangents
    out = clipped_sqrt(x)
    return out, anp.where(x > 0, t / (2 * anp.maximum(out, 1e-6)), 0.0)


def test_the_rule_gives_the_derivative_in_every_transformation() -> None:
    x = np.array([0.0, 4.0, -1.0], np.float32)
    expected = np.array([0.0, 0.25, 0.0], np.float32)  # sqrt's own derivative would be inf at 0 and nan below
    np.testing.assert_allclose(np.asarray(at.grad(lambda v: clipped_sqrt(v).sum())(x)), expected)
    np.testing.assert_allclose(np.asarray(at.jit(at.grad(lambda v: clipped_sqrt(v).sum()))(x)), expected)
    np.testing.assert_allclose(np.asarray(at.grad(lambda v: at.jit(clipped_sqrt)(v).sum())(x)), expected)
    np.testing.assert_allclose(np.asarray(at.vmap(at.grad(clipped_sqrt))(x)), expected)
    np.testing.assert_allclose(np.asarray(at.grad(lambda v: at.vmap(clipped_sqrt)(v).sum())(x)), expected)
    _, t = at.jvp(clipped_sqrt, (x,), (np.ones(3, np.float32),))
    np.testing.assert_allclose(np.asarray(t), expected)
    np.testing.assert_allclose(np.asarray(clipped_sqrt(x)), [0.0, 2.0, 0.0])  # eagerly: the function itself


def test_staged_once_per_signature_as_one_equation() -> None:
    closed = at.make_jaxpr(lambda v: clipped_sqrt(v) + clipped_sqrt(v))(np.ones(3, np.float32))
    calls = [e for e in closed.jaxpr.eqns if e.primitive is custom_jvp_call_p]
    assert len(calls) == 2 and calls[0].params["call_jaxpr"] is calls[1].params["call_jaxpr"]
    text = str(closed)
    assert text.count("name=clipped_sqrt") == 2 and "jvp=_clipped_sqrt_jvp" in text


def test_nondiff_arguments_by_position_and_name() -> None:
    @partial(at.custom_jvp, nondiff_argnames=("power",))
    def pow_(x: Any, power: int) -> Any:
        return x ** power

    @pow_.defjvp
    def pow_jvp(power: int, primals: tuple[Any, ...], tangents: tuple[Any, ...]) -> tuple[Any, Any]:
        (x,), (t,) = primals, tangents
        return pow_(x, power), power * x ** (power - 1) * t * 10.0  # scaled: proves the rule is used

    assert float(at.grad(lambda v: pow_(v, 3))(2.0)) == pytest.approx(120.0)
    assert float(at.grad(lambda v: pow_(v, power=2))(2.0)) == pytest.approx(40.0)
    with pytest.raises(ValueError, match="nondiff_argnames 'nope'"):
        at.custom_jvp(lambda x: x, nondiff_argnames=("nope",))


def test_defjvps_sums_one_rule_per_argument() -> None:
    @at.custom_jvp
    def f(x: Any, y: Any) -> Any:
        return x * y

    f.defjvps(lambda t, ans, x, y: t * y * 2.0, None)
    gx, gy = at.grad(f, argnums=(0, 1))(3.0, 4.0)
    assert (float(gx), float(gy)) == (8.0, 0.0)


def test_errors_name_the_function_and_the_rule() -> None:
    @at.custom_jvp
    def f(x: Any) -> Any:
        return anp.sin(x)

    with pytest.raises(AttributeError, match="No JVP defined for custom_jvp function f"):
        at.grad(f)(1.0)
    f.defjvp(lambda p, t: f(*p))
    with pytest.raises(TypeError, match="must produce a pair"):
        at.grad(f)(1.0)
    f.defjvp(lambda p, t: (f(*p), (t[0],)))
    with pytest.raises(TypeError, match="equal container"):
        at.grad(f)(1.0)
    f.defjvp(lambda p, t: (f(*p), anp.asarray(t[0], dtype=anp.int32)))
    with pytest.raises(TypeError, match="corresponding shapes and dtypes. Expected f32"):
        at.grad(f)(1.0)
    g = at.custom_jvp(lambda x, y: x)
    with pytest.raises(TypeError, match="nondiff_argnums"):
        at.custom_jvp(lambda x, y: x, nondiff_argnums=(1,)).defjvps(None)
    g.defjvps(None, None)
    assert float(at.grad(g)(1.0, 2.0)) == 0.0


def test_a_closure_over_a_differentiated_value_is_refused_not_misdifferentiated() -> None:
    def outer(a: Any, x: Any) -> Any:
        @at.custom_jvp
        def h(v: Any) -> Any:
            return v * a

        h.defjvp(lambda p, t: (h(*p), t[0] * 3.0))
        return h(x)

    with pytest.raises(TypeError, match="closes over a value that is being differentiated"):
        at.grad(outer, argnums=(0, 1))(3.0, 2.0)
    # not differentiated with respect to the closed-over value: the rule applies
    assert float(at.grad(outer, argnums=1)(np.float32(3.0), 2.0)) == 3.0


def test_methods_and_keyword_arguments() -> None:
    class Model:
        @at.custom_jvp
        def act(self: Any, x: Any) -> Any:
            return anp.tanh(x)

        @act.defjvp
        def _act_jvp(primals: tuple[Any, ...], tangents: tuple[Any, ...]) -> tuple[Any, Any]:
            return primals[0].act(primals[1]), tangents[1] * 0.0

    assert float(Model().act(0.5)) == pytest.approx(np.tanh(0.5))

    @at.custom_jvp
    def f(x: Any, y: Any = 2.0) -> Any:
        return x * y

    f.defjvp(lambda p, t: (f(*p), t[0] * p[1] + t[1] * p[0]))
    assert float(at.grad(lambda v: f(v, y=5.0))(1.0)) == 5.0
    assert float(at.grad(lambda v: f(x=v))(1.0)) == 2.0


def test_library_functions_found_crashing_under_transformations() -> None:
    """Found by differencing every ``arraytyping.numpy`` function under grad/jvp/vmap/jit against JAX: a library
    constant passed into a jitted library function (``sinc``'s ``where``), a numpy operand of ``cross`` under
    ``grad``, and ``vmap`` of a decomposition over vectors (refused per example, as JAX refuses it)."""
    assert float(at.grad(anp.sinc)(0.0)) == 0.0
    m = np.eye(3, dtype=np.float32) + 1
    np.testing.assert_allclose(np.asarray(at.grad(lambda a: anp.cross(a, m).sum())(m)),
                               [[0, -1, 1], [1, 0, -1], [-1, 1, 0]])
    for fn in (anp.linalg.svd, anp.linalg.qr, anp.linalg.eigh, anp.linalg.cholesky):
        with pytest.raises(TypeError, match="rank >= 2"):
            at.vmap(fn)(np.ones((2, 4), np.float32))
