"""The pytree functions of JAX 0.10.2's ``jax.tree_util`` beyond flattening: one-level flattening, transposing
a tree of trees, broadcasting a prefix tree, the leaf tests and associative reduction (as JAX defines each)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from arraytyping._src.tree import pytree

__all__ = ["flatten_one_level", "flatten_one_level_with_keys", "transpose", "broadcast_prefix", "all_leaves",
           "parallel_reduce"]

T = TypeVar("T")


def _one_level(tree: Any) -> tuple[str, Any, list[tuple[Any, Any]]]:
    parts = None if pytree.is_carrier(tree) else pytree.keyed_node(tree)
    if parts is None:
        raise ValueError(f"can't tree-flatten type: {type(tree)}")
    return parts


def _metadata(kind: str, aux: Any) -> Any:
    if kind in ("tuple", "list", "none"):
        return None
    if kind == "custom":
        return aux[1]
    return aux  # dict: the sorted keys; named tuple: the class


def flatten_one_level(tree: Any) -> tuple[Sequence[Any], Any]:
    """The children of the node ``tree`` and its metadata (a ``ValueError`` for a leaf)."""
    kind, aux, pairs = _one_level(tree)
    obj: object = tree
    if type(obj) in (tuple, list):
        seq: Sequence[Any] = tree
        return seq, None
    children = [c for _, c in pairs]
    return (tuple(children) if kind in ("dict", "none") else children), _metadata(kind, aux)


def flatten_one_level_with_keys(tree: Any) -> tuple[Sequence[tuple[Any, Any]], Any]:
    """The ``(key, child)`` pairs of the node ``tree`` and its metadata (a ``ValueError`` for a leaf)."""
    kind, aux, pairs = _one_level(tree)
    return (tuple(pairs) if kind in ("tuple", "list", "dict", "none") else pairs), _metadata(kind, aux)


def transpose(outer: pytree.TreeDef, inner: pytree.TreeDef | None, tree: Any,
              is_leaf: Callable[[Any], bool] | None) -> Any:
    """``tree``, of structure ``outer`` composed with ``inner``, as a tree of structure ``inner`` composed with
    ``outer``; ``inner`` inferred from the first subtree when ``None``."""
    flat, treedef = pytree.flatten(tree, is_leaf)
    if inner is None:
        inner = pytree.structure(outer.flatten_up_to(tree)[0], is_leaf)
    inner_size, outer_size = inner.num_leaves, outer.num_leaves
    if treedef.num_leaves != inner_size * outer_size:
        raise TypeError(f"Mismatch\n{treedef}\n != \n{outer.compose(inner)}")
    rows = [flat[i * inner_size:(i + 1) * inner_size] for i in range(outer_size)]
    return pytree.unflatten(inner, [pytree.unflatten(outer, list(col)) for col in zip(*rows)])


def broadcast_prefix(prefix_tree: Any, full_tree: Any, is_leaf: Callable[[Any], bool] | None) -> list[Any]:
    """A leaf of ``prefix_tree`` for each leaf of ``full_tree``: each prefix leaf repeated over the leaves of the
    subtree it stands at (a ``ValueError`` when ``prefix_tree`` is not a prefix of ``full_tree``)."""
    prefix_leaves, prefix_def = pytree.flatten(prefix_tree, is_leaf)
    out: list[Any] = []
    for leaf, sub in zip(prefix_leaves, prefix_def.flatten_up_to(full_tree)):
        out.extend([leaf] * pytree.structure(sub, pytree.user_is_leaf(None)).num_leaves)
    return out


def all_leaves(iterable: Iterable[Any], is_leaf: Callable[[Any], bool] | None) -> bool:
    """Every item of ``iterable`` is a leaf (``None`` is not: it is a node without children)."""
    items = list(iterable)
    found = pytree.leaves(items, is_leaf)
    return len(found) == len(items) and all(a is b for a, b in zip(items, found))


class Unspecified:
    """The default of an optional argument that may be ``None``."""


def parallel_reduce(sequence: Sequence[T], operation: Callable[[T, T], T], identity: T | Unspecified) -> T:
    """``operation`` folded over ``sequence`` as a balanced tree (halves reduced, then combined)."""
    n = len(sequence)
    if n == 0:
        if isinstance(identity, Unspecified):
            raise TypeError("Must specify identity for parallel reduction of empty sequence.")
        return identity
    if n == 1:
        return sequence[0]
    half = n // 2
    return operation(parallel_reduce(sequence[:half], operation, identity),
                     parallel_reduce(sequence[half:], operation, identity))
