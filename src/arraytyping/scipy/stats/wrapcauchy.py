"""``arraytyping.scipy.stats.wrapcauchy``: JAX 0.10.2's ``jax.scipy.stats.wrapcauchy``, the wrapped Cauchy
distribution's density of ``x`` with shape ``c``."""

from arraytyping._src.scipy.stats.wrapcauchy import logpdf, pdf

__all__ = ["logpdf", "pdf"]
