"""Multi-head self-attention and the transformer block built on it.

Shapes: ``x`` is ``(batch, length, width)``; heads split the width. Masks are boolean arrays that broadcast against
the ``(batch, heads, length, length)`` scores.
"""

from __future__ import annotations

import math
from typing import NamedTuple, TypeVar

import numpy as np

import arraytyping.numpy as anp
from arraytyping import Array, bool_, float32, floating, int32
from layers import (DenseParams, NormParams, dense, dropout, gelu, init_dense, init_norm, layer_norm,
                    layer_norm_f32_stats, masked_softmax, softmax)

F = TypeVar("F", bound=floating)


class AttentionParams(NamedTuple):
    query: DenseParams
    key: DenseParams
    value: DenseParams
    out: DenseParams


class MlpBlockParams(NamedTuple):
    up: DenseParams
    down: DenseParams


class BlockParams(NamedTuple):
    norm1: NormParams
    attn: AttentionParams
    norm2: NormParams
    mlp: MlpBlockParams


class AttentionConfig(NamedTuple):
    width: int
    heads: int
    mlp_ratio: int = 4
    dropout_rate: float = 0.0
    causal: bool = True


def init_attention(rng: np.random.Generator, width: int) -> AttentionParams:
    return AttentionParams(
        query=init_dense(rng, width, width),
        key=init_dense(rng, width, width),
        value=init_dense(rng, width, width),
        out=init_dense(rng, width, width),
    )


def init_block(rng: np.random.Generator, config: AttentionConfig) -> BlockParams:
    hidden = config.width * config.mlp_ratio
    return BlockParams(
        norm1=init_norm(config.width),
        attn=init_attention(rng, config.width),
        norm2=init_norm(config.width),
        mlp=MlpBlockParams(init_dense(rng, config.width, hidden), init_dense(rng, hidden, config.width)),
    )


