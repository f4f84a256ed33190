"""``arraytyping.scipy.optimize``: JAX 0.10.2's ``jax.scipy.optimize``: ``minimize`` (BFGS) and its
``OptimizeResults``."""

from arraytyping._src.scipy.optimize import OptimizeResults, minimize

__all__ = ["OptimizeResults", "minimize"]
