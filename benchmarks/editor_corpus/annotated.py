"""The same model and training, annotated as arraytyping teaches: dtypes and shapes in `Array[...]`, type variables
for sizes and float dtypes, parameters in NamedTuples.

On the JAX side of the benchmark every `Array[...]` is written `Array` (`jax.Array` takes no type arguments); the
code is the same.
"""

from __future__ import annotations

from typing import Literal, NamedTuple, TypeVar

import numpy as np

import jax
import jax.numpy as jnp
from jax import Array, lax, nn, random
from jax.numpy import bfloat16, float32, floating, int32

F = TypeVar("F", bound=floating)
B = TypeVar("B", bound=int)
D = TypeVar("D", bound=int)
H = TypeVar("H", bound=int)
T = TypeVar("T", bound=int)

IN = 784
HID = 512
OUT = 10
STEP_SIZE = 0.01
LEARNING_RATE = 0.001


class Dense(NamedTuple):
    w: Array[float32, tuple[int, int]]
    b: Array[float32, tuple[int]]


class Mlp(NamedTuple):
    hidden: list[Dense]
    head: Dense


class AdamState(NamedTuple):
    m: Mlp
    v: Mlp
    step: int


# --- Parameters ----------------------------------------------------------------------------------------------------


def init_dense(key: Array, d_in: int, d_out: int, scale: float = 1e-2) -> Dense:
    w_key, b_key = random.split(key)
    w = scale * random.normal(w_key, (d_in, d_out), dtype=float32)
    b = scale * random.normal(b_key, (d_out,), dtype=float32)
    return Dense(w, b)


def init_mlp(key: Array, sizes: list[int]) -> Mlp:
    keys = random.split(key, len(sizes))
    layers = [init_dense(k, m, n) for m, n, k in zip(sizes[:-1], sizes[1:], keys)]
    return Mlp(layers[:-1], layers[-1])


def zeros_like_mlp(params: Mlp) -> Mlp:
    hidden = [Dense(jnp.zeros_like(layer.w), jnp.zeros_like(layer.b)) for layer in params.hidden]
    return Mlp(hidden, Dense(jnp.zeros_like(params.head.w), jnp.zeros_like(params.head.b)))


# --- The model -----------------------------------------------------------------------------------------------------


def relu(x: Array[F, tuple[B, D]]) -> Array[F, tuple[B, D]]:
    return jnp.maximum(x, 0.0)


def dense(layer: Dense, x: Array[float32, tuple[B, D]]) -> Array[float32]:
    return x @ layer.w + layer.b


def mlp(params: Mlp, x: Array[float32, tuple[B, Literal[784]]]) -> Array[float32]:
    h: Array[float32] = x
    for layer in params.hidden:
        h = nn.relu(dense(layer, h))
    logits = dense(params.head, h)
    return logits - nn.logsumexp(logits, axis=-1, keepdims=True)


def one_hot(labels: Array[int32, tuple[B]], k: int) -> Array[float32]:
    return nn.one_hot(labels, k, dtype=float32)


def cross_entropy(log_probs: Array[float32], labels: Array[int32, tuple[B]]) -> Array[float32, tuple[()]]:
    return -jnp.mean(jnp.sum(log_probs * one_hot(labels, OUT), axis=-1))


def loss(params: Mlp, x: Array[float32, tuple[B, Literal[784]]], y: Array[int32, tuple[B]]) -> Array[float32]:
    return cross_entropy(mlp(params, x), y)


def accuracy(params: Mlp, x: Array[float32, tuple[B, Literal[784]]], y: Array[int32, tuple[B]]) -> Array[float32]:
    predicted = jnp.argmax(mlp(params, x), axis=-1)
    return jnp.mean((predicted == y).astype(float32))


# --- Normalization and attention -----------------------------------------------------------------------------------


