"""The rest of ``jax.lax``'s array functions (JAX 0.10.2's): ``dtype``, ``broadcast_like``, ``shape_as_value``,
``empty``, ``fft`` (the FFT primitive with its operand converted, under ``jit`` as JAX runs it) and
``cumlogsumexp``.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any

import numpy as np

from arraytyping import op_rules
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.core.staging import abstractify
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.promotion import dtype_of
from arraytyping._src.lax import lax as _lax
from arraytyping._src.lax import primitives as P
from arraytyping._src.lax.api.elementwise import check_operand
from arraytyping._src.lax.cumulative import cumlogsumexp_p
from arraytyping._src.lax.fft import FftType, fft_p
from arraytyping._src.lax.shape import empty_p
from arraytyping._src.xla.dispatch import jit
from arraytyping.typing import DTypeLike

__all__ = ["broadcast_like", "cumlogsumexp", "dtype", "empty", "fft", "shape_as_value"]


def dtype(x: Any) -> np.dtype[Any]:
    """The dtype of a value or a dtype specifier, canonicalized for the configuration (a Python scalar: its kind's
    default dtype; an array of the runtime: its own dtype). ``ValueError`` for ``None``, ``TypeError`` for what has
    no dtype.

    Example::

        lax.dtype(2.0)   # dtype('float32')
    """
    if x is None:
        raise ValueError(f"Invalid argument to dtype: {x}.")
    if isinstance(x, (list, tuple)):
        raise TypeError(f"Cannot determine dtype of {x}")
    return dtype_of(x)


def broadcast_like(arr: ArrayLike, like_arr: ArrayLike) -> AnyArray:
    """``arr`` broadcast (NumPy's rules: new leading axes, size-1 axes stretched) to the shape of ``like_arr``.

    Example::

        lax.broadcast_like(jnp.array([1, 2, 3]), jnp.zeros((2, 3))).shape   # (2, 3)
    """
    check_operand("broadcast_like", arr, like_arr)
    shape = tuple(abstractify(like_arr).shape)
    arr_shape = tuple(abstractify(arr).shape)
    if arr_shape == shape:
        out: AnyArray = _lax.asarray(arr)
        return out
    if len(shape) < len(arr_shape):
        raise ValueError(f"Cannot broadcast to shape with fewer dimensions: arr_shape={arr_shape} shape={shape}")
    nlead = len(shape) - len(arr_shape)
    if not all(a in (1, s) for a, s in zip(arr_shape, shape[nlead:])):
        aval = abstractify(arr)
        raise ValueError(f"Incompatible types for broadcasting: input type={aval.str_short()} and requested "
                         f"type={aval.update(shape=shape, weak_type=False).str_short()}")
    out = P.broadcast_in_dim_p.bind(arr, shape=shape, broadcast_dimensions=tuple(range(nlead, len(shape))),
                                    sharding=None)
    return out


def shape_as_value(shape: Sequence[int]) -> Any:
    """A shape as a value: a NumPy int32 array of its sizes (an array of the runtime, of shape ``(0,)``, for the
    empty shape), as JAX gives it for a shape of constant sizes.

    Example::

        lax.shape_as_value((2, 3))   # array([2, 3], dtype=int32)
    """
    dims = tuple(operator.index(d) for d in shape)
    if not dims:
        return _lax.full((0,), 0, np.dtype(np.int32))
    return np.asarray(dims, dtype=np.int32)


def empty(shape: int | Sequence[int], dtype: DTypeLike, *, out_sharding: None = None) -> AnyArray:
    """An array of ``shape`` and ``dtype`` whose values are unspecified (zeros on CPU). The dtype is taken as given,
    not canonicalized (JAX's ``lax.empty``: ``int`` is int64, ``np.float64`` float64 with x64 off too).

    Example::

        lax.empty((2,), jnp.float32)   # Array([0., 0.], dtype=float32)
    """
    dims = (operator.index(shape),) if isinstance(shape, int) else tuple(operator.index(d) for d in shape)
    out: AnyArray = empty_p.bind(shape=dims, dtype=dtype, out_sharding=out_sharding)
    return out


def _fft_type(fft_type: Any) -> FftType:
    if isinstance(fft_type, str):
        names = {"fft": FftType.FFT, "ifft": FftType.IFFT, "rfft": FftType.RFFT, "irfft": FftType.IRFFT}
        typ = names.get(fft_type.lower()) if fft_type in (*names, *(n.upper() for n in names)) else None
        if typ is None:
            raise ValueError(f"Unknown FFT type '{fft_type}'")
        return typ
    if isinstance(fft_type, FftType):
        return fft_type
    raise TypeError(f"Unknown FFT type value '{fft_type}'")


def _fft(x: Any, fft_type: Any, fft_lengths: Sequence[int]) -> Any:
    typ = _fft_type(fft_type)
    name = abstractify(x).name
    if typ == FftType.RFFT:
        if registry.INFO[name].kind == "c":
            raise ValueError("only real valued inputs supported for rfft")
        target = op_rules.to_inexact_name(name)
    else:
        target = op_rules.fft_operand_name(name)
    x = _lax.convert_element_type(_lax.asarray(x), registry.INFO[target].dtype, False)
    if len(fft_lengths) == 0:
        return x
    return fft_p.bind(x, fft_type=typ, fft_lengths=tuple(fft_lengths))


_fft.__name__ = _fft.__qualname__ = "fft"
_jitted_fft = jit(_fft, static_argnums=(1, 2))


def fft(x: ArrayLike, fft_type: FftType | str, fft_lengths: Sequence[int]) -> AnyArray:
    """XLA's FFT of the trailing ``len(fft_lengths)`` axes of ``x``: ``fft_type`` one of ``FftType``'s members or
    ``'fft'``, ``'ifft'``, ``'rfft'``, ``'irfft'``; the operand is converted to complex first (to its inexact real
    dtype for ``'rfft'``). Runs under ``jit``, as JAX's; ``fft_lengths`` must be hashable (a tuple).

    Example::

        lax.fft(jnp.ones(4), "fft", (4,))   # Array([4.+0.j, 0.+0.j, 0.+0.j, 0.+0.j], dtype=complex64)
    """
    for static in (fft_type, fft_lengths):
        try:
            hash(static)
        except TypeError as err:
            raise ValueError(f"Non-hashable static arguments are not supported. An error occurred while trying to "
                             f"hash an object of type {type(static)}, {static}. The error was:\n{err}") from None
    check_operand("fft", x)
    out: AnyArray = _jitted_fft(x, fft_type, fft_lengths)
    return out


def cumlogsumexp(operand: ArrayLike, axis: int = 0, reverse: bool = False) -> AnyArray:
    """The running ``log(sum(exp(operand)))`` along ``axis`` (from its end with ``reverse``), in ``operand``'s
    dtype (floating or complex; JAX refuses integers when it compiles, with an ``OverflowError``).

    Example::

        lax.cumlogsumexp(jnp.zeros(2))   # Array([0.       , 0.6931472], dtype=float32)
    """
    check_operand("cumlogsumexp", operand)
    out: AnyArray = cumlogsumexp_p.bind(operand, axis=int(axis), reverse=bool(reverse))
    return out
