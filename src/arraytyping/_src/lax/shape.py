"""Primitives that assemble arrays from pieces or take them apart: ``concatenate``, ``stack``, ``unstack``, ``split``,
``pad``, ``tile`` and ``copy``, and ``empty`` (an array of a shape and dtype whose values are unspecified: zeros on
CPU, as JAX 0.10.2 lowers it there),
with their abstract-evaluation rules and StableHLO lowerings, as JAX 0.10.2 defines them."""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from arraytyping import shape_rules
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.trace import Primitive
from arraytyping._src.xla.lowering import RULES, LoweringContext, broadcast_scalar, constant
from arraytyping._src.lax.operand_checks import literal

__all__ = ["concatenate_p", "stack_p", "unstack_p", "split_p", "pad_p", "tile_p", "copy_p", "empty_p", "PRIMITIVES"]


def _same_dtype(name: str, avals: tuple[ShapedArray, ...]) -> None:
    if len({a.dtype for a in avals}) > 1:
        raise TypeError(f"{name} requires arguments to have the same dtype, got "
                        f"{', '.join(a.name for a in avals)}")


def _concatenate_rule(*operands: ShapedArray, dimension: int) -> list[ShapedArray]:
    if not operands:
        raise TypeError("concatenate needs at least one operand")
    _same_dtype("concatenate", operands)
    first = operands[0]
    if not 0 <= dimension < first.ndim:
        raise TypeError(f"concatenate dimension {dimension} is out of range for rank {first.ndim}")
    for o in operands:
        if o.ndim != first.ndim or any(s != t for i, (s, t) in enumerate(zip(o.shape, first.shape)) if i != dimension):
            raise TypeError(f"concatenate operands must agree except in dimension {dimension}, got "
                            f"{', '.join(a.str_short() for a in operands)}")
    shape = literal(shape_rules.concatenate([o.shape for o in operands], dimension))
    return [ShapedArray(shape, first.dtype, all(o.weak_type for o in operands))]


concatenate_p: Final[Primitive] = Primitive("concatenate", _concatenate_rule)


def _concatenate_lower(ctx: LoweringContext, *operands: Any, dimension: int) -> list[Any]:
    out = ctx.avals_out[0]
    wide = _WIDER.get(out.dtype.name)
    if wide is None:
        return [ctx.hlo.concatenate(list(operands), dimension)]
    # XLA's CPU backend aborts the process (ir_array.cc "Check failed: bit_offset != nullptr") compiling some
    # concatenations of sub-byte dtypes (int2/uint2 rows of 3 along axis 0), in JAX too; these dtypes are
    # concatenated widened instead, which is exact both ways
    widened = [ctx.hlo.convert(ctx.m.tensor(ShapedArray(a.shape, np.dtype(wide), False)), x)
               for a, x in zip(ctx.avals_in, operands)]
    joined = ctx.hlo.concatenate(widened, dimension)
    return [ctx.hlo.convert(ctx.m.tensor(out), joined)]


_WIDER: Final[dict[str, str]] = {
    "int1": "int8", "int2": "int8", "int4": "int8", "uint1": "uint8", "uint2": "uint8", "uint4": "uint8",
    "float4_e2m1fn": "float32"}
"""The sub-byte dtypes and the dtype each is concatenated in (every value of the narrow one is exact there)."""


RULES[concatenate_p] = _concatenate_lower


def _stack_rule(*operands: ShapedArray, axis: int) -> list[ShapedArray]:
    if not operands:
        raise TypeError("stack needs at least one operand")
    _same_dtype("stack", operands)
    shape = operands[0].shape
    if any(o.shape != shape for o in operands):
        raise TypeError(f"stack operands must have one shape, got {', '.join(a.str_short() for a in operands)}")
    if not 0 <= axis <= len(shape):
        raise TypeError(f"stack axis {axis} is out of range for rank {len(shape)}")
    out = literal(shape_rules.stack([o.shape for o in operands], axis))
    return [ShapedArray(out, operands[0].dtype, all(o.weak_type for o in operands))]


stack_p: Final[Primitive] = Primitive("stack", _stack_rule)


def _stack_lower(ctx: LoweringContext, *operands: Any, axis: int) -> list[Any]:
    m, hlo = ctx.m, ctx.hlo
    parts = [hlo.reshape(m.tensor(a.update(shape=(*a.shape[:axis], 1, *a.shape[axis:]))), x)
             for x, a in zip(operands, ctx.avals_in)]
    return [hlo.concatenate(parts, axis)]


RULES[stack_p] = _stack_lower


def _unstack_rule(x: ShapedArray, *, axis: int) -> list[ShapedArray]:
    if x.ndim == 0:
        raise ValueError(f"unstack requires arrays with rank > 0, however a scalar array of shape {x.shape} was "
                         f"passed.")
    if not 0 <= axis < x.ndim:
        raise TypeError(f"unstack axis {axis} is out of range for rank {x.ndim}")
    return [x.update(shape=(*x.shape[:axis], *x.shape[axis + 1:]))] * x.shape[axis]


unstack_p: Final[Primitive] = Primitive("unstack", _unstack_rule, multiple_results=True)
"""``stack``'s inverse: one result per index of ``axis``, that axis removed (JAX's ``lax.unstack``)."""


def _unstack_lower(ctx: LoweringContext, x: Any, *, axis: int) -> list[Any]:
    m, hlo = ctx.m, ctx.hlo
    aval = ctx.avals_in[0]
    outs: list[Any] = []
    for i, out in enumerate(ctx.avals_out):
        lo = [0] * aval.ndim
        hi = list(aval.shape)
        lo[axis], hi[axis] = i, i + 1
        piece = hlo.slice(x, m.i64s(lo), m.i64s(hi), m.i64s([1] * aval.ndim))
        outs.append(hlo.reshape(m.tensor(out), piece))
    return outs


