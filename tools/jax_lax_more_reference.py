"""Write JAX 0.10.2's results for the ``jax.lax`` functions added over the gather and scatter primitives and the
shape primitives (``gather``, ``scatter``, ``scatter_add``/``mul``/``min``/``max``, ``index_take``,
``slice_in_dim``, ``index_in_dim``, ``dynamic_index_in_dim``, ``dynamic_update_index_in_dim``, ``tile``, ``split``,
``stack``, ``unstack``, ``broadcast``, ``broadcast_to_rank``, ``broadcast_shapes``, ``complex``,
``bitcast_convert_type``, ``sort_key_val``, ``batch_matmul``, ``population_count``, ``mulhi``, ``reduce_xor``,
``reduce_precision``, ``dot``, ``associative_scan``, ``optimization_barrier``; the rest of ``jax.lax``: its option
types, ``dtype``, ``broadcast_like``, ``shape_as_value``, ``empty``, ``fft``, ``cumlogsumexp``, ``scatter_sub``, ``reduce``, ``rng_bit_generator``, ``rng_uniform``, ``approx_max_k``, ``approx_min_k``, ``dce_sink``, ``custom_root``) to ``tests/data/jax_lax_more_reference.json``: values
on seeded inputs, dtypes and weak flags, derivatives and ``vmap`` of the gathers and scatters, with x64 off and on,
and the error class where JAX refuses.

Runs in JAX's own venv (see ``tools/jax_reference.py``, whose command line it shares)::

    python tools/jax_lax_more_reference.py [--venv .jaxref-venv]

The cases are source text evaluated in a namespace of the library under test (``at``: the top-level module with
``grad``/``vmap``/``jit``/``lax``; ``jnp``: its numpy), so ``tests/runtime/test_lax_more.py`` runs the very same
expressions on the runtime.
"""
from __future__ import annotations

import sys
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import jax_reference as ref  # noqa: E402  (same folder)
import case_reference as cases  # noqa: E402  (same folder)

OUT = ref.ROOT / "tests" / "data" / "jax_lax_more_reference.json"

PRELUDE = '''
lax = at.lax
rng = np.random.default_rng(0)
x = rng.standard_normal((4, 3)).astype(np.float32)
v = rng.standard_normal(5).astype(np.float32)
i3 = np.arange(12, dtype=np.int32).reshape(4, 3)
u8 = np.arange(6, dtype=np.uint8)
b = rng.random(5) < 0.5
c = (rng.standard_normal(4) + 1j * rng.standard_normal(4)).astype(np.complex64)
x64 = rng.standard_normal((4, 3))
w = jnp.asarray(x) * 1.0
weak = jnp.asarray(2.0)
wv = lax.broadcast_in_dim(2.0, (5,), ())
GDN = lax.GatherDimensionNumbers(offset_dims=(), collapsed_slice_dims=(0,), start_index_map=(0,))
GDN_ROWS = lax.GatherDimensionNumbers(offset_dims=(1,), collapsed_slice_dims=(0,), start_index_map=(0,))
SDN = lax.ScatterDimensionNumbers(update_window_dims=(), inserted_window_dims=(0,), scatter_dims_to_operand_dims=(0,))
SDN_ROWS = lax.ScatterDimensionNumbers(update_window_dims=(1,), inserted_window_dims=(0,),
                                       scatter_dims_to_operand_dims=(0,))
idx = np.array([[3], [0], [3], [1]], dtype=np.int32)
oob = np.array([[7], [-1], [2]], dtype=np.int32)
upd = rng.standard_normal(4).astype(np.float32)
rows = rng.standard_normal((4, 3)).astype(np.float32)
img = rng.standard_normal((2, 2, 3, 4)).astype(np.float32)
kern = rng.standard_normal((3, 8, 2, 3)).astype(np.float32)
key4 = np.array([1, 2, 3, 4], np.uint32)
newton = lambda f, x0: lax.fori_loop(0, 30, lambda _, z: z - f(z) / (2 * z), x0)
root_sqrt = lambda a: lax.custom_root(lambda z: z * z - a, 1.0, newton, lambda g, y: y / g(1.0))
vroot_sqrt = lambda a: lax.custom_root(lambda z: z * z - a, jnp.ones(a.shape), newton,
                                       lambda g, y: y / g(jnp.ones(a.shape)))
'''
"""Inputs and helpers, evaluated in the namespace before the cases."""

_SCATTERS = ("scatter", "scatter_add", "scatter_mul", "scatter_min", "scatter_max")

