"""``while_loop``, ``fori_loop`` and ``scan``: the ``while`` and ``scan`` primitives, their type rules, StableHLO
lowerings (``stablehlo.while``) and batching rules, with JAX 0.10.2's staging (weakly typed initial carries
promoted to the body's output type, carries the body only forwards moved to constants) so that jaxprs print as
JAX prints them.
"""

from __future__ import annotations

import inspect
import operator
from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar

import numpy as np

from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import config
from arraytyping._src.dtypes.promotion import lattice_result
from arraytyping._src.core import jaxpr as jx
from arraytyping._src.lax import lax
from arraytyping._src.xla import lowering as mlow
from arraytyping._src.tree import pytree as tree
from arraytyping._src.core.array import Array
from arraytyping._src.xla.array_impl import device_put
from arraytyping._src.core.avals import HOST_VALUE_TYPES, ShapedArray
from arraytyping._src.lax.control_flow.common import (
    aval_mismatch_extra, capitalize, dce_jaxpr, jaxpr_forwarding, long_str, move_binders_to_front, prune_outputs, split, trace_to_subjaxpr,
)
from arraytyping._src.core.avals import typematch
from arraytyping._src.core.trace import Primitive, Tracer
from arraytyping._src.core.refs import Ref, RefsClosedOver, held, read, rebound, write
from arraytyping._src.core.staging import ConstVal, abstractify
from arraytyping._src.tree.paths import children, equality_errors, keystr, leaf_paths, treedef_str

__all__ = ["while_loop", "fori_loop", "scan", "while_p", "scan_p"]

_T = TypeVar("_T")
_C = TypeVar("_C")

BOOL: Final = np.dtype(bool)
INT32: Final = np.dtype(np.int32)
_LEAF_TREE: Final = tree.flatten(0)[1]


class _MessageAval:
    """An aval as JAX's messages print one: ``float32[3]``, or ``ShapedArray(float32[3], weak_type=True)`` inside a
    container."""

    def __init__(self, aval: ShapedArray) -> None:
        self.aval = aval

    def __str__(self) -> str:
        return long_str(self.aval)

    def __repr__(self) -> str:
        return f"ShapedArray({long_str(self.aval)}{', weak_type=True' if self.aval.weak_type else ''})"


def _convert(x: Any, dtype: np.dtype[Any]) -> Any:
    """``x`` converted to a strongly typed ``dtype``; a host scalar on the host (JAX folds that conversion)."""
    if isinstance(x, HOST_VALUE_TYPES) and not isinstance(x, Array) and not np.shape(x):
        v: np.ndarray[Any, Any] = np.asarray(x)
        if v.dtype.kind == "c" and dtype.kind != "c":
            v = np.real(v)
        with np.errstate(all="ignore"):
            return ConstVal(v.astype(dtype), ShapedArray((), dtype, False))
    return lax.convert_element_type(x, dtype)


def _promote_weak_typed_input(x: Any, in_aval: ShapedArray, out_aval: ShapedArray) -> tuple[Any, bool]:
    """A weakly typed initial carry the body turns into another type starts as that type (JAX's rule)."""
    if in_aval.weak_type and not typematch(in_aval, out_aval):
        name, _ = lattice_result(((in_aval.name, True), (out_aval.name, out_aval.weak_type)), config.lattice_config)
        return _convert(x, registry.INFO[name].dtype), True
    return x, False


