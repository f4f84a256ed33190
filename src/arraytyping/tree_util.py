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

Key paths name where each leaf sits (:func:`tree_flatten_with_path`, :func:`keystr`):

>>> " ".join(keystr(path, simple=True, separator="/") for path, _ in tree_leaves_with_path({"b": [1, 2], "a": (3,)}))
'a/0 b/0 b/1'
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, Final, TypeVar

from arraytyping._src.tree import functions as _fn
from arraytyping._src.tree import pytree as _tree
from arraytyping._src.tree.keys import DictKey, FlattenedIndexKey, GetAttrKey, SequenceKey, keystr
from arraytyping._src.tree.partial import Partial
from arraytyping._src.tree.pytree import TreeDef as PyTreeDef

__all__ = ["DictKey", "FlattenedIndexKey", "GetAttrKey", "KeyEntry", "KeyPath", "Partial", "PyTreeDef",
           "SequenceKey", "all_leaves", "flatten_one_level", "flatten_one_level_with_keys", "is_tree_node", "keystr",
           "register_dataclass", "register_pytree_node", "register_pytree_node_class", "register_pytree_with_keys",
           "register_pytree_with_keys_class", "register_static", "tree_all", "tree_broadcast", "tree_flatten",
           "tree_flatten_with_path", "tree_leaves", "tree_leaves_with_path", "tree_map", "tree_map_with_path",
           "tree_reduce", "tree_reduce_associative", "tree_structure", "tree_transpose", "tree_unflatten",
           "treedef_children", "treedef_is_leaf", "treedef_tuple", "default_registry"]

T = TypeVar("T")
H = TypeVar("H", bound=Hashable)
Typ = TypeVar("Typ", bound=type[Any])
KeyEntry = TypeVar("KeyEntry", bound=Any)
"""An entry of a key path: :class:`SequenceKey`, :class:`DictKey`, :class:`GetAttrKey`, :class:`FlattenedIndexKey`
or what a key-aware registered node gives."""
KeyPath = tuple[KeyEntry, ...]
"""The keys from the root of a tree to one of its leaves."""


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


def tree_flatten_with_path(tree: Any, is_leaf: Callable[..., bool] | None = None, is_leaf_takes_path: bool = False
                           ) -> tuple[list[tuple[tuple[Any, ...], Any]], PyTreeDef]:
    """The leaves of ``tree`` each with its key path, and its structure. ``is_leaf(node)`` (``is_leaf(path, node)``
    when ``is_leaf_takes_path``) true makes a node a leaf."""
    return _tree.flatten_with_path(tree, _path_is_leaf(is_leaf, is_leaf_takes_path))


def tree_leaves_with_path(tree: Any, is_leaf: Callable[..., bool] | None = None, is_leaf_takes_path: bool = False
                          ) -> list[tuple[tuple[Any, ...], Any]]:
    """The leaves of ``tree``, left to right, each with its key path."""
    return _tree.flatten_with_path(tree, _path_is_leaf(is_leaf, is_leaf_takes_path))[0]


def tree_map_with_path(f: Callable[..., Any], tree: Any, *rest: Any, is_leaf: Callable[..., bool] | None = None,
                       is_leaf_takes_path: bool = False) -> Any:
    """As :func:`tree_map`, ``f`` called with each leaf's key path first: ``f(path, leaf, *subtrees of rest)``."""
    pairs, treedef = _tree.flatten_with_path(tree, _path_is_leaf(is_leaf, is_leaf_takes_path))
    others = [treedef.flatten_up_to(r) for r in rest]
    return _tree.unflatten(treedef, [f(p, x, *xs) for (p, x), *xs in zip(pairs, *others)])


def _path_is_leaf(is_leaf: Callable[..., bool] | None, takes_path: bool
                  ) -> Callable[[tuple[Any, ...], Any], bool]:
    """The leaf test of the key-path functions: the user's ``is_leaf``, and the carriers (key arrays) are leaves."""
    if is_leaf is None:
        return lambda _, x: _tree.is_carrier(x)
    user = is_leaf
    if takes_path:
        return lambda p, x: _tree.is_carrier(x) or bool(user(p, x))
    return lambda _, x: _tree.is_carrier(x) or bool(user(x))


def tree_transpose(outer_treedef: PyTreeDef, inner_treedef: PyTreeDef | None, pytree_to_transpose: Any) -> Any:
    """A tree of structure ``outer_treedef`` whose leaves are trees of structure ``inner_treedef`` turned into a
    tree of structure ``inner_treedef`` whose leaves are trees of structure ``outer_treedef``. ``inner_treedef``
    ``None`` is inferred from the first subtree. A tree of another size is a ``TypeError``."""
    return _fn.transpose(outer_treedef, inner_treedef, pytree_to_transpose, _tree.user_is_leaf(None))


def tree_broadcast(prefix_tree: Any, full_tree: Any, is_leaf: Callable[[Any], bool] | None = None) -> Any:
    """A tree of ``full_tree``'s structure holding, at each leaf, the leaf of ``prefix_tree`` above it
    (``prefix_tree`` must be a prefix of ``full_tree``: else a ``ValueError``)."""
    out = _fn.broadcast_prefix(prefix_tree, full_tree, _tree.user_is_leaf(is_leaf))
    return _tree.unflatten(_tree.structure(full_tree, _tree.user_is_leaf(None)), out)


