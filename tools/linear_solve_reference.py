"""Write JAX 0.10.2's results for ``lax.custom_linear_solve`` and the ``linalg`` functions built on it (``solve``,
``inv``, and the derivatives of ``slogdet`` and ``det``) to ``tests/data/linear_solve_reference.json``: values,
derivatives (``grad``, ``jvp``, ``hessian``, ``vmap``, ``jit``), their dtypes and weak flags, in two configurations
(x64 off and on), and the error class where JAX refuses.

Runs in JAX's own venv (see ``tools/jax_reference.py``, whose command line it shares)::

    python tools/linear_solve_reference.py [--venv .jaxref-venv]

The cases are source text evaluated in a namespace of the library under test (``at``: the top-level module with
``grad``/``jvp``/``vmap``/``jit``/``hessian``/``lax``; ``jnp``: its numpy), so ``tests/runtime/test_linear_solve.py``
runs the very same expressions on the runtime. Weakly typed operands (``M * s`` with a Python ``s``) are where the
implicit derivative's typing shows: the solve's result takes ``b``'s type, and so do its tangents and cotangents.
"""
from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import jax_reference as ref  # noqa: E402  (same folder)
import case_reference as cases  # noqa: E402  (same folder)

OUT = ref.ROOT / "tests" / "data" / "linear_solve_reference.json"

PRELUDE = '''
rng = np.random.default_rng(0)
M = (rng.standard_normal((3, 3)) + 3 * np.eye(3)).astype(np.float32)
MB = (rng.standard_normal((2, 3, 3)) + 3 * np.eye(3)).astype(np.float32)
v = rng.standard_normal(3).astype(np.float32)
B2 = rng.standard_normal((3, 2)).astype(np.float32)
BB = rng.standard_normal((2, 3, 2)).astype(np.float32)
C = (M + 1j * rng.standard_normal((3, 3))).astype(np.complex64)
W = jnp.where(jnp.asarray(np.eye(3, dtype=bool)), 3.0, 1.0)
wv = jnp.where(jnp.asarray(np.array([True, False, True])), 2.0, 1.0)
stop = at.lax.stop_gradient

def cls(a, b, **kw):
    return at.lax.custom_linear_solve(lambda x: a @ x, b, lambda mv, x: jnp.linalg.solve(stop(a), x),
                                      transpose_solve=lambda vm, x: jnp.linalg.solve(stop(a).T, x), **kw)

def cls_sym(a, b):
    s = a + a.T
    return at.lax.custom_linear_solve(lambda x: s @ x, b, lambda mv, x: jnp.linalg.solve(stop(s), x),
                                      symmetric=True)

def cls_aux(a, b):
    solve = lambda mv, x: (jnp.linalg.solve(stop(a), x), jnp.sum(x))
    return at.lax.custom_linear_solve(lambda x: a @ x, b, solve, transpose_solve=solve, has_aux=True)

def cls_tree(a, b):
    return at.lax.custom_linear_solve(
        lambda x: (a @ x[0], 2.0 * x[1]), b,
        lambda mv, x: (jnp.linalg.solve(stop(a), x[0]), x[1] / 2.0),
        transpose_solve=lambda vm, x: (jnp.linalg.solve(stop(a).T, x[0]), x[1] / 2.0))

def cls_forward_only(a, b):
    return at.lax.custom_linear_solve(lambda x: a @ x, b, lambda mv, x: jnp.linalg.solve(stop(a), x))
'''
"""Inputs and helpers, evaluated in the namespace before the cases."""

