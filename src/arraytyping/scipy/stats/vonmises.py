"""``arraytyping.scipy.stats.vonmises``: JAX 0.10.2's ``jax.scipy.stats.vonmises``, the von Mises distribution's
density of ``x`` with concentration ``kappa``."""

from arraytyping._src.scipy.stats.vonmises import logpdf, pdf

__all__ = ["logpdf", "pdf"]
