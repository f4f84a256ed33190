"""``arraytyping.ops``: JAX 0.10.2's ``jax.ops`` segment reductions (``segment_sum``, ``segment_prod``,
``segment_max``, ``segment_min``)."""

from arraytyping._src.ops import segment_max, segment_min, segment_prod, segment_sum

__all__ = ["segment_max", "segment_min", "segment_prod", "segment_sum"]
