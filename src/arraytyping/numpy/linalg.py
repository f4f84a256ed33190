"""``arraytyping.numpy.linalg``: JAX 0.10.2's ``jax.numpy.linalg`` functions (norms, determinants, solves and the
LAPACK decompositions on the CPU), with its dtypes (:data:`arraytyping.op_rules.LINALG`)."""

from arraytyping._src.numpy.linalg import (
    EigResult, EighResult, QRResult, SVDResult, SlogdetResult, cholesky, cond, cross, det, diagonal, eig, eigh,
    eigvals, eigvalsh, inv, lstsq, matmul, matrix_norm, matrix_power, matrix_rank, matrix_transpose, multi_dot,
    norm, outer, pinv, qr, slogdet, solve, svd, svdvals, tensordot, tensorinv, tensorsolve, trace, vecdot,
    vector_norm,
)

__all__ = ["EigResult", "EighResult", "QRResult", "SVDResult", "SlogdetResult", "cholesky", "cond", "cross", "det",
           "diagonal", "eig", "eigh", "eigvals", "eigvalsh", "inv", "lstsq", "matmul", "matrix_norm", "matrix_power",
           "matrix_rank", "matrix_transpose", "multi_dot", "norm", "outer", "pinv", "qr", "slogdet", "solve", "svd",
           "svdvals", "tensordot", "tensorinv", "tensorsolve", "trace", "vecdot", "vector_norm"]
