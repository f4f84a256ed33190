"""Write JAX 0.10.2's results for the ``jax.numpy`` functions added after the first reference tables (polynomials,
``cov``/``corrcoef``, ``interp``, ``trapezoid``, ``geomspace``, ``trim_zeros``...) to
``tests/data/jax_numpy_more_reference.json``: values on seeded inputs, dtypes and weak flags over the operand kinds,
under ``jit`` where JAX runs them there, and the error class where JAX refuses; with x64 off and on.

Runs in JAX's own venv (see ``tools/jax_reference.py``, whose command line it shares)::

    python tools/jax_numpy_more_reference.py [--venv .jaxref-venv]

The cases are source text evaluated in a namespace of the library under test (``at``: the top-level module;
``jnp``: its numpy; ``np``: NumPy), so ``tests/runtime/test_numpy_more.py`` runs the very same expressions on the
runtime.
"""
from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import jax_reference as ref  # noqa: E402  (same folder)
import case_reference as cases  # noqa: E402  (same folder)

OUT = ref.ROOT / "tests" / "data" / "jax_numpy_more_reference.json"

PRELUDE = '''
rng = np.random.default_rng(0)
mask3 = np.array([True, False, True])
OPS = {
    "b": np.array([True, False, True]),
    "u8": np.array([3, 1, 2], np.uint8),
    "i32": np.array([3, -1, 2], np.int32),
    "i64": np.array([3, -1, 2], np.int64),
    "f16": np.array([1.5, -0.5, 2.0], np.float16),
    "bf16": jnp.asarray(np.array([1.5, -0.5, 2.0], np.float32)).astype(jnp.bfloat16),
    "f32": rng.standard_normal(3).astype(np.float32),
    "f64": rng.standard_normal(3),
    "c64": (rng.standard_normal(3) + 1j * rng.standard_normal(3)).astype(np.complex64),
    "wi": jnp.where(mask3, 2, 1),
    "wf": jnp.where(mask3, 2.5, 1.0),
}
M35 = rng.standard_normal((3, 5)).astype(np.float32)
M35i = rng.integers(-5, 5, (3, 5)).astype(np.int32)
Y25 = rng.standard_normal((2, 5)).astype(np.float32)
C35 = (M35 + 1j * rng.standard_normal((3, 5))).astype(np.complex64)
fw = np.array([1, 2, 0, 3, 1], np.int32)
aw = rng.uniform(0.5, 2.0, 5).astype(np.float32)
P4 = rng.standard_normal(4).astype(np.float32)
P3 = rng.standard_normal(3).astype(np.float32)
P2d = rng.standard_normal((4, 2)).astype(np.float32)
X5 = np.linspace(-2, 2, 5).astype(np.float32)
XP = np.array([0.0, 1.0, 2.5, 4.0], np.float32)
FP = rng.standard_normal(4).astype(np.float32)
XQ = np.linspace(-1, 5, 13).astype(np.float32)
Y34 = rng.standard_normal((3, 4)).astype(np.float32)
X4 = np.array([0.0, 0.5, 2.0, 3.0], np.float32)
Z = np.array([0, 0, 3, 0, 1, 0, 0], np.int32)
Z2 = np.pad(np.ones((2, 3), np.float32), ((1, 2), (0, 1)))
'''
"""Inputs, evaluated in the namespace before the cases."""

KINDS: tuple[str, ...] = ("b", "u8", "i32", "i64", "f16", "bf16", "f32", "f64", "c64", "wi", "wf")
"""The operand kinds each dtype sweep runs over."""

