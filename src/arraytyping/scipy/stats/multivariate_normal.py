"""``arraytyping.scipy.stats.multivariate_normal``: JAX 0.10.2's ``jax.scipy.stats.multivariate_normal``, the
multivariate normal density of ``x`` (points along the last axis) with ``mean`` and covariance ``cov``."""

from arraytyping._src.scipy.stats.multivariate_normal import logpdf, pdf

__all__ = ["logpdf", "pdf"]
