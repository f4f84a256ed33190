"""``custom_vmap`` and ``sequential_vmap`` (JAX's ``jax.custom_batching``): a function with its own batching rule,
used wherever ``vmap`` batches it (directly, or a jitted function that calls it). Outside ``vmap`` the function
itself runs. A call is one ``custom_vmap_call`` equation when traced: its parameters hold the function's jaxpr
(``call``, which the equation computes and lowers to) and the rule, which the equation's batching rule calls."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, Generic, TypeVar, cast

from typing_extensions import ParamSpec

from arraytyping._src.core import jaxpr as jx
from arraytyping._src.core.avals import ShapedArray, typematch
from arraytyping._src.core.staging import abstractify, trace_to_jaxpr
from arraytyping._src.core.trace import Primitive, Tracer, find_top_trace
from arraytyping._src.interpreters.autodiff import ad
from arraytyping._src.interpreters.batching import batching
from arraytyping._src.lax.api.mapping import map as lax_map
from arraytyping._src.numpy.conversion import asarray
from arraytyping._src.tree import pytree as tree
from arraytyping._src.xla import lowering as mlow
from arraytyping._src.xla.jit_call import fun_name

__all__ = ["custom_vmap", "custom_vmap_call_p", "sequential_vmap"]

_P = ParamSpec("_P")
_R = TypeVar("_R")


class _Rule:
    """The user's rule as the equation holds it, printed as its function."""

    __slots__ = ("fun", "in_tree", "out_tree")

    def __init__(self, fun: Callable[..., Any], in_tree: tree.TreeDef, out_tree: tree.TreeDef) -> None:
        self.fun = fun
        self.in_tree = in_tree
        self.out_tree = out_tree

    def __repr__(self) -> str:
        return f"<function {fun_name(self.fun)}>"


def _abstract_eval(*args: ShapedArray, call: jx.ClosedJaxpr, rule: _Rule) -> list[ShapedArray]:
    if len(args) != len(call.in_avals) or not all(map(typematch, call.in_avals, args)):
        raise jx.JaxprTypeError("custom_vmap_call called with operands of other types than its function's")
    return list(call.out_avals)


def _printed(eqn: jx.JaxprEqn) -> dict[str, Any]:
    rule: _Rule = eqn.params["rule"]
    return {"in_tree": rule.in_tree, "out_tree": rule.out_tree}


custom_vmap_call_p: Final[Primitive] = Primitive("custom_vmap_call", _abstract_eval, multiple_results=True,
                                                 printed_params=_printed)
"""A call of a :class:`custom_vmap` function: parameters ``call`` (its closed jaxpr) and ``rule`` (its batching
rule with the argument and result trees)."""


def _lowering(ctx: mlow.LoweringContext, *args: Any, call: jx.ClosedJaxpr, **_: Any) -> list[Any]:
    return mlow.closed_jaxpr_subcomp(ctx.m, call, list(args))


mlow.RULES[custom_vmap_call_p] = _lowering


def _batching_rule(size: int, args: Sequence[Any], dims: Sequence[int | None], *, call: jx.ClosedJaxpr,
                   rule: _Rule) -> tuple[list[Any], list[int | None]]:
    moved = [x if d is None else batching.moveaxis(x, d, 0) for x, d in zip(args, dims)]
    in_args = tree.unflatten(rule.in_tree, moved)
    in_batched = tree.unflatten(rule.in_tree, [d is not None for d in dims])
    out, out_batched = rule.fun(size, list(in_batched), *in_args)
    outs, out_tree = tree.flatten(out)
    if out_tree != rule.out_tree:
        raise TypeError(f"custom_vmap rule {fun_name(rule.fun)} returned an output of structure {out_tree}, but the "
                        f"function returns {rule.out_tree}")
    def flag(_: Any, b: Any) -> bool:
        return bool(b)

    flags: list[bool] = tree.leaves(tree.tree_map(flag, out, out_batched))  # a bool broadcast over a subtree
    result: list[Any] = []
    for x, b, want in zip(outs, flags, call.out_avals):
        shape = abstractify(x).shape
        expect = (size, *want.shape) if b else want.shape
        if shape != expect:
            raise ValueError(f"custom_vmap rule {fun_name(rule.fun)} returned an output of shape {shape} where "
                             f"{expect} was expected (batched={b})")
        result.append(x)
    return result, [0 if b else None for b in flags]


batching.register_rule(custom_vmap_call_p, _batching_rule)


