"""Write JAX 0.10.2's results for the collectives over named axes under ``vmap`` (``jax.lax.psum``, ``pmean``,
``pmax``, ``pmin``, ``axis_index``, ``axis_size`` and their primitives) to
``tests/data/collectives_reference.json``: values on seeded inputs with their dtypes and weak flags, printed
jaxprs (the batched collectives, ``make_jaxpr``'s ``axis_env``), derivatives (``grad`` of ``vmap`` and ``vmap`` of
``grad``), nested and tuple axis names, and errors by class and message, with x64 off and on.

Runs in JAX's own venv (see ``tools/jax_reference.py``, whose command line it shares)::

    python tools/collectives_reference.py [--venv .jaxref-venv]

The cases are source text evaluated in a namespace of the library under test (``at``: the top-level module,
``lax``: its ``lax``, ``jnp``: its numpy, ``np``: NumPy), so ``tests/runtime/test_collectives.py`` runs the very same
expressions.
"""
from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import jax_reference as ref  # noqa: E402  (same folder)
import case_reference as cases  # noqa: E402  (same folder)

OUT = ref.ROOT / "tests" / "data" / "collectives_reference.json"

PRELUDE = '''
rng = np.random.RandomState(0)
X = rng.randn(4, 3).astype(np.float32)
X3 = rng.randn(2, 3, 4).astype(np.float32)
XI = rng.randint(-5, 5, size=(4, 3)).astype(np.int32)
XB = rng.randint(0, 2, size=(4, 3)).astype(bool)
X44 = rng.randn(4, 4, 3).astype(np.float32)
XI44 = rng.randint(-5, 5, size=(4, 4, 2)).astype(np.int32)
X8 = rng.randn(4, 3, 8).astype(np.float32)
X2 = rng.randn(2, 4, 3).astype(np.float32)
CYCLE = [(0, 1), (1, 2), (2, 3), (3, 0)]

def vm(f, name='i', **kw):
    return at.vmap(f, axis_name=name, **kw)

def jaxpr(f, *args, **kw):
    return str(at.make_jaxpr(f, **kw)(*args))
'''

