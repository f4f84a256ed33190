"""Sorting and searching: ``sort``, ``argsort``, ``searchsorted``, ``unique`` and ``nonzero`` (with ``size=``), as
JAX 0.10.2's ``jax.numpy``. ``sort`` and ``unique`` keep the dtype; ``argsort``, ``nonzero`` and ``unique``'s
indices and counts are the default integer dtype, ``searchsorted`` int32 (``op_rules.INDEXING``)."""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from typing import Any, Literal, cast, overload

import numpy as np

from arraytyping import lattice, op_rules
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import config
from arraytyping._src.core.array import Array
from arraytyping._src.core.arraylike import refuse_sequences
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.trace import ConcretizationTypeError, concrete_value
from arraytyping._src.lax import gather_scatter as G
from arraytyping._src.lax import lax
from arraytyping._src.lax.top_k import top_k
from arraytyping._src.numpy._promotion import (
    BOOL, ArrayLike, array_fn, as_dtype, canonical_dtype, common_dtype, jitted, kind_of, operand, promote_args,
    shape_of,
)
from arraytyping._src.numpy.binary import floor_divide, remainder
from arraytyping._src.numpy.indexing import getitem, scatter_update
from arraytyping._src.numpy.joining import vstack
from arraytyping._src.numpy.reductions import cumsum, cumulative_body, reduce_axes, sum_body
from arraytyping._src.numpy.shape import atleast_1d, canonicalize_axis, ravel, reshape, transpose
from arraytyping._src.numpy.unary import lax_where, where_call
from arraytyping._src.numpy.unary import where_promoted as _where
from arraytyping.typing import DTypeLike


def _default_int() -> np.dtype[Any]:
    return registry.INFO[lattice.default_name("i", config.x64)].dtype


def _sort_body(a: Any, *, axis: int | None = -1, stable: bool = True, descending: bool = False) -> Any:
    a = promote_args(a)[0]
    if axis is None:
        a = lax.reshape(a, (math.prod(shape_of(a)),))
        axis = 0
    dim = canonicalize_axis(axis, len(shape_of(a)))
    (out,) = lax.sort([a], dim, is_stable=stable)
    return lax.rev(out, (dim,)) if descending else out


_sort = array_fn(_sort_body, "sort", call_name="sort")


def _check_sort_args(name: str, kind: Any, order: Any) -> None:
    if kind is not None:
        raise TypeError(f"'kind' argument to {name} is not supported. Use stable=True or stable=False to specify "
                        f"sort stability.")
    if order is not None:
        raise TypeError(f"'order' argument to {name} is not supported.")


def sort(a: ArrayLike, axis: int | None = -1, *, kind: None = None, order: None = None, stable: bool = True,
         descending: bool = False) -> Array:
    """``a`` sorted along ``axis`` (the flattened array for None): NaNs last, ``-0.0`` equal to ``0.0``, complex
    numbers by real then imaginary part."""
    refuse_sequences("sort", a)
    _check_sort_args("sort", kind, order)
    return _sort(a, axis=None if axis is None else operator.index(axis), stable=bool(stable),
                 descending=bool(descending))


def _argsort_body(a: Any, *, axis: int | None = -1, stable: bool = True, descending: bool = False,
                  dtype: np.dtype[Any] | None = None) -> Any:
    a = promote_args(a)[0]
    if axis is None:
        a = lax.reshape(a, (math.prod(shape_of(a)),))
        axis = 0
    dim = canonicalize_axis(axis, len(shape_of(a)))
    idx_dtype = dtype if dtype is not None else _default_int()
    iota = lax.iota(idx_dtype, shape_of(a), dim)
    if descending and stable:
        a, iota = lax.rev(a, (dim,)), lax.rev(iota, (dim,))
    _, indices = lax.sort([a, iota], dim, is_stable=stable, num_keys=1)
    return lax.rev(indices, (dim,)) if descending else indices


_argsort = array_fn(_argsort_body, "argsort", call_name="argsort")