def _check_carry_type(name: str, body_fun: Callable[..., Any], in_tree: tree.TreeDef,
                      in_avals: Sequence[ShapedArray], out_tree: tree.TreeDef,
                      out_avals: Sequence[ShapedArray]) -> None:
    """JAX's check that the body returns the carry's structure and types (weak flags aside)."""
    try:
        carry_name: str | None = list(inspect.signature(body_fun).parameters)[0]
    except (ValueError, TypeError, IndexError):
        carry_name = None

    def component(p: Sequence[Any]) -> str:
        if carry_name:
            return f"the input carry component {carry_name}{keystr(p)}" if p else f"the input carry {carry_name}"
        return f"the input carry at path {keystr(p)}" if p else "the input carry"

    if in_tree != out_tree:
        diffs = [f"{component(p)} is a {t1} but the corresponding component of the carry output is a {t2}, so {why}"
                 for p, t1, t2, why in equality_errors(tree.unflatten(in_tree, list(in_avals)),
                                                       tree.unflatten(out_tree, list(out_avals)))]
        if not diffs:
            return
        differences = f"{capitalize(diffs[0])}.\n" if len(diffs) == 1 else (
            "\n".join(f"  * {d};\n" for d in diffs[:-1]) + f"  * {diffs[-1]}.\n")
        raise TypeError(f"{name} function carry input and carry output must have the same pytree structure, but "
                        f"they differ:\n\n{differences}\nRevise the function so that the carry output has the same "
                        "pytree structure as the carry input.")
    if not all(map(typematch, in_avals, out_avals)):
        paths = leaf_paths(tree.unflatten(in_tree, list(in_avals)))
        diffs = [f"{component(p)} has type {long_str(a)} but the corresponding output carry component has type "
                 f"{long_str(b)}{aval_mismatch_extra(a, b)}"
                 for p, a, b in zip(paths, in_avals, out_avals) if not typematch(a, b)]
        differences = f"{capitalize(diffs[0])}.\n" if len(diffs) == 1 else (
            "\n".join(f"  * {d};\n" for d in diffs[:-1]) + f"  * {diffs[-1]}.\n")
        raise TypeError(f"{name} function carry input and carry output must have equal types, but they differ:\n\n"
                        f"{differences}\nRevise the function so that all output types match the corresponding "
                        "input types.")


def _subtrees(td: tree.TreeDef) -> list[tuple[tree.TreeDef, list[int]]] | None:
    """The top-level children of a tuple/list tree: each one's tree and leaf indices (``None`` for a leaf)."""
    skeleton: Any = tree.unflatten(td, list(range(td.num_leaves)))
    top: object = skeleton
    if not isinstance(top, (tuple, list)):
        return None
    out: list[tuple[tree.TreeDef, list[int]]] = []
    for _, child in children(skeleton):
        leaves, child_tree = tree.flatten(child)
        out.append((child_tree, leaves))
    return out


# ---------------------------------------------------------------------------------------------------------------
# while


def _while_abstract_eval(*avals: ShapedArray, cond_nconsts: int, cond_jaxpr: jx.ClosedJaxpr, body_nconsts: int,
                         body_jaxpr: jx.ClosedJaxpr) -> list[ShapedArray]:
    cconsts, bconsts, init = split(avals, cond_nconsts, body_nconsts)
    if len(cond_jaxpr.in_avals) != len(cconsts) + len(init) or len(body_jaxpr.in_avals) != len(bconsts) + len(init):
        raise jx.JaxprTypeError("while_loop called with the wrong number of operands for its jaxprs")
    return list(body_jaxpr.out_avals)


while_p: Final[Primitive] = Primitive("while", _while_abstract_eval, multiple_results=True)


