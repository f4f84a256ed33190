"""Differentiation of ``cond`` (``switch``), ``while``, ``scan`` (``fori_loop``) and ``custom_linear_solve``: JVP rules, the linearization
rules ``grad`` and ``vjp`` use, and transpose rules, on the sub-jaxprs the primitives hold (see the hook in
:mod:`.ad`'s docstring).

* **Forward mode**: each body is replaced by its JVP jaxpr (:func:`ad.jvp_closed_jaxpr`) and the same primitive is
  bound on primals and nonzero tangents. A loop carry's tangent is nonzero if its initial tangent is or if the body
  makes it so (a fixed point, as JAX's ``_scan_jvp``/``_while_loop_jvp``).
* **Linearization** (``cond``, ``scan``): each body is split into its primal part, which also returns the residuals
  the derivative needs, and its linear part, which computes the output tangents from the residuals and the input
  tangents. The primal part is bound in the enclosing computation; the linear part is bound on the tangents, so
  it is recorded in the linear jaxpr. ``cond``'s branches return every branch's residuals (JAX's ``empty2``
  placeholders in the others' slots). ``scan`` returns each iteration's residuals as stacked outputs, except those
  that are a constant of the body (passed to the tangent scan as constants) or one of its xs (passed as they are).
  JAX also hoists residuals computed from constants alone out of the loop; here those are stacked.
* **Transposition**: ``cond`` transposes each branch; ``scan`` runs the transposed body in the other direction,
  its carry the cotangents of the linear constants (accumulated) and of the carry.
* ``while`` is differentiable in forward mode only: transposing it raises JAX's ``ValueError``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np

from arraytyping._src.interpreters.autodiff import ad
from arraytyping._src.core import jaxpr as jx
from arraytyping._src.lax import lax
from arraytyping._src.xla import lowering as mlow
from arraytyping._src.core.avals import MemorySpace, ShapedArray
from arraytyping._src.lax.control_flow.common import merge_common_consts, prune_outputs, split
from arraytyping._src.lax.control_flow.conditionals import Platforms, cond_p
from arraytyping._src.lax.control_flow.loops import scan_p, while_p
from arraytyping._src.lax.control_flow.solves import Jaxprs, LinearSolveTuple, bind_linear_solve, flatten_params, linear_solve_p, split_args
from arraytyping._src.core.trace import Primitive
from arraytyping._src.core.staging import abstractify, trace_to_jaxpr

__all__ = ["empty2_p", "MemorySpace", "SplitJaxpr", "apply_linear", "linearize_jaxpr"]

WHILE_TRANSPOSE_ERROR = ("Reverse-mode differentiation does not work for lax.while_loop or lax.fori_loop with "
                         "dynamic start/stop values. Try using lax.scan, or using fori_loop with static start/stop.")



def _empty_abstract_eval(*, dtype: np.dtype[Any], memory_space: MemorySpace) -> list[ShapedArray]:
    return [ShapedArray((), dtype, False)]


empty2_p = Primitive("empty2", _empty_abstract_eval)
"""JAX's placeholder for a value that is never read: the residual slots of the other branches of a ``cond``
(lowered to a zero)."""


def _empty_lowering(ctx: mlow.LoweringContext, *, dtype: np.dtype[Any], memory_space: MemorySpace) -> list[Any]:
    return [mlow.constant(ctx.m, 0, ctx.avals_out[0])]


mlow.RULES[empty2_p] = _empty_lowering


def _placeholder(aval: ShapedArray) -> Any:
    """An unread value of type ``aval``, as JAX's ``lax.empty`` stages it."""
    x = empty2_p.bind(dtype=aval.dtype, memory_space=MemorySpace.Device)
    return lax.broadcast_in_dim(x, aval.shape, ()) if aval.shape else x


def _nonzero(t: Any) -> bool:
    return type(t) is not ad.Zero and not ad.is_float0_value(t)


def _zeros(aval: ShapedArray) -> Any:
    """Zeros of type ``aval`` as a value of the current computation."""
    return ad.materialize(ad.zeros_like_aval(aval))


