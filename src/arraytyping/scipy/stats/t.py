"""``arraytyping.scipy.stats.t``: JAX 0.10.2's ``jax.scipy.stats.t``, Student's t distribution's functions of ``x``,
``df``, ``loc`` and ``scale``."""

from arraytyping._src.scipy.stats.t import logpdf, pdf

__all__ = ["logpdf", "pdf"]
