"""JAX 0.10.2's collectives over named axes as users call them: ``psum``, ``pmean``, ``pmax``, ``pmin``,
``axis_index``, ``axis_size``, ``ppermute``, ``pshuffle``, ``all_gather``, ``psum_scatter``, ``all_to_all``,
``pswapaxes``, ``pbroadcast`` and ``pcast``. A name is bound by ``vmap(..., axis_name=name)`` (or ``make_jaxpr``'s
``axis_env``); each function maps over a pytree of arrays, as JAX's."""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from typing import Any, cast

import numpy as np

from arraytyping._src.core.annotations import AnyArray
from arraytyping._src.core.array import Array
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.staging import abstractify
from arraytyping._src.core.trace import axis_size as _bound_axis_size
from arraytyping._src.core.trace import is_tracer
from arraytyping._src.lax import lax
from arraytyping._src.lax import primitives as P
from arraytyping._src.interpreters.autodiff.parallel import COLLECTIVES
from arraytyping._src.interpreters.batching.batching import BatchTrace
from arraytyping._src.lax.parallel import (
    all_gather_p, all_to_all_p, axis_index_p, axis_names, bound_size, pbroadcast_p, pmax_p, pmin_p, ppermute_p, psum_p,
    reduce_scatter_p,
)
from arraytyping._src.core.trace import trace_state
from arraytyping._src.tree import pytree as tree

__all__ = ["psum", "pmean", "pmax", "pmin", "axis_index", "axis_size", "ppermute", "pshuffle", "all_gather",
           "psum_scatter", "all_to_all", "pswapaxes", "pbroadcast", "pcast"]

AxisName = Hashable
"""An axis name (any hashable value), or a tuple of them."""


def _axes(axis_name: Any) -> tuple[Any, ...]:
    return axis_names(axis_name)


def _validate_groups(axis_index_groups: Sequence[Sequence[int]] | None) -> tuple[tuple[int, ...], ...] | None:
    if axis_index_groups is None:
        return None
    space = range(sum(len(g) for g in axis_index_groups))
    if {i for g in axis_index_groups for i in g} != set(space):
        raise ValueError("axis_index_groups must cover all indices exactly once")
    return tuple(tuple(g) for g in axis_index_groups)


def _check_groups_named(axes: tuple[Any, ...], groups: Any) -> None:
    if groups is not None and any(isinstance(a, int) for a in axes):
        raise ValueError("axis_index_groups only supported for sums over just named axes")


def _scaled_constant(leaf: Any, size: int, pos: tuple[int, ...]) -> Any:
    """``size`` times ``leaf`` (reduced over ``pos``), ``leaf`` not traced: JAX's ``_const(leaf, size) * leaf``."""
    if isinstance(leaf, (int, float, complex)) and not isinstance(leaf, (bool, np.generic)):
        return type(leaf)(size) * leaf
    if isinstance(leaf, np.ndarray | np.generic) and not pos:
        host: np.ndarray[Any, Any] = np.asarray(cast("Any", leaf))
        return np.asarray(size, host.dtype) * host
    a = abstractify(leaf)
    if pos:
        leaf = P.reduce_sum_p.bind(leaf, axes=tuple(sorted(p % max(a.ndim, 1) for p in pos)))
    return lax.mul(lax.const(size, ShapedArray((), a.dtype, a.weak_type)), leaf)


def psum(x: Any, axis_name: Any, *, axis_index_groups: Sequence[Sequence[int]] | None = None) -> Any:
    """All-reduce sum of ``x`` over the mapped axis ``axis_name`` (a name bound by ``vmap(..., axis_name=...)``,
    a positional axis, or a tuple of them): each element of the batch gets the sum over the whole batch.

    ``x``: an array or a pytree of them (mapped leaf by leaf; bool leaves are summed as int32).
    ``axis_index_groups``: lists of axis indices, each summed separately (``vmap`` refuses them, as JAX's).
    The result keeps each leaf's dtype and shape (a weak type is not kept). A leaf that is not traced (a
    constant) is multiplied by the axis size, as in JAX.

    Example::

        >>> vmap(lambda v: psum(v, 'i'), axis_name='i')(jnp.arange(4.0))
        Array([6., 6., 6., 6.], dtype=float32)
    """
    axes = _axes(axis_name)
    if not axes:
        return x
    _check_groups_named(axes, axis_index_groups)
    groups = _validate_groups(axis_index_groups)
    leaves, treedef = tree.flatten(x)
    leaves = [lax.convert_element_type(l, np.dtype(np.int32)) if _is_bool(l) else l for l in leaves]
    if all(not is_tracer(l) for l in leaves):
        named = [a for a in axes if not isinstance(a, int)]
        pos = tuple(a for a in axes if isinstance(a, int))
        if groups is not None:
            size = len(groups[0])
        else:
            size = math.prod(_bound_axis_size(n) for n in named)
        return tree.unflatten(treedef, [_scaled_constant(l, size, pos) for l in leaves])
    return tree.unflatten(treedef, [psum_p.bind(l, axes=axes, axis_index_groups=groups) for l in leaves])


