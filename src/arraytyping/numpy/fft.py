"""``arraytyping.numpy.fft``: JAX 0.10.2's ``jax.numpy.fft`` transforms (XLA's FFT), with its dtypes
(:func:`arraytyping.op_rules.fft_result`)."""

from arraytyping._src.numpy.fft import fft, fft2, fftfreq, ifft, irfft, rfft

__all__ = ["fft", "fft2", "fftfreq", "ifft", "irfft", "rfft"]
