"""Windowed reductions: ``reduce_window_sum``, ``reduce_window_max``, ``reduce_window_min`` (the monoids JAX
recognizes in ``lax.reduce_window``) and the generic ``reduce_window`` (any reducer, as a jaxpr over scalars), with
JAX 0.10.2's shape and dtype rules and StableHLO ``reduce_window`` lowerings."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

import numpy as np

from arraytyping._src.dtypes.config import config
from arraytyping._src.core.staging import abstractify, trace_to_jaxpr
from arraytyping._src.xla import lowering
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.trace import Primitive
from arraytyping._src.core.jaxpr import ClosedJaxpr, Jaxpr, Literal, Var
from arraytyping._src.lax.operand_checks import kind

__all__ = ["bind_reduce_window", "reducer_jaxpr", "reduce_window_sum_p", "reduce_window_max_p", "reduce_window_min_p", "reduce_window_p", "window_shape",
           "MONOIDS"]

Pads = tuple[tuple[int, int], ...]


def _dilate(shape: Sequence[int], dilation: Sequence[int]) -> tuple[int, ...]:
    if not all(d > 0 for d in dilation):
        raise TypeError(f"All dilations must be positive, got {tuple(dilation)}.")
    return tuple(0 if s == 0 else 1 + d * (s - 1) for s, d in zip(shape, dilation))


def _check_shapelike(arg: str, obj: Sequence[int], non_zero: bool = False) -> None:
    if any(d < 0 for d in obj):
        raise TypeError(f"reduce_window {arg} must have every element be nonnegative, got {tuple(obj)}.")
    if non_zero and any(d == 0 for d in obj):
        raise TypeError(f"reduce_window {arg} must have every element be positive, got {tuple(obj)}.")


def window_shape(operand: ShapedArray, window_dimensions: tuple[int, ...], window_strides: tuple[int, ...],
                 padding: Pads, base_dilation: tuple[int, ...], window_dilation: tuple[int, ...]) -> tuple[int, ...]:
    """JAX's ``_common_reduce_window_shape_rule``."""
    _check_shapelike("window_dimensions", window_dimensions, non_zero=True)
    _check_shapelike("window_strides", window_strides, non_zero=True)
    _check_shapelike("base_dilation", base_dilation)
    _check_shapelike("window_dilation", window_dilation)
    if operand.ndim != len(window_dimensions):
        raise TypeError(f"reduce_window got the wrong number of window_dimensions for operand: got operand shape "
                        f"{operand.shape} with window_dimensions {window_dimensions}.")
    for name, v in (("window_strides", window_strides), ("base_dilation", base_dilation),
                    ("window_dilation", window_dilation)):
        if len(v) != len(window_dimensions):
            raise TypeError(f"reduce_window got inconsistent {name} and window_dimensions: got {name} {v} and "
                            f"window_dimensions {window_dimensions}.")
    if len(padding) != operand.ndim:
        raise ValueError(f"reduce_window padding must have one (low, high) pair per dimension, got {padding}")
    shape = _dilate(operand.shape, base_dilation)
    window = _dilate(window_dimensions, window_dilation)
    padded = tuple(d + lo + hi for d, (lo, hi) in zip(shape, padding))
    return tuple(max((p - w) // s + 1, 0) for p, w, s in zip(padded, window, window_strides))


def _monoid_rule(name: str, numbers_only: bool) -> Any:
    def rule(x: ShapedArray, *, window_dimensions: tuple[int, ...], window_strides: tuple[int, ...], padding: Pads,
             base_dilation: tuple[int, ...], window_dilation: tuple[int, ...]) -> list[ShapedArray]:
        if numbers_only and kind(x) == "b":
            raise TypeError(f"operand to {name} must have a number dtype, got {x.name}")
        shape = window_shape(x, window_dimensions, window_strides, padding, base_dilation, window_dilation)
        return [x.update(shape=shape)]
    return rule


reduce_window_sum_p: Final[Primitive] = Primitive("reduce_window_sum", _monoid_rule("reduce_window_sum", True))
reduce_window_max_p: Final[Primitive] = Primitive("reduce_window_max", _monoid_rule("reduce_window_max", False))
reduce_window_min_p: Final[Primitive] = Primitive("reduce_window_min", _monoid_rule("reduce_window_min", False))

MONOIDS: dict[str, Primitive] = {"add": reduce_window_sum_p, "max": reduce_window_max_p, "min": reduce_window_min_p}
"""The reducers ``lax.reduce_window`` recognizes (with their identity as the initial value)."""


def _generic_rule(*avals: ShapedArray, jaxpr: Jaxpr, consts: tuple[Any, ...], window_dimensions: tuple[int, ...],
                  window_strides: tuple[int, ...], padding: Pads, base_dilation: tuple[int, ...],
                  window_dilation: tuple[int, ...]) -> list[ShapedArray]:
    n = len(avals) // 2
    operands, inits = avals[:n], avals[n:]
    if any(o.dtype != i.dtype for o, i in zip(operands, inits)):
        raise TypeError(f"reduce_window got inconsistent dtypes for operands and init_values: got operand dtypes "
                        f"{[o.name for o in operands]} and init_value dtypes {[i.name for i in inits]}.")
    if any(i.shape for i in inits):
        raise TypeError(f"reduce_window expected init_values to be scalars but init_values have shapes "
                        f"{[i.shape for i in inits]}.")
    shape = window_shape(operands[0], window_dimensions, window_strides, padding, base_dilation, window_dilation)
    return [ShapedArray(shape, o.dtype, False) for o in operands]


reduce_window_p: Final[Primitive] = Primitive("reduce_window", _generic_rule, multiple_results=True)


# ---------------------------------------------------------------------------------------------------------------
# Lowering


def _window_op(ctx: lowering.LoweringContext, operands: Sequence[Any], inits: Sequence[Any],
               scalars: Sequence[ShapedArray], window_dimensions: tuple[int, ...], window_strides: tuple[int, ...],
               padding: Pads, base_dilation: tuple[int, ...], window_dilation: tuple[int, ...]) -> Any:
    m = ctx.m
    pads = np.array(padding, dtype=np.int64).reshape(len(padding), 2)
    op = ctx.hlo.ReduceWindowOp([m.tensor(a) for a in ctx.avals_out], list(operands), list(inits),
                                m.i64s(window_dimensions), window_strides=m.i64s(window_strides),
                                base_dilations=m.i64s(base_dilation), window_dilations=m.i64s(window_dilation),
                                padding=m.ir.DenseIntElementsAttr.get(pads))
    types = [m.tensor(s) for s in scalars]
    block = op.regions[0].blocks.append(*types, *types)
    return op, block


def _monoid_lower(name: str) -> Any:
    def rule(ctx: lowering.LoweringContext, x: Any, *, window_dimensions: tuple[int, ...],
             window_strides: tuple[int, ...], padding: Pads, base_dilation: tuple[int, ...],
             window_dilation: tuple[int, ...]) -> list[Any]:
        scalar = ctx.avals_in[0].update(shape=(), weak_type=False)
        identity = lowering.reduce_identity(name, scalar)
        init = lowering.constant(ctx.m, identity, scalar)
        op, block = _window_op(ctx, [x], [init], [scalar], window_dimensions, window_strides, padding,
                               base_dilation, window_dilation)
        with ctx.m.ir.InsertionPoint(block):
            a, b = block.arguments
            combine = {"sum": ctx.hlo.add, "max": ctx.hlo.maximum, "min": ctx.hlo.minimum}[name]
            ctx.hlo.return_([combine(a, b)])
        return [op.results[0]]
    return rule


lowering.RULES[reduce_window_sum_p] = _monoid_lower("sum")
lowering.RULES[reduce_window_max_p] = _monoid_lower("max")
lowering.RULES[reduce_window_min_p] = _monoid_lower("min")


def lower_body(m: Any, jaxpr: Jaxpr, consts: Sequence[Any], args: Sequence[Any]) -> list[Any]:
    """The values of ``jaxpr``'s outputs, its equations lowered at the current insertion point."""
    env: dict[Var, Any] = dict(zip(jaxpr.constvars, consts))
    env.update(zip(jaxpr.in_binders, args))

    def read(x: Var | Literal) -> Any:
        return lowering.constant(m, x.val, x.aval) if isinstance(x, Literal) else env[x]

    for eqn in jaxpr.eqns:
        rule = lowering.RULES.get(eqn.primitive)
        if rule is None:
            raise lowering.LoweringError(f"no StableHLO lowering for primitive {eqn.primitive.name}")
        ctx = lowering.LoweringContext(m, [x.aval for x in eqn.inputs], [v.aval for v in eqn.out_binders])
        env.update(zip(eqn.out_binders, rule(ctx, *map(read, eqn.inputs), **eqn.params)))
    return [read(x) for x in jaxpr.outs]


def _generic_lower(ctx: lowering.LoweringContext, *args: Any, jaxpr: Jaxpr, consts: tuple[Any, ...],
                   window_dimensions: tuple[int, ...], window_strides: tuple[int, ...], padding: Pads,
                   base_dilation: tuple[int, ...], window_dilation: tuple[int, ...]) -> list[Any]:
    n = len(args) // 2
    scalars = [a.update(weak_type=False) for a in ctx.avals_in[n:]]
    op, block = _window_op(ctx, args[:n], args[n:], scalars, window_dimensions, window_strides, padding,
                           base_dilation, window_dilation)
    with ctx.m.ir.InsertionPoint(block):
        const_values = [lowering.constant(ctx.m, np.asarray(c.val if hasattr(c, "val") else c), c.aval)
                        for c in consts]
        ctx.hlo.return_(lower_body(ctx.m, jaxpr, const_values, list(block.arguments)))
    return list(op.results)


lowering.RULES[reduce_window_p] = _generic_lower


# ---------------------------------------------------------------------------------------------------------------
# The generic reduce_window of a Python computation


_REDUCERS: dict[tuple[Any, ...], ClosedJaxpr] = {}


def reducer_jaxpr(computation: Callable[..., Any], avals: tuple[ShapedArray, ...], single: bool) -> ClosedJaxpr:
    """The jaxpr of ``computation`` over scalars of the initial values' types (traced once per computation and
    types, so repeated calls reuse one compiled executable)."""
    key = (computation, avals, single, config.lattice_config)
    closed = _REDUCERS.get(key)
    if closed is None:
        n = len(avals)

        def reducer(*xs: Any) -> Any:
            return computation(xs[0], xs[1]) if single else computation(tuple(xs[:n]), tuple(xs[n:]))

        closed, out_tree = trace_to_jaxpr(reducer, [*avals, *avals], "reduce_window comp")
        if out_tree.num_leaves != n or (not single and out_tree.kind not in ("tuple", "list")):
            raise ValueError("reduce_window output must have the same tree structure as the operands")
        if [a.dtype for a in closed.out_avals] != [a.dtype for a in avals]:
            raise TypeError(f"reduce_window computation must return the initial values' types, got "
                            f"{[a.str_short() for a in closed.out_avals]} for {[a.str_short() for a in avals]}")
        _REDUCERS[key] = closed
    return closed


def bind_reduce_window(operands: Sequence[Any], inits: Sequence[Any], computation: Callable[..., Any], single: bool,
                       **params: Any) -> list[Any]:
    """The generic ``reduce_window`` of ``computation`` (of two scalars, or with ``single`` false of two tuples of
    them) over ``operands`` from ``inits``, its window parameters already normalized."""
    closed = reducer_jaxpr(computation, tuple(abstractify(i) for i in inits), single)
    return list(reduce_window_p.bind(*operands, *inits, jaxpr=closed.jaxpr, consts=tuple(closed.consts), **params))