def layer_norm(x: Array[F, tuple[T, D]], gamma: Array[F, tuple[D]], beta: Array[F, tuple[D]],
               eps: float = 1e-5) -> Array[F]:
    mean = x.mean(axis=-1, keepdims=True)
    centered = x - mean
    var = (centered * centered).mean(axis=-1, keepdims=True)
    return gamma * centered / jnp.sqrt(var + eps) + beta


def attention(q: Array[float32, tuple[T, D]], k: Array[float32, tuple[T, D]], v: Array[float32, tuple[T, D]],
              mask: Array[jnp.bool_, tuple[T, T]]) -> Array[float32]:
    scale = 1.0 / np.sqrt(q.shape[-1])
    scores = (q @ k.T) * scale
    scores = jnp.where(mask, scores, -1e9)
    weights = nn.softmax(scores, axis=-1)
    return weights @ v


def causal_mask(n: int) -> Array[jnp.bool_]:
    return jnp.tril(jnp.ones((n, n), dtype=jnp.bool_))


class Block(NamedTuple):
    wq: Array[float32, tuple[int, int]]
    wk: Array[float32, tuple[int, int]]
    wv: Array[float32, tuple[int, int]]
    ff: Dense
    out: Dense
    ln_gamma: Array[float32, tuple[int]]
    ln_beta: Array[float32, tuple[int]]


def init_block(key: Array, d_model: int, d_ff: int) -> Block:
    k1, k2, k3, k4, k5 = random.split(key, 5)
    shape = (d_model, d_model)
    return Block(random.normal(k1, shape) / np.sqrt(d_model), random.normal(k2, shape) / np.sqrt(d_model),
                 random.normal(k3, shape) / np.sqrt(d_model), init_dense(k4, d_model, d_ff),
                 init_dense(k5, d_ff, d_model), jnp.ones((d_model,)), jnp.zeros((d_model,)))


def block(params: Block, x: Array[float32, tuple[T, D]]) -> Array[float32]:
    h = layer_norm(x, params.ln_gamma, params.ln_beta)
    q, k, v = h @ params.wq, h @ params.wk, h @ params.wv
    x2 = x + attention(q, k, v, causal_mask(x.shape[0]))
    ff = nn.gelu(dense(params.ff, x2))
    return x2 + dense(params.out, ff)


def half_block(params: Block, x: Array[bfloat16, tuple[T, D]]) -> Array[bfloat16]:
    w = params.wq.astype(bfloat16)
    h = x @ w
    return h * 0.5 + x


# --- Optimizers ----------------------------------------------------------------------------------------------------


def sgd(params: Mlp, grads: Mlp, lr: float = STEP_SIZE) -> Mlp:
    hidden = [Dense(p.w - lr * g.w, p.b - lr * g.b) for p, g in zip(params.hidden, grads.hidden)]
    head = Dense(params.head.w - lr * grads.head.w, params.head.b - lr * grads.head.b)
    return Mlp(hidden, head)


def adam_leaf(p: Array[F], g: Array[F], m: Array[F], v: Array[F], step: int, lr: float,
              b1: float = 0.9, b2: float = 0.999, eps: float = 1e-8) -> tuple[Array[F], Array[F], Array[F]]:
    m = b1 * m + (1 - b1) * g
    v = b2 * v + (1 - b2) * g * g
    m_hat = m / (1 - b1**step)
    v_hat = v / (1 - b2**step)
    return p - lr * m_hat / (jnp.sqrt(v_hat) + eps), m, v


