"""``grad`` and ``value_and_grad``: never the parameter's type where the gradient is not of that type.

The stubs' overloads give ``grad(f)`` ``f``'s parameters and the differentiated parameter's type as the gradient's,
which holds for a pytree of ``Array`` leaves: the gradient has the structure, dtypes and weak flags of the argument.
A leaf that is a Python scalar or a numpy value is different: its gradient is an ``Array`` (a weak ``float32`` for a
``float``), not a ``float``. The stubs catch such a leaf at the top level and in a few containers (a list, a tuple, a
dict); a leaf inside a ``NamedTuple``, a dataclass, a ``TypedDict`` or a nested container reaches the overload that
answers the parameter's type. This hook walks the differentiated parameters' types and answers ``Any`` (the stubs'
answer for a host leaf) when one holds such a leaf.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from mypy.nodes import Var
from mypy.plugin import FunctionContext
from mypy.types import (
    AnyType, CallableType, Instance, LiteralType, ProperType, TupleType, Type, TypedDictType, TypeOfAny, UnionType,
    get_proper_type,
)

__all__ = ["HOOKED", "gradient_hook"]

HOOKED: Final = frozenset({"arraytyping.grad", "arraytyping.value_and_grad"})
"""The functions whose result this module answers (full names as the stubs declare them)."""

_HOST_LEAVES: Final = frozenset({"builtins.float", "builtins.complex", "numpy.ndarray", "numpy.generic"})
"""Leaf classes whose gradient is an ``Array`` of another type (``numpy.generic``: every numpy scalar class)."""


def gradient_hook(fullname: str) -> Callable[[FunctionContext], Type]:
    """The hook of ``grad`` (``value_and_grad``): ``Callable[..., Any]`` (``Callable[..., tuple[Any, Any]]``) when a
    differentiated parameter of the function holds a host leaf, the stubs' answer otherwise."""
    value_too = fullname.endswith("value_and_grad")

    def hook(ctx: FunctionContext) -> Type:
        fun = get_proper_type(ctx.arg_types[0][0]) if ctx.arg_types and ctx.arg_types[0] else None
        if not isinstance(fun, CallableType):
            return ctx.default_return_type
        positions = _argnums(ctx)
        if positions is None:
            return ctx.default_return_type
        params = fun.arg_types
        if not any(p < len(params) and _holds_host_leaf(params[p], set()) for p in positions):
            return ctx.default_return_type
        any_type = AnyType(TypeOfAny.special_form)
        ret: Type = any_type
        if value_too:
            ret = TupleType([any_type, any_type], ctx.api.named_generic_type("builtins.tuple", [any_type]))
        default = get_proper_type(ctx.default_return_type)
        if isinstance(default, CallableType):
            return default.copy_modified(ret_type=ret)
        return default

    return hook


def _argnums(ctx: FunctionContext) -> tuple[int, ...] | None:
    """The literal ``argnums`` of the call (``0`` when left out), or ``None`` when it is not a literal."""
    for name_group, type_group in zip(ctx.callee_arg_names, ctx.arg_types):
        if name_group != "argnums":
            continue
        if not type_group:
            return (0,)
        t = get_proper_type(type_group[0])
        if isinstance(t, Instance) and t.last_known_value is not None:
            t = t.last_known_value
        if isinstance(t, LiteralType) and isinstance(t.value, int):
            return (t.value,)
        if isinstance(t, TupleType):
            nums = []
            for item in t.items:
                item_p = get_proper_type(item)
                if isinstance(item_p, Instance) and item_p.last_known_value is not None:
                    item_p = item_p.last_known_value
                if not (isinstance(item_p, LiteralType) and isinstance(item_p.value, int)):
                    return None
                nums.append(item_p.value)
            return tuple(nums)
        return None
    return (0,)


def _holds_host_leaf(t: Type, seen: set[str]) -> bool:
    """Whether a value of type ``t`` can hold a Python ``float``/``complex`` or a numpy value as a pytree leaf."""
    p: ProperType = get_proper_type(t)
    if isinstance(p, UnionType):
        return any(_holds_host_leaf(item, seen) for item in p.items)
    if isinstance(p, TupleType):  # tuples and NamedTuples
        return any(_holds_host_leaf(item, seen) for item in p.items)
    if isinstance(p, TypedDictType):
        return any(_holds_host_leaf(item, seen) for item in p.items.values())
    if isinstance(p, LiteralType):
        return _holds_host_leaf(p.fallback, seen)
    if not isinstance(p, Instance):
        return False
    info = p.type
    if any(info.has_base(leaf) for leaf in _HOST_LEAVES):
        return True
    if info.fullname.startswith("arraytyping."):
        return False
    if any(_holds_host_leaf(arg, seen) for arg in p.args):  # list[float], dict[str, float], tuple[float, ...]
        return True
    if info.fullname in seen:  # a dataclass holding itself
        return False
    seen.add(info.fullname)
    fields = info.metadata.get("dataclass", {}).get("attributes", [])
    for field in fields:
        node = info.get(str(field.get("name", "")))
        if node is not None and isinstance(node.node, Var) and node.node.type is not None:
            if _holds_host_leaf(node.node.type, seen):
                return True
    return False
