"""``arraytyping.scipy``: JAX 0.10.2's ``jax.scipy``: ``signal`` (convolutions), ``special`` (special functions) and
``stats`` (the normal distribution, ``stats.norm``)."""

from arraytyping.scipy import signal, special, stats

__all__ = ["signal", "special", "stats"]
