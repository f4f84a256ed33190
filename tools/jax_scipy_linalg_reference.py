"""Write JAX 0.10.2's results for ``jax.lax.linalg`` and ``jax.scipy.linalg`` to
``tests/data/jax_scipy_linalg_reference.json``: values on seeded well-conditioned inputs (float32, float64,
complex64, batched), derivatives (``grad``, ``jvp``) and ``vmap``/``jit``, their dtypes and weak flags, with x64 off
and on, and the error class where JAX refuses.

Runs in JAX's own venv (see ``tools/jax_reference.py``, whose command line it shares)::

    python tools/jax_scipy_linalg_reference.py [--venv .jaxref-venv]

The cases are source text evaluated in a namespace of the library under test (``at``: the top-level module,
``jnp``: its numpy; the prelude imports ``L``, its ``lax.linalg``, and ``S``, its ``scipy.linalg``), so
``tests/runtime/test_scipy_linalg.py`` runs the very same expressions on the runtime. JAX's CPU and the runtime
call the same LAPACK kernels, so decompositions are compared as they are (signs included).
"""
from __future__ import annotations

import sys
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import jax_reference as ref  # noqa: E402  (same folder)
import case_reference as cases  # noqa: E402  (same folder)

OUT = ref.ROOT / "tests" / "data" / "jax_scipy_linalg_reference.json"

PRELUDE = '''
import importlib
L = importlib.import_module(at.__name__ + ".lax.linalg")
S = importlib.import_module(at.__name__ + ".scipy.linalg")
rng = np.random.default_rng(0)
G = (rng.standard_normal((3, 3)) + 3 * np.eye(3)).astype(np.float32)
A = (G @ G.T + np.eye(3)).astype(np.float32)
A64 = A.astype(np.float64)
GB = (rng.standard_normal((2, 3, 3)) + 3 * np.eye(3)).astype(np.float32)
AB = (GB @ np.swapaxes(GB, -1, -2) + np.eye(3)).astype(np.float32)
R = rng.standard_normal((4, 3)).astype(np.float32)
A4 = (R @ R.T + np.eye(4)).astype(np.float32)
CG = (G + 1j * rng.standard_normal((3, 3))).astype(np.complex64)
C = (CG @ CG.conj().T + np.eye(3)).astype(np.complex64)
v = rng.standard_normal(3).astype(np.float32)
B2 = rng.standard_normal((3, 2)).astype(np.float32)
BB = rng.standard_normal((2, 3, 2)).astype(np.float32)
T = np.tril(G).astype(np.float32)
TC = np.tril(CG).astype(np.complex64)
taus = np.array([1.2, 0.7, 1.5], np.float32)
W = jnp.where(jnp.asarray(np.eye(3, dtype=bool)), 3.0, 1.0)
IA = np.array([[4, 2], [2, 5]], np.int32)
G4 = (rng.standard_normal((4, 4)) + np.eye(4)).astype(np.float32)
B4 = rng.standard_normal((4, 2)).astype(np.float32)
BB4 = rng.standard_normal((2, 4, 2)).astype(np.float32)
DL = np.array([0.0, 1.0, -0.5, 0.25], np.float32)
DD = np.array([4.0, 3.0, 5.0, 2.0], np.float32)
DU = np.array([0.5, -1.0, 2.0, 0.0], np.float32)
DLB = rng.standard_normal((2, 3)).astype(np.float32)
rs = np.random.default_rng(1)
Q4 = rs.standard_normal((4, 4)).astype(np.float32)
H2 = (rs.standard_normal((2, 2)) + 2 * np.eye(2)).astype(np.float32)
TD = rs.standard_normal(5).astype(np.float32)
TE = rs.standard_normal(4).astype(np.float32)
'''
"""Inputs, evaluated in the namespace before the cases."""

