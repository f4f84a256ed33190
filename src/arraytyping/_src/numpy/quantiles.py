"""Order statistics: ``quantile``, ``percentile``, ``median`` and their NaN-ignoring forms, as JAX 0.10.2's
``jax.numpy`` computes them (``_quantile`` in ``jax/_src/numpy/reductions.py``).

The result dtype is ``op_rules.reduction_result``'s ``median`` family whatever ``q`` is: ``a`` made inexact meets
the weak NaN that masks it (so a weakly typed array computes in the default float), and the result is converted to
that dtype, strongly. ``q`` sets the dtype of the interpolation only (an integer, bool or complex ``q`` fails there,
a ``TypeError``, as in JAX; ``percentile`` first makes it inexact). The bodies follow JAX's equation by equation:
the masked operand sorted along the (flattened) axis, the two neighbouring order statistics gathered at
``floor``/``ceil`` of ``q * (n - 1)`` (with the NaN-ignoring forms, ``n`` the count of non-NaN elements and the
elements read by integer-array indexing), combined as ``method`` says; ``inverted_cdf`` (the only method that takes
``weights=``) searches the cumulative weights.
"""

from __future__ import annotations

import math
from typing import Any, Final, cast

import numpy as np

from arraytyping import lattice, op_rules
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import config
from arraytyping._src.core.array import Array
from arraytyping._src.core.arraylike import refuse_sequences
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.lax import gather_scatter as G
from arraytyping._src.lax import lax
from arraytyping._src.numpy._promotion import (
    ArrayLike, array_fn, as_dtype, common_dtype, kind_of, shape_of, to_inexact_dtype,
)
from arraytyping._src.numpy.indexing import take_along_axis
from arraytyping._src.numpy.reductions import any as _any_fn
from arraytyping._src.numpy.reductions import cumsum, expand_axes, reduction_axes, static_axis
from arraytyping._src.numpy.reductions import sum as _sum
from arraytyping._src.numpy.unary import lax_where

__all__ = ["median", "nanmedian", "nanpercentile", "nanquantile", "percentile", "quantile"]

METHODS: Final = ("linear", "lower", "higher", "midpoint", "nearest", "inverted_cdf")
"""The interpolation methods JAX 0.10.2 takes (``weights=`` only with ``inverted_cdf``)."""


def _const(x: Any, value: float) -> Any:
    """JAX's ``lax._const``: ``value`` as a strong rank-0 constant of ``x``'s dtype."""
    return lax.const(value, ShapedArray((), lax.aval_of(x).dtype, False))


def _minus_one(n: Any) -> Any:
    """JAX's ``n - 1`` (``jnp.subtract``, so promoted: a bool ``n`` meets the weak ``1`` as an integer, which strict
    promotion refuses)."""
    dtype, weak = common_dtype(n, 1)
    return lax.sub(as_dtype(n, dtype, weak), as_dtype(1, dtype, weak))


def _isnan(x: Any) -> Any:
    return lax.ne(x, x)


def _default_int() -> np.dtype[Any]:
    return registry.INFO[lattice.default_name("i", config.x64)].dtype


def _inexact(x: Any, dtype: np.dtype[Any], weak: bool) -> Any:
    """``x`` converted to ``dtype`` (JAX's ``promote_dtypes_inexact`` once the common dtype is known)."""
    return lax.convert_element_type(x, dtype, weak) if isinstance(x, Array) else as_dtype(x, dtype, weak)


def _full_like(x: Any, value: float) -> Any:
    """JAX's ``lax.full_like(x, value)``: ``x``'s shape, dtype and weak flag."""
    aval = lax.aval_of(x)
    return lax.full(aval.shape, value, aval.dtype, aval.weak_type)


def _index_in_dim(x: Any, index: int, axis: int, keepdims: bool) -> Any:
    """JAX's ``lax.index_in_dim``: the slice at ``index`` along ``axis``, squeezed unless ``keepdims``."""
    n = shape_of(x)[axis]
    index = index % n
    out = lax.slice_in_dim(x, index, index + 1, axis)
    return out if keepdims else lax.squeeze(out, (axis,))


