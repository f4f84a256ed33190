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