CASES: dict[str, str] = {
    # values, dtypes, weak flags
    "psum": "vm(lambda v: lax.psum(v, 'i'))(X)",
    "psum_int": "vm(lambda v: lax.psum(v, 'i'))(XI)",
    "psum_bool": "vm(lambda v: lax.psum(v, 'i'))(XB)",
    "psum_weak_scalar_in": "vm(lambda v: lax.psum(v * 2, 'i'))(XI)",
    "psum_python_const": "vm(lambda v: lax.psum(1, 'i'))(X)",
    "psum_float_const": "vm(lambda v: v + lax.psum(2.5, 'i'))(X)",
    "psum_array_const": "vm(lambda v: v + lax.psum(jnp.ones(3), 'i'))(X)",
    "psum_tree": "vm(lambda v: lax.psum({'a': v, 'b': (v[0], v * 2)}, 'i'))(X)",
    "psum_tuple_name_with_pos": "vm(lambda v: lax.psum(v, ('i', 0)))(X)",
    "psum_out_axes_1": "vm(lambda v: lax.psum(v, 'i'), in_axes=1)(X)",
    "psum_in_axes_none": "vm(lambda v, w: lax.psum(v, 'i') + w, in_axes=(None, 0))(X[0], X)",
    "pmean": "vm(lambda v: lax.pmean(v, 'i'))(X)",
    "pmean_int": "vm(lambda v: lax.pmean(v, 'i'))(XI)",
    "pmax": "vm(lambda v: lax.pmax(v, 'i'))(X)",
    "pmax_int": "vm(lambda v: lax.pmax(v, 'i'))(XI)",
    "pmin": "vm(lambda v: lax.pmin(v, 'i'))(X)",
    "pmin_bool": "vm(lambda v: lax.pmin(v, 'i'))(XB)",
    "pmax_const": "vm(lambda v: v + lax.pmax(jnp.float32(3), 'i'))(X)",
    "axis_index": "vm(lambda v: lax.axis_index('i'))(X)",
    "axis_index_plus": "vm(lambda v: v + lax.axis_index('i'))(X)",
    "axis_size": "vm(lambda v: v * lax.axis_size('i'))(X)",
    "axis_size_int": "vm(lambda v: lax.axis_size('i'))(X)",
    "softmax_like": "vm(lambda v: jnp.exp(v) / lax.psum(jnp.exp(v), 'i'))(X)",
    "normalize": "vm(lambda v: (v - lax.pmean(v, 'i')) / lax.pmax(jnp.abs(v), 'i'))(X)",
    # nested and tuple names
    "nested_inner": "vm(vm(lambda v: lax.psum(v, 'j'), 'j'), 'i')(X3)",
    "nested_outer": "vm(vm(lambda v: lax.psum(v, 'i'), 'j'), 'i')(X3)",
    "nested_both": "vm(vm(lambda v: lax.psum(v, ('i', 'j')), 'j'), 'i')(X3)",
    "nested_mixed": "vm(vm(lambda v: lax.pmax(v, 'j') - lax.pmin(v, 'i'), 'j'), 'i')(X3)",
    "nested_axis_index_tuple": "vm(vm(lambda v: lax.axis_index(('i', 'j')), 'j'), 'i')(X3)",
    "nested_axis_size_tuple": "vm(vm(lambda v: lax.axis_size(('i', 'j')), 'j'), 'i')(X3)",
    "nested_outer_unbatched": "vm(vm(lambda v, w: lax.psum(w, 'i') + v, 'j', in_axes=(0, None)), 'i', in_axes=(0, None))(X3, X3[0, 0])",
    "same_name_shadows": "vm(vm(lambda v: lax.psum(v, 'i'), 'i'), 'i')(X3)",
    "jit_inside": "vm(at.jit(lambda v: lax.psum(jnp.sin(v), 'i')))(X)",
    "jit_outside": "at.jit(vm(lambda v: lax.pmean(v, 'i')))(X)",
    "cond_inside": "vm(lambda v: lax.cond(v.sum() > 0, lambda: lax.psum(v, 'i'), lambda: v))(X)",
    "scan_inside": "vm(lambda v: lax.scan(lambda c, x: (c + lax.psum(x, 'i'), c), 0.0, v)[0])(X)",
    # derivatives
    "grad_of_vmap": "at.grad(lambda x: vm(lambda v: lax.psum(jnp.sin(v), 'i'))(x).sum())(X)",
    "vmap_of_grad": "vm(at.grad(lambda v: lax.psum(jnp.sin(v), 'i').sum()))(X)",
    "vmap_of_grad_pmean": "vm(at.grad(lambda v: (lax.pmean(v, 'i') * v).sum()))(X)",
    "jvp_psum": "vm(lambda v: at.jvp(lambda u: lax.psum(u * u, 'i'), (v,), (jnp.ones_like(v),)))(X)",
    "vjp_psum": "vm(lambda v: at.vjp(lambda u: lax.psum(u, 'i'), v)[1](v))(X)",
    "err_grad_pmax": "vm(at.grad(lambda v: lax.pmax(v, 'i').sum()))(X)",
    # jaxprs
    "jaxpr_psum": "jaxpr(vm(lambda v: lax.psum(v, 'i')), X)",
    "jaxpr_psum_pos": "jaxpr(vm(lambda v: lax.psum(v, ('i', 0))), X)",
    "jaxpr_pmean": "jaxpr(vm(lambda v: lax.pmean(v, 'i')), X)",
    "jaxpr_pmax_in_axes_1": "jaxpr(vm(lambda v: lax.pmax(v, 'i'), in_axes=1), X)",
    "jaxpr_axis_index": "jaxpr(vm(lambda v: v + lax.axis_index('i')), X)",
    "jaxpr_jit_inside": "jaxpr(vm(at.jit(lambda v: lax.psum(v, 'i'))), X)",
    "jaxpr_nested": "jaxpr(vm(vm(lambda v: lax.psum(v, 'i'), 'j'), 'i'), X3)",
    "jaxpr_const": "jaxpr(vm(lambda v: v + lax.psum(jnp.ones(3), 'i')), X)",
    "jaxpr_grad_of_vmap": "jaxpr(at.grad(lambda x: vm(lambda v: lax.psum(jnp.sin(v), 'i'))(x).sum()), X)",
    "jaxpr_vmap_of_grad": "jaxpr(vm(at.grad(lambda v: lax.psum(jnp.sin(v), 'i').sum())), X)",
    "jaxpr_axis_env": "jaxpr(lambda v: lax.psum(v, 'i'), X, axis_env=[('i', 4)])",
    "jaxpr_axis_env_pmax_pmin": "jaxpr(lambda v: lax.pmax(v, 'i') + lax.pmin(v, ('i', 'j')), X, axis_env=[('i', 4), ('j', 2)])",
    "jaxpr_axis_env_index": "jaxpr(lambda: lax.axis_index('i'), axis_env=[('i', 4)])",
    "jaxpr_axis_env_pmean": "jaxpr(lambda v: lax.pmean(v, 'i'), X, axis_env=[('i', 4)])",
    "jaxpr_axis_env_grad": "jaxpr(at.grad(lambda v: lax.psum(v * v, 'i').sum()), X, axis_env=[('i', 4)])",
    # ppermute, pshuffle
    "ppermute": "vm(lambda v: lax.ppermute(v, 'i', CYCLE))(X)",
    "ppermute_int": "vm(lambda v: lax.ppermute(v, 'i', CYCLE))(XI)",
    "ppermute_weak": "vm(lambda v: lax.ppermute(v * 1.5, 'i', CYCLE))(XI)",
    "ppermute_in_axes_1": "vm(lambda v: lax.ppermute(v, 'i', [(0, 2), (2, 1), (1, 0)]), in_axes=1)(X)",
    "ppermute_unbatched": "vm(lambda v, w: lax.ppermute(w, 'i', CYCLE) + v, in_axes=(0, None))(X, X[0])",
    "ppermute_tree": "vm(lambda v: lax.ppermute((v, {'a': v * 2}), 'i', CYCLE))(X)",
    "ppermute_nested_outer": "vm(vm(lambda v: lax.ppermute(v, 'i', [(0, 1), (1, 0)]), 'j'), 'i')(X2)",
    "ppermute_two_names": "vm(vm(lambda v: lax.ppermute(v, ('i', 'j'), [(0, 1), (1, 2), (2, 3), (3, 0)]), 'j'), 'i')(X44)",
    "pshuffle": "vm(lambda v: lax.pshuffle(v, 'i', [3, 2, 0, 1]))(X)",
    "grad_of_vmap_ppermute": "at.grad(lambda x: (vm(lambda v: lax.ppermute(v, 'i', CYCLE))(x) * x).sum())(X)",
    "vmap_of_grad_ppermute": "vm(at.grad(lambda v: (lax.ppermute(v, 'i', CYCLE) * v).sum()))(X)",
    "jaxpr_ppermute": "jaxpr(vm(lambda v: lax.ppermute(v, 'i', CYCLE)), X)",
    "jaxpr_axis_env_ppermute": "jaxpr(lambda v: lax.ppermute(v, 'i', CYCLE), X, axis_env=[('i', 4)])",
    "err_ppermute_partial": "vm(lambda v: lax.ppermute(v, 'i', [(0, 1)]))(X)",
    "err_pshuffle_not_perm": "vm(lambda v: lax.pshuffle(v, 'i', [0, 0, 1, 2]))(X)",
    "err_ppermute_unbound": "at.jit(lambda v: lax.ppermute(v, 'i', CYCLE))(X)",
    # all_gather
    "all_gather": "vm(lambda v: lax.all_gather(v, 'i'))(X)",
    "all_gather_axis_1": "vm(lambda v: lax.all_gather(v, 'i', axis=1))(X)",
    "all_gather_axis_neg": "vm(lambda v: lax.all_gather(v, 'i', axis=-1))(X)",
    "all_gather_tiled": "vm(lambda v: lax.all_gather(v, 'i', tiled=True))(X)",
    "all_gather_int_weak": "vm(lambda v: lax.all_gather(v + 1, 'i'))(XI)",
    "all_gather_unbatched": "vm(lambda v, w: lax.all_gather(w, 'i') + v[0], in_axes=(0, None))(X, X[0])",
    "all_gather_nested_outer": "vm(vm(lambda v: lax.all_gather(v, 'i'), 'j'), 'i')(X2)",
    "all_gather_nested_inner_axis1": "vm(vm(lambda v: lax.all_gather(v, 'j', axis=1), 'j', in_axes=1), 'i')(X2)",
    "grad_of_vmap_all_gather": "at.grad(lambda x: (vm(lambda v: lax.all_gather(v, 'i'))(x) ** 2).sum())(X)",
    "vmap_of_grad_all_gather": "vm(at.grad(lambda v: (lax.all_gather(v, 'i') ** 2).sum()))(X)",
    "vmap_of_grad_all_gather_tiled": "vm(at.grad(lambda v: (jnp.sin(lax.all_gather(v, 'i', axis=0, tiled=True))).sum()))(X)",
    "jaxpr_all_gather": "jaxpr(vm(lambda v: lax.all_gather(v, 'i', axis=1)), X)",
    "jaxpr_all_gather_tiled": "jaxpr(vm(lambda v: lax.all_gather(v, 'i', tiled=True)), X)",
    "jaxpr_axis_env_all_gather": "jaxpr(lambda v: lax.all_gather(v, 'i', axis=1), X, axis_env=[('i', 4)])",
    "err_all_gather_groups": "vm(lambda v: lax.all_gather(v, 'i', axis_index_groups=[[0, 1], [2, 3]]))(X)",
    "err_all_gather_two_names": "vm(vm(lambda v: lax.all_gather(v, ('i', 'j')), 'j'), 'i')(X2)",
    "err_all_gather_unbound": "lax.all_gather(X, 'i')",
    # psum_scatter
    "psum_scatter": "vm(lambda v: lax.psum_scatter(v, 'i'))(X44)",
    "psum_scatter_int": "vm(lambda v: lax.psum_scatter(v, 'i'))(XI44)",
    "psum_scatter_dim1_tiled": "vm(lambda v: lax.psum_scatter(v, 'i', scatter_dimension=1, tiled=True))(X8)",
    "psum_scatter_unbatched": "vm(lambda v, w: lax.psum_scatter(w, 'i') + v[0], in_axes=(0, None))(X44, X44[0])",
    "psum_scatter_nested_outer": "vm(vm(lambda v: lax.psum_scatter(v, 'i'), 'j'), 'i')(X44[:2, :, :2].reshape(2, 4, 1, 2)[:, :, 0])",
    "grad_of_vmap_psum_scatter": "at.grad(lambda x: (vm(lambda v: lax.psum_scatter(v, 'i'))(x) ** 2).sum())(X44)",
    "vmap_of_grad_psum_scatter": "vm(at.grad(lambda v: (lax.psum_scatter(v, 'i') ** 2).sum()))(X44)",
    "jaxpr_psum_scatter": "jaxpr(vm(lambda v: lax.psum_scatter(v, 'i')), X44)",
    "jaxpr_psum_scatter_tiled": "jaxpr(vm(lambda v: lax.psum_scatter(v, 'i', scatter_dimension=1, tiled=True)), X8)",
    "jaxpr_axis_env_psum_scatter": "jaxpr(lambda v: lax.psum_scatter(v, 'i'), X44[0], axis_env=[('i', 4)])",
    "err_psum_scatter_size": "vm(lambda v: lax.psum_scatter(v, 'i'))(X)",
    "err_psum_scatter_tiled_size": "vm(lambda v: lax.psum_scatter(v, 'i', scatter_dimension=1, tiled=True))(X44)",
    # all_to_all, pswapaxes
    "all_to_all_0_1": "vm(lambda v: lax.all_to_all(v, 'i', 0, 1))(X44)",
    "all_to_all_1_0": "vm(lambda v: lax.all_to_all(v, 'i', 1, 0))(X44.transpose(0, 2, 1))",
    "all_to_all_in_axes_1": "vm(lambda v: lax.all_to_all(v, 'i', 0, 1), in_axes=1)(X44)",
    "all_to_all_same": "vm(lambda v: lax.all_to_all(v, 'i', 0, 0))(X44)",
    "all_to_all_tiled": "vm(lambda v: lax.all_to_all(v, 'i', 1, 0, tiled=True))(X8)",
    "all_to_all_int": "vm(lambda v: lax.all_to_all(v + 1, 'i', 0, 1))(XI44)",
    "all_to_all_unbatched": "vm(lambda v, w: lax.all_to_all(w, 'i', 0, 0) + v, in_axes=(0, None))(X44, X44[0])",
    "all_to_all_two_names": "vm(vm(lambda v: lax.all_to_all(v, ('i', 'j'), 0, 0), 'j'), 'i')(X44.reshape(2, 2, 4, 3))",
    "pswapaxes": "vm(lambda v: lax.pswapaxes(v, 'i', 0))(X44)",
    "grad_of_vmap_all_to_all": "at.grad(lambda x: (jnp.sin(vm(lambda v: lax.all_to_all(v, 'i', 0, 1))(x))).sum())(X44)",
    "vmap_of_grad_pswapaxes": "vm(at.grad(lambda v: (lax.pswapaxes(v, 'i', 0) * v).sum()))(X44)",
    "jaxpr_all_to_all": "jaxpr(vm(lambda v: lax.all_to_all(v, 'i', 0, 1)), X44)",
    "jaxpr_pswapaxes": "jaxpr(vm(lambda v: lax.pswapaxes(v, 'i', 0)), X44)",
    "jaxpr_axis_env_all_to_all": "jaxpr(lambda v: lax.all_to_all(v, 'i', 0, 1), X44[0], axis_env=[('i', 4)])",
    "err_all_to_all_size": "vm(lambda v: lax.all_to_all(v, 'i', 1, 0))(X44)",
    "err_all_to_all_tiled_size": "vm(lambda v: lax.all_to_all(v, 'i', 1, 0, tiled=True))(X)",
    # pbroadcast, pcast (shard_map's: refused as JAX refuses them)
    "err_pbroadcast": "vm(lambda v: lax.pbroadcast(v, 'i', 1))(jnp.asarray(X))",
    "pbroadcast_unbatched": "vm(lambda v, w: lax.pbroadcast(w, 'i', 1) + v, in_axes=(0, None))(X, X[0])",
    "err_pcast_varying": "vm(lambda v: lax.pcast(v, 'i', to='varying'))(X)",
    "err_pcast_reduced": "vm(lambda v: lax.pcast(v, 'i', to='reduced'))(X)",
    "err_pcast_reduced_outside": "lax.pcast(X, 'i', to='reduced')",
    "err_pcast_unreduced": "lax.pcast(X, 'i', to='unreduced')",
    "err_pcast_set": "lax.pcast(X, {'i'}, to='varying')",
    "pcast_empty": "lax.pcast(X, (), to='varying')",
    # errors
    "err_unbound_const": "lax.psum(X, 'i')",
    "err_unbound_traced": "at.jit(lambda v: lax.psum(v, 'i'))(X)",
    "err_unbound_pmax": "lax.pmax(X, 'i')",
    "err_unbound_axis_index": "lax.axis_index('i')",
    "err_unbound_axis_size": "lax.axis_size('i')",
    "err_wrong_name": "vm(lambda v: lax.psum(v, 'j'))(X)",
    "err_groups_under_vmap": "vm(lambda v: lax.psum(v, 'i', axis_index_groups=[[0, 1], [2, 3]]))(X)",
    "err_groups_cover": "vm(lambda v: lax.psum(v, 'i', axis_index_groups=[[0, 1], [1, 2]]))(X)",
    "err_groups_positional": "vm(lambda v: lax.psum(v, ('i', 0), axis_index_groups=[[0, 1], [2, 3]]))(X)",
    "err_unnamed_vmap": "at.vmap(lambda v: lax.psum(v, 'i'))(X)",
    "err_outside_after_vmap": "(vm(lambda v: v)(X), lax.psum(X, 'i'))",
}
"""Name -> expression (evaluated after :data:`PRELUDE`)."""

CONFIGS: tuple[str, ...] = cases.X64_CONFIGS


def run(namespace: dict[str, Any], record_leaf: Callable[[Any], Any] = cases.record) -> dict[str, Any]:
    """Every case evaluated in ``namespace`` (after the prelude), as ``tools/case_reference.py`` records it. Shared
    with the test, which passes the runtime's namespace."""
    return cases.run_cases(namespace, PRELUDE, CASES, messages=True, record_leaf=record_leaf, label="<collectives>")


def main_inside() -> None:
    import jax
    import jax.numpy as jnp
    import numpy as np

    cases.write_per_x64(OUT, "tools/collectives_reference.py",
                        lambda: run({"at": jax, "lax": jax.lax, "jnp": jnp, "np": np}))


if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