CASES: dict[str, str] = {
    # lax.linalg
    "lax_cholesky": "L.cholesky(A)",
    "lax_cholesky_f64": "L.cholesky(A64)",
    "lax_cholesky_c64": "L.cholesky(C)",
    "lax_cholesky_batch": "L.cholesky(AB)",
    "lax_cholesky_nosym": "L.cholesky(np.tril(A), symmetrize_input=False)",
    "lax_cholesky_weak": "L.cholesky(W)",
    "lax_cholesky_int": "L.cholesky(IA)",
    "lax_cholesky_rect": "L.cholesky(R)",
    "lax_cholesky_vector": "L.cholesky(v)",
    "lax_cholesky_grad": "at.grad(lambda a: L.cholesky(a).sum())(A)",
    "lax_cholesky_vmap": "at.vmap(L.cholesky)(AB)",
    "lax_cholesky_jit": "at.jit(L.cholesky)(A)",
    "lax_lu": "L.lu(G)",
    "lax_lu_rect": "L.lu(R)",
    "lax_lu_wide": "L.lu(R.T)",
    "lax_lu_batch": "L.lu(GB)",
    "lax_lu_c64": "L.lu(CG)",
    "lax_lu_f64": "L.lu(A64)",
    "lax_lu_grad": "at.grad(lambda a: L.lu(a)[0].sum())(G)",
    "lax_lu_vmap": "at.vmap(L.lu)(GB)",
    "lax_lu_int": "L.lu(IA)",
    "lax_lu_pivots_to_permutation": "L.lu_pivots_to_permutation(np.array([2, 2, 3], np.int32), 4)",
    "lax_lu_pivots_to_permutation_batch": "L.lu_pivots_to_permutation(np.array([[1, 1], [0, 1]], np.int32), 3)",
    "lax_lu_pivots_to_permutation_small": "L.lu_pivots_to_permutation(np.array([2, 2, 2], np.int32), 2)",
    "lax_qr": "L.qr(G)",
    "lax_qr_rect_full": "L.qr(R)",
    "lax_qr_rect_reduced": "L.qr(R, full_matrices=False)",
    "lax_qr_wide": "L.qr(R.T)",
    "lax_qr_c64": "L.qr(CG)",
    "lax_qr_batch": "L.qr(GB)",
    "lax_qr_grad": "at.grad(lambda a: L.qr(a, full_matrices=False)[1].sum())(R)",
    "lax_eigh": "L.eigh(A)",
    "lax_eigh_c64": "L.eigh(C)",
    "lax_eigh_f64": "L.eigh(A64)",
    "lax_eigh_batch": "L.eigh(AB)",
    "lax_eigh_upper": "L.eigh(np.triu(A), lower=False, symmetrize_input=False)",
    "lax_eigh_subset_whole": "L.eigh(A, subset_by_index=(0, 3))",
    "lax_eigh_subset": "L.eigh(A, subset_by_index=(0, 2))",
    "lax_eigh_grad": "at.grad(lambda a: L.eigh(a)[1].sum())(A)",
    "lax_eigh_weak": "L.eigh(W)",
    "lax_svd": "L.svd(G)",
    "lax_svd_values": "L.svd(R, compute_uv=False)",
    "lax_svd_reduced": "L.svd(R, full_matrices=False)",
    "lax_svd_full": "L.svd(R)",
    "lax_svd_c64": "L.svd(CG)",
    "lax_svd_batch": "L.svd(GB, compute_uv=False)",
    "lax_svd_subset": "L.svd(G, full_matrices=False, subset_by_index=(0, 2))",
    "lax_svd_subset_full": "L.svd(G, subset_by_index=(0, 2))",
    "lax_svd_grad": "at.grad(lambda a: L.svd(a, compute_uv=False).sum())(G)",
    "lax_eig": "L.eig(G)",
    "lax_eig_right": "L.eig(G, compute_left_eigenvectors=False)",
    "lax_eig_values": "L.eig(G, compute_left_eigenvectors=False, compute_right_eigenvectors=False)",
    "lax_eig_c64": "L.eig(CG, compute_left_eigenvectors=False)",
    "lax_eig_f64": "L.eig(A64, compute_left_eigenvectors=False, compute_right_eigenvectors=False)",
    "lax_triangular_solve_left": "L.triangular_solve(T, B2, left_side=True, lower=True)",
    "lax_triangular_solve_right": "L.triangular_solve(T, B2.T, lower=True)",
    "lax_triangular_solve_transpose": "L.triangular_solve(T, B2, left_side=True, lower=True, transpose_a=True)",
    "lax_triangular_solve_unit": "L.triangular_solve(T, B2, left_side=True, lower=True, unit_diagonal=True)",
    "lax_triangular_solve_upper": "L.triangular_solve(T.T, B2, left_side=True)",
    "lax_triangular_solve_conj": ("L.triangular_solve(TC, B2.astype(np.complex64), left_side=True, lower=True, "
                                  "transpose_a=True, conjugate_a=True)"),
    "lax_triangular_solve_conj_only": ("L.triangular_solve(TC, B2.astype(np.complex64), left_side=True, lower=True, "
                                       "conjugate_a=True)"),
    "lax_triangular_solve_vector": "L.triangular_solve(T, v, left_side=True, lower=True)",
    "lax_triangular_solve_vector_right": "L.triangular_solve(T, v, lower=True)",
    "lax_triangular_solve_batch": "L.triangular_solve(np.tril(GB), BB, left_side=True, lower=True)",
    "lax_triangular_solve_mixed": "L.triangular_solve(T, B2.astype(np.float64), left_side=True, lower=True)",
    "lax_triangular_solve_shape": "L.triangular_solve(T, R, left_side=True, lower=True)",
    "lax_triangular_solve_grad": ("at.grad(lambda a, b: L.triangular_solve(a, b, left_side=True, lower=True).sum(), "
                                  "argnums=(0, 1))(T, B2)"),
    "lax_householder_product": "L.householder_product(R, taus)",
    "lax_householder_product_grad": "at.grad(lambda a: L.householder_product(a, taus).sum())(R)",
    "lax_symmetric_product": "L.symmetric_product(R, A4, alpha=2.0, beta=0.5)",
    "lax_symmetric_product_sym": "L.symmetric_product(R, A4, alpha=2.0, beta=0.5, symmetrize_output=True)",
    # the primitives, bound with JAX's parameters
    "lax_eigh_p": "L.eigh_p.bind(A, lower=True, sort_eigenvalues=True, subset_by_index=None, algorithm=None)",
    "lax_eigh_p_subset_shape": ("at.eval_shape(lambda a: L.eigh_p.bind(a, lower=True, sort_eigenvalues=True, "
                                "subset_by_index=(0, 2), algorithm=None), A)[1].shape"),
    "lax_eig_p": ("L.eig_p.bind(G, compute_left_eigenvectors=False, compute_right_eigenvectors=False, "
                  "enable_eigvec_derivs=False, implementation=None)"),
    "lax_eig_magma": "L.eig(G, implementation=L.EigImplementation.MAGMA)",
    "lax_lu_p": "L.lu_p.bind(G)",
    "lax_lu_p_batch": "L.lu_p.bind(GB)",
    "lax_lu_pivots_to_permutation_p": ("L.lu_pivots_to_permutation_p.bind(np.array([2, 2, 3], np.int32), "
                                       "permutation_size=4)"),
    "lax_lu_pivots_to_permutation_float": "L.lu_pivots_to_permutation(np.array([1.0, 1.0], np.float32), 3)",
    "lax_lu_pivots_to_permutation_vmap": ("at.vmap(lambda p: L.lu_pivots_to_permutation(p, 3))("
                                          "np.array([[1, 1], [0, 1]], np.int32))"),
    "lax_qr_p": "L.qr_p.bind(R, pivoting=False, full_matrices=False, use_magma=None)",
    "lax_svd_p": "L.svd_p.bind(G, full_matrices=False, compute_uv=True, subset_by_index=None, algorithm=None)",
    "lax_svd_qr": "L.svd(G, algorithm=L.SvdAlgorithm.QR)",
    "lax_svd_jacobi": "L.svd(G, algorithm=L.SvdAlgorithm.JACOBI)",
    "lax_symmetric_product_p": "L.symmetric_product_p.bind(R, A4, alpha=2.0, beta=0.5)",
    "lax_symmetric_product_batch": "L.symmetric_product(BB, AB, alpha=1.5)",
    "lax_symmetric_product_c64": "L.symmetric_product(C, C)",
    "lax_symmetric_product_shape": "L.symmetric_product(R, A)",
    "lax_symmetric_product_grad": "at.grad(lambda a: L.symmetric_product(a, A4).sum())(R)",
    "lax_symmetric_product_vmap": "at.vmap(lambda a, c: L.symmetric_product(a, c))(BB, AB)",
    "lax_cholesky_update": "L.cholesky_update(L.cholesky(A).T, v)",
    "lax_cholesky_update_f64": "L.cholesky_update(L.cholesky(A64).T, v.astype(np.float64))",
    "lax_cholesky_update_p": "L.cholesky_update_p.bind(np.triu(A), v)",
    "lax_cholesky_update_zero": "L.cholesky_update(L.cholesky(A).T, np.zeros(3, np.float32))",
    "lax_cholesky_update_batch": "L.cholesky_update(AB, BB[..., 0])",
    "lax_cholesky_update_shape": "L.cholesky_update(A, np.ones(4, np.float32))",
    "lax_cholesky_update_c64": "L.cholesky_update(C, v.astype(np.complex64))",
    "lax_cholesky_update_vmap": "at.vmap(L.cholesky_update)(AB, BB[..., 0])",
    "lax_cholesky_update_grad": "at.grad(lambda w: L.cholesky_update(np.triu(A), w).sum())(v)",
    "lax_hessenberg": "L.hessenberg(G4)",
    "lax_hessenberg_f64": "L.hessenberg(G4.astype(np.float64))",
    "lax_hessenberg_c64": "L.hessenberg(CG)",
    "lax_hessenberg_batch": "L.hessenberg(GB)",
    "lax_hessenberg_p": "L.hessenberg_p.bind(G)",
    "lax_hessenberg_rect": "L.hessenberg(R)",
    "lax_hessenberg_int": "L.hessenberg(IA)",
    "lax_hessenberg_vmap": "at.vmap(L.hessenberg)(GB)",
    "lax_hessenberg_grad": "at.grad(lambda a: L.hessenberg(a)[0].sum())(G)",
    "lax_tridiagonal": "L.tridiagonal(A4)",
    "lax_tridiagonal_upper": "L.tridiagonal(A4, lower=False)",
    "lax_tridiagonal_c64": "L.tridiagonal(C)",
    "lax_tridiagonal_f64": "L.tridiagonal(A64)",
    "lax_tridiagonal_batch": "L.tridiagonal(AB)",
    "lax_tridiagonal_p": "L.tridiagonal_p.bind(A, lower=True)",
    "lax_tridiagonal_rect": "L.tridiagonal(R)",
    "lax_tridiagonal_empty": "L.tridiagonal(np.zeros((0, 0), np.float32))",
    "lax_tridiagonal_weak": "L.tridiagonal(W)",
    "lax_tridiagonal_vmap": "at.vmap(L.tridiagonal)(AB)",
    "lax_tridiagonal_grad": "at.grad(lambda a: L.tridiagonal(a)[1].sum())(A)",
    "lax_schur": "L.schur(G4)",
    "lax_schur_f64": "L.schur(G4.astype(np.float64))",
    "lax_schur_c64": "L.schur(CG)",
    "lax_schur_novectors": "L.schur(G, compute_schur_vectors=False)",
    "lax_schur_batch": "L.schur(GB)",
    "lax_schur_sort": "L.schur(G, sort_eig_vals=True)",
    "lax_schur_rect": "L.schur(R)",
    "lax_schur_p": "L.schur_p.bind(G, compute_schur_vectors=True, sort_eig_vals=False, select_callable=None)",
    "lax_schur_vmap": "at.vmap(L.schur)(GB)",
    "lax_schur_grad": "at.grad(lambda a: L.schur(a)[0].sum())(G)",
    "lax_ormqr": "L.ormqr(R, taus, B4)",
    "lax_ormqr_t": "L.ormqr(R, taus, B4, transpose=True)",
    "lax_ormqr_right": "L.ormqr(R, taus, B4.T, left=False)",
    "lax_ormqr_right_t": "L.ormqr(R, taus, B4.T, left=False, transpose=True)",
    "lax_ormqr_c64": "L.ormqr(CG, taus.astype(np.complex64), CG, transpose=True)",
    "lax_ormqr_batch": "L.ormqr(GB, np.stack([taus, taus]), BB)",
    "lax_ormqr_p": "L.ormqr_p.bind(G, taus, G, left=True, transpose=False)",
    "lax_ormqr_shape": "L.ormqr(R, taus, B2)",
    "lax_ormqr_shape_right": "L.ormqr(R, taus, B2, left=False)",
    "lax_ormqr_mixed": "L.ormqr(R, taus, B4.astype(np.float64))",
    "lax_ormqr_vmap": "at.vmap(lambda a, t, c: L.ormqr(a, t, c))(GB, np.stack([taus, taus]), BB)",
    "lax_ormqr_grad": "at.grad(lambda c: L.ormqr(R, taus, c).sum())(B4)",
    "lax_tridiagonal_solve": "L.tridiagonal_solve(DL, DD, DU, B4)",
    "lax_tridiagonal_solve_f64": "L.tridiagonal_solve(*(x.astype(np.float64) for x in (DL, DD, DU, B4)))",
    "lax_tridiagonal_solve_c64": "L.tridiagonal_solve(*(x.astype(np.complex64) for x in (DL, DD, DU, B4)))",
    "lax_tridiagonal_solve_perturb": "L.tridiagonal_solve(DL, DD, DU, B4, perturb_singular=True)",
    "lax_tridiagonal_solve_singular": "L.tridiagonal_solve(DL, 0 * DD, 0 * DU, B4)",
    "lax_tridiagonal_solve_singular_perturb": "L.tridiagonal_solve(DL, DD * 0, DU * 0, B4, perturb_singular=True)",
    "lax_tridiagonal_solve_p": "L.tridiagonal_solve_p.bind(DL, DD, DU, B4, perturb_singular=False)",
    "lax_tridiagonal_solve_batch": "L.tridiagonal_solve(DLB, DLB + 4, DLB[:, ::-1], BB)",
    "lax_tridiagonal_solve_vector": "L.tridiagonal_solve(DL, DD, DU, B4[:, 0])",
    "lax_tridiagonal_solve_shapes": "L.tridiagonal_solve(DL, DD[:3], DU, B4)",
    "lax_tridiagonal_solve_mixed": "L.tridiagonal_solve(DL, DD.astype(np.float64), DU, B4)",
    "lax_tridiagonal_solve_int": "L.tridiagonal_solve(*(x.astype(np.int32) for x in (DL, DD, DU, B4)))",
    "lax_tridiagonal_solve_grad": ("at.grad(lambda dl, d, du, b: L.tridiagonal_solve(dl, d, du, b).sum(), "
                                   "argnums=(0, 1, 2, 3))(DL, DD, DU, B4)"),
    "lax_tridiagonal_solve_jvp": "at.jvp(lambda d: L.tridiagonal_solve(DL, d, DU, B4), (DD,), (DU,))",
    "lax_tridiagonal_solve_vmap": "at.vmap(L.tridiagonal_solve, (None, None, None, 0))(DL, DD, DU, BB4)",
    "lax_tridiagonal_solve_vmap_all": "at.vmap(L.tridiagonal_solve)(DLB, DLB + 4, DLB[:, ::-1], BB)",
    "lax_tridiagonal_solve_jit": "at.jit(L.tridiagonal_solve)(DL, DD, DU, B4)",
    "lax_enums": "[x.value for x in (*L.SvdAlgorithm, *L.EighImplementation, *L.EigImplementation)]",
    # scipy.linalg
    "cholesky_upper": "S.cholesky(A)",
    "cholesky_lower": "S.cholesky(A, lower=True)",
    "cholesky_c64": "S.cholesky(C)",
    "cholesky_batch": "S.cholesky(AB, lower=True)",
    "cholesky_int": "S.cholesky(IA)",
    "cholesky_list": "S.cholesky([[4.0, 2.0], [2.0, 5.0]])",
    "cholesky_weak": "S.cholesky(W)",
    "cholesky_grad": "at.grad(lambda a: S.cholesky(a).sum())(A)",
    "cho_factor": "S.cho_factor(A)[0]",
    "cho_factor_lower": "S.cho_factor(A, lower=True)[0]",
    "cho_solve_vec": "S.cho_solve(S.cho_factor(A), v)",
    "cho_solve_mat_lower": "S.cho_solve(S.cho_factor(A, lower=True), B2)",
    "cho_solve_c64": "S.cho_solve(S.cho_factor(C), v)",
    "cho_solve_batch": "S.cho_solve(S.cho_factor(AB), BB)",
    "cho_solve_grad": "at.grad(lambda b: S.cho_solve((S.cholesky(A), False), b).sum())(v)",
    "det": "S.det(G)",
    "det_batch": "S.det(GB)",
    "det_int": "S.det(IA)",
    "inv": "S.inv(G)",
    "inv_c64": "S.inv(CG)",
    "eigh": "S.eigh(A)",
    "eigh_values": "S.eigh(A, eigvals_only=True)",
    "eigh_upper": "S.eigh(np.triu(A), lower=False)",
    "eigh_c64": "S.eigh(C)",
    "eigh_int": "S.eigh(IA)",
    "eigh_b": "S.eigh(A, A)",
    "eigh_type": "S.eigh(A, type=2)",
    "eigh_grad": "at.grad(lambda a: S.eigh(a, eigvals_only=True).sum())(A)",
    "lu": "S.lu(G)",
    "lu_rect": "S.lu(R)",
    "lu_wide": "S.lu(R.T)",
    "lu_permute_l": "S.lu(R, permute_l=True)",
    "lu_permute_l_c64": "S.lu(CG, permute_l=True)",
    "lax_cholesky_bool": "L.cholesky(np.eye(2, dtype=bool))",
    "lu_c64": "S.lu(CG)",
    "lu_int": "S.lu(IA)",
    "lu_grad": "at.grad(lambda a: S.lu(a)[2].sum())(G)",
    "lu_factor": "S.lu_factor(G)",
    "lu_factor_batch": "S.lu_factor(GB)",
    "lu_solve": "S.lu_solve(S.lu_factor(G), v)",
    "lu_solve_mat": "S.lu_solve(S.lu_factor(G), B2)",
    "lu_solve_trans1": "S.lu_solve(S.lu_factor(G), v, trans=1)",
    "lu_solve_trans2_c64": "S.lu_solve(S.lu_factor(CG), v.astype(np.complex64), trans=2)",
    "lu_solve_trans1_c64": "S.lu_solve(S.lu_factor(CG), v.astype(np.complex64), trans=1)",
    "lu_solve_batch": "S.lu_solve(S.lu_factor(GB), BB)",
    "lu_solve_bad_trans": "S.lu_solve(S.lu_factor(G), v, trans=3)",
    "lu_solve_grad": "at.grad(lambda b: S.lu_solve(S.lu_factor(G), b).sum())(v)",
    "qr": "S.qr(G)",
    "qr_rect": "S.qr(R)",
    "qr_economic": "S.qr(R, mode='economic')",
    "qr_r": "S.qr(R, mode='r')",
    "qr_c64": "S.qr(CG)",
    "qr_int": "S.qr(IA)",
    "qr_bad_mode": "S.qr(G, mode='raw')",
    "solve": "S.solve(G, v)",
    "solve_mat": "S.solve(G, B2)",
    "solve_sym": "S.solve(A, v, assume_a='sym')",
    "solve_pos": "S.solve(A, v, assume_a='pos')",
    "solve_pos_lower": "S.solve(np.tril(A), B2, assume_a='pos', lower=True)",
    "solve_pos_batch": "S.solve(AB, BB, assume_a='pos')",
    "solve_pos_c64": "S.solve(C, v, assume_a='pos')",
    "solve_pos_grad": "at.grad(lambda a: S.solve(a, v, assume_a='pos').sum())(A)",
    "solve_pos_grad_b": "at.grad(lambda b: S.solve(A, b, assume_a='pos').sum())(v)",
    "solve_bad_assume": "S.solve(G, v, assume_a='tri')",
    "solve_int": "S.solve(IA, np.array([1, 2], np.int32))",
    "solve_triangular": "S.solve_triangular(T, v, lower=True)",
    "solve_triangular_upper": "S.solve_triangular(T.T, B2)",
    "solve_triangular_T": "S.solve_triangular(T, v, trans='T', lower=True)",
    "solve_triangular_1": "S.solve_triangular(T, B2, trans=1, lower=True)",
    "solve_triangular_C": "S.solve_triangular(TC, v, trans='C', lower=True)",
    "solve_triangular_2": "S.solve_triangular(TC, v, trans=2, lower=True)",
    "solve_triangular_unit": "S.solve_triangular(T, v, lower=True, unit_diagonal=True)",
    "solve_triangular_batch": "S.solve_triangular(np.tril(GB), BB, lower=True)",
    "solve_triangular_int": "S.solve_triangular(np.array([[2, 0], [1, 1]], np.int32), np.array([2, 3], np.int32), lower=True)",
    "solve_triangular_bad_trans": "S.solve_triangular(T, v, trans='X')",
    "solve_triangular_grad": "at.grad(lambda a: S.solve_triangular(a, v, lower=True).sum())(T)",
    "solve_triangular_vmap": "at.vmap(lambda a, b: S.solve_triangular(a, b, lower=True))(np.tril(GB), BB[..., 0])",
    "svd": "S.svd(G)",
    "svd_values": "S.svd(R, compute_uv=False)",
    "svd_reduced": "S.svd(R, full_matrices=False)",
    "svd_c64": "S.svd(CG)",
    "svd_int": "S.svd(IA, compute_uv=False)",
    "svd_grad": "at.grad(lambda a: S.svd(a, compute_uv=False).sum())(G)",
    "block_diag": "S.block_diag(G, R, v)",
    "block_diag_mixed": "S.block_diag(np.ones((1, 2), np.int32), 2.5, np.ones((2, 1), np.float16))",
    "block_diag_ints": "S.block_diag(np.ones((1, 2), np.int32), 3)",
    "block_diag_scalars": "S.block_diag(1.0, 2.0)",
    "block_diag_empty": "S.block_diag()",
    "block_diag_3d": "S.block_diag(GB)",
    "block_diag_c64": "S.block_diag(CG, v)",
    "hilbert": "S.hilbert(3)",
    "circulant": "S.circulant(np.array([1, 2, 3], np.int32))",
    "circulant_float": "S.circulant(v)",
    "circulant_batch": "S.circulant(B2.T)",
    "circulant_scalar": "S.circulant(2.5)",
    "circulant_list": "S.circulant([1, 2])",
    "fiedler": "S.fiedler(v)",
    "fiedler_int": "S.fiedler(np.array([1, 4, 9], np.int32))",
    "fiedler_batch": "S.fiedler(B2.T)",
    "fiedler_scalar": "S.fiedler(3.0)",
    "fiedler_c64": "S.fiedler(v.astype(np.complex64))",
    "hilbert_1": "S.hilbert(1)",
    "schur": "S.schur(G4)",
    "schur_complex": "S.schur(G4, output='complex')",
    "schur_complex_f64": "S.schur(A64, output='complex')",
    "schur_complex_int": "S.schur(IA, output='complex')",
    "schur_int": "S.schur(IA)",
    "schur_c64": "S.schur(CG)",
    "schur_batch": "S.schur(GB)",
    "schur_bad_output": "S.schur(G, output='quaternion')",
    "schur_list": "S.schur([[1.0, 2.0], [3.0, 4.0]])",
    "hessenberg": "S.hessenberg(G4)",
    "hessenberg_q": "S.hessenberg(G4, calc_q=True)",
    "hessenberg_q_c64": "S.hessenberg(CG, calc_q=True)",
    "hessenberg_q_f64": "S.hessenberg(A64, calc_q=True)",
    "hessenberg_batch": "S.hessenberg(GB, calc_q=True)",
    "hessenberg_empty": "S.hessenberg(np.zeros((0, 0), np.float32), calc_q=True)",
    "hessenberg_one": "S.hessenberg(np.ones((1, 1), np.float32), calc_q=True)",
    "hessenberg_int": "S.hessenberg(IA)",
    "hessenberg_rect": "S.hessenberg(R)",
    "hessenberg_vmap": "at.vmap(lambda a: S.hessenberg(a, calc_q=True))(GB)",
    "qr_multiply": "S.qr_multiply(R, B4.T)",
    "qr_multiply_left": "S.qr_multiply(R, B2, mode='left')",
    "qr_multiply_vector": "S.qr_multiply(R, B4[:, 0])",
    "qr_multiply_vector_left": "S.qr_multiply(R, v, mode='left')",
    "qr_multiply_conj": "S.qr_multiply(R, B4.T, conjugate=True)",
    "qr_multiply_conj_left": "S.qr_multiply(R, B2, mode='left', conjugate=True)",
    "qr_multiply_wide": "S.qr_multiply(R.T, B2.T)",
    "qr_multiply_wide_left": "S.qr_multiply(R.T, B2, mode='left')",
    "qr_multiply_c64": "S.qr_multiply(CG, CG, conjugate=True)",
    "qr_multiply_int": "S.qr_multiply(IA, np.array([1, 2], np.int32))",
    "qr_multiply_batch": "S.qr_multiply(GB, BB.swapaxes(-1, -2))",
    "qr_multiply_broadcast": "S.qr_multiply(GB, B2.T)",
    "qr_multiply_bad_mode": "S.qr_multiply(R, B4.T, mode='middle')",
    "qr_multiply_shape": "S.qr_multiply(R, B2.T)",
    "qr_multiply_shape_left": "S.qr_multiply(R, B4, mode='left')",
    "qr_multiply_mixed": "S.qr_multiply(R, B4.T.astype(np.float64))",
    "qr_multiply_grad": "at.grad(lambda c: S.qr_multiply(R, c)[0].sum())(B4.T)",
    "sqrtm": "S.sqrtm(A4)",
    "sqrtm_general": "S.sqrtm(G4)",
    "sqrtm_f64": "S.sqrtm(A64)",
    "sqrtm_c64": "S.sqrtm(C)",
    "sqrtm_int": "S.sqrtm(IA)",
    "sqrtm_weak": "S.sqrtm(W)",
    "sqrtm_batch": "S.sqrtm(AB)",
    "sqrtm_blocked": "S.sqrtm(A, blocksize=2)",
    "sqrtm_list": "S.sqrtm([[4.0, 0.0], [0.0, 9.0]])",
    "sqrtm_rect": "S.sqrtm(R)",
    "jit_solve_pos": "at.jit(lambda a, b: S.solve(a, b, assume_a='pos'))(A, v)",
    "vmap_cho_solve": "at.vmap(lambda c, b: S.cho_solve((c, True), b))(L.cholesky(AB), BB[..., 0])",
}
"""Name -> expression (evaluated after :data:`PRELUDE`): the decompositions and solves, all run by the test."""

