"""Pytrees, as JAX 0.10.2 defines them: nested containers whose leaves are values (arrays, scalars, anything not
registered as a container).

Built-in nodes: ``tuple``, ``list``, ``dict`` (children in sorted key order), ``None`` (a node without children),
named tuples, ``collections.OrderedDict`` (insertion order) and ``collections.defaultdict`` (sorted keys). Other types
become nodes through :func:`register_pytree_node` or :func:`register_dataclass`. A node type is looked up by its
exact type, as in JAX: a subclass of ``list`` or ``dict`` that is not registered is a leaf.

:func:`flatten` gives the leaves and a :class:`TreeDef` (``PyTreeDef`` in :mod:`arraytyping.tree_util`), which
prints, compares and hashes as JAX's; :func:`unflatten` rebuilds the tree. ``jit`` uses both for its arguments and
results, the transformations for theirs.
"""

from __future__ import annotations

import collections
import dataclasses
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, TypeVar

from arraytyping._src.tree.keys import DictKey, FlattenedIndexKey, GetAttrKey, SequenceKey

__all__ = ["TreeDef", "LEAF", "AttrKey", "KeyPath", "flatten", "flatten_keyed", "flatten_with_path", "keyed_node",
           "unflatten", "leaves", "structure", "tree_map",
           "register_pytree_node", "register_dataclass", "register_carrier", "user_is_leaf", "is_carrier",
           "is_registered", "is_node", "node_children", "PyTreeStructureError"]

T = TypeVar("T")

Children = Sequence[Any]
FlattenFn = Callable[[Any], tuple[Children, Any]]
UnflattenFn = Callable[[Any, Children], Any]
FlattenWithKeysFn = Callable[[Any], tuple[Iterable[tuple[Any, Any]], Any]]
KeyPath = tuple[Any, ...]


class PyTreeStructureError(ValueError):
    """Two trees that must have one structure do not (a ``ValueError``, as JAX raises)."""


AttrKey = GetAttrKey
"""The key of a child that is an attribute, printed ``.name`` in a key path (JAX's ``GetAttrKey``)."""


class _Node:
    """How a registered container type splits into children and auxiliary data, and back (``fields``: the
    attribute names of the children, for a registered dataclass; ``flatten_with_keys``: the children with their
    keys, when registered key-aware)."""

    __slots__ = ("name", "flatten", "unflatten", "fields", "flatten_with_keys")

    def __init__(self, name: str, flatten: FlattenFn, unflatten: UnflattenFn,
                 fields: tuple[str, ...] | None = None, flatten_with_keys: FlattenWithKeysFn | None = None) -> None:
        self.name = name
        self.flatten = flatten
        self.unflatten = unflatten
        self.fields = fields
        self.flatten_with_keys = flatten_with_keys


def _sorted_keys(mapping: dict[Any, Any]) -> tuple[Any, ...]:
    try:
        return tuple(sorted(mapping))
    except TypeError:
        raise ValueError("Comparator raised exception while sorting pytree dictionary keys.") from None


def _flatten_defaultdict(d: collections.defaultdict[Any, Any]) -> tuple[Children, Any]:
    keys = _sorted_keys(d)
    return [d[k] for k in keys], (d.default_factory, keys)


def _unflatten_defaultdict(aux: Any, children: Children) -> Any:
    factory, keys = aux
    return collections.defaultdict(factory, zip(keys, children))


def _flatten_ordereddict(d: collections.OrderedDict[Any, Any]) -> tuple[Children, Any]:
    keys = tuple(d)
    return [d[k] for k in keys], keys


def _keyed_mapping(flatten: FlattenFn, keys_of: Callable[[Any], tuple[Any, ...]]) -> FlattenWithKeysFn:
    def flatten_with_keys(d: Any) -> tuple[list[tuple[Any, Any]], Any]:
        children, aux = flatten(d)
        return [(DictKey(k), c) for k, c in zip(keys_of(aux), children)], aux
    return flatten_with_keys


