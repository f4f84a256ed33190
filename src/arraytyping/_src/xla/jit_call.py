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
* **Transformations**: JAX's rules for ``jit`` are the interpreters' (``interpreters/autodiff/jit.py`` and
  ``interpreters/batching/jit.py``); what they derive from a jaxpr is made once (:func:`derived`).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeAlias, TypeVar

from arraytyping._src.dtypes.config import current, no_tracing, trace_key
from arraytyping._src.core import jaxpr as jx
from arraytyping._src.xla import lowering as mlow
from arraytyping._src.tree import pytree as tree
from arraytyping._src.core.avals import ShapedArray, typematch
from arraytyping._src.core.trace import Primitive, Tracer
from arraytyping._src.core.staging import abstractify, trace_to_jaxpr
from arraytyping._src.core.refs import Ref, RefsClosedOver
from arraytyping._src.util import fun_name

if TYPE_CHECKING:
    from arraytyping._src.xla.dispatch import JitFunction

__all__ = ["clear_traced", "closed_over", "derived", "fun_name", "jit_p", "own", "separated", "stage", "staged_call", "static_key"]

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


def closed_over(hoisted: jx.ClosedJaxpr, consts: Sequence[Any]) -> tuple[jx.ClosedJaxpr, list[Any]]:
    """A jaxpr whose first binders take ``consts``, closed over them, or, when one of them is a tracer, as it is
    with the constants returned to be passed as leading arguments (JAX's ``separate_consts``)."""
    if any(isinstance(c, Tracer) for c in consts):
        return hoisted, list(consts)
    j = hoisted.jaxpr
    n = len(consts)
    return jx.ClosedJaxpr(jx.Jaxpr([*j.constvars, *j.in_binders[:n]], j.in_binders[n:], j.eqns, j.outs),
                          [*hoisted.consts, *consts]), []


def separated(closed: jx.ClosedJaxpr) -> tuple[jx.ClosedJaxpr, list[Any]]:
    """``closed`` as the primitive holds it, and the leading arguments it takes (its constants, if one is a
    tracer)."""
    if not any(isinstance(c, Tracer) for c in closed.consts):
        return closed, []
    j = closed.jaxpr
    return jx.ClosedJaxpr(jx.Jaxpr([], [*j.constvars, *j.in_binders], j.eqns, j.outs)), list(closed.consts)


def own(staged: tuple[jx.ClosedJaxpr, list[Any]]) -> jx.ClosedJaxpr:
    """A jaxpr a rule derives from the primitive's: closed over its constants, which are never tracers (the
    primitive's own are not, and the rule's tracing captures nothing else)."""
    closed, extra = staged
    assert not extra, "a jit rule's jaxpr closed over a tracer"
    return closed


def stage(fun: Callable[..., list[Any]], avals: Sequence[ShapedArray], description: str
           ) -> tuple[jx.ClosedJaxpr, list[Any]]:
    closed, _ = trace_to_jaxpr(fun, list(avals), description)
    return separated(closed)


_Entry: TypeAlias = "tuple[jx.ClosedJaxpr, list[Any], tree.TreeDef]"
_CACHES: Final[weakref.WeakKeyDictionary[Callable[..., Any], dict[Hashable, _Entry]]] = weakref.WeakKeyDictionary()


def clear_traced() -> None:
    """Forget the jaxprs traced for jitted functions called under a trace (what the rules derived from a jaxpr lives
    on it, and goes with it)."""
    for table in list(_CACHES.values()):
        table.clear()


def _cache_of(jf: JitFunction) -> dict[Hashable, _Entry]:
    """The jaxprs traced for a function, shared by every ``jit`` of it (as JAX's cache, keyed by the function), so
    two calls of ``jit(f)`` hold the same jaxpr (printed once, ``let f = { ... } in``)."""
    try:
        return _CACHES.setdefault(jf.fun, {})
    except TypeError:  # a callable without weak references (a builtin): this jit's own
        return jf.traced_jaxprs


def staged_call(jf: JitFunction, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    """``jf(*args, **kwargs)`` under a trace: one ``jit`` equation (the function traced once per signature)."""
    static_args, dyn_args, static, dynamic = jf.split_static(args, kwargs)
    leaves, in_tree = tree.flatten((dyn_args, dynamic))
    if jf.handles_refs and (jf.ref_closure or any(type(x) is Ref for x in leaves)):
        return jf.call_with_refs(args, kwargs)
    avals_: list[ShapedArray] = []
    for x in leaves:
        try:
            avals_.append(abstractify(x))
        except TypeError:
            raise jf.not_an_array(x) from None
    avals = tuple(avals_)
    statics = static_key(static_args, static)
    cfg = current()
    key = (id(cfg), trace_key(cfg.x64), jf.static_argnums, jf.static_argnames, jf.static_kwargs, in_tree, avals,
           statics)
    cache = _cache_of(jf)
    entry = cache.get(key)
    if entry is None:
        if no_tracing.value:
            raise RuntimeError(f"re-tracing function {jf.name} for `jit`, but 'no_tracing' is set")
        def flat(*xs: Any) -> Any:
            dyn, kw = tree.unflatten(in_tree, list(xs))
            full = list(dyn)
            for i, a in static_args:  # ascending positions: each lands where it was
                full.insert(i, a)
            return jf.fun(*full, **kw, **static)

        try:
            closed, out_tree = trace_to_jaxpr(flat, avals, f"jit({jf.name})")
        except RefsClosedOver as e:
            if not jf.handles_refs:
                raise
            jf.addref_closure(e.refs)
            return jf.call_with_refs(args, kwargs)
        closed, extra = separated(closed)
        entry = (closed, extra, out_tree)
        if not extra:  # a jaxpr closed over an enclosing trace's values is that trace's alone
            cache[key] = entry
    closed, extra, out_tree = entry
    outs = jit_p.bind(*extra, *leaves, jaxpr=closed, name=jf.call_name or fun_name(jf.fun))
    return tree.unflatten(out_tree, list(outs))


def static_key(static_args: tuple[tuple[int, Any], ...], static: dict[str, Any]) -> Hashable:
    """The cache key of a call's static arguments; JAX's ``ValueError`` if one cannot be hashed."""
    for _, v in (*static_args, *static.items()):
        try:
            hash(v)
        except TypeError as e:
            raise ValueError(f"Non-hashable static arguments are not supported. An error occurred while trying "
                             f"to hash an object of type {type(v)}, {v!r:.120}. The error was:\nTypeError: {e}"
                             ) from None
    return (static_args, tuple(sorted(static.items())))


def derived(jaxpr: jx.ClosedJaxpr, key: Hashable, make: Callable[[], _T]) -> _T:
    """What a transformation's rule makes of ``jaxpr`` (its JVP, split or transposed jaxprs), made once per
    ``key`` and per jaxpr object (JAX caches them by the jaxpr's identity too; kept on the object, so they live as
    long as it does): a jitted function's derivative, batched or transposed again at each call, is then the same
    jaxprs, so it is compiled once; two equal jaxprs of different functions get their own, which print apart, as
    in JAX."""
    table: dict[Hashable, Any] = jaxpr.__dict__.setdefault("_derived", {})
    if key not in table:
        table[key] = make()
    found: _T = table[key]
    return found
