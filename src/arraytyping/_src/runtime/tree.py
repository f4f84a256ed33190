"""A minimal pytree: nested tuples, lists and dicts (sorted keys) of leaves, with ``None`` as an empty node."""

from __future__ import annotations

from typing import Any

__all__ = ["TreeDef", "flatten", "unflatten"]


class TreeDef:
    __slots__ = ("kind", "aux", "children", "num_leaves")
    num_leaves: int

    def __init__(self, kind: str, aux: Any, children: tuple[TreeDef, ...]) -> None:
        self.kind = kind
        self.aux = aux
        self.children = children
        self.num_leaves = 1 if kind == "leaf" else sum(c.num_leaves for c in children)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, TreeDef) and self.kind == other.kind and self.aux == other.aux
                and self.children == other.children)

    def __hash__(self) -> int:
        return hash((self.kind, self.aux, self.children))

    def __repr__(self) -> str:
        return f"TreeDef({self.kind}, {self.aux!r}, {self.children!r})"


LEAF = TreeDef("leaf", None, ())


def flatten(x: Any) -> tuple[list[Any], TreeDef]:
    leaves: list[Any] = []
    return leaves, _flatten(x, leaves)


def _flatten(x: Any, leaves: list[Any]) -> TreeDef:
    obj: object = x  # tested unnarrowed: the containers' items stay ``Any``
    if type(obj) is tuple:  # exactly tuple: named tuples are leaves
        items: tuple[Any, ...] = x
        return TreeDef("tuple", len(items), tuple(_flatten(c, leaves) for c in items))
    if isinstance(obj, list):
        seq: list[Any] = x
        return TreeDef("list", len(seq), tuple(_flatten(c, leaves) for c in seq))
    if isinstance(obj, dict):
        mapping: dict[Any, Any] = x
        keys = tuple(sorted(mapping))
        return TreeDef("dict", keys, tuple(_flatten(mapping[k], leaves) for k in keys))
    if x is None:
        return TreeDef("none", None, ())
    leaves.append(x)
    return LEAF


def unflatten(treedef: TreeDef, leaves: list[Any]) -> Any:
    it = iter(leaves)
    out = _unflatten(treedef, it)
    return out


def _unflatten(td: TreeDef, it: Any) -> Any:
    if td.kind == "leaf":
        return next(it)
    if td.kind == "none":
        return None
    children = [_unflatten(c, it) for c in td.children]
    if td.kind == "tuple":
        return tuple(children)
    if td.kind == "list":
        return children
    return dict(zip(td.aux, children))
