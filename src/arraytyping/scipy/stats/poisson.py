"""``arraytyping.scipy.stats.poisson``: JAX 0.10.2's ``jax.scipy.stats.poisson``, the Poisson distribution's functions
of ``k``, ``mu`` and ``loc``."""

from arraytyping._src.scipy.stats.poisson import cdf, entropy, logpmf, pmf

__all__ = ["cdf", "entropy", "logpmf", "pmf"]
