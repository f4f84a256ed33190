"""``arraytyping.device_put``, JAX's ``jax.device_put``: every leaf of a pytree placed on a device or laid out by a
sharding; the placement of one leaf is :func:`arraytyping._src.xla.array_impl.device_put`."""

from __future__ import annotations

from typing import Any, TypeVar

import numpy as np

from arraytyping._src.tree import pytree as tree
from arraytyping._src.tree.functions import broadcast_prefix
from arraytyping._src.xla import array_impl
from arraytyping._src.xla.array_impl import ArrayImpl, ShardedArrayImpl, from_numpy, put_sharded
from arraytyping._src.xla.sharding import PartitionSpec, Sharding

__all__ = ["device_put"]

_T = TypeVar("_T")


def _one_target(d: Any) -> bool:
    """A placement for a whole subtree: ``None``, a device, a sharding or a ``PartitionSpec`` (not a container)."""
    return d is None or isinstance(d, (Sharding, PartitionSpec)) or not isinstance(d, (list, tuple, dict))


def device_put(x: _T, device: Any = None, *, src: Any = None, donate: Any = False, may_alias: Any = None) -> _T:
    """``x`` (an array, a numpy value, a Python scalar or a pytree of them) on ``device``, as JAX's
    ``jax.device_put``: each leaf becomes an array on that device (the default device without one), or laid out
    by a sharding (a ``NamedSharding``, a ``SingleDeviceSharding``, or a ``PartitionSpec`` with a mesh set).
    ``device`` may also be a pytree prefix of ``x``: a placement for each subtree.

    A Python scalar becomes a weakly typed array, a numpy value keeps its dtype (canonicalized for x64). An array
    already placed so is returned as it is, unless ``may_alias=False``, which copies it; ``donate=True`` deletes
    each input array moved to another placement (JAX's donation to the transfer; a copy made by
    ``may_alias=False`` keeps its input). ``src`` (the source's device) changes
    nothing here.

    Example:
        >>> import arraytyping as at
        >>> at.device_put([1.0, 2.0])
        [Array(1., dtype=float32, weak_type=True), Array(2., dtype=float32, weak_type=True)]
    """
    del src
    leaves, treedef = tree.flatten(x)
    try:
        targets = ([device] * len(leaves) if _one_target(device)
                   else broadcast_prefix(device, x, is_leaf=_one_target))
    except ValueError as e:
        raise ValueError("device_put device specification must be a tree prefix of the corresponding value; \n"
                         f"  Mismatch details: {e}") from None
    dons = [donate] * len(leaves) if isinstance(donate, bool) else broadcast_prefix(donate, x, None)
    aliases = [may_alias] * len(leaves) if may_alias is None or isinstance(may_alias, bool) else (
        broadcast_prefix(may_alias, x, None))
    out: list[Any] = []
    for leaf, target, don, alias in zip(leaves, targets, dons, aliases, strict=True):
        if don and alias:
            raise ValueError("may_alias and donate cannot be True at the same time.")
        placed = array_impl.device_put(leaf, target)
        if placed is leaf and alias is False:
            placed = _copy(leaf)
        if don and alias is not False and isinstance(leaf, ArrayImpl) and placed is not leaf:
            leaf.delete()
        out.append(placed)
    result: _T = tree.unflatten(treedef, out)
    return result


def _copy(x: Any) -> Any:
    """A new array with ``x``'s value, type and placement (``may_alias=False``)."""
    if isinstance(x, ShardedArrayImpl):
        return put_sharded(np.asarray(x), x.aval, x.sharding)
    if isinstance(x, ArrayImpl):
        return array_impl.device_put(from_numpy(np.asarray(x), x.aval), x.device)
    return x
