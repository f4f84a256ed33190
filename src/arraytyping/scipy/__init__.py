"""``arraytyping.scipy``: JAX 0.10.2's ``jax.scipy``: ``special`` (special functions) and ``stats`` (the normal
distribution, ``stats.norm``)."""

from arraytyping.scipy import special, stats

__all__ = ["special", "stats"]