def _flatten_axes(a: Any, axis: tuple[int, ...]) -> Any:
    """JAX's reshape of ``a`` with the reduced ``axis`` moved last and merged (``lax.reshape`` with dimensions: a
    ``transpose`` by JAX's swap permutation unless it is the identity)."""
    nd = len(shape_of(a))
    keep = sorted(set(range(nd)) - set(axis))
    dimensions = list(range(nd))
    for i, s in enumerate(keep):
        dimensions[i], dimensions[s] = dimensions[s], dimensions[i]
    shape = shape_of(a)
    kept = tuple(x for i, x in enumerate(shape) if i not in axis)
    touched = tuple(x for i, x in enumerate(shape) if i in axis)
    if dimensions != list(range(nd)):
        a = lax.transpose(a, tuple(dimensions))
    return lax.reshape(a, (*kept, math.prod(touched)))


def _promoted(a: Any, weights: Any, axis: Any, method: str) -> tuple[Any, Any]:
    """JAX's ``promote_dtypes_inexact`` of ``a`` (with ``weights``, checked and broadcast to ``a``'s shape along
    ``axis``), and its refusals."""
    if method not in METHODS:
        raise ValueError("method can only be 'linear', 'lower', 'higher', 'midpoint', 'nearest' or 'inverted_cdf'")
    if weights is None:
        dtype, weak = common_dtype(a)
        return _inexact(a, to_inexact_dtype(dtype), weak), None
    if kind_of(weights) == "c":
        raise ValueError("Weights cannot be complex types.")
    if method != "inverted_cdf":
        raise NotImplementedError(f"{method} doesn't support weights. Only method 'inverted_cdf' supports weights.")
    dtype, weak = common_dtype(a, weights)
    dtype = to_inexact_dtype(dtype)
    a, weights = _inexact(a, dtype, weak), _inexact(weights, dtype, weak)
    a_shape, w_shape = shape_of(a), shape_of(weights)
    if w_shape != a_shape:
        if axis is None:
            raise ValueError("Weights shape must match 'a' shape when axis is None.")
        axes = (axis,) if isinstance(axis, int) else axis
        ax_tuple = tuple(reduction_axes(ax, len(a_shape), "quantile")[0] for ax in axes)
        if w_shape != tuple(a_shape[ax] for ax in ax_tuple):
            raise ValueError(f"Weights shape {w_shape} must match reduction axes "
                             f"{tuple(a_shape[ax] for ax in ax_tuple)}")
        weights = lax.broadcast_in_dim(weights, a_shape, ax_tuple)
    return a, weights


def _one_axis(a: Any, weights: Any, axis: Any, keepdims: bool) -> tuple[Any, Any, int, list[int]]:
    """``a`` (and ``weights``) with the reduced axes merged into one (flattened for ``axis=None``, moved last and
    merged for a tuple), that axis, and the shape ``keepdims`` restores at the end (empty: nothing to restore)."""
    shape = shape_of(a)
    if axis is None:
        a = lax.reshape(a, (math.prod(shape),))
        if weights is not None:
            weights = lax.reshape(weights, (math.prod(shape),))
        return a, weights, 0, [1] * len(shape) if keepdims else []
    if isinstance(axis, tuple):
        given = cast("tuple[int, ...]", axis)
        axes = tuple(reduction_axes(x, len(shape), "quantile")[0] for x in given)
        if len(set(axes)) != len(axes):
            raise ValueError("repeated axis")
        a = _flatten_axes(a, axes)
        if weights is not None:
            weights = _flatten_axes(weights, axes)
        return a, weights, len(shape_of(a)) - 1, [1 if i in axes else s for i, s in enumerate(shape)]
    return a, weights, reduction_axes(axis, len(shape), "quantile")[0], []


