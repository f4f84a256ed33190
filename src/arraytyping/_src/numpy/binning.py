"""Binning and counting: ``digitize`` and ``bincount``, as JAX 0.10.2's ``jax.numpy`` computes them
(``jax/_src/numpy/lax_numpy.py``).

``digitize`` is ``searchsorted`` of the values in the bins (reversed bins searched from the end): int32, its two
operands promoted together first (``op_rules``' ``int32`` family). ``bincount`` adds ones (or the weights) into
``zeros(length)`` at the clipped values with a scatter-add that drops what falls past ``length``: the default
integer, or the weights' dtype (``op_rules.bincount_result``); without a static ``length`` its size is read from the
values, which must then be concrete. ``interp`` interpolates linearly between the neighbours ``searchsorted`` finds,
in the inexact dtype of ``x`` and ``xp`` promoted together (``fp``'s inexact dtype for the values).
"""

from __future__ import annotations

import builtins
import math
import operator
from typing import Any, cast

import numpy as np

from arraytyping import op_rules
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import config
from arraytyping._src.core.array import Array
from arraytyping._src.core.arraylike import check_arraylike, refuse_sequences
from arraytyping._src.core.trace import ConcretizationTypeError, concrete_value
from arraytyping._src.lax import lax
from arraytyping._src.numpy._promotion import (
    ArrayLike, array_fn, common_dtype, jitted, kind_of, operand, shape_of, to_inexact_dtype,
)
from arraytyping._src.numpy.joining import concatenate, stack
from arraytyping._src.numpy.conversion import asarray, ones_like, zeros, zeros_like
from arraytyping._src.numpy.creation import linspace
from arraytyping._src.numpy.indexing import getitem, scatter_update
from arraytyping._src.numpy.ordering import searchsorted
from arraytyping._src.numpy.selection import clip, where
from arraytyping._src.numpy.unary import abs

__all__ = [
    "bincount", "digitize", "histogram", "histogram2d", "histogram_bin_edges", "histogramdd", "interp",
]


def _digitize_body(x: Any, bins: Any, *, right: bool = False, method: str | None = None) -> Any:
    """JAX's ``digitize``: where the last bin is at least the first, ``searchsorted(bins, x)``; otherwise the bins
    reversed, counted from the end."""
    shape = shape_of(bins)
    if len(shape) != 1:
        raise ValueError(f"digitize: bins must be a 1-dimensional array; got bins={bins}")
    if shape[0] == 0:
        return zeros_like(x, dtype=registry.INFO["int32"].dtype)
    side = "right" if not right else "left"
    how = "scan" if method is None else method  # searchsorted's default
    increasing = getitem(bins, -1) >= getitem(bins, 0)
    return where(increasing, searchsorted(bins, x, side=side, method=how),
                 shape[0] - searchsorted(lax.rev(bins, (0,)), x, side=side, method=how))


_digitize = array_fn(_digitize_body, "digitize", call_name="digitize")


def digitize(x: ArrayLike, bins: ArrayLike, right: bool = False, *, method: str | None = None) -> Array:
    """The index of the bin each element of ``x`` falls in (int32): ``bins`` is 1-d and increasing or decreasing;
    with ``right``, an interval holds its right edge instead of its left one."""
    refuse_sequences("digitize", x, bins)
    return _digitize(asarray(x), asarray(bins), right=bool(right), method=method)


def _short(x: Any) -> str:
    """JAX's ``typeof(x).str_short(True, True)`` of an unsharded array: ``f32[3]({})``."""
    return f"{lax.aval_of(x).str_short()}({{}})"