_CUSTOM: dict[type, _Node] = {
    collections.OrderedDict: _Node("OrderedDict", _flatten_ordereddict,
                                   lambda keys, ch: collections.OrderedDict(zip(keys, ch)),
                                   flatten_with_keys=_keyed_mapping(_flatten_ordereddict, lambda keys: keys)),
    collections.defaultdict: _Node("defaultdict", _flatten_defaultdict, _unflatten_defaultdict,
                                   flatten_with_keys=_keyed_mapping(_flatten_defaultdict, lambda aux: aux[1])),
}
"""Registered node types (besides tuple, list, dict, None and named tuples, handled inline)."""

_USER_LEAVES: set[type] = set()
"""Node types the transformations see through that are leaves to :mod:`arraytyping.tree_util`'s users: typed key
arrays, which JAX's pytrees hold as leaves and its transformations carry as key data (:func:`register_carrier`)."""


class TreeDef:
    """The structure of a pytree (JAX's ``PyTreeDef``): a node kind, its auxiliary data and its children.

    ``kind`` is ``"leaf"``, ``"none"``, ``"tuple"``, ``"list"``, ``"dict"``, ``"namedtuple"`` or ``"custom"``;
    ``aux`` is the length (tuple, list), the sorted keys (dict), the class (named tuple) or ``(type, aux_data)``
    (registered types). Equal structures compare and hash equal (auxiliary data compared with ``==``)."""

    __slots__ = ("kind", "aux", "subtrees", "num_leaves", "num_nodes", "_hash")
    kind: str
    aux: Any
    subtrees: tuple[TreeDef, ...]
    num_leaves: int
    num_nodes: int

    def __init__(self, kind: str, aux: Any, children: tuple[TreeDef, ...]) -> None:
        self.kind = kind
        self.aux = aux
        self.subtrees = children
        if kind == "leaf":
            self.num_leaves = 1
            self.num_nodes = 1
        else:
            self.num_leaves = sum(c.num_leaves for c in children)
            self.num_nodes = 1 + sum(c.num_nodes for c in children)
        self._hash: int | None = None

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        return (isinstance(other, TreeDef) and self.kind == other.kind and self.num_leaves == other.num_leaves
                and self.aux == other.aux and self.subtrees == other.subtrees)

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            h = self._hash = hash((self.kind, hashable_aux(self.aux), self.subtrees))
        return h

    def unflatten(self, leaves: Iterable[Any]) -> Any:
        """The tree of this structure whose leaves are ``leaves``."""
        return unflatten(self, leaves)

    def children(self) -> list[TreeDef]:
        """The structures of the root's children (none for a leaf)."""
        return list(self.subtrees)

    def compose(self, inner: TreeDef) -> TreeDef:
        """This structure with ``inner`` in place of each of its leaves."""
        if self.kind == "leaf":
            return inner
        return TreeDef(self.kind, self.aux, tuple(c.compose(inner) for c in self.subtrees))

    def flatten_up_to(self, tree: Any) -> list[Any]:
        """The subtrees of ``tree`` at this structure's leaves (``tree`` must have this structure down to them)."""
        out: list[Any] = []
        _flatten_up_to(self, tree, out, "tree")
        return out

    def node_data(self) -> tuple[type, Any] | None:
        """``(node type, auxiliary data)`` of the root; ``None`` for a leaf."""
        if self.kind == "leaf":
            return None
        return _node_type(self), self.aux

    def __repr__(self) -> str:
        return f"PyTreeDef({_pp(self)})"

    __str__ = __repr__


def _node_type(td: TreeDef) -> type:
    if td.kind == "none":
        return type(None)
    if td.kind in ("tuple", "list", "dict"):
        return {"tuple": tuple, "list": list, "dict": dict}[td.kind]
    if td.kind == "namedtuple":
        cls: type = td.aux
        return cls
    tp: type = td.aux[0]
    return tp


def _pp(td: TreeDef) -> str:
    kind = td.kind
    if kind == "leaf":
        return "*"
    if kind == "none":
        return "None"
    kids = [_pp(c) for c in td.subtrees]
    if kind == "tuple":
        return "(" + kids[0] + ",)" if len(kids) == 1 else "(" + ", ".join(kids) + ")"
    if kind == "list":
        return "[" + ", ".join(kids) + "]"
    if kind == "dict":
        return "{" + ", ".join(f"{k!r}: {v}" for k, v in zip(td.aux, kids)) + "}"
    if kind == "namedtuple":
        return f"CustomNode(namedtuple[{td.aux.__name__}], [{', '.join(kids)}])"
    tp, data = td.aux
    name = _CUSTOM[tp].name if tp in _CUSTOM else tp.__name__
    return f"CustomNode({name}[{data}], [{', '.join(kids)}])"


