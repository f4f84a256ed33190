"""Buffer donation (``jit(f, donate_argnums=..., donate_argnames=...)``), as JAX 0.10.2 shows it on the CPU. After a
call, the donated argument arrays (in argument order) are matched to the results, each result taken once: first to a
result of the same shape and dtype, then (XLA's buffer donors) to one of the same size in bytes. A matched argument is
deleted (using it then raises :class:`~arraytyping.DeletedArrayError`). An unmatched one stays alive, and the call
warns ``Some donated buffers were not usable: float32[3].`` unless a result left unmatched has its shape (JAX's own
check, as measured: an ``int32[3]`` donated for a ``float64[3]`` result is kept silently).

Donation is a promise that the caller no longer needs the arguments; the results are computed in fresh buffers
(XLA's input-output aliasing is not used), so donating frees an argument's memory after the call rather than
reusing it for a result. Inside a transformation (``jit`` under ``jit``, ``grad``, ``vmap``) nothing is donated.
"""

from __future__ import annotations

import importlib
import inspect
import math
import warnings
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np

from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.staging import abstractify
from arraytyping._src.tree import pytree as tree
from arraytyping._src.xla.array_impl import ArrayImpl, ShardedArrayImpl

__all__ = ["Donation", "donation"]


class Donation:
    """The donated parameters of one jitted function: positions (``argnums``; a negative one matches no argument,
    as in JAX) and names (``argnames``), each inferred from the other through the function's signature as JAX
    does."""

    def __init__(self, fun: Callable[..., Any], argnums: tuple[int, ...], argnames: tuple[str, ...]) -> None:
        self.argnums = argnums
        self.argnames = argnames
        self.positional: int | None = None
        """How many positional parameters the function takes (``None``: any number, or no signature)."""
        try:
            params = list(inspect.signature(fun).parameters.values())
        except (ValueError, TypeError):
            return
        positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        if not any(p.kind is p.VAR_POSITIONAL for p in params):
            self.positional = len(positional)
        if argnums and not argnames:
            self.argnames = tuple(p.name for i, p in enumerate(positional)
                                  if p.kind is p.POSITIONAL_OR_KEYWORD and i in argnums)
        elif argnames and not argnums:
            self.argnums = tuple(i for i, p in enumerate(positional)
                                 if p.kind is p.POSITIONAL_OR_KEYWORD and p.name in argnames)

    def check_positions(self) -> None:
        """JAX's ``ValueError`` for a position the function does not have (raised at the first call, as JAX's)."""
        if self.positional is None:
            return
        if any(i >= self.positional for i in self.argnums):
            raise ValueError(f"Jitted function has donate_argnums={self.argnums}, but only accepts "
                             f"{self.positional} positional arguments.")

    def donated_leaves(self, args: Sequence[Any], kwargs: dict[str, Any]) -> list[Any]:
        """The leaves of the donated arguments of a call, in argument order (positional, then keyword)."""
        chosen = [a for i, a in enumerate(args) if i in self.argnums]  # a negative position donates nothing
        chosen += [v for k, v in kwargs.items() if k in self.argnames]
        return [leaf for a in chosen for leaf in tree.leaves(a)]

    def check_distinct(self, args: Sequence[Any], kwargs: dict[str, Any]) -> None:
        """jaxlib's ``JaxRuntimeError`` when one array is donated twice in a call, as JAX's (before it runs)."""
        donated = {id(leaf) for leaf in self.donated_leaves(args, kwargs)
                   if isinstance(leaf, (ArrayImpl, ShardedArrayImpl))}
        if not donated:
            return
        first: dict[int, int] = {}
        for i, leaf in enumerate(tree.leaves((tuple(args), kwargs))):
            if id(leaf) not in donated:
                continue
            if id(leaf) in first:
                error: type[Exception] = importlib.import_module("jaxlib._jax").JaxRuntimeError  # loaded by now
                raise error(
                    f"INVALID_ARGUMENT: Attempt to donate the same buffer twice in Execute() (flattened argument {i}, "
                    f"replica 0, partition 0, first use: {first[id(leaf)]}). Toy example for this bug: "
                    "`f(donate(a), donate(a))`.")
            first[id(leaf)] = i

    def after_call(self, args: Sequence[Any], kwargs: dict[str, Any], out: Any) -> None:
        """Delete what the call donated (see the module's docstring), or warn about what it could not use."""
        results = [leaf.aval for leaf in tree.leaves(out) if isinstance(leaf, ArrayImpl)]
        kept = {id(_buffer(leaf)) for leaf in tree.leaves(out) if isinstance(leaf, ArrayImpl)}
        donated: list[ArrayImpl | np.ndarray[Any, Any]] = [
            leaf for leaf in self.donated_leaves(args, kwargs) if isinstance(leaf, (ArrayImpl, np.ndarray))]
        avals = [abstractify(leaf) for leaf in donated]  # Python and numpy scalars are not donated
        free = list(range(len(results)))
        taken: list[bool] = [False] * len(donated)
        # JAX's matching: a result of the very same type first, then (XLA's buffer donors) one of the same size
        for same in (_same_type, _same_size):
            for i, aval in enumerate(avals):
                if not taken[i]:
                    j = next((j for j in free if same(aval, results[j])), None)
                    if j is not None:
                        free.remove(j)
                        taken[i] = True
        unusable = [a.str_long() for a, t in zip(avals, taken)
                    if not t and not any(results[j].shape == a.shape for j in free)]
        deleted: set[int] = set()
        for leaf, t in zip(donated, taken):
            # a host array was copied in; a result that is the argument itself keeps its buffer
            if t and isinstance(leaf, ArrayImpl) and id(leaf) not in deleted and id(_buffer(leaf)) not in kept:
                deleted.add(id(leaf))
                leaf.delete()
        if unusable:
            warnings.warn(f"Some donated buffers were not usable: {', '.join(unusable)}.\n"
                          "See an explanation at https://docs.jax.dev/en/latest/faq.html#buffer-donation.",
                          UserWarning, stacklevel=3)


