"""The ``top_k`` primitive: the ``k`` largest entries along an axis and their int32 indices (ties: the lower index
first), with JAX 0.10.2's abstract-evaluation rule and lowering (CHLO's ``top_k`` along the last axis, the axis
moved there and back by transposes)."""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from arraytyping import op_rules
from arraytyping._src.xla import lowering
from arraytyping._src.xla.backend import jaxlib_extension
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.trace import Primitive

__all__ = ["top_k_p", "top_k", "approx_top_k_p"]


def _top_k_rule(x: ShapedArray, *, k: int, axis: int) -> list[ShapedArray]:
    _, (indices, weak) = op_rules.lax_top_k_result((x.name, x.weak_type))  # refuses complex
    if k < 0:
        raise ValueError(f"k argument to top_k must be nonnegative, got {k}")
    if x.ndim == 0:
        raise TypeError(f"top_k operand must have >= 1 dimension, got {x.shape}")
    if not 0 <= axis < x.ndim:
        raise ValueError(f"axis argument out of range: axis={axis} for operand.shape={x.shape}")
    if x.shape[axis] < k:
        raise ValueError(f"k argument to top_k must be no larger than size along axis; got k={k} with "
                         f"shape={list(x.shape)} and axis={axis}")
    shape = (*x.shape[:axis], k, *x.shape[axis + 1:])
    return [x.update(shape=shape), ShapedArray(shape, np.dtype(indices), weak)]  # JAX: the operand's weak flag


top_k_p: Final[Primitive] = Primitive("top_k", _top_k_rule, multiple_results=True)


def _top_k_lower(ctx: lowering.LoweringContext, x: Any, *, k: int, axis: int) -> list[Any]:
    hlo, m = ctx.hlo, ctx.m
    ndim = ctx.avals_in[0].ndim
    perm = None
    if axis != ndim - 1:
        perm = list(range(ndim))
        perm[axis], perm[-1] = perm[-1], perm[axis]
        x = hlo.transpose(x, m.i64s(perm))
    ir = m.ir
    results = list(ctx.chlo.top_k(x, ir.IntegerAttr.get(ir.IntegerType.get_signless(64), k)))
    if perm is not None:
        results = [hlo.transpose(r, m.i64s(perm)) for r in results]
    return results


lowering.RULES[top_k_p] = _top_k_lower


def top_k(x: Any, k: int, axis: int) -> tuple[Any, Any]:
    values, indices = top_k_p.bind(x, k=k, axis=axis)
    return values, indices


# ---------------------------------------------------------------------------------------------------------------
# approx_top_k (jax.lax.approx_max_k / approx_min_k)


def _reduction_output_size(size: int, rank: int, k: int, recall_target: float, aggregate_to_topk: bool,
                           size_override: int) -> int:
    """XLA's ``ApproxTopKReductionOutputSize`` (jaxlib's), the size of the reduced axis without aggregation."""
    out: tuple[int, int] = jaxlib_extension().approx_top_k_reduction_output_size(
        size, rank, k, recall_target, aggregate_to_topk, size_override)
    return int(out[0])


def _approx_top_k_rule(x: ShapedArray, *, k: int, reduction_dimension: int, recall_target: float, is_max_k: bool,
                       reduction_input_size_override: int, aggregate_to_topk: bool) -> list[ShapedArray]:
    """JAX's ``_approx_top_k_abstract_eval``."""
    if k <= 0:
        raise ValueError(f"k must be positive, got {k}")
    if x.ndim == 0:
        raise TypeError(f"approx_top_k operand must have >= 1 dimension, got {x.shape}")
    dims = list(x.shape)
    if not -len(dims) <= reduction_dimension < len(dims):
        raise IndexError("list index out of range")
    if dims[reduction_dimension] < k:
        raise ValueError(f"k must be smaller than the size of reduction_dim {dims[reduction_dimension]}, got {k}")
    if x.dtype.kind != "f" and not (x.dtype.kind == "V" or x.name.startswith(("bfloat", "float"))):
        raise ValueError("operand must be a floating type")
    size = dims[reduction_dimension]
    dims[reduction_dimension] = k if aggregate_to_topk else _reduction_output_size(
        size, len(dims), k, recall_target, aggregate_to_topk, reduction_input_size_override)
    shape = tuple(dims)
    return [x.update(shape=shape), x.update(shape=shape, dtype=np.dtype("int32"))]  # JAX: the operand's weak flag


