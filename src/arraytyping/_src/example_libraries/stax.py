"""JAX 0.10.2's ``jax.example_libraries.stax``: a small but flexible neural net specification library from scratch.
A *layer* is a pair ``(init_fun, apply_fun)``: ``init_fun(rng, input_shape)`` gives ``(output_shape, params)``,
``apply_fun(params, inputs, **kwargs)`` the outputs (``rng=`` a PRNG key, for ``Dropout``). Stax is an example library
only (JAX points to Flax and Haiku)."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from typing import Any, TypeAlias, cast

from arraytyping._src import numpy as jnp
from arraytyping._src import random
from arraytyping._src.core.annotations import AnyArray
from arraytyping._src.lax.api import convolution as conv
from arraytyping._src.lax.api.elementwise import add, max
from arraytyping._src.lax.api.functions import conv_general_dilated, reduce_window
from arraytyping._src.nn.activations import elu, leaky_relu, selu
from arraytyping._src.nn.functions import gelu, log_softmax, relu, sigmoid, softmax, softplus, standardize
from arraytyping._src.nn.initializers import Initializer, glorot_normal, normal, ones, zeros

__all__ = [
    "AvgPool", "BatchNorm", "Conv", "Conv1DTranspose", "ConvTranspose", "Dense", "Dropout", "Elu", "Exp", "FanInConcat",
    "FanInSum", "FanOut", "Flatten", "Gelu", "GeneralConv", "GeneralConvTranspose", "Identity", "InitFn", "Layer",
    "LeakyRelu", "LogSoftmax", "MaxPool", "Relu", "Selu", "Sigmoid", "Softmax", "Softplus", "SumPool", "Tanh",
    "ApplyFn", "elementwise", "elu", "gelu", "glorot", "glorot_normal", "leaky_relu", "log_softmax", "logsoftmax",
    "normal", "ones", "parallel", "randn", "relu", "selu", "serial", "shape_dependent", "sigmoid", "softmax",
    "softplus", "standardize", "zeros",
]

InitFn: TypeAlias = Callable[[Any, Any], tuple[Any, Any]]
"""``init_fun(rng, input_shape) -> (output_shape, params)``."""
ApplyFn: TypeAlias = Callable[..., Any]
"""``apply_fun(params, inputs, **kwargs) -> outputs``."""
Layer: TypeAlias = tuple[InitFn, ApplyFn]
"""A layer: its ``(init_fun, apply_fun)`` pair."""

glorot = glorot_normal
randn = normal
logsoftmax = log_softmax


def _split(rng: AnyArray, num: int = 2) -> AnyArray:
    """``random.split`` of the key a layer receives (untyped, as in JAX): through one overload of ``split``, since
    an ``Any`` argument matching both (typed key array or raw ``uint32`` key) would leave the keys' type unknown."""
    return random.split(rng, num)


def Dense(out_dim: int, W_init: Initializer = glorot_normal(), b_init: Initializer = normal()) -> Layer:
    """Layer constructor function for a dense (fully-connected) layer."""
    def init_fun(rng: Any, input_shape: Any) -> tuple[Any, Any]:
        output_shape = tuple(input_shape[:-1]) + (out_dim,)
        k1, k2 = _split(rng)
        W, b = W_init(k1, (input_shape[-1], out_dim)), b_init(k2, (out_dim,))
        return output_shape, (W, b)

    def apply_fun(params: Any, inputs: Any, **kwargs: Any) -> Any:
        W, b = params
        return jnp.dot(inputs, W) + b
    return init_fun, apply_fun


def GeneralConv(dimension_numbers: tuple[str, str, str], out_chan: int, filter_shape: Sequence[int],
                strides: Sequence[int] | None = None, padding: Any = "VALID", W_init: Initializer | None = None,
                b_init: Initializer = normal(1e-6)) -> Layer:
    """Layer construction function for a general convolution layer."""
    lhs_spec, rhs_spec, out_spec = dimension_numbers
    one = (1,) * len(filter_shape)
    strides_ = tuple(strides or one)
    w_init = W_init or glorot_normal(rhs_spec.index("I"), rhs_spec.index("O"))

    def init_fun(rng: Any, input_shape: Any) -> tuple[Any, Any]:
        filter_shape_iter = iter(filter_shape)
        kernel_shape = [out_chan if c == "O" else input_shape[lhs_spec.index("C")] if c == "I" else
                        next(filter_shape_iter) for c in rhs_spec]
        output_shape = conv.conv_general_shape_tuple(input_shape, kernel_shape, strides_, padding,
                                                     dimension_numbers)
        bias_shape = [out_chan if c == "C" else 1 for c in out_spec]
        k1, k2 = _split(rng)
        W, b = w_init(k1, kernel_shape), b_init(k2, bias_shape)
        return output_shape, (W, b)

    def apply_fun(params: Any, inputs: Any, **kwargs: Any) -> Any:
        W, b = params
        return conv_general_dilated(inputs, W, strides_, padding, one, one, dimension_numbers=dimension_numbers) + b
    return init_fun, apply_fun


