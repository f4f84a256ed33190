"""JVP rules of the elementwise primitives beyond :mod:`.primitives`' (the inverse trigonometric and hyperbolic
functions, ``exp2``/``expm1``/``log1p``, ``cbrt``/``square``/``rsqrt``, the special functions, ``clamp``,
``stop_gradient``, the total-order comparisons...), each JAX 0.10.2's: the same operations in the same order.

Piecewise-constant ones (``ceil``, ``is_finite``, ``eq_to``/``lt_to``/``le_to``, ``bitcast_convert_type``) have a
zero tangent. ``digamma``'s derivative is ``polygamma(1, x)``, and ``polygamma``'s in ``x`` is ``polygamma(m + 1, x)``
(in ``m``: JAX's ``ValueError``). As in JAX, ``nextafter`` has no rule: differentiating it raises JAX's
``NotImplementedError``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from arraytyping._src.lax import elementwise as E
from arraytyping._src.lax import lax
from arraytyping._src.lax import primitives as P
from arraytyping._src.lax import shape as SP
from arraytyping._src.lax import special
from arraytyping._src.interpreters.autodiff.ad import Zero, defjvp, defjvp2, defjvp_zero, deflinear, jvp_rules, tangent_aval
from arraytyping._src.interpreters.autodiff.primitives import const_like, full_like, one_like, select, zeros_like
from arraytyping._src.lax.lax import aval_of

__all__: list[str] = []

for _p in (P.ceil_p, P.is_finite_p, P.eq_to_p, P.lt_to_p, P.le_to_p, P.bitcast_convert_type_p, E.clz_p,
           E.population_count_p):
    defjvp_zero(_p)


def _rsqrt(x: Any) -> Any:
    return E.rsqrt_p.bind(x, accuracy=None)


def _reciprocal(x: Any) -> Any:
    return lax.integer_pow(x, -1)


def _exp2(g: Any, ans: Any, x: Any) -> Any:
    return lax.mul(lax.log(const_like(x, 2)), lax.mul(g, ans))


def _expm1(g: Any, ans: Any, x: Any) -> Any:
    return lax.mul(g, lax.add(ans, one_like(ans)))


def _log1p(g: Any, x: Any) -> Any:
    return lax.div(g, lax.add(x, one_like(x)))


def _tan(g: Any, ans: Any, x: Any) -> Any:
    return lax.mul(g, lax.add(const_like(x, 1), lax.square(ans)))


def _asin(g: Any, x: Any) -> Any:
    return lax.mul(g, _rsqrt(lax.sub(const_like(x, 1), lax.square(x))))


def _acos(g: Any, x: Any) -> Any:
    return lax.mul(g, lax.neg(_rsqrt(lax.sub(const_like(x, 1), lax.square(x)))))


def _atan(g: Any, x: Any) -> Any:
    return lax.div(g, lax.add(const_like(x, 1), lax.square(x)))


def _atan2_lhs(g: Any, x: Any, y: Any) -> Any:
    return lax.mul(g, lax.div(y, lax.add(lax.square(x), lax.square(y))))


def _atan2_rhs(g: Any, x: Any, y: Any) -> Any:
    return lax.mul(g, lax.div(lax.neg(x), lax.add(lax.square(x), lax.square(y))))


def _sinh(g: Any, x: Any) -> Any:
    return lax.mul(g, lax.cosh(x))


def _cosh(g: Any, x: Any) -> Any:
    return lax.mul(g, lax.sinh(x))


def _asinh(g: Any, x: Any) -> Any:
    return lax.mul(g, _rsqrt(lax.add(lax.square(x), one_like(x))))


def _acosh(g: Any, x: Any) -> Any:
    return lax.mul(g, _rsqrt(lax.sub(lax.square(x), one_like(x))))


def _atanh(g: Any, x: Any) -> Any:
    return lax.mul(_reciprocal(lax.add(one_like(x), x)), lax.div(g, lax.sub(one_like(x), x)))


def _cbrt(g: Any, ans: Any, x: Any) -> Any:
    return lax.mul(g, lax.mul(const_like(x, 1 / 3), lax.integer_pow(ans, -2)))


def _square(g: Any, ans: Any, x: Any) -> Any:
    return lax.mul(g, lax.mul(const_like(x, 2), x))


def _rsqrt_jvp(g: Any, ans: Any, x: Any, accuracy: None = None) -> Any:
    return lax.mul(g, lax.mul(const_like(x, -0.5), lax.div(ans, x)))


def _logistic(g: Any, ans: Any, x: Any, accuracy: None = None) -> Any:
    return lax.mul(g, lax.mul(ans, lax.sub(one_like(ans), ans)))


def _erf(g: Any, x: Any) -> Any:
    return lax.mul(const_like(x, 2. / np.sqrt(np.pi)), lax.mul(g, lax.exp(lax.neg(lax.square(x)))))


def _erfc(g: Any, x: Any) -> Any:
    return lax.mul(const_like(x, -2. / np.sqrt(np.pi)), lax.mul(g, lax.exp(lax.neg(lax.square(x)))))


def _erf_inv(g: Any, ans: Any, x: Any) -> Any:
    return lax.mul(const_like(x, np.sqrt(np.pi) / 2.), lax.mul(g, lax.exp(lax.square(ans))))


def _lgamma(g: Any, x: Any) -> Any:
    return lax.mul(g, special.digamma(x))


def _digamma(g: Any, x: Any) -> Any:
    return lax.mul(g, lax.polygamma(const_like(x, 1), x))


def _polygamma_m(g: Any, m: Any, x: Any) -> Any:
    raise ValueError("polygamma gradient with respect to m is not supported")


def _polygamma_x(g: Any, m: Any, x: Any) -> Any:
    # JAX's ``g * polygamma(...)``: the array operator, a jnp product, which promotes (a weak tangent is made strong
    # first)
    return g * lax.polygamma(lax.add(m, const_like(m, 1)), x)


defjvp2(P.exp2_p, _exp2)
defjvp2(P.expm1_p, _expm1)
defjvp(P.log1p_p, _log1p)
defjvp2(P.tan_p, _tan)
defjvp(P.asin_p, _asin)
defjvp(P.acos_p, _acos)
defjvp(P.atan_p, _atan)
defjvp(P.atan2_p, _atan2_lhs, _atan2_rhs)
defjvp(P.sinh_p, _sinh)
defjvp(P.cosh_p, _cosh)
defjvp(P.asinh_p, _asinh)
defjvp(P.acosh_p, _acosh)
defjvp(P.atanh_p, _atanh)
defjvp2(P.cbrt_p, _cbrt)
defjvp2(P.square_p, _square)
defjvp2(E.rsqrt_p, _rsqrt_jvp)
defjvp2(E.logistic_p, _logistic)
defjvp(special.erf_p, _erf)
defjvp(special.erfc_p, _erfc)
defjvp2(special.erf_inv_p, _erf_inv)
defjvp(special.lgamma_p, _lgamma)
defjvp(special.digamma_p, _digamma)
defjvp(P.polygamma_p, _polygamma_m, _polygamma_x)


def _igamma_gradx(g: Any, a: Any, x: Any) -> Any:
    # JAX's ``g * exp(-x + (a - _ones(a)) * log(x) - lgamma(a))``: the array operators, one dtype throughout
    return g * lax.exp(lax.sub(lax.add(lax.neg(x), lax.mul(lax.sub(a, one_like(a)), lax.log(x))), special.lgamma(a)))


def _igamma_grada(g: Any, a: Any, x: Any) -> Any:
    return g * special.igamma_grad_a(a, x)


def _igammac_gradx(g: Any, a: Any, x: Any) -> Any:
    return -_igamma_gradx(g, a, x)


def _igammac_grada(g: Any, a: Any, x: Any) -> Any:
    return -_igamma_grada(g, a, x)


def _betainc_grad_not_implemented(g: Any, a: Any, b: Any, x: Any) -> Any:
    raise ValueError("Betainc gradient with respect to a and b not supported.")


def _betainc_gradx(g: Any, a: Any, b: Any, x: Any) -> Any:
    lbeta = lax.sub(lax.add(special.lgamma(a), special.lgamma(b)), special.lgamma(lax.add(a, b)))
    partial_x = lax.exp(lax.sub(lax.add(lax.mul(lax.sub(b, one_like(b)), lax.log1p(lax.neg(x))),
                                        lax.mul(lax.sub(a, one_like(a)), lax.log(x))), lbeta))
    return partial_x * g


def _bessel_i0e(g: Any, y: Any, x: Any) -> Any:
    return g * lax.sub(special.bessel_i1e(x), lax.mul(lax.sign(x), y))


def _bessel_i1e(g: Any, y: Any, x: Any) -> Any:
    eps = float(special.finfo(aval_of(x).dtype).eps)
    x_is_not_tiny = lax.gt(lax.abs(x), const_like(x, eps))
    safe_x = select(x_is_not_tiny, x, full_like(x, eps))
    dy_dx = lax.sub(special.bessel_i0e(safe_x), lax.mul(y, lax.add(lax.sign(safe_x), _reciprocal(safe_x))))
    dy_dx = select(x_is_not_tiny, dy_dx, full_like(x, 0.5))
    return g * dy_dx


defjvp(special.igamma_p, _igamma_grada, _igamma_gradx)
defjvp(special.igammac_p, _igammac_grada, _igammac_gradx)
defjvp(special.regularized_incomplete_beta_p, _betainc_grad_not_implemented, _betainc_grad_not_implemented,
       _betainc_gradx)
defjvp2(special.bessel_i0e_p, _bessel_i0e)
defjvp2(special.bessel_i1e_p, _bessel_i1e)


def _clamp_min(g: Any, lo: Any, x: Any, hi: Any) -> Any:
    return select(lax.bitwise_and(lax.gt(lo, x), lax.lt(lo, hi)), g, zeros_like(x))


def _clamp_operand(g: Any, lo: Any, x: Any, hi: Any) -> Any:
    return select(lax.bitwise_and(lax.gt(x, lo), lax.lt(x, hi)), g, zeros_like(x))


def _clamp_max(g: Any, lo: Any, x: Any, hi: Any) -> Any:
    return select(lax.lt(hi, x), g, zeros_like(x))


defjvp(P.clamp_p, _clamp_min, _clamp_operand, _clamp_max)


def _stop_gradient_jvp(primals: Any, tangents: Any) -> tuple[Any, Any]:
    (x,) = primals
    return lax.stop_gradient(x), Zero(tangent_aval(aval_of(x)))


jvp_rules[P.stop_gradient_p] = _stop_gradient_jvp


def _copy_transpose(ct: Any, x: Any) -> list[Any]:
    return [SP.copy_p.bind(ct)]


deflinear(SP.copy_p, _copy_transpose)
