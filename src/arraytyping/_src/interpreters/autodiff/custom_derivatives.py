"""The JVP rule of ``custom_jvp_call`` (:mod:`arraytyping._src.lax.custom_derivatives`) and the rule it holds: the
user's rule runs on the primals and the tangents (zeros instantiated) one level down, so its primal output (usually
a call of the function itself) is computed in the enclosing computation and its tangent output is what
linearization records; its outputs are checked against the function's (tree, types) as JAX checks them.
Registered in :mod:`.ad`'s tables on import."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

from arraytyping._src.core import jaxpr as jx
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.staging import abstractify
from arraytyping._src.interpreters.autodiff import ad
from arraytyping._src.lax.custom_derivatives import Rule, custom_jvp_call_p
from arraytyping._src.tree import pytree as tree
from arraytyping._src.xla.jit_call import fun_name as function_name

__all__ = ["FlatRule"]


class FlatRule(Rule):
    """The user's rule over flat values, its outputs checked against the function's output tree and types."""

    __slots__ = ("rule", "statics", "in_tree", "out_tree", "out_avals")

    def __init__(self, rule: Callable[..., Any], statics: Sequence[Any], in_tree: tree.TreeDef,
                 out_tree: tree.TreeDef, out_avals: Sequence[ShapedArray], fun_name: str) -> None:
        super().__init__(function_name(rule), fun_name)
        self.rule = rule
        self.statics = tuple(statics)
        self.in_tree = in_tree
        self.out_tree = out_tree
        self.out_avals = list(out_avals)

    def __call__(self, primals: Sequence[Any], tangents: Sequence[Any]) -> list[Any]:
        ps = tree.unflatten(self.in_tree, list(primals))
        ts = tree.unflatten(self.in_tree, list(tangents))
        out = self.rule(*self.statics, tuple(ps), tuple(ts))
        if not isinstance(out, (tuple, list)) or len(cast(Sequence[Any], out)) != 2:
            raise TypeError(f"Custom JVP rule {self.name} for function {self.fun_name} must produce a pair (list or "
                            f"tuple of length two) representing primal and tangent outputs, but got {out!r:.80}.")
        p_leaves, p_tree = tree.flatten(out[0])
        t_leaves, t_tree = tree.flatten(out[1])
        if p_tree != self.out_tree:
            raise TypeError(f"Custom JVP rule {self.name} for function {self.fun_name} must produce primal outputs "
                            f"with the same container (pytree) structure as the output of the function, but got "
                            f"{p_tree} and {self.out_tree}.")
        if t_tree != p_tree:
            raise TypeError(f"Custom JVP rule {self.name} for function {self.fun_name} must produce primal and "
                            f"tangent outputs with equal container (pytree) structures, but got {p_tree} and "
                            f"{t_tree} respectively.")
        for want, p in zip(self.out_avals, p_leaves):
            got = abstractify(p)
            if got.shape != want.shape or got.dtype != want.dtype:
                raise TypeError(f"Custom JVP rule {self.name} for function {self.fun_name} must produce primal "
                                f"outputs with the same shapes and dtypes as the function: expected "
                                f"{want.str_short()}, got {got.str_short()}.")
        for want, t in zip(self.out_avals, t_leaves):
            expected = ad.tangent_aval(want.update(weak_type=False))
            got = abstractify(t).update(weak_type=False)
            if got.shape != expected.shape or got.dtype != expected.dtype:
                raise TypeError(f"Custom JVP rule must produce primal and tangent outputs with corresponding shapes "
                                f"and dtypes. Expected {expected.str_short()} (tangent type of "
                                f"{want.update(weak_type=False).str_short()}) but got {got.str_short()}.")
        return [*p_leaves, *t_leaves]


def _jvp_rule(primals: Sequence[Any], tangents: Sequence[Any], *, call_jaxpr: jx.ClosedJaxpr, jvp: Rule,
              num_consts: int, symbolic_zeros: bool) -> tuple[list[Any], list[Any]]:
    if any(type(t) is not ad.Zero for t in tangents[:num_consts]):
        raise TypeError(f"custom_jvp function {jvp.fun_name} closes over a value that is being differentiated (a "
                        f"traced value of an enclosing transformation), whose tangent its rule {jvp.name} cannot "
                        f"see; pass that value as an argument of the function instead")
    outs = jvp(primals[num_consts:], [ad.materialize(ad.instantiate_zeros(t)) for t in tangents[num_consts:]])
    n = len(call_jaxpr.out_avals)
    return outs[:n], outs[n:]


ad.jvp_rules[custom_jvp_call_p] = _jvp_rule
