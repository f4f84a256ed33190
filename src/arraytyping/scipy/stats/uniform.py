"""``arraytyping.scipy.stats.uniform``: JAX 0.10.2's ``jax.scipy.stats.uniform``, the uniform distribution's functions
of ``x`` (or ``q``), ``loc`` and ``scale`` (the interval ``[loc, loc + scale]``)."""

from arraytyping._src.scipy.stats.uniform import cdf, logpdf, pdf, ppf

__all__ = ["cdf", "logpdf", "pdf", "ppf"]
