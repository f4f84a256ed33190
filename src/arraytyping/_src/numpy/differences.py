"""Differences of neighbouring elements: ``diff`` and ``ediff1d``, as JAX 0.10.2's ``jax.numpy``. ``diff``'s
``prepend``/``append`` join the array first, promoted with it (``op_rules.SHAPE``: ``promote``; with ``n=0`` the
array is returned as it is); a bool array differs by ``!=``, any other by subtraction, so the result has the joined
array's dtype and weak flag. ``ediff1d`` subtracts the flattened neighbours (bool refused) and joins its ends cast
to that dtype (``op_rules.ediff1d_result``)."""

from __future__ import annotations

import operator
from typing import Any

from arraytyping import op_rules
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import config
from arraytyping._src.core.array import Array
from arraytyping._src.core.arraylike import refuse_sequences
from arraytyping._src.lax import lax
from arraytyping._src.numpy._promotion import (
    ArrayLike, array_fn, arraylike, finish, kind_of, operand, promote_args, shape_of,
)
from arraytyping._src.numpy.conversion import astype
from arraytyping._src.numpy.joining import concatenate
from arraytyping._src.numpy.shape import broadcast_to, canonicalize_axis, ravel

__all__ = ["diff", "ediff1d"]


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


def _ediff1d_body(ary: Any, to_begin: Any = None, to_end: Any = None) -> Any:
    """JAX's ``ediff1d``: ``arr[1:] - arr[:-1]`` of the flattened array, with ``to_begin`` and ``to_end``
    (flattened, cast to its dtype) joined before and after."""
    ends = to_end is not None or to_begin is not None
    name, weak = op_rules.ediff1d_result(operand(ary), config.lattice_config, ends=ends)
    arr = ravel(promote_args(arraylike(ary, "ediff1d"))[0])
    result = lax.sub(arr[1:], arr[:-1])
    dtype = lax.aval_of(arr).dtype
    if to_begin is not None:
        result = concatenate((ravel(astype(arraylike(to_begin, "ediff1d"), dtype)), result))
    if to_end is not None:
        result = concatenate((result, ravel(astype(arraylike(to_end, "ediff1d"), dtype))))
    return finish("ediff1d", result, registry.INFO[name].dtype, weak)


_ediff1d = array_fn(_ediff1d_body, "ediff1d", call_name="ediff1d")


def ediff1d(ary: ArrayLike, to_end: ArrayLike | None = None, to_begin: ArrayLike | None = None) -> Array:
    """The differences of neighbouring elements of ``ary`` flattened (``ary.ravel()[1:] - ary.ravel()[:-1]``), with
    ``to_begin`` and ``to_end`` (cast to its dtype) joined before and after."""
    return _ediff1d(ary, to_begin, to_end)  # in the order JAX's jit gives keyword arguments: by name
