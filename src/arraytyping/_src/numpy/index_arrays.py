"""Arrays of indices (``indices``, ``diag_indices``, ``tril_indices``, ``triu_indices`` and their ``_from``
forms), as JAX 0.10.2's ``jax.numpy`` builds them: ``iota`` (a ``broadcast_in_dim`` per axis, ``stack``ed) and
``nonzero`` of a triangle of ones with its static size, in the default integer dtype (``int64`` with x64)
unless ``indices`` is given a ``dtype``; and between flat and multi-dimensional indices, as JAX's:
``unravel_index`` (``divmod`` by each axis' size, out-of-bounds indices clipped) and ``ravel_multi_index``."""

from __future__ import annotations

import builtins
import math
import operator
from collections.abc import Callable, Sequence
from typing import Any, cast, overload

import numpy as np

from arraytyping import lattice, op_rules
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import config
from arraytyping._src.core.array import Array
from arraytyping._src.core.arraylike import not_arraylike
from arraytyping._src.core.trace import ConcretizationTypeError, concrete_value
from arraytyping._src.lax import lax
from arraytyping._src.dtypes.config import dtype_promotion
from arraytyping._src.numpy._promotion import ArrayLike, arraylike, canonical_dtype, common_dtype, operand, shape_of
from arraytyping._src.numpy.creation import arange, linspace, meshgrid
from arraytyping._src.numpy.binary import divmod as divmod_
from arraytyping._src.numpy.conversion import array, asarray, ones
from arraytyping._src.numpy.joining import concatenate, stack
from arraytyping._src.numpy.ordering import nonzero
from arraytyping._src.numpy.reductions import any as any_
from arraytyping._src.numpy.selection import clip, tril, triu, where
from arraytyping._src.numpy.shape import broadcast_to, ravel, reshape, tile
from arraytyping.typing import DTypeLike, ShapeLike

__all__ = ["CClass", "MGridClass", "OGridClass", "RClass", "c_", "diag_indices", "diag_indices_from", "fill_diagonal",
           "indices", "ix_", "mask_indices", "mgrid", "ogrid", "place", "put", "put_along_axis", "r_",
           "ravel_multi_index", "tril_indices", "tril_indices_from", "triu_indices", "triu_indices_from",
           "unravel_index"]


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


# Index tricks: mgrid, ogrid, r_, c_ (JAX 0.10.2's jax/_src/numpy/index_tricks.py).


def _grid_1d(s: slice, op_name: str) -> Any:
    """A slice's 1-d grid: ``arange(start, stop, step)``, or ``linspace(start, stop, abs(step))`` for an imaginary
    step (JAX's ``_make_1d_grid_from_slice``); its bounds must be concrete."""
    for part in (s.start, s.stop, s.step):
        if part is not None and concrete_value(part) is None:
            raise ConcretizationTypeError(f"Abstract tracer value encountered where concrete value is expected: "
                                          f"slice bounds of jnp.{op_name}")
    start = s.start or 0
    step = s.step or 1
    if np.iscomplex(step):
        return linspace(start, s.stop, int(abs(step)))
    return arange(start, s.stop, step)


def _standard_promoted(arrays: list[Any]) -> list[Any]:
    """The arrays promoted to their common dtype under standard promotion (as JAX's grids are)."""
    if not arrays:
        return arrays
    with dtype_promotion("standard"):
        dtype, weak = common_dtype(*arrays)
    return [lax.convert_element_type(a, dtype, weak) for a in arrays]


class MGridClass:
    """``mgrid[...]``: a dense mesh grid from slices (``mgrid[0:2, 0:3]`` has shape ``(2, 2, 3)``); an imaginary
    step ``5j`` asks for that many points, ends included."""

    def __getitem__(self, key: slice | tuple[slice, ...], /) -> Array:
        if isinstance(key, slice):
            one: Array = _grid_1d(key, "mgrid")
            return one
        grids = _standard_promoted([_grid_1d(k, "mgrid") for k in key])
        meshes = meshgrid(*grids, indexing="ij", sparse=False)
        if not meshes:
            empty: Array = arange(0)
            return empty
        out: Array = stack(meshes, 0)
        return out


