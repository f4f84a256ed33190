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
from arraytyping._src.core.staging import ConstVal
from arraytyping._src.lax.api.elementwise import check_operand, select
from arraytyping._src.lax.api.operations import full_like
from arraytyping._src.lax.control_flow.loops import while_loop
from arraytyping._src.lax.elementwise import logistic
from arraytyping._src.nn import functions as nn
from arraytyping._src.nn.functions import logsumexp
from arraytyping._src.numpy._promotion import numpy_const, operand, promote_args_inexact, shape_of, traced_const

__all__ = ["beta", "betainc", "betaln", "boxcox", "boxcox1p", "comb", "digamma", "entr", "erf", "erfc", "erfinv",
           "expit", "factorial", "gamma", "gammainc", "gammaincc", "gammaln", "gammasgn", "i0", "i0e", "i1", "i1e",
           "kl_div", "log_ndtr", "log_softmax", "loggamma", "logit", "logsumexp", "multigammaln", "ndtr", "ndtri",
           "polygamma", "rel_entr", "softmax", "xlog1py", "xlogy"]


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


def i0e(x: ArrayLike) -> AnyArray:
    """The exponentially scaled modified Bessel function of order 0, ``exp(-abs(x)) * i0(x)`` (real operands;
    integers become the default float).

    Example: ``i0e(0.0)`` is 1.0."""
    out: AnyArray = lax_special.bessel_i0e(_inexact("i0e", x))
    return out


def i0(x: ArrayLike) -> AnyArray:
    """The modified Bessel function of order 0 (real operands; integers become the default float).

    Example: ``i0(1.0)`` is about 1.2661."""
    x = _inexact("i0", x)
    out: AnyArray = lax.mul(lax.exp(lax.abs(x)), lax_special.bessel_i0e(x))
    return out


def i1e(x: ArrayLike) -> AnyArray:
    """The exponentially scaled modified Bessel function of order 1, ``exp(-abs(x)) * i1(x)`` (real operands;
    integers become the default float).

    Example: ``i1e(0.0)`` is 0.0."""
    out: AnyArray = lax_special.bessel_i1e(_inexact("i1e", x))
    return out


def i1(x: ArrayLike) -> AnyArray:
    """The modified Bessel function of order 1 (real operands; integers become the default float).

    Example: ``i1(1.0)`` is about 0.5652."""
    x = _inexact("i1", x)
    out: AnyArray = lax.mul(lax.exp(lax.abs(x)), lax_special.bessel_i1e(x))
    return out


def polygamma(n: ArrayLike, x: ArrayLike) -> AnyArray:
    """The polygamma function: the ``n``-th derivative of ``digamma`` at ``x``; ``n`` must be of an integer dtype
    (a ``ValueError`` otherwise), both become the default float (real operands).

    Example: ``polygamma(1, 1.0)`` is ``pi**2 / 6``, about 1.6449."""
    check_operand("polygamma", n, x)
    if registry.INFO[operand(n)[0]].kind not in ("i", "u"):
        raise ValueError(f"Argument `n` to polygamma must be of integer type. Got dtype {dtype_of(n)}.")
    n_arr, x_arr = promote_args_inexact(n, x)
    if _is_complex(x_arr):
        raise ValueError("polygamma does not support complex-valued inputs.")
    out: AnyArray = lax.polygamma(n_arr, x_arr)
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


def _promoted(name: str, *args: ArrayLike) -> list[Any]:
    """JAX's ``promote_args_inexact(name, *args)`` as arrays (a Python scalar becomes a weakly typed array, so that
    operators take it)."""
    check_operand(name, *args)
    out = promote_args_inexact(*args)
    return [traced_const(a.val, a.aval, *args) if isinstance(a, ConstVal) else a for a in out]


def _refuse_complex(name: str, x: Any, prefix: str = "") -> None:
    if _is_complex(x):
        raise ValueError(f"{prefix}{name} does not support complex-valued inputs.")


