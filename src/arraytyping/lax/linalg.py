"""``arraytyping.lax.linalg``: JAX 0.10.2's ``jax.lax.linalg`` decompositions (Cholesky, LU, QR, symmetric and
general eigendecompositions, SVD) and triangular solves, over LAPACK on the CPU, with JAX's signatures."""

from arraytyping._src.lax.api.linalg import (
    EigImplementation, EighImplementation, SvdAlgorithm, cholesky, cholesky_p, eig, eigh, householder_product,
    householder_product_p, lu, lu_pivots_to_permutation, qr, svd, symmetric_product, triangular_solve,
    triangular_solve_p,
)

__all__ = ["EigImplementation", "EighImplementation", "SvdAlgorithm", "cholesky", "cholesky_p", "eig", "eigh",
           "householder_product", "householder_product_p", "lu", "lu_pivots_to_permutation", "qr", "svd",
           "symmetric_product", "triangular_solve", "triangular_solve_p"]
