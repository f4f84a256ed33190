"""Custom batching rules (as ``jax.custom_batching``): :class:`custom_vmap` and :func:`sequential_vmap`."""

from arraytyping._src.api.vmap_rules import custom_vmap, sequential_vmap

__all__ = ["custom_vmap", "sequential_vmap"]
