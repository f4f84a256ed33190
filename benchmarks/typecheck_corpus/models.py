"""Models: an MLP classifier, a 1-D convolutional network, a small transformer encoder and an autoencoder.

Each model has an ``init_*`` function (numpy randomness on the host, parameters in float32) and an ``apply``
function that runs in whatever floating dtype its input has.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple, TypeVar

import numpy as np

import arraytyping.numpy as anp
from arraytyping import Array, bfloat16, bool_, float16, float32, floating, int32
from attention import AttentionConfig, BlockParams, causal_mask, init_block, padding_mask, sinusoidal_positions, \
    transformer_block, transformer_block_low_precision
from layers import (DenseParams, EmbedParams, NormParams, average_pool_1d, conv1d_valid, dense, dense_f32,
                    dropout, embed_as, gelu, global_average_pool, init_conv1d, init_dense, init_embed, init_norm,
                    layer_norm, relu, sigmoid, silu, tanh_act)

F = TypeVar("F", bound=floating)


# --- MLP -------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MlpConfig:
    in_features: int
    hidden: tuple[int, ...] = (256, 128)
    num_classes: int = 10
    activation: str = "relu"
    dropout_rate: float = 0.1


class MlpParams(NamedTuple):
    hidden: tuple[DenseParams, ...]
    head: DenseParams


def init_mlp(rng: np.random.Generator, config: MlpConfig) -> MlpParams:
    sizes = (config.in_features, *config.hidden)
    layers = tuple(init_dense(rng, a, b, relu=config.activation == "relu") for a, b in zip(sizes[:-1], sizes[1:]))
    head = init_dense(rng, sizes[-1], config.num_classes)
    return MlpParams(layers, head)


def activate(x: Array[F], name: str) -> Array[F]:
    if name == "relu":
        return relu(x)
    if name == "gelu":
        return gelu(x)
    if name == "silu":
        return silu(x)
    if name == "tanh":
        return tanh_act(x)
    if name == "sigmoid":
        return sigmoid(x)
    raise ValueError(f"unknown activation {name!r}")


def mlp_features(params: MlpParams, x: Array[F], activation: str = "relu") -> Array[F]:
    h = x
    for layer in params.hidden:
        h = activate(dense(layer, h), activation)
    return h


def mlp_apply(params: MlpParams, x: Array[F], activation: str = "relu") -> Array[float32]:
    """Logits in float32 whatever the compute dtype: the head runs in float32."""
    features = mlp_features(params, x, activation)
    return dense_f32(params.head, features.astype(float32))


def mlp_apply_train(params: MlpParams, x: Array[F], keeps: tuple[Array[bool_], ...], rate: float,
                    activation: str = "relu") -> Array[float32]:
    h = x
    for layer, keep in zip(params.hidden, keeps):
        h = dropout(activate(dense(layer, h), activation), keep, rate)
    return dense_f32(params.head, h.astype(float32))


def mlp_apply_bf16(params: MlpParams, x: Array[float32]) -> Array[float32]:
    """The common mixed-precision recipe: inputs cast to bfloat16, logits back in float32."""
    h: Array[bfloat16] = x.astype(bfloat16)
    for layer in params.hidden:
        h = relu(dense(layer, h))
    return dense_f32(params.head, h.astype(float32))


def mlp_apply_f16(params: MlpParams, x: Array[float32]) -> Array[float32]:
    h = x.astype(float16)
    for layer in params.hidden:
        h = relu(dense(layer, h))
    logits = dense(params.head, h)
    return logits.astype(float32)


def count_parameters(params: MlpParams) -> int:
    total = 0
    for layer in (*params.hidden, params.head):
        total += layer.w.size + layer.b.size
    return total


# --- 1-D convolutional network ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ConvConfig:
    in_channels: int
    channels: tuple[int, ...] = (32, 64)
    kernel_width: int = 5
    pool: int = 2
    num_classes: int = 5


class ConvLayer(NamedTuple):
    kernel: Array[float32]
    bias: Array[float32]
    norm: NormParams


class ConvNetParams(NamedTuple):
    layers: tuple[ConvLayer, ...]
    head: DenseParams


def init_convnet(rng: np.random.Generator, config: ConvConfig) -> ConvNetParams:
    layers: list[ConvLayer] = []
    in_channels = config.in_channels
    for out_channels in config.channels:
        kernel, bias = init_conv1d(rng, config.kernel_width, in_channels, out_channels)
        layers.append(ConvLayer(kernel, bias, init_norm(out_channels)))
        in_channels = out_channels
    return ConvNetParams(tuple(layers), init_dense(rng, in_channels, config.num_classes))


def convnet_apply(params: ConvNetParams, x: Array[F], pool: int = 2) -> Array[float32]:
    """``x``: ``(batch, length, channels)``; convolution, layer norm, ReLU and pooling per layer."""
    h = x
    for layer in params.layers:
        h = conv1d_valid(h, layer.kernel, layer.bias)
        h = relu(layer_norm(layer.norm, h))
        if h.shape[1] >= 2 * pool:
            h = average_pool_1d(h, pool)
    pooled = global_average_pool(h)
    return dense_f32(params.head, pooled.astype(float32))


# --- Transformer encoder ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TransformerConfig:
    vocab: int
    width: int = 128
    heads: int = 4
    depth: int = 2
    max_length: int = 256
    num_classes: int = 2
    dropout_rate: float = 0.0
    causal: bool = False

    @property
    def block(self) -> AttentionConfig:
        return AttentionConfig(self.width, self.heads, 4, self.dropout_rate, self.causal)


class TransformerParams(NamedTuple):
    embed: EmbedParams
    blocks: tuple[BlockParams, ...]
    final_norm: NormParams
    head: DenseParams


def init_transformer(rng: np.random.Generator, config: TransformerConfig) -> TransformerParams:
    blocks = tuple(init_block(rng, config.block) for _ in range(config.depth))
    return TransformerParams(
        embed=init_embed(rng, config.vocab, config.width),
        blocks=blocks,
        final_norm=init_norm(config.width),
        head=init_dense(rng, config.width, config.num_classes),
    )


def encoder_mask(tokens: Array[int32], lengths: Array[int32], causal: bool) -> Array[bool_]:
    length = tokens.shape[1]
    mask = padding_mask(lengths, length)
    if causal:
        mask = mask & causal_mask(length)
    return mask


def transformer_encode(params: TransformerParams, tokens: Array[int32], lengths: Array[int32],
                       config: TransformerConfig, like: Array[F]) -> Array[F]:
    """Token ids to contextual features in the dtype of ``like`` (a scalar of the compute dtype)."""
    positions = sinusoidal_positions(config.max_length, config.width)
    x = embed_as(params.embed, tokens, like)
    x = x + positions[: tokens.shape[1]].astype(like.dtype)
    mask = encoder_mask(tokens, lengths, config.causal)
    for block in params.blocks:
        x = transformer_block(block, x, config.block, mask)
    return layer_norm(params.final_norm, x)


def transformer_classify(params: TransformerParams, tokens: Array[int32], lengths: Array[int32],
                         config: TransformerConfig) -> Array[float32]:
    like = anp.zeros((), dtype=float32)
    features = transformer_encode(params, tokens, lengths, config, like)
    valid = (anp.arange(tokens.shape[1]).reshape(1, -1) < lengths.reshape(-1, 1)).astype(float32)
    pooled = (features * valid.reshape(valid.shape[0], -1, 1)).sum(axis=1) / valid.sum(axis=1, keepdims=True)
    return dense_f32(params.head, pooled)


def transformer_classify_bf16(params: TransformerParams, tokens: Array[int32], lengths: Array[int32],
                              config: TransformerConfig) -> Array[float32]:
    positions = sinusoidal_positions(config.max_length, config.width)
    x = embed_as(params.embed, tokens, anp.zeros((), dtype=bfloat16))
    x = x + positions[: tokens.shape[1]].astype(bfloat16)
    mask = encoder_mask(tokens, lengths, config.causal)
    for block in params.blocks:
        x = transformer_block_low_precision(block, x, config.block, mask)
    pooled = x.astype(float32).mean(axis=1)
    return dense_f32(params.head, pooled)


# --- Autoencoder -------------------------------------------------------------------------------------------------


class AutoencoderParams(NamedTuple):
    encoder: tuple[DenseParams, ...]
    decoder: tuple[DenseParams, ...]


@dataclass
class AutoencoderConfig:
    features: int
    sizes: list[int] = field(default_factory=lambda: [128, 32])


def init_autoencoder(rng: np.random.Generator, config: AutoencoderConfig) -> AutoencoderParams:
    down = [config.features, *config.sizes]
    up = down[::-1]
    encoder = tuple(init_dense(rng, a, b) for a, b in zip(down[:-1], down[1:]))
    decoder = tuple(init_dense(rng, a, b) for a, b in zip(up[:-1], up[1:]))
    return AutoencoderParams(encoder, decoder)


def encode(params: AutoencoderParams, x: Array[F]) -> Array[F]:
    h = x
    for i, layer in enumerate(params.encoder):
        h = dense(layer, h)
        if i < len(params.encoder) - 1:
            h = gelu(h)
    return h


def decode(params: AutoencoderParams, z: Array[F]) -> Array[F]:
    h = z
    for i, layer in enumerate(params.decoder):
        h = dense(layer, h)
        h = gelu(h) if i < len(params.decoder) - 1 else sigmoid(h)
    return h


def reconstruct(params: AutoencoderParams, x: Array[float32]) -> tuple[Array[float32], Array[float32]]:
    z = encode(params, x)
    return decode(params, z), z


def reconstruction_error(params: AutoencoderParams, x: Array[float32]) -> Array[float32]:
    recon, _ = reconstruct(params, x)
    return ((recon - x) ** 2).mean(axis=-1)
