"""JVP and transpose rules of ``conv_general_dilated`` and ``fft``, JAX 0.10.2's (``jax/_src/lax/convolution.py``,
``jax/_src/lax/fft.py``).

* ``conv_general_dilated`` is bilinear: the transpose with respect to the input is a convolution of the cotangent
  with the spatially reversed kernel (strides and input dilation swapped, JAX's ``_conv_general_vjp_lhs_padding``),
  the one with respect to the kernel a convolution of the input with the cotangent (JAX's
  ``_conv_general_vjp_rhs_padding``); feature and batch groups are moved between axes as JAX moves them.
* ``fft`` is linear: a complex transform transposes to the same transform; ``rfft`` to a scaled ``irfft`` of the
  conjugate cotangent halved where the spectrum counts twice, ``irfft`` to the conjugate of a masked, scaled
  ``rfft``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from arraytyping._src.lax import lax
from arraytyping._src.interpreters.batching.batching import reshape_axis_into, reshape_axis_out_of
from arraytyping._src.interpreters.autodiff.ad import UndefinedPrimal, Zero, defbilinear, deflinear
from arraytyping._src.interpreters.autodiff.primitives import full_like, shape_of
from arraytyping._src.interpreters.autodiff.windowed_reductions import conv_vjp_lhs_padding
from arraytyping._src.lax.convolution import ConvDimensionNumbers, conv_general_dilated_p
from arraytyping._src.lax.fft import FftType, fft_p
from arraytyping._src.lax.lax import aval_of

__all__: list[str] = []


def _spec_transpose(spec: tuple[int, ...]) -> tuple[int, ...]:
    return (spec[1], spec[0], *spec[2:])


def _take(shape: Sequence[int], dims: Sequence[int]) -> list[int]:
    return [shape[d] for d in dims]


def _vjp_rhs_padding(in_shape: Sequence[int], window_dimensions: Sequence[int], window_strides: Sequence[int],
                     out_shape: Sequence[int], padding: Sequence[tuple[int, int]], lhs_dilation: Sequence[int],
                     rhs_dilation: Sequence[int]) -> list[tuple[int, int]]:
    """JAX's ``_conv_general_vjp_rhs_padding``."""
    if not in_shape:
        return []

    def dilate(shape: Sequence[int], dilation: Sequence[int]) -> list[int]:
        return [0 if s == 0 else 1 + d * (s - 1) for s, d in zip(shape, dilation)]
    lhs_dilated = dilate(in_shape, lhs_dilation)
    rhs_dilated = dilate(window_dimensions, rhs_dilation)
    out_dilated = dilate(out_shape, window_strides)
    pads_lo = [lo for lo, _ in padding]
    pads_hi = [o - l + r - p - 1 for o, l, r, p in zip(out_dilated, lhs_dilated, rhs_dilated, pads_lo)]
    return list(zip(pads_lo, pads_hi))


def _conv(lhs: Any, rhs: Any, *, window_strides: Sequence[int], padding: Sequence[tuple[int, int]],
          lhs_dilation: Sequence[int], rhs_dilation: Sequence[int], dimension_numbers: ConvDimensionNumbers,
          feature_group_count: int, batch_group_count: int, precision: Any,
          preferred_element_type: np.dtype[Any] | None) -> Any:
    return conv_general_dilated_p.bind(
        lhs, rhs, window_strides=tuple(window_strides), padding=tuple((int(lo), int(hi)) for lo, hi in padding),
        lhs_dilation=tuple(lhs_dilation), rhs_dilation=tuple(rhs_dilation), dimension_numbers=dimension_numbers,
        feature_group_count=feature_group_count, batch_group_count=batch_group_count, precision=precision,
        preferred_element_type=preferred_element_type, out_sharding=None)


def _conv_transpose_lhs(g: Any, lhs: UndefinedPrimal, rhs: Any, *, window_strides: tuple[int, ...],
                        padding: tuple[tuple[int, int], ...], lhs_dilation: tuple[int, ...],
                        rhs_dilation: tuple[int, ...], dimension_numbers: ConvDimensionNumbers,
                        feature_group_count: int, batch_group_count: int, precision: Any = None,
                        preferred_element_type: np.dtype[Any] | None = None, out_sharding: None = None) -> Any:
    assert batch_group_count == 1 or feature_group_count == 1
    rhs_shape = shape_of(rhs)
    lhs_shape = lhs.aval.shape
    lhs_spec, rhs_spec, out_spec = dimension_numbers
    t_rhs_spec = _spec_transpose(rhs_spec)
    if feature_group_count > 1:
        rhs = reshape_axis_out_of(rhs_spec[0], feature_group_count, rhs)
        rhs = reshape_axis_into(rhs_spec[0], rhs_spec[1], rhs)
    elif batch_group_count > 1:
        rhs = reshape_axis_out_of(rhs_spec[0], batch_group_count, rhs)
        rhs = reshape_axis_into(rhs_spec[0], rhs_spec[1], rhs)
        feature_group_count = batch_group_count
    trans_dn = ConvDimensionNumbers(out_spec, t_rhs_spec, lhs_spec)
    pads = conv_vjp_lhs_padding(_take(lhs_shape, lhs_spec[2:]), _take(rhs_shape, rhs_spec[2:]), window_strides,
                                _take(shape_of(g), out_spec[2:]), padding, lhs_dilation, rhs_dilation)
    revd = lax.rev(rhs, rhs_spec[2:])
    g_dtype = aval_of(g).dtype
    if aval_of(revd).dtype != g_dtype:
        revd = lax.convert_element_type(revd, g_dtype, False)
    out = _conv(g, revd, window_strides=lhs_dilation, padding=pads, lhs_dilation=window_strides,
                rhs_dilation=rhs_dilation, dimension_numbers=trans_dn, feature_group_count=feature_group_count,
                batch_group_count=1, precision=precision, preferred_element_type=preferred_element_type)
    if aval_of(out).dtype != lhs.aval.dtype:
        out = lax.convert_element_type(out, lhs.aval.dtype, False)
    if batch_group_count > 1:
        out = reshape_axis_out_of(lhs_spec[1], batch_group_count, out)
        out = reshape_axis_into(lhs_spec[1], lhs_spec[0], out)
    return out


