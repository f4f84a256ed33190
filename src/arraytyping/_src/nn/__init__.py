"""``arraytyping.nn``: JAX 0.10.2's ``jax.nn`` on the runtime."""
