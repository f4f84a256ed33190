"""Flattening pytrees into one array (as ``jax.flatten_util``): :func:`ravel_pytree`."""

from arraytyping._src.api.flatten_util import ravel_pytree

__all__ = ["ravel_pytree"]
