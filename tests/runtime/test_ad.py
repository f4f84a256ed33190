"""The differentiation machinery beyond the JAX reference tables: forward and reverse mode agree with each other and
with finite differences on seeded random programs, every composition order with ``jit`` gives the same values,
nested differentiation keeps its perturbations apart, and the misuse errors are the documented ones."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import arraytyping as at
import arraytyping.numpy as anp
from arraytyping._src.interpreters.autodiff import ad
from arraytyping._src.core.trace import Primitive, TracerBoolConversionError, UnexpectedTracerError
from arraytyping._src.core.avals import ShapedArray


def f_scalar(x: Any) -> Any:
    return anp.sin(x) * x + anp.exp(-x * x) / (1.0 + x * x)


def f_analytic_grad(x: float) -> float:
    return float(np.cos(x) * x + np.sin(x) + np.exp(-x * x) * (-2 * x) / (1 + x * x)
                 - np.exp(-x * x) * 2 * x / (1 + x * x) ** 2)


@pytest.mark.parametrize("form", ["eager", "jit_grad", "grad_jit", "jit_grad_jit"])
def test_compositions_with_jit_agree(form: str) -> None:
    g: Callable[[Any], Any] = {
        "eager": at.grad(f_scalar), "jit_grad": at.jit(at.grad(f_scalar)), "grad_jit": at.grad(at.jit(f_scalar)),
        "jit_grad_jit": at.jit(at.grad(at.jit(f_scalar)))}[form]
    for x in (0.3, -1.2, 2.0):
        assert float(g(x)) == pytest.approx(f_analytic_grad(x), rel=1e-5)


def test_second_derivative_and_forward_over_reverse() -> None:
    def f(x: Any) -> Any:
        return x * x * x

    assert float(at.grad(at.grad(f))(2.0)) == pytest.approx(12.0)
    assert float(at.jit(at.grad(at.grad(at.grad(f))))(2.0)) == pytest.approx(6.0)
    _, hvp = at.jvp(at.grad(f), (2.0,), (1.0,))  # forward over reverse
    assert float(hvp) == pytest.approx(12.0)
    _, f_vjp = at.vjp(lambda x: at.jvp(f, (x,), (1.0,))[1], 2.0)  # reverse over forward
    assert float(f_vjp(1.0)[0]) == pytest.approx(12.0)


def test_perturbations_stay_apart() -> None:
    """Autodidax's perturbation confusion example: the inner derivative does not see the outer variable."""
    def outer(x: Any) -> Any:
        return at.grad(lambda y: x * y)(1.0) * x
    assert float(at.grad(outer)(3.0)) == pytest.approx(6.0)
    assert float(at.jit(at.grad(outer))(3.0)) == pytest.approx(6.0)


_UNARY: list[tuple[str, Callable[[Any], Any]]] = [
    ("sin", anp.sin), ("cos", anp.cos), ("tanh", anp.tanh), ("exp", lambda x: anp.exp(x * 0.3)),
    ("sq", lambda x: x * x), ("cube", lambda x: x ** 3), ("log1", lambda x: anp.log(x * x + 1.0)),
    ("sqrt1", lambda x: anp.sqrt(x * x + 0.5)), ("neg", lambda x: -x), ("abs", anp.abs),
    ("rev", lambda x: x[::-1]), ("sum_b", lambda x: anp.sum(x) + x * 0.0), ("max0", lambda x: anp.maximum(x, 0.1)),
    ("div", lambda x: x / (x * x + 2.0)), ("mean_keep", lambda x: x - anp.mean(x)),
    ("where", lambda x: anp.where(x > 0.2, x * 2.0, -x)),
]
_BINARY: list[tuple[str, Callable[[Any, Any], Any]]] = [
    ("add", lambda a, b: a + b), ("sub", lambda a, b: a - b), ("mul", lambda a, b: a * b),
    ("min", anp.minimum), ("dot", lambda a, b: (a.reshape(2, 2) @ b.reshape(2, 2)).reshape(4)),
]


def _random_program(rng: np.random.Generator, depth: int) -> tuple[str, Callable[[Any, Any], Any]]:
    """A random composition of unary and binary operations of two f64[4] inputs, as a name and a function."""
    if depth == 0:
        k = int(rng.integers(0, 2))
        return ("x" if k == 0 else "y"), (lambda x, y: x) if k == 0 else (lambda x, y: y)
    if rng.random() < 0.5:
        name, op = _UNARY[int(rng.integers(0, len(_UNARY)))]
        sub_name, sub = _random_program(rng, depth - 1)
        return f"{name}({sub_name})", lambda x, y: op(sub(x, y))
    bname, bop = _BINARY[int(rng.integers(0, len(_BINARY)))]
    ln, lf = _random_program(rng, depth - 1)
    rn, rf = _random_program(rng, depth - 1)
    return f"{bname}({ln}, {rn})", lambda x, y: bop(lf(x, y), rf(x, y))


