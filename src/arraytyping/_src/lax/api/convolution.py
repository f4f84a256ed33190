"""``jax.lax``'s convolution conveniences (JAX 0.10.2's): ``conv``, ``conv_with_general_padding`` and
``conv_transpose``, wrappers around :func:`conv_general_dilated`, and the shape helpers ``padtype_to_pads``,
``conv_general_permutations``, ``conv_shape_tuple``, ``conv_general_shape_tuple``, ``conv_transpose_shape_tuple``
and ``reduce_window_shape_tuple`` (numpy integers in their tuples, as JAX's)."""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from typing import Any, cast

import numpy as np

from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.core.staging import abstractify
from arraytyping._src.lax.api.functions import (
    ConvGeneralDilatedDimensionNumbers, padtype_pairs, conv_general_dilated,
)
from arraytyping._src.lax.convolution import conv_dimension_numbers
from arraytyping._src.lax.lax import rev
from arraytyping.typing import DTypeLike

__all__ = ["conv", "conv_general_permutations", "conv_general_shape_tuple", "conv_shape_tuple", "conv_transpose",
           "conv_transpose_shape_tuple", "conv_with_general_padding", "padtype_to_pads", "reduce_window_shape_tuple"]


def conv(lhs: ArrayLike, rhs: ArrayLike, window_strides: Sequence[int], padding: str, precision: None = None,
         preferred_element_type: DTypeLike | None = None) -> AnyArray:
    """Convenience wrapper around ``conv_general_dilated``: the ``NCHW``/``OIHW`` convolution, strided and padded
    (``'SAME'`` or ``'VALID'``)."""
    return conv_general_dilated(lhs, rhs, window_strides, padding, precision=precision,
                                preferred_element_type=preferred_element_type)


def conv_with_general_padding(lhs: ArrayLike, rhs: ArrayLike, window_strides: Sequence[int],
                              padding: str | Sequence[tuple[int, int]], lhs_dilation: Sequence[int] | None,
                              rhs_dilation: Sequence[int] | None, precision: None = None,
                              preferred_element_type: DTypeLike | None = None) -> AnyArray:
    """Convenience wrapper around ``conv_general_dilated``: the ``NCHW``/``OIHW`` convolution with explicit
    padding and input and kernel dilation."""
    return conv_general_dilated(lhs, rhs, window_strides, padding, lhs_dilation=lhs_dilation,
                                rhs_dilation=rhs_dilation, precision=precision,
                                preferred_element_type=preferred_element_type)


def _conv_transpose_padding(k: int, s: int, padding: str | tuple[int, int]) -> tuple[int, int]:
    """The padding before and after of one dimension of a transposed convolution (kernel size ``k``, stride
    ``s``)."""
    if padding == "SAME":
        pad_len = k + s - 2
        pad_a = k - 1 if s > k - 1 else math.ceil(pad_len / 2)
    elif padding == "VALID":
        pad_len = k + s - 2 + max(k - s, 0)
        pad_a = k - 1
    elif isinstance(padding, tuple):
        pads = tuple(k - p - 1 for p in padding)
        pad_a = pads[0]
        pad_len = sum(pads)
    else:
        raise ValueError(f"Invalid padding mode: {padding}")
    return pad_a, pad_len - pad_a


_TRANSPOSE_DEFAULTS = {2: ("NC", "IO", "NC"), 3: ("NHC", "HIO", "NHC"), 4: ("NHWC", "HWIO", "NHWC"),
                       5: ("NHWDC", "HWDIO", "NHWDC")}