MATRIX_CASES: dict[str, str] = {
    # special matrices
    "toeplitz": "S.toeplitz(np.array([1, 2, 3], np.int32), np.array([1, 4, 5, 6], np.int32))",
    "toeplitz_c_only": "S.toeplitz(v)",
    "toeplitz_complex": "S.toeplitz(CG[0])",
    "toeplitz_batch": "S.toeplitz(B2.T, v[:2])",
    "toeplitz_scalar": "S.toeplitz(2.5)",
    "toeplitz_mixed": "S.toeplitz(np.array([1, 2], np.int32), v)",
    "toeplitz_nan": "S.toeplitz(np.array([1.0, np.nan, 3.0], np.float32), np.array([1.0, 2.0, 4.0, 5.0], np.float32))",
    "toeplitz_empty": "S.toeplitz(np.zeros(0, np.float32), v)",
    "toeplitz_list": "S.toeplitz([1, 2])",
    "toeplitz_grad": "at.grad(lambda c: (S.toeplitz(c) * W).sum())(v)",
    "hankel": "S.hankel(np.array([1, 2, 3], np.int32))",
    "hankel_r": "S.hankel(v, np.array([9.0, 8.0], np.float32))",
    "hankel_batch": "S.hankel(B2.T, v)",
    "hankel_scalar": "S.hankel(2.0)",
    "hankel_weak": "S.hankel(jnp.asarray([1.0, 2.0]))",
    "leslie": "S.leslie(v, np.array([0.5, 0.7], np.float32))",
    "leslie_int": "S.leslie(np.array([1, 2, 3], np.int32), np.array([0.5, 0.25], np.float32))",
    "leslie_batch": "S.leslie(B2.T, np.array([[0.5, 0.25], [0.1, 0.2]], np.float32))",
    "leslie_short": "S.leslie(np.array([1.0], np.float32), np.zeros(0, np.float32))",
    "leslie_bad": "S.leslie(v, v)",
    "companion": "S.companion(np.array([1.0, -10.0, 31.0, -30.0], np.float32))",
    "companion_int": "S.companion(np.array([2, -3, 1], np.int32))",
    "companion_batch": "S.companion(B2.T)",
    "companion_short": "S.companion(np.array([1.0], np.float32))",
    "companion_c64": "S.companion(CG[0])",
    "companion_grad": "at.grad(lambda a: S.companion(a).sum())(v + 3)",
    "fiedler_companion": "S.fiedler_companion(np.array([1.0, -16.0, 86.0, -176.0, 105.0], np.float32))",
    "fiedler_companion_int": "S.fiedler_companion(np.array([1, 2, 3, 4, 5, 6], np.int32))",
    "fiedler_companion_2": "S.fiedler_companion(np.array([2.0, 3.0], np.float32))",
    "fiedler_companion_1": "S.fiedler_companion(np.array([2.0], np.float32))",
    "fiedler_companion_batch": "S.fiedler_companion(R)",
    "fiedler_companion_empty": "S.fiedler_companion(np.zeros(0, np.float32))",
    "convolution_matrix": "S.convolution_matrix(np.array([1, 2, 3], np.int32), 4)",
    "convolution_matrix_same": "S.convolution_matrix(v, 5, mode='same')",
    "convolution_matrix_valid": "S.convolution_matrix(v, 2, mode='valid')",
    "convolution_matrix_valid_long": "S.convolution_matrix(v, 5, mode='valid')",
    "convolution_matrix_batch": "S.convolution_matrix(B2.T, 3, 'same')",
    "convolution_matrix_bad_mode": "S.convolution_matrix(v, 3, mode='wide')",
    "convolution_matrix_bad_n": "S.convolution_matrix(v, 0)",
    "convolution_matrix_scalar": "S.convolution_matrix(2.0, 3)",
    "invhilbert": "S.invhilbert(4)",
    "invhilbert_1": "S.invhilbert(1)",
    "pascal": "S.pascal(4)",
    "pascal_lower": "S.pascal(4, kind='lower')",
    "pascal_upper": "S.pascal(3, kind='upper')",
    "pascal_bad": "S.pascal(3, kind='middle')",
    "invpascal": "S.invpascal(4)",
    "invpascal_lower": "S.invpascal(4, kind='lower')",
    "invpascal_upper": "S.invpascal(3, kind='upper')",
    "invpascal_bad": "S.invpascal(3, kind='middle')",
    "helmert": "S.helmert(4)",
    "helmert_full": "S.helmert(4, full=True)",
    "helmert_1": "S.helmert(1, full=True)",
    "helmert_bad": "S.helmert(0)",
    "hadamard": "S.hadamard(4)",
    "hadamard_1": "S.hadamard(1)",
    "hadamard_float": "S.hadamard(2, dtype=np.float32)",
    "hadamard_bad": "S.hadamard(3)",
    "dft": "S.dft(3)",
    "dft_sqrtn": "S.dft(4, scale='sqrtn')",
    "dft_n": "S.dft(2, scale='n')",
    "dft_c128": "S.dft(3, dtype=np.complex128)",
    "dft_bad_scale": "S.dft(3, scale='m')",
    "dft_bad_dtype": "S.dft(3, dtype=np.float32)",
    # matrix exponential
    "expm": "S.expm(G / 4)",
    "expm_large": "S.expm(G)",
    "expm_small": "S.expm(G / 100)",
    "expm_mid": "S.expm(G / 10)",
    "expm_f64": "S.expm(A64 / 10)",
    "expm_f64_large": "S.expm(A64)",
    "expm_f64_small": "S.expm(A64 / 1000)",
    "expm_f64_mid": "S.expm(A64 / 40)",
    "expm_f64_mid2": "S.expm(A64 / 15)",
    "expm_c64": "S.expm(CG / 4)",
    "expm_batch": "S.expm(GB / 4)",
    "expm_int": "S.expm(IA)",
    "expm_upper": "S.expm(np.triu(G) / 4, upper_triangular=True)",
    "expm_overflow": "S.expm(G * 1e5, max_squarings=4)",
    "expm_f16": "S.expm(G.astype(np.float16))",
    "expm_rect": "S.expm(R)",
    "expm_vector": "S.expm(v)",
    "expm_grad": "at.grad(lambda a: S.expm(a).sum())(G / 4)",
    "expm_jit": "at.jit(S.expm)(G / 4)",
    "expm_frechet": "S.expm_frechet(G / 4, T)",
    "expm_frechet_only": "S.expm_frechet(G / 4, T, compute_expm=False)",
    "expm_frechet_f64": "S.expm_frechet(A64 / 10, A64 / 7)",
    "expm_frechet_batch": "S.expm_frechet(GB / 4, GB / 3)",
    "expm_frechet_shapes": "S.expm_frechet(G, A4)",
    "expm_frechet_rect": "S.expm_frechet(R, R)",
    # polar
    "polar_svd": "S.polar(G, method='svd')",
    "polar_left": "S.polar(R, side='left', method='svd')",
    "polar_right_tall": "S.polar(R, method='svd')",
    "polar_wide": "S.polar(R.T, method='svd')",
    "polar_batch": "S.polar(GB, method='svd')",
    "polar_c64": "S.polar(CG, method='svd')",
    "polar_f64": "S.polar(A64, side='left', method='svd')",
    "polar_int": "S.polar(IA, method='svd')",
    "polar_qdwh": "S.polar(G)",
    "polar_qdwh_tall": "S.polar(R)",
    "polar_qdwh_left_wide": "S.polar(R.T, side='left')",
    "polar_qdwh_bad_shape": "S.polar(R, side='left')",
    "polar_qdwh_c64": "S.polar(CG)",
    "polar_qdwh_f64": "S.polar(A64)",
    "polar_qdwh_batch": "S.polar(GB)",
    "polar_qdwh_zero": "S.polar(np.zeros((2, 2), np.float32))",
    "polar_qdwh_singular": "S.polar(np.diag([1e-6, 1.0, 2.0]).astype(np.float32))",
    "polar_qdwh_eps": "S.polar(G, eps=1e-3)",
    "polar_qdwh_jit": "at.jit(S.polar)(G)",
    "polar_bad_side": "S.polar(G, side='up', method='svd')",
    "polar_bad_method": "S.polar(G, method='eig')",
    "polar_vector": "S.polar(v, method='svd')",
    "polar_grad": "at.grad(lambda a: S.polar(a, method='svd')[1].sum())(G)",
    "polar_jit": "at.jit(lambda a: S.polar(a, method='svd'))(G)",
    # rsf2csf
    "rsf2csf": "S.rsf2csf(*S.schur(Q4))",
    "rsf2csf_triangular": "S.rsf2csf(*S.schur(G))",
    "rsf2csf_batch": "S.rsf2csf(*S.schur(np.stack([Q4, Q4.T])))",
    "rsf2csf_f64": "S.rsf2csf(*S.schur(Q4.astype(np.float64)))",
    "rsf2csf_c64": "S.rsf2csf(*S.schur(CG))",
    "rsf2csf_1x1": "S.rsf2csf(np.array([[2.0]], np.float32), np.array([[1.0]], np.float32))",
    "rsf2csf_int": "S.rsf2csf(IA, np.eye(2, dtype=np.int32))",
    "rsf2csf_bad_t": "S.rsf2csf(R, G)",
    "rsf2csf_bad_z": "S.rsf2csf(G, R)",
    "rsf2csf_bad_match": "S.rsf2csf(G, Q4)",
    "rsf2csf_jit": "at.jit(S.rsf2csf)(*S.schur(Q4))",
    # solve_sylvester
    "solve_sylvester": "S.solve_sylvester(G, H2, B2)",
    "solve_sylvester_eigen": "S.solve_sylvester(G, H2, B2, method='eigen')",
    "solve_sylvester_batch": "S.solve_sylvester(GB, H2, BB)",
    "solve_sylvester_c64": "S.solve_sylvester(CG, H2, B2)",
    "solve_sylvester_f64": "S.solve_sylvester(A64, H2.astype(np.float64), B2.astype(np.float64))",
    "solve_sylvester_int": "S.solve_sylvester(IA, IA, IA)",
    "solve_sylvester_singular": "S.solve_sylvester(np.eye(2, dtype=np.float32), -np.eye(2, dtype=np.float32), H2)",
    "solve_sylvester_tol": "S.solve_sylvester(G, H2, B2, tol=100.0)",
    "solve_sylvester_bad_shape": "S.solve_sylvester(G, H2, B2.T)",
    "solve_sylvester_bad_method": "S.solve_sylvester(G, H2, B2, method='lu')",
    "solve_sylvester_grad": "at.grad(lambda c: S.solve_sylvester(G, H2, c).sum())(B2)",
    "solve_sylvester_jit": "at.jit(S.solve_sylvester)(G, H2, B2)",
    # funm
    "funm_exp": "S.funm(Q4, jnp.exp)",
    "funm_sin": "S.funm(G / 4, jnp.sin)",
    "funm_disp": "S.funm(G / 4, jnp.sin, disp=False)",
    "funm_disp_f64": "S.funm(A64 / 10, jnp.exp, disp=False)",
    "funm_c64": "S.funm(CG / 4, jnp.exp)",
    "funm_int": "S.funm(IA, jnp.sqrt)",
    "funm_1x1": "S.funm(np.array([[2.0]], np.float32), jnp.log)",
    "funm_rect": "S.funm(R, jnp.exp)",
    "funm_batch": "S.funm(GB, jnp.exp)",
    # eigh_tridiagonal
    "eigh_tridiagonal_vals": "S.eigh_tridiagonal(TD, TE, eigvals_only=True)",
    "eigh_tridiagonal": "S.eigh_tridiagonal(TD, TE)",
    "eigh_tridiagonal_key": "S.eigh_tridiagonal(TD, TE, key=at.random.key(3))",
    "eigh_tridiagonal_select": "S.eigh_tridiagonal(TD, TE, eigvals_only=True, select='i', select_range=(1, 3))",
    "eigh_tridiagonal_select_vectors": "S.eigh_tridiagonal(TD, TE, select='i', select_range=(0, 1))",
    "eigh_tridiagonal_tol": "S.eigh_tridiagonal(TD, TE, eigvals_only=True, tol=0.1)",
    "eigh_tridiagonal_f64": "S.eigh_tridiagonal(TD.astype(np.float64), TE.astype(np.float64))",
    "eigh_tridiagonal_c64": "S.eigh_tridiagonal(TD.astype(np.complex64), (TE + 1j * TE[::-1]).astype(np.complex64), "
                            "eigvals_only=True)",
    "eigh_tridiagonal_1": "S.eigh_tridiagonal(TD[:1], TE[:0])",
    "eigh_tridiagonal_1_vals": "S.eigh_tridiagonal(TD[:1], TE[:0], eigvals_only=True)",
    "eigh_tridiagonal_repeated": "S.eigh_tridiagonal(np.ones(4, np.float32), np.zeros(3, np.float32))",
    "eigh_tridiagonal_select_v": "S.eigh_tridiagonal(TD, TE, eigvals_only=True, select='v', select_range=(0.0, 1.0))",
    "eigh_tridiagonal_select_bad": "S.eigh_tridiagonal(TD, TE, eigvals_only=True, select='x')",
    "eigh_tridiagonal_no_range": "S.eigh_tridiagonal(TD, TE, eigvals_only=True, select='i')",
    "eigh_tridiagonal_empty_range": "S.eigh_tridiagonal(TD, TE, eigvals_only=True, select='i', select_range=(3, 1))",
    "eigh_tridiagonal_dtypes": "S.eigh_tridiagonal(TD, TE.astype(np.float64), eigvals_only=True)",
    "eigh_tridiagonal_int": "S.eigh_tridiagonal(np.ones(3, np.int32), np.ones(2, np.int32), eigvals_only=True)",
    "eigh_tridiagonal_jit": "at.jit(lambda a, b: S.eigh_tridiagonal(a, b, eigvals_only=True))(TD, TE)",
}
"""The special matrices, the matrix exponential, ``polar``, ``rsf2csf``, ``solve_sylvester``, ``funm`` and
``eigh_tridiagonal``: the test runs a fixed sample of them in CI (all with ``ARRAYTYPING_FULL_CONFORMANCE=1``)."""

