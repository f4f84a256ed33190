"""``cond`` and ``switch``: the ``cond`` primitive (one branch of several, chosen by an int32 index), its type
rule, StableHLO lowering (``stablehlo.case``) and batching rule (a batched index turns into ``select_n``).

As in JAX 0.10.2, a concrete predicate does not short-circuit: both branches are staged and the ``cond`` runs
(compiled) even outside ``jit``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, TypeAlias, TypeVar

import numpy as np

from arraytyping._src.core import jaxpr as jx
from arraytyping._src.lax import lax
from arraytyping._src.xla import lowering as mlow
from arraytyping._src.tree import pytree as tree
from arraytyping._src.core.array import Array
from arraytyping._src.core.avals import HOST_VALUE_TYPES, ShapedArray
from arraytyping._src.lax.control_flow.common import (
    aval_mismatch_extra, capitalize, fun_sourceinfo, jaxpr_forwarding, long_str, merge_common_consts, prune_outputs, trace_to_subjaxpr,
)
from arraytyping._src.core.avals import typematch
from arraytyping._src.core.trace import Primitive
from arraytyping._src.core.staging import ConstVal, abstractify
from arraytyping._src.tree.paths import keystr, leaf_paths, treedef_equality_errors

__all__ = ["cond", "switch", "cond_p"]

_T = TypeVar("_T")

INT32: Final = np.dtype(np.int32)

Platforms: TypeAlias = "tuple[tuple[str, ...] | None, ...] | None"
"""``cond``'s ``branches_platforms``: ``None`` for a ``cond`` or ``switch`` (not printed); for a
``platform_dependent`` choice, the platforms of each branch, ``None`` for the default one (JAX's)."""


def _cond_abstract_eval(index: ShapedArray, *ops: ShapedArray, branches: tuple[jx.ClosedJaxpr, ...],
                        branches_platforms: Platforms = None) -> list[ShapedArray]:
    if not branches:
        raise jx.JaxprTypeError("cond requires at least one branch")
    b0 = branches[0]
    for i, b in enumerate(branches[1:], 1):
        if len(b.in_avals) != len(b0.in_avals) or len(b.out_avals) != len(b0.out_avals) or not all(
                map(typematch, b.in_avals, b0.in_avals)) or not all(map(typematch, b.out_avals, b0.out_avals)):
            raise jx.JaxprTypeError(f"cond branches 0 and {i} have mismatching types")
    if len(ops) != len(b0.in_avals):
        raise jx.JaxprTypeError(f"cond called with {len(ops)} non-predicate operands, but branches take "
                                f"{len(b0.in_avals)} inputs")
    if index.dtype != INT32 or index.shape:
        raise jx.JaxprTypeError(f"cond called with index of type {index.dtype} instead of int32")
    if not all(map(typematch, b0.in_avals, ops)):
        raise jx.JaxprTypeError("cond branches take input types "
                                f"{' '.join(a.str_short() for a in b0.in_avals)}, called with operands of type "
                                f"{' '.join(a.str_short() for a in ops)}")
    return list(b0.out_avals)


cond_p: Final[Primitive] = Primitive("cond", _cond_abstract_eval, multiple_results=True,
                   hidden_if_empty=frozenset({"branches_platforms"}))


class _NoOperand:
    def __repr__(self) -> str:
        return "<no operand>"


_NO_OPERAND: Final = _NoOperand()


def _is_host_scalar(x: Any) -> bool:
    return isinstance(x, HOST_VALUE_TYPES) and not isinstance(x, Array)


def _to_int32(x: Any) -> Any:
    """``x`` as an int32 scalar: host values are converted on the host (JAX folds that conversion, so the index
    is a literal), arrays and tracers with a ``convert_element_type``."""
    if _is_host_scalar(x):
        a = abstractify(x)
        with np.errstate(all="ignore"):
            return ConstVal(np.asarray(x).astype(INT32), ShapedArray((), INT32, False)) if a.dtype != INT32 or \
                a.weak_type else x
    return lax.convert_element_type(x, INT32)


def check_branch_outputs(api: str, name1: str, name2: str, f1: Callable[..., Any], f2: Callable[..., Any],
                          tree1: tree.TreeDef, avals1: Sequence[ShapedArray], tree2: tree.TreeDef,
                          avals2: Sequence[ShapedArray]) -> None:
    """JAX's checks that two branches return the same structure of the same types (weak flags aside)."""
    if tree1 == tree2 and all(map(typematch, avals1, avals2)):
        return
    info1, info2 = fun_sourceinfo(f1), fun_sourceinfo(f2)
    paths = leaf_paths(tree.unflatten(tree1, list(avals1)))

    def component(p: Sequence[Any]) -> str:
        return f" at path {keystr(p)}" if p else ""

    if tree1 != tree2:
        diffs = [f"{name1} output{component(p)} is a {t1} but {name2} output{component(p)} is a {t2}, so {why}"
                 for p, t1, t2, why in treedef_equality_errors(tree1, tree2)]
        if not diffs:
            return
        differences = f"{diffs[0]}.\n" if len(diffs) == 1 else (
            "\n".join(f"  * {d};\n" for d in diffs[:-1]) + f"  * {diffs[-1]}.\n")
        raise TypeError(f"{api} branch outputs must have the same pytree structure, but they differ:\n\n"
                        f"{name1} is {info1}\n{name2} is {info2}\n\n{differences}\n"
                        f"Revise {name1} and/or {name2} so that they have the same pytree structure.")
    if not all(map(typematch, avals1, avals2)):
        diffs = [f"the output of {name1}{component(p)} has type {long_str(a1)} but the corresponding output of "
                 f"{name2} has type {long_str(a2)}{aval_mismatch_extra(a1, a2)}"
                 for p, a1, a2 in zip(paths, avals1, avals2) if not typematch(a1, a2)]
        differences = f"{capitalize(diffs[0])}.\n" if len(diffs) == 1 else (
            "\n".join(f"  * {d};" for d in diffs[:-1]) + f"\n  * {diffs[-1]}.\n")
        raise TypeError(f"{api} branches must have equal output types but they differ.\n\n"
                        f"{name1} is {info1}\n{name2} is {info2}\n\n{differences}\n"
                        f"Revise {name1} and/or {name2} so that all output types match.")


def bind_cond(index: Any, branches: Sequence[jx.ClosedJaxpr], consts: list[Any], args: list[Any],
              fwds: list[int | None], branches_platforms: Platforms = None) -> list[Any]:
    """Bind ``cond`` to the branches without their forwarded outputs, then put the forwarded inputs back."""
    keep = [f is None for f in fwds]
    pruned = tuple(prune_outputs(b, keep) for b in branches)
    outs = iter(cond_p.bind(index, *consts, *args, branches=pruned, branches_platforms=branches_platforms))
    inputs = [*consts, *args]
    return [next(outs) if f is None else lax.asarray(inputs[f]) for f in fwds]  # forwarded operands as arrays


def cond(pred: Any, true_fun: Callable[..., _T], false_fun: Callable[..., _T], *operands: Any,
         operand: Any = _NO_OPERAND) -> _T:
    """``true_fun(*operands)`` if ``pred`` else ``false_fun(*operands)``, as one ``cond`` primitive: both
    branches are staged (they must return the same tree of the same types), only the chosen one runs. ``pred``
    is a scalar bool or number (nonzero is true). Under ``vmap`` with a batched ``pred`` both branches run and a
    ``select_n`` picks the results (as in JAX)."""
    if not (callable(true_fun) and callable(false_fun)):
        if callable(false_fun) and len(operands) == 2 and callable(operands[1]):  # the old 5-argument form
            x_true: Any = true_fun
            f_true: Callable[[Any], _T] = false_fun
            x_false: Any = operands[0]
            f_false: Callable[[Any], _T] = operands[1]

            def on_true(x: Any, _: Any) -> _T:
                return f_true(x)

            def on_false(_: Any, x: Any) -> _T:
                return f_false(x)
            return cond(pred, on_true, on_false, x_true, x_false)
        raise TypeError("lax.cond: true_fun and false_fun arguments should be callable.")
    if operand is not _NO_OPERAND:
        if operands:
            raise TypeError("if 'operand' keyword is passed then no positional operands can be passed, got "
                            f"operand={operand!r} and positional operands {operands!r}")
        operands = (operand,)
    if pred is None:
        raise TypeError("cond predicate is None")
    obj: object = pred
    pred_type: type[Any] = type(obj)
    if issubclass(pred_type, (list, tuple, str)):
        raise TypeError(f"Pred must be a scalar, got {pred} of type {pred_type}")
    try:
        pred_aval = abstractify(pred)
    except TypeError:
        raise TypeError(f"Pred type must be either boolean or number, got {pred}.") from None
    if pred_aval.shape:
        raise TypeError(f"Pred must be a scalar, got {pred} of shape {pred_aval.shape}.")
    kind = pred_aval.dtype.kind
    if kind != "b":
        if kind not in "iuf":
            raise TypeError(f"Pred type must be either boolean or number, got {pred_aval.name}.")
        pred = pred != 0

    leaves, in_tree = tree.flatten(tuple(operands))
    avals = [abstractify(x) for x in leaves]
    true_j, true_consts, true_tree = trace_to_subjaxpr(true_fun, in_tree, avals, "cond's true_fun")
    false_j, false_consts, false_tree = trace_to_subjaxpr(false_fun, in_tree, avals, "cond's false_fun")
    (true_j, false_j), consts = merge_common_consts((true_j, false_j), (true_consts, false_consts))
    check_branch_outputs("cond", "true_fun", "false_fun", true_fun, false_fun, true_tree, true_j.out_avals,
                          false_tree, false_j.out_avals)
    t_fwd, f_fwd = jaxpr_forwarding(true_j.jaxpr), jaxpr_forwarding(false_j.jaxpr)
    fwds = [i if i == j else None for i, j in zip(t_fwd, f_fwd)]
    outs = bind_cond(_to_int32(pred), (false_j, true_j), consts, leaves, fwds)
    result: _T = tree.unflatten(true_tree, outs)
    return result


def switch(index: Any, branches: Sequence[Callable[..., _T]], *operands: Any, operand: Any = _NO_OPERAND) -> _T:
    """``branches[index](*operands)`` as one ``cond`` primitive, ``index`` clamped to the valid range. Every
    branch is staged (all must return the same tree of the same types); only the chosen one runs."""
    if not all(callable(b) for b in branches):
        raise TypeError("lax.switch: branches argument should be a sequence of callables.")
    if operand is not _NO_OPERAND:
        if operands:
            raise TypeError("if 'operand' keyword is passed then no positional operands can be passed, got "
                            f"operand={operand!r} and positional operands {operands!r}")
        operands = (operand,)
    try:
        index_aval = abstractify(index)
    except TypeError:
        raise TypeError(f"Index type must be an integer, got {index}.") from None
    if index_aval.shape:
        raise TypeError(f"Branch index must be scalar, got {index} of shape {index_aval.shape}.")
    if index_aval.dtype.kind not in "iu":
        raise TypeError(f"Index type must be an integer, got {index} as {index_aval.dtype}")
    fns = tuple(branches)
    if not fns:
        raise ValueError("Empty branch sequence")
    if len(fns) == 1:
        return fns[0](*operands)
    idx = _to_int32(index)
    idx = lax.clamp(ConstVal(np.array(0, INT32), ShapedArray((), INT32)), idx,
                    ConstVal(np.array(len(fns) - 1, INT32), ShapedArray((), INT32)))

    leaves, in_tree = tree.flatten(tuple(operands))
    avals = [abstractify(x) for x in leaves]
    traced = [trace_to_subjaxpr(b, in_tree, avals, f"switch's branch {i}") for i, b in enumerate(fns)]
    jaxprs, consts = merge_common_consts([t[0] for t in traced], [t[1] for t in traced])
    for i in range(1, len(fns)):
        check_branch_outputs("switch", "branch 0", f"branch{i}", fns[0], fns[i], traced[0][2],
                              jaxprs[0].out_avals, traced[i][2], jaxprs[i].out_avals)
    all_fwds = [jaxpr_forwarding(j.jaxpr) for j in jaxprs]
    fwds = [f[0] if len(set(f)) == 1 else None for f in zip(*all_fwds)]
    outs = bind_cond(idx, jaxprs, consts, leaves, fwds)
    result: _T = tree.unflatten(traced[0][2], outs)
    return result


# ---------------------------------------------------------------------------------------------------------------
# Lowering: stablehlo.case, whose regions read the operands from the enclosing scope


def _cond_lowering(ctx: mlow.LoweringContext, index: Any, *args: Any, branches: tuple[jx.ClosedJaxpr, ...],
                   branches_platforms: Platforms = None) -> list[Any]:
    m = ctx.m
    out_types = [m.tensor(a) for a in ctx.avals_out]
    case = ctx.hlo.CaseOp(out_types, index, len(branches))
    for i, branch in enumerate(branches):
        block = case.regions[i].blocks.append()
        with m.ir.InsertionPoint(block):
            ctx.hlo.return_(mlow.closed_jaxpr_subcomp(m, branch, list(args)))
    return list(case.results)


mlow.RULES[cond_p] = _cond_lowering
