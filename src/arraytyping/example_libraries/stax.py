"""``arraytyping.example_libraries.stax``: JAX 0.10.2's ``jax.example_libraries.stax``, a small but flexible
neural net specification library from scratch (layers as ``(init_fun, apply_fun)`` pairs; an example library only)."""

from arraytyping._src.example_libraries.stax import (
    ApplyFn, AvgPool, BatchNorm, Conv, Conv1DTranspose, ConvTranspose, Dense, Dropout, elementwise, Elu, elu, Exp,
    FanInConcat, FanInSum, FanOut, Flatten, Gelu, gelu, GeneralConv, GeneralConvTranspose, glorot, glorot_normal,
    Identity, InitFn, Layer, leaky_relu, LeakyRelu, log_softmax, LogSoftmax, logsoftmax, MaxPool, normal, ones,
    parallel, randn, Relu, relu, Selu, selu, serial, shape_dependent, Sigmoid, sigmoid, Softmax, softmax, Softplus,
    softplus, standardize, SumPool, Tanh, zeros,
)

__all__ = [
    "ApplyFn", "AvgPool", "BatchNorm", "Conv", "Conv1DTranspose", "ConvTranspose", "Dense", "Dropout",
    "elementwise", "Elu", "elu", "Exp", "FanInConcat", "FanInSum", "FanOut", "Flatten", "Gelu", "gelu",
    "GeneralConv", "GeneralConvTranspose", "glorot", "glorot_normal", "Identity", "InitFn", "Layer", "leaky_relu",
    "LeakyRelu", "log_softmax", "LogSoftmax", "logsoftmax", "MaxPool", "normal", "ones", "parallel", "randn",
    "Relu", "relu", "Selu", "selu", "serial", "shape_dependent", "Sigmoid", "sigmoid", "Softmax", "softmax",
    "Softplus", "softplus", "standardize", "SumPool", "Tanh", "zeros"
]
