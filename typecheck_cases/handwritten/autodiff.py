"""Differentiation as users write it: ``grad`` keeps the loss's parameters and returns the type of the argument it
differentiates (a pytree of arrays keeps its structure and dtypes), ``value_and_grad`` returns ``(value, grad)``,
and both compose with ``jit``.

Checked by pyright and by mypy (with and without the plugin). Every ``# type: ignore[...]`` here must suppress an
error: both checkers are run with unused-ignore reporting on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np
from typing_extensions import assert_type

import arraytyping as at
import arraytyping.numpy as anp
from arraytyping import Array, bfloat16, float32


class Params(NamedTuple):
    w: Array[float32]
    b: Array[float32]


def loss(params: Params, x: Array[float32], y: Array[float32]) -> Array[float32]:
    err = x @ params.w + params.b - y
    return (err * err).mean()


def loss_with_aux(params: Params, x: Array[float32], y: Array[float32]) -> tuple[Array[float32], Array[float32]]:
    err = x @ params.w + params.b - y
    return (err * err).mean(), err


def scale(x: Array[bfloat16], s: Array[float32]) -> Array[float32]:
    return (x.astype(float32) * s).sum()


def step(params: Params, x: Array[float32], y: Array[float32]) -> Params:
    g = at.grad(loss)(params, x, y)
    assert_type(g, Params)  # the gradient has the structure and dtypes of what it differentiates
    value, g2 = at.value_and_grad(loss)(params, x, y)
    assert_type(value, Array[float32])
    assert_type(g2, Params)
    gx = at.grad(loss, argnums=1)(params, x, y)
    assert_type(gx, Array[float32])
    gp, gx2 = at.grad(loss, argnums=(0, 1))(params, x, y)
    assert_type(gp, Params)
    assert_type(gx2, Array[float32])
    (v, err), g3 = at.value_and_grad(loss_with_aux, has_aux=True)(params, x, y)
    assert_type(v, Array[float32])
    assert_type(err, Array[float32])
    assert_type(g3, Params)
    g4, aux = at.grad(loss_with_aux, has_aux=True)(params, x, y)
    assert_type(g4, Params)
    assert_type(aux, Array[float32])
    # allow_int gives an integer or bool argument a float0 gradient, not the argument's type: unknown
    assert_type(at.grad(loss, allow_int=True)(params, x, y), Any)
    at.grad(loss)(params, x)  # type: ignore[call-arg]  # ty: ignore[missing-argument]  # grad keeps the parameters: y is missing
    return Params(params.w - 0.1 * g.w, params.b - 0.1 * g.b)


@at.jit
def train_step(params: Params, x: Array[float32], y: Array[float32]) -> tuple[Array[float32], Params]:
    value, g = at.value_and_grad(loss)(params, x, y)
    return value, Params(params.w - 0.1 * g.w, params.b - 0.1 * g.b)


def run(params: Params, x: Array[float32], y: Array[float32]) -> None:
    value, params = train_step(params, x, y)
    assert_type(value, Array[float32])
    assert_type(params, Params)
    fast = at.jit(at.value_and_grad(loss))  # jit keeps value_and_grad's signature
    assert_type(fast(params, x, y), tuple[Array[float32], Params])


def forward_and_reverse(x: Array[bfloat16], s: Array[float32]) -> None:
    gs = at.grad(scale, argnums=1)(x, s)
    assert_type(gs, Array[float32])
    out, tangent = at.jvp(scale, (x, s), (x, s))
    assert_type(out, Array[float32])
    assert_type(tangent, Any)  # float0 for integer outputs: not expressible
    out2, f_vjp = at.vjp(scale, x, s)
    assert_type(out2, Array[float32])
    assert_type(f_vjp(out2), tuple[Any, ...])
    out3, f_jvp = at.linearize(scale, x, s)
    assert_type(out3, Array[float32])
    assert_type(f_jvp(x, s), Any)


def host_scalar(t: float) -> float:
    return t * t


def scaled(x: Array[float32], s: float) -> Array[float32]:
    return (x * s).sum()


def host_sum(h: np.ndarray[Any, np.dtype[np.float32]]) -> Array[float32]:
    return anp.sum(anp.asarray(h) * 2)


def host_arguments(x: Array[float32], host: np.ndarray[Any, np.dtype[np.float32]]) -> None:
    # a Python float or numpy argument's gradient is an Array (a weak float32 for a float), not the parameter's type,
    # and the value is computed from traced arrays: unknown, never the annotation's float
    assert_type(at.grad(host_scalar)(1.0), Any)
    assert_type(at.value_and_grad(host_scalar)(1.0), tuple[Any, Any])
    assert_type(at.grad(scaled, argnums=1)(x, 2.0), Any)
    assert_type(at.grad(scaled, argnums=(0, 1))(x, 2.0), Any)
    grad_host = at.grad(host_sum)  # called, mypy --strict says no-untyped-call: an Any in its signature (NDArray's)
    assert_type(grad_host, Callable[..., Any])
    assert_type(at.grad(scaled)(x, 2.0), Array[float32])  # an Array argument keeps its type


def host_list(p: list[float]) -> Array[float32]:
    return anp.asarray(p).sum()


def host_dict(p: dict[str, float]) -> Array[float]:
    return anp.asarray(p["a"]) * 2  # a Python float is weakly typed


def host_pair(p: tuple[Array[float32], float]) -> Array[float32]:
    return (p[0] * p[1]).sum()


def host_numpy_scalar(s: np.float32) -> Array[float32]:
    return anp.asarray(s) * 2


def array_list(p: list[Array[float32]]) -> Array[float32]:
    return p[0].sum()


def host_leaves(x: Array[float32], s: np.float32) -> None:
    # a Python float or numpy leaf inside a container differentiates to an Array: never the container's own type
    assert_type(at.grad(host_list)([1.0, 2.0]), Any)
    assert_type(at.grad(host_dict)({"a": 1.0}), Any)
    assert_type(at.grad(host_pair)((x, 2.0)), Any)
    assert_type(at.value_and_grad(host_pair)((x, 2.0)), tuple[Any, Any])
    assert_type(at.grad(host_numpy_scalar)(s), Any)
    assert_type(at.grad(array_list)([x, x]), list[Array[float32]])  # Array leaves keep the container's type


def cube_sum(v: Array[float32]) -> Array[float32]:
    return (v ** 3).sum()


def jacobians(x: Array[float32], p: Params) -> None:
    # a Jacobian's shape (and, with mixed dtypes, its dtype) depends on the output and the input: gradual, never
    # the function's own return type; the parameters are kept, so calls are still checked
    assert_type(at.jacfwd(cube_sum)(x), Any)
    assert_type(at.jacrev(loss)(p, x, x), Any)
    assert_type(at.jacobian(cube_sum, argnums=0)(x), Any)
    assert_type(at.hessian(cube_sum)(x), Any)
