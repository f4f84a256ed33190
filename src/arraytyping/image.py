"""``arraytyping.image``: JAX 0.10.2's ``jax.image`` resampling (``resize``, ``scale_and_translate``,
``ResizeMethod``)."""

from arraytyping._src.image import ResizeMethod, resize, scale_and_translate

__all__ = ["ResizeMethod", "resize", "scale_and_translate"]
