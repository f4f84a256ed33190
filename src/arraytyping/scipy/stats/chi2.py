"""``arraytyping.scipy.stats.chi2``: JAX 0.10.2's ``jax.scipy.stats.chi2``, the chi-squared distribution's functions
of ``x`` with ``df`` degrees of freedom, ``loc`` and ``scale``."""

from arraytyping._src.scipy.stats.chi2 import cdf, logcdf, logpdf, logsf, pdf, sf

__all__ = ["cdf", "logcdf", "logpdf", "logsf", "pdf", "sf"]
