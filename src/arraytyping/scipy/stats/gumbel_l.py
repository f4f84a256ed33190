"""``arraytyping.scipy.stats.gumbel_l``: JAX 0.10.2's ``jax.scipy.stats.gumbel_l``, the left-skewed Gumbel
distribution's functions of ``x`` (or ``p``), ``loc`` and ``scale``."""

from arraytyping._src.scipy.stats.gumbel.left import cdf, logcdf, logpdf, logsf, pdf, ppf, sf

__all__ = ["cdf", "logcdf", "logpdf", "logsf", "pdf", "ppf", "sf"]