def bincount(x: ArrayLike, weights: ArrayLike | None = None, minlength: int = 0, *,
             length: int | None = None) -> Array:
    """How often each value ``0, 1, ..., length - 1`` occurs in the 1-d integer array ``x`` (negative values count
    as 0, values past ``length`` are dropped), or the sum of the ``weights`` at those positions; ``length`` defaults
    to ``max(minlength, x.max() + 1)``, which needs a concrete ``x``."""
    refuse_sequences("bincount", x)
    x = asarray(x)
    name, weak = operand(x)
    counts_name = op_rules.bincount_result((name, weak), None, config.lattice_config)[0]  # refuses non-integers
    if name == "bool":
        x = lax.convert_element_type(x, registry.INFO["int32"].dtype, False)
    if len(shape_of(x)) != 1:
        raise ValueError("only 1-dimensional input supported.")
    minlength = operator.index(minlength)
    if length is None:
        known = concrete_value(x)
        if known is None:
            aval = lax.aval_of(x)
            raise ConcretizationTypeError(
                f"Abstract tracer value encountered where concrete value is expected: traced array with shape "
                f"{aval.dtype.name}{list(aval.shape)}\nThe error occurred because of argument 'x' of jnp.bincount. "
                f"To avoid this error, pass a static `length` argument.")
        host = np.asarray(known)
        length = max(minlength, host.size and int(max(0, host.max())) + 1)
    else:
        length = operator.index(length)
    if weights is None:
        out_name = counts_name
        w: Any = np.array(1, dtype=registry.INFO[out_name].dtype)
    else:
        if isinstance(cast(object, weights), (list, tuple)):
            raise TypeError(f"Argument '{weights}' of type '{type(weights)}' is not a valid JAX type")
        w = asarray(weights)
        if shape_of(x) != shape_of(w):
            raise ValueError(f"type of weights must match type of x. Got typeof(x)={_short(x)} and "
                             f"typeof(weights)={_short(w)}")
        out_name = op_rules.bincount_result((name, weak), operand(w), config.lattice_config)[0]
    counts = zeros(length, registry.INFO[out_name].dtype)
    return scatter_update(counts, clip(x, 0), w, "add", mode="drop")


def _inexact(*args: Any) -> list[Any]:
    """JAX's ``promote_dtypes_inexact``, without rank promotion."""
    dtype, weak = common_dtype(*args)
    return [lax.convert_element_type(asarray(a), to_inexact_dtype(dtype), weak) for a in args]


def _interp_body(x: Any, xp: Any, fp: Any, left: Any, right: Any, period: Any, *, extrapolate_left: bool,
                 extrapolate_right: bool) -> Any:
    if shape_of(xp) != shape_of(fp) or len(shape_of(xp)) != 1:
        raise ValueError("xp and fp must be one-dimensional arrays of equal size")
    x_arr, xp_arr = _inexact(x, xp)
    (fp_arr,) = _inexact(fp)
    if kind_of(x_arr) == "c":
        raise ValueError("jnp.interp: complex x values not supported.")
    if period is not None:
        if shape_of(period):
            raise ValueError(f"period must be a scalar; got {period}")
        period = abs(period)
        x_arr = x_arr % period
        xp_arr = xp_arr % period
        xp_arr, fp_arr = lax.sort([xp_arr, fp_arr], 0, True, 1)
        xp_arr = concatenate([xp_arr[-1:] - period, xp_arr, xp_arr[:1] + period])
        fp_arr = concatenate([fp_arr[-1:], fp_arr, fp_arr[:1]])
    i = clip(searchsorted(xp_arr, x_arr, side="right"), 1, shape_of(xp_arr)[0] - 1)
    df = fp_arr[i] - fp_arr[i - 1]
    dx = xp_arr[i] - xp_arr[i - 1]
    delta = x_arr - xp_arr[i - 1]
    epsilon = np.spacing(np.finfo(lax.aval_of(xp_arr).dtype).eps)
    dx0 = lax.abs(dx) <= epsilon  # no NaN gradients where dx is tiny (as JAX)
    f = where(dx0, fp_arr[i - 1], fp_arr[i - 1] + (delta / where(dx0, 1, dx)) * df)
    if not extrapolate_left:
        left_arr = fp_arr[0] if left is None else left
        if period is None:
            f = where(x_arr < xp_arr[0], left_arr, f)
    if not extrapolate_right:
        right_arr = fp_arr[-1] if right is None else right
        if period is None:
            f = where(x_arr > xp_arr[-1], right_arr, f)
    return f


_interp = jitted(_interp_body, "interp", arrays=3)


