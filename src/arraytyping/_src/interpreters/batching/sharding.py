"""The batching rule of the sharding constraint (:mod:`arraytyping._src.lax.sharding`): the batched value
constrained with the batch dimension left to the partitioner (``UNCONSTRAINED`` in its spec), as JAX's.
Registered on import."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arraytyping._src.interpreters.batching import batching
from arraytyping._src.lax.sharding import sharding_constraint_p
from arraytyping._src.xla.sharding import UNCONSTRAINED, NamedSharding, PartitionSpec

__all__: list[str] = []


def _rule(size: int, args: Sequence[Any], dims: Sequence[int | None], *, sharding: NamedSharding, layout: Any,
          context_mesh: Any, unconstrained_dims: frozenset[int]) -> tuple[Any, int | None]:
    (x,), (d,) = args, dims
    if d is None:
        return sharding_constraint_p.bind(x, sharding=sharding, layout=layout, context_mesh=context_mesh,
                                          unconstrained_dims=unconstrained_dims), None
    entries = list(sharding.spec)
    entries += [None] * (len(batching.shape(x)) - 1 - len(entries))
    entries.insert(d, UNCONSTRAINED)
    spec = PartitionSpec(*entries, unreduced=sharding.spec.unreduced, reduced=sharding.spec.reduced)
    batched = NamedSharding(sharding.mesh, spec, memory_kind=sharding.memory_kind)
    dims_out = frozenset({d, *(i + 1 if i >= d else i for i in unconstrained_dims)})
    return sharding_constraint_p.bind(x, sharding=batched, layout=layout, context_mesh=context_mesh,
                                      unconstrained_dims=dims_out), d


batching.register_rule(sharding_constraint_p, _rule)
