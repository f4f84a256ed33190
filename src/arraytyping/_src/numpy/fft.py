"""``arraytyping.numpy.fft``: JAX 0.10.2's ``jax.numpy.fft`` as it computes it: the one-axis (``fft``, ``ifft``,
``rfft``, ``irfft``, ``hfft``, ``ihfft``), two-axis (``fft2``, ``ifft2``, ``rfft2``, ``irfft2``) and n-axis
(``fftn``, ``ifftn``, ``rfftn``, ``irfftn``) transforms (the axes moved innermost, cropped or zero-padded to
``n``/``s``, ``fft`` primitives of at most three axes each, then the ``norm`` scaling), the sample frequencies
(``fftfreq``, ``rfftfreq``) and the shifts (``fftshift``, ``ifftshift``). The transforms' dtypes are
:func:`arraytyping.op_rules.fft_result`'s: complex for the complex and real-input transforms (complex128 from
float64 and complex128, complex64 otherwise), real for the real-output ones (``irfft*``, ``hfft``)."""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any

import numpy as np

from arraytyping import op_rules
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import config
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.core.arraylike import check_arraylike
from arraytyping._src.lax import lax
from arraytyping._src.lax.fft import FftType, fft_p
from arraytyping._src.numpy._promotion import canonical_dtype, operand
from arraytyping._src.numpy.conversion import asarray, astype
from arraytyping._src.numpy.creation import arange
from arraytyping._src.numpy.joining import pad
from arraytyping._src.numpy.reductions import prod
from arraytyping._src.numpy.shape import moveaxis, roll
from arraytyping._src.numpy.unary import conj, sqrt
from arraytyping.typing import DTypeLike

__all__ = ["fft", "fft2", "fftfreq", "fftn", "fftshift", "hfft", "ifft", "ifft2", "ifftn", "ifftshift", "ihfft",
           "irfft", "irfft2", "irfftn", "rfft", "rfft2", "rfftfreq", "rfftn"]


def _lax_fft(x: AnyArray, fft_type: FftType, lengths: tuple[int, ...]) -> AnyArray:
    """JAX's ``lax.fft``: the operand converted to the transform's dtype (complex, or inexact real for RFFT)."""
    name = x.aval.name
    if fft_type == FftType.RFFT:
        if registry.INFO[name].kind == "c":
            raise ValueError("only real valued inputs supported for rfft")
        target = op_rules.to_inexact_name(name)
    else:
        target = op_rules.fft_operand_name(name)
    x = lax.convert_element_type(x, registry.INFO[target].dtype, False)  # JAX's lax.fft: a strong operand
    if not lengths:
        return x
    out: AnyArray = fft_p.bind(x, fft_type=fft_type, fft_lengths=lengths)
    return out


def _fft_core(fn: str, fft_type: FftType, a: ArrayLike, s: Sequence[int] | None, axes: Sequence[int] | None,
              norm: str | None) -> AnyArray:
    check_arraylike(f"jax.numpy.fft.{fn}", a)
    if fn not in op_rules.FFT_RANK_DEPENDENT:  # those over no axes are JAX's conversions alone (_lax_fft checks)
        op_rules.fft_result(fn, operand(a), config.lattice_config)
    arr: AnyArray = asarray(a)
    sizes = None if s is None else tuple(map(operator.index, s))
    if sizes is not None and any(d <= 0 for d in sizes):
        raise ValueError("Shape should be positive.")
    if sizes is not None and axes is not None and len(sizes) != len(axes):
        raise ValueError("Shape and axes have different lengths.")
    orig_axes = None if axes is None else tuple(map(operator.index, axes))
    ax: tuple[int, ...]
    if orig_axes is None:
        ax = tuple(range(arr.ndim)) if sizes is None else tuple(range(arr.ndim - len(sizes), arr.ndim))
    else:
        ax = orig_axes
    if len(ax) != len(set(ax)):
        raise ValueError(f"jax.numpy.fft.{fn} does not support repeated axes. Got axes {ax}.")
    if orig_axes is not None:
        ax = tuple(range(arr.ndim - len(ax), arr.ndim))
        arr = moveaxis(arr, orig_axes, ax)
    lengths: list[int]
    if sizes is not None:
        in_s = list(arr.shape)
        for axis, n in zip(ax, sizes):
            in_s[axis] = n
        if fft_type == FftType.IRFFT:
            in_s[-1] = in_s[-1] // 2 + 1
        arr = arr[tuple(slice(n) for n in in_s)]
        arr = pad(arr, [(0, n - m) for n, m in zip(in_s, arr.shape)])
        lengths = list(sizes)
    elif fft_type == FftType.IRFFT:
        lengths = [arr.shape[axis] for axis in ax[:-1]]
        if ax:
            lengths.append(max(0, 2 * (arr.shape[ax[-1]] - 1)))
    else:
        lengths = [arr.shape[axis] for axis in ax]
    out = _fft_core_nd(arr, fft_type, tuple(lengths))
    if norm is not None:
        out = out * _norm(asarray(np.array(lengths), dtype=out.dtype), fn, norm)
    if orig_axes is not None:
        out = moveaxis(out, ax, orig_axes)
    return out


