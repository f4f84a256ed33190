"""A two-layer MLP over a batch: 8 input features, a hidden width ``H``, 3 classes, a batch ``B``."""

from __future__ import annotations

from typing import Literal, TypeVar

import numpy as np

import arraytyping.numpy as anp
from arraytyping import Array, float32, jit, nn, typecheck

from _cases import Case

B = TypeVar("B", bound=int)
H = TypeVar("H", bound=int)
I = TypeVar("I", bound=int)  # noqa: E741 - input width
O = TypeVar("O", bound=int)  # noqa: E741 - output width


@typecheck
def dense(x: Array[float32, tuple[B, I]], w: Array[float32, tuple[I, O]],
          b: Array[float32, tuple[O]]) -> Array[float32, tuple[B, O]]:
    return x @ w + b


@typecheck
def mlp(x: Array[float32, tuple[B, Literal[8]]], w1: Array[float32, tuple[Literal[8], H]],
        b1: Array[float32, tuple[H]], w2: Array[float32, tuple[H, Literal[3]]],
        b2: Array[float32, tuple[Literal[3]]]) -> Array[float32, tuple[B, Literal[3]]]:
    return dense(nn.relu(dense(x, w1, b1)), w2, b2)


@typecheck
def mean_logits(x: Array[float32, tuple[B, Literal[8]]], w1: Array[float32, tuple[Literal[8], H]],
                b1: Array[float32, tuple[H]], w2: Array[float32, tuple[H, Literal[3]]],
                b2: Array[float32, tuple[Literal[3]]]) -> Array[float32, tuple[B, Literal[3]]]:
    """A bug: the mean over the batch instead of per example (the result's shape says so)."""
    return mlp(x, w1, b1, w2, b2).mean(axis=0)


def cases() -> list[Case]:
    x = anp.ones((16, 8))
    w1, b1, w2, b2 = anp.ones((8, 32)), anp.zeros(32), anp.ones((32, 3)), anp.zeros(3)
    step = jit(mlp)
    return [
        Case("batch of 16", lambda: mlp(x, w1, b1, w2, b2)),
        Case("batch of 1", lambda: mlp(x[:1], w1, b1, w2, b2)),
        Case("batch of 16 under jit", lambda: step(x, w1, b1, w2, b2)),
        Case("7 input features", lambda: mlp(x[:, :7], w1, b1, w2, b2), "argument 'x'"),
        Case("hidden bias of another width", lambda: mlp(x, w1, anp.zeros(16), w2, b2), "argument 'b1'"),
        Case("second layer of another width", lambda: mlp(x, w1, b1, anp.ones((16, 3)), b2), "argument 'w2'"),
        Case("float16 inputs", lambda: mlp(x.astype(anp.float16), w1, b1, w2, b2), "argument 'x'"),
        Case("numpy weights", lambda: mlp(x, w1, b1, np.asarray(w2), b2), "argument 'w2'"),
        Case("mean over the batch", lambda: mean_logits(x, w1, b1, w2, b2), "return value"),
        Case("7 input features under jit", lambda: step(x[:, :7], w1, b1, w2, b2), "argument 'x'"),
    ]
