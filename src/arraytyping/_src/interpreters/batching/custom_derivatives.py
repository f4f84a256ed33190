"""The batching rules of ``custom_jvp_call`` and ``custom_vjp_call`` (:mod:`arraytyping._src.lax.custom_derivatives`):
the jaxpr is batched (every output along axis 0) and the rules vectorized alike, once per jaxpr, rule and batch axes
(:func:`arraytyping._src.xla.jit_call.derived`); a ``bwd`` rule's cotangents of unbatched inputs are summed over
the batch. Registered in :data:`.batching.RULES` on import."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from arraytyping._src.core import jaxpr as jx
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.staging import abstractify
from arraytyping._src.interpreters.autodiff import ad
from arraytyping._src.interpreters.batching import batching
from arraytyping._src.lax import lax
from arraytyping._src.lax.custom_derivatives import (
    BwdRule, FwdRule, Rule, SymbolicZero, custom_jvp_call_p, custom_lin_p, custom_vjp_call_p,
)
from arraytyping._src.xla.jit_call import derived

__all__ = ["BatchedBwd", "BatchedFwd", "BatchedRule"]


def _arrays(values: Sequence[Any]) -> list[Any]:
    """Symbolic zeros (``SymbolicZero``, ``ad.Zero``) as zeros: a vectorized rule is passed, and gives, arrays."""
    return [ad.materialize(ad.zeros_like_aval(v.aval)) if isinstance(v, (SymbolicZero, ad.Zero)) else v
            for v in values]


def _symbolic_apart(values: Sequence[Any], axes: Sequence[int | None]
                    ) -> tuple[list[Any], list[int | None], Callable[[Sequence[Any]], list[Any]]]:
    """The values that are not :class:`SymbolicZero` and their batch axes, and how to put the symbolic zeros back
    in a batched function (each of the per-example type: a rule with symbolic zeros is passed them, vectorized)."""
    keep = [not isinstance(v, SymbolicZero) for v in values]
    zeros = {i: SymbolicZero(v.aval.update(shape=v.aval.shape[1:]) if a == 0 else v.aval)
             for i, (v, a, k) in enumerate(zip(values, axes, keep)) if not k}

    def rebuild(xs: Sequence[Any]) -> list[Any]:
        it = iter(xs)
        return [next(it) if k else zeros[i] for i, k in enumerate(keep)]

    return ([v for v, k in zip(values, keep) if k], [a for a, k in zip(axes, keep) if k], rebuild)


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
            kept, kept_axes, rebuild = _symbolic_apart(tangents, axes)
            outs = batching.batch_flat(lambda *xs: _arrays(jvp(xs[:n], rebuild(xs[n:]))), size,
                                       [*axes, *kept_axes], [*primals, *kept], f"vmap({jvp.name})")
            return [batching.matchaxis(size, src, 0, val) for val, src in outs]
        return batched, BatchedRule(vectorized, jvp)

    # once per jaxpr, rule and batching (as a jit's batched jaxpr): a repeated vmap call batches nothing again
    batched, rule = derived(call_jaxpr, ("custom_jvp batch", jvp, size, tuple(in_batched)), make)
    outs = custom_jvp_call_p.bind(*moved, call_jaxpr=batched, jvp=rule, num_consts=num_consts,
                                  symbolic_zeros=symbolic_zeros)
    return list(outs), [0] * len(call_jaxpr.out_avals)


batching.register_rule(custom_jvp_call_p, _batching_rule)


class BatchedFwd(FwdRule):
    """A ``fwd`` rule vectorized over a batch (outputs and residuals along axis 0)."""

    __slots__ = ("fwd", "size", "axes")

    def __init__(self, fwd: FwdRule, size: int, axes: Sequence[int | None]) -> None:
        super().__init__(fwd.name, fwd.fun_name)
        self.fwd = fwd
        self.size = size
        self.axes = list(axes)

    def __call__(self, primals: Sequence[Any], perturbed: Sequence[bool] | None = None
                 ) -> tuple[list[Any], list[Any], Any]:
        found: list[tuple[int, Any]] = []

        def flat(*xs: Any) -> list[Any]:
            outs, res, res_tree = self.fwd(xs, perturbed)
            found.append((len(outs), res_tree))
            return [*outs, *res]

        batched = batching.batch_flat(flat, self.size, self.axes, list(primals), f"vmap({self.name})")
        vals = [batching.matchaxis(self.size, src, 0, val) for val, src in batched]
        n_out, res_tree = found[0]
        return vals[:n_out], vals[n_out:], res_tree


class BatchedBwd(BwdRule):
    """A ``bwd`` rule vectorized over a batch: residuals and cotangents along axis 0; input cotangents out along
    axis 0 for batched inputs, summed over the batch for the others (symbolic zeros stay zeros)."""

    __slots__ = ("bwd", "size", "in_avals", "in_batched")

    def __init__(self, bwd: BwdRule, size: int, in_avals: Sequence[ShapedArray], in_batched: Sequence[bool]) -> None:
        super().__init__(bwd.name, bwd.fun_name)
        self.bwd = bwd
        self.size = size
        self.in_avals = list(in_avals)
        self.in_batched = list(in_batched)

    def __call__(self, res_tree: Any, residuals: Sequence[Any], cts: Sequence[Any]) -> list[Any]:
        n_res = len(residuals)
        zeros: list[bool] = []

        kept, kept_axes, rebuild = _symbolic_apart(cts, [0] * len(cts))

        def flat(*xs: Any) -> list[Any]:
            outs = self.bwd(res_tree, xs[:n_res], rebuild(xs[n_res:]))
            zeros.extend(type(o) is ad.Zero for o in outs)
            return [o for o in outs if type(o) is not ad.Zero]

        batched = iter(batching.batch_flat(flat, self.size, [0] * n_res + kept_axes, [*residuals, *kept],
                                           f"vmap({self.name})"))
        result: list[Any] = []
        for a, b, z in zip(self.in_avals, self.in_batched, zeros):
            if z:
                result.append(ad.Zero(ad.tangent_aval(a)))
                continue
            val, src = next(batched)
            if b:
                result.append(batching.matchaxis(self.size, src, 0, val))
            else:
                result.append(val if src is None else lax.reduce("sum", val, [src]))
        return result


def _vjp_batching_rule(size: int, args: Sequence[Any], dims: Sequence[int | None], *, call_jaxpr: jx.ClosedJaxpr,
                       fwd: FwdRule, bwd: BwdRule, num_consts: int, symbolic_zeros: bool
                       ) -> tuple[list[Any], list[int | None]]:
    moved = [x if d is None else batching.moveaxis(x, d, 0) for x, d in zip(args, dims)]
    in_batched = [d is not None for d in dims]
    batched, _ = derived(call_jaxpr, ("custom_vjp batch", size, tuple(in_batched)),
                         lambda: batching.batch_jaxpr(call_jaxpr, size, in_batched, True))
    axes = [0 if b else None for b in in_batched[num_consts:]]
    bfwd = BatchedFwd(fwd, size, axes)
    bbwd = BatchedBwd(bwd, size, [abstractify(x) for x in moved[num_consts:]], in_batched[num_consts:])
    outs = custom_vjp_call_p.bind(*moved, call_jaxpr=batched, fwd=bfwd, bwd=bbwd, num_consts=num_consts,
                                  symbolic_zeros=symbolic_zeros)
    return list(outs), [0] * len(call_jaxpr.out_avals)


batching.register_rule(custom_vjp_call_p, _vjp_batching_rule)


def _lin_batching_rule(size: int, args: Sequence[Any], dims: Sequence[int | None], **params: Any
                       ) -> tuple[list[Any], list[int | None]]:
    """``custom_lin`` is only ever transposed; batching it means evaluating a linearized ``custom_vjp`` function
    (``vmap`` of ``linearize``'s function), which is forward mode: JAX's error."""
    raise TypeError("can't apply forward-mode autodiff (jvp) to a custom_vjp function.")


batching.register_rule(custom_lin_p, _lin_batching_rule)
