"""Threefry-2x32, JAX 0.10.2's default PRNG, on raw key data (``uint32[2]``): the ``threefry2x32`` hash and the
``iota_2x32_shape`` counter as primitives, and the key operations built from them exactly as JAX builds them, so
every bit agrees with JAX for the same key: ``seed`` (a scalar integer seed to a key), ``split`` and
``random_bits`` in their partitionable form (``jax_threefry_partitionable`` is on by default in JAX 0.10.2), and
``fold_in`` through the original (non-partitionable) hash of a flattened counter.
"""

from __future__ import annotations

import math
from typing import Any, Final

import numpy as np

from arraytyping._src.dtypes import registry
from arraytyping._src.lax import lax
from arraytyping._src.xla import lowering
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.trace import Primitive
from arraytyping._src.lax.operand_checks import broadcast_shapes
from arraytyping._src.lax.shape import concatenate_p

__all__ = ["threefry2x32_p", "iota_2x32_shape_p", "rng_bit_generator_p", "rng_uniform_p", "UINT32", "seed", "split", "fold_in", "random_bits",
           "threefry_2x32"]

UINT32: Final = np.dtype("uint32")
UINT64: Final = np.dtype("uint64")
UINT_DTYPES: Final[dict[int, np.dtype[Any]]] = {8: np.dtype("uint8"), 16: np.dtype("uint16"), 32: UINT32, 64: UINT64}


def _threefry2x32_rule(k1: ShapedArray, k2: ShapedArray, x1: ShapedArray, x2: ShapedArray) -> list[ShapedArray]:
    if any(a.dtype != UINT32 for a in (k1, k2, x1, x2)):
        raise TypeError(f"Arguments to threefry2x32 must have uint32 type, got "
                        f"{', '.join(a.str_short() for a in (k1, k2, x1, x2))}")
    out = ShapedArray(broadcast_shapes("threefry2x32", k1, k2, x1, x2), UINT32, False)
    return [out, out]


threefry2x32_p: Final[Primitive] = Primitive("threefry2x32", _threefry2x32_rule, multiple_results=True)


def _iota_2x32_shape_rule(*, shape: tuple[int, ...]) -> list[ShapedArray]:
    out = ShapedArray(shape, UINT32, False)
    return [out, out]


iota_2x32_shape_p: Final[Primitive] = Primitive("iota_2x32_shape", _iota_2x32_shape_rule, multiple_results=True)

_ROTATIONS: Final = ((13, 15, 26, 6), (17, 29, 16, 24))


def _broadcast(ctx: lowering.LoweringContext, x: Any, aval: ShapedArray, shape: tuple[int, ...]) -> Any:
    """An operand of rank 0, or of the output's rank with size-1 dimensions, broadcast to ``shape``."""
    if aval.shape == shape:
        return x
    dims = [] if not aval.shape else list(range(len(shape)))
    return ctx.hlo.broadcast_in_dim(ctx.m.tensor(aval.update(shape=shape)), x, ctx.m.i64s(dims))


def _threefry2x32_lower(ctx: lowering.LoweringContext, k1: Any, k2: Any, x1: Any, x2: Any) -> list[Any]:
    """The Threefry-2x32 block cipher (20 rounds, key injection every 4), unrolled; JAX's CPU lowering runs the same
    operations in a loop."""
    hlo, m = ctx.hlo, ctx.m
    out = ctx.avals_out[0]
    k1, k2, x1, x2 = (_broadcast(ctx, v, a, out.shape) for v, a in zip((k1, k2, x1, x2), ctx.avals_in))

    def c(v: int) -> Any:
        return lowering.constant(m, v, out)

    ks = [k1, k2, hlo.xor(hlo.xor(k1, k2), c(0x1BD11BDA))]
    x = [hlo.add(x1, ks[0]), hlo.add(x2, ks[1])]
    for i in range(5):
        for r in _ROTATIONS[i % 2]:
            x[0] = hlo.add(x[0], x[1])
            rotated = hlo.or_(hlo.shift_left(x[1], c(r)), hlo.shift_right_logical(x[1], c(32 - r)))
            x[1] = hlo.xor(x[0], rotated)
        x[0] = hlo.add(x[0], ks[(i + 1) % 3])
        x[1] = hlo.add(hlo.add(x[1], ks[(i + 2) % 3]), c(i + 1))
    return x


