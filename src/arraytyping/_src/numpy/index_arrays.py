"""Arrays of indices (``indices``, ``diag_indices``, ``tril_indices``, ``triu_indices`` and their ``_from``
forms), as JAX 0.10.2's ``jax.numpy`` builds them: ``iota`` (a ``broadcast_in_dim`` per axis, ``stack``ed) and
``nonzero`` of a triangle of ones with its static size, in the default integer dtype (``int64`` with x64)
unless ``indices`` is given a ``dtype``; and between flat and multi-dimensional indices, as JAX's:
``unravel_index`` (``divmod`` by each axis' size, out-of-bounds indices clipped) and ``ravel_multi_index``."""

from __future__ import annotations

import builtins
import math
import operator
from collections.abc import Sequence
from typing import Any, cast

import numpy as np

from arraytyping import lattice, op_rules
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import config
from arraytyping._src.core.array import Array
from arraytyping._src.core.arraylike import not_arraylike
from arraytyping._src.core.trace import ConcretizationTypeError, concrete_value
from arraytyping._src.lax import lax
from arraytyping._src.numpy._promotion import ArrayLike, arraylike, canonical_dtype, operand, shape_of
from arraytyping._src.numpy.binary import divmod as divmod_
from arraytyping._src.numpy.conversion import array, asarray, ones
from arraytyping._src.numpy.joining import stack
from arraytyping._src.numpy.ordering import nonzero
from arraytyping._src.numpy.reductions import any as any_
from arraytyping._src.numpy.selection import clip, tril, triu, where
from arraytyping.typing import DTypeLike, ShapeLike

__all__ = ["diag_indices", "diag_indices_from", "indices", "ix_", "tril_indices", "tril_indices_from", "triu_indices",
           "triu_indices_from", "ravel_multi_index", "unravel_index"]


def _concrete(value: Any, what: str) -> int:
    """``value`` as a Python int (an int, a numpy integer, a concrete rank-0 integer array), as JAX's
    ``concrete_dim_or_error``; a ``TypeError`` naming ``what`` otherwise."""
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(f"'{type(value).__name__}' object cannot be interpreted as an integer ({what})") from None


def _default_int() -> np.dtype[Any]:
    return registry.INFO[lattice.default_name("i", config.x64)].dtype


def indices(dimensions: Sequence[int], dtype: DTypeLike | None = None, sparse: bool = False
            ) -> Array | tuple[Array, ...]:
    """The index of each axis at every position of a grid of shape ``dimensions``: one array of shape
    ``(len(dimensions), *dimensions)``, or with ``sparse`` one array per axis broadcastable to the grid; the default
    integer dtype unless ``dtype`` is given (bool refused, as ``lax.iota`` refuses it)."""
    given = None if dtype is None else registry.info_of_dtype(canonical_dtype(dtype))
    name, _ = op_rules.creation_result("indices", (), config.lattice_config, None if given is None else given.name)
    out_dtype = registry.INFO[name].dtype
    dims = tuple(_concrete(d, "dimensions argument of jnp.indices") for d in dimensions)
    n = len(dims)
    output: list[Array] = []
    for i, dim in enumerate(dims):
        idx = lax.iota(out_dtype, (dim,), 0)
        s = (1,) * i + (dim,) + (1,) * (n - i - 1) if sparse else dims
        output.append(idx if s == (dim,) else lax.broadcast_in_dim(idx, s, (i,)))  # JAX: none for the identity
    if sparse:
        return tuple(output)
    out: Array = stack(output, 0) if output else array([], dtype=out_dtype)
    return out


def diag_indices(n: int, ndim: int = 2) -> tuple[Array, ...]:
    """``ndim`` copies of ``arange(n)`` in the default integer dtype: the indices of the main diagonal of an array
    of ``ndim`` axes of length ``n``."""
    n = _concrete(n, "'n' argument of jnp.diag_indices()")
    ndim = _concrete(ndim, "'ndim' argument of jnp.diag_indices()")
    if n < 0:
        raise ValueError(f"n argument to diag_indices must be nonnegative, got {n}")
    if ndim < 0:
        raise ValueError(f"ndim argument to diag_indices must be nonnegative, got {ndim}")
    return (lax.iota(_default_int(), (n,), 0),) * ndim


