"""Debugging inside transformed code (as ``jax.debug``): :func:`print` prints run-time values, :func:`callback`
calls a host function with them, under ``jit``, ``vmap`` and ``grad`` alike."""

from arraytyping._src.api.callbacks import debug_callback as callback
from arraytyping._src.api.callbacks import debug_print as print

__all__ = ["callback", "print"]
