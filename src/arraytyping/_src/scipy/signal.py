"""``jax.scipy.signal``'s convolutions, as JAX 0.10.2 computes them (``jax/_src/scipy/signal.py``): N-dimensional
``convolve`` and ``correlate`` and the two-dimensional ``convolve2d`` and ``correlate2d``, the operands promoted to
an inexact dtype (``promote_dtypes_inexact``), the smaller one (in every dimension) flipped and slid over the larger
by ``lax.conv_general_dilated``, padded for the ``mode``: ``'full'`` (by default), ``'same'`` (the first operand's
shape) or ``'valid'``. JAX's ``method='fft'`` (``fftconvolve``) and a ``precision`` other than None are not
supported; ``convolve2d``/``correlate2d`` take JAX's ``boundary='fill'`` and ``fillvalue=0`` alone."""

from __future__ import annotations

import math
from typing import Any

from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.core.arraylike import check_arraylike
from arraytyping._src.lax import lax
from arraytyping._src.lax.api.functions import conv_general_dilated
from arraytyping._src.numpy._promotion import promote_args_inexact, shape_of

__all__ = ["convolve", "convolve2d", "correlate", "correlate2d"]


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
        raise NotImplementedError("convolve: method='fft' (fftconvolve) is not supported yet; use 'direct'")
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