def _hoisted(closed: jx.ClosedJaxpr) -> tuple[jx.ClosedJaxpr, list[Any]]:
    """``closed`` without constants: they become its leading binders, returned to be passed as operands."""
    j = closed.jaxpr
    return jx.ClosedJaxpr(jx.Jaxpr([], [*j.constvars, *j.in_binders], j.eqns, j.outs)), list(closed.consts)


def _stage(fun: Callable[..., list[Any]], avals: Sequence[ShapedArray], description: str
           ) -> tuple[jx.ClosedJaxpr, list[Any]]:
    closed, _ = trace_to_jaxpr(fun, list(avals), description)
    return _hoisted(closed)


def _permuted(closed: jx.ClosedJaxpr, in_order: Sequence[int], out_order: Sequence[int]) -> jx.ClosedJaxpr:
    j = closed.jaxpr
    return jx.ClosedJaxpr(jx.Jaxpr(j.constvars, [j.in_binders[i] for i in in_order], j.eqns,
                                   [j.outs[i] for i in out_order]), closed.consts)


def _tangent_outputs(primals: Sequence[Any], nonzero: Sequence[bool], tangents: Sequence[Any]) -> list[Any]:
    it = iter(tangents)
    return [next(it) if nz else ad.Zero(ad.tangent_aval(abstractify(p))) for p, nz in zip(primals, nonzero)]


def _instantiated(tangents: Sequence[Any], keep: Sequence[bool]) -> list[Any]:
    """The tangents where ``keep``, symbolic zeros made arrays."""
    return [ad.materialize(ad.instantiate_zeros(t)) if type(t) is ad.Zero else t
            for t, k in zip(tangents, keep) if k]


class SplitJaxpr(NamedTuple):
    """A jaxpr split for linearization: ``primal`` takes ``consts`` then the jaxpr's inputs and returns its outputs
    then the residuals; ``linear`` (residuals as constvars) takes the nonzero input tangents and returns the nonzero
    output tangents (``out_nonzero``)."""

    primal: jx.ClosedJaxpr
    consts: list[Any]
    linear: jx.Jaxpr
    out_nonzero: list[bool]

    @property
    def residual_avals(self) -> list[ShapedArray]:
        return [v.aval for v in self.linear.constvars]


def linearize_jaxpr(closed: jx.ClosedJaxpr, nonzeros: Sequence[bool]) -> SplitJaxpr:
    found: list[ad.Linearized] = []

    def fun(*xs: Any) -> list[Any]:
        outs, lin, _ = ad.linearize_flat(lambda *a: (jx.eval_jaxpr(closed.jaxpr, a, closed.consts), None), xs,
                                         "linearize of a jaxpr", nonzeros)
        found.append(lin)
        return [*outs, *lin.consts]

    primal, consts = _stage(fun, closed.in_avals, "linearize of a jaxpr")
    lin = found[0]
    return SplitJaxpr(primal, consts, lin.jaxpr, lin.out_nonzero)


def apply_linear(split_: SplitJaxpr, residuals: Sequence[Any], tangents: Sequence[Any],
                  out_avals: Sequence[ShapedArray], wanted: Sequence[bool]) -> list[Any]:
    """The output tangents ``wanted`` of a split jaxpr (zeros where its own are symbolically zero)."""
    outs = iter(jx.eval_jaxpr(split_.linear, tangents, residuals))
    result: list[Any] = []
    for aval, nz, want in zip(out_avals, split_.out_nonzero, wanted):
        t = next(outs) if nz else None
        if want:
            result.append(t if t is not None else _zeros(ad.tangent_aval(aval)))
    return result


# ---------------------------------------------------------------------------------------------------------------
# cond


def _merge_residuals(per_branch: Sequence[Sequence[ShapedArray]]) -> tuple[list[ShapedArray], list[list[int]]]:
    """The residual slots of a ``cond`` and each branch's slot indices: the k-th residual of a type in one branch
    shares the slot of the k-th residual of that type in the others."""
    slots: dict[tuple[ShapedArray, int], int] = {}
    indices: list[list[int]] = []
    for avals in per_branch:
        seen: dict[ShapedArray, int] = {}
        mine: list[int] = []
        for a in avals:
            tag = (a, seen.get(a, 0))
            seen[a] = tag[1] + 1
            mine.append(slots.setdefault(tag, len(slots)))
        indices.append(mine)
    return [a for a, _ in slots], indices