SWEEPS: dict[str, str] = {
    "polyval": "jnp.polyval(OPS[{k!r}], OPS[{k!r}])",
    "polyval_scalar_x": "jnp.polyval(OPS[{k!r}], 2)",
    "polyval_f32_x": "jnp.polyval(OPS[{k!r}], P3)",
    "polyadd": "jnp.polyadd(OPS[{k!r}], P4)",
    "polyadd_same": "jnp.polyadd(OPS[{k!r}], OPS[{k!r}][:2])",
    "polysub": "jnp.polysub(OPS[{k!r}][:2], OPS[{k!r}])",
    "polyint": "jnp.polyint(OPS[{k!r}])",
    "polyder": "jnp.polyder(OPS[{k!r}])",
    "polymul": "jnp.polymul(OPS[{k!r}], OPS[{k!r}])",
    "polydiv": "jnp.polydiv(OPS[{k!r}], OPS['f32'][:2])",
    "cov": "jnp.cov(jnp.stack([OPS[{k!r}], OPS[{k!r}][::-1]]))",
    "cov_1d": "jnp.cov(OPS[{k!r}])",
    "corrcoef": "jnp.corrcoef(jnp.stack([OPS[{k!r}], OPS[{k!r}][::-1] * 2]))",
    "interp_x": "jnp.interp(OPS[{k!r}], XP[:3], FP[:3])",
    "interp_fp": "jnp.interp(X5, XP[:3], OPS[{k!r}])",
    "interp_xp": "jnp.interp(X5, jnp.sort(OPS[{k!r}]), FP[:3])",
    "trapezoid": "jnp.trapezoid(OPS[{k!r}])",
    "trapezoid_x": "jnp.trapezoid(P3, OPS[{k!r}])",
    "geomspace": "jnp.geomspace(OPS[{k!r}][0], 100, 4)",
    "geomspace_dtype": "jnp.geomspace(1, 16, 5, dtype=OPS[{k!r}].dtype)",
    "trim_zeros": "jnp.trim_zeros(jnp.concatenate([OPS[{k!r}][:1] * 0, OPS[{k!r}], OPS[{k!r}][:1] * 0]))",
    "partition": "jnp.partition(OPS[{k!r}], 1)",
    "argpartition": "jnp.argpartition(OPS[{k!r}], 1)",
    "lexsort": "jnp.lexsort((OPS[{k!r}], OPS['i32']))",
    "sort_complex": "jnp.sort_complex(OPS[{k!r}])",
    "block": "jnp.block([[OPS[{k!r}], OPS[{k!r}]], [OPS[{k!r}], OPS[{k!r}]]])",
    "block_mixed": "jnp.block([OPS[{k!r}], 2, OPS['f32']])",
    "ix_": "jnp.ix_(OPS[{k!r}], OPS['i32'])",
    "apply_along_axis": "jnp.apply_along_axis(jnp.cumsum, 0, jnp.stack([OPS[{k!r}], OPS[{k!r}]]))",
    "diagflat": "jnp.diagflat(OPS[{k!r}], 1)",
    "vander": "jnp.vander(OPS[{k!r}])",
    "extract": "jnp.extract(OPS['b'], OPS[{k!r}])",
    "unwrap": "jnp.unwrap(OPS[{k!r}] * 3)",
    "union1d": "jnp.union1d(OPS[{k!r}], OPS['i32'])",
    "intersect1d": "jnp.intersect1d(OPS[{k!r}], OPS[{k!r}][:2])",
    "setdiff1d": "jnp.setdiff1d(OPS[{k!r}], OPS[{k!r}][:1])",
    "setxor1d": "jnp.setxor1d(OPS[{k!r}], OPS['wi'])",
    "setxor1d_size": "jnp.setxor1d(OPS[{k!r}], OPS['i32'], size=4)",
    "intersect1d_size": "jnp.intersect1d(OPS[{k!r}], OPS['i32'], size=3, return_indices=True)",
}
"""Case template (``{k!r}``: an operand kind) -> one case per kind, named ``<template>[<kind>]``."""

