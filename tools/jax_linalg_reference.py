"""Write JAX 0.10.2's answers for the linear algebra of ``arraytyping.numpy`` (``vdot``, ``inner``, ``outer``,
``tensordot``, ``einsum``, ``kron``, ``cross`` and ``numpy.linalg``) to ``tests/data/jax_linalg_reference.json``.

The cases, slots and file format are ``tools/jax_numpy_reference.py``'s (whose generator runs them): result types over
every operand dtype in the four configurations, and values on seeded inputs. The inputs differ: matrices are well
conditioned (a random normal matrix plus ``n`` times the identity; symmetric positive definite ones for
``cholesky``/``eigh``), without the nans and infinities of the elementwise cases. Decompositions are compared
through their outputs as JAX computes them (the same LAPACK routines run in both), with a tolerance.

Runs in its own venv with jax (see tools/jax_reference.py)::

    python tools/jax_linalg_reference.py [--venv .jaxref-venv]
    JAXREF_ONLY=einsum_matmul python tools/jax_linalg_reference.py     # regenerate only these cases
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import jax_numpy_reference as base  # noqa: E402  (same folder)
import jax_reference as ref  # noqa: E402

OUT = Path(os.environ.get("JAXREF_OUT", ref.ROOT / "tests" / "data" / "jax_linalg_reference.json"))
GENERATOR = "tools/jax_linalg_reference.py"

BINARY_OPERANDS: tuple[list[str], list[str]] = (
    [f"arr:{d}" for d in ref.DTYPES] + ["warr:bool", "warr:int32", "warr:float32", "warr:complex64"]
    + [f"py:{k}" for k in ("bool", "int", "float", "complex")],
    ["arr:bool", "arr:int8", "arr:float32", "arr:bfloat16", "arr:complex64", "warr:float32", "py:int"])
"""What ``x`` and ``w`` range over in the cases with both: every strong dtype against a few (the join itself is
``jax_reference.json``'s; these cases add the contraction's checks and adjustments to it)."""

_E = "lambda x: "
_XY = "lambda x, y: "

CASES: dict[str, tuple[str, list[str]]] = {
    # --- products and contractions ---------------------------------------------------------------------------
    "vdot": (_XY + "np.vdot(x, y)", ["x[3]", "w[3]"]),
    "vdot_matrix": (_XY + "np.vdot(x, y)", ["x[2,3]", "w[6]"]),
    "inner": (_XY + "np.inner(x, y)", ["x[3,4]", "w[2,4]"]),
    "vecdot": (_XY + "np.vecdot(x, y)", ["x[2,3]", "w[3]"]),
    "vecdot_axis": (_XY + "np.vecdot(x, y, axis=0)", ["x[3,2]", "w[3,1]"]),
    "matvec": (_XY + "np.matvec(x, y)", ["x[2,3]", "w[3]"]),
    "vecmat": (_XY + "np.vecmat(x, y)", ["x[3]", "w[3,2]"]),
    "outer": (_XY + "np.outer(x, y)", ["x[3]", "w[2]"]),
    "tensordot": (_XY + "np.tensordot(x, y)", ["x[3,4]", "w[3,4]"]),
    "tensordot_axes": (_XY + "np.tensordot(x, y, axes=([1], [0]))", ["x[3,4]", "w[4,2]"]),
    "tensordot_int": (_XY + "np.tensordot(x, y, 1)", ["x[3,4]", "w[4,2]"]),
    "kron": (_XY + "np.kron(x, y)", ["x[2,3]", "w[2]"]),
    "cross": (_XY + "np.cross(x, y)", ["x[3]", "w[3]"]),
    "cross_2d": (_XY + "np.cross(x, y)", ["x[4,2]", "w[4,2]"]),
    "cross_axis": (_XY + "np.cross(x, y, axisa=0, axisc=0)", ["x[3,2]", "w[2,3]"]),
    "einsum_matmul": (_XY + "np.einsum('ij,jk->ik', x, y)", ["x[3,4]", "w[4,2]"]),
    "einsum_implicit": (_XY + "np.einsum('ij,jk', x, y)", ["x[3,4]", "w[4,2]"]),
    "einsum_batch": (_XY + "np.einsum('bij,bkj->bki', x, y)", ["x[2,3,4]", "w[2,5,4]"]),
    "einsum_outer": (_XY + "np.einsum('i,j->ij', x, y)", ["x[3]", "w[2]"]),
    "einsum_dot": (_XY + "np.einsum('i,i', x, y)", ["x[3]", "w[3]"]),
    "einsum_sum_both": (_XY + "np.einsum('ij,kl->i', x, y)", ["x[3,4]", "w[2,2]"]),
    "einsum_repeated": (_XY + "np.einsum('iij,j->i', x, y)", ["x[3,3,4]", "w[4]"]),
    "einsum_ellipsis": (_XY + "np.einsum('...ij,...jk->...ik', x, y)", ["x[2,3,4]", "w[4,2]"]),
    "einsum_three": (_XY + "np.einsum('ij,jk,kl->il', x, y, x)", ["x[3,3]", "w[3,3]"]),
    "einsum_trace": (_E + "np.einsum('ii', x)", ["x[3,3]"]),
    "einsum_diagonal": (_E + "np.einsum('ii->i', x)", ["x[3,3]"]),
    "einsum_sum": (_E + "np.einsum('ij->', x)", ["x"]),
    "einsum_transpose": (_E + "np.einsum('ij->ji', x)", ["x"]),
    # --- linalg.norm ---------------------------------------------------------------------------------------------
    "norm": (_E + "np.linalg.norm(x)", ["x"]),
    "norm_vector": (_E + "np.linalg.norm(x)", ["x[5]"]),
    "norm_axis": (_E + "np.linalg.norm(x, axis=1)", ["x"]),
    "norm_ord1": (_E + "np.linalg.norm(x, ord=1, axis=0)", ["x"]),
    "norm_ord0": (_E + "np.linalg.norm(x, ord=0, axis=1)", ["x"]),
    "norm_ord3": (_E + "np.linalg.norm(x, ord=3, axis=1)", ["x"]),
    "norm_inf": (_E + "np.linalg.norm(x, ord=float('inf'))", ["x[5]"]),
    "norm_neg_inf": (_E + "np.linalg.norm(x, ord=-float('inf'), axis=0, keepdims=True)", ["x"]),
    "norm_fro": (_E + "np.linalg.norm(x, ord='fro', keepdims=True)", ["x"]),
    "norm_matrix1": (_E + "np.linalg.norm(x, ord=1)", ["x"]),
    "norm_matrix_neg1": (_E + "np.linalg.norm(x, ord=-1, axis=(1, 0))", ["x"]),
    "norm_matrix_inf": (_E + "np.linalg.norm(x, ord=float('inf'), keepdims=True)", ["x"]),
    "norm_matrix_neg_inf": (_E + "np.linalg.norm(x, ord=-float('inf'))", ["x"]),
    "norm_matrix2": (_E + "np.linalg.norm(x, ord=2)", ["x"]),
    "norm_matrix_neg2": (_E + "np.linalg.norm(x, ord=-2)", ["x"]),
    "norm_nuc": (_E + "np.linalg.norm(x, ord='nuc', axis=(0, 1), keepdims=True)", ["x[2,3,4]"]),
    # --- decompositions ------------------------------------------------------------------------------------------
    "det": (_E + "np.linalg.det(x)", ["x[3,3]"]),
    "det_batch": (_E + "np.linalg.det(x)", ["x[2,3,3]"]),
    "det_lu": (_E + "np.linalg.det(x)", ["x[4,4]"]),
    "slogdet": (_E + "np.linalg.slogdet(x)", ["x[3,3]"]),
    "slogdet_2x2": (_E + "np.linalg.slogdet(x)", ["x[2,2]"]),
    "inv": (_E + "np.linalg.inv(x)", ["x[3,3]"]),
    "solve": (_XY + "np.linalg.solve(x, y)", ["x[3,3]", "w[3]"]),
    "solve_matrix": (_XY + "np.linalg.solve(x, y)", ["x[2,3,3]", "w[2,3,2]"]),
    "cholesky": (_E + "np.linalg.cholesky(x)", ["x[3,3]"]),
    "cholesky_upper": (_E + "np.linalg.cholesky(x, upper=True)", ["x[2,3,3]"]),
    "qr": (_E + "np.linalg.qr(x)", ["x[4,3]"]),
    "qr_wide": (_E + "np.linalg.qr(x)", ["x[3,4]"]),
    "qr_complete": (_E + "np.linalg.qr(x, mode='complete')", ["x[4,3]"]),
    "qr_r": (_E + "np.linalg.qr(x, mode='r')", ["x[2,4,3]"]),
    "eigh": (_E + "np.linalg.eigh(x)", ["x[3,3]"]),
    "eigh_upper": (_E + "np.linalg.eigh(x, UPLO='U')", ["x[2,3,3]"]),
    "svd": (_E + "np.linalg.svd(x)", ["x[4,3]"]),
    "svd_reduced": (_E + "np.linalg.svd(x, full_matrices=False)", ["x[3,4]"]),
    "svd_values": (_E + "np.linalg.svd(x, compute_uv=False)", ["x[2,4,3]"]),
    # --- the Array API standard's linalg extension ---------------------------------------------------------------
    "linalg_matmul": (_XY + "np.linalg.matmul(x, y)", ["x[2,3,4]", "w[4,2]"]),
    "linalg_matmul_vector": (_XY + "np.linalg.matmul(x, y)", ["x[3]", "w[3,2]"]),
    "linalg_tensordot": (_XY + "np.linalg.tensordot(x, y, axes=1)", ["x[3,4]", "w[4,2]"]),
    "linalg_tensordot_pairs": (_XY + "np.linalg.tensordot(x, y, axes=((0,), (1,)))", ["x[3,4]", "w[2,3]"]),
    "linalg_vecdot": (_XY + "np.linalg.vecdot(x, y)", ["x[2,3]", "w[3]"]),
    "linalg_vecdot_axis": (_XY + "np.linalg.vecdot(x, y, axis=0)", ["x[3,2]", "w[3,1]"]),
    "linalg_outer": (_XY + "np.linalg.outer(x, y)", ["x[3]", "w[2]"]),
    "linalg_outer_2d": (_XY + "np.linalg.outer(x, y)", ["x[3,1]", "w[2]"]),
    "linalg_cross": (_XY + "np.linalg.cross(x, y)", ["x[2,3]", "w[3]"]),
    "linalg_cross_axis": (_XY + "np.linalg.cross(x, y, axis=0)", ["x[3,2]", "w[3,2]"]),
    "linalg_cross_2": (_XY + "np.linalg.cross(x, y)", ["x[2]", "w[2]"]),
    "linalg_diagonal": (_E + "np.linalg.diagonal(x)", ["x[2,3,4]"]),
    "linalg_diagonal_offset": (_E + "np.linalg.diagonal(x, offset=-1)", ["x[3,4]"]),
    "linalg_trace": (_E + "np.linalg.trace(x)", ["x[2,3,3]"]),
    "linalg_trace_offset": (_E + "np.linalg.trace(x, offset=1, dtype='float32')", ["x[3,4]"]),
    "linalg_matrix_transpose": (_E + "np.linalg.matrix_transpose(x)", ["x[2,3,4]"]),
    "linalg_matrix_transpose_1d": (_E + "np.linalg.matrix_transpose(x)", ["x[3]"]),
    "vector_norm": (_E + "np.linalg.vector_norm(x)", ["x"]),
    "vector_norm_axis": (_E + "np.linalg.vector_norm(x, axis=1, keepdims=True)", ["x"]),
    "vector_norm_ord1": (_E + "np.linalg.vector_norm(x, ord=1, axis=0)", ["x"]),
    "vector_norm_ord0": (_E + "np.linalg.vector_norm(x, ord=0)", ["x"]),
    "vector_norm_ord3": (_E + "np.linalg.vector_norm(x, ord=3, axis=(0, 1))", ["x[2,3,2]"]),
    "vector_norm_inf": (_E + "np.linalg.vector_norm(x, ord=float('inf'))", ["x[5]"]),
    "vector_norm_neg_inf": (_E + "np.linalg.vector_norm(x, ord=-float('inf'), axis=-1)", ["x"]),
    "vector_norm_bad_ord": (_E + "np.linalg.vector_norm(x, ord='inf')", ["x[5]"]),
    "matrix_norm": (_E + "np.linalg.matrix_norm(x)", ["x[2,3,4]"]),
    "matrix_norm_ord1": (_E + "np.linalg.matrix_norm(x, ord=1, keepdims=True)", ["x[2,3,4]"]),
    "matrix_norm_inf": (_E + "np.linalg.matrix_norm(x, ord=float('inf'))", ["x"]),
    "matrix_norm_nuc": (_E + "np.linalg.matrix_norm(x, ord='nuc')", ["x[2,3,4]"]),
    "matrix_norm_2": (_E + "np.linalg.matrix_norm(x, ord=2, keepdims=True)", ["x[4,3]"]),
    "matrix_power": (_E + "np.linalg.matrix_power(x, 3)", ["x[3,3]"]),
    "matrix_power_5": (_E + "np.linalg.matrix_power(x, 5)", ["x[2,3,3]"]),
    "matrix_power_0": (_E + "np.linalg.matrix_power(x, 0)", ["x[3,3]"]),
    "matrix_power_1": (_E + "np.linalg.matrix_power(x, 1)", ["x[3,3]"]),
    "matrix_power_neg": (_E + "np.linalg.matrix_power(x, -2)", ["x[3,3]"]),
    "matrix_power_not_square": (_E + "np.linalg.matrix_power(x, 2)", ["x[3,4]"]),
    "matrix_rank": (_E + "np.linalg.matrix_rank(x)", ["x[3,3]"]),
    "matrix_rank_wide": (_E + "np.linalg.matrix_rank(x)", ["x[2,3,4]"]),
    "matrix_rank_rtol": (_E + "np.linalg.matrix_rank(x, 0.5)", ["x[4,3]"]),
    "matrix_rank_tol": (_E + "np.linalg.matrix_rank(x, tol=0.1)", ["x[3,3]"]),
    "matrix_rank_hermitian": (_E + "np.linalg.matrix_rank(x, hermitian=True)", ["x[3,3]"]),
    "matrix_rank_vector": (_E + "np.linalg.matrix_rank(x)", ["x[4]"]),
    "eigvalsh": (_E + "np.linalg.eigvalsh(x)", ["x[3,3]"]),
    "eigvalsh_upper": (_E + "np.linalg.eigvalsh(x, UPLO='U')", ["x[2,3,3]"]),
    "svdvals": (_E + "np.linalg.svdvals(x)", ["x[2,4,3]"]),
    "pinv": (_E + "np.linalg.pinv(x)", ["x[4,3]"]),
    "pinv_wide": (_E + "np.linalg.pinv(x)", ["x[2,3,4]"]),
    "pinv_rtol": (_E + "np.linalg.pinv(x, rtol=0.5)", ["x[3,3]"]),
    "pinv_rcond": (_E + "np.linalg.pinv(x, rcond=0.1)", ["x[4,3]"]),
    "pinv_hermitian": (_E + "np.linalg.pinv(x, hermitian=True)", ["x[3,3]"]),
    "pinv_empty": (_E + "np.linalg.pinv(x)", ["x[0,3]"]),
    # --- the rest of jax.numpy.linalg ----------------------------------------------------------------------------
    "multi_dot": (_XY + "np.linalg.multi_dot([x, y, x])", ["x[3,3]", "w[3,3]"]),
    "multi_dot_vectors": (_XY + "np.linalg.multi_dot([x, y, y])", ["x[4]", "w[4,4]"]),
    "tensorinv": (_E + "np.linalg.tensorinv(x, ind=1)", ["x[4,2,2]"]),
    "tensorinv_not_square": (_E + "np.linalg.tensorinv(x)", ["x[2,3,2,2]"]),
    "tensorsolve": (_XY + "np.linalg.tensorsolve(x, y)", ["x[6,2,3]", "w[6]"]),
    "tensorsolve_axes": (_XY + "np.linalg.tensorsolve(x, y, axes=(0,))", ["x[2,3,6]", "w[3,6]"]),
    "cond": (_E + "np.linalg.cond(x)", ["x[3,3]"]),
    "cond_batch": (_E + "np.linalg.cond(x, -2)", ["x[2,3,4]"]),
    "cond_fro": (_E + "np.linalg.cond(x, 'fro')", ["x[3,3]"]),
    "cond_inf": (_E + "np.linalg.cond(x, float('inf'))", ["x[2,3,3]"]),
    "cond_not_square": (_E + "np.linalg.cond(x, 1)", ["x[3,4]"]),
    "lstsq": (_XY + "np.linalg.lstsq(x, y)", ["x[4,3]", "w[4]"]),
    "lstsq_matrix": (_XY + "np.linalg.lstsq(x, y, rcond=0.1)", ["x[3,4]", "w[3,2]"]),
    "eig": (_E + "np.linalg.eig(x)", ["x[3,3]"]),
    "eigvals": (_E + "np.linalg.eigvals(x)", ["x[2,3,3]"]),
    "eig_not_square": (_E + "np.linalg.eig(x)", ["x[3,4]"]),
    "svd_hermitian": (_E + "np.linalg.svd(x, hermitian=True)", ["x[3,3]"]),
    "svd_hermitian_values": (_E + "np.linalg.svd(x, compute_uv=False, hermitian=True)", ["x[2,3,3]"]),
}

_PRODUCTS = ["float32", "int32", "bool", "complex64", "bfloat16", "float64", "uint8"]
_DECOMP = ["float32", "float64", "complex64", "complex128", "int32", "float16"]
_ARRAY_API_PRODUCTS = list(_PRODUCTS)
VALUES: dict[str, list[str]] = {
    **{name: _PRODUCTS for name in (
        "vdot", "vdot_matrix", "inner", "vecdot", "vecdot_axis", "matvec", "vecmat", "outer", "tensordot",
        "tensordot_axes", "tensordot_int", "kron", "cross",
        "cross_2d", "cross_axis", "einsum_matmul", "einsum_implicit", "einsum_batch", "einsum_outer", "einsum_dot",
        "einsum_sum_both", "einsum_repeated", "einsum_ellipsis", "einsum_three", "einsum_trace", "einsum_diagonal",
        "einsum_sum", "einsum_transpose")},
    **{name: ["float32", "int32", "complex64", "bfloat16", "float64", "bool"] for name in (
        "norm", "norm_vector", "norm_axis", "norm_ord1", "norm_ord0", "norm_ord3", "norm_inf", "norm_neg_inf",
        "norm_fro", "norm_matrix1", "norm_matrix_neg1", "norm_matrix_inf", "norm_matrix_neg_inf")},
    **{name: _DECOMP for name in (
        "norm_matrix2", "norm_matrix_neg2", "norm_nuc", "det", "det_batch", "det_lu", "slogdet", "slogdet_2x2", "inv",
        "solve", "solve_matrix", "cholesky", "cholesky_upper", "qr", "qr_wide", "qr_complete", "qr_r", "eigh", "eigh_upper",
        "svd", "svd_reduced", "svd_values")},
    **{name: _ARRAY_API_PRODUCTS for name in (
        "linalg_matmul", "linalg_matmul_vector", "linalg_tensordot", "linalg_tensordot_pairs", "linalg_vecdot",
        "linalg_vecdot_axis", "linalg_outer", "linalg_outer_2d", "linalg_cross", "linalg_cross_axis",
        "linalg_cross_2", "linalg_diagonal", "linalg_diagonal_offset", "linalg_trace", "linalg_trace_offset",
        "linalg_matrix_transpose", "linalg_matrix_transpose_1d", "vector_norm", "vector_norm_axis",
        "vector_norm_ord1", "vector_norm_ord0", "vector_norm_ord3", "vector_norm_inf", "vector_norm_neg_inf",
        "vector_norm_bad_ord", "matrix_norm", "matrix_norm_ord1", "matrix_norm_inf", "matrix_power",
        "matrix_power_5", "matrix_power_0", "matrix_power_1", "matrix_power_not_square")},
    **{name: _DECOMP for name in (
        "matrix_norm_nuc", "matrix_norm_2", "matrix_power_neg", "matrix_rank", "matrix_rank_wide",
        "matrix_rank_rtol", "matrix_rank_tol", "matrix_rank_hermitian", "matrix_rank_vector", "eigvalsh",
        "eigvalsh_upper", "svdvals", "pinv", "pinv_wide", "pinv_rtol", "pinv_rcond", "pinv_hermitian",
        "pinv_empty", "tensorinv", "tensorinv_not_square", "tensorsolve", "tensorsolve_axes", "cond", "cond_batch",
        "cond_fro", "cond_inf", "cond_not_square", "lstsq", "lstsq_matrix", "eig", "eigvals", "eig_not_square",
        "svd_hermitian", "svd_hermitian_values")},
    "multi_dot": _ARRAY_API_PRODUCTS, "multi_dot_vectors": _ARRAY_API_PRODUCTS,
}

LAPACK_CASES: frozenset[str] = frozenset(
    name for name, dts in VALUES.items()
    if dts is _DECOMP and name not in ("det", "det_batch", "slogdet_2x2", "matrix_rank_vector", "pinv_empty"))
"""The cases that run a LAPACK kernel on the CPU (float32, float64, complex64, complex128 only: JAX's lowering
raises ``NotImplementedError`` for other dtypes; ``det`` of a 3x3 matrix is by cofactors, ``slogdet`` of a 2x2 one
by its formula)."""

SYMMETRIC_POSITIVE: frozenset[str] = frozenset({"cholesky", "cholesky_upper", "eigh", "eigh_upper", "eigvalsh",
                                               "eigvalsh_upper", "matrix_rank_hermitian", "pinv_hermitian",
                                               "svd_hermitian", "svd_hermitian_values"})
"""The cases whose ``x`` is made Hermitian positive definite."""


def value_config(dtype: str) -> str:
    return base.value_config(dtype)


def make_input(case: str, slot: str, dtype: str, shape: tuple[int, ...]) -> Any:
    """Seeded inputs: small integers (bool at random) for integer dtypes; normal floats (complex with a normal
    imaginary part) otherwise; square matrices get ``n`` added on the diagonal (well conditioned), and for
    :data:`SYMMETRIC_POSITIVE` cases become ``a @ a^H + n I``."""
    import zlib

    import numpy as np

    rng = np.random.default_rng(zlib.crc32(f"{case}|{slot}|{dtype}".encode()))
    np_dtype = np.dtype(ref.sctype(dtype))
    if dtype == "bool":
        return rng.integers(0, 2, shape).astype(bool)
    if np_dtype.kind in "iu":
        a = rng.integers(0 if np_dtype.kind == "u" else -3, 4, shape).astype(np.float64)
    else:
        a = rng.normal(0.0, 1.0, shape)
        if np_dtype.kind == "c":
            a = a + 1j * rng.normal(0.0, 1.0, shape)
    square = len(shape) >= 2 and shape[-1] == shape[-2] and slot.startswith("x")
    if square:
        n = shape[-1]
        if case in SYMMETRIC_POSITIVE:
            a = a @ np.swapaxes(a, -1, -2).conj()
            if np_dtype.kind in "iu":
                a = np.round(a)
        a = a + n * np.eye(n)
    return a.astype(np_dtype)


if __name__ == "__main__":
    ref.cli(__doc__, __file__, lambda: base.main_inside(sys.modules[__name__]))