CASES: dict[str, str] = {
    # linalg.solve, inv, slogdet, det
    "solve_vec": "jnp.linalg.solve(M, v)",
    "solve_mat": "jnp.linalg.solve(M, B2)",
    "solve_batch_vec": "jnp.linalg.solve(MB, v)",
    "solve_batch_mat": "jnp.linalg.solve(MB, BB)",
    "solve_broadcast": "jnp.linalg.solve(M, BB)",
    "solve_complex": "jnp.linalg.solve(C, v)",
    "solve_int": "jnp.linalg.solve(np.array([[2, 1], [1, 3]]), np.array([1, 2]))",
    "solve_weak": "jnp.linalg.solve(W, wv)",
    "solve_singular": "jnp.linalg.solve(np.ones((3, 3), np.float32), v)",
    "grad_solve_a": "at.grad(lambda a: jnp.linalg.solve(a, v).sum())(M)",
    "grad_solve_b": "at.grad(lambda b: jnp.linalg.solve(M, b).sum())(v)",
    "grad_solve_weak_a": "at.grad(lambda a: jnp.linalg.solve(a, v).sum())(W)",
    "grad_solve_weak_ab": "at.grad(lambda a: jnp.linalg.solve(a, wv).sum())(W)",
    "grad_solve_weak_b": "at.grad(lambda b: jnp.linalg.solve(W, b).sum())(wv)",
    "grad_solve_strong_a_weak_b": "at.grad(lambda b: jnp.linalg.solve(M, b).sum())(wv)",
    "grad_solve_weak_mat": "at.grad(lambda a: jnp.linalg.solve(a, B2).sum())(W)",
    "grad_solve_scale": "at.grad(lambda s: jnp.linalg.solve(M * s, v * s).sum())(1.0)",
    "grad_solve_batch": "at.grad(lambda a: (jnp.linalg.solve(a, BB) ** 2).sum())(MB)",
    "grad_solve_complex": "at.grad(lambda a: jnp.abs(jnp.linalg.solve(a, v)).sum())(C)",
    "jvp_solve": "at.jvp(jnp.linalg.solve, (M, B2), (np.ones_like(M), np.ones_like(B2)))[1]",
    "jvp_solve_weak": "at.jvp(jnp.linalg.solve, (W, wv), (jnp.ones_like(W), jnp.ones_like(wv)))[1]",
    "jit_grad_solve": "at.jit(at.grad(lambda a: jnp.linalg.solve(a, B2).sum()))(M)",
    "vmap_solve": "at.vmap(jnp.linalg.solve)(MB, BB)",
    "vmap_grad_solve": "at.vmap(at.grad(lambda a, b: jnp.linalg.solve(a, b).sum()))(MB, BB[..., 0])",
    "grad_inv": "at.grad(lambda a: (jnp.linalg.inv(a) ** 2).sum())(M)",
    "grad_inv_weak": "at.grad(lambda a: jnp.linalg.inv(a).sum())(W)",
    "hessian_inv": "at.hessian(lambda a: jnp.linalg.inv(a).sum())(M)[0, 1]",
    "grad_slogdet": "at.grad(lambda a: jnp.linalg.slogdet(a)[1])(M)",
    "grad_slogdet_weak": "at.grad(lambda a: jnp.linalg.slogdet(a)[1])(W)",
    "grad_slogdet_batch": "at.grad(lambda a: jnp.linalg.slogdet(a)[1].sum())(MB)",
    "grad_slogdet_2x2": "at.grad(lambda a: jnp.linalg.slogdet(a)[1])(M[:2, :2])",
    "grad_slogdet_2x2_weak": "at.grad(lambda a: jnp.linalg.slogdet(a)[1])(W[:2, :2])",
    "grad_slogdet_1x1": "at.grad(lambda a: jnp.linalg.slogdet(a)[1])(M[:1, :1])",
    "grad_slogdet_complex": "at.grad(lambda a: jnp.linalg.slogdet(a)[1])(C)",
    "jvp_slogdet_sign": "at.jvp(lambda a: jnp.linalg.slogdet(a)[0], (M,), (np.ones_like(M),))[1]",
    "jvp_slogdet_sign_complex": "at.jvp(lambda a: jnp.linalg.slogdet(a)[0], (C,), (np.ones_like(C),))[1]",
    "jvp_slogdet_2x2_complex": ("at.jvp(lambda a: jnp.linalg.slogdet(a)[0], (C[:2, :2],), "
                                "(np.ones((2, 2), np.complex64),))[1]"),
    "hessian_slogdet": "at.hessian(lambda a: jnp.linalg.slogdet(a)[1])(M)[1, 2]",
    "grad_det_4x4": "at.grad(jnp.linalg.det)(np.eye(4, dtype=np.float32) * 2 + 0.1)",
    # lax.custom_linear_solve itself
    "cls": "cls(M, v)",
    "cls_jit": "at.jit(cls)(M, v)",
    "cls_grad_a": "at.grad(lambda a: cls(a, v).sum())(M)",
    "cls_grad_b": "at.grad(lambda b: cls(M, b).sum())(v)",
    "cls_grad_weak": "at.grad(lambda a: cls(a, wv).sum())(W)",
    "cls_jvp": "at.jvp(cls, (M, v), (np.ones_like(M), np.ones_like(v)))[1]",
    "cls_jvp_weak_b": "at.jvp(lambda b: cls(M, b), (wv,), (jnp.ones_like(wv),))[1]",
    "cls_vmap_b": "at.vmap(lambda b: cls(M, b))(np.stack([v, 2 * v]))",
    "cls_vmap_a": "at.vmap(lambda a: cls(a, v))(MB)",
    "cls_vmap_both": "at.vmap(cls)(MB, np.stack([v, 2 * v]))",
    "cls_vmap_grad": "at.vmap(at.grad(lambda a: cls(a, v).sum()))(MB)",
    "cls_hessian": "at.hessian(lambda a: cls(a, v).sum())(M)[0, 0]",
    "cls_symmetric": "cls_sym(M, v)",
    "cls_symmetric_grad": "at.grad(lambda a: cls_sym(a, v).sum())(M)",
    "cls_aux": "cls_aux(M, v)",
    "cls_aux_grad": "at.grad(lambda a: cls_aux(a, v)[0].sum())(M)",
    "cls_tree": "cls_tree(M, (v, v))",
    "cls_tree_grad": "at.grad(lambda a: sum(x.sum() for x in cls_tree(a, (v, 2 * v))))(M)",
    "cls_forward_only_jvp": "at.jvp(lambda a: cls_forward_only(a, v), (M,), (np.ones_like(M),))[1]",
    "cls_forward_only_grad": "at.grad(lambda a: cls_forward_only(a, v).sum())(M)",
    "cls_bad_matvec_shape": "at.lax.custom_linear_solve(lambda x: x[:2], v, lambda mv, x: x)",
    "cls_bad_solve_shape": "at.lax.custom_linear_solve(lambda x: x, v, lambda mv, x: x[:2])",
    "cls_bad_solve_tree": "at.lax.custom_linear_solve(lambda x: x, v, lambda mv, x: (x, x))",
}
"""Name -> expression (evaluated after :data:`PRELUDE`)."""

CONFIGS: tuple[str, ...] = cases.X64_CONFIGS


def run(namespace: dict[str, Any], record_leaf: Callable[[Any], Any] = cases.record) -> dict[str, Any]:
    """Every case evaluated in ``namespace`` (after the prelude), as ``tools/case_reference.py`` records it. Shared
    with the test, which passes the runtime's namespace."""
    return cases.run_cases(namespace, PRELUDE, CASES, messages=False, record_leaf=record_leaf, label="<linear_solve>")


def main_inside() -> None:
    import jax
    import jax.numpy as jnp
    import numpy as np

    cases.write_per_x64(OUT, "tools/linear_solve_reference.py", lambda: run({"at": jax, "jnp": jnp, "np": np}))


if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
