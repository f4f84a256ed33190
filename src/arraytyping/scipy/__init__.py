"""``arraytyping.scipy``: JAX 0.10.2's ``jax.scipy``: ``cluster`` (vector quantization), ``fft`` (discrete cosine
transforms), ``integrate`` (``trapezoid``), ``linalg`` (factorizations, solves, special matrices), ``signal``
(convolutions), ``special`` (special functions) and ``stats`` (distributions, one module each)."""

from arraytyping.scipy import cluster, fft, integrate, linalg, signal, special, stats

__all__ = ["cluster", "fft", "integrate", "linalg", "signal", "special", "stats"]
