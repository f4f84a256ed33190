"""The ``custom_jvp_call`` primitive of JAX 0.10.2: a call of a function whose forward-mode derivative is a rule the
user writes (:class:`arraytyping.custom_jvp`, in :mod:`arraytyping._src.interpreters.autodiff.custom_derivatives`). It holds the function's
closed jaxpr and the rule, and is printed as JAX prints it (``custom_jvp_call[name=relu call_jaxpr={ ... } jvp=jvp
symbolic_zeros=False]``); its type is its jaxpr's, and it lowers as its jaxpr, inlined. Its JVP and batching rules
are the interpreters' (``custom_derivatives`` in ``interpreters/autodiff`` and ``interpreters/batching``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from arraytyping._src.core import jaxpr as jx
from arraytyping._src.core.avals import ShapedArray, typematch
from arraytyping._src.core.trace import Primitive
from arraytyping._src.xla import lowering as mlow

__all__ = ["Rule", "custom_jvp_call_p"]


class Rule:
    """A custom JVP rule as ``custom_jvp_call`` holds it: flat primals and tangents in, the flat primal outputs then
    the flat tangent outputs out. Printed as the user's rule's name (JAX's ``jvp=``)."""

    __slots__ = ("name", "fun_name")

    def __init__(self, name: str, fun_name: str) -> None:
        self.name = name
        self.fun_name = fun_name

    def __call__(self, primals: Sequence[Any], tangents: Sequence[Any]) -> list[Any]:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.name

    __repr__ = __str__


def _abstract_eval(*args: ShapedArray, call_jaxpr: jx.ClosedJaxpr, jvp: Rule, num_consts: int,
                   symbolic_zeros: bool) -> list[ShapedArray]:
    if len(args) != len(call_jaxpr.in_avals) or not all(map(typematch, call_jaxpr.in_avals, args)):
        raise jx.JaxprTypeError(f"custom_jvp_call of {jvp.fun_name} takes inputs of type "
                                f"{' '.join(a.str_short() for a in call_jaxpr.in_avals)}, called with operands of "
                                f"type {' '.join(a.str_short() for a in args)}")
    return list(call_jaxpr.out_avals)


def _printed(eqn: jx.JaxprEqn) -> dict[str, Any]:
    rule: Rule = eqn.params["jvp"]
    return {"name": rule.fun_name}  # JAX's printer adds it: the function's name, printed first


custom_jvp_call_p: Final = Primitive("custom_jvp_call", _abstract_eval, multiple_results=True,
                                     hidden_if_empty=frozenset({"num_consts"}), printed_params=_printed)
"""A call of a :class:`custom_jvp` function: parameters ``call_jaxpr`` (its closed jaxpr), ``jvp`` (its rule, a
:class:`FlatRule`), ``num_consts`` (leading arguments that are constants of the function, not seen by the rule) and
``symbolic_zeros`` (always ``False``)."""


def _lowering(ctx: mlow.LoweringContext, *args: Any, call_jaxpr: jx.ClosedJaxpr, **_: Any) -> list[Any]:
    return mlow.closed_jaxpr_subcomp(ctx.m, call_jaxpr, list(args))


mlow.RULES[custom_jvp_call_p] = _lowering
