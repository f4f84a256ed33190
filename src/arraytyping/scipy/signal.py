"""``arraytyping.scipy.signal``: JAX 0.10.2's ``jax.scipy.signal`` convolutions (``convolve``, ``correlate``,
``convolve2d``, ``correlate2d``, ``fftconvolve``), ``detrend``, and spectral analysis (``stft``, ``istft``,
``csd``, ``welch``)."""

from arraytyping._src.scipy.signal import (convolve, convolve2d, correlate, correlate2d, csd, detrend, fftconvolve,
                                           istft, stft, welch)

__all__ = ["convolve", "convolve2d", "correlate", "correlate2d", "csd", "detrend", "fftconvolve", "istft", "stft",
           "welch"]
