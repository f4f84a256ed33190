"""``jax.scipy.fft`` as JAX 0.10.2 computes it (``jax/_src/scipy/fft.py``): the type-2 discrete cosine transform
and its inverse, one axis (``dct``, ``idct``) or several (``dctn``, ``idctn``), through ``jax.numpy.fft``."""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from typing import Any

import numpy as np

from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.core.arraylike import check_arraylike
from arraytyping._src.lax import lax
from arraytyping._src.lax.api.indexing import slice_in_dim
from arraytyping._src.numpy import fft as jnp_fft
from arraytyping._src.numpy._promotion import as_dtype, common_dtype, promote_args_inexact, shape_of

__all__ = ["dct", "dctn", "idct", "idctn"]

_COMPLEX = {"float16": "complex64", "bfloat16": "complex64", "float32": "complex64", "float64": "complex128",
            "complex64": "complex64", "complex128": "complex128"}


def canonicalize_axis(axis: Any, ndim: int) -> int:
    """``axis`` in ``range(ndim)``, or JAX's ``ValueError`` (``jax._src.util.canonicalize_axis``)."""
    a = operator.index(axis)
    if not -ndim <= a < ndim:
        raise ValueError(f"axis {a} is out of bounds for array of dimension {ndim}")
    return a % ndim if ndim else a


def _dtype(x: Any) -> np.dtype[Any]:
    return np.dtype(lax.aval_of(x).dtype)


def _is_complex(x: Any) -> bool:
    return _dtype(x).kind == "c"


def _w4(n: int, k: Any) -> Any:
    """JAX's ``_W4``: ``exp(-0.5j pi k / N)`` with ``N`` and ``k`` promoted to complex."""
    dtype, weak = common_dtype(n, k)
    inexact = dtype if dtype.kind in "fc" else np.dtype("float32")
    complex_dtype = np.dtype(_COMPLEX[inexact.name])
    n_arr = as_dtype(jnp.asarray(n), complex_dtype, weak)
    k = as_dtype(k, complex_dtype, weak)
    return jnp.exp(-.5j * np.pi * k / n_arr)


def _interleave(x: Any, axis: int) -> Any:
    v0 = slice_in_dim(x, None, None, 2, axis)
    v1 = lax.rev(slice_in_dim(x, 1, None, 2, axis), (axis,))
    return lax.concatenate([v0, v1], axis)


def _ortho_norm(out: Any, axis: int) -> Any:
    shape = shape_of(out)
    dtype = _dtype(out)
    factor = lax.concatenate([lax.full((1,), 4, dtype), lax.full((shape[axis] - 1,), 2, dtype)], 0)
    factor = lax.expand_dims(factor, [a for a in range(len(shape)) if a != axis])
    return out / lax.sqrt(factor * shape[axis])


def _check(name: str, x: ArrayLike, type: int, norm: str | None) -> Any:
    check_arraylike(name, x)
    arr = jnp.asarray(x)
    if type != 2:
        raise NotImplementedError("Only DCT type 2 is implemented.")
    if norm is not None and norm not in ["backward", "ortho"]:
        raise ValueError(f"jax.scipy.fft.{name}: norm={norm!r} is not implemented")
    return arr


def _pad_to(x: Any, n: int | None, axis: int) -> Any:
    if n is None:
        return x
    shape = shape_of(x)
    return lax.pad(x, jnp.array(0, _dtype(x)), [(0, n - shape[axis] if a == axis else 0, 0) for a in range(len(shape))])


def dct(x: ArrayLike, type: int = 2, n: int | None = None, axis: int = -1, norm: str | None = None) -> AnyArray:
    """The type-2 discrete cosine transform of ``x`` along ``axis`` (a complex ``x``: its real and imaginary parts
    each); real floating result (integers become float32, as JAX's ``fft``).

    Args:
        x: the input array.
        type: the DCT type (only 2).
        n: zero-pad (or truncate) ``axis`` to this length first.
        axis: the axis transformed.
        norm: ``None``/``'backward'`` (unscaled) or ``'ortho'``.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import fft
        >>> fft.dct(jnp.array([1.0, 1.0]))
        Array([4., 0.], dtype=float32)
    """
    arr = _check("dct", x, type, norm)
    if _is_complex(arr):
        out_c: AnyArray = lax.complex(dct(jnp.real(arr), type=type, n=n, norm=norm, axis=axis),
                                      dct(jnp.imag(arr), type=type, n=n, norm=norm, axis=axis))
        return out_c
    ndim = len(shape_of(arr))
    axis = canonicalize_axis(axis, ndim)
    arr = _pad_to(arr, n, axis)
    size = shape_of(arr)[axis]
    v = _interleave(arr, axis)
    big_v = jnp_fft.fft(v, axis=axis)
    k = lax.expand_dims(jnp.arange(size, dtype=_dtype(jnp.real(big_v))), [a for a in range(ndim) if a != axis])
    out = 2 * jnp.real(big_v * _w4(size, k))
    if norm == "ortho":
        out = _ortho_norm(out, axis)
    result: AnyArray = out
    return result


