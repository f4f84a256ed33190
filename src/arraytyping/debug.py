"""Debugging inside transformed code (as ``jax.debug``): :func:`print` prints run-time values, :func:`callback`
calls a host function with them, :func:`log` logs them, :func:`breakpoint` pauses at a ``pdb``-like prompt over them,
under ``jit``, ``vmap`` and ``grad`` alike; :class:`DebugEffect` and :class:`OrderedDebugEffect` are their effects;
:func:`visualize_array_sharding` draws which device holds which block of a sharded array."""

from arraytyping._src.api.callbacks import DebugEffect, OrderedDebugEffect
from arraytyping._src.api.callbacks import debug_callback as callback
from arraytyping._src.api.callbacks import debug_log as log
from arraytyping._src.api.callbacks import debug_print as print
from arraytyping._src.api.debugger import breakpoint
from arraytyping._src.api.sharding_display import (
    inspect_array_sharding, visualize_array_sharding, visualize_sharding,
)

__all__ = ["DebugEffect", "OrderedDebugEffect", "breakpoint", "callback", "inspect_array_sharding", "log", "print",
           "visualize_array_sharding", "visualize_sharding"]
