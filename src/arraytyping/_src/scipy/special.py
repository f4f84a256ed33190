"""``jax.scipy.special``'s functions, as JAX 0.10.2 computes them (``jax/_src/scipy/special.py``): the same
promotion (``promote_args_inexact``: bool and integers become the default float, a weak flag kept), the same lax
operations in the same order, and the same custom derivatives (``logit``, ``xlogy``, ``xlog1py``, ``log_ndtr``).
``ndtr``, ``ndtri`` and ``log_ndtr`` take float32 and float64 alone, as JAX's (a ``TypeError`` for any other dtype).
``logsumexp``, ``softmax`` and ``log_softmax`` are ``jax.nn``'s (JAX's ``softmax`` and ``log_softmax`` take ``axis``
by keyword, ``None`` by default: every axis)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Final

import numpy as np

from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.dtypes import registry
from arraytyping._src.interpreters.autodiff.custom_derivatives import custom_jvp
from arraytyping._src.lax import lax
from arraytyping._src.lax import special as lax_special
from arraytyping._src.lax.api.elementwise import check_operand
from arraytyping._src.lax.elementwise import logistic
from arraytyping._src.nn import functions as nn
from arraytyping._src.nn.functions import logsumexp
from arraytyping._src.numpy._promotion import numpy_const, operand, promote_args_inexact, shape_of

__all__ = ["betainc", "digamma", "erf", "erfc", "erfinv", "expit", "gammainc", "gammaincc", "gammaln", "log_ndtr",
           "log_softmax", "logit", "logsumexp", "ndtr", "ndtri", "softmax", "xlog1py", "xlogy"]


def dtype_of(x: Any) -> np.dtype[Any]:
    """The dtype of an operand (array, numpy or Python value), as ``lax.dtype`` canonicalizes it."""
    return registry.INFO[operand(x)[0]].dtype


def const(x: Any, value: float) -> Any:
    """JAX's ``lax._const(x, value)``: ``value`` in ``x``'s dtype, weak where ``x`` is a weakly typed scalar."""
    return numpy_const(x, value)


def _inexact(name: str, x: ArrayLike) -> Any:
    check_operand(name, x)
    return promote_args_inexact(x)[0]


def gammaln(x: ArrayLike) -> AnyArray:
    """The log of the absolute value of the gamma function (real operands; integers become the default float)."""
    out: AnyArray = lax_special.lgamma(_inexact("gammaln", x))
    return out


def _inexact_args(name: str, *args: ArrayLike) -> list[Any]:
    check_operand(name, *args)
    return promote_args_inexact(*args)


def _is_complex(x: Any) -> bool:
    return registry.INFO[operand(x)[0]].kind == "c"


def gammainc(a: ArrayLike, x: ArrayLike) -> AnyArray:
    """The regularized lower incomplete gamma function ``P(a, x)`` (real operands, broadcast together; integers
    become the default float), differentiable in ``a`` and ``x``.

    Example: ``gammainc(1.0, 2.0)`` is ``1 - exp(-2)``, about 0.8647."""
    a, x = _inexact_args("gammainc", a, x)
    out: AnyArray = lax_special.igamma(a, x)
    return out


def gammaincc(a: ArrayLike, x: ArrayLike) -> AnyArray:
    """The regularized upper incomplete gamma function ``Q(a, x) = 1 - P(a, x)`` (real operands, broadcast
    together; integers become the default float), differentiable in ``a`` and ``x``.

    Example: ``gammaincc(1.0, 2.0)`` is ``exp(-2)``, about 0.1353."""
    a, x = _inexact_args("gammaincc", a, x)
    out: AnyArray = lax_special.igammac(a, x)
    return out


def betainc(a: ArrayLike, b: ArrayLike, x: ArrayLike) -> AnyArray:
    """The regularized incomplete beta function ``I_x(a, b)`` (real operands, broadcast together; integers become
    the default float), differentiable in ``x`` (in ``a`` or ``b``: JAX's ``ValueError``).

    Example: ``betainc(2, 3, 0.5)`` is 0.6875."""
    a, b, x = _inexact_args("betainc", a, b, x)
    if _is_complex(x):
        raise ValueError("betainc does not support complex-valued inputs.")
    out: AnyArray = lax_special.betainc(a, b, x)
    return out


def digamma(x: ArrayLike) -> AnyArray:
    """The digamma function: the derivative of ``gammaln`` (real operands)."""
    out: AnyArray = lax_special.digamma(_inexact("digamma", x))
    return out


def erf(x: ArrayLike) -> AnyArray:
    """The error function (real operands)."""
    out: AnyArray = lax_special.erf(_inexact("erf", x))
    return out


def erfc(x: ArrayLike) -> AnyArray:
    """The complement of the error function, ``1 - erf(x)`` (real operands)."""
    out: AnyArray = lax_special.erfc(_inexact("erfc", x))
    return out


def erfinv(x: ArrayLike) -> AnyArray:
    """The inverse of the error function (real operands)."""
    out: AnyArray = lax_special.erf_inv(_inexact("erfinv", x))
    return out


def _logit(x: ArrayLike) -> AnyArray:
    x = _inexact("logit", x)
    out: AnyArray = lax.log(lax.div(x, lax.sub(const(x, 1), x)))
    return out


def _logit_tangent(g: Any, ans: Any, x: Any) -> Any:
    return lax.div(g, lax.mul(x, lax.sub(const(x, 1), x)))


_logit_jvp: Final = custom_jvp(_logit)
_logit_jvp.defjvps(_logit_tangent)


def logit(x: ArrayLike) -> AnyArray:
    """The logit function, ``log(x / (1 - x))``: the inverse of ``expit``."""
    out: AnyArray = _logit_jvp(x)
    return out


def expit(x: ArrayLike) -> AnyArray:
    """The logistic sigmoid, ``1 / (1 + exp(-x))``."""
    out: AnyArray = logistic(_inexact("expit", x))
    return out


def _xlogy(x: ArrayLike, y: ArrayLike) -> AnyArray:
    check_operand("xlogy", x, y)
    x, y = promote_args_inexact(x, y)
    x_ok = x != 0.
    out: AnyArray = jnp.where(x_ok | jnp.isnan(y), lax.mul(x, lax.log(y)), jnp.zeros_like(x))
    return out


def _xlogy_rule(primals: tuple[Any, Any], tangents: tuple[Any, Any]) -> tuple[Any, Any]:
    x, y = primals
    x_dot, y_dot = tangents
    result = xlogy(x, y)
    return result, (x_dot * lax.log(y) + y_dot * x / y).astype(result.dtype)


_xlogy_jvp: Final = custom_jvp(_xlogy)
_xlogy_jvp.defjvp(_xlogy_rule)


def xlogy(x: ArrayLike, y: ArrayLike) -> AnyArray:
    """``x * log(y)``, 0 where ``x`` is 0 (unless ``y`` is NaN)."""
    out: AnyArray = _xlogy_jvp(x, y)
    return out


def _xlog1py(x: ArrayLike, y: ArrayLike) -> AnyArray:
    check_operand("xlog1py", x, y)
    x, y = promote_args_inexact(x, y)
    x_ok = x != 0.
    out: AnyArray = jnp.where(x_ok | jnp.isnan(y), lax.mul(x, lax.log1p(y)), jnp.zeros_like(x))
    return out


def _xlog1py_rule(primals: tuple[Any, Any], tangents: tuple[Any, Any]) -> tuple[Any, Any]:
    x, y = primals
    x_dot, y_dot = tangents
    result = xlog1py(x, y)
    return result, (x_dot * lax.log1p(y) + y_dot * x / (1 + y)).astype(result.dtype)


_xlog1py_jvp: Final = custom_jvp(_xlog1py)
_xlog1py_jvp.defjvp(_xlog1py_rule)


def xlog1py(x: ArrayLike, y: ArrayLike) -> AnyArray:
    """``x * log1p(y)``, 0 where ``x`` is 0 (unless ``y`` is NaN)."""
    out: AnyArray = _xlog1py_jvp(x, y)
    return out


_NDTR_DTYPES: Final = (np.dtype("float32"), np.dtype("float64"))


def _check_ndtr_dtype(dtype: np.dtype[Any], suffix: str = ", see docstring for supported types.") -> None:
    if dtype not in _NDTR_DTYPES:
        raise TypeError(f"x.dtype={dtype} is not supported{suffix}")


def ndtr(x: ArrayLike) -> AnyArray:
    """The standard normal cumulative distribution function (float32 and float64 operands)."""
    x = jnp.asarray(x)
    _check_ndtr_dtype(dtype_of(x))
    return ndtr_core(x)


def ndtr_core(x: Any) -> AnyArray:
    """JAX's ``_ndtr``: ``ndtr`` of a float32 or float64 array, through ``erf`` near 0 and ``erfc`` beyond."""
    scalar = dtype_of(x).type
    half_sqrt_2 = scalar(0.5) * np.sqrt(2., dtype=dtype_of(x))
    w = x * half_sqrt_2
    z = lax.abs(w)
    y = lax.select_n(lax.lt(z, half_sqrt_2),
                     lax.select_n(lax.gt(w, scalar(0.)), lax_special.erfc(z), scalar(2.) - lax_special.erfc(z)),
                     scalar(1.) + lax_special.erf(w))
    out: AnyArray = scalar(0.5) * y
    return out


_NDTRI_P0: Final = (-5.99633501014107895267E1, 9.80010754185999661536E1, -5.66762857469070293439E1,
                    1.39312609387279679503E1, -1.23916583867381258016E0)
_NDTRI_Q0: Final = (1.0, 1.95448858338141759834E0, 4.67627912898881538453E0, 8.63602421390890590575E1,
                    -2.25462687854119370527E2, 2.00260212380060660359E2, -8.20372256168333339912E1,
                    1.59056225126211695515E1, -1.18331621121330003142E0)
_NDTRI_P1: Final = (4.05544892305962419923E0, 3.15251094599893866154E1, 5.71628192246421288162E1,
                    4.40805073893200834700E1, 1.46849561928858024014E1, 2.18663306850790267539E0,
                    -1.40256079171354495875E-1, -3.50424626827848203418E-2, -8.57456785154685413611E-4)
_NDTRI_Q1: Final = (1.0, 1.57799883256466749731E1, 4.53907635128879210584E1, 4.13172038254672030440E1,
                    1.50425385692907503408E1, 2.50464946208309415979E0, -1.42182922854787788574E-1,
                    -3.80806407691578277194E-2, -9.33259480895457427372E-4)
_NDTRI_P2: Final = (3.23774891776946035970E0, 6.91522889068984211695E0, 3.93881025292474443415E0,
                    1.33303460815807542389E0, 2.01485389549179081538E-1, 1.23716634817820021358E-2,
                    3.01581553508235416007E-4, 2.65806974686737550832E-6, 6.23974539184983293730E-9)
_NDTRI_Q2: Final = (1.0, 6.02427039364742014255E0, 3.67983563856160859403E0, 1.37702099489081330271E0,
                    2.16236993594496635890E-1, 1.34204006088543189037E-2, 3.28014464682127739104E-4,
                    2.89247864745380683936E-6, 6.79019408009981274425E-9)
"""Cephes' rational approximations of ``ndtri`` (for p near 1/2, and of the tails above and below exp(-32))."""


def _polyval(coefficients: Sequence[float], x: Any) -> Any:
    """``jnp.polyval`` of constant coefficients (highest degree first) in ``x``'s dtype, by Horner's rule."""
    p = np.array(coefficients, dtype_of(x))
    y = jnp.zeros_like(x)
    for c in p:
        y = y * x + c
    return y


def ndtri(p: ArrayLike) -> AnyArray:
    """The inverse of ``ndtr``: the argument at which the standard normal distribution reaches probability ``p``
    (float32 and float64 operands; -inf at 0, inf at 1, NaN outside [0, 1])."""
    check_operand("ndtri", p)
    dtype = dtype_of(p)
    _check_ndtr_dtype(dtype)
    scalar = dtype.type
    shape = shape_of(p)
    maybe_complement_p = jnp.where(p > scalar(-np.expm1(-2.)), scalar(1.) - p, p)
    sanitized_mcp = jnp.where(maybe_complement_p == scalar(0.), jnp.full(shape, scalar(0.5)), maybe_complement_p)
    w = sanitized_mcp - scalar(0.5)
    ww = lax.square(w)
    x_for_big_p = w + w * ww * (_polyval(_NDTRI_P0, ww) / _polyval(_NDTRI_Q0, ww))
    x_for_big_p *= -scalar(np.sqrt(2. * np.pi))
    z = lax.sqrt(scalar(-2.) * lax.log(sanitized_mcp))
    first_term = z - lax.log(z) / z
    second_term_small_p = _polyval(_NDTRI_P2, 1 / z) / _polyval(_NDTRI_Q2, 1 / z) / z
    second_term_otherwise = _polyval(_NDTRI_P1, 1 / z) / _polyval(_NDTRI_Q1, 1 / z) / z
    x_for_small_p = first_term - second_term_small_p
    x_otherwise = first_term - second_term_otherwise
    x = jnp.where(sanitized_mcp > scalar(np.exp(-2.)), x_for_big_p,
                  jnp.where(z >= scalar(8.0), x_for_small_p, x_otherwise))
    x = jnp.where(p > scalar(1. - np.exp(-2.)), x, -x)
    infinity = jnp.full(shape, scalar(np.inf))
    out: AnyArray = jnp.where(p == scalar(0.0), -infinity, jnp.where(p == scalar(1.0), infinity, x))
    return out


_LOG_NDTR_SEGMENTS: Final = {np.dtype("float64"): (np.array(-20, np.float64), np.array(8, np.float64)),
                             np.dtype("float32"): (np.array(-10, np.float32), np.array(5, np.float32))}
"""``log_ndtr``'s lower and upper segment bounds by dtype: below the lower, its asymptotic series; above the upper,
``-ndtr(-x)`` (``log(1 - u) ~ -u``)."""
_NORM_LOGPDF_CONSTANT: Final = np.log(np.sqrt(2 * np.pi))


def _log_ndtr(x: ArrayLike, series_order: int = 3) -> AnyArray:
    if not isinstance(series_order, int):  # pyright: ignore[reportUnnecessaryIsInstance] - checked at run time
        raise TypeError("series_order must be a Python integer.")
    if series_order < 0:
        raise ValueError("series_order must be non-negative.")
    if series_order > 30:
        raise ValueError("series_order must be <= 30.")
    x_arr = jnp.asarray(x)
    dtype = dtype_of(x_arr)
    if dtype not in _LOG_NDTR_SEGMENTS:
        raise TypeError(f"x.dtype={dtype} is not supported.")
    lower_segment, upper_segment = _LOG_NDTR_SEGMENTS[dtype]
    x_arr_gt_upper_segment = lax.gt(x_arr, upper_segment)
    ndtr_arg = jnp.where(x_arr_gt_upper_segment, -x_arr, lax.max(x_arr, lower_segment))
    ndtr_res = ndtr_core(ndtr_arg)
    out: AnyArray = jnp.where(x_arr_gt_upper_segment, -ndtr_res,
                              jnp.where(lax.gt(x_arr, lower_segment), lax.log(ndtr_res),
                                        _log_ndtr_lower(lax.min(x_arr, lower_segment), series_order)))
    return out


def _log_ndtr_lower(x: Any, series_order: int) -> Any:
    """The asymptotic expansion of ``log(ndtr(x))`` for ``x << -1``."""
    scalar = dtype_of(x).type
    x_2 = lax.square(x)
    log_scale = -scalar(0.5) * x_2 - lax.log(-x) - scalar(0.5 * np.log(2. * np.pi))
    return log_scale + lax.log(_log_ndtr_asymptotic_series(x, series_order))


def _log_ndtr_asymptotic_series(x: Any, series_order: int) -> Any:
    dtype = dtype_of(x)
    if series_order <= 0:
        return np.array(1, dtype)
    x_2 = lax.square(x)
    even_sum = jnp.zeros_like(x)
    odd_sum = jnp.zeros_like(x)
    x_2n = x_2
    for n in range(1, series_order + 1):
        y = np.array(math.prod(range(2 * n - 1, 1, -2)), dtype) / x_2n
        if n % 2:
            odd_sum += y
        else:
            even_sum += y
        x_2n *= x_2
    return dtype.type(1.) + even_sum - odd_sum


def _norm_logpdf(x: Any) -> Any:
    neg_half = const(x, -0.5)
    log_normalizer = const(x, _NORM_LOGPDF_CONSTANT)
    return lax.sub(lax.mul(neg_half, lax.square(x)), log_normalizer)


def _log_ndtr_rule(series_order: int, primals: tuple[Any], tangents: tuple[Any]) -> tuple[Any, Any]:
    (x,), (t,) = primals, tangents
    ans = _log_ndtr_jvp(x, series_order)
    return ans, lax.mul(t, lax.exp(lax.sub(_norm_logpdf(x), ans)))


_log_ndtr_jvp: Final = custom_jvp(_log_ndtr, nondiff_argnums=(1,))
_log_ndtr_jvp.defjvp(_log_ndtr_rule)


def log_ndtr(x: ArrayLike, series_order: int = 3) -> AnyArray:
    """The log of the standard normal cumulative distribution function, accurate far into the lower tail (an
    asymptotic series of ``series_order`` terms, at most 30, below -20 for float64 and -10 for float32)."""
    if not isinstance(series_order, int):  # pyright: ignore[reportUnnecessaryIsInstance] - checked at run time
        raise TypeError("series_order must be a Python integer.")
    out: AnyArray = _log_ndtr_jvp(x, series_order)
    return out


def softmax(x: ArrayLike, /, *, axis: int | tuple[int, ...] | None = None) -> AnyArray:
    """``exp(x) / sum(exp(x))`` along ``axis`` (every axis by default): ``jax.nn.softmax``."""
    return nn.softmax(x, axis=axis)


def log_softmax(x: ArrayLike, /, *, axis: int | tuple[int, ...] | None = None) -> AnyArray:
    """``x - logsumexp(x)`` along ``axis`` (every axis by default): ``jax.nn.log_softmax``."""
    return nn.log_softmax(x, axis=axis)