def gammasgn(x: ArrayLike) -> AnyArray:
    """The sign of the gamma function: 1 or -1 (NaN at the poles, the non-positive integers, and for NaN; -1 at
    -0.0); real operands, integers become the default float, the result strong.

    Example: ``gammasgn(-0.5)`` is -1.0."""
    v: Any = _promoted("gammasgn", x)[0]
    _refuse_complex("gammasgn", v)
    typ = dtype_of(v).type
    floor_v = lax.floor(v)
    negative = v < 0
    out: AnyArray = jnp.select([(negative & (v == floor_v)) | jnp.isnan(v),
                                (negative & (floor_v % 2 != 0)) | ((v == 0) & jnp.signbit(v))],
                               [typ(np.nan), typ(-1.0)], typ(1.0))
    return out


_LANCZOS_G: Final = 7.0
_LANCZOS_COEFFICIENTS: Final = np.array([
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7])
"""The Lanczos approximation's coefficients for g = 7, N = 9 (GSL's ``lanczos_7_c``), JAX's for complex operands."""


def _lanczos_loggamma(z: Any) -> Any:
    """``log(gamma(z))`` of a complex array by the Lanczos approximation, reflected (``gamma(z) gamma(1 - z) = pi /
    sin(pi z)``) where ``Re(z) < 1/2``; the reflected branch's operand masked where it is not taken."""
    dtype = dtype_of(z)
    reflect = jnp.real(z) < 0.5
    shifted = jnp.where(reflect, 1.0 - z, z) - 1.0
    coefficients = jnp.asarray(_LANCZOS_COEFFICIENTS, dtype=dtype)
    rank = jnp.ndim(shifted)
    offsets = lax.expand_dims(jnp.arange(1, 9, dtype=dtype), tuple(range(rank)))
    series = coefficients[0] + jnp.sum(lax.expand_dims(coefficients[1:], tuple(range(rank)))
                                       / (lax.expand_dims(shifted, (rank,)) + offsets), axis=-1)
    t = shifted + _LANCZOS_G + 0.5
    lanczos = jnp.asarray(0.5 * np.log(2.0 * np.pi), dtype=dtype) + (shifted + 0.5) * jnp.log(t) - t + jnp.log(series)
    z_reflected = jnp.where(reflect, z, jnp.full_like(z, 0.5))
    reflected = jnp.log(jnp.asarray(np.pi, dtype=dtype)) - jnp.log(jnp.sin(np.pi * z_reflected)) - lanczos
    return jnp.where(reflect, reflected, lanczos)


def _complex_poles(z: Any) -> Any:
    """Where a complex ``z`` is NaN or a pole of gamma (a non-positive integer)."""
    pole = (jnp.imag(z) == 0) & (jnp.real(z) == jnp.floor(jnp.real(z))) & (jnp.real(z) <= 0)
    return pole | jnp.isnan(z)


def _complex_gamma(z: Any) -> Any:
    bad = _complex_poles(z)
    safe = jnp.where(bad, jnp.ones_like(z), z)
    return jnp.where(bad, jnp.array(complex(np.nan, np.nan), dtype=dtype_of(z)), jnp.exp(_lanczos_loggamma(safe)))


def _complex_loggamma(z: Any) -> Any:
    """The principal branch (SciPy's: one cut, along the negative real axis): ``loggamma(z + n) - sum(log(z + k) for
    k < n)`` with ``n = max(0, ceil(1/2 - Re(z)))``, the sum taken by a ``while_loop`` to the largest ``n``."""
    bad = _complex_poles(z)
    safe = jnp.where(bad, jnp.ones_like(z), z)
    n = jnp.maximum(0, jnp.ceil(0.5 - jnp.real(safe)).astype(int))

    def more(state: tuple[Any, Any]) -> Any:
        return jnp.any(state[0] < n)

    def step(state: tuple[Any, Any]) -> tuple[Any, Any]:
        k, total = state
        taken = k < n
        term = jnp.where(taken, safe + k, jnp.ones_like(safe))
        return k + 1, total + jnp.where(taken, jnp.log(term), jnp.zeros_like(total))

    _, total = while_loop(more, step, (0, jnp.zeros_like(safe)))
    return jnp.where(bad, jnp.array(complex(np.nan, np.nan), dtype=dtype_of(z)), _lanczos_loggamma(safe + n) - total)


