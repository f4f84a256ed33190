"""Building blocks of the models: dense layers, normalisation, activations, dropout and embeddings.

Parameters are kept in float32; every layer computes in the dtype of its input (float32, bfloat16 or float16) and
casts its parameters to it, the usual mixed-precision arrangement.
"""

from __future__ import annotations

import math
from typing import NamedTuple, TypeVar

import numpy as np

import arraytyping.numpy as anp
from arraytyping import Array, bool_, float32, floating, int32

F = TypeVar("F", bound=floating)


class DenseParams(NamedTuple):
    """A fully connected layer: ``y = x @ w + b``."""

    w: Array[float32]
    b: Array[float32]


class NormParams(NamedTuple):
    """The scale and offset of a layer norm."""

    scale: Array[float32]
    offset: Array[float32]


class EmbedParams(NamedTuple):
    """A token embedding table, ``(vocab, width)``."""

    table: Array[float32]


def glorot_uniform(rng: np.random.Generator, fan_in: int, fan_out: int) -> Array[float32]:
    """Glorot/Xavier uniform initialisation, drawn with numpy and moved to the device."""
    limit = math.sqrt(6.0 / (fan_in + fan_out))
    w = rng.uniform(-limit, limit, size=(fan_in, fan_out)).astype(np.float32)
    return anp.asarray(w)


def he_normal(rng: np.random.Generator, fan_in: int, fan_out: int) -> Array[float32]:
    """He initialisation for layers followed by a ReLU."""
    std = math.sqrt(2.0 / fan_in)
    w = rng.normal(0.0, std, size=(fan_in, fan_out)).astype(np.float32)
    return anp.asarray(w, dtype=float32)


def init_dense(rng: np.random.Generator, fan_in: int, fan_out: int, relu: bool = False) -> DenseParams:
    w = he_normal(rng, fan_in, fan_out) if relu else glorot_uniform(rng, fan_in, fan_out)
    b = anp.zeros((fan_out,), dtype=float32)
    return DenseParams(w, b)


def init_norm(width: int) -> NormParams:
    return NormParams(anp.ones((width,), dtype=float32), anp.zeros((width,), dtype=float32))


def init_embed(rng: np.random.Generator, vocab: int, width: int) -> EmbedParams:
    table = rng.normal(0.0, 0.02, size=(vocab, width)).astype(np.float32)
    return EmbedParams(anp.asarray(table))


def dense(params: DenseParams, x: Array[F]) -> Array[F]:
    """``x @ w + b`` in the dtype of ``x``; the float32 parameters are cast down first."""
    w = params.w.astype(x.dtype)
    b = params.b.astype(x.dtype)
    return x @ w + b


def dense_no_bias(params: DenseParams, x: Array[F]) -> Array[F]:
    return x @ params.w.astype(x.dtype)


def dense_f32(params: DenseParams, x: Array[float32]) -> Array[float32]:
    """The float32 path, without casts: what the final projection of a model usually is."""
    return x @ params.w + params.b


def relu(x: Array[F]) -> Array[F]:
    return anp.maximum(x, 0)


def leaky_relu(x: Array[F], slope: float = 0.01) -> Array[F]:
    return anp.where(x > 0, x, x * slope)


def relu6(x: Array[F]) -> Array[F]:
    return anp.minimum(anp.maximum(x, 0.0), 6.0)


def gelu(x: Array[F]) -> Array[F]:
    """The tanh approximation of GELU."""
    inner = 0.7978845608028654 * (x + 0.044715 * x * x * x)
    return 0.5 * x * (1.0 + anp.tanh(inner))


def silu(x: Array[F]) -> Array[F]:
    return x * sigmoid(x)


def tanh_act(x: Array[F]) -> Array[F]:
    return anp.tanh(x)


def sigmoid(x: Array[F]) -> Array[F]:
    return 1.0 / (1.0 + anp.exp(-x))


def softplus(x: Array[F]) -> Array[F]:
    return anp.log(1.0 + anp.exp(-anp.abs(x))) + anp.maximum(x, 0.0)


def softmax(x: Array[F], axis: int = -1) -> Array[F]:
    """A numerically stable softmax: the maximum is subtracted before exponentiating."""
    shifted = x - x.max(axis=axis, keepdims=True)
    e = anp.exp(shifted)
    return e / e.sum(axis=axis, keepdims=True)


def log_softmax(x: Array[F], axis: int = -1) -> Array[F]:
    shifted = x - x.max(axis=axis, keepdims=True)
    return shifted - anp.log(anp.exp(shifted).sum(axis=axis, keepdims=True))


def masked_softmax(x: Array[F], mask: Array[bool_], axis: int = -1) -> Array[F]:
    """Softmax over the positions where ``mask`` holds; masked positions get probability zero."""
    big_negative = -1e9
    scores = anp.where(mask, x, big_negative)
    probs = softmax(scores.astype(x.dtype), axis=axis)
    return anp.where(mask, probs, 0.0).astype(x.dtype)


def layer_norm(params: NormParams, x: Array[F], eps: float = 1e-5) -> Array[F]:
    """Layer norm over the last axis, statistics in the input's dtype."""
    mean = x.mean(axis=-1, keepdims=True)
    centred = x - mean
    var = (centred * centred).mean(axis=-1, keepdims=True)
    normed = centred / anp.sqrt(var + eps)
    return normed * params.scale.astype(x.dtype) + params.offset.astype(x.dtype)


