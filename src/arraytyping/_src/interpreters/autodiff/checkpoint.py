"""Gradient checkpointing (JAX's ``jax.checkpoint``, alias ``jax.remat``, and ``jax.ad_checkpoint.checkpoint_name``):
a function whose residuals are recomputed on the backward pass instead of saved, except those its policy saves.

* :func:`checkpoint` traces the function and binds one ``remat2`` equation (its constants become leading
  arguments); eagerly the function just runs (the same operations, so the same values). As in JAX, the trace is
  kept per function (weakly) and per argument types: a second ``checkpoint`` of the same function, whatever its
  policy, reuses it, and a global the function read at trace time stays as traced.
* **Linearized** (``grad``, ``vjp``, ``linearize``), the jaxpr is split into its primal part, evaluated in the
  enclosing computation (inline, as JAX's partial evaluation leaves it), returning the outputs and the residuals the
  policy saves, and its tangent part, a ``remat2`` equation with ``differentiated=True`` whose jaxpr recomputes the
  other residuals from the function's inputs, then applies the linear part. So the residuals of the enclosing
  linearization are the function's inputs and what the policy saves (``print_saved_residuals`` shows them).
  Transposed, that equation is a ``remat2`` of its backward pass (the recomputation, then the transposed linear
  part), as JAX's ``remat_transpose`` makes it.
* **Forward mode** binds ``remat2`` on the JVP jaxpr; **batched**, on the batched jaxpr.

A policy is called as JAX calls it, ``policy(prim, *in_avals, **params)`` for each equation whose output would be a
residual: true saves it (the policies are in :mod:`.remat_policies`). ``checkpoint_name(x, name)`` is the identity
(the ``name`` primitive), which the name-based policies look for.
"""

from __future__ import annotations

import functools
import threading
import weakref
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, NamedTuple, TypeVar

from arraytyping._src.core import jaxpr as jx
from arraytyping._src.dtypes.config import current, trace_key
from arraytyping._src.core.staging import abstractify, trace_to_jaxpr
from arraytyping._src.core.trace import Tracer, find_top_trace
from arraytyping._src.interpreters.autodiff import ad
from arraytyping._src.interpreters.autodiff.control_flow import SplitJaxpr, apply_linear, linearize_jaxpr
from arraytyping._src.interpreters.autodiff.remat_policies import saves
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.queries import finfo
from arraytyping._src.lax.checkpoint import name_p, reduce_precision_p, remat_p
from arraytyping._src.tree import pytree as tree
from arraytyping._src.xla.jit_call import derived

__all__ = ["checkpoint", "checkpoint_name", "remat"]

_F = TypeVar("_F", bound=Callable[..., Any])
_T = TypeVar("_T")


def _no_consts(closed: jx.ClosedJaxpr) -> tuple[jx.ClosedJaxpr, list[Any]]:
    """``closed`` with its constants as leading binders (JAX's ``convert_constvars_jaxpr``), and the constants."""
    if not closed.consts:
        return closed, []
    j = closed.jaxpr
    return jx.ClosedJaxpr(jx.Jaxpr([], [*j.constvars, *j.in_binders], j.eqns, j.outs)), list(closed.consts)


# ---------------------------------------------------------------------------------------------------------------
# The user's functions


def checkpoint_name(x: _T, name: str) -> _T:
    """``x`` (any pytree of arrays), its leaves named ``name`` for the checkpoint policies that look for names
    (``save_only_these_names``, ``save_any_names_but_these``...)."""
    return tree.tree_map(lambda leaf: name_p.bind(leaf, name=name), x)  # type: ignore[no-any-return]