def argsort(a: ArrayLike, axis: int | None = -1, *, kind: None = None, order: None = None, stable: bool = True,
            descending: bool = False, dtype: DTypeLike | None = None) -> Array:
    """The indices that sort ``a`` along ``axis`` (the default integer dtype, or ``dtype``)."""
    refuse_sequences("argsort", a)
    _check_sort_args("argsort", kind, order)
    index_dtype = None if dtype is None else canonical_dtype(dtype)
    if index_dtype is not None:  # op_rules' rule: a lax.iota of it, which refuses bool (TypeError, as JAX)
        op_rules.shape_result("argsort", [(lattice.BOOL, False)], config.lattice_config, index_dtype.name)
    return _argsort(a, axis=None if axis is None else operator.index(axis), stable=bool(stable),
                    descending=bool(descending), dtype=index_dtype)


def _canonical_for_sort(x: Any) -> Any:
    """JAX's ``_canonicalize_float_for_sort``: ``-0.0`` made ``0.0`` and every NaN the positive one."""
    a = lax.aval_of(x)
    zero = lax.const(0, ShapedArray((), a.dtype, False))
    x = lax.select_n(lax.eq(x, zero), x, lax.full(a.shape, 0, a.dtype, False))
    return lax.select_n(lax.ne(x, x), x, lax.full(a.shape, np.nan, a.dtype, False))


def _keys(x: Any) -> list[Any]:
    kind = kind_of(x)
    if kind == "c":
        return [_canonical_for_sort(lax.real(x)), _canonical_for_sort(lax.imag(x))]
    return [_canonical_for_sort(x)] if kind == "f" else [x]


def _compare(q: Any, v: Any, left: bool) -> Any:
    """JAX's ``_sort_le_comparator`` (``left``) or ``_sort_lt_comparator`` on ``q`` and ``v``, lexicographic over
    the keys."""
    qk, vk = _keys(q), _keys(v)
    p: Any = None
    for xk, yk in zip(qk[::-1], vk[::-1]):
        if p is None:
            p = lax.le_to(xk, yk) if left else lax.lt_to(xk, yk)
        else:
            p = lax.bitwise_or(lax.lt_to(xk, yk), lax.bitwise_and(lax.eq_to(xk, yk), p))
    return p


def _searchsorted_body(a: Any, v: Any, *, side: str = "left") -> Any:
    """JAX's ``_searchsorted_scan_impl``: ``ceil(log2(n + 1))`` bisection steps on unsigned bounds (the scan
    unrolled), comparing in total order; the upper bound is the answer (int32)."""
    if len(shape_of(a)) != 1:
        raise ValueError("a should be 1-dimensional")
    dtype, weak = common_dtype(a, v)
    a, v = (lax.convert_element_type(x, dtype, weak) if isinstance(x, Array) else as_dtype(x, dtype, weak)
            for x in (a, v))
    out_dtype = registry.INFO["int32"].dtype
    (n,) = shape_of(a)
    qshape = shape_of(v)
    if n == 0:
        return lax.full(qshape, 0, out_dtype)
    u32 = registry.INFO["uint32"].dtype
    low = lax.full(qshape, 0, u32)
    high = lax.full(qshape, n, u32)
    two = lax.const(2, ShapedArray((), u32, False))
    dn = G.GatherDimensionNumbers(offset_dims=(), collapsed_slice_dims=(0,), start_index_map=(0,))
    for _ in range(int(np.ceil(np.log2(n + 1)))):
        mid = lax.add(low, lax.div(lax.sub(high, low), two))
        a_mid = G.gather(a, lax.expand_dims(mid, (len(qshape),)), dn, (1,), mode=G.GatherScatterMode.CLIP)
        go_left = _compare(v, a_mid, side == "left")
        low, high = lax.select_n(go_left, mid, low), lax.select_n(go_left, high, mid)
    return lax.convert_element_type(high, out_dtype, False)


_searchsorted = array_fn(_searchsorted_body, "searchsorted")


