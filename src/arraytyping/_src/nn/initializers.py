"""JAX 0.10.2's ``jax.nn.initializers``: common neural network layer initializers, consistent with definitions used
in Keras and Sonnet. Each builder returns an *initializer*, a function ``init(key, shape, dtype=None)`` that draws an
array of that shape and dtype (default: the default float) from a PRNG key, with JAX's samplers (so the same key gives
JAX's values)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Literal, Protocol, runtime_checkable

import numpy as np

from arraytyping._src import numpy as jnp
from arraytyping._src.numpy import linalg as jnp_linalg
from arraytyping._src import random
from arraytyping._src.core.annotations import AnyArray
from arraytyping._src.core.avals import canonicalize_shape
from arraytyping._src.dtypes.config import config

__all__ = [
    "Initializer", "constant", "glorot_normal", "glorot_uniform", "he_normal", "he_uniform", "kaiming_normal",
    "kaiming_uniform", "lecun_normal", "lecun_uniform", "normal", "ones", "truncated_normal", "uniform",
    "variance_scaling", "xavier_normal", "xavier_uniform", "zeros", "orthogonal", "delta_orthogonal",
]


@runtime_checkable
class Initializer(Protocol):
    """Protocol for initializers returned by :mod:`jax.nn.initializers` APIs."""

    def __call__(self, key: AnyArray, shape: Sequence[int], dtype: Any = None, out_sharding: None = None
                 ) -> AnyArray:
        raise NotImplementedError


def _default_float(dtype: Any) -> Any:
    """JAX's ``dtypes.default_float_dtype()`` where ``dtype`` is ``None``."""
    if dtype is not None:
        return dtype
    return np.dtype("float64") if config.x64 else np.dtype("float32")


def _no_sharding(name: str, out_sharding: object) -> None:
    if out_sharding is not None:
        raise NotImplementedError(f"nn.initializers.{name}: out_sharding is not supported by arraytyping "
                                  f"(one CPU device)")


def zeros(key: AnyArray, shape: Sequence[int], dtype: Any = None, out_sharding: None = None) -> AnyArray:
    """An initializer that returns a constant array full of zeros."""
    _no_sharding("zeros", out_sharding)
    out: AnyArray = jnp.zeros(shape, _default_float(dtype))
    return out


def ones(key: AnyArray, shape: Sequence[int], dtype: Any = None, out_sharding: None = None) -> AnyArray:
    """An initializer that returns a constant array full of ones."""
    _no_sharding("ones", out_sharding)
    out: AnyArray = jnp.ones(shape, _default_float(dtype))
    return out


def constant(value: Any, dtype: Any = None) -> Initializer:
    """Builds an initializer that returns arrays full of a constant ``value``."""
    def init(key: AnyArray, shape: Sequence[int], dtype: Any = dtype, out_sharding: None = None) -> AnyArray:
        _no_sharding("constant", out_sharding)
        out: AnyArray = jnp.full(shape, value, dtype=_default_float(dtype))
        return out
    return init


def uniform(scale: Any = 1e-2, dtype: Any = None) -> Initializer:
    """Builds an initializer that returns real uniformly-distributed random arrays (in ``[0, scale)``)."""
    def init(key: AnyArray, shape: Sequence[int], dtype: Any = dtype, out_sharding: None = None) -> AnyArray:
        _no_sharding("uniform", out_sharding)
        dt = _default_float(dtype)
        out: AnyArray = random.uniform(key, shape, dt) * jnp.array(scale, dt)
        return out
    return init


def normal(stddev: Any = 1e-2, dtype: Any = None) -> Initializer:
    """Builds an initializer that returns real normally-distributed random arrays (of standard deviation
    ``stddev``)."""
    def init(key: AnyArray, shape: Sequence[int], dtype: Any = dtype, out_sharding: None = None) -> AnyArray:
        _no_sharding("normal", out_sharding)
        dt = _default_float(dtype)
        out: AnyArray = random.normal(key, shape, dt) * jnp.array(stddev, dt)
        return out
    return init


def truncated_normal(stddev: Any = 1e-2, dtype: Any = None, lower: Any = -2.0, upper: Any = 2.0) -> Initializer:
    """Builds an initializer that returns truncated-normal random arrays (``stddev`` times a standard normal
    truncated to ``(lower, upper)``)."""
    def init(key: AnyArray, shape: Sequence[int], dtype: Any = dtype, out_sharding: None = None) -> AnyArray:
        _no_sharding("truncated_normal", out_sharding)
        dt = _default_float(dtype)
        out: AnyArray = random.truncated_normal(key, lower, upper, shape, dt) * jnp.array(stddev, dt)
        return out
    return init


def _size(shape: Sequence[int], axis: int | Sequence[int]) -> int:
    return shape[axis] if isinstance(axis, int) else math.prod(shape[i] for i in axis)