def _fft_core_nd(arr: AnyArray, fft_type: FftType, s: tuple[int, ...]) -> AnyArray:
    """JAX's: XLA transforms at most three axes at once, so more are done as transforms of the innermost two (four
    axes) or three, then of the rest moved innermost."""
    if len(s) <= 3:
        return _lax_fft(arr, fft_type, s)
    n = 2 if len(s) == 4 else 3
    src = tuple(range(arr.ndim - len(s), arr.ndim - n))
    dst = tuple(range(arr.ndim - len(s) + n, arr.ndim))
    if fft_type in (FftType.RFFT, FftType.FFT):
        arr = _lax_fft(arr, fft_type, s[-n:])
        arr = moveaxis(arr, src, dst)
        arr = _fft_core_nd(arr, FftType.FFT, s[:-n])
        return moveaxis(arr, dst, src)
    arr = moveaxis(arr, src, dst)
    arr = _fft_core_nd(arr, FftType.IFFT, s[:-n])
    arr = moveaxis(arr, dst, src)
    return _lax_fft(arr, fft_type, s[-n:])


def _norm(s: AnyArray, fn: str, norm: str) -> Any:
    if norm == "backward":
        return asarray(1)
    if norm == "ortho":
        return sqrt(prod(s)) if fn.startswith("i") else 1 / sqrt(prod(s))
    if norm == "forward":
        return prod(s) if fn.startswith("i") else 1 / prod(s)
    raise ValueError(f'Invalid norm value {norm}; should be "backward","ortho" or "forward".')


def _axis_check_1d(fn: str, axis: int | None) -> None:
    if isinstance(axis, (list, tuple)):
        raise ValueError(f"jax.numpy.fft.{fn} does not support multiple axes. Please use jax.numpy.fft.{fn}n. "
                         f"Got axis = {axis!r}.")


def _fft_core_1d(fn: str, fft_type: FftType, a: ArrayLike, n: int | None, axis: int | None, norm: str | None
                 ) -> AnyArray:
    _axis_check_1d(fn, axis)
    return _fft_core(fn, fft_type, a, None if n is None else [n], None if axis is None else [axis], norm)


def _fft_core_2d(fn: str, fft_type: FftType, a: ArrayLike, s: Sequence[int] | None, axes: Sequence[int],
                 norm: str | None) -> AnyArray:
    if len(axes) != 2:
        raise ValueError(f"jax.numpy.fft.{fn} only supports 2 axes. Got axes = {axes!r}.")
    return _fft_core(fn, fft_type, a, s, axes, norm)


def fft(a: ArrayLike, n: int | None = None, axis: int = -1, norm: str | None = None) -> AnyArray:
    """The one-dimensional discrete Fourier transform along ``axis`` (cropped or zero-padded to ``n``).

    ``norm`` is ``"backward"`` (the default: no scaling), ``"ortho"`` (``1/sqrt(n)``) or ``"forward"`` (``1/n``).

    >>> import arraytyping.numpy as jnp
    >>> jnp.fft.fft(jnp.array([1.0, 2.0, 3.0, 4.0]))
    Array([10.+0.j, -2.+2.j, -2.+0.j, -2.-2.j], dtype=complex64)
    """
    return _fft_core_1d("fft", FftType.FFT, a, n, axis, norm)


