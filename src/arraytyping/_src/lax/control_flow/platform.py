"""``platform_dependent``: one of several implementations, chosen by the platform the computation is lowered for, as
JAX stages it: a ``platform_index`` (an int32 that lowering makes a constant) and a ``cond`` whose
``branches_platforms`` name each branch's platforms (the default branch's is ``None``).

JAX's ``jnp.diagonal`` uses it for a square matrix (a mask-and-sum branch for Mosaic, the gather otherwise); the
result has the first branch's output types (as every ``cond``'s), so the choice shows in its weak flag even where
the default branch runs. This runtime lowers for the CPU and CUDA, which no branch but the default names.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import numpy as np

from arraytyping._src.xla import lowering as mlow
from arraytyping._src.tree import pytree as tree
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.lax.control_flow.common import jaxpr_forwarding, merge_common_consts, trace_to_subjaxpr
from arraytyping._src.lax.control_flow.conditionals import INT32, bind_cond, check_branch_outputs
from arraytyping._src.core.trace import Primitive
from arraytyping._src.core.staging import abstractify

__all__ = ["platform_dependent", "platform_index_p"]

LOWERED_FOR = frozenset({"cpu", "cuda", "gpu"})
"""The platforms this runtime lowers for (a branch naming one of them would have to be chosen by the backend)."""


def _platform_index_abstract_eval(*, platforms: tuple[tuple[str, ...] | None, ...]) -> list[ShapedArray]:
    return [ShapedArray((), INT32, False)]


platform_index_p: Final[Primitive] = Primitive("platform_index", _platform_index_abstract_eval)
"""The index of the first entry of ``platforms`` that names the platform lowered for, else of the default
(``None``) entry."""


def _default_index(platforms: tuple[tuple[str, ...] | None, ...]) -> int:
    return platforms.index(None)


def _platform_index_lowering(ctx: mlow.LoweringContext, *, platforms: tuple[tuple[str, ...] | None, ...]
                             ) -> list[Any]:
    return [mlow.constant(ctx.m, np.int32(_default_index(platforms)), ctx.avals_out[0])]


mlow.RULES[platform_index_p] = _platform_index_lowering


def platform_dependent(*args: Any, default: Callable[..., Any], **per_platform: Callable[..., Any]) -> Any:
    """``default(*args)`` staged beside the implementations for other platforms (``mosaic=f``...) as JAX's
    ``lax.platform_dependent`` stages them: every branch is traced and must return the same tree of the same types,
    the result has the first branch's types (weak flags included, as every ``cond``'s) and the branch for the
    platform lowered for runs (here always ``default``)."""
    named = [p for p in per_platform if p in LOWERED_FOR]
    if named:
        raise NotImplementedError(f"platform_dependent: a branch for {named[0]!r} (this runtime lowers every "
                                  f"platform-dependent choice to its default branch)")
    platforms: tuple[tuple[str, ...] | None, ...] = (*((p,) for p in per_platform), None)
    fns = [*per_platform.values(), default]
    names = [f"the branch for {p}" for p in per_platform] + ["the default branch"]
    index = platform_index_p.bind(platforms=platforms)
    leaves, in_tree = tree.flatten(tuple(args))
    avals = [abstractify(x) for x in leaves]
    traced = [trace_to_subjaxpr(f, in_tree, avals, f"platform_dependent's {name}") for f, name in zip(fns, names)]
    (j0, _, t0) = traced[0]
    for (j, _, t), f, name in zip(traced[1:], fns[1:], names[1:]):
        check_branch_outputs("platform_dependent", names[0], name, fns[0], f, t0, j0.out_avals, t, j.out_avals)
    jaxprs, consts = merge_common_consts([j for j, _, _ in traced], [c for _, c, _ in traced])
    all_fwds = [jaxpr_forwarding(j.jaxpr) for j in jaxprs]
    fwds = [f[0] if len(set(f)) == 1 else None for f in zip(*all_fwds)]
    return tree.unflatten(t0, bind_cond(index, jaxprs, consts, leaves, fwds, platforms))