def tree_all(tree: Any, *, is_leaf: Callable[[Any], bool] | None = None) -> bool:
    """Every leaf of ``tree`` is true (``bool(leaf)``); true for a tree without leaves."""
    return all(_tree.leaves(tree, _tree.user_is_leaf(is_leaf)))


def all_leaves(iterable: Iterable[Any], is_leaf: Callable[[Any], bool] | None = None) -> bool:
    """Every element of ``iterable`` is a leaf (``None`` is not: it is a node without children)."""
    return _fn.all_leaves(iterable, _tree.user_is_leaf(is_leaf))


def is_tree_node(typ: type) -> bool:
    """``typ`` is a pytree node type: built in (``None``'s type included), a named tuple or registered."""
    return _tree.is_registered(typ)


def flatten_one_level(tree: Any) -> tuple[Iterable[Any], Hashable]:
    """The children of the pytree node ``tree`` and its metadata (a ``ValueError`` for a leaf)."""
    return _fn.flatten_one_level(tree)


def flatten_one_level_with_keys(tree: Any) -> tuple[Iterable[tuple[Any, Any]], Hashable]:
    """The ``(key, child)`` pairs of the pytree node ``tree`` and its metadata (a ``ValueError`` for a leaf)."""
    return _fn.flatten_one_level_with_keys(tree)


def treedef_children(treedef: PyTreeDef) -> list[PyTreeDef]:
    """The structures of the root's children."""
    return treedef.children()


def treedef_is_leaf(treedef: PyTreeDef) -> bool:
    """``treedef`` has a single node (a leaf, or a node without children such as ``None``)."""
    return treedef.num_nodes == 1


def treedef_tuple(treedefs: Iterable[PyTreeDef]) -> PyTreeDef:
    """The structure of a tuple whose children have the structures ``treedefs``."""
    kids = tuple(treedefs)
    return PyTreeDef("tuple", len(kids), kids)


_MISSING: Any = object()


def tree_reduce(function: Callable[[T, Any], T], tree: Any, initializer: Any = _MISSING,
                is_leaf: Callable[[Any], bool] | None = None) -> T:
    """``functools.reduce(function, tree_leaves(tree))``, from ``initializer`` when given."""
    leaves = _tree.leaves(tree, _tree.user_is_leaf(is_leaf))
    out: T = functools.reduce(function, leaves) if initializer is _MISSING else \
        functools.reduce(function, leaves, initializer)
    return out


def tree_reduce_associative(operation: Callable[[T, T], T], tree: Any, *, identity: Any = _MISSING,
                            is_leaf: Callable[[Any], bool] | None = None) -> T:
    """``operation`` (associative) folded over the leaves of ``tree`` as a balanced tree; ``identity`` is the
    result for a tree without leaves (else a ``TypeError``)."""
    leaves: list[T] = _tree.leaves(tree, _tree.user_is_leaf(is_leaf))
    out: T = _fn.parallel_reduce(leaves, operation, _fn.Unspecified() if identity is _MISSING else identity)
    return out


def register_pytree_node(nodetype: type[T], flatten_func: Callable[[T], tuple[Sequence[Any], Any]],
                         unflatten_func: Callable[[Any, Sequence[Any]], T],
                         flatten_with_keys_func: Callable[[T], tuple[Sequence[tuple[Any, Any]], Any]] | None = None
                         ) -> None:
    """Make ``nodetype`` a pytree node: ``flatten_func(x)`` gives ``(children, aux_data)`` and
    ``unflatten_func(aux_data, children)`` rebuilds ``x``. ``aux_data`` is static under ``jit``: it must be hashable
    and comparable. ``flatten_with_keys_func(x)`` gives ``((key, child) pairs, aux_data)``: the keys of the
    children in key paths (else :class:`FlattenedIndexKey`). Registering a type twice is a ``ValueError``."""
    _tree.register_pytree_node(nodetype, flatten_func, unflatten_func, flatten_with_keys_func)


def register_pytree_with_keys(nodetype: type[T],
                              flatten_with_keys: Callable[[T], tuple[Iterable[tuple[Any, Any]], Any]],
                              unflatten_func: Callable[[Any, Sequence[Any]], T],
                              flatten_func: Callable[[T], tuple[Sequence[Any], Any]] | None = None) -> None:
    """Make ``nodetype`` a pytree node whose children have keys: ``flatten_with_keys(x)`` gives
    ``((key, child) pairs, aux_data)``, ``unflatten_func(aux_data, children)`` rebuilds ``x``; ``flatten_func``,
    optional, gives the same children and ``aux_data`` without keys."""
    with_keys = flatten_with_keys

    def without_keys(x: T) -> tuple[Sequence[Any], Any]:
        pairs, aux = with_keys(x)
        return [c for _, c in pairs], aux

    _tree.register_pytree_node(nodetype, flatten_func or without_keys, unflatten_func, flatten_with_keys)