def _jvp_rule(primals: Sequence[Any], tangents: Sequence[Any], *, call: jx.ClosedJaxpr, rule: _Rule
              ) -> tuple[list[Any], list[Any]]:
    raise NotImplementedError(f"differentiating a custom_vmap function (batching rule {fun_name(rule.fun)}): arraytyping "
                              "batches its rule where vmap is applied to it, not the derivative of the function")


ad.jvp_rules[custom_vmap_call_p] = _jvp_rule


class custom_vmap(Generic[_P, _R]):
    """A function with a custom batching rule (JAX's ``jax.custom_batching.custom_vmap``): set the rule with
    :meth:`def_vmap`; ``vmap`` of the function calls ``rule(axis_size, in_batched, *args)``, where the batched
    arguments have their batch axis first and ``in_batched`` says, argument by argument (a pytree of bools each),
    which are batched; the rule returns ``(out, out_batched)``. Called outside ``vmap``, the function runs.

    Args:
      fun: the function.

    Example::

        >>> import arraytyping as at
        >>> from arraytyping.custom_batching import custom_vmap
        >>> @custom_vmap
        ... def f(x):
        ...     return x + 1.0
        >>> @f.def_vmap
        ... def f_vmap(axis_size, in_batched, x):
        ...     return x * 10.0, in_batched[0]
        >>> at.vmap(f)(at.numpy.arange(3.0))
        Array([ 0., 10., 20.], dtype=float32)
    """

    def __init__(self, fun: Callable[_P, _R]) -> None:
        self.fun = fun
        self.vmap_rule: Callable[..., tuple[Any, Any]] | None = None
        self.__name__: str = fun_name(fun)
        self.__doc__: str | None = getattr(fun, "__doc__", None)

    def def_vmap(self, vmap_rule: Callable[..., tuple[Any, Any]]) -> Callable[..., tuple[Any, Any]]:
        """Set the batching rule, ``vmap_rule(axis_size, in_batched, *args) -> (out, out_batched)``; returns it (a
        decorator)."""
        self.vmap_rule = vmap_rule
        return vmap_rule

    def __call__(self, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        if kwargs:
            raise TypeError(f"custom_vmap function {self.__name__} takes positional arguments only, got keyword "
                            f"arguments {sorted(kwargs)}")
        if self.vmap_rule is None:
            raise AttributeError(f"No batching rule defined for custom_vmap function {self.__name__} using "
                                 "def_vmap.")
        leaves, in_tree = tree.flatten(args)
        fun = cast(Callable[..., _R], self.fun)
        if find_top_trace(leaves) is None:  # the function on its arguments as arrays (as JAX's call binds them)
            return fun(*tree.unflatten(in_tree, [asarray(x) for x in leaves]))

        def flat(*xs: Any) -> Any:
            return fun(*tree.unflatten(in_tree, list(xs)))

        closed, out_tree = trace_to_jaxpr(flat, [abstractify(x) for x in leaves], f"custom_vmap({self.__name__})")
        if any(isinstance(c, Tracer) for c in closed.consts):
            raise TypeError(f"custom_vmap function {self.__name__} closes over a traced value of an enclosing "
                            "transformation; pass it as an argument instead")
        outs = custom_vmap_call_p.bind(*leaves, call=closed, rule=_Rule(self.vmap_rule, in_tree, out_tree))
        return cast(_R, tree.unflatten(out_tree, list(outs)))


def sequential_vmap(f: Callable[_P, _R]) -> custom_vmap[_P, _R]:
    """``f`` as a :class:`custom_vmap` function whose batching rule applies ``f`` to the batch's elements one after
    another (a ``lax.map`` over the batched arguments, the others closed over) rather than batching its operations
    (JAX's ``jax.custom_batching.sequential_vmap``).

    Args:
      f: the function.

    Example::

        >>> import arraytyping as at
        >>> from arraytyping.custom_batching import sequential_vmap
        >>> at.vmap(sequential_vmap(lambda x: x.sum()))(at.numpy.ones((2, 3)))
        Array([3., 3.], dtype=float32)
    """
    g = custom_vmap(f)
    plain = cast(Callable[..., Any], f)

    def rule(axis_size: int, in_batched: list[Any], *args: Any) -> tuple[Any, Any]:
        flags = tree.leaves(in_batched)
        leaves, in_tree = tree.flatten(args)
        batched = [x for x, b in zip(leaves, flags) if b]

        def one(xs: list[Any]) -> Any:
            it = iter(xs)
            full = [next(it) if b else x for x, b in zip(leaves, flags)]
            return plain(*tree.unflatten(in_tree, full))

        def batched_flag(_: Any) -> bool:
            return True

        out = lax_map(one, batched)
        return out, tree.tree_map(batched_flag, out)

    g.def_vmap(rule)
    return g
