"""JAX 0.10.2's collectives over named axes as users call them: ``psum``, ``pmean``, ``pmax``, ``pmin``,
``axis_index`` and ``axis_size``. A name is bound by ``vmap(..., axis_name=name)`` (or ``make_jaxpr``'s
``axis_env``); each function maps over a pytree of arrays, as JAX's."""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from typing import Any

import numpy as np

from arraytyping._src.core.annotations import AnyArray
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.staging import abstractify
from arraytyping._src.core.trace import axis_size as _bound_axis_size
from arraytyping._src.core.trace import is_tracer
from arraytyping._src.lax import lax
from arraytyping._src.lax import primitives as P
from arraytyping._src.lax.parallel import axis_index_p, pmax_p, pmin_p, psum_p
from arraytyping._src.tree import pytree as tree

__all__ = ["psum", "pmean", "pmax", "pmin", "axis_index", "axis_size"]

AxisName = Hashable
"""An axis name (any hashable value), or a tuple of them."""


def _axes(axis_name: Any) -> tuple[Any, ...]:
    return tuple(axis_name) if isinstance(axis_name, (tuple, list)) else (axis_name,)


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
        return np.asarray(size, leaf.dtype) * leaf
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


def pmean(x: Any, axis_name: Any, *, axis_index_groups: Sequence[Sequence[int]] | None = None) -> Any:
    """All-reduce mean of ``x`` over the mapped axis ``axis_name``: :func:`psum` divided by the axis size (an
    integer ``x`` gives a float mean, as ``x / n``).

    Example::

        >>> vmap(lambda v: pmean(v, 'i'), axis_name='i')(jnp.arange(4.0))
        Array([1.5, 1.5, 1.5, 1.5], dtype=float32)
    """
    summed = psum(x, axis_name, axis_index_groups=axis_index_groups)
    n = _axis_size(axis_name, axis_index_groups)
    return tree.tree_map(lambda v: v / n, summed)


def _preduce(prim: Any, x: Any, axis_name: Any, axis_index_groups: Sequence[Sequence[int]] | None) -> Any:
    axes = _axes(axis_name)
    _check_groups_named(axes, axis_index_groups)
    groups = _validate_groups(axis_index_groups)
    return tree.tree_map(lambda leaf: prim.bind(leaf, axes=axes, axis_index_groups=groups), x)


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
    for name in reversed(axis_name):
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