Conv: functools.partial[Layer] = functools.partial(GeneralConv, ("NHWC", "HWIO", "NHWC"))


def GeneralConvTranspose(dimension_numbers: tuple[str, str, str], out_chan: int, filter_shape: Sequence[int],
                         strides: Sequence[int] | None = None, padding: Any = "VALID",
                         W_init: Initializer | None = None, b_init: Initializer = normal(1e-6)) -> Layer:
    """Layer construction function for a general transposed-convolution layer."""
    lhs_spec, rhs_spec, out_spec = dimension_numbers
    one = (1,) * len(filter_shape)
    strides_ = tuple(strides or one)
    w_init = W_init or glorot_normal(rhs_spec.index("I"), rhs_spec.index("O"))

    def init_fun(rng: Any, input_shape: Any) -> tuple[Any, Any]:
        filter_shape_iter = iter(filter_shape)
        kernel_shape = [out_chan if c == "O" else input_shape[lhs_spec.index("C")] if c == "I" else
                        next(filter_shape_iter) for c in rhs_spec]
        output_shape = conv.conv_transpose_shape_tuple(input_shape, kernel_shape, strides_, padding,
                                                       dimension_numbers)
        bias_shape = [out_chan if c == "C" else 1 for c in out_spec]
        k1, k2 = _split(rng)
        W, b = w_init(k1, kernel_shape), b_init(k2, bias_shape)
        return output_shape, (W, b)

    def apply_fun(params: Any, inputs: Any, **kwargs: Any) -> Any:
        W, b = params
        return conv.conv_transpose(inputs, W, strides_, padding, dimension_numbers=dimension_numbers) + b
    return init_fun, apply_fun


Conv1DTranspose: functools.partial[Layer] = functools.partial(GeneralConvTranspose, ("NHC", "HIO", "NHC"))
ConvTranspose: functools.partial[Layer] = functools.partial(GeneralConvTranspose, ("NHWC", "HWIO", "NHWC"))


def BatchNorm(axis: int | Sequence[int] = (0, 1, 2), epsilon: float = 1e-5, center: bool = True, scale: bool = True,
              beta_init: Initializer = zeros, gamma_init: Initializer = ones) -> Layer:
    """Layer construction function for a batch normalization layer."""
    axes: tuple[int, ...] = (cast(int, axis),) if jnp.isscalar(axis) else tuple(cast(Sequence[int], axis))

    def init_fun(rng: Any, input_shape: Any) -> tuple[Any, Any]:
        shape = tuple(d for i, d in enumerate(input_shape) if i not in axes)
        k1, k2 = _split(rng)
        beta = beta_init(k1, shape) if center else ()
        gamma = gamma_init(k2, shape) if scale else ()
        return input_shape, (beta, gamma)

    def apply_fun(params: Any, x: Any, **kwargs: Any) -> Any:
        beta, gamma = params
        ed = tuple(None if i in axes else slice(None) for i in range(jnp.ndim(x)))
        z = standardize(x, axes, epsilon=epsilon)
        if center and scale:
            return gamma[ed] * z + beta[ed]
        if center:
            return z + beta[ed]
        if scale:
            return gamma[ed] * z
        return z
    return init_fun, apply_fun


def elementwise(fun: Callable[..., Any], **fun_kwargs: Any) -> Layer:
    """Layer that applies a scalar function elementwise on its inputs."""
    def init_fun(rng: Any, input_shape: Any) -> tuple[Any, Any]:
        return input_shape, ()

    def apply_fun(params: Any, inputs: Any, **kwargs: Any) -> Any:
        return fun(inputs, **fun_kwargs)
    return init_fun, apply_fun


