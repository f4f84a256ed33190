"""The transformations of jaxprs, Autodidax's way: each interpreter (``autodiff/``, ``batching/``) keeps its machinery,
its rules (a table keyed by primitive, filled by one module per family of primitives, on import) and the functions
users call (``grad``/``jvp``/``vjp``/``linearize``, ``custom_jvp``; ``vmap``)."""