def _sorted(a: Any, weights: Any, ax: int) -> tuple[Any, Any]:
    """``a`` sorted along ``ax`` (with ``weights`` as its values: JAX's ``sort_key_val``)."""
    if weights is None:
        return lax.sort([a], ax, True, 1)[0], None
    out = lax.sort([a, weights], ax, True, 1)
    return out[0], out[1]


def _neighbours(a: Any, q: Any, ax: int, keepdims: bool) -> tuple[Any, Any, Any, Any]:
    """The sorted ``a``'s order statistics at ``floor``/``ceil`` of ``q * (n - 1)`` (gathered, ``q``'s axis first)
    and their interpolation weights."""
    q_ndim = len(shape_of(q))
    n = lax.const(shape_of(a)[ax], ShapedArray((), lax.aval_of(q).dtype, False))
    q = lax.mul(q, _minus_one(n))
    low, high = lax.floor(q), lax.ceil(q)
    high_weight = lax.sub(q, low)
    low_weight = lax.sub(_const(high_weight, 1), high_weight)
    low = lax.clamp(_const(low, 0), low, _minus_one(n))
    high = lax.clamp(_const(high, 0), high, _minus_one(n))
    low, high = (lax.convert_element_type(i, _default_int(), False) for i in (low, high))
    low_value = _gather(a, low, ax, q_ndim, keepdims)
    high_value = _gather(a, high, ax, q_ndim, keepdims)
    if q_ndim == 1:
        low_weight = lax.broadcast_in_dim(low_weight, shape_of(low_value), (0,))
        high_weight = lax.broadcast_in_dim(high_weight, shape_of(high_value), (0,))
    return low_value, high_value, low_weight, high_weight


def _neighbours_ignoring_nans(a: Any, q: Any, ax: int, keepdims: bool) -> tuple[Any, Any, Any, Any]:
    """:func:`_neighbours` among the non-NaN elements (sorted first): ``n`` their count per slice (in ``q``'s
    dtype), the elements read by integer-array indexing."""
    q_shape = shape_of(q)
    q_ndim = len(q_shape)
    counts = _sum(lax.bitwise_not(_isnan(a)), axis=ax, dtype=lax.aval_of(q).dtype, keepdims=keepdims)
    after = shape_of(counts)
    q = lax.expand_dims(q, tuple(range(q_ndim, len(after) + q_ndim)))
    counts = lax.expand_dims(counts, tuple(range(q_ndim)))
    q = lax.mul(q, lax.sub(counts, _const(q, 1)))
    low, high = lax.floor(q), lax.ceil(q)
    high_weight = lax.sub(q, low)
    low_weight = lax.sub(_const(high_weight, 1), high_weight)
    low = lax.max(_const(low, 0), lax.min(low, lax.sub(counts, _const(counts, 1))))
    high = lax.max(_const(high, 0), lax.min(high, lax.sub(counts, _const(counts, 1))))
    low, high = (lax.convert_element_type(i, _default_int(), False) for i in (low, high))
    index = [lax.iota(_default_int(), (*q_shape, *after), dim + q_ndim) for dim in range(len(after))]
    if keepdims:
        index[ax] = low
    else:
        index.insert(ax, low)
    low_value = a[tuple(index)]
    index[ax] = high
    return low_value, a[tuple(index)], low_weight, high_weight


