"""``jax.scipy``: SciPy's API on the runtime's arrays, as JAX 0.10.2's, built on ``jax.numpy``, ``jax.lax`` and
``jax.nn`` (the layer above them): ``special`` (special functions), ``stats`` (distributions, one module each, as
``stats/norm.py``) and ``signal`` (convolutions)."""
