"""``arraytyping.scipy.stats.dirichlet``: JAX 0.10.2's ``jax.scipy.stats.dirichlet``, the Dirichlet distribution's
density of ``x`` (points of the simplex along the first axis) with concentrations ``alpha`` (one axis)."""

from arraytyping._src.scipy.stats.dirichlet import logpdf, pdf

__all__ = ["logpdf", "pdf"]