def diag_indices_from(arr: ArrayLike) -> tuple[Array, ...]:
    """:func:`diag_indices` of a square array ``arr`` (all axes of one length, at least two of them)."""
    arr = arraylike(arr, "diag_indices_from")
    s = shape_of(arr)
    if len(s) < 2:
        raise ValueError("input array must be at least 2-d")
    if len(set(s)) != 1:
        raise ValueError("All dimensions of input must be of equal length")
    return diag_indices(s[0], ndim=len(s))


def _triu_size(n: int, m: int, k: int) -> int:
    """The number of elements of the upper triangle at offset ``k`` of an ``n`` x ``m`` matrix (JAX's)."""
    if k < 0:
        return n * m - _triu_size(m, n, 1 - k)
    if k >= m:
        return 0
    mk = min(n, m - k)
    return mk * (mk + 1) // 2 + mk * (m - k - mk)


def _triangle(which: str, n: Any, k: Any, m: Any) -> tuple[Array, Array]:
    what = "jnp.triu_indices"  # JAX names triu_indices in tril_indices' messages too
    n = _concrete(n, f"n argument of {what}")
    k = _concrete(k, f"k argument of {what}")
    m = n if m is None else _concrete(m, f"m argument of {what}")
    if which == "tril":
        i, j = nonzero(tril(ones((n, m)), k=k), size=_triu_size(m, n, -k))
    else:
        i, j = nonzero(triu(ones((n, m)), k=k), size=_triu_size(n, m, k))
    return i, j


def tril_indices(n: int, k: int = 0, m: int | None = None) -> tuple[Array, Array]:
    """The row and column indices of the lower triangle (at and below diagonal ``k``) of an ``n`` x ``m`` matrix
    (``m`` defaults to ``n``), row by row, in the default integer dtype."""
    return _triangle("tril", n, k, m)


def triu_indices(n: int, k: int = 0, m: int | None = None) -> tuple[Array, Array]:
    """The row and column indices of the upper triangle (at and above diagonal ``k``) of an ``n`` x ``m`` matrix
    (``m`` defaults to ``n``), row by row, in the default integer dtype."""
    return _triangle("triu", n, k, m)


def _shape_2d(arr: Any, fn: str) -> tuple[int, ...]:
    s = tuple(arr.shape) if hasattr(arr, "shape") else shape_of(arraylike(arr, fn))
    if len(s) != 2:
        raise ValueError("Only 2-D inputs are accepted")
    return s


def tril_indices_from(arr: ArrayLike, k: int = 0) -> tuple[Array, Array]:
    """:func:`tril_indices` of a 2-d array's shape."""
    s = _shape_2d(arr, "tril_indices_from")
    return tril_indices(s[0], k=k, m=s[1])


def triu_indices_from(arr: ArrayLike, k: int = 0) -> tuple[Array, Array]:
    """:func:`triu_indices` of a 2-d array's shape."""
    s = _shape_2d(arr, "triu_indices_from")
    return triu_indices(s[0], k=k, m=s[1])


def unravel_index(indices: ArrayLike, shape: ShapeLike) -> tuple[Array, ...]:
    """The multi-dimensional index, one array per axis of ``shape``, of each flat (row-major) index in ``indices``.
    As JAX's, unlike numpy's: a negative index counts from the end, and an index out of bounds is clipped to the
    nearest valid one. Each array has ``indices``' shape and the dtype of ``divmod`` of ``indices`` by that axis'
    size (an integer ``indices`` keeps its own, the sizes converted to it as JAX converts them)."""
    rest: Any = arraylike(indices, "unravel_index")
    sizes: Any = shape
    try:
        dims: list[Any] = list(sizes)
    except TypeError:  # JAX's: a single size is one axis
        dims = [sizes]
    if any(np.ndim(s) != 0 for s in dims):
        raise ValueError("unravel_index: shape should be a scalar or 1D sequence.")
    out: list[Any] = [0] * len(dims)
    for i, s in reversed(list(enumerate(dims))):
        rest, out[i] = divmod_(rest, s)
    oob_pos = rest > 0
    info = registry.info_of_dtype(rest.dtype)
    unsigned = info is not None and lattice.KIND[info.name] == "u"  # uint2 and uint4 included
    oob_neg = asarray(False) if unsigned else rest < -1  # an unsigned index is never below the bounds
    return tuple(where(oob_pos, s - 1, where(oob_neg, 0, i)) for s, i in zip(dims, out))