def _nbytes(aval: ShapedArray) -> int:
    return math.prod(aval.shape) * int(np.dtype(aval.dtype).itemsize)


def _same_type(a: ShapedArray, b: ShapedArray) -> bool:
    return a.shape == b.shape and a.dtype == b.dtype


def _same_size(a: ShapedArray, b: ShapedArray) -> bool:
    return _nbytes(a) == _nbytes(b)


def _buffer(x: ArrayImpl) -> Any:
    return x.global_array if isinstance(x, ShardedArrayImpl) else x.buf


def donation(fun: Callable[..., Any], donate_argnums: int | Iterable[int] | None,
             donate_argnames: str | Iterable[str] | None, static: tuple[tuple[int, ...], tuple[str, ...]]
             ) -> Donation | None:
    """The donation of ``jit(fun, donate_argnums=..., donate_argnames=...)``, or ``None`` when nothing is donated;
    JAX's ``ValueError`` for a name ``fun`` does not take, or for an argument both static and donated."""
    nums = () if donate_argnums is None else (
        (int(donate_argnums),) if isinstance(donate_argnums, int) else tuple(int(i) for i in donate_argnums))
    names = () if donate_argnames is None else (
        (donate_argnames,) if isinstance(donate_argnames, str) else tuple(donate_argnames))
    if not nums and not names:
        return None
    try:
        params = inspect.signature(fun).parameters.values()
    except (ValueError, TypeError):
        params = None
    if params is not None and not any(p.kind is p.VAR_KEYWORD for p in params):
        keyword = {p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}
        if invalid := set(names) - keyword:
            raise ValueError(f"Jitted function has invalid argnames {invalid} in donate_argnames. Function does "
                             "not take these args.")
    d = Donation(fun, nums, names)
    static_argnums, static_argnames = static
    if both := set(d.argnames) & set(static_argnames):
        raise ValueError("static_argnames and donate_argnames cannot intersect. Argument names "
                         f"{both} appear in both static_argnames and donate_argnames")
    if both_nums := set(d.argnums) & set(static_argnums):
        raise ValueError("static_argnums and donate_argnums cannot intersect. Argument numbers "
                         f"{both_nums} appear in both static_argnums and donate_argnums")
    return d