def _cond_jvp(primals: Sequence[Any], tangents: Sequence[Any], *, branches: tuple[jx.ClosedJaxpr, ...],
              branches_platforms: Platforms = None) -> tuple[list[Any], list[Any]]:
    index, *ops = primals
    ops_dot = tangents[1:]
    ops_nz = [_nonzero(t) for t in ops_dot]
    n_out = len(branches[0].out_avals)
    out_nz = [any(nz) for nz in zip(*(ad.jvp_closed_jaxpr(b, ops_nz, [False] * n_out)[1] for b in branches))]
    hoisted = [_hoisted(ad.jvp_closed_jaxpr(b, ops_nz, out_nz)[0]) for b in branches]
    merged, consts = merge_common_consts([h for h, _ in hoisted], [c for _, c in hoisted])
    outs = cond_p.bind(index, *consts, *ops, *[t for t, nz in zip(ops_dot, ops_nz) if nz], branches=tuple(merged),
                       branches_platforms=branches_platforms)
    primal_out = list(outs[:n_out])
    return primal_out, _tangent_outputs(primal_out, out_nz, outs[n_out:])


def _cond_linearize(primals: Sequence[Any], tangents: Sequence[Any], *, branches: tuple[jx.ClosedJaxpr, ...],
                    branches_platforms: Platforms = None) -> tuple[list[Any], list[Any]]:
    index, *ops = primals
    ops_dot = tangents[1:]
    ops_nz = [_nonzero(t) for t in ops_dot]
    splits = [linearize_jaxpr(b, ops_nz) for b in branches]
    out_avals = branches[0].out_avals
    n_out = len(out_avals)
    out_nz = [any(nz) for nz in zip(*(s.out_nonzero for s in splits))]
    res_avals, slots = _merge_residuals([s.residual_avals for s in splits])

    # The primal cond: every branch returns its outputs, then the residual slots (a slot is shared by residuals of
    # one type in different branches, as JAX's _merge_branch_residuals; the others hold placeholders).
    primal_branches: list[jx.ClosedJaxpr] = []
    primal_consts: list[list[Any]] = []
    for s, mine_slots in zip(splits, slots):
        def joined(*args: Any, s: SplitJaxpr = s, mine_slots: list[int] = mine_slots) -> list[Any]:
            r = jx.eval_jaxpr(s.primal.jaxpr, args, [])
            res = [_placeholder(a) for a in res_avals]
            for k, v in zip(mine_slots, r[n_out:]):
                res[k] = v
            return [*r[:n_out], *res]
        staged, extra = _stage(joined, s.primal.in_avals, "cond primal branch")
        primal_branches.append(staged)
        primal_consts.append([*extra, *s.consts])
    merged, consts = merge_common_consts(primal_branches, primal_consts)
    outs = cond_p.bind(index, *consts, *ops, branches=tuple(merged),
                       branches_platforms=branches_platforms)
    primal_out, residuals = list(outs[:n_out]), list(outs[n_out:])
    if not any(out_nz):
        return primal_out, _tangent_outputs(primal_out, out_nz, [])

    # The tangent cond: every branch takes all residuals and the nonzero tangents.
    dots = [t for t, nz in zip(ops_dot, ops_nz) if nz]
    dot_avals = [ad.tangent_aval(abstractify(o)) for o, nz in zip(ops, ops_nz) if nz]
    tangent_branches: list[jx.ClosedJaxpr] = []
    tangent_consts: list[list[Any]] = []
    for s, mine_slots in zip(splits, slots):
        def linear(*args: Any, s: SplitJaxpr = s, mine_slots: list[int] = mine_slots) -> list[Any]:
            res, ts = args[:len(res_avals)], args[len(res_avals):]
            return apply_linear(s, [res[k] for k in mine_slots], ts, out_avals, out_nz)
        staged, extra = _stage(linear, [*res_avals, *dot_avals], "cond tangent branch")
        tangent_branches.append(staged)
        tangent_consts.append(extra)
    merged_t, consts_t = merge_common_consts(tangent_branches, tangent_consts)
    touts = cond_p.bind(index, *consts_t, *residuals, *dots, branches=tuple(merged_t),
                        branches_platforms=branches_platforms)
    return primal_out, _tangent_outputs(primal_out, out_nz, touts)


