"""``jax.image``: JAX 0.10.2's image resampling (``resize``, ``scale_and_translate``, ``ResizeMethod``), on
``jax.numpy`` as JAX builds it.

Every method but ``NEAREST`` resamples one spatial dimension at a time by a weight matrix (the method's kernel at
each output sample's distance from each input pixel, widened by the downsampling factor when ``antialias``,
normalized to sum to one), all contracted with the image in one ``einsum``; ``NEAREST`` gathers the nearest input
pixel. The result is the image's dtype made inexact (``NEAREST`` keeps it).
"""

from __future__ import annotations

import enum
import functools
import operator
import string
from collections.abc import Callable, Sequence
from typing import Any, Final

import numpy as np

from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.lax import lax
from arraytyping._src.numpy._promotion import promote_args_inexact
from arraytyping._src.numpy.shape import canonicalize_axis
from arraytyping._src.xla.dispatch import JitFunction

__all__ = ["ResizeMethod", "resize", "scale_and_translate"]


def _fill_lanczos_kernel(radius: float, x: Any) -> Any:
    y = radius * jnp.sin(np.pi * x) * jnp.sin(np.pi * x / radius)
    out = jnp.where(x > 1e-3, jnp.divide(y, jnp.where(x != 0, np.pi ** 2 * x ** 2, 1)), 1)
    return jnp.where(x > radius, 0., out)


def _fill_keys_cubic_kernel(x: Any) -> Any:
    out = ((1.5 * x - 2.5) * x) * x + 1.
    out = jnp.where(x >= 1., ((-0.5 * x + 2.5) * x - 4.) * x + 2., out)
    return jnp.where(x >= 2., 0., out)


def _fill_opencv_cubic_kernel(x: Any) -> Any:
    a = -0.75
    out = ((a + 2.0) * x - (a + 3.0)) * x * x + 1.0
    out = jnp.where(x >= 1.0, ((a * x - 5.0 * a) * x + 8.0 * a) * x - 4.0 * a, out)
    return jnp.where(x >= 2.0, 0.0, out)


def _fill_triangle_kernel(x: Any) -> Any:
    return jnp.maximum(0, 1 - jnp.abs(x))


_AREA: Final = object()
"""The area kernel's marker: its weights are the overlaps of output and input pixels, not a function of distance."""


def _compute_weight_mat(input_size: int, output_size: int, scale: Any, translation: Any, kernel: Any,
                        antialias: bool, edge_padding: bool, radius: int) -> Any:
    """JAX's ``compute_weight_mat``: the ``(input_size, output_size)`` resampling weights of one dimension."""
    dtype = jnp.result_type(scale, translation)
    inv_scale = 1. / scale
    kernel_scale = jnp.maximum(inv_scale, 1.) if antialias else 1.
    sample_f = (jnp.arange(output_size, dtype=dtype) + 0.5) * inv_scale - translation * inv_scale - 0.5
    k = radius if edge_padding else 0
    expanded_indices = jnp.arange(-k, input_size + k, dtype=dtype)
    if kernel is _AREA:
        left_i = jnp.arange(output_size, dtype=dtype) * inv_scale - translation * inv_scale
        right_i = left_i + inv_scale
        left_j = jnp.arange(input_size, dtype=dtype)
        right_j = left_j + 1.0
        weights = jnp.maximum(0.0, jnp.minimum(right_i[np.newaxis, :], right_j[:, np.newaxis])
                              - jnp.maximum(left_i[np.newaxis, :], left_j[:, np.newaxis]))
    else:
        x = jnp.abs(sample_f[np.newaxis, :] - expanded_indices[:, np.newaxis])
        x = x / kernel_scale
        weights = kernel(x)
    threshold = 1000. * float(np.finfo(np.float32).eps)
    if edge_padding:
        clamped_indices = jnp.clip(expanded_indices.astype(np.int32), 0, input_size - 1)
        output_indices = jnp.arange(output_size)
        weight_mat = jnp.zeros((input_size, output_size), dtype=dtype)
        output_indices_expanded = lax.broadcast_in_dim(output_indices, (expanded_indices.shape[0], output_size),
                                                       (1,))
        weight_mat = weight_mat.at[clamped_indices[:, np.newaxis], output_indices_expanded].add(weights)
        total_weight_sum = jnp.sum(weight_mat, axis=0, keepdims=True)
        return jnp.where(jnp.abs(total_weight_sum) > threshold,
                         jnp.divide(weight_mat, jnp.where(total_weight_sum != 0, total_weight_sum, 1)), 0)
    total_weight_sum = jnp.sum(weights, axis=0, keepdims=True)
    weights = jnp.where(jnp.abs(total_weight_sum) > threshold,
                        jnp.divide(weights, jnp.where(total_weight_sum != 0, total_weight_sum, 1)), 0)
    return jnp.where(jnp.logical_and(sample_f >= -0.5, sample_f <= input_size - 0.5)[np.newaxis, :], weights, 0)


