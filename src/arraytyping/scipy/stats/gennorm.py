"""``arraytyping.scipy.stats.gennorm``: JAX 0.10.2's ``jax.scipy.stats.gennorm``, the generalized normal
distribution's density of ``x`` with shape ``beta``."""

from arraytyping._src.scipy.stats.gennorm import logpdf, pdf

__all__ = ["logpdf", "pdf"]
