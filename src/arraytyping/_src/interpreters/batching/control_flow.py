"""The batching rules of the control-flow primitives: ``cond`` (a batched index turns into ``select_n`` over
every branch), ``while`` and ``scan`` (a carry is batched where its initial value or the body makes it so) and
``custom_linear_solve`` (each operator batched to a fixed point), as JAX 0.10.2 batches them (registered in
:data:`.batching.RULES` on import)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from arraytyping._src.core import jaxpr as jx
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.staging import ConstVal
from arraytyping._src.interpreters.batching import batching
from arraytyping._src.lax import lax
from arraytyping._src.lax.control_flow.common import split
from arraytyping._src.lax.control_flow.conditionals import INT32, Platforms, cond_p
from arraytyping._src.lax.control_flow.loops import scan_p, while_p
from arraytyping._src.lax.control_flow.solves import Jaxprs, LinearSolveTuple, flatten_params, linear_solve_p, split_args

__all__: list[str] = []


def _bcast_select(pred: Any, on_true: Any, on_false: Any) -> Any:
    if batching.ndim(pred) != batching.ndim(on_true):
        pred = lax.broadcast_in_dim(pred, batching.shape(on_true), tuple(range(batching.ndim(pred))))
    return lax.select_n(pred, on_false, on_true)


def _bcast_select_n(pred: Any, *cases: Any) -> Any:
    if batching.ndim(pred) != batching.ndim(cases[0]):
        pred = lax.broadcast_in_dim(pred, batching.shape(cases[0]), tuple(range(batching.ndim(pred))))
    return lax.select_n(pred, *cases)


def _cond_batching_rule(size: int, args: Sequence[Any], dims: Sequence[int | None], *,
                        branches: tuple[jx.ClosedJaxpr, ...], branches_platforms: Platforms = None
                        ) -> tuple[list[Any], list[int | None]]:
    index, *ops = args
    index_dim, *op_dims = dims
    if index_dim is not None:
        # A batched index: every branch runs on the whole batch and select_n picks each element's result (each
        # branch sees, for the elements it does not pick, its operands under stop_gradient, as in JAX).
        index, *ops = (batching.bdim_at_front(x, d, size) for x, d in zip(args, dims))
        in_batched = [True] * len(branches[0].in_avals)
        out_batched = [True] * len(branches[0].out_avals)
        batched = [batching.batch_jaxpr(b, size, in_batched, out_batched)[0] for b in branches]
        branch_outs: list[list[Any]] = []
        for i, b in enumerate(batched):
            predicate = lax.eq(index, ConstVal(np.array(i, INT32), ShapedArray((), INT32)))
            ops_ = [_bcast_select(predicate, x, lax.stop_gradient(x)) for x in ops]
            branch_outs.append(jx.eval_jaxpr(b.jaxpr, ops_, b.consts))
        return [_bcast_select_n(index, *outs) for outs in zip(*branch_outs)], [0] * len(out_batched)
    ops_bat = [d is not None for d in op_dims]
    ops = [batching.moveaxis(x, d, 0) if d is not None else x for x, d in zip(ops, op_dims)]
    outs_bat = [batching.batch_jaxpr(b, size, ops_bat, False)[1] for b in branches]
    out_bat = [any(bs) for bs in zip(*outs_bat)]
    new_branches = tuple(batching.batch_jaxpr(b, size, ops_bat, out_bat)[0] for b in branches)
    out = cond_p.bind(index, *ops, branches=new_branches, branches_platforms=branches_platforms)
    return list(out), [0 if b else None for b in out_bat]


batching.register_rule(cond_p, _cond_batching_rule)


def _while_batching_rule(size: int, args: Sequence[Any], dims: Sequence[int | None], *, cond_nconsts: int,
                         cond_jaxpr: jx.ClosedJaxpr, body_nconsts: int, body_jaxpr: jx.ClosedJaxpr
                         ) -> tuple[list[Any], list[int | None]]:
    batched = [d is not None for d in dims]
    cconst_bat: list[bool]
    bconst_bat: list[bool]
    init_bat: list[bool]
    cconst_bat, bconst_bat, init_bat = split(batched, cond_nconsts, body_nconsts)
    cconsts, bconsts, init = split(args, cond_nconsts, body_nconsts)
    cconst_dims, bconst_dims, init_dims = split(dims, cond_nconsts, body_nconsts)
    carry_bat = init_bat
    while True:  # a carry is batched if its initial value or the body makes it so (at most len(carry) rounds)
        _, out_bat = batching.batch_jaxpr(body_jaxpr, size, bconst_bat + carry_bat, carry_bat)
        if out_bat == carry_bat:
            break
        carry_bat = [a or b for a, b in zip(carry_bat, out_bat)]
    _, (pred_bat,) = batching.batch_jaxpr(cond_jaxpr, size, cconst_bat + carry_bat, False)
    carry_dims: list[int | None]
    if pred_bat:  # every element runs until its own predicate fails: the whole carry is batched
        carry_dims = [0] * len(carry_bat)
        body_b, _ = batching.batch_jaxpr_axes(body_jaxpr, size, bconst_dims + carry_dims, carry_dims)
        cond_b, _ = batching.batch_jaxpr_axes(cond_jaxpr, size, cconst_dims + carry_dims, [0])
    else:
        rank = len(cond_jaxpr.out_avals[0].shape)
        carry_dims = [rank if b else None for b in carry_bat]
        body_b, _ = batching.batch_jaxpr_axes(body_jaxpr, size, bconst_dims + carry_dims, carry_dims)
        cond_b, _ = batching.batch_jaxpr_axes(cond_jaxpr, size, cconst_dims + carry_dims, [None])
    new_init: list[Any] = []
    for x, old, new in zip(init, init_dims, carry_dims):
        if old is None and new is not None:
            new_init.append(batching.broadcast(x, size, new))
        elif old is None:
            new_init.append(x)
        else:
            assert new is not None
            new_init.append(batching.moveaxis(x, old, new))
    outs = while_p.bind(*cconsts, *bconsts, *new_init, cond_nconsts=cond_nconsts, cond_jaxpr=cond_b,
                        body_nconsts=body_nconsts, body_jaxpr=body_b)
    return list(outs), carry_dims


batching.register_rule(while_p, _while_batching_rule)


def _scan_batching_rule(size: int, args: Sequence[Any], dims: Sequence[int | None], *, reverse: bool, length: int,
                        jaxpr: jx.ClosedJaxpr, num_consts: int, num_carry: int, unroll: int
                        ) -> tuple[list[Any], list[int | None]]:
    num_ys = len(jaxpr.out_avals) - num_carry
    batched = [d is not None for d in dims]
    const_bat: list[bool]
    init_bat: list[bool]
    xs_bat: list[bool]
    const_bat, init_bat, xs_bat = split(batched, num_consts, num_carry)
    carry_bat = init_bat
    while True:  # a carry is batched if its initial value or the body makes it so (at most len(carry) rounds)
        jaxpr_b, out_bat = batching.batch_jaxpr(jaxpr, size, const_bat + carry_bat + xs_bat,
                                                carry_bat + [False] * num_ys)
        carry_out_bat, ys_bat = out_bat[:num_carry], out_bat[num_carry:]
        if carry_out_bat == carry_bat:
            break
        carry_bat = [a or b for a, b in zip(carry_bat, carry_out_bat)]
    consts, init, xs = split(args, num_consts, num_carry)
    c_dims, i_dims, x_dims = split(dims, num_consts, num_carry)
    new_consts = [batching.moveaxis(x, d, 0) if d is not None and d != 0 else x for x, d in zip(consts, c_dims)]
    new_init = [batching.broadcast(x, size, 0) if now and not was else batching.moveaxis(x, d, 0) if now else x
                for x, d, was, now in zip(init, i_dims, init_bat, carry_bat)]
    new_xs = [batching.moveaxis(x, d, 1) if d is not None and d != 1 else x for x, d in zip(xs, x_dims)]
    outs = scan_p.bind(*new_consts, *new_init, *new_xs, reverse=reverse, length=length, jaxpr=jaxpr_b,
                       num_consts=num_consts, num_carry=num_carry, unroll=unroll)
    return list(outs), [0 if b else None for b in carry_bat] + [1 if b else None for b in ys_bat]


batching.register_rule(scan_p, _scan_batching_rule)


def _batching(size: int, args: Sequence[Any], dims: Sequence[int | None], *,
              const_lengths: LinearSolveTuple[int], jaxprs: Jaxprs) -> tuple[list[Any], list[int | None]]:
    orig_bat = [d is not None for d in dims]
    params, b = split_args(args, const_lengths)
    params_dims, b_dims = split_args(dims, const_lengths)
    params_bat, orig_b_bat = split_args(orig_bat, const_lengths)
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
    batched: Jaxprs = LinearSolveTuple(matvec_batched, vecmat_batched, solve_batched, solve_t_batched)
    new_params = [batching.moveaxis(x, d, 0) if d is not None and d != 0 else x
                  for x, d in zip(flatten_params(params), flatten_params(params_dims))]
    new_b = [batching.broadcast(x, size, 0) if now and not was else
             batching.moveaxis(x, d, 0) if now and d is not None and d != 0 else x
             for x, d, was, now in zip(b, b_dims, orig_b_bat, b_bat)]
    outs = linear_solve_p.bind(*new_params, *new_b, const_lengths=const_lengths, jaxprs=batched)
    return list(outs), [0 if bat else None for bat in solve_x_bat]


batching.register_rule(linear_solve_p, _batching)
