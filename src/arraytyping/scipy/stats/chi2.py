"""``arraytyping.scipy.stats.chi2``: JAX 0.10.2's ``jax.scipy.stats.chi2``, the chi-squared distribution's density of
``x`` with ``df`` degrees of freedom, ``loc`` and ``scale``."""

from arraytyping._src.scipy.stats.chi2 import logpdf, pdf

__all__ = ["logpdf", "pdf"]