def ifft(a: ArrayLike, n: int | None = None, axis: int = -1, norm: str | None = None) -> AnyArray:
    """The one-dimensional inverse discrete Fourier transform along ``axis`` (cropped or zero-padded to ``n``).

    >>> import arraytyping.numpy as jnp
    >>> jnp.fft.ifft(jnp.array([4.0, 0.0, 0.0, 0.0]))
    Array([1.+0.j, 1.+0.j, 1.+0.j, 1.+0.j], dtype=complex64)
    """
    return _fft_core_1d("ifft", FftType.IFFT, a, n, axis, norm)


def rfft(a: ArrayLike, n: int | None = None, axis: int = -1, norm: str | None = None) -> AnyArray:
    """The one-dimensional transform of real input: the ``n // 2 + 1`` non-negative frequency terms.

    >>> import arraytyping.numpy as jnp
    >>> jnp.fft.rfft(jnp.array([1.0, 2.0, 3.0, 4.0]))
    Array([10.+0.j, -2.+2.j, -2.+0.j], dtype=complex64)
    """
    return _fft_core_1d("rfft", FftType.RFFT, a, n, axis, norm)


def irfft(a: ArrayLike, n: int | None = None, axis: int = -1, norm: str | None = None) -> AnyArray:
    """The inverse of :func:`rfft`: ``n`` real values (default ``2 * (m - 1)`` for ``m`` input terms).

    >>> import arraytyping.numpy as jnp
    >>> jnp.fft.irfft(jnp.array([10.0, -2.0 + 2.0j, -2.0]))
    Array([1., 2., 3., 4.], dtype=float32)
    """
    return _fft_core_1d("irfft", FftType.IRFFT, a, n, axis, norm)


def hfft(a: ArrayLike, n: int | None = None, axis: int = -1, norm: str | None = None) -> AnyArray:
    """The transform of a signal whose spectrum has Hermitian symmetry (``a`` its non-negative frequency half): ``n``
    real values (default ``2 * (m - 1)`` for ``m`` input terms), ``irfft`` of ``conj(a)`` times ``n``.

    >>> import arraytyping.numpy as jnp
    >>> jnp.fft.hfft(jnp.array([1.0, 2.0, 3.0]))
    Array([ 8., -2.,  0., -2.], dtype=float32)
    """
    conj_a = conj(a)
    _axis_check_1d("hfft", axis)
    nn = (conj_a.shape[axis] - 1) * 2 if n is None else n
    out: AnyArray = _fft_core_1d("hfft", FftType.IRFFT, conj_a, n, axis, norm) * nn
    return out


def ihfft(a: ArrayLike, n: int | None = None, axis: int = -1, norm: str | None = None) -> AnyArray:
    """The inverse of :func:`hfft` for real ``a``: the ``n // 2 + 1`` non-negative frequency terms of its inverse
    transform (``conj(rfft(a)) / n``).

    >>> import arraytyping.numpy as jnp
    >>> jnp.fft.ihfft(jnp.array([8.0, -2.0, 0.0, -2.0]))
    Array([1.-0.j, 2.-0.j, 3.-0.j], dtype=complex64)
    """
    _axis_check_1d("ihfft", axis)
    arr = asarray(a)
    nn = arr.shape[axis] if n is None else n
    output = _fft_core_1d("ihfft", FftType.RFFT, arr, n, axis, norm)
    out: AnyArray = conj(output) * (1 / nn)
    return out


def fft2(a: ArrayLike, s: Sequence[int] | None = None, axes: Sequence[int] = (-2, -1), norm: str | None = None
         ) -> AnyArray:
    """The two-dimensional discrete Fourier transform over ``axes`` (each cropped or zero-padded to ``s``).

    >>> import arraytyping.numpy as jnp
    >>> jnp.fft.fft2(jnp.array([[1.0, 2.0], [3.0, 4.0]]))
    Array([[10.+0.j, -2.+0.j],
           [-4.+0.j,  0.+0.j]], dtype=complex64)
    """
    return _fft_core_2d("fft2", FftType.FFT, a, s, axes, norm)