@pytest.mark.parametrize("seed", range(24))
def test_random_programs_forward_reverse_and_finite_differences_agree(seed: int) -> None:
    """For a seeded random program ``f`` of two inputs: ``<grad f, v> == jvp(f, v)`` (reverse and forward mode
    agree), both equal a central finite difference (in float64), and the jitted gradient equals the eager one."""
    rng = np.random.default_rng(seed)
    name, prog = _random_program(rng, 3)

    def f(x: Any, y: Any) -> Any:
        return anp.sum(prog(x, y) * anp.asarray([1.0, -0.5, 2.0, 0.25], dtype=anp.float64))

    with at.enable_x64(True):
        x = rng.uniform(-1.5, 1.5, 4)
        y = rng.uniform(-1.5, 1.5, 4)
        vx, vy = rng.normal(size=4), rng.normal(size=4)
        gx, gy = at.grad(f, argnums=(0, 1))(x, y)
        jgx, jgy = at.jit(at.grad(f, argnums=(0, 1)))(x, y)
        _, tangent = at.jvp(f, (x, y), (vx, vy))
        eps = 1e-6
        fd = (float(f(x + eps * vx, y + eps * vy)) - float(f(x - eps * vx, y - eps * vy))) / (2 * eps)
        reverse = float(np.dot(np.asarray(gx), vx) + np.dot(np.asarray(gy), vy))
        assert reverse == pytest.approx(float(tangent), rel=1e-9, abs=1e-9), name
        assert reverse == pytest.approx(fd, rel=1e-5, abs=1e-5), name
        np.testing.assert_allclose(np.asarray(jgx), np.asarray(gx), rtol=1e-12, atol=1e-12)
        np.testing.assert_allclose(np.asarray(jgy), np.asarray(gy), rtol=1e-12, atol=1e-12)


def test_pytrees_argnums_and_has_aux() -> None:
    params = {"w": anp.ones((3, 2)), "b": [anp.zeros(2), 1.5]}

    def loss(p: Any, x: Any) -> Any:
        out = anp.sum(anp.tanh(x @ p["w"] + p["b"][0]) * p["b"][1])
        return out, {"out": out, "x": x}

    x = anp.ones((4, 3))
    g, aux = at.grad(loss, has_aux=True)(params, x)
    assert at.tree_util.tree_structure(g) == at.tree_util.tree_structure(params)
    assert aux["x"] is x and not isinstance(aux["out"], ad.JVPTracer)
    (value, aux2), (gp, gx) = at.value_and_grad(loss, argnums=(0, 1), has_aux=True)(params, x)
    assert float(value) == pytest.approx(float(aux2["out"]))
    assert gx.shape == (4, 3) and gp["b"][1].weak_type  # a Python float's gradient is weakly typed


def test_linearize_matches_jvp() -> None:
    def f(x: Any) -> Any:
        return anp.sin(x) * anp.exp(x)
    x = anp.asarray([0.1, 0.7, -1.3])
    y, f_jvp = at.linearize(f, x)
    for t in (anp.ones(3), anp.asarray([0.5, -2.0, 3.0])):
        np.testing.assert_allclose(np.asarray(f_jvp(t)), np.asarray(at.jvp(f, (x,), (t,))[1]), rtol=1e-6)
    np.testing.assert_allclose(np.asarray(y), np.asarray(f(x)))


def test_jit_returns_a_vjp_function() -> None:
    """The function vjp returns is a pytree of its residuals, so jit can return it and it can be called later."""
    f_vjp = at.jit(lambda x: at.vjp(lambda a: anp.sin(a) * a, x)[1])(anp.asarray([0.5, 1.0]))
    (ct,) = f_vjp(anp.ones(2))
    x = np.asarray([0.5, 1.0])
    np.testing.assert_allclose(np.asarray(ct), np.cos(x) * x + np.sin(x), rtol=1e-6)


def test_concrete_values_under_eager_differentiation() -> None:
    """As in JAX, Python control flow on a JVP tracer works when its primal is concrete, but not under jit."""
    def f(x: Any) -> Any:
        return x * 2.0 if x > 0 else -x
    assert float(at.grad(f)(1.5)) == 2.0 and float(at.grad(f)(-1.5)) == -1.0
    with pytest.raises(TracerBoolConversionError):
        at.jit(at.grad(f))(1.5)


def test_leaked_tracer_is_reported() -> None:
    leaked: list[Any] = []

    def f(x: Any) -> Any:
        leaked.append(x)
        return x * 2.0
    at.grad(f)(1.0)
    with pytest.raises(UnexpectedTracerError, match="leaked tracer"):
        _ = leaked[0] + 1.0


def test_primitive_without_rule() -> None:
    def rule(x: ShapedArray) -> list[ShapedArray]:
        return [x]
    mystery = Primitive("mystery", rule)
    with pytest.raises(NotImplementedError, match="Differentiation rule for 'mystery' not implemented"):
        at.jvp(lambda x: mystery.bind(x), (1.0,), (1.0,))


