"""``jax.scipy.signal`` as JAX 0.10.2 computes it (``jax/_src/scipy/signal.py``). The convolutions: N-dimensional
``convolve`` and ``correlate`` and the two-dimensional ``convolve2d`` and ``correlate2d``, the operands promoted to
an inexact dtype (``promote_dtypes_inexact``), the smaller one (in every dimension) flipped and slid over the larger
by ``lax.conv_general_dilated``, padded for the ``mode``: ``'full'`` (by default), ``'same'`` (the first operand's
shape) or ``'valid'``. ``method='fft'`` is ``fftconvolve`` (the product of the operands' N-dimensional FFTs, real FFTs
for real operands); a ``precision`` other than None is not supported; ``convolve2d``/``correlate2d`` take JAX's
``boundary='fill'`` and ``fillvalue=0`` alone. ``detrend``. Spectral analysis over JAX's spectral helper:
``stft``, ``csd``, ``welch`` (windowed segment FFTs; windows other than ``'hann'`` or an array come from SciPy's
``get_window``, as in JAX) and ``istft`` (overlap-add)."""

from __future__ import annotations

import functools
import importlib
import math
import operator
import warnings
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from arraytyping import op_rules
from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.core.arraylike import check_arraylike
from arraytyping._src.interpreters.batching.vmap import vmap
from arraytyping._src.lax import lax
from arraytyping._src.numpy import fft as jnp_fft
from arraytyping._src.numpy import linalg as jnp_linalg
from arraytyping._src.lax.api.functions import conv_general_dilated
from arraytyping._src.numpy._promotion import (as_dtype, common_dtype, kind_of, promote_args_inexact, shape_of,
                                               to_inexact_dtype)
from arraytyping._src.numpy.shape import canonicalize_axis

__all__ = ["convolve", "convolve2d", "correlate", "correlate2d", "csd", "detrend", "fftconvolve", "istft", "stft",
           "welch"]


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


# ---------------------------------------------------------------------------------------------------------------
# Spectral analysis: stft, istft, csd, welch (JAX's _spectral_helper and _fft_helper)


def _complex_dtype(x: Any) -> Any:
    """JAX's ``dtypes.to_complex_dtype`` of ``x``'s dtype: complex128 for float64/complex128, else complex64."""
    return np.dtype(op_rules.fft_operand_name(lax.aval_of(x).name))


def _hann(n: int) -> Any:
    return jnp.array([1.0]) if n == 1 else jnp.sin(jnp.linspace(0, np.pi, n, endpoint=False)) ** 2


def _named_window(window: Any, n: int) -> Any:
    if isinstance(window, str) and window == "hann":
        return _hann(n)
    try:
        get_window = importlib.import_module("scipy.signal").get_window
    except ImportError as err:
        raise ImportError(f"scipy must be available to use {window=}") from err
    return get_window(window, n)


def _triage_segments(window: Any, nperseg: int | None, input_length: int, dtype: Any) -> tuple[Any, int]:
    """JAX's ``signal_helper._triage_segments``: the window as an array of ``dtype``, and the segment length."""
    if isinstance(window, (str, tuple)):
        nperseg_int = input_length if nperseg is None else int(nperseg)
        if nperseg_int > input_length:
            warnings.warn(f"nperseg={nperseg_int} is greater than {input_length=}, using nperseg={input_length}",
                          stacklevel=4)
            nperseg_int = input_length
        return jnp.array(_named_window(window, nperseg_int), dtype=dtype), nperseg_int
    win = jnp.asarray(window, dtype=dtype)
    size = math.prod(shape_of(win))
    nperseg_int = size if nperseg is None else int(nperseg)
    if len(shape_of(win)) != 1:
        raise ValueError("window must be 1-D")
    if input_length < size:
        raise ValueError("window is longer than input signal")
    if nperseg_int != size:
        raise ValueError("value specified for nperseg is different from length of window")
    return win, nperseg_int


