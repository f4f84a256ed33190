"""Write JAX 0.10.2's jaxprs and values of jitted functions called under a trace (``make_jaxpr(jit(f))``,
``grad(jit(f))``, ``vmap(jit(f))``, ``jit`` inside ``jit`` and inside control flow) to
``tests/data/jit_call_reference.json``.

Runs in JAX's own venv (see ``tools/jax_reference.py``, whose command line it shares)::

    python tools/jit_call_reference.py [--venv .jaxref-venv]

Each function is a *source string* over a neutral namespace: ``np`` (``jax.numpy`` / ``arraytyping.numpy``), ``lax``,
``jit``, ``grad``, ``value_and_grad``, ``jvp``, ``vjp``, ``vmap``, ``partial`` (``functools.partial``),
``custom_jvp``, ``nn`` and the helpers in ``HELPERS`` (plain functions, so the ``jit`` equations carry their names;
``custom_jvp`` functions, whose ``custom_jvp_call`` equations carry theirs);
``tests/runtime/test_jit_call_conformance.py`` evaluates the same strings with arraytyping. Arguments are specs as in
``tools/transform_reference.py`` (``float32[3]``, ``float32*[]`` weakly typed, ``py:2.0``).

For every function the reference holds JAX's printed jaxpr (in the default configuration and with x64), its input and
output types (``*`` marks a weak type), or the error class; ``VALUES`` are run on concrete arguments in the default
configuration (output types, weak flags and values).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import jax_reference as ref  # noqa: E402  (same folder)
import transform_reference as tref  # noqa: E402  (same folder: the argument specs)

OUT = ref.ROOT / "tests" / "data" / "jit_call_reference.json"

HELPERS = '''
def f(x):
    return np.sin(x) * 2.0

def sq(x):
    return x * x

def g(x, y):
    return x * y, x

def two(x):
    return x.sum(), x * 2

def h(p):
    return {"a": p[0] + 1.0, "b": p[1]}

def scale(x, n):
    return x * n

def loss(w, x):
    return np.tanh(x @ w).sum()

@custom_jvp
def cj_f(x, y):
    return np.sin(x) * y

@cj_f.defjvp
def cj_f_jvp(primals, tangents):
    x, y = primals
    x_dot, y_dot = tangents
    return cj_f(x, y), np.cos(x) * x_dot * y + np.sin(x) * y_dot

@custom_jvp
def cj_g(x):
    return np.exp(x) - 1.0

cj_g.defjvps(lambda t, ans, x: t * (ans + 1.0))

@partial(custom_jvp, nondiff_argnums=(0,))
def cj_app(fn, x):
    return fn(x)

@cj_app.defjvp
def cj_app_jvp(fn, primals, tangents):
    (x,), (t,) = primals, tangents
    return cj_app(fn, x), 2.0 * t
'''

# name -> (source, argument specs). Keep names stable: the tests refer to them.
FUNCTIONS: dict[str, tuple[str, list[Any]]] = {
    "jit": ("jit(f)", ["float32[3]"]),
    "jit_lambda": ("jit(lambda x: x * x)", ["float32[3]"]),
    "jit_partial": ("jit(partial(g, y=2.0))", ["float32[3]"]),
    "jit_in_jit": ("jit(lambda x: jit(f)(x) + 1.0)", ["float32[3]"]),
    "jit_twice": ("lambda x: jit(f)(jit(f)(x))", ["float32[3]"]),
    "forwarded_output": ("jit(g)", ["float32[3]", "float32[3]"]),
    "unused_output": ("lambda x: jit(g)(x, x)[1]", ["float32[3]"]),
    "dead_inner": ("jit(lambda x: two(x)[1])", ["float32[3]"]),
    "python_scalar_arg": ("lambda x: jit(g)(x, 2.0)", ["float32[3]"]),
    "python_scalar_arg_unrounded": ("lambda x: jit(g)(x, 0.1)", ["float32[3]"]),
    # jax.nn activations: nested jits of their names, custom_jvp rules, parameters as literals or arguments
    "nn_selu": ("nn.selu", ["float32[3]"]),
    "nn_hard_silu": ("nn.hard_silu", ["float32[3]"]),
    "nn_elu_alpha": ("lambda x, a: nn.elu(x, a)", ["float32[3]", "float32[]"]),
    "nn_leaky_relu_int": ("nn.leaky_relu", ["int32[3]"]),
    "nn_celu_bf16": ("lambda x: nn.celu(x, 2.0)", ["bfloat16[3]"]),
    "nn_squareplus": ("nn.squareplus", ["float16[3]"]),
    "nn_sparse_plus_sigmoid": ("lambda x: (nn.sparse_plus(x), nn.sparse_sigmoid(x))", ["float32[3]"]),
    "nn_log_sigmoid_mish": ("lambda x: (nn.log_sigmoid(x), nn.mish(x), nn.soft_sign(x))", ["float32[3]"]),
    "nn_hard_tanh_identity": ("lambda x: (nn.hard_tanh(x), nn.identity(x))", ["int8[3]"]),
    "nn_glu": ("lambda x: nn.glu(x, axis=0)", ["float32[4,3]"]),
    "nn_relu6_grad": ("grad(lambda x: nn.relu6(x).sum())", ["float32[3]"]),
    "nn_log1mexp_grad": ("grad(lambda x: nn.log1mexp(x).sum())", ["float32[3]"]),
    "weak_arg": ("lambda x, s: jit(g)(x, s)", ["bfloat16[3]", "float32*[]"]),
    "pytree": ("jit(h)", [["float32[3]", "float32[3]"]]),
    "static_argnums": ("lambda x: jit(scale, static_argnums=1)(x, 3)", ["int8[2]"]),
    "static_argnames_by_position": ("lambda x: jit(scale, static_argnames='n')(x, 3)", ["int8[2]"]),
    "closure_over_tracer": ("lambda x: jit(lambda y: y * x)(x)", ["float32[3]"]),
    "grad": ("grad(lambda x: jit(f)(x).sum())", ["float32[3]"]),
    "grad_of_jit": ("grad(jit(lambda x: (x * 2.0 + x).sum()))", ["float32[]"]),
    "grad_square": ("grad(lambda x: jit(sq)(x).sum())", ["float32[3]"]),
    "grad_two_outputs": ("grad(lambda x: sum(a.sum() for a in jit(g)(x, x)))", ["float32[3]"]),
    "grad_closure_over_tracer": ("grad(lambda x: jit(lambda y: (y * x).sum())(x))", ["float32[3]"]),
    "grad_grad": ("grad(grad(lambda x: jit(np.sin)(x)))", ["float32[]"]),
    "jit_grad_jit": ("jit(grad(lambda x: jit(f)(x).sum()))", ["float32[3]"]),
    "grad_jit_jit": ("grad(jit(lambda x: jit(f)(x).sum()))", ["float32[3]"]),
    "grad_loss": ("grad(jit(loss))", ["float32[4,2]", "float32[3,4]"]),
    "value_and_grad": ("value_and_grad(lambda x: jit(f)(x).sum())", ["float32[3]"]),
    "jvp": ("lambda x, t: jvp(jit(f), (x,), (t,))", ["float32[3]", "float32[3]"]),
    "jvp_one_tangent": ("lambda x, t: jvp(lambda a: jit(g)(a, x), (x,), (t,))", ["float32[3]", "float32[3]"]),
    "vjp": ("lambda x, c: vjp(jit(f), x)[1](c)", ["float32[3]", "float32[3]"]),
    "vmap": ("vmap(jit(f))", ["float32[2,3]"]),
    "vmap_axis1": ("vmap(jit(f), in_axes=1)", ["float32[3,2]"]),
    "vmap_unbatched_operand": ("vmap(jit(g), in_axes=(0, None))", ["float32[2,3]", "float32[3]"]),
    "vmap_grad": ("vmap(grad(lambda x: jit(f)(x).sum()))", ["float32[2,3]"]),
    "cond_in_jit_grad": ("grad(jit(lambda x: lax.cond(x > 0, np.sin, np.cos, x)))", ["float32[]"]),
    "jit_in_scan": ("lambda x: lax.scan(lambda c, a: (jit(f)(c) + a, c), x, np.ones((2, 3)))", ["float32[3]"]),
    "jit_in_cond": ("lambda p, x: lax.cond(p, jit(f), lambda x: x, x)", ["bool[]", "float32[3]"]),
    # jax.numpy functions JAX stages as nested jits (the runtime stages them under JAX's names)
    "np_atleast_1d": ("np.atleast_1d", ["float32[4]"]),
    "np_atleast_2d": ("np.atleast_2d", ["float32[4]"]),
    "np_atleast_3d": ("np.atleast_3d", ["float32[3,4]"]),
    "np_hstack": ("lambda a, b: np.hstack([a, b])", ["float32[4]", "float32[4]"]),
    "np_column_stack": ("lambda a, b: np.column_stack([a, b])", ["float32[4]", "float32[4]"]),
    "np_rot90_2": ("lambda a: np.rot90(a, 2)", ["float32[3,4]"]),
    "np_rot90_3": ("lambda a: np.rot90(a, 3)", ["float32[3,4]"]),
    "np_roll_axis": ("lambda a: np.roll(a, 1, axis=0)", ["float32[3,4]"]),
    "np_roll_traced": ("lambda a, s: np.roll(a, s, axis=1)", ["float32[3,4]", "int32[]"]),
    "np_roll_traced_flat": ("lambda a, s: np.roll(a, s)", ["float32[3,4]", "float32[2]"]),
    "np_roll_traced_axes": ("lambda a, s: np.roll(a, s, axis=(0, -1))", ["float32[3,4]", "int8[2]"]),
    "np_diag_1d": ("np.diag", ["float32[4]"]),
    "np_clip": ("lambda a: np.clip(a, 0, 1)", ["float32[4]"]),
    "np_clip_max_only": ("lambda a: np.clip(a, max=1.5)", ["int8[4]"]),
    "np_take_along_axis": ("lambda a, i: np.take_along_axis(a, i, 1)", ["float32[3,4]", "int32[3,1]"]),
    "np_mod": ("lambda a: a % 2.0", ["float32[4]"]),
    "np_floordiv": ("lambda a: a // 2", ["int16[4]"]),
    "np_where_scalar_cond": ("lambda c, a: np.where(c, a, 0.0)", ["bool[]", "float32[4]"]),
    "np_where_empty": ("lambda c, a: np.where(c, a, 1)", ["bool[0]", "int32[0]"]),
    "np_triu_tril": ("lambda a: np.triu(a) + np.tril(a, -1)", ["float32[3,3]"]),
    "np_cumprod_sort": ("lambda a: np.cumprod(np.sort(a)) + np.argsort(a)", ["float32[5]"]),
    "np_rint": ("np.rint", ["float32[4]"]),
    "np_rint_complex": ("np.rint", ["complex64[3]"]),
    "np_rint_int": ("np.rint", ["int8[3]"]),
    "np_trunc": ("np.trunc", ["float32[4]"]),
    "np_arccosh": ("np.arccosh", ["float32[4]"]),
    "np_isinf": ("np.isinf", ["bfloat16[4]"]),
    "np_nan_to_num": ("np.nan_to_num", ["float32[4]"]),
    "np_copysign": ("np.copysign", ["float32[4]", "float32[4]"]),
    "np_heaviside": ("np.heaviside", ["float32[4]", "float32[4]"]),
    "np_fmod": ("np.fmod", ["int32[4]", "int32[4]"]),
    "np_hypot": ("np.hypot", ["float32[4]", "float32[4]"]),
    "np_fmax_fmin": ("lambda a, b: (np.fmax(a, b), np.fmin(b, a))", ["float32[4]", "float32[4]"]),
    "np_kron": ("np.kron", ["float32[2,2]", "float32[2,3]"]),
    "np_nan_reductions": ("lambda a: (np.nansum(a), np.nanmax(a, axis=0), np.nanmin(a))", ["float32[3,4]"]),
    "grad_np_calls": ("grad(lambda a: (np.where(a > 0, a, 0.0) + a % 1.5 + np.clip(a, 0, 1)).sum())", ["float32[4]"]),
    "vmap_np_calls": ("vmap(lambda a: np.roll(np.where(a > 0, a, 0.0), 1) // 2.0)", ["float32[2,3]"]),
    # custom_jvp: the user's, and those of jax.nn and jax.numpy (relu, logaddexp, softplus through logaddexp)
    "cj_user": ("cj_f", ["float32[]", "float32[]"]),
    "cj_user_grad": ("grad(cj_f, argnums=(0, 1))", ["float32[]", "float32[]"]),
    "cj_user_jvp": ("lambda x, y: jvp(cj_f, (x, y), (x, y))", ["float32[3]", "float32[3]"]),
    "cj_user_vmap": ("vmap(cj_f, in_axes=(0, None))", ["float32[2]", "float32[]"]),
    "cj_user_grad_grad": ("grad(grad(cj_f))", ["float32[]", "float32[]"]),
    "cj_defjvps": ("grad(lambda x: cj_g(x).sum())", ["float32[3]"]),
    "cj_nondiff": ("grad(lambda x: cj_app(np.sin, x))", ["float32[]"]),
    "cj_relu": ("nn.relu", ["float32[3]"]),
    "cj_relu_grad": ("grad(lambda x: nn.relu(x).sum())", ["float32[3]"]),
    "cj_relu_jit_grad": ("jit(grad(lambda x: nn.relu(x).sum()))", ["float32[3]"]),
    "cj_relu_vmap": ("vmap(nn.relu)", ["float32[2,3]"]),
    "cj_relu_vmap_grad": ("vmap(grad(nn.relu))", ["float32[3]"]),
    "cj_relu_grad_vmap": ("grad(lambda x: vmap(nn.relu)(x).sum())", ["float32[2,3]"]),
    "cj_softplus": ("nn.softplus", ["float32[3]"]),
    "cj_logaddexp": ("np.logaddexp", ["float32[3]", "float32[3]"]),
    "cj_logaddexp2_grad": ("grad(lambda x: np.logaddexp2(x, 1.0))", ["float32[]"]),
    "cj_logaddexp_complex": ("np.logaddexp", ["complex64[2]", "complex64[2]"]),
    "nn_softmax_grad": ("grad(lambda x: nn.softmax(x)[0])", ["float32[3]"]),
    "nn_log_softmax_grad": ("grad(lambda x: nn.log_softmax(x)[1])", ["float32[2,3]"]),
    "nn_logsumexp_grad": ("grad(nn.logsumexp)", ["float32[3]"]),
    "nn_silu_grad": ("grad(lambda x: nn.silu(x).sum())", ["float32[3]"]),
    "nn_standardize": ("nn.standardize", ["float32[2,3]"]),
}

VALUES: dict[str, tuple[str, list[Any]]] = {
    "grad_weak": ("grad(jit(lambda x: (x * 2.0 + x).sum()))", ["py:3.0"]),
    "grad": ("grad(lambda x: jit(f)(x).sum())", ["float32[3]"]),
    "grad_grad": ("grad(grad(jit(np.sin)))", ["float32[]"]),
    "vmap": ("vmap(jit(f))", ["float32[2,3]"]),
    "vmap_axis1": ("vmap(jit(f), in_axes=1)", ["float32[3,2]"]),
    "jvp": ("lambda x, w: jvp(jit(g), (x, w), (x, x))", ["float32[3]", "float32[3]"]),
    "vjp": ("lambda x, w: vjp(jit(g), x, w)[1]((x, x))", ["float32[3]", "float32[3]"]),
    "grad_loss": ("grad(jit(loss))", ["float32[4,2]", "float32[3,4]"]),
    "grad_bf16": ("grad(lambda x: jit(f)(x).sum())", ["bfloat16[3]"]),
    # custom_jvp rules where the derivative of the operations differs: kinks and ties
    "cj_relu_at_zero": ("lambda x: grad(lambda y: nn.relu(y).sum())(x * 0.0)", ["float32[3]"]),
    "cj_softplus_at_zero": ("lambda x: grad(lambda y: nn.softplus(y).sum())(x * 0.0)", ["float32[3]"]),
    "cj_logaddexp_tie": ("lambda x: grad(lambda y: np.logaddexp(y, x).sum())(x)", ["float32[3]"]),
    "cj_logaddexp2_inf": ("lambda x: grad(lambda y: np.logaddexp2(y, float('inf')).sum())(x)", ["float32[3]"]),
    "cj_vmap_grad_relu": ("lambda x: vmap(grad(nn.relu))(x * 0.0)", ["float32[3]"]),
    "cj_user": ("grad(cj_f, argnums=(0, 1))", ["float32[]", "float32[]"]),
    "cj_nondiff": ("grad(lambda x: cj_app(np.sin, x))", ["float32[]"]),
    "cj_softplus_grad_grad": ("grad(grad(nn.softplus))", ["float32[]"]),
    "cj_relu6_kinks": ("lambda x: grad(lambda y: nn.relu6(y).sum())(x * 0.0 + np.array([0.0, 6.0, 3.0]))",
                       ["float32[3]"]),
    "cj_log1mexp": ("lambda x: grad(lambda y: nn.log1mexp(y).sum())(np.abs(x) + 0.5)", ["float32[3]"]),
    "cj_hard_silu_vmap_grad": ("vmap(grad(nn.hard_silu))", ["float32[3]"]),
    "nn_glu_grad": ("grad(lambda x: nn.glu(x).sum())", ["float32[3,4]"]),
    "nn_selu_values": ("lambda x: (nn.selu(x), nn.elu(x, 0.3), nn.celu(x, 0.5), nn.leaky_relu(x, 0.2))",
                       ["float32[3]"]),
    "roll_traced_vmap": ("vmap(lambda r, k: np.roll(r, k))", ["float32[3,4]", "int32[3]"]),
    "roll_traced_grad": ("grad(lambda a, s: (np.roll(a, s) * np.arange(4.0)).sum())", ["float32[4]", "float32[]"]),
    # Jacobians and Hessians: shapes out + in, the output's dtype (jacfwd) or the input's (jacrev), pytrees
    "jacfwd": ("jacfwd(lambda x: np.tanh(x) * x[::-1])", ["float32[3]"]),
    "jacrev": ("jacrev(lambda x: np.tanh(x) * x[::-1])", ["float32[3]"]),
    "jacobian_matrix": ("jacobian(lambda a, x: np.sin(a @ x))", ["float32[2,3]", "float32[3]"]),
    "jacfwd_argnums": ("jacfwd(lambda a, x: np.sin(a @ x), argnums=(0, 1))", ["float32[2,3]", "float32[3]"]),
    "jacrev_argnums": ("jacrev(lambda a, x: np.sin(a @ x), argnums=(0, 1))", ["float32[2,3]", "float32[3]"]),
    "jacrev_pytree_out": ("jacrev(lambda x: {'s': (x ** 2).sum(), 'v': x * 3.0})", ["float32[3]"]),
    "jacfwd_pytree_in": ("jacfwd(lambda d: d['a'] * d['b'].sum())", [{"a": "float32[3]", "b": "float32[2,2]"}]),
    "jacfwd_f16_in": ("jacfwd(lambda x: x.astype(np.float32) ** 2)", ["float16[3]"]),
    "jacrev_f16_in": ("jacrev(lambda x: x.astype(np.float32) ** 2)", ["float16[3]"]),
    "jacfwd_weak": ("jacfwd(lambda x: np.sin(x) * 2.0)", ["py:0.5"]),
    "jacrev_aux": ("jacrev(lambda x: (np.exp(x), x.sum()), has_aux=True)", ["float32[3]"]),
    "jacfwd_holomorphic": ("jacfwd(lambda z: z * z, holomorphic=True)", ["complex64[2]"]),
    "jacrev_complex_in": ("jacrev(lambda z: np.abs(z) ** 2)", ["complex64[2]"]),
    "hessian": ("hessian(lambda x: (x ** 3).sum() - x[0] * x[1])", ["float32[3]"]),
    "hessian_matrix": ("hessian(lambda a: np.log1p((a ** 2).sum()))", ["float32[2,2]"]),
    "vmap_jacrev": ("vmap(jacrev(lambda x: np.sin(x) * x))", ["float32[2,3]"]),
}


def main_inside() -> None:
    import functools

    import jax
    import jax.numpy as jnp
    import jaxlib
    import numpy as np
    from jax import lax

    namespace: dict[str, Any] = {"np": jnp, "lax": lax, "jit": jax.jit, "grad": jax.grad,
                                 "value_and_grad": jax.value_and_grad, "jvp": jax.jvp, "vjp": jax.vjp,
                                 "vmap": jax.vmap, "partial": functools.partial, "custom_jvp": jax.custom_jvp,
                                 "nn": jax.nn, "jacfwd": jax.jacfwd, "jacrev": jax.jacrev,
                                 "jacobian": jax.jacobian, "hessian": jax.hessian}
    exec(HELPERS, namespace)  # noqa: S102 - our own helpers

    def np_dtype(name: str) -> Any:
        return np.dtype(ref.sctype(name))

    def aval_str(aval: Any) -> str:
        return aval.str_short(short_dtypes=True) + ("*" if aval.weak_type else "")

    def abstract(spec: str) -> Any:
        dt, shape, weak = tref.parse(spec)
        return jax.ShapeDtypeStruct(shape, np_dtype(dt), weak_type=weak)

    configs: dict[str, Any] = {}
    for key in ref.each_config(jax):
        if key.startswith("strict"):
            continue
        print("config", key, file=sys.stderr)
        cfg: dict[str, Any] = {}
        for name, (src, specs) in FUNCTIONS.items():
            fn = eval(src, dict(namespace))  # noqa: S307 - our own table
            args = [tref.build(s, abstract) for s in specs]
            try:
                closed = jax.make_jaxpr(fn)(*args)
            except Exception as e:  # noqa: BLE001 - recorded
                cfg[name] = {"error": type(e).__name__}
                continue
            cfg[name] = {"text": closed.pretty_print(use_color=False),
                         "in_avals": [aval_str(a) for a in closed.in_avals],
                         "out_avals": [aval_str(a) for a in closed.out_avals]}
        configs[key] = cfg

    jax.config.update("jax_numpy_dtype_promotion", "standard")
    jax.config.update("jax_enable_x64", False)
    values: dict[str, Any] = {}
    for name, (src, specs) in VALUES.items():
        fn = eval(src, dict(namespace))  # noqa: S307 - our own table
        args = [tref.build(s, lambda sp: jnp.asarray(tref.concrete(sp, np_dtype(tref.parse(sp)[0])))) for s in specs]
        out = fn(*args)
        values[name] = [{"aval": aval_str(jax.typeof(x)),
                         "values": np.asarray(x).astype(np.float64).ravel().tolist()}
                        for x in jax.tree_util.tree_leaves(out)]

    data = {
        "generator": "tools/jit_call_reference.py",
        "versions": {"jax": jax.__version__, "jaxlib": jaxlib.__version__, "numpy": np.__version__},
        "helpers": HELPERS,
        "functions": {name: {"source": src, "args": specs} for name, (src, specs) in FUNCTIONS.items()},
        "values_functions": {name: {"source": src, "args": specs} for name, (src, specs) in VALUES.items()},
        "configs": configs,
        "values": values,
    }
    OUT.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT}", file=sys.stderr)


if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
