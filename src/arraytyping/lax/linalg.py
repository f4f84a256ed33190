"""``arraytyping.lax.linalg``: JAX 0.10.2's ``jax.lax.linalg`` decompositions (Cholesky and its rank-1 update, LU, QR,
symmetric and general eigendecompositions, SVD, Schur, Hessenberg and tridiagonal reductions), triangular and
tridiagonal solves and products by ``Q`` (``ormqr``), over LAPACK on the CPU, with JAX's signatures."""

from arraytyping._src.lax.api.linalg import (
    EigImplementation, EighImplementation, SvdAlgorithm, cholesky, cholesky_p, cholesky_update, cholesky_update_p,
    eig, eig_p, eigh, eigh_p, hessenberg, hessenberg_p, householder_product, householder_product_p, lu, lu_p,
    lu_pivots_to_permutation, lu_pivots_to_permutation_p, ormqr, ormqr_p, qr, qr_p, schur, schur_p, svd, svd_p,
    symmetric_product, symmetric_product_p, triangular_solve, triangular_solve_p, tridiagonal, tridiagonal_p,
    tridiagonal_solve, tridiagonal_solve_p,
)

__all__ = ["EigImplementation", "EighImplementation", "SvdAlgorithm", "cholesky", "cholesky_p", "cholesky_update",
           "cholesky_update_p", "eig", "eig_p", "eigh", "eigh_p", "hessenberg", "hessenberg_p",
           "householder_product", "householder_product_p", "lu", "lu_p", "lu_pivots_to_permutation",
           "lu_pivots_to_permutation_p", "ormqr", "ormqr_p", "qr", "qr_p", "schur", "schur_p", "svd", "svd_p",
           "symmetric_product", "symmetric_product_p", "triangular_solve", "triangular_solve_p", "tridiagonal",
           "tridiagonal_p", "tridiagonal_solve", "tridiagonal_solve_p"]
