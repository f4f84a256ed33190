"""``arraytyping.scipy.integrate``: JAX 0.10.2's ``jax.scipy.integrate`` (``trapezoid``)."""

from arraytyping._src.scipy.integrate import trapezoid

__all__ = ["trapezoid"]