def test_float0_tangents_and_cotangents() -> None:
    out, t = at.jvp(lambda x, y: x * y, (np.int32(3), 2.0), (np.zeros((), ad.FLOAT0), 1.0))
    assert float(t) == 3.0 and t.dtype == np.float32
    _, f_vjp = at.vjp(lambda n, y: n * y, np.int32(2), 2.0)
    cn, cy = f_vjp(1.0)
    assert isinstance(cn, np.ndarray) and cn.dtype == ad.FLOAT0 and float(cy) == 2.0
    gi, gf = at.grad(lambda n, y: n * y, argnums=(0, 1), allow_int=True)(2, 3.0)
    assert gi.dtype == ad.FLOAT0 and float(gf) == 2.0


def test_output_independent_of_input_gives_zeros() -> None:
    g = at.grad(lambda x, y: anp.sum(y * 2.0), argnums=(0, 1))(anp.ones(3), anp.ones(2))
    assert np.asarray(g[0]).tolist() == [0.0, 0.0, 0.0] and g[0].dtype == np.float32
    _, t = at.jvp(lambda x: anp.ones(2), (1.0,), (1.0,))
    assert np.asarray(t).tolist() == [0.0, 0.0]


def test_strict_mode_and_x64_hold_inside_derivatives() -> None:
    with at.enable_x64(True):
        g = at.grad(lambda x: x * 2.0)(1.0)
        assert g.dtype == np.float64 and g.weak_type
    with at.dtype_promotion("strict"):
        with pytest.raises(at.TypePromotionError):
            at.grad(lambda x: anp.sum(x * anp.ones(2, dtype=anp.float16)))(anp.ones(2, dtype=anp.bfloat16))


def test_jvp_closed_jaxpr_stages_the_jvp_of_a_jaxpr() -> None:
    """The control-flow hook: a jaxpr's JVP as a jaxpr, with the tangents of the chosen inputs."""
    closed = at.make_jaxpr(lambda x, y: (anp.sin(x) * y, y * 2.0))(1.0, 2.0)
    staged, out_nz = ad.jvp_closed_jaxpr(closed, [True, False], [False, False])
    assert out_nz == [True, False] and len(staged.in_avals) == 3 and len(staged.out_avals) == 3
    from arraytyping._src.core import jaxpr as jx
    y1, y2, t1 = jx.eval_jaxpr(staged.jaxpr, [anp.asarray(1.0), anp.asarray(2.0), anp.asarray(1.0)], staged.consts)
    assert float(t1) == pytest.approx(float(np.cos(1.0) * 2.0)) and float(y2) == 4.0


@pytest.mark.parametrize("form", ["vmap_grad", "grad_vmap", "jit_vmap_grad", "vmap_jit_grad"])
def test_vmap_and_grad_compose(form: str) -> None:
    """Per-example gradients by ``vmap(grad(f))`` (in either order, with ``jit`` around or inside) are the gradients
    computed one example at a time."""
    def f(w: Any, x: Any) -> Any:
        return anp.sum(anp.tanh(x * w) ** 2) + anp.max(x * w) + anp.sum(anp.clip(x, -0.5, 0.5) * w[::-1])

    rng = np.random.default_rng(7)
    w = anp.asarray(rng.standard_normal(3).astype(np.float32))
    xs = anp.asarray(rng.standard_normal((5, 3)).astype(np.float32))
    per_example = at.grad(f)
    want = np.stack([np.asarray(per_example(w, xs[i])) for i in range(5)])
    batched: Callable[..., Any] = {
        "vmap_grad": at.vmap(at.grad(f), in_axes=(None, 0)),
        "grad_vmap": at.vmap(lambda w1, x1: at.grad(lambda v: f(v, x1))(w1), in_axes=(None, 0)),
        "jit_vmap_grad": at.jit(at.vmap(at.grad(f), in_axes=(None, 0))),
        "vmap_jit_grad": at.vmap(at.jit(at.grad(f)), in_axes=(None, 0)),
    }[form]
    np.testing.assert_allclose(np.asarray(batched(w, xs)), want, rtol=2e-5, atol=1e-6)
    total = at.grad(lambda v: anp.sum(at.vmap(f, in_axes=(None, 0))(v, xs)))(w)
    np.testing.assert_allclose(np.asarray(total), want.sum(0), rtol=2e-5, atol=1e-5)


def test_add_any_is_lax_add_eagerly_and_its_first_operands_type_staged() -> None:
    """JAX sums tangents and cotangents with ``add_any``: run eagerly it is ``lax.add`` (weakly typed only where both
    operands are), staged its type is its first operand's. So a weak operand's cotangent that sums a weak and a
    strong contribution (``scatter_max``'s) is strong from an eager ``vjp`` and weak from a staged one, in JAX as
    here (``tests/data/jax_ad_reference.json`` holds the eager case)."""
    from arraytyping._src.lax import lax

    weak = lax.convert_element_type(anp.ones((2,), np.float32), np.dtype(np.float32), True)
    strong = anp.ones((2,), np.float32)
    for x, y in ((weak, strong), (strong, weak), (weak, weak), (strong, strong)):
        assert lax.add_any(x, y).weak_type == (x.weak_type and y.weak_type)
        staged = at.make_jaxpr(lax.add_any)(x, y).out_avals[0]
        assert staged.weak_type == x.weak_type
    np.testing.assert_array_equal(np.asarray(lax.add_any(weak, strong)), [2.0, 2.0])
