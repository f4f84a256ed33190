"""The batching rule of the ``jit`` primitive (a jitted function called under a trace), as JAX's: ``jit`` bound on
the batched jaxpr, derived once per jaxpr, size and batch axes (:func:`arraytyping._src.xla.jit_call.derived`).
Registered in :data:`.batching.RULES` on import."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arraytyping._src.core import jaxpr as jx
from arraytyping._src.interpreters.batching import batching
from arraytyping._src.xla.jit_call import derived, jit_p, own, separated

__all__: list[str] = []


def _jit_batching_rule(size: int, args: Sequence[Any], dims: Sequence[int | None], *, jaxpr: jx.ClosedJaxpr,
                       name: str) -> tuple[list[Any], list[int | None]]:
    def make() -> tuple[jx.ClosedJaxpr, list[int | None]]:
        batched, out_axes = batching.batch_jaxpr_out_axes(jaxpr, size, list(dims),
                                                          [batching.AS_IS] * len(jaxpr.out_avals))
        return own(separated(batched)), out_axes

    closed, out_axes = derived(jaxpr, ("batch", size, tuple(dims)), make)
    outs = jit_p.bind(*args, jaxpr=closed, name=name)
    return list(outs), list(out_axes)


batching.register_rule(jit_p, _jit_batching_rule)
