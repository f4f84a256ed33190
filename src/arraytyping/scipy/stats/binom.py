"""``arraytyping.scipy.stats.binom``: JAX 0.10.2's ``jax.scipy.stats.binom``, the binomial distribution's functions of
``k``, ``n``, ``p`` and ``loc``."""

from arraytyping._src.scipy.stats.binom import logpmf, pmf

__all__ = ["logpmf", "pmf"]
