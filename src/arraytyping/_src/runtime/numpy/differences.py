"""Differences of neighbouring elements: ``diff``, as JAX 0.10.2's ``jax.numpy``. ``prepend``/``append`` join the
array first, promoted with it (``op_rules.SHAPE``: ``promote``; with ``n=0`` the array is returned as it is); a bool
array differs by ``!=``, any other by subtraction, so the result has the joined array's dtype and weak flag."""

from __future__ import annotations

import operator
from typing import Any

from arraytyping._src.runtime.array import Array
from arraytyping._src.runtime.numpy._promotion import ArrayLike, array_fn, kind_of, promote_args, shape_of
from arraytyping._src.runtime.numpy.joining import concatenate
from arraytyping._src.runtime.numpy.shape import broadcast_to, canonicalize_axis
from arraytyping._src.runtime.operand_checks import refuse_sequences

__all__ = ["diff"]


def _edge(extra: Any, shape: tuple[int, ...], axis: int) -> Any:
    """A ``prepend``/``append`` value: a scalar broadcast to one slice along ``axis``."""
    if shape_of(extra):
        return extra
    edge = list(shape)
    edge[axis] = 1
    return broadcast_to(extra, tuple(edge))


def _diff_body(a: Any, prepend: Any = None, append: Any = None, *, n: int, axis: int) -> Any:
    arr = promote_args(a)[0]
    if n == 0:
        return arr
    if n < 0:
        raise ValueError(f"order must be non-negative but got {n}")
    nd = len(shape_of(arr))
    if nd == 0:
        raise ValueError(f"diff requires input that is at least one dimensional; got {arr.aval.str_short()}")
    ax = canonicalize_axis(axis, nd)
    shape = shape_of(arr)
    combined = [*(() if prepend is None else (_edge(prepend, shape, ax),)), arr,
                *(() if append is None else (_edge(append, shape, ax),))]
    if len(combined) > 1:
        arr = concatenate(combined, ax)
    later = tuple(slice(1, None) if i == ax else slice(None) for i in range(nd))
    earlier = tuple(slice(None, -1) if i == ax else slice(None) for i in range(nd))
    op = operator.ne if kind_of(arr) == "b" else operator.sub
    for _ in range(n):
        arr = op(arr[later], arr[earlier])
    return arr


_diff = array_fn(_diff_body, "diff", call_name="diff")


def diff(a: ArrayLike, n: int = 1, axis: int = -1, prepend: ArrayLike | None = None,
         append: ArrayLike | None = None) -> Array:
    """The ``n``-th differences of neighbouring elements along ``axis`` (``a[1:] - a[:-1]``, applied ``n`` times;
    ``!=`` for bool), after joining ``prepend`` and ``append`` (a scalar is one slice) to ``a``."""
    refuse_sequences("diff", a, *(x for x in (prepend, append) if x is not None))
    return _diff(a, prepend, append, n=operator.index(n), axis=operator.index(axis))
