"""The batching interpreter behind ``vmap`` (Autodidax's ``BatchTrace``), and the registry of batching rules.

A :class:`BatchTracer` stands for a whole batch of values: ``val`` holds them all, with the batch along axis
``batch_dim`` (``None``: one value shared by the whole batch). Binding a primitive to batch tracers calls that
primitive's *batching rule* with the values and their batch axes; the rule computes the batched result with other
primitives (bound in the enclosing trace) and says where the batch axis of each output is. A primitive whose
operands are all unbatched needs no rule: it is bound to the plain values.

Registering a rule (any module that defines a primitive does this once, at import)::

    from arraytyping._src.interpreters.batching import batching

    def _my_rule(axis_size: int, args: Sequence[Any], dims: Sequence[int | None], **params: Any):
        ...                       # at least one of ``dims`` is an int
        return out, out_dim       # lists of both for a primitive with multiple_results

    batching.register_rule(my_p, _my_rule)

or, for the common shapes of rule, ``batching.defvectorized(p)`` (elementwise on one operand, or on operands
batched alike), ``batching.defbroadcasting(p)`` (elementwise with rank-0/size-1 broadcasting, as ``add``),
``batching.defreducer(p)`` (a reduction with an ``axes`` parameter). :data:`RULES` maps each primitive to its
rule; ``tests/runtime/test_vmap.py`` checks that every primitive of the runtime has one. The rules of the
primitives of :mod:`arraytyping._src.lax.primitives` live in :mod:`.primitives`, those of control flow and of :mod:`arraytyping._src.lax.linalg` beside
their primitives, the others in one small module per family (:mod:`.elementwise`,
:mod:`.shape`, :mod:`.sorting`, :mod:`.indexing`,
:mod:`.signal`), all imported by :mod:`arraytyping._src.interpreters.batching.vmap`.

The helpers ``moveaxis``, ``broadcast``, ``bdim_at_front`` and ``matchaxis`` move batch axes as JAX's do (down to
the numpy integers JAX leaves in some parameters, so that batched jaxprs print as JAX prints them);
``batch_jaxpr``/``batch_jaxpr_axes`` batch a closed jaxpr (for control-flow primitives, whose rules batch their
sub-jaxprs).
"""

from __future__ import annotations

import contextlib
import operator
from collections.abc import Callable, Sequence
from typing import Any, Final

import numpy as np

from arraytyping._src.core import jaxpr as jx
from arraytyping._src.lax import lax
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.trace import MainTrace, Primitive, Trace, Tracer, extend_axis_env, new_main
from arraytyping._src.core.staging import abstractify, trace_to_jaxpr

__all__ = ["BatchTracer", "BatchTrace", "RULES", "BatchRule", "COLLECTIVE_RULES", "CollectiveRule", "AxisData",
           "register_rule", "defvectorized", "defbroadcasting",
           "defreducer", "moveaxis", "broadcast", "bdim_at_front", "matchaxis", "canonicalize_axis",
           "batch_flat", "batch_jaxpr", "batch_jaxpr_axes", "SpecMatchError", "ndim", "shape", "reshape_axis_into",
           "reshape_axis_out_of"]

BatchRule = Callable[..., tuple[Any, Any]]
"""``rule(axis_size, args, dims, **params) -> (out, out_dim)`` (lists for a primitive with multiple results)."""

RULES: Final[dict[Primitive, BatchRule]] = {}
"""Each primitive's batching rule."""

CollectiveRule = Callable[..., tuple[Any, Any]]
"""``rule(axis_data, args, dims, **params) -> (out, out_dim)``: the rule of a collective over named axes."""

COLLECTIVE_RULES: Final[dict[Primitive, CollectiveRule]] = {}
"""The batching rules of the collectives (JAX's ``fancy_primitive_batchers``): called by every ``vmap`` the
primitive is bound under, its operands batched or not, with the :class:`AxisData` of that ``vmap`` (its name says
whether the collective is over it)."""

_current_axis: list[AxisData] = []
"""The axes whose rules are running, innermost last: a jaxpr batched inside a rule (``jit``, ``cond``, ``scan``)
maps the same named axis."""


def register_rule(prim: Primitive, rule: BatchRule) -> None:
    """Make ``rule`` the batching rule of ``prim``."""
    RULES[prim] = rule


def shape(x: Any) -> tuple[int, ...]:
    return abstractify(x).shape


def ndim(x: Any) -> int:
    return len(abstractify(x).shape)


