"""What the control-flow primitives share: staging functions into closed sub-jaxprs, the small jaxpr rewrites JAX
applies to them before binding (forwarding, pruning, dead-code elimination, moving binders), and the type checks
with JAX's messages.

Design for later transformations: every control-flow primitive takes its sub-computations as ``ClosedJaxpr``
parameters without constants (constants are leading operands, counted by ``*_nconsts``/``num_consts``
parameters), exactly as JAX's ``cond``/``while``/``scan``; a JVP rule builds JVP jaxprs of them (``jvp_jaxpr``, as
``batching.batch_jaxpr`` builds batched ones) and binds the same primitive on primal and tangent operands, a
transpose rule the same with transposed jaxprs.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from arraytyping._src.core import jaxpr as jx
from arraytyping._src.lax import primitives as P
from arraytyping._src.tree import pytree as tree
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.staging import abstractify, trace_to_jaxpr

__all__ = ["trace_to_subjaxpr", "merge_common_consts", "jaxpr_forwarding", "prune_outputs",
           "move_binders_to_front", "dce_jaxpr", "fun_sourceinfo", "capitalize", "aval_mismatch_extra", "long_str",
           "split"]


def long_str(a: ShapedArray) -> str:
    """``float32[3]``: JAX's ``str_short()`` of an aval (long dtype names), as its messages print types."""
    return f"{a.name}[{','.join(map(str, a.shape))}]"


def split(xs: Sequence[Any], *sizes: int) -> list[list[Any]]:
    """``xs`` cut into consecutive pieces of ``sizes`` and the rest."""
    out: list[list[Any]] = []
    start = 0
    for n in sizes:
        out.append(list(xs[start:start + n]))
        start += n
    out.append(list(xs[start:]))
    return out


def aval_mismatch_extra(a: ShapedArray, b: ShapedArray) -> str:
    mismatches: list[str] = []
    if a.dtype != b.dtype:
        mismatches.append("the dtypes do not match")
    if a.shape != b.shape:
        mismatches.append("the shapes do not match")
    if not mismatches:
        return ""
    if len(mismatches) == 1:
        return ", so " + mismatches[0]
    return ", so " + ", ".join(mismatches[:-1]) + ", and " + mismatches[-1]


def capitalize(s: str) -> str:
    return s[0].upper() + s[1:]


def fun_sourceinfo(fun: Callable[..., Any]) -> str:
    """``name at file:line`` of a function (as JAX names functions in its messages)."""
    while isinstance(fun, partial):
        fun = fun.func
    fun = inspect.unwrap(fun)
    code = getattr(fun, "__code__", None)
    if code is None:
        return "<unknown>"
    return f"{getattr(fun, '__name__', '<unknown>')} at {code.co_filename}:{code.co_firstlineno}"


# ---------------------------------------------------------------------------------------------------------------
# Staging and rewriting sub-jaxprs


def trace_to_subjaxpr(fun: Callable[..., Any], in_tree: tree.TreeDef, in_avals: Sequence[ShapedArray],
                      description: str) -> tuple[jx.ClosedJaxpr, list[Any], tree.TreeDef]:
    """Stage ``fun`` applied to positional arguments (the tuple ``in_tree`` with leaves of types ``in_avals``).
    Returns the closed jaxpr with its constants turned into leading binders (JAX's ``separate_consts``), those
    constants (outer tracers, arrays) and the output tree."""
    def flat(*xs: Any) -> Any:
        return fun(*tree.unflatten(in_tree, list(xs)))

    closed, out_tree = trace_to_jaxpr(flat, in_avals, description)
    j = closed.jaxpr
    return jx.ClosedJaxpr(jx.Jaxpr([], [*j.constvars, *j.in_binders], j.eqns, j.outs)), list(closed.consts), out_tree


def _with_binders(closed: jx.ClosedJaxpr, in_binders: list[jx.Var]) -> jx.ClosedJaxpr:
    j = closed.jaxpr
    return jx.ClosedJaxpr(jx.Jaxpr(j.constvars, in_binders, j.eqns, j.outs), closed.consts)


