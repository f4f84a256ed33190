"""``jax.lax``'s convolutions built on ``conv_general_dilated`` (JAX 0.10.2's ``conv_general_dilated_patches`` and
``conv_general_dilated_local``): the patches are a grouped convolution with an identity kernel, the local
convolution a dot product of the patches with a kernel per output position. A precision is checked as JAX checks it
and changes nothing on CPU.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Final, cast

import numpy as np

from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.lax import lax as _lax
from arraytyping._src.lax.api.functions import (
    ConvGeneralDilatedDimensionNumbers, broadcast_in_dim, conv_general_dilated, convert_element_type, dot_general,
)
from arraytyping._src.lax.api.operations import broadcasted_iota, eq, reshape, transpose
from arraytyping._src.lax.api.types import DotAlgorithm, DotAlgorithmPreset, Precision, PrecisionLike
from arraytyping._src.lax.convolution import conv_dimension_numbers
from arraytyping.typing import DTypeLike

__all__ = ["conv_general_dilated_local", "conv_general_dilated_patches"]


def _moveaxis(x: Any, src: Sequence[int], dst: Sequence[int]) -> AnyArray:
    """JAX's ``util.moveaxis``: the axes ``src`` of ``x`` moved to ``dst`` (negative ones count from the end)."""
    ndim = _lax.aval_of(x).ndim
    src_ = [a % ndim for a in src]
    dst_ = [a % ndim for a in dst]
    perm = [i for i in range(ndim) if i not in src_]
    for d, s in sorted(zip(dst_, src_)):
        perm.insert(d, s)
    return transpose(x, perm)


_PRECISION_NAMES: Final = ["highest", "float32", "high", "bfloat16_3x", "tensorfloat32", "default", "bfloat16",
                            "fastest", None]


def _precision(precision: Any) -> tuple[Precision, Precision] | DotAlgorithm | DotAlgorithmPreset | None:
    """JAX's ``canonicalize_precision``: ``None``, a pair of precisions, or a dot algorithm (``ValueError`` for
    anything else)."""
    if precision is None:
        return None
    if isinstance(precision, str):
        if precision in _PRECISION_NAMES:
            return Precision(precision), Precision(precision)
        if precision in DotAlgorithmPreset.__members__:
            return DotAlgorithmPreset[precision]
    elif isinstance(precision, Precision):
        return precision, precision
    elif isinstance(precision, (DotAlgorithm, DotAlgorithmPreset)):
        return precision
    elif isinstance(precision, (list, tuple)):
        sequence: Sequence[Any] = cast(Sequence[Any], precision)
        items: list[Any] = list(sequence)
        if len(items) == 2 and all(isinstance(p, Precision) for p in items):
            return Precision(items[0]), Precision(items[1])
        if len(items) == 2 and all(isinstance(p, str) for p in items):
            for p in items:
                if p not in _PRECISION_NAMES and p in DotAlgorithmPreset.__members__:  # JAX indexes the preset
                    raise TypeError("'DotAlgorithmPreset' object is not subscriptable")
            return Precision(items[0]), Precision(items[1])  # a name not known: Precision's ValueError
    raise ValueError("Precision argument must be one of:\n- None,\n"
                     f"- a string in {_PRECISION_NAMES},\n- a lax.Precision value,\n"
                     "- a tuple of two lax.Precision values or strings,\n"
                     "- a lax.DotAlgorithmPreset or the name of one of these presets, or\n"
                     f"- a lax.DotAlgorithm value;\nbut got {precision}.")


