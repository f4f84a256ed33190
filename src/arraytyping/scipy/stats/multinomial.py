"""``arraytyping.scipy.stats.multinomial``: JAX 0.10.2's ``jax.scipy.stats.multinomial``, the multinomial
distribution's mass at counts ``x`` (along the last axis) of ``n`` trials with probabilities ``p``."""

from arraytyping._src.scipy.stats.multinomial import logpmf, pmf

__all__ = ["logpmf", "pmf"]