def _quantile_body(a: Any, q: Any, weights: Any = None, *, axis: Any = None, method: str = "linear",
                   keepdims: bool = False, squash_nans: bool = False) -> Any:
    a, weights = _promoted(a, weights, axis, method)
    if kind_of(a) == "c":
        raise op_rules.OperandValueError("quantile does not support complex input, as the operation is poorly "
                                         "defined.")  # the rule's refusal (op_rules.reduction_result)
    a, weights, ax, keepdim = _one_axis(a, weights, axis, keepdims)
    q_shape = shape_of(q)
    if len(q_shape) > 1:
        raise ValueError(f"q must be have rank <= 1, got shape {q_shape}")
    a_shape = shape_of(a)
    # NaNs: positive ones, which sort last (squash_nans), or the whole slice NaN where it holds one
    a = lax_where(_isnan(a) if squash_nans else _any_nan(a, ax), np.nan, a)
    a, weights = _sorted(a, weights, ax)
    low_value, high_value, low_weight, high_weight = (
        _neighbours_ignoring_nans if squash_nans else _neighbours)(a, q, ax, keepdims)
    if method == "linear":
        q_dtype = lax.aval_of(q).dtype
        result = lax.add(lax.mul(_astype(low_value, q_dtype), low_weight),
                         lax.mul(_astype(high_value, q_dtype), high_weight))
    elif method == "lower":
        result = low_value
    elif method == "higher":
        result = high_value
    elif method == "nearest":
        result = lax.select_n(lax.le(high_weight, _const(high_weight, 0.5)), high_value, low_value)
    elif method == "midpoint":
        result = lax.mul(lax.add(low_value, high_value), _const(low_value, 0.5))
    else:
        result = _inverted_cdf(a, q, weights, ax, len(q_shape), a_shape, keepdims, squash_nans)
    if keepdims and keepdim:
        result = lax.reshape(result, (*q_shape[:1], *keepdim))
    return lax.convert_element_type(result, lax.aval_of(a).dtype, False)


def _any_nan(a: Any, ax: int) -> Any:
    """JAX's ``any(isnan(a), axis=ax, keepdims=True)``."""
    return expand_axes(lax.reduce("or", _isnan(a), (ax,)), (ax,))


def _astype(x: Any, dtype: np.dtype[Any]) -> Any:
    """JAX's ``x.astype(dtype)``: a strong ``convert_element_type`` (none where nothing changes)."""
    return lax.convert_element_type(x, dtype, False)


def _gather(a: Any, index: Any, axis: int, q_ndim: int, keepdims: bool) -> Any:
    """``a`` at ``index`` (a scalar or a vector over ``q``) along ``axis``: JAX's gather, ``q``'s axis first."""
    shape = shape_of(a)
    slice_sizes = tuple(1 if d == axis else s for d, s in enumerate(shape))
    offset_dims = tuple(range(q_ndim, len(shape) + q_ndim if keepdims else len(shape) + q_ndim - 1))
    dnums = G.GatherDimensionNumbers(offset_dims=offset_dims, collapsed_slice_dims=() if keepdims else (axis,),
                                     start_index_map=(axis,))
    i_shape = shape_of(index)
    return G.gather(a, lax.broadcast_in_dim(index, (*i_shape, 1), tuple(range(len(i_shape)))), dnums, slice_sizes)