def interp(x: ArrayLike, xp: ArrayLike, fp: ArrayLike, left: ArrayLike | str | None = None,
           right: ArrayLike | str | None = None, period: ArrayLike | None = None) -> Array:
    """One-dimensional linear interpolation: the piecewise-linear function through ``(xp, fp)`` evaluated at ``x``.

    Args:
        x: the points to evaluate at (any shape).
        xp: the increasing sample points (one-dimensional).
        fp: the values at ``xp`` (same shape).
        left: the value for ``x < xp[0]`` (``fp[0]`` by default), or ``'extrapolate'``.
        right: the value for ``x > xp[-1]`` (``fp[-1]`` by default), or ``'extrapolate'``.
        period: a period of the sample points (``left`` and ``right`` then ignored).

    Example: ``interp(jnp.array([0.5, 1.5]), jnp.array([0.0, 1.0, 2.0]), jnp.array([0.0, 10.0, 0.0]))`` is
    ``[5.0, 5.0]``.
    """
    for name, side in (("left", left), ("right", right)):
        if isinstance(side, str) and side != "extrapolate":
            raise ValueError(f"the only valid string value of `{name}` is 'extrapolate', but got: {side!r}")
    refuse_sequences("interp", x, xp, fp)
    out: Array = _interp(x, xp, fp, None if isinstance(left, str) else left,
                         None if isinstance(right, str) else right, period,
                         extrapolate_left=isinstance(left, str), extrapolate_right=isinstance(right, str))
    return out


# Histograms (JAX 0.10.2's lax_numpy.histogram_bin_edges, histogram, histogram2d, histogramdd).


def histogram_bin_edges(a: ArrayLike, bins: ArrayLike = 10, range: Any = None, weights: ArrayLike | None = None
                        ) -> Array:
    """The edges of a histogram's bins: ``bins`` itself when it is 1-d, else ``bins + 1`` evenly spaced edges over
    ``range`` (by default the data's minimum to maximum; widened by 0.5 each way when empty), in ``a``'s inexact
    dtype.

    Example: ``histogram_bin_edges(jnp.array([0.0, 1.0, 4.0]), 4)`` is ``[0.0, 1.0, 2.0, 3.0, 4.0]``.
    """
    del weights  # unused, as string bins are not supported
    if isinstance(bins, str):
        raise NotImplementedError("string values for `bins` not implemented.")
    check_arraylike("histogram_bin_edges", a, bins)
    arr = asarray(a)
    dtype = to_inexact_dtype(lax.aval_of(arr).dtype)
    if np.ndim(bins) == 1:
        edges: Array = asarray(bins, dtype=dtype)
        return edges
    known = concrete_value(bins)
    if known is None:
        raise ConcretizationTypeError("Abstract tracer value encountered where concrete value is expected: bins "
                                      "argument of histogram_bin_edges")
    host: Any = known
    bins_int = operator.index(int(np.asarray(cast(Any, host))) if isinstance(host, (Array, np.ndarray)) else host)
    rng: Any = [arr.min(), arr.max()] if range is None else range
    rng = asarray(rng if not isinstance(rng, (list, tuple)) else stack_values(rng), dtype=dtype)
    if shape_of(rng) != (2,):
        raise ValueError(f"`range` must be either None or a sequence of scalars, got {rng}")
    same = (rng[1] - rng[0]) == 0
    lo = where(same, rng[0] - 0.5, rng[0])
    hi = where(same, rng[1] + 0.5, rng[1])
    out: Array = linspace(lo, hi, bins_int + 1, dtype=dtype)
    return out


def stack_values(values: Any) -> Any:
    """A list or tuple of scalars or arrays as one array (JAX's ``asarray`` of a sequence)."""
    return asarray(np.asarray(values)) if all(not isinstance(v, Array) for v in values) else \
        lax.concatenate([lax.reshape(asarray(v), (1,)) for v in values], 0)


def histogram(a: ArrayLike, bins: ArrayLike = 10, range: Any = None, weights: ArrayLike | None = None,
              density: bool | None = None) -> tuple[Array, Array]:
    """The histogram of ``a`` (flattened): the number of values (or the sum of their ``weights``) in each bin, and
    the bins' edges (see :func:`histogram_bin_edges`); the last bin includes its right edge. With ``density``, the
    counts normalised to integrate to 1.

    Example: ``histogram(jnp.array([0.0, 1.0, 1.5, 4.0]), 2)`` is ``([3.0, 1.0], [0.0, 2.0, 4.0])``.
    """
    if isinstance(bins, str):  # JAX's ensure_arraylike refuses it first
        raise TypeError(f"histogram requires ndarray or scalar arguments, got {type(bins)} at position 1.")
    if weights is None:
        check_arraylike("histogram", a, bins)
        (arr,) = _inexact(a)
        w = ones_like(arr)
    else:
        check_arraylike("histogram", a, bins, weights)
        if np.shape(a) != np.shape(weights):
            raise ValueError("weights should have the same shape as a.")
        arr, w = _inexact(a, weights)
    bin_edges = histogram_bin_edges(arr, bins, range, w)
    bin_idx = searchsorted(bin_edges, arr, side="right")
    n = shape_of(bin_edges)[0]
    bin_idx = where(arr == bin_edges[-1], n - 1, bin_idx)
    counts = zeros(n, lax.aval_of(w).dtype).at[bin_idx].add(w)[1:]
    if density:
        counts = counts / (bin_edges[1:] - bin_edges[:-1]) / counts.sum()
    return counts, bin_edges