def canonicalize_axis(axis: int, num_dims: int) -> int:
    """``axis`` in ``[-num_dims, num_dims)`` as a non-negative axis; a ``ValueError`` (JAX's message) otherwise."""
    axis = operator.index(axis)
    if not -num_dims <= axis < num_dims:
        raise ValueError(f"axis {axis} is out of bounds for array of dimension {num_dims}")
    return axis + num_dims if axis < 0 else axis


class AxisData:
    """The mapped axis of one ``vmap``: its size (and name, kept for messages)."""

    __slots__ = ("size", "name")

    def __init__(self, size: int, name: Any = None) -> None:
        self.size = size
        self.name = name


class BatchTracer(Tracer):
    """A batch of values: ``val`` with the batch along ``batch_dim`` (``None``: unbatched)."""

    __slots__ = ("aval", "val", "batch_dim")

    def __init__(self, trace: BatchTrace, val: Any, batch_dim: int | None) -> None:
        self.owner = trace
        self.val = val
        self.batch_dim = batch_dim
        a = abstractify(val)
        self.aval = a if batch_dim is None else a.update(shape=a.shape[:batch_dim] + a.shape[batch_dim + 1:])

    def short_repr(self) -> str:
        return f"VmapTracer(aval={self.aval}, batched={abstractify(self.val)})"


class BatchTrace(Trace):
    """Applies batching rules (the main trace's ``global_data`` is its :class:`AxisData`)."""

    ref_write_refusal = ("performing a set/swap operation with vmapped value on an unbatched array reference of "
                         "type {ref}. Move the array reference to be an argument to the vmapped function?")

    @property
    def axis_data(self) -> AxisData:
        data: AxisData = self.main.global_data
        return data

    def pure(self, val: Any) -> BatchTracer:
        return BatchTracer(self, val, None)

    lift = pure

    def to_batch_info(self, x: Any) -> tuple[Any, int | None]:
        if isinstance(x, BatchTracer) and x.owner.main is self.main:
            return x.val, x.batch_dim
        return x, None

    def process_primitive(self, primitive: Primitive, tracers: list[Tracer], params: dict[str, Any]) -> list[Any]:
        vals: list[Any] = []
        dims: list[int | None] = []
        for t in tracers:
            v, d = self.to_batch_info(t)
            vals.append(v)
            dims.append(d)
        collective = COLLECTIVE_RULES.get(primitive)
        if collective is not None:
            out, out_dim = collective(self.axis_data, vals, dims, **params)
        elif all(d is None for d in dims):
            out = primitive.bind(*vals, **params)
            return list(out) if primitive.multiple_results else [out]
        elif (rule := RULES.get(primitive)) is None:
            raise NotImplementedError(f"Batching rule for '{primitive.name}' not implemented")
        else:
            _current_axis.append(self.axis_data)
            try:
                out, out_dim = rule(self.axis_data.size, vals, dims, **params)
            finally:
                _current_axis.pop()
        if not primitive.multiple_results:
            out, out_dim = [out], [out_dim]
        return [v if d is None else BatchTracer(self, v, d) for v, d in zip(out, out_dim, strict=True)]


# ---------------------------------------------------------------------------------------------------------------
# Moving batch axes (as JAX's ``batching`` helpers, parameter values included)


def reshape_axis_into(src: int, dst: int, x: Any) -> Any:
    """Axis ``src`` of ``x`` merged into axis ``dst`` (numbered after ``src`` is removed), as its major part."""
    s = shape(x)
    perm = [i for i in range(len(s)) if i != src]
    perm.insert(dst, src)
    new_shape = [int(d) for d in np.delete(s, src)]
    new_shape[dst] *= s[src]
    return lax.reshape(x, tuple(new_shape), perm)


def reshape_axis_out_of(src: int, size1: int, x: Any) -> Any:
    """Axis ``src`` of ``x`` split into ``(size1, rest)``."""
    s = list(shape(x))
    size2, ragged = divmod(s[src], size1)
    assert not ragged
    s[src:src + 1] = [size1, size2]
    return lax.reshape(x, tuple(s))


def moveaxis(x: Any, src: int, dst: int) -> Any:
    """Move axis ``src`` of ``x`` to ``dst`` (a ``transpose``; nothing when they are equal)."""
    if src == dst:
        return x
    n = ndim(x)
    src, dst = canonicalize_axis(src, n), canonicalize_axis(dst, n)
    perm = [i for i in range(n) if i != src]
    perm.insert(dst, src)
    return lax.transpose(x, perm)