def _iota_2x32_shape_lower(ctx: lowering.LoweringContext, *, shape: tuple[int, ...]) -> list[Any]:
    """The row-major index of every element as a uint64, split into its high and low 32 bits."""
    hlo, m, ir = ctx.hlo, ctx.m, ctx.m.ir
    u64 = ShapedArray(shape, UINT64, False)
    strides = [math.prod(shape[i + 1:]) for i in range(len(shape))]
    counts: Any = None
    for dim, stride in enumerate(strides):
        iota = hlo.iota(m.tensor(u64), ir.IntegerAttr.get(ir.IntegerType.get_signless(64), dim))
        term = hlo.multiply(lowering.constant(m, stride, u64), iota)
        counts = term if counts is None else hlo.add(counts, term)
    out = m.tensor(ctx.avals_out[0])
    hi = hlo.convert(out, hlo.shift_right_logical(counts, lowering.constant(m, 32, u64)))
    return [hi, hlo.convert(out, counts)]


lowering.RULES[threefry2x32_p] = _threefry2x32_lower
lowering.RULES[iota_2x32_shape_p] = _iota_2x32_shape_lower


# ---------------------------------------------------------------------------------------------------------------
# Key operations on raw key data (``uint32[2]``)


def _concat(a: Any, b: Any) -> Any:
    """``a`` and ``b`` joined along their last axis."""
    return concatenate_p.bind(a, b, dimension=len(lax.aval_of(a).shape) - 1)


def _halves(key: Any) -> tuple[Any, Any]:
    return (lax.reshape(lax.slice(key, (0,), (1,)), ()), lax.reshape(lax.slice(key, (1,), (2,)), ()))


def seed(value: Any) -> Any:
    """The key of a scalar integer seed: the seed's 64 bits as two uint32 words (a narrower seed has a high word of
    0; a signed one is sign-extended to 64 bits with x64 on, to 32 with it off, as JAX computes it)."""
    a = lax.aval_of(value)
    hi = lax.shift_right_logical(value, lax.const(32, a.update(shape=(), weak_type=False)))
    bits = registry.INFO[a.name].bits
    if bits < 64:  # JAX's ``seed & np.uint32(0xFFFFFFFF)`` under standard promotion: the low 32 bits either way
        lo = value
    else:
        lo = lax.bitwise_and(value, lax.const(0xFFFFFFFF, a.update(shape=(), weak_type=False)))
    k1 = lax.reshape(lax.convert_element_type(hi, UINT32), (1,))
    k2 = lax.reshape(lax.convert_element_type(lo, UINT32), (1,))
    return _concat(k1, k2)


def threefry_2x32(key: Any, count: Any) -> Any:
    """JAX's ``threefry_2x32``: the hash of a uint32 counter array (flattened, padded to even length, hashed as two
    halves), in ``count``'s shape."""
    k1, k2 = _halves(key)
    shape = lax.aval_of(count).shape
    n = math.prod(shape)
    flat = lax.reshape(count, (n,))
    if n % 2:
        flat = _concat(flat, lax.full((1,), 0, UINT32))
    half = (n + 1) // 2
    x1, x2 = lax.slice(flat, (0,), (half,)), lax.slice(flat, (half,), (2 * half,))
    y1, y2 = threefry2x32_p.bind(k1, k2, x1, x2)
    out = _concat(y1, y2)
    if n % 2:
        out = lax.slice(out, (0,), (n,))
    return lax.reshape(out, shape)


def _iota_2x32(shape: tuple[int, ...]) -> tuple[Any, Any]:
    if not shape:
        zero = lax.full((), 0, UINT32)
        return zero, zero
    hi, lo = iota_2x32_shape_p.bind(shape=tuple(shape))
    return hi, lo


def split(key: Any, shape: tuple[int, ...]) -> Any:
    """``shape`` new keys (``uint32[*shape, 2]``): the hash of each key's index (partitionable split)."""
    k1, k2 = _halves(key)
    c1, c2 = _iota_2x32(shape)
    b1, b2 = threefry2x32_p.bind(k1, k2, c1, c2)
    return _concat(lax.reshape(b1, (*shape, 1)), lax.reshape(b2, (*shape, 1)))


def fold_in(key: Any, data: Any) -> Any:
    """A new key from ``key`` and a uint32 scalar ``data``: the hash of ``data``'s seed key."""
    return threefry_2x32(key, seed(data))


def random_bits(key: Any, bit_width: int, shape: tuple[int, ...]) -> Any:
    """Uniform random bits: ``uint{bit_width}[*shape]`` (partitionable form: the hash of each element's index)."""
    if math.prod(shape) > 2 ** 64:
        raise NotImplementedError("random bits array of size exceeding 2 ** 64")
    k1, k2 = _halves(key)
    c1, c2 = _iota_2x32(shape)
    b1, b2 = threefry2x32_p.bind(k1, k2, c1, c2)
    dtype = UINT_DTYPES[bit_width]
    if bit_width == 64:
        hi = lax.convert_element_type(b1, dtype)
        lo = lax.convert_element_type(b2, dtype)
        return lax.bitwise_or(lax.shift_left(hi, lax.const(32, ShapedArray((), dtype, False))), lo)
    bits = lax.bitwise_xor(b1, b2)
    return bits if bit_width == 32 else lax.convert_element_type(bits, dtype)