def gamma(x: ArrayLike) -> AnyArray:
    """The gamma function: ``gammasgn(x) * exp(gammaln(x))`` of real operands (integers become the default float);
    of complex ones, the Lanczos approximation (NaN at the poles).

    Example: ``gamma(5.0)`` is 24.0."""
    (x,) = _promoted("gamma", x)
    if _is_complex(x):
        complex_out: AnyArray = _complex_gamma(x)
        return complex_out
    out: AnyArray = gammasgn(x) * lax.exp(lax_special.lgamma(x))
    return out


def loggamma(x: ArrayLike) -> AnyArray:
    """The principal branch of the log of the gamma function: ``gammaln(x)`` for real ``x > 0``, NaN for other real
    ``x`` (integers become the default float); complex for complex operands (one branch cut, along the negative real
    axis).

    Example: ``loggamma(4.0)`` is ``log(6)``, about 1.7918."""
    v: Any = _promoted("loggamma", x)[0]
    if _is_complex(v):
        complex_out: AnyArray = _complex_loggamma(v)
        return complex_out
    res = lax_special.lgamma(v)
    out: AnyArray = jnp.where(v > 0, res, np.nan)
    return out


def _algdiv(a: Any, b: Any) -> Any:
    """``log(gamma(b) / gamma(a + b))`` for ``b >= 8`` and ``a <= b`` (cdflib's ``algdiv``, as JAX's)."""
    c0 = 0.833333333333333e-01
    c1 = -0.277777777760991e-02
    c2 = 0.793650666825390e-03
    c3 = -0.595202931351870e-03
    c4 = 0.837308034031215e-03
    c5 = -0.165322962780713e-02
    h = a / b
    c = h / (1 + h)
    x = h / (1 + h)
    d = b + (a - 0.5)
    x2 = x * x
    s3 = 1.0 + (x + x2)
    s5 = 1.0 + (x + x2 * s3)
    s7 = 1.0 + (x + x2 * s5)
    s9 = 1.0 + (x + x2 * s7)
    s11 = 1.0 + (x + x2 * s9)
    t = (1.0 / b) ** 2
    w = ((((c5 * s11 * t + c4 * s9) * t + c3 * s7) * t + c2 * s5) * t + c1 * s3) * t + c0
    w = w * (c / b)
    u = d * lax.log1p(a / b)
    v = a * (lax.log(b) - 1.0)
    return jnp.where(u <= v, (w - v) - u, (w - u) - v)


def _betaln(a: Any, b: Any) -> Any:
    a, b = jnp.minimum(a, b), jnp.maximum(a, b)
    small_b = lax_special.lgamma(a) + (lax_special.lgamma(b) - lax_special.lgamma(a + b))
    large_b = lax_special.lgamma(a) + _algdiv(a, b)
    return jnp.where(b < 8, small_b, large_b)


def betaln(a: ArrayLike, b: ArrayLike) -> AnyArray:
    """The log of the absolute value of the beta function, accurate for large arguments (cdflib's ``algdiv`` for
    ``max(a, b) >= 8``); real operands broadcast together, integers become the default float.

    Example: ``betaln(2.0, 3.0)`` is ``log(1/12)``, about -2.4849."""
    a, b = _promoted("betaln", a, b)
    out: AnyArray = _betaln(a, b)
    return out


