"""``arraytyping.random``'s samplers in the configured lattice: the dtype a ``dtype=`` argument names (canonicalized
for the configuration's ``x64``), the sampler's default without one (``normal``: the default float, ``randint``: the
default integer), ``bernoulli``'s ``bool_`` and ``categorical``'s default integer; a dtype the sampler refuses
(``uniform(key, dtype=int32)``) is an error, as no overload of the stubs takes it. The stubs answer the same for
x64 off; with ``x64 = true`` only the plugin can."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from mypy.plugin import FunctionContext
from mypy.types import AnyType, NoneType, Type, TypeOfAny, get_proper_type

from arraytyping_mypy import _dtype_args, _dtypes, _types
from arraytyping_mypy._rules import L, OR, Rules, static_of

__all__ = ["SAMPLERS", "sampler_hook"]

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

