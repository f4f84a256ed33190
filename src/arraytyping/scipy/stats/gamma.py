"""``arraytyping.scipy.stats.gamma``: JAX 0.10.2's ``jax.scipy.stats.gamma``, the gamma distribution's functions of
``x`` with shape ``a``, ``loc`` and ``scale``."""

from arraytyping._src.scipy.stats.gamma import cdf, logcdf, logpdf, logsf, pdf, sf

__all__ = ["cdf", "logcdf", "logpdf", "logsf", "pdf", "sf"]
