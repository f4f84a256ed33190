"""``arraytyping.nn.initializers``: JAX 0.10.2's ``jax.nn.initializers``, common neural network layer initializers
(consistent with Keras and Sonnet): builders of functions ``init(key, shape, dtype=None)`` that draw JAX's values
for the same key."""

from arraytyping._src.nn.initializers import (
    Initializer, constant, delta_orthogonal, glorot_normal, glorot_uniform, he_normal, he_uniform, kaiming_normal,
    kaiming_uniform, lecun_normal, lecun_uniform, normal, ones, orthogonal, truncated_normal, uniform,
    variance_scaling, xavier_normal, xavier_uniform, zeros,
)

__all__ = [
    "Initializer", "constant", "delta_orthogonal", "glorot_normal", "glorot_uniform", "he_normal", "he_uniform",
    "kaiming_normal", "kaiming_uniform", "lecun_normal", "lecun_uniform", "normal", "ones", "orthogonal",
    "truncated_normal", "uniform", "variance_scaling", "xavier_normal", "xavier_uniform", "zeros"
]
