"""``arraytyping.numpy.fft``: JAX 0.10.2's ``jax.numpy.fft`` transforms (XLA's FFT), with its dtypes
(:func:`arraytyping.op_rules.fft_result`), sample frequencies and shifts."""

from arraytyping._src.numpy.fft import (
    fft, fft2, fftfreq, fftn, fftshift, hfft, ifft, ifft2, ifftn, ifftshift, ihfft, irfft, irfft2, irfftn, rfft, rfft2,
    rfftfreq, rfftn,
)

__all__ = ["fft", "fft2", "fftfreq", "fftn", "fftshift", "hfft", "ifft", "ifft2", "ifftn", "ifftshift", "ihfft",
           "irfft", "irfft2", "irfftn", "rfft", "rfft2", "rfftfreq", "rfftn"]