def _cond_transpose(cts: Sequence[Any], index: Any, *ops: Any, branches: tuple[jx.ClosedJaxpr, ...],
                    branches_platforms: Platforms = None) -> list[Any]:
    linear = [type(x) is ad.UndefinedPrimal for x in ops]
    known = [x for x, lin in zip(ops, linear) if not lin]
    known_avals = [abstractify(x) for x in known]
    ct_avals = [ad.tangent_aval(a) for a in branches[0].out_avals]
    cts_in = [ad.materialize(ad.instantiate_zeros(c)) if type(c) is ad.Zero else c for c in cts]
    transposed: list[jx.ClosedJaxpr] = []
    all_consts: list[list[Any]] = []
    for b in branches:
        j = b.jaxpr
        body = jx.Jaxpr([v for v, lin in zip(j.in_binders, linear) if not lin],
                        [v for v, lin in zip(j.in_binders, linear) if lin], j.eqns, j.outs)

        def backward(*args: Any, body: jx.Jaxpr = body) -> list[Any]:
            res = ad.backward_pass(body, args[:len(known)], args[len(known):])
            return [ad.materialize(ad.instantiate_zeros(c)) for c in res]
        staged, extra = _stage(backward, [*known_avals, *ct_avals], "transpose of a cond branch")
        transposed.append(staged)
        all_consts.append(extra)
    merged, consts = merge_common_consts(transposed, all_consts)
    outs = iter(cond_p.bind(index, *consts, *known, *cts_in, branches=tuple(merged),
                       branches_platforms=branches_platforms))
    return [None, *[next(outs) if lin else None for lin in linear]]


# ---------------------------------------------------------------------------------------------------------------
# while


def _while_jvp(primals: Sequence[Any], tangents: Sequence[Any], *, cond_nconsts: int, cond_jaxpr: jx.ClosedJaxpr,
               body_nconsts: int, body_jaxpr: jx.ClosedJaxpr) -> tuple[list[Any], list[Any]]:
    nz = [_nonzero(t) for t in tangents]
    _, bconst_nz, init_nz = split(nz, cond_nconsts, body_nconsts)
    carry_nz = init_nz
    while True:  # a carry's tangent is nonzero if its initial one is or the body makes it so
        body_jvp, out_nz = ad.jvp_closed_jaxpr(body_jaxpr, bconst_nz + carry_nz, carry_nz)
        if out_nz == carry_nz:
            break
        carry_nz = [a or b for a, b in zip(carry_nz, out_nz)]
    n_b, n_c = body_nconsts, len(carry_nz)
    n_tb, n_tc = sum(bconst_nz), sum(carry_nz)
    body, extra = _hoisted(body_jvp)
    # [extra, bconsts, carry, bconst tangents, carry tangents] -> [extra, bconsts, bconst tangents, carry, tangents]
    e = len(extra)
    order = [*range(e + n_b), *range(e + n_b + n_c, e + n_b + n_c + n_tb), *range(e + n_b, e + n_b + n_c),
             *range(e + n_b + n_c + n_tb, e + n_b + n_c + n_tb + n_tc)]
    body = _permuted(body, order, range(n_c + n_tc))
    # the predicate ignores the tangents (staged again, so that its variables are its own, as JAX's)
    n_cond = len(cond_jaxpr.in_avals)
    carry_avals = body_jaxpr.in_avals[n_b:]
    cond_aug, cond_extra = _stage(lambda *a: jx.eval_jaxpr(cond_jaxpr.jaxpr, a[:n_cond], cond_jaxpr.consts),
                                  [*cond_jaxpr.in_avals, *[ad.tangent_aval(a) for a, z in zip(carry_avals, carry_nz)
                                                           if z]], "while predicate")
    cconsts, bconsts, init = split(primals, cond_nconsts, body_nconsts)
    _, t_bconsts, t_init = split(tangents, cond_nconsts, body_nconsts)
    outs = while_p.bind(*cond_extra, *cconsts, *extra, *bconsts, *[t for t, z in zip(t_bconsts, bconst_nz) if z],
                        *init, *_instantiated(t_init, carry_nz), cond_nconsts=len(cond_extra) + cond_nconsts,
                        cond_jaxpr=cond_aug,
                        body_nconsts=e + n_b + n_tb, body_jaxpr=body)
    primal_out = list(outs[:n_c])
    return primal_out, _tangent_outputs(primal_out, carry_nz, outs[n_c:])


