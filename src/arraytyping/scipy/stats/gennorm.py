"""``arraytyping.scipy.stats.gennorm``: JAX 0.10.2's ``jax.scipy.stats.gennorm``, the generalized normal
distribution's functions of ``x`` with shape ``beta``."""

from arraytyping._src.scipy.stats.gennorm import cdf, logpdf, pdf

__all__ = ["cdf", "logpdf", "pdf"]