def ifft2(a: ArrayLike, s: Sequence[int] | None = None, axes: Sequence[int] = (-2, -1), norm: str | None = None
          ) -> AnyArray:
    """The two-dimensional inverse discrete Fourier transform over ``axes`` (each cropped or zero-padded to ``s``).

    >>> import arraytyping.numpy as jnp
    >>> jnp.fft.ifft2(jnp.array([[4.0, 0.0], [0.0, 0.0]]))
    Array([[1.+0.j, 1.+0.j],
           [1.+0.j, 1.+0.j]], dtype=complex64)
    """
    return _fft_core_2d("ifft2", FftType.IFFT, a, s, axes, norm)


def rfft2(a: ArrayLike, s: Sequence[int] | None = None, axes: Sequence[int] = (-2, -1), norm: str | None = None
          ) -> AnyArray:
    """The two-dimensional transform of real input over ``axes``: the last axis keeps its ``s[1] // 2 + 1``
    non-negative frequency terms.

    >>> import arraytyping.numpy as jnp
    >>> jnp.fft.rfft2(jnp.array([[1.0, 2.0], [3.0, 4.0]])).shape
    (2, 2)
    """
    return _fft_core_2d("rfft2", FftType.RFFT, a, s, axes, norm)


def irfft2(a: ArrayLike, s: Sequence[int] | None = None, axes: Sequence[int] = (-2, -1), norm: str | None = None
           ) -> AnyArray:
    """The inverse of :func:`rfft2`: real values, ``s`` along ``axes`` (by default the first axis's length and
    ``2 * (m - 1)`` along the last).

    >>> import arraytyping.numpy as jnp
    >>> jnp.fft.irfft2(jnp.ones((2, 3))).shape
    (2, 4)
    """
    return _fft_core_2d("irfft2", FftType.IRFFT, a, s, axes, norm)


def fftn(a: ArrayLike, s: Sequence[int] | None = None, axes: Sequence[int] | None = None, norm: str | None = None
         ) -> AnyArray:
    """The n-dimensional discrete Fourier transform over ``axes`` (by default the last ``len(s)`` axes, or all),
    each cropped or zero-padded to ``s``.

    >>> import arraytyping.numpy as jnp
    >>> jnp.fft.fftn(jnp.array([[1.0, 2.0], [3.0, 4.0]]))
    Array([[10.+0.j, -2.+0.j],
           [-4.+0.j,  0.+0.j]], dtype=complex64)
    """
    return _fft_core("fftn", FftType.FFT, a, s, axes, norm)


def ifftn(a: ArrayLike, s: Sequence[int] | None = None, axes: Sequence[int] | None = None, norm: str | None = None
          ) -> AnyArray:
    """The n-dimensional inverse discrete Fourier transform over ``axes`` (by default the last ``len(s)`` axes, or
    all), each cropped or zero-padded to ``s``.

    >>> import arraytyping.numpy as jnp
    >>> jnp.fft.ifftn(jnp.array([[4.0, 0.0], [0.0, 0.0]]))
    Array([[1.+0.j, 1.+0.j],
           [1.+0.j, 1.+0.j]], dtype=complex64)
    """
    return _fft_core("ifftn", FftType.IFFT, a, s, axes, norm)


def rfftn(a: ArrayLike, s: Sequence[int] | None = None, axes: Sequence[int] | None = None, norm: str | None = None
          ) -> AnyArray:
    """The n-dimensional transform of real input over ``axes`` (by default the last ``len(s)`` axes, or all): the
    last of them keeps its ``s[-1] // 2 + 1`` non-negative frequency terms.

    >>> import arraytyping.numpy as jnp
    >>> jnp.fft.rfftn(jnp.array([1.0, 2.0, 3.0, 4.0]))
    Array([10.+0.j, -2.+2.j, -2.+0.j], dtype=complex64)
    """
    return _fft_core("rfftn", FftType.RFFT, a, s, axes, norm)


def irfftn(a: ArrayLike, s: Sequence[int] | None = None, axes: Sequence[int] | None = None, norm: str | None = None
           ) -> AnyArray:
    """The inverse of :func:`rfftn`: real values, ``s`` along ``axes`` (by default the input's lengths, and
    ``2 * (m - 1)`` along the last axis).

    >>> import arraytyping.numpy as jnp
    >>> jnp.fft.irfftn(jnp.array([10.0, -2.0 + 2.0j, -2.0]))
    Array([1., 2., 3., 4.], dtype=float32)
    """
    return _fft_core("irfftn", FftType.IRFFT, a, s, axes, norm)


