"""Key paths and structural differences of pytrees (any node :mod:`.pytree` knows), for error messages in JAX's
words: ``keystr`` (``[0]['a'].w``), ``leaf_paths``, ``treedef_str`` (``PyTreeDef((*, *))``) and
``equality_errors``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arraytyping._src.tree import pytree as tree

__all__ = ["keystr", "children", "is_node", "leaf_paths", "treedef_str", "equality_errors",
           "treedef_equality_errors"]


def keystr(path: Sequence[Any]) -> str:
    return "".join(f".{k.name}" if isinstance(k, tree.AttrKey) else f"[{k!r}]" for k in path)


is_node = tree.is_node
children = tree.node_children


def leaf_paths(x: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The key path of each leaf, in flattening order."""
    if is_node(x):
        return [p for k, c in children(x) for p in leaf_paths(c, (*path, k))]
    if x is None:
        return []
    return [path]


class _Leaf:
    """Stands for a leaf of a tree rebuilt from its definition (printed ``*``, typed "pytree leaf")."""

    def __repr__(self) -> str:
        return "*"


def skeleton(td: tree.TreeDef) -> Any:
    """A tree of definition ``td`` whose leaves are placeholders."""
    return tree.unflatten(td, [_Leaf() for _ in range(td.num_leaves)])


def treedef_str(td: tree.TreeDef) -> str:
    """A tree definition as JAX prints one: ``PyTreeDef((*, [*, *]))``."""
    return repr(td)


def _type_str(x: object) -> str:
    return "pytree leaf" if isinstance(x, _Leaf) else str(type(x))


Difference = tuple[tuple[Any, ...], str, str, str]
"""``(key path, thing1, thing2, explanation)``."""


def equality_errors(t1: Any, t2: Any, path: tuple[Any, ...] = ()) -> list[Difference]:
    """Where and how two trees differ in structure (JAX's ``equality_errors``)."""
    a: object = t1
    b: object = t2
    if not (is_node(a) or a is None) and not (is_node(b) or b is None):
        return []
    if type(a) is not type(b):
        return [(path, _type_str(a), _type_str(b), "their Python types differ")]
    if isinstance(a, (list, tuple)):
        n1, n2 = len(children(t1)), len(children(t2))
        if n1 != n2:
            name = type(t1).__name__
            return [(path, f"{name} of length {n1}", f"{name} of length {n2}", "the lengths do not match")]
    if isinstance(a, dict):
        k1, k2 = [k for k, _ in children(t1)], [k for k, _ in children(t2)]
        diff = " ".join(repr(k) for k in set(k1).symmetric_difference(k2))
        if len(k1) != len(k2):
            def things(n: int) -> str:
                return f"{type(t1)} with {n} child{'ren' if n > 1 else ''}"
            return [(path, things(len(k1)), things(len(k2)), "the numbers of children do not match"
                     + (f", with the symmetric difference of key sets: {{{diff}}}" if diff else ""))]
        if k1 != k2:
            return [(path, f"{type(t1)} with pytree metadata {tuple(k1)}", f"{type(t2)} with pytree metadata "
                     f"{tuple(k2)}", "the pytree node metadata does not match"
                     + (f", with the symmetric difference of key sets: {{{diff}}}" if diff else ""))]
    if a is None:
        return []
    return [e for (k, c1), (_, c2) in zip(children(t1), children(t2)) for e in equality_errors(c1, c2, (*path, k))]


def treedef_equality_errors(td1: tree.TreeDef, td2: tree.TreeDef) -> list[Difference]:
    return equality_errors(skeleton(td1), skeleton(td2))
