"""``arraytyping.scipy``: JAX 0.10.2's ``jax.scipy``: ``cluster`` (vector quantization), ``fft`` (discrete cosine
transforms), ``integrate`` (``trapezoid``), ``linalg`` (factorizations, solves, special matrices), ``optimize``
(``minimize`` by BFGS), ``signal`` (convolutions, ``detrend``), ``sparse.linalg`` (iterative solvers), ``special``
(special functions) and ``stats`` (distributions, one module each)."""

from arraytyping.scipy import cluster, fft, integrate, linalg, optimize, signal, sparse, special, stats

__all__ = ["cluster", "fft", "integrate", "linalg", "optimize", "signal", "sparse", "special", "stats"]