# ---------------------------------------------------------------------------------------------------------------
# XLA's own generators: rng_bit_generator (stateless) and rng_uniform (stateful)


def _rng_bit_generator_rule(key: ShapedArray, *, shape: tuple[int, ...], dtype: np.dtype[Any], algorithm: Any,
                            out_sharding: None) -> list[ShapedArray]:
    return [key, ShapedArray(tuple(shape), np.dtype(dtype), False)]


rng_bit_generator_p: Final[Primitive] = Primitive("rng_bit_generator", _rng_bit_generator_rule,
                                                  multiple_results=True)
"""JAX's ``rng_bit_generator_p``: a key (``uint32[4]``, or ``uint64[2]``) to the next key and random bits of
``shape`` and an unsigned ``dtype`` (StableHLO's ``rng_bit_generator``; parameters ``shape``, ``dtype``,
``algorithm`` (a ``RandomAlgorithm``) and ``out_sharding``)."""

_ALGORITHMS: Final = {0: "DEFAULT", 1: "THREE_FRY", 2: "PHILOX"}


def _rng_bit_generator_lowering(ctx: lowering.LoweringContext, key: Any, *, shape: tuple[int, ...],
                                dtype: np.dtype[Any], algorithm: Any, out_sharding: None) -> list[Any]:
    m, hlo = ctx.m, ctx.hlo
    key_aval = ctx.avals_in[0]
    u32_key = key_aval.shape == (4,) and key_aval.dtype == UINT32
    if not (u32_key or (key_aval.shape == (2,) and key_aval.dtype == UINT64)):
        # JAX asserts this in its lowering (so tracing the call succeeds, running it fails)
        raise AssertionError(f"rng_bit_generator: the key must be uint32[4] or uint64[2], got {key_aval.str_short()}")
    out_key_aval, bits_aval = ctx.avals_out
    raw = bits_aval if bits_aval.dtype in UINT_DTYPES.values() else bits_aval.update(dtype=UINT32)
    k = key
    if u32_key:
        k = hlo.bitcast_convert(m.tensor(ShapedArray((2,), UINT64, False)),
                                hlo.reshape(m.tensor(ShapedArray((2, 2), UINT32, False)), key))
    attr = hlo.RngAlgorithmAttr.get(_ALGORITHMS[int(algorithm)])
    new_key, bits = hlo.RngBitGeneratorOp(k.type, m.tensor(raw), attr, k).results
    if u32_key:
        new_key = hlo.reshape(m.tensor(out_key_aval),
                              hlo.bitcast_convert(m.tensor(ShapedArray((2, 2), UINT32, False)), new_key))
    if raw.dtype != bits_aval.dtype:
        bits = hlo.convert(m.tensor(bits_aval), bits)
    return [new_key, bits]


lowering.RULES[rng_bit_generator_p] = _rng_bit_generator_lowering


def _rng_uniform_rule(a: ShapedArray, b: ShapedArray, *, shape: tuple[int, ...]) -> list[ShapedArray]:
    if a.dtype != b.dtype:
        raise ValueError(f"Arguments to rng_uniform must have identical dtypes, got {a.name} and {b.name}.")
    if a.shape != () or b.shape != ():
        raise ValueError(f"Arguments to rng_uniform must be scalars; got shapes {a.shape} and {b.shape}.")
    return [ShapedArray(tuple(shape), a.dtype, a.weak_type and b.weak_type)]


rng_uniform_p: Final[Primitive] = Primitive("rng_uniform", _rng_uniform_rule)
"""JAX's ``rng_uniform_p``: values of ``shape`` uniformly in ``[a, b)`` from XLA's stateful generator
(StableHLO's ``rng`` with the ``UNIFORM`` distribution): no two calls agree, nor with JAX's."""


def _rng_uniform_lowering(ctx: lowering.LoweringContext, a: Any, b: Any, *, shape: tuple[int, ...]) -> list[Any]:
    out = ctx.avals_out[0]
    dims = lowering.constant(ctx.m, np.array(out.shape, np.int64), ShapedArray((len(out.shape),), np.dtype("int64"),
                                                                                False))
    return [ctx.hlo.rng(a, b, dims, ctx.hlo.RngDistributionAttr.get("UNIFORM"))]


lowering.RULES[rng_uniform_p] = _rng_uniform_lowering