def checkpoint(fun: _F, *, prevent_cse: bool = True, policy: Callable[..., Any] | None = None,
               static_argnums: int | tuple[int, ...] = (), static_argnames: str | Iterable[str] = (),
               concrete: Any = None) -> _F:
    """``fun`` with its residuals recomputed on the backward pass (JAX's ``jax.checkpoint``, alias ``jax.remat``):
    under ``grad``/``vjp``/``linearize`` only its inputs and what ``policy`` saves (``None``: nothing) are kept from
    the forward pass. Values are ``fun``'s. ``static_argnums``/``static_argnames``: arguments passed as they are,
    not traced."""
    if concrete is not None:
        raise NotImplementedError("The `concrete` option to `jax.checkpoint` was deprecated in JAX v0.8.2, and "
                                  "removed in JAX v0.10.0. In its place please use `static_argnums`; for details "
                                  "refer to https://docs.jax.dev/en/latest/jep/11830-new-remat-checkpoint.html.")
    statics = (static_argnums,) if isinstance(static_argnums, int) else tuple(static_argnums)
    static_names = (static_argnames,) if isinstance(static_argnames, str) else tuple(static_argnames)

    @functools.wraps(fun)
    def fun_remat(*args: Any, **kwargs: Any) -> Any:
        nums = {i if i >= 0 else i + len(args) for i in statics}
        dyn_args = tuple(a for i, a in enumerate(args) if i not in nums)
        dyn_kwargs = {k: v for k, v in kwargs.items() if k not in static_names}
        leaves, in_tree = tree.flatten((dyn_args, dyn_kwargs))
        if find_top_trace(leaves) is None:
            return fun(*args, **kwargs)

        def flat(*xs: Any) -> Any:
            d_args, d_kwargs = tree.unflatten(in_tree, list(xs))
            it = iter(d_args)
            full = [a if i in nums else next(it) for i, a in enumerate(args)]
            return fun(*full, **{**kwargs, **d_kwargs})

        avals = tuple(abstractify(x) for x in leaves)
        cfg = current()
        key: Hashable = (id(cfg), trace_key(cfg.x64), jx.source_recording.on, in_tree, avals, tuple(sorted(nums)),
                         tuple(a for i, a in enumerate(args) if i in nums),
                         tuple(sorted((k, v) for k, v in kwargs.items() if k in static_names)))
        cache = _traces_of(fun, key)
        entry = cache.get(key) if cache is not None else None
        if entry is None:
            closed, out_tree = trace_to_jaxpr(flat, list(avals), "checkpoint")
            entry = (*_no_consts(closed), out_tree)
            if cache is not None and not any(isinstance(c, Tracer) for c in entry[1]):
                cache[key] = entry
        body, consts, out_tree = entry
        outs = remat_p.bind(*consts, *leaves, jaxpr=body, prevent_cse=prevent_cse, differentiated=False,
                            policy=policy)
        return tree.unflatten(out_tree, list(outs))

    return fun_remat  # type: ignore[return-value]


remat = checkpoint

_TRACES: weakref.WeakKeyDictionary[Callable[..., Any],
                                   dict[Hashable, tuple[jx.ClosedJaxpr, list[Any], tree.TreeDef]]] = \
    weakref.WeakKeyDictionary()
"""The jaxprs :func:`checkpoint` traced, per function (weakly) and per argument types and static arguments (and
whether their equations record where the user's code applied them: ``print_saved_residuals`` asks for it)."""


def _traces_of(fun: Callable[..., Any], key: Hashable) -> dict[Hashable, tuple[jx.ClosedJaxpr, list[Any],
                                                                               tree.TreeDef]] | None:
    """The traces kept for ``fun``; ``None`` where they cannot be kept (a callable without weak references, or
    static arguments that cannot be hashed)."""
    try:
        hash(key)
        return _TRACES.setdefault(fun, {})
    except TypeError:
        return None


# ---------------------------------------------------------------------------------------------------------------
# Differentiation


def _nonzero(t: Any) -> bool:
    return type(t) is not ad.Zero and not ad.is_float0_value(t)


def _remat_jvp(primals: Sequence[Any], tangents: Sequence[Any], *, jaxpr: jx.ClosedJaxpr, prevent_cse: bool,
               differentiated: bool, policy: Any) -> tuple[list[Any], list[Any]]:
    nz = [_nonzero(t) for t in tangents]
    n_out = len(jaxpr.out_avals)

    def make() -> tuple[jx.ClosedJaxpr, list[Any], list[bool]]:
        jvp, out_nz = ad.jvp_closed_jaxpr(jaxpr, nz, [False] * n_out)
        body, consts = _no_consts(jvp)
        return body, consts, out_nz

    body, consts, out_nz = derived(jaxpr, ("remat jvp", tuple(nz)), make)
    outs = remat_p.bind(*consts, *primals, *[t for t, z in zip(tangents, nz) if z], jaxpr=body,
                        prevent_cse=prevent_cse, differentiated=differentiated, policy=policy)
    it = iter(outs[n_out:])
    return list(outs[:n_out]), [next(it) if z else ad.Zero(ad.tangent_aval(a))
                                for a, z in zip(jaxpr.out_avals, out_nz)]


