"""Debugging inside transformed code (as ``jax.debug``): :func:`print` prints run-time values, :func:`callback`
calls a host function with them, :func:`breakpoint` pauses at a ``pdb``-like prompt over them, under ``jit``,
``vmap`` and ``grad`` alike; :func:`visualize_array_sharding` draws which device holds which block of a sharded
array."""

from arraytyping._src.api.callbacks import debug_callback as callback
from arraytyping._src.api.callbacks import debug_print as print
from arraytyping._src.api.debugger import breakpoint
from arraytyping._src.api.sharding_display import (
    inspect_array_sharding, visualize_array_sharding, visualize_sharding,
)

__all__ = ["breakpoint", "callback", "inspect_array_sharding", "print", "visualize_array_sharding",
           "visualize_sharding"]
