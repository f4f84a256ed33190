"""The primitives of gradient checkpointing (JAX's ``jax.checkpoint``, ``jax.ad_checkpoint``): ``remat2``, a call of
a function whose residuals are recomputed in the backward pass rather than saved (unless a policy saves them), and
``name``, the identity that names a value for the policies (``checkpoint_name``).

``remat2`` holds the function's jaxpr (its constants are leading arguments: the jaxpr has none), ``prevent_cse``,
``differentiated`` (whether it is the tangent half of a linearized ``remat2``) and ``policy``, printed as JAX prints
it (``remat2[differentiated=False jaxpr={ ... } policy=None prevent_cse=True]``); it lowers as its jaxpr, inlined
(common subexpressions are not eliminated across it by anything of ours, so ``prevent_cse`` has nothing to prevent).
``name`` is printed ``name[name=a]`` and lowers to its operand. ``reduce_precision`` (JAX's primitive of that name)
rounds to a narrower floating-point format; the primal half of a linearized ``remat2`` applies it, at the value's
own precision, to each residual it saves that other equations use, as JAX does against excess precision. Their differentiation and batching rules are the
interpreters' (``checkpoint`` in ``interpreters/autodiff`` and ``interpreters/batching``)."""

from __future__ import annotations

from typing import Any, Final

from arraytyping._src.core import jaxpr as jx
from arraytyping._src.core.avals import ShapedArray, typematch
from arraytyping._src.core.trace import Primitive
from arraytyping._src.dtypes import registry
from arraytyping._src.xla import lowering as mlow

__all__ = ["name_p", "optimization_barrier_p", "reduce_precision_p", "remat_p"]


def _remat_abstract_eval(*args: ShapedArray, jaxpr: jx.ClosedJaxpr, prevent_cse: bool, differentiated: bool,
                         policy: Any) -> list[ShapedArray]:
    if len(args) != len(jaxpr.in_avals) or not all(map(typematch, jaxpr.in_avals, args)):
        raise jx.JaxprTypeError(f"remat2 takes inputs of type {' '.join(a.str_short() for a in jaxpr.in_avals)}, "
                                f"called with operands of type {' '.join(a.str_short() for a in args)}")
    return list(jaxpr.out_avals)


remat_p: Final[Primitive] = Primitive("remat2", _remat_abstract_eval, multiple_results=True)
"""A call of a checkpointed function (JAX's ``remat_p``, printed ``remat2``): parameters ``jaxpr`` (a closed jaxpr
without constants), ``prevent_cse``, ``differentiated`` and ``policy`` (``None``: nothing saveable)."""


def _remat_lowering(ctx: mlow.LoweringContext, *args: Any, jaxpr: jx.ClosedJaxpr, **_: Any) -> list[Any]:
    return mlow.closed_jaxpr_subcomp(ctx.m, jaxpr, list(args))


mlow.RULES[remat_p] = _remat_lowering


def _name_abstract_eval(x: ShapedArray, *, name: str) -> list[ShapedArray]:
    return [x]


name_p: Final[Primitive] = Primitive("name", _name_abstract_eval)
"""``checkpoint_name``: the identity, with the name a policy reads (``save_only_these_names``...)."""


def _name_lowering(ctx: mlow.LoweringContext, x: Any, *, name: str) -> list[Any]:
    return [x]


mlow.RULES[name_p] = _name_lowering


def _reduce_precision_abstract_eval(x: ShapedArray, *, exponent_bits: int, mantissa_bits: int
                                    ) -> list[ShapedArray]:
    if registry.INFO[x.name].kind != "f":  # real floating dtypes only (ml_dtypes' included)
        raise TypeError(f"reduce_precision does not accept dtype {x.name}. Accepted dtypes are subtypes of floating.")
    return [x]


reduce_precision_p: Final[Primitive] = Primitive("reduce_precision", _reduce_precision_abstract_eval)
"""``x`` rounded to a floating-point format of ``exponent_bits`` and ``mantissa_bits`` (the identity at the
format of ``x``'s dtype)."""


def _reduce_precision_lowering(ctx: mlow.LoweringContext, x: Any, *, exponent_bits: int, mantissa_bits: int
                               ) -> list[Any]:
    return [ctx.hlo.reduce_precision(x, exponent_bits, mantissa_bits)]


mlow.RULES[reduce_precision_p] = _reduce_precision_lowering


def _optimization_barrier_abstract_eval(*args: ShapedArray) -> list[ShapedArray]:
    return list(args)


optimization_barrier_p: Final[Primitive] = Primitive("optimization_barrier", _optimization_barrier_abstract_eval,
                                                     multiple_results=True)
"""JAX's ``optimization_barrier_p``: the identity on its operands, which the compiler may not move computations
across (StableHLO's ``optimization_barrier``)."""


def _optimization_barrier_lowering(ctx: mlow.LoweringContext, *args: Any) -> list[Any]:
    if not args:
        return []
    return list(ctx.hlo.OptimizationBarrierOp(list(args)).results)


mlow.RULES[optimization_barrier_p] = _optimization_barrier_lowering
