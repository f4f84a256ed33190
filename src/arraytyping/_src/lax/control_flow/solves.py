"""``custom_linear_solve``: a linear solve whose derivative is defined implicitly at the solution, as JAX 0.10.2's
``lax.custom_linear_solve`` (``jax/_src/lax/control_flow/solves.py``).

The primitive holds four closed jaxprs (``matvec``, its transpose ``vecmat``, ``solve`` and ``transpose_solve``,
each taking its constants first) and returns ``solve``'s result, typed as the right-hand side ``b`` (its weak flags
included, as JAX's abstract evaluation raises ``b``'s types). It runs and lowers as ``solve``. Its JVP is another
solve, of ``b_dot - (d matvec) x``; its transpose solves with the transposed operators; its batching rule finds,
by a fixed point, which of ``x`` and ``b`` must be batched for the four jaxprs to agree. ``linalg.solve`` (and
through it ``inv`` and the derivatives of ``slogdet``) goes through it, as JAX's does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, NamedTuple, TypeVar

from arraytyping._src.interpreters.autodiff import ad
from arraytyping._src.interpreters.batching import batching
from arraytyping._src.core import jaxpr as jx
from arraytyping._src.xla import lowering as mlow
from arraytyping._src.tree import pytree as tree
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.lax.control_flow.common import split, trace_to_subjaxpr
from arraytyping._src.core.trace import Primitive, find_top_trace
from arraytyping._src.core.staging import abstractify

__all__ = ["custom_linear_solve", "linear_solve_p"]

_T = TypeVar("_T")


class _LinearSolveTuple(NamedTuple, Generic[_T]):
    """One value per operator (JAX's class of the same name, printed as JAX prints it)."""

    matvec: _T
    vecmat: _T
    solve: _T
    transpose_solve: _T

    def transpose(self) -> _LinearSolveTuple[_T]:
        return _LinearSolveTuple(self.vecmat, self.matvec, self.transpose_solve, self.solve)


_Jaxprs = _LinearSolveTuple["jx.ClosedJaxpr | None"]


def _split_args(args: Sequence[Any], const_lengths: _LinearSolveTuple[int]
                ) -> tuple[_LinearSolveTuple[list[Any]], list[Any]]:
    n = const_lengths
    *params, b = split(args, n.matvec, n.vecmat, n.solve, n.transpose_solve)
    return _LinearSolveTuple(*params), b


def _flatten(params: _LinearSolveTuple[list[Any]]) -> list[Any]:
    return [x for xs in params for x in xs]


def _solve_jaxpr(jaxprs: _Jaxprs) -> jx.ClosedJaxpr:
    solve = jaxprs.solve
    assert solve is not None
    return solve


def _abstract_eval(*args: ShapedArray, const_lengths: _LinearSolveTuple[int], jaxprs: _Jaxprs
                   ) -> list[ShapedArray]:
    b = list(args[sum(const_lengths):])
    solve, matvec = _solve_jaxpr(jaxprs), jaxprs.matvec
    assert matvec is not None
    num_aux = len(solve.out_avals) - len(matvec.out_avals)
    return b + (list(solve.out_avals[-num_aux:]) if num_aux > 0 else [])


linear_solve_p = Primitive("custom_linear_solve", _abstract_eval, multiple_results=True)


def _bind(args: Sequence[Any], const_lengths: _LinearSolveTuple[int], jaxprs: _Jaxprs) -> list[Any]:
    """Bind the primitive; outside any trace, run ``solve``'s jaxpr operation by operation (JAX's impl rule), so
    an eager result has the types the solve computes (the staged equation is typed as ``b``)."""
    if find_top_trace(args) is None:
        params, b = _split_args(args, const_lengths)
        solve = _solve_jaxpr(jaxprs)
        return jx.eval_jaxpr(solve.jaxpr, [*params.solve, *b], solve.consts)
    return list(linear_solve_p.bind(*args, const_lengths=const_lengths, jaxprs=jaxprs))


# ---------------------------------------------------------------------------------------------------------------
# The user's function


def _check_tree(func_name: str, expected_name: str, actual: tree.TreeDef, expected: tree.TreeDef,
                has_aux: bool) -> None:
    if has_aux:
        children = actual.children
        if actual.kind != "tuple" or len(children) != 2:
            raise ValueError(f"{func_name}() produced a pytree with structure {actual}, but a pytree tuple with "
                             "auxiliary output was expected because has_aux was set to True.")
        actual = children[0]
    if actual != expected:
        raise TypeError(f"{func_name}() output pytree structure must match {expected_name}, got {actual} and "
                        f"{expected}")


def _check_shapes(func_name: str, expected_name: str, actual: Sequence[Any], expected: Sequence[ShapedArray]
                  ) -> None:
    got = [abstractify(x) for x in actual]
    if [a.shape for a in got] != [a.shape for a in expected]:
        raise ValueError(f"{func_name}() output shapes must match {expected_name}, got "
                         f"{[a.shape for a in got]} and {[a.shape for a in expected]}")


def _shape_checked(fun: Callable[[Any], Any], name: str, has_aux: bool, b_avals: Sequence[ShapedArray]
                   ) -> Callable[[Any], Any]:
    def checked(x: Any) -> Any:
        y = fun(x)
        _check_shapes(name, "b", tree.leaves(y[0] if has_aux else y), b_avals)
        return y
    return checked


def _vecmat(matvec: jx.ClosedJaxpr, consts: list[Any], b_tree: tree.TreeDef) -> Callable[[Any], Any]:
    """The transpose of the linear ``matvec`` (JAX's ``linear_transpose``): its jaxpr walked backwards."""
    j = matvec.jaxpr
    n = len(consts)
    linear = jx.Jaxpr(j.in_binders[:n], j.in_binders[n:], j.eqns, j.outs)

    def vecmat(y: Any) -> Any:
        ys = tree.leaves(y)
        got = [abstractify(c) for c in ys]
        if [(a.shape, a.dtype) for a in got] != [(a.shape, a.dtype) for a in matvec.out_avals]:
            raise TypeError("cotangent type does not match function output, expected "
                            f"({', '.join(a.str_short() for a in matvec.out_avals)}) but got "
                            f"({', '.join(a.str_short() for a in got)})")
        cts = ad.backward_pass(linear, consts, ys)
        return tree.unflatten(b_tree, [ad.materialize(ad.instantiate_zeros(ct)) for ct in cts])
    return vecmat


def custom_linear_solve(matvec: Callable[[Any], Any], b: Any, solve: Callable[[Callable[[Any], Any], Any], Any],
                        transpose_solve: Callable[[Callable[[Any], Any], Any], Any] | None = None,
                        symmetric: bool = False, has_aux: bool = False) -> Any:
    """``solve(matvec, b)``, differentiated implicitly at the solution ``x`` (``matvec(x) == b``, not checked)
    rather than through ``solve``: JAX's ``lax.custom_linear_solve``. ``b`` is a pytree of arrays; ``matvec`` is
    linear and differentiable; ``transpose_solve(vecmat, b)`` solves with the transpose (``vecmat`` computed by
    transposing ``matvec``), needed for reverse mode unless ``symmetric`` (then ``solve``). With ``has_aux``,
    ``solve`` and ``transpose_solve`` return ``(x, aux)``."""
    if transpose_solve is None and symmetric:
        transpose_solve = solve
    b_leaves, b_tree = tree.flatten(b)
    b_avals = [abstractify(x) for x in b_leaves]
    args_tree = tree.structure((b,))

    matvec_jaxpr, matvec_consts, out_tree = trace_to_subjaxpr(
        _shape_checked(matvec, "matvec", False, b_avals), args_tree, b_avals, "custom_linear_solve's matvec")
    _check_tree("matvec", "b", out_tree, b_tree, False)

    def staged_solve(x: Any) -> Any:
        return solve(matvec, x)
    solve_jaxpr, solve_consts, out_tree = trace_to_subjaxpr(
        _shape_checked(staged_solve, "solve", has_aux, b_avals), args_tree, b_avals, "custom_linear_solve's solve")
    _check_tree("solve", "b", out_tree, b_tree, has_aux)

    vecmat_jaxpr: jx.ClosedJaxpr | None = None
    tr_solve_jaxpr: jx.ClosedJaxpr | None = None
    vecmat_consts: list[Any] = []
    tr_solve_consts: list[Any] = []
    if transpose_solve is not None:
        if symmetric:
            vecmat: Callable[[Any], Any] = matvec
            vecmat_jaxpr, vecmat_consts = matvec_jaxpr, matvec_consts
        else:
            vecmat = _vecmat(matvec_jaxpr, matvec_consts, b_tree)
            vecmat_jaxpr, vecmat_consts, _ = trace_to_subjaxpr(vecmat, args_tree, b_avals,
                                                               "custom_linear_solve's vecmat")
        tr_solve = transpose_solve

        def staged_tr_solve(x: Any) -> Any:
            return tr_solve(vecmat, x)
        tr_solve_jaxpr, tr_solve_consts, out_tree = trace_to_subjaxpr(
            _shape_checked(staged_tr_solve, "transpose_solve", has_aux, b_avals), args_tree, b_avals,
            "custom_linear_solve's transpose_solve")
        _check_tree("transpose_solve", "b", out_tree, b_tree, has_aux)

    all_consts = _LinearSolveTuple(matvec_consts, vecmat_consts, solve_consts, tr_solve_consts)
    const_lengths = _LinearSolveTuple(*(len(c) for c in all_consts))
    jaxprs: _Jaxprs = _LinearSolveTuple(matvec_jaxpr, vecmat_jaxpr, solve_jaxpr, tr_solve_jaxpr)
    outs = _bind([*_flatten(all_consts), *b_leaves], const_lengths, jaxprs)
    return tree.unflatten(out_tree, outs)


# ---------------------------------------------------------------------------------------------------------------
# Lowering: the solve


def _lowering(ctx: mlow.LoweringContext, *args: Any, const_lengths: _LinearSolveTuple[int], jaxprs: _Jaxprs
              ) -> list[Any]:
    params, b = _split_args(args, const_lengths)
    return mlow.closed_jaxpr_subcomp(ctx.m, _solve_jaxpr(jaxprs), [*params.solve, *b])


mlow.RULES[linear_solve_p] = _lowering


# ---------------------------------------------------------------------------------------------------------------
# Differentiation


def _tangent_linear_map(matvec: jx.ClosedJaxpr, params: list[Any], params_dot: list[Any], x: list[Any]
                        ) -> list[Any]:
    """``(d matvec) x``: the tangent of ``matvec(params, x)`` along ``params_dot`` with ``x`` held fixed."""
    zeros = [ad.Zero(ad.tangent_aval(abstractify(v))) for v in x]
    _, out = ad.jvp_jaxpr(matvec, [*params, *x], [*params_dot, *zeros])
    return out


def _jvp(primals: Sequence[Any], tangents: Sequence[Any], *, const_lengths: _LinearSolveTuple[int],
         jaxprs: _Jaxprs) -> tuple[list[Any], list[Any]]:
    x = _bind(primals, const_lengths, jaxprs)
    params, _ = _split_args(primals, const_lengths)
    params_dot, b_dot = _split_args(tangents, const_lengths)
    x_leaves = x[:len(b_dot)]
    matvec = jaxprs.matvec
    assert matvec is not None
    if all(type(p) is ad.Zero for p in params_dot.matvec):
        rhs = list(b_dot)
    else:
        matvec_tangents = _tangent_linear_map(matvec, params.matvec, params_dot.matvec, x_leaves)
        rhs = [ad.add_tangents(bd, _neg(mt)) for bd, mt in zip(b_dot, matvec_tangents)]
    rhs = [ad.instantiate_zeros(r) for r in rhs]
    x_dot = _bind([*_flatten(params), *rhs], const_lengths, jaxprs)
    dx, daux = x_dot[:len(b_dot)], x_dot[len(b_dot):]
    return x, [*dx, *(ad.Zero(ad.tangent_aval(abstractify(a))) for a in daux)]


def _neg(t: Any) -> Any:
    if type(t) is ad.Zero:
        return t
    from arraytyping._src.lax import lax
    return lax.neg(t)


def _transpose(cts: Sequence[Any], *operands: Any, const_lengths: _LinearSolveTuple[int], jaxprs: _Jaxprs
               ) -> list[Any]:
    if jaxprs.transpose_solve is None:
        raise TypeError("transpose_solve required for backwards mode automatic differentiation of "
                        "custom_linear_solve")
    params, b = _split_args(operands, const_lengths)
    if any(type(x) is ad.UndefinedPrimal for xs in params for x in xs):
        raise NotImplementedError("custom_linear_solve is not linear in its operator's constants")
    x_ct, other = cts[:len(b)], cts[len(b):]
    if any(type(ct) is not ad.Zero for ct in other):
        raise NotImplementedError("custom_linear_solve's auxiliary outputs have no cotangent")
    x_ct = [ad.materialize(ad.instantiate_zeros(ct)) for ct in x_ct]
    b_ct = _bind([*_flatten(params.transpose()), *x_ct], const_lengths.transpose(), jaxprs.transpose())
    return [None] * sum(const_lengths) + list(b_ct[:len(b)])


ad.jvp_rules[linear_solve_p] = _jvp
ad.transpose_rules[linear_solve_p] = _transpose


# ---------------------------------------------------------------------------------------------------------------
# Batching


def _batching(size: int, args: Sequence[Any], dims: Sequence[int | None], *,
              const_lengths: _LinearSolveTuple[int], jaxprs: _Jaxprs) -> tuple[list[Any], list[int | None]]:
    orig_bat = [d is not None for d in dims]
    params, b = _split_args(args, const_lengths)
    params_dims, b_dims = _split_args(dims, const_lengths)
    params_bat, orig_b_bat = _split_args(orig_bat, const_lengths)
    matvec, vecmat, solve, solve_t = jaxprs
    assert matvec is not None and solve is not None
    num_operator_out = len(matvec.out_avals)
    num_aux = len(solve.out_avals) - num_operator_out
    b_bat = list(orig_b_bat)
    x_bat = [False] * len(solve.out_avals)
    for _ in range(1 + len(orig_b_bat) + len(solve.out_avals)):
        solve_batched, solve_x_bat = batching.batch_jaxpr(solve, size, [*params_bat.solve, *b_bat], x_bat)
        vecmat_batched: jx.ClosedJaxpr | None = None
        if vecmat is None:
            x_bat_out = solve_x_bat
        else:
            vecmat_batched, vecmat_x_bat = batching.batch_jaxpr(vecmat, size, [*params_bat.vecmat, *b_bat], b_bat)
            x_bat_out = [a or s for a, s in zip([*vecmat_x_bat, *[True] * num_aux], solve_x_bat)]
        x_bat_noaux = x_bat_out[:num_operator_out]
        matvec_batched, matvec_b_bat = batching.batch_jaxpr(matvec, size, [*params_bat.matvec, *x_bat_noaux], b_bat)
        solve_t_batched: jx.ClosedJaxpr | None = None
        if solve_t is None:
            b_bat_out = [m or o for m, o in zip(matvec_b_bat, orig_b_bat)]
        else:
            solve_t_batched, solve_t_b_aux_bat = batching.batch_jaxpr(
                solve_t, size, [*params_bat.transpose_solve, *x_bat_noaux], x_bat_out)
            b_bat_out = [m or s or o for m, s, o in zip(matvec_b_bat, solve_t_b_aux_bat[:len(orig_b_bat)],
                                                         orig_b_bat)]
        if x_bat_out == x_bat and b_bat_out == b_bat:
            break
        x_bat, b_bat = x_bat_out, b_bat_out
    else:  # pragma: no cover - the flags only grow, so the loop settles within its bound
        raise AssertionError("custom_linear_solve's batching found no fixed point")
    batched: _Jaxprs = _LinearSolveTuple(matvec_batched, vecmat_batched, solve_batched, solve_t_batched)
    new_params = [batching.moveaxis(x, d, 0) if d is not None and d != 0 else x
                  for x, d in zip(_flatten(params), _flatten(params_dims))]
    new_b = [batching.broadcast(x, size, 0) if now and not was else
             batching.moveaxis(x, d, 0) if now and d is not None and d != 0 else x
             for x, d, was, now in zip(b, b_dims, orig_b_bat, b_bat)]
    outs = linear_solve_p.bind(*new_params, *new_b, const_lengths=const_lengths, jaxprs=batched)
    return list(outs), [0 if bat else None for bat in solve_x_bat]


batching.register_rule(linear_solve_p, _batching)
