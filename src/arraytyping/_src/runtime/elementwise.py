"""Elementwise primitives beyond :mod:`.primitives`: ``rsqrt``, ``logistic``, ``nextafter``, ``clamp``, ``clz`` and
``bitcast_convert_type``, with JAX 0.10.2's dtype, weak-type and shape rules and its lowerings (``logistic`` as
``1 / (1 + exp(-x))``, as JAX lowers it; ``nextafter`` through CHLO)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from arraytyping._src import registry
from arraytyping._src.runtime import lowering
from arraytyping._src.runtime.avals import ShapedArray, dtype_name
from arraytyping._src.runtime.chlo import chlo
from arraytyping._src.runtime.core import Primitive
from arraytyping._src.runtime.operand_checks import broadcast_shapes, check_kinds, kind, same_dtype

__all__ = ["rsqrt_p", "logistic_p", "nextafter_p", "clamp_p", "clz_p", "bitcast_convert_type_p", "broadcast_to",
           "rsqrt", "logistic", "nextafter", "clamp", "clz", "bitcast_convert_type"]


def _unary(name: str, kinds: str, *, accuracy: bool) -> Primitive:
    def rule(x: ShapedArray, accuracy: None = None) -> list[ShapedArray]:
        check_kinds(name, kinds, x)
        return [x]
    hidden = frozenset({"accuracy"}) if accuracy else frozenset()
    return Primitive(name, rule, hidden_if_empty=hidden)


rsqrt_p = _unary("rsqrt", "fc", accuracy=True)
logistic_p = _unary("logistic", "fc", accuracy=True)
clz_p = _unary("clz", "iu", accuracy=False)


def _nextafter_rule(x: ShapedArray, y: ShapedArray) -> list[ShapedArray]:
    check_kinds("nextafter", "f", x, y)
    same_dtype("nextafter", x, y)
    return [ShapedArray(broadcast_shapes("nextafter", x, y), x.dtype, x.weak_type and y.weak_type)]


nextafter_p = Primitive("nextafter", _nextafter_rule)


def _clamp_rule(lo: ShapedArray, x: ShapedArray, hi: ShapedArray) -> list[ShapedArray]:
    for name, a in (("min", lo), ("max", hi)):
        if a.shape and a.shape != x.shape:
            raise TypeError(f"clamp requires {name}.shape == operand.shape or {name}.shape == (), got "
                            f"{name}.shape={a.shape}, operand.shape={x.shape}.")
    same_dtype("clamp", lo, x, hi)
    return [ShapedArray(x.shape, x.dtype, lo.weak_type and x.weak_type and hi.weak_type)]


clamp_p = Primitive("clamp", _clamp_rule)


def _bits(dtype: np.dtype[Any]) -> int:
    info = registry.INFO[dtype_name(dtype)]
    return info.bits if info.kind != "b" else 8


def _bitcast_rule(x: ShapedArray, *, new_dtype: np.dtype[Any]) -> list[ShapedArray]:
    new_name = dtype_name(new_dtype)
    new_kind = registry.INFO[new_name].kind
    if (kind(x) in "bc" or new_kind in "bc") and x.dtype != new_dtype:
        raise TypeError("lax.bitcast_convert_type does not support bool or complex values unless the operand and "
                        f"destination types match. Got operand dtype={x.name}, "
                        f"new_dtype={new_name}. "
                        "Consider using the arr.view() method instead.")
    old_bits, new_bits = _bits(x.dtype), _bits(new_dtype)
    if old_bits == new_bits:
        shape = x.shape
    elif old_bits > new_bits:
        shape = (*x.shape, old_bits // new_bits)
    else:
        size = x.shape[-1] if x.shape else 1
        if size * old_bits != new_bits:
            raise ValueError(f"Attempting to convert array of shape {x.shape} from {x.name} of size {old_bits} "
                             f"bits to {new_name} of size "
                             f"{new_bits}, bits but {size} * {old_bits} != {new_bits}")
        shape = x.shape[:-1]
    return [ShapedArray(shape, new_dtype, False)]


bitcast_convert_type_p = Primitive("bitcast_convert_type", _bitcast_rule)


# ---------------------------------------------------------------------------------------------------------------
# Lowering


def broadcast_to(ctx: lowering.LoweringContext, x: Any, aval: ShapedArray, shape: tuple[int, ...]) -> Any:
    """Broadcast an operand of rank 0, or of the output's rank with size-1 dimensions, to ``shape``."""
    if aval.shape == shape:
        return x
    dims = [] if not aval.shape else list(range(len(shape)))
    return ctx.hlo.broadcast_in_dim(ctx.m.tensor(aval.update(shape=shape)), x, ctx.m.i64s(dims))


def _nary(op: Callable[..., Any]) -> Callable[..., list[Any]]:
    def rule(ctx: lowering.LoweringContext, *args: Any, accuracy: None = None) -> list[Any]:
        shape = ctx.avals_out[0].shape
        return [op(*(broadcast_to(ctx, a, av, shape) for a, av in zip(args, ctx.avals_in)))]
    return rule


def _logistic(ctx: lowering.LoweringContext, x: Any, accuracy: None = None) -> list[Any]:
    hlo = ctx.hlo
    one = lowering.constant(ctx.m, 1, ctx.avals_in[0].update(weak_type=False))
    return [hlo.divide(one, hlo.add(one, hlo.exponential(hlo.negate(x))))]


def _bitcast(ctx: lowering.LoweringContext, x: Any, *, new_dtype: np.dtype[Any]) -> list[Any]:
    return [ctx.hlo.bitcast_convert(ctx.m.tensor(ctx.avals_out[0]), x)]


lowering.RULES[rsqrt_p] = _nary(lambda x: lowering.mlir().hlo.rsqrt(x))
lowering.RULES[logistic_p] = _logistic
lowering.RULES[clz_p] = _nary(lambda x: lowering.mlir().hlo.count_leading_zeros(x))
lowering.RULES[nextafter_p] = _nary(lambda x, y: chlo().next_after(x, y))
lowering.RULES[clamp_p] = _nary(lambda lo, x, hi: lowering.mlir().hlo.clamp(lo, x, hi))
lowering.RULES[bitcast_convert_type_p] = _bitcast


def rsqrt(x: Any) -> Any: return rsqrt_p.bind(x, accuracy=None)
def logistic(x: Any) -> Any: return logistic_p.bind(x, accuracy=None)
def clz(x: Any) -> Any: return clz_p.bind(x)
def nextafter(x: Any, y: Any) -> Any: return nextafter_p.bind(x, y)
def clamp(lo: Any, x: Any, hi: Any) -> Any: return clamp_p.bind(lo, x, hi)
def bitcast_convert_type(x: Any, new_dtype: np.dtype[Any]) -> Any:
    return bitcast_convert_type_p.bind(x, new_dtype=new_dtype)