def _scale_and_translate(x: Any, output_shape: tuple[int, ...], spatial_dims: Sequence[int], scale: Any,
                         translation: Any, kernel: Any, antialias: bool, edge_padding: bool, radius: int) -> Any:
    """JAX's ``_scale_and_translate``: one weight matrix per spatial dimension, contracted with ``x`` at once."""
    if len(spatial_dims) == 0:
        return x
    letters = iter(string.ascii_letters)
    in_sub = [next(letters) for _ in output_shape]
    out_sub = list(in_sub)
    operands: list[Any] = [x]
    subs = ["".join(in_sub)]
    for i, d in enumerate(spatial_dims):
        d = canonicalize_axis(d, x.ndim)
        w = _compute_weight_mat(x.shape[d], output_shape[d], scale[i], translation[i], kernel, antialias,
                                edge_padding, radius).astype(x.dtype)
        new = next(letters)
        operands.append(w)
        subs.append(in_sub[d] + new)
        out_sub[d] = new
    return jnp.einsum(",".join(subs) + "->" + "".join(out_sub), *operands)


class ResizeMethod(enum.Enum):
    """An image resampling method: ``NEAREST`` (nearest neighbour), ``LINEAR`` (triangle kernel), ``LANCZOS3`` and
    ``LANCZOS5`` (Lanczos kernels of radius 3 and 5), ``CUBIC`` (Keys cubic kernel), ``CUBIC_PYTORCH`` (PyTorch's
    bicubic) and ``AREA`` (averaging the input pixels each output pixel covers).

    Example:
        >>> from arraytyping.image import ResizeMethod
        >>> ResizeMethod.from_string("bilinear")
        <ResizeMethod.LINEAR: 1>
    """

    NEAREST = 0
    LINEAR = 1
    LANCZOS3 = 2
    LANCZOS5 = 3
    CUBIC = 4
    CUBIC_PYTORCH = 5
    AREA = 6

    @staticmethod
    def from_string(s: str) -> ResizeMethod:
        """The method a name spells (``'nearest'``, ``'linear'``/``'bilinear'``/``'trilinear'``/``'triangle'``,
        ``'lanczos3'``, ``'lanczos5'``, ``'cubic'``/``'bicubic'``/``'tricubic'``, ``'cubic-pytorch'``/
        ``'bicubic-pytorch'``, ``'area'``); a ``ValueError`` for any other."""
        if s == "nearest":
            return ResizeMethod.NEAREST
        if s in ("linear", "bilinear", "trilinear", "triangle"):
            return ResizeMethod.LINEAR
        if s == "lanczos3":
            return ResizeMethod.LANCZOS3
        if s == "lanczos5":
            return ResizeMethod.LANCZOS5
        if s in ("cubic", "bicubic", "tricubic"):
            return ResizeMethod.CUBIC
        if s in ("cubic-pytorch", "bicubic-pytorch"):
            return ResizeMethod.CUBIC_PYTORCH
        if s == "area":
            return ResizeMethod.AREA
        raise ValueError(f'Unknown resize method "{s}"')


_KERNELS: Final[dict[ResizeMethod, tuple[int, Any]]] = {
    ResizeMethod.LINEAR: (1, _fill_triangle_kernel),
    ResizeMethod.LANCZOS3: (3, functools.partial(_fill_lanczos_kernel, 3.)),
    ResizeMethod.LANCZOS5: (5, functools.partial(_fill_lanczos_kernel, 5.)),
    ResizeMethod.CUBIC: (2, _fill_keys_cubic_kernel),
    ResizeMethod.CUBIC_PYTORCH: (2, _fill_opencv_cubic_kernel),
    ResizeMethod.AREA: (1, _AREA),
}


def _shape(shape: Any) -> tuple[int, ...]:
    """A shape argument as a tuple of ints (an int alone is a shape of one dimension)."""
    try:
        return tuple(operator.index(d) for d in shape)
    except TypeError:
        return (operator.index(shape),)


def _check_rank(shape: tuple[int, ...], image_shape: tuple[int, ...]) -> None:
    if len(shape) != len(image_shape):
        raise ValueError("shape must have length equal to the number of dimensions of x; "
                         f" {shape} vs {image_shape}")


def _method(method: str | ResizeMethod) -> ResizeMethod:
    return ResizeMethod.from_string(method) if isinstance(method, str) else method


