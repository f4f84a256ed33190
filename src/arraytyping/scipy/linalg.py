"""``arraytyping.scipy.linalg``: JAX 0.10.2's ``jax.scipy.linalg`` factorizations (Cholesky, LU, QR and products by
its ``Q``, symmetric eigendecomposition, SVD, Schur, Hessenberg, the matrix square root), solves (general,
positive-definite, triangular, from factors), the matrix exponential (``expm``, ``expm_frechet``) and the special
matrices (``block_diag``, ``circulant``, ``companion``, ``convolution_matrix``, ``dft``, ``fiedler``,
``fiedler_companion``, ``hadamard``, ``hankel``, ``helmert``, ``hilbert``, ``invhilbert``, ``invpascal``, ``leslie``,
``pascal``, ``toeplitz``), over LAPACK on the CPU."""

from arraytyping._src.scipy.linalg import (
    block_diag, cho_factor, cho_solve, cholesky, circulant, companion, convolution_matrix, det, dft, eigh, expm,
    expm_frechet, fiedler, fiedler_companion, hadamard, hankel, helmert, hessenberg, hilbert, inv, invhilbert,
    invpascal, leslie, lu, lu_factor, lu_solve, pascal, qr, qr_multiply, schur, solve, solve_triangular, sqrtm, svd,
    toeplitz,
)

__all__ = ["block_diag", "cho_factor", "cho_solve", "cholesky", "circulant", "companion",
           "convolution_matrix", "det", "dft", "eigh", "expm", "expm_frechet", "fiedler",
           "fiedler_companion", "hadamard", "hankel", "helmert", "hessenberg", "hilbert", "inv",
           "invhilbert", "invpascal", "leslie", "lu", "lu_factor", "lu_solve", "pascal", "qr",
           "qr_multiply", "schur", "solve", "solve_triangular", "sqrtm", "svd", "toeplitz"]