def _dct2(x: Any, axes: Sequence[int], norm: str | None) -> Any:
    ndim = len(shape_of(x))
    axis1, axis2 = (canonicalize_axis(a, ndim) for a in axes)
    n1, n2 = shape_of(x)[axis1], shape_of(x)[axis2]
    v = _interleave(_interleave(x, axis1), axis2)
    big_v = jnp_fft.fftn(v, axes=axes)
    k1 = lax.expand_dims(jnp.arange(n1, dtype=_dtype(big_v)), [a for a in range(ndim) if a != axis1])
    k2 = lax.expand_dims(jnp.arange(n2, dtype=_dtype(big_v)), [a for a in range(ndim) if a != axis2])
    out = _w4(n1, k1) * (_w4(n2, k2) * big_v
                         + _w4(n2, -k2) * jnp.roll(jnp.flip(big_v, axis=axis2), shift=1, axis=axis2))
    out = 2 * jnp.real(out)
    if norm == "ortho":
        return _ortho_norm(_ortho_norm(out, axis1), axis2)
    return out


def _sizes_axes(x: Any, s: Sequence[int] | int | None, axes: Sequence[int] | int | None
                ) -> tuple[list[int] | None, tuple[int, ...]]:
    ndim = len(shape_of(x))
    sizes: list[int] | None = None
    if s is not None:
        try:
            sizes = list(s)  # type: ignore[arg-type]
        except TypeError:
            sizes = [operator.index(s)]  # type: ignore[arg-type]
        if len(sizes) > ndim:
            raise ValueError(f"s must have at most x.ndim ({ndim}) elements, got {len(sizes)}")
    if axes is None:
        chosen = tuple(range(ndim - len(sizes), ndim)) if sizes is not None else tuple(range(ndim))
    else:
        if not isinstance(axes, Sequence):
            chosen = (canonicalize_axis(axes, ndim),)
        else:
            chosen = tuple(canonicalize_axis(a, ndim) for a in axes)
            if len(set(chosen)) != len(chosen):
                raise ValueError(f"repeated axis: {chosen}")
    return sizes, chosen


def _pad_axes(x: Any, sizes: list[int], axes: tuple[int, ...]) -> Any:
    ns = dict(zip(axes, sizes))
    shape = shape_of(x)
    return lax.pad(x, jnp.array(0, _dtype(x)), [(0, ns[a] - shape[a] if a in ns else 0, 0) for a in range(len(shape))])


def dctn(x: ArrayLike, type: int = 2, s: Sequence[int] | int | None = None,
         axes: Sequence[int] | int | None = None, norm: str | None = None) -> AnyArray:
    """The type-2 discrete cosine transform of ``x`` over several axes (all by default).

    Args:
        x: the input array.
        type: the DCT type (only 2).
        s: zero-pad (or truncate) the axes to these lengths first (the last ``len(s)`` axes without ``axes``).
        axes: the axes transformed.
        norm: ``None``/``'backward'`` (unscaled) or ``'ortho'``.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import fft
        >>> fft.dctn(jnp.ones((2, 2)))
        Array([[16.,  0.],
               [ 0.,  0.]], dtype=float32)
    """
    arr = _check("dctn", x, type, norm)
    if _is_complex(arr):
        out_c: AnyArray = lax.complex(dctn(jnp.real(arr), type=type, s=s, norm=norm, axes=axes),
                                      dctn(jnp.imag(arr), type=type, s=s, norm=norm, axes=axes))
        return out_c
    sizes, chosen = _sizes_axes(arr, s, axes)
    if len(chosen) == 1:
        return dct(arr, n=sizes[0] if sizes is not None else None, axis=chosen[0], norm=norm)
    if sizes is not None:
        arr = _pad_axes(arr, sizes, chosen)
    if len(chosen) == 2:
        out: AnyArray = _dct2(arr, axes=chosen, norm=norm)
        return out
    for block in [chosen[i:i + 2] for i in range(0, len(chosen), 2)]:
        arr = dctn(arr, axes=block, norm=norm)
    result: AnyArray = arr
    return result