def layer_norm_f32_stats(params: NormParams, x: Array[F], eps: float = 1e-5) -> Array[F]:
    """Layer norm for low-precision inputs: the statistics are computed in float32, the result cast back."""
    x32 = x.astype(float32)
    mean = x32.mean(axis=-1, keepdims=True)
    var = ((x32 - mean) ** 2).mean(axis=-1, keepdims=True)
    normed = (x32 - mean) / anp.sqrt(var + eps)
    out = normed * params.scale + params.offset
    return out.astype(x.dtype)


def rms_norm(scale: Array[float32], x: Array[F], eps: float = 1e-6) -> Array[F]:
    mean_square = (x * x).mean(axis=-1, keepdims=True)
    return x / anp.sqrt(mean_square + eps) * scale.astype(x.dtype)


def batch_norm_inference(x: Array[float32], mean: Array[float32], var: Array[float32], params: NormParams,
                         eps: float = 1e-5) -> Array[float32]:
    return (x - mean) / anp.sqrt(var + eps) * params.scale + params.offset


def dropout(x: Array[F], keep: Array[bool_], rate: float) -> Array[F]:
    """Inverted dropout with a precomputed keep mask (drawn on the host with numpy)."""
    if rate <= 0.0:
        return x
    scaled = x / (1.0 - rate)
    return anp.where(keep, scaled, anp.zeros_like(x))


def dropout_mask(rng: np.random.Generator, shape: tuple[int, ...], rate: float) -> Array[bool_]:
    keep = rng.uniform(size=shape) >= rate
    return anp.asarray(keep)


def one_hot(labels: Array[int32], num_classes: int) -> Array[float32]:
    classes = anp.arange(num_classes)
    hits = labels.reshape(-1, 1) == classes.reshape(1, -1)
    return hits.astype(float32)


def embed(params: EmbedParams, tokens: Array[int32]) -> Array[float32]:
    """Embedding lookup as a one-hot product, which also works inside jit and vmap."""
    vocab = params.table.shape[0]
    flat = one_hot(tokens, vocab) @ params.table  # (tokens.size, width)
    return flat.reshape(*tokens.shape, params.table.shape[1])


def embed_as(params: EmbedParams, tokens: Array[int32], like: Array[F]) -> Array[F]:
    return embed(params, tokens).astype(like.dtype)


def residual(x: Array[F], y: Array[F]) -> Array[F]:
    return x + y


def scaled_residual(x: Array[F], y: Array[F], alpha: float) -> Array[F]:
    return x + alpha * y


def clip_by_value(x: Array[F], low: float, high: float) -> Array[F]:
    return anp.minimum(anp.maximum(x, low), high)


def flatten(x: Array[F]) -> Array[F]:
    batch = x.shape[0]
    return x.reshape(batch, -1)


def global_average_pool(x: Array[F]) -> Array[F]:
    """``(batch, length, channels)`` to ``(batch, channels)``."""
    return x.mean(axis=1)


def global_max_pool(x: Array[F]) -> Array[F]:
    return x.max(axis=1)


def average_pool_1d(x: Array[F], window: int) -> Array[F]:
    """Non-overlapping average pooling along axis 1 of ``(batch, length, channels)``."""
    batch, length, channels = x.shape
    windows = x.reshape(batch, length // window, window, channels)
    return windows.mean(axis=2)


def max_pool_1d(x: Array[F], window: int) -> Array[F]:
    batch, length, channels = x.shape
    windows = x.reshape(batch, length // window, window, channels)
    return windows.max(axis=2)


def conv1d_valid(x: Array[F], kernel: Array[float32], bias: Array[float32]) -> Array[F]:
    """A 1-D convolution without padding, written as a sum of shifted matrix products.

    ``x`` is ``(batch, length, in_channels)``, ``kernel`` is ``(width, in_channels, out_channels)``; the output is
    ``(batch, length - width + 1, out_channels)``.
    """
    width = kernel.shape[0]
    out_length = x.shape[1] - width + 1
    k = kernel.astype(x.dtype)
    out = x[:, 0:out_length, :] @ k[0]
    for offset in range(1, width):
        out = out + x[:, offset:offset + out_length, :] @ k[offset]
    return out + bias.astype(x.dtype)


def depthwise_conv1d_valid(x: Array[F], kernel: Array[float32]) -> Array[F]:
    """Each channel convolved with its own filter: ``kernel`` is ``(width, channels)``."""
    width = kernel.shape[0]
    out_length = x.shape[1] - width + 1
    k = kernel.astype(x.dtype)
    out = x[:, 0:out_length, :] * k[0]
    for offset in range(1, width):
        out = out + x[:, offset:offset + out_length, :] * k[offset]
    return out


def init_conv1d(rng: np.random.Generator, width: int, in_channels: int, out_channels: int
                ) -> tuple[Array[float32], Array[float32]]:
    fan_in = width * in_channels
    std = math.sqrt(2.0 / fan_in)
    kernel = rng.normal(0.0, std, size=(width, in_channels, out_channels)).astype(np.float32)
    return anp.asarray(kernel), anp.zeros((out_channels,), dtype=float32)