def fftfreq(n: int, d: ArrayLike = 1.0, *, dtype: DTypeLike | None = None, device: None = None) -> AnyArray:
    """The sample frequencies of a length-``n`` transform with sample spacing ``d``: ``[0, 1, ..., -1] / (d * n)``
    (in ``dtype``, by default the default float)."""
    if isinstance(n, (list, tuple)):
        raise ValueError(f"The n argument of jax.numpy.fft.fftfreq only takes an int. Got n = {list(n)}.")
    if isinstance(d, (list, tuple)):
        raise ValueError(f"The d argument of jax.numpy.fft.fftfreq only takes a single value. Got d = {list(d)}.")
    out_name = op_rules.fftfreq_result(None if dtype is None else canonical_dtype(dtype).name,
                                       config.lattice_config)
    out_dtype = registry.INFO[out_name].dtype
    dt = registry.INFO[op_rules.fftfreq_compute_name(out_name)].dtype
    i = arange(n, dtype=dt)
    k = (i + n // 2) % n - n // 2
    result = astype(k, dt) / asarray(d * n, dtype=dt)
    out: AnyArray = astype(result, out_dtype)
    return out


def rfftfreq(n: int, d: ArrayLike = 1.0, *, dtype: DTypeLike | None = None, device: None = None) -> AnyArray:
    """The sample frequencies of :func:`rfft`'s ``n // 2 + 1`` terms, sample spacing ``d``: ``[0, 1, ..., n // 2]
    / (d * n)`` (``dtype``'s arange divided in ``dtype``: an integer ``dtype`` gives the default float).

    >>> import arraytyping.numpy as jnp
    >>> jnp.fft.rfftfreq(4)
    Array([0.  , 0.25, 0.5 ], dtype=float32)
    """
    dt: Any = dtype or registry.INFO[op_rules.fftfreq_result(None, config.lattice_config)].dtype
    if isinstance(n, (list, tuple)):
        raise ValueError(f"The n argument of jax.numpy.fft.rfftfreq only takes an int. Got n = {list(n)}.")
    if isinstance(d, (list, tuple)):
        raise ValueError(f"The d argument of jax.numpy.fft.rfftfreq only takes a single value. Got d = {list(d)}.")
    k = arange(0, n // 2 + 1 if n % 2 == 0 else (n - 1) // 2 + 1, dtype=dt)
    out: AnyArray = k / asarray(d * n, dtype=dt)
    return out


def fftshift(x: ArrayLike, axes: None | int | Sequence[int] = None) -> AnyArray:
    """``x`` with its zero-frequency term moved to the centre (rolled by half of each axis of ``axes``, by default
    all).

    >>> import arraytyping.numpy as jnp
    >>> jnp.fft.fftshift(jnp.fft.fftfreq(5))
    Array([-0.4, -0.2,  0. ,  0.2,  0.4], dtype=float32)
    """
    check_arraylike("fftshift", x)
    arr = asarray(x)
    shift: int | list[int]
    if axes is None:
        axes = tuple(range(arr.ndim))
        shift = [dim // 2 for dim in arr.shape]
    elif isinstance(axes, int):
        shift = arr.shape[axes] // 2
    else:
        shift = [arr.shape[ax] // 2 for ax in axes]
    return roll(arr, shift, axes)


def ifftshift(x: ArrayLike, axes: None | int | Sequence[int] = None) -> AnyArray:
    """The inverse of :func:`fftshift`: ``x`` rolled back by half of each axis of ``axes`` (by default all).

    >>> import arraytyping.numpy as jnp
    >>> jnp.fft.ifftshift(jnp.array([-0.4, -0.2, 0.0, 0.2, 0.4]))
    Array([ 0. ,  0.2,  0.4, -0.4, -0.2], dtype=float32)
    """
    check_arraylike("ifftshift", x)
    arr = asarray(x)
    shift: int | list[int]
    if axes is None:
        axes = tuple(range(arr.ndim))
        shift = [-(dim // 2) for dim in arr.shape]
    elif isinstance(axes, int):
        shift = -(arr.shape[axes] // 2)
    else:
        shift = [-(arr.shape[ax] // 2) for ax in axes]
    return roll(arr, shift, axes)
