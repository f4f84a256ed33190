"""``arraytyping.numpy.linalg``: JAX 0.10.2's ``jax.numpy.linalg`` functions (norms, determinants, solves and the
LAPACK decompositions on the CPU), with its dtypes (:data:`arraytyping.op_rules.LINALG`)."""

from arraytyping._src.numpy.linalg import (
    EighResult, QRResult, SlogdetResult, SVDResult, cholesky, det, eigh, inv, norm, qr, slogdet, solve, svd,
)

__all__ = ["EighResult", "QRResult", "SVDResult", "SlogdetResult", "cholesky", "det", "eigh", "inv", "norm", "qr",
           "slogdet", "solve", "svd"]
