"""One signature per ``Array`` operator (and unary operator, and reduction) when the plugin computes the results.

The stubs give each operator of ``Array`` a few dozen promotion overloads, for checkers without the plugin. With the
plugin, mypy would still bind, filter (by the ``self`` type) and expand every one of them at every operator
expression before the plugin's method hook replaces the result, which made checking several times slower than one
signature. The stubs mark ``Array`` with the type-check-only class decorator ``_operators_by_plugin``; once mypy has
analyzed the class body, :func:`replace_operators` swaps each operator's overloads for ``def __op__(self, other:
object, /) -> Any`` (the result is then the method hook's), and drops the overloads from the class (so they are not
written to, nor read back from, mypy's cache either).
"""

from __future__ import annotations

from collections.abc import Container, Iterable
from typing import Final

from mypy.nodes import ARG_POS, Argument, OverloadedFuncDef, Var
from mypy.plugin import ClassDefContext
from mypy.plugins.common import add_method_to_class
from mypy.types import AnyType, Overloaded, TypeOfAny

__all__ = ["DECORATOR", "replace_operators"]

DECORATOR: Final = "arraytyping._operators_by_plugin"
"""Full name of the stubs' class decorator that asks for :func:`replace_operators`."""


def replace_operators(ctx: ClassDefContext, names: Iterable[str], keep_parameters: Container[str] = ()) -> bool:
    """Replace the overloaded methods ``names`` of the decorated class by one permissive signature each: the
    operators ``(self, other: object, /)``, the unary ones ``(self)``, and those in ``keep_parameters`` (the
    reductions, whose hooks read ``axis=``, ``dtype=``, ``keepdims=`` by name) the parameters of their last overload,
    every one ``object``. Returns whether the class is done (mypy calls a ``get_class_decorator_hook_2`` hook again
    until it is)."""
    info = ctx.cls.info
    targets = [n for n in names if n in info.names and isinstance(info.names[n].node, OverloadedFuncDef)]
    for name in targets:
        old = info.names[name].node
        assert isinstance(old, OverloadedFuncDef)
        if old.type is None:  # not analyzed yet (a forward reference): ask to be called again
            return False
    obj = ctx.api.named_type("builtins.object")
    for name in targets:
        old = info.names[name].node
        assert isinstance(old, OverloadedFuncDef) and isinstance(old.type, Overloaded)
        first, last = old.type.items[0], old.type.items[-1]
        if name in keep_parameters:  # the last overload takes every parameter (with its default)
            args = [Argument(Var(n or f"_{i}", obj), obj, None, kind, pos_only=n is None)
                    for i, (n, kind) in enumerate(zip(last.arg_names[1:], last.arg_kinds[1:]))]
        else:  # the operators take one operand beside self; the unary ones (__neg__...) none
            args = [Argument(Var("other", obj), obj, None, ARG_POS, pos_only=True)] if len(first.arg_types) > 1 else []
        add_method_to_class(ctx.api, ctx.cls, name, args, AnyType(TypeOfAny.special_form))
        # add_method_to_class keeps the old definition under a "<name>-redefinition" alias so that it still gets
        # analyzed; it has been, and nothing may resolve to it: drop it, and its statement in the class body.
        for alias in [k for k, sym in info.names.items() if sym.node is old]:
            del info.names[alias]
        ctx.cls.defs.body = [s for s in ctx.cls.defs.body if s is not old]
    return True
