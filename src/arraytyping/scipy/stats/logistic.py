"""``arraytyping.scipy.stats.logistic``: JAX 0.10.2's ``jax.scipy.stats.logistic``, the logistic distribution's
functions of ``x``, ``loc`` and ``scale``."""

from arraytyping._src.scipy.stats.logistic import cdf, isf, logpdf, pdf, ppf, sf

__all__ = ["cdf", "isf", "logpdf", "pdf", "ppf", "sf"]
