"""The entries of a key path (JAX 0.10.2's ``jax.tree_util`` key classes): how a child is reached from its node.

A key path is a tuple of them, root first; :func:`keystr` prints one (``['a'][0].w``). Lists and tuples give
:class:`SequenceKey`, dicts (and ``OrderedDict``, ``defaultdict``) :class:`DictKey`, named tuples and registered
dataclasses :class:`GetAttrKey`, other registered nodes without key-aware flattening :class:`FlattenedIndexKey`.
Keys are immutable, compare and hash by class and value.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["SequenceKey", "DictKey", "GetAttrKey", "FlattenedIndexKey", "keystr"]


def _check(value: object, tp: type, what: str) -> None:
    if not isinstance(value, tp):
        raise TypeError(f"{what} must be {'an int' if tp is int else 'a str'}, got {type(value).__name__}")


def _immutable(self: object, name: str, value: object) -> None:
    raise AttributeError(f"property of {type(self).__name__!r} object has no setter")


class SequenceKey:
    """The index of a child of a list or tuple: printed ``[0]``."""

    __slots__ = ("idx",)
    __match_args__ = ("idx",)
    idx: int

    def __init__(self, idx: int) -> None:
        _check(idx, int, "SequenceKey: idx")
        object.__setattr__(self, "idx", idx)

    def __setattr__(self, name: str, value: object) -> None:
        _immutable(self, name, value)

    def __eq__(self, other: object) -> bool:
        return type(other) is SequenceKey and other.idx == self.idx

    def __hash__(self) -> int:
        return hash((SequenceKey, self.idx))

    def __str__(self) -> str:
        return f"[{self.idx!r}]"

    def __repr__(self) -> str:
        return f"SequenceKey(idx={self.idx!r})"


class DictKey:
    """The key of a child of a dict: printed ``['a']``."""

    __slots__ = ("key",)
    __match_args__ = ("key",)
    key: Any

    def __init__(self, key: Any) -> None:
        object.__setattr__(self, "key", key)

    def __setattr__(self, name: str, value: object) -> None:
        _immutable(self, name, value)

    def __eq__(self, other: object) -> bool:
        return type(other) is DictKey and bool(other.key == self.key)

    def __hash__(self) -> int:
        return hash((DictKey, self.key))

    def __str__(self) -> str:
        return f"[{self.key!r}]"

    def __repr__(self) -> str:
        return f"DictKey(key={self.key!r})"


class GetAttrKey:
    """The attribute name of a child (a named tuple's field, a registered dataclass's data field): printed
    ``.name``."""

    __slots__ = ("name",)
    __match_args__ = ("name",)
    name: str

    def __init__(self, name: str) -> None:
        _check(name, str, "GetAttrKey: name")
        object.__setattr__(self, "name", name)

    def __setattr__(self, name: str, value: object) -> None:
        _immutable(self, name, value)

    def __eq__(self, other: object) -> bool:
        return type(other) is GetAttrKey and other.name == self.name

    def __hash__(self) -> int:
        return hash((GetAttrKey, self.name))

    def __str__(self) -> str:
        return f".{self.name}"

    def __repr__(self) -> str:
        return f"GetAttrKey(name={self.name!r})"


class FlattenedIndexKey:
    """The position of a child among those of a registered node that has no key-aware flattening: printed
    ``[<flat index 0>]``."""

    __slots__ = ("key",)
    __match_args__ = ("key",)
    key: int

    def __init__(self, key: int) -> None:
        _check(key, int, "FlattenedIndexKey: key")
        object.__setattr__(self, "key", key)

    def __setattr__(self, name: str, value: object) -> None:
        _immutable(self, name, value)

    def __eq__(self, other: object) -> bool:
        return type(other) is FlattenedIndexKey and other.key == self.key

    def __hash__(self) -> int:
        return hash((FlattenedIndexKey, self.key))

    def __str__(self) -> str:
        return f"[<flat index {self.key!r}>]"

    def __repr__(self) -> str:
        return f"FlattenedIndexKey(key={self.key!r})"


def _simple(key: object) -> str:
    if isinstance(key, SequenceKey):
        return str(key.idx)
    if isinstance(key, DictKey):
        return str(key.key)
    if isinstance(key, GetAttrKey):
        return key.name
    if isinstance(key, FlattenedIndexKey):
        return str(key.key)
    return str(key)


def keystr(keys: Sequence[Any], *, simple: bool = False, separator: str = "") -> str:
    """A key path as text: each entry's ``str`` joined by ``separator`` (``['a'][0].w``); ``simple`` prints bare
    values instead (``a/0/w`` with ``separator="/"``), ambiguous between an index and a key."""
    return separator.join(_simple(k) if simple else str(k) for k in keys)
