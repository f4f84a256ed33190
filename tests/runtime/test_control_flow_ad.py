"""Differentiating ``cond``, ``switch``, ``scan``, ``fori_loop`` and ``while_loop``: seeded random bodies checked
against central finite differences in float64 (``grad``, ``jvp``, ``jit(grad)``, ``grad(jit)``, ``vmap(grad)``,
``grad(grad)``), and what JAX refuses. JAX 0.10.2's own gradients, types and weak flags over every float dtype are
in ``tests/data/jax_ad_reference.json`` (``tools/ad_reference.py``'s control-flow cases, checked by
``test_ad_conformance.py``)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import arraytyping as at
import arraytyping.numpy as anp
from arraytyping import lax
from arraytyping._src.dtypes.config import enable_x64
from arraytyping._src.interpreters.autodiff import ad

Expr = Callable[[dict[str, Any]], Any]

UNARY: list[tuple[str, Callable[[Any], Any]]] = [
    ("sin", anp.sin), ("cos", anp.cos), ("tanh", anp.tanh), ("square", lambda v: v * v),
    ("exp", lambda v: anp.exp(v * 0.25)),
]
BINARY: list[tuple[str, Callable[[Any, Any], Any]]] = [
    ("+", lambda a, b: a + b), ("-", lambda a, b: a - b), ("*", lambda a, b: a * b),
    ("mix", lambda a, b: a * 0.5 + anp.sin(b)),
]


def _expr(rng: random.Random, names: list[str], depth: int) -> tuple[str, Expr]:
    """A random smooth expression over the variables ``names`` (its text, for failure messages, and its function)."""
    if depth == 0 or rng.random() < 0.25:
        n = rng.choice(names)
        if rng.random() < 0.3:
            k = round(rng.uniform(-1.5, 1.5), 2)
            return f"{n}*{k}", lambda env: env[n] * k
        return n, lambda env: env[n]
    if rng.random() < 0.4:
        name, f = rng.choice(UNARY)
        s, e = _expr(rng, names, depth - 1)
        return f"{name}({s})", lambda env: f(e(env))
    name, g = rng.choice(BINARY)
    s1, e1 = _expr(rng, names, depth - 1)
    s2, e2 = _expr(rng, names, depth - 1)
    return f"({s1} {name} {s2})", lambda env: g(e1(env), e2(env))


def _program(seed: int) -> tuple[str, Callable[..., Any], int]:
    """A random scalar-valued function of ``(w, x)`` (``w`` a scalar, ``x`` a vector of 3) that differentiates
    through control flow; returns its description, the function and how many arguments it takes."""
    rng = random.Random(seed)
    kind = rng.choice(["cond", "switch", "scan", "fori", "scan_of_cond", "cond_of_scan"])
    d1, e1 = _expr(rng, ["a", "w"], 3)
    d2, e2 = _expr(rng, ["a", "w"], 3)
    d3, e3 = _expr(rng, ["a", "w"], 2)
    threshold = round(rng.uniform(-0.5, 0.5), 2)
    reverse = rng.random() < 0.5
    xs = np.asarray([rng.uniform(-1, 1) for _ in range(4)])

    def branches(w: Any) -> list[Callable[[Any], Any]]:
        # ``+ 0 * a``: an expression of ``w`` alone still has the operand's shape
        return [lambda a: e1({"a": a, "w": w}) + 0.0 * a, lambda a: e2({"a": a, "w": w}) + 0.0 * a,
                lambda a: e3({"a": a, "w": w}) + 0.0 * a]

    def scan_body(w: Any) -> Callable[[Any, Any], Any]:
        return lambda c, a: (e1({"a": c, "w": w}) * 0.5 + a + 0.0 * c, e2({"a": c * a, "w": w}) + 0.0 * c)

    if kind == "cond":
        def f(w: Any, x: Any) -> Any:
            b = branches(w)
            return anp.sum(lax.cond(anp.sum(x) > threshold, b[0], b[1], x))
    elif kind == "switch":
        index = rng.randrange(-1, 4)  # out-of-range indices clamp, as in JAX

        def f(w: Any, x: Any) -> Any:
            return anp.sum(lax.switch(index, branches(w), x))
    elif kind == "scan":
        def f(w: Any, x: Any) -> Any:
            c, ys = lax.scan(scan_body(w), x, anp.asarray(np.stack([xs[:3]] * 4) * xs[:, None]), reverse=reverse)
            return anp.sum(c) + anp.sum(ys)
    elif kind == "fori":
        def f(w: Any, x: Any) -> Any:
            return anp.sum(lax.fori_loop(0, 3, lambda i, c: e1({"a": c, "w": w}) * 0.5 + c * 0.25, x))

    elif kind == "scan_of_cond":
        def f(w: Any, x: Any) -> Any:
            b = branches(w)

            def body(c: Any, a: Any) -> Any:
                c2 = lax.cond(a > threshold, b[0], b[1], c)
                return c2 * 0.5 + a, anp.sum(c2) * a
            c, ys = lax.scan(body, x, anp.asarray(xs), reverse=reverse)
            return anp.sum(c) + anp.sum(ys)
    else:
        def f(w: Any, x: Any) -> Any:
            def looped(v: Any) -> Any:
                return lax.scan(scan_body(w), v, anp.asarray(xs[:3]))[0]
            return anp.sum(lax.cond(anp.sum(x) > threshold, looped, branches(w)[2], x))
    return f"{kind} (seed {seed}): {d1} | {d2} | {d3}", f, 2


def _finite_difference(f: Callable[..., Any], args: list[np.ndarray], i: int, direction: np.ndarray) -> float:
    eps = 1e-6
    plus = [a + eps * direction if j == i else a for j, a in enumerate(args)]
    minus = [a - eps * direction if j == i else a for j, a in enumerate(args)]
    return (float(f(*[anp.asarray(a) for a in plus])) - float(f(*[anp.asarray(a) for a in minus]))) / (2 * eps)


def _point(seed: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    return [np.asarray(rng.uniform(-1, 1)), rng.uniform(-1, 1, size=3)]


SEEDS = range(24)


@pytest.mark.parametrize("seed", SEEDS)
def test_gradients_match_finite_differences(seed: int) -> None:
    desc, f, _ = _program(seed)
    with enable_x64(True):
        args = _point(seed)
        grads = at.grad(f, argnums=(0, 1))(*[anp.asarray(a) for a in args])
        for i, (a, g) in enumerate(zip(args, grads)):
            assert np.asarray(g).dtype == np.float64
            for k in range(a.size):
                e = np.zeros(a.shape)
                e.flat[k] = 1.0
                want = _finite_difference(f, args, i, e)
                assert np.asarray(g).flat[k] == pytest.approx(want, rel=1e-5, abs=1e-6), desc
        direction = [np.asarray(0.3), np.asarray([0.5, -1.0, 0.25])]
        _, t_out = at.jvp(f, tuple(anp.asarray(a) for a in args), tuple(anp.asarray(d) for d in direction))
        want_t = sum(_finite_difference(f, args, i, d) for i, d in enumerate(direction))
        assert float(t_out) == pytest.approx(want_t, rel=1e-5, abs=1e-6), desc


@pytest.mark.parametrize("seed", SEEDS[:8])
def test_transformations_compose(seed: int) -> None:
    """``jit(grad)``, ``grad(jit)`` and ``vmap(grad)`` give ``grad``'s values; ``grad(grad)`` finite differences of
    ``grad``."""
    desc, f, _ = _program(seed)
    with enable_x64(True):
        w, x = (anp.asarray(a) for a in _point(seed))
        want = at.grad(f, argnums=(0, 1))(w, x)
        for name, g in (("jit(grad)", at.jit(at.grad(f, argnums=(0, 1)))),
                        ("grad(jit)", at.grad(at.jit(f), argnums=(0, 1)))):
            got = g(w, x)
            for a, b in zip(got, want):
                np.testing.assert_allclose(np.asarray(a), np.asarray(b), rtol=1e-10, err_msg=f"{name}: {desc}")
        ws = anp.asarray([float(w), float(w) * 0.5])
        batched = at.vmap(at.grad(f), in_axes=(0, None))(ws, x)
        for k in range(2):
            np.testing.assert_allclose(np.asarray(batched)[k], np.asarray(at.grad(f)(ws[k], x)), rtol=1e-10,
                                       err_msg=f"vmap(grad): {desc}")
        second = at.grad(at.grad(f))(w, x)
        eps = 1e-5
        fd = (float(at.grad(f)(w + eps, x)) - float(at.grad(f)(w - eps, x))) / (2 * eps)
        assert float(second) == pytest.approx(fd, rel=1e-4, abs=1e-5), desc


def test_while_loop_is_forward_differentiable_only() -> None:
    def f(x: Any) -> Any:
        return lax.while_loop(lambda c: c[0] < 3, lambda c: (c[0] + 1, anp.sin(c[1]) * 2.0), (0, x))[1]

    x = anp.asarray([0.3, -0.4], dtype=anp.float32)
    primal, tangent = at.jvp(f, (x,), (anp.ones(2, dtype=anp.float32),))
    want = np.asarray(x, dtype=np.float64)
    dwant = np.ones(2)
    for _ in range(3):
        dwant = 2.0 * np.cos(want) * dwant
        want = 2.0 * np.sin(want)
    np.testing.assert_allclose(np.asarray(primal), want, rtol=1e-5)
    np.testing.assert_allclose(np.asarray(tangent), dwant, rtol=1e-5)
    # linearize evaluates the loop with tangents; transposing it is JAX's error
    _, f_lin = at.linearize(f, x)
    np.testing.assert_allclose(np.asarray(f_lin(anp.ones(2, dtype=anp.float32))), dwant, rtol=1e-5)
    with pytest.raises(ValueError, match="Reverse-mode differentiation does not work for lax.while_loop or "
                                         "lax.fori_loop with dynamic start/stop values"):
        at.grad(lambda v: anp.sum(f(v)))(x)
    with pytest.raises(ValueError, match="Reverse-mode differentiation"):
        at.jit(at.grad(lambda v: anp.sum(f(v))))(x)


def test_integer_and_bool_operands_get_no_tangent() -> None:
    """An integer carry or operand has a ``float0`` tangent: the float parts are differentiated around it."""
    def f(x: Any, n: Any) -> Any:
        (i, v), ys = lax.scan(lambda c, a: ((c[0] + n, c[1] * anp.cos(c[1]) + c[0]), c[1] * c[0]), (0, x), None,
                              length=3)
        return anp.sum(v) + anp.sum(ys) + lax.cond(n > 1, lambda a, m: anp.sum(a * m), lambda a, m: anp.sum(a), x, n)

    x = anp.asarray([0.3, -0.7], dtype=anp.float32)
    gx, gn = at.grad(f, argnums=(0, 1), allow_int=True)(x, 2)
    assert np.asarray(gx).dtype == np.float32
    assert ad.is_float0_value(gn)
    with enable_x64(True):
        x64 = np.asarray([0.3, -0.7])
        for k in range(2):
            e = np.zeros(2)
            e[k] = 1.0
            fd = _finite_difference(lambda v: f(v, 2), [x64], 0, e)
            assert float(np.asarray(gx)[k]) == pytest.approx(fd, rel=1e-4)


def test_scan_carry_tangent_found_by_fixed_point() -> None:
    """A carry whose initial tangent is zero gets one from another carry through the body."""
    def f(x: Any) -> Any:
        (a, b), _ = lax.scan(lambda c, _: ((c[0] * 1.0, c[1] + c[0] * c[0]), None), (x, 0.0), None, length=3)
        return b

    assert float(at.grad(f)(1.5)) == pytest.approx(9.0)  # b = 3 x^2
    _, t = at.jvp(f, (1.5,), (1.0,))
    assert float(t) == pytest.approx(9.0)


def test_closed_over_values_get_cotangents() -> None:
    """Values a body closes over (constants of the sub-jaxpr) are differentiated, in every branch and iteration."""
    def f(w: Any, x: Any) -> Any:
        y = lax.cond(True, lambda v: v * w, lambda v: v + w, x)
        c, _ = lax.scan(lambda c, a: (c * w + a, None), y, anp.ones(3))
        return c

    # c = ((x w) w + 1) w + 1) w + 1 = x w^4 + w^2 + w + 1
    assert float(at.grad(f)(2.0, 3.0)) == pytest.approx(4 * 3.0 * 8.0 + 2 * 2.0 + 1.0)
    assert float(at.grad(f, argnums=1)(2.0, 3.0)) == pytest.approx(16.0)