def _deinterleave(x: Any, axis: int) -> Any:
    shape = shape_of(x)
    whole = slice(None, None, None)
    half = math.ceil(shape[axis] / 2)
    v0 = x[tuple(slice(None, half, 1) if i == axis else whole for i in range(len(shape)))]
    v1 = lax.rev(x[tuple(slice(half, None, 1) if i == axis else whole for i in range(len(shape)))], (axis,))
    out = jnp.zeros(shape, dtype=_dtype(x))
    out = out.at[tuple(slice(None, None, 2) if i == axis else whole for i in range(len(shape)))].set(v0)
    return out.at[tuple(slice(1, None, 2) if i == axis else whole for i in range(len(shape)))].set(v1)


def idct(x: ArrayLike, type: int = 2, n: int | None = None, axis: int = -1, norm: str | None = None) -> AnyArray:
    """The inverse of :func:`dct` (type 2) along ``axis``.

    Args:
        x: the input array.
        type: the DCT type (only 2).
        n: zero-pad (or truncate) ``axis`` to this length first.
        axis: the axis transformed.
        norm: ``None``/``'backward'`` (the inverse of the unscaled ``dct``) or ``'ortho'``.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import fft
        >>> fft.idct(jnp.array([4.0, 0.0]))
        Array([1., 1.], dtype=float32)
    """
    arr = _check("idct", x, type, norm)
    if _is_complex(arr):
        out_c: AnyArray = lax.complex(idct(jnp.real(arr), type=type, n=n, norm=norm, axis=axis),
                                      idct(jnp.imag(arr), type=type, n=n, norm=norm, axis=axis))
        return out_c
    ndim = len(shape_of(arr))
    axis = canonicalize_axis(axis, ndim)
    arr = _pad_to(arr, n, axis)
    size = shape_of(arr)[axis]
    (arr,) = promote_args_inexact(arr)
    if norm is None or norm == "backward":
        arr = _ortho_norm(arr, axis)
    arr = _ortho_norm(arr, axis)
    k = lax.expand_dims(jnp.arange(size, dtype=_dtype(arr)), [a for a in range(ndim) if a != axis])
    w4 = _w4(size, k)
    arr = arr.astype(_dtype(w4))
    arr = arr / _w4(size, k)
    arr = arr * 2 * size
    arr = jnp_fft.ifft(arr, axis=axis)
    out: AnyArray = _deinterleave(jnp.real(arr), axis)
    return out


def idctn(x: ArrayLike, type: int = 2, s: Sequence[int] | int | None = None,
          axes: Sequence[int] | int | None = None, norm: str | None = None) -> AnyArray:
    """The inverse of :func:`dctn` (type 2) over several axes (all by default).

    Args:
        x: the input array.
        type: the DCT type (only 2).
        s: zero-pad (or truncate) the axes to these lengths first (the last ``len(s)`` axes without ``axes``).
        axes: the axes transformed.
        norm: ``None``/``'backward'`` or ``'ortho'``.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import fft
        >>> fft.idctn(jnp.array([[16.0, 0.0], [0.0, 0.0]]))
        Array([[1., 1.],
               [1., 1.]], dtype=float32)
    """
    arr = _check("idctn", x, type, norm)
    if _is_complex(arr):
        out_c: AnyArray = lax.complex(idctn(jnp.real(arr), type=type, s=s, norm=norm, axes=axes),
                                      idctn(jnp.imag(arr), type=type, s=s, norm=norm, axes=axes))
        return out_c
    sizes, chosen = _sizes_axes(arr, s, axes)
    if len(chosen) == 1:
        return idct(arr, n=sizes[0] if sizes is not None else None, axis=chosen[0], norm=norm)
    if sizes is not None:
        arr = _pad_axes(arr, sizes, chosen)
    for axis in chosen:
        arr = idct(arr, axis=axis, norm=norm)
    result: AnyArray = arr
    return result
