"""``arraytyping.scipy.stats.pareto``: JAX 0.10.2's ``jax.scipy.stats.pareto``, the Pareto distribution's functions of
``x`` (or ``q``), the shape ``b``, ``loc`` and ``scale``."""

from arraytyping._src.scipy.stats.pareto import cdf, logcdf, logpdf, logsf, pdf, ppf, sf

__all__ = ["cdf", "logcdf", "logpdf", "logsf", "pdf", "ppf", "sf"]
