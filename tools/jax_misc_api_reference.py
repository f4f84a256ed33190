"""Write JAX 0.10.2's behaviour for its configuration options as context managers (``jax.numpy_rank_promotion``,
``jax.numpy_dtype_promotion``, ``jax.no_tracing``...) and for the smaller public names of issue 64
(``jax.flatten_util``, ``jax.custom_batching``, ``jax.custom_derivatives``, ``jax.dtypes``...) to
``tests/data/jax_misc_api_reference.json``: values, dtypes, weak flags, the warnings raised and the error class (and
message) where JAX refuses, on concrete programs, in two configurations (x64 off and on).

Runs in JAX's own venv (see ``tools/jax_reference.py``, whose command line it shares)::

    python tools/jax_misc_api_reference.py [--venv .jaxref-venv]

The cases are source text evaluated in a namespace of the library under test (``at``: the top-level module;
``jnp``: its numpy; ``np``), so ``tests/runtime/test_jax_misc_api.py`` runs the very same expressions on the
runtime. A case that sets an option restores it (``under``, ``updated``); ``warned`` gives a result with the
categories and messages of the warnings it raised.
"""
from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import jax_reference as ref  # noqa: E402  (same folder)
import case_reference as cases  # noqa: E402  (same folder)

OUT = ref.ROOT / "tests" / "data" / "jax_misc_api_reference.json"

PRELUDE = '''
import warnings
rng = np.random.default_rng(0)
X23 = jnp.asarray(rng.standard_normal((2, 3)).astype(np.float32))
X13 = jnp.asarray(rng.standard_normal((1, 3)).astype(np.float32))
X3 = jnp.asarray(rng.standard_normal(3).astype(np.float32))
I3 = jnp.asarray(np.array([1, 2, 3], np.int32))
H3 = jnp.asarray(np.array([1.0, 2.0, 3.0], np.float16))

def under(state, value, f):
    with state(value):
        return f()

def under0(state, f):
    with state():
        return f()

def updated(name, value, f):
    old = getattr(at.config, name)
    at.config.update(name, value)
    try:
        return f()
    finally:
        at.config.update(name, old)

def warned(f):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        out = f()
    return out, [f"{x.category.__name__}: {x.message}" for x in w]

fj = at.jit(lambda a, b: a - b)
fj_first = fj(X23, X3)
gj = at.jit(lambda a: a + 5.0)
gj_first = gj(X3)
from importlib import import_module
optimizers = import_module(at.__name__ + ".example_libraries.optimizers")
import_module(at.__name__ + ".flatten_util")
custom_batching = import_module(at.__name__ + ".custom_batching")
cv = custom_batching.custom_vmap(lambda x, y: x + y)
cv.def_vmap(lambda axis_size, in_batched, x, y: (x * 100 + y, True))
cv_tree = custom_batching.custom_vmap(lambda t: {"s": t[0] * t[1], "n": t[0]})
cv_tree.def_vmap(lambda axis_size, in_batched, t: ({"s": t[0] * t[1] + axis_size, "n": t[0]},
                                                   {"s": True, "n": in_batched[0][0]}))
seq = custom_batching.sequential_vmap(lambda x, y: jnp.sum(x * y))
uctx = at.make_user_context(1.0)
hj = at.jit(lambda a: a * uctx.value)
hj_first = hj(X3)
sm = lambda x: at.nn.softmax(x)

def donated(f, *args, **kwargs):
    """A call of a donating jitted function: its result, whether each argument array is deleted after it, and the
    warnings it gave."""
    out, warns = warned(lambda: f(*args, **kwargs))
    inputs = [a for a in at.tree_util.tree_leaves((args, kwargs)) if hasattr(a, "is_deleted")]
    return out, [a.is_deleted() for a in inputs], warns
smw = lambda x: at.nn.softmax(x, where=np.array([True, False, True]))
'''
"""Inputs and helpers, evaluated in the namespace before the cases."""

