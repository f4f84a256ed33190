"""``arraytyping.scipy.stats.bernoulli``: JAX 0.10.2's ``jax.scipy.stats.bernoulli``, the Bernoulli distribution's
functions of ``k`` (or ``q``), ``p`` and ``loc``."""

from arraytyping._src.scipy.stats.bernoulli import cdf, logpmf, pmf, ppf

__all__ = ["cdf", "logpmf", "pmf", "ppf"]