def conv_general_dilated_patches(lhs: ArrayLike, filter_shape: Sequence[int], window_strides: Sequence[int],
                                 padding: str | Sequence[tuple[int, int]], lhs_dilation: Sequence[int] | None = None,
                                 rhs_dilation: Sequence[int] | None = None,
                                 dimension_numbers: ConvGeneralDilatedDimensionNumbers = None,
                                 precision: Precision | None = None,
                                 preferred_element_type: DTypeLike | None = None) -> AnyArray:
    """The patches ``conv_general_dilated`` would multiply by a kernel of spatial shape ``filter_shape``: each
    output position's receptive field flattened into the channel dimension (``C * prod(filter_shape)`` channels,
    channel-major), the other arguments as ``conv_general_dilated``'s.

    Example::

        lax.conv_general_dilated_patches(jnp.ones((1, 1, 3, 3)), (2, 2), (1, 1), "VALID").shape   # (1, 4, 2, 2)
    """
    lhs_array = _lax.asarray(lhs)
    filter_shape = tuple(filter_shape)
    if precision is not None:  # JAX passes (precision, Precision.DEFAULT) on to conv_general_dilated
        _precision((precision, Precision.DEFAULT))
    shape = tuple(_lax.aval_of(lhs_array).shape)
    dtype = _lax.aval_of(lhs_array).dtype
    dn = conv_dimension_numbers(shape, (1, 1, *filter_shape), dimension_numbers)
    lhs_spec, rhs_spec, _ = dn
    spatial_size = math.prod(filter_shape)
    n_channels = shape[lhs_spec[1]]
    eye = convert_element_type(eq(broadcasted_iota(np.int32, (spatial_size, spatial_size), 0),
                                  broadcasted_iota(np.int32, (spatial_size, spatial_size), 1)), dtype)
    rhs = broadcast_in_dim(eye, (n_channels, spatial_size, spatial_size), (1, 2))
    rhs = reshape(rhs, (n_channels * spatial_size, 1, *filter_shape))
    rhs = _moveaxis(rhs, (0, 1), (rhs_spec[0], rhs_spec[1]))
    return conv_general_dilated(lhs_array, rhs, window_strides, padding, lhs_dilation, rhs_dilation, dn,
                                feature_group_count=n_channels, preferred_element_type=preferred_element_type)


def conv_general_dilated_local(lhs: ArrayLike, rhs: ArrayLike, window_strides: Sequence[int],
                               padding: str | Sequence[tuple[int, int]], filter_shape: Sequence[int],
                               lhs_dilation: Sequence[int] | None = None, rhs_dilation: Sequence[int] | None = None,
                               dimension_numbers: ConvGeneralDilatedDimensionNumbers = None,
                               precision: PrecisionLike = None) -> AnyArray:
    """A locally connected convolution: ``conv_general_dilated`` with a separate kernel at each output position
    (``rhs`` holds one per position: its spatial axes are the output's, its input-feature axis has
    ``C * prod(filter_shape)`` entries, channel-major, as ``conv_general_dilated_patches`` gives them).

    Example::

        lax.conv_general_dilated_local(jnp.ones((1, 1, 3)), jnp.ones((2, 2, 2)), (1,), "VALID", (2,)).shape
        # (1, 2, 2)
    """
    lhs_array = _lax.asarray(lhs)
    canonical = _precision(precision)
    if canonical is not None and not isinstance(canonical, tuple):
        raise ValueError(f"Unsupported precision for conv_general_dilated_local: {precision}")
    patches = conv_general_dilated_patches(lhs_array, filter_shape, window_strides, padding, lhs_dilation,
                                           rhs_dilation, dimension_numbers)
    _, rhs_spec, out_spec = conv_dimension_numbers(tuple(_lax.aval_of(lhs_array).shape),
                                                   (1, 1, *tuple(filter_shape)), dimension_numbers)
    lhs_b = list(out_spec[2:])
    rhs_b = list(rhs_spec[2:])
    rhs_b = [rhs_b[i] for i in sorted(range(len(rhs_b)), key=lambda k: lhs_b[k])]
    dn = (([out_spec[1]], [rhs_spec[1]]), (sorted(lhs_b), rhs_b))
    out = dot_general(patches, rhs, dn)
    return _moveaxis(out, (-2, -1), (out_spec[0], out_spec[1]))