def while_loop(cond_fun: Callable[[_T], Any], body_fun: Callable[[_T], _T], init_val: _T) -> _T:
    """``val = init_val; while cond_fun(val): val = body_fun(val)``, as one ``while`` primitive (a
    ``stablehlo.while``). ``body_fun`` must return the carry's tree with the same types (a weakly typed initial
    value takes the body's type); ``cond_fun`` returns a scalar bool."""
    if not (callable(body_fun) and callable(cond_fun)):
        raise TypeError("lax.while_loop: body_fun and cond_fun arguments should be callable.")
    leaves, in_tree = tree.flatten((init_val,))
    init_tree = tree.flatten(init_val)[1]
    init_avals = [abstractify(x) for x in leaves]

    def create(avals: list[ShapedArray]) -> tuple[Any, ...]:
        cj, cconsts, ctree = trace_to_subjaxpr(cond_fun, in_tree, avals, "while_loop's cond_fun")
        bj, bconsts, btree = trace_to_subjaxpr(body_fun, in_tree, avals, "while_loop's body_fun")
        if ctree != _LEAF_TREE or len(cj.out_avals) != 1:
            raise TypeError(f"cond_fun must return a boolean scalar, but got pytree {treedef_str(ctree)}.")
        pred = cj.out_avals[0]
        if pred.shape or pred.dtype != BOOL:
            raise TypeError("cond_fun must return a boolean scalar, but got output type(s) "
                            f"{[_MessageAval(a) for a in cj.out_avals]}.")
        return cj, cconsts, bj, bconsts, btree

    cj, cconsts, bj, bconsts, btree = create(init_avals)
    body_out = bj.out_avals
    if len(body_out) != len(init_avals):
        _check_carry_type("while_loop body", body_fun, init_tree, init_avals, btree, body_out)
    promoted = [_promote_weak_typed_input(x, a, b) for x, a, b in zip(leaves, init_avals, body_out)]
    if any(changed for _, changed in promoted):
        leaves = [x for x, _ in promoted]
        init_avals = [abstractify(x) for x in leaves]
        cj, cconsts, bj, bconsts, btree = create(init_avals)
    _check_carry_type("while_loop body", body_fun, init_tree, init_avals, btree, bj.out_avals)

    # A carry the body only forwards, and the condition does not read, becomes a constant of the body.
    body_fwd = jaxpr_forwarding(bj.jaxpr)
    carry_nofwd = [len(bconsts) + i != f for i, f in enumerate(body_fwd)]
    cond_dced, keep_cond = dce_jaxpr(cj.jaxpr, [True], [True] * len(cconsts) + carry_nofwd)
    move = [not k for k in keep_cond[len(cconsts):]]
    init_vals = list(leaves)
    new_bconsts: list[Any] = []
    if any(move):
        cj = jx.ClosedJaxpr(cond_dced)
        bj = move_binders_to_front(prune_outputs(bj, [not m for m in move]), [False] * len(bconsts) + move)
        new_bconsts = [x for x, m in zip(init_vals, move) if m]
        init_vals = [x for x, m in zip(init_vals, move) if not m]
        bconsts = [*new_bconsts, *bconsts]
    outs = while_p.bind(*cconsts, *bconsts, *init_vals, cond_nconsts=len(cconsts), cond_jaxpr=cj,
                        body_nconsts=len(bconsts), body_jaxpr=bj)
    if any(move):
        it_out, it_const = iter(outs), iter(new_bconsts)
        outs = [next(it_const) if m else next(it_out) for m in move]
    result: _T = tree.unflatten(btree, list(outs))
    return result


def _while_lowering(ctx: mlow.LoweringContext, *args: Any, cond_nconsts: int, cond_jaxpr: jx.ClosedJaxpr,
                    body_nconsts: int, body_jaxpr: jx.ClosedJaxpr) -> list[Any]:
    m, hlo = ctx.m, ctx.hlo
    pred_aval = cond_jaxpr.out_avals[0]
    batched = bool(pred_aval.shape)  # a batched predicate (vmap): loop while any element is true
    types = [m.tensor(a) for a in ctx.avals_in]
    op = hlo.WhileOp(types, list(args))
    cond_block = op.regions[0].blocks.append(*types)
    with m.ir.InsertionPoint(cond_block):
        x, _, z = split(list(cond_block.arguments), cond_nconsts, body_nconsts)
        (pred,) = mlow.closed_jaxpr_subcomp(m, cond_jaxpr, [*x, *z])
        if batched:
            pred = _reduce_or(ctx, pred, pred_aval)
        hlo.return_([pred])
    body_block = op.regions[1].blocks.append(*types)
    with m.ir.InsertionPoint(body_block):
        x, y, z = split(list(body_block.arguments), cond_nconsts, body_nconsts)
        new_z = mlow.closed_jaxpr_subcomp(m, body_jaxpr, [*y, *z])
        if batched:  # elements whose predicate is false keep their carry
            (body_pred,) = mlow.closed_jaxpr_subcomp(m, cond_jaxpr, [*x, *z])
            new_z = [_pred_select(ctx, pred_aval, body_pred, new, old, a)
                     for new, old, a in zip(new_z, z, body_jaxpr.out_avals)]
        hlo.return_([*x, *y, *new_z])
    return list(op.results)[cond_nconsts + body_nconsts:]


