"""``jax.scipy.stats``: SciPy's distributions, one module each (``norm``), as JAX 0.10.2's: functions of the
distribution's arguments (``loc``, ``scale``...), broadcast together and promoted with ``promote_args_inexact``."""
