"""``arraytyping.lax``: JAX 0.10.2's ``jax.lax`` functions, with its signatures, argument handling and errors."""