Tanh: Layer = elementwise(jnp.tanh)
Relu: Layer = elementwise(relu)
Exp: Layer = elementwise(jnp.exp)
LogSoftmax: Layer = elementwise(log_softmax, axis=-1)
Softmax: Layer = elementwise(softmax, axis=-1)
Softplus: Layer = elementwise(softplus)
Sigmoid: Layer = elementwise(sigmoid)
Elu: Layer = elementwise(elu)
LeakyRelu: Layer = elementwise(leaky_relu)
Selu: Layer = elementwise(selu)
Gelu: Layer = elementwise(gelu)

Rescaler: TypeAlias = Callable[[Sequence[int], Sequence[int], Any], Callable[[Any, Any, Any], Any]]


def _pooling_layer(reducer: Callable[..., Any], init_val: float, rescaler: Rescaler | None = None
                   ) -> Callable[..., Layer]:
    def PoolingLayer(window_shape: Sequence[int], strides: Sequence[int] | None = None, padding: str = "VALID",
                     spec: str | None = None) -> Layer:
        """Layer construction function for a pooling layer."""
        window = tuple(window_shape)
        strides_ = tuple(strides or (1,) * len(window))
        rescale = rescaler(window, strides_, padding) if rescaler else None
        non_spatial_axes = (0, len(window) + 1) if spec is None else (spec.index("N"), spec.index("C"))
        for i in sorted(non_spatial_axes):
            window = window[:i] + (1,) + window[i:]
            strides_ = strides_[:i] + (1,) + strides_[i:]

        def init_fun(rng: Any, input_shape: Any) -> tuple[Any, Any]:
            padding_vals = conv.padtype_to_pads(input_shape, window, strides_, padding)
            ones_ = (1,) * len(window)
            out_shape = conv.reduce_window_shape_tuple(input_shape, window, strides_, padding_vals, ones_, ones_)
            return out_shape, ()

        def apply_fun(params: Any, inputs: Any, **kwargs: Any) -> Any:
            out = reduce_window(inputs, init_val, reducer, window, strides_, padding)
            return rescale(out, inputs, spec) if rescale else out
        return init_fun, apply_fun
    return PoolingLayer


MaxPool: Callable[..., Layer] = _pooling_layer(max, -math.inf)
SumPool: Callable[..., Layer] = _pooling_layer(add, 0.)


def _normalize_by_window_size(dims: Sequence[int], strides: Sequence[int], padding: Any
                              ) -> Callable[[Any, Any, Any], Any]:
    def rescale(outputs: Any, inputs: Any, spec: str | None) -> Any:
        non_spatial_axes = (0, inputs.ndim - 1) if spec is None else (spec.index("N"), spec.index("C"))
        spatial_shape = tuple(inputs.shape[i] for i in range(inputs.ndim) if i not in non_spatial_axes)
        one = jnp.ones(spatial_shape, dtype=inputs.dtype)
        window_sizes = reduce_window(one, 0., add, dims, strides, padding)
        for i in sorted(non_spatial_axes):
            window_sizes = jnp.expand_dims(window_sizes, i)
        return outputs / window_sizes
    return rescale


AvgPool: Callable[..., Layer] = _pooling_layer(add, 0., _normalize_by_window_size)


def _flatten() -> Layer:
    """Layer construction function for flattening all but the leading dim."""
    def init_fun(rng: Any, input_shape: Any) -> tuple[Any, Any]:
        return (input_shape[0], math.prod(input_shape[1:])), ()

    def apply_fun(params: Any, inputs: Any, **kwargs: Any) -> Any:
        return jnp.reshape(inputs, (inputs.shape[0], -1))
    return init_fun, apply_fun


Flatten: Layer = _flatten()


def _identity() -> Layer:
    """Layer construction function for an identity layer."""
    def init_fun(rng: Any, input_shape: Any) -> tuple[Any, Any]:
        return input_shape, ()

    def apply_fun(params: Any, inputs: Any, **kwargs: Any) -> Any:
        return inputs
    return init_fun, apply_fun


Identity: Layer = _identity()


def FanOut(num: int) -> Layer:
    """Layer construction function for a fan-out layer."""
    def init_fun(rng: Any, input_shape: Any) -> tuple[Any, Any]:
        return [input_shape] * num, ()

    def apply_fun(params: Any, inputs: Any, **kwargs: Any) -> Any:
        return [inputs] * num
    return init_fun, apply_fun


