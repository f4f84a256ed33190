"""``arraytyping.example_libraries``: JAX 0.10.2's ``jax.example_libraries``, its example neural net library
(``stax``) and optimizers (``optimizers``); import them as submodules, as in JAX."""
