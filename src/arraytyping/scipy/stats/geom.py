"""``arraytyping.scipy.stats.geom``: JAX 0.10.2's ``jax.scipy.stats.geom``, the geometric distribution's functions of
``k``, ``p`` and ``loc``."""

from arraytyping._src.scipy.stats.geom import logpmf, pmf

__all__ = ["logpmf", "pmf"]