def _while_linearize(primals: Sequence[Any], tangents: Sequence[Any], **params: Any) -> tuple[list[Any], list[Any]]:
    """The primal loop runs in the enclosing computation; the loop with tangents is recorded whole in the linear
    jaxpr (evaluating it works, transposing it raises JAX's error)."""
    primal_out = list(while_p.bind(*primals, **params))
    _, tangent_out = _while_jvp(primals, tangents, **params)
    return primal_out, tangent_out


def _while_transpose(cts: Any, *args: Any, **params: Any) -> list[Any]:
    raise ValueError(WHILE_TRANSPOSE_ERROR)


# ---------------------------------------------------------------------------------------------------------------
# scan


def _scan_jvp(primals: Sequence[Any], tangents: Sequence[Any], *, reverse: bool, length: int,
              jaxpr: jx.ClosedJaxpr, num_consts: int, num_carry: int, unroll: int) -> tuple[list[Any], list[Any]]:
    nz = [_nonzero(t) for t in tangents]
    const_nz, init_nz, xs_nz = split(nz, num_consts, num_carry)
    num_ys = len(jaxpr.out_avals) - num_carry
    carry_nz = init_nz
    while True:
        jvp, out_nz = ad.jvp_closed_jaxpr(jaxpr, const_nz + carry_nz + xs_nz, carry_nz + [False] * num_ys)
        if out_nz[:num_carry] == carry_nz:
            break
        carry_nz = [a or b for a, b in zip(carry_nz, out_nz[:num_carry])]
    ys_nz = out_nz[num_carry:]
    body, extra = _hoisted(jvp)
    e, n_x = len(extra), len(xs_nz)
    n_tk, n_tc, n_tx, n_ty = sum(const_nz), sum(carry_nz), sum(xs_nz), sum(ys_nz)
    # inputs [extra, consts, carry, xs, t_consts, t_carry, t_xs] -> [extra, consts, t_consts, carry, t_carry, xs, t_xs]
    k0 = e + num_consts + num_carry + n_x
    in_order = [*range(e + num_consts), *range(k0, k0 + n_tk), *range(e + num_consts, e + num_consts + num_carry),
                *range(k0 + n_tk, k0 + n_tk + n_tc), *range(e + num_consts + num_carry, k0),
                *range(k0 + n_tk + n_tc, k0 + n_tk + n_tc + n_tx)]
    # outputs [carry, ys, t_carry, t_ys] -> [carry, t_carry, ys, t_ys]
    m = num_carry + num_ys
    out_order = [*range(num_carry), *range(m, m + n_tc), *range(num_carry, m), *range(m + n_tc, m + n_tc + n_ty)]
    body = _permuted(body, in_order, out_order)
    consts, init, xs = split(primals, num_consts, num_carry)
    t_consts, t_init, t_xs = split(tangents, num_consts, num_carry)
    outs = scan_p.bind(*extra, *consts, *_instantiated(t_consts, const_nz), *init, *_instantiated(t_init, carry_nz),
                       *xs, *_instantiated(t_xs, xs_nz), reverse=reverse, length=length, jaxpr=body,
                       num_consts=e + num_consts + n_tk, num_carry=num_carry + n_tc, unroll=unroll)
    carry, t_carry, ys, t_ys = split(outs, num_carry, n_tc, num_ys)
    primal_out = [*carry, *ys]
    return primal_out, [*_tangent_outputs(carry, carry_nz, t_carry), *_tangent_outputs(ys, ys_nz, t_ys)]


