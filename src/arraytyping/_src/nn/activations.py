"""JAX 0.10.2's other ``jax.nn`` activations: ``relu6``, ``elu``, ``leaky_relu``, ``hard_tanh``, ``log_sigmoid``,
``soft_sign``, ``selu``, ``celu``, ``hard_sigmoid``, ``hard_silu`` (``hard_swish``), ``mish``, ``squareplus``,
``sparse_plus``, ``sparse_sigmoid``, ``log1mexp``, ``identity`` and ``glu`` (``jax.nn.tanh`` is ``jax.numpy.tanh``:
``arraytyping.nn`` imports ``arraytyping.numpy``'s).

Each is JAX's definition operation by operation, jitted as JAX jits it (a nested ``jit`` of its name under a trace;
``relu6`` and ``log1mexp`` are ``custom_jvp`` functions with JAX's derivative rules), so values, jaxprs, dtypes and
weak flags agree. A parameter left out is a constant of the computation, as JAX's default is; one passed is an
argument. Results are checked against :func:`arraytyping.op_rules.nn_result`, whose errors are raised first.
"""

from __future__ import annotations

from typing import Any, Final

from arraytyping._src.lax import lax
from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.interpreters.autodiff.custom_derivatives import custom_jvp
from arraytyping._src.xla.dispatch import JitFunction
from arraytyping._src.nn.functions import check_call, finish_call, rule_operand, softplus
from arraytyping._src.lax.elementwise import logistic
from arraytyping._src.core.arraylike import check_arraylike

__all__ = ["relu6", "elu", "leaky_relu", "hard_tanh", "log_sigmoid", "soft_sign", "selu", "celu", "hard_sigmoid",
           "hard_silu", "hard_swish", "mish", "squareplus", "sparse_plus", "sparse_sigmoid", "log1mexp", "identity",
           "glu"]

_ALPHA: Final = 1.0
_NEGATIVE_SLOPE: Final = 1e-2
_B: Final = 4
_SELU_ALPHA: Final = 1.6732632423543772848170429916717
_SELU_SCALE: Final = 1.0507009873554804934193349852946

def _staged(body: Any, name: str) -> JitFunction:
    """``body`` jitted as JAX's ``@jax.jit`` function ``name``: a nested ``jit`` of that name under a trace."""
    body.__name__ = name
    return JitFunction(body, name=name, static_kwargs=True, call_name=name)


def _options(param: Any) -> dict[str, Any]:
    """The rule's options for a call that passes the parameter ``param`` (``None``: left out)."""
    return {} if param is None else {"param": rule_operand(param)}


def _call(fn: str, jitted: Any, x: Any, param: Any = None) -> AnyArray:
    """``jitted(x)`` or ``jitted(x, param)``, checked by the rule before and after."""
    options = _options(param)
    if param is None:
        check_call(fn, x, **options)
        out = jitted(x)
    else:
        check_call(fn, x, param, **options)
        out = jitted(x, param)
    result: AnyArray = finish_call(fn, x, out, **options)
    return result


def _given(value: Any, default: Any) -> Any:
    """``None`` for a parameter left out (its default object), else the value."""
    return None if value is default else value


# ---------------------------------------------------------------------------------------------------------------
# relu6, hard_sigmoid, hard_silu: custom_jvp relu6, as JAX's


def _relu6_body(x: Any) -> Any:
    return jnp.minimum(jnp.maximum(x, 0), 6.)


def _relu6_jvp(g: Any, ans: Any, x: Any) -> Any:
    """JAX's: the tangent strictly inside ``(0, 6)``, else 0 (so the derivative at 0 and at 6 is 0)."""
    a = lax.aval_of(g)
    inside = jnp.logical_and(jnp.greater(x, 0), jnp.less(x, 6))
    return lax.select_n(inside, lax.full(a.shape, 0, a.dtype, a.weak_type), g)


_relu6: Final = custom_jvp(_staged(_relu6_body, "relu6"))
_relu6.defjvps(_relu6_jvp)


