"""The batching rules of gradient checkpointing's primitives (:mod:`arraytyping._src.lax.checkpoint`): ``remat2``
bound on its batched jaxpr (every output along axis 0), once per jaxpr, size and batched inputs; ``name`` and
``reduce_precision`` applied to the batched value. Registered in :data:`.batching.RULES` on import."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arraytyping._src.core import jaxpr as jx
from arraytyping._src.interpreters.batching import batching
from arraytyping._src.lax.checkpoint import name_p, reduce_precision_p, remat_p
from arraytyping._src.xla.jit_call import derived

__all__: list[str] = []


def _remat_batching_rule(size: int, args: Sequence[Any], dims: Sequence[int | None], *, jaxpr: jx.ClosedJaxpr,
                         prevent_cse: bool, differentiated: bool, policy: Any
                         ) -> tuple[list[Any], list[int | None]]:
    moved = [x if d is None else batching.moveaxis(x, d, 0) for x, d in zip(args, dims)]
    in_axes = [None if d is None else 0 for d in dims]

    def make() -> tuple[jx.ClosedJaxpr, list[Any], list[int | None]]:
        batched, out_axes = batching.batch_jaxpr_out_axes(jaxpr, size, in_axes,
                                                          [batching.ZERO_IF_MAPPED] * len(jaxpr.out_avals))
        if not batched.consts:
            return batched, [], out_axes
        j = batched.jaxpr
        return (jx.ClosedJaxpr(jx.Jaxpr([], [*j.constvars, *j.in_binders], j.eqns, j.outs)), list(batched.consts),
                out_axes)

    body, consts, out_axes = derived(jaxpr, ("remat batch", size, tuple(in_axes)), make)
    outs = remat_p.bind(*consts, *moved, jaxpr=body, prevent_cse=prevent_cse, differentiated=differentiated,
                        policy=policy)
    return list(outs), list(out_axes)


def _name_batching_rule(size: int, args: Sequence[Any], dims: Sequence[int | None], *, name: str
                        ) -> tuple[Any, int | None]:
    return name_p.bind(args[0], name=name), dims[0]


batching.register_rule(remat_p, _remat_batching_rule)
batching.register_rule(name_p, _name_batching_rule)
batching.defvectorized(reduce_precision_p)
