"""``arraytyping.scipy.stats.gumbel_r``: JAX 0.10.2's ``jax.scipy.stats.gumbel_r``, the right-skewed Gumbel
distribution's functions of ``x`` (or ``p``), ``loc`` and ``scale``."""

from arraytyping._src.scipy.stats.gumbel.right import cdf, logcdf, logpdf, logsf, pdf, ppf, sf

__all__ = ["cdf", "logcdf", "logpdf", "logsf", "pdf", "ppf", "sf"]
