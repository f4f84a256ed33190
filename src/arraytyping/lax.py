"""``arraytyping.lax``: the ``jax.lax``-style functions (structured control flow so far)."""

from arraytyping._src.runtime.control_flow import cond, fori_loop, scan, switch, while_loop

__all__ = [
    "cond",
    "fori_loop",
    "scan",
    "switch",
    "while_loop",
]