class OGridClass:
    """``ogrid[...]``: an open mesh grid from slices (``ogrid[0:2, 0:3]`` is arrays of shapes ``(2, 1)`` and
    ``(1, 3)``); an imaginary step ``5j`` asks for that many points, ends included."""

    @overload
    def __getitem__(self, key: slice, /) -> Array: ...
    @overload
    def __getitem__(self, key: tuple[slice, ...], /) -> list[Array]: ...
    def __getitem__(self, key: slice | tuple[slice, ...], /) -> Array | list[Array]:
        if isinstance(key, slice):
            one: Array = _grid_1d(key, "ogrid")
            return one
        grids = _standard_promoted([_grid_1d(k, "ogrid") for k in key])
        return meshgrid(*grids, indexing="ij", sparse=True)


class _AxisConcat:
    axis: int
    ndmin: int
    trans1d: int
    op_name: str

    def __getitem__(self, key: Any, /) -> Array:
        raw: Any = key
        key_tup: tuple[Any, ...] = raw if isinstance(key, tuple) else (raw,)
        params = [self.axis, self.ndmin, self.trans1d, -1]
        directive = key_tup[0] if key_tup else None
        if isinstance(directive, str):
            key_tup = key_tup[1:]
            if directive == "r":
                params[-1] = 0
            elif directive == "c":
                params[-1] = 1
            else:
                vec: list[Any] = directive.split(",")
                k = len(vec)
                vec = vec + params[k:] if k < 4 else vec[:3] + [params[-1]]
                try:
                    params = [int(v) for v in vec]
                except ValueError as err:
                    raise ValueError(f"could not understand directive {directive!r}") from err
        axis, ndmin, trans1d, matrix = params
        output: list[Any] = []
        for item in key_tup:
            element: Any = item  # (``item`` is the one narrowed below; ``element`` stays ``Any``)
            if isinstance(item, slice):
                newobj = _grid_1d(element, self.op_name)
                item_ndim = 0
            elif isinstance(item, str):
                raise ValueError("string directive must be placed at the beginning")
            else:
                newobj = array(item, copy=False)
                item_ndim = len(shape_of(newobj))
            nd = len(shape_of(newobj))
            if nd < ndmin:
                newobj = lax.reshape(newobj, (1,) * (ndmin - nd) + shape_of(newobj))
            if trans1d != -1 and ndmin - item_ndim > 0:
                shape_obj = tuple(range(ndmin))
                num_lshifts = ndmin - builtins.abs(ndmin + trans1d + 1) % ndmin
                newobj = lax.transpose(newobj, shape_obj[num_lshifts:] + shape_obj[:num_lshifts])
            output.append(newobj)
        res: Any = concatenate(tuple(output), axis=axis)
        if matrix != -1 and len(shape_of(res)) == 1:
            res = lax.reshape(res, (1, shape_of(res)[0]) if matrix == 0 else (shape_of(res)[0], 1))
        out: Array = res
        return out

    def __len__(self) -> int:
        return 0


class RClass(_AxisConcat):
    """``r_[...]``: arrays, scalars and slices (as grids) joined along the first axis; a leading string directive
    (``'r'``, ``'c'``, ``'axis,ndmin,trans1d'``) as in numpy. ``r_[1:3, 5, jnp.array([7, 8])]`` is
    ``[1, 2, 5, 7, 8]``."""

    axis = 0
    ndmin = 1
    trans1d = -1
    op_name = "r_"


class CClass(_AxisConcat):
    """``c_[...]``: arrays joined along the last axis, 1-d ones as columns. ``c_[jnp.array([1, 2]),
    jnp.array([3, 4])]`` is ``[[1, 3], [2, 4]]``."""

    axis = -1
    ndmin = 2
    trans1d = 0
    op_name = "c_"


