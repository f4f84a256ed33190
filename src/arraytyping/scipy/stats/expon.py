"""``arraytyping.scipy.stats.expon``: JAX 0.10.2's ``jax.scipy.stats.expon``, the exponential distribution's functions
of ``x`` (or ``q``), ``loc`` and ``scale``."""

from arraytyping._src.scipy.stats.expon import cdf, logcdf, logpdf, logsf, pdf, ppf, sf

__all__ = ["cdf", "logcdf", "logpdf", "logsf", "pdf", "ppf", "sf"]
