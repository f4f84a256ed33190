"""``arraytyping.numpy.fft``: ``fft``, ``ifft``, ``rfft``, ``irfft``, ``fft2`` and ``fftfreq`` as JAX 0.10.2's
``jax.numpy.fft`` computes them (the axes moved innermost, cropped or zero-padded to ``n``/``s``, one ``fft``
primitive, then the ``norm`` scaling). Their dtypes are :func:`arraytyping.op_rules.fft_result`'s: complex for
``fft``/``ifft``/``fft2``/``rfft`` (complex128 from float64 and complex128, complex64 otherwise), real for
``irfft``."""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any

import numpy as np

from arraytyping import op_rules
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import config
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.core.arraylike import check_arraylike
from arraytyping._src.lax import lax
from arraytyping._src.lax.fft import FftType, fft_p
from arraytyping._src.numpy._promotion import canonical_dtype, operand
from arraytyping._src.numpy.conversion import asarray, astype
from arraytyping._src.numpy.creation import arange
from arraytyping._src.numpy.joining import pad
from arraytyping._src.numpy.reductions import prod
from arraytyping._src.numpy.shape import moveaxis
from arraytyping._src.numpy.unary import sqrt
from arraytyping.typing import DTypeLike

__all__ = ["fft", "ifft", "rfft", "irfft", "fft2", "fftfreq"]


def _lax_fft(x: AnyArray, fft_type: FftType, lengths: tuple[int, ...]) -> AnyArray:
    """JAX's ``lax.fft``: the operand converted to the transform's dtype (complex, or inexact real for RFFT)."""
    name = x.aval.name
    if fft_type == FftType.RFFT:
        if registry.INFO[name].kind == "c":
            raise ValueError("only real valued inputs supported for rfft")
        target = op_rules.to_inexact_name(name)
    else:
        target = op_rules.fft_operand_name(name)
    x = lax.convert_element_type(x, registry.INFO[target].dtype, False)  # JAX's lax.fft: a strong operand
    if not lengths:
        return x
    out: AnyArray = fft_p.bind(x, fft_type=fft_type, fft_lengths=lengths)
    return out


def _fft_core(fn: str, fft_type: FftType, a: ArrayLike, s: Sequence[int] | None, axes: Sequence[int] | None,
              norm: str | None) -> AnyArray:
    check_arraylike(f"jax.numpy.fft.{fn}", a)
    op_rules.fft_result(fn, operand(a), config.lattice_config)
    arr: AnyArray = asarray(a)
    sizes = None if s is None else tuple(map(operator.index, s))
    if sizes is not None and any(d <= 0 for d in sizes):
        raise ValueError("Shape should be positive.")
    if sizes is not None and axes is not None and len(sizes) != len(axes):
        raise ValueError("Shape and axes have different lengths.")
    orig_axes = None if axes is None else tuple(map(operator.index, axes))
    ax: tuple[int, ...]
    if orig_axes is None:
        ax = tuple(range(arr.ndim)) if sizes is None else tuple(range(arr.ndim - len(sizes), arr.ndim))
    else:
        ax = orig_axes
    if len(ax) != len(set(ax)):
        raise ValueError(f"jax.numpy.fft.{fn} does not support repeated axes. Got axes {ax}.")
    if orig_axes is not None:
        ax = tuple(range(arr.ndim - len(ax), arr.ndim))
        arr = moveaxis(arr, orig_axes, ax)
    lengths: list[int]
    if sizes is not None:
        in_s = list(arr.shape)
        for axis, n in zip(ax, sizes):
            in_s[axis] = n
        if fft_type == FftType.IRFFT:
            in_s[-1] = in_s[-1] // 2 + 1
        arr = arr[tuple(slice(n) for n in in_s)]
        arr = pad(arr, [(0, n - m) for n, m in zip(in_s, arr.shape)])
        lengths = list(sizes)
    elif fft_type == FftType.IRFFT:
        lengths = [arr.shape[axis] for axis in ax[:-1]]
        if ax:
            lengths.append(max(0, 2 * (arr.shape[ax[-1]] - 1)))
    else:
        lengths = [arr.shape[axis] for axis in ax]
    out = _lax_fft(arr, fft_type, tuple(lengths))
    if norm is not None:
        out = out * _norm(asarray(np.array(lengths), dtype=out.dtype), fn, norm)
    if orig_axes is not None:
        out = moveaxis(out, ax, orig_axes)
    return out


