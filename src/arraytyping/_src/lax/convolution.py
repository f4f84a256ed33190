"""The ``conv_general_dilated`` primitive: JAX 0.10.2's dimension numbers, shape and dtype rules (with their error
classes) and its CPU lowering (a StableHLO convolution; a complex one as three real convolutions, Gauss's trick,
as JAX lowers it on CPU)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, NamedTuple

import numpy as np

from arraytyping._src.dtypes import registry
from arraytyping._src.xla import lowering
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.trace import Primitive
from arraytyping._src.lax.operand_checks import kind, same_dtype

__all__ = ["ConvDimensionNumbers", "conv_general_dilated_p", "conv_dimension_numbers", "check_preferred"]


class ConvDimensionNumbers(NamedTuple):
    """The axes of a convolution's operands and result (JAX's ``lax.ConvDimensionNumbers``): each spec lists the
    batch (output feature for ``rhs_spec``) axis, the feature (input feature) axis, then the spatial axes."""

    lhs_spec: tuple[int, ...]
    rhs_spec: tuple[int, ...]
    out_spec: tuple[int, ...]


def conv_dimension_numbers(lhs_shape: tuple[int, ...], rhs_shape: tuple[int, ...], dimension_numbers: Any
                           ) -> ConvDimensionNumbers:
    """JAX's ``conv_dimension_numbers``: ``None`` (the identity), a ``ConvDimensionNumbers``, or three layout strings
    such as ``('NCHW', 'OIHW', 'NCHW')``."""
    if isinstance(dimension_numbers, ConvDimensionNumbers):
        return dimension_numbers
    if len(lhs_shape) != len(rhs_shape):
        raise TypeError(f"convolution requires lhs and rhs ndim to be equal, got {len(lhs_shape)} and "
                        f"{len(rhs_shape)}.")
    if dimension_numbers is None:
        iota = tuple(range(len(lhs_shape)))
        return ConvDimensionNumbers(iota, iota, iota)
    obj: object = dimension_numbers
    if not isinstance(obj, (list, tuple)):
        raise TypeError(f"convolution dimension_numbers must be tuple/list or None, got {type(obj)}.")
    specs: Sequence[Any] = dimension_numbers
    if len(specs) != 3:
        raise TypeError(f"convolution dimension_numbers list/tuple must be length 3, got {len(specs)}.")
    items: list[object] = list(specs)
    if not all(isinstance(s, str) for s in items):
        raise TypeError(f"convolution dimension_numbers elements must be strings, got "
                        f"{tuple(type(s) for s in items)}.")
    strs: list[str] = [str(s) for s in items]
    for i, s in enumerate(strs):
        if len(s) != len(lhs_shape):
            raise TypeError(f"convolution dimension_numbers[{i}] must have len equal to the ndim of lhs and rhs, "
                            f"got {len(s)} for lhs and rhs shapes {lhs_shape} and {rhs_shape}.")
    return _permutations(strs[0], strs[1], strs[2])


def _permutations(lhs: str, rhs: str, out: str) -> ConvDimensionNumbers:
    pairs = (("N", "C"), ("O", "I"), ("N", "C"))
    specs = (lhs, rhs, out)
    for i, (a, b) in enumerate(pairs):
        if not specs[i].count(a) == specs[i].count(b) == 1:
            raise TypeError(f"convolution dimension_numbers[{i}] must contain the characters '{a}' and '{b}' "
                            f"exactly once, got {specs[i]}.")
        if len(specs[i]) != len(set(specs[i])):
            raise TypeError(f"convolution dimension_numbers[{i}] cannot have duplicate characters, got {specs[i]}.")
    if not set(lhs) - {"N", "C"} == set(rhs) - {"O", "I"} == set(out) - {"N", "C"}:
        raise TypeError(f"convolution dimension_numbers elements must each have the same set of spatial "
                        f"characters, got {specs}.")

    def perm(spec: str, pair: tuple[str, str]) -> tuple[int, ...]:
        spatial = [i for i, c in enumerate(spec) if c not in pair]
        if spec is not rhs:
            spatial.sort(key=lambda i: rhs.index(spec[i]))
        return (spec.index(pair[0]), spec.index(pair[1]), *spatial)

    return ConvDimensionNumbers(perm(lhs, pairs[0]), perm(rhs, pairs[1]), perm(out, pairs[2]))


def _dilate(shape: Sequence[int], dilation: Sequence[int]) -> tuple[int, ...]:
    if not all(d > 0 for d in dilation):
        raise TypeError(f"All dilations must be positive, got {tuple(dilation)}.")
    full = (1,) * (len(shape) - len(dilation)) + tuple(dilation)
    return tuple(0 if s == 0 else 1 + d * (s - 1) for s, d in zip(shape, full))


def check_preferred(input_dtype: np.dtype[Any], preferred: np.dtype[Any]) -> None:
    """JAX's ``_validate_preferred_element_type`` (``TypeError`` for an incompatible or narrower type)."""
    k_in = registry.INFO[ShapedArray((), input_dtype).name].kind
    k_pref = registry.INFO[ShapedArray((), preferred).name].kind
    if not (k_in in "iu" and k_pref == "f"):
        groups = {"i": "iu", "u": "iu", "f": "f", "c": "c"}
        if k_in in groups and k_pref not in groups[k_in]:
            raise TypeError("Input type is incompatible with `preferred_element_type`. The compatible combinations of "
                            "(input_type, preferred_element_type) are (integral, integral), (integral, floating), "
                            "(floating, floating), (complex, complex.")
        if k_in == "i" and k_pref != "i":
            raise TypeError("`preferred_element_type` must have the same signedness as the original type.")
    if np.dtype(preferred).itemsize < np.dtype(input_dtype).itemsize:
        raise TypeError("`preferred_element_type` must not be narrower than the original type.")