def register_pytree_node_class(cls: Typ) -> Typ:
    """Make the class ``cls`` a pytree node through its methods: ``x.tree_flatten()`` gives
    ``(children, aux_data)`` and the class method ``cls.tree_unflatten(aux_data, children)`` rebuilds ``x``.
    Returns ``cls`` (a decorator)."""
    _tree.register_pytree_node(cls, operator.methodcaller("tree_flatten"), getattr(cls, "tree_unflatten"))
    return cls


def register_pytree_with_keys_class(cls: Typ) -> Typ:
    """As :func:`register_pytree_node_class`, flattening through ``x.tree_flatten_with_keys()`` (and
    ``x.tree_flatten()`` when the class has it). Returns ``cls``."""
    flatten = operator.methodcaller("tree_flatten") if hasattr(cls, "tree_flatten") else None
    register_pytree_with_keys(cls, operator.methodcaller("tree_flatten_with_keys"), getattr(cls, "tree_unflatten"),
                              flatten)
    return cls


def register_static(cls: type[H]) -> type[H]:
    """Make ``cls`` (hashable) a pytree node without children, its instances the auxiliary data: static under
    ``jit`` without ``static_argnums``. Returns ``cls``."""
    register_pytree_with_keys(cls, lambda obj: ((), obj), lambda obj, _: obj)
    return cls


def register_dataclass(nodetype: Typ, data_fields: Sequence[str] | None = None,
                       meta_fields: Sequence[str] | None = None, drop_fields: Sequence[str] = ()) -> Typ:
    """Make a dataclass (or any class built from keyword arguments) a pytree node, as JAX 0.10.2's
    ``register_dataclass``: ``data_fields`` are its children, ``meta_fields`` its static auxiliary data. For a
    dataclass both can be left out (also as a decorator): fields are data unless marked
    ``dataclasses.field(metadata=dict(static=True))``. Returns ``nodetype``."""
    _tree.register_dataclass(nodetype, data_fields, meta_fields, drop_fields)
    return nodetype


class PyTreeRegistry:
    """The registry of pytree node types, as JAX's ``jax.tree_util.default_registry`` is one: its methods flatten
    trees and register node types (what the module's functions do, with the registry's names and signatures).

    Example::

        >>> from arraytyping.tree_util import default_registry
        >>> default_registry.flatten([1, (2, 3)])
        ([1, 2, 3], PyTreeDef([*, (*, *)]))
    """

    def flatten(self, tree: Any, leaf_predicate: Callable[[Any], bool] | None = None
                ) -> tuple[list[Any], PyTreeDef]:
        """The leaves of ``tree`` and its structure (:func:`tree_flatten`)."""
        return tree_flatten(tree, leaf_predicate)

    def flatten_one_level(self, tree: Any) -> tuple[Iterable[Any], Any] | None:
        """The children of the node ``tree`` and its metadata; ``None`` for a leaf."""
        node: object = tree
        tree_type = type(node)
        if not is_tree_node(tree_type):
            return None
        return flatten_one_level(tree)

    def flatten_one_level_with_keys(self, tree: Any) -> tuple[Iterable[tuple[Any, Any]], Any] | None:
        """The ``(key, child)`` pairs of the node ``tree`` and its metadata; ``None`` for a leaf."""
        node: object = tree
        tree_type = type(node)
        if not is_tree_node(tree_type):
            return None
        return flatten_one_level_with_keys(tree)

    def flatten_with_path(self, tree: Any, leaf_predicate: Callable[[Any, Any], bool] | None = None
                          ) -> tuple[list[tuple[tuple[Any, ...], Any]], PyTreeDef]:
        """The leaves of ``tree`` each with its key path, and its structure; ``leaf_predicate(path, node)`` true
        makes a node a leaf."""
        return tree_flatten_with_path(tree, leaf_predicate, is_leaf_takes_path=True)

    def is_node(self, type: type) -> bool:  # noqa: A002 - JAX's parameter name
        """Whether ``type`` is a pytree node type (:func:`is_tree_node`)."""
        return is_tree_node(type)

    def register_node(self, type: type[T], to_iterable: Callable[[T], tuple[Sequence[Any], Any]],  # noqa: A002
                      from_iterable: Callable[[Any, Sequence[Any]], T],
                      to_iterable_with_keys: Callable[[T], tuple[Sequence[tuple[Any, Any]], Any]] | None = None
                      ) -> None:
        """Make ``type`` a pytree node (:func:`register_pytree_node`)."""
        register_pytree_node(type, to_iterable, from_iterable, to_iterable_with_keys)

    def register_dataclass_node(self, type: type[Any], data_fields: Sequence[str],  # noqa: A002
                                meta_fields: Sequence[str], /) -> None:
        """Make ``type`` a pytree node of ``data_fields`` children and ``meta_fields`` metadata
        (:func:`register_dataclass`)."""
        register_dataclass(type, data_fields, meta_fields)


default_registry: Final = PyTreeRegistry()
"""The registry every function of this module uses (JAX's ``jax.tree_util.default_registry``)."""