def _promote_inexact(*args: Any) -> list[Any]:
    """JAX's ``promote_dtypes_inexact``: the operands in their common inexact dtype, their ranks kept."""
    dtype, weak = common_dtype(*args)
    return [as_dtype(a, to_inexact_dtype(dtype), weak) for a in args]


def _promote_complex(x: Any) -> Any:
    """JAX's ``promote_dtypes_complex`` of one operand: its dtype made complex, its weak flag kept."""
    x = jnp.asarray(x)
    dtype, weak = common_dtype(x)
    return as_dtype(x, np.dtype(op_rules.fft_operand_name(np.dtype(dtype).name)), weak)


def _odd_ext(x: Any, n: int, axis: int = -1) -> Any:
    if n < 1:
        return x
    length = shape_of(x)[axis]
    if n > length - 1:
        raise ValueError(f"The extension length n ({n}) is too big. "
                         f"It must not exceed x.shape[axis]-1, which is {length - 1}.")
    left_end = lax.slice_in_dim(x, 0, 1, axis=axis)
    left_ext = jnp.flip(lax.slice_in_dim(x, 1, n + 1, axis=axis), axis=axis)
    right_end = lax.slice_in_dim(x, length - 1, length, axis=axis)
    right_ext = jnp.flip(lax.slice_in_dim(x, length - (n + 1), length - 1, axis=axis), axis=axis)
    return jnp.concatenate((2 * left_end - left_ext, x, 2 * right_end - right_ext), axis=axis)


def _make_pad(mode: str, **kwargs: Any) -> Callable[..., Any]:
    def pad(x: Any, n: int, axis: int = -1) -> Any:
        pad_width = [(0, 0) for _ in shape_of(x)]
        pad_width[axis] = (n, n)
        return jnp.pad(x, pad_width, mode, **kwargs)
    return pad


def _no_extension(x: Any, *args: Any, **kwargs: Any) -> Any:
    return x


_BOUNDARY_FUNCS: dict[str | None, Callable[..., Any]] = {
    "even": _make_pad("reflect"),
    "odd": _odd_ext,
    "constant": _make_pad("edge"),
    "zeros": _make_pad("constant", constant_values=0.0),
    None: _no_extension,
}


def _fft_helper(x: Any, win: Any, detrend_func: Callable[[Any], Any], nperseg: int, noverlap: int,
                nfft: int | None, sides: str) -> Any:
    """JAX's ``_fft_helper``: the windowed FFTs of ``x``'s segments along its last axis."""
    *batch_shape, signal_length = shape_of(x)
    if nperseg == 1 and noverlap == 0:
        result = x[..., None]
    else:
        step = nperseg - noverlap
        starts = range(0, signal_length - nperseg + 1, step)
        segments = [lax.slice_in_dim(x, s, s + nperseg, axis=-1) for s in starts]
        result = jnp.stack(segments, axis=-2) if segments else jnp.zeros((*batch_shape, 0, nperseg), x.dtype)
    result = detrend_func(result)
    if jnp.iscomplexobj(win):
        result = _promote_complex(result)
    result = jnp.reshape(win, (1,) * len(batch_shape) + (1, nperseg)) * result
    if sides == "twosided":
        return jnp_fft.fft(result, n=nfft)
    return jnp_fft.rfft(jnp.real(result), n=nfft)


