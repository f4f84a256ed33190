"""Write JAX 0.10.2's results for ``jax.custom_vjp`` to ``tests/data/custom_vjp_reference.json``: values and
derivatives (``grad``, ``vjp``, ``value_and_grad``, ``jit``, ``vmap``, their dtypes and weak flags), printed jaxprs
(``make_jaxpr`` of the function, of its gradient, of its batched forms) and the errors JAX raises (class and message:
forward mode, a ``bwd`` rule of the wrong structure or types, a ``fwd`` rule of the wrong output), with x64 off and
on.

Runs in JAX's own venv (see ``tools/jax_reference.py``, whose command line it shares)::

    python tools/custom_vjp_reference.py [--venv .jaxref-venv]

The cases are source text evaluated in a namespace of the library under test (``at``: the top-level module;
``jnp``: its numpy), so ``tests/runtime/test_custom_vjp.py`` runs the very same expressions on the runtime.
"""
from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import jax_reference as ref  # noqa: E402  (same folder)
import case_reference as cases  # noqa: E402  (same folder)

OUT = ref.ROOT / "tests" / "data" / "custom_vjp_reference.json"

PRELUDE = '''
log = []
lc = at.custom_derivatives.linear_call

def lc_div(r, x):
    return x / r

def lc_div_t(r, ct):
    return ct / r

def div_add(x, denom):
    return x + lc(lc_div, lc_div_t, denom, x)

def transpose1(fun, x_example):
    def transposed(y):
        x, = at.linear_transpose(fun, x_example)(y)
        return x
    return transposed

def custom_id(x):
    return lc(lambda _, x: x, lambda _, t: 7.0, (), x)

@at.custom_vjp
def f(x, y):
    return jnp.sin(x) * y

def f_fwd(x, y):
    log.append("fwd")
    return f(x, y), (jnp.cos(x), jnp.sin(x), y)

def f_bwd(res, g):
    log.append("bwd")
    cos_x, sin_x, y = res
    return (cos_x * g * y, sin_x * g)

f.defvjp(f_fwd, f_bwd)

@at.custom_vjp
def clip_gradient(lo, hi, x):
    return x

def clip_fwd(lo, hi, x):
    return x, (lo, hi)

def clip_bwd(res, g):
    lo, hi = res
    return (None, None, jnp.clip(g, lo, hi))

clip_gradient.defvjp(clip_fwd, clip_bwd)

@at.custom_vjp
def tree_fn(p, scale):
    return {"out": p["w"] * scale + p["b"], "aux": (p["w"].sum(),)}

def tree_fwd(p, scale):
    return tree_fn(p, scale), {"p": p, "scale": scale}

def tree_bwd(res, g):
    p, scale = res["p"], res["scale"]
    gw = g["out"] * scale + g["aux"][0]
    return ({"w": gw, "b": g["out"]}, (g["out"] * p["w"]).sum())

tree_fn.defvjp(tree_fwd, tree_bwd)

def app_fwd(fun, x):
    return fun(x), x

def app_bwd(fun, x, g):
    return (2.0 * g * x,)

app = at.custom_vjp(lambda fun, x: fun(x), nondiff_argnums=(0,))
app.defvjp(app_fwd, app_bwd)

@at.custom_vjp
def scaled(x, n):
    return x * n

scaled.defvjp(lambda x, n: (x * n, n), lambda n, g: (g * n, None))

def with_bwd(bwd):
    @at.custom_vjp
    def h(x, y):
        return x * y
    h.defvjp(lambda x, y: (x * y, (x, y)), bwd)
    return h

def with_fwd(fwd):
    @at.custom_vjp
    def h(x):
        return jnp.sin(x)
    h.defvjp(fwd, lambda r, g: (g,))
    return h

@at.custom_vjp
def no_rule(x):
    return x

x3 = np.array([0.5, 1.0, 2.0], np.float32)
y3 = np.array([3.0, -1.0, 0.25], np.float32)
w3 = jnp.asarray(x3)
P = {"w": jnp.arange(3, dtype=np.float32), "b": jnp.ones(3, np.float32)}

nd = at.custom_vjp(lambda a, b: a * b, nondiff_argnums=(0,))
nd.defvjp(lambda a, b: (a * b, None), lambda a, r, g: (g,))

SZ = at.custom_derivatives.SymbolicZero

@at.custom_jvp
def fz(x, y):
    return x * y

def fz_jvp(p, t):
    (x, y), (tx, ty) = p, t
    log.append(f"jvp {type(tx) is SZ} {type(ty) is SZ}")
    return fz(x, y), (0.0 if type(tx) is SZ else tx * y) + (0.0 if type(ty) is SZ else x * ty)

fz.defjvp(fz_jvp, symbolic_zeros=True)

@at.custom_jvp
def zt(x):
    return jnp.sin(x)

zt.defjvp(lambda p, t: (zt(*p), SZ(t[0].aval) if hasattr(t[0], "aval") else jnp.zeros_like(t[0])),
          symbolic_zeros=True)

@at.custom_vjp
def hz(x, y):
    return x * y

def hz_fwd(x, y):
    log.append(f"fwd {type(x).__name__} {x.perturbed} {y.perturbed}")
    return hz(x.value, y.value), at.custom_derivatives.custom_vjp_primal_tree_values((x, y))

def hz_bwd(r, g):
    log.append(f"bwd {type(g) is SZ}")
    return (g * r[1], None)

hz.defvjp(hz_fwd, hz_bwd, symbolic_zeros=True)

@at.custom_vjp
def two(x):
    return x, x * 2

def two_bwd(r, g):
    log.append(f"bwd2 {[type(c) is SZ for c in g]}")
    return (g[0] if type(g[0]) is not SZ else 0.0,)

two.defvjp(lambda x: (two(x.value), None), two_bwd, symbolic_zeros=True)

def counted(e):
    del log[:]
    r = e()
    return [*leaves(r), " ".join(log)]
'''
"""Inputs and helpers, evaluated in the namespace before the cases."""

