"""A training step as users write it: float32 parameters, a bfloat16 forward pass, a jitted update.

Checked by pyright and by mypy (with and without the plugin). Every ``# type: ignore[...]`` here must suppress an
error: both checkers are run with unused-ignore reporting on.
"""

from __future__ import annotations

from typing import NamedTuple

from typing_extensions import assert_type

import arraytyping as at
import arraytyping.numpy as anp
from arraytyping import Array, bfloat16, bool_, float32, int32


class Params(NamedTuple):
    w: Array[float32]
    b: Array[float32]


def forward(params: Params, x: Array[bfloat16]) -> Array[bfloat16]:
    w = params.w.astype(bfloat16)  # mixed precision: compute in bfloat16
    assert_type(w, Array[bfloat16])
    y = x @ w + params.b.astype("bfloat16")
    assert_type(y, Array[bfloat16])
    return y


def loss(params: Params, x: Array[bfloat16], labels: Array[float32]) -> Array[float32]:
    logits = forward(params, x).astype(float32)  # ... and reduce in float32
    err = logits - labels
    assert_type(err, Array[float32])
    return (err * err).mean()


def accuracy(logits: Array[float32], labels: Array[int32]) -> Array[float32]:
    hits = logits.astype(int32) == labels
    assert_type(hits, Array[bool_])
    return hits.astype(float32).mean()


@at.jit
def sgd_step(params: Params, x: Array[bfloat16], labels: Array[float32], lr: float) -> Params:
    assert_type(x, Array[bfloat16])  # inside jit, parameters are Arrays with their methods (tracers at run time)
    assert_type(x.astype(float32).sum(), Array[float32, tuple[()]])  # a full reduction is 0-d
    value = loss(params, x, labels)
    assert_type(value, Array[float32])
    w = params.w - lr * params.w  # a Python float is weakly typed: float32 stays float32
    assert_type(w, Array[float32])
    b = params.b - 0.1 * value
    assert_type(b, Array[float32])
    return Params(w, b)


def train(params: Params, x: Array[bfloat16], labels: Array[float32]) -> Params:
    for _ in range(3):
        params = sgd_step(params, x, labels, 0.01)  # jit keeps the signature (ParamSpec)
    assert_type(params, Params)
    sgd_step(params, x, labels)  # type: ignore[call-arg]  # ty: ignore[missing-argument]  # missing lr: caught through jit
    return params


@at.jit(static_argnames="n")
def repeat_add(x: Array[float32], n: int) -> Array[float32]:
    for _ in range(n):
        x = x + 1
    return x


assert_type(repeat_add(anp.ones((3,), dtype=float32), 2), Array[float32])