def _conv_transpose_rhs(g: Any, lhs: Any, rhs: UndefinedPrimal, *, window_strides: tuple[int, ...],
                        padding: tuple[tuple[int, int], ...], lhs_dilation: tuple[int, ...],
                        rhs_dilation: tuple[int, ...], dimension_numbers: ConvDimensionNumbers,
                        feature_group_count: int, batch_group_count: int, precision: Any = None,
                        preferred_element_type: np.dtype[Any] | None = None, out_sharding: None = None) -> Any:
    if math.prod(shape_of(g)) == 0:
        return Zero(rhs.aval)
    lhs_shape = shape_of(lhs)
    rhs_shape = rhs.aval.shape
    lhs_spec, rhs_spec, out_spec = dimension_numbers
    lhs_trans, rhs_trans, out_trans = (_spec_transpose(s) for s in dimension_numbers)
    assert batch_group_count == 1 or feature_group_count == 1
    if batch_group_count > 1:
        feature_group_count, batch_group_count = batch_group_count, 1
    elif feature_group_count > 1:
        batch_group_count, feature_group_count = feature_group_count, 1
    trans_dn = ConvDimensionNumbers(lhs_trans, out_trans, rhs_trans)
    pads = _vjp_rhs_padding(_take(lhs_shape, lhs_spec[2:]), _take(rhs_shape, rhs_spec[2:]), window_strides,
                            _take(shape_of(g), out_spec[2:]), padding, lhs_dilation, rhs_dilation)
    g_dtype = aval_of(g).dtype
    if aval_of(lhs).dtype != g_dtype:
        lhs = lax.convert_element_type(lhs, g_dtype, False)
    out = _conv(lhs, g, window_strides=rhs_dilation, padding=pads, lhs_dilation=lhs_dilation,
                rhs_dilation=window_strides, dimension_numbers=trans_dn, feature_group_count=feature_group_count,
                batch_group_count=batch_group_count, precision=precision,
                preferred_element_type=preferred_element_type)
    if aval_of(out).dtype != rhs.aval.dtype:
        out = lax.convert_element_type(out, rhs.aval.dtype, False)
    return out


defbilinear(conv_general_dilated_p, _conv_transpose_lhs, _conv_transpose_rhs)


# ---------------------------------------------------------------------------------------------------------------
# fft


def _fft(x: Any, fft_type: FftType, fft_lengths: tuple[int, ...]) -> Any:
    """JAX's ``lax.fft``, which converts its operand (a weakly typed one becomes strongly typed)."""
    a = aval_of(x)
    if a.weak_type:
        x = lax.convert_element_type(x, a.dtype, False)
    return fft_p.bind(x, fft_type=fft_type, fft_lengths=fft_lengths)


def _hermitian_mask(like: Any, m: int, n: int, dtype: np.dtype[Any], weak: bool) -> Any:
    """``[1, 2, ..., 2, 1]`` of length ``m`` (the last 1 only for even ``n``), of ``like``'s rank along its last
    axis: the weights of the components an ``rfft`` of length ``n`` keeps once."""
    values = np.full((m,), 2.0)
    values[0] = 1.0
    if n % 2 == 0:
        values[m - 1] = 1.0
    parts: list[Any] = []
    start = 0
    for i in range(1, m + 1):  # runs of equal values, each a broadcast scalar
        if i == m or values[i] != values[start]:
            parts.append(lax.full((i - start,), float(values[start]), dtype, weak))
            start = i
    mask = lax.concatenate(parts, 0)
    shape = shape_of(like)
    return lax.broadcast_in_dim(mask, (*shape[:-1], m), (len(shape) - 1,))


def _fft_transpose(ct: Any, x: Any, *, fft_type: FftType, fft_lengths: tuple[int, ...]) -> list[Any]:
    a = aval_of(ct)
    if fft_type == FftType.RFFT:
        m = a.shape[-1]
        mask = _hermitian_mask(ct, m, fft_lengths[-1], a.dtype, a.weak_type)
        out = _fft(lax.div(lax.conj(ct), mask), FftType.IRFFT, fft_lengths)
        return [lax.mul(full_like(out, math.prod(fft_lengths), ()), out)]
    if fft_type == FftType.IRFFT:
        spectrum = _fft(ct, FftType.RFFT, fft_lengths)
        s = aval_of(spectrum)
        mask = _hermitian_mask(spectrum, s.shape[-1], fft_lengths[-1], s.dtype, False)
        scale = lax.const(1 / math.prod(fft_lengths), s.update(shape=(), weak_type=True))
        out = lax.mul(lax.mul(lax.broadcast_in_dim(scale, s.shape, ()), mask), spectrum)
        return [lax.conj(out)]
    return [_fft(ct, fft_type, fft_lengths)]


deflinear(fft_p, _fft_transpose)