def _fan_in_sum() -> Layer:
    """Layer construction function for a fan-in sum layer."""
    def init_fun(rng: Any, input_shape: Any) -> tuple[Any, Any]:
        return input_shape[0], ()

    def apply_fun(params: Any, inputs: Any, **kwargs: Any) -> Any:
        return sum(inputs)
    return init_fun, apply_fun


FanInSum: Layer = _fan_in_sum()


def FanInConcat(axis: int = -1) -> Layer:
    """Layer construction function for a fan-in concatenation layer."""
    def init_fun(rng: Any, input_shape: Any) -> tuple[Any, Any]:
        ax = axis % len(input_shape[0])
        concat_size = sum(shape[ax] for shape in input_shape)
        out_shape = tuple(input_shape[0][:ax]) + (concat_size,) + tuple(input_shape[0][ax + 1:])
        return out_shape, ()

    def apply_fun(params: Any, inputs: Any, **kwargs: Any) -> Any:
        return jnp.concatenate(inputs, axis)
    return init_fun, apply_fun


def Dropout(rate: float, mode: str = "train") -> Layer:
    """Layer construction function for a dropout layer with given rate (the probability of keeping each input)."""
    def init_fun(rng: Any, input_shape: Any) -> tuple[Any, Any]:
        return input_shape, ()

    def apply_fun(params: Any, inputs: Any, **kwargs: Any) -> Any:
        rng = kwargs.get("rng", None)
        if rng is None:
            raise ValueError("Dropout layer requires apply_fun to be called with a PRNG key argument. That is, "
                             "instead of `apply_fun(params, inputs)`, call it like `apply_fun(params, inputs, rng)` "
                             "where `rng` is a PRNG key (e.g. from `jax.random.key`).")
        if mode == "train":
            keep = random.bernoulli(rng, rate, inputs.shape)
            return jnp.where(keep, inputs / rate, 0)
        return inputs
    return init_fun, apply_fun


def serial(*layers: Layer) -> Layer:
    """Combinator for composing layers in serial: a layer whose ``init_fun`` threads the shape through each layer's
    (a key split off for each) and whose ``apply_fun`` applies them in order."""
    nlayers = len(layers)
    init_funs, apply_funs = zip(*layers)

    def init_fun(rng: Any, input_shape: Any) -> tuple[Any, Any]:
        params: list[Any] = []
        for init in init_funs:
            rng, layer_rng = _split(rng)
            input_shape, param = init(layer_rng, input_shape)
            params.append(param)
        return input_shape, params

    def apply_fun(params: Any, inputs: Any, **kwargs: Any) -> Any:
        rng = kwargs.pop("rng", None)
        rngs = _split(rng, nlayers) if rng is not None else (None,) * nlayers
        for fun, param, r in zip(apply_funs, params, rngs):
            inputs = fun(param, inputs, rng=r, **kwargs)
        return inputs
    return init_fun, apply_fun


def parallel(*layers: Layer) -> Layer:
    """Combinator for composing layers in parallel: a layer that takes a sequence of inputs and returns a sequence of
    outputs, one per layer (often used with ``FanOut`` and ``FanInSum``)."""
    nlayers = len(layers)
    init_funs, apply_funs = zip(*layers)

    def init_fun(rng: Any, input_shape: Any) -> Any:
        rngs = _split(rng, nlayers)
        return zip(*[init(r, shape) for init, r, shape in zip(init_funs, rngs, input_shape)])

    def apply_fun(params: Any, inputs: Any, **kwargs: Any) -> Any:
        rng = kwargs.pop("rng", None)
        rngs = _split(rng, nlayers) if rng is not None else (None,) * nlayers
        return [f(p, x, rng=r, **kwargs) for f, p, x, r in zip(apply_funs, params, inputs, rngs)]
    return init_fun, apply_fun


def shape_dependent(make_layer: Callable[[Any], Layer]) -> Layer:
    """Combinator to delay layer constructor pair until input shapes are known."""
    def init_fun(rng: Any, input_shape: Any) -> tuple[Any, Any]:
        return make_layer(input_shape)[0](rng, input_shape)

    def apply_fun(params: Any, inputs: Any, **kwargs: Any) -> Any:
        return make_layer(inputs.shape)[1](params, inputs, **kwargs)
    return init_fun, apply_fun


