"""``arraytyping.lax``'s elementwise functions: JAX 0.10.2's ``jax.lax`` names for the elementwise primitives,
each binding one primitive on operands of one dtype (never promoted: a Python scalar is a weakly typed array of its
kind's default dtype). The dtype kinds each accepts are ``op_rules.LAX_UNARY_KINDS``'s and ``LAX_SAME_KINDS``'s, the
table the stubs and the mypy plugin read; ``stop_gradient`` takes a pytree."""

from __future__ import annotations

import operator
from typing import Any, TypeVar

from arraytyping._src.lax import lax as _lax
from arraytyping._src.lax import primitives as P
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.core.array import Array
from arraytyping._src.core.avals import HOST_VALUE_TYPES
from arraytyping._src.core.trace import Primitive, trace_state
from arraytyping._src.interpreters.autodiff.ad import JVPTracer
from arraytyping._src.tree.pytree import is_carrier, tree_map
from arraytyping._src.lax.elementwise import logistic_p, rsqrt_p
from arraytyping._src.lax.primitives import RoundingMethod
from arraytyping._src.lax import special as _special
from arraytyping._src.lax.special import digamma_p, erf_inv_p, erf_p, erfc_p, lgamma_p

__all__ = ["RoundingMethod", "acos", "acosh", "add", "asin", "asinh", "atan", "atan2", "atanh", "bitwise_and",
           "bitwise_not", "bitwise_or", "bitwise_xor", "cbrt", "div", "nextafter", "rem", "shift_left",
           "shift_right_arithmetic", "shift_right_logical", "sub",
           "ceil", "check_operand", "clamp", "cos", "cosh", "digamma", "erf", "erf_inv", "erfc", "exp", "exp2", "expm1",
           "floor", "integer_pow", "lgamma", "bessel_i0e", "bessel_i1e", "betainc", "igamma", "igamma_grad_a", "igammac",
           "polygamma", "random_gamma_grad", "zeta", "log", "log1p", "logistic", "max", "min", "mul", "neg", "round", "rsqrt",
           "select", "sign", "sin", "sinh", "sqrt", "square", "stop_gradient", "tan", "tanh"]

T = TypeVar("T")


def check_operand(name: str, *xs: Any) -> None:
    """JAX's check that each of ``xs`` is an array or a host value (a Python or numpy scalar, a numpy array)."""
    for x in xs:
        if not isinstance(x, (Array, *HOST_VALUE_TYPES)):
            raise TypeError(f"{name}: {type(x).__name__} {x!r:.60} is not a valid JAX type")


def _bind(name: str, prim: Primitive, x: ArrayLike, accuracy: None = None, **params: Any) -> AnyArray:
    check_operand(name, x)
    if accuracy is not None:
        raise NotImplementedError(f"lax.{name}: only accuracy=None is supported")
    out: AnyArray = prim.bind(x, **params)
    return out


# ---------------------------------------------------------------------------------------------------------------
# One operand, keeping its dtype (op_rules.LAX_UNARY_KINDS)


def neg(x: ArrayLike) -> AnyArray:
    """Elementwise ``-x`` (numeric operands)."""
    return _bind("neg", P.neg_p, x)


def sign(x: ArrayLike) -> AnyArray:
    """Elementwise sign: -1, 0 or 1 (numeric operands; ``x / abs(x)`` for complex ones)."""
    return _bind("sign", P.sign_p, x)


def floor(x: ArrayLike) -> AnyArray:
    """Elementwise floor (floating operands)."""
    return _bind("floor", P.floor_p, x)


def ceil(x: ArrayLike) -> AnyArray:
    """Elementwise ceiling (floating operands)."""
    return _bind("ceil", P.ceil_p, x)


def round(x: ArrayLike, rounding_method: RoundingMethod | int = RoundingMethod.AWAY_FROM_ZERO) -> AnyArray:
    """Elementwise rounding to the nearest integer (floating operands); ties away from zero, or to even with
    ``RoundingMethod.TO_NEAREST_EVEN``."""
    return _bind("round", P.round_p, x, rounding_method=RoundingMethod(rounding_method))


