"""Training a small model: a two-layer MLP fitted to a noisy sine by gradient descent, each step one jitted call of
``value_and_grad`` of the loss and an SGD update on a pytree (a NamedTuple) of float32 parameters.

Run from the repository root after installing the package: ``python examples/train_mlp.py``.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

import arraytyping as at
import arraytyping.numpy as anp
from arraytyping import Array, float32


class Params(NamedTuple):
    w1: Array[float32]
    b1: Array[float32]
    w2: Array[float32]
    b2: Array[float32]


def init(rng: np.random.Generator, hidden: int = 32) -> Params:
    def f32(a: np.ndarray) -> Array[float32]:
        return anp.asarray(a, dtype=anp.float32)
    return Params(f32(rng.normal(0, 1.0, (1, hidden))), f32(rng.normal(0, 1.0, hidden)),
                  f32(rng.normal(0, 1.0 / np.sqrt(hidden), (hidden, 1))), f32(np.zeros(1)))


def predict(params: Params, x: Array[float32]) -> Array[float32]:
    h = anp.tanh(x @ params.w1 + params.b1)
    return h @ params.w2 + params.b2


def loss(params: Params, x: Array[float32], y: Array[float32]) -> Array[float32]:
    err = predict(params, x) - y
    return anp.mean(err * err)


@at.jit
def train_step(params: Params, x: Array[float32], y: Array[float32]) -> tuple[Array[float32], Params]:
    value, grads = at.value_and_grad(loss)(params, x, y)
    new = at.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads)
    return value, new


def main(steps: int = 300) -> list[float]:
    rng = np.random.default_rng(0)
    x_host = rng.uniform(-3, 3, (128, 1))
    x = anp.asarray(x_host, dtype=anp.float32)
    y = anp.asarray(np.sin(x_host) + rng.normal(0, 0.05, x_host.shape), dtype=anp.float32)
    params = init(rng)
    losses: list[float] = []
    for step in range(steps + 1):
        value, params = train_step(params, x, y)
        if step % 50 == 0:
            losses.append(float(value))
            print(f"step {step:3d}  loss {float(value):.4f}", flush=True)
    print(f"loss fell from {losses[0]:.4f} to {losses[-1]:.4f} in {steps} jitted value_and_grad steps")
    return losses


if __name__ == "__main__":
    main()