def _inverted_cdf(a: Any, q: Any, weights: Any, axis: int, q_ndim: int, a_shape: tuple[int, ...], keepdims: bool,
                  squash_nans: bool) -> Any:
    """JAX's ``inverted_cdf``: the first sorted element whose cumulative (valid, non-negative) weight reaches
    ``q`` of the total; NaN where a weight is bad (negative or NaN), or where the data holds a NaN (all NaN, with
    ``squash_nans``)."""
    if weights is None:
        weights = _full_like(a, 1.0)
    zeros = _full_like(weights, 0)
    bad_weights = lax.bitwise_or(lax.lt(weights, zeros), _isnan(weights))
    nan_data = _isnan(a)
    clean_weights = lax.select_n(lax.bitwise_or(bad_weights, nan_data), weights, zeros)
    cum_weights = cumsum(clean_weights, axis=axis)
    total_weight = _index_in_dim(cum_weights, -1, axis, keepdims)
    tw_ndim = len(shape_of(total_weight))
    tw_f = lax.expand_dims(total_weight, tuple(range(q_ndim)))
    q_f = lax.reshape(q, (*shape_of(q), *(1,) * tw_ndim))
    target_w = lax.mul(q_f, tw_f)
    target_w_aligned = target_w if keepdims else lax.expand_dims(target_w, (axis + q_ndim,))
    cw_f = lax.expand_dims(cum_weights, tuple(range(q_ndim)))
    is_less = lax.lt(cw_f, target_w_aligned)
    idx = _sum(lax.convert_element_type(is_less, _default_int(), False), axis=axis + q_ndim, keepdims=keepdims)
    q_dtype = lax.aval_of(q).dtype
    if squash_nans:
        valid_counts = _sum(lax.bitwise_not(nan_data), axis=axis, dtype=q_dtype, keepdims=keepdims)
    else:
        valid_counts = lax.full(shape_of(total_weight), a_shape[axis], q_dtype, False)
    limit = lax.sub(valid_counts, _const(valid_counts, 1))
    max_idx = lax.convert_element_type(limit, _default_int(), False)
    max_idx_f = lax.expand_dims(max_idx, tuple(range(q_ndim)))
    max_idx_f = lax.convert_element_type(max_idx_f, lax.aval_of(idx).dtype, False)
    idx = lax.max(_const(idx, 0), lax.min(idx, max_idx_f))
    idx_take = lax.squeeze(idx, (q_ndim + axis,)) if keepdims else idx
    if q_ndim == 0:
        result = take_along_axis(a, lax.expand_dims(idx_take, (axis,)), axis=axis)
        result = lax.squeeze(result, (axis,))
    else:
        n_idx = len(shape_of(idx_take))
        perm = [*range(q_ndim, q_ndim + axis), *range(q_ndim), *range(q_ndim + axis, n_idx)]
        result = take_along_axis(a, lax.transpose(idx_take, tuple(perm)), axis=axis)
        result = lax.transpose(result, tuple(perm.index(i) for i in range(len(perm))))
    if keepdims:
        result = lax.expand_dims(result, (q_ndim + axis,))
    all_nan_data = lax.eq(valid_counts, _full_like(valid_counts, 0))
    any_bad_weight = _any(bad_weights, axis, keepdims)
    force_nan = lax.bitwise_or(any_bad_weight, all_nan_data if squash_nans else _any(nan_data, axis, keepdims))
    force_nan_f = lax.expand_dims(force_nan, tuple(range(q_ndim)))
    return lax_where(force_nan_f, _full_like(result, np.nan), result)


def _any(x: Any, axis: int, keepdims: bool) -> Any:
    return _any_fn(x, axis=axis, keepdims=keepdims)


_quantile = array_fn(_quantile_body, "quantile", call_name="quantile", arrays=2)
_nanquantile = array_fn(_quantile_body, "nanquantile", call_name="nanquantile", arrays=2)


def _percentile_body(a: Any, q: Any, weights: Any = None, *, axis: Any = None, method: str = "linear",
                     keepdims: bool = False, squash_nans: bool = False) -> Any:
    """JAX's ``percentile``/``nanpercentile``: ``q`` made inexact and divided by 100, then the quantile (a nested
    ``jit`` of that name, as in JAX)."""
    dtype, weak = common_dtype(q)
    q = _inexact(q, to_inexact_dtype(dtype), weak)
    inner = _nanquantile if squash_nans else _quantile
    return inner(a, q / 100, weights, axis=axis, method=method, keepdims=keepdims, squash_nans=squash_nans)


_percentile = array_fn(_percentile_body, "percentile", call_name="percentile", arrays=2)
_nanpercentile = array_fn(_percentile_body, "nanpercentile", call_name="nanpercentile", arrays=2)


def _median_body(a: Any, *, axis: Any = None, keepdims: bool = False, squash_nans: bool = False) -> Any:
    """JAX's ``median``/``nanmedian``: the ``midpoint`` quantile at 0.5 (a nested ``jit``)."""
    inner = _nanquantile if squash_nans else _quantile
    return inner(a, 0.5, None, axis=axis, method="midpoint", keepdims=keepdims, squash_nans=squash_nans)