def exp(x: ArrayLike, *, accuracy: None = None) -> AnyArray:
    """Elementwise ``e ** x`` (floating and complex operands)."""
    return _bind("exp", P.exp_p, x, accuracy)


def exp2(x: ArrayLike, *, accuracy: None = None) -> AnyArray:
    """Elementwise ``2 ** x`` (floating and complex operands)."""
    return _bind("exp2", P.exp2_p, x, accuracy)


def expm1(x: ArrayLike, *, accuracy: None = None) -> AnyArray:
    """Elementwise ``exp(x) - 1``, accurate near 0 (floating and complex operands)."""
    return _bind("expm1", P.expm1_p, x, accuracy)


def log(x: ArrayLike, *, accuracy: None = None) -> AnyArray:
    """Elementwise natural logarithm (floating and complex operands)."""
    return _bind("log", P.log_p, x, accuracy)


def log1p(x: ArrayLike, *, accuracy: None = None) -> AnyArray:
    """Elementwise ``log(1 + x)``, accurate near 0 (floating and complex operands)."""
    return _bind("log1p", P.log1p_p, x, accuracy)


def sqrt(x: ArrayLike, *, accuracy: None = None) -> AnyArray:
    """Elementwise square root (floating and complex operands)."""
    return _bind("sqrt", P.sqrt_p, x, accuracy)


def cbrt(x: ArrayLike, *, accuracy: None = None) -> AnyArray:
    """Elementwise cube root (floating operands)."""
    return _bind("cbrt", P.cbrt_p, x, accuracy)


def square(x: ArrayLike) -> AnyArray:
    """Elementwise ``x * x`` (numeric operands)."""
    return _bind("square", P.square_p, x)


def logistic(x: ArrayLike, *, accuracy: None = None) -> AnyArray:
    """Elementwise ``1 / (1 + exp(-x))`` (floating and complex operands)."""
    return _bind("logistic", logistic_p, x, accuracy)


def sin(x: ArrayLike, *, accuracy: None = None) -> AnyArray:
    """Elementwise sine (floating and complex operands)."""
    return _bind("sin", P.sin_p, x, accuracy)


def cos(x: ArrayLike, *, accuracy: None = None) -> AnyArray:
    """Elementwise cosine (floating and complex operands)."""
    return _bind("cos", P.cos_p, x, accuracy)


def tan(x: ArrayLike, *, accuracy: None = None) -> AnyArray:
    """Elementwise tangent (floating and complex operands)."""
    return _bind("tan", P.tan_p, x, accuracy)


def tanh(x: ArrayLike, *, accuracy: None = None) -> AnyArray:
    """Elementwise hyperbolic tangent (floating and complex operands)."""
    return _bind("tanh", P.tanh_p, x, accuracy)


def asin(x: ArrayLike) -> AnyArray:
    """Elementwise arcsine (floating and complex operands)."""
    return _bind("asin", P.asin_p, x)


def acos(x: ArrayLike) -> AnyArray:
    """Elementwise arccosine (floating and complex operands)."""
    return _bind("acos", P.acos_p, x)


def atan(x: ArrayLike) -> AnyArray:
    """Elementwise arctangent (floating and complex operands)."""
    return _bind("atan", P.atan_p, x)


def sinh(x: ArrayLike) -> AnyArray:
    """Elementwise hyperbolic sine (floating and complex operands)."""
    return _bind("sinh", P.sinh_p, x)


def cosh(x: ArrayLike) -> AnyArray:
    """Elementwise hyperbolic cosine (floating and complex operands)."""
    return _bind("cosh", P.cosh_p, x)


def asinh(x: ArrayLike) -> AnyArray:
    """Elementwise inverse hyperbolic sine (floating and complex operands)."""
    return _bind("asinh", P.asinh_p, x)


def acosh(x: ArrayLike) -> AnyArray:
    """Elementwise inverse hyperbolic cosine (floating and complex operands)."""
    return _bind("acosh", P.acosh_p, x)


def atanh(x: ArrayLike) -> AnyArray:
    """Elementwise inverse hyperbolic tangent (floating and complex operands)."""
    return _bind("atanh", P.atanh_p, x)


