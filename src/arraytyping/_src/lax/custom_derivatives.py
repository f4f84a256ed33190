"""The ``custom_jvp_call`` and ``custom_vjp_call`` primitives of JAX 0.10.2: a call of a function whose forward-mode derivative is a rule the
user writes (:class:`arraytyping.custom_jvp`, in :mod:`arraytyping._src.interpreters.autodiff.custom_derivatives`). It holds the function's
closed jaxpr and the rule, and is printed as JAX prints it (``custom_jvp_call[name=relu call_jaxpr={ ... } jvp=jvp
symbolic_zeros=False]``); its type is its jaxpr's, and it lowers as its jaxpr, inlined. Its JVP and batching rules
are the interpreters' (``custom_derivatives`` in ``interpreters/autodiff`` and ``interpreters/batching``).

``custom_vjp_call`` is a call of a function whose reverse-mode derivative is a pair of rules the user writes
(:class:`arraytyping.custom_vjp`): it holds the function's closed jaxpr and the ``fwd`` and ``bwd`` rules, printed as
JAX prints it (``custom_vjp_call[name=f bwd=f_bwd call_jaxpr={ ... } fwd=f_fwd symbolic_zeros=False]``).
Linearized, its tangent is a ``custom_lin`` equation of the linear jaxpr: the residuals ``fwd`` returned and the
input tangents in, the output tangents out; transposed, it calls ``bwd`` (JAX's ``custom_lin``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, Final

import numpy as np

from arraytyping._src.core import jaxpr as jx
from arraytyping._src.core.avals import ShapedArray, typematch
from arraytyping._src.core.staging import abstractify
from arraytyping._src.core.trace import Primitive
from arraytyping._src.xla import lowering as mlow

__all__ = ["BwdRule", "CustomVJPPrimal", "FwdRule", "SymbolicZero", "NamedRule", "Rule", "custom_jvp_call_p", "custom_lin_p",
           "custom_vjp_call_p", "linear_call_p"]


_FLOAT0: Final = np.dtype([("float0", np.void, 0)])


class SymbolicZero:
    """A zero tangent or cotangent known to be zero without its values (JAX's
    ``jax.custom_derivatives.SymbolicZero``): what rules set with ``symbolic_zeros=True`` are passed, and may
    return, for a zero. Its ``aval`` is its type; ``shape``, ``dtype`` and the aval's other attributes are
    forwarded."""

    def __init__(self, aval: ShapedArray) -> None:
        self.aval = aval

    def __repr__(self) -> str:
        return self.__class__.__name__

    def __getattr__(self, name: str) -> Any:
        if name == "aval":
            raise AttributeError(name)
        return getattr(self.aval, name)

    @staticmethod
    def from_primal_value(val: Any) -> SymbolicZero:
        """The symbolic zero tangent of ``val``."""
        aval = abstractify(val)
        kind = aval.dtype.kind
        return SymbolicZero(aval if kind in "fcV" else ShapedArray(aval.shape, _FLOAT0, False))


@dataclasses.dataclass(slots=True)
class CustomVJPPrimal:
    """A primal as a ``custom_vjp``'s ``fwd`` rule set with ``symbolic_zeros=True`` is passed it (JAX's): its value
    and whether it is perturbed (differentiated)."""

    value: Any
    perturbed: bool


class NamedRule:
    """A user's rule as a custom-derivative primitive holds it, printed as the rule's name (JAX's ``jvp=``,
    ``fwd=``, ``bwd=``); ``fun_name`` is the function's."""

    __slots__ = ("name", "fun_name")

    def __init__(self, name: str, fun_name: str) -> None:
        self.name = name
        self.fun_name = fun_name

    def __str__(self) -> str:
        return self.name

    __repr__ = __str__


class Rule(NamedRule):
    """A custom JVP rule as ``custom_jvp_call`` holds it: flat primals and tangents in, the flat primal outputs then
    the flat tangent outputs out."""

    __slots__ = ()

    def __call__(self, primals: Sequence[Any], tangents: Sequence[Any]) -> list[Any]:
        raise NotImplementedError


class FwdRule(NamedRule):
    """A custom VJP ``fwd`` rule as ``custom_vjp_call`` holds it: the flat primals (and, for rules with symbolic
    zeros, whether each is perturbed) in; the flat primal outputs, the flat residuals and the residuals' tree out."""

    __slots__ = ()

    def __call__(self, primals: Sequence[Any], perturbed: Sequence[bool] | None = None
                 ) -> tuple[list[Any], list[Any], Any]:
        raise NotImplementedError


class BwdRule(NamedRule):
    """A custom VJP ``bwd`` rule as ``custom_vjp_call`` and ``custom_lin`` hold it: the residuals' tree, the flat
    residuals and the flat output cotangents in; one cotangent per flat primal input out (a symbolic zero, ``ad``'s
    ``Zero``, where the rule gave ``None``)."""

    __slots__ = ()

    def __call__(self, res_tree: Any, residuals: Sequence[Any], cts: Sequence[Any]) -> list[Any]:
        raise NotImplementedError


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


