"""The residuals reverse mode saves (JAX's ``jax.ad_checkpoint.saved_residuals`` and ``print_saved_residuals``): the
values the function :func:`vjp` returns keeps from the forward pass, each with where it comes from, in JAX's order
and words (``f32[5] output of sin from file:6:9 (g)``, ``f32[4] from the argument x``, ``named 'a' from ...``)."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from arraytyping._src.core import jaxpr as jx
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.staging import abstractify, trace_to_jaxpr
from arraytyping._src.interpreters.autodiff.differentiation import vjp
from arraytyping._src.lax.checkpoint import name_p, reduce_precision_p
from arraytyping._src.tree import pytree as tree
from arraytyping._src.tree.paths import keystr, leaf_paths
from arraytyping._src.xla.jit_call import jit_p

__all__ = ["print_saved_residuals", "saved_residuals"]


def _arg_names(f: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> list[str]:
    """The name of each leaf of ``(args, kwargs)`` as JAX's debug info gives it (``W1``, ``params[0]``, ``k``)."""
    try:
        bound = inspect.signature(f).bind(*args, **kwargs)
    except (TypeError, ValueError):
        return [f"args{keystr(p)}" for p in leaf_paths((args, kwargs))]
    names: list[str] = []
    params = inspect.signature(f).parameters
    for name, value in bound.arguments.items():
        kind = params[name].kind
        if kind is inspect.Parameter.VAR_KEYWORD:
            for k, v in value.items():
                names.extend(f"{k}{keystr(p)}" for p in leaf_paths(v))
        else:
            names.extend(f"{name}{keystr(p)}" for p in leaf_paths(value))
    return names


def saved_residuals(f: Callable[..., Any], *args: Any, **kwargs: Any) -> list[tuple[ShapedArray, str]]:
    """The residuals ``vjp(f, *args)`` saves: each one's type and where it comes from."""
    leaves, in_tree = tree.flatten((args, kwargs))

    def f_(*xs: Any) -> Any:
        a, kw = tree.unflatten(in_tree, list(xs))
        return f(*a, **kw)

    def residuals(*xs: Any) -> list[Any]:
        _, pullback = vjp(f_, *xs)  # every leaf differentiated, keyword arguments' too (as JAX)
        return tree.leaves(pullback)

    rec = jx.source_recording
    was = rec.on
    rec.on = True
    try:
        closed, _ = trace_to_jaxpr(residuals, [abstractify(x) for x in leaves], "saved_residuals")
    finally:
        rec.on = was
    jaxpr = closed.jaxpr
    names = _arg_names(f, args, kwargs)
    if len(names) != len(jaxpr.in_binders):
        names = [""] * len(jaxpr.in_binders)
    # not reduce_precision as the producer: what it rounds (as JAX looks through it)
    subst = {e.out_binders[0]: e.inputs[0] for e in jaxpr.eqns if e.primitive is reduce_precision_p}
    res_vars = {subst.get(x, x) for x in jaxpr.outs if isinstance(x, jx.Var)}
    results: list[tuple[ShapedArray, str]] = [(x.aval, "from a literal") for x in jaxpr.outs
                                              if isinstance(x, jx.Literal)]
    results += [(v.aval, "from a constant") for v in jaxpr.constvars if v in res_vars]
    for i, v in enumerate(jaxpr.in_binders):
        if v in res_vars:
            results.append((v.aval, f"from the argument {names[i]}" if names[i]
                            else f"from the argument at flattened index {i}"))
    for eqn in jaxpr.eqns:
        for v in eqn.out_binders:
            if v not in res_vars:
                continue
            src = eqn.source or ""
            if eqn.primitive is name_p:
                results.append((v.aval, f"named '{eqn.params['name']}' from {src}"))
            elif eqn.primitive is jit_p:
                results.append((v.aval, f"output of jitted function '{eqn.params['name']}' from {src}"))
            else:
                results.append((v.aval, f"output of {eqn.primitive.name} from {src}"))
    return results


def print_saved_residuals(f: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
    """Print the residuals ``vjp(f, *args)`` saves, one a line: type and where it comes from (JAX's
    ``jax.ad_checkpoint.print_saved_residuals``)."""
    for aval, src in saved_residuals(f, *args, **kwargs):
        print(f"{aval.str_short()} {src}")