def broadcast(x: Any, size: int, axis: int) -> Any:
    """``x`` repeated ``size`` times along a new axis ``axis``."""
    new_shape = list(shape(x))
    new_shape.insert(axis, size)
    dims: tuple[Any, ...] = tuple(np.delete(np.arange(len(new_shape)), axis))  # numpy integers, as in JAX
    return lax.broadcast_in_dim(x, tuple(new_shape), dims)


def bdim_at_front(x: Any, bdim: int | None, size: int) -> Any:
    """``x`` with its batch axis first (broadcast to ``size`` first if unbatched)."""
    if bdim is None:
        return broadcast(x, size, 0)
    return moveaxis(x, bdim, 0)


class SpecMatchError(Exception):
    """A batched output met ``out_axes=None`` (``vmap`` turns it into JAX's ``ValueError``)."""

    def __init__(self, leaf_index: int | None, src: int | None, dst: Any) -> None:
        super().__init__(leaf_index, src, dst)
        self.leaf_index = leaf_index
        self.src = src
        self.dst = dst


ZERO_IF_MAPPED: Final = "zero_if_mapped"
"""An output destination: axis 0 if the output is batched, unbatched otherwise."""
AS_IS: Final = "as_is"
"""An output destination: the batch axis the computation puts it on (JAX's ``batch_jaxpr2``, for call
primitives)."""


def matchaxis(size: int, src: int | None, dst: int | None, x: Any) -> Any:
    """``x`` batched along ``src`` moved to ``dst`` (broadcast when ``src`` is ``None``)."""
    if src == dst:
        return x
    if src is not None and dst is not None:
        return moveaxis(x, src, dst)
    if src is None and dst is not None:
        return broadcast(x, size, canonicalize_axis(dst, ndim(x) + 1))
    raise SpecMatchError(None, src, dst)


# ---------------------------------------------------------------------------------------------------------------
# Batching functions and closed jaxprs (for the rules of call and control-flow primitives)


def batch_flat(fun: Callable[..., Sequence[Any]], size: int, in_axes: Sequence[int | None], args: Sequence[Any],
               description: str) -> list[tuple[Any, int | None]]:
    """``fun`` applied to ``args`` batched along ``in_axes`` (``None``: unbatched), in a batching trace of its own:
    each output's values and their batch axis (``None``: unbatched). ``vmap`` without the pytrees. Inside a batching
    rule, the axis is that rule's ``vmap``'s, its name bound to this trace for the collectives of ``fun``."""
    outer = _current_axis[-1] if _current_axis else None
    name = outer.name if outer is not None and outer.size == size else None
    with new_main(BatchTrace, AxisData(size, name), description, dynamic=False) as main, \
            _named_axis(name, size, main):
        trace = BatchTrace(main)
        tracers = [x if d is None else BatchTracer(trace, x, d) for x, d in zip(args, in_axes, strict=True)]
        return [trace.to_batch_info(o) for o in fun(*tracers)]


def _named_axis(name: Any, size: int, main: MainTrace) -> contextlib.AbstractContextManager[Any]:
    """The axis ``name`` bound to ``main`` (nothing for an unnamed axis)."""
    return contextlib.nullcontext() if name is None else extend_axis_env(name, size, main)


def _unmapped_aval(size: int, axis: int, aval: ShapedArray) -> ShapedArray:
    new_shape = list(aval.shape)
    new_shape.insert(axis, size)
    return aval.update(shape=tuple(new_shape))


def batch_jaxpr_axes(closed: jx.ClosedJaxpr, size: int, in_axes: Sequence[int | None],
                     out_axes_dest: Sequence[int | str | None]) -> tuple[jx.ClosedJaxpr, list[bool]]:
    """``closed`` batched: its inputs batched along ``in_axes`` (``None``: unbatched), its outputs moved to
    ``out_axes_dest`` (an axis, ``None``, ``ZERO_IF_MAPPED`` or ``AS_IS``). Returns the new closed jaxpr (taking the
    batched inputs) and which outputs are batched."""
    new_closed, out_axes = batch_jaxpr_out_axes(closed, size, in_axes, out_axes_dest)
    return new_closed, [d is not None for d in out_axes]