def _is_bool(x: Any) -> bool:
    if isinstance(x, bool):
        return True
    dtype = getattr(x, "dtype", None)
    return dtype is not None and np.dtype(dtype) == np.dtype(np.bool_)


def _axis_size(axis_name: Any, axis_index_groups: Sequence[Sequence[int]] | None = None) -> int:
    size: int = psum(1, axis_name, axis_index_groups=axis_index_groups)
    return size


_ = bound_size


def pmean(x: Any, axis_name: Any, *, axis_index_groups: Sequence[Sequence[int]] | None = None) -> Any:
    """All-reduce mean of ``x`` over the mapped axis ``axis_name``: :func:`psum` divided by the axis size (an
    integer ``x`` gives a float mean, as ``x / n``).

    Example::

        >>> vmap(lambda v: pmean(v, 'i'), axis_name='i')(jnp.arange(4.0))
        Array([1.5, 1.5, 1.5, 1.5], dtype=float32)
    """
    summed = psum(x, axis_name, axis_index_groups=axis_index_groups)
    n = _axis_size(axis_name, axis_index_groups)
    def divide(v: Any) -> Any:
        return v / n
    return tree.tree_map(divide, summed)


def _preduce(prim: Any, x: Any, axis_name: Any, axis_index_groups: Sequence[Sequence[int]] | None) -> Any:
    axes = _axes(axis_name)
    _check_groups_named(axes, axis_index_groups)
    groups = _validate_groups(axis_index_groups)
    def bind(leaf: Any) -> Any:
        return prim.bind(leaf, axes=axes, axis_index_groups=groups)
    return tree.tree_map(bind, x)


def pmax(x: Any, axis_name: Any, *, axis_index_groups: Sequence[Sequence[int]] | None = None) -> Any:
    """All-reduce maximum of ``x`` over the mapped axis ``axis_name`` (a pytree mapped leaf by leaf; dtype and
    shape kept). Not differentiable (as in JAX).

    Example::

        >>> vmap(lambda v: pmax(v, 'i'), axis_name='i')(jnp.array([1, 5, 2]))
        Array([5, 5, 5], dtype=int32)
    """
    return _preduce(pmax_p, x, axis_name, axis_index_groups)


def pmin(x: Any, axis_name: Any, *, axis_index_groups: Sequence[Sequence[int]] | None = None) -> Any:
    """All-reduce minimum of ``x`` over the mapped axis ``axis_name`` (a pytree mapped leaf by leaf; dtype and
    shape kept). Not differentiable (as in JAX).

    Example::

        >>> vmap(lambda v: pmin(v, 'i'), axis_name='i')(jnp.array([1, 5, 2]))
        Array([1, 1, 1], dtype=int32)
    """
    return _preduce(pmin_p, x, axis_name, axis_index_groups)


def axis_index(axis_name: Any) -> AnyArray:
    """The position (an int32 scalar) of the current element along the mapped axis ``axis_name``; for a tuple of
    names, the position in their flattened product (the last name fastest).

    Example::

        >>> vmap(lambda v: axis_index('i'), axis_name='i')(jnp.zeros(3))
        Array([0, 1, 2], dtype=int32)
    """
    if not isinstance(axis_name, (tuple, list)):
        out: AnyArray = axis_index_p.bind(axis_name=axis_name)
        return out
    inner_size = 1
    index: AnyArray = lax.asarray(0)
    for name in reversed(cast("Sequence[Any]", axis_name)):
        index = index + axis_index(name) * inner_size
        inner_size *= axis_size(name)
    return index


def axis_size(axis_name: Any) -> int:
    """The size of the mapped axis ``axis_name`` (a Python int; the product for a tuple of names).

    Example::

        >>> vmap(lambda v: v * axis_size('i'), axis_name='i')(jnp.ones(3))
        Array([3., 3., 3.], dtype=float32)
    """
    return _axis_size(axis_name)