def _norm(s: AnyArray, fn: str, norm: str) -> Any:
    if norm == "backward":
        return asarray(1)
    if norm == "ortho":
        return sqrt(prod(s)) if fn.startswith("i") else 1 / sqrt(prod(s))
    if norm == "forward":
        return prod(s) if fn.startswith("i") else 1 / prod(s)
    raise ValueError(f'Invalid norm value {norm}; should be "backward","ortho" or "forward".')


def _one_axis(fn: str, axis: Any) -> None:
    if isinstance(axis, (list, tuple)):
        raise ValueError(f"jax.numpy.fft.{fn} does not support multiple axes. Please use jax.numpy.fft.{fn}n. "
                         f"Got axis = {axis!r}.")


def fft(a: ArrayLike, n: int | None = None, axis: int = -1, norm: str | None = None) -> AnyArray:
    """The one-dimensional discrete Fourier transform along ``axis`` (cropped or zero-padded to ``n``)."""
    _one_axis("fft", axis)
    return _fft_core("fft", FftType.FFT, a, None if n is None else [n], [axis], norm)


def ifft(a: ArrayLike, n: int | None = None, axis: int = -1, norm: str | None = None) -> AnyArray:
    """The one-dimensional inverse discrete Fourier transform along ``axis``."""
    _one_axis("ifft", axis)
    return _fft_core("ifft", FftType.IFFT, a, None if n is None else [n], [axis], norm)


def rfft(a: ArrayLike, n: int | None = None, axis: int = -1, norm: str | None = None) -> AnyArray:
    """The one-dimensional transform of real input: the ``n // 2 + 1`` non-negative frequency terms."""
    _one_axis("rfft", axis)
    return _fft_core("rfft", FftType.RFFT, a, None if n is None else [n], [axis], norm)


def irfft(a: ArrayLike, n: int | None = None, axis: int = -1, norm: str | None = None) -> AnyArray:
    """The inverse of :func:`rfft`: ``n`` real values (default ``2 * (m - 1)`` for ``m`` input terms)."""
    _one_axis("irfft", axis)
    return _fft_core("irfft", FftType.IRFFT, a, None if n is None else [n], [axis], norm)


def fft2(a: ArrayLike, s: Sequence[int] | None = None, axes: Sequence[int] = (-2, -1), norm: str | None = None
         ) -> AnyArray:
    """The two-dimensional discrete Fourier transform over ``axes``."""
    if len(axes) != 2:
        raise ValueError(f"jax.numpy.fft.fft2 only supports 2 axes. Got axes = {axes!r}.")
    return _fft_core("fft2", FftType.FFT, a, s, axes, norm)


def fftfreq(n: int, d: ArrayLike = 1.0, *, dtype: DTypeLike | None = None, device: None = None) -> AnyArray:
    """The sample frequencies of a length-``n`` transform with sample spacing ``d``: ``[0, 1, ..., -1] / (d * n)``
    (in ``dtype``, by default the default float)."""
    if isinstance(n, (list, tuple)):
        raise ValueError(f"The n argument of jax.numpy.fft.fftfreq only takes an int. Got n = {list(n)}.")
    if isinstance(d, (list, tuple)):
        raise ValueError(f"The d argument of jax.numpy.fft.fftfreq only takes a single value. Got d = {list(d)}.")
    out_name = op_rules.fftfreq_result(None if dtype is None else canonical_dtype(dtype).name,
                                       config.lattice_config)
    out_dtype = registry.INFO[out_name].dtype
    dt = registry.INFO[op_rules.fftfreq_compute_name(out_name)].dtype
    i = arange(n, dtype=dt)
    k = (i + n // 2) % n - n // 2
    result = astype(k, dt) / asarray(d * n, dtype=dt)
    out: AnyArray = astype(result, out_dtype)
    return out