def _reduce_or(ctx: mlow.LoweringContext, pred: Any, aval: ShapedArray) -> Any:
    m, hlo = ctx.m, ctx.hlo
    scalar = aval.update(shape=())
    red = hlo.ReduceOp([m.tensor(scalar)], [pred], [mlow.constant(m, False, scalar)], m.i64s(range(len(aval.shape))))
    st = m.tensor(scalar)
    block = red.regions[0].blocks.append(st, st)
    with m.ir.InsertionPoint(block):
        hlo.return_([hlo.or_(*block.arguments)])
    return red.result


def _pred_select(ctx: mlow.LoweringContext, pred_aval: ShapedArray, pred: Any, new: Any, old: Any,
                 aval: ShapedArray) -> Any:
    m = ctx.m
    bcast = ctx.hlo.broadcast_in_dim(m.tensor(aval.update(dtype=BOOL, weak_type=False)), pred,
                                     m.i64s(range(len(pred_aval.shape))))
    return ctx.hlo.select(bcast, new, old)


mlow.RULES[while_p] = _while_lowering


# ---------------------------------------------------------------------------------------------------------------
# fori_loop


def _fori_cond_fun(loop_carry: tuple[Any, Any, Any]) -> Any:
    i, upper, _ = loop_carry
    return lax.lt(i, upper)


def _is_concrete(x: Any) -> bool:
    return not isinstance(x, Tracer)


def fori_loop(lower: Any, upper: Any, body_fun: Callable[[Any, _T], _T], init_val: _T, *,
              unroll: int | bool | None = None) -> _T:
    """``val = init_val; for i in range(lower, upper): val = body_fun(i, val)``. With concrete bounds it is a
    ``scan`` of ``upper - lower`` steps (``unroll`` allowed); with traced bounds a ``while_loop``."""
    if not callable(body_fun):
        raise TypeError("lax.fori_loop: body_fun argument should be callable.")
    la, ua = abstractify(lower), abstractify(upper)
    if la.dtype == ua.dtype:
        dtype = la.dtype
    else:
        found = None
        if la.dtype.kind == "i" and ua.dtype.kind == "i":
            if la.weak_type and not ua.weak_type:
                found = ua.dtype
            elif ua.weak_type and not la.weak_type:
                found = la.dtype
        if found is None:
            raise TypeError("lower and upper arguments to fori_loop must have equal types, got "
                            f"{la.name} and {ua.name}")
        dtype = found
    use_scan = _is_concrete(lower) and _is_concrete(upper)
    if use_scan:
        try:
            lo, hi = operator.index(lower), operator.index(upper)
        except TypeError:
            lo, hi = int(lower), int(upper)

        def scanned_fun(loop_carry: tuple[Any, Any], _: None) -> tuple[tuple[Any, Any], None]:
            i, x = loop_carry
            return (i + 1, body_fun(i, x)), None

        (_, result), _ = scan(scanned_fun, (lo, init_val), None, length=max(hi - lo, 0),
                              unroll=False if unroll is None else unroll)
        out: _T = result
        return out
    if unroll is not None and unroll is not False and unroll != 1:
        raise ValueError("Can only use `unroll` in `fori_loop` if the loop bounds are statically known.")
    if la.dtype != dtype:
        lower = _convert(lower, dtype)
    if ua.dtype != dtype:
        upper = _convert(upper, dtype)

    def while_body_fun(loop_carry: tuple[Any, Any, Any]) -> tuple[Any, Any, Any]:
        i, hi_, x = loop_carry
        a = abstractify(i)  # JAX's ``lax._const(i, 1)``: weakly typed when ``i`` is a weakly typed scalar
        one = ConstVal(np.array(1, a.dtype), ShapedArray((), a.dtype, a.weak_type and not a.shape))
        return lax.add(i, one), hi_, body_fun(i, x)

    _, _, result = while_loop(_fori_cond_fun, while_body_fun, (lower, upper, init_val))
    out2: _T = result
    return out2


