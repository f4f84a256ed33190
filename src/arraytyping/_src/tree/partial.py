"""``Partial`` (JAX 0.10.2's ``jax.tree_util.Partial``): a ``functools.partial`` that is a pytree, its bound
arguments the children and the function the (static) auxiliary data, so that it can be passed to transformed
functions."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from typing_extensions import Self

from arraytyping._src.tree import pytree

__all__ = ["Partial"]

T = TypeVar("T")


class _HashableCallableShim:
    """Delegates calling, hashing and equality to another callable (a ``functools.partial`` wrapped by
    :class:`Partial`, whose arguments must not be merged into the ``Partial``'s)."""

    func: Any
    args: Any
    keywords: Any

    def __init__(self, fun: Callable[..., Any]) -> None:
        self.fun = fun

    def __call__(self, *args: Any, **kw: Any) -> Any:
        return self.fun(*args, **kw)

    def __hash__(self) -> int:
        return hash(self.fun)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, _HashableCallableShim):
            return bool(self.fun == other.fun)
        return bool(self.fun == other)

    def __repr__(self) -> str:
        return f"_HashableCallableShim({self.fun!r})"


def _is_partial(f: object) -> bool:
    return isinstance(f, functools.partial)


class Partial(functools.partial[T]):
    """A version of ``functools.partial`` that works in pytrees: ``Partial(func, *args, **kwargs)``. Its leaves
    are those of ``args`` and ``kwargs``; ``func`` is static."""

    def __new__(cls, func: Callable[..., T], /, *args: Any, **kw: Any) -> Self:
        if _is_partial(func):  # its arguments stay its own, not merged into this one's
            shim = _HashableCallableShim(func)
            out = super().__new__(cls, shim, *args, **kw)
            shim.func = getattr(func, "func")
            shim.args = getattr(func, "args")
            shim.keywords = getattr(func, "keywords")
            return out
        return super().__new__(cls, func, *args, **kw)


def _flatten(p: Partial[Any]) -> tuple[tuple[Any, ...], Any]:
    return (p.args, p.keywords), p.func


def _unflatten(func: Any, children: Any) -> Partial[Any]:
    args, keywords = children
    return Partial(func, *args, **keywords)


pytree.register_pytree_node(Partial, _flatten, _unflatten)
