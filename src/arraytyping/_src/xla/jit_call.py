"""A jitted function called under a trace: JAX's ``jit`` primitive, which holds the function's closed jaxpr and its
name, so ``make_jaxpr(jit(f))`` prints ``jit[name=f jaxpr={ ... }]`` and transformations of a jitted function stage
jitted functions again, as JAX 0.10.2 does.

* **Staging** (:func:`staged_call`): the function is traced once per signature (the configuration, the tree and
  types of its arguments, its static arguments) and the primitive is bound on its argument leaves. Constants the
  function closes over stay constants of its jaxpr, unless one is a tracer of an enclosing trace: then they all
  become leading arguments (JAX's ``separate_consts``).
* **Evaluation**: bound on concrete values (by a transformation's rule outside ``jit``), the jaxpr is compiled
  (once: the rules derive the same jaxprs from the same jaxpr) and run, as JAX runs it.
* **Lowering**: the jaxpr is lowered inline into the enclosing computation.
* **Transformations**, as JAX's rules for ``jit``: forward mode binds ``jit`` on the JVP jaxpr; linearization
  splits the jaxpr into a primal ``jit`` returning the residuals (without those that are inputs, constants or
  primal outputs, which are passed as they are) and a tangent ``jit`` from the residuals and the nonzero tangents;
  transposition binds ``jit`` on the jaxpr's backward pass (known inputs, then the nonzero cotangents); batching
  binds ``jit`` on the batched jaxpr.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, NamedTuple, TypeAlias, TypeVar

from arraytyping._src.config import current
from arraytyping._src.interpreters.autodiff import ad
from arraytyping._src.interpreters.batching import batching
from arraytyping._src.core import jaxpr as jx
from arraytyping._src.xla import lowering as mlow
from arraytyping._src.tree import pytree as tree
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.interpreters.autodiff.control_flow import apply_linear, linearize_jaxpr
from arraytyping._src.lax.control_flow.conditionals import cond_p
from arraytyping._src.lax.control_flow.common import jaxpr_forwarding, prune_outputs, typematch
from arraytyping._src.core.trace import Primitive, Tracer
from arraytyping._src.core.staging import abstractify, trace_to_jaxpr

if TYPE_CHECKING:
    from arraytyping._src.xla.dispatch import JitFunction

__all__ = ["derived", "fun_name", "jit_p", "staged_call"]

_T = TypeVar("_T")


def _jit_abstract_eval(*args: ShapedArray, jaxpr: jx.ClosedJaxpr, name: str) -> list[ShapedArray]:
    if len(args) != len(jaxpr.in_avals) or not all(map(typematch, jaxpr.in_avals, args)):
        raise jx.JaxprTypeError(f"jit of {name} takes inputs of type "
                                f"{' '.join(a.str_short() for a in jaxpr.in_avals)}, called with operands of type "
                                f"{' '.join(a.str_short() for a in args)}")
    return list(jaxpr.out_avals)


jit_p: Final = Primitive("jit", _jit_abstract_eval, multiple_results=True, calls="jaxpr")
"""A call of a jitted function: parameters ``jaxpr`` (its closed jaxpr) and ``name`` (printed first)."""


def _jit_lowering(ctx: mlow.LoweringContext, *args: Any, jaxpr: jx.ClosedJaxpr, name: str) -> list[Any]:
    return mlow.closed_jaxpr_subcomp(ctx.m, jaxpr, list(args))


mlow.RULES[jit_p] = _jit_lowering


# ---------------------------------------------------------------------------------------------------------------
# Staging a jitted function's call


def _closed(hoisted: jx.ClosedJaxpr, consts: Sequence[Any]) -> tuple[jx.ClosedJaxpr, list[Any]]:
    """A jaxpr whose first binders take ``consts``, closed over them, or, when one of them is a tracer, as it is
    with the constants returned to be passed as leading arguments (JAX's ``separate_consts``)."""
    if any(isinstance(c, Tracer) for c in consts):
        return hoisted, list(consts)
    j = hoisted.jaxpr
    n = len(consts)
    return jx.ClosedJaxpr(jx.Jaxpr([*j.constvars, *j.in_binders[:n]], j.in_binders[n:], j.eqns, j.outs),
                          [*hoisted.consts, *consts]), []


def _separated(closed: jx.ClosedJaxpr) -> tuple[jx.ClosedJaxpr, list[Any]]:
    """``closed`` as the primitive holds it, and the leading arguments it takes (its constants, if one is a
    tracer)."""
    if not any(isinstance(c, Tracer) for c in closed.consts):
        return closed, []
    j = closed.jaxpr
    return jx.ClosedJaxpr(jx.Jaxpr([], [*j.constvars, *j.in_binders], j.eqns, j.outs)), list(closed.consts)


def _own(staged: tuple[jx.ClosedJaxpr, list[Any]]) -> jx.ClosedJaxpr:
    """A jaxpr a rule derives from the primitive's: closed over its constants, which are never tracers (the
    primitive's own are not, and the rule's tracing captures nothing else)."""
    closed, extra = staged
    assert not extra, "a jit rule's jaxpr closed over a tracer"
    return closed


def _stage(fun: Callable[..., list[Any]], avals: Sequence[ShapedArray], description: str
           ) -> tuple[jx.ClosedJaxpr, list[Any]]:
    closed, _ = trace_to_jaxpr(fun, list(avals), description)
    return _separated(closed)


_Entry: TypeAlias = "tuple[jx.ClosedJaxpr, list[Any], tree.TreeDef]"
_CACHES: Final[weakref.WeakKeyDictionary[Callable[..., Any], dict[Hashable, _Entry]]] = weakref.WeakKeyDictionary()


def _cache_of(jf: JitFunction) -> dict[Hashable, _Entry]:
    """The jaxprs traced for a function, shared by every ``jit`` of it (as JAX's cache, keyed by the function), so
    two calls of ``jit(f)`` hold the same jaxpr (printed once, ``let f = { ... } in``)."""
    try:
        return _CACHES.setdefault(jf.fun, {})
    except TypeError:  # a callable without weak references (a builtin): this jit's own
        return jf.traced_jaxprs


def staged_call(jf: JitFunction, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    """``jf(*args, **kwargs)`` under a trace: one ``jit`` equation (the function traced once per signature)."""
    from arraytyping._src.xla.dispatch import static_key  # noqa: PLC0415 - dispatch imports this lazily
    static_args, dyn_args, static, dynamic = jf.split_static(args, kwargs)
    leaves, in_tree = tree.flatten((dyn_args, dynamic))
    avals_: list[ShapedArray] = []
    for x in leaves:
        try:
            avals_.append(abstractify(x))
        except TypeError:
            raise jf.not_an_array(x) from None
    avals = tuple(avals_)
    statics = static_key(static_args, static)
    cfg = current()
    key = (id(cfg), cfg.x64, jf.static_argnums, jf.static_argnames, jf.static_kwargs, in_tree, avals, statics)
    cache = _cache_of(jf)
    entry = cache.get(key)
    if entry is None:
        def flat(*xs: Any) -> Any:
            dyn, kw = tree.unflatten(in_tree, list(xs))
            full = list(dyn)
            for i, a in static_args:  # ascending positions: each lands where it was
                full.insert(i, a)
            return jf.fun(*full, **kw, **static)

        closed, out_tree = trace_to_jaxpr(flat, avals, f"jit({jf.name})")
        closed, extra = _separated(closed)
        entry = (closed, extra, out_tree)
        if not extra:  # a jaxpr closed over an enclosing trace's values is that trace's alone
            cache[key] = entry
    closed, extra, out_tree = entry
    outs = jit_p.bind(*extra, *leaves, jaxpr=closed, name=jf.call_name or fun_name(jf.fun))
    return tree.unflatten(out_tree, list(outs))


def fun_name(fun: Callable[..., Any]) -> str:
    """The name JAX gives a jitted function's equation: its ``__name__`` (a ``functools.partial``'s function's)."""
    name = getattr(fun, "__name__", None)
    if isinstance(name, str):
        return name
    inner = getattr(fun, "func", None)
    return fun_name(inner) if callable(inner) else "<unnamed function>"


# ---------------------------------------------------------------------------------------------------------------
# Batching


def _jit_batching_rule(size: int, args: Sequence[Any], dims: Sequence[int | None], *, jaxpr: jx.ClosedJaxpr,
                       name: str) -> tuple[list[Any], list[int | None]]:
    def make() -> tuple[jx.ClosedJaxpr, list[int | None]]:
        batched, out_axes = batching.batch_jaxpr_out_axes(jaxpr, size, list(dims),
                                                          [batching.AS_IS] * len(jaxpr.out_avals))
        return _own(_separated(batched)), out_axes

    closed, out_axes = derived(jaxpr, ("batch", size, tuple(dims)), make)
    outs = jit_p.bind(*args, jaxpr=closed, name=name)
    return list(outs), list(out_axes)


batching.register_rule(jit_p, _jit_batching_rule)


# ---------------------------------------------------------------------------------------------------------------
# Differentiation


def _nonzero(t: Any) -> bool:
    return type(t) is not ad.Zero and not ad.is_float0_value(t)


def _tangents(avals: Sequence[ShapedArray], nonzero: Sequence[bool], tangents: Sequence[Any]) -> list[Any]:
    it = iter(tangents)
    return [next(it) if nz else ad.Zero(ad.tangent_aval(a)) for a, nz in zip(avals, nonzero)]


_DERIVED: Final[weakref.WeakKeyDictionary[jx.ClosedJaxpr, dict[Hashable, Any]]] = weakref.WeakKeyDictionary()


def derived(jaxpr: jx.ClosedJaxpr, key: Hashable, make: Callable[[], _T]) -> _T:
    """What a transformation's rule makes of ``jaxpr`` (its JVP, split or transposed jaxprs), made once per
    ``key`` (JAX caches them by the jaxpr too): a jitted function's derivative, batched or transposed again at each
    call, is then the same jaxprs, so it is compiled once."""
    table = _DERIVED.setdefault(jaxpr, {})
    if key not in table:
        table[key] = make()
    found: _T = table[key]
    return found


def _jit_jvp(primals: Sequence[Any], tangents: Sequence[Any], *, jaxpr: jx.ClosedJaxpr, name: str
             ) -> tuple[list[Any], list[Any]]:
    nz = [_nonzero(t) for t in tangents]
    n_out = len(jaxpr.out_avals)

    def make() -> tuple[jx.ClosedJaxpr, list[bool]]:
        jvp, out_nz = ad.jvp_closed_jaxpr(jaxpr, nz, [False] * n_out)
        return _own(_separated(jvp)), out_nz

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
    closed = _own(_closed(_dce_primal(prune_outputs(split.primal, keep)), split.consts))
    out_nz = split.out_nonzero
    tangent = None
    if any(out_nz):
        dot_avals = [ad.tangent_aval(a) for a, z in zip(jaxpr.in_avals, nz) if z]
        res_avals = split.residual_avals
        n_res = len(res_avals)

        def linear(*args: Any) -> list[Any]:
            return apply_linear(split, args[:n_res], args[n_res:], jaxpr.out_avals, out_nz)

        tangent = _own(_stage(linear, [*res_avals, *dot_avals], f"linearized jit({name})"))
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

        return _own(_stage(backward, [*known_avals, *ct_avals], f"transpose of jit({name})"))

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