def _scan_linearize(primals: Sequence[Any], tangents: Sequence[Any], *, reverse: bool, length: int,
                    jaxpr: jx.ClosedJaxpr, num_consts: int, num_carry: int, unroll: int
                    ) -> tuple[list[Any], list[Any]]:
    nz = [_nonzero(t) for t in tangents]
    const_nz, init_nz, xs_nz = split(nz, num_consts, num_carry)
    num_ys = len(jaxpr.out_avals) - num_carry
    carry_nz = init_nz
    while True:  # the carries with a nonzero tangent: a fixed point
        lin = linearize_jaxpr(jaxpr, const_nz + carry_nz + xs_nz)
        grown = [a or b for a, b in zip(carry_nz, lin.out_nonzero[:num_carry])]
        if grown == carry_nz:
            break
        carry_nz = grown
    ys_nz = lin.out_nonzero[num_carry:]
    res_avals = lin.residual_avals
    n_res = len(res_avals)

    # Residuals that are a constant or an xs of the body are not stacked: the tangent scan takes the constant as a
    # constant and the xs as they are (a closed-over weight matrix is not copied once per iteration).
    consts, init, xs = split(primals, num_consts, num_carry)
    e0 = len(lin.consts)
    operands = [*lin.consts, *consts, *init, *xs]
    binder_index = {v: i for i, v in enumerate(lin.primal.jaxpr.in_binders)}
    res_outs = lin.primal.jaxpr.outs[num_carry + num_ys:]
    kinds: list[tuple[str, int]] = []  # ("const" | "xs", operand index) or ("stacked", -1), per residual
    for r in res_outs:
        i = binder_index.get(r, -1) if isinstance(r, jx.Var) else -1
        if 0 <= i < e0 + num_consts:
            kinds.append(("const", i))
        elif i >= e0 + num_consts + num_carry:
            kinds.append(("xs", i))
        else:
            kinds.append(("stacked", -1))
    stacked = [k == "stacked" for k, _ in kinds]
    primal = prune_outputs(lin.primal, [True] * (num_carry + num_ys) + stacked)

    # The primal scan: the body's outputs, then each iteration's other residuals as stacked outputs.
    outs = scan_p.bind(*lin.consts, *consts, *init, *xs, reverse=reverse, length=length, jaxpr=primal,
                       num_consts=e0 + num_consts, num_carry=num_carry, unroll=unroll)
    carry, ys, stacked_res = split(outs, num_carry, num_ys)
    if not any(carry_nz) and not any(ys_nz):
        return [*carry, *ys], [*_tangent_outputs(carry, carry_nz, []), *_tangent_outputs(ys, ys_nz, [])]

    # The tangent scan (JAX's layout): constants the invariant residuals and the constants' tangents; carry the
    # carry's tangents; xs the xs' tangents, then the other residuals (stacked, or xs of the body) in their order.
    in_avals = jaxpr.in_avals
    const_avals, carry_avals, x_avals = split([ad.tangent_aval(a) for a in in_avals], num_consts, num_carry)
    t_const_avals = [a for a, z in zip(const_avals, const_nz) if z]
    t_carry_avals = [a for a, z in zip(carry_avals, carry_nz) if z]
    t_x_avals = [a for a, z in zip(x_avals, xs_nz) if z]
    n_tk, n_tc = len(t_const_avals), len(t_carry_avals)
    inv_idx = [k for k, (kind, _) in enumerate(kinds) if kind == "const"]
    ext_idx = [k for k, (kind, _) in enumerate(kinds) if kind != "const"]  # stacked or xs, in the residuals' order
    n_inv = len(inv_idx)

    def body(*args: Any) -> list[Any]:
        inv, tk, tc, tx, ext = split(args, n_inv, n_tk, n_tc, len(t_x_avals))
        res: list[Any] = [None] * n_res
        for idx, vals in ((inv_idx, inv), (ext_idx, ext)):
            for k, v in zip(idx, vals):
                res[k] = v
        # the linear jaxpr takes the nonzero tangents of the constants, the carry and the xs, in that order
        return apply_linear(lin, res, [*tk, *tc, *tx], jaxpr.out_avals, [*carry_nz, *ys_nz])

    avals = [*[res_avals[k] for k in inv_idx], *t_const_avals, *t_carry_avals, *t_x_avals,
             *[res_avals[k] for k in ext_idx]]
    staged, extra = _stage(body, avals, "scan tangent body")
    it_stacked = iter(stacked_res)
    ext_vals = [next(it_stacked) if kinds[k][0] == "stacked" else operands[kinds[k][1]] for k in ext_idx]
    t_consts, t_init, t_xs = split(tangents, num_consts, num_carry)
    touts = scan_p.bind(*extra, *[operands[kinds[k][1]] for k in inv_idx], *_instantiated(t_consts, const_nz),
                        *_instantiated(t_init, carry_nz), *_instantiated(t_xs, xs_nz), *ext_vals, reverse=reverse,
                        length=length, jaxpr=staged, num_consts=len(extra) + n_inv + n_tk, num_carry=n_tc,
                        unroll=unroll)
    t_carry, t_ys = split(touts, n_tc)
    return [*carry, *ys], [*_tangent_outputs(carry, carry_nz, t_carry), *_tangent_outputs(ys, ys_nz, t_ys)]