approx_top_k_p: Final[Primitive] = Primitive("approx_top_k", _approx_top_k_rule, multiple_results=True)
"""JAX's ``approx_top_k_p``: the ``k`` largest (``is_max_k``) or smallest entries along ``reduction_dimension``
and their int32 indices; parameters ``k``, ``reduction_dimension``, ``recall_target``, ``is_max_k``,
``reduction_input_size_override``, ``aggregate_to_topk``. Lowered, as JAX lowers it off TPUs, to XLA's
``ApproxTopK`` custom call marked as the fallback (an exact top-k by sorting)."""


def _module_of(m: Any) -> Any:
    """The module operation the current insertion point is in."""
    op = m.ir.InsertionPoint.current.block.owner
    while op is not None and op.operation.name != "builtin.module":
        op = op.operation.parent
    return op


def _comparator(m: Any, elt: Any, is_max_k: bool) -> str:
    """JAX's ``_comparator_builder_mlir``: a function of (value, value, index, index) comparing the values (``GT``
    for the largest, ``LT`` for the smallest), declared once per module."""
    ir, hlo, func = m.ir, m.hlo, m.func
    name = f"top_k_{'gt' if is_max_k else 'lt'}_{elt}_comparator"
    module = _module_of(m)
    body = module.regions[0].blocks[0]
    if any("sym_name" in op.attributes and ir.StringAttr(op.attributes["sym_name"]).value == name
           for op in (o.operation for o in body.operations)):
        return name
    scalar = ir.RankedTensorType.get([], elt)
    index = ir.RankedTensorType.get([], ir.IntegerType.get_signless(32))
    fn_type = ir.FunctionType.get([scalar, scalar, index, index],
                                  [ir.RankedTensorType.get([], ir.IntegerType.get_signless(1))])
    with ir.InsertionPoint.at_block_begin(body):
        fn = func.FuncOp(name, fn_type)
    block = fn.add_entry_block()
    with ir.InsertionPoint(block):
        p0, p1, _, _ = block.arguments
        hlo.return_([hlo.compare(p0, p1, hlo.ComparisonDirectionAttr.get("GT" if is_max_k else "LT"))])
    return name


def _approx_top_k_lower(ctx: lowering.LoweringContext, x: Any, *, k: int, reduction_dimension: int,
                        recall_target: float, is_max_k: bool, reduction_input_size_override: int,
                        aggregate_to_topk: bool) -> list[Any]:
    m, hlo = ctx.m, ctx.hlo
    ir = m.ir
    aval = ctx.avals_in[0]
    dim = reduction_dimension % aval.ndim
    elt = m.elt[aval.name]()
    name = _comparator(m, elt, is_max_k)
    iota = hlo.iota(m.tensor(ShapedArray(aval.shape, np.dtype("int32"), False)),
                    ir.IntegerAttr.get(ir.IntegerType.get_signless(64), dim))
    scalar = aval.update(shape=(), weak_type=False)
    init_val = lowering.constant(m, -np.inf if is_max_k else np.inf, scalar)
    init_arg = lowering.constant(m, -1, ShapedArray((), np.dtype("int32"), False))
    i64 = ir.IntegerType.get_signless(64)
    config = {"reduction_dim": ir.IntegerAttr.get(i64, dim),
              "recall_target": ir.FloatAttr.get(ir.F32Type.get(), recall_target),
              "aggregate_to_topk": ir.BoolAttr.get(aggregate_to_topk),
              "reduction_input_size_override": ir.IntegerAttr.get(i64, reduction_input_size_override),
              "is_fallback": ir.BoolAttr.get(True),
              "top_k": ir.IntegerAttr.get(i64, k)}
    attributes = {
        "call_target_name": ir.StringAttr.get("ApproxTopK"),
        "has_side_effect": ir.BoolAttr.get(False),
        "backend_config": ir.StringAttr.get(""),
        "api_version": ir.IntegerAttr.get(ir.IntegerType.get_signless(32), 1),
        "called_computations": ir.ArrayAttr.get([ir.FlatSymbolRefAttr.get(name)]),
    }
    op = hlo.CustomCallOp.build_generic(results=[m.tensor(a) for a in ctx.avals_out],
                                        operands=[x, iota, init_val, init_arg], attributes=attributes)
    op.operation.attributes["mhlo.backend_config"] = ir.DictAttr.get(config)
    return list(op.results)


lowering.RULES[approx_top_k_p] = _approx_top_k_lower