custom_jvp_call_p: Final[Primitive] = Primitive("custom_jvp_call", _abstract_eval, multiple_results=True,
                                     hidden_if_empty=frozenset({"num_consts"}), printed_params=_printed)
"""A call of a :class:`custom_jvp` function: parameters ``call_jaxpr`` (its closed jaxpr), ``jvp`` (its rule, a
:class:`FlatRule`), ``num_consts`` (leading arguments that are constants of the function, not seen by the rule) and
``symbolic_zeros`` (always ``False``)."""


def _lowering(ctx: mlow.LoweringContext, *args: Any, call_jaxpr: jx.ClosedJaxpr, **_: Any) -> list[Any]:
    return mlow.closed_jaxpr_subcomp(ctx.m, call_jaxpr, list(args))


mlow.RULES[custom_jvp_call_p] = _lowering


def _vjp_abstract_eval(*args: ShapedArray, call_jaxpr: jx.ClosedJaxpr, fwd: FwdRule, bwd: BwdRule, num_consts: int,
                       symbolic_zeros: bool) -> list[ShapedArray]:
    if len(args) != len(call_jaxpr.in_avals) or not all(map(typematch, call_jaxpr.in_avals, args)):
        raise jx.JaxprTypeError(f"custom_vjp_call of {fwd.fun_name} takes inputs of type "
                                f"{' '.join(a.str_short() for a in call_jaxpr.in_avals)}, called with operands of "
                                f"type {' '.join(a.str_short() for a in args)}")
    return list(call_jaxpr.out_avals)


def _vjp_printed(eqn: jx.JaxprEqn) -> dict[str, Any]:
    rule: FwdRule = eqn.params["fwd"]
    return {"name": rule.fun_name}


custom_vjp_call_p: Final[Primitive] = Primitive("custom_vjp_call", _vjp_abstract_eval, multiple_results=True,
                                     hidden_if_empty=frozenset({"num_consts"}), printed_params=_vjp_printed)
"""A call of a :class:`custom_vjp` function: parameters ``call_jaxpr`` (its closed jaxpr), ``fwd`` and ``bwd`` (its
rules, a :class:`FwdRule` and a :class:`BwdRule`), ``num_consts`` (leading arguments that are constants of the
function, not seen by the rules) and ``symbolic_zeros`` (as the user set it)."""

mlow.RULES[custom_vjp_call_p] = _lowering


def _lin_abstract_eval(*args: ShapedArray, num_res: int, res_tree: Any, nonzero: tuple[bool, ...], bwd: BwdRule,
                       out_avals: tuple[ShapedArray, ...], symbolic_zeros: bool) -> list[ShapedArray]:
    return list(out_avals)


custom_lin_p: Final[Primitive] = Primitive("custom_lin", _lin_abstract_eval, multiple_results=True,
                                hidden_params=frozenset({"res_tree", "nonzero"}))
"""The tangent of a linearized ``custom_vjp_call`` (JAX's ``custom_lin``): operands the ``num_res`` residuals, then
the input tangents that are not symbolic zeros (``nonzero`` says which of the function's inputs they are); results the output tangents (types ``out_avals``). It can only be transposed (by calling
``bwd``); evaluating it is forward-mode differentiation of a ``custom_vjp`` function, which JAX refuses."""


def _lin_lowering(ctx: mlow.LoweringContext, *args: Any, **_: Any) -> list[Any]:
    raise TypeError("can't apply forward-mode autodiff (jvp) to a custom_vjp function.")


mlow.RULES[custom_lin_p] = _lin_lowering


def _linear_call_abstract_eval(*args: ShapedArray, callee: jx.ClosedJaxpr, transpose_thunk: Any,
                               num_callee_consts: int, num_res: int) -> list[ShapedArray]:
    if len(args) != len(callee.in_avals) or not all(map(typematch, callee.in_avals, args)):
        raise jx.JaxprTypeError(f"linear_call takes inputs of type "
                                f"{' '.join(a.str_short() for a in callee.in_avals)}, called with operands of "
                                f"type {' '.join(a.str_short() for a in args)}")
    return list(callee.out_avals)


linear_call_p: Final[Primitive] = Primitive("linear_call", _linear_call_abstract_eval, multiple_results=True)
"""A call of a linear function with a custom transpose (JAX's ``linear_call``): parameters ``callee`` (the
function's closed jaxpr: its constants, the residual and then the linear inputs), ``transpose_thunk`` (a
zero-argument function returning the transpose's closed jaxpr and its constants, staged on first use),
``num_callee_consts`` and ``num_res``. Its type is ``callee``'s; it runs and lowers as ``callee``; its JVP and
transpose are the interpreters' (:mod:`arraytyping._src.interpreters.autodiff.linear_call`)."""


def _linear_call_lowering(ctx: mlow.LoweringContext, *args: Any, callee: jx.ClosedJaxpr, **_: Any) -> list[Any]:
    return mlow.closed_jaxpr_subcomp(ctx.m, callee, list(args))


mlow.RULES[linear_call_p] = _linear_call_lowering
