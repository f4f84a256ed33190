"""``arraytyping.scipy.stats.gamma``: JAX 0.10.2's ``jax.scipy.stats.gamma``, the gamma distribution's density of
``x`` with shape ``a``, ``loc`` and ``scale``."""

from arraytyping._src.scipy.stats.gamma import logpdf, pdf

__all__ = ["logpdf", "pdf"]