mgrid = MGridClass()
ogrid = OGridClass()
r_ = RClass()
c_ = CClass()


# Indexed updates that numpy makes in place and JAX returns as new arrays (inplace=False required).


def _tile_to_size(arr: Any, size: int) -> Any:
    """1-d ``arr`` repeated and cut to ``size`` elements (JAX's ``_tile_to_size``)."""
    n = shape_of(arr)[0]
    if n < size:
        arr = tile(arr, int(np.ceil(size / n)))
    return arr[:size] if shape_of(arr)[0] > size else arr


def put(a: ArrayLike, ind: ArrayLike, v: ArrayLike, mode: str | None = None, *, inplace: bool = True) -> Array:
    """A copy of ``a`` with the elements at flat indices ``ind`` replaced by ``v`` (repeated to fit). Out-of-bound
    indices are dropped (``mode=None``), clipped (``'clip'``) or wrapped (``'wrap'``). ``inplace=False`` is
    required: JAX arrays are immutable.

    Example: ``put(jnp.zeros(5, int), jnp.array([0, 2]), jnp.array([10, 20]), inplace=False)`` is
    ``[10, 0, 20, 0, 0]``.
    """
    if inplace:
        raise ValueError("jax.numpy.put cannot modify arrays in-place, because JAX arrays are immutable. Pass "
                         "inplace=False to instead return an updated array.")
    arr = asarray(arraylike(a, "put"))
    ind_arr = ravel(asarray(arraylike(ind, "put")))
    v_arr = ravel(asarray(arraylike(v, "put")))
    size = math.prod(shape_of(arr))
    if not size or not shape_of(ind_arr)[0] or not shape_of(v_arr)[0]:
        unchanged: Array = arr
        return unchanged
    v_arr = _tile_to_size(v_arr, shape_of(ind_arr)[0])
    if mode is None:
        scatter_mode = "drop"
    elif mode == "clip":
        ind_arr = clip(ind_arr, 0, size - 1)
        scatter_mode = "promise_in_bounds"
    elif mode == "wrap":
        ind_arr = ind_arr % size
        scatter_mode = "promise_in_bounds"
    elif mode == "raise":
        raise NotImplementedError("The 'raise' mode to jnp.put is not supported.")
    else:
        raise ValueError(f"mode should be one of 'wrap' or 'clip'; got mode={mode!r}")
    out: Array = arr.at[unravel_index(ind_arr, shape_of(arr))].set(v_arr, mode=scatter_mode)
    return out


def place(arr: ArrayLike, mask: ArrayLike, vals: ArrayLike, *, inplace: bool = True) -> Array:
    """A copy of ``arr`` with the elements where ``mask`` is true replaced, in order, by ``vals`` (repeated to
    fit). ``inplace=False`` is required: JAX arrays are immutable.

    Example: ``place(jnp.zeros(4, int), jnp.array([True, False, True, True]), jnp.array([1, 2]), inplace=False)``
    is ``[1, 0, 2, 1]``.
    """
    data = asarray(arraylike(arr, "place"))
    mask_arr = asarray(arraylike(mask, "place"))
    vals_arr = ravel(asarray(arraylike(vals, "place")))
    if inplace:
        raise ValueError("jax.numpy.place cannot modify arrays in-place, because JAX arrays are immutable. Pass "
                         "inplace=False to instead return an updated array.")
    size = math.prod(shape_of(data))
    if size != math.prod(shape_of(mask_arr)):
        raise ValueError("place: arr and mask must be the same size")
    if not shape_of(vals_arr)[0]:
        raise ValueError("Cannot place values from an empty array")
    if not size:
        same: Array = data
        return same
    indices = where(ravel(mask_arr), size=size, fill_value=size)[0]
    vals_arr = _tile_to_size(vals_arr, shape_of(indices)[0])
    out: Array = ravel(data).at[indices].set(vals_arr, mode="drop").reshape(shape_of(data))
    return out


