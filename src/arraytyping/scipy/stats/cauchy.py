"""``arraytyping.scipy.stats.cauchy``: JAX 0.10.2's ``jax.scipy.stats.cauchy``, the Cauchy distribution's functions of
``x`` (or ``q``), ``loc`` and ``scale``."""

from arraytyping._src.scipy.stats.cauchy import cdf, isf, logcdf, logpdf, logsf, pdf, ppf, sf

__all__ = ["cdf", "isf", "logcdf", "logpdf", "logsf", "pdf", "ppf", "sf"]
