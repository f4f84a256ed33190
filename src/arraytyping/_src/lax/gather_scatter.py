"""``gather`` and the ``scatter`` family (``scatter``, ``scatter-add``, ``scatter-mul``, ``scatter-min``,
``scatter-max``): XLA's indexed reads and writes, with the dimension numbers, modes, abstract-evaluation rules and
StableHLO lowerings of JAX 0.10.2's ``lax.gather_p``/``scatter_p`` (index vectors on the last axis of the indices;
gathers and scatters take batching dimensions, as ``take_along_axis`` and the transpose of ``sort``'s JVP use them).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from typing import Any, Final, NamedTuple

import numpy as np

from arraytyping._src.dtypes import registry
from arraytyping._src.lax import primitives as P
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.trace import Primitive
from arraytyping._src.core.jaxpr import Jaxpr, JaxprEqn, Var
from arraytyping._src.core.staging import abstractify
from arraytyping._src.xla.lowering import RULES, LoweringContext, compare, constant

__all__ = ["GatherDimensionNumbers", "ScatterDimensionNumbers", "GatherScatterMode", "gather_p", "scatter_p",
           "scatter_add_p", "scatter_sub_p", "scatter_mul_p", "scatter_min_p", "scatter_max_p", "gather", "scatter", "PRIMITIVES"]


class GatherDimensionNumbers(NamedTuple):
    """XLA's gather dimension numbers (JAX's ``lax.GatherDimensionNumbers``; printed as JAX prints them)."""

    offset_dims: tuple[int, ...]
    collapsed_slice_dims: tuple[int, ...]
    start_index_map: tuple[int, ...]
    operand_batching_dims: tuple[int, ...] = ()
    start_indices_batching_dims: tuple[int, ...] = ()


class ScatterDimensionNumbers(NamedTuple):
    """XLA's scatter dimension numbers (JAX's ``lax.ScatterDimensionNumbers``)."""

    update_window_dims: tuple[int, ...]
    inserted_window_dims: tuple[int, ...]
    scatter_dims_to_operand_dims: tuple[int, ...]
    operand_batching_dims: tuple[int, ...] = ()
    scatter_indices_batching_dims: tuple[int, ...] = ()


class GatherScatterMode(enum.Enum):
    """How out-of-bounds indices are handled (JAX's ``lax.GatherScatterMode``): ``CLIP`` clamps them,
    ``FILL_OR_DROP`` fills gathered windows that leave the operand (drops such scattered windows),
    ``PROMISE_IN_BOUNDS`` leaves it to XLA (a gather clamps, a scatter drops)."""

    CLIP = enum.auto()
    FILL_OR_DROP = enum.auto()
    PROMISE_IN_BOUNDS = enum.auto()
    ONE_HOT = enum.auto()

    @staticmethod
    def from_any(s: str | GatherScatterMode | None) -> GatherScatterMode:
        if isinstance(s, GatherScatterMode):
            return s
        if s == "clip":
            return GatherScatterMode.CLIP
        if s is None or s == "fill" or s == "drop":
            return GatherScatterMode.FILL_OR_DROP
        if s == "promise_in_bounds":
            return GatherScatterMode.PROMISE_IN_BOUNDS
        raise ValueError(f'Unknown gather mode "{s}"')


def _kind(a: ShapedArray) -> str:
    return registry.INFO[a.name].kind


def _check_indices(name: str, indices: ShapedArray) -> None:
    if _kind(indices) not in "iu":
        raise ValueError("indices must have an integer type")
    if indices.ndim < 1:
        raise TypeError(f"{name} indices must have rank at least 1 (the index vector is their last axis)")


def _gather_rule(operand: ShapedArray, indices: ShapedArray, *, dimension_numbers: GatherDimensionNumbers,
                 slice_sizes: tuple[int, ...], unique_indices: bool, indices_are_sorted: bool,
                 mode: GatherScatterMode, fill_value: Any) -> list[ShapedArray]:
    dn = dimension_numbers
    _check_indices("gather", indices)
    if len(dn.operand_batching_dims) != len(dn.start_indices_batching_dims):
        raise TypeError("gather needs as many operand batching dimensions as start-index batching dimensions")
    if len(slice_sizes) != operand.ndim or any(not 0 <= s <= n for s, n in zip(slice_sizes, operand.shape)):
        raise TypeError(f"gather slice_sizes {slice_sizes} do not fit operand shape {operand.shape}")
    if indices.shape[-1] != len(dn.start_index_map):
        raise TypeError(f"gather index vectors of length {indices.shape[-1]} do not match start_index_map "
                        f"{dn.start_index_map}")
    if any(slice_sizes[d] > 1 for d in (*dn.collapsed_slice_dims, *dn.operand_batching_dims)):
        raise TypeError(f"gather collapses dimensions {dn.collapsed_slice_dims} whose slices are not of size 1")
    offsets = [s for d, s in enumerate(slice_sizes)
               if d not in dn.collapsed_slice_dims and d not in dn.operand_batching_dims]
    batch = list(indices.shape[:-1])
    rank = len(batch) + len(offsets)
    if len(dn.offset_dims) != len(offsets) or any(not 0 <= d < rank for d in dn.offset_dims):
        raise TypeError(f"gather offset_dims {dn.offset_dims} do not match {len(offsets)} offset dimensions")
    shape: list[int] = []
    for pos in range(rank):
        shape.append(offsets.pop(0) if pos in dn.offset_dims else batch.pop(0))
    return [ShapedArray(tuple(shape), operand.dtype, operand.weak_type)]


gather_p: Final[Primitive] = Primitive("gather", _gather_rule)


def _gather_lower(ctx: LoweringContext, operand: Any, indices: Any, *, dimension_numbers: GatherDimensionNumbers,
                  slice_sizes: tuple[int, ...], unique_indices: bool, indices_are_sorted: bool,
                  mode: GatherScatterMode, fill_value: Any) -> list[Any]:
    m, hlo = ctx.m, ctx.hlo
    dn = dimension_numbers
    op_aval, idx_aval = ctx.avals_in
    out = ctx.avals_out[0]
    if 0 in out.shape:
        return [constant(m, 0, out)]
    hdn = hlo.GatherDimensionNumbers.get(
        offset_dims=list(dn.offset_dims), collapsed_slice_dims=list(dn.collapsed_slice_dims),
        operand_batching_dims=list(dn.operand_batching_dims),
        start_indices_batching_dims=list(dn.start_indices_batching_dims), start_index_map=list(dn.start_index_map),
        index_vector_dim=idx_aval.ndim - 1)
    result = hlo.gather(operand, indices, hdn, m.i64s(slice_sizes),
                        indices_are_sorted=m.ir.BoolAttr.get(indices_are_sorted))
    if mode != GatherScatterMode.FILL_OR_DROP:
        return [result]
    # JAX's _gather_fill: in-bounds windows (0 <= start <= dim - size on every indexed axis) keep their values.
    i32 = idx_aval.update(dtype=np.dtype("int32"), weak_type=False)
    idx = indices if idx_aval.dtype == i32.dtype else hlo.convert(m.tensor(i32), indices)
    upper = np.array([op_aval.shape[d] - slice_sizes[d] for d in dn.start_index_map], dtype=np.int32)
    upper_aval = i32.update(shape=(len(upper),))
    upper_b = hlo.broadcast_in_dim(m.tensor(i32), constant(m, upper, upper_aval), m.i64s([i32.ndim - 1]))
    ok = hlo.and_(compare(ctx, idx, constant(m, 0, i32), i32, "GE"), compare(ctx, idx, upper_b, i32, "LE"))
    bool_aval = i32.update(dtype=np.dtype(bool))
    red_aval = bool_aval.update(shape=idx_aval.shape[:-1])
    red = hlo.ReduceOp([m.tensor(red_aval)], [ok], [constant(m, True, bool_aval.update(shape=()))],
                       m.i64s([i32.ndim - 1]))
    st = m.tensor(bool_aval.update(shape=()))
    block = red.regions[0].blocks.append(st, st)
    with m.ir.InsertionPoint(block):
        hlo.return_([hlo.and_(*block.arguments)])
    batch_dims = [d for d in range(out.ndim) if d not in dn.offset_dims]
    mask = hlo.broadcast_in_dim(m.tensor(out.update(dtype=np.dtype(bool))), red.results[0], m.i64s(batch_dims))
    return [hlo.select(mask, result, constant(m, fill_value, out))]


RULES[gather_p] = _gather_lower


def _scatter_rule(name: str) -> Callable[..., list[ShapedArray]]:
    def rule(operand: ShapedArray, indices: ShapedArray, updates: ShapedArray, *,
             dimension_numbers: ScatterDimensionNumbers, indices_are_sorted: bool, unique_indices: bool,
             mode: GatherScatterMode) -> list[ShapedArray]:
        dn = dimension_numbers
        _check_indices(name, indices)
        if operand.dtype != updates.dtype:
            raise TypeError(f"{name} requires arguments to have the same dtype, got {operand.name} and "
                            f"{updates.name}")
        if len(dn.operand_batching_dims) != len(dn.scatter_indices_batching_dims):
            raise TypeError(f"{name} needs as many operand batching dimensions as scatter-index batching dimensions")
        if indices.shape[-1] != len(dn.scatter_dims_to_operand_dims):
            raise TypeError(f"{name} index vectors of length {indices.shape[-1]} do not match "
                            f"scatter_dims_to_operand_dims {dn.scatter_dims_to_operand_dims}")
        expected_rank = indices.ndim - 1 + len(dn.update_window_dims)
        if updates.ndim != expected_rank:
            raise TypeError(f"{name} updates of rank {updates.ndim} do not match the indices and window dims "
                            f"(rank {expected_rank})")
        return [operand]
    return rule


_UPDATE_JAXPRS: Final[dict[tuple[Primitive, np.dtype[Any]], Jaxpr]] = {}


def _update_params(combiner: Primitive | None) -> Callable[[JaxprEqn], dict[str, Any]]:
    """The ``update_consts`` and ``update_jaxpr`` JAX's scatters print: the combining function as a jaxpr over two
    scalars of the operand's dtype (``None`` for ``scatter``). JAX traces it once per function and type (its
    ``_reduction_jaxpr`` is cached), so a jaxpr with two scatter-adds of one dtype prints it once, as ``jaxpr``."""
    def params(eqn: JaxprEqn) -> dict[str, Any]:
        if combiner is None:
            return {"update_consts": (), "update_jaxpr": None}
        dtype = eqn.inputs[0].aval.dtype
        jaxpr = _UPDATE_JAXPRS.get((combiner, dtype))
        if jaxpr is None:
            scalar = ShapedArray((), dtype)
            x, y, out = Var(scalar), Var(scalar), Var(scalar)
            jaxpr = _UPDATE_JAXPRS[combiner, dtype] = Jaxpr([], [x, y], [JaxprEqn(combiner, [x, y], {}, [out])], [out])
        return {"update_consts": (), "update_jaxpr": jaxpr}
    return params


scatter_p: Final[Primitive] = Primitive("scatter", _scatter_rule("scatter"), printed_params=_update_params(None))
scatter_add_p: Final[Primitive] = Primitive("scatter-add", _scatter_rule("scatter-add"), printed_params=_update_params(P.add_p))
scatter_sub_p: Final[Primitive] = Primitive("scatter-sub", _scatter_rule("scatter-sub"),
                                           printed_params=_update_params(P.sub_p))
scatter_mul_p: Final[Primitive] = Primitive("scatter-mul", _scatter_rule("scatter-mul"), printed_params=_update_params(P.mul_p))
scatter_min_p: Final[Primitive] = Primitive("scatter-min", _scatter_rule("scatter-min"), printed_params=_update_params(P.min_p))
scatter_max_p: Final[Primitive] = Primitive("scatter-max", _scatter_rule("scatter-max"), printed_params=_update_params(P.max_p))

_COMBINE: Final[dict[Primitive, str | None]] = {scatter_p: None, scatter_add_p: "add", scatter_sub_p: "subtract",
                                                 scatter_mul_p: "multiply",
                                                 scatter_min_p: "minimum", scatter_max_p: "maximum"}


def _clamp_indices(ctx: LoweringContext, indices: Any, dn: ScatterDimensionNumbers) -> Any:
    """JAX's ``_clamp_scatter_indices``: each start index clamped to ``[0, dim - window size]``."""
    m, hlo = ctx.m, ctx.hlo
    operand, idx_aval, updates = ctx.avals_in
    sizes: list[int] = []
    pos = 0
    for i in range(operand.ndim):
        if i in dn.inserted_window_dims or i in dn.operand_batching_dims:
            sizes.append(1)
        else:
            sizes.append(updates.shape[dn.update_window_dims[pos]])
            pos += 1
    upper = np.array([operand.shape[i] - sizes[i] for i in dn.scatter_dims_to_operand_dims])
    upper_aval = idx_aval.update(shape=(len(upper),), weak_type=False)
    upper_b = hlo.broadcast_in_dim(m.tensor(idx_aval), constant(m, upper, upper_aval), m.i64s([idx_aval.ndim - 1]))
    return hlo.clamp(constant(m, 0, idx_aval.update(shape=())), indices, upper_b)