def _spectral_helper(x: ArrayLike, y: ArrayLike | None, fs: ArrayLike = 1.0, window: Any = "hann",
                     nperseg: int | None = None, noverlap: int | None = None, nfft: int | None = None,
                     detrend_type: bool | str | Callable[[Any], Any] = "constant", return_onesided: bool = True,
                     scaling: str = "density", axis: int = -1, mode: str = "psd", boundary: str | None = None,
                     padded: bool = False) -> tuple[Any, Any, Any]:
    """JAX's ``_spectral_helper`` (SciPy's, ``y=None`` meaning the auto-spectrum)."""
    if mode not in ("psd", "stft"):
        raise ValueError(f"Unknown value for mode {mode}, must be one of: ('psd', 'stft')")
    if boundary not in _BOUNDARY_FUNCS:
        raise ValueError(f"Unknown boundary option '{boundary}', must be one of: {list(_BOUNDARY_FUNCS.keys())}")
    axis = operator.index(axis)
    if y is None:
        check_arraylike("spectral_helper", x)
        (xa,) = promote_args_inexact(jnp.asarray(x))
        axis = canonicalize_axis(axis, len(shape_of(xa)))
        ya = xa
        outershape = tuple(d for i, d in enumerate(shape_of(xa)) if i != axis)
    else:
        if mode != "psd":
            raise ValueError("two-argument mode is available only when mode=='psd'")
        check_arraylike("spectral_helper", x, y)
        xa, ya = _promote_inexact(jnp.asarray(x), jnp.asarray(y))
        axis = canonicalize_axis(axis, len(shape_of(xa)))
        if len(shape_of(xa)) != len(shape_of(ya)):
            raise ValueError("two-arguments must have the same rank ({x.ndim} vs {y.ndim}).")
        try:
            outershape = jnp.broadcast_shapes(tuple(d for i, d in enumerate(shape_of(xa)) if i != axis),
                                              tuple(d for i, d in enumerate(shape_of(ya)) if i != axis))
        except ValueError as err:
            raise ValueError("x and y cannot be broadcast together.") from err
    result_dtype = _complex_dtype(xa)
    freq_dtype = np.finfo(result_dtype).dtype
    nperseg_int: int | None = None
    if nperseg is not None:
        nperseg_int = int(nperseg)
        if nperseg_int < 1:
            raise ValueError("nperseg must be a positive integer")
    win, nperseg_n = _triage_segments(window, nperseg_int, shape_of(xa)[axis], xa.dtype)
    noverlap_int = nperseg_n // 2 if noverlap is None else int(noverlap)
    nfft_int = nperseg_n if nfft is None else int(nfft)
    if y is None:
        if math.prod(shape_of(xa)) == 0:
            return (jnp.zeros(shape_of(xa), freq_dtype), jnp.zeros(shape_of(xa), freq_dtype),
                    jnp.zeros(shape_of(xa), result_dtype))
    elif math.prod(shape_of(xa)) == 0 or math.prod(shape_of(ya)) == 0:
        shape = (*outershape[:axis], min(shape_of(xa)[axis], shape_of(ya)[axis]), *outershape[axis:])
        return jnp.zeros(shape, freq_dtype), jnp.zeros(shape, freq_dtype), jnp.zeros(shape, result_dtype)
    xa = jnp.moveaxis(xa, axis, -1)
    if y is not None and len(shape_of(ya)) > 1:
        ya = jnp.moveaxis(ya, axis, -1)
    if y is not None and shape_of(xa)[-1] != shape_of(ya)[-1]:
        if shape_of(xa)[-1] < shape_of(ya)[-1]:
            pad_shape = (*shape_of(xa)[:-1], shape_of(ya)[-1] - shape_of(xa)[-1])
            xa = jnp.concatenate((xa, jnp.zeros_like(xa, shape=pad_shape)), -1)
        else:
            pad_shape = (*shape_of(ya)[:-1], shape_of(xa)[-1] - shape_of(ya)[-1])
            ya = jnp.concatenate((ya, jnp.zeros_like(xa, shape=pad_shape)), -1)
    if nfft_int < nperseg_n:
        raise ValueError("nfft must be greater than or equal to nperseg.")
    if noverlap_int >= nperseg_n:
        raise ValueError("noverlap must be less than nperseg.")
    nstep = nperseg_n - noverlap_int
    if boundary is not None:
        ext_func = _BOUNDARY_FUNCS[boundary]
        xa = ext_func(xa, nperseg_n // 2, axis=-1)
        if y is not None:
            ya = ext_func(ya, nperseg_n // 2, axis=-1)
    if padded:
        nadd = (-(shape_of(xa)[-1] - nperseg_n) % nstep) % nperseg_n
        xa = jnp.concatenate((xa, jnp.zeros_like(xa, shape=(*shape_of(xa)[:-1], nadd))), axis=-1)
        if y is not None:
            ya = jnp.concatenate((ya, jnp.zeros_like(xa, shape=(*shape_of(ya)[:-1], nadd))), axis=-1)
    detrend_func: Callable[[Any], Any]
    if isinstance(detrend_type, str):
        detrend_func = functools.partial(detrend, type=detrend_type, axis=-1)
    elif callable(detrend_type):
        if axis != -1:  # as JAX: axis is canonical (never -1) here, so a function always sees axis moved last
            user_detrend = detrend_type

            def moved_detrend(d: Any) -> Any:
                return jnp.moveaxis(user_detrend(jnp.moveaxis(d, axis, -1)), -1, axis)
            detrend_func = moved_detrend
        else:
            detrend_func = detrend_type
    elif not detrend_type:
        detrend_func = _no_extension
    else:
        raise ValueError(f"Unsupported detrend type: {detrend_type}")
    if scaling == "density":
        scale = 1.0 / (fs * (win * win).sum())
    elif scaling == "spectrum":
        scale = 1.0 / win.sum() ** 2
    else:
        raise ValueError(f"Unknown scaling: {scaling}")
    if mode == "stft":
        scale = jnp.sqrt(scale)
    scale = _promote_complex(scale)
    if return_onesided:
        sides = "onesided"
        if jnp.iscomplexobj(xa) or (y is not None and jnp.iscomplexobj(ya)):
            sides = "twosided"
            warnings.warn("Input data is complex, switching to return_onesided=False", stacklevel=3)
    else:
        sides = "twosided"
    if sides == "twosided":
        freqs = jnp_fft.fftfreq(nfft_int, 1 / fs, dtype=freq_dtype)
    else:
        freqs = jnp_fft.rfftfreq(nfft_int, 1 / fs, dtype=freq_dtype)
    result = _fft_helper(xa, win, detrend_func, nperseg_n, noverlap_int, nfft_int, sides)
    if y is not None:
        result_y = _fft_helper(ya, win, detrend_func, nperseg_n, noverlap_int, nfft_int, sides)
        result = jnp.conjugate(result) * result_y
    elif mode == "psd":
        result = jnp.conjugate(result) * result
    result = result * scale
    if sides == "onesided" and mode == "psd":
        end = None if nfft_int % 2 else -1
        result = result.at[..., 1:end].multiply(2)
    time = jnp.arange(nperseg_n / 2, shape_of(xa)[-1] - nperseg_n / 2 + 1, nperseg_n - noverlap_int,
                      dtype=freq_dtype) / fs
    if boundary is not None:
        time = time - (nperseg_n / 2) / fs
    result = result.astype(result_dtype)
    if y is None and mode != "stft":
        result = jnp.real(result)
    result = jnp.moveaxis(result, -1, axis)
    return freqs, time, result


def stft(x: ArrayLike, fs: ArrayLike = 1.0, window: Any = "hann", nperseg: int = 256, noverlap: int | None = None,
         nfft: int | None = None, detrend: bool | str | Callable[[Any], Any] = False, return_onesided: bool = True,
         boundary: str | None = "zeros", padded: bool = True, axis: int = -1) -> tuple[AnyArray, AnyArray, AnyArray]:
    """The short-time Fourier transform of ``x``: its windowed segments' FFTs.

    Args:
        x: the signal (real or complex; integers are made inexact).
        fs: the sampling frequency.
        window: a window name (``'hann'``; others need SciPy), a tuple for SciPy's ``get_window``, or a 1-D array.
        nperseg: the segment length (at most the signal's length).
        noverlap: the points shared by successive segments (``nperseg // 2`` by default).
        nfft: the FFT length (``nperseg`` by default).
        detrend: False, ``'constant'``, ``'linear'`` or a function of a segment.
        return_onesided: only the non-negative frequencies, for a real signal.
        boundary: how the signal is extended at both ends: ``'zeros'``, ``'even'``, ``'odd'``, ``'constant'``,
            None.
        padded: zero-pad the end to a whole number of segments.
        axis: the time axis.

    Returns:
        ``(f, t, Zxx)``: the frequencies, the segment times, the STFT (complex, frequencies before times on
        ``axis``).

    Example: ``f, t, Z = stft(jnp.array([1., 2., 3., 2., 1., 0., 1., 2.]), nperseg=4)`` gives ``Z`` of shape
    ``(3, 5)``, ``complex64``, ``Z[0, 1]`` about ``2.5``.
    """
    freqs, time, result = _spectral_helper(x, None, fs, window, nperseg, noverlap, nfft, detrend, return_onesided,
                                           scaling="spectrum", axis=axis, mode="stft", boundary=boundary,
                                           padded=padded)
    return freqs, time, result


def csd(x: ArrayLike, y: ArrayLike | None, fs: ArrayLike = 1.0, window: Any = "hann", nperseg: int | None = None,
        noverlap: int | None = None, nfft: int | None = None, detrend: bool | str | Callable[[Any], Any] = "constant",
        return_onesided: bool = True, scaling: str = "density", axis: int = -1,
        average: str = "mean") -> tuple[AnyArray, AnyArray]:
    """The cross power spectral density of ``x`` and ``y`` by Welch's method (``y=None``: ``x``'s own, real).

    Args:
        x: the first signal.
        y: the second (of ``x``'s rank; the shorter is zero-padded), or None.
        fs: the sampling frequency.
        window: a window name (``'hann'``; others need SciPy), a tuple, or a 1-D array.
        nperseg: the segment length (the signal's length, at most, by default).
        noverlap: the points shared by successive segments (``nperseg // 2`` by default).
        nfft: the FFT length (``nperseg`` by default).
        detrend: ``'constant'``, ``'linear'``, False or a function of a segment.
        return_onesided: only the non-negative frequencies, for real signals.
        scaling: ``'density'`` (per unit frequency) or ``'spectrum'``.
        axis: the time axis.
        average: ``'mean'`` or ``'median'`` of the segments' periodograms.

    Returns:
        ``(f, Pxy)``: the frequencies and the cross spectral density (complex when ``y`` is given).

    Example: ``f, p = csd(jnp.arange(8.0), jnp.ones(8), nperseg=4)`` gives ``f = [0, 0.25, 0.5]`` and a
    ``complex64`` ``p`` of shape ``(3,)``.
    """
    freqs, _, pxy = _spectral_helper(x, y, fs, window, nperseg, noverlap, nfft, detrend, return_onesided, scaling,
                                     axis, mode="psd")
    if y is not None:
        pxy = pxy + 0j
    shape = shape_of(pxy)
    if len(shape) >= 2 and math.prod(shape) > 0:
        if shape[-1] > 1:
            if average == "median":
                ii_2 = jnp.arange(2.0, shape[-1], 2)
                bias = (1 + jnp.sum(1.0 / (ii_2 + 1) - 1.0 / ii_2)).astype(pxy.dtype)
                if jnp.iscomplexobj(pxy):
                    pxy = jnp.median(jnp.real(pxy), axis=-1) + 1j * jnp.median(jnp.imag(pxy), axis=-1)
                else:
                    pxy = jnp.median(pxy, axis=-1)
                pxy = pxy / bias
            elif average == "mean":
                pxy = pxy.mean(axis=-1)
            else:
                raise ValueError(f'average must be "median" or "mean", got {average}')
        else:
            pxy = jnp.reshape(pxy, shape[:-1])
    return freqs, pxy


def welch(x: ArrayLike, fs: ArrayLike = 1.0, window: Any = "hann", nperseg: int | None = None,
          noverlap: int | None = None, nfft: int | None = None,
          detrend: bool | str | Callable[[Any], Any] = "constant", return_onesided: bool = True,
          scaling: str = "density", axis: int = -1, average: str = "mean") -> tuple[AnyArray, AnyArray]:
    """The power spectral density of ``x`` by Welch's method: the mean (or median) of its overlapping segments'
    modified periodograms; real.

    Args:
        x: the signal.
        fs: the sampling frequency.
        window: a window name (``'hann'``; others need SciPy), a tuple, or a 1-D array.
        nperseg: the segment length (the signal's length, at most, by default).
        noverlap: the points shared by successive segments (``nperseg // 2`` by default).
        nfft: the FFT length (``nperseg`` by default).
        detrend: ``'constant'``, ``'linear'``, False or a function of a segment.
        return_onesided: only the non-negative frequencies, for a real signal.
        scaling: ``'density'`` (per unit frequency) or ``'spectrum'``.
        axis: the time axis.
        average: ``'mean'`` or ``'median'``.

    Returns:
        ``(f, Pxx)``: the frequencies and the power spectral density.

    Example: ``f, p = welch(jnp.sin(jnp.arange(64.0)), nperseg=16)`` gives ``f`` and ``p`` of shape ``(9,)``,
    ``float32``, ``p`` largest near the frequency ``1 / (2 pi)``.
    """
    freqs, pxx = csd(x, None, fs=fs, window=window, nperseg=nperseg, noverlap=noverlap, nfft=nfft, detrend=detrend,
                     return_onesided=return_onesided, scaling=scaling, axis=axis, average=average)
    return freqs, jnp.real(pxx)


def _overlap_and_add(x: Any, step_size: int) -> Any:
    """JAX's ``_overlap_and_add`` (TensorFlow's ``overlap_and_add``) of ``(..., frames, frame_length)``."""
    if len(shape_of(x)) < 2:
        raise ValueError("Input must have (..., frames, frame_length) shape.")
    *batch_shape, nframes, segment_len = shape_of(x)
    flat_batchsize = math.prod(batch_shape)
    x = jnp.reshape(x, (flat_batchsize, nframes, segment_len))
    output_size = step_size * (nframes - 1) + segment_len
    nstep_per_segment = 1 + (segment_len - 1) // step_size
    padded_segment_len = nstep_per_segment * step_size
    x = jnp.pad(x, ((0, 0), (0, 0), (0, padded_segment_len - segment_len)))
    x = jnp.reshape(x, (flat_batchsize, nframes, nstep_per_segment, step_size))
    x = jnp.transpose(x, (0, 2, 1, 3))
    x = jnp.pad(x, ((0, 0), (0, 0), (0, nframes), (0, 0)))
    shrunken = shape_of(x)[2] - 1
    x = jnp.reshape(x, (flat_batchsize, -1))
    x = x[:, :(nstep_per_segment * shrunken * step_size)]
    x = jnp.reshape(x, (flat_batchsize, nstep_per_segment, shrunken * step_size))
    x = x.sum(axis=1)[:, :output_size]
    return jnp.reshape(x, (*batch_shape, -1))


def istft(Zxx: ArrayLike, fs: ArrayLike = 1.0, window: Any = "hann", nperseg: int | None = None,
          noverlap: int | None = None, nfft: int | None = None, input_onesided: bool = True,
          boundary: bool = True, time_axis: int = -1, freq_axis: int = -2) -> tuple[AnyArray, AnyArray]:
    """The inverse short-time Fourier transform: the signal whose ``stft`` is ``Zxx`` (overlap-add of the
    segments' inverse FFTs, normalised by the summed squared window).

    Args:
        Zxx: the STFT, at least 2-D.
        fs: the sampling frequency.
        window: a window name (``'hann'``; others need SciPy), a tuple, or a 1-D array of length ``nperseg``.
        nperseg: the segment length (from ``Zxx``'s frequency axis by default).
        noverlap: the points shared by successive segments (``nperseg // 2`` by default).
        nfft: the FFT length (from ``Zxx`` by default).
        input_onesided: ``Zxx`` holds the non-negative frequencies alone (a real signal).
        boundary: the signal was extended at its ends by ``stft`` (the extension is removed).
        time_axis: ``Zxx``'s segment axis.
        freq_axis: ``Zxx``'s frequency axis.

    Returns:
        ``(t, x)``: the sample times and the signal (real for a one-sided input).

    Example: ``istft(stft(jnp.array([1., 2., 3., 2., 1., 0., 1., 2.]), nperseg=4)[2])[1]`` is about
    ``[1., 2., 3., 2., 1., 0., 1., 2.]``.
    """
    check_arraylike("istft", Zxx)
    z = jnp.asarray(Zxx)
    ndim = len(shape_of(z))
    if ndim < 2:
        raise ValueError("Input stft must be at least 2d!")
    freq_axis = canonicalize_axis(freq_axis, ndim)
    time_axis = canonicalize_axis(time_axis, ndim)
    if freq_axis == time_axis:
        raise ValueError("Must specify differing time and frequency axes!")
    z = jnp.asarray(z, dtype=_complex_dtype(z))
    n_default = 2 * (shape_of(z)[freq_axis] - 1) if input_onesided else shape_of(z)[freq_axis]
    nperseg_int = int(nperseg or n_default)
    if nperseg_int < 1:
        raise ValueError("nperseg must be a positive integer")
    if nfft is None:
        nfft_int = n_default
        if input_onesided and nperseg_int == n_default + 1:
            nfft_int += 1
    else:
        nfft_int = int(nfft)
    if nfft_int < nperseg_int:
        raise ValueError(f"FFT length ({nfft_int}) must be longer than nperseg ({nperseg_int}).")
    noverlap_int = int(noverlap or nperseg_int // 2)
    if noverlap_int >= nperseg_int:
        raise ValueError("noverlap must be less than nperseg.")
    nstep = nperseg_int - noverlap_int
    if time_axis != ndim - 1 or freq_axis != ndim - 2:
        outer_idxs = tuple(idx for idx in range(ndim) if idx not in {time_axis, freq_axis})
        z = jnp.transpose(z, outer_idxs + (freq_axis, time_axis))
    ifunc = jnp_fft.irfft if input_onesided else jnp_fft.ifft
    xsubs = ifunc(z, axis=-2, n=nfft)[..., :nperseg_int, :]
    if isinstance(window, (str, tuple)):
        win = jnp.array(_named_window(window, nperseg_int), dtype=xsubs.dtype)
    else:
        win = jnp.asarray(window)
        if len(shape_of(win)) != 1:
            raise ValueError("window must be 1-D")
        if shape_of(win)[0] != nperseg_int:
            raise ValueError(f"window must have length of {nperseg_int}")
    xsubs = xsubs * win.sum()
    win = lax.expand_dims(win, (*range(len(shape_of(xsubs)) - 2), -1))
    x = _overlap_and_add(jnp.swapaxes(xsubs * win, -2, -1), nstep)
    win_squared = jnp.repeat(win * win, shape_of(xsubs)[-1], axis=-1)
    norm = _overlap_and_add(jnp.swapaxes(win_squared, -2, -1), nstep)
    if boundary:
        half = nperseg_int // 2
        x = x[..., half:-half]
        norm = norm[..., half:-half]
    x = x / jnp.where(norm > 1e-10, norm, 1.0)
    if len(shape_of(x)) > 1 and time_axis != ndim - 1:
        if freq_axis < time_axis:
            time_axis -= 1
        x = jnp.moveaxis(x, -1, time_axis)
    time = jnp.arange(shape_of(x)[0], dtype=np.finfo(x.dtype).dtype) / fs
    return time, x
