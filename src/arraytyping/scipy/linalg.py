"""``arraytyping.scipy.linalg``: JAX 0.10.2's ``jax.scipy.linalg`` factorizations (Cholesky, LU, QR, symmetric
eigendecomposition, SVD), solves (general, positive-definite, triangular, from factors) and ``block_diag``,
``circulant``, ``fiedler`` and ``hilbert``, over LAPACK on the CPU."""

from arraytyping._src.scipy.linalg import (
    block_diag, cho_factor, cho_solve, cholesky, circulant, det, eigh, fiedler, hilbert, inv, lu, lu_factor, lu_solve, qr,
    solve, solve_triangular, svd,
)

__all__ = ["block_diag", "cho_factor", "cho_solve", "cholesky", "circulant", "det", "eigh", "fiedler", "hilbert", "inv",
           "lu", "lu_factor", "lu_solve", "qr", "solve", "solve_triangular", "svd"]