def beta(a: ArrayLike, b: ArrayLike) -> AnyArray:
    """The beta function ``gamma(a) * gamma(b) / gamma(a + b)`` (real operands broadcast together; integers become
    the default float; complex: a ``ValueError``).

    Example: ``beta(2.0, 3.0)`` is ``1/12``, about 0.0833."""
    a, b = _promoted("beta", a, b)
    _refuse_complex("beta", a)
    sign = gammasgn(a) * gammasgn(b) * gammasgn(a + b)
    out: AnyArray = sign * lax.exp(_betaln(a, b))
    return out


def factorial(n: ArrayLike, exact: bool = False) -> AnyArray:
    """The factorial ``n!`` as a float, ``exp(gammaln(n + 1))``, 0 for negative ``n`` (``exact=True``: JAX's
    ``NotImplementedError``).

    Example: ``factorial(5)`` is 120.0."""
    if exact:
        raise NotImplementedError("factorial with exact=True")
    v: Any = _promoted("factorial", n)[0]
    out: AnyArray = jnp.where(v < 0, 0, lax.exp(lax_special.lgamma(v + 1)))
    return out


def comb(N: ArrayLike, k: ArrayLike, *, repetition: bool = False) -> AnyArray:
    """The number of combinations of ``N`` things taken ``k`` at a time, as a float (through ``gammaln``); 0 where
    ``N < 0``, ``k < 0`` or (without ``repetition``) ``k > N``.

    Example: ``comb(5, 2)`` is 10.0; ``comb(5, 2, repetition=True)`` is 15.0."""
    things, taken = _promoted("comb", N, k)
    if repetition:
        cond = (taken == 0) & (things >= 0)
        result = comb(things + taken - 1, taken, repetition=False)
        rep: AnyArray = jnp.where(cond, 1.0, result)
        return rep
    cond = (taken <= things) & (things >= 0) & (taken >= 0)
    safe_things = jnp.where(cond, things, 0.0)
    safe_taken = jnp.where(cond, taken, 0.0)
    result = lax.exp(gammaln(safe_things + 1) - gammaln(safe_taken + 1) - gammaln(safe_things + 1 - safe_taken))
    out: AnyArray = jnp.where(cond, result, 0.0)
    return out


def _xlogx_primal(x: Any) -> Any:
    return xlogy(x, x)


def _xlogx_rule(primals: tuple[Any], tangents: tuple[Any]) -> tuple[Any, Any]:
    (x,), (x_dot,) = primals, tangents
    return _xlogx(x), x_dot * (lax.log(x) + 1)


_xlogx: Final = custom_jvp(_xlogx_primal)
_xlogx.defjvp(_xlogx_rule)


def entr(x: ArrayLike) -> AnyArray:
    """The elementwise entropy ``-x * log(x)``: 0 at 0, ``-inf`` for negative ``x`` (real operands; integers become
    the default float).

    Example: ``entr(0.5)`` is ``0.5 * log(2)``, about 0.3466."""
    (x,) = _promoted("entr", x)
    _refuse_complex("entr", x)
    out: AnyArray = select(lax.lt(x, const(x, 0)), full_like(x, -np.inf), lax.neg(_xlogx(x)))
    return out


def boxcox(x: ArrayLike, lmbda: ArrayLike) -> AnyArray:
    """The Box-Cox transformation: ``(x**lmbda - 1) / lmbda``, ``log(x)`` where ``lmbda`` is 0 (operands broadcast
    together; integers become the default float).

    Example: ``boxcox(4.0, 0.5)`` is 2.0."""
    x, lmbda = _promoted("boxcox", x, lmbda)
    lmbda_is_zero = lmbda == 0
    safe_lmbda = jnp.where(lmbda_is_zero, jnp.ones_like(lmbda), lmbda)
    log_x = jnp.log(x)
    power_branch = jnp.expm1(safe_lmbda * log_x) / safe_lmbda
    out: AnyArray = jnp.where(lmbda_is_zero, log_x, power_branch)
    return out


