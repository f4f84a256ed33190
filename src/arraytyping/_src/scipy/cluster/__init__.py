"""``jax.scipy.cluster``: vector quantization (``vq``), as JAX 0.10.2's."""