def conv_transpose(lhs: ArrayLike, rhs: ArrayLike, strides: Sequence[int],
                   padding: str | Sequence[tuple[int, int]], rhs_dilation: Sequence[int] | None = None,
                   dimension_numbers: ConvGeneralDilatedDimensionNumbers = None, transpose_kernel: bool = False,
                   precision: None = None, preferred_element_type: DTypeLike | None = None,
                   use_consistent_padding: bool = False) -> AnyArray:
    """Convenience wrapper for calculating the N-d convolution "transpose" (the gradient of a strided convolution
    with respect to its input, a fractionally strided convolution): ``conv_general_dilated`` with ``strides`` as the
    input dilation. The default layouts are ``NC``/``NHC``/``NHWC``/``NHWDC`` (kernel ``...IO``)."""
    la, ra = abstractify(lhs), abstractify(rhs)
    if not (la.ndim == ra.ndim and la.ndim >= 2):
        raise ValueError(f"conv_transpose: lhs and rhs must have the same rank, at least 2, got shapes {la.shape} "
                         f"and {ra.shape}")
    ndims = la.ndim
    one = (1,) * (ndims - 2)
    if dimension_numbers is None:
        if ndims not in _TRANSPOSE_DEFAULTS:
            raise ValueError("No 4+ dimensional dimension_number defaults.")
        dimension_numbers = _TRANSPOSE_DEFAULTS[ndims]
    dn = conv_dimension_numbers(la.shape, ra.shape, dimension_numbers)
    k_sdims = [ra.shape[i] for i in dn.rhs_spec[2:]]
    rhs_dil = (1,) * (ndims - 2) if rhs_dilation is None else tuple(rhs_dilation)
    pads: str | Sequence[tuple[int, int]]
    if use_consistent_padding or (isinstance(padding, str) and padding in {"SAME", "VALID"}):
        effective = [0 if k == 0 else 1 + r * (k - 1) for k, r in zip(k_sdims, rhs_dil)]
        replicated: Sequence[Any] = [padding] * len(strides) if isinstance(padding, str) else padding
        pads = tuple(_conv_transpose_padding(k, s, p) for k, s, p in zip(effective, strides, replicated))
    else:
        pads = padding
    kernel: Any = rhs
    if transpose_kernel:
        kernel = rev(kernel, tuple(dn.rhs_spec[2:]))
        kernel = kernel.swapaxes(dn.rhs_spec[0], dn.rhs_spec[1])
    return conv_general_dilated(lhs, kernel, one, pads, strides, rhs_dil, dn, precision=precision,
                                preferred_element_type=preferred_element_type)


def padtype_to_pads(in_shape: Sequence[int], window_shape: Sequence[int], window_strides: Sequence[int],
                    padding: str) -> list[tuple[int, int]]:
    """Convert a padding specification (``'VALID'``, ``'SAME'`` or ``'SAME_LOWER'``) to a list of ``(low, high)``
    pad value pairs."""
    if not isinstance(cast(object, padding), str):
        raise TypeError(f"Unknown padding type: {padding}.")
    return list(padtype_pairs(list(map(operator.index, in_shape)), list(map(operator.index, window_shape)),
                                 list(map(operator.index, window_strides)), padding))


