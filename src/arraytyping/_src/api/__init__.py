"""What is built on every layer below: ``jacobian`` (``jacfwd``, ``jacrev``, ``hessian``: ``vmap`` of ``jvp``/``vjp``
over a basis made with ``jax.numpy``, as JAX's), and ``public``, the runtime's names ``arraytyping`` re-exports."""
