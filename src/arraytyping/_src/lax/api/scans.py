"""``jax.lax.associative_scan`` (JAX 0.10.2's): the prefix combination of a pytree of arrays along an axis by an
associative function, as JAX computes it (a recursion of strided slices, pads and calls of the function, so that
it traces, differentiates and maps like any composition of ``lax`` operations)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import numpy as np

from arraytyping._src.core.staging import abstractify
from arraytyping._src.lax import lax as _lax
from arraytyping._src.lax.api.elementwise import add, bitwise_or
from arraytyping._src.lax.api.functions import pad
from arraytyping._src.lax.api.indexing import slice_in_dim
from arraytyping._src.lax.api.operations import concatenate, rev
from arraytyping._src.tree import pytree as tree

__all__ = ["associative_scan"]

_T = TypeVar("_T")


def _interleave(a: Any, b: Any, axis: int) -> Any:
    """``a`` and ``b`` interleaved along ``axis`` (``a``'s elements first; ``a`` as long as ``b`` or one longer)."""
    na, nb = abstractify(a).shape[axis], abstractify(b).shape[axis]
    a_pad = [(0, 0, 0)] * abstractify(a).ndim
    b_pad = [(0, 0, 0)] * abstractify(b).ndim
    a_pad[axis] = (0, 1 if na == nb else 0, 1)
    b_pad[axis] = (1, 0 if na == nb else 1, 1)
    dtype = abstractify(a).dtype
    op = bitwise_or if dtype == np.dtype(bool) else add
    zero = np.zeros((), dtype)
    return op(pad(a, zero, a_pad), pad(b, zero, b_pad))


def associative_scan(fn: Callable[[Any, Any], Any], elems: _T, reverse: bool = False, axis: int = 0) -> _T:
    """The running combination of ``elems`` (a pytree of arrays of one length along ``axis``) by the associative
    ``fn``: element ``i`` of the result is ``fn`` folded over elements ``0..i`` (``i..n-1`` when ``reverse``), in
    about ``2 log2(n)`` calls of ``fn`` on slices.

    Example::

        lax.associative_scan(lax.add, jnp.arange(5))   # Array([ 0,  1,  3,  6, 10], dtype=int32)
    """
    if not callable(fn):
        raise TypeError("lax.associative_scan: fn argument should be callable.")
    elems_flat, treedef = tree.flatten(elems)
    elems_flat = [_lax.asarray(e) for e in elems_flat]
    if reverse:
        elems_flat = [rev(e, (axis,)) for e in elems_flat]

    def combine(a_flat: Sequence[Any], b_flat: Sequence[Any]) -> list[Any]:
        c = fn(treedef.unflatten(list(a_flat)), treedef.unflatten(list(b_flat)))
        return list(tree.flatten(c)[0])

    ndim = abstractify(elems_flat[0]).ndim
    if not -ndim <= axis < ndim:
        raise ValueError(f"axis {axis} is out of bounds for array of dimension {ndim}")
    axis = axis % ndim
    num_elems = abstractify(elems_flat[0]).shape[axis]
    if not all(abstractify(e).shape[axis] == num_elems for e in elems_flat[1:]):
        raise ValueError("Array inputs to associative_scan must have the same first dimension. (saw: "
                         f"{[tuple(abstractify(e).shape) for e in elems_flat]})")

    def scan(elems: list[Any]) -> list[Any]:
        n = abstractify(elems[0]).shape[axis]
        if n < 2:
            return elems
        reduced = combine([slice_in_dim(e, 0, -1, stride=2, axis=axis) for e in elems],
                          [slice_in_dim(e, 1, None, stride=2, axis=axis) for e in elems])
        odd = scan(reduced)
        if n % 2 == 0:
            even = combine([slice_in_dim(e, 0, -1, axis=axis) for e in odd],
                           [slice_in_dim(e, 2, None, stride=2, axis=axis) for e in elems])
        else:
            even = combine(odd, [slice_in_dim(e, 2, None, stride=2, axis=axis) for e in elems])
        even = [concatenate([slice_in_dim(e, 0, 1, axis=axis), r], axis) for e, r in zip(elems, even)]
        return [_interleave(e, o, axis) for e, o in zip(even, odd)]

    scans = scan(elems_flat)
    if reverse:
        scans = [rev(s, (axis,)) for s in scans]
    out: _T = treedef.unflatten(scans)
    return out
