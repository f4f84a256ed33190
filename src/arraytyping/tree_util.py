"""Pytrees (as ``jax.tree_util``): flatten nested containers to their leaves and rebuild them.

Tuples, lists, dicts (children in sorted key order), ``None`` (a node without children), named tuples,
``collections.OrderedDict`` and ``collections.defaultdict`` are nodes; anything else is a leaf unless registered with
:func:`register_pytree_node` or :func:`register_dataclass`. :func:`arraytyping.jit`, :func:`arraytyping.grad` and
the other transformations take and return pytrees of arrays.

>>> leaves, treedef = tree_flatten({"b": [1, 2], "a": (3, None)})
>>> leaves
[3, 1, 2]
>>> treedef
PyTreeDef({'a': (*, None), 'b': [*, *]})
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from arraytyping._src.tree import pytree as _tree
from arraytyping._src.tree.pytree import TreeDef as PyTreeDef

__all__ = ["PyTreeDef", "register_dataclass", "register_pytree_node", "tree_flatten", "tree_leaves", "tree_map",
           "tree_reduce", "tree_structure", "tree_unflatten"]

T = TypeVar("T")
Typ = TypeVar("Typ", bound=type[Any])


def tree_flatten(tree: Any, is_leaf: Callable[[Any], bool] | None = None) -> tuple[list[Any], PyTreeDef]:
    """The leaves of ``tree``, left to right, and its structure. A node for which ``is_leaf`` is true is a leaf."""
    return _tree.flatten(tree, _tree.user_is_leaf(is_leaf))


def tree_unflatten(treedef: PyTreeDef, leaves: Iterable[Any]) -> Any:
    """The tree of structure ``treedef`` whose leaves are ``leaves`` (exactly ``treedef.num_leaves`` of them, else a
    ``ValueError``)."""
    return _tree.unflatten(treedef, leaves)


def tree_leaves(tree: Any, is_leaf: Callable[[Any], bool] | None = None) -> list[Any]:
    """The leaves of ``tree``, left to right."""
    return _tree.leaves(tree, _tree.user_is_leaf(is_leaf))


def tree_structure(tree: Any, is_leaf: Callable[[Any], bool] | None = None) -> PyTreeDef:
    """The structure of ``tree``."""
    return _tree.structure(tree, _tree.user_is_leaf(is_leaf))


def tree_map(f: Callable[..., Any], tree: Any, *rest: Any, is_leaf: Callable[[Any], bool] | None = None) -> Any:
    """A tree of ``tree``'s structure holding ``f(leaf, *corresponding subtrees of rest)``: each tree in ``rest``
    must have ``tree``'s structure down to its leaves (a ``ValueError`` says where it differs)."""
    return _tree.tree_map(f, tree, *rest, is_leaf=_tree.user_is_leaf(is_leaf))


_MISSING: Any = object()


def tree_reduce(function: Callable[[T, Any], T], tree: Any, initializer: Any = _MISSING,
                is_leaf: Callable[[Any], bool] | None = None) -> T:
    """``functools.reduce(function, tree_leaves(tree))``, from ``initializer`` when given."""
    leaves = _tree.leaves(tree, _tree.user_is_leaf(is_leaf))
    out: T = functools.reduce(function, leaves) if initializer is _MISSING else \
        functools.reduce(function, leaves, initializer)
    return out


def register_pytree_node(nodetype: type[T], flatten_func: Callable[[T], tuple[Sequence[Any], Any]],
                         unflatten_func: Callable[[Any, Sequence[Any]], T],
                         flatten_with_keys_func: Callable[[T], tuple[Sequence[tuple[Any, Any]], Any]] | None = None
                         ) -> None:
    """Make ``nodetype`` a pytree node: ``flatten_func(x)`` gives ``(children, aux_data)`` and
    ``unflatten_func(aux_data, children)`` rebuilds ``x``. ``aux_data`` is static under ``jit``: it must be hashable
    and comparable. (``flatten_with_keys_func`` is accepted for JAX compatibility; key paths are not supported.)
    Registering a type twice is a ``ValueError``."""
    del flatten_with_keys_func
    _tree.register_pytree_node(nodetype, flatten_func, unflatten_func)


def register_dataclass(nodetype: Typ, data_fields: Sequence[str] | None = None,
                       meta_fields: Sequence[str] | None = None, drop_fields: Sequence[str] = ()) -> Typ:
    """Make a dataclass (or any class built from keyword arguments) a pytree node, as JAX 0.10.2's
    ``register_dataclass``: ``data_fields`` are its children, ``meta_fields`` its static auxiliary data. For a
    dataclass both can be left out (also as a decorator): fields are data unless marked
    ``dataclasses.field(metadata=dict(static=True))``. Returns ``nodetype``."""
    _tree.register_dataclass(nodetype, data_fields, meta_fields, drop_fields)
    return nodetype
