"""``arraytyping.scipy.stats.nbinom``: JAX 0.10.2's ``jax.scipy.stats.nbinom``, the negative binomial distribution's
functions of ``k``, ``n``, ``p`` and ``loc``."""

from arraytyping._src.scipy.stats.nbinom import logpmf, pmf

__all__ = ["logpmf", "pmf"]
