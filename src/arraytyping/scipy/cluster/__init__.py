"""``arraytyping.scipy.cluster``: JAX 0.10.2's ``jax.scipy.cluster`` (``vq``, vector quantization)."""

from arraytyping.scipy.cluster import vq

__all__ = ["vq"]
