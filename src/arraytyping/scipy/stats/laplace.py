"""``arraytyping.scipy.stats.laplace``: JAX 0.10.2's ``jax.scipy.stats.laplace``, the Laplace distribution's functions
of ``x``, ``loc`` and ``scale``."""

from arraytyping._src.scipy.stats.laplace import cdf, logpdf, pdf

__all__ = ["cdf", "logpdf", "pdf"]
