"""Windowed spectra as signal code writes them: a window of the frame's length (``bartlett``, ``blackman``,
``hamming``, ``hanning``: ``M`` points of the default float dtype, strong), multiplied into the frame (a float32
frame stays float32; a bfloat16 frame meets the float32 window as float32; a float16 frame too), then the real FFT
of the product (complex64), its power spectrum and the window's energy for normalization.

Checked by every checker (tests/typing/test_handwritten.py).
"""

from __future__ import annotations

from typing_extensions import assert_type

import arraytyping.numpy as anp
from arraytyping import Array, bfloat16, complex64, float16, float32


def windowed_spectrum(frame: Array[float32], n: int) -> Array[complex64]:
    return anp.fft.rfft(frame * anp.hanning(n))


def power_spectrum(frame: Array[float32], n: int) -> Array[float32]:
    window = anp.hamming(n)
    spectrum = anp.fft.rfft(frame * window)
    return anp.abs(spectrum) ** 2 / anp.sum(window**2)


def use(x: Array[float32], b: Array[bfloat16], h: Array[float16], n: int) -> None:
    assert_type(anp.hanning(n), Array[float32])
    assert_type(anp.bartlett(n) * b, Array[float32])
    assert_type(h * anp.blackman(n), Array[float32])
    assert_type(anp.blackman(n) + 1, Array[float32])
    assert_type(anp.hamming(n).sum(), Array[float32])
    assert_type(anp.hanning(n) > 0.5, Array[anp.bool_])
