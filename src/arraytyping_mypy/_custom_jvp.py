"""Transformations of a ``custom_jvp`` function: ``grad``, ``value_and_grad``, ``vmap`` and ``jit`` answer as for the
function it wraps.

A ``custom_jvp[P, R]`` reaches a transformation's ``Callable[_P, _R]``-style overloads through its ``__call__``, and
with the plugin's gradual shapes (``tuple[Any, ...]``) mypy finds several overloads matching it and answers ``Any``
(the stubs alone answer exactly). This hook checks the call again with the ``custom_jvp``'s ``__call__`` signature in
its place, a plain callable, which the overloads answer as they answer the function itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from mypy.nodes import CallExpr, FuncDef, OverloadedFuncDef, TempNode
from mypy.plugin import FunctionContext
from mypy.subtypes import find_member
from mypy.types import AnyType, CallableType, Instance, TupleType, Type, TypeOfAny, get_proper_type

__all__ = ["CUSTOM_JVP", "HOOKED", "as_callable", "transformation_hook"]

CUSTOM_JVP: Final = "arraytyping.custom_jvp"
HOOKED: Final = frozenset({"arraytyping.grad", "arraytyping.value_and_grad", "arraytyping.vmap", "arraytyping.jit"})
"""The transformations whose call this module checks again (full names as the stubs declare them)."""


def as_callable(t: Type) -> CallableType | None:
    """A ``custom_jvp`` instance's ``__call__`` signature (its function's), or ``None`` for any other type."""
    p = get_proper_type(t)
    if not (isinstance(p, Instance) and p.type.fullname == CUSTOM_JVP):
        return None
    call = get_proper_type(find_member("__call__", p, p, is_operator=True))
    if not isinstance(call, CallableType):
        return None
    return call.copy_modified(arg_types=[_as_written(a) for a in call.arg_types], ret_type=_as_written(call.ret_type))


def _as_written(t: Type) -> Type:
    """``t`` with its implicit ``Any`` (the plugin's gradual shape, which the ``ParamSpec`` substitution turned into a
    derived ``Any``) as a function's own signature holds it, so that it does not make overloads ambiguous; an
    ``Any`` the user wrote stays what it is."""
    p = get_proper_type(t)
    if isinstance(p, AnyType):
        source = p.source_any if p.type_of_any == TypeOfAny.from_another_any and p.source_any is not None else p
        return p if source.type_of_any == TypeOfAny.explicit else AnyType(TypeOfAny.special_form)
    if isinstance(p, Instance) and p.args:
        return p.copy_modified(args=[_as_written(a) for a in p.args])
    if isinstance(p, TupleType):
        return p.copy_modified(items=[_as_written(a) for a in p.items])
    return t


def transformation_hook(fullname: str, then: Callable[[FunctionContext], Type] | None = None
                        ) -> Callable[[FunctionContext], Type]:
    """The hook of a transformation: its call checked again with a ``custom_jvp`` argument's signature in the
    function's place (then ``then``, the transformation's own hook, if any, on that answer)."""

    def hook(ctx: FunctionContext) -> Type:
        first = ctx.arg_types[0][0] if ctx.arg_types and ctx.arg_types[0] else None
        fun = as_callable(first) if first is not None else None
        call = ctx.context
        if fun is None or not isinstance(call, CallExpr) or not call.args or call.arg_names[0] is not None:
            return then(ctx) if then is not None else ctx.default_return_type
        module, _, name = fullname.rpartition(".")
        tree = ctx.api.modules.get(module)  # type: ignore[attr-defined]
        sym = tree.names.get(name) if tree is not None else None
        node = sym.node if sym is not None else None
        callee = get_proper_type(node.type) if isinstance(node, (FuncDef, OverloadedFuncDef)) and node.type else None
        if callee is None:
            return then(ctx) if then is not None else ctx.default_return_type
        args = [TempNode(fun, context=call.args[0]), *call.args[1:]]
        ret, _ = ctx.api.expr_checker.check_call(  # type: ignore[attr-defined]
            callee, args, call.arg_kinds, call, call.arg_names)
        if then is None:
            return ret  # type: ignore[no-any-return]
        return then(ctx._replace(arg_types=[[fun], *ctx.arg_types[1:]], default_return_type=ret))

    return hook