CASES: dict[str, str] = {
    # gather
    "gather_scalar_windows": "lax.gather(v, idx, GDN, (1,))",
    "gather_rows": "lax.gather(x, idx, GDN_ROWS, (1, 3))",
    "gather_int": "lax.gather(i3, idx, GDN_ROWS, (1, 3))",
    "gather_bool": "lax.gather(b, idx, GDN, (1,))",
    "gather_complex": "lax.gather(c, idx, GDN, (1,))",
    "gather_x64_input": "lax.gather(x64, idx, GDN_ROWS, (1, 3))",
    "gather_weak": "lax.gather(wv, idx, GDN, (1,))",
    "gather_clip": "lax.gather(v, oob, GDN, (1,), mode='clip')",
    "gather_fill": "lax.gather(v, oob, GDN, (1,), mode='fill')",
    "gather_fill_int": "lax.gather(i3, oob, GDN_ROWS, (1, 3), mode='fill')",
    "gather_fill_uint": "lax.gather(u8, oob, GDN, (1,), mode='fill')",
    "gather_fill_value": "lax.gather(v, oob, GDN, (1,), mode='fill', fill_value=-7.0)",
    "gather_mode_enum": "lax.gather(v, oob, GDN, (1,), mode=lax.GatherScatterMode.CLIP)",
    "gather_jit": "at.jit(lambda a, i: lax.gather(a, i, GDN_ROWS, (1, 3)))(x, idx)",
    "gather_grad": "at.grad(lambda a: (lax.gather(a, idx, GDN_ROWS, (1, 3)) ** 2).sum())(x)",
    "gather_vmap": "at.vmap(lambda a: lax.gather(a, idx, GDN, (1,)))(x.T)",
    "gather_vmap_indices": "at.vmap(lambda i: lax.gather(v, i, GDN, (1,)))(idx[:, None, :])",
    "gather_float_indices": "lax.gather(v, idx.astype(np.float32), GDN, (1,))",
    "gather_bad_mode": "lax.gather(v, idx, GDN, (1,), mode='wrap')",
    "gather_bad_slice_sizes": "lax.gather(v, idx, GDN, (1, 1))",
    # scatters
    **{f"{fn}_scalars": f"lax.{fn}(v, idx, upd, SDN)" for fn in _SCATTERS},
    **{f"{fn}_rows": f"lax.{fn}(x, idx, rows, SDN_ROWS)" for fn in _SCATTERS},
    **{f"{fn}_int": f"lax.{fn}(i3, idx, i3 - 5, SDN_ROWS)" for fn in _SCATTERS},
    **{f"{fn}_clip": f"lax.{fn}(v, oob, upd[:3], SDN, mode='clip')" for fn in _SCATTERS},
    **{f"{fn}_drop": f"lax.{fn}(v, oob, upd[:3], SDN)" for fn in _SCATTERS},
    **{f"{fn}_grad": f"at.grad(lambda a, u: (lax.{fn}(a, np.array([[3], [0], [1]]), u, SDN) ** 2).sum(), "
                     f"argnums=(0, 1))(v, upd[:3])" for fn in ("scatter", "scatter_add", "scatter_mul")},
    **{f"{fn}_vmap": f"at.vmap(lambda a, u: lax.{fn}(a, idx, u, SDN))(x.T, rows.T)" for fn in _SCATTERS},
    "scatter_add_bool": "lax.scatter_add(b, idx, np.array([True, False, True, True]), SDN)",
    "scatter_add_weak": "lax.scatter_add(wv, idx, wv[:4], SDN)",
    "scatter_add_mixed_dtypes": "lax.scatter_add(v, idx, i3[:, 0], SDN)",
    "scatter_add_jit": "at.jit(lambda a, u: lax.scatter_add(a, idx, u, SDN))(v, upd)",
    "scatter_add_float_indices": "lax.scatter_add(v, idx.astype(np.float32), upd, SDN)",
    # index_take
    "index_take_rows": "lax.index_take(x, (np.array([3, -1, 5], np.int32),), (0,))",
    "index_take_two_axes": "lax.index_take(i3, (np.array([1, 2], np.int32), np.array([0, 4], np.int32)), (0, 1))",
    # one axis
    "slice_in_dim": "lax.slice_in_dim(i3, 1, 3)",
    "slice_in_dim_axis1": "lax.slice_in_dim(x, 1, None, axis=1)",
    "slice_in_dim_negative": "lax.slice_in_dim(x, -3, -1, 2)",
    "slice_in_dim_weak": "lax.slice_in_dim(wv, 0, 2)",
    "index_in_dim": "lax.index_in_dim(i3, 1)",
    "index_in_dim_drop": "lax.index_in_dim(x, -1, axis=1, keepdims=False)",
    "index_in_dim_out_of_bounds": "lax.index_in_dim(x, 4)",
    "dynamic_index_in_dim": "lax.dynamic_index_in_dim(x, 2)",
    "dynamic_index_in_dim_drop": "lax.dynamic_index_in_dim(i3, np.int32(-1), axis=1, keepdims=False)",
    "dynamic_index_in_dim_clamped": "lax.dynamic_index_in_dim(x, 9, keepdims=False)",
    "dynamic_index_in_dim_weak": "lax.dynamic_index_in_dim(wv, 1)",
    "dynamic_index_in_dim_grad": "at.grad(lambda a: lax.dynamic_index_in_dim(a, 1, keepdims=False).sum())(x)",
    "dynamic_update_index_in_dim": "lax.dynamic_update_index_in_dim(x, rows[0], 2, 0)",
    "dynamic_update_index_in_dim_keep": "lax.dynamic_update_index_in_dim(i3, i3[:, :1], 1, 1)",
    "dynamic_update_index_in_dim_mixed": "lax.dynamic_update_index_in_dim(x, i3[0], 1, 0)",
    # shapes
    "tile": "lax.tile(i3, (2, 1))",
    "tile_weak": "lax.tile(wv, (3,))",
    "tile_bool": "lax.tile(b, (2,))",
    "tile_wrong_length": "lax.tile(i3, (2,))",
    "tile_grad": "at.grad(lambda a: (lax.tile(a, (2, 2)) ** 2).sum())(x)",
    "split": "lax.split(v, (2, 3))",
    "split_weak": "lax.split(wv, (1, 4))",
    "unstack_weak": "lax.unstack(wv)",
    "stack_weak": "lax.stack([wv, wv])",
    "broadcast_weak": "lax.broadcast(wv, (2,))",
    "sort_key_val_weak": "lax.sort_key_val(wv, v)",
    "split_axis": "lax.split(i3, (1, 0, 2), axis=-1)",
    "split_bad_sizes": "lax.split(v, (2, 2))",
    "split_grad": "at.grad(lambda a: lax.split(a, (2, 3))[1].sum())(v)",
    "stack": "lax.stack([x, rows])",
    "stack_axis": "lax.stack([v, v * 2, upd[:1].repeat(5)], axis=-1)",
    "stack_scalars": "lax.stack([1.0, 2.0])",
    "stack_mixed": "lax.stack([x, i3])",
    "stack_grad": "at.grad(lambda a: (lax.stack([a, 2 * a], axis=1) ** 2).sum())(v)",
    "unstack": "lax.unstack(i3)",
    "unstack_axis": "lax.unstack(x, axis=1)",
    "unstack_grad": "at.grad(lambda a: lax.unstack(a)[2].sum())(x)",
    "broadcast": "lax.broadcast(v, (2, 3))",
    "broadcast_scalar": "lax.broadcast(2.0, (3,))",
    "broadcast_none": "lax.broadcast(i3, ())",
    "broadcast_python_int": "lax.broadcast(3, ())",
    "broadcast_to_rank": "lax.broadcast_to_rank(v, 3)",
    "broadcast_to_rank_same": "lax.broadcast_to_rank(np.float32(1), 0)",
    "broadcast_to_rank_python": "lax.broadcast_to_rank(2.0, 2)",
    "broadcast_shapes": "lax.broadcast_shapes((1, 3), (2, 1), (3,))",
    "broadcast_shapes_one": "lax.broadcast_shapes((2, 3))",
    "broadcast_shapes_bad": "lax.broadcast_shapes((2,), (3,))",
    "complex": "lax.complex(v, upd[:1].repeat(5))",
    "complex_x64": "lax.complex(x64, x64)",
    "complex_weak": "lax.complex(2.0, 3.0)",
    "complex_weak_strong": "lax.complex(wv, v)",
    "complex_mixed": "lax.complex(v, x64[0, 0])",
    "complex_int": "lax.complex(i3, i3)",
    "complex_grad": "at.grad(lambda a: lax.real(lax.complex(a, 2 * a) * lax.complex(a, a)).sum())(v)",
    "bitcast_same_width": "lax.bitcast_convert_type(v, np.int32)",
    "bitcast_narrow": "lax.bitcast_convert_type(np.array([1, 256], np.int32), np.uint8)",
    "bitcast_wide": "lax.bitcast_convert_type(u8[:4].reshape(1, 4), np.float32)",
    "bitcast_weak": "lax.bitcast_convert_type(1.0, np.int32)",
    "bitcast_float64": "lax.bitcast_convert_type(x64, np.int64)",
    "bitcast_bad_shape": "lax.bitcast_convert_type(u8, np.int32)",
    "sort_key_val": "lax.sort_key_val(v, i3[:, 0].repeat(2)[:5])",
    "sort_key_val_dim0": "lax.sort_key_val(x, i3, dimension=0)",
    "sort_key_val_grad": "at.grad(lambda a: lax.sort_key_val(v, a)[1][0])(upd[:1].repeat(5))",
    "batch_matmul": "lax.batch_matmul(np.stack([x, rows]), np.stack([x.T, rows.T]))",
    "batch_matmul_2d": "lax.batch_matmul(x, x.T)",
    "batch_matmul_int": "lax.batch_matmul(i3[None], i3.T[None])",
    "batch_matmul_rank1": "lax.batch_matmul(v, v)",
    "batch_matmul_ranks": "lax.batch_matmul(x[None], x.T)",
    # bits and precision
    "population_count_int8": "lax.population_count(np.array([0, 7, -1, -128, 85], np.int8))",
    "population_count_uint32": "lax.population_count(np.array([0, 2**32 - 1, 12345], np.uint32))",
    "population_count_int64": "lax.population_count(np.array([-1, 3], np.int64))",
    "population_count_weak": "lax.population_count(7)",
    "population_count_float": "lax.population_count(v)",
    "population_count_bool": "lax.population_count(b)",
    "population_count_vmap": "at.vmap(lax.population_count)(i3)",
    "population_count_grad": ("at.grad(lambda a: (a * lax.convert_element_type(lax.population_count("
                              "lax.convert_element_type(a, np.int32)), np.float32)).sum())(v)"),
    "mulhi_uint8": "lax.mulhi(np.array([200, 255, 3], np.uint8), np.array([100, 255, 7], np.uint8))",
    "mulhi_int32": "lax.mulhi(np.array([-7, 2**30, 123456789], np.int32), np.array([3, 8, -987654321], np.int32))",
    "mulhi_int64": "lax.mulhi(np.array([-7, 2**62], np.int64), np.array([3, 8], np.int64))",
    "mulhi_uint64": "lax.mulhi(np.array([2**63, 12345], np.uint64), np.array([4, 2**40], np.uint64))",
    "mulhi_weak": "lax.mulhi(3, 5)",
    "mulhi_scalar_array": "lax.mulhi(i3, np.int32(1 << 30))",
    "mulhi_mixed": "lax.mulhi(i3, np.int16(2))",
    "mulhi_float": "lax.mulhi(v, v)",
    "mulhi_vmap": "at.vmap(lax.mulhi)(i3, i3 * 1000003)",
    "reduce_xor": "lax.reduce_xor(i3, (0,))",
    "reduce_xor_all": "lax.reduce_xor(i3, (0, 1))",
    "reduce_xor_bool": "lax.reduce_xor(b, (0,))",
    "reduce_xor_uint8": "lax.reduce_xor(u8, (0,))",
    "reduce_xor_weak": "lax.reduce_xor(3, ())",
    "reduce_xor_float": "lax.reduce_xor(v, (0,))",
    "reduce_xor_vmap": "at.vmap(lambda a: lax.reduce_xor(a, (0,)))(i3)",
    "reduce_precision_f16": "lax.reduce_precision(v * 1000.0, 5, 10)",
    "reduce_precision_bf16": "lax.reduce_precision(x, 8, 7)",
    "reduce_precision_x64": "lax.reduce_precision(x64, 5, 2)",
    "reduce_precision_weak": "lax.reduce_precision(1.0001, 5, 10)",
    "reduce_precision_int": "lax.reduce_precision(i3, 5, 10)",
    "reduce_precision_grad": "at.grad(lambda a: lax.reduce_precision(a, 5, 10).sum())(v)",
    "dot_mv": "lax.dot(x, x[0])",
    "dot_mm": "lax.dot(x, x.T)",
    "dot_vv": "lax.dot(v, upd.repeat(2)[:5])",
    "dot_int": "lax.dot(i3, i3.T)",
    "dot_preferred": "lax.dot(i3, i3.T, preferred_element_type=np.float32)",
    "dot_dimension_numbers": "lax.dot(x, rows, dimension_numbers=(((0,), (0,)), ((), ())))",
    "dot_dimension_numbers_ints": "lax.dot(x, rows, dimension_numbers=((1, 1), ((), ())))",
    "dot_batched_needs_numbers": "lax.dot(np.stack([x, rows]), np.stack([x.T, rows.T]))",
    "dot_mismatch": "lax.dot(x, x)",
    "dot_weak": "lax.dot(wv, wv)",
    "dot_grad": "at.grad(lambda a: lax.dot(a, x[0]).sum())(x)",
    # associative_scan
    "associative_scan_add": "lax.associative_scan(lax.add, i3[:, 0])",
    "associative_scan_odd": "lax.associative_scan(lax.add, v)",
    "associative_scan_mul_axis": "lax.associative_scan(lax.mul, x, axis=1)",
    "associative_scan_reverse": "lax.associative_scan(lax.max, v, reverse=True)",
    "associative_scan_negative_axis": "lax.associative_scan(lax.add, i3, axis=-2)",
    "associative_scan_bool": "lax.associative_scan(lax.bitwise_or, b)",
    "associative_scan_weak": "lax.associative_scan(lax.add, wv)",
    "associative_scan_tree": "lax.associative_scan(lambda a, c: {'s': a['s'] + c['s'], 'p': a['p'] * c['p']}, "
                             "{'s': v, 'p': upd.repeat(2)[:5]})",
    "associative_scan_one": "lax.associative_scan(lax.add, v[:1])",
    "associative_scan_empty": "lax.associative_scan(lax.add, v[:0])",
    "associative_scan_grad": "at.grad(lambda a: lax.associative_scan(lax.mul, a).sum())(v)",
    "associative_scan_vmap": "at.vmap(lambda a: lax.associative_scan(lax.add, a))(x)",
    "associative_scan_jit": "at.jit(lambda a: lax.associative_scan(lax.add, a, reverse=True))(v)",
    "associative_scan_mismatch": "lax.associative_scan(lambda a, c: (a[0] + c[0], a[1] + c[1]), (v, upd))",
    "associative_scan_not_callable": "lax.associative_scan(3, v)",
    # optimization_barrier
    "optimization_barrier_tree": "lax.optimization_barrier((x, {'i': i3, 'w': wv}))",
    "optimization_barrier_scalar": "lax.optimization_barrier(2.0)",
    "optimization_barrier_grad": "at.grad(lambda a: (lax.optimization_barrier(a * 2) * a).sum())(v)",
    "optimization_barrier_grad_pair": "at.grad(lambda a: sum(t.sum() for t in lax.optimization_barrier((a, a * a))))(v)",
    "optimization_barrier_vmap": "at.vmap(lambda a, c: lax.optimization_barrier((a * 2, c)), in_axes=(0, None))(x, v)",
    "optimization_barrier_jit": "at.jit(lambda a: lax.optimization_barrier([a, a + 1]))(v)",
}
"""Name -> expression (evaluated after :data:`PRELUDE`)."""