CASES.update(MATRIX_CASES)

EIGHTH_SAMPLED: frozenset[str] = frozenset(name for name in MATRIX_CASES if name.startswith((
    "polar", "rsf2csf", "solve_sylvester", "funm", "eigh_tridiagonal")))
"""Of :data:`MATRIX_CASES`, those (loops and iterations, slow to trace) the test samples an eighth of per x64 setting
in CI rather than a quarter."""

SAMPLED: frozenset[str] = frozenset(name for name in CASES if name == "lax_lu_p" or name.startswith((
    "lax_eigh_p", "lax_eig_p", "lax_eig_magma", "lax_lu_p_", "lax_lu_pivots_to_permutation_p",
    "lax_lu_pivots_to_permutation_float", "lax_lu_pivots_to_permutation_vmap", "lax_qr_p", "lax_svd_p",
    "lax_svd_qr", "lax_svd_jacobi", "lax_symmetric_product_", "lax_cholesky_update", "lax_hessenberg",
    "lax_tridiagonal", "lax_schur", "lax_ormqr", "schur", "hessenberg", "qr_multiply", "sqrtm")))
"""The cases ``tests/runtime/test_scipy_linalg.py`` samples (a quarter of them per x64 setting) unless
``ARRAYTYPING_FULL_CONFORMANCE=1``: the primitives bound directly and ``lax.linalg``'s later functions."""

CONFIGS: tuple[str, ...] = cases.X64_CONFIGS


def run(namespace: dict[str, Any], record_leaf: Callable[[Any], Any] = cases.record,
        names: Collection[str] | None = None) -> dict[str, Any]:
    """Every case (or those ``names``) evaluated in ``namespace`` (after the prelude), as ``tools/case_reference.py``
    records it. Shared with the test, which passes the runtime's namespace."""
    chosen = CASES if names is None else {n: CASES[n] for n in names}
    return cases.run_cases(namespace, PRELUDE, chosen, messages=False, record_leaf=record_leaf,
                           label="<scipy_linalg>")


def main_inside() -> None:
    import jax
    import jax.numpy as jnp
    import numpy as np

    cases.write_per_x64(OUT, "tools/jax_scipy_linalg_reference.py", lambda: run({"at": jax, "jnp": jnp, "np": np}))


if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