def histogramdd(sample: ArrayLike, bins: Any = 10, range: Any = None, weights: ArrayLike | None = None,
                density: bool | None = None) -> tuple[Array, list[Array]]:
    """The ``D``-dimensional histogram of ``N`` points (``sample`` of shape ``(N, D)``): the counts (or summed
    ``weights``) of shape ``(len(edges_0) - 1, ...)`` and each dimension's bin edges.

    Example: ``histogramdd(jnp.array([[0.0, 0.0], [1.0, 1.0]]), 2)[0]`` is ``[[1.0, 0.0], [0.0, 1.0]]``.
    """
    if weights is None:
        check_arraylike("histogramdd", sample)
        (smp,) = _inexact(sample)
        w: Any = None
    else:
        check_arraylike("histogramdd", sample, weights)
        if np.shape(weights) != np.shape(sample)[:1]:
            raise ValueError("should have one weight for each sample.")
        smp, w = _inexact(sample, weights)
    n_points, dims = shape_of(smp)
    if range is not None and (len(range) != dims or any(r is not None and np.shape(r)[0] != 2 for r in range)):
        raise ValueError(f"For sample.shape={(n_points, dims)}, range must be a sequence of {dims} pairs or Nones; "
                         f"got range={range}")
    try:
        bins_per_dimension = list(bins)
    except TypeError:
        bins_per_dimension = dims * [bins]
    else:
        if len(bins_per_dimension) != dims:
            raise ValueError("should be a bin for each dimension.")
    bin_idx_by_dim: list[Any] = []
    bin_edges_by_dim: list[Array] = []
    for i in builtins.range(dims):
        range_i = None if range is None else range[i]
        column = smp[:, i]
        bin_edges = histogram_bin_edges(column, bins_per_dimension[i], range_i, w)
        bin_idx = searchsorted(bin_edges, column, side="right")
        bin_idx = where(column == bin_edges[-1], bin_idx - 1, bin_idx)
        bin_idx_by_dim.append(bin_idx)
        bin_edges_by_dim.append(bin_edges)
    nbins = tuple(shape_of(e)[0] + 1 for e in bin_edges_by_dim)
    xy: Any = None
    for idx, size in zip(bin_idx_by_dim, nbins):  # ravel_multi_index(..., mode='clip')
        idx = clip(idx, 0, size - 1)
        xy = idx if xy is None else xy * size + idx
    hist = bincount(xy, w, length=math.prod(nbins))
    hist = hist.reshape(nbins)[(slice(1, -1),) * dims]
    if density:
        hist = hist.astype(lax.aval_of(smp).dtype)
        hist = hist / hist.sum()
        for d, edges in enumerate(bin_edges_by_dim):
            widths = edges[1:] - edges[:-1]
            shape = [1] * dims
            shape[d] = shape_of(widths)[0]
            hist = hist / widths.reshape(tuple(shape))
    return hist, bin_edges_by_dim


def histogram2d(x: ArrayLike, y: ArrayLike, bins: Any = 10, range: Any = None, weights: ArrayLike | None = None,
                density: bool | None = None) -> tuple[Array, Array, Array]:
    """The 2-d histogram of points ``(x, y)``: the counts (or summed ``weights``), the ``x`` edges and the ``y``
    edges (see :func:`histogramdd`).

    Example: ``histogram2d(jnp.array([0.0, 1.0]), jnp.array([0.0, 1.0]), 2)[0]`` is ``[[1.0, 0.0], [0.0, 1.0]]``.
    """
    check_arraylike("histogram2d", x, y)
    try:
        n = len(bins)
    except TypeError:
        n = 1
    if n not in (1, 2):
        edges = asarray(bins)
        bins = [edges, edges]
    sample = stack([asarray(x), asarray(y)]).T
    hist, edges_by_dim = histogramdd(sample, bins, range, weights, density)
    return hist, edges_by_dim[0], edges_by_dim[1]
