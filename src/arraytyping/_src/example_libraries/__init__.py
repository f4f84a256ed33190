"""JAX 0.10.2's ``jax.example_libraries`` on the runtime: ``stax`` (neural net layers as ``(init_fun, apply_fun)``
pairs) and ``optimizers`` (``(init_fun, update_fun, get_params)`` triples)."""
