"""The ``custom_linear_solve`` primitive: a linear solve whose derivative is defined implicitly at the solution, as
JAX 0.10.2's ``lax.custom_linear_solve`` (``jax/_src/lax/control_flow/solves.py``; the user's function is
:mod:`arraytyping._src.lax.api.linear_solve`, the rules the interpreters' ``control_flow`` modules).

The primitive holds four closed jaxprs (``matvec``, its transpose ``vecmat``, ``solve`` and ``transpose_solve``,
each taking its constants first) and returns ``solve``'s result, typed as the right-hand side ``b`` (its weak flags
included, as JAX's abstract evaluation raises ``b``'s types). It runs and lowers as ``solve``. Its JVP is another
solve, of ``b_dot - (d matvec) x``; its transpose solves with the transposed operators; its batching rule finds,
by a fixed point, which of ``x`` and ``b`` must be batched for the four jaxprs to agree. ``linalg.solve`` (and
through it ``inv`` and the derivatives of ``slogdet``) goes through it, as JAX's does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, Generic, NamedTuple, TypeVar

from arraytyping._src.core import jaxpr as jx
from arraytyping._src.xla import lowering as mlow
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.lax.control_flow.common import split
from arraytyping._src.core.trace import Primitive, find_top_trace

__all__ = ["Jaxprs", "LinearSolveTuple", "bind_linear_solve", "flatten_params", "linear_solve_p", "split_args"]

_T = TypeVar("_T")


class LinearSolveTuple(NamedTuple, Generic[_T]):
    """One value per operator (JAX's ``_LinearSolveTuple``, printed as JAX prints it, by that name)."""

    matvec: _T
    vecmat: _T
    solve: _T
    transpose_solve: _T

    def transpose(self) -> LinearSolveTuple[_T]:
        return LinearSolveTuple(self.vecmat, self.matvec, self.transpose_solve, self.solve)

    def __repr__(self) -> str:
        return (f"_LinearSolveTuple(matvec={self.matvec!r}, vecmat={self.vecmat!r}, solve={self.solve!r}, "
                f"transpose_solve={self.transpose_solve!r})")


Jaxprs = LinearSolveTuple["jx.ClosedJaxpr | None"]


def split_args(args: Sequence[Any], const_lengths: LinearSolveTuple[int]
                ) -> tuple[LinearSolveTuple[list[Any]], list[Any]]:
    n = const_lengths
    *params, b = split(args, n.matvec, n.vecmat, n.solve, n.transpose_solve)
    return LinearSolveTuple(*params), b


def flatten_params(params: LinearSolveTuple[list[Any]]) -> list[Any]:
    return [x for xs in params for x in xs]


def _solve_jaxpr(jaxprs: Jaxprs) -> jx.ClosedJaxpr:
    solve = jaxprs.solve
    assert solve is not None
    return solve


def _abstract_eval(*args: ShapedArray, const_lengths: LinearSolveTuple[int], jaxprs: Jaxprs
                   ) -> list[ShapedArray]:
    b = list(args[sum(const_lengths):])
    solve, matvec = _solve_jaxpr(jaxprs), jaxprs.matvec
    assert matvec is not None
    num_aux = len(solve.out_avals) - len(matvec.out_avals)
    return b + (list(solve.out_avals[-num_aux:]) if num_aux > 0 else [])


linear_solve_p: Final[Primitive] = Primitive("custom_linear_solve", _abstract_eval, multiple_results=True)


def bind_linear_solve(args: Sequence[Any], const_lengths: LinearSolveTuple[int], jaxprs: Jaxprs) -> list[Any]:
    """Bind the primitive; outside any trace, run ``solve``'s jaxpr operation by operation (JAX's impl rule), so
    an eager result has the types the solve computes (the staged equation is typed as ``b``)."""
    if find_top_trace(args) is None:
        params, b = split_args(args, const_lengths)
        solve = _solve_jaxpr(jaxprs)
        return jx.eval_jaxpr(solve.jaxpr, [*params.solve, *b], solve.consts)
    return list(linear_solve_p.bind(*args, const_lengths=const_lengths, jaxprs=jaxprs))


# ---------------------------------------------------------------------------------------------------------------
# Lowering: the solve


def _lowering(ctx: mlow.LoweringContext, *args: Any, const_lengths: LinearSolveTuple[int], jaxprs: Jaxprs
              ) -> list[Any]:
    params, b = split_args(args, const_lengths)
    return mlow.closed_jaxpr_subcomp(ctx.m, _solve_jaxpr(jaxprs), [*params.solve, *b])


mlow.RULES[linear_solve_p] = _lowering