def ppermute(x: Any, axis_name: Any, perm: Sequence[tuple[int, int]]) -> Any:
    """Collective permutation over the mapped axis ``axis_name``: each ``(source, destination)`` pair of ``perm``
    sends the source member's ``x`` to the destination (a pytree mapped leaf by leaf; dtype, weak type and shape
    kept). Under ``vmap``, ``perm`` must cover the whole axis (JAX's ``AssertionError`` otherwise).

    Example::

        >>> vmap(lambda v: ppermute(v, 'i', [(0, 1), (1, 2), (2, 0)]), axis_name='i')(jnp.arange(3))
        Array([2, 0, 1], dtype=int32)
    """
    names = _axes(axis_name)
    pairs = tuple(tuple(p) for p in perm)
    def bind(leaf: Any) -> Any:
        return ppermute_p.bind(leaf, axis_name=names, perm=pairs)
    return tree.tree_map(bind, x)


def pshuffle(x: Any, axis_name: Any, perm: Sequence[int]) -> Any:
    """:func:`ppermute` with the permutation given as sources: member ``i`` of the result is member ``perm[i]`` of
    ``x`` (``perm`` must hold each of ``0 .. n-1`` once).

    Example::

        >>> vmap(lambda v: pshuffle(v, 'i', [2, 0, 1]), axis_name='i')(jnp.arange(3))
        Array([2, 0, 1], dtype=int32)
    """
    if set(perm) != set(range(len(perm))):
        raise ValueError(f"`perm` does not represent a permutation: {perm}")
    return ppermute(x, axis_name, list(zip(perm, range(len(perm)))))


def all_gather(x: Any, axis_name: Any, *, axis_index_groups: Sequence[Sequence[int]] | None = None, axis: int = 0,
               tiled: bool = False, to: str = "varying") -> Any:
    """Gather ``x`` from every member of the mapped axis ``axis_name``: a new axis of the axis's size at position
    ``axis`` (or, with ``tiled``, the members concatenated along ``axis``). Dtype and weak type kept. ``to`` other
    than ``'varying'`` is shard_map's (refused).

    Example::

        >>> vmap(lambda v: all_gather(v, 'i'), axis_name='i')(jnp.arange(3))
        Array([[0, 1, 2],
               [0, 1, 2],
               [0, 1, 2]], dtype=int32)
    """
    allowed = {"varying", "reduced", "invarying"}
    if to not in allowed:
        raise ValueError("Got unexpected `to` value for `jax.lax.all_gather`. Allowed `to` values are: "
                         "{'invarying', 'reduced', 'varying'}")
    if to != "varying":
        raise NotImplementedError(f"all_gather(..., to={to!r}) needs a shard_map, which this runtime does not have")
    names = tuple(cast("Sequence[Any]", axis_name)) if isinstance(axis_name, tuple) else (axis_name,)
    if not names:
        return x
    groups = None if axis_index_groups is None else tuple(tuple(g) for g in axis_index_groups)
    size = _axis_size(names, groups)

    def bind(leaf: Any) -> Any:
        nd = np.ndim(leaf) if not isinstance(leaf, Array) else leaf.ndim
        dim = _canonical(axis, nd if tiled else nd + 1)
        return all_gather_p.bind(leaf, all_gather_dimension=dim, axis_name=names, axis_index_groups=groups,
                                 axis_size=size, tiled=tiled)
    return tree.tree_map(bind, x)


def _canonical(axis: int, ndim: int) -> int:
    if not -ndim <= axis < ndim:
        raise ValueError(f"axis {axis} is out of bounds for array of dimension {ndim}")
    return axis + ndim if axis < 0 else axis


def psum_scatter(x: Any, axis_name: Any, *, scatter_dimension: int = 0,
                 axis_index_groups: Sequence[Sequence[int]] | None = None, tiled: bool = False) -> Any:
    """:func:`psum` over the mapped axis ``axis_name`` of which each member keeps its own slice along
    ``scatter_dimension`` (whose size must be the axis's; with ``tiled``, a multiple of it, the slice a block).

    Example::

        >>> vmap(lambda v: psum_scatter(v, 'i'), axis_name='i')(jnp.ones((2, 2)))
        Array([2., 2.], dtype=float32)
    """
    names = tuple(cast("Sequence[Any]", axis_name)) if isinstance(axis_name, tuple) else (axis_name,)
    if not names:
        return x
    size = _axis_size(names, axis_index_groups)
    groups = None if axis_index_groups is None else tuple(tuple(g) for g in axis_index_groups)
    def bind(leaf: Any) -> Any:
        return reduce_scatter_p.bind(leaf, axis_name=names, scatter_dimension=scatter_dimension,
                                     axis_index_groups=groups, axis_size=size, tiled=tiled)
    return tree.tree_map(bind, x)


