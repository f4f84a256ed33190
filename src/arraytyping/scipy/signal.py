"""``arraytyping.scipy.signal``: JAX 0.10.2's ``jax.scipy.signal`` convolutions (``convolve``, ``correlate``,
``convolve2d``, ``correlate2d``, ``fftconvolve``) and ``detrend``."""

from arraytyping._src.scipy.signal import convolve, convolve2d, correlate, correlate2d, detrend, fftconvolve

__all__ = ["convolve", "convolve2d", "correlate", "correlate2d", "detrend", "fftconvolve"]