def searchsorted(a: ArrayLike, v: ArrayLike, side: str = "left", sorter: ArrayLike | None = None, *,
                 method: str = "scan") -> Array:
    """Where ``v``'s elements would be inserted in the sorted 1-d ``a`` to keep it sorted (int32 indices)."""
    refuse_sequences("searchsorted", a, v)
    if side not in ("left", "right"):
        raise ValueError(f"invalid argument side={side!r}, expected 'left' or 'right'")
    if method not in ("scan", "scan_unrolled", "sort", "compare_all"):
        raise ValueError(f"invalid argument method={method!r}")
    if sorter is not None:
        a = getitem(a, sorter)
    return _searchsorted(a, v, side=side)


# ---------------------------------------------------------------------------------------------------------------
# nonzero, unique


def _nonzero_body(a: Any, *, size: int, fill_value: Any = None) -> Any:
    """JAX's ``nonzero`` with a static ``size``: flat positions from a bincount (scatter-add) of the running count
    of nonzeros and its cumulative sum, split into one index per axis; positions past the count are 0, or
    ``fill_value``."""
    a = promote_args(a)[0]
    shape = shape_of(a)
    if not shape:
        raise ValueError("Calling nonzero on 0d arrays is not allowed. Use jnp.atleast_1d(scalar).nonzero() "
                         "instead.")
    int_dtype = _default_int()
    mask = a if kind_of(a) == "b" else lax.ne(a, lax.const(0, ShapedArray((), lax.aval_of(a).dtype, False)))
    if math.prod(shape) == 0 or size == 0:
        return tuple(lax.full((size,), 0, int_dtype) for _ in shape)
    counts = cumsum(mask)  # JAX's jnp.cumsum: a nested jit
    bins = _bincount(counts, size)
    flat = cumsum(bins)
    index_type = lax.aval_of(flat).dtype.type
    strides = (np.cumprod(shape[::-1])[::-1] // np.asarray(shape)).astype(np.int64)
    out: list[Any] = []
    for stride, n in zip(strides, shape):  # JAX's strides are numpy integers of the indices' dtype (strong)
        out.append(remainder(floor_divide(flat, index_type(stride)), n))
    if fill_value is not None:
        given: object = fill_value
        values: tuple[Any, ...] = fill_value if isinstance(given, tuple) else (fill_value,) * len(shape)
        if any(np.shape(v) != () for v in values):
            raise ValueError(f"fill_value must be a scalar or a tuple of length {len(shape)}; got {fill_value}")
        positions = lax.iota(int_dtype, (size,), 0)  # JAX's arange(size) >= mask.sum(), in that order
        fill_mask = lax.ge(positions, sum_body(mask))
        out = [where_call(fill_mask, fv, entry) for fv, entry in zip(values, out)]  # jnp.where of scalars
    return tuple(out)


def _bincount(x: Any, length: int) -> Any:
    """JAX's ``bincount(x, length=length)``: ``zeros(length).at[clip(x, 0)].add(1, mode='drop')``, a scatter-add of
    ones (out-of-range ones dropped)."""
    dtype = lax.aval_of(x).dtype
    zeros = lax.full((length,), 0, dtype)
    idx = x.clip(0)  # jnp.clip (the method): a nested jit in JAX
    idx = lax.select_n(lax.lt(idx, lax.const(0, ShapedArray((), dtype, False))), idx,
                       lax.add(idx, lax.const(length, ShapedArray((), dtype, False))))
    int32 = np.dtype("int32")
    if dtype != int32 and length <= np.iinfo(int32).max:  # JAX's indexing narrows indices that fit to int32
        idx = lax.convert_element_type(idx, int32, False)
    n = shape_of(x)[0]
    dn = G.ScatterDimensionNumbers(update_window_dims=(), inserted_window_dims=(0,), scatter_dims_to_operand_dims=(0,))
    return G.scatter(G.scatter_add_p, zeros, lax.expand_dims(idx, (1,)),
                     lax.full((n,), 1, dtype), dn)


_nonzero = jitted(_nonzero_body, "nonzero")


def nonzero(a: ArrayLike, *, size: int | None = None, fill_value: Any = None) -> tuple[Array, ...]:
    """The indices of the nonzero elements of ``a``, one array per axis. Under a trace their number must be given
    as ``size`` (the result is cut or padded to it, with ``fill_value`` or 0); on concrete arrays it is counted."""
    refuse_sequences("nonzero", a)
    if np.ndim(a) == 0:
        raise ValueError("Calling nonzero on 0d arrays is not allowed. Use jnp.atleast_1d(scalar).nonzero() "
                         "instead.")
    if size is None:
        known = concrete_value(a)
        if known is None:
            raise ConcretizationTypeError("The size argument of nonzero must be statically specified to use "
                                          "nonzero within transformations.")
        size = int(np.count_nonzero(np.asarray(known)))
    given: object = fill_value
    fv: Any = fill_value if given is None or isinstance(given, tuple) else np.asarray(fill_value).item()
    return tuple(_nonzero(a, size=operator.index(size), fill_value=fv))


def _lexsort_perm(aux: Any) -> Any:
    """The stable sorting permutation of the rows of ``aux`` (2-d), the first column most significant: JAX's
    ``lexsort``, whose iota is of the default integer dtype (int64 with x64) for any axis below 2**31 elements."""
    n, m = shape_of(aux)
    keys = lax.rev(lax.transpose(aux, (1, 0)), (0,))
    cols = [lax.squeeze(lax.slice(keys, (i, 0), (i + 1, n)), (0,)) for i in range(m)][::-1]
    *_, perm = lax.sort([*cols, lax.iota(_default_int(), (n,), 0)], 0, is_stable=True, num_keys=m)
    return perm


def unique_body(ar: Any, *, axis: int, return_index: bool, return_inverse: bool, return_counts: bool,
                 equal_nan: bool, size: int, fill_value: Any, flatten: bool) -> Any:
    """JAX's ``_unique`` with a static ``size``: rows along ``axis`` sorted (lexicographically), a mask of the
    first of each run of equal ones (NaNs equal with ``equal_nan``), its first ``size`` positions gathered."""
    ar = promote_args(ar)[0]
    orig_shape = shape_of(ar)
    if flatten:
        ar = lax.reshape(ar, (math.prod(orig_shape),))
    ax = canonicalize_axis(axis, len(shape_of(ar)))
    if shape_of(ar)[ax] == 0 and size and fill_value is None:
        raise ValueError("unique: for zero-sized input with nonzero size argument, fill_value must be specified")
    n = len(shape_of(ar))
    perm_axes = [ax] + [i for i in range(n) if i != ax]
    aux = lax.transpose(ar, perm_axes)
    if kind_of(aux) == "c":
        aux = lax_where(lax.ne(aux, aux), lax.const(np.nan, ShapedArray((), lax.aval_of(aux).dtype, False)), aux)
    count, *rest = shape_of(aux)
    int_dtype = _default_int()
    if math.prod(rest) == 0:
        count = 1
        perm: Any = lax.full((1,), 0, int_dtype)
    else:
        perm = _lexsort_perm(lax.reshape(aux, (count, math.prod(rest))))
    aux = getitem(aux, perm)
    total = math.prod(shape_of(aux))
    if total:
        a1, a0 = getitem(aux, slice(1, None)), getitem(aux, slice(None, -1))
        neq = lax.ne(a1, a0)
        if kind_of(aux) in "fc" and equal_nan:
            neq = lax.bitwise_and(neq, lax.bitwise_not(lax.bitwise_and(lax.ne(a1, a1), lax.ne(a0, a0))))
        neq = reduce_axes(neq, "any", "or", axis=tuple(range(1, len(shape_of(aux)))), keepdims=False,
                      result_dtype=BOOL, computation=BOOL)
        mask = scatter_update(lax.full((count,), True, BOOL), slice(1, None), neq, "set")
    else:
        mask = lax.full((count,), False, BOOL)
    ind = _nonzero_body(mask, size=size)[0]
    result = getitem(aux, ind) if total else aux
    if fill_value is not None:
        ra = lax.aval_of(result)
        fv = as_dtype(fill_value, ra.dtype, False) if not isinstance(fill_value, Array) else \
            lax.convert_element_type(fill_value, ra.dtype, False)
        if shape_of(result)[0]:
            valid = lax.lt(lax.iota(int_dtype, (size,), 0), sum_body(mask, dtype=int_dtype))
            valid = lax.expand_dims(valid, tuple(range(1, len(shape_of(result)))))
            result = _where(valid, result, fv)
        else:
            result = lax.broadcast_in_dim(fv, (size, *shape_of(result)[1:]), ())
    inv = [perm_axes.index(i) for i in range(n)]
    result = lax.transpose(result, inv)
    ret: list[Any] = [result]
    if return_index:
        ret.append(getitem(perm, ind) if total else perm)
    if return_inverse:
        if total:
            imask = lax.sub(cumulative_body(mask, kind="sum", axis=None), lax.const(1, ShapedArray((), int_dtype,
                                                                                                    False)))
            inv_idx = scatter_update(lax.full(shape_of(mask), 0, int_dtype), perm, imask, "set")
        else:
            inv_idx = lax.full((shape_of(ar)[ax],), 0, int_dtype)
        if flatten:
            inv_idx = lax.reshape(inv_idx, orig_shape)
        ret.append(inv_idx)
    if return_counts:
        if total:
            idx = _nonzero_body(mask, size=size + 1)[0]
            tail = getitem(idx, slice(1, None))
            size_c = lax.const(shape_of(mask)[0], ShapedArray((), lax.aval_of(tail).dtype, False))
            idx = scatter_update(idx, slice(1, None), _where(tail, tail, size_c), "set")
            ret.append(lax.sub(getitem(idx, slice(1, None)), getitem(idx, slice(None, -1))))
        elif shape_of(ar)[ax]:
            ret.append(lax.full((1,), shape_of(ar)[ax], int_dtype))
        else:
            ret.append(lax.full((0,), 0, int_dtype))
    return ret[0] if len(ret) == 1 else tuple(ret)


_unique = jitted(unique_body, "unique")


@overload
def unique(ar: ArrayLike, return_index: Literal[False] = False, return_inverse: Literal[False] = False,
           return_counts: Literal[False] = False, axis: int | None = None, *, equal_nan: bool = True,
           size: int | None = None, fill_value: Any = None, sorted: bool = True) -> Array: ...
@overload
def unique(ar: ArrayLike, return_index: Literal[True], return_inverse: bool = False, return_counts: bool = False,
           axis: int | None = None, *, equal_nan: bool = True, size: int | None = None, fill_value: Any = None,
           sorted: bool = True) -> tuple[Array, ...]: ...
@overload
def unique(ar: ArrayLike, return_index: bool = False, *, return_inverse: Literal[True], return_counts: bool = False,
           axis: int | None = None, equal_nan: bool = True, size: int | None = None, fill_value: Any = None,
           sorted: bool = True) -> tuple[Array, ...]: ...
@overload
def unique(ar: ArrayLike, return_index: bool = False, return_inverse: bool = False, *, return_counts: Literal[True],
           axis: int | None = None, equal_nan: bool = True, size: int | None = None, fill_value: Any = None,
           sorted: bool = True) -> tuple[Array, ...]: ...
@overload
def unique(ar: ArrayLike, return_index: bool = False, return_inverse: bool = False, return_counts: bool = False,
           axis: int | None = None, *, equal_nan: bool = True, size: int | None = None, fill_value: Any = None,
           sorted: bool = True) -> Array | tuple[Array, ...]: ...
def unique(ar: ArrayLike, return_index: bool = False, return_inverse: bool = False, return_counts: bool = False,
           axis: int | None = None, *, equal_nan: bool = True, size: int | None = None, fill_value: Any = None,
           sorted: bool = True) -> Array | tuple[Array, ...]:
    """The sorted unique elements of ``ar`` (rows along ``axis``), optionally with the indices of their first
    occurrences, the inverse indices and the counts. Under a trace ``size`` must be given (padded with
    ``fill_value``, by default the smallest unique element); on concrete arrays it is counted."""
    refuse_sequences("unique", ar)
    if size is None:
        known = concrete_value(ar)
        if known is None:
            raise ConcretizationTypeError("unique() with a traced argument needs a static size= argument")
        ar = known  # as JAX's concrete_or_error: under eager differentiation the result is a constant
        host = np.asarray(ar)
        host_axis = None if axis is None else canonicalize_axis(axis, host.ndim)
        with np.errstate(invalid="ignore"):
            size = int(len(np.unique(host if host_axis is not None else host.ravel(), axis=host_axis,
                                     equal_nan=equal_nan)))
    fv = None if fill_value is None else np.asarray(fill_value).item()
    return cast("Array | tuple[Array, ...]", _unique(ar, axis=0 if axis is None else operator.index(axis),
                   return_index=bool(return_index), return_inverse=bool(return_inverse),
                   return_counts=bool(return_counts), equal_nan=bool(equal_nan), size=operator.index(size),
                   fill_value=fv, flatten=axis is None))


def flatnonzero(a: ArrayLike, *, size: int | None = None, fill_value: Any = None) -> Array:
    """The indices of the nonzero elements of ``a`` flattened (``nonzero(ravel(a))[0]``; ``size`` as there)."""
    refuse_sequences("ravel", a)
    return nonzero(ravel(a), size=size, fill_value=fill_value)[0]


def argwhere(a: ArrayLike, *, size: int | None = None, fill_value: Any = None) -> Array:
    """The indices of the nonzero elements of ``a``, one row of ``a.ndim`` indices per element (``size`` rows under
    a trace, padded with ``fill_value`` or 0, as ``nonzero``)."""
    refuse_sequences("argwhere", a)
    result = transpose(vstack(nonzero(atleast_1d(a), size=size, fill_value=fill_value)))
    nd = len(shape_of(a))
    if nd == 0:
        out: Array = reshape(result[:0], (shape_of(result)[0], 0))
        return out
    done: Array = reshape(result, (shape_of(result)[0], nd))
    return done


def _partition_axis(arr: Any, kth: int, axis: int, name: str) -> tuple[Any, int, int]:
    if kind_of(arr) == "c":
        raise NotImplementedError(f"jnp.{name} for complex dtype is not implemented.")
    nd = len(shape_of(arr))
    axis = canonicalize_axis(axis, nd)
    kth = canonicalize_axis(kth, shape_of(arr)[axis])
    perm = list(range(nd))
    perm[axis], perm[-1] = perm[-1], perm[axis]
    return lax.transpose(arr, tuple(perm)), kth, axis


def _swap_back(out: Any, axis: int) -> Any:
    perm = list(range(len(shape_of(out))))
    perm[axis], perm[-1] = perm[-1], perm[axis]
    return lax.transpose(out, tuple(perm))


def _partition_body(a: Any, *, kth: int, axis: int) -> Any:
    arr, kth, axis = _partition_axis(promote_args(a)[0], kth, axis, "partition")
    last = len(shape_of(arr)) - 1
    if kind_of(arr) == "u":
        bottom = -top_k(-(arr + 1), kth + 1, last)[0] - 1
    else:
        bottom = -top_k(-arr, kth + 1, last)[0]
    top = top_k(arr, shape_of(arr)[-1] - kth - 1, last)[0]
    return _swap_back(lax.concatenate([bottom, top], last), axis)


def _argpartition_body(a: Any, *, kth: int, axis: int) -> Any:
    arr, kth, axis = _partition_axis(promote_args(a)[0], kth, axis, "argpartition")
    last = len(shape_of(arr)) - 1
    if kind_of(arr) == "u":
        bottom_ind = top_k(-(arr + 1), kth + 1, last)[1]
    else:
        bottom_ind = top_k(-arr, kth + 1, last)[1]
    # the top indices through a proxy (duplicates): ones, zeroed at the bottom indices
    # a weakly typed proxy, as JAX's lax.full(shape, 1.0): its indices, and so the result, weak where the bottom's are
    proxy = lax.full(shape_of(arr), 1.0, registry.INFO[lattice.default_name("f", config.x64)].dtype, True)
    proxy = take_along_zero(proxy, bottom_ind)
    top_ind = top_k(proxy, shape_of(arr)[-1] - kth - 1, last)[1]
    return _swap_back(lax.concatenate([bottom_ind, top_ind], last), axis)


def take_along_zero(x: Any, idx: Any) -> Any:
    """``x`` with 0 written at indices ``idx`` along its last axis, row by row."""
    lead = shape_of(x)[:-1]
    grids = [lax.broadcast_in_dim(lax.iota(registry.INFO["int32"].dtype, (d,), 0), shape_of(idx), (i,))
             for i, d in enumerate(lead)]
    index = (*grids, idx)
    return scatter_update(x, index, 0.0, "set")


_partition = jitted(_partition_body, "partition", arrays=1)
_argpartition = jitted(_argpartition_body, "partition", arrays=1)  # JAX's argpartition checks under this name


def partition(a: ArrayLike, kth: int, axis: int = -1) -> Array:
    """``a`` partially sorted along ``axis``: the ``kth`` element is where a full sort puts it, smaller ones before
    it and larger ones after (each side in no guaranteed order).

    Example: ``partition(jnp.array([3, 1, 4, 1, 5]), 2)[2]`` is ``3``.
    """
    out: Array = _partition(a, kth=operator.index(kth), axis=operator.index(axis))
    return out


def argpartition(a: ArrayLike, kth: int, axis: int = -1) -> Array:
    """The indices that partition ``a`` along ``axis`` around its ``kth`` element (see :func:`partition`).

    Example: ``argpartition(jnp.array([3, 1, 4, 1, 5]), 2)[2]`` is ``0`` (the index of 3).
    """
    out: Array = _argpartition(a, kth=operator.index(kth), axis=operator.index(axis))
    return out


def _lexsort_body(*keys: Any, axis: int) -> Any:
    if len({shape_of(k) for k in keys}) > 1:
        raise ValueError("all keys need to be the same shape")
    shape = shape_of(keys[0])
    if not shape:
        return lax.full((), 0, _default_int())
    axis = canonicalize_axis(axis, len(shape))
    idx_dtype = _default_int() if shape[axis] < 2 ** 31 else registry.INFO["int64"].dtype
    iota = lax.iota(idx_dtype, shape, axis)
    return lax.sort([*(promote_args(k)[0] for k in keys[::-1]), iota], axis, is_stable=True,
                    num_keys=len(keys))[-1]


_lexsort = jitted(_lexsort_body, "lexsort")


def lexsort(keys: Array | np.ndarray[Any, Any] | Sequence[ArrayLike], axis: int = -1) -> Array:
    """The indirect stable sort by several keys: the indices that sort by the last key, ties broken by the one
    before it, and so on (the default integer dtype).

    Example: ``lexsort((jnp.array([1, 0, 1]), jnp.array([0, 0, 1])))`` is ``[1, 0, 2]``.
    """
    key_arrays = tuple(keys)
    for k in key_arrays:
        if isinstance(k, (list, tuple)):
            raise TypeError(f"lexsort requires ndarray or scalar arguments, got {type(k).__name__} at position 0.")
        operand(k)
    if not key_arrays:
        raise TypeError("need sequence of keys with len > 0 in lexsort")
    out: Array = _lexsort(*key_arrays, axis=operator.index(axis))
    return out


def _sort_complex_body(a: Any) -> Any:
    a = promote_args(a)[0]
    if not shape_of(a):
        raise ValueError("sort_complex: the operand must be at least one-dimensional (lax.sort's dimension -1)")
    (a,) = lax.sort([a], len(shape_of(a)) - 1)
    info = registry.info_of_dtype(lax.aval_of(a).dtype)
    assert info is not None
    name = info.name
    wide = name in ("float64", "complex128") or (name in ("int64", "uint64") and config.x64)
    return lax.convert_element_type(a, registry.INFO["complex128" if wide else "complex64"].dtype, False)


_sort_complex = jitted(_sort_complex_body, "sort_complex", arrays=1)


def sort_complex(a: ArrayLike) -> Array:
    """``a`` sorted along its last axis (real part first, then imaginary), as a complex array (complex128 for 64-bit
    inputs, else complex64).

    Example: ``sort_complex(jnp.array([3.0, 1.0, 2.0]))`` is ``[1+0j, 2+0j, 3+0j]``.
    """
    out: Array = _sort_complex(a)
    return out