class _Remat(NamedTuple):
    """A linearized ``remat2``: the primal jaxpr (the split's constants then the primals in; the outputs then the
    saved residuals out), the constants, the tangent jaxpr (the saved residuals, the known inputs ``known_used``
    marks among the constants and primals, then the nonzero tangents) and which output tangents are nonzero."""

    primal: jx.ClosedJaxpr
    consts: list[Any]
    tangent: jx.ClosedJaxpr | None
    tangent_consts: list[Any]
    known_used: list[bool]
    out_nonzero: list[bool]


def _saveable(policy: Any, eqn: jx.JaxprEqn) -> bool:
    if policy is None:
        return False
    return saves(policy(eqn.primitive, *[x.aval for x in eqn.inputs], **eqn.params))


class _Nesting(threading.local):
    """How many checkpointed jaxprs are being split on this thread: a checkpoint inside one keeps its primal half
    as a ``remat2`` equation (``differentiated=False``) in the enclosing primal half, as JAX's partial evaluation
    of the enclosing one leaves it, where a checkpoint at the top runs its primal half inline."""

    depth = 0


_nesting = _Nesting()


def _split(jaxpr: jx.ClosedJaxpr, nz: Sequence[bool], policy: Any) -> _Remat:
    _nesting.depth += 1
    try:
        split: SplitJaxpr = linearize_jaxpr(jaxpr, nz)
    finally:
        _nesting.depth -= 1
    n_out = len(jaxpr.out_avals)
    primal = split.primal.jaxpr
    residuals = primal.outs[n_out:]
    # the values the policy saves: any it computes, which the recomputation starts from (JAX's partial evaluation)
    saveable = [v for e in primal.eqns if _saveable(policy, e) for v in e.out_binders]
    out_nz = split.out_nonzero
    if not any(out_nz):
        kept = jx.Jaxpr(primal.constvars, primal.in_binders, primal.eqns, primal.outs[:n_out])
        primal_closed = jx.ClosedJaxpr(ad.dce_equations(kept, [True] * len(kept.outs))[0], split.primal.consts)
        return _Remat(primal_closed, list(split.consts), None, [], [], out_nz)
    known_vars = [*primal.in_binders, *saveable]
    known_avals = [v.aval for v in known_vars]
    dot_avals = [ad.tangent_aval(a) for a, z in zip(jaxpr.in_avals, nz) if z]
    n_known = len(known_vars)

    def tangent(*args: Any) -> list[Any]:
        env: dict[jx.Var, Any] = dict(zip(primal.constvars, split.primal.consts))
        env.update(zip(known_vars, args[:n_known]))

        def read(x: jx.Atom) -> Any:
            return jx.literal_value(x) if isinstance(x, jx.Literal) else env[x]

        for eqn in primal.eqns:  # the recomputation of what was not saved
            if all(v in env for v in eqn.out_binders):
                continue
            outs = eqn.primitive.bind(*map(read, eqn.inputs), **eqn.params)
            env.update(zip(eqn.out_binders, outs if eqn.primitive.multiple_results else [outs]))
        res = [ad.materialize(read(r)) for r in residuals]
        return apply_linear(split, res, args[n_known:], jaxpr.out_avals, out_nz)

    staged, _ = trace_to_jaxpr(tangent, [*known_avals, *dot_avals], "linearized checkpoint")
    j = staged.jaxpr
    pruned, const_used, reads = ad.dce_equations(j, [True] * len(j.outs))
    known_used = reads[:n_known]
    n_in = len(primal.in_binders)
    # the saved residuals first, then the inputs the recomputation reads, then the tangents (JAX's order)
    in_vars = [v for v, u in zip(j.in_binders[:n_in], known_used[:n_in]) if u]
    saved_vars = [v for v, u in zip(j.in_binders[n_in:n_known], known_used[n_in:]) if u]
    body = jx.Jaxpr([v for v, u in zip(j.constvars, const_used) if u],
                    saved_vars + in_vars + j.in_binders[n_known:],
                    pruned.eqns, pruned.outs)
    closed, tconsts = _no_consts(jx.ClosedJaxpr(body, [c for c, u in zip(staged.consts, const_used) if u]))
    saved = [v for v, u in zip(saveable, known_used[n_in:]) if u]
    kept = jx.Jaxpr(primal.constvars, primal.in_binders, primal.eqns, [*primal.outs[:n_out], *saved])
    pruned_primal = _reduce_precision(ad.dce_equations(kept, [True] * len(kept.outs))[0], saved)
    primal_closed = jx.ClosedJaxpr(pruned_primal, split.primal.consts)
    known_used = known_used[:n_in]
    return _Remat(primal_closed, list(split.consts), closed, tconsts, known_used, out_nz)