LEAF: Final = TreeDef("leaf", None, ())
_NONE: Final = TreeDef("none", None, ())
_EMPTY_TUPLE: Final = TreeDef("tuple", 0, ())


def _is_namedtuple(tp: type) -> bool:
    return hasattr(tp, "_fields") and issubclass(tp, tuple)


def flatten_with_path(x: Any, is_leaf: Callable[[KeyPath, Any], bool] | None = None
                      ) -> tuple[list[tuple[KeyPath, Any]], TreeDef]:
    """The leaves of ``x`` with their key paths (tuples of :mod:`.keys` entries), and its structure.
    ``is_leaf(path, node)`` true makes a node a leaf."""
    out: list[tuple[KeyPath, Any]] = []
    return out, _flatten_path(x, (), out, is_leaf)


def _flatten_path(x: Any, path: KeyPath, out: list[tuple[KeyPath, Any]],
                  is_leaf: Callable[[KeyPath, Any], bool] | None) -> TreeDef:
    if is_leaf is not None and is_leaf(path, x):
        out.append((path, x))
        return LEAF
    parts = keyed_node(x)
    if parts is None:
        out.append((path, x))
        return LEAF
    kind, aux, kids = parts
    if kind == "tuple" and not kids:
        return _EMPTY_TUPLE
    if kind == "none":
        return _NONE
    return TreeDef(kind, aux, tuple(_flatten_path(c, (*path, k), out, is_leaf) for k, c in kids))


def keyed_node(x: Any) -> tuple[str, Any, list[tuple[Any, Any]]] | None:
    """The root node of ``x`` as (kind, auxiliary data, ``(key, child)`` pairs) as :class:`TreeDef` holds it, the
    keys as JAX's key paths name them; ``None`` for a leaf."""
    obj: object = x  # tested unnarrowed: the containers' items stay ``Any``
    tp = type(obj)
    if tp is tuple or tp is list:
        seq: Sequence[Any] = x
        return "tuple" if tp is tuple else "list", len(seq), [(SequenceKey(i), c) for i, c in enumerate(seq)]
    if tp is dict:
        mapping: dict[Any, Any] = x
        keys = _sorted_keys(mapping)
        return "dict", keys, [(DictKey(k), mapping[k]) for k in keys]
    if x is None:
        return "none", None, []
    node = _CUSTOM.get(tp)
    if node is not None:
        if node.flatten_with_keys is not None:
            pairs, aux = node.flatten_with_keys(x)
            return "custom", (tp, aux), [(k, c) for k, c in pairs]
        children, aux = node.flatten(x)
        keys_: list[Any] = [GetAttrKey(f) for f in node.fields] if node.fields is not None else \
            [FlattenedIndexKey(i) for i in range(len(children))]
        return "custom", (tp, aux), list(zip(keys_, children))
    if _is_namedtuple(tp):
        fields: tuple[Any, ...] = x
        return "namedtuple", tp, [(GetAttrKey(f), c) for f, c in zip(getattr(tp, "_fields"), fields)]
    return None


def flatten(x: Any, is_leaf: Callable[[Any], bool] | None = None) -> tuple[list[Any], TreeDef]:
    """The leaves of ``x`` (left to right) and its structure. ``is_leaf(node)`` true makes a node a leaf."""
    out: list[Any] = []
    return out, _flatten(x, out, is_leaf)


