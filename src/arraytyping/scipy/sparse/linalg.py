"""``arraytyping.scipy.sparse.linalg``: JAX 0.10.2's ``jax.scipy.sparse.linalg`` iterative solvers of ``A x = b``
(``cg``, ``bicgstab``, ``gmres``), for matrices or linear functions of pytrees, differentiated implicitly."""

from arraytyping._src.scipy.sparse_linalg import bicgstab, cg, gmres

__all__ = ["bicgstab", "cg", "gmres"]