def _conv_rule(lhs: ShapedArray, rhs: ShapedArray, *, window_strides: tuple[int, ...],
               padding: tuple[tuple[int, int], ...], lhs_dilation: tuple[int, ...], rhs_dilation: tuple[int, ...],
               dimension_numbers: ConvDimensionNumbers, feature_group_count: int, batch_group_count: int,
               precision: None = None, preferred_element_type: np.dtype[Any] | None = None,
               out_sharding: None = None) -> list[ShapedArray]:
    dn = dimension_numbers
    if lhs.ndim != rhs.ndim:
        raise ValueError(f"conv_general_dilated lhs and rhs must have the same number of dimensions, but got "
                         f"{lhs.shape} and {rhs.shape}.")
    if not feature_group_count > 0:
        raise ValueError(f"conv_general_dilated feature_group_count must be a positive integer, got "
                         f"{feature_group_count}.")
    lhs_features = lhs.shape[dn.lhs_spec[1]]
    quot, rem = divmod(lhs_features, feature_group_count)
    if rem:
        raise ValueError(f"conv_general_dilated feature_group_count must divide lhs feature dimension size, but "
                         f"{feature_group_count} does not divide {lhs_features}.")
    if quot != rhs.shape[dn.rhs_spec[1]]:
        raise ValueError(f"conv_general_dilated lhs feature dimension size divided by feature_group_count must "
                         f"equal the rhs input feature dimension size, but {lhs_features} // {feature_group_count} "
                         f"!= {rhs.shape[dn.rhs_spec[1]]}.")
    if rhs.shape[dn.rhs_spec[0]] % feature_group_count:
        raise ValueError(f"conv_general_dilated rhs output feature dimension size must be a multiple of "
                         f"feature_group_count, but {rhs.shape[dn.rhs_spec[0]]} is not a multiple of "
                         f"{feature_group_count}.")
    if not batch_group_count > 0:
        raise ValueError(f"conv_general_dilated batch_group_count must be a positive integer, got "
                         f"{batch_group_count}.")
    lhs_batch = lhs.shape[dn.lhs_spec[0]]
    if batch_group_count > 1 and lhs_batch % batch_group_count:
        raise ValueError(f"conv_general_dilated batch_group_count must divide lhs batch dimension size, but "
                         f"{batch_group_count} does not divide {lhs_batch}.")
    if rhs.shape[dn.rhs_spec[0]] % batch_group_count:
        raise ValueError(f"conv_general_dilated rhs output feature dimension size must be a multiple of "
                         f"batch_group_count, but {rhs.shape[dn.rhs_spec[0]]} is not a multiple of "
                         f"{batch_group_count}.")
    if batch_group_count > 1 and feature_group_count > 1:
        raise ValueError(f"At most one of batch_group_count and feature_group_count may be > 1, got "
                         f"batch_group_count={batch_group_count} and feature_group_count={feature_group_count}")
    if len(dn.rhs_spec) - 2 != len(window_strides):
        raise ValueError(f"conv_general_dilated window and window_strides must have the same number of "
                         f"dimensions, but got {len(dn.rhs_spec) - 2} and {len(window_strides)}")
    lhs_t = _dilate([lhs.shape[i] for i in dn.lhs_spec], lhs_dilation)
    rhs_t = _dilate([rhs.shape[i] for i in dn.rhs_spec], rhs_dilation)
    if len(padding) != len(lhs_t) - 2:
        raise ValueError(f"conv_general_dilated padding must have one (low, high) pair per spatial dimension, got "
                         f"{padding}")
    spatial: list[int] = []
    for size, window, stride, (lo, hi) in zip(lhs_t[2:], rhs_t[2:], window_strides, padding):
        if stride <= 0:
            raise ValueError(f"All strides must be positive, got {tuple(window_strides)}")
        padded = size + lo + hi
        spatial.append(0 if padded < window else (padded - window) // stride + 1)
    out_t = (lhs_t[0] // batch_group_count, rhs_t[0], *spatial)
    shape = tuple(out_t[int(i)] for i in np.argsort(np.array(dn.out_spec, dtype=np.int64)))
    same_dtype("conv_general_dilated", lhs, rhs)
    dtype = lhs.dtype
    if preferred_element_type is not None:
        check_preferred(dtype, preferred_element_type)
        dtype = preferred_element_type
    return [ShapedArray(shape, dtype, lhs.weak_type and rhs.weak_type)]


conv_general_dilated_p: Final[Primitive] = Primitive("conv_general_dilated", _conv_rule,
                                   hidden_params=frozenset({"out_sharding"}))


def _convolution(ctx: lowering.LoweringContext, out: ShapedArray, lhs: Any, rhs: Any, *,
                 window_strides: tuple[int, ...], padding: tuple[tuple[int, int], ...], lhs_dilation: tuple[int, ...],
                 rhs_dilation: tuple[int, ...], dn: ConvDimensionNumbers, feature_group_count: int,
                 batch_group_count: int) -> Any:
    m, hlo, ir = ctx.m, ctx.hlo, ctx.m.ir
    dnums = hlo.ConvDimensionNumbers.get(
        input_batch_dimension=dn.lhs_spec[0], input_feature_dimension=dn.lhs_spec[1],
        input_spatial_dimensions=list(dn.lhs_spec[2:]), kernel_output_feature_dimension=dn.rhs_spec[0],
        kernel_input_feature_dimension=dn.rhs_spec[1], kernel_spatial_dimensions=list(dn.rhs_spec[2:]),
        output_batch_dimension=dn.out_spec[0], output_feature_dimension=dn.out_spec[1],
        output_spatial_dimensions=list(dn.out_spec[2:]))
    pads = np.array(padding, dtype=np.int64).reshape(len(padding), 2)
    i64 = ir.IntegerType.get_signless(64)
    return hlo.convolution(
        m.tensor(out), lhs, rhs, dimension_numbers=dnums,
        feature_group_count=ir.IntegerAttr.get(i64, feature_group_count),
        batch_group_count=ir.IntegerAttr.get(i64, batch_group_count),
        window_strides=m.i64s(window_strides), padding=ir.DenseIntElementsAttr.get(pads),
        lhs_dilation=m.i64s(lhs_dilation), rhs_dilation=m.i64s(rhs_dilation),
        window_reversal=ir.DenseBoolArrayAttr.get([False] * (len(dn.rhs_spec) - 2)))


def _conv_lower(ctx: lowering.LoweringContext, lhs: Any, rhs: Any, *, window_strides: tuple[int, ...],
                padding: tuple[tuple[int, int], ...], lhs_dilation: tuple[int, ...], rhs_dilation: tuple[int, ...],
                dimension_numbers: ConvDimensionNumbers, feature_group_count: int, batch_group_count: int,
                precision: None = None, preferred_element_type: np.dtype[Any] | None = None,
                out_sharding: None = None) -> list[Any]:
    out = ctx.avals_out[0]
    params: dict[str, Any] = {"window_strides": window_strides, "padding": padding, "lhs_dilation": lhs_dilation,
                              "rhs_dilation": rhs_dilation, "dn": dimension_numbers,
                              "feature_group_count": feature_group_count, "batch_group_count": batch_group_count}
    if kind(ctx.avals_in[0]) != "c":
        return [_convolution(ctx, out, lhs, rhs, **params)]
    # Complex convolution as JAX lowers it on CPU: k1 = conv(re x + im x, re y), k2 = conv(re x, im y - re y),
    # k3 = conv(im x, re y + im y); the result is (k1 - k3) + i (k1 + k2).
    hlo = ctx.hlo
    real = np.dtype("float32") if out.name == "complex64" else np.dtype("float64")
    part = out.update(dtype=real, weak_type=False)
    x_re, x_im, y_re, y_im = hlo.real(lhs), hlo.imag(lhs), hlo.real(rhs), hlo.imag(rhs)
    k1 = _convolution(ctx, part, hlo.add(x_re, x_im), y_re, **params)
    k2 = _convolution(ctx, part, x_re, hlo.subtract(y_im, y_re), **params)
    k3 = _convolution(ctx, part, x_im, hlo.add(y_re, y_im), **params)
    return [hlo.complex(hlo.subtract(k1, k3), hlo.add(k1, k2))]


lowering.RULES[conv_general_dilated_p] = _conv_lower
