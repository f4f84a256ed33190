"""``arraytyping.scipy.fft``: JAX 0.10.2's ``jax.scipy.fft``, the type-2 discrete cosine transform (``dct``,
``dctn``) and its inverse (``idct``, ``idctn``)."""

from arraytyping._src.scipy.fft import dct, dctn, idct, idctn

__all__ = ["dct", "dctn", "idct", "idctn"]