CASES: dict[str, str] = {
    # numpy_rank_promotion: 'raise' and 'warn' on implicit rank promotion, in eager code and under jit
    "rank_default": "at.numpy_rank_promotion.value",
    "rank_allow_add": "X23 + X3",
    "rank_raise_add": "under(at.numpy_rank_promotion, 'raise', lambda: X23 + X3)",
    "rank_raise_jnp_add": "under(at.numpy_rank_promotion, 'raise', lambda: jnp.add(X23, X3))",
    "rank_raise_multiply": "under(at.numpy_rank_promotion, 'raise', lambda: jnp.multiply(X3, X23))",
    "rank_raise_where": "under(at.numpy_rank_promotion, 'raise', lambda: jnp.where(X3 > 0, X23, 0.0))",
    "rank_raise_same_rank": "under(at.numpy_rank_promotion, 'raise', lambda: X23 + X13)",
    "rank_raise_scalar": "under(at.numpy_rank_promotion, 'raise', lambda: X23 + 1.0)",
    "rank_raise_rank0_array": "under(at.numpy_rank_promotion, 'raise', lambda: X23 * jnp.float32(2.0))",
    "rank_raise_jit": "under(at.numpy_rank_promotion, 'raise', lambda: at.jit(lambda a, b: a * b)(X23, X3))",
    "rank_raise_jit_cached": "(fj_first, under(at.numpy_rank_promotion, 'raise', lambda: fj(X23, X3)))",
    "rank_raise_then_allow": "(under(at.numpy_rank_promotion, 'allow', lambda: fj(X23, X3)), fj(X23, X3))",
    "rank_raise_value": "under(at.numpy_rank_promotion, 'raise', lambda: at.numpy_rank_promotion.value)",
    "rank_raise_config_read": "under(at.numpy_rank_promotion, 'raise', lambda: at.config.jax_numpy_rank_promotion)",
    "rank_warn_add": "warned(lambda: under(at.numpy_rank_promotion, 'warn', lambda: jnp.add(X23, X3)))",
    "rank_warn_same_rank": "warned(lambda: under(at.numpy_rank_promotion, 'warn', lambda: X23 + X13))",
    "rank_update_raise": "updated('jax_numpy_rank_promotion', 'raise', lambda: X23 - X3)",
    "rank_update_value": "updated('jax_numpy_rank_promotion', 'warn', lambda: at.numpy_rank_promotion.value)",
    "rank_bad_value": "under(at.numpy_rank_promotion, 'sometimes', lambda: 0)",
    "rank_no_value": "at.numpy_rank_promotion()",
    "rank_update_bad_value": "at.config.update('jax_numpy_rank_promotion', 'sometimes')",
    "rank_decorator": "at.numpy_rank_promotion('raise')(lambda: X23 + X3)()",
    "rank_bool": "bool(at.numpy_rank_promotion)",
    # numpy_dtype_promotion: 'strict' refuses implicit promotion between strong dtypes
    "dtype_default": "at.numpy_dtype_promotion.value",
    "dtype_strict_value": "under(at.numpy_dtype_promotion, 'strict', lambda: at.numpy_dtype_promotion.value)",
    "dtype_strict_config_read": "under(at.numpy_dtype_promotion, 'strict', lambda: at.config.jax_numpy_dtype_promotion)",
    "dtype_strict_int_float": "under(at.numpy_dtype_promotion, 'strict', lambda: I3 + X3)",
    "dtype_strict_f16_f32": "under(at.numpy_dtype_promotion, 'strict', lambda: H3 * X3)",
    "dtype_strict_weak": "under(at.numpy_dtype_promotion, 'strict', lambda: (I3 + 1, X3 * 2.0))",
    "dtype_strict_same": "under(at.numpy_dtype_promotion, 'strict', lambda: X3 + X3)",
    "dtype_strict_jit": "under(at.numpy_dtype_promotion, 'strict', lambda: at.jit(lambda a, b: a * b)(I3, X3))",
    "dtype_standard_int_float": "under(at.numpy_dtype_promotion, 'standard', lambda: I3 + X3)",
    "dtype_bad_value": "under(at.numpy_dtype_promotion, 'loose', lambda: 0)",
    # boolean options: a context manager without an argument turns them on
    "enable_checks_default": "at.enable_checks.value",
    "enable_checks_on": "under0(at.enable_checks, lambda: (at.enable_checks.value, X23 + X3))",
    "log_compiles_on": "under0(at.log_compiles, lambda: (at.log_compiles.value, at.jit(lambda a: a * 2)(X3)))",
    "explain_cache_misses_on": "under0(at.explain_cache_misses, lambda: (at.explain_cache_misses.value, gj(X3)))",
    "enable_custom_prng_default": "at.enable_custom_prng.value",
    "thread_guard_on": "under0(at.thread_guard, lambda: (at.thread_guard.value, X3 * 2))",
    "array_gc_guard_default": "str(at.array_garbage_collection_guard.value)",
    "array_gc_guard_log": "under(at.array_garbage_collection_guard, 'log', lambda: at.array_garbage_collection_guard.value)",
    "array_gc_guard_bad": "under(at.array_garbage_collection_guard, 'never', lambda: 0)",
    "default_device_value": "str(at.default_device.value)",
    "default_device_cpu": "under(at.default_device, at.devices()[0], lambda: jnp.ones(3) + X3)",
    "default_matmul_precision_default": "str(at.default_matmul_precision.value)",
    "default_matmul_precision_highest": "under(at.default_matmul_precision, 'highest', lambda: X23 @ X3)",
    "default_matmul_precision_bad": "under(at.default_matmul_precision, 'fastest', lambda: 0)",
    "default_prng_impl_default": "at.default_prng_impl.value",
    "threefry_partitionable_default": "at.threefry_partitionable.value",
    "threefry_partitionable_on": "under(at.threefry_partitionable, True, lambda: at.random.uniform(at.random.key(0), (3,)))",
    "debug_key_reuse_default": "at.debug_key_reuse.value",
    "check_tracer_leaks_default": "at.check_tracer_leaks.value",
    # allow_f16_reductions: reduce_sum of float16 refused when False (the transpose of a broadcast sums)
    "f16_reductions_default": "at.allow_f16_reductions.value",
    "f16_reductions_off_grad": ("under(at.allow_f16_reductions, False, lambda: at.grad(lambda s: jnp.sum("
                                "jnp.broadcast_to(s, (3,)).astype(jnp.float32)))(jnp.float16(1.0)))"),
    "f16_reductions_on_grad": ("under(at.allow_f16_reductions, True, lambda: at.grad(lambda s: jnp.sum("
                               "jnp.broadcast_to(s, (3,)).astype(jnp.float32)))(jnp.float16(1.0)))"),
    "f16_reductions_off_sum": "under(at.allow_f16_reductions, False, lambda: jnp.sum(H3))",
    "f16_reductions_off_f32_grad": ("under(at.allow_f16_reductions, False, lambda: at.grad(lambda s: jnp.sum("
                                    "jnp.broadcast_to(s, (3,))))(jnp.float32(1.0)))"),
    # legacy_prng_key: raw uint32 keys passed to jax.random
    "legacy_key_default": "at.legacy_prng_key.value",
    "legacy_key_error": "under(at.legacy_prng_key, 'error', lambda: at.random.normal(at.random.PRNGKey(0)))",
    "legacy_key_error_typed": "under(at.legacy_prng_key, 'error', lambda: at.random.normal(at.random.key(0)))",
    "legacy_key_warn": "warned(lambda: under(at.legacy_prng_key, 'warn', lambda: at.random.normal(at.random.PRNGKey(0))))",
    "legacy_key_bad": "under(at.legacy_prng_key, 'sometimes', lambda: 0)",
    # no_execution, no_tracing
    "no_execution_add": "under(at.no_execution, True, lambda: X3 + X3)",
    "no_execution_jit": "under(at.no_execution, True, lambda: gj(X3))",
    "no_execution_off": "under(at.no_execution, False, lambda: X3 + X3)",
    "no_tracing_new_jit": "under(at.no_tracing, True, lambda: at.jit(lambda a: a * 7.0)(X3))",
    "no_tracing_cached_jit": "(gj_first, under(at.no_tracing, True, lambda: gj(X3)))",
    # softmax_custom_jvp: the same values; JAX's custom JVP rule for softmax
    "softmax_custom_jvp_default": "at.softmax_custom_jvp.value",
    "softmax_custom_jvp_value": "under(at.softmax_custom_jvp, True, lambda: sm(X23))",
    "softmax_custom_jvp_grad": "under(at.softmax_custom_jvp, True, lambda: at.grad(lambda x: sm(x)[0])(X3))",
    "softmax_custom_jvp_jvp": "under(at.softmax_custom_jvp, True, lambda: at.jvp(sm, (X3,), (X3,)))",
    "softmax_custom_jvp_where": "under(at.softmax_custom_jvp, True, lambda: (smw(X3), at.grad(lambda x: smw(x)[2])(X3)))",
    "softmax_custom_jvp_vmap": "under(at.softmax_custom_jvp, True, lambda: at.vmap(at.grad(lambda x: sm(x)[1]))(X23))",
    "softmax_custom_jvp_jaxpr": "under(at.softmax_custom_jvp, True, lambda: str(at.make_jaxpr(sm)(X3)).count('custom_jvp_call'))",
    "softmax_plain_jaxpr": "str(at.make_jaxpr(sm)(X3)).count('custom_jvp_call')",
    # transfer guards: the level set within a block
    "transfer_guard_allow": ("under(at.transfer_guard, 'allow', lambda: (str(at.transfer_guard_host_to_device.value), "
                             "str(at.transfer_guard_device_to_host.value), str(at.transfer_guard_device_to_device.value), "
                             "X3 + 1.0))"),
    "transfer_guard_default": "str(at.transfer_guard_host_to_device.value)",
    "transfer_guard_bad": "under(at.transfer_guard, 'sometimes', lambda: 0)",
    # checking_leaks, make_user_context
    "checking_leaks_value": "warned(lambda: under0(at.checking_leaks, lambda: at.check_tracer_leaks.value))[0]",
    "user_context_value": "(uctx.value, under(uctx, 3.0, lambda: uctx.value), uctx.value)",
    "user_context_retrace": "(hj_first, under(uctx, 2.0, lambda: hj(X3)), hj(X3))",
    # jax.custom_batching: custom_vmap's rule under vmap, the function outside it
    "custom_vmap_plain": "cv(1.0, 2.0)",
    "custom_vmap_plain_jit": "at.jit(cv)(X3, X3)",
    "custom_vmap_vmap": "at.vmap(cv)(X3, X3)",
    "custom_vmap_vmap_unbatched": "at.vmap(cv, in_axes=(0, None))(X3, 1.0)",
    "custom_vmap_vmap_axis1": "at.vmap(cv, in_axes=(1, None))(X23, X13[0, 0])",
    "custom_vmap_vmap_jit": "at.vmap(at.jit(cv), in_axes=(0, None))(X3, 1.0)",
    "custom_vmap_jit_vmap": "at.jit(at.vmap(cv, in_axes=(0, None)))(X3, 1.0)",
    "custom_vmap_vmap_vmap": "at.vmap(at.vmap(cv))(X23, X23)",
    "custom_vmap_grad_of_vmap": "at.grad(lambda x: at.vmap(cv, in_axes=(0, None))(x, 1.0).sum())(X3)",
    "custom_vmap_tree": "at.vmap(cv_tree)((X3, I3))",
    "custom_vmap_tree_unbatched": "at.vmap(cv_tree, in_axes=((None, 0),))((X3[0], I3))",
    "custom_vmap_jaxpr_eqn": "str(at.make_jaxpr(cv)(1.0, 2.0)).count('custom_vmap_call[')",
    "sequential_vmap_plain": "seq(X3, X3)",
    "sequential_vmap_vmap": "at.vmap(seq)(X23, X23)",
    "sequential_vmap_vmap_unbatched": "at.vmap(seq, in_axes=(0, None))(X23, X3)",
    "sequential_vmap_jit_vmap": "at.jit(at.vmap(seq, in_axes=(None, 0)))(X3, X23)",
    "sequential_vmap_vmap_grad_outer": "at.grad(lambda x: at.vmap(seq, in_axes=(0, None))(x, X3).sum())(X23)",
    # jax.dtypes: extended and prng_key categories, itemsize_bits, scalar_type_of
    "dtypes_key_extended": "at.dtypes.issubdtype(at.random.key(0).dtype, at.dtypes.extended)",
    "dtypes_key_prng_key": "at.dtypes.issubdtype(at.random.key(0).dtype, at.dtypes.prng_key)",
    "dtypes_prng_key_extended": "at.dtypes.issubdtype(at.dtypes.prng_key, at.dtypes.extended)",
    "dtypes_float_extended": "at.dtypes.issubdtype(jnp.float32, at.dtypes.extended)",
    "dtypes_int_prng_key": "at.dtypes.issubdtype(jnp.int32, at.dtypes.prng_key)",
    "dtypes_key_floating": "jnp.issubdtype(at.random.key(0).dtype, jnp.floating)",
    "dtypes_key_generic": "jnp.issubdtype(at.random.key(0).dtype, jnp.generic)",
    "itemsize_bits": ("[at.dtypes.itemsize_bits(t) for t in (jnp.bool_, jnp.int4, jnp.uint8, jnp.int32, jnp.bfloat16, "
                      "jnp.float16, jnp.float32, jnp.float64, jnp.complex64, jnp.complex128, 'int16', np.dtype('float32'))]"),
    "itemsize_bits_none": "at.dtypes.itemsize_bits(None)",
    "itemsize_bits_key": "at.dtypes.itemsize_bits(at.random.key(0).dtype)",
    "scalar_type_of": ("[str(at.dtypes.scalar_type_of(x)) for x in (X3, I3, H3, jnp.array(True), 1, 1.0, 1j, True, "
                       "np.int8(1), jnp.ones(2, jnp.bfloat16), jnp.ones(2, jnp.complex64), jnp.ones(2, jnp.uint32))]"),
    # jax.flatten_util.ravel_pytree
    "ravel_dict": "(lambda f, u: (f, u(f)))(*at.flatten_util.ravel_pytree({'a': X3, 'b': I3}))",
    "ravel_same_dtype": "(lambda f, u: (f, u(f * 2)))(*at.flatten_util.ravel_pytree([X23, (X13,)]))",
    "ravel_scalars": "(lambda f, u: (f, u(f)))(*at.flatten_util.ravel_pytree((1.0, 2)))",
    "ravel_weak": "(lambda f, u: (f, u(f)))(*at.flatten_util.ravel_pytree((1.0, 2.0)))",
    "ravel_empty": "(lambda f, u: (f, u(f)))(*at.flatten_util.ravel_pytree(()))",
    "ravel_complex_real": "(lambda f, u: (f, u(f)))(*at.flatten_util.ravel_pytree((X3, jnp.ones(2, jnp.complex64))))",
    "ravel_f16_int": "(lambda f, u: (f, u(f)))(*at.flatten_util.ravel_pytree((H3, I3)))",
    "ravel_unravel_wrong_dtype": "at.flatten_util.ravel_pytree((X3, I3))[1](I3)",
    "ravel_grad": "at.grad(lambda t: (at.flatten_util.ravel_pytree(t)[0] ** 2).sum())({'x': X3, 'y': 3.0})",
    "ravel_vmap": "at.vmap(lambda x: at.flatten_util.ravel_pytree((x, 2 * x))[0])(X23)",
    "ravel_jit": "at.jit(lambda t: at.flatten_util.ravel_pytree(t)[0])((X3, X13))",
    # jax.tree_util.default_registry
    "registry_flatten": "str(at.tree_util.default_registry.flatten({'a': None, 'b': (1, 2)}))",
    "registry_flatten_pred": "str(at.tree_util.default_registry.flatten([1, (2, 3)], lambda x: isinstance(x, tuple)))",
    "registry_one_level": ("str([at.tree_util.default_registry.flatten_one_level(x) for x in (1, None, [1, [2]], "
                           "{'a': 1})])"),
    "registry_with_path": "str(at.tree_util.default_registry.flatten_with_path({'a': 1, 'b': [2]}))",
    "registry_is_node": "[at.tree_util.default_registry.is_node(t) for t in (list, tuple, dict, type(None), int, float)]",
    # jax.example_libraries.optimizers: the helpers it exports
    "optimizers_map": "optimizers.map(lambda a, b: a + b, [1, 2], [3, 4])",
    "optimizers_safe_map_short": "optimizers.safe_map(lambda a, b: a, [1, 2], [3])",
    "optimizers_safe_map_long": "optimizers.safe_map(lambda a, b: a, [1], [3, 4])",
    "optimizers_safe_map_none": "optimizers.safe_map(lambda: 1)",
    "optimizers_zip": "optimizers.zip([1, 2], [3, 4])",
    "optimizers_safe_zip_one": "optimizers.safe_zip((1, 2))",
    "optimizers_safe_zip_bad": "optimizers.safe_zip([1, 2], [3, 4], [5])",
    "optimizers_safe_zip_none": "optimizers.safe_zip()",
    "optimizers_unzip2": "(optimizers.unzip2([(1, 2), (3, 4)]), optimizers.unzip2([]))",
    "optimizers_array": "str(optimizers.Array)",
    # jax.custom_derivatives: the helpers it exports
    "zero_from_primal": "at.custom_derivatives.zero_from_primal({'a': X3, 'b': 1.0, 'c': jnp.float16(2)})",
    "zero_from_primal_int": "str(at.custom_derivatives.zero_from_primal(I3).dtype)",
    "zero_from_primal_symbolic": "str(at.custom_derivatives.zero_from_primal({'a': X3, 'b': I3}, symbolic_zeros=True))",
    "zero_from_primal_symbolic_aval": "str(at.custom_derivatives.zero_from_primal(I3, symbolic_zeros=True).aval)",
    "custom_gradient_module": ("at.grad(at.custom_derivatives.custom_gradient(lambda x: (x ** 2, lambda g: (g * x * 3.0,))))"
                               "(2.0)"),
    "closure_convert_module": ("(lambda fc: (fc[0](X3, *fc[1]), len(fc[1])))("
                               "at.custom_derivatives.closure_convert(lambda x: x * X3, X3))"),
}
"""Name -> expression (evaluated after :data:`PRELUDE`)."""

