"""The ``fft`` primitive (XLA's FFT: complex-to-complex forward and inverse, real-to-complex and complex-to-real over
the innermost 1 to 3 axes), with JAX 0.10.2's abstract-evaluation rule and its StableHLO ``fft`` lowering."""

from __future__ import annotations

import enum
from typing import Any, Final

import numpy as np

from arraytyping._src.xla import lowering
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.trace import Primitive

__all__ = ["FftType", "fft_p"]


class FftType(enum.IntEnum):
    """The kind of transform (JAX's ``lax.FftType``; printed as its number, as JAX prints it)."""

    FFT = 0
    IFFT = 1
    RFFT = 2
    IRFFT = 3


_COMPLEX: Final = {"float32": "complex64", "float64": "complex128"}
_REAL: Final = {"complex64": "float32", "complex128": "float64"}


def _fft_rule(x: ShapedArray, *, fft_type: FftType, fft_lengths: tuple[int, ...]) -> list[ShapedArray]:
    n = len(fft_lengths)
    if n > x.ndim:
        raise ValueError(f"FFT input shape {x.shape} must have at least as many input dimensions as fft_lengths "
                         f"{fft_lengths}.")
    if fft_type == FftType.RFFT:
        if x.name not in _COMPLEX:
            raise ValueError(f"RFFT input must be float32 or float64, got {x.name}")
        if x.shape[-n:] != fft_lengths:
            raise ValueError(f"RFFT input shape {x.shape} minor dimensions must be equal to fft_lengths "
                             f"{fft_lengths}")
        return [ShapedArray(x.shape[:-n] + fft_lengths[:-1] + (fft_lengths[-1] // 2 + 1,),
                            np.dtype(_COMPLEX[x.name]), x.weak_type)]
    if x.name not in _REAL:
        raise ValueError(f"{fft_type.name} input must be complex64 or complex128, got {x.name}")
    if fft_type == FftType.IRFFT:
        if x.shape[-n:-1] != fft_lengths[:-1]:
            raise ValueError(f"IRFFT input shape {x.shape} minor dimensions must be equal to all except the last "
                             f"fft_length, got fft_lengths={fft_lengths}")
        return [ShapedArray(x.shape[:-n] + fft_lengths, np.dtype(_REAL[x.name]), x.weak_type)]
    if x.shape[-n:] != fft_lengths:
        raise ValueError(f"FFT input shape {x.shape} minor dimensions must be equal to fft_lengths {fft_lengths}")
    return [x]


fft_p: Final[Primitive] = Primitive("fft", _fft_rule)


def _fft_lower(ctx: lowering.LoweringContext, x: Any, *, fft_type: FftType, fft_lengths: tuple[int, ...]
               ) -> list[Any]:
    hlo = ctx.hlo
    return [hlo.fft(x, hlo.FftTypeAttr.get(fft_type.name), ctx.m.i64s(fft_lengths))]


lowering.RULES[fft_p] = _fft_lower
