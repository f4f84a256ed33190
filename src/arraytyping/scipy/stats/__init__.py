"""``arraytyping.scipy.stats``: JAX 0.10.2's ``jax.scipy.stats`` distributions, one module each."""

from arraytyping.scipy.stats import norm

__all__ = ["norm"]
