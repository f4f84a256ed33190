"""``arraytyping.scipy.stats.truncnorm``: JAX 0.10.2's ``jax.scipy.stats.truncnorm``, the truncated normal
distribution's functions of ``x``, the truncation points ``a`` and ``b`` (in standard units), ``loc`` and
``scale``."""

from arraytyping._src.scipy.stats.truncnorm import cdf, logcdf, logpdf, logsf, pdf, sf

__all__ = ["cdf", "logcdf", "logpdf", "logsf", "pdf", "sf"]
