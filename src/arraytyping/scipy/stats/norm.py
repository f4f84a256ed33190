"""``arraytyping.scipy.stats.norm``: JAX 0.10.2's ``jax.scipy.stats.norm``, the normal distribution's functions of
``x`` (or ``q``), ``loc`` and ``scale``."""

from arraytyping._src.scipy.stats.norm import cdf, isf, logcdf, logpdf, logsf, pdf, ppf, sf

__all__ = ["cdf", "isf", "logcdf", "logpdf", "logsf", "pdf", "ppf", "sf"]