def adam(params: Mlp, grads: Mlp, state: AdamState, lr: float = LEARNING_RATE) -> tuple[Mlp, AdamState]:
    step = state.step + 1
    new_hidden: list[Dense] = []
    m_hidden: list[Dense] = []
    v_hidden: list[Dense] = []
    for p, g, m, v in zip(params.hidden, grads.hidden, state.m.hidden, state.v.hidden):
        w, mw, vw = adam_leaf(p.w, g.w, m.w, v.w, step, lr)
        b, mb, vb = adam_leaf(p.b, g.b, m.b, v.b, step, lr)
        new_hidden.append(Dense(w, b))
        m_hidden.append(Dense(mw, mb))
        v_hidden.append(Dense(vw, vb))
    hw, hmw, hvw = adam_leaf(params.head.w, grads.head.w, state.m.head.w, state.v.head.w, step, lr)
    hb, hmb, hvb = adam_leaf(params.head.b, grads.head.b, state.m.head.b, state.v.head.b, step, lr)
    return (Mlp(new_hidden, Dense(hw, hb)),
            AdamState(Mlp(m_hidden, Dense(hmw, hmb)), Mlp(v_hidden, Dense(hvw, hvb)), step))


def global_norm(grads: Mlp) -> Array[float32]:
    total = jnp.zeros((), dtype=float32)
    for layer in (*grads.hidden, grads.head):
        total = total + jnp.sum(layer.w * layer.w) + jnp.sum(layer.b * layer.b)
    return jnp.sqrt(total)


def cosine_lr(step: Array[int32, tuple[()]], total: int, base: float = LEARNING_RATE) -> Array[float32]:
    progress = jnp.clip(step.astype(float32) / total, 0.0, 1.0)
    return 0.5 * base * (1.0 + jnp.cos(jnp.pi * progress))


# --- Training ------------------------------------------------------------------------------------------------------


@jax.jit
def train_step(params: Mlp, state: AdamState, x: Array[float32, tuple[B, Literal[784]]],
               y: Array[int32, tuple[B]]) -> tuple[Mlp, AdamState, Array[float32]]:
    value, grads = jax.value_and_grad(loss)(params, x, y)
    params, state = adam(params, grads, state)
    return params, state, value


def rnn(xs: Array[float32, tuple[T, D]], w_h: Array[float32, tuple[H, H]],
        w_x: Array[float32, tuple[D, H]]) -> Array[float32]:
    def cell(h: Array[float32], x_t: Array[float32]) -> tuple[Array[float32], Array[float32]]:
        h = jnp.tanh(h @ w_h + x_t @ w_x)
        return h, h

    h0 = jnp.zeros((w_h.shape[0],), dtype=float32)
    _, hs = lax.scan(cell, h0, xs)
    return hs


def synthetic(n: int, seed: int = 0) -> tuple[Array[float32], Array[int32]]:
    rng = np.random.default_rng(seed)
    images = rng.normal(size=(n, IN)).astype(np.float32)
    labels = rng.integers(0, OUT, size=n).astype(np.int32)
    return jnp.asarray(images), jnp.asarray(labels)


def train(epochs: int = 3, batch: int = 128, seed: int = 0) -> Mlp:
    params = init_mlp(random.PRNGKey(seed), [IN, HID, HID, OUT])
    state = AdamState(zeros_like_mlp(params), zeros_like_mlp(params), 0)
    images, labels = synthetic(1024, seed)
    for epoch in range(epochs):
        for i in range(0, images.shape[0] - batch + 1, batch):
            x, y = images[i:i + batch], labels[i:i + batch]
            params, state, value = train_step(params, state, x, y)
        acc = accuracy(params, images, labels)
        print(f"epoch {epoch}: loss {float(value):.3f} accuracy {float(acc):.3f}")
    return params


def main() -> None:
    params = train()
    print(float(global_norm(params)))
    blk = init_block(random.PRNGKey(1), 16, 64)
    tokens = random.normal(random.PRNGKey(2), (8, 16))
    print(block(blk, tokens).shape, half_block(blk, tokens.astype(bfloat16)).dtype)
    xs = random.normal(random.PRNGKey(3), (12, 16))
    w_h = random.normal(random.PRNGKey(4), (32, 32)) / 8
    w_x = random.normal(random.PRNGKey(5), (16, 32)) / 8
    print(rnn(xs, w_h, w_x).shape, float(cosine_lr(jnp.asarray(10, dtype=int32), 100)))


if __name__ == "__main__":
    main()
