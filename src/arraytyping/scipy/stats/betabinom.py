"""``arraytyping.scipy.stats.betabinom``: JAX 0.10.2's ``jax.scipy.stats.betabinom``, the
beta-binomial distribution's functions of ``k``, ``n``, ``a``, ``b`` and ``loc``."""

from arraytyping._src.scipy.stats.betabinom import logpmf, pmf

__all__ = ["logpmf", "pmf"]