def _scan_transpose(cts: Sequence[Any], *args: Any, reverse: bool, length: int, jaxpr: jx.ClosedJaxpr,
                    num_consts: int, num_carry: int, unroll: int) -> list[Any]:
    consts, init, xs = split(args, num_consts, num_carry)
    c_lin = [type(x) is ad.UndefinedPrimal for x in consts]
    x_lin = [type(x) is ad.UndefinedPrimal for x in xs]
    b = jaxpr.jaxpr
    cb, carry_b, xb = split(b.in_binders, num_consts, num_carry)
    known_b = [v for v, lin in zip(cb, c_lin) if not lin] + [v for v, lin in zip(xb, x_lin) if not lin]
    lin_consts_b = [v for v, lin in zip(cb, c_lin) if lin]
    lin_b = lin_consts_b + carry_b + [v for v, lin in zip(xb, x_lin) if lin]
    body = jx.Jaxpr(known_b, lin_b, b.eqns, b.outs)
    known_consts = [x for x, lin in zip(consts, c_lin) if not lin]
    known_xs = [x for x, lin in zip(xs, x_lin) if not lin]
    n_kc, n_lc = len(known_consts), sum(c_lin)
    acc_avals = [ad.tangent_aval(v.aval) for v, lin in zip(cb, c_lin) if lin]
    # the transposed body is typed by the incoming cotangents (as JAX's): a weak carry's cotangent may be strong
    ct_carry_in, ct_ys = split([ad.materialize(ad.instantiate_zeros(c)) if type(c) is ad.Zero else c for c in cts],
                               num_carry)
    ct_carry_avals = [abstractify(c) for c in ct_carry_in]
    ct_y_avals = [abstractify(c).update(shape=abstractify(c).shape[1:]) for c in ct_ys]
    carry_types = dict(zip(carry_b, ct_carry_avals))

    # JAX's layout: constants the known constants; carry the constants' cotangents (accumulated) and the carry's;
    # xs the ys' cotangents, then the known xs
    def backward(*a: Any) -> list[Any]:
        kc, acc, ct_c, ct_y, kx = split(a, n_kc, n_lc, num_carry, len(ct_y_avals))
        res = ad.backward_pass(body, [*kc, *kx], [*ct_c, *ct_y], carry_types, dict(zip(lin_consts_b, acc)))
        return [ad.materialize(ad.instantiate_zeros(c)) for c in res]

    staged, extra = _stage(backward, [*[v.aval for v in known_b[:n_kc]], *acc_avals, *ct_carry_avals, *ct_y_avals,
                                      *[v.aval for v in known_b[n_kc:]]], "transpose of a scan body")
    outs = scan_p.bind(*extra, *known_consts, *[_zeros(a) for a in acc_avals], *ct_carry_in, *ct_ys, *known_xs,
                       reverse=not reverse, length=length, jaxpr=staged, num_consts=len(extra) + n_kc,
                       num_carry=n_lc + num_carry, unroll=unroll)
    ct_consts, ct_init, ct_xs = split(outs, n_lc, num_carry)
    it_c, it_x = iter(ct_consts), iter(ct_xs)
    return [*[next(it_c) if lin else None for lin in c_lin],
            *[c if type(x) is ad.UndefinedPrimal else None for x, c in zip(init, ct_init)],
            *[next(it_x) if lin else None for lin in x_lin]]


