"""``arraytyping.scipy.linalg``: JAX 0.10.2's ``jax.scipy.linalg`` factorizations (Cholesky, LU, QR and products by
its ``Q``, symmetric eigendecomposition, SVD, Schur, Hessenberg, the matrix square root), solves (general, positive-definite, triangular, from
factors) and ``block_diag``, ``circulant``, ``fiedler`` and ``hilbert``, over LAPACK on the CPU."""

from arraytyping._src.scipy.linalg import (
    block_diag, cho_factor, cho_solve, cholesky, circulant, det, eigh, fiedler, hessenberg, hilbert, inv, lu, lu_factor,
    lu_solve, qr, qr_multiply, schur, solve, solve_triangular, sqrtm, svd,
)

__all__ = ["block_diag", "cho_factor", "cho_solve", "cholesky", "circulant", "det", "eigh", "fiedler", "hessenberg",
           "hilbert", "inv", "lu", "lu_factor", "lu_solve", "qr", "qr_multiply", "schur", "solve", "solve_triangular",
           "sqrtm", "svd"]
