"""vmap and structured control flow keep the types they can: vmap the wrapped function's dtypes (at any shape: each
gains the mapped axis), the loops their carry's type, cond and switch their branches' result type; custom_linear_solve
and vectorize'd functions are Any, taken as the caller annotates.

Checked by pyright and by mypy (with and without the plugin).
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

from typing_extensions import assert_type

import arraytyping as at
import arraytyping.numpy as anp
from arraytyping import Array, float32, int32, lax


def per_example_loss(w: Array[float32], x: Array[float32], y: Array[float32]) -> Array[float32]:
    return ((x @ w - y) ** 2).mean()


def batched_losses(w: Array[float32], xs: Array[float32], ys: Array[float32]) -> Array[float32]:
    losses = at.vmap(per_example_loss, in_axes=(None, 0, 0))(w, xs, ys)
    assert_type(losses, Array[float32])
    jitted = at.jit(at.vmap(per_example_loss, in_axes=(None, 0, 0)))
    assert_type(jitted(w, xs, ys), Array[float32])
    return losses


def row_norms(xs: Array[float32, tuple[Literal[8], Literal[3]]]) -> Array[float32]:
    def norm(x: Array[float32, tuple[Literal[3]]]) -> Array[float32]:
        return anp.sqrt((x * x).sum())

    # norm's parameter is one row; the batched function takes every row (8, 3) and gives 8 norms: the dtypes stay,
    # the shapes are any (no signature can add the mapped axis to norm's own)
    norms = at.vmap(norm)(xs)
    assert_type(norms, Array[float32])
    assert_type(at.jit(at.vmap(norm))(xs), Array[float32])
    return norms


class Params(NamedTuple):
    w: Array[float32]
    b: Array[float32]


def per_example_logits(p: Params, x: Array[float32]) -> Array[float32]:
    return x @ p.w + p.b


def batched_logits(p: Params, xs: Array[float32]) -> Array[float32]:
    out = at.vmap(per_example_logits, in_axes=(None, 0))(p, xs)
    # a parameter that is not an Array (p): the batched function's parameters are unknown; its result is the
    # function's own dtype (pyright, pyrefly, ty), or Any (mypy), never a wrong one
    logits: Array[float32] = out
    return logits


def power_iteration(m: Array[float32], v0: Array[float32], n: int) -> Array[float32]:
    def step(i: int | Array[int32], v: Array[float32]) -> Array[float32]:
        w = m @ v
        return w / anp.sqrt((w * w).sum())

    v = lax.fori_loop(0, n, step, v0)
    assert_type(v, Array[float32])
    return v


def count_and_scale(x: Array[float32]) -> tuple[Array[int32], Array[float32]]:
    def cond_fun(c: tuple[Array[int32], Array[float32]]) -> Array[at.bool_]:
        return c[0] < 10

    def body_fun(c: tuple[Array[int32], Array[float32]]) -> tuple[Array[int32], Array[float32]]:
        return c[0] + 1, c[1] * 2.0

    out = lax.while_loop(cond_fun, body_fun, (anp.asarray(0, dtype=int32), x))
    assert_type(out, tuple[Array[int32], Array[float32]])
    return out


def cumulative(xs: Array[float32]) -> tuple[Array[float32], Array[float32]]:
    def f(c: Array[float32], x: Array[float32]) -> tuple[Array[float32], Array[float32]]:
        return c + x, c

    total, partial = lax.scan(f, anp.zeros((), dtype=float32), xs)
    assert_type(total, Array[float32])
    assert_type(partial, Any)  # each y gains the leading axis, which f's annotation cannot say
    return total, partial


def relu_or_negate(flag: Array[at.bool_], x: Array[float32]) -> Array[float32]:
    def relu(v: Array[float32]) -> Array[float32]:
        return anp.maximum(v, 0.0)

    def neg(v: Array[float32]) -> Array[float32]:
        return -v

    out = lax.cond(flag, relu, neg, x)
    assert_type(out, Array[float32])
    assert_type(lax.switch(2, [relu, neg], x), Array[float32])
    return out


def implicit_solve(a: Array[float32], b: Array[float32]) -> Array[float32]:
    """A solve with an implicit derivative (lax.custom_linear_solve): typed Any (its result is solve's, whatever
    that is), so it returns as the caller annotates."""
    def solve(mv: Any, v: Any) -> Any:
        return anp.linalg.solve(lax.stop_gradient(a), v)

    x: Array[float32] = lax.custom_linear_solve(lambda v: a @ v, b, solve, symmetric=True)
    return x


def batched_dot(xs: Array[float32], ys: Array[float32]) -> Array[float32]:
    """jnp.vectorize with a gufunc signature: the vectorized function is Callable[..., Any] (no signature can say
    the batched shapes); the batched products JAX builds on it (vecdot, matvec, vecmat) have vdot's dtype rule."""
    dot = anp.vectorize(anp.dot, signature="(n),(n)->()")
    assert_type(dot(xs, ys), Any)
    out: Array[float32] = dot(xs, ys)
    assert_type(anp.vecdot(xs, ys), Array[float32])  # the same product, typed by vdot's rule
    assert_type(anp.matvec(xs, ys), Array[float32])
    return out