def batch_jaxpr_out_axes(closed: jx.ClosedJaxpr, size: int, in_axes: Sequence[int | None],
                         out_axes_dest: Sequence[int | str | None]) -> tuple[jx.ClosedJaxpr, list[int | None]]:
    """:func:`batch_jaxpr_axes` returning the batch axis of each output (``None``: unbatched)."""
    avals_in = [a if d is None else _unmapped_aval(size, d, a) for a, d in zip(closed.in_avals, in_axes, strict=True)]
    out_axes: list[int | None] = []

    def batched(*args: Any) -> list[Any]:
        infos = batch_flat(lambda *xs: jx.eval_jaxpr(closed.jaxpr, list(xs), closed.consts), size, in_axes, args,
                           "a batched jaxpr")
        results: list[Any] = []
        for (val, src), dest in zip(infos, out_axes_dest, strict=True):
            dst = src if dest == AS_IS else (None if src is None else 0) if dest == ZERO_IF_MAPPED else dest
            assert not isinstance(dst, str)
            results.append(matchaxis(size, src, dst, val))
            out_axes.append(dst)
        return results

    new_closed, _ = trace_to_jaxpr(batched, avals_in, "a batched jaxpr")
    return new_closed, out_axes


def batch_jaxpr(closed: jx.ClosedJaxpr, size: int, in_batched: Sequence[bool],
                instantiate: bool | Sequence[bool]) -> tuple[jx.ClosedJaxpr, list[bool]]:
    """``closed`` with the inputs flagged in ``in_batched`` batched along axis 0; outputs batched along 0 where
    ``instantiate`` says so or where they come out batched anyway."""
    inst = [instantiate] * len(closed.out_avals) if isinstance(instantiate, bool) else list(instantiate)
    return batch_jaxpr_axes(closed, size, [0 if b else None for b in in_batched],
                            [0 if i else ZERO_IF_MAPPED for i in inst])


# ---------------------------------------------------------------------------------------------------------------
# Common rules


def defvectorized(prim: Primitive) -> None:
    """``prim`` acts elementwise on operands batched alike: the batch axis passes through."""
    def rule(size: int, args: Sequence[Any], dims: Sequence[int | None], **params: Any) -> tuple[Any, Any]:
        d = next(d for d in dims if d is not None)
        assert all(e == d for e in dims), dims
        return prim.bind(*args, **params), d
    register_rule(prim, rule)


def _handle_scalar_broadcasting(nd: int, x: Any, d: int | None) -> Any:
    n = ndim(x)
    if d is None or nd == n:
        return x
    return expand_dims(x, tuple(range(n, nd)))


def expand_dims(x: Any, dimensions: Sequence[int]) -> Any:
    """Insert size-1 axes at ``dimensions`` (JAX's ``lax.expand_dims``: a ``broadcast_in_dim``)."""
    nd_out = ndim(x) + len(dimensions)
    dims = frozenset(canonicalize_axis(i, nd_out) for i in dimensions)
    new_shape = list(shape(x))
    for i in sorted(dims):
        new_shape.insert(i, 1)
    return lax.broadcast_in_dim(x, tuple(new_shape), tuple(i for i in range(nd_out) if i not in dims))


def defbroadcasting(prim: Primitive) -> None:
    """``prim`` is elementwise over operands of one shape, rank-0 operands and size-1 axes broadcasting (the
    binary arithmetic, bitwise and comparison primitives, ``threefry2x32`` with its several results): operands
    batched alike pass through; otherwise every batch axis moves to the front and unbatched operands get a size-1
    axis there."""
    def rule(size: int, args: Sequence[Any], dims: Sequence[int | None], **params: Any) -> tuple[Any, Any]:
        first_shape, dim = next((shape(x), d) for x, d in zip(args, dims) if d is not None)
        if all(shape(x) == first_shape and d == dim for x, d in zip(args, dims) if ndim(x)):
            out = prim.bind(*args, **params)
        else:
            moved = [bdim_at_front(x, d, 1) if ndim(x) else x for x, d in zip(args, dims)]
            nd = max(ndim(x) for x in moved)
            moved = [_handle_scalar_broadcasting(nd, x, d) for x, d in zip(moved, dims)]
            out, dim = prim.bind(*moved, **params), 0
        return (out, [dim] * len(out)) if prim.multiple_results else (out, dim)
    register_rule(prim, rule)


def defreducer(prim: Primitive) -> None:
    """``prim`` reduces the axes of its ``axes`` parameter: they shift past the batch axis."""
    def rule(size: int, args: Sequence[Any], dims: Sequence[int | None], *, axes: tuple[int, ...],
             **params: Any) -> tuple[Any, Any]:
        operand, = args
        bdim, = dims
        assert bdim is not None
        new_axes = tuple(np.where(np.less(axes, bdim), axes, np.add(axes, 1)))  # numpy integers, as in JAX
        kept = [i for i in range(ndim(operand)) if i not in new_axes]
        return prim.bind(operand, axes=new_axes, **params), kept.index(bdim)
    register_rule(prim, rule)

