"""Helpers for custom derivatives, as JAX 0.10.2 has them: ``custom_gradient`` (a function returning its value and
the function that maps the output's cotangent to its inputs' cotangents, made a :class:`custom_vjp` function as JAX
makes it: the cotangent function is staged to a jaxpr when the forward pass runs, its closed-over values the
residuals) and ``closure_convert`` (a function's closed-over values that may be differentiated made arguments)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from arraytyping._src.core import jaxpr as jx
from arraytyping._src.core.staging import JaxprTracer, abstractify, trace_to_jaxpr
from arraytyping._src.core.trace import Tracer
from arraytyping._src.interpreters.autodiff.ad import JVPTracer, Zero, is_float0, tangent_aval, zeros_like_aval
from arraytyping._src.lax.custom_derivatives import SymbolicZero
from arraytyping._src.lax.api.operations import full
from arraytyping._src.dtypes import registry
from arraytyping._src.interpreters.autodiff.custom_derivatives import custom_vjp
from arraytyping._src.tree import pytree as tree

__all__ = ["closure_convert", "custom_gradient", "zero_from_primal"]


class _Residuals:
    """The staged cotangent function: its jaxpr and trees (static), its constants (the pytree's children)."""

    def __init__(self, jaxpr: jx.Jaxpr, in_tree: tree.TreeDef, out_tree: tree.TreeDef, consts: Sequence[Any]
                 ) -> None:
        self.jaxpr = jaxpr
        self.in_tree = in_tree
        self.out_tree = out_tree
        self.consts = list(consts)


tree.register_pytree_node(
    _Residuals, lambda r: (r.consts, (r.jaxpr, r.in_tree, r.out_tree)),
    lambda aux, consts: _Residuals(aux[0], aux[1], aux[2], list(consts)))


def custom_gradient(fun: Callable[..., tuple[Any, Callable[..., Any]]]) -> Callable[..., Any]:
    """A function with a custom gradient: ``fun(*args)`` returns ``(value, vjp)``, where ``vjp(ct)`` maps a
    cotangent of ``value`` to the cotangents of ``args`` (a tuple, one per argument; a single cotangent for a
    function of one argument). ``grad``, ``vjp`` and ``value_and_grad`` of the result use ``vjp``; its value is
    ``value``.

    ::

        @custom_gradient
        def f(x):
            return x ** 2, lambda g: (g * x * 3.0,)

        grad(f)(2.0)   # 6.0 (not 4.0)
    """
    @custom_vjp
    def wrapped_fun(*args: Any) -> Any:
        ans, _ = fun(*args)
        return ans

    def fwd(*args: Any) -> tuple[Any, _Residuals]:
        ans, rule = fun(*args)
        ans_flat, out_tree = tree.flatten((ans,))
        ct_avals = [tangent_aval(abstractify(x)) for x in ans_flat]

        def flat_rule(*cts: Any) -> Any:
            (ct,) = tree.unflatten(out_tree, list(cts))
            return rule(ct)

        closed, in_tree = trace_to_jaxpr(flat_rule, ct_avals, "custom_gradient")
        return ans, _Residuals(closed.jaxpr, in_tree, out_tree, closed.consts)

    def bwd(res: _Residuals, cts: Any) -> Any:
        cts_flat, out_tree = tree.flatten((cts,))
        if out_tree != res.out_tree:
            raise TypeError(f"{res.out_tree}\n!=\n{out_tree}")
        cts_out = tree.unflatten(res.in_tree, jx.eval_jaxpr(res.jaxpr, cts_flat, res.consts))
        return (cts_out,) if res.in_tree == tree.LEAF else cts_out

    wrapped_fun.defvjp(fwd, bwd)
    return wrapped_fun


def _maybe_perturbed(x: Any) -> bool:
    """Whether ``x`` may carry a tangent (JAX's heuristic): a tracer, unless a JVP tracer of zero tangent over a
    value that cannot, or a staged value whose tangents are ``float0`` (integers, booleans)."""
    if not isinstance(x, Tracer):
        return False
    if isinstance(x, JVPTracer) and type(x.tangent) is Zero:
        return _maybe_perturbed(x.primal)
    if isinstance(x, JaxprTracer):
        return not is_float0(tangent_aval(x.aval))
    return True


def closure_convert(fun: Callable[..., Any], *example_args: Any) -> tuple[Callable[..., Any], list[Any]]:
    """``fun`` specialized to the types of ``example_args``, with the values it closes over that may be
    differentiated (values of an enclosing transformation: tracers) made explicit arguments: returns
    ``(converted, consts)``, where ``converted(*args, *consts)`` is ``fun(*args)``. For custom derivative rules
    of higher-order functions, whose closures the rules cannot see.

    ::

        converted, consts = closure_convert(objective, x0)
        converted(x0, *consts)   # objective(x0)
    """
    flat_args, in_tree = tree.flatten(example_args)
    in_avals = [abstractify(x) for x in flat_args]

    def flat_fun(*xs: Any) -> Any:
        return fun(*tree.unflatten(in_tree, list(xs)))

    closed, out_tree = trace_to_jaxpr(flat_fun, in_avals, "closure_convert")
    consts = list(closed.consts)
    hoisted = [_maybe_perturbed(c) for c in consts]
    kept = [c for c, h in zip(consts, hoisted) if not h]
    const_args = [c for c, h in zip(consts, hoisted) if h]
    num_consts = len(const_args)

    def converted_fun(*args_hconsts: Any) -> Any:
        num_args = len(args_hconsts) - num_consts
        args, hconsts = args_hconsts[:num_args], args_hconsts[num_args:]
        it_kept, it_h = iter(kept), iter(hconsts)
        all_consts = [next(it_h) if h else next(it_kept) for h in hoisted]
        all_args, in_tree2 = tree.flatten(tuple(args))
        if in_tree != in_tree2:
            raise TypeError("The inputs to the closure produced by closure_convert must have the same Pytree "
                            "structure as the example arguments passed when closure_convert was called. Expected "
                            f"{in_tree}, but got {in_tree2}")
        return tree.unflatten(out_tree, jx.eval_jaxpr(closed.jaxpr, all_args, all_consts))

    return converted_fun, const_args


def zero_from_primal(val: Any, symbolic_zeros: bool = False) -> Any:
    """The zero tangents of a pytree of primal values (JAX's ``jax.custom_derivatives.zero_from_primal``): for
    each leaf, zeros of its tangent type (a ``float0`` array for an integer or boolean leaf), or a
    :class:`~arraytyping.custom_derivatives.SymbolicZero` of that type with ``symbolic_zeros=True`` (what a
    ``custom_jvp``/``custom_vjp`` rule set with ``symbolic_zeros=True`` may return for a zero).

    Args:
      val: a pytree of arrays and scalars.
      symbolic_zeros: whether to give symbolic zeros rather than arrays of zeros.

    Example::

        >>> import arraytyping as at
        >>> from arraytyping.custom_derivatives import zero_from_primal
        >>> zero_from_primal({"w": at.numpy.ones(2)})
        {'w': Array([0., 0.], dtype=float32)}
    """
    def zero(x: Any) -> Any:
        t = tangent_aval(abstractify(x))
        if symbolic_zeros:
            return SymbolicZero(t)
        if is_float0(t):
            return zeros_like_aval(t)
        if t.weak_type:  # a weak zero: a Python zero of its kind (whose default dtype a weak type has)
            kind = registry.INFO[t.dtype.name].kind if t.dtype.name in registry.INFO else "f"
            return full(t.shape, {"c": 0j, "f": 0.0}.get(kind, 0))
        return full(t.shape, 0, t.dtype)
    return tree.tree_map(zero, val)