CASES: dict[str, str] = {
    **{f"{name}[{k}]": template.format(k=k) for name, template in SWEEPS.items() for k in KINDS},
    # values and shapes
    "polyval_2d_p": "jnp.polyval(P2d, X5[:, None])",
    "polyval_jit": "at.jit(jnp.polyval)(P4, X5)",
    "polyval_unroll": "jnp.polyval(P4, X5, unroll=2)",
    "polyval_empty_p": "jnp.polyval(P4[:0], X5)",
    "polyval_list": "jnp.polyval([1.0, 2.0], X5)",
    "polyadd_jit": "at.jit(jnp.polyadd)(P3, P4)",
    "polyadd_list": "jnp.polyadd([1, 2], P4)",
    "polyint_m2_k": "jnp.polyint(P4, m=2, k=np.array([1.0, 2.0], np.float32))",
    "polyint_m0": "jnp.polyint(P4, m=0)",
    "polyint_k_scalar": "jnp.polyint(P4, m=3, k=2.0)",
    "polyint_bad_k": "jnp.polyint(P4, m=2, k=np.ones(3, np.float32))",
    "polyint_neg": "jnp.polyint(P4, m=-1)",
    "polyint_jit": "at.jit(jnp.polyint, static_argnames='m')(P4, m=2)",
    "polyder_m3": "jnp.polyder(P4, m=3)",
    "polyder_m5": "jnp.polyder(P4, m=5)",
    "polyder_m0": "jnp.polyder(P4, m=0)",
    "polyder_neg": "jnp.polyder(P4, m=-1)",
    "polyder_int": "jnp.polyder(np.array([1, 2, 3, 4]), 2)",
    "polymul_trim": "jnp.polymul(np.array([0.0, 0.0, 1.0, 2.0], np.float32), P3, trim_leading_zeros=True)",
    "polymul_empty": "jnp.polymul(P3[:0], P3)",
    "polymul_jit": "at.jit(jnp.polymul)(P3, P4)",
    "polymul_2d": "jnp.polymul(P2d, P3)",
    "polydiv_values": "jnp.polydiv(P4, P3[:2])",
    "polydiv_trim": "jnp.polydiv(np.array([1.0, 0.0, -1.0], np.float32), np.array([1.0, 1.0], np.float32), "
                    "trim_leading_zeros=True)",
    "polydiv_jit": "at.jit(jnp.polydiv)(P4, P3)",
    "polydiv_jit_trim": "at.jit(lambda u, v: jnp.polydiv(u, v, trim_leading_zeros=True))(P4, P3)",
    "polydiv_short": "jnp.polydiv(P3[:2], P4)",
    "cov_values": "jnp.cov(M35)",
    "cov_rowvar": "jnp.cov(M35.T, rowvar=False)",
    "cov_y": "jnp.cov(M35, Y25)",
    "cov_y_rowvar": "jnp.cov(M35.T, Y25.T, rowvar=False)",
    "cov_bias": "jnp.cov(M35, bias=True)",
    "cov_ddof": "jnp.cov(M35, ddof=3)",
    "cov_fweights": "jnp.cov(M35, fweights=fw)",
    "cov_aweights": "jnp.cov(M35, aweights=aw)",
    "cov_both": "jnp.cov(M35, fweights=fw, aweights=aw)",
    "cov_both_ddof0": "jnp.cov(M35, fweights=fw, aweights=aw, ddof=0)",
    "cov_both_bias": "jnp.cov(M35, fweights=fw, aweights=aw, bias=True)",
    "cov_fweights_float": "jnp.cov(M35, fweights=aw)",
    "cov_fweights_2d": "jnp.cov(M35, fweights=np.ones((5, 1), np.int32))",
    "cov_fweights_len": "jnp.cov(M35, fweights=fw[:3])",
    "cov_aweights_len": "jnp.cov(M35, aweights=aw[:3])",
    "cov_dtype": "jnp.cov(M35i, dtype=jnp.float32)",
    "cov_dtype_int": "jnp.cov(M35, dtype=jnp.int32)",
    "cov_int": "jnp.cov(M35i)",
    "cov_complex": "jnp.cov(C35)",
    "cov_3d": "jnp.cov(np.ones((2, 2, 2), np.float32))",
    "cov_y_3d": "jnp.cov(M35, np.ones((2, 2, 5), np.float32))",
    "cov_empty_rows": "jnp.cov(np.ones((0, 3), np.float32))",
    "cov_no_samples": "jnp.cov(np.ones((3, 0), np.float32))",
    "cov_one_no_samples": "jnp.cov(np.ones((1, 0), np.float32))",
    "cov_list": "jnp.cov([[1.0, 2.0], [3.0, 1.0]])",
    "cov_jit": "at.jit(jnp.cov)(M35)",
    "cov_scalar": "jnp.cov(np.float32(2.0))",
    "corrcoef_values": "jnp.corrcoef(M35)",
    "corrcoef_y": "jnp.corrcoef(M35, Y25)",
    "corrcoef_rowvar": "jnp.corrcoef(M35.T, rowvar=False)",
    "corrcoef_complex": "jnp.corrcoef(C35)",
    "corrcoef_1d": "jnp.corrcoef(M35[0])",
    "corrcoef_dtype_int": "jnp.corrcoef(M35, dtype=jnp.int32)",
    "corrcoef_jit": "at.jit(jnp.corrcoef)(M35)",
    "corrcoef_list": "jnp.corrcoef([[1.0, 2.0], [3.0, 1.0]])",
    "interp_values": "jnp.interp(XQ, XP, FP)",
    "interp_left_right": "jnp.interp(XQ, XP, FP, left=-7.0, right=9)",
    "interp_extrapolate": "jnp.interp(XQ, XP, FP, left='extrapolate', right='extrapolate')",
    "interp_bad_string": "jnp.interp(XQ, XP, FP, left='nearest')",
    "interp_period": "jnp.interp(XQ, XP, FP, period=3.0)",
    "interp_period_array": "jnp.interp(XQ, XP, FP, period=np.float32(3.0))",
    "interp_period_vector": "jnp.interp(XQ, XP, FP, period=np.ones(2, np.float32))",
    "interp_2d_x": "jnp.interp(XQ.reshape(13, 1), XP, FP)",
    "interp_shape_mismatch": "jnp.interp(XQ, XP, FP[:3])",
    "interp_2d_xp": "jnp.interp(XQ, XP.reshape(2, 2), FP.reshape(2, 2))",
    "interp_complex_x": "jnp.interp(OPS['c64'], XP, FP)",
    "interp_complex_fp": "jnp.interp(XQ, XP, FP.astype(np.complex64) * (1 + 1j))",
    "interp_repeated_xp": "jnp.interp(XQ, np.array([0.0, 1.0, 1.0, 2.0], np.float32), FP)",
    "interp_jit": "at.jit(jnp.interp)(XQ, XP, FP)",
    "interp_jit_left": "at.jit(jnp.interp)(XQ, XP, FP, 1.5, 2.5)",
    "interp_list": "jnp.interp([1.0], XP, FP)",
    "interp_scalar_x": "jnp.interp(1.5, XP, FP)",
    "interp_weak_left": "jnp.interp(XQ, XP, FP, left=OPS['wf'][0])",
    "trapezoid_2d": "jnp.trapezoid(Y34)",
    "trapezoid_axis0": "jnp.trapezoid(Y34, axis=0)",
    "trapezoid_dx": "jnp.trapezoid(Y34, dx=0.25)",
    "trapezoid_dx_array": "jnp.trapezoid(Y34, dx=np.full(4, 0.5, np.float32))",
    "trapezoid_dx_array_axis0": "jnp.trapezoid(Y34, dx=np.full((3, 1), 0.5, np.float32), axis=0)",
    "trapezoid_dx_int": "jnp.trapezoid(Y34, dx=2)",
    "trapezoid_x": "jnp.trapezoid(Y34, X4)",
    "trapezoid_x_2d": "jnp.trapezoid(Y34, np.cumsum(np.ones((3, 4), np.float32), axis=0), axis=0)",
    "trapezoid_int": "jnp.trapezoid(np.arange(6).reshape(2, 3))",
    "trapezoid_jit": "at.jit(jnp.trapezoid)(Y34, X4)",
    "trapezoid_list": "jnp.trapezoid([1.0, 2.0])",
    "trapezoid_scalar": "jnp.trapezoid(np.float32(2.0))",
    "trapezoid_weak": "jnp.trapezoid(OPS['wf'], dx=0.5)",
    "geomspace_values": "jnp.geomspace(1.0, 1000.0, 4)",
    "geomspace_negative": "jnp.geomspace(-1.0, -1000.0, 4)",
    "geomspace_no_endpoint": "jnp.geomspace(2, 512, 4, endpoint=False)",
    "geomspace_int": "jnp.geomspace(1, 256, 9, dtype=jnp.int32)",
    "geomspace_arrays": "jnp.geomspace(np.array([1.0, 2.0], np.float32), np.array([100.0, 50.0], np.float32), 3)",
    "geomspace_axis": "jnp.geomspace(np.array([1.0, 2.0], np.float32), 100.0, 3, axis=1)",
    "geomspace_axis_neg": "jnp.geomspace(np.array([1.0, 2.0], np.float32), 100.0, 3, axis=-1)",
    "geomspace_axis_bad": "jnp.geomspace(np.array([1.0, 2.0], np.float32), 100.0, 3, axis=2)",
    "geomspace_complex": "jnp.geomspace(1 + 1j, 8 + 8j, 4)",
    "geomspace_zero": "jnp.geomspace(0.0, 10.0, 3)",
    "geomspace_num0": "jnp.geomspace(1.0, 10.0, 0)",
    "geomspace_num1": "jnp.geomspace(3.0, 10.0, 1)",
    "geomspace_num_neg": "jnp.geomspace(1.0, 10.0, -1)",
    "geomspace_weak": "jnp.geomspace(OPS['wf'][0], 10.0, 3)",
    "geomspace_jit": "at.jit(jnp.geomspace, static_argnums=2)(2.0, 32.0, 5)",
    "trim_zeros_values": "jnp.trim_zeros(Z)",
    "trim_zeros_f": "jnp.trim_zeros(Z, 'f')",
    "trim_zeros_b": "jnp.trim_zeros(Z, trim='b')",
    "trim_zeros_none": "jnp.trim_zeros(Z, trim='')",
    "trim_zeros_all_zero": "jnp.trim_zeros(np.zeros(4, np.float32))",
    "trim_zeros_2d": "jnp.trim_zeros(Z2)",
    "trim_zeros_2d_axis": "jnp.trim_zeros(Z2, axis=0)",
    "trim_zeros_2d_axis_neg": "jnp.trim_zeros(Z2, axis=-1)",
    "trim_zeros_2d_axes": "jnp.trim_zeros(Z2, 'b', axis=(0, 1))",
    "trim_zeros_jit": "at.jit(jnp.trim_zeros)(Z)",
    "trim_zeros_list": "jnp.trim_zeros([0, 1, 0])",
    "trim_zeros_weak": "jnp.trim_zeros(OPS['wf'] * 0)",
    "at_add_bool": "jnp.zeros(3, bool).at[1:].add(True)",
    "at_multiply_bool": "jnp.zeros(3, bool).at[1:].multiply(True)",
    "at_max_bool": "jnp.zeros(3, bool).at[1:].max(True)",
    "partition_2d": "jnp.partition(Y34, 2, axis=0)",
    "partition_neg_kth": "jnp.partition(Y34, -1)",
    "partition_kth_bad": "jnp.partition(Y34, 5)",
    "partition_jit": "at.jit(jnp.partition, static_argnums=1)(Y34, 1)",
    "argpartition_2d": "jnp.argpartition(Y34, 2, axis=0)",
    "argpartition_dups": "jnp.argpartition(np.array([2, 1, 2, 1, 2], np.int32), 2)",
    "argpartition_unsigned": "jnp.argpartition(np.array([0, 3, 0, 2], np.uint8), 1)",
    "partition_unsigned": "jnp.partition(np.array([0, 3, 0, 2], np.uint8), 1)",
    "partition_list": "jnp.partition([3, 1, 2], 1)",
    "lexsort_values": "jnp.lexsort((np.array([1, 0, 1, 0]), np.array([0, 0, 1, 1]), np.array([2, 2, 1, 1])))",
    "lexsort_2d": "jnp.lexsort((Y34, Y34 > 0), axis=0)",
    "lexsort_scalar": "jnp.lexsort((np.int32(1),))",
    "lexsort_empty": "jnp.lexsort(())",
    "lexsort_shapes": "jnp.lexsort((np.ones(3), np.ones(4)))",
    "lexsort_array": "jnp.lexsort(Y34)",
    "lexsort_jit": "at.jit(jnp.lexsort)((X4, X4 > 1))",
    "sort_complex_2d": "jnp.sort_complex(Y34)",
    "sort_complex_scalar": "jnp.sort_complex(np.float32(1.0))",
    "block_values": "jnp.block([[np.eye(2, dtype=np.float32), np.zeros((2, 1), np.int32)], [np.ones((1, 3), np.int32)]])",
    "block_scalar": "jnp.block(2.5)",
    "block_1d": "jnp.block([np.ones(2, np.int32), 3])",
    "block_tuple": "jnp.block((np.ones(2), np.ones(2)))",
    "block_empty": "jnp.block([])",
    "block_depths": "jnp.block([[np.ones(2)], np.ones(2)])",
    "block_jit": "at.jit(jnp.block)([[Y34, Y34]])",
    "ix_values": "jnp.ix_(np.array([0, 2]), np.array([1, 3, 4]))",
    "ix_empty": "jnp.ix_(np.array([], np.float32), np.array([1]))",
    "ix_bool": "jnp.ix_(np.array([True, False]))",
    "ix_2d": "jnp.ix_(np.ones((2, 2), np.int32))",
    "ix_list": "jnp.ix_([0, 1])",
    "ix_none": "jnp.ix_()",
    "apply_along_axis_sum": "jnp.apply_along_axis(jnp.sum, 1, Y34)",
    "apply_along_axis_3d": "jnp.apply_along_axis(lambda v, s: v * s, 1, np.ones((2, 3, 4), np.float32), 2.0)",
    "apply_along_axis_outer": "jnp.apply_along_axis(lambda v: jnp.outer(v, v), 0, Y34)",
    "apply_along_axis_kwargs": "jnp.apply_along_axis(jnp.sort, -1, Y34, descending=True)",
    "apply_along_axis_list": "jnp.apply_along_axis(jnp.sum, 0, [1, 2])",
    "apply_along_axis_bad_axis": "jnp.apply_along_axis(jnp.sum, 2, Y34)",
    "apply_along_axis_jit": "at.jit(lambda y: jnp.apply_along_axis(jnp.diff, 0, y))(Y34)",
    "apply_over_axes_sum": "jnp.apply_over_axes(jnp.sum, np.ones((2, 3, 4), np.float32), [0, 2])",
    "apply_over_axes_keep": "jnp.apply_over_axes(lambda a, ax: jnp.cumsum(a, axis=ax), Y34, [1])",
    "apply_over_axes_bad": "jnp.apply_over_axes(lambda a, ax: a.sum(), np.ones((2, 3, 4)), [0])",
    "apply_over_axes_list": "jnp.apply_over_axes(jnp.sum, [1, 2], [0])",
    "diagflat_values": "jnp.diagflat(np.array([[1, 2], [3, 4]]), -1)",
    "diagflat_scalar": "jnp.diagflat(3.0)",
    "diagflat_list": "jnp.diagflat([1, 2])",
    "diagflat_jit": "at.jit(jnp.diagflat, static_argnums=1)(X4, 2)",
    "vander_values": "jnp.vander(np.array([1, 2, 3]), 4)",
    "vander_increasing": "jnp.vander(X4, increasing=True)",
    "vander_n0": "jnp.vander(X4, 0)",
    "vander_neg": "jnp.vander(X4, -1)",
    "vander_2d": "jnp.vander(Y34)",
    "vander_jit": "at.jit(jnp.vander, static_argnums=1)(X4, 3)",
    "vander_list": "jnp.vander([1, 2])",
    "extract_values": "jnp.extract(Y34 > 0, Y34)",
    "extract_size": "jnp.extract(Y34 > 0, Y34, size=5, fill_value=-1)",
    "extract_size_jit": "at.jit(lambda c, a: jnp.extract(c, a, size=3))(Y34 > 0, Y34)",
    "extract_jit": "at.jit(jnp.extract)(Y34 > 0, Y34)",
    "extract_list": "jnp.extract([True, False], X4[:2])",
    "unwrap_values": "jnp.unwrap(np.cumsum(rng.uniform(0, 4, 12)).astype(np.float32) % 6.283)",
    "unwrap_period": "jnp.unwrap(np.array([0.0, 1.5, 3.2, 0.1, 1.0], np.float32), period=3.0)",
    "unwrap_discont": "jnp.unwrap(np.array([0.0, 4.0, 8.0], np.float32), discont=5.0)",
    "unwrap_int": "jnp.unwrap(np.array([0, 7, 15, 2]), period=8)",
    "unwrap_axis0": "jnp.unwrap(Y34 * 5, axis=0)",
    "unwrap_empty": "jnp.unwrap(np.zeros((0,), np.float32))",
    "unwrap_complex": "jnp.unwrap(OPS['c64'])",
    "unwrap_jit": "at.jit(jnp.unwrap)(X4 * 4)",
    "unwrap_list": "jnp.unwrap([0.0, 1.0])",
    "union1d_values": "jnp.union1d(np.array([3, 1, 2, 3, 7]), np.array([[2, 5], [7, 7]]))",
    "union1d_size": "jnp.union1d(np.array([3, 1, 2]), np.array([2, 5]), size=6)",
    "union1d_size_fill": "jnp.union1d(np.array([3, 1, 2]), np.array([2, 5]), size=6, fill_value=-1)",
    "union1d_jit": "at.jit(jnp.union1d)(X4, X4)",
    "union1d_jit_size": "at.jit(lambda a, b: jnp.union1d(a, b, size=5))(X4, X4[:2] + 0.25)",
    "union1d_list": "jnp.union1d([1, 2], X4)",
    "union1d_nan": "jnp.union1d(np.array([np.nan, 1.0, np.nan], np.float32), np.array([np.nan]))",
    "setdiff1d_values": "jnp.setdiff1d(np.array([3, 1, 2, 3, 7, 9]), np.array([2, 9, 4]))",
    "setdiff1d_unique": "jnp.setdiff1d(np.array([3, 1, 2, 7]), np.array([2]), assume_unique=True)",
    "setdiff1d_size": "jnp.setdiff1d(np.array([3, 1, 2, 3, 7, 9]), np.array([2, 9]), size=5)",
    "setdiff1d_size_fill": "jnp.setdiff1d(np.array([3, 1, 2, 3, 7, 9]), np.array([2, 9]), size=5, fill_value=-4)",
    "setdiff1d_size_short": "jnp.setdiff1d(np.array([3, 1, 2, 3, 7, 9]), np.array([2]), size=2)",
    "setdiff1d_size_unique": "jnp.setdiff1d(np.array([3, 1, 2, 7]), np.array([2]), assume_unique=True, size=4)",
    "setdiff1d_empty": "jnp.setdiff1d(np.array([], np.float32), np.array([2.0]))",
    "setdiff1d_empty_size": "jnp.setdiff1d(np.array([], np.int32), np.array([2]), size=3, fill_value=7)",
    "setdiff1d_jit": "at.jit(jnp.setdiff1d)(X4, X4)",
    "setdiff1d_jit_size": "at.jit(lambda a, b: jnp.setdiff1d(a, b, size=3))(X4, X4[:2])",
    "setdiff1d_list": "jnp.setdiff1d([1, 2], X4)",
    "setdiff1d_promote": "jnp.setdiff1d(np.array([1, 2, 3], np.int8), np.array([2.0, 2.5]))",
    "setxor1d_values": "jnp.setxor1d(np.array([3, 1, 2, 3, 7]), np.array([2, 5, 7, 8]))",
    "setxor1d_unique": "jnp.setxor1d(np.array([3, 1, 2, 7]), np.array([2, 5]), assume_unique=True)",
    "setxor1d_size": "jnp.setxor1d(np.array([3, 1, 2, 3, 7]), np.array([2, 5, 7, 8]), size=6)",
    "setxor1d_size_fill": "jnp.setxor1d(np.array([3, 1, 2, 3, 7]), np.array([2, 5, 7, 8]), size=6, fill_value=0)",
    "setxor1d_size_unique": "jnp.setxor1d(np.array([3, 1, 2, 7]), np.array([2, 5]), assume_unique=True, size=4)",
    "setxor1d_size_empty": "jnp.setxor1d(np.array([], np.int32), np.array([], np.int32), size=2)",
    "setxor1d_empty": "jnp.setxor1d(np.array([], np.int32), np.array([], np.int32))",
    "setxor1d_jit_size": "at.jit(lambda a, b: jnp.setxor1d(a, b, size=4))(X4, X4[:2] + 0.5)",
    "setxor1d_jit": "at.jit(jnp.setxor1d)(X4, X4)",
    "setxor1d_nan": "jnp.setxor1d(np.array([np.nan, 1.0], np.float32), np.array([np.nan, 2.0], np.float32))",
    "intersect1d_values": "jnp.intersect1d(np.array([3, 1, 2, 3, 7]), np.array([2, 5, 7, 7, 3]))",
    "intersect1d_indices": "jnp.intersect1d(np.array([3, 1, 2, 3, 7]), np.array([2, 5, 7, 7, 3]), return_indices=True)",
    "intersect1d_unique": "jnp.intersect1d(np.array([3, 1, 2, 7]), np.array([2, 5, 7]), assume_unique=True, "
                          "return_indices=True)",
    "intersect1d_size": "jnp.intersect1d(np.array([3, 1, 2, 3, 7]), np.array([2, 5, 7, 7, 3]), size=4)",
    "intersect1d_size_fill": "jnp.intersect1d(np.array([3, 1, 2, 3, 7]), np.array([2, 5, 7]), size=4, fill_value=-1)",
    "intersect1d_size_indices": "jnp.intersect1d(np.array([3, 1, 2, 3, 7]), np.array([2, 5, 7, 7, 3]), size=4, "
                                "return_indices=True)",
    "intersect1d_size_unique": "jnp.intersect1d(np.array([3, 1, 2, 7]), np.array([2, 5, 7]), assume_unique=True, "
                               "size=3, return_indices=True)",
    "intersect1d_size_empty": "jnp.intersect1d(np.array([], np.int32), np.array([], np.int32), size=2)",
    "intersect1d_jit": "at.jit(jnp.intersect1d)(X4, X4)",
    "intersect1d_jit_size": "at.jit(lambda a, b: jnp.intersect1d(a, b, size=3, return_indices=True))(X4, X4[::-1])",
    "intersect1d_list": "jnp.intersect1d([1, 2], X4)",
    "intersect1d_nan": "jnp.intersect1d(np.array([np.nan, 1.0], np.float32), np.array([np.nan, 1.0], np.float32))",
    "intersect1d_2d": "jnp.intersect1d(Y34 > 0, np.array([True]))",
}
"""Name -> expression (evaluated after :data:`PRELUDE`)."""

CONFIGS: tuple[str, ...] = cases.X64_CONFIGS


def run(namespace: dict[str, Any], record_leaf: Callable[[Any], Any] = cases.record) -> dict[str, Any]:
    """Every case evaluated in ``namespace`` (after the prelude), as ``tools/case_reference.py`` records it. Shared
    with the test, which passes the runtime's namespace."""
    return cases.run_cases(namespace, PRELUDE, CASES, messages=False, record_leaf=record_leaf,
                           label="<jax_numpy_more>")


def main_inside() -> None:
    import jax
    import jax.numpy as jnp
    import numpy as np

    cases.write_per_x64(OUT, "tools/jax_numpy_more_reference.py", lambda: run({"at": jax, "jnp": jnp, "np": np}))


if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
