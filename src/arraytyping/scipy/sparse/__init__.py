"""``arraytyping.scipy.sparse``: JAX 0.10.2's ``jax.scipy.sparse``: ``linalg``, its iterative solvers."""

from arraytyping.scipy.sparse import linalg

__all__ = ["linalg"]