def _compute_fans(shape: Sequence[int], in_axis: int | Sequence[int] = -2, out_axis: int | Sequence[int] = -1,
                  batch_axis: int | Sequence[int] = ()) -> tuple[float, float]:
    """JAX's fan-in and fan-out of a weights ``shape``: the sizes of its input and output axes, each times the
    receptive field (the product of the other axes but the batch ones)."""
    if isinstance(in_axis, int) and in_axis == -2 and len(shape) <= 1:
        raise ValueError(f"Can't compute input and output sizes of a {len(shape)}-dimensional weights tensor with "
                         f"default in_axis. Must be at least 2D or specify in_axis explicitly.")
    in_size, out_size = _size(shape, in_axis), _size(shape, out_axis)
    receptive_field_size = math.prod(shape) / in_size / out_size / _size(shape, batch_axis)
    return in_size * receptive_field_size, out_size * receptive_field_size


def _is_complex(dtype: Any) -> bool:
    return bool(np.issubdtype(np.dtype(dtype), np.complexfloating))


def _real_of(dtype: Any) -> np.dtype[Any]:
    return np.finfo(np.dtype(dtype)).dtype


def _complex_uniform(key: AnyArray, shape: Sequence[int], dtype: Any) -> AnyArray:
    """JAX's uniform samples on the unit disk (complex ``dtype``)."""
    key_r, key_theta = random.split(key)
    real = _real_of(dtype)
    r = jnp.sqrt(2 * random.uniform(key_r, shape, real)).astype(dtype)
    theta = 2 * np.pi * random.uniform(key_theta, shape, real).astype(dtype)
    out: AnyArray = r * jnp.exp(1j * theta)
    return out


def _complex_truncated_normal(key: AnyArray, upper: Any, shape: Sequence[int], dtype: Any) -> AnyArray:
    """JAX's complex normal samples of modulus below ``upper``."""
    key_r, key_theta = random.split(key)
    real = _real_of(dtype)
    t = (1 - jnp.exp(jnp.array(-upper ** 2, dtype))) * random.uniform(key_r, shape, real).astype(dtype)
    r = jnp.sqrt(-jnp.log(1 - t))
    theta = 2 * np.pi * random.uniform(key_theta, shape, real).astype(dtype)
    out: AnyArray = r * jnp.exp(1j * theta)
    return out


def variance_scaling(scale: Any,
                     mode: Literal["fan_in", "fan_out", "fan_avg", "fan_geo_avg"],
                     distribution: Literal["truncated_normal", "normal", "uniform"],
                     in_axis: int | Sequence[int] = -2, out_axis: int | Sequence[int] = -1,
                     batch_axis: int | Sequence[int] = (), dtype: Any = None) -> Initializer:
    """Initializer that adapts its scale to the shape of the weights tensor: samples of variance ``scale / n``,
    ``n`` the fan-in, fan-out, their mean or geometric mean (``mode``), from a truncated normal, a normal or a
    uniform ``distribution``."""
    def init(key: AnyArray, shape: Sequence[int], dtype: Any = dtype, out_sharding: None = None) -> AnyArray:
        _no_sharding("variance_scaling", out_sharding)
        shape = canonicalize_shape(shape)
        dt = _default_float(dtype)
        fan_in, fan_out = _compute_fans(shape, in_axis, out_axis, batch_axis)
        if mode == "fan_in":
            denominator = fan_in
        elif mode == "fan_out":
            denominator = fan_out
        elif mode == "fan_avg":
            denominator = (fan_in + fan_out) / 2
        elif mode == "fan_geo_avg":
            denominator = (fan_in * fan_out) ** 0.5
        else:
            raise ValueError(f"invalid mode for variance scaling initializer: {mode}")
        variance = jnp.array(scale / denominator, dtype=dt)
        out: AnyArray
        if distribution == "truncated_normal":
            if not _is_complex(dt):
                stddev = jnp.sqrt(variance) / jnp.array(.87962566103423978, dt)
                out = random.truncated_normal(key, -2, 2, shape, dt) * stddev
            else:
                stddev = jnp.sqrt(variance) / jnp.array(.95311164380491208, dt)
                out = _complex_truncated_normal(key, 2, shape, dt) * stddev
        elif distribution == "normal":
            out = random.normal(key, shape, dt) * jnp.sqrt(variance)
        elif distribution == "uniform":
            if not _is_complex(dt):
                out = random.uniform(key, shape, dt, -1) * jnp.sqrt(3 * variance)
            else:
                out = _complex_uniform(key, shape, dt) * jnp.sqrt(variance)
        else:
            raise ValueError(f"invalid distribution for variance scaling initializer: {distribution}")
        return out
    return init


def glorot_uniform(in_axis: int | Sequence[int] = -2, out_axis: int | Sequence[int] = -1,
                   batch_axis: int | Sequence[int] = (), dtype: Any = None) -> Initializer:
    """Builds a Glorot uniform initializer (aka Xavier uniform initializer)."""
    return variance_scaling(1.0, "fan_avg", "uniform", in_axis=in_axis, out_axis=out_axis, batch_axis=batch_axis,
                            dtype=dtype)


def glorot_normal(in_axis: int | Sequence[int] = -2, out_axis: int | Sequence[int] = -1,
                  batch_axis: int | Sequence[int] = (), dtype: Any = None) -> Initializer:
    """Builds a Glorot normal initializer (aka Xavier normal initializer)."""
    return variance_scaling(1.0, "fan_avg", "truncated_normal", in_axis=in_axis, out_axis=out_axis,
                            batch_axis=batch_axis, dtype=dtype)