_MODES = ("raise", "wrap", "clip", "ignore")


def ravel_multi_index(multi_index: Sequence[ArrayLike], dims: Sequence[int], mode: str = "raise",
                      order: str = "C", *, dtype: DTypeLike | None = None) -> Array:
    """The flat index (row-major, or column-major with ``order="F"``) of each multi-dimensional index, given as one
    array of indices per axis of ``dims`` (broadcast together). ``mode="raise"`` refuses an index out of bounds
    (concrete indices only: not under ``jit``), ``"clip"`` clips it, ``"wrap"`` wraps it, ``"ignore"`` trusts it.
    The result has ``dtype``, or that of the indices promoted with a Python int: an integer dtype that holds
    ``prod(dims) - 1`` (``op_rules.ravel_multi_index_result``)."""
    assert len(multi_index) == len(dims), f"len(multi_index)={len(multi_index)} != len(dims)={len(dims)}"
    sizes = tuple(_concrete(d, "in `dims` argument of ravel_multi_index()") for d in dims)
    for k, index in enumerate(multi_index):
        if isinstance(cast(object, index), (list, tuple)):
            raise not_arraylike("ravel_multi_index", index, k)
    given = None if dtype is None else registry.info_of_dtype(canonical_dtype(dtype))
    name, _ = op_rules.ravel_multi_index_result([operand(i) for i in multi_index], sizes,
                                                None if given is None else given.name, config.lattice_config)
    out_dtype = registry.INFO[name].dtype
    arrays = [asarray(i) for i in multi_index]
    if mode == "raise":
        for a in arrays:
            if concrete_value(a) is None:
                aval = lax.aval_of(a)
                raise ConcretizationTypeError(
                    f"Abstract tracer value encountered where concrete value is expected: traced array with shape "
                    f"{aval.dtype.name}{list(aval.shape)}\nThe error occurred because ravel_multi_index was "
                    f"jit-compiled with mode='raise'. Use mode='wrap' or mode='clip' instead.")
        if builtins.any(bool(any_((a < 0) | (a >= d))) for a, d in zip(arrays, sizes)):
            raise ValueError("invalid entry in coordinates array")
    elif mode == "clip":
        arrays = [clip(a, 0, d - 1) for a, d in zip(arrays, sizes)]
    elif mode == "wrap":
        arrays = [a % d for a, d in zip(arrays, sizes)]
    elif mode != "ignore":
        raise ValueError(f"invalid mode={mode!r}. Expected {', '.join(map(repr, _MODES[:-1]))}, or 'ignore'.")
    if order == "F":
        strides = [math.prod(sizes[:k]) for k in range(len(sizes))]
    elif order == "C":
        strides = [math.prod(sizes[k + 1:]) for k in range(len(sizes))]
    else:
        raise ValueError(f"invalid order={order!r}. Expected 'C' or 'F'")
    result: Any = array(0, dtype=out_dtype)
    for a, s in zip(arrays, strides):
        result = result + a.astype(out_dtype) * s
    out: Array = result
    return out


def ix_(*args: ArrayLike) -> tuple[Array, ...]:
    """Open-mesh index arrays from 1-d sequences: the ``i``-th of ``n`` has its values along axis ``i`` and length 1
    on the others, so that ``x[ix_(rows, cols)]`` selects the cross product.

    Example: ``x[ix_(jnp.array([0, 2]), jnp.array([1]))]`` has shape ``(2, 1)``.
    """
    arrays = [asarray(arraylike(a, "ix")) for a in args]
    n = len(arrays)
    out: list[Array] = []
    for i, a in enumerate(arrays):
        if len(shape_of(a)) != 1:
            raise ValueError(f"Arguments to jax.numpy.ix_ must be 1-dimensional, got shape {shape_of(a)}")
        if operand(a)[0] == "bool":
            raise NotImplementedError("Boolean arguments to jax.numpy.ix_ are not implemented")
        shape = [1] * n
        shape[i] = shape_of(a)[0]
        if shape_of(a)[0] == 0:  # numpy's integer index type for empty arrays
            out.append(lax.full(tuple(shape), 0, registry.INFO["int64" if config.x64 else "int32"].dtype))
        else:
            out.append(lax.broadcast_in_dim(a, tuple(shape), (i,)))
    return tuple(out)
