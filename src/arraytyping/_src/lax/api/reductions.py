"""``arraytyping.lax.reduce``: JAX 0.10.2's general reduction (``jax.lax.reduce``), a monoid it recognizes as its
reduction primitive, any other computation traced over scalars into ``reduce_p``; and the approximate top-k
reductions ``approx_max_k``/``approx_min_k`` (``approx_top_k_p``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

import numpy as np

from arraytyping._src.core.jaxpr import ClosedJaxpr
from arraytyping._src.core.staging import abstractify, trace_to_jaxpr
from arraytyping._src.core.trace import Tracer
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import config
from arraytyping._src.lax import lax as _lax
from arraytyping._src.lax.api.bits import reduce_xor
from arraytyping._src.lax.api.elementwise import add, bitwise_and, bitwise_or, bitwise_xor, max, min, mul
from arraytyping._src.lax.api.operations import (
    reduce_and, reduce_max, reduce_min, reduce_or, reduce_prod, reduce_sum,
)
from arraytyping._src.lax.reduce import reduce_p
from arraytyping._src.lax.top_k import approx_top_k_p
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.tree import pytree as tree

__all__ = ["approx_max_k", "approx_min_k", "reduce"]


def _identity(op: str, dtype: np.dtype[Any]) -> Any:
    """JAX's ``_get_<op>_identity`` for ``dtype``."""
    import ml_dtypes  # noqa: PLC0415 - finfo/iinfo of every width

    if op in ("or", "xor"):
        return np.array(0, dtype)
    if op == "and":
        return np.array(-1).astype(dtype)
    inexact = dtype.kind in "fc" or registry.INFO[dtype.name].kind in "fc"
    sign = -1 if op == "max" else 1
    if inexact:
        if bool(np.isinf(np.array(np.inf).astype(dtype))):
            return np.array(sign * np.inf, dtype)
        finfo = cast(Any, ml_dtypes.finfo(dtype))  # type: ignore[no-untyped-call]
        return np.array(finfo.min if op == "max" else finfo.max, dtype)
    if dtype.kind in "iu":
        iinfo: Any = ml_dtypes.iinfo(dtype)  # type: ignore[no-untyped-call]
        return np.array(iinfo.min if op == "max" else iinfo.max, dtype)
    return np.array(op == "min", np.bool_)


_MONOIDS: dict[Callable[..., Any], tuple[str, Callable[..., Any]]] = {
    add: ("sum", reduce_sum), mul: ("prod", reduce_prod), bitwise_or: ("or", reduce_or),
    bitwise_and: ("and", reduce_and), bitwise_xor: ("xor", reduce_xor), max: ("max", reduce_max),
    min: ("min", reduce_min)}


def _monoid_reducer(computation: Callable[..., Any], inits: Sequence[Any]) -> Callable[..., Any] | None:
    """JAX's ``_get_monoid_reducer``: the reduction primitive's function when ``computation`` is one of
    ``lax.add``/``mul``/``bitwise_or``/``bitwise_and``/``bitwise_xor``/``max``/``min`` and its one initial value
    is a concrete scalar equal to its identity."""
    if len(inits) != 1:
        return None
    x, = inits
    entry = _MONOIDS.get(computation)
    if entry is None or isinstance(x, Tracer):
        return None
    aval = abstractify(x)
    if aval.shape != ():
        return None
    name, fn = entry
    dtype = aval.dtype
    intlike = dtype == np.dtype(bool) or registry.INFO[aval.name].kind in "iu"
    if name in ("or", "and", "xor") and not intlike:
        return None
    value = np.asarray(x)
    if name == "sum":
        identity: Any = 0
    elif name == "prod":
        identity = 1
    else:
        identity = _identity(name, dtype)
    return fn if bool(np.equal(value, identity)) else None


_JAXPRS: dict[tuple[Any, ...], tuple[ClosedJaxpr, tree.TreeDef]] = {}


def _reduction_jaxpr(computation: Callable[..., Any], avals: tuple[ShapedArray, ...], treedef: tree.TreeDef
                     ) -> tuple[ClosedJaxpr, tree.TreeDef]:
    """JAX's ``_variadic_reduction_jaxpr``: ``computation`` of two trees of scalars, traced once per computation
    and types (so repeated calls share one compiled executable)."""
    key = (computation, avals, treedef, config.lattice_config)
    hit = _JAXPRS.get(key)
    if hit is None:
        n = len(avals)

        def flat(*xs: Any) -> Any:
            return computation(treedef.unflatten(xs[:n]), treedef.unflatten(xs[n:]))

        hit = trace_to_jaxpr(flat, [*avals, *avals], "reduce comp")
        _JAXPRS[key] = hit
    return hit