def relu6(x: ArrayLike) -> AnyArray:
    """The rectified linear unit capped at 6, ``min(max(x, 0), 6)``, with derivative 0 at 0 and at 6."""
    return _call("relu6", _relu6, x)


def _hard_sigmoid_body(x: Any) -> Any:
    return _relu6(x + 3.) / 6.


_hard_sigmoid: Final = _staged(_hard_sigmoid_body, "hard_sigmoid")


def hard_sigmoid(x: ArrayLike) -> AnyArray:
    """``relu6(x + 3) / 6``."""
    return _call("hard_sigmoid", _hard_sigmoid, x)


def _hard_silu_body(x: Any) -> Any:
    return x * _hard_sigmoid(x)


_hard_silu: Final = _staged(_hard_silu_body, "hard_silu")


def hard_silu(x: ArrayLike) -> AnyArray:
    """``x * hard_sigmoid(x)`` (also named ``hard_swish``)."""
    return _call("hard_silu", _hard_silu, x)


hard_swish = hard_silu


# ---------------------------------------------------------------------------------------------------------------
# Exponential linear units


def _elu_body(x: Any, alpha: Any = _ALPHA) -> Any:
    return jnp.where(x > 0, x, alpha * jnp.expm1(jnp.where(x > 0, 0., x)))


_elu: Final = _staged(_elu_body, "elu")


def elu(x: ArrayLike, alpha: ArrayLike = _ALPHA) -> AnyArray:
    """``x`` where positive, else ``alpha * (exp(x) - 1)``."""
    return _call("elu", _elu, x, _given(alpha, _ALPHA))


def _selu_body(x: Any) -> Any:
    return _SELU_SCALE * _elu(x, _SELU_ALPHA)


_selu: Final = _staged(_selu_body, "selu")


def selu(x: ArrayLike) -> AnyArray:
    """The scaled exponential linear unit, ``scale * elu(x, alpha)`` with the self-normalizing constants."""
    return _call("selu", _selu, x)


def _celu_body(x: Any, alpha: Any = _ALPHA) -> Any:
    return jnp.maximum(x, 0.0) + alpha * jnp.expm1(jnp.minimum(x, 0.0) / alpha)


_celu: Final = _staged(_celu_body, "celu")


def celu(x: ArrayLike, alpha: ArrayLike = _ALPHA) -> AnyArray:
    """The continuously differentiable ELU, ``max(x, 0) + alpha * (exp(min(x, 0) / alpha) - 1)``."""
    return _call("celu", _celu, x, _given(alpha, _ALPHA))


# ---------------------------------------------------------------------------------------------------------------
# Piecewise-linear and smooth activations


def _leaky_relu_body(x: Any, negative_slope: Any = _NEGATIVE_SLOPE) -> Any:
    return jnp.where(x >= 0, x, negative_slope * x)


_leaky_relu: Final = _staged(_leaky_relu_body, "leaky_relu")


def leaky_relu(x: ArrayLike, negative_slope: ArrayLike = _NEGATIVE_SLOPE) -> AnyArray:
    """``x`` where non-negative, else ``negative_slope * x``."""
    return _call("leaky_relu", _leaky_relu, x, _given(negative_slope, _NEGATIVE_SLOPE))


def _hard_tanh_body(x: Any) -> Any:
    return jnp.where(x > 1, 1, jnp.where(x < -1, -1, x))


_hard_tanh: Final = _staged(_hard_tanh_body, "hard_tanh")


def hard_tanh(x: ArrayLike) -> AnyArray:
    """``x`` clipped to ``[-1, 1]``."""
    return _call("hard_tanh", _hard_tanh, x)


def _log_sigmoid_body(x: Any) -> Any:
    return -softplus(-x)


_log_sigmoid: Final = _staged(_log_sigmoid_body, "log_sigmoid")


def log_sigmoid(x: ArrayLike) -> AnyArray:
    """``log(sigmoid(x))``, as ``-softplus(-x)``."""
    return _call("log_sigmoid", _log_sigmoid, x)


