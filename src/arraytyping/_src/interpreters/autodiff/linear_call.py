"""``linear_call``: a call of a linear function with a transpose the user writes, as JAX 0.10.2's
``jax.custom_derivatives.linear_call`` (``jax/_src/custom_derivatives.py``).

``fun(residual_args, linear_args)`` is staged into a closed jaxpr (its constants first) and bound as one
``linear_call`` equation (the primitive is :mod:`arraytyping._src.lax.custom_derivatives`'); ``fun_transpose``
is staged the first time the equation is transposed. Eagerly the jaxpr runs operation by operation (JAX's impl).
Its JVP is two ``linear_call`` equations, of the primals and of the tangents (the residual arguments must have no
tangent); its transpose is a ``linear_call`` of ``fun_transpose`` on the cotangents, whose own transpose is
``fun`` again. It has no batching rule, as in JAX.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from arraytyping._src.core import jaxpr as jx
from arraytyping._src.core.staging import abstractify
from arraytyping._src.core.trace import find_top_trace
from arraytyping._src.interpreters.autodiff import ad
from arraytyping._src.lax.control_flow.common import trace_to_subjaxpr
from arraytyping._src.lax.custom_derivatives import linear_call_p
from arraytyping._src.tree import pytree as tree

__all__ = ["linear_call"]

Thunk = Callable[[], tuple[jx.ClosedJaxpr, list[Any]]]


def _bind(args: Sequence[Any], *, callee: jx.ClosedJaxpr, transpose_thunk: Thunk, num_callee_consts: int,
          num_res: int) -> list[Any]:
    """Bind the primitive; outside any trace, run ``callee`` operation by operation (JAX's impl rule)."""
    if find_top_trace(args) is None:
        return list(jx.eval_jaxpr(callee.jaxpr, list(args), callee.consts))
    return list(linear_call_p.bind(*args, callee=callee, transpose_thunk=transpose_thunk,
                                   num_callee_consts=num_callee_consts, num_res=num_res))


def _memoized(thunk: Thunk) -> Thunk:
    cache: list[tuple[jx.ClosedJaxpr, list[Any]]] = []

    def memo() -> tuple[jx.ClosedJaxpr, list[Any]]:
        if not cache:
            cache.append(thunk())
        return cache[0]
    return memo


def linear_call(fun: Callable[[Any, Any], Any], fun_transpose: Callable[[Any, Any], Any], residual_args: Any,
                linear_args: Any) -> Any:
    """``fun(residual_args, linear_args)``, a function linear in ``linear_args``, whose transpose (under
    ``linear_transpose``, ``grad``, ``vjp``) is ``fun_transpose(residual_args, cotangent)`` rather than the
    transpose of ``fun``'s operations, as JAX's ``jax.custom_derivatives.linear_call``. The transpose of
    ``fun_transpose`` is ``fun`` again.

    Args:
        fun: ``fun(residual_args, linear_args)``, linear in its second argument.
        fun_transpose: ``fun_transpose(residual_args, ct)``: ``ct`` of ``fun``'s output tree, returning a tree
            like ``linear_args``.
        residual_args: a pytree of arrays ``fun`` need not be linear in (not differentiated).
        linear_args: a pytree of arrays ``fun`` is linear in.

    Example:
        >>> import arraytyping as at
        >>> from arraytyping.custom_derivatives import linear_call
        >>> def f(r, x):
        ...     return x / r
        >>> def t(r, ct):
        ...     return ct / r
        >>> def div_add(x, denom):
        ...     return x + linear_call(f, t, denom, x)
        >>> div_add(9.0, 3.0)
        Array(12., dtype=float32, weak_type=True)
        >>> at.linear_transpose(lambda x: div_add(x, 3.0), 1.0)(18.0)
        (Array(24., dtype=float32, weak_type=True),)
    """
    operands_res, _ = tree.flatten(residual_args)
    operands_lin, lin_tree = tree.flatten(linear_args)
    res_avals = [abstractify(x) for x in operands_res]
    lin_avals = [abstractify(x) for x in operands_lin]
    f_in_tree = tree.structure((residual_args, linear_args))
    f_jaxpr, f_consts, out_tree = trace_to_subjaxpr(fun, f_in_tree, [*res_avals, *lin_avals], "linear_call fun")
    out_avals = list(f_jaxpr.out_avals)

    def transpose_thunk() -> tuple[jx.ClosedJaxpr, list[Any]]:
        ct_example = tree.unflatten(out_tree, out_avals)
        t_in_tree = tree.structure((residual_args, ct_example))
        t_jaxpr, t_consts, t_out_tree = trace_to_subjaxpr(fun_transpose, t_in_tree, [*res_avals, *out_avals],
                                                          "linear_call fun_transpose")
        if t_out_tree != lin_tree:
            raise TypeError("transpose output pytree structure must match that of linear inputs, got output "
                            f"structure {t_out_tree} and input structure {lin_tree}.")
        return t_jaxpr, t_consts

    out = _bind([*f_consts, *operands_res, *operands_lin], callee=f_jaxpr, transpose_thunk=_memoized(transpose_thunk),
                num_callee_consts=len(f_consts), num_res=len(operands_res))
    return tree.unflatten(out_tree, out)


def _jvp(primals: Sequence[Any], tangents: Sequence[Any], *, callee: jx.ClosedJaxpr, transpose_thunk: Thunk,
         num_callee_consts: int, num_res: int) -> tuple[list[Any], list[Any]]:
    n = num_callee_consts + num_res
    if not all(type(t) is ad.Zero for t in tangents[:n]):
        raise AssertionError("linear_call is not differentiable in its residual arguments (or the constants its "
                             "function closes over)")
    primals_out = _bind(primals, callee=callee, transpose_thunk=transpose_thunk,
                        num_callee_consts=num_callee_consts, num_res=num_res)
    lin_tangents = [ad.materialize(ad.instantiate_zeros(t)) for t in tangents[n:]]
    tangents_out = _bind([*primals[:n], *lin_tangents], callee=callee, transpose_thunk=transpose_thunk,
                         num_callee_consts=num_callee_consts, num_res=num_res)
    return primals_out, tangents_out


def _transpose(cts: Sequence[Any], *args: Any, callee: jx.ClosedJaxpr, transpose_thunk: Thunk,
               num_callee_consts: int, num_res: int) -> list[Any]:
    transpose, t_consts = transpose_thunk()
    f_consts = list(args[:num_callee_consts])
    operands_res = list(args[num_callee_consts:num_callee_consts + num_res])
    if any(type(x) is ad.UndefinedPrimal for x in [*f_consts, *operands_res]):
        raise AssertionError("linear_call is not linear in its residual arguments")

    def new_transpose_thunk() -> tuple[jx.ClosedJaxpr, list[Any]]:
        return callee, f_consts

    cts_avals = transpose.in_avals[len(t_consts) + num_res:]
    full_cts = [ad.materialize(ad.zeros_like_aval(a)) if type(ct) is ad.Zero else ad.materialize(ct)
                for ct, a in zip(cts, cts_avals)]
    cts_out = _bind([*t_consts, *operands_res, *full_cts], callee=transpose, transpose_thunk=new_transpose_thunk,
                    num_callee_consts=len(t_consts), num_res=len(operands_res))
    return [None] * (num_callee_consts + num_res) + cts_out


ad.jvp_rules[linear_call_p] = _jvp
ad.transpose_rules[linear_call_p] = _transpose
