"""The transformations as users call them: ``grad``/``jvp``/``vjp``, Jacobians, ``vmap``, ``custom_jvp``."""
