"""``jax.numpy``'s one-dimensional ``convolve`` and ``correlate``, as JAX 0.10.2 computes them (``_conv`` in
``jax/_src/numpy/lax_numpy.py``): the operands promoted to an inexact dtype (``promote_dtypes_inexact``; with
``preferred_element_type``, ``promote_dtypes`` and that accumulation dtype), the shorter one slid over the longer
(flipped for a convolution, conjugated for a correlation) by ``lax.conv_general_dilated``, padded for the ``mode``:
``'full'``, ``'same'`` (the first operand's length) or ``'valid'``."""

from __future__ import annotations

from typing import Any

from arraytyping._src.core.annotations import ArrayLike
from arraytyping._src.core.array import Array
from arraytyping._src.lax import lax
from arraytyping._src.lax.api.functions import conv_general_dilated
from arraytyping._src.numpy._promotion import arraylike, jitted, promote_args, promote_args_inexact, shape_of
from arraytyping._src.numpy.unary import conj
from arraytyping.typing import DTypeLike

__all__ = ["convolve", "correlate"]


def _conv_body(x: Any, y: Any, *, mode: str, op: str, preferred_element_type: DTypeLike | None) -> Any:
    if len(shape_of(x)) != 1 or len(shape_of(y)) != 1:
        raise ValueError(f"{op}() only support 1-dimensional inputs.")
    x, y = promote_args_inexact(x, y) if preferred_element_type is None else promote_args(x, y)
    if shape_of(x)[0] == 0 or shape_of(y)[0] == 0:
        raise ValueError(f"{op}: inputs cannot be empty, got shapes {shape_of(x)} and {shape_of(y)}.")
    reverse = False
    if op == "correlate":
        y = conj(y)
        if shape_of(x)[0] < shape_of(y)[0]:
            x, y = y, x
            reverse = True
    else:
        if shape_of(x)[0] < shape_of(y)[0]:
            x, y = y, x
        y = lax.rev(y, (0,))
    n = shape_of(y)[0]
    if mode == "valid":
        padding = [(0, 0)]
    elif mode == "same":
        padding = [(n // 2, n - n // 2 - 1)]
    elif mode == "full":
        padding = [(n - 1, n - 1)]
    else:
        raise ValueError("mode must be one of ['full', 'same', 'valid']")
    result = conv_general_dilated(lax.reshape(x, (1, 1, shape_of(x)[0])), lax.reshape(y, (1, 1, n)), (1,), padding,
                                  preferred_element_type=preferred_element_type)
    out = lax.reshape(result, (shape_of(result)[2],))
    return lax.rev(out, (0,)) if reverse else out


def _convolve_body(x: Any, y: Any, *, mode: str, preferred_element_type: DTypeLike | None) -> Any:
    return _conv_body(x, y, mode=mode, op="convolve", preferred_element_type=preferred_element_type)


def _correlate_body(x: Any, y: Any, *, mode: str, preferred_element_type: DTypeLike | None) -> Any:
    return _conv_body(x, y, mode=mode, op="correlate", preferred_element_type=preferred_element_type)


_convolve = jitted(_convolve_body, "convolve", call_name="convolve", arrays=2)
_correlate = jitted(_correlate_body, "correlate", call_name="correlate", arrays=2)


def convolve(a: ArrayLike, v: ArrayLike, mode: str = "full", *, precision: None = None,
             preferred_element_type: DTypeLike | None = None) -> Array:
    """The discrete convolution of two one-dimensional arrays: ``c[k] = sum_j a[k - j] v[j]``, over the ``'full'``
    overlap (by default), the first operand's length (``'same'``) or where they overlap entirely (``'valid'``).
    ``precision`` other than None is not supported."""
    out: Array = _convolve(arraylike(a, "convolve"), arraylike(v, "convolve"), mode=mode,
                              preferred_element_type=preferred_element_type)
    return out


def correlate(a: ArrayLike, v: ArrayLike, mode: str = "valid", *, precision: None = None,
              preferred_element_type: DTypeLike | None = None) -> Array:
    """The cross-correlation of two one-dimensional arrays: ``c[k] = sum_j a[k + j] conj(v[j])``, where they
    overlap entirely (``'valid'``, by default), over the ``'full'`` overlap or the first operand's length
    (``'same'``). ``precision`` other than None is not supported."""
    out: Array = _correlate(arraylike(a, "correlate"), arraylike(v, "correlate"), mode=mode,
                               preferred_element_type=preferred_element_type)
    return out
