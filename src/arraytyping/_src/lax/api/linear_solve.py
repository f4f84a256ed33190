"""``custom_linear_solve``, as JAX 0.10.2's ``lax.custom_linear_solve``: the user's ``matvec``, ``solve`` and
``transpose_solve`` staged into the jaxprs the ``custom_linear_solve`` primitive holds
(:mod:`arraytyping._src.lax.control_flow.solves`), with JAX's checks of their trees and types. Without
``symmetric``, the transposed operator ``vecmat`` is ``matvec``'s jaxpr transposed (JAX's ``linear_transpose``).
And ``custom_root`` (JAX's ``lax.custom_root``): a root found by the user's solver, differentiated by the implicit
function theorem (a ``custom_jvp`` whose rule solves the linearized system with ``tangent_solve``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from arraytyping._src.core import jaxpr as jx
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.staging import abstractify
from arraytyping._src.interpreters.autodiff import ad
from arraytyping._src.interpreters.autodiff.custom_derivatives import custom_jvp
from arraytyping._src.interpreters.autodiff.differentiation import jvp, linearize
from arraytyping._src.lax import lax
from arraytyping._src.lax.control_flow.common import trace_to_subjaxpr
from arraytyping._src.lax.control_flow.solves import Jaxprs, LinearSolveTuple, bind_linear_solve, flatten_params
from arraytyping._src.tree import pytree as tree

__all__ = ["custom_linear_solve", "custom_root"]


def _check_tree(func_name: str, expected_name: str, actual: tree.TreeDef, expected: tree.TreeDef,
                has_aux: bool) -> None:
    if has_aux:
        children = actual.subtrees
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

    all_consts = LinearSolveTuple(matvec_consts, vecmat_consts, solve_consts, tr_solve_consts)
    const_lengths = LinearSolveTuple(*(len(c) for c in all_consts))
    jaxprs: Jaxprs = LinearSolveTuple(matvec_jaxpr, vecmat_jaxpr, solve_jaxpr, tr_solve_jaxpr)
    outs = bind_linear_solve([*flatten_params(all_consts), *b_leaves], const_lengths, jaxprs)
    return tree.unflatten(out_tree, outs)


def custom_root(f: Callable[[Any], Any], initial_guess: Any, solve: Callable[[Callable[[Any], Any], Any], Any],
                tangent_solve: Callable[[Callable[[Any], Any], Any], Any], has_aux: bool = False) -> Any:
    """``solve(f, initial_guess)``, a root of ``f`` (``f(solution) == 0``, not checked), differentiated implicitly
    at the solution rather than through ``solve``: JAX's ``lax.custom_root``. ``tangent_solve(g, y)`` solves the
    linear ``g(x) == y`` (``g`` is ``f`` linearized at the solution); with ``has_aux``, ``solve`` returns
    ``(solution, aux)``, and ``aux`` gets no derivative.

    Example::

        def sqrt(a):    # Newton's method, differentiable through the implicit function theorem
            newton = lambda f, x: lax.fori_loop(0, 20, lambda _, x: x - f(x) / (2 * x), x)
            return lax.custom_root(lambda x: x * x - a, 1.0, newton, lambda g, y: y / g(1.0))
    """
    guess_leaves, guess_tree = tree.flatten(initial_guess)
    avals = [abstractify(x) for x in guess_leaves]
    args_tree = tree.structure((initial_guess,))
    f_jaxpr, f_consts, out_tree = trace_to_subjaxpr(f, args_tree, avals, "custom_root's f")
    _check_tree("f", "initial_guess", out_tree, guess_tree, False)

    def staged_solve(x: Any) -> Any:
        return solve(f, x)

    solve_jaxpr, solve_consts, solution_tree = trace_to_subjaxpr(staged_solve, args_tree, avals,
                                                                 "custom_root's solve")
    _check_tree("solve", "initial_guess", solution_tree, guess_tree, has_aux)

    def linearize_and_solve(x: Any, b: Any) -> Any:
        _, f_jvp = linearize(f, x)
        return tangent_solve(f_jvp, b)

    ls_jaxpr, ls_consts, ls_tree = trace_to_subjaxpr(
        linearize_and_solve, tree.structure((initial_guess, initial_guess)), [*avals, *avals],
        "custom_root's tangent_solve")
    _check_tree("tangent_solve", "x", ls_tree, guess_tree, False)
    nf, ns, nl, n = len(f_consts), len(solve_consts), len(ls_consts), len(guess_leaves)

    def run(j: jx.ClosedJaxpr, args: Sequence[Any]) -> list[Any]:
        return jx.eval_jaxpr(j.jaxpr, list(args), j.consts)

    @custom_jvp
    def root(*args: Any) -> list[Any]:
        return run(solve_jaxpr, [*args[nf:nf + ns], *args[nf + ns + nl:]])

    def root_jvp(primals: Sequence[Any], tangents: Sequence[Any]) -> tuple[list[Any], list[Any]]:
        params_f, params_ls = list(primals[:nf]), list(primals[nf + ns:nf + ns + nl])
        out = root(*primals)
        solution, aux = out[:n], out[n:]
        if nf:
            _, rhs = jvp(lambda *ps: run(f_jaxpr, [*ps, *solution]), params_f, list(tangents[:nf]))
        else:  # f closes over nothing: nothing moves the root
            rhs = [lax.full(a.shape, 0, a.dtype) for a in avals]
        solution_dot = [lax.neg(t) for t in run(ls_jaxpr, [*params_ls, *solution, *rhs])]
        return [*solution, *aux], [*solution_dot, *[lax.full(abstractify(a).shape, 0, abstractify(a).dtype)
                                                    for a in aux]]

    root.defjvp(root_jvp)
    outs = root(*f_consts, *solve_consts, *ls_consts, *guess_leaves)
    return tree.unflatten(solution_tree, outs)