def _scatter_lower(prim: Primitive) -> Callable[..., list[Any]]:
    combine = _COMBINE[prim]

    def rule(ctx: LoweringContext, operand: Any, indices: Any, updates: Any, *,
             dimension_numbers: ScatterDimensionNumbers, indices_are_sorted: bool, unique_indices: bool,
             mode: GatherScatterMode) -> list[Any]:
        m, hlo = ctx.m, ctx.hlo
        dn = dimension_numbers
        op_aval, idx_aval, _ = ctx.avals_in
        if mode == GatherScatterMode.CLIP:
            indices = _clamp_indices(ctx, indices, dn)
        hdn = hlo.ScatterDimensionNumbers.get(
            update_window_dims=list(dn.update_window_dims), inserted_window_dims=list(dn.inserted_window_dims),
            input_batching_dims=list(dn.operand_batching_dims),
            scatter_indices_batching_dims=list(dn.scatter_indices_batching_dims),
            scattered_dims_to_operand_dims=list(dn.scatter_dims_to_operand_dims),
            index_vector_dim=idx_aval.ndim - 1)
        op = hlo.ScatterOp([m.tensor(ctx.avals_out[0])], [operand], indices, [updates], hdn,
                           indices_are_sorted=m.ir.BoolAttr.get(indices_are_sorted),
                           unique_indices=m.ir.BoolAttr.get(unique_indices))
        st = m.tensor(op_aval.update(shape=(), weak_type=False))
        block = op.update_computation.blocks.append(st, st)
        with m.ir.InsertionPoint(block):
            old, new = block.arguments
            if combine is None:
                hlo.return_([new])
            elif _kind(op_aval) == "b":  # bool: add is "or", multiply is "and", min/max are "and"/"or"
                fn = {"add": hlo.or_, "multiply": hlo.and_, "minimum": hlo.and_, "maximum": hlo.or_}[combine]
                hlo.return_([fn(old, new)])
            else:
                hlo.return_([getattr(hlo, combine)(old, new)])
        return [op.results[0]]
    return rule


