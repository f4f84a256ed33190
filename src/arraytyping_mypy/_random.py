"""``arraytyping.random``'s samplers in the configured lattice: the dtype a ``dtype=`` argument names (canonicalized
for the configuration's ``x64``), the sampler's default without one (``normal``: the default float, ``randint``: the
default integer), ``bernoulli``'s ``bool_`` and ``categorical``'s default integer; a dtype the sampler refuses
(``uniform(key, dtype=int32)``) is an error, as no overload of the stubs takes it. The stubs answer the same for
x64 off; with ``x64 = true`` only the plugin can. ``permutation`` and ``choice`` (:data:`ELEMENTS`) by op_rules'
``random_elements_result``, with the operand's rank and the number of draws where the call shows them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from mypy.plugin import FunctionContext
from mypy.types import AnyType, NoneType, Type, TypeOfAny, get_proper_type

from arraytyping_mypy import _dtype_args, _dtypes, _errors, _shapes, _types
from arraytyping_mypy._rules import L, OR, DtypeSet, Rules, describe, static_of

__all__ = ["ELEMENTS", "SAMPLERS", "elements_hook", "sampler_hook"]

SAMPLERS: Final = frozenset({*OR.RANDOM_DTYPES, *(f for f, r in OR.RANDOM_RESULTS.items() if r in ("bool", "int"))})
"""The samplers this module answers (by name in ``arraytyping.random``)."""


def sampler_hook(rules: Rules, fn: str) -> Callable[[FunctionContext], Type]:
    what = f"arraytyping.random.{fn}"

    def hook(ctx: FunctionContext) -> Type:
        if fn not in OR.RANDOM_DTYPES:
            fixed = OR.RANDOM_RESULTS[fn]
            node = L.BOOL if fixed == "bool" else L.default_name("i", rules.cfg.x64)
            return _types.array_of(ctx.api, ("class", static_of(node, False)), {})
        arg = _dtypes.argument(ctx)
        d = None if arg is None or isinstance(get_proper_type(arg), NoneType) else _dtype_args.dtype_node(arg)
        if isinstance(d, _dtype_args.Invalid):
            _dtype_args.report_invalid(ctx, d, what)
            return AnyType(TypeOfAny.from_error)
        if d is None and arg is not None and not isinstance(get_proper_type(arg), NoneType):
            return ctx.default_return_type  # a dtype the plugin cannot read: the stubs' answer
        try:
            name, weak = OR.random_result(fn, d, rules.cfg)
        except (TypeError, ValueError):
            return AnyType(TypeOfAny.from_error)  # refused: the stubs' overloads, none of which takes it, report it
        return _types.array_of(ctx.api, ("class", static_of(name, weak)), {})
    return hook


ELEMENTS: Final = OR.RANDOM_ELEMENTS
"""The samplers of an array's elements or of ``arange`` of a count, each with the parameter holding it."""


def elements_hook(rules: Rules, fn: str) -> Callable[[FunctionContext], Type]:
    """``arraytyping.random.<fn>(key, x)`` for ``fn`` in :data:`ELEMENTS`: the rule's class for the operand's
    dtypes, its rank where its type shows it (a scalar's is 0) and, for ``choice``, the number of draws its
    ``shape`` argument shows; a type variable or abstract class keeps itself where every member does. Gradual where
    the rank or the draws would decide and for an operand the plugin cannot read; a count of one concrete dtype
    that JAX refuses (``permutation(key, 2.5)``, a complex count) is its ``TypeError``, reported as an error (the
    stubs leave it to the run)."""
    param = ELEMENTS[fn]

    def hook(ctx: FunctionContext) -> Type:
        t = _shapes.arg_type(ctx, param)
        o = None if t is None else _types.operand(t, rules)
        if t is None or not isinstance(o, DtypeSet):
            return _types.array_of(ctx.api, ("any", None), {})
        rank = _shapes.rank_of(t)
        draws = _shapes.size_of_arg(ctx, "shape") if fn == "choice" else 1
        answer = rules.summarize([(rules.elements(fn, m, rank, draws), m, m) for m in o.members], o, None)
        if answer[0] == "error":  # a count of one concrete dtype that JAX refuses: its TypeError, as an error here
            assert isinstance(answer[1], Exception) and o.single is not None
            _errors.reject(ctx, answer[1], describe(o.single), None, f"arraytyping.random.{fn}",
                           _errors.DTYPE_PROMOTION_ARG)
            return AnyType(TypeOfAny.from_error)
        return _types.array_of(ctx.api, answer, _types.type_vars(t))
    return hook