def lecun_uniform(in_axis: int | Sequence[int] = -2, out_axis: int | Sequence[int] = -1,
                  batch_axis: int | Sequence[int] = (), dtype: Any = None) -> Initializer:
    """Builds a Lecun uniform initializer."""
    return variance_scaling(1.0, "fan_in", "uniform", in_axis=in_axis, out_axis=out_axis, batch_axis=batch_axis,
                            dtype=dtype)


def lecun_normal(in_axis: int | Sequence[int] = -2, out_axis: int | Sequence[int] = -1,
                 batch_axis: int | Sequence[int] = (), dtype: Any = None) -> Initializer:
    """Builds a Lecun normal initializer."""
    return variance_scaling(1.0, "fan_in", "truncated_normal", in_axis=in_axis, out_axis=out_axis,
                            batch_axis=batch_axis, dtype=dtype)


def he_uniform(in_axis: int | Sequence[int] = -2, out_axis: int | Sequence[int] = -1,
               batch_axis: int | Sequence[int] = (), dtype: Any = None) -> Initializer:
    """Builds a He uniform initializer (aka Kaiming uniform initializer)."""
    return variance_scaling(2.0, "fan_in", "uniform", in_axis=in_axis, out_axis=out_axis, batch_axis=batch_axis,
                            dtype=dtype)


def he_normal(in_axis: int | Sequence[int] = -2, out_axis: int | Sequence[int] = -1,
              batch_axis: int | Sequence[int] = (), dtype: Any = None) -> Initializer:
    """Builds a He normal initializer (aka Kaiming normal initializer)."""
    return variance_scaling(2.0, "fan_in", "truncated_normal", in_axis=in_axis, out_axis=out_axis,
                            batch_axis=batch_axis, dtype=dtype)


xavier_uniform = glorot_uniform
xavier_normal = glorot_normal
kaiming_uniform = he_uniform
kaiming_normal = he_normal


def _orthogonal_sample(key: AnyArray, n: int, m: int, dtype: Any) -> AnyArray:
    """JAX's ``random.orthogonal(key, n, (), dtype, m)``: the Q of the QR decomposition of a normal sample, its
    columns' signs those of R's diagonal (uniform on the orthogonal group; semi-orthogonal for ``n != m``)."""
    z = random.normal(key, (max(n, m), min(n, m)), dtype)
    q, r = jnp_linalg.qr(z)
    x = q * jnp.expand_dims(jnp.sign(jnp.diagonal(r, 0, -2, -1)), -2)
    out: AnyArray = x.mT if n < m else x
    return out


def orthogonal(scale: Any = 1.0, column_axis: int = -1, dtype: Any = None) -> Initializer:
    """Builds an initializer that returns uniformly distributed orthogonal matrices (the product of the other axes
    as rows, ``column_axis`` as columns; semi-orthogonal where they differ), times ``scale``."""
    def init(key: AnyArray, shape: Sequence[int], dtype: Any = dtype, out_sharding: None = None) -> AnyArray:
        if out_sharding is not None:
            raise NotImplementedError
        dt = _default_float(dtype)
        shape = canonicalize_shape(shape)
        if len(shape) < 2:
            raise ValueError("orthogonal initializer requires at least a 2D shape")
        out: AnyArray
        if any(dim == 0 for dim in shape):
            out = jnp.zeros(shape, dtype=dt)
            return out
        n_rows, n_cols = math.prod(shape) // shape[column_axis], shape[column_axis]
        q = _orthogonal_sample(key, n_rows, n_cols, dt)
        q = jnp.reshape(q, tuple(np.delete(shape, column_axis)) + (shape[column_axis],))
        q = jnp.moveaxis(q, -1, column_axis)
        out = jnp.array(scale, dt) * q
        return out
    return init


def delta_orthogonal(scale: Any = 1.0, column_axis: int = -1, dtype: Any = None) -> Initializer:
    """Builds an initializer for delta orthogonal kernels (convolution kernels of 3, 4 or 5 dimensions, zero but at
    the spatial centre, which holds an :func:`orthogonal` matrix of the last two axes)."""
    def init(key: AnyArray, shape: Sequence[int], dtype: Any = dtype, out_sharding: None = None) -> AnyArray:
        if out_sharding is not None:
            raise NotImplementedError
        dt = _default_float(dtype)
        shape = canonicalize_shape(shape)
        if len(shape) not in (3, 4, 5):
            raise ValueError("Delta orthogonal initializer requires a 3D, 4D or 5D shape.")
        if shape[-1] < shape[-2]:
            raise ValueError("`fan_in` must be less or equal than `fan_out`. ")
        ortho_matrix = orthogonal(scale=scale, column_axis=column_axis, dtype=dt)(key, shape[-2:])
        centre = tuple((k - 1) // 2 for k in shape[:-2])
        out: AnyArray = jnp.zeros(shape, dtype=dt).at[centre].set(ortho_matrix)
        return out
    return init