for _p in _COMBINE:
    RULES[_p] = _scatter_lower(_p)


def default_fill_value(dtype: np.dtype[Any]) -> Any:
    """JAX's fill value for out-of-bounds gathers: NaN for inexact dtypes, the minimum of signed integers, the
    maximum of unsigned ones, True for bool."""
    info = registry.info_of_dtype(dtype)
    assert info is not None
    if info.kind in "fc":
        return np.nan
    if info.kind == "b":
        return True
    import ml_dtypes  # noqa: PLC0415 - iinfo of every integer width, the 1-, 2- and 4-bit ones included
    iinfo: Any = getattr(ml_dtypes, "iinfo")
    ii: Any = iinfo(dtype)
    lo: int = int(ii.min)
    hi: int = int(ii.max)
    return lo if info.kind == "i" else hi


def gather(operand: Any, indices: Any, dimension_numbers: GatherDimensionNumbers, slice_sizes: Sequence[int], *,
           unique_indices: bool = False, indices_are_sorted: bool = False,
           mode: str | GatherScatterMode | None = GatherScatterMode.PROMISE_IN_BOUNDS, fill_value: Any = None
           ) -> Any:
    """JAX's ``lax.gather`` (``mode=None`` is ``FILL_OR_DROP``, as there)."""
    parsed = GatherScatterMode.from_any(mode)
    if parsed == GatherScatterMode.FILL_OR_DROP:
        if fill_value is None:
            fill_value = default_fill_value(abstractify(operand).dtype)
    else:
        fill_value = None
    return gather_p.bind(operand, indices, dimension_numbers=dimension_numbers, slice_sizes=tuple(slice_sizes),
                         unique_indices=bool(unique_indices), indices_are_sorted=bool(indices_are_sorted),
                         mode=parsed, fill_value=fill_value)


def scatter(prim: Primitive, operand: Any, indices: Any, updates: Any, dimension_numbers: ScatterDimensionNumbers,
            *, indices_are_sorted: bool = False, unique_indices: bool = False,
            mode: str | GatherScatterMode | None = None) -> Any:
    """One of the scatter primitives bound as JAX's ``lax.scatter*`` binds it (``mode=None`` is
    ``FILL_OR_DROP``)."""
    return prim.bind(operand, indices, updates, dimension_numbers=dimension_numbers,
                     indices_are_sorted=bool(indices_are_sorted), unique_indices=bool(unique_indices),
                     mode=GatherScatterMode.from_any(mode))


PRIMITIVES: Final[tuple[Primitive, ...]] = (gather_p, scatter_p, scatter_add_p, scatter_sub_p, scatter_mul_p,
                                            scatter_min_p, scatter_max_p)
