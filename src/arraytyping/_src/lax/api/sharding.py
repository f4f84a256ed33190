"""``jax.lax.with_sharding_constraint`` and ``jax.reshard``: how values are to lie on devices, inside ``jit`` (a
``sharding_constraint`` equation the SPMD partitioner honours) and outside it (the values laid out so)."""

from __future__ import annotations

from typing import Any, TypeVar

from arraytyping._src.core.staging import abstractify
from arraytyping._src.lax.sharding import sharding_constraint_p
from arraytyping._src.tree import pytree as tree
from arraytyping._src.xla.sharding import (
    UNCONSTRAINED, AxisType, IndivisibleError, NamedSharding, PartitionSpec, axes_of, get_mesh,
)
from arraytyping._src.xla.sharding import _context  # pyright: ignore[reportPrivateUsage]

__all__ = ["reshard", "with_sharding_constraint"]

_T = TypeVar("_T")


def _named(s: Any, who: str) -> NamedSharding:
    if isinstance(s, NamedSharding):
        return s
    if isinstance(s, PartitionSpec):
        mesh = _context.mesh
        if mesh is None:
            raise ValueError("One of with_sharding_constraint arguments got sharding "
                             f"{s!r} which is not allowed when the mesh is not set. Please use "
                             "`jax.sharding.use_mesh` to set the mesh context.")
        return NamedSharding(mesh, s)
    raise TypeError(f"{who} takes NamedShardings or PartitionSpecs (with a mesh set); got {s!r:.120} of type "
                    f"{type(s)}")


def _per_leaf(x: Any, shardings: Any, who: str) -> tuple[list[Any], tree.TreeDef, list[NamedSharding]]:
    leaves, treedef = tree.flatten(x)
    if isinstance(shardings, (NamedSharding, PartitionSpec)):
        return leaves, treedef, [_named(shardings, who)] * len(leaves)
    given = tree.leaves(shardings, is_leaf=lambda s: isinstance(s, (NamedSharding, PartitionSpec)))
    if len(given) != len(leaves):
        raise ValueError(f"{who}: {len(given)} shardings for {len(leaves)} values")
    return leaves, treedef, [_named(s, who) for s in given]


def _check_divides(sharding: NamedSharding, shape: tuple[int, ...]) -> None:
    parts = sharding._partitions(len(shape))  # pyright: ignore[reportPrivateUsage]
    for dim, (size, p) in enumerate(zip(shape, parts)):
        if size % p:
            raise IndivisibleError(
                f"Sharding {sharding!r} implies that array axis {dim} is partitioned {p} times, but the dimension "
                f"size is {size} (full shape: {shape}, per-dimension tiling factors: {parts} should evenly divide "
                "the shape)")


def with_sharding_constraint(x: _T, shardings: Any) -> _T:
    """``x`` (an array or a pytree of them) laid out on devices as ``shardings`` says (a
    :class:`~arraytyping.sharding.NamedSharding`, a ``PartitionSpec`` with a mesh set, or a pytree of them matching
    ``x``), as JAX's ``jax.lax.with_sharding_constraint``: inside ``jit``, a constraint for XLA's SPMD partitioner
    (the computation runs over the mesh's devices); outside, the values laid out so. Values and types are
    unchanged; a spec whose mesh axes do not divide a dimension is JAX's ``IndivisibleError`` (a ``ValueError``).

    Example::

        mesh = arraytyping.make_mesh((8,), ("d",))
        y = arraytyping.jit(lambda a: lax.with_sharding_constraint(a * 2, NamedSharding(mesh, P("d"))))(x)
    """
    leaves, treedef, shardings_ = _per_leaf(x, shardings, "with_sharding_constraint")
    outs: list[Any] = []
    for leaf, s in zip(leaves, shardings_):
        aval = abstractify(leaf)
        if len(s.spec) > aval.ndim:
            raise ValueError(f"One of with_sharding_constraint arguments is incompatible with its sharding "
                             f"annotation {s!r}: Sharding {s!r} is only valid for values of rank at least "
                             f"{len(s.spec)}, but was applied to a value of rank {aval.ndim}")
        _check_divides(s, aval.shape)
        unconstrained = frozenset(i for i, e in enumerate(s.spec) if e is UNCONSTRAINED)
        outs.append(sharding_constraint_p.bind(leaf, sharding=s, layout=None, context_mesh=get_mesh(),
                                               unconstrained_dims=unconstrained))
    out: _T = tree.unflatten(treedef, outs)
    return out


def reshard(xs: _T, out_shardings: Any) -> _T:
    """``xs`` (an array or a pytree of them) laid out as ``out_shardings`` says (a ``NamedSharding`` or a
    ``PartitionSpec`` with a mesh set, or a pytree of them), as JAX's ``jax.reshard``: the mesh axes its specs name
    must be ``Explicit`` (JAX's ``ValueError`` for an ``Auto`` one). Values and types are unchanged.

    Example::

        mesh = arraytyping.make_mesh((4, 2), ("x", "y"))       # Explicit axes
        y = arraytyping.reshard(x, NamedSharding(mesh, P("y")))
    """
    leaves, _, shardings_ = _per_leaf(xs, out_shardings, "reshard")
    for s in shardings_:
        for entry in s.spec:
            for name in axes_of(entry):
                kind = s.mesh.axis_types[s.mesh.axis_names.index(name)]
                if kind is not AxisType.Explicit:
                    raise ValueError("PartitionSpec passed to reshard cannot contain axis names that are of type "
                                     f"Auto or Manual. Got PartitionSpec: {s.spec!r} with axis name: {name} of "
                                     f"type: AxisType.{kind.name}.")
    _ = leaves
    return with_sharding_constraint(xs, out_shardings)
