"""``arraytyping.nn``: JAX 0.10.2's ``jax.nn`` activations and normalizations, with its dtypes, weak flags and
errors (their rules are :func:`arraytyping.op_rules.nn_result`)."""

from arraytyping._src.nn.functions import (
    gelu, log_softmax, logsumexp, one_hot, relu, sigmoid, silu, softmax, softplus, standardize, swish,
)
from arraytyping._src.nn.activations import (
    celu, elu, glu, hard_sigmoid, hard_silu, hard_swish, hard_tanh, identity, leaky_relu, log1mexp, log_sigmoid, mish,
    relu6, selu, soft_sign, sparse_plus, sparse_sigmoid, squareplus,
)
from arraytyping._src.nn.attention import dot_product_attention, logmeanexp
from arraytyping.numpy import tanh
from arraytyping.nn import initializers

__all__ = [
    "celu", "dot_product_attention", "elu", "gelu", "glu", "hard_sigmoid", "hard_silu", "hard_swish", "hard_tanh", "identity",
    "initializers", "leaky_relu", "log1mexp", "log_sigmoid", "log_softmax", "logmeanexp", "logsumexp", "mish", "one_hot", "relu",
    "relu6", "selu", "sigmoid", "silu", "soft_sign", "softmax", "softplus", "sparse_plus", "sparse_sigmoid",
    "squareplus", "standardize", "swish", "tanh"
]
