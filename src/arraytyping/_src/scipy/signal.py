"""``jax.scipy.signal``'s convolutions, as JAX 0.10.2 computes them (``jax/_src/scipy/signal.py``): N-dimensional
``convolve`` and ``correlate`` and the two-dimensional ``convolve2d`` and ``correlate2d``, the operands promoted to
an inexact dtype (``promote_dtypes_inexact``), the smaller one (in every dimension) flipped and slid over the larger
by ``lax.conv_general_dilated``, padded for the ``mode``: ``'full'`` (by default), ``'same'`` (the first operand's
shape) or ``'valid'``. ``method='fft'`` is ``fftconvolve`` (the product of the operands' N-dimensional FFTs, real FFTs for real
operands); a ``precision`` other than None is not supported; ``convolve2d``/``correlate2d`` take JAX's ``boundary='fill'`` and ``fillvalue=0`` alone."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.core.arraylike import check_arraylike
from arraytyping._src.interpreters.batching.vmap import vmap
from arraytyping._src.lax import lax
from arraytyping._src.numpy import fft as jnp_fft
from arraytyping._src.numpy import linalg as jnp_linalg
from arraytyping._src.lax.api.functions import conv_general_dilated
from arraytyping._src.numpy._promotion import kind_of, promote_args_inexact, shape_of
from arraytyping._src.numpy.shape import canonicalize_axis

__all__ = ["convolve", "convolve2d", "correlate", "correlate2d", "detrend", "fftconvolve"]


def _convolve_nd(in1: Any, in2: Any, mode: str) -> Any:
    if mode not in ["full", "same", "valid"]:
        raise ValueError("mode must be one of ['full', 'same', 'valid']")
    shape1, shape2 = shape_of(in1), shape_of(in2)
    if len(shape1) != len(shape2):
        raise ValueError("in1 and in2 must have the same number of dimensions")
    if math.prod(shape1) == 0 or math.prod(shape2) == 0:
        raise ValueError(f"zero-size arrays not supported in convolutions, got shapes {shape1} and {shape2}.")
    in1, in2 = promote_args_inexact(in1, in2)
    no_swap = all(s1 >= s2 for s1, s2 in zip(shape1, shape2))
    swap = all(s1 <= s2 for s1, s2 in zip(shape1, shape2))
    if not (no_swap or swap):
        raise ValueError("One input must be smaller than the other in every dimension.")
    shape_o = shape2
    if swap:
        in1, in2 = in2, in1
    shape = shape_of(in2)
    in2 = lax.rev(in2, tuple(range(len(shape))))
    if mode == "valid":
        padding = [(0, 0) for _ in shape]
    elif mode == "same":
        padding = [(s - 1 - (s_o - 1) // 2, s - s_o + (s_o - 1) // 2) for s, s_o in zip(shape, shape_o)]
    else:
        padding = [(s - 1, s - 1) for s in shape]
    result = conv_general_dilated(lax.reshape(in1, (1, 1, *shape_of(in1))), lax.reshape(in2, (1, 1, *shape)),
                                  (1,) * len(shape), padding)
    return lax.reshape(result, shape_of(result)[2:])


def _check(fn: str, in1: ArrayLike, in2: ArrayLike, precision: None) -> None:
    check_arraylike(fn, in1, in2)
    if precision is not None:
        raise NotImplementedError(f"{fn}: only precision=None is supported")


def convolve(in1: ArrayLike, in2: ArrayLike, mode: str = "full", method: str = "auto",
             precision: None = None) -> AnyArray:
    """The N-dimensional convolution of ``in1`` and ``in2`` (of one rank, one no larger than the other in every
    dimension), over the ``'full'`` overlap (by default), ``in1``'s shape (``'same'``) or where they overlap
    entirely (``'valid'``)."""
    _check("convolve", in1, in2, precision)
    if method == "fft":
        return fftconvolve(in1, in2, mode=mode)
    if method not in ("direct", "auto"):
        raise ValueError(f"Got {method=}; expected 'auto', 'fft', or 'direct'.")
    out: AnyArray = _convolve_nd(in1, in2, mode)
    return out


def _check_2d(fn: str, in1: ArrayLike, in2: ArrayLike, boundary: str, fillvalue: float) -> None:
    if boundary != "fill" or fillvalue != 0:
        raise NotImplementedError(f"{fn}() only supports boundary='fill', fillvalue=0")
    if len(shape_of(in1)) != 2 or len(shape_of(in2)) != 2:
        raise ValueError(f"{fn}() only supports 2-dimensional inputs.")


def convolve2d(in1: ArrayLike, in2: ArrayLike, mode: str = "full", boundary: str = "fill", fillvalue: float = 0,
               precision: None = None) -> AnyArray:
    """The two-dimensional convolution of ``in1`` and ``in2`` (``convolve`` of matrices; ``boundary='fill'`` with
    ``fillvalue=0`` alone)."""
    _check("convolve2d", in1, in2, precision)
    _check_2d("convolve2d", in1, in2, boundary, fillvalue)
    out: AnyArray = _convolve_nd(in1, in2, mode)
    return out


def correlate(in1: ArrayLike, in2: ArrayLike, mode: str = "full", method: str = "auto",
              precision: None = None) -> AnyArray:
    """The N-dimensional cross-correlation of ``in1`` and ``in2``: ``convolve`` of ``in1`` with ``in2`` conjugated
    and flipped."""
    _check("correlate", in1, in2, precision)
    return convolve(in1, jnp.flip(jnp.conj(in2)), mode, precision=precision, method=method)


def correlate2d(in1: ArrayLike, in2: ArrayLike, mode: str = "full", boundary: str = "fill", fillvalue: float = 0,
                precision: None = None) -> AnyArray:
    """The two-dimensional cross-correlation of ``in1`` and ``in2`` (``boundary='fill'`` with ``fillvalue=0``
    alone)."""
    _check("correlate2d", in1, in2, precision)
    _check_2d("correlate2d", in1, in2, boundary, fillvalue)
    swap = all(s1 <= s2 for s1, s2 in zip(shape_of(in1), shape_of(in2)))
    same_shape = all(s1 == s2 for s1, s2 in zip(shape_of(in1), shape_of(in2)))
    result: AnyArray
    if mode == "same":
        result = jnp.flip(_convolve_nd(jnp.flip(in1), jnp.conj(in2), mode))
    elif mode == "valid" and swap and not same_shape:
        result = _convolve_nd(jnp.flip(in2), jnp.conj(in1), mode)
    elif mode == "valid":
        result = jnp.flip(_convolve_nd(jnp.flip(in1), jnp.conj(in2), mode))
    elif swap:
        result = jnp.conj(_convolve_nd(jnp.flip(in2), jnp.conj(in1), mode))
    else:
        result = jnp.flip(_convolve_nd(jnp.flip(in1), jnp.conj(in2), mode))
    return result


def _fftconvolve_unbatched(in1: Any, in2: Any, *, mode: str) -> Any:
    shape1, shape2 = shape_of(in1), shape_of(in2)
    full_shape = tuple(s1 + s2 - 1 for s1, s2 in zip(shape1, shape2))
    if mode == "valid":
        no_swap = all(s1 >= s2 for s1, s2 in zip(shape1, shape2))
        swap = all(s1 <= s2 for s1, s2 in zip(shape1, shape2))
        if not (no_swap or swap):
            raise ValueError("For 'valid' mode, One input must be at least as large as the other in every dimension.")
        if swap:
            in1, in2 = in2, in1
    shape1, shape2 = shape_of(in1), shape_of(in2)
    if all(s1 == 1 or s2 == 1 for s1, s2 in zip(shape1, shape2)):
        conv = in1 * in2
    elif kind_of(in1) == "c":
        conv = jnp_fft.ifftn(jnp_fft.fftn(in1, full_shape) * jnp_fft.fftn(in2, full_shape), full_shape)
    else:
        conv = jnp_fft.irfftn(jnp_fft.rfftn(in1, full_shape) * jnp_fft.rfftn(in2, full_shape), full_shape)
    if mode == "full":
        out_shape = full_shape
    elif mode == "same":
        out_shape = shape1
    else:
        out_shape = tuple(s1 - s2 + 1 for s1, s2 in zip(shape1, shape2))
    starts = tuple((full - out) // 2 for full, out in zip(full_shape, out_shape))
    return lax.slice(conv, starts, tuple(b + n for b, n in zip(starts, out_shape)))


def fftconvolve(in1: ArrayLike, in2: ArrayLike, mode: str = "full", axes: Sequence[int] | None = None) -> AnyArray:
    """The N-dimensional convolution of ``in1`` and ``in2`` computed with FFTs: the same values as ``convolve``
    (up to rounding), faster for large operands; in their promoted inexact dtype.

    Args:
        in1: the first operand.
        in2: the second, of the same rank.
        mode: ``'full'`` (the whole overlap), ``'same'`` (``in1``'s shape) or ``'valid'`` (where one covers the
            other entirely).
        axes: the axes convolved (the others are mapped over and must have equal lengths); None: all.

    Example: ``fftconvolve(jnp.array([1.0, 2.0, 3.0]), jnp.array([0.0, 1.0, 0.5]))`` is about
    ``[0.0, 1.0, 2.5, 4.0, 1.5]``.
    """
    check_arraylike("fftconvolve", in1, in2)
    a, b = promote_args_inexact(jnp.asarray(in1), jnp.asarray(in2))
    ndim = len(shape_of(a))
    if ndim != len(shape_of(b)):
        raise ValueError("in1 and in2 should have the same dimensionality")
    if mode not in ["same", "full", "valid"]:
        raise ValueError("mode must be one of ['same', 'full', 'valid']")
    conv: Callable[[Any, Any], Any] = functools.partial(_fftconvolve_unbatched, mode=mode)
    if axes is None:
        out: AnyArray = conv(a, b)
        return out
    axes_t = tuple(canonicalize_axis(ax, ndim) for ax in ((axes,) if isinstance(axes, int) else axes))
    mapped = set(range(ndim)) - set(axes_t)
    if any(shape_of(a)[i] != shape_of(b)[i] for i in mapped):
        raise ValueError(f"mapped axes must have same shape; got in1.shape={shape_of(a)} in2.shape={shape_of(b)} "
                         f"axes={axes_t}")
    for ax in sorted(mapped):
        conv = vmap(conv, in_axes=ax, out_axes=ax)
    mapped_out: AnyArray = conv(a, b)
    return mapped_out


def detrend(data: ArrayLike, axis: int = -1, type: str = "linear", bp: int | Sequence[int] | np.ndarray = 0,
            overwrite_data: None = None) -> AnyArray:
    """``data`` less its trend along ``axis``: its mean (``type='constant'``) or its least-squares line, fitted
    piece by piece between the breakpoints ``bp`` (``'linear'``); in ``data``'s inexact dtype.

    Args:
        data: the signal.
        axis: the axis along which the trend is removed.
        type: ``'linear'`` or ``'constant'``.
        bp: breakpoints along ``axis`` (static; between 0 and the axis' length).
        overwrite_data: not supported (None).

    Example: ``detrend(jnp.array([1.0, 2.0, 4.0]))`` is about ``[0.167, -0.333, 0.167]``.
    """
    if overwrite_data is not None:
        raise NotImplementedError("overwrite_data argument not implemented.")
    if type not in ["constant", "linear"]:
        raise ValueError("Trend type must be 'linear' or 'constant'.")
    (arr,) = promote_args_inexact(jnp.asarray(data))
    if type == "constant":
        constant: AnyArray = arr - arr.mean(axis, keepdims=True)
        return constant
    n = shape_of(arr)[axis]
    bp_arr = np.sort(np.unique(np.r_[0, bp, n]))
    if bp_arr[0] < 0 or bp_arr[-1] > n:
        raise ValueError("Breakpoints must be non-negative and less than length of data along given axis.")
    arr = jnp.moveaxis(arr, axis, 0)
    shape = shape_of(arr)
    arr = jnp.reshape(arr, (n, -1))
    dtype = arr.dtype
    for m in range(len(bp_arr) - 1):
        npts = bp_arr[m + 1] - bp_arr[m]
        design = jnp.vstack([jnp.ones(int(npts), dtype=dtype),
                             jnp.arange(1, npts + 1, dtype=dtype) / npts.astype(dtype)]).T
        sl = slice(int(bp_arr[m]), int(bp_arr[m + 1]))
        coef = jnp_linalg.lstsq(design, arr[sl])[0]
        arr = arr.at[sl].add(-jnp.matmul(design, coef))
    out: AnyArray = jnp.moveaxis(jnp.reshape(arr, shape), 0, axis)
    return out
