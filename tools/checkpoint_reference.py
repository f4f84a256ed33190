"""Write JAX 0.10.2's results for gradient checkpointing (``jax.checkpoint``/``jax.remat``, ``jax.ad_checkpoint``:
``checkpoint_name``, ``print_saved_residuals``, ``checkpoint_policies``) to ``tests/data/checkpoint_reference.json``:
values and gradients (equal to the un-checkpointed function's, with their dtypes and weak flags), printed jaxprs
(``remat2`` equations, their differentiated and batched forms) and the residuals reverse mode saves under each policy
(``print_saved_residuals``' text, sources included), with x64 off and on.

Runs in JAX's own venv (see ``tools/jax_reference.py``, whose command line it shares)::

    PYTHONHASHSEED=0 python tools/checkpoint_reference.py [--venv .jaxref-venv]

(JAX prints a policy's frozenset of names in Python's hash order, which the seed fixes; the runtime prints them
sorted, which seed 0 gives for the names here.)

The prelude is compiled under the file name ``<checkpoint>`` on both sides, so the sources
``print_saved_residuals`` prints (``<checkpoint>:LINE:COLUMN (function)``) are comparable; the cases are source text
evaluated in a namespace of the library under test (``at``: the top-level module, ``adc``: its ``ad_checkpoint``;
``jnp``: its numpy), so ``tests/runtime/test_checkpoint.py`` runs the very same expressions.
"""
from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import jax_reference as ref  # noqa: E402  (same folder)
import case_reference as cases  # noqa: E402  (same folder)

OUT = ref.ROOT / "tests" / "data" / "checkpoint_reference.json"

PRELUDE = '''
import contextlib, io

def printed(f, *args, **kwargs):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        adc.print_saved_residuals(f, *args, **kwargs)
    return buf.getvalue()

def g(W, x):
    y = jnp.dot(W, x)
    return jnp.sin(y)

def f(W1, W2, W3, x):
    x = g(W1, x)
    x = g(W2, x)
    x = g(W3, x)
    return x

def f2(W1, W2, W3, x):
    x = at.checkpoint(g)(W1, x)
    x = at.checkpoint(g)(W2, x)
    x = at.checkpoint(g)(W3, x)
    return x

def f4(W1, W2, W3, x):
    x = adc.checkpoint_name(g(W1, x), name='a')
    x = adc.checkpoint_name(g(W2, x), name='b')
    x = adc.checkpoint_name(g(W3, x), name='c')
    return x

def loss(params, x, y):
    return jnp.sum((predict(params, x) - y) ** 2)

def predict(params, x):
    *Ws, Wlast = params
    for i, W in enumerate(Ws):
        x = layer(W, x)
        x = adc.checkpoint_name(x, name=f'layer{i}_output')
    return jnp.dot(Wlast, x)

def layer(W, x):
    return jnp.sin(jnp.dot(W, x))

def scalar(f):
    return lambda *a: f(*a).sum()

def batched(W, xs):
    return jnp.sin(jnp.einsum('ij,bj->bi', W, xs))

def nested(n):
    if n == 2:
        return lambda v: jnp.sin(jnp.sin(v))
    f1, f2 = nested(n // 2), nested(n // 2)
    return lambda v: f1(at.checkpoint(f2)(v))

def nested_backward(f, v):
    _, f_vjp = at.vjp(f, v)
    leaves, tree = at.tree_util.tree_flatten(f_vjp)
    return str(at.make_jaxpr(lambda *a: at.tree_util.tree_unflatten(tree, a[:-1])(a[-1]))(*leaves, 1.0))

SCALE = 2.0

def scaled(v):
    return jnp.sin(v) * SCALE

def stale():
    global SCALE
    first = at.grad(at.checkpoint(scaled))(1.0)
    SCALE = 5.0
    again = at.grad(at.checkpoint(scaled, policy=P.nothing_saveable))(1.0)
    SCALE = 2.0
    return first, again

rng = np.random.default_rng(0)
W1 = rng.standard_normal((5, 4)).astype(np.float32)
W2 = rng.standard_normal((6, 5)).astype(np.float32)
W3 = rng.standard_normal((7, 6)).astype(np.float32)
x = rng.standard_normal(4).astype(np.float32)
xs = rng.standard_normal((3, 4)).astype(np.float32)
params = [rng.standard_normal((4, 4)).astype(np.float32) for _ in range(3)]
v4 = rng.standard_normal(4).astype(np.float32)
y4 = rng.standard_normal(4).astype(np.float32)
P = at.checkpoint_policies
'''
"""Inputs and helpers, evaluated in the namespace before the cases (compiled as ``<checkpoint>``)."""