def _reduce_precision(jaxpr: jx.Jaxpr, saved: Sequence[jx.Var]) -> jx.Jaxpr:
    """``jaxpr`` with each saved residual that its equations also use passed through ``reduce_precision`` at its
    own format right after it is computed, the rounded value used from there on (JAX's
    ``_insert_reduce_precision``, against excess precision making the two passes disagree)."""
    used = {x for e in jaxpr.eqns for x in e.inputs if isinstance(x, jx.Var)}
    eqns = list(jaxpr.eqns)
    for v in saved:
        info = registry.info_of_dtype(v.aval.dtype)
        if info is None or info.kind not in "fc" or v not in used:
            continue
        i, eqn = next((i, e) for i, e in enumerate(eqns) if v in e.out_binders)
        fi = finfo(v.aval.dtype)
        params = {"exponent_bits": int(fi.nexp), "mantissa_bits": int(fi.nmant)}
        if eqn.primitive is reduce_precision_p and eqn.params == params:
            continue
        fresh = jx.Var(v.aval)
        eqns[i] = jx.JaxprEqn(eqn.primitive, eqn.inputs, eqn.params,
                              [fresh if o is v else o for o in eqn.out_binders], eqn.source)
        eqns.insert(i + 1, jx.JaxprEqn(reduce_precision_p, [fresh], params, [v], eqn.source))
    return jx.Jaxpr(jaxpr.constvars, jaxpr.in_binders, eqns, jaxpr.outs)


def _reduce_precision_transpose(ct: Any, x: Any, *, exponent_bits: int, mantissa_bits: int) -> list[Any]:
    return [reduce_precision_p.bind(ct, exponent_bits=exponent_bits, mantissa_bits=mantissa_bits)]


ad.deflinear(reduce_precision_p, _reduce_precision_transpose)


def _remat_linearize(primals: Sequence[Any], tangents: Sequence[Any], *, jaxpr: jx.ClosedJaxpr, prevent_cse: bool,
                     differentiated: bool, policy: Any) -> tuple[list[Any], list[Any]]:
    nz = [_nonzero(t) for t in tangents]
    key: Hashable = ("remat linearize", tuple(nz), id(policy), jx.source_recording.on)
    sp = derived(jaxpr, key, lambda: _split(jaxpr, nz, policy))
    n_out = len(jaxpr.out_avals)
    if _nesting.depth:  # inside the split of an enclosing checkpoint: one equation
        body, consts = _no_consts(sp.primal)
        computed = remat_p.bind(*consts, *sp.consts, *primals, jaxpr=body, prevent_cse=prevent_cse,
                                differentiated=False, policy=policy)
    else:  # the primal half runs inline in the enclosing computation, as JAX's partial evaluation leaves it
        computed = jx.eval_jaxpr(sp.primal.jaxpr, [*sp.consts, *primals], sp.primal.consts)
    outs, saved = computed[:n_out], computed[n_out:]
    if sp.tangent is None:
        return [ad.materialize(o) for o in outs], [ad.Zero(ad.tangent_aval(a)) for a in jaxpr.out_avals]
    known = [*saved, *[k for k, u in zip([*sp.consts, *primals], sp.known_used) if u]]
    dots = [t for t, z in zip(tangents, nz) if z]
    touts = iter(remat_p.bind(*sp.tangent_consts, *known, *dots, jaxpr=sp.tangent, prevent_cse=prevent_cse,
                              differentiated=True, policy=policy))
    return ([ad.materialize(o) for o in outs],
            [next(touts) if z else ad.Zero(ad.tangent_aval(a)) for a, z in zip(jaxpr.out_avals, sp.out_nonzero)])


