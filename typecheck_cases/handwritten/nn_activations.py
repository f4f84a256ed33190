"""``arraytyping.nn``'s activations as model code uses them: a MobileNet block's hard-swish, a self-normalizing
network's SELU, a leaky discriminator, a gated linear unit. Each keeps its operand's dtype where JAX does (a
floating array stays itself; an integer array becomes a weak float), ``elu``'s and ``celu``'s ``alpha`` may be
any Python number, and a parameter that can change the dtype (``leaky_relu``'s ``negative_slope``, ``squareplus``'s
``b``) or a halved axis (``glu``) gives ``Array[Any]``.

Checked by every checker (tests/typing/test_handwritten.py).
"""
# mypy: disable-error-code="unused-ignore"

from __future__ import annotations

from typing import Any

from typing_extensions import assert_type

import arraytyping.nn as nn
from arraytyping import Array, bfloat16, float16, float32, int32


def mobilenet_block(x: Array[bfloat16], w: Array[bfloat16]) -> Array[bfloat16]:
    return nn.hard_swish(x @ w) + nn.relu6(x)


def snn_layer(x: Array[float32], w: Array[float32], b: Array[float32]) -> Array[float32]:
    return nn.selu(x @ w + b)


def discriminator(x: Array[float16], w: Array[float16]) -> Array[float16]:
    return nn.log_sigmoid(nn.elu(x @ w, 0.2))


def use(x: Array[float32], h: Array[float16], n: Array[int32], slope: Array[float16]) -> None:
    assert_type(nn.elu(x), Array[float32])
    assert_type(nn.elu(x, 2), Array[float32])
    assert_type(nn.celu(h, alpha=0.5), Array[float16])
    assert_type(nn.selu(h), Array[float16])
    assert_type(nn.mish(x), Array[float32])
    assert_type(nn.soft_sign(x), Array[float32])
    assert_type(nn.hard_tanh(h), Array[float16])
    assert_type(nn.sparse_sigmoid(x), Array[float32])
    assert_type(nn.sparse_plus(h), Array[float16])
    assert_type(nn.log1mexp(x), Array[float32])
    assert_type(nn.identity(x), Array[float32])
    assert_type(nn.tanh(x), Array[float32])
    assert_type(nn.relu6(n), Array[float])  # min(max(n, 0), 6.0): a weak float, as in JAX
    assert_type(nn.leaky_relu(n), Array[float])
    assert_type(nn.hard_tanh(n), Array[int32])
    assert_type(nn.leaky_relu(h), Array[float16])
    assert_type(nn.leaky_relu(h, slope), Array[Any])  # the slope's dtype decides
    assert_type(nn.squareplus(x, 2.0), Array[Any])
    assert_type(nn.glu(x), Array[Any])
    assert_type(mobilenet_block(h.astype(bfloat16), h.astype(bfloat16)), Array[bfloat16])
    assert_type(snn_layer(x, x, x), Array[float32])
    assert_type(discriminator(h, h), Array[float16])
