"""Experimental APIs (as ``jax.experimental``): :func:`io_callback`, a host callback with side effects."""

from arraytyping._src.api.callbacks import io_callback

__all__ = ["io_callback"]
