"""``jax.scipy.stats.gumbel_l`` (``left``) and ``gumbel_r`` (``right``): the Gumbel distributions skewed left and
right, as JAX 0.10.2 computes them; like the other distributions, built on ``jax.numpy``, ``jax.lax``, ``jax.nn``
and ``jax.scipy.special``."""
