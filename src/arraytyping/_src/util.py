"""Small helpers over sequences that JAX's own programs import from ``jax._src.util`` (``safe_map``, ``safe_zip``):
``map`` and ``zip`` that refuse arguments of different lengths and return lists; and :func:`fun_name`, a function's
name as JAX prints it. Standard library only."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar, overload

__all__ = ["fun_name", "safe_map", "safe_zip"]

T = TypeVar("T")
T1 = TypeVar("T1")
T2 = TypeVar("T2")
T3 = TypeVar("T3")


@overload
def safe_map(f: Callable[[T1], T], arg1: Iterable[T1], /) -> list[T]: ...
@overload
def safe_map(f: Callable[[T1, T2], T], arg1: Iterable[T1], arg2: Iterable[T2], /) -> list[T]: ...
@overload
def safe_map(f: Callable[[T1, T2, T3], T], arg1: Iterable[T1], arg2: Iterable[T2], arg3: Iterable[T3], /
             ) -> list[T]: ...
@overload
def safe_map(f: Callable[..., T], arg1: Iterable[Any], arg2: Iterable[Any], arg3: Iterable[Any],
             arg4: Iterable[Any], /, *args: Iterable[Any]) -> list[T]: ...
def safe_map(f: Callable[..., T], /, *args: Iterable[Any]) -> list[T]:
    """``list(map(f, *args))``, refusing arguments of different lengths (``ValueError``, as JAX's).

    Example::

        safe_map(lambda a, b: a + b, [1, 2], [10, 20])   # [11, 22]
    """
    if not args:
        raise TypeError("safe_map requires at least 2 arguments")
    lists = [list(a) for a in args]
    for i, items in enumerate(lists[1:], start=2):
        if len(items) != len(lists[0]):
            longer = "longer" if len(items) > len(lists[0]) else "shorter"
            raise ValueError(f"safe_map() argument {i} is {longer} than argument 1")
    return list(map(f, *lists))


@overload
def safe_zip(arg1: Iterable[T1], /) -> list[tuple[T1]]: ...
@overload
def safe_zip(arg1: Iterable[T1], arg2: Iterable[T2], /) -> list[tuple[T1, T2]]: ...
@overload
def safe_zip(arg1: Iterable[T1], arg2: Iterable[T2], arg3: Iterable[T3], /) -> list[tuple[T1, T2, T3]]: ...
@overload
def safe_zip(arg1: Iterable[Any], arg2: Iterable[Any], arg3: Iterable[Any], arg4: Iterable[Any], /,
             *args: Iterable[Any]) -> list[tuple[Any, ...]]: ...
def safe_zip(*args: Iterable[Any]) -> list[tuple[Any, ...]]:
    """``list(zip(*args))``, refusing arguments of different lengths (``ValueError``, as JAX's).

    Example::

        safe_zip([1, 2], "ab")   # [(1, 'a'), (2, 'b')]
    """
    if not args:
        raise TypeError("safe_zip requires at least 1 argument")
    lists = [list(a) for a in args]
    for i, items in enumerate(lists[1:], start=1):
        if len(items) != len(lists[0]):
            lengths = tuple(len(x) for x in lists)
            raise ValueError(f"safe_zip() argument {i} has length {len(items)} but argument 0 has length "
                             f"{len(lists[0])}. All lengths: {lengths}")
    return list(zip(*lists))


def fun_name(fun: Callable[..., Any]) -> str:
    """The name JAX gives a function (a jitted function's equation, its compilation events): its ``__name__`` (a
    ``functools.partial``'s function's)."""
    name = getattr(fun, "__name__", None)
    if isinstance(name, str):
        return name
    inner = getattr(fun, "func", None)
    return fun_name(inner) if callable(inner) else "<unnamed function>"
