"""The hit path of a jitted call on pytrees (a training step on a dict of parameters): the structure of the last
such call, compiled into closures that check an argument has it while collecting its leaves, and that build the
result from the executable's outputs, so a repeated call does neither the generic flatten nor the cache-key hash.

A :class:`Matcher` is built once per structure (from a :class:`~arraytyping._src.tree.pytree.TreeDef`); calling it on arguments returns
their leaves, or ``None`` when the arguments have another structure (the caller then takes the general path, which
compiles or finds the right executable and records the new structure).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arraytyping._src.tree import pytree as tree

__all__ = ["Matcher", "builder"]

_Collect = Callable[[Any, list[Any]], bool]
_Build = Callable[[Any], Any]
_MISSING: Any = object()


def _collector(td: tree.TreeDef) -> _Collect:
    """A closure appending ``x``'s leaves to ``out`` if ``x`` has structure ``td``; ``False`` if it has not."""
    kind = td.kind
    if kind == "leaf":
        def leaf(x: Any, out: list[Any]) -> bool:
            out.append(x)
            return True
        return leaf
    if kind == "none":
        return lambda x, out: x is None
    kids = [_collector(c) for c in td.subtrees]
    n = len(kids)
    if kind == "dict":
        keys: tuple[Any, ...] = td.aux
        if all(c.kind == "leaf" for c in td.subtrees):  # a dict of arrays (parameters): no call per leaf
            keyset = frozenset(keys)

            def flat_mapping(x: Any, out: list[Any]) -> bool:
                obj: object = x  # tested unnarrowed: the items stay ``Any``
                if type(obj) is not dict:
                    return False
                d: dict[Any, Any] = x
                if len(d) != n or d.keys() != keyset:
                    return False
                out.extend([d[k] for k in keys])
                return True
            return flat_mapping

        def mapping(x: Any, out: list[Any]) -> bool:
            obj: object = x
            if type(obj) is not dict:
                return False
            d: dict[Any, Any] = x
            if len(d) != n:
                return False
            for k, c in zip(keys, kids):
                v = d.get(k, _MISSING)
                if v is _MISSING or not c(v, out):
                    return False
            return True
        return mapping
    if kind == "custom":
        tp, aux = td.aux
        flatten = tree._CUSTOM[tp].flatten  # pyright: ignore[reportPrivateUsage]  # the registry of node types

        def custom(x: Any, out: list[Any]) -> bool:
            if type(x) is not tp:
                return False
            children, x_aux = flatten(x)
            return len(children) == n and x_aux == aux and all(c(v, out) for c, v in zip(kids, children))
        return custom
    exact: Any = {"tuple": tuple, "list": list}.get(kind) or td.aux  # a named tuple's class
    if all(c.kind == "leaf" for c in td.subtrees):
        def flat_sequence(x: Any, out: list[Any]) -> bool:
            if type(x) is not exact or len(x) != n:
                return False
            out.extend(x)
            return True
        return flat_sequence
    leaf_kids = [c.kind == "leaf" for c in td.subtrees]

    def sequence(x: Any, out: list[Any]) -> bool:
        if type(x) is not exact or len(x) != n:
            return False
        for c, is_leaf, v in zip(kids, leaf_kids, x):
            if is_leaf:
                out.append(v)
            elif not c(v, out):
                return False
        return True
    return sequence


def builder(td: tree.TreeDef) -> _Build:
    """A closure building the tree of structure ``td`` from an iterator over its leaves."""
    kind = td.kind
    if kind == "leaf":
        return next
    if kind == "none":
        return lambda it: None
    kids = [builder(c) for c in td.subtrees]
    if kind == "tuple":
        return lambda it: tuple([k(it) for k in kids])
    if kind == "list":
        return lambda it: [k(it) for k in kids]
    if kind == "dict":
        keys: tuple[Any, ...] = td.aux
        if all(c.kind == "leaf" for c in td.subtrees):
            return lambda it: dict(zip(keys, it))
        return lambda it: {key: k(it) for key, k in zip(keys, kids)}
    if kind == "namedtuple":
        cls: Any = td.aux
        return lambda it: cls(*[k(it) for k in kids])
    tp, aux = td.aux
    unflatten = tree._CUSTOM[tp].unflatten  # pyright: ignore[reportPrivateUsage]
    return lambda it: unflatten(aux, [k(it) for k in kids])


class Matcher:
    """The leaves of arguments of one structure, or ``None``."""

    __slots__ = ("_collect",)

    def __init__(self, td: tree.TreeDef) -> None:
        self._collect = _collector(td)

    def __call__(self, x: Any) -> list[Any] | None:
        out: list[Any] = []
        return out if self._collect(x, out) else None
