"""``lax.map``: a function over the leading axis of a pytree of arrays, as a ``scan`` (JAX 0.10.2's ``lax.map``),
or with ``batch_size`` as a ``scan`` of ``vmap``-ped batches and a ``vmap`` of the remainder."""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

from arraytyping._src.interpreters.batching.vmap import vmap
from arraytyping._src.lax import lax
from arraytyping._src.tree import pytree as tree
from arraytyping._src.lax.control_flow.loops import scan

__all__ = ["map"]


def _leading(leaf: Any) -> int:
    shape: tuple[int, ...] | None = getattr(leaf, "shape", None)
    if not shape:
        raise TypeError(f"lax.map with batch_size maps over the leading axis of each leaf of xs, but a leaf is "
                        f"{leaf!r:.80} of type {type(leaf).__name__}, which has none")
    return shape[0]


def _batch_and_remainder(xs: Any, batch_size: int) -> tuple[Any, Any]:
    """``xs`` cut into ``(scanned batches, remainder)`` (either ``None`` when empty), as JAX cuts it."""
    leaves, treedef = tree.flatten(xs)
    if not leaves:
        return xs, None
    n = _leading(leaves[0])
    for leaf in leaves[1:]:
        _leading(leaf)
    num_batches, remainder = (0, n) if batch_size == 0 else divmod(n, batch_size)
    if num_batches < 0:
        raise TypeError(f"lax.map: batch_size must not be negative, got {batch_size}")
    taken = num_batches * batch_size
    if num_batches == 0:
        return None, treedef.unflatten([leaf[taken:] for leaf in leaves])
    batched: list[Any] = []
    rest: list[Any] = []
    for leaf in leaves:  # each leaf's batches, then its remainder (the order of JAX's equations)
        batched.append(leaf[:taken].reshape(num_batches, batch_size, *leaf.shape[1:]))
        if remainder:
            rest.append(leaf[taken:])
    return treedef.unflatten(batched), treedef.unflatten(rest) if remainder else None


def map(f: Callable[[Any], Any], xs: Any, *, batch_size: int | None = None) -> Any:  # noqa: A001 - JAX's name
    """``stack([f(x) for x in xs])`` over the leading axis of every leaf of ``xs`` (a pytree), as one ``scan``.
    With ``batch_size``, each step applies ``vmap(f)`` to ``batch_size`` elements and a ``vmap`` takes the rest
    (``batch_size=0``: one ``vmap`` of everything).

    The result is ``Any``: each of ``f``'s outputs gains the leading axis, which ``f``'s annotation cannot say."""
    if batch_size is None:
        _, ys = scan(lambda _, x: ((), f(x)), (), xs)
        return ys
    size = operator.index(batch_size)

    scan_xs, remainder_xs = _batch_and_remainder(xs, size)
    if scan_xs is None:
        return vmap(f)(remainder_xs)
    _, scan_ys = scan(lambda _, x: ((), vmap(f)(x)), (), scan_xs)
    if remainder_xs is None:
        return tree.tree_map(_unbatch, scan_ys)
    remainder_ys = vmap(f)(remainder_xs)
    return tree.tree_map(_unbatch_and_append, scan_ys, remainder_ys)


def _unbatch(y: Any) -> Any:
    """Batches of outputs, ``(num_batches, batch_size, ...)``, as one leading axis."""
    return y.reshape(-1, *y.shape[2:])


def _unbatch_and_append(y: Any, rest: Any) -> Any:
    return lax.concatenate([_unbatch(y), rest], 0)