def _remat_transpose(cts: Sequence[Any], *args: Any, jaxpr: jx.ClosedJaxpr, prevent_cse: bool,
                     differentiated: bool, policy: Any) -> list[Any]:
    linear = [type(x) is ad.UndefinedPrimal for x in args]
    known = [x for x, lin in zip(args, linear) if not lin]
    ct_nz = [type(c) is not ad.Zero for c in cts]
    known_avals = [abstractify(x) for x in known]

    def make() -> tuple[jx.ClosedJaxpr, list[Any]]:
        j = _inline_primal_remats(jaxpr.jaxpr)
        body = jx.Jaxpr([*j.constvars, *[v for v, lin in zip(j.in_binders, linear) if not lin]],
                        [v for v, lin in zip(j.in_binders, linear) if lin], j.eqns, j.outs)
        n_known = len(known)
        ct_avals = [ad.tangent_aval(a) for a, nz in zip(jaxpr.out_avals, ct_nz) if nz]

        def backward(*a: Any) -> list[Any]:
            it = iter(a[n_known:])
            full = [next(it) if nz else ad.Zero(ad.tangent_aval(av)) for av, nz in zip(jaxpr.out_avals, ct_nz)]
            res = ad.backward_pass(body, [*jaxpr.consts, *a[:n_known]], full)
            return [ad.materialize(ad.instantiate_zeros(c)) for c in res]

        staged, _ = trace_to_jaxpr(backward, [*known_avals, *ct_avals], "transpose of checkpoint")
        return _no_consts(staged)

    key = ("remat transpose", tuple(linear), tuple(ct_nz), tuple(known_avals))
    body, consts = derived(jaxpr, key, make)
    outs = iter(remat_p.bind(*consts, *known, *[c for c, nz in zip(cts, ct_nz) if nz], jaxpr=body,
                             prevent_cse=prevent_cse, differentiated=True, policy=policy))
    return [next(outs) if lin else None for lin in linear]


def _inline_primal_remats(j: jx.Jaxpr) -> jx.Jaxpr:
    """``j`` with each ``remat2`` equation of a primal half (``differentiated=False``, a nested checkpoint's) replaced
    by its equations: the recomputation of a transposed checkpoint runs them inline, as JAX's does."""
    if not any(e.primitive is remat_p and not e.params["differentiated"] for e in j.eqns):
        return j
    sub: dict[jx.Var, jx.Atom] = {}

    def rd(x: jx.Atom, env: dict[jx.Var, jx.Atom]) -> jx.Atom:
        return env.get(x, x) if isinstance(x, jx.Var) else x

    eqns: list[jx.JaxprEqn] = []
    for e in j.eqns:
        if e.primitive is not remat_p or e.params["differentiated"] or e.params["jaxpr"].consts:
            eqns.append(jx.JaxprEqn(e.primitive, [rd(x, sub) for x in e.inputs], e.params, e.out_binders, e.source))
            continue
        inner = _inline_primal_remats(e.params["jaxpr"].jaxpr)
        env: dict[jx.Var, jx.Atom] = dict(zip(inner.in_binders, [rd(x, sub) for x in e.inputs]))
        for ie in inner.eqns:
            outs = [jx.Var(v.aval) for v in ie.out_binders]
            eqns.append(jx.JaxprEqn(ie.primitive, [rd(x, env) for x in ie.inputs], ie.params, outs, ie.source))
            env.update(zip(ie.out_binders, outs))
        sub.update(zip(e.out_binders, [rd(x, env) for x in inner.outs]))
    return jx.Jaxpr(j.constvars, j.in_binders, eqns, [rd(x, sub) for x in j.outs])


ad.jvp_rules[remat_p] = _remat_jvp
ad.linearize_rules[remat_p] = _remat_linearize
ad.transpose_rules[remat_p] = _remat_transpose


def _name_transpose(ct: Any, x: Any, *, name: str) -> list[Any]:
    return [ct]


ad.deflinear(name_p, _name_transpose)