def scale_and_translate(image: ArrayLike, shape: Sequence[int], spatial_dims: Sequence[int], scale: ArrayLike,
                        translation: ArrayLike, method: str | ResizeMethod, antialias: bool = True,
                        precision: Any = None) -> AnyArray:
    """``image`` resampled to ``shape``, each of ``spatial_dims`` scaled by ``scale`` and shifted by
    ``translation`` (an output location ``y`` samples the input at ``(y - translation) / scale``, pixels centered
    at half-integers; samples outside the input are 0).

    Args:
        image: the image, any rank.
        shape: the output shape, one size per dimension of ``image``.
        spatial_dims: the dimensions ``scale`` and ``translation`` apply to.
        scale: one scale per spatial dimension (an array or a sequence).
        translation: one translation per spatial dimension.
        method: a :class:`ResizeMethod` or its name; every method but ``NEAREST``.
        antialias: widen the kernel when downsampling (no effect when upsampling).
        precision: the contraction's precision (accepted; the CPU computes at full precision).

    Returns:
        The resampled image, in ``image``'s dtype made inexact.

    Example:
        >>> import arraytyping.numpy as jnp
        >>> from arraytyping import image
        >>> image.scale_and_translate(jnp.array([0., 1., 2., 3.]), (2,), (0,), jnp.array([0.5]),
        ...                           jnp.array([0.]), "linear")
        Array([0.71428573, 2.2857146 ], dtype=float32)
    """
    shape = _shape(shape)
    img = jnp.asarray(image)
    _check_rank(shape, img.shape)
    method = _method(method)
    if method == ResizeMethod.NEAREST:
        raise ValueError("Nearest neighbor resampling is not currently supported for scale_and_translate.")
    if method == ResizeMethod.CUBIC_PYTORCH and antialias:
        method = ResizeMethod.CUBIC
    radius, kernel = _KERNELS[method]
    edge_padding = method == ResizeMethod.CUBIC_PYTORCH and not antialias
    img = jnp.asarray(promote_args_inexact(img)[0])
    sc, tr = promote_args_inexact(jnp.asarray(scale), jnp.asarray(translation))
    result: AnyArray = _scale_and_translate(img, shape, spatial_dims, sc, tr, kernel, antialias, edge_padding,
                                            radius)
    return result


def _resize_nearest(x: Any, output_shape: tuple[int, ...]) -> Any:
    """JAX's ``_resize_nearest``: the input pixel whose center is nearest each output pixel's, per dimension."""
    for d in [i for i in range(len(x.shape)) if x.shape[i] != output_shape[i]]:
        m = x.shape[d]
        n = output_shape[d]
        offsets = (jnp.arange(n, dtype=np.float32) + 0.5) * m / n
        offsets = jnp.floor(offsets.astype(np.float32)).astype(np.int32)
        indices: list[Any] = [slice(None)] * len(x.shape)
        indices[d] = offsets
        x = x[tuple(indices)]
    return x


def _resize_body(image: Any, *, shape: tuple[int, ...], method: str | ResizeMethod, antialias: bool,
                 precision: Any) -> Any:
    """JAX's jitted ``_resize``."""
    _check_rank(shape, image.shape)
    method = _method(method)
    if method == ResizeMethod.NEAREST:
        return _resize_nearest(image, shape)
    image, = promote_args_inexact(image)
    spatial_dims = tuple(i for i in range(len(shape)) if image.shape[i] != shape[i])
    if method == ResizeMethod.CUBIC_PYTORCH and antialias:
        method = ResizeMethod.CUBIC
    radius, kernel = _KERNELS[method]
    scale = [1.0 if shape[d] == 0 else shape[d] / image.shape[d] for d in spatial_dims]
    edge_padding = method == ResizeMethod.CUBIC_PYTORCH and not antialias
    return _scale_and_translate(image, shape, spatial_dims, scale, [0.] * len(spatial_dims), kernel, antialias,
                                edge_padding, radius)


_resize: Callable[..., Any] = JitFunction(_resize_body, name="_resize", static_kwargs=True, call_name="_resize")


def resize(image: ArrayLike, shape: Sequence[int], method: str | ResizeMethod, antialias: bool = True,
           precision: Any = None) -> AnyArray:
    """``image`` resampled to ``shape`` (every dimension, batch and channel ones included: leave those unchanged).

    Args:
        image: the image, any rank.
        shape: the output shape, one size per dimension of ``image``.
        method: a :class:`ResizeMethod` or its name: ``'nearest'``, ``'linear'`` (``'bilinear'``...),
            ``'lanczos3'``, ``'lanczos5'``, ``'cubic'`` (``'bicubic'``...), ``'cubic-pytorch'``, ``'area'``.
        antialias: widen the kernel when downsampling (no effect when upsampling, nor for ``'nearest'``).
        precision: the contraction's precision (accepted; the CPU computes at full precision).

    Returns:
        The resized image: ``'nearest'`` keeps ``image``'s dtype, the others make it inexact.

    Example:
        >>> import arraytyping.numpy as jnp
        >>> from arraytyping import image
        >>> image.resize(jnp.array([0., 1.]), (4,), "linear")
        Array([0.  , 0.25, 0.75, 1.  ], dtype=float32)
    """
    shape = _shape(shape)
    result: AnyArray = _resize(jnp.asarray(image), shape=shape, method=method, antialias=bool(antialias),
                               precision=precision)
    return result


