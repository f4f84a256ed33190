"""Transformations of an overloaded function (a library function such as ``anp.tanh`` or ``anp.dot``): ``jit``
keeps its overloads; ``vmap``, ``grad``, ``value_and_grad`` and the Jacobians give a gradual callable.

mypy binds a transformation's ``ParamSpec`` to the first overload of an overloaded argument, which in the stubs is
the catch-all of an unknown dtype (``Array[Never]``): ``jit(anp.tanh)(x_f32)`` would then be an error where JAX runs.
``jit`` changes no type, so its result is the function's own overloads; the others change shapes (``vmap``) or
dtypes and shapes (the Jacobians), which one overload's signature cannot say, so they accept any arguments and
answer ``Any``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from mypy.nodes import ARG_STAR, ARG_STAR2
from mypy.plugin import FunctionContext
from mypy.types import AnyType, CallableType, Overloaded, Type, TypeOfAny, get_proper_type

__all__ = ["HOOKED", "KEEPS_SIGNATURE", "transformation_hook"]

KEEPS_SIGNATURE: Final = "arraytyping.jit"
HOOKED: Final = frozenset({KEEPS_SIGNATURE, "arraytyping.vmap", "arraytyping.grad", "arraytyping.value_and_grad",
                           "arraytyping.jacfwd", "arraytyping.jacrev", "arraytyping.jacobian", "arraytyping.hessian"})
"""The transformations whose overloaded argument this module answers for (full names as the stubs declare them)."""


def transformation_hook(fullname: str, then: Callable[[FunctionContext], Type] | None = None
                        ) -> Callable[[FunctionContext], Type]:
    """The hook of a transformation: for an overloaded function argument, its overloads (``jit``) or a gradual
    callable; otherwise ``then`` (the transformation's other hooks), or the stubs' answer."""

    def hook(ctx: FunctionContext) -> Type:
        first = get_proper_type(ctx.arg_types[0][0]) if ctx.arg_types and ctx.arg_types[0] else None
        if not isinstance(first, Overloaded):
            return then(ctx) if then is not None else ctx.default_return_type
        if fullname == KEEPS_SIGNATURE:
            return first
        gradual = AnyType(TypeOfAny.special_form)
        return CallableType([gradual, gradual], [ARG_STAR, ARG_STAR2], [None, None], gradual,
                            ctx.api.named_generic_type("builtins.function", []))

    return hook
