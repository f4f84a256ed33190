"""Debugging inside transformed code (as ``jax.debug``): :func:`print` prints run-time values, :func:`callback`
calls a host function with them, :func:`breakpoint` pauses at a ``pdb``-like prompt over them, under ``jit``,
``vmap`` and ``grad`` alike."""

from arraytyping._src.api.callbacks import debug_callback as callback
from arraytyping._src.api.callbacks import debug_print as print
from arraytyping._src.api.debugger import breakpoint

__all__ = ["breakpoint", "callback", "print"]