ad.jvp_rules[cond_p] = _cond_jvp
ad.linearize_rules[cond_p] = _cond_linearize
ad.transpose_rules[cond_p] = _cond_transpose
ad.jvp_rules[while_p] = _while_jvp
ad.linearize_rules[while_p] = _while_linearize
ad.transpose_rules[while_p] = _while_transpose
ad.jvp_rules[scan_p] = _scan_jvp
ad.linearize_rules[scan_p] = _scan_linearize
ad.transpose_rules[scan_p] = _scan_transpose


# ---------------------------------------------------------------------------------------------------------------
# custom_linear_solve: the derivative defined implicitly at the solution (JAX's _custom_linear_solve_jvp)


def _solve_tangent_linear_map(matvec: jx.ClosedJaxpr, params: list[Any], params_dot: list[Any], x: list[Any]
                        ) -> list[Any]:
    """``(d matvec) x``: the tangent of ``matvec(params, x)`` along ``params_dot`` with ``x`` held fixed."""
    zeros = [ad.Zero(ad.tangent_aval(abstractify(v))) for v in x]
    _, out = ad.jvp_jaxpr(matvec, [*params, *x], [*params_dot, *zeros])
    return out


def _linear_solve_jvp(primals: Sequence[Any], tangents: Sequence[Any], *, const_lengths: LinearSolveTuple[int],
         jaxprs: Jaxprs) -> tuple[list[Any], list[Any]]:
    x = bind_linear_solve(primals, const_lengths, jaxprs)
    params, _ = split_args(primals, const_lengths)
    params_dot, b_dot = split_args(tangents, const_lengths)
    x_leaves = x[:len(b_dot)]
    matvec = jaxprs.matvec
    assert matvec is not None
    if all(type(p) is ad.Zero for p in params_dot.matvec):
        rhs = list(b_dot)
    else:
        matvec_tangents = _solve_tangent_linear_map(matvec, params.matvec, params_dot.matvec, x_leaves)
        rhs = [ad.add_tangents(bd, _negated_tangent(mt)) for bd, mt in zip(b_dot, matvec_tangents)]
    rhs = [ad.instantiate_zeros(r) for r in rhs]
    x_dot = bind_linear_solve([*flatten_params(params), *rhs], const_lengths, jaxprs)
    dx, daux = x_dot[:len(b_dot)], x_dot[len(b_dot):]
    return x, [*dx, *(ad.Zero(ad.tangent_aval(abstractify(a))) for a in daux)]


def _negated_tangent(t: Any) -> Any:
    if type(t) is ad.Zero:
        return t
    return lax.neg(t)


def _linear_solve_transpose(cts: Sequence[Any], *operands: Any, const_lengths: LinearSolveTuple[int], jaxprs: Jaxprs
               ) -> list[Any]:
    if jaxprs.transpose_solve is None:
        raise TypeError("transpose_solve required for backwards mode automatic differentiation of "
                        "custom_linear_solve")
    params, b = split_args(operands, const_lengths)
    if any(type(x) is ad.UndefinedPrimal for xs in params for x in xs):
        raise NotImplementedError("custom_linear_solve is not linear in its operator's constants")
    x_ct, other = cts[:len(b)], cts[len(b):]
    if any(type(ct) is not ad.Zero for ct in other):
        raise NotImplementedError("custom_linear_solve's auxiliary outputs have no cotangent")
    x_ct = [ad.materialize(ad.instantiate_zeros(ct)) for ct in x_ct]
    b_ct = bind_linear_solve([*flatten_params(params.transpose()), *x_ct], const_lengths.transpose(), jaxprs.transpose())
    return [None] * sum(const_lengths) + list(b_ct[:len(b)])


ad.jvp_rules[linear_solve_p] = _linear_solve_jvp


ad.transpose_rules[linear_solve_p] = _linear_solve_transpose
