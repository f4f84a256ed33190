"""``arraytyping.scipy.linalg``: JAX 0.10.2's ``jax.scipy.linalg`` factorizations (Cholesky, LU, QR, symmetric
eigendecomposition, SVD), solves (general, positive-definite, triangular, from factors) and ``block_diag`` and
``hilbert``, over LAPACK on the CPU."""

from arraytyping._src.scipy.linalg import (
    block_diag, cho_factor, cho_solve, cholesky, det, eigh, hilbert, inv, lu, lu_factor, lu_solve, qr, solve,
    solve_triangular, svd,
)

__all__ = ["block_diag", "cho_factor", "cho_solve", "cholesky", "det", "eigh", "hilbert", "inv", "lu", "lu_factor",
           "lu_solve", "qr", "solve", "solve_triangular", "svd"]