def split_heads(x: Array[F], heads: int) -> Array[F]:
    """``(batch, length, width)`` to ``(batch, heads, length, width // heads)``."""
    batch, length, width = x.shape
    return x.reshape(batch, length, heads, width // heads).transpose(0, 2, 1, 3)


def merge_heads(x: Array[F]) -> Array[F]:
    """The inverse of ``split_heads``."""
    batch, heads, length, head_width = x.shape
    return x.transpose(0, 2, 1, 3).reshape(batch, length, heads * head_width)


def causal_mask(length: int) -> Array[bool_]:
    """``mask[i, j]`` holds when position ``i`` may attend to position ``j <= i``."""
    positions = anp.arange(length)
    return positions.reshape(-1, 1) >= positions.reshape(1, -1)


def padding_mask(lengths: Array[int32], length: int) -> Array[bool_]:
    """``(batch, 1, 1, length)``: which key positions are real tokens."""
    positions = anp.arange(length).reshape(1, -1)
    valid = positions < lengths.reshape(-1, 1)
    return valid.reshape(lengths.shape[0], 1, 1, length)


def combine_masks(a: Array[bool_], b: Array[bool_]) -> Array[bool_]:
    return a & b


def attention_scores(q: Array[F], k: Array[F]) -> Array[F]:
    """Scaled dot products ``q @ k^T / sqrt(d)``."""
    head_width = q.shape[-1]
    scale = 1.0 / math.sqrt(head_width)
    return (q @ k.transpose(0, 1, 3, 2)) * scale


def attention_scores_f32(q: Array[F], k: Array[F]) -> Array[float32]:
    """The scores in float32, the safer choice for the softmax of a bfloat16 model."""
    head_width = q.shape[-1]
    scores = q.astype(float32) @ k.astype(float32).transpose(0, 1, 3, 2)
    return scores / math.sqrt(head_width)


def dot_product_attention(q: Array[F], k: Array[F], v: Array[F], mask: Array[bool_] | None = None) -> Array[F]:
    scores = attention_scores(q, k)
    if mask is None:
        weights = softmax(scores)
    else:
        weights = masked_softmax(scores, mask)
    return weights @ v


def dot_product_attention_mixed(q: Array[F], k: Array[F], v: Array[F], mask: Array[bool_]) -> Array[F]:
    """Scores and softmax in float32, the weighted sum back in the input's dtype."""
    scores = attention_scores_f32(q, k)
    weights = masked_softmax(scores, mask)
    return weights.astype(v.dtype) @ v


def self_attention(params: AttentionParams, x: Array[F], heads: int, mask: Array[bool_] | None = None
                   ) -> Array[F]:
    q = split_heads(dense(params.query, x), heads)
    k = split_heads(dense(params.key, x), heads)
    v = split_heads(dense(params.value, x), heads)
    attended = dot_product_attention(q, k, v, mask)
    return dense(params.out, merge_heads(attended))


def self_attention_mixed(params: AttentionParams, x: Array[F], heads: int, mask: Array[bool_]) -> Array[F]:
    q = split_heads(dense(params.query, x), heads)
    k = split_heads(dense(params.key, x), heads)
    v = split_heads(dense(params.value, x), heads)
    attended = dot_product_attention_mixed(q, k, v, mask)
    return dense(params.out, merge_heads(attended))


def mlp_block(params: MlpBlockParams, x: Array[F]) -> Array[F]:
    return dense(params.down, gelu(dense(params.up, x)))


def transformer_block(params: BlockParams, x: Array[F], config: AttentionConfig, mask: Array[bool_],
                      keep: Array[bool_] | None = None) -> Array[F]:
    """A pre-norm block: ``x + attn(norm(x))``, then ``x + mlp(norm(x))``."""
    h = self_attention(params.attn, layer_norm(params.norm1, x), config.heads, mask)
    if keep is not None:
        h = dropout(h, keep, config.dropout_rate)
    x = x + h
    h = mlp_block(params.mlp, layer_norm(params.norm2, x))
    if keep is not None:
        h = dropout(h, keep, config.dropout_rate)
    return x + h


def transformer_block_low_precision(params: BlockParams, x: Array[F], config: AttentionConfig,
                                    mask: Array[bool_]) -> Array[F]:
    """The same block for bfloat16/float16 activations: norms and softmax keep float32 statistics."""
    h = self_attention_mixed(params.attn, layer_norm_f32_stats(params.norm1, x), config.heads, mask)
    x = x + h
    h = mlp_block(params.mlp, layer_norm_f32_stats(params.norm2, x))
    return x + h


def sinusoidal_positions(length: int, width: int) -> Array[float32]:
    """The fixed sine/cosine position encodings of the original transformer, built on the host."""
    positions = np.arange(length, dtype=np.float32)[:, None]
    rates = np.exp(-math.log(10000.0) * np.arange(0, width, 2, dtype=np.float32) / width)
    table = np.zeros((length, width), dtype=np.float32)
    table[:, 0::2] = np.sin(positions * rates)
    table[:, 1::2] = np.cos(positions * rates)
    return anp.asarray(table)


def add_positions(x: Array[F], positions: Array[float32]) -> Array[F]:
    length = x.shape[1]
    return x + positions[:length].astype(x.dtype)


def rotary_angles(length: int, head_width: int, base: float = 10000.0) -> tuple[Array[float32], Array[float32]]:
    half = head_width // 2
    inv_freq = 1.0 / (base ** (anp.arange(half).astype(float32) / half))
    angles = anp.arange(length).astype(float32).reshape(-1, 1) * inv_freq.reshape(1, -1)
    return anp.cos(angles), anp.sin(angles)


def apply_rotary(x: Array[F], cos: Array[float32], sin: Array[float32]) -> Array[F]:
    """Rotary position embedding on ``(batch, heads, length, head_width)``: rotate pairs of features."""
    half = x.shape[-1] // 2
    x1 = x[..., :half].astype(float32)
    x2 = x[..., half:].astype(float32)
    r1 = x1 * cos - x2 * sin
    r2 = x2 * cos + x1 * sin
    return (r1 * 0.5 + r2 * 0.5).astype(x.dtype)


def attention_entropy(weights: Array[float32]) -> Array[float32]:
    """Mean entropy of the attention distributions, a diagnostic for collapsed heads."""
    safe = anp.where(weights > 0, weights, 1.0)
    return -(weights * anp.log(safe)).sum(axis=-1).mean()


def head_importance(weights: Array[float32], mask: Array[bool_]) -> Array[float32]:
    masked = anp.where(mask, weights, 0.0)
    return masked.max(axis=-1).mean(axis=(0, 2))