def bitwise_not(x: ArrayLike) -> AnyArray:
    """Elementwise NOT: logical for bool, bitwise for integers."""
    return _bind("bitwise_not", P.not_p, x)


def erfc(x: ArrayLike) -> AnyArray:
    """The complementary error function ``1 - erf(x)`` (floating operands)."""
    return _bind("erfc", erfc_p, x)


def stop_gradient(x: T) -> T:
    """``x`` (an array or a pytree of arrays), a constant to differentiation: its derivative is zero under
    ``grad``, ``jvp`` and ``vjp``, at every order. Outside a trace, values come back unchanged."""
    out: T = tree_map(_stop_gradient_leaf, x)
    return out


def _stop_gradient_leaf(x: Any) -> Any:
    if isinstance(x, JVPTracer):  # as JAX: every level of forward-mode differentiation is peeled off
        return _stop_gradient_leaf(x.primal)
    if is_carrier(x):  # a typed key array
        return x
    check_operand("stop_gradient", x)  # a leaf that is no array or host value (a str) is refused, as in JAX
    if not isinstance(x, Array) and trace_state.dynamic is None:
        return x
    return _lax.stop_gradient(x)


# ---------------------------------------------------------------------------------------------------------------
# Operands of one dtype (op_rules.LAX_SAME_KINDS), and the special functions



def add(x: ArrayLike, y: ArrayLike) -> AnyArray:
    """Elementwise ``x + y`` of operands of one dtype (``lax.add``)."""
    check_operand("add", x, y)
    out: AnyArray = P.add_p.bind(x, y)
    return out


def mul(x: ArrayLike, y: ArrayLike) -> AnyArray:
    """Elementwise ``x * y`` of operands of one dtype (``lax.mul``)."""
    check_operand("mul", x, y)
    out: AnyArray = P.mul_p.bind(x, y)
    return out


def max(x: ArrayLike, y: ArrayLike) -> AnyArray:
    """Elementwise maximum of operands of one dtype (``lax.max``; NaN wins)."""
    check_operand("max", x, y)
    out: AnyArray = P.max_p.bind(x, y)
    return out


def min(x: ArrayLike, y: ArrayLike) -> AnyArray:
    """Elementwise minimum of operands of one dtype (``lax.min``; NaN wins)."""
    check_operand("min", x, y)
    out: AnyArray = P.min_p.bind(x, y)
    return out


def sub(x: ArrayLike, y: ArrayLike) -> AnyArray:
    """Elementwise x - y, of operands of one dtype (numeric dtypes)."""
    check_operand("sub", x, y)
    out: AnyArray = P.sub_p.bind(x, y)
    return out


def div(x: ArrayLike, y: ArrayLike) -> AnyArray:
    """Elementwise x / y (truncating toward zero for integers), of operands of one dtype (numeric dtypes)."""
    check_operand("div", x, y)
    out: AnyArray = P.div_p.bind(x, y)
    return out


def rem(x: ArrayLike, y: ArrayLike) -> AnyArray:
    """Elementwise the remainder of ``x / y`` truncated toward zero (sign of ``x``), of operands of one dtype (integer and floating dtypes)."""
    check_operand("rem", x, y)
    out: AnyArray = P.rem_p.bind(x, y)
    return out


def atan2(x: ArrayLike, y: ArrayLike) -> AnyArray:
    """Elementwise the arctangent of ``x / y`` in the quadrant of ``(y, x)``, of operands of one dtype (floating and complex dtypes)."""
    check_operand("atan2", x, y)
    out: AnyArray = P.atan2_p.bind(x, y)
    return out


def bitwise_and(x: ArrayLike, y: ArrayLike) -> AnyArray:
    """Elementwise AND: logical for bool, bitwise for integers, of operands of one dtype (bool and integer dtypes)."""
    check_operand("bitwise_and", x, y)
    out: AnyArray = P.and_p.bind(x, y)
    return out


