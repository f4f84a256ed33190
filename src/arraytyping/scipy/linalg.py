"""``arraytyping.scipy.linalg``: JAX 0.10.2's ``jax.scipy.linalg`` factorizations (Cholesky, LU, QR and products by
its ``Q``, symmetric eigendecomposition, SVD, Schur, Hessenberg, the matrix square root, the polar decomposition, the
complex Schur form ``rsf2csf``, tridiagonal eigenproblems ``eigh_tridiagonal``, matrix functions ``funm``), solves
(general, positive-definite, triangular, from factors; Sylvester's equation ``solve_sylvester``), the matrix
exponential (``expm``, ``expm_frechet``) and the special matrices (``block_diag``, ``circulant``, ``companion``, ``convolution_matrix``, ``dft``, ``fiedler``,
``fiedler_companion``, ``hadamard``, ``hankel``, ``helmert``, ``hilbert``, ``invhilbert``, ``invpascal``, ``leslie``,
``pascal``, ``toeplitz``), over LAPACK on the CPU."""

from arraytyping._src.scipy.linalg import (
    block_diag, cho_factor, cho_solve, cholesky, circulant, companion, convolution_matrix, det, dft, eigh,
    eigh_tridiagonal, expm, expm_frechet, fiedler, fiedler_companion, funm, hadamard, hankel, helmert, hessenberg,
    hilbert, inv, invhilbert, invpascal, leslie, lu, lu_factor, lu_solve, pascal, polar, qr, qr_multiply, rsf2csf,
    schur, solve, solve_sylvester, solve_triangular, sqrtm, svd, toeplitz,
)

__all__ = ["block_diag", "cho_factor", "cho_solve", "cholesky", "circulant", "companion", "convolution_matrix",
           "det", "dft", "eigh", "eigh_tridiagonal", "expm", "expm_frechet", "fiedler", "fiedler_companion", "funm",
           "hadamard", "hankel", "helmert", "hessenberg", "hilbert", "inv", "invhilbert", "invpascal", "leslie",
           "lu", "lu_factor", "lu_solve", "pascal", "polar", "qr", "qr_multiply", "rsf2csf", "schur", "solve",
           "solve_sylvester", "solve_triangular", "sqrtm", "svd", "toeplitz"]