# Operands that do not broadcast. Of the same rank: the TypeError of the primitive's shape rule, named for the
# primitive JAX's function reaches first (or, for functions that broadcast first, broadcast_arrays' ValueError);
# of different ranks: rank promotion's ValueError.
_BINARY = ("add subtract multiply divide floor_divide remainder fmod power float_power maximum minimum fmax fmin "
           "arctan2 hypot logaddexp logaddexp2 nextafter copysign heaviside equal not_equal less greater_equal "
           "logical_and logical_or logical_xor bitwise_and bitwise_or bitwise_xor left_shift right_shift")
for _fn in _BINARY.split():
    for _dt in ("int32", "float32"):
        CASES[f"mismatch_{_fn}_{_dt}"] = f"jnp.{_fn}(jnp.ones((2, 3), '{_dt}'), jnp.ones((2, 4), '{_dt}'))"
# astype(dtype=None): numpy's default, the default float dtype; lax.linalg reached as an attribute of lax
# jit's buffer donation, and device_put of pytrees
CASES.update({
    "donate_aliased": "donated(at.jit(lambda x, y: x * 2 + y, donate_argnums=0), jnp.ones(3), jnp.ones(3))",
    "donate_unusable": "donated(at.jit(lambda x: x.sum(), donate_argnums=0), jnp.ones(3))",
    "donate_numpy_unusable": "donated(at.jit(lambda x: x.sum(), donate_argnums=0), np.ones(3, np.float32))",
    "donate_numpy": "donated(at.jit(lambda x: x * 2, donate_argnums=0), np.ones(3, np.float32))",
    "donate_scalar": "donated(at.jit(lambda x: x * 2, donate_argnums=0), 1.0)",
    "donate_keyword": "donated(at.jit(lambda x: x * 2, donate_argnums=0), x=jnp.ones(3))",
    "donate_two_one_out": "donated(at.jit(lambda x, y: x + y, donate_argnums=(1, 0)), jnp.ones(3), jnp.ones(3))",
    "donate_other_dtype": "donated(at.jit(lambda x: x * 2.0, donate_argnums=0), jnp.ones(3, 'int32'))",
    "donate_other_size": "donated(at.jit(lambda x: x[:2] * 2.0, donate_argnums=0), jnp.ones(3))",
    "donate_pytree": "donated(at.jit(lambda p: [p[0] * 2, p[1]], donate_argnums=0), [jnp.ones(3), jnp.zeros(2)])",
    "donate_argnames": "donated(at.jit(lambda x, *, y: x + y, donate_argnames='y'), jnp.ones(3), y=jnp.ones(3))",
    "donate_negative": "donated(at.jit(lambda x, y: x * 2, donate_argnums=-1), jnp.ones(3), jnp.ones(3))",
    "donate_decorator": "donated(at.jit(donate_argnums=0)(lambda x: x * 2), jnp.ones(3))",
    "donate_identity": "donated(at.jit(lambda x: x, donate_argnums=0), jnp.ones(3))",
    "donate_under_jit": "donated(at.jit(lambda x: at.jit(lambda x: x * 2, donate_argnums=0)(x)), jnp.ones(3))",
    "donate_twice": "(lambda a: at.jit(lambda x, y: (x + y, x - y), donate_argnums=(0, 1))(a, a))(jnp.ones(3))",
    "donate_out_of_range": "at.jit(lambda x: x, donate_argnums=3)(jnp.ones(2))",
    "donate_bad_argname": "at.jit(lambda x: x, donate_argnames='z')",
    "donate_static_clash": "at.jit(lambda x, n: x, donate_argnums=1, static_argnums=1)",
    "donate_static_clash_names": "at.jit(lambda x, n: x, donate_argnames='n', static_argnames='n')",
    "donate_with_static": "donated(at.jit(lambda x, n: x * n, donate_argnums=0, static_argnums=1), jnp.ones(3), 2)",
    "jit_keep_unused": "at.jit(lambda x, y: x * 2, keep_unused=True)(X3, X3)",
    "jit_inline": "at.jit(lambda x: at.jit(lambda y: y + 1, inline=True)(x) * 2)(X3)",
    "device_put_list": "at.device_put([1.0, 2.0])",
    "device_put_tree": "at.device_put((np.ones(2, np.float32), {'a': 3, 'b': None}))",
    "device_put_prefix": "at.device_put([X3, 2], [None, None])",
    "device_put_device_tree": "at.device_put({'a': 1.0, 'b': [I3]}, at.devices()[0])",
    "device_put_same": "at.device_put(X3) is X3",
    "device_put_no_alias": "(lambda y: (y is X3, y))(at.device_put(X3, may_alias=False))",
    "device_put_donate": "(lambda x: (at.device_put(x, donate=True), x.is_deleted()))(jnp.ones(2))",
    "device_put_donate_copy": "(lambda x: (at.device_put(x, donate=True, may_alias=False), x.is_deleted()))(jnp.ones(2))",
    "device_put_donate_alias": "at.device_put(jnp.ones(2), donate=True, may_alias=True)",
    "device_put_bad_prefix": "at.device_put([X3, X3], [None])",
})
CASES["astype_none"] = "jnp.astype(jnp.ones(3, 'int8'), None)"
CASES["astype_none_method"] = "jnp.ones(3, 'float16').astype(None)"
CASES["astype_none_scalar"] = "jnp.astype(2, None)"
CASES["lax_linalg_attribute"] = "at.lax.linalg.cholesky(jnp.eye(2) * 4.0)"
CASES["mismatch_gcd"] = "jnp.gcd(jnp.ones((2, 3), 'int32'), jnp.ones((2, 4), 'int32'))"
CASES["mismatch_divmod"] = "jnp.divmod(jnp.ones((2, 3), 'int32'), jnp.ones((2, 4), 'int32'))"
CASES["mismatch_mixed"] = "jnp.multiply(jnp.ones((2, 3), 'int32'), jnp.ones((2, 4)))"
CASES["mismatch_rank"] = "jnp.multiply(jnp.ones((2, 3)), jnp.ones((4, 2, 4)))"
CASES["mismatch_operator"] = "X23 + jnp.ones((2, 4))"
CASES["mismatch_operator_compare"] = "X23 < jnp.ones((2, 4))"

CONFIGS: tuple[str, ...] = cases.X64_CONFIGS


def run(namespace: dict[str, Any], record_leaf: Callable[[Any], Any] = cases.record) -> dict[str, Any]:
    """Every case evaluated in ``namespace`` (after the prelude), as ``tools/case_reference.py`` records it, with
    the error messages. Shared with the test, which passes the runtime's namespace."""
    return cases.run_cases(namespace, PRELUDE, CASES, messages=True, record_leaf=record_leaf, label="<jax_misc_api>")


def main_inside() -> None:
    import jax
    import jax.numpy as jnp
    import numpy as np

    cases.write_per_x64(OUT, "tools/jax_misc_api_reference.py", lambda: run({"at": jax, "jnp": jnp, "np": np}))


if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