def all_to_all(x: Any, axis_name: Any, split_axis: int, concat_axis: int, *,
               axis_index_groups: Sequence[Sequence[int]] | None = None, tiled: bool = False) -> Any:
    """Materialize the mapped axis ``axis_name`` at ``concat_axis`` and map ``split_axis`` in its place (whose size
    must be the axis's; with ``tiled``, a multiple of it, split into blocks).

    Example::

        >>> vmap(lambda v: all_to_all(v, 'i', 0, 0), axis_name='i')(jnp.arange(4).reshape(2, 2))
        Array([[0, 2],
               [1, 3]], dtype=int32)
    """
    groups = None if axis_index_groups is None else tuple(tuple(g) for g in axis_index_groups)

    def bind(leaf: Any, split_axis: int = split_axis, concat_axis: int = concat_axis) -> Any:
        group_size = _axis_size(axis_name, groups)
        shape = np.shape(leaf) if not isinstance(leaf, Array) else leaf.shape
        if tiled:
            if shape[split_axis] % group_size != 0:
                raise ValueError(f"The size of all_to_all split_axis ({shape[split_axis]}) has to be divisible by "
                                 f"the size of the named axis {axis_name} ({group_size})")
        else:
            if group_size != shape[split_axis]:
                raise ValueError("all_to_all requires the size of the mapped axis axis_name to equal "
                                 f"x.shape[split_axis], but they are {group_size} and {shape[split_axis]} "
                                 "respectively.")
            if split_axis < concat_axis:
                concat_axis += 1
                leaf = lax.expand_dims(leaf, (concat_axis,))
            elif split_axis != concat_axis:
                leaf = lax.expand_dims(leaf, (concat_axis,))
                split_axis += 1
        result = all_to_all_p.bind(leaf, split_axis=split_axis, concat_axis=concat_axis, axis_name=axis_name,
                                   axis_index_groups=groups, tiled=tiled)
        if not tiled and split_axis != concat_axis:
            result = lax.squeeze(result, (split_axis,))
        return result
    return tree.tree_map(bind, x)


def pswapaxes(x: Any, axis_name: Any, axis: int, *, axis_index_groups: Sequence[Sequence[int]] | None = None
              ) -> Any:
    """Swap the mapped axis ``axis_name`` with the positional axis ``axis`` (whose size must be the mapped axis's):
    ``all_to_all(x, axis_name, axis, axis)``.

    Example::

        >>> vmap(lambda v: pswapaxes(v, 'i', 0), axis_name='i')(jnp.arange(4).reshape(2, 2))
        Array([[0, 2],
               [1, 3]], dtype=int32)
    """
    return all_to_all(x, axis_name, axis, axis, axis_index_groups=axis_index_groups)


def pbroadcast(x: Any, axis_name: Any, source: int) -> Any:
    """Collective broadcast: every member of the mapped axis ``axis_name`` gets member ``source``'s ``x``. JAX
    0.10.2 runs it only inside a ``shard_map`` on GPU; under ``vmap`` its batching raises JAX's ``TypeError``.

    Example::

        >>> vmap(lambda v: pbroadcast(v, 'i', 0), axis_name='i')(jnp.arange(3))
        Traceback (most recent call last):
        TypeError: take requires ndarray or scalar arguments, got <class 'list'> at position 1.
    """
    def bind(leaf: Any) -> Any:
        return pbroadcast_p.bind(leaf, axis_name=axis_name, source=source)
    return tree.tree_map(bind, x)


def pcast(x: Any, axis_name: Any, *, to: str) -> Any:
    """Cast ``x``'s manual-axis type (varying, reduced, unreduced) over ``axis_name``: a ``shard_map`` notion. Outside
    one (this runtime has none) every cast is refused with JAX's error; an empty ``axis_name`` returns ``x``.

    Example::

        >>> pcast(jnp.ones(2), (), to='varying')
        Array([1., 1.], dtype=float32)
    """
    if isinstance(axis_name, (set, frozenset)):
        raise TypeError(f"{axis_name=} must be a tuple or a str. Got {axis_name}")
    if not axis_name:
        return x
    if to not in ("unreduced", "reduced", "varying"):
        raise ValueError("Got unexpected `to` value. Allowed `to` values are: {'reduced', 'unreduced', 'varying'}")

    def bind(leaf: Any) -> Any:
        if to == "varying":
            raise ValueError("pvary should be called under jax.shard_map.")
        if to == "reduced":
            if trace_state.stack and trace_state.stack[-1].trace_type is BatchTrace:
                raise NotImplementedError
            raise ValueError("preduced should be called under jax.shard_map.")
        raise ValueError(f"Unsupported pcast from=invarying, {to=}")
    return tree.tree_map(bind, x)


COLLECTIVES.update(psum_scatter=psum_scatter, all_gather=all_gather, all_to_all=all_to_all)
