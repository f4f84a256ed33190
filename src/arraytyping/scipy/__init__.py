"""``arraytyping.scipy``: JAX 0.10.2's ``jax.scipy``: ``linalg`` (factorizations and solves), ``signal`` (convolutions), ``special`` (special functions) and
``stats`` (the normal distribution, ``stats.norm``)."""

from arraytyping.scipy import linalg, signal, special, stats

__all__ = ["linalg", "signal", "special", "stats"]