CASES: dict[str, str] = {
    "call": "f(1.0, 2.0)",
    "call_arrays": "f(x3, y3)",
    "grad": "at.grad(f)(1.0, 2.0)",
    "grad_both": "at.grad(f, (0, 1))(1.0, 2.0)",
    "grad_arrays": "at.grad(lambda a, b: f(a, b).sum(), (0, 1))(x3, y3)",
    "value_and_grad": "at.value_and_grad(f)(np.float32(1.0), np.float32(2.0))",
    "vjp": "(lambda r: (r[0], r[1](np.ones(3, np.float32))))(at.vjp(f, x3, y3))",
    "jit_grad": "at.jit(at.grad(f))(1.0, 2.0)",
    "grad_jit": "at.grad(at.jit(f))(1.0, 2.0)",
    "vmap": "at.vmap(f)(x3, y3)",
    "vmap_unbatched": "at.vmap(f, (0, None))(x3, 2.0)",
    "vmap_grad": "at.vmap(at.grad(f))(x3, y3)",
    "grad_vmap": "at.grad(lambda a, b: at.vmap(f)(a, b).sum(), (0, 1))(x3, y3)",
    "grad_vmap_unbatched": "at.grad(lambda a, b: at.vmap(f, (0, None))(a, b).sum(), (0, 1))(x3, 2.0)",
    "grad_of_grad_outer": "at.grad(lambda a: at.grad(f)(a, 2.0) * a)(1.0)",
    "grad_in_scan": ("at.grad(lambda c: at.lax.scan(lambda c, x: (f(c, x), None), c, y3)[0])(0.5)"),
    "clip": "at.grad(lambda x: clip_gradient(-0.5, 0.5, x * 3.0).sum())(x3)",
    "tree_grad": "at.grad(lambda p, s: sum(at.tree_util.tree_leaves(tree_fn(p, s))).sum(), (0, 1))(P, 2.0)",
    "tree_call": "tree_fn(P, 2.0)",
    "nondiff": "at.grad(lambda x: app(jnp.sin, x))(3.0)",
    "none_ct": "at.grad(lambda x: scaled(x, 3.0))(2.0)",
    "int_arg": "at.grad(lambda x: scaled(x, 3))(2.0)",
    "order_grad": "counted(lambda: at.grad(f)(1.0, 2.0))",
    "order_call": "counted(lambda: f(1.0, 2.0))",
    "order_jvp": "counted(lambda: at.jvp(f, (1.0, 2.0), (1.0, 1.0)))",
    "order_vmap_grad": "counted(lambda: at.vmap(at.grad(f))(x3, y3))",
    "tree_vmap": "at.vmap(lambda a, b: tree_fn({'w': a, 'b': b}, 2.0)['out'])(x3, y3)",
    "tree_grad_vmap": ("at.grad(lambda a: at.vmap(lambda a, b: tree_fn({'w': a, 'b': b}, 2.0)['out'])(a, y3).sum())"
                       "(x3)"),
    "in_checkpoint": "at.grad(at.checkpoint(lambda a: f(a, 2.0)))(1.5)",
    "err_hessian": "at.hessian(lambda a: f(a, 2.0))(1.5)",
    "jacrev": "at.jacrev(lambda a: f(a, 2.0))(x3)",
    "in_fori_loop": "at.grad(lambda c: at.lax.fori_loop(0, 3, lambda i, c: f(c, 1.5), c))(1.0)",
    "sz_jvp_grad": "counted(lambda: at.grad(fz)(2.0, 3.0))",
    "sz_jvp_jvp": "counted(lambda: at.jvp(lambda a: fz(a, 3.0), (2.0,), (1.0,)))",
    "sz_jvp_vmap_grad": "counted(lambda: at.vmap(at.grad(fz))(x3, y3))",
    "sz_jvp_grad_vmap": "counted(lambda: at.grad(lambda a: at.vmap(fz)(a, y3).sum())(x3))",
    "sz_jvp_zero_out": "at.grad(zt)(1.0)",
    "sz_jvp_jaxpr": "str(at.make_jaxpr(fz)(2.0, 3.0))",
    "sz_vjp_grad": "counted(lambda: at.grad(hz)(2.0, 3.0))",
    "sz_vjp_grad_both": "counted(lambda: at.grad(hz, (0, 1))(2.0, 3.0))",
    "sz_vjp_vmap_grad": "counted(lambda: at.vmap(at.grad(hz))(x3, y3))",
    "sz_vjp_grad_vmap": "counted(lambda: at.grad(lambda a: at.vmap(hz)(a, y3).sum())(x3))",
    "sz_vjp_jaxpr": "str(at.make_jaxpr(hz)(2.0, 3.0))",
    "sz_vjp_zero_ct": "counted(lambda: at.grad(lambda a: two(a)[0])(1.0))",
    "sz_tree_values_err": "at.custom_derivatives.custom_vjp_primal_tree_values((1.0,))",
    "jaxpr": "str(at.make_jaxpr(f)(1.0, 2.0))",
    "jaxpr_grad": "str(at.make_jaxpr(at.grad(f))(1.0, 2.0))",
    "jaxpr_vmap": "str(at.make_jaxpr(at.vmap(f))(x3, y3))",
    "jaxpr_vmap_grad": "str(at.make_jaxpr(at.vmap(at.grad(f)))(x3, y3))",
    "jaxpr_tree": "str(at.make_jaxpr(tree_fn)(P, 2.0))",
    "jaxpr_nondiff": "str(at.make_jaxpr(lambda x: app(jnp.sin, x))(3.0))",
    "jaxpr_grad_nondiff": "str(at.make_jaxpr(at.grad(lambda x: app(jnp.sin, x)))(3.0))",
    "err_jvp": "at.jvp(f, (1.0, 2.0), (1.0, 1.0))",
    "err_jacfwd": "at.jacfwd(f)(1.0, 2.0)",
    "err_bwd_short": "at.grad(with_bwd(lambda r, g: (g,)))(1.0, 2.0)",
    "err_bwd_not_tuple": "at.grad(with_bwd(lambda r, g: g))(1.0, 2.0)",
    "err_bwd_shape": "at.grad(with_bwd(lambda r, g: (jnp.ones(3), g)))(1.0, 2.0)",
    "err_bwd_shape_second": "at.grad(with_bwd(lambda r, g: (g, jnp.ones((2, 2)))))(1.0, 2.0)",
    "bwd_list": "at.grad(with_bwd(lambda r, g: [g * r[1], g * r[0]]), (0, 1))(1.0, 2.0)",
    "bwd_int_dtype": "at.grad(with_bwd(lambda r, g: (jnp.int32(1), g)))(1.0, 2.0)",
    "err_fwd_not_pair": "at.grad(with_fwd(lambda x: jnp.sin(x)))(1.0)",
    "fwd_tree_eager": "at.grad(lambda x: with_fwd(lambda x: ((jnp.sin(x), x), x))(x))(1.0)",
    "err_fwd_tree": "at.grad(at.jit(lambda x: with_fwd(lambda x: ((jnp.sin(x), x), x))(x)))(1.0)",
    "err_fwd_shape": "at.grad(at.jit(lambda x: with_fwd(lambda x: (jnp.ones(3), x))(x)))(1.0)",
    "fwd_unchecked_eager": "at.grad(lambda x: with_fwd(lambda x: (2.0 * x, x))(x))(1.0)",
    "err_no_rule": "no_rule(1.0)",
    "err_nondiff_tracer": "at.grad(lambda x: nd(x, x))(1.0)",
    "nondiff_concrete": "at.grad(lambda x: nd(3.0, x))(1.0)",
    # jax.custom_derivatives.linear_call: a linear function with its own transpose
    "linear_call_value": "div_add(9.0, 3.0)",
    "linear_call_array": "lc(lc_div, lc_div_t, 4.0, jnp.arange(3.0))",
    "linear_call_transpose": "transpose1(lambda x: div_add(x, 3.0), 1.0)(18.0)",
    "linear_call_custom_id": "jnp.asarray(custom_id(1.0))",
    "linear_call_transpose_twice": "jnp.asarray(transpose1(transpose1(custom_id, 1.0), 1.0)(1.0))",
    "linear_call_grad": "at.grad(lambda x: div_add(x, 3.0))(2.0)",
    "linear_call_grad_array": "at.grad(lambda x: lc(lc_div, lc_div_t, 4.0, x).sum())(jnp.ones(3))",
    "linear_call_jvp": "at.jvp(lambda x: lc(lc_div, lc_div_t, 4.0, x), (2.0,), (1.0,))",
    "linear_call_vmap": "at.vmap(lambda x: lc(lc_div, lc_div_t, 4.0, x))(jnp.arange(3.0))",
    "linear_call_jit": "at.jit(div_add)(9.0, 3.0)",
    "linear_call_jit_grad": "at.jit(at.grad(lambda x: div_add(x, 3.0)))(2.0)",
    "linear_call_grad_jit": "at.grad(at.jit(lambda x: div_add(x, 3.0)))(2.0)",
    "linear_call_tree": "lc(lambda r, x: (x['a'] * r, x['b']), lambda r, ct: {'a': ct[0] * r, 'b': ct[1] * 5}, 2.0, "
                        "{'a': jnp.ones(2), 'b': 3.0})",
    "linear_call_tree_grad": "at.grad(lambda x: sum(jnp.sum(v) for v in lc(lambda r, x: (x['a'] * r, x['b']), "
                             "lambda r, ct: {'a': ct[0] * r, 'b': ct[1] * 5}, 2.0, x)))({'a': jnp.ones(2), 'b': 3.0})",
    "linear_call_vjp": "at.vjp(lambda x: lc(lambda r, x: x * r, lambda r, ct: ct * 10, jnp.float32(3), x), "
                       "jnp.ones(2, 'float32'))[1](jnp.ones(2, 'float32'))",
    "linear_call_f16": "at.grad(lambda x: lc(lc_div, lc_div_t, jnp.float16(2), x).astype('float32'))(jnp.float16(3))",
    "linear_call_residual_grad_refused": "at.grad(lambda r: lc(lc_div, lc_div_t, r, 2.0))(4.0)",
    "err_linear_call_vmap": "at.vmap(lambda x: div_add(x, 3.0))(jnp.arange(3.0))",
    "err_linear_call_bad_transpose_tree": "at.grad(lambda x: lc(lc_div, lambda r, ct: (ct, ct), 4.0, x))(2.0)",
}
"""Name -> expression (evaluated after :data:`PRELUDE`)."""

CONFIGS: tuple[str, ...] = cases.X64_CONFIGS


def run(namespace: dict[str, Any], record_leaf: Callable[[Any], Any] = cases.record) -> dict[str, Any]:
    """Every case evaluated in ``namespace`` (after the prelude), as ``tools/case_reference.py`` records it. Shared
    with the test, which passes the runtime's namespace."""
    return cases.run_cases(namespace, PRELUDE, CASES, messages=True, record_leaf=record_leaf, label="<custom_vjp>")


def main_inside() -> None:
    import jax
    import jax.numpy as jnp
    import numpy as np

    cases.write_per_x64(OUT, "tools/custom_vjp_reference.py", lambda: run({"at": jax, "jnp": jnp, "np": np}))


if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