# ---------------------------------------------------------------------------------------------------------------
# scan


def _scan_abstract_eval(*avals: ShapedArray, reverse: bool, length: int, jaxpr: jx.ClosedJaxpr, num_consts: int,
                        num_carry: int, unroll: int) -> list[ShapedArray]:
    if len(avals) != len(jaxpr.in_avals):
        raise jx.JaxprTypeError(f"scan number of arguments doesn't match the number of jaxpr arguments: "
                                f"{len(avals)} vs {len(jaxpr.in_avals)}")
    carry_out, ys = split(jaxpr.out_avals, num_carry)
    return [*carry_out, *(a.update(shape=(length, *a.shape)) for a in ys)]


scan_p: Final[Primitive] = Primitive("scan", _scan_abstract_eval, multiple_results=True)


def _infer_scan_length(xs: Sequence[Any], avals: Sequence[ShapedArray], length: Any) -> int:
    if any(not isinstance(x, (Array, np.ndarray, np.generic)) for x in xs):
        raise ValueError("scan got value with no leading axis to scan over: "
                         f"{', '.join(str(x) for x in xs if not isinstance(x, (Array, np.ndarray, np.generic)))}.")
    lengths = [a.shape[0] for a in avals]  # an IndexError for a rank-0 array, as in JAX
    if length is not None:
        try:
            n = operator.index(length)
        except TypeError:
            n = int(length)
        if not all(n == k for k in lengths):
            raise ValueError(f"scan got `length` argument of {n} which disagrees with leading axis sizes {lengths}.")
        return n
    unique = set(lengths)
    if len(unique) > 1:
        raise ValueError(f"scan got values with different leading axis sizes: {', '.join(map(str, lengths))}.")
    if not unique:
        raise ValueError("scan got no values to scan over and `length` not provided.")
    return lengths[0]


def _maybe_put(x: Any) -> Any:
    return device_put(x) if isinstance(x, np.ndarray) else x


def scan(f: Callable[[_C, Any], tuple[_C, Any]], init: _C, xs: Any = None, length: int | None = None,
         reverse: bool = False, unroll: int | bool = 1, _split_transpose: bool = False) -> tuple[_C, Any]:
    """``carry = init; for x in xs: carry, y = f(carry, x)``, returning the final carry and the ``y`` stacked
    along a new leading axis, as one ``scan`` primitive. ``xs`` is a tree of arrays with one leading length
    (``None`` with ``length``); ``reverse`` scans from the end; ``unroll`` steps run per loop iteration (``True``:
    all of them).

    Typed as keeping the carry's type; the stacked ``ys`` are ``Any``, since each of ``f``'s outputs gains the
    leading axis, which ``f``'s own annotation cannot say (its shape would be wrong)."""
    if not callable(f):
        raise TypeError("lax.scan: f argument should be callable.")
    closure: list[Ref] = []
    while True:
        try:
            if not closure:
                return _scan(f, init, xs, length, reverse, unroll)
            return _scan_with_refs(closure, f, init, xs, length, reverse, unroll)
        except RefsClosedOver as e:
            closure += [r for r in e.refs if all(r is not k for k in closure)]


def _scan_with_refs(closure: list[Ref], f: Callable[[_C, Any], tuple[_C, Any]], init: _C, xs: Any,
                    length: int | None, reverse: bool, unroll: int | bool) -> tuple[_C, Any]:
    """``scan`` of a body that reads or writes references of enclosing scopes: their values are carried (JAX's
    discharge of the body's state)."""
    refs = list(closure)

    def body(carry: tuple[_C, list[Any]], x: Any) -> tuple[tuple[_C, list[Any]], Any]:
        c, values = carry
        with rebound(refs, values):
            c, y = f(c, x)
            finals = [held(r) for r in refs]
        return (c, finals), y

    (carry, finals), ys = _scan(body, (init, [read(r) for r in refs]), xs, length, reverse, unroll)
    for r, v in zip(refs, finals):
        write(r, v)
    return carry, ys