def boxcox1p(x: ArrayLike, lmbda: ArrayLike) -> AnyArray:
    """The Box-Cox transformation of ``1 + x``: ``((1 + x)**lmbda - 1) / lmbda``, ``log1p(x)`` where ``lmbda`` is 0
    (operands broadcast together; integers become the default float).

    Example: ``boxcox1p(3.0, 0.5)`` is 2.0."""
    x, lmbda = _promoted("boxcox1p", x, lmbda)
    lmbda_is_zero = lmbda == 0
    safe_lmbda = jnp.where(lmbda_is_zero, jnp.ones_like(lmbda), lmbda)
    log1p_x = jnp.log1p(x)
    power_branch = jnp.expm1(safe_lmbda * log1p_x) / safe_lmbda
    out: AnyArray = jnp.where(lmbda_is_zero, log1p_x, power_branch)
    return out


def multigammaln(a: ArrayLike, d: ArrayLike) -> AnyArray:
    """The log of the multivariate gamma function of dimension ``d`` (a concrete integer): ``d (d - 1) / 4 log(pi)
    + sum(gammaln(a - j / 2) for j < d)`` (real ``a``; integers become the default float).

    Example: ``multigammaln(2.0, 1)`` is ``gammaln(2.0)``, 0.0."""
    d_int = _concrete_int(d, "d argument of multigammaln")
    a, d_ = _promoted("multigammaln", a, d_int)
    constant = lax.mul(lax.mul(lax.mul(const(a, 0.25), d_), lax.sub(d_, const(a, 1))), lax.log(const(a, np.pi)))
    b = lax.div(jnp.arange(d_int, dtype=dtype_of(d_)), const(a, 2))
    res = jnp.sum(gammaln(jnp.expand_dims(a, axis=-1) - jnp.expand_dims(b, axis=tuple(range(jnp.ndim(a))))),
                  axis=-1)
    out: AnyArray = res + constant
    return out


def _concrete_int(d: Any, context: str) -> int:
    """JAX's ``core.concrete_or_error(int, d, context)``: ``int(d)`` of a concrete value (a traced one raises the
    runtime's concretization error)."""
    return int(d)


def rel_entr(p: ArrayLike, q: ArrayLike) -> AnyArray:
    """The elementwise relative entropy ``p * log(p / q)``: 0 where ``p`` is 0 and ``q >= 0``, ``inf`` where either
    is negative or only ``q`` is 0 (real operands broadcast together; integers become the default float).

    Example: ``rel_entr(0.5, 0.25)`` is ``0.5 * log(2)``, about 0.3466."""
    p, q = _promoted("rel_entr", p, q)
    _refuse_complex("rel_entr", p)
    zero = const(p, 0.0)
    both_gt_zero_mask = lax.bitwise_and(lax.gt(p, zero), lax.gt(q, zero))
    one_zero_mask = lax.bitwise_and(lax.eq(p, zero), lax.ge(q, zero))
    safe_p = jnp.where(both_gt_zero_mask, p, 1)
    safe_q = jnp.where(both_gt_zero_mask, q, 1)
    log_val = lax.sub(_xlogx(safe_p), xlogy(safe_p, safe_q))
    out: AnyArray = jnp.where(both_gt_zero_mask, log_val, jnp.where(one_zero_mask, zero, np.inf))
    return out


def kl_div(p: ArrayLike, q: ArrayLike) -> AnyArray:
    """The elementwise Kullback-Leibler divergence ``rel_entr(p, q) - p + q`` (real operands broadcast together;
    integers become the default float).

    Example: ``kl_div(0.5, 0.25)`` is about 0.5966."""
    p, q = _promoted("kl_div", p, q)
    _refuse_complex("kl_div", p)
    out: AnyArray = rel_entr(p, q) - p + q
    return out