_index_grids = indices  # put_along_axis's parameter is named indices, as JAX's


def put_along_axis(arr: ArrayLike, indices: ArrayLike, values: ArrayLike, axis: int | None, inplace: bool = True,
                   *, mode: str | None = None) -> Array:
    """A copy of ``arr`` with ``values`` written at ``indices`` along ``axis`` (the flattened array when None),
    matching 1-d slices as ``take_along_axis`` reads them. ``inplace=False`` is required: JAX arrays are immutable.

    Example: ``put_along_axis(jnp.zeros((2, 2)), jnp.array([[1], [0]]), 5.0, 1, inplace=False)`` is
    ``[[0, 5], [5, 0]]``.
    """
    if inplace:
        raise ValueError("jax.numpy.put_along_axis cannot modify arrays in-place, because JAX arraysare immutable. "
                         "Pass inplace=False to instead return an updated array.")
    a = asarray(arraylike(arr, "put_along_axis"))
    idx_arr = asarray(arraylike(indices, "put_along_axis"))
    vals = asarray(arraylike(values, "put_along_axis"))
    original_shape = shape_of(a)
    ax = axis
    if ax is None:
        a = ravel(a)
        ax = 0
    nd = len(shape_of(a))
    if nd != len(shape_of(idx_arr)):
        raise ValueError(f"put_along_axis arguments 'arr' and 'indices' must have same ndim. Got arr.ndim={nd} and "
                         f"indices.ndim={len(shape_of(idx_arr))}.")
    try:
        vals = broadcast_to(vals, shape_of(idx_arr))
    except ValueError:
        raise ValueError(f"put_along_axis argument 'values' must be broadcastable to 'indices'. Got "
                         f"values.shape={shape_of(vals)} and indices.shape={shape_of(idx_arr)}.") from None
    ax = operator.index(ax)
    if ax < 0:
        ax += nd
    grid = list(_index_grids(shape_of(a), sparse=True))
    grid[ax] = idx_arr
    result = a.at[tuple(grid)].set(vals, mode=mode)
    if axis is None:
        result = reshape(result, original_shape)
    out: Array = result
    return out


def fill_diagonal(a: ArrayLike, val: ArrayLike, wrap: bool = False, *, inplace: bool = True) -> Array:
    """A copy of ``a`` (2-d, or with all axes of one length) with its main diagonal set to ``val`` (a scalar, or
    values repeated to fit). ``inplace=False`` is required: JAX arrays are immutable.

    Example: ``fill_diagonal(jnp.zeros((3, 3)), 1.0, inplace=False)`` is the identity.
    """
    if inplace:
        raise NotImplementedError("JAX arrays are immutable, must use inplace=False")
    if wrap:
        raise NotImplementedError("wrap=True is not implemented, must use wrap=False")
    arr = asarray(arraylike(a, "fill_diagonal"))
    v = asarray(arraylike(val, "fill_diagonal"))
    shape = shape_of(arr)
    if len(shape) < 2:
        raise ValueError("array must be at least 2-d")
    if len(shape) > 2 and not builtins.all(n == shape[0] for n in shape[1:]):
        raise ValueError("All dimensions of input must be of equal length")
    n = builtins.min(shape)
    idx = diag_indices(n, len(shape))
    out: Array = arr.at[idx].set(v if not shape_of(v) else _tile_to_size(ravel(v), n))
    return out


def mask_indices(n: int, mask_func: Callable[..., Any], k: int = 0, *, size: int | None = None
                 ) -> tuple[Array, Array]:
    """The row and column indices where ``mask_func(ones((n, n)), k)`` is nonzero (``mask_func``: ``triu``,
    ``tril``...); under ``jit`` give ``size``.

    Example: ``mask_indices(3, jnp.triu)`` is ``([0, 0, 0, 1, 1, 2], [0, 1, 2, 1, 2, 2])``.
    """
    i, j = nonzero(mask_func(ones((n, n)), k), size=size)
    return i, j