CASES: dict[str, str] = {
    "value": "at.checkpoint(f)(W1, W2, W3, x)",
    "value_remat_alias": "at.remat(g)(W1, x)",
    "value_jit": "at.jit(at.checkpoint(f))(W1, W2, W3, x)",
    "grad_plain": "at.grad(scalar(f), (0, 1, 2, 3))(W1, W2, W3, x)",
    "grad_checkpoint": "at.grad(scalar(at.checkpoint(f)), (0, 1, 2, 3))(W1, W2, W3, x)",
    "grad_inner": "at.grad(scalar(f2), (0, 1, 2, 3))(W1, W2, W3, x)",
    "grad_dots": "at.grad(scalar(at.checkpoint(f, policy=P.dots_saveable)), (0, 3))(W1, W2, W3, x)",
    "grad_names": "at.grad(scalar(at.checkpoint(f4, policy=P.save_only_these_names('a'))), 0)(W1, W2, W3, x)",
    "grad_everything": "at.grad(scalar(at.checkpoint(f, policy=P.everything_saveable)), 3)(W1, W2, W3, x)",
    "grad_jit": "at.jit(at.grad(scalar(at.checkpoint(g))))(W1, x)",
    "vjp": "(lambda r: r[1](jnp.ones(5, np.float32)))(at.vjp(at.checkpoint(g), W1, x))",
    "jvp": "at.jvp(at.checkpoint(g), (W1, x), (jnp.ones_like(W1), jnp.ones_like(x)))",
    "vmap": "at.vmap(at.checkpoint(g), (None, 0))(W1, xs)",
    "vmap_grad": "at.vmap(at.grad(scalar(at.checkpoint(g)), 1), (None, 0))(W1, xs)",
    "grad_vmap": "at.grad(lambda W: at.vmap(at.checkpoint(g), (None, 0))(W, xs).sum())(W1)",
    "hessian": "at.hessian(lambda s: at.checkpoint(jnp.sin)(s) * s)(0.5)",
    "static_argnums": "at.grad(at.checkpoint(lambda a, n: (a ** n).sum(), static_argnums=(1,)))(x, 3)",
    "weak_scalar": "at.grad(at.checkpoint(lambda s: jnp.sin(s) * 2.0))(1.0)",
    "name_value": "adc.checkpoint_name(x * 2.0, 'n')",
    "name_grad": "at.grad(lambda s: adc.checkpoint_name(s * s, 'n'))(3.0)",
    "scan_body": ("at.grad(lambda c: at.lax.scan(at.checkpoint(lambda c, a: (jnp.sin(c) * a, None)), c, x)[0])"
                  "(0.3)"),
    "int_input": "at.grad(lambda a: at.checkpoint(lambda a, n: jnp.sin(a) * n)(a, 3).sum())(x)",
    "int_output": ("at.grad(lambda a: at.checkpoint(lambda a: (jnp.sin(a), jnp.int32(2)))(a)[0].sum())(x)"),
    "kwargs": "at.grad(lambda a: at.checkpoint(lambda a, *, k: jnp.sin(a) * k)(a, k=2.0).sum())(x)",
    "static_argnames": ("at.grad(lambda a: at.checkpoint(lambda a, n: (a ** n).sum(), static_argnames=('n',))"
                        "(a, n=3))(x)"),
    "jit_grad_dots": "at.jit(at.grad(lambda W: at.checkpoint(lambda W: jnp.sin(W @ W).sum(), policy=P.dots_saveable)(W)))(W1[:4])",
    "linearize": "at.linearize(at.checkpoint(jnp.sin), 1.0)[1](2.0)",
    "nested": "at.value_and_grad(lambda s: at.checkpoint(lambda t: at.checkpoint(jnp.sin)(t) * t)(s))(0.5)",
    "closure": "at.grad(lambda a: at.checkpoint(lambda t: jnp.sin(t) * a)(2.0))(1.0)",
    "pytree": "at.grad(lambda p: at.checkpoint(lambda p: p['a'] * p['b'])(p))({'a': 2.0, 'b': 3.0})['a']",
    "name_vmap": "at.vmap(lambda t: adc.checkpoint_name(t, 'a'))(x)",
    "jaxpr": "str(at.make_jaxpr(at.checkpoint(g))(W1, x))",
    "jaxpr_consts": "str(at.make_jaxpr(at.checkpoint(lambda a: a * 2.0 + jnp.ones(4)))(x))",
    "jaxpr_no_cse": "str(at.make_jaxpr(at.checkpoint(g, prevent_cse=False))(W1, x))",
    "jaxpr_policy": "str(at.make_jaxpr(at.checkpoint(g, policy=P.dots_saveable))(W1, x))",
    "jaxpr_grad": "str(at.make_jaxpr(at.grad(scalar(at.checkpoint(g))))(W1, x))",
    "jaxpr_grad_sin": "str(at.make_jaxpr(at.grad(at.checkpoint(jnp.sin)))(1.0))",
    "jaxpr_jvp": "str(at.make_jaxpr(lambda s: at.jvp(at.checkpoint(jnp.sin), (s,), (s,)))(1.0))",
    "jaxpr_vmap": "str(at.make_jaxpr(at.vmap(at.checkpoint(g), (None, 0)))(W1, xs))",
    "jaxpr_grad_dots": ("str(at.make_jaxpr(at.grad(scalar(at.checkpoint(f, policy=P.dots_with_no_batch_dims_saveable)),"
                        " (0, 1, 2, 3)))(W1, W2, W3, x))"),
    "jaxpr_grad_names": ("str(at.make_jaxpr(at.grad(scalar(at.checkpoint(f4, policy=P.save_only_these_names('a', 'b'))),"
                         " 0))(W1, W2, W3, x))"),
    "jaxpr_name": "str(at.make_jaxpr(lambda s: adc.checkpoint_name(jnp.sin(s), 'a'))(1.0))",
    "res_plain": "printed(f, W1, W2, W3, x)",
    "res_whole": "printed(at.checkpoint(g), W1, x)",
    "res_inner": "printed(f2, W1, W2, W3, x)",
    "res_dots_no_batch": "printed(at.checkpoint(f, policy=P.dots_with_no_batch_dims_saveable), W1, W2, W3, x)",
    "res_dots": "printed(at.checkpoint(f, policy=P.dots_saveable), W1, W2, W3, x)",
    "res_names": "printed(at.checkpoint(f4, policy=P.save_only_these_names('a')), W1, W2, W3, x)",
    "res_names_two": "printed(at.checkpoint(f4, policy=P.save_only_these_names('a', 'c')), W1, W2, W3, x)",
    "res_names_but": "printed(at.checkpoint(f4, policy=P.save_any_names_but_these('b')), W1, W2, W3, x)",
    "res_everything": "printed(at.checkpoint(f, policy=P.everything_saveable), W1, W2, W3, x)",
    "res_nothing": "printed(at.checkpoint(f, policy=P.nothing_saveable), W1, W2, W3, x)",
    "res_both": ("printed(at.checkpoint(f4, policy=P.save_from_both_policies(P.save_only_these_names('a'), "
                 "P.dots_saveable)), W1, W2, W3, x)"),
    "res_loss": "printed(loss, params, v4, y4)",
    "res_loss_dots": "printed(at.checkpoint(loss, policy=P.dots_with_no_batch_dims_saveable), params, v4, y4)",
    "res_loss_names_but": ("printed(at.checkpoint(loss, policy=P.save_any_names_but_these('layer1_output')), "
                           "params, v4, y4)"),
    "res_batched_dots": "printed(at.checkpoint(batched, policy=P.dots_saveable), W1, xs)",
    "res_batched_no_batch": "printed(at.checkpoint(batched, policy=P.dots_with_no_batch_dims_saveable), W1, xs)",
    "res_kwargs": "printed(lambda a, *rest, k: jnp.sin(a * rest[0] * k), 1.0, 2.0, k=3.0)",
    "policy_repr": "repr(P.dots_saveable) + ' ' + repr(P.save_only_these_names('a'))",
    "err_concrete": "at.checkpoint(g, concrete=True)",
    # nested checkpoints: the inner one's primal half stays one remat2 equation in the forward pass, its
    # recomputation runs inline in the backward pass, and equal jaxprs of different functions print apart
    "jaxpr_nested_fwd": "str(at.make_jaxpr(lambda v: at.vjp(nested(8), v)[0])(3.0))",
    "jaxpr_nested_bwd": "nested_backward(nested(8), 3.0)",
    "grad_nested": "at.grad(nested(16))(0.7)",
    "stale_global": "stale()",
}
"""Name -> expression (evaluated after :data:`PRELUDE`)."""

CONFIGS: tuple[str, ...] = cases.X64_CONFIGS


def run(namespace: dict[str, Any], record_leaf: Callable[[Any], Any] = cases.record) -> dict[str, Any]:
    """Every case evaluated in ``namespace`` (after the prelude), as ``tools/case_reference.py`` records it. Shared
    with the test, which passes the runtime's namespace."""
    return cases.run_cases(namespace, PRELUDE, CASES, messages=True, record_leaf=record_leaf, label="<checkpoint>")


def main_inside() -> None:
    import jax
    import jax.ad_checkpoint as adc
    import jax.numpy as jnp
    import numpy as np

    cases.write_per_x64(OUT, "tools/checkpoint_reference.py",
                        lambda: run({"at": jax, "adc": adc, "jnp": jnp, "np": np}))


if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
