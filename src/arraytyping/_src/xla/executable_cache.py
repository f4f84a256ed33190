"""The bound on live executables: every ``jit`` cache's executables counted together, the least recently compiled
or used beyond :data:`LIMIT` dropped (it compiles again on its next call), as JAX bounds its shared ``jit`` cache.

Each executable XLA's CPU backend loads holds its own memory mappings (code, constants, data: three to seven), and
the kernel refuses a process more than ``vm.max_map_count`` of them (65,530 by default). Unbounded caches therefore
end a long process (a test suite, a loop over shapes) in a failed compile, whose C++ exception the unwinder cannot
always survive at that point: a crash, not an error. About 4,000 executables stay well under the limit.
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any, Final, Generic, TypeVar

__all__ = ["LIMIT", "ExecutableCache", "clear", "live", "remember", "touch"]

LIMIT: Final = 4096
"""The most executables kept alive across every ``jit`` cache (JAX's per-cache default is 4,096 too)."""


_V = TypeVar("_V")


class ExecutableCache(dict[Hashable, _V], Generic[_V]):
    """One function's executables by call signature: a dict that :data:`_LIVE` can reference weakly (a function's
    cache dies with it)."""

    __slots__ = ("__weakref__",)


_LIVE: OrderedDict[tuple[int, Hashable], weakref.ref[ExecutableCache[Any]]] = OrderedDict()
"""``(id of a cache, key) -> the cache``, oldest use first."""
_LOCK: Final = threading.Lock()


def remember(cache: ExecutableCache[Any], key: Hashable) -> None:
    """Count ``cache[key]``, just stored, among the live executables; drop the least recently used beyond :data:`LIMIT`
    from their caches."""
    dropped: list[tuple[ExecutableCache[Any], Hashable]] = []
    with _LOCK:
        where = (id(cache), key)
        _LIVE[where] = weakref.ref(cache)
        _LIVE.move_to_end(where)
        while len(_LIVE) > LIMIT:
            (_, old_key), ref = _LIVE.popitem(last=False)
            old = ref()
            if old is not None:
                dropped.append((old, old_key))
    for old, old_key in dropped:  # outside the lock: freeing an executable may run Python code
        old.pop(old_key, None)


def touch(cache: ExecutableCache[Any], key: Hashable) -> None:
    """``cache[key]`` was used: it is dropped last."""
    try:
        _LIVE.move_to_end((id(cache), key))
    except KeyError:  # counted under a cache since cleared or collected
        pass


def live() -> int:
    """How many executables are counted (those of collected functions until their turn to be dropped)."""
    return len(_LIVE)


def clear() -> None:
    """Forget every count (the caches were cleared)."""
    with _LOCK:
        _LIVE.clear()