def _flatten(x: Any, leaves: list[Any], is_leaf: Callable[[Any], bool] | None) -> TreeDef:
    obj: object = x  # tested unnarrowed: the containers' items stay ``Any``
    tp = type(obj)
    if is_leaf is not None and is_leaf(x):
        leaves.append(x)
        return LEAF
    if tp is tuple:
        items: tuple[Any, ...] = x
        if not items:
            return _EMPTY_TUPLE
        return TreeDef("tuple", len(items), tuple(_flatten(c, leaves, is_leaf) for c in items))
    if tp is list:
        seq: list[Any] = x
        return TreeDef("list", len(seq), tuple(_flatten(c, leaves, is_leaf) for c in seq))
    if tp is dict:
        mapping: dict[Any, Any] = x
        keys = _sorted_keys(mapping)
        return TreeDef("dict", keys, tuple(_flatten(mapping[k], leaves, is_leaf) for k in keys))
    if x is None:
        return _NONE
    node = _CUSTOM.get(tp)
    if node is not None:
        children, aux = node.flatten(x)
        return TreeDef("custom", (tp, aux), tuple(_flatten(c, leaves, is_leaf) for c in children))
    if _is_namedtuple(tp):
        fields: tuple[Any, ...] = x
        return TreeDef("namedtuple", tp, tuple(_flatten(c, leaves, is_leaf) for c in fields))
    leaves.append(x)
    return LEAF