_median = array_fn(_median_body, "median", call_name="median", arrays=1)
_nanmedian = array_fn(_median_body, "nanmedian", call_name="nanmedian", arrays=1)


def _check(name: str, out: Any, overwrite_input: bool, weights: Any, a: Any, q: Any) -> None:
    refuse_sequences(name, a, q)
    if weights is not None:
        refuse_sequences(name, weights)
    if overwrite_input or out is not None:
        raise ValueError(f"arraytyping.numpy.{name} does not support overwrite_input=True or out != None")


def quantile(a: ArrayLike, q: ArrayLike, axis: int | tuple[int, ...] | None = None, out: None = None,
             overwrite_input: bool = False, method: str = "linear", keepdims: bool = False, *,
             weights: ArrayLike | None = None) -> Array:
    """The ``q``-th quantiles (``q`` in [0, 1], a scalar or a vector) of ``a`` along ``axis``, interpolated by
    ``method``; NaN where a slice holds a NaN."""
    _check("quantile", out, overwrite_input, weights, a, q)
    return _quantile(a, q, weights, axis=static_axis(axis), method=method, keepdims=bool(keepdims))


def nanquantile(a: ArrayLike, q: ArrayLike, axis: int | tuple[int, ...] | None = None, out: None = None,
                overwrite_input: bool = False, method: str = "linear", keepdims: bool = False, *,
                weights: ArrayLike | None = None) -> Array:
    """:func:`quantile`, ignoring NaNs (NaN where a slice holds nothing else)."""
    _check("nanquantile", out, overwrite_input, weights, a, q)
    return _nanquantile(a, q, weights, axis=static_axis(axis), method=method, keepdims=bool(keepdims),
                        squash_nans=True)


def percentile(a: ArrayLike, q: ArrayLike, axis: int | tuple[int, ...] | None = None, out: None = None,
               overwrite_input: bool = False, method: str = "linear", keepdims: bool = False, *,
               weights: ArrayLike | None = None, out_sharding: None = None) -> Array:
    """The ``q``-th percentiles (``q`` in [0, 100]) of ``a`` along ``axis``: :func:`quantile` of ``q / 100``."""
    _check("percentile", out, overwrite_input, weights, a, q)
    if out_sharding is not None:
        raise NotImplementedError("arraytyping runs on one device: out_sharding must be None")
    return _percentile(a, q, weights, axis=static_axis(axis), method=method, keepdims=bool(keepdims))


def nanpercentile(a: ArrayLike, q: ArrayLike, axis: int | tuple[int, ...] | None = None, out: None = None,
                  overwrite_input: bool = False, method: str = "linear", keepdims: bool = False, *,
                  weights: ArrayLike | None = None) -> Array:
    """:func:`percentile`, ignoring NaNs."""
    _check("nanpercentile", out, overwrite_input, weights, a, q)
    return _nanpercentile(a, q, weights, axis=static_axis(axis), method=method, keepdims=bool(keepdims),
                          squash_nans=True)


def median(a: ArrayLike, axis: int | tuple[int, ...] | None = None, out: None = None, overwrite_input: bool = False,
           keepdims: bool = False) -> Array:
    """The median over ``axis`` (NaN where a slice holds a NaN)."""
    refuse_sequences("median", a)
    if overwrite_input or out is not None:
        raise ValueError("arraytyping.numpy.median does not support overwrite_input=True or out != None")
    return _median(a, axis=static_axis(axis), keepdims=bool(keepdims))


def nanmedian(a: ArrayLike, axis: int | tuple[int, ...] | None = None, out: None = None,
              overwrite_input: bool = False, keepdims: bool = False) -> Array:
    """The median over ``axis``, ignoring NaNs."""
    refuse_sequences("nanmedian", a)
    if overwrite_input or out is not None:
        raise ValueError("arraytyping.numpy.nanmedian does not support overwrite_input=True or out != None")
    return _nanmedian(a, axis=static_axis(axis), keepdims=bool(keepdims), squash_nans=True)