def bitwise_or(x: ArrayLike, y: ArrayLike) -> AnyArray:
    """Elementwise OR: logical for bool, bitwise for integers, of operands of one dtype (bool and integer dtypes)."""
    check_operand("bitwise_or", x, y)
    out: AnyArray = P.or_p.bind(x, y)
    return out


def bitwise_xor(x: ArrayLike, y: ArrayLike) -> AnyArray:
    """Elementwise XOR: logical for bool, bitwise for integers, of operands of one dtype (bool and integer dtypes)."""
    check_operand("bitwise_xor", x, y)
    out: AnyArray = P.xor_p.bind(x, y)
    return out


def shift_left(x: ArrayLike, y: ArrayLike) -> AnyArray:
    """Elementwise ``x << y``, of operands of one dtype (integer dtypes)."""
    check_operand("shift_left", x, y)
    out: AnyArray = P.shift_left_p.bind(x, y)
    return out


def shift_right_logical(x: ArrayLike, y: ArrayLike) -> AnyArray:
    """Elementwise ``x >> y``, shifting in zeros, of operands of one dtype (integer dtypes)."""
    check_operand("shift_right_logical", x, y)
    out: AnyArray = P.shift_right_logical_p.bind(x, y)
    return out


def shift_right_arithmetic(x: ArrayLike, y: ArrayLike) -> AnyArray:
    """Elementwise ``x >> y``, shifting in the sign bit, of operands of one dtype (integer dtypes)."""
    check_operand("shift_right_arithmetic", x, y)
    out: AnyArray = P.shift_right_arithmetic_p.bind(x, y)
    return out


def nextafter(x1: ArrayLike, x2: ArrayLike) -> AnyArray:
    """Elementwise the next floating-point value after ``x1`` towards ``x2``, of operands of one dtype (floating
    dtypes)."""
    check_operand("nextafter", x1, x2)
    out: AnyArray = P.nextafter_p.bind(x1, x2)
    return out


def rsqrt(x: ArrayLike, *, accuracy: None = None) -> AnyArray:
    """Elementwise ``1 / sqrt(x)`` (floating and complex operands)."""
    check_operand("rsqrt", x)
    out: AnyArray = rsqrt_p.bind(x, accuracy=accuracy)
    return out


def erf(x: ArrayLike) -> AnyArray:
    """The error function (floating operands)."""
    check_operand("erf", x)
    out: AnyArray = erf_p.bind(x)
    return out


def erf_inv(x: ArrayLike) -> AnyArray:
    """The inverse of the error function (floating operands)."""
    check_operand("erf_inv", x)
    out: AnyArray = erf_inv_p.bind(x)
    return out


def lgamma(x: ArrayLike) -> AnyArray:
    """The log of the absolute value of the gamma function (floating operands)."""
    check_operand("lgamma", x)
    out: AnyArray = lgamma_p.bind(x)
    return out


def digamma(x: ArrayLike) -> AnyArray:
    """The digamma function, the derivative of ``lgamma`` (floating operands)."""
    check_operand("digamma", x)
    out: AnyArray = digamma_p.bind(x)
    return out


def polygamma(m: ArrayLike, x: ArrayLike) -> AnyArray:
    """The polygamma function: the ``m``-th derivative of ``digamma`` at ``x`` (``m`` a whole number), of operands
    of one floating dtype.

    Example: ``polygamma(1.0, 1.0)`` is ``pi**2 / 6``, about 1.6449."""
    check_operand("polygamma", m, x)
    out: AnyArray = P.polygamma_p.bind(m, x)
    return out


def igamma(a: ArrayLike, x: ArrayLike) -> AnyArray:
    """The regularized lower incomplete gamma function ``P(a, x)``, of operands of one floating dtype (a rank-0
    operand broadcasts); differentiable in both.

    Example: ``igamma(1.0, 2.0)`` is ``1 - exp(-2)``, about 0.8647."""
    check_operand("igamma", a, x)
    out: AnyArray = _special.igamma_p.bind(a, x)
    return out


def igammac(a: ArrayLike, x: ArrayLike) -> AnyArray:
    """The regularized upper incomplete gamma function ``Q(a, x) = 1 - P(a, x)``, of operands of one floating
    dtype; differentiable in both.

    Example: ``igammac(1.0, 2.0)`` is ``exp(-2)``, about 0.1353."""
    check_operand("igammac", a, x)
    out: AnyArray = _special.igammac_p.bind(a, x)
    return out