def _scan(f: Callable[[_C, Any], tuple[_C, Any]], init: _C, xs: Any, length: int | None, reverse: bool,
          unroll: int | bool) -> tuple[_C, Any]:
    init_leaves, init_tree = tree.flatten(init)
    xs_leaves, xs_tree = tree.flatten(xs)
    init_avals = [abstractify(x) for x in init_leaves]
    xs_avals = [abstractify(x) for x in xs_leaves]
    n = _infer_scan_length(xs_leaves, xs_avals, length)
    x_avals = [a.update(shape=a.shape[1:]) for a in xs_avals]

    def create(carry_avals: list[ShapedArray]) -> tuple[jx.ClosedJaxpr, list[Any], tree.TreeDef, tree.TreeDef]:
        _, in_tree = tree.flatten((tree.unflatten(init_tree, carry_avals), tree.unflatten(xs_tree, x_avals)))
        j, consts, out_tree = trace_to_subjaxpr(f, in_tree, [*carry_avals, *x_avals], "scan's f")
        parts = _subtrees(out_tree)
        if parts is None or len(parts) != 2:
            shown = tree.unflatten(out_tree, [_MessageAval(a) for a in j.out_avals])
            raise TypeError(f"scan body output must be a pair, got {shown}.")
        return j, consts, parts[0][0], parts[1][0]

    j, consts, carry_tree, ys_tree = create(init_avals)
    num_carry = carry_tree.num_leaves
    carry_out = j.out_avals[:num_carry]
    if num_carry != len(init_avals):
        _check_carry_type("scan body", f, init_tree, init_avals, carry_tree, carry_out)
    promoted = [_promote_weak_typed_input(x, a, b) for x, a, b in zip(init_leaves, init_avals, carry_out)]
    if any(changed for _, changed in promoted):
        init_leaves = [x for x, _ in promoted]
        init_avals = [abstractify(x) for x in init_leaves]
        j, consts, carry_tree, ys_tree = create(init_avals)
        carry_out = j.out_avals[:num_carry]
    _check_carry_type("scan body", f, init_tree, init_avals, carry_tree, carry_out)
    if isinstance(unroll, Tracer):
        raise TypeError("The `unroll` argument to `scan` expects a concrete `int` or `bool` value.")
    steps = (max(n, 1) if unroll else 1) if isinstance(unroll, (bool, np.bool_)) else operator.index(unroll)
    if steps < 0:
        raise ValueError("`unroll` must be a `bool` or a non-negative `int`.")

    args = [*init_leaves, *xs_leaves]
    num_xs, num_ys = len(xs_leaves), len(j.out_avals) - num_carry
    fwd = jaxpr_forwarding(j.jaxpr)
    carry_fwd, ext_fwd = fwd[:num_carry], fwd[num_carry:]
    move = [len(consts) + i == f_ for i, f_ in enumerate(carry_fwd)]
    new_consts: list[Any] = []
    if any(move):  # a carry the body only forwards is a constant
        j = prune_outputs(j, [not mv for mv in move] + [True] * num_ys)
        j = move_binders_to_front(j, [False] * len(consts) + move + [False] * num_xs)
        new_consts = [x for x, mv in zip(args, move + [False] * num_xs) if mv]
        args = [x for x, mv in zip(args, move + [False] * num_xs) if not mv]
        consts = [*new_consts, *consts]
        num_carry -= len(new_consts)
    # an output that is an input slice is that input, not a copy
    ext_to_ext = [i - len(consts) if i is not None and i >= num_carry + len(consts) else None for i in ext_fwd]
    j = prune_outputs(j, [True] * num_carry + [i is None for i in ext_to_ext])
    out = scan_p.bind(*consts, *args, reverse=reverse, length=n, jaxpr=j, num_consts=len(consts),
                      num_carry=num_carry, unroll=steps)
    carry_vals, ys_vals = list(out[:num_carry]), iter(out[num_carry:])
    ys = [next(ys_vals) if i is None else _maybe_put(args[i]) for i in ext_to_ext]
    if any(move):
        it_c, it_k = iter(carry_vals), iter(new_consts)
        carry_vals = [next(it_k) if mv else next(it_c) for mv in move]
    result: tuple[_C, Any] = (tree.unflatten(carry_tree, carry_vals), tree.unflatten(ys_tree, ys))
    return result