class _ByEquality:
    """Auxiliary data that cannot be hashed (a registered node's dict of static fields), in a cache key: equal by
    ``==``, hashed by its type alone (as JAX's tree structures hash with such data)."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _ByEquality) and bool(self.value == other.value)

    def __hash__(self) -> int:
        value: object = self.value
        return hash(type(value))


def hashable_aux(aux: Any) -> Any:
    """``aux`` itself when it can be hashed, else it compared by equality and hashed by its type."""
    try:
        hash(aux)
    except TypeError:
        return _ByEquality(aux)
    return aux


def flatten_keyed(x: Any) -> tuple[list[Any], tuple[Any, ...]]:
    """The leaves of ``x`` and a flat, hashable key of its structure (equal keys, equal structures): the node
    descriptors in preorder. Cheaper to build and hash than a :class:`TreeDef` (``jit``'s cache key)."""
    leaves: list[Any] = []
    desc: list[Any] = []
    _flatten_keyed(x, leaves, desc)
    return leaves, tuple(desc)


def _flatten_keyed(x: Any, leaves: list[Any], desc: list[Any]) -> None:
    obj: object = x  # tested unnarrowed: the containers' items stay ``Any``
    tp = type(obj)
    if tp is tuple or tp is list:
        seq: Sequence[Any] = x
        desc.append((tp, len(seq)))
        for c in seq:
            _flatten_keyed(c, leaves, desc)
    elif tp is dict:
        mapping: dict[Any, Any] = x
        keys = _sorted_keys(mapping)
        desc.append(keys)
        for k in keys:
            _flatten_keyed(mapping[k], leaves, desc)
    elif x is None:
        desc.append(None)
    elif tp in _CUSTOM:
        children, aux = _CUSTOM[tp].flatten(x)
        desc.append((tp, hashable_aux(aux), len(children)))
        for c in children:
            _flatten_keyed(c, leaves, desc)
    elif _is_namedtuple(tp):
        fields: tuple[Any, ...] = x
        desc.append((tp, len(fields)))
        for c in fields:
            _flatten_keyed(c, leaves, desc)
    else:
        desc.append(0)
        leaves.append(x)


def unflatten(treedef: TreeDef, leaves: Iterable[Any]) -> Any:
    """The tree of structure ``treedef`` with ``leaves`` (exactly ``treedef.num_leaves`` of them)."""
    items = leaves if isinstance(leaves, list) else list(leaves)
    n = len(items)
    if n != treedef.num_leaves:
        if n < treedef.num_leaves:
            raise ValueError(f"Too few leaves for PyTreeDef; expected {treedef.num_leaves}, got {n}")
        raise ValueError(f"Too many leaves for PyTreeDef; expected {treedef.num_leaves}.")
    if treedef is LEAF:
        return items[0]
    return _unflatten(treedef, iter(items))


def _unflatten(td: TreeDef, it: Any) -> Any:
    kind = td.kind
    if kind == "leaf":
        return next(it)
    if kind == "none":
        return None
    children = [_unflatten(c, it) for c in td.subtrees]
    if kind == "tuple":
        return tuple(children)
    if kind == "list":
        return children
    if kind == "dict":
        return dict(zip(td.aux, children))
    if kind == "namedtuple":
        return td.aux(*children)
    tp, aux = td.aux
    return _CUSTOM[tp].unflatten(aux, children)


def leaves(x: Any, is_leaf: Callable[[Any], bool] | None = None) -> list[Any]:
    out: list[Any] = []
    _flatten(x, out, is_leaf)
    return out


def structure(x: Any, is_leaf: Callable[[Any], bool] | None = None) -> TreeDef:
    return _flatten(x, [], is_leaf)


def _type_word(td: TreeDef) -> str:
    return "a pytree leaf" if td.kind == "leaf" else repr(_node_type(td))


def _flatten_up_to(td: TreeDef, x: Any, out: list[Any], path: str) -> None:
    if td.kind == "leaf":
        out.append(x)
        return
    sub = structure(x, is_leaf=lambda y: y is not x)  # the root node of ``x`` only
    if sub.kind == "leaf" or _node_type(sub) is not _node_type(td):
        raise PyTreeStructureError(
            f"pytree structure error: different types at key path {path}: the prefix pytree has a subtree of type "
            f"{_type_word(td)} but the full pytree has a subtree of type {_type_word(sub)}.")
    if sub.aux != td.aux:
        what = "lengths" if td.kind in ("tuple", "list") else "metadata"
        raise PyTreeStructureError(
            f"pytree structure error: different {what} of {_node_type(td).__name__} at key path {path}: the prefix "
            f"pytree has {td.aux!r} but the full pytree has {sub.aux!r}.")
    children = _children(x, sub)
    for i, (c, v) in enumerate(zip(td.subtrees, children)):
        _flatten_up_to(c, v, out, f"{path}[{td.aux[i]!r}]" if td.kind == "dict" else f"{path}[{i}]")


def _children(x: Any, td: TreeDef) -> list[Any]:
    """The children of the root node of ``x`` (whose root structure is ``td``)."""
    kind = td.kind
    if kind in ("tuple", "list", "namedtuple"):
        seq: Sequence[Any] = x
        return list(seq)
    if kind == "dict":
        mapping: dict[Any, Any] = x
        return [mapping[k] for k in td.aux]
    if kind == "none":
        return []
    children, _ = _CUSTOM[td.aux[0]].flatten(x)
    return list(children)


def is_node(x: object) -> bool:
    """``x`` is a pytree node with children slots (any registered container; ``None`` is not: it has none)."""
    return x is not None and is_registered(type(x))


def node_children(x: Any) -> list[tuple[Any, Any]]:
    """``(key, child)`` pairs of the node ``x``, in flattening order. Keys are dict keys, sequence indices,
    :class:`AttrKey` for named tuples and registered dataclasses, flat indices for other registered nodes."""
    td = structure(x, is_leaf=lambda y: y is not x)
    kids = _children(x, td)
    if td.kind == "dict" or (td.kind == "custom" and td.aux[0] in (collections.OrderedDict, collections.defaultdict)):
        keys: Sequence[Any] = td.aux if td.kind == "dict" else (td.aux[1] if td.aux[0] is collections.OrderedDict
                                                                  else td.aux[1][1])
        return list(zip(keys, kids))
    if td.kind == "namedtuple":
        return [(AttrKey(f), c) for f, c in zip(td.aux._fields, kids)]
    if td.kind == "custom":
        fields = _CUSTOM[td.aux[0]].fields
        if fields is not None:
            return [(AttrKey(f), c) for f, c in zip(fields, kids)]
    return list(enumerate(kids))


def tree_map(f: Callable[..., Any], tree: Any, *rest: Any, is_leaf: Callable[[Any], bool] | None = None) -> Any:
    """``f`` applied to the leaves of ``tree`` and the corresponding subtrees of each tree in ``rest``."""
    xs, td = flatten(tree, is_leaf)
    others = [td.flatten_up_to(r) for r in rest]
    return unflatten(td, [f(*args) for args in zip(xs, *others)])


def is_registered(tp: type) -> bool:
    return tp in (tuple, list, dict, type(None)) or tp in _CUSTOM or _is_namedtuple(tp)


def register_pytree_node(nodetype: type[Any], flatten_func: FlattenFn, unflatten_func: UnflattenFn,
                         flatten_with_keys: FlattenWithKeysFn | None = None) -> None:
    """Make ``nodetype`` a pytree node: ``flatten_func(x) -> (children, aux_data)`` and
    ``unflatten_func(aux_data, children) -> x``. ``aux_data`` must be hashable and comparable for ``jit``.
    ``flatten_with_keys(x) -> ((key, child) pairs, aux_data)`` gives the children's keys in key paths (else they
    are :class:`FlattenedIndexKey`)."""
    if nodetype in _CUSTOM or nodetype in (tuple, list, dict, type(None)):
        raise ValueError(f"Duplicate custom PyTreeDef type registration for {nodetype}.")
    _CUSTOM[nodetype] = _Node(nodetype.__name__, flatten_func, unflatten_func, flatten_with_keys=flatten_with_keys)


def register_carrier(nodetype: type[Any], flatten_func: FlattenFn, unflatten_func: UnflattenFn) -> None:
    """Make ``nodetype`` a node of the runtime's trees (``jit``, ``vmap``, ``grad`` and control flow carry its
    children) that stays a leaf to :mod:`arraytyping.tree_util` (:func:`user_is_leaf`)."""
    register_pytree_node(nodetype, flatten_func, unflatten_func)
    _USER_LEAVES.add(nodetype)


def is_carrier(x: object) -> bool:
    """``x`` is a node of a :func:`register_carrier` type (a typed key array)."""
    return type(x) in _USER_LEAVES


def user_is_leaf(is_leaf: Callable[[Any], bool] | None) -> Callable[[Any], bool] | None:
    """The leaf test of :mod:`arraytyping.tree_util`: the user's ``is_leaf``, and the carriers are leaves."""
    if not _USER_LEAVES:
        return is_leaf
    carriers = _USER_LEAVES
    if is_leaf is None:
        return lambda x: type(x) in carriers
    user = is_leaf
    return lambda x: type(x) in carriers or user(x)


def register_dataclass(nodetype: type[T], data_fields: Sequence[str] | None = None,
                       meta_fields: Sequence[str] | None = None, drop_fields: Sequence[str] = ()) -> type[T]:
    """Make a dataclass (or a class built from keyword arguments) a pytree node: ``data_fields`` are children,
    ``meta_fields`` auxiliary data (static under ``jit``). For a dataclass both may be left out: fields are data
    unless ``dataclasses.field(metadata=dict(static=True))`` marks them static. Returns ``nodetype``."""
    if data_fields is None or meta_fields is None:
        if (data_fields is None) != (meta_fields is None):
            raise TypeError("register_dataclass: data_fields and meta_fields must both be specified when either is "
                            f"specified. Got {data_fields=} {meta_fields=}.")
        if not dataclasses.is_dataclass(nodetype):
            raise TypeError("register_dataclass: data_fields and meta_fields are required when nodetype is not a "
                            f"dataclass. Got {nodetype=}.")
        fields = dataclasses.fields(nodetype)
        data_fields = [f.name for f in fields if not f.metadata.get("static", False)]
        meta_fields = [f.name for f in fields if f.metadata.get("static", False)]
    meta = tuple(meta_fields)
    data = tuple(data_fields)
    if dataclasses.is_dataclass(nodetype):
        init_fields = {f.name for f in dataclasses.fields(nodetype) if f.init}
        init_fields.difference_update(drop_fields)
        if {*meta, *data} != init_fields:
            msg = "data_fields and meta_fields must include all dataclass fields with ``init=True`` and only them."
            if missing := init_fields - {*meta, *data}:
                msg += f" Missing fields: {missing}. Add them to drop_fields to suppress this error."
            if unexpected := {*meta, *data} - init_fields:
                msg += f" Unexpected fields: {unexpected}."
            raise ValueError(msg)
    if overlap := set(data) & set(meta):
        raise ValueError(f"data_fields and meta_fields must not overlap. Overlapping fields: {overlap}.")
    if nodetype in _CUSTOM:
        raise ValueError(f"Duplicate custom dataclass PyTreeDef type registration for {nodetype}.")

    def flatten_func(x: Any) -> tuple[Children, Any]:
        return [getattr(x, n) for n in data], tuple(getattr(x, n) for n in meta)

    def unflatten_func(aux: Any, children: Children) -> Any:
        return nodetype(**dict(zip(meta, aux)), **dict(zip(data, children)))

    _CUSTOM[nodetype] = _Node(nodetype.__name__, flatten_func, unflatten_func, data)
    return nodetype

