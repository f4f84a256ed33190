"""``arraytyping.scipy.stats.beta``: JAX 0.10.2's ``jax.scipy.stats.beta``, the beta distribution's
functions of ``x``, ``a``, ``b``, ``loc`` and ``scale``."""

from arraytyping._src.scipy.stats.beta import cdf, logcdf, logpdf, logsf, pdf, sf

__all__ = ["cdf", "logcdf", "logpdf", "logsf", "pdf", "sf"]
