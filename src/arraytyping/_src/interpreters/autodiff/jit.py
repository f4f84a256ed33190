"""Differentiation of the ``jit`` primitive (a jitted function called under a trace), as JAX's rules for ``jit``:
forward mode binds ``jit`` on the JVP jaxpr; linearization splits the jaxpr into a primal ``jit`` returning the
residuals (without those that are inputs, constants or primal outputs, which are passed as they are) and a tangent
``jit`` from the residuals and the nonzero tangents; transposition binds ``jit`` on the jaxpr's backward pass (known
inputs, then the nonzero cotangents). Each derived jaxpr is made once per jaxpr and key
(:func:`arraytyping._src.xla.jit_call.derived`), so it is compiled once. Registered in :mod:`.ad`'s tables on
import, with ``jit``'s dead-code elimination rule."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from arraytyping._src.core import jaxpr as jx
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.staging import abstractify
from arraytyping._src.core.trace import Primitive
from arraytyping._src.interpreters.autodiff import ad
from arraytyping._src.interpreters.autodiff.control_flow import apply_linear, linearize_jaxpr
from arraytyping._src.lax.control_flow.common import jaxpr_forwarding, prune_outputs
from arraytyping._src.lax.control_flow.conditionals import cond_p
from arraytyping._src.xla.jit_call import closed_over, derived, jit_p, own, separated, stage

__all__: list[str] = []


def _nonzero(t: Any) -> bool:
    return type(t) is not ad.Zero and not ad.is_float0_value(t)


def _tangents(avals: Sequence[ShapedArray], nonzero: Sequence[bool], tangents: Sequence[Any]) -> list[Any]:
    it = iter(tangents)
    return [next(it) if nz else ad.Zero(ad.tangent_aval(a)) for a, nz in zip(avals, nonzero)]


def _jit_jvp(primals: Sequence[Any], tangents: Sequence[Any], *, jaxpr: jx.ClosedJaxpr, name: str
             ) -> tuple[list[Any], list[Any]]:
    nz = [_nonzero(t) for t in tangents]
    n_out = len(jaxpr.out_avals)

    def make() -> tuple[jx.ClosedJaxpr, list[bool]]:
        jvp, out_nz = ad.jvp_closed_jaxpr(jaxpr, nz, [False] * n_out)
        return own(separated(jvp)), out_nz

    closed, out_nz = derived(jaxpr, ("jvp", tuple(nz)), make)
    outs = jit_p.bind(*primals, *[t for t, z in zip(tangents, nz) if z], jaxpr=closed, name=name)
    return list(outs[:n_out]), _tangents(jaxpr.out_avals, out_nz, outs[n_out:])


class _Split(NamedTuple):
    """A linearized ``jit``: the primal jaxpr (its outputs those of ``keep``), where the others come from
    (``sources``: an input, by index into the constants then the primals; ``same_as``: an earlier output), the
    constants, the tangent jaxpr (residuals, then the nonzero tangents) and which output tangents are nonzero."""

    primal: jx.ClosedJaxpr
    keep: list[bool]
    sources: list[int | None]
    same_as: list[int | None]
    consts: list[Any]
    tangent: jx.ClosedJaxpr | None
    out_nonzero: list[bool]


def _split(jaxpr: jx.ClosedJaxpr, nz: Sequence[bool], name: str) -> _Split:
    split = linearize_jaxpr(jaxpr, nz)
    n_out, n_c = len(jaxpr.out_avals), len(split.consts)
    primal = split.primal.jaxpr  # binders: the constants, then the primals; outputs: the outputs, the residuals
    fwd = jaxpr_forwarding(primal)
    # Outputs not computed by the primal jit (JAX's forwarding): primal outputs that are primal inputs, residuals
    # that are inputs or constants, and residuals that are primal outputs.
    sources: list[int | None] = [f if f is not None and (i >= n_out or f >= n_c) else None
                                 for i, f in enumerate(fwd)]
    first_out: dict[jx.Var, int] = {}
    for i, x in enumerate(primal.outs[:n_out]):
        if isinstance(x, jx.Var) and sources[i] is None:
            first_out.setdefault(x, i)
    same_as: list[int | None] = [None] * n_out
    same_as += [first_out.get(x) if isinstance(x, jx.Var) and sources[n_out + k] is None else None
                for k, x in enumerate(primal.outs[n_out:])]
    keep = [s is None and o is None for s, o in zip(sources, same_as)]
    closed = own(closed_over(_dce_primal(prune_outputs(split.primal, keep)), split.consts))
    out_nz = split.out_nonzero
    tangent = None
    if any(out_nz):
        dot_avals = [ad.tangent_aval(a) for a, z in zip(jaxpr.in_avals, nz) if z]
        res_avals = split.residual_avals
        n_res = len(res_avals)

        def linear(*args: Any) -> list[Any]:
            return apply_linear(split, args[:n_res], args[n_res:], jaxpr.out_avals, out_nz)

        tangent = own(stage(linear, [*res_avals, *dot_avals], f"linearized jit({name})"))
    return _Split(closed, keep, sources, same_as, list(split.consts), tangent, out_nz)


def _jit_linearize(primals: Sequence[Any], tangents: Sequence[Any], *, jaxpr: jx.ClosedJaxpr, name: str
                   ) -> tuple[list[Any], list[Any]]:
    nz = [_nonzero(t) for t in tangents]
    sp = derived(jaxpr, ("linearize", tuple(nz)), lambda: _split(jaxpr, nz, name))
    computed = iter(jit_p.bind(*primals, jaxpr=sp.primal, name=name))
    results: list[Any] = [next(computed) if k else None for k in sp.keep]
    inputs = [*sp.consts, *primals]
    for i, (s, o) in enumerate(zip(sp.sources, sp.same_as)):
        if s is not None:
            results[i] = inputs[s]
        elif o is not None:
            results[i] = results[o]
    n_out = len(jaxpr.out_avals)
    primal_out, residuals = results[:n_out], results[n_out:]
    if sp.tangent is None:
        return primal_out, _tangents(jaxpr.out_avals, sp.out_nonzero, [])
    dots = [t for t, z in zip(tangents, nz) if z]
    touts = jit_p.bind(*residuals, *dots, jaxpr=sp.tangent, name=name)
    return primal_out, _tangents(jaxpr.out_avals, sp.out_nonzero, touts)


def _jit_transpose(cts: Sequence[Any], *args: Any, jaxpr: jx.ClosedJaxpr, name: str) -> list[Any]:
    linear = [type(x) is ad.UndefinedPrimal for x in args]
    known = [x for x, lin in zip(args, linear) if not lin]
    ct_nz = [type(c) is not ad.Zero for c in cts]
    known_avals = [abstractify(x) for x in known]

    def make() -> jx.ClosedJaxpr:
        j = jaxpr.jaxpr
        body = jx.Jaxpr([*j.constvars, *[v for v, lin in zip(j.in_binders, linear) if not lin]],
                        [v for v, lin in zip(j.in_binders, linear) if lin], j.eqns, j.outs)
        n_known = len(known)
        ct_avals = [ad.tangent_aval(a) for a, nz in zip(jaxpr.out_avals, ct_nz) if nz]

        def backward(*a: Any) -> list[Any]:
            full = _tangents(jaxpr.out_avals, ct_nz, a[n_known:])
            res = ad.backward_pass(body, [*jaxpr.consts, *a[:n_known]], full)
            return [ad.materialize(ad.instantiate_zeros(c)) for c in res]

        return own(stage(backward, [*known_avals, *ct_avals], f"transpose of jit({name})"))

    staged = derived(jaxpr, ("transpose", tuple(linear), tuple(ct_nz), tuple(known_avals)), make)
    outs = iter(jit_p.bind(*known, *[c for c, nz in zip(cts, ct_nz) if nz], jaxpr=staged, name=name))
    return [next(outs) if lin else None for lin in linear]


def _dce_rule(rules: Mapping[Primitive, ad.DceRule]) -> ad.DceRule:
    def rule(used: list[bool], eqn: jx.JaxprEqn) -> jx.JaxprEqn:
        """A ``jit`` without its unused outputs, and without the inputs and constants they do not need."""
        closed: jx.ClosedJaxpr = eqn.params["jaxpr"]
        inner, const_used, reads = ad.dce_equations(closed.jaxpr, used, rules)
        if all(used) and all(const_used) and all(reads) and len(inner.eqns) == len(closed.jaxpr.eqns):
            return eqn
        j = jx.Jaxpr([v for v, u in zip(inner.constvars, const_used) if u],
                     [v for v, r in zip(inner.in_binders, reads) if r], inner.eqns, inner.outs)
        pruned = jx.ClosedJaxpr(j, [c for c, u in zip(closed.consts, const_used) if u])
        return jx.JaxprEqn(eqn.primitive, [x for x, r in zip(eqn.inputs, reads) if r], {**eqn.params, "jaxpr": pruned},
                           [v for v, u in zip(eqn.out_binders, used) if u])
    return rule


ad.dce_rules[jit_p] = _dce_rule(ad.dce_rules)


def _dce_primal(closed: jx.ClosedJaxpr) -> jx.ClosedJaxpr:
    """The primal half of a linearized ``jit`` without dead equations, in nested ``jit``s and ``cond`` branches
    too (JAX's partial evaluation ends with dead-code elimination; the binders stay)."""
    rules: dict[Primitive, ad.DceRule] = {}

    def branches_rule(used: list[bool], eqn: jx.JaxprEqn) -> jx.JaxprEqn:
        branches = tuple(jx.ClosedJaxpr(ad.dce_equations(b.jaxpr, [True] * len(b.out_avals), rules)[0], b.consts)
                         for b in eqn.params["branches"])
        return jx.JaxprEqn(eqn.primitive, eqn.inputs, {**eqn.params, "branches": branches}, eqn.out_binders)

    rules.update(ad.dce_rules)
    rules[jit_p] = _dce_rule(rules)
    rules[cond_p] = branches_rule
    j = ad.dce_equations(closed.jaxpr, [True] * len(closed.jaxpr.outs), rules)[0]
    return jx.ClosedJaxpr(j, closed.consts)


ad.jvp_rules[jit_p] = _jit_jvp


ad.linearize_rules[jit_p] = _jit_linearize


ad.transpose_rules[jit_p] = _jit_transpose
