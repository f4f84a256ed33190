"""The batching rules of the signal-processing primitives: the windowed reductions of :mod:`arraytyping._src.lax.windowed_reductions`,
``conv_general_dilated`` of :mod:`arraytyping._src.lax.convolution` and ``fft`` of :mod:`arraytyping._src.lax.fft` (registered in
:data:`.batching.RULES` on import), as JAX 0.10.2's ``_reduce_window_batch_rule``,
``_generic_reduce_window_batch_rule``, ``_conv_general_dilated_batch_rule`` and ``_fft_batching_rule``: a window
of size 1 over the batch axis; a convolution folds the batch axis into its batch or feature dimension (as feature
groups when both operands are batched) and unfolds it from the result; an FFT takes the batch axis first. Also the
general ``reduce`` (``lax/reduce.py``, JAX's ``_reduce_batch_rule``) and ``rng_bit_generator`` (``lax/prng.py``,
JAX's ``_rng_bit_generator_batching_rule``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from arraytyping._src.lax import convolution as C
from arraytyping._src.lax import fft as F
from arraytyping._src.lax import lax
from arraytyping._src.lax import reduce as R
from arraytyping._src.lax import prng as PR
from arraytyping._src.lax import windowed_reductions as W
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.interpreters.batching.batching import (
    bdim_at_front, moveaxis, register_rule, reshape_axis_into, reshape_axis_out_of, shape,
)
from arraytyping._src.core.trace import Primitive

__all__: list[str] = []

Dims = Sequence[int | None]
Pads = tuple[tuple[int, int], ...]


def _monoid(prim: Primitive) -> Any:
    def rule(size: int, args: Sequence[Any], dims: Dims, *, window_dimensions: tuple[int, ...],
             window_strides: tuple[int, ...], padding: Pads, base_dilation: tuple[int, ...],
             window_dilation: tuple[int, ...]) -> tuple[Any, Any]:
        operand, = args
        b, = dims
        assert b is not None
        out = prim.bind(operand, window_dimensions=(*window_dimensions[:b], 1, *window_dimensions[b:]),
                        window_strides=(*window_strides[:b], 1, *window_strides[b:]),
                        padding=(*padding[:b], (0, 0), *padding[b:]),
                        base_dilation=(*base_dilation[:b], 1, *base_dilation[b:]),
                        window_dilation=(*window_dilation[:b], 1, *window_dilation[b:]))
        return out, b
    return rule


for _p in W.MONOIDS.values():
    register_rule(_p, _monoid(_p))


def _generic(size: int, args: Sequence[Any], dims: Dims, *, jaxpr: Any, consts: tuple[Any, ...],
             window_dimensions: tuple[int, ...], window_strides: tuple[int, ...], padding: Pads,
             base_dilation: tuple[int, ...], window_dilation: tuple[int, ...]) -> tuple[Any, Any]:
    n = len(args) // 2
    operands, inits = list(args[:n]), list(args[n:])
    operand_dims, init_dims = dims[:n], dims[n:]
    if any(d is not None for d in init_dims):
        raise NotImplementedError("reduce_window batching is not implemented for initial values")
    size = next(shape(x)[d] for x, d in zip(operands, operand_dims) if d is not None)
    operands = [bdim_at_front(x, d, size) for x, d in zip(operands, operand_dims)]
    outs = W.reduce_window_p.bind(*operands, *inits, jaxpr=jaxpr, consts=consts,
                                  window_dimensions=(1, *window_dimensions), window_strides=(1, *window_strides),
                                  padding=((0, 0), *padding), base_dilation=(1, *base_dilation),
                                  window_dilation=(1, *window_dilation))
    return outs, [0] * n


register_rule(W.reduce_window_p, _generic)


def _fft(size: int, args: Sequence[Any], dims: Dims, *, fft_type: F.FftType,
         fft_lengths: tuple[int, ...]) -> tuple[Any, Any]:
    x, = args
    bd, = dims
    assert bd is not None
    return F.fft_p.bind(moveaxis(x, bd, 0), fft_type=fft_type, fft_lengths=fft_lengths), 0


register_rule(F.fft_p, _fft)


# ---------------------------------------------------------------------------------------------------------------
# conv_general_dilated


def _conv(size: int, args: Sequence[Any], dims: Dims, *, window_strides: tuple[int, ...],
          padding: tuple[tuple[int, int], ...], lhs_dilation: tuple[int, ...], rhs_dilation: tuple[int, ...],
          dimension_numbers: C.ConvDimensionNumbers, feature_group_count: int, batch_group_count: int,
          precision: None = None, preferred_element_type: np.dtype[Any] | None = None,
          out_sharding: None = None) -> tuple[Any, Any]:
    lhs, rhs = args
    lhs_bdim, rhs_bdim = dims
    lhs_spec, rhs_spec, out_spec = dimension_numbers
    assert batch_group_count == 1 or feature_group_count == 1
    lhs_shape, rhs_shape = shape(lhs), shape(rhs)

    def conv(new_lhs: Any, new_rhs: Any, fgc: int = feature_group_count, bgc: int = batch_group_count) -> Any:
        return C.conv_general_dilated_p.bind(
            new_lhs, new_rhs, window_strides=window_strides, padding=padding, lhs_dilation=lhs_dilation,
            rhs_dilation=rhs_dilation, dimension_numbers=dimension_numbers, feature_group_count=fgc,
            batch_group_count=bgc, precision=precision, preferred_element_type=preferred_element_type,
            out_sharding=out_sharding)

    if (lhs_bdim is not None and lhs_shape[lhs_bdim] == 0) or (rhs_bdim is not None and rhs_shape[rhs_bdim] == 0):
        la, ra = lax.aval_of(lhs), lax.aval_of(rhs)
        lhs_un = ShapedArray(tuple(np.delete(lhs_shape, lhs_bdim)) if lhs_bdim is not None else lhs_shape, la.dtype)
        rhs_un = ShapedArray(tuple(np.delete(rhs_shape, rhs_bdim)) if rhs_bdim is not None else rhs_shape, ra.dtype)
        out_aval, = C.conv_general_dilated_p.abstract_eval(
            lhs_un, rhs_un, window_strides=window_strides, padding=padding, lhs_dilation=lhs_dilation,
            rhs_dilation=rhs_dilation, dimension_numbers=dimension_numbers, feature_group_count=feature_group_count,
            batch_group_count=batch_group_count, preferred_element_type=preferred_element_type)
        return lax.full((0, *(int(d) for d in out_aval.shape)), 0, out_aval.dtype), 0

    if lhs_bdim is not None and rhs_bdim is not None:
        n = lhs_shape[lhs_bdim]
        if batch_group_count > 1:
            new_lhs = reshape_axis_into(lhs_bdim, lhs_spec[0], lhs)
            out = conv(new_lhs, reshape_axis_into(rhs_bdim, rhs_spec[0], rhs), bgc=batch_group_count * n)
        else:
            new_lhs = reshape_axis_into(lhs_bdim, lhs_spec[1], lhs)
            out = conv(new_lhs, reshape_axis_into(rhs_bdim, rhs_spec[0], rhs), fgc=feature_group_count * n)
        return reshape_axis_out_of(out_spec[1], n, out), out_spec[1]
    if lhs_bdim is not None:
        n = lhs_shape[lhs_bdim]
        if batch_group_count == 1:
            out = conv(reshape_axis_into(lhs_bdim, lhs_spec[0], lhs), rhs)
            return reshape_axis_out_of(out_spec[0], n, out), out_spec[0]
        new_lhs = reshape_axis_out_of(lhs_spec[0] + int(lhs_bdim <= lhs_spec[0]), batch_group_count, lhs)
        new_lhs = reshape_axis_into(lhs_bdim + int(lhs_spec[0] < lhs_bdim), lhs_spec[0] + 1, new_lhs)
        new_lhs = reshape_axis_into(lhs_spec[0], lhs_spec[0], new_lhs)
        out = conv(new_lhs, rhs)
        return reshape_axis_out_of(out_spec[0], n, out), out_spec[0]
    assert rhs_bdim is not None
    n = rhs_shape[rhs_bdim]
    if feature_group_count == 1 and batch_group_count == 1:
        out = conv(lhs, reshape_axis_into(rhs_bdim, rhs_spec[0], rhs))
        return reshape_axis_out_of(out_spec[1], n, out), out_spec[1]
    # the groups must stay outermost: factor them out of the rhs output features, fold the batch axis into the rest,
    # put the groups back; the same on the output
    group_count = feature_group_count if feature_group_count > 1 else batch_group_count
    new_rhs = reshape_axis_out_of(rhs_spec[0] + int(rhs_bdim <= rhs_spec[0]), group_count, rhs)
    new_rhs = reshape_axis_into(rhs_bdim + int(rhs_spec[0] < rhs_bdim), rhs_spec[0] + 1, new_rhs)
    new_rhs = reshape_axis_into(rhs_spec[0], rhs_spec[0], new_rhs)
    out = conv(lhs, new_rhs)
    out = reshape_axis_out_of(out_spec[1], group_count, out)
    out = reshape_axis_out_of(out_spec[1] + 1, n, out)
    return reshape_axis_into(out_spec[1], out_spec[1] + 1, out), out_spec[1]


register_rule(C.conv_general_dilated_p, _conv)


def _reduce(size: int, args: Sequence[Any], dims: Dims, *, computation: Any, jaxpr: Any,
            dimensions: tuple[int, ...]) -> tuple[Any, Any]:
    """JAX's ``_reduce_batch_rule``: the operands' batch axes to the front, the reduced axes shifted past it."""
    n = len(args) // 2
    operands, inits = list(args[:n]), list(args[n:])
    if any(d is not None for d in dims[n:]):
        raise NotImplementedError("reduce batching is not implemented for initial values")
    operands = [bdim_at_front(x, d, size) for x, d in zip(operands, dims[:n])]
    outs = R.reduce_p.bind(*operands, *inits, computation=computation, jaxpr=jaxpr,
                           dimensions=tuple(d + 1 for d in dimensions))
    return outs, [0] * n


register_rule(R.reduce_p, _reduce)


def _rng_bit_generator(size: int, args: Sequence[Any], dims: Dims, *, shape: tuple[int, ...], dtype: Any,
                       algorithm: Any, out_sharding: None) -> tuple[Any, Any]:
    """JAX's ``_rng_bit_generator_batching_rule``: the bits of all examples drawn from the first example's key
    (one call with the batch axis in front), the next key written over that first key."""
    keys, = args
    bd, = dims
    params = {"dtype": dtype, "algorithm": algorithm, "out_sharding": out_sharding}
    if bd is None:
        return list(PR.rng_bit_generator_p.bind(keys, shape=shape, **params)), [None, None]
    keys = moveaxis(keys, bd, 0)
    key_shape = lax.aval_of(keys).shape
    key = lax.squeeze(lax.slice(keys, [0] * len(key_shape), [1, *key_shape[1:]]), (0,))
    new_key, bits = PR.rng_bit_generator_p.bind(key, shape=(key_shape[0], *shape), **params)
    rest = lax.slice(keys, [1, *[0] * (len(key_shape) - 1)], key_shape)
    new_keys = lax.concatenate([lax.reshape(new_key, (1, *key_shape[1:])), rest], 0)
    return [new_keys, bits], [0, 0]


register_rule(PR.rng_bit_generator_p, _rng_bit_generator)