def merge_common_consts(jaxprs: Sequence[jx.ClosedJaxpr], all_consts: Sequence[Sequence[Any]]
                        ) -> tuple[list[jx.ClosedJaxpr], list[Any]]:
    """Branches share one list of constants: each takes all of them (the others' as unused binders), and a
    value captured by several branches is passed once (JAX's ``_merge_common_consts``)."""
    consts = [c for cs in all_consts for c in cs]
    padded: list[jx.ClosedJaxpr] = []
    start = 0
    for closed, cs in zip(jaxprs, all_consts):
        n = len(cs)
        own = closed.jaxpr.in_binders
        left = [jx.Var(_aval(c)) for c in consts[:start]]
        right = [jx.Var(_aval(c)) for c in consts[start + n:]]
        padded.append(_with_binders(closed, [*left, *own[:n], *right, *own[n:]]))
        start += n
    first: dict[int, int] = {}
    for i, c in enumerate(consts):
        first.setdefault(id(c), i)
    kept = sorted(set(first.values()))
    deduped: list[jx.ClosedJaxpr] = []
    for closed in padded:
        binders = closed.jaxpr.in_binders
        canonical = {binders[i]: binders[first[id(c)]] for i, c in enumerate(consts)}
        deduped.append(_substitute(closed, canonical, [binders[i] for i in kept] + binders[len(consts):]))
    return deduped, [consts[i] for i in kept]


def _aval(x: Any) -> ShapedArray:
    return abstractify(x)


def _substitute(closed: jx.ClosedJaxpr, sub: dict[jx.Var, jx.Var], in_binders: list[jx.Var]) -> jx.ClosedJaxpr:
    if all(k is v for k, v in sub.items()):
        return _with_binders(closed, in_binders)
    j = closed.jaxpr

    def s(x: jx.Atom) -> jx.Atom:
        return sub.get(x, x) if isinstance(x, jx.Var) else x

    eqns = [jx.JaxprEqn(e.primitive, [s(x) for x in e.inputs], e.params, e.out_binders) for e in j.eqns]
    return jx.ClosedJaxpr(jx.Jaxpr(j.constvars, in_binders, eqns, [s(x) for x in j.outs]), closed.consts)


def _forwards(eqn: jx.JaxprEqn) -> bool:
    """Equations that leave their operand as it is (JAX's forwarding rules)."""
    (x,) = eqn.inputs if len(eqn.inputs) == 1 else (None,)
    if x is None:
        return False
    if eqn.primitive is P.convert_element_type_p:
        return bool(x.aval.dtype == eqn.params["new_dtype"] and x.aval.weak_type == eqn.params["weak_type"])
    if eqn.primitive is P.broadcast_in_dim_p:
        return tuple(eqn.params["shape"]) == x.aval.shape
    return False


def jaxpr_forwarding(jaxpr: jx.Jaxpr) -> list[int | None]:
    """For each output, the index of the binder it is (through forwarding equations), or ``None``."""
    fwd: dict[jx.Var, jx.Var] = {}
    for eqn in jaxpr.eqns:
        x = eqn.inputs[0] if eqn.inputs else None
        if isinstance(x, jx.Var) and _forwards(eqn):
            fwd[eqn.out_binders[0]] = fwd.get(x, x)
    idx = {v: i for i, v in enumerate(jaxpr.in_binders)}
    return [None if isinstance(x, jx.Literal) else idx.get(fwd.get(x, x)) for x in jaxpr.outs]


def prune_outputs(closed: jx.ClosedJaxpr, keep: Sequence[bool]) -> jx.ClosedJaxpr:
    j = closed.jaxpr
    return jx.ClosedJaxpr(jx.Jaxpr(j.constvars, j.in_binders, j.eqns, [x for x, k in zip(j.outs, keep) if k]),
                          closed.consts)


def move_binders_to_front(closed: jx.ClosedJaxpr, to_move: Sequence[bool]) -> jx.ClosedJaxpr:
    b = closed.jaxpr.in_binders
    return _with_binders(closed, [v for v, m in zip(b, to_move) if m] + [v for v, m in zip(b, to_move) if not m])


def dce_jaxpr(jaxpr: jx.Jaxpr, used_outputs: Sequence[bool], instantiate: Sequence[bool]
              ) -> tuple[jx.Jaxpr, list[bool]]:
    """``jaxpr`` without the equations no used output needs and without the binders nothing uses (unless
    ``instantiate`` keeps them); returns it and which binders remain."""
    used: set[jx.Var] = {x for x, u in zip(jaxpr.outs, used_outputs) if u and isinstance(x, jx.Var)}
    eqns: list[jx.JaxprEqn] = []
    for eqn in reversed(jaxpr.eqns):
        if any(v in used for v in eqn.out_binders) or jx.has_effects(eqn):
            eqns.append(eqn)
            used.update(x for x in eqn.inputs if isinstance(x, jx.Var))
    keep = [v in used or inst for v, inst in zip(jaxpr.in_binders, instantiate)]
    new = jx.Jaxpr(jaxpr.constvars, [v for v, k in zip(jaxpr.in_binders, keep) if k], eqns[::-1],
                   [x for x, u in zip(jaxpr.outs, used_outputs) if u])
    return new, keep
