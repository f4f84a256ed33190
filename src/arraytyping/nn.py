"""``arraytyping.nn``: JAX 0.10.2's ``jax.nn`` activations and normalizations, with its dtypes, weak flags and
errors (their rules are :func:`arraytyping.op_rules.nn_result`)."""

from arraytyping._src.runtime.nn import (
    gelu, log_softmax, logsumexp, one_hot, relu, sigmoid, silu, softmax, softplus, standardize, swish,
)

__all__ = ["gelu", "log_softmax", "logsumexp", "one_hot", "relu", "sigmoid", "silu", "softmax", "softplus",
           "standardize", "swish"]
