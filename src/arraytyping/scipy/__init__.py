"""``arraytyping.scipy``: JAX 0.10.2's ``jax.scipy``: ``linalg`` (factorizations and solves), ``optimize``
(``minimize`` by BFGS), ``signal`` (convolutions, ``detrend``), ``sparse.linalg`` (iterative solvers), ``special``
(special functions) and ``stats`` (distributions)."""

from arraytyping.scipy import linalg, optimize, signal, sparse, special, stats

__all__ = ["linalg", "optimize", "signal", "sparse", "special", "stats"]