def igamma_grad_a(a: ArrayLike, x: ArrayLike) -> AnyArray:
    """The derivative of ``igamma(a, x)`` in ``a``, of operands of one floating dtype (not differentiable itself).

    Example: ``igamma_grad_a(2.0, 2.0)`` is about -0.294."""
    check_operand("igamma_grad_a", a, x)
    out: AnyArray = _special.igamma_grad_a_p.bind(a, x)
    return out


def random_gamma_grad(a: ArrayLike, x: ArrayLike) -> AnyArray:
    """The derivative in ``a`` of a sample ``x`` of ``Gamma(a, 1)`` (the implicit reparameterization gradient
    ``jax.random.gamma`` uses), of operands of one floating dtype, broadcast together; computed where it is called.

    Example: ``random_gamma_grad(2.0, 2.0)`` is about 1.086."""
    check_operand("random_gamma_grad", a, x)
    out: AnyArray = _special.random_gamma_grad(a, x)
    return out


def zeta(x: ArrayLike, q: ArrayLike) -> AnyArray:
    """The Hurwitz zeta function ``sum((k + q) ** -x for k >= 0)``, of operands of one floating dtype (no
    derivative, as in JAX).

    Example: ``zeta(2.0, 1.0)`` is ``pi**2 / 6``, about 1.6449."""
    check_operand("zeta", x, q)
    out: AnyArray = _special.zeta_p.bind(x, q)
    return out


def betainc(a: ArrayLike, b: ArrayLike, x: ArrayLike) -> AnyArray:
    """The regularized incomplete beta function ``I_x(a, b)``, of operands of one floating dtype (a rank-0 operand
    broadcasts); differentiable in ``x`` alone (in ``a`` or ``b``: JAX's ``ValueError``).

    Example: ``betainc(1.0, 1.0, 0.25)`` is 0.25."""
    check_operand("betainc", a, b, x)
    out: AnyArray = _special.regularized_incomplete_beta_p.bind(a, b, x)
    return out


def bessel_i0e(x: ArrayLike) -> AnyArray:
    """The exponentially scaled modified Bessel function of order 0, ``exp(-abs(x)) * i0(x)`` (floating operands).

    Example: ``bessel_i0e(0.0)`` is 1.0."""
    check_operand("bessel_i0e", x)
    out: AnyArray = _special.bessel_i0e_p.bind(x)
    return out


def bessel_i1e(x: ArrayLike) -> AnyArray:
    """The exponentially scaled modified Bessel function of order 1, ``exp(-abs(x)) * i1(x)`` (floating operands).

    Example: ``bessel_i1e(0.0)`` is 0.0."""
    check_operand("bessel_i1e", x)
    out: AnyArray = _special.bessel_i1e_p.bind(x)
    return out


def integer_pow(x: ArrayLike, y: int) -> AnyArray:
    """``x ** y`` for a static integer ``y`` (by repeated multiplication; integers take no negative power)."""
    check_operand("integer_pow", x)
    out: AnyArray = P.integer_pow_p.bind(x, y=operator.index(y))
    return out


def select(pred: ArrayLike, on_true: ArrayLike, on_false: ArrayLike) -> AnyArray:
    """``on_true`` where ``pred`` is true, else ``on_false`` (``lax.select``: a ``select_n`` of ``pred``, a bool
    scalar or array of the cases' shape, between cases of one dtype; the result is weak when both cases are)."""
    check_operand("select", pred, on_true, on_false)
    out: AnyArray = P.select_n_p.bind(pred, on_false, on_true)
    return out


def clamp(min: ArrayLike, x: ArrayLike, max: ArrayLike) -> AnyArray:
    """``x`` clamped to ``[min, max]`` (bounds of ``x``'s dtype, each a scalar or of ``x``'s shape)."""
    check_operand("clamp", min, x, max)
    out: AnyArray = P.clamp_p.bind(min, x, max)
    return out


