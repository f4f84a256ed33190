"""``arraytyping.scipy.cluster.vq``: JAX 0.10.2's ``jax.scipy.cluster.vq`` (``vq``: the nearest code of each
observation)."""

from arraytyping._src.scipy.cluster.vq import vq

__all__ = ["vq"]