def _soft_sign_body(x: Any) -> Any:
    return x / (jnp.abs(x) + 1)


_soft_sign: Final = _staged(_soft_sign_body, "soft_sign")


def soft_sign(x: ArrayLike) -> AnyArray:
    """``x / (|x| + 1)``."""
    return _call("soft_sign", _soft_sign, x)


def _mish_body(x: Any) -> Any:
    return x * jnp.tanh(softplus(x))


_mish: Final = _staged(_mish_body, "mish")


def mish(x: ArrayLike) -> AnyArray:
    """``x * tanh(softplus(x))``."""
    return _call("mish", _mish, x)


def _squareplus_body(x: Any, b: Any = _B) -> Any:
    y = x + jnp.sqrt(jnp.square(x) + b)
    return y / 2


_squareplus: Final = _staged(_squareplus_body, "squareplus")


def squareplus(x: ArrayLike, b: ArrayLike = _B) -> AnyArray:
    """``(x + sqrt(x**2 + b)) / 2``."""
    return _call("squareplus", _squareplus, x, _given(b, _B))


def _sparse_plus_body(x: Any) -> Any:
    return jnp.where(x <= -1.0, 0.0, jnp.where(x >= 1.0, x, (x + 1.0) ** 2 / 4))


_sparse_plus: Final = _staged(_sparse_plus_body, "sparse_plus")


def sparse_plus(x: ArrayLike) -> AnyArray:
    """0 up to -1, ``(x + 1)**2 / 4`` between -1 and 1, ``x`` from 1 on."""
    return _call("sparse_plus", _sparse_plus, x)


def _sparse_sigmoid_body(x: Any) -> Any:
    return 0.5 * jnp.clip(x + 1.0, 0.0, 2.0)


_sparse_sigmoid: Final = _staged(_sparse_sigmoid_body, "sparse_sigmoid")


def sparse_sigmoid(x: ArrayLike) -> AnyArray:
    """0 up to -1, ``(x + 1) / 2`` between -1 and 1, 1 from 1 on."""
    return _call("sparse_sigmoid", _sparse_sigmoid, x)


def _log1mexp_body(x: Any) -> Any:
    c = jnp.log(2.0)
    return jnp.where(x < c, jnp.log(-jnp.expm1(-x)), jnp.log1p(-jnp.exp(-x)))


def _log1mexp_jvp(g: Any, ans: Any, x: Any) -> Any:
    return g / jnp.expm1(x)


_log1mexp: Final = custom_jvp(_staged(_log1mexp_body, "log1mexp"))
_log1mexp.defjvps(_log1mexp_jvp)


def log1mexp(x: ArrayLike) -> AnyArray:
    """``log(1 - exp(-x))``, stably (undefined for ``x < 0``)."""
    return _call("log1mexp", _log1mexp, x)


def _identity_body(x: Any) -> Any:
    return x


_identity: Final = _staged(_identity_body, "identity")


def identity(x: ArrayLike) -> AnyArray:
    """``x`` as an array, unchanged."""
    return _call("identity", _identity, x)


def _glu_body(x: Any, *, axis: int) -> Any:
    x1, x2 = jnp.split(x, 2, axis)
    return x1 * logistic(x2)


_glu: Final = JitFunction(_glu_body, name="glu", static_kwargs=True, call_name="glu")


def glu(x: ArrayLike, axis: int = -1) -> AnyArray:
    """The gated linear unit: ``x`` split in two halves along ``axis``, the first times the sigmoid of the second
    (the axis's size must be even)."""
    check_arraylike("glu", x)
    ndim = lax.aval_of(x).ndim if not isinstance(x, (int, float, complex)) else 0
    if not -ndim <= axis < ndim:  # JAX reads the axis's size, and asserts it is even, first
        raise IndexError(f"tuple index out of range (axis {axis} of an array of dimension {ndim})")
    if lax.aval_of(x).shape[axis] % 2:
        raise AssertionError("axis size must be divisible by 2")
    check_call("glu", x)
    out: AnyArray = finish_call("glu", x, _glu(x, axis=axis))
    return out