def _weak(x: Any) -> bool:
    return abstractify(x).weak_type


def reduce(operands: Any, init_values: Any, computation: Callable[[Any, Any], Any], dimensions: Sequence[int],
           out_sharding: None = None) -> Any:
    """Reduces ``operands`` (an array, or a pytree of arrays of one shape) over the axes ``dimensions`` with
    ``computation``, starting from ``init_values`` (scalars, a pytree of the operands' structure).

    ``init_values`` and ``computation`` must form a monoid (the initial values an identity of the computation,
    which must be associative); the result is undefined otherwise. ``lax.add``, ``mul``, ``max``, ``min`` and the
    bitwise ``and``/``or``/``xor`` with their identity as a concrete initial value are the reductions' primitives
    (``reduce_sum`` and so on); any other computation is traced over scalars (a ``reduce`` primitive).

    Example::

        lax.reduce(jnp.arange(6.0).reshape(2, 3), 0.0, lax.add, (1,))          # [ 3., 12.]
        lax.reduce((x, i), (-jnp.inf, 0), lambda a, b: (lax.max(a[0], b[0]), a[1] + b[1]), (0,))
    """
    if out_sharding is not None:
        raise NotImplementedError("reduce: out_sharding is not supported (one device)")
    flat_operands, operand_tree = tree.flatten(operands)
    flat_inits, init_tree = tree.flatten(init_values)
    if operand_tree != init_tree:
        raise ValueError(f"Operands must have the same tree structure as init_values: {operand_tree} vs. "
                         f"{init_tree}")
    if len(flat_operands) != len(flat_inits):
        raise ValueError(f"Must have same total number of operands as init_values:  {len(flat_operands)} vs. "
                         f"{len(flat_inits)}")
    monoid = _monoid_reducer(computation, flat_inits)
    if monoid is not None:
        weak = all(map(_weak, flat_operands)) and all(map(_weak, flat_inits))
        out = monoid(*flat_operands, dimensions)
        return _lax.convert_element_type(out, abstractify(out).dtype, weak)
    avals = tuple(abstractify(i) for i in flat_inits)
    closed, out_tree = _reduction_jaxpr(computation, avals, init_tree)
    outs = reduce_p.bind(*flat_operands, *flat_inits, computation=computation, jaxpr=closed,
                         dimensions=tuple(dimensions))
    return out_tree.unflatten(outs)


def _approx_k(operand: ArrayLike, k: int, reduction_dimension: int, recall_target: float,
              reduction_input_size_override: int, aggregate_to_topk: bool, is_max_k: bool
              ) -> tuple[AnyArray, AnyArray]:
    values, indices = approx_top_k_p.bind(
        operand, k=k, reduction_dimension=reduction_dimension, recall_target=recall_target, is_max_k=is_max_k,
        reduction_input_size_override=reduction_input_size_override, aggregate_to_topk=aggregate_to_topk)
    return values, indices


def approx_max_k(operand: ArrayLike, k: int, reduction_dimension: int = -1, recall_target: float = 0.95,
                 reduction_input_size_override: int = -1, aggregate_to_topk: bool = True
                 ) -> tuple[AnyArray, AnyArray]:
    """The ``k`` largest values of a floating ``operand`` along ``reduction_dimension`` and their int32 indices,
    approximately on TPUs (to ``recall_target``); elsewhere, as on the CPU, exactly (XLA's fallback sorts). With
    ``aggregate_to_topk`` false the reduced axis keeps the size the TPU algorithm would return (at least ``k``,
    unsorted beyond the first ``k`` on TPUs).

    Example::

        values, indices = lax.approx_max_k(jnp.array([[1.0, 5.0, 3.0]]), 2)    # [[5., 3.]], [[1, 2]]
    """
    return _approx_k(operand, k, reduction_dimension, recall_target, reduction_input_size_override,
                     aggregate_to_topk, True)


def approx_min_k(operand: ArrayLike, k: int, reduction_dimension: int = -1, recall_target: float = 0.95,
                 reduction_input_size_override: int = -1, aggregate_to_topk: bool = True
                 ) -> tuple[AnyArray, AnyArray]:
    """The ``k`` smallest values of a floating ``operand`` along ``reduction_dimension`` and their int32
    indices (see :func:`approx_max_k`: exact on the CPU).

    Example::

        values, indices = lax.approx_min_k(jnp.array([[1.0, 5.0, 3.0]]), 2)    # [[1., 3.]], [[0, 2]]
    """
    return _approx_k(operand, k, reduction_dimension, recall_target, reduction_input_size_override,
                     aggregate_to_topk, False)