def _scan_lowering(ctx: mlow.LoweringContext, *args: Any, reverse: bool, length: int, jaxpr: jx.ClosedJaxpr,
                   num_consts: int, num_carry: int, unroll: int) -> list[Any]:
    m, hlo, ir = ctx.m, ctx.hlo, ctx.m.ir
    consts, carry, xs = split(args, num_consts, num_carry)
    x_avals = ctx.avals_in[num_consts + num_carry:]
    y_avals = jaxpr.out_avals[num_carry:]
    ys_avals = ctx.avals_out[num_carry:]
    i32 = ShapedArray((), INT32)

    def index_const(k: int) -> Any:
        return mlow.constant(m, k, i32)

    def step(k: Any, consts: list[Any], xs: list[Any], carry: list[Any], ys: list[Any]
             ) -> tuple[list[Any], list[Any]]:
        """One step at index ``k`` (an i32 scalar value): slice each x, run the body, store each y."""
        zero = index_const(0)
        x_k: list[Any] = []
        for x, a in zip(xs, x_avals):
            sl = hlo.dynamic_slice(x, [k] + [zero] * (len(a.shape) - 1), m.i64s((1, *a.shape[1:])))
            x_k.append(hlo.reshape(m.tensor(a.update(shape=a.shape[1:])), sl))
        outs = mlow.closed_jaxpr_subcomp(m, jaxpr, [*consts, *carry, *x_k])
        new_carry, y_k = outs[:num_carry], outs[num_carry:]
        new_ys: list[Any] = []
        for acc, y, a in zip(ys, y_k, y_avals):
            upd = hlo.reshape(m.tensor(a.update(shape=(1, *a.shape))), y)
            new_ys.append(hlo.dynamic_update_slice(acc, upd, [k] + [zero] * len(a.shape)))
        return new_carry, new_ys

    ys = [hlo.broadcast_in_dim(m.tensor(a), mlow.constant(m, 0, a.update(shape=())), m.i64s(()))
          for a in ys_avals]  # the stacked outputs, filled step by step
    trips, rem = (0, length) if unroll == 0 else divmod(length, unroll)
    if unroll != 1 and trips == 1 and rem == 0:  # fully unrolled
        trips, rem = 0, length
    u = max(unroll, 1)
    loop_start = rem if reverse else 0  # the loop covers [rem, length) in reverse, [0, trips * u) forward
    if trips:
        nc, nx = len(consts), len(xs)
        state = [index_const(0), *consts, *carry, *xs, *ys]
        types = [v.type for v in state]
        op = hlo.WhileOp(types, state)
        cond_block = op.regions[0].blocks.append(*types)
        with ir.InsertionPoint(cond_block):
            i = cond_block.arguments[0]
            hlo.return_([mlow.compare(ctx, i, index_const(trips), i32, "LT")])
        body_block = op.regions[1].blocks.append(*types)
        with ir.InsertionPoint(body_block):
            i, *rest = body_block.arguments
            b_consts, b_carry, b_xs, b_ys = split(rest, nc, num_carry, nx)
            trip = hlo.subtract(index_const(trips - 1), i) if reverse else i
            base = trip if u == 1 else hlo.multiply(trip, index_const(u))
            if loop_start:
                base = hlo.add(base, index_const(loop_start))
            for s in range(u):
                offset = u - 1 - s if reverse else s
                k = hlo.add(base, index_const(offset)) if offset else base
                b_carry, b_ys = step(k, b_consts, b_xs, b_carry, b_ys)
            hlo.return_([hlo.add(i, index_const(1)), *b_consts, *b_carry, *b_xs, *b_ys])
        results = list(op.results)
        _, carry, _, ys = split(results[1:], nc, num_carry, nx)
    rem_indices = range(rem - 1, -1, -1) if reverse else range(trips * u, length)
    for k in rem_indices:
        carry, ys = step(index_const(k), consts, xs, carry, ys)
    return [*carry, *ys]


mlow.RULES[scan_p] = _scan_lowering
