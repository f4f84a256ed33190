"""The batching rule of ``custom_jvp_call`` (:mod:`arraytyping._src.lax.custom_derivatives`): its jaxpr is batched
(every output along axis 0) and its rule vectorized alike, once per jaxpr, rule and batch axes
(:func:`arraytyping._src.xla.jit_call.derived`). Registered in :data:`.batching.RULES` on import."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from arraytyping._src.core import jaxpr as jx
from arraytyping._src.interpreters.batching import batching
from arraytyping._src.lax.custom_derivatives import Rule, custom_jvp_call_p
from arraytyping._src.xla.jit_call import derived

__all__ = ["BatchedRule"]


class BatchedRule(Rule):
    """A rule vectorized over a batch (every output along axis 0), for a batched ``custom_jvp_call``."""

    __slots__ = ("vectorized",)

    def __init__(self, vectorized: Callable[[list[Any], list[Any]], list[Any]], like: Rule) -> None:
        super().__init__(like.name, like.fun_name)
        self.vectorized = vectorized

    def __call__(self, primals: Sequence[Any], tangents: Sequence[Any]) -> list[Any]:
        return self.vectorized(list(primals), list(tangents))


def _batching_rule(size: int, args: Sequence[Any], dims: Sequence[int | None], *, call_jaxpr: jx.ClosedJaxpr,
                   jvp: Rule, num_consts: int, symbolic_zeros: bool) -> tuple[list[Any], list[int | None]]:
    moved = [x if d is None else batching.moveaxis(x, d, 0) for x, d in zip(args, dims)]
    in_batched = [d is not None for d in dims]

    def make() -> tuple[jx.ClosedJaxpr, BatchedRule]:
        batched, _ = batching.batch_jaxpr(call_jaxpr, size, in_batched, True)
        axes = [0 if b else None for b in in_batched[num_consts:]]

        def vectorized(primals: list[Any], tangents: list[Any]) -> list[Any]:
            n = len(primals)
            outs = batching.batch_flat(lambda *xs: jvp(xs[:n], xs[n:]), size, [*axes, *axes], [*primals, *tangents],
                                       f"vmap({jvp.name})")
            return [batching.matchaxis(size, src, 0, val) for val, src in outs]
        return batched, BatchedRule(vectorized, jvp)

    # once per jaxpr, rule and batching (as a jit's batched jaxpr): a repeated vmap call batches nothing again
    batched, rule = derived(call_jaxpr, ("custom_jvp batch", jvp, size, tuple(in_batched)), make)
    outs = custom_jvp_call_p.bind(*moved, call_jaxpr=batched, jvp=rule, num_consts=num_consts,
                                  symbolic_zeros=symbolic_zeros)
    return list(outs), [0] * len(call_jaxpr.out_avals)


batching.register_rule(custom_jvp_call_p, _batching_rule)