def conv_general_permutations(dimension_numbers: tuple[str, str, str]
                              ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Utility for convolution dimension permutations relative to Conv HLO: the positions of (batch, feature,
    spatial...) in the lhs, (out feature, in feature, spatial...) in the rhs and (batch, feature, spatial...) in the
    output layout strings, spatial dimensions in the kernel's order."""
    lhs_spec, rhs_spec, out_spec = dimension_numbers
    charpairs = (("N", "C"), ("O", "I"), ("N", "C"))
    for i, (a, b) in enumerate(charpairs):
        if not dimension_numbers[i].count(a) == dimension_numbers[i].count(b) == 1:
            raise TypeError(f"convolution dimension_numbers[{i}] must contain the characters '{a}' and '{b}' exactly "
                            f"once, got {dimension_numbers[i]}.")
        if len(dimension_numbers[i]) != len(set(dimension_numbers[i])):
            raise TypeError(f"convolution dimension_numbers[{i}] cannot have duplicate characters, got "
                            f"{dimension_numbers[i]}.")
    if not (set(lhs_spec) - set(charpairs[0]) == set(rhs_spec) - set(charpairs[1])
            == set(out_spec) - set(charpairs[2])):
        raise TypeError(f"convolution dimension_numbers elements must each have the same set of spatial characters, "
                        f"got {dimension_numbers}.")

    def getperm(spec: str, pair: tuple[str, str]) -> tuple[int, ...]:
        spatial = [i for i, c in enumerate(spec) if c not in pair]
        if spec is not rhs_spec:
            spatial = sorted(spatial, key=lambda i: rhs_spec.index(spec[i]))
        return (spec.index(pair[0]), spec.index(pair[1]), *spatial)

    return getperm(lhs_spec, charpairs[0]), getperm(rhs_spec, charpairs[1]), getperm(out_spec, charpairs[2])


def _stride_dim(d: Any, window: Any, stride: Any) -> Any:
    """JAX's ``core.stride_dim``: the number of windows of ``window`` at ``stride`` in ``d`` (at least 0)."""
    return 0 if d < window else (d - window) // stride + 1


def conv_shape_tuple(lhs_shape: Sequence[int] | np.ndarray[Any, Any], rhs_shape: Sequence[int] | np.ndarray[Any, Any],
                     strides: Sequence[int],
                     pads: str | Sequence[tuple[int, int]], batch_group_count: int = 1) -> tuple[Any, ...]:
    """Compute the shape tuple of a conv given input shapes in canonical order (``NC...``, ``OI...``)."""
    if isinstance(pads, str):
        pads = padtype_pairs([int(d) for d in lhs_shape[2:]], [int(d) for d in rhs_shape[2:]], strides, pads)
    if len(pads) != len(lhs_shape) - 2:
        raise TypeError(f"Wrong number of explicit pads for convolution: expected {len(lhs_shape) - 2}, got "
                        f"{len(pads)}.")
    lhs_padded = np.add(lhs_shape[2:], np.sum(np.array(pads).reshape(-1, 2), axis=1))
    if np.any(lhs_padded < 0):
        raise ValueError(f"Negative padding is larger than the size of the corresponding dimension: got "
                         f"padding={pads} for lhs_shape[2:]={lhs_shape[2:]}")
    out_space = tuple(map(_stride_dim, lhs_padded, rhs_shape[2:], strides))
    if batch_group_count > 1:
        out_0 = lhs_shape[0] // batch_group_count
    else:
        out_0 = lhs_shape[0]
    return (out_0, rhs_shape[0], *out_space)


def conv_general_shape_tuple(lhs_shape: Sequence[int], rhs_shape: Sequence[int], window_strides: Sequence[int],
                             padding: str | Sequence[tuple[int, int]],
                             dimension_numbers: tuple[str, str, str]) -> tuple[Any, ...]:
    """The output shape of ``conv_general_dilated`` (no dilation) of operands of these shapes and layouts."""
    lhs_perm, rhs_perm, out_perm = conv_general_permutations(dimension_numbers)
    lhs_trans = np.take(lhs_shape, lhs_perm)
    rhs_trans = np.take(rhs_shape, rhs_perm)
    out_trans = conv_shape_tuple(lhs_trans, rhs_trans, window_strides, padding)
    return tuple(cast(Sequence[Any], np.take(out_trans, np.argsort(out_perm))))


def conv_transpose_shape_tuple(lhs_shape: Sequence[int], rhs_shape: Sequence[int], window_strides: Sequence[int],
                               padding: str | Sequence[tuple[int, int]],
                               dimension_numbers: tuple[str, str, str]) -> tuple[Any, ...]:
    """The output shape of ``conv_transpose`` of operands of these shapes and layouts."""
    lhs_perm, rhs_perm, out_perm = conv_general_permutations(dimension_numbers)
    lhs_trans = np.take(lhs_shape, lhs_perm)
    rhs_trans = np.take(rhs_shape, rhs_perm)
    if isinstance(padding, str):
        padding = [_conv_transpose_padding(k, s, padding) for k, s in zip(rhs_trans[2:], window_strides)]
    sums = [np.sum(p) for p in padding]
    unpad_out_space = [(i - 1) * s - k + 2 for i, k, s in zip(lhs_trans[2:], rhs_trans[2:], window_strides)]
    out_space = np.sum([unpad_out_space, sums], axis=0).tolist()
    out_trans = (lhs_trans[0], rhs_trans[0], *out_space)
    return tuple(cast(Sequence[Any], np.take(out_trans, np.argsort(out_perm))))


def reduce_window_shape_tuple(operand_shape: Sequence[int], window_dimensions: Sequence[int],
                              window_strides: Sequence[int], padding: Sequence[tuple[int, int]],
                              base_dilation: Sequence[int] | None = None,
                              window_dilation: Sequence[int] | None = None) -> tuple[Any, ...]:
    """The output shape of ``reduce_window`` with explicit padding."""
    if base_dilation is not None:
        operand_shape = [0 if d == 0 else 1 + b * (d - 1) for d, b in zip(operand_shape, base_dilation)]
    if window_dilation is not None:
        window_dimensions = [0 if d == 0 else 1 + w * (d - 1) for d, w in zip(window_dimensions, window_dilation)]
    operand_padded = tuple(d + pl + ph for d, (pl, ph) in zip(operand_shape, padding))
    return tuple(map(_stride_dim, operand_padded, window_dimensions, window_strides))