MISC_CASES: dict[str, str] = {
    # the option types: members, values and printed forms
    "precision_members": "[repr(m) for m in lax.Precision] + [str(m) for m in lax.Precision]",
    "precision_strings": "[repr(lax.Precision(s)) for s in ('highest', 'float32', 'high', 'bfloat16_3x', "
                         "'tensorfloat32', 'default', 'bfloat16', 'fastest', None)]",
    "precision_bad_string": "lax.Precision('fast')",
    "dot_algorithm": "repr(lax.DotAlgorithm(np.float16, np.float16, np.float32, num_primitive_operations=3))",
    "dot_algorithm_fields": "list(lax.DotAlgorithm._fields)",
    "dot_algorithm_preset": "[repr(m) for m in lax.DotAlgorithmPreset] + [str(m) for m in lax.DotAlgorithmPreset]"
                            " + [m.value for m in lax.DotAlgorithmPreset]",
    "ragged_dot_dimension_numbers": "repr(lax.RaggedDotDimensionNumbers((([1], [1]), ([], [])), [0], [0]))",
    "ragged_dot_dimension_numbers_eq": "lax.RaggedDotDimensionNumbers((([1], [1]), ([], [])), [0], [0]) == "
                                       "lax.RaggedDotDimensionNumbers(((1,), (1,)), ((), ())), (0,), (0,))",
    "ragged_dot_dimension_numbers_frozen": "setattr(lax.RaggedDotDimensionNumbers((([1], [1]), ([], [])), [0], [0]), "
                                           "'rhs_group_dimensions', (1,))",
    "random_algorithm": "[repr(m) for m in lax.RandomAlgorithm] + [str(m) for m in lax.RandomAlgorithm] + "
                        "[int(m) for m in lax.RandomAlgorithm]",
    "fft_type": "[repr(m) for m in lax.FftType] + [str(m) for m in lax.FftType] + [int(m) for m in lax.FftType]",
    "accuracy_mode": "[repr(m) for m in lax.AccuracyMode] + [m.value for m in lax.AccuracyMode]",
    "tolerance": "[lax.Tolerance(atol=1e-3).atol, lax.Tolerance(atol=1e-3).rtol, lax.Tolerance(rtol=0.5, ulps=2).ulps]",
    "tolerance_none": "lax.Tolerance()",
    "tolerance_negative": "lax.Tolerance(atol=-1.0)",
    # dtype, broadcast_like, shape_as_value, empty
    "dtype_values": "[str(lax.dtype(a)) for a in (2, 2.0, 1j, True, int, float, np.float64, np.int8, 'float64', "
                    "'int16', x, x64, i3, w, weak, np.float16(1))]",
    "dtype_none": "lax.dtype(None)",
    "dtype_list": "lax.dtype([1, 2])",
    "broadcast_like": "lax.broadcast_like(v, x[:, :1].repeat(5, 1))",
    "broadcast_like_same": "lax.broadcast_like(i3, x)",
    "broadcast_like_ones": "lax.broadcast_like(x[:1], rows)",
    "broadcast_like_weak": "lax.broadcast_like(2.0, x)",
    "broadcast_like_weak_array": "lax.broadcast_like(wv, np.ones((2, 5)))",
    "broadcast_like_bad": "lax.broadcast_like(v, x)",
    "broadcast_like_fewer": "lax.broadcast_like(x, v)",
    "broadcast_like_grad": "at.grad(lambda a: (lax.broadcast_like(a, x) ** 2).sum())(x[0])",
    "shape_as_value": "lax.shape_as_value((2, 3))",
    "shape_as_value_list": "lax.shape_as_value([4])",
    "shape_as_value_empty": "lax.shape_as_value(())",
    "empty": "lax.empty((2, 3), np.float32)",
    "empty_int_size": "lax.empty(3, np.int8)",
    "empty_python_int": "lax.empty((2,), int)",
    "empty_float64": "lax.empty((2,), np.float64)",
    "empty_bool": "lax.empty((), bool)",
    "empty_string": "lax.empty((1,), 'bfloat16')",
    "empty_jaxpr": "str(at.make_jaxpr(lambda: lax.empty((2,), np.float32))())",
    "empty_jit": "at.jit(lambda a: a + lax.empty((3,), np.float32))(x)",
    # fft
    "fft_complex": "lax.fft(c, 'fft', (4,))",
    "fft_real_operand": "lax.fft(x, lax.FftType.FFT, (3,))",
    "fft_int_operand": "lax.fft(i3, 'fft', (4, 3))",
    "fft_ifft": "lax.fft(c, 'IFFT', (4,))",
    "fft_rfft": "lax.fft(x, 'rfft', (3,))",
    "fft_rfft_x64_input": "lax.fft(x64, lax.FftType.RFFT, (4, 3))",
    "fft_rfft_int": "lax.fft(i3, 'rfft', (3,))",
    "fft_irfft": "lax.fft(lax.fft(x, 'rfft', (3,)), 'irfft', (3,))",
    "fft_no_lengths": "lax.fft(x, 'fft', ())",
    "fft_weak": "lax.fft(wv, 'fft', (5,))",
    "fft_rfft_complex": "lax.fft(c, 'rfft', (4,))",
    "fft_irfft_real": "lax.fft(x, 'irfft', (3,))",
    "fft_bad_type": "lax.fft(c, 'dft', (4,))",
    "fft_int_type": "lax.fft(c, 0, (4,))",
    "fft_list_lengths": "lax.fft(c, 'fft', [4])",
    "fft_too_many_lengths": "lax.fft(v, 'fft', (1, 5))",
    "fft_jaxpr": "str(at.make_jaxpr(lambda a: lax.fft(a, 'fft', (3,)))(x))",
    "fft_grad": "at.grad(lambda a: lax.real(lax.fft(a, 'fft', (3,)) * lax.fft(a, 'fft', (3,))).sum())(x)",
    "fft_vmap": "at.vmap(lambda a: lax.fft(a, 'rfft', (3,)))(x)",
    # cumlogsumexp
    "cumlogsumexp": "lax.cumlogsumexp(v)",
    "cumlogsumexp_axis": "lax.cumlogsumexp(x, axis=1)",
    "cumlogsumexp_reverse": "lax.cumlogsumexp(x, 0, True)",
    "cumlogsumexp_x64_input": "lax.cumlogsumexp(x64, axis=1, reverse=True)",
    "cumlogsumexp_complex": "lax.cumlogsumexp(c)",
    "cumlogsumexp_weak": "lax.cumlogsumexp(wv)",
    "cumlogsumexp_inf": "lax.cumlogsumexp(np.array([-np.inf, 0.0, np.inf, -np.inf, np.nan], np.float32))",
    "cumlogsumexp_f16": "lax.cumlogsumexp(v.astype(np.float16))",
    "cumlogsumexp_empty_axis": "lax.cumlogsumexp(x[:, :0], axis=1)",
    "cumlogsumexp_int": "lax.cumlogsumexp(i3)",
    "cumlogsumexp_bool": "lax.cumlogsumexp(b)",
    "cumlogsumexp_negative_axis": "lax.cumlogsumexp(x, axis=-1)",
    "cumlogsumexp_scalar": "lax.cumlogsumexp(2.0)",
    "cumlogsumexp_int_jaxpr": "str(at.make_jaxpr(lax.cumlogsumexp)(i3))",
    "cumlogsumexp_jaxpr": "str(at.make_jaxpr(lambda a: lax.cumlogsumexp(a, axis=1))(x))",
    "cumlogsumexp_grad": "at.grad(lambda a: lax.cumlogsumexp(a, axis=1).sum())(x)",
    "cumlogsumexp_grad_reverse": "at.grad(lambda a: (lax.cumlogsumexp(a, reverse=True) * v).sum())(v)",
    "cumlogsumexp_vmap": "at.vmap(lambda a: lax.cumlogsumexp(a, reverse=True), in_axes=1)(x)",
    "cumlogsumexp_jit": "at.jit(lax.cumlogsumexp)(v)",
    # scatter_sub
    "scatter_sub_scalars": "lax.scatter_sub(v, idx, upd, SDN)",
    "scatter_sub_rows": "lax.scatter_sub(x, idx, rows, SDN_ROWS)",
    "scatter_sub_int": "lax.scatter_sub(i3, idx, i3 - 5, SDN_ROWS)",
    "scatter_sub_uint": "lax.scatter_sub(u8, idx, u8[:4], SDN)",
    "scatter_sub_complex": "lax.scatter_sub(c, idx, c, SDN)",
    "scatter_sub_clip": "lax.scatter_sub(v, oob, upd[:3], SDN, mode='clip')",
    "scatter_sub_drop": "lax.scatter_sub(v, oob, upd[:3], SDN)",
    "scatter_sub_weak": "lax.scatter_sub(wv, idx, wv[:4], SDN)",
    "scatter_sub_bool": "lax.scatter_sub(b, idx, np.array([True, False, True, True]), SDN)",
    "scatter_sub_mixed_dtypes": "lax.scatter_sub(v, idx, i3[:, 0], SDN)",
    "scatter_sub_float_indices": "lax.scatter_sub(v, idx.astype(np.float32), upd, SDN)",
    "scatter_sub_grad": "at.grad(lambda a, u: (lax.scatter_sub(a, np.array([[3], [0], [1]]), u, SDN) ** 2).sum(), "
                        "argnums=(0, 1))(v, upd[:3])",
    "scatter_sub_grad_updates": "at.grad(lambda u: (lax.scatter_sub(v, idx, u, SDN) * v).sum())(upd)",
    "scatter_sub_jvp": "at.jvp(lambda a, u: lax.scatter_sub(a, idx, u, SDN), (v, upd), (v * 0 + 1, upd * 0 + 2))",
    "scatter_sub_vmap": "at.vmap(lambda a, u: lax.scatter_sub(a, idx, u, SDN))(x.T, rows.T)",
    "scatter_sub_vmap_indices": "at.vmap(lambda i: lax.scatter_sub(v, i, upd[:1], SDN))(idx[:, None, :])",
    "scatter_sub_jit": "at.jit(lambda a, u: lax.scatter_sub(a, idx, u, SDN))(v, upd)",
    "scatter_sub_jaxpr": "str(at.make_jaxpr(lambda a, u: lax.scatter_sub(a, idx, u, SDN))(v, upd))",
    # conv_general_dilated_patches, conv_general_dilated_local
    "patches_valid": "lax.conv_general_dilated_patches(img, (2, 2), (1, 1), 'VALID')",
    "patches_same_strided": "lax.conv_general_dilated_patches(img, (2, 3), (2, 1), 'SAME')",
    "patches_nhwc": "lax.conv_general_dilated_patches(img.transpose(0, 2, 3, 1), (2, 2), (1, 1), 'VALID', "
                    "dimension_numbers=('NHWC', 'HWIO', 'NHWC'))",
    "patches_dilated": "lax.conv_general_dilated_patches(img, (2, 2), (1, 1), ((1, 0), (0, 1)), lhs_dilation=(1, 2), "
                       "rhs_dilation=(2, 1))",
    "patches_1d_int": "lax.conv_general_dilated_patches(i3.reshape(1, 4, 3), (2,), (1,), 'VALID')",
    "patches_weak": "lax.conv_general_dilated_patches(lax.broadcast_in_dim(2.0, (1, 1, 3), ()), (2,), (1,), 'VALID')",
    "patches_precision": "lax.conv_general_dilated_patches(img, (2, 2), (1, 1), 'VALID', precision=lax.Precision.HIGHEST)",
    "patches_preferred": "lax.conv_general_dilated_patches(img, (2, 2), (1, 1), 'VALID', "
                         "preferred_element_type=np.float32)",
    "patches_grad": "at.grad(lambda a: (lax.conv_general_dilated_patches(a, (2, 2), (1, 1), 'SAME') ** 2).sum())(img)",
    "patches_vmap": "at.vmap(lambda a: lax.conv_general_dilated_patches(a, (2,), (1,), 'VALID'))(i3.reshape(2, 2, 3))",
    "patches_bad_rank": "lax.conv_general_dilated_patches(v, (2,), (1,), 'VALID')",
    "local_valid": "lax.conv_general_dilated_local(img, kern, (1, 1), 'VALID', (2, 2))",
    "local_nhwc": "lax.conv_general_dilated_local(img.transpose(0, 2, 3, 1), kern.transpose(2, 3, 0, 1), (1, 1), "
                  "'VALID', (2, 2), dimension_numbers=('NHWC', 'HWIO', 'NHWC'))",
    "local_precision": "lax.conv_general_dilated_local(img, kern, (1, 1), 'VALID', (2, 2), precision='highest')",
    "local_precision_pair": "lax.conv_general_dilated_local(img, kern, (1, 1), 'VALID', (2, 2), "
                            "precision=(lax.Precision.HIGH, 'default'))",
    "local_algorithm": "lax.conv_general_dilated_local(img, kern, (1, 1), 'VALID', (2, 2), "
                       "precision=lax.DotAlgorithmPreset.F32_F32_F32)",
    "local_grad": "at.grad(lambda a, k: lax.conv_general_dilated_local(a, k, (1, 1), 'VALID', (2, 2)).sum(), "
                  "argnums=(0, 1))(img, kern)",
    "local_1d": "lax.conv_general_dilated_local(v.reshape(1, 1, 5), upd[:1].repeat(8).reshape(2, 2, 2), (2,), "
                "((0, 0),), (2,))",
    "local_precision_strings": "lax.conv_general_dilated_local(img, kern, (1, 1), 'VALID', (2, 2), "
                               "precision=['high', 'fastest'])",
    "local_precision_preset_name": "lax.conv_general_dilated_local(img, kern, (1, 1), 'VALID', (2, 2), "
                                   "precision='F32_F32_F32')",
    "local_precision_bad": "lax.conv_general_dilated_local(img, kern, (1, 1), 'VALID', (2, 2), precision='fast')",
    "patches_precision_string": "lax.conv_general_dilated_patches(img, (2, 2), (1, 1), 'VALID', precision='high')",
    "local_bad_kernel": "lax.conv_general_dilated_local(img, kern[:2], (1, 1), 'VALID', (2, 2))",
    # reduce
    "reduce_add_monoid": "lax.reduce(x, 0.0, lax.add, (1,))",
    "reduce_add_monoid_jaxpr": "str(at.make_jaxpr(lambda a: lax.reduce(a, 0.0, lax.add, (1,)))(x))",
    "reduce_monoid_weak": "lax.reduce(2.0, 0.0, lax.add, ())",
    "reduce_monoid_strong_init": "lax.reduce(wv, np.float32(0), lax.add, (0,))",
    "reduce_mul_monoid": "lax.reduce(i3, 1, lax.mul, (0, 1))",
    "reduce_max_monoid": "lax.reduce(i3, np.int32(-2**31), lax.max, (0,))",
    "reduce_min_monoid_jaxpr": "str(at.make_jaxpr(lambda a: lax.reduce(a, np.float32(np.inf), lax.min, (0,)))(x))",
    "reduce_or_monoid": "lax.reduce(b, False, lax.bitwise_or, (0,))",
    "reduce_and_monoid": "lax.reduce(u8, np.uint8(255), lax.bitwise_and, (0,))",
    "reduce_xor_monoid": "lax.reduce(i3, 0, lax.bitwise_xor, (1,))",
    "reduce_max_not_identity": "lax.reduce(x, np.float32(0), lax.max, (1,))",
    "reduce_max_not_identity_jaxpr": "str(at.make_jaxpr(lambda a: lax.reduce(a, np.float32(0), lax.max, (1,)))(x))",
    "reduce_custom": "lax.reduce(x, np.float32(0), lambda a, c: a * c + 1.0, (1,))",
    "reduce_custom_weak_init": "lax.reduce(x, 0.0, lambda a, c: a + c, (0,))",
    "reduce_custom_jaxpr": "str(at.make_jaxpr(lambda a: lax.reduce(a, np.float32(0), lambda p, q: p * q + 1.0, (1,)))(x))",
    "reduce_weak_both": "lax.reduce(wv, 1.0, lambda a, c: a * c, (0,))",
    "reduce_tree": "lax.reduce((x, i3), (np.float32(1), np.int32(0)), lambda p, q: (p[0] * q[0], p[1] + q[1]), (0,))",
    "reduce_tree_jaxpr": "str(at.make_jaxpr(lambda a, i: lax.reduce((a, i), (np.float32(1), np.int32(0)), "
                         "lambda p, q: (p[0] * q[0], p[1] + q[1]), (0,)))(x, i3))",
    "reduce_dict": "lax.reduce({'a': v, 'b': upd.repeat(2)[:5]}, {'a': np.float32(-np.inf), 'b': np.float32(0)}, "
                   "lambda p, q: {'a': lax.max(p['a'], q['a']), 'b': p['b'] + q['b'] + 0 * p['a']}, (0,))",
    "reduce_argmax_pair": "lax.reduce((v, np.arange(5, dtype=np.int32)), (np.float32(-np.inf), np.int32(0)), "
                          "lambda p, q: (lax.max(p[0], q[0]), lax.select(p[0] >= q[0], p[1], q[1])), (0,))",
    "reduce_bitwise_or_float": "lax.reduce(v, 0.0, lax.bitwise_or, (0,))",
    "reduce_dtype_mismatch": "lax.reduce(i3, np.float32(0), lambda a, c: a + c, (0,))",
    "reduce_nonscalar_init": "lax.reduce(x, np.zeros(3, np.float32), lambda a, c: a + c, (0,))",
    "reduce_tree_mismatch": "lax.reduce((x, x), np.float32(0), lax.add, (0,))",
    "reduce_empty_axis": "lax.reduce(x[:, :0], np.float32(1), lambda a, c: a * c + 0 * a, (1,))",
    "reduce_no_axes": "lax.reduce(x, np.float32(1), lambda a, c: a * c + 0 * a, ())",
    "reduce_all_axes": "lax.reduce(i3, np.int32(0), lambda a, c: a + 2 * c, (0, 1))",
    "reduce_grad": "at.grad(lambda a: lax.reduce(a, np.float32(1), lambda p, q: p * q + 0 * p, (1,)).sum())(x)",
    "reduce_grad_axis0": "at.grad(lambda a: (lax.reduce(a, np.float32(0), lambda p, q: p + q * p + q, (0,)) * v[:3]).sum())(x)",
    "reduce_jvp": "at.jvp(lambda a: lax.reduce(a, np.float32(-np.inf), lambda p, q: lax.max(p, q) + 0 * q, (0,)), (x,), (rows,))",
    "reduce_vmap": "at.vmap(lambda a: lax.reduce(a, np.float32(1), lambda p, q: p * q + 0 * p, (0,)))(x)",
    "reduce_vmap_axis1": "at.vmap(lambda a: lax.reduce(a, np.float32(1), lambda p, q: p * q + 0 * p, (0,)), in_axes=1)(x)",
    "reduce_jit": "at.jit(lambda a: lax.reduce(a, np.float32(0), lambda p, q: p + q * q, (1,)))(x)",
    # rng_bit_generator, rng_uniform
    "rbg_default": "lax.rng_bit_generator(key4, (2, 3))",
    "rbg_three_fry": "lax.rng_bit_generator(key4, (5,), algorithm=lax.RandomAlgorithm.RNG_THREE_FRY)",
    "rbg_philox": "lax.rng_bit_generator(key4, (2, 2), np.uint32, lax.RandomAlgorithm.RNG_PHILOX)",
    "rbg_algorithm_int": "lax.rng_bit_generator(key4, (3,), algorithm=2)",
    "rbg_uint8": "lax.rng_bit_generator(key4, (6,), np.uint8)",
    "rbg_uint16": "lax.rng_bit_generator(key4, (2, 2), np.uint16, lax.RandomAlgorithm.RNG_PHILOX)",
    "rbg_uint64": "lax.rng_bit_generator(key4, (3,), np.uint64)",
    "rbg_scalar": "lax.rng_bit_generator(key4, ())",
    "rbg_u64_key": "lax.rng_bit_generator(np.array([7, 9], np.uint64), (4,))",
    "rbg_int_dtype": "lax.rng_bit_generator(key4, (3,), np.int32)",
    "rbg_float_dtype": "lax.rng_bit_generator(key4, (3,), np.float32)",
    "rbg_float_key": "lax.rng_bit_generator(key4.astype(np.float32), (3,))",
    "rbg_short_key": "lax.rng_bit_generator(key4[:2], (3,))",
    "rbg_jaxpr": "str(at.make_jaxpr(lambda k: lax.rng_bit_generator(k, (2, 3), np.uint8))(key4))",
    "rbg_jit": "at.jit(lambda k: lax.rng_bit_generator(k, (4,), algorithm=lax.RandomAlgorithm.RNG_PHILOX))(key4)",
    "rbg_vmap": "at.vmap(lambda k: lax.rng_bit_generator(k, (3,)))(np.stack([key4, key4 + 1, key4 * 3]))",
    "rbg_vmap_unbatched_key": "at.vmap(lambda a: lax.rng_bit_generator(key4, (2,))[1] + a, in_axes=0)(i3[:, :2].astype(np.uint32))",
    "rbg_grad": "at.grad(lambda a: (lax.rng_bit_generator(key4, (2,))[1].astype(np.float32) * a).sum())(v[:2])",
    "rng_uniform_weak": "lax.rng_uniform(0.0, 1.0, (3,)) * 0",
    "rng_uniform_in_range": "(lambda u: ((u >= 0) & (u < 1)).all())(lax.rng_uniform(np.float32(0), np.float32(1), (50,)))",
    "rng_uniform_int": "lax.rng_uniform(0, 10, (2, 2)) * 0",
    "rng_uniform_mixed_weak": "lax.rng_uniform(np.float32(0), 1.0, (2,)) * 0",
    "rng_uniform_mixed_dtypes": "lax.rng_uniform(0, 1.0, (2,))",
    "rng_uniform_nonscalar": "lax.rng_uniform(np.zeros(2, np.float32), np.float32(1), (2,))",
    "rng_uniform_jaxpr": "str(at.make_jaxpr(lambda: lax.rng_uniform(0.0, 1.0, (2,)))())",
    "rng_uniform_vmap": "at.vmap(lambda a: lax.rng_uniform(a, np.float32(1), (2,)))(v)",
    "rng_uniform_grad": "at.grad(lambda a: lax.rng_uniform(a, 1.0, ()))(0.0)",
    # approx_max_k, approx_min_k
    "approx_max_k": "lax.approx_max_k(x, 2)",
    "approx_min_k": "lax.approx_min_k(x, 3)",
    "approx_max_k_dim0": "lax.approx_max_k(x, 2, reduction_dimension=0)",
    "approx_min_k_negative_dim": "lax.approx_min_k(img, 2, reduction_dimension=-2)",
    "approx_max_k_recall": "lax.approx_max_k(v, 3, recall_target=0.5)",
    "approx_max_k_ties": "lax.approx_max_k(np.array([1, 3, 3, 2, 3], np.float32), 3)",
    "approx_min_k_nan": "lax.approx_min_k(np.array([np.nan, 1, -np.inf, 0], np.float32), 2)",
    "approx_max_k_f16": "lax.approx_max_k(x.astype(np.float16), 2)",
    "approx_max_k_bf16": "lax.approx_max_k(jnp.asarray(x, jnp.bfloat16), 1)",
    "approx_max_k_x64_input": "lax.approx_max_k(x64, 2)",
    "approx_max_k_weak": "lax.approx_max_k(wv, 2)",
    "approx_max_k_no_aggregate": "lax.approx_max_k(x, 2, aggregate_to_topk=False)",
    "approx_max_k_no_aggregate_wide": "(lambda r: (r[0].shape, r[0][:, :3], r[1][:, :3]))(lax.approx_max_k("
                                      "np.tile(x, (1, 1000)), 3, aggregate_to_topk=False))",
    "approx_max_k_size_override": "(lambda r: r[0].shape)(lax.approx_max_k(np.tile(x, (1, 1000)), 3, "
                                  "reduction_input_size_override=6000, aggregate_to_topk=False))",
    "approx_max_k_int": "lax.approx_max_k(i3, 2)",
    "approx_max_k_zero_k": "lax.approx_max_k(x, 0)",
    "approx_max_k_big_k": "lax.approx_max_k(x, 4)",
    "approx_max_k_scalar": "lax.approx_max_k(2.0, 1)",
    "approx_max_k_bad_dim": "lax.approx_max_k(x, 1, reduction_dimension=2)",
    "approx_max_k_jaxpr": "str(at.make_jaxpr(lambda a: lax.approx_max_k(a, 2))(x))",
    "approx_min_k_jaxpr": "str(at.make_jaxpr(lambda a: lax.approx_min_k(a, 1, 0, 0.9, -1, False))(x))",
    "approx_max_k_grad": "at.grad(lambda a: (lax.approx_max_k(a, 2)[0] * np.array([1.0, 3.0], np.float32)).sum())(x)",
    "approx_min_k_grad_dim0": "at.grad(lambda a: lax.approx_min_k(a, 2, reduction_dimension=0)[0].sum())(x)",
    "approx_max_k_jvp": "at.jvp(lambda a: lax.approx_max_k(a, 2)[0], (x,), (rows,))",
    "approx_max_k_vmap": "at.vmap(lambda a: lax.approx_max_k(a, 2))(x)",
    "approx_min_k_vmap_axis1": "at.vmap(lambda a: lax.approx_min_k(a, 1, reduction_dimension=0), in_axes=1)(img[0])",
    "approx_max_k_jit_two": "at.jit(lambda a: (lax.approx_max_k(a, 1), lax.approx_max_k(a * 2, 2), "
                            "lax.approx_min_k(a, 1)))(x)",
    # dce_sink
    "dce_sink": "lax.dce_sink((x, i3))",
    "dce_sink_prevent": "lax.dce_sink(v, prevent_mlir_dce=True)",
    "dce_sink_jaxpr": "str(at.make_jaxpr(lambda a: lax.dce_sink((a, a * 2)))(x))",
    "dce_sink_jit": "at.jit(lambda a: (lax.dce_sink(a * 2, prevent_mlir_dce=True), a + 1)[1])(x)",
    "dce_sink_grad": "at.grad(lambda a: (lax.dce_sink(a * 2), (a * a).sum())[1])(v)",
    "dce_sink_grad_jaxpr": "str(at.make_jaxpr(at.grad(lambda a: (lax.dce_sink(a * 2), a.sum())[1]))(v))",
    "dce_sink_jvp_jaxpr": "str(at.make_jaxpr(lambda a: at.jvp(lambda c: (lax.dce_sink(c), c)[1], (a,), (a,)))(v))",
    "dce_sink_vmap_jaxpr": "str(at.make_jaxpr(at.vmap(lambda a: (lax.dce_sink(a), a)[1]))(x))",
    # custom_root
    "custom_root": "root_sqrt(2.0)",
    "custom_root_grad": "at.grad(root_sqrt)(2.0)",
    "custom_root_jvp": "at.jvp(root_sqrt, (3.0,), (1.0,))",
    "custom_root_vector": "vroot_sqrt(np.abs(v) + 1)",
    "custom_root_jacfwd": "at.jacfwd(vroot_sqrt)(np.abs(v) + 1)",
    "custom_root_grad_vector": "at.grad(lambda a: (vroot_sqrt(a) * v).sum())(np.abs(v) + 1)",
    "custom_root_vmap": "at.vmap(root_sqrt)(np.abs(v) + 1)",
    "custom_root_jit": "at.jit(root_sqrt)(5.0)",
    "custom_root_has_aux": "lax.custom_root(lambda z: z * z - 2.0, 1.0, lambda f, z: (newton(f, z), z + 1), "
                           "lambda g, y: y / g(1.0), has_aux=True)",
    "custom_root_has_aux_grad": "at.grad(lambda a: lax.custom_root(lambda z: z * z - a, 1.0, lambda f, z: "
                                "(newton(f, z), z + 1), lambda g, y: y / g(1.0), has_aux=True)[0])(2.0)",
    "custom_root_f_tree": "lax.custom_root(lambda z: (z, z), 1.0, newton, lambda g, y: y)",
    "custom_root_solve_tree": "lax.custom_root(lambda z: z * z - 2, 1.0, lambda f, z: (z, z), lambda g, y: y)",
    "custom_root_aux_not_tuple": "lax.custom_root(lambda z: z * z - 2, 1.0, newton, lambda g, y: y, has_aux=True)",
    "custom_root_tangent_tree": "at.grad(lambda a: lax.custom_root(lambda z: z * z - a, 1.0, newton, "
                                "lambda g, y: (y, y)))(2.0)",
    "custom_root_dict_grad": "at.grad(lambda p: lax.custom_root(lambda z: {'a': z['a'] ** 2 - p['a'], 'b': "
                             "z['b'] ** 2 - p['b']}, {'a': 1.0, 'b': np.float32(1)}, lambda f, z: z, "
                             "lambda g, y: {'a': y['a'] / g({'a': 1.0, 'b': np.float32(0)})['a'], 'b': y['b'] / "
                             "g({'a': 0.0, 'b': np.float32(1)})['b']})['b'])({'a': 4.0, 'b': np.float32(9)})",
}
"""The rest of ``jax.lax`` (the option types, ``dtype``, ``broadcast_like``, ``shape_as_value``, ``empty``, ``fft``,
``cumlogsumexp``, ``scatter_sub``, ``conv_general_dilated_patches``, ``conv_general_dilated_local``, ``reduce``,
``rng_bit_generator``, ``rng_uniform``, ``approx_max_k``, ``approx_min_k``, ``dce_sink``, ``custom_root``): cases the
test samples (all with ``ARRAYTYPING_FULL_CONFORMANCE=1``)."""

CASES.update(MISC_CASES)

CONFIGS: tuple[str, ...] = cases.X64_CONFIGS


def run(namespace: dict[str, Any], record_leaf: Callable[[Any], Any] = cases.record,
        names: Collection[str] | None = None) -> dict[str, Any]:
    """Every case (those of ``names`` if given) in ``namespace`` (``at``, ``jnp``, ``np``): JAX's in its venv, the
    runtime's in the test."""
    chosen = CASES if names is None else {n: CASES[n] for n in names}
    return cases.run_cases(namespace, PRELUDE, chosen, messages=False, record_leaf=record_leaf, label="<lax_more>")


def main_inside() -> None:
    import jax
    import jax.numpy as jnp
    import numpy as np

    cases.write_per_x64(OUT, "tools/jax_lax_more_reference.py", lambda: run({"at": jax, "jnp": jnp, "np": np}))


if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