RULES[unstack_p] = _unstack_lower


def _split_rule(x: ShapedArray, *, sizes: tuple[int, ...], axis: int) -> list[ShapedArray]:
    if not 0 <= axis < x.ndim:
        raise TypeError(f"split axis {axis} is out of range for rank {x.ndim}")
    if any(s < 0 for s in sizes) or sum(sizes) != x.shape[axis]:
        raise ValueError(f"split sizes {sizes} must be non-negative and sum to the axis size {x.shape[axis]}")
    return [x.update(shape=(*x.shape[:axis], int(s), *x.shape[axis + 1:])) for s in sizes]  # sizes may be np.int64


split_p: Final[Primitive] = Primitive("split", _split_rule, multiple_results=True)


def _split_lower(ctx: LoweringContext, x: Any, *, sizes: tuple[int, ...], axis: int) -> list[Any]:
    aval = ctx.avals_in[0]
    outs: list[Any] = []
    start = 0
    for s in sizes:
        lo = [0] * aval.ndim
        hi = list(aval.shape)
        lo[axis], hi[axis] = start, start + s
        outs.append(ctx.hlo.slice(x, ctx.m.i64s(lo), ctx.m.i64s(hi), ctx.m.i64s([1] * aval.ndim)))
        start += s
    return outs


RULES[split_p] = _split_lower


def _pad_rule(x: ShapedArray, value: ShapedArray, *, padding_config: tuple[tuple[int, int, int], ...]
              ) -> list[ShapedArray]:
    if value.dtype != x.dtype or value.shape != ():
        raise TypeError(f"pad's padding value must be a scalar of the operand's dtype {x.name}, got "
                        f"{value.str_short()}")
    if len(padding_config) != x.ndim:
        raise TypeError(f"pad needs one (low, high, interior) triple per dimension of {x.str_short()}")
    shape: list[int] = []
    for n, (lo, hi, interior) in zip(x.shape, padding_config):
        if interior < 0:
            raise ValueError(f"interior padding must be non-negative, got {padding_config}")
        size = lo + hi + n + max(n - 1, 0) * interior
        if size < 0:
            raise ValueError(f"dimension size after padding is negative: {padding_config} on {x.shape}")
        shape.append(int(size))  # an int even when the configuration holds numpy ints (as in JAX)
    return [ShapedArray(tuple(shape), x.dtype, x.weak_type and value.weak_type)]


pad_p: Final[Primitive] = Primitive("pad", _pad_rule)


def _pad_lower(ctx: LoweringContext, x: Any, value: Any, *, padding_config: tuple[tuple[int, int, int], ...]
               ) -> list[Any]:
    lo, hi, interior = zip(*padding_config) if padding_config else ((), (), ())
    i64s = ctx.m.i64s
    return [ctx.hlo.pad(x, value, i64s(lo), i64s(hi), i64s(interior))]


RULES[pad_p] = _pad_lower



def _tile_rule(x: ShapedArray, *, reps: tuple[int, ...]) -> list[ShapedArray]:
    if len(reps) != x.ndim or any(r < 0 for r in reps):
        raise TypeError(f"tile needs one non-negative repetition count per dimension of {x.str_short()}, got {reps}")
    return [x.update(shape=tuple(r * n for r, n in zip(reps, x.shape)))]


tile_p: Final[Primitive] = Primitive("tile", _tile_rule)


def _tile_lower(ctx: LoweringContext, x: Any, *, reps: tuple[int, ...]) -> list[Any]:
    """A ``broadcast_in_dim`` to ``(r0, d0, r1, d1, ...)`` and a reshape, as JAX lowers ``tile``."""
    m, hlo = ctx.m, ctx.hlo
    aval = ctx.avals_in[0]
    wide = tuple(s for r, n in zip(reps, aval.shape) for s in (r, n))
    b = hlo.broadcast_in_dim(m.tensor(aval.update(shape=wide)), x, m.i64s(range(1, 2 * aval.ndim, 2)))
    return [hlo.reshape(m.tensor(ctx.avals_out[0]), b)]


RULES[tile_p] = _tile_lower


def _copy_rule(x: ShapedArray) -> list[ShapedArray]:
    return [x]


copy_p: Final[Primitive] = Primitive("copy", _copy_rule)


def _copy_lower(ctx: LoweringContext, x: Any) -> list[Any]:
    return [x]


RULES[copy_p] = _copy_lower

PRIMITIVES: Final[tuple[Primitive, ...]] = (concatenate_p, stack_p, unstack_p, split_p, pad_p, tile_p, copy_p)


def _empty_rule(*, shape: tuple[int, ...], dtype: Any, out_sharding: None = None) -> list[ShapedArray]:
    """JAX's ``empty`` keeps the dtype it is given, uncanonicalized (``np.dtype`` of it: ``int`` is int64)."""
    return [ShapedArray(tuple(shape), np.dtype(dtype), False)]


empty_p: Final[Primitive] = Primitive("empty", _empty_rule)


def _empty_lower(ctx: LoweringContext, *, shape: tuple[int, ...], dtype: Any, out_sharding: None = None
                 ) -> list[Any]:
    """JAX's CPU lowering: a zero broadcast to the shape."""
    out = ctx.avals_out[0]
    scalar = out.update(shape=())
    zero = constant(ctx.m, np.zeros((), out.dtype), scalar)
    return [broadcast_scalar(ctx, zero, scalar, out.shape)]


RULES[empty_p] = _empty_lower
