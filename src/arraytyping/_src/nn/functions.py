"""``arraytyping.nn``: JAX 0.10.2's ``jax.nn`` activations and normalizations on the runtime.

Each function follows JAX's definition operation by operation (so dtypes, weak flags and values agree): as one
jitted body where JAX jits it, operation by operation where JAX does not (``gelu``, ``softmax``, ``logsumexp``: a
fused computation rounds bfloat16 and float16 intermediates differently). Its result dtype is
:func:`arraytyping.op_rules.nn_result`'s (checked after the computation, as the jax.numpy functions check theirs),
and its errors are raised from that rule before anything runs.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Sequence
from typing import Any, Final, Literal, overload

import numpy as np

from arraytyping import op_rules
from arraytyping._src.core.array import Array
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import config, softmax_custom_jvp
from arraytyping._src.lax import lax
from arraytyping._src import numpy as jnp
from arraytyping._src.xla.array_impl import device_put
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.arraylike import check_arraylike
from arraytyping._src.core.trace import find_top_trace
from arraytyping._src.interpreters.autodiff.custom_derivatives import custom_jvp
from arraytyping._src.xla.dispatch import JitFunction
from arraytyping._src.lax.elementwise import logistic, rsqrt
from arraytyping._src.numpy._promotion import canonical_dtype, operand, promote_args_inexact
from arraytyping._src.lax.special import erfc
from arraytyping._src.core.staging import ConstVal
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping.typing import DTypeLike

__all__ = ["relu", "gelu", "silu", "swish", "sigmoid", "softplus", "softmax", "log_softmax", "logsumexp", "one_hot",
           "standardize"]

Axis = int | Sequence[int] | None


def _jitted(fun: Any, name: str, *, staged: bool = False) -> JitFunction:
    """``fun`` jitted; ``staged``: a ``jit`` equation of that name under a trace, where JAX's function is a
    nested ``jit``."""
    return JitFunction(fun, name=name, static_kwargs=True, call_name=name if staged else None)


_PY_NODES: Final[dict[type, tuple[str, bool]]] = {int: ("int", True), float: ("float", True),
                                                 complex: ("complex", True), bool: ("bool", False)}


def rule_operand(x: Any) -> tuple[str, bool]:
    """``x`` as the rules take it: a Python scalar as its weak node, anything else as its dtype and weak flag."""
    obj: object = x
    node = _PY_NODES.get(type(obj))
    return node if node is not None else operand(x)


def _rank(x: Any) -> int:
    return x.ndim if isinstance(x, Array) else int(np.ndim(x))


_nn_result: Final = functools.lru_cache(maxsize=1024)(op_rules.nn_result)
""":func:`arraytyping.op_rules.nn_result`, remembered: every call checks its operand by the rule before and after
computing (a refusal raises again each time: exceptions are not cached)."""


def _rule(fn: str, x: Any, **options: Any) -> tuple[str, bool]:
    """The result dtype and weak flag :func:`arraytyping.op_rules.nn_result` gives (raising JAX's error)."""
    return _nn_result(fn, rule_operand(x), config.lattice_config, rank0=_rank(x) == 0, **options)


def check_call(fn: str, *args: Any, axis: Any = None, **options: Any) -> None:
    """Raise the error JAX raises for these arguments: non-array arguments, an axis out of range, then the dtype
    rule's."""
    check_arraylike(fn, *(a for a in args if a is not None))  # None: an optional argument left out
    if axis is not None:
        ndim = _rank(args[0])
        for a in (axis,) if isinstance(axis, int) else axis:
            if not -ndim <= a < ndim:
                if fn == "standardize":  # JAX fails indexing the shape
                    raise IndexError("tuple index out of range")
                raise ValueError(f"axis {a} is out of bounds for array of dimension {ndim}")
    _rule(fn, args[0], **options)


def finish_call(fn: str, x: Any, out: Any, **options: Any) -> Any:
    """``out``, checked against the rule's dtype and weak flag (a mismatch is a bug here, never the caller's)."""
    want = _rule(fn, x, **options)
    a = lax.aval_of(out)
    if (a.name, a.weak_type) != want:
        raise AssertionError(f"internal error: nn.{fn} computed {a} but op_rules gives {want}")
    return out


# ---------------------------------------------------------------------------------------------------------------
# Activations


def _relu_body(x: Any) -> Any:
    return finish_call("relu", x, jnp.maximum(x, 0))


_relu_body.__name__ = "relu"  # the name JAX's custom_jvp_call prints
_relu_jit = JitFunction(_relu_body, name="relu", static_kwargs=True, call_name="relu")


def _relu_jvp(g: Any, ans: Any, x: Any) -> Any:
    """JAX's: the tangent where ``x > 0``, else 0 (so the derivative at 0 is 0, not max's 1/2)."""
    a = lax.aval_of(g)
    return lax.select_n(jnp.greater(x, 0), lax.full(a.shape, 0, a.dtype, a.weak_type), g)


_relu: Final = custom_jvp(_relu_jit)
_relu.defjvps(_relu_jvp)


def relu(x: ArrayLike) -> AnyArray:
    """The rectified linear unit, ``max(x, 0)``."""
    check_call("relu", x)
    out: AnyArray = _relu(x)
    return out


def gelu(x: ArrayLike, approximate: bool = True) -> AnyArray:
    """The Gaussian error linear unit: ``x * Φ(x)``, by its tanh approximation (``approximate``) or exactly
    (through ``erfc``). Computed operation by operation, as JAX does."""
    check_call("gelu", x, approximate=bool(approximate))
    (xa,) = promote_args_inexact(x)
    xa = _to_array(xa)
    dtype = xa.dtype
    if approximate:
        c = np.sqrt(2 / np.pi).astype(dtype)
        cdf = 0.5 * (1.0 + jnp.tanh(c * (xa + 0.044715 * (xa ** 3))))
        out = xa * cdf
    else:
        half = np.sqrt(0.5).astype(dtype)
        out = lax.convert_element_type(0.5 * xa * erfc(-xa * half), dtype, False)
    result: AnyArray = finish_call("gelu", x, out, approximate=bool(approximate))
    return result


def _to_array(x: Any) -> Any:
    """A host constant (a promoted Python scalar) as an array of the current trace, or on the device."""
    if isinstance(x, Array):
        return x
    trace = find_top_trace(())
    if trace is not None:
        return trace.pure(x)
    c: ConstVal = x
    return lax.convert_element_type(device_put(c.val), c.aval.dtype, c.aval.weak_type)


def _sigmoid_body(x: Any) -> Any:
    return finish_call("sigmoid", x, logistic(x))


_sigmoid = _jitted(_sigmoid_body, "sigmoid")


def sigmoid(x: ArrayLike) -> AnyArray:
    """The logistic sigmoid, ``1 / (1 + exp(-x))`` (floating and complex operands, as ``lax.logistic``)."""
    check_call("sigmoid", x)
    out: AnyArray = _sigmoid(x)
    return out


def _silu_body(x: Any) -> Any:
    return finish_call("silu", x, x * logistic(x))


_silu = _jitted(_silu_body, "silu", staged=True)


def silu(x: ArrayLike) -> AnyArray:
    """The sigmoid linear unit (swish), ``x * sigmoid(x)``."""
    check_call("silu", x)
    out: AnyArray = _silu(x)
    return out


swish = silu


def _softplus_body(x: Any) -> Any:
    return finish_call("softplus", x, jnp.logaddexp(x, 0))


_softplus = _jitted(_softplus_body, "softplus", staged=True)


def softplus(x: ArrayLike) -> AnyArray:
    """``log(1 + exp(x))``, as ``logaddexp(x, 0)``."""
    check_call("softplus", x)
    out: AnyArray = _softplus(x)
    return out


# ---------------------------------------------------------------------------------------------------------------
# Normalizations


def _axis_arg(axis: Axis) -> int | tuple[int, ...] | None:
    if axis is None or isinstance(axis, int):
        return axis
    return tuple(operator.index(a) for a in axis)


def softmax(x: ArrayLike, axis: Axis = -1, where: ArrayLike | None = None) -> AnyArray:
    """``exp(x) / sum(exp(x))`` along ``axis`` (computed after subtracting the maximum); ``where`` masks
    elements out (their result is 0). Computed operation by operation, as JAX does."""
    check_call("softmax", x, where, axis=axis, where=where is not None)
    axis = _axis_arg(axis)
    if softmax_custom_jvp.value:  # ``jax_softmax_custom_jvp``: JAX's softmax with its own JVP rule
        custom: AnyArray = finish_call("softmax", x, _softmax(x, axis, where, -np.inf), where=where is not None)
        return custom
    x_max = jnp.max(x, axis, where=where, initial=-np.inf, keepdims=True)
    x_safe = x if where is None else jnp.where(where, x, -np.inf)
    unnormalized = jnp.exp(x_safe - lax.stop_gradient(x_max))
    result = unnormalized / jnp.sum(unnormalized, axis, where=where, keepdims=True)
    if where is not None:
        result = jnp.where(where, result, 0)
    out: AnyArray = finish_call("softmax", x, result, where=where is not None)
    return out


def _softmax_plain(x: Any, axis: Any, where: Any, initial: Any) -> Any:
    x_max = jnp.max(x, axis, where=where, initial=initial, keepdims=True)
    x_safe = x if where is None else jnp.where(where, x, initial)
    unnormalized = jnp.exp(x_safe - x_max)
    result = unnormalized / jnp.sum(unnormalized, axis, where=where, keepdims=True)
    if where is not None:
        result = jnp.where(where, result, 0)
    return result


_softmax_plain.__name__ = "_softmax"  # the name JAX's custom_jvp_call prints
_softmax: Final = custom_jvp(_softmax_plain, nondiff_argnums=(1,))


@_softmax.defjvp
def _softmax_jvp(axis: Any, primals: Any, tangents: Any) -> Any:
    (x, where, initial), (x_dot, _, _) = primals, tangents
    y = _softmax(x, axis, where, initial)
    return y, y * (x_dot - jnp.sum(y * x_dot, axis, where=where, keepdims=True))


def _log_softmax_body(x: Any, where: Any, *, axis: int | tuple[int, ...] | None) -> Any:
    x_max = jnp.max(x, axis, where=where, initial=-np.inf, keepdims=True)
    x_safe = x if where is None else jnp.where(where, x, -np.inf)
    shifted = x_safe - lax.stop_gradient(x_max)
    shifted_logsumexp = jnp.log(jnp.sum(jnp.exp(shifted), axis, where=where, keepdims=True))
    result = shifted - shifted_logsumexp
    if where is not None:
        result = jnp.where(where, result, -np.inf)
    return finish_call("log_softmax", x, result, where=where is not None)


_log_softmax = _jitted(_log_softmax_body, "log_softmax", staged=True)


def log_softmax(x: ArrayLike, axis: Axis = -1, where: ArrayLike | None = None) -> AnyArray:
    """``x - logsumexp(x)`` along ``axis``; ``where`` masks elements out (their result is -inf)."""
    check_call("log_softmax", x, where, axis=axis, where=where is not None)
    out: AnyArray = _log_softmax(x, where, axis=_axis_arg(axis))
    return out


def _reduction_dims(ndim: int, axis: int | tuple[int, ...] | None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """JAX's ``_reduction_dims``: the reduced axes in order given (and sorted, non-negative)."""
    if axis is None:
        return tuple(range(ndim)), tuple(range(ndim))
    axes = (axis,) if isinstance(axis, int) else axis
    pos: list[int] = []
    for a in axes:
        if not -ndim <= a < ndim:
            raise ValueError(f"axis {a} is out of bounds for array of dimension {ndim}")
        pos.append(a % ndim)
    if len(set(pos)) != len(pos):
        raise ValueError(f"repeated axis in {axis}")
    return tuple(sorted(pos)), tuple(pos)


def _logsumexp(a: Any, b: Any, where: Any, *, axis: int | tuple[int, ...] | None, keepdims: bool,
               return_sign: bool) -> Any:
    x = a
    if where is not None:
        a = jnp.where(where, a, 0)
    if b is not None:
        a_arr, b_arr = promote_args_inexact(a, b)
        a_arr = jnp.where(b_arr != 0, a_arr, -np.inf)
    else:
        (a_arr,) = promote_args_inexact(a)
        b_arr = a_arr
    a_arr = _to_array(a_arr)
    aa = lax.aval_of(a_arr)
    pos_dims, dims = _reduction_dims(aa.ndim, axis)
    amax = jnp.max(jnp.real(a_arr) if registry.INFO[aa.name].kind == "c" else a_arr, axis=dims, keepdims=keepdims,
                   where=where, initial=-np.inf)
    amax = lax.stop_gradient(lax.select_n(jnp.isfinite(amax), lax.full(
        lax.aval_of(amax).shape, 0, lax.aval_of(amax).dtype, lax.aval_of(amax).weak_type), amax))
    amax_with_dims = amax if keepdims else _expand_dims(amax, pos_dims)
    exp_a = lax.exp(lax.sub(a_arr, lax.convert_element_type(amax_with_dims, aa.dtype)))
    if b is not None:
        exp_a = lax.mul(exp_a, b_arr)
    sumexp = jnp.sum(exp_a, axis=dims, keepdims=keepdims, where=where)
    sign = lax.sign(sumexp)
    if return_sign or registry.INFO[aa.name].kind != "c":
        sumexp = jnp.abs(sumexp)
    out = lax.add(lax.log(sumexp), lax.convert_element_type(amax, lax.aval_of(sumexp).dtype))
    options = {"where": where is not None, "b": None if b is None else rule_operand(b), "return_sign": return_sign}
    if return_sign:
        return finish_call("logsumexp", x, out, **options), sign
    if b is not None and registry.INFO[lax.aval_of(out).name].kind != "c":
        out = jnp.where(sign < 0, np.array(np.nan, dtype=lax.aval_of(out).dtype), out)
    return finish_call("logsumexp", x, out, **options)


def _expand_dims(x: Any, dims: tuple[int, ...]) -> Any:
    shape = list(lax.aval_of(x).shape)
    for d in sorted(dims):
        shape.insert(d, 1)
    kept = tuple(i for i in range(len(shape)) if i not in dims)
    return lax.broadcast_in_dim(x, tuple(shape), kept)


@overload
def logsumexp(a: ArrayLike, axis: Axis = None, b: ArrayLike | None = None, keepdims: bool = False,
              return_sign: Literal[False] = False, where: ArrayLike | None = None) -> AnyArray: ...
@overload
def logsumexp(a: ArrayLike, axis: Axis = None, b: ArrayLike | None = None, keepdims: bool = False, *,
              return_sign: Literal[True], where: ArrayLike | None = None) -> tuple[AnyArray, AnyArray]: ...
@overload
def logsumexp(a: ArrayLike, axis: Axis = None, b: ArrayLike | None = None, keepdims: bool = False,
              return_sign: bool = False, where: ArrayLike | None = None) -> AnyArray | tuple[AnyArray, AnyArray]: ...
def logsumexp(a: ArrayLike, axis: Axis = None, b: ArrayLike | None = None, keepdims: bool = False,
              return_sign: bool = False, where: ArrayLike | None = None) -> AnyArray | tuple[AnyArray, AnyArray]:
    """``log(sum(b * exp(a)))`` over ``axis`` (all axes by default), computed after subtracting the maximum; with
    ``return_sign``, also the sign of the sum (whose log is then of its absolute value). Computed operation by
    operation, as JAX does."""
    check_call("logsumexp", a, b, where, axis=axis, where=where is not None, b=None if b is None else rule_operand(b),
           return_sign=bool(return_sign))
    out: AnyArray | tuple[AnyArray, AnyArray] = _logsumexp(a, b, where, axis=_axis_arg(axis), keepdims=bool(keepdims),
                                                  return_sign=bool(return_sign))
    return out


def _one_hot_body(x: Any, *, num_classes: int, dtype: np.dtype[Any], axis: int) -> Any:
    xa = lax.aval_of(x)
    out_axis = _canonical_axis(axis, xa.ndim + 1)
    lhs = _expand_dims(x, (out_axis,))
    rhs_shape = [1] * xa.ndim
    rhs_shape.insert(out_axis, num_classes)
    rhs = lax.iota(xa.dtype, tuple(rhs_shape), out_axis)
    return jnp.astype(lhs == rhs, dtype)


def _canonical_axis(axis: int, ndim: int) -> int:
    if not -ndim <= axis < ndim:
        raise ValueError(f"axis {axis} is out of bounds for array of dimension {ndim}")
    return axis % ndim


_one_hot = _jitted(_one_hot_body, "one_hot")


def one_hot(x: ArrayLike | Sequence[Any], num_classes: int, *, dtype: DTypeLike | None = None, axis: int = -1
            ) -> AnyArray:
    """``x``'s values (a list too: JAX converts it with ``asarray``) as one-hot vectors of length ``num_classes``
    along ``axis`` (a new axis), in ``dtype`` (default: the default float). Values outside ``[0, num_classes)`` give
    all-zero vectors."""
    n = operator.index(num_classes)
    xa: AnyArray = x if isinstance(x, Array) else jnp.asarray(x)
    name = op_rules.nn_one_hot_result(xa.aval.name, None if dtype is None else canonical_dtype(dtype).name,
                                      config.lattice_config)[0]
    if registry.INFO[xa.aval.name].kind not in "iu":
        import warnings  # noqa: PLC0415 - only for this deprecation

        warnings.warn(f"jax.nn.one_hot input should be integer-typed; got dtype={xa.dtype}", DeprecationWarning,
                      stacklevel=2)
    out: AnyArray = _one_hot(xa, num_classes=n, dtype=registry.INFO[name].dtype, axis=operator.index(axis))
    return out


def _standardize_body(x: Any, mean: Any, variance: Any, epsilon: Any, where: Any, *,
                      axis: int | tuple[int, ...] | None, algorithm: str) -> Any:
    computed = mean is None and variance is None  # the rule's case (given statistics take part in the promotion)
    if mean is None:
        mean = jnp.mean(x, axis, keepdims=True, where=where)
    if variance is None:
        if algorithm == "stable":
            variance = jnp.mean(jnp.square(jnp.subtract(x, mean)), axis, keepdims=True, where=where)
        else:
            variance = jnp.mean(jnp.square(x), axis, keepdims=True, where=where) - jnp.square(mean)
            variance = jnp.clip(variance, 0)
    out = jnp.subtract(x, mean) * rsqrt(variance + (_EPSILON if epsilon is None else epsilon))
    return finish_call("standardize", x, out, stable=algorithm == "stable") if computed else out


_standardize = _jitted(_standardize_body, "standardize", staged=True)
_EPSILON: Final = 1e-5
"""``standardize``'s default ``epsilon``: left out of the jitted call's arguments unless given (JAX's ``jit`` traces
the arguments passed, and the default is a constant of the function)."""


def standardize(x: ArrayLike, axis: Axis = -1, mean: ArrayLike | None = None, variance: ArrayLike | None = None,
                epsilon: ArrayLike = _EPSILON, where: ArrayLike | None = None, *, algorithm: str = "fast"
                ) -> AnyArray:
    """``(x - mean) / sqrt(variance + epsilon)`` along ``axis``, the statistics computed unless given
    (``algorithm``: ``"fast"``, ``E[x²] - E[x]²`` clipped at 0, or ``"stable"``, ``E[(x - E[x])²]``)."""
    if mean is None and variance is None:
        check_call("standardize", x, where, axis=axis, stable=algorithm == "stable")
    else:
        check_arraylike("standardize", x)
        check_arraylike("standardize", mean, variance, where, none=True)
    if algorithm not in ("fast", "stable"):
        raise ValueError(f"Unknown algorithm '{algorithm}'. Expected 'fast' or 'stable'.")
    out: AnyArray = _standardize(x, mean, variance, None if epsilon is _EPSILON else epsilon, where,
                                 axis=_axis_arg(axis), algorithm=algorithm)
    return out


_: Final = ShapedArray
