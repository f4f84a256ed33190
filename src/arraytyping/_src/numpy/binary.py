"""Elementwise binary functions: arithmetic, division, bitwise operations and shifts, comparisons, logical
operations, ``floor_divide``, ``remainder`` and ``power``.

Every binary function takes its output dtype and weak flag from ``arraytyping.op_rules.binary_result`` (the one
table the stubs and the mypy plugin use too) and raises its errors; the bodies below only choose how to compute
that dtype, as JAX 0.10.2's ``jax.numpy`` does.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, Final, cast

import numpy as np

from arraytyping import lattice, op_rules
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import config
from arraytyping._src.core.array import Array
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.trace import Tracer
from arraytyping._src.interpreters.autodiff.custom_derivatives import custom_jvp
from arraytyping._src.lax import lax
from arraytyping._src.lax.elementwise import population_count_p
from arraytyping._src.lax.operand_checks import numpy_broadcast
from arraytyping._src.numpy._promotion import (
    BOOL, ArrayLike, array_fn, as_dtype, binary_result, broadcast_to_shape, check_shapes, common_dtype, const_of,
    converted, defined_binary, dtype_kind, finish, inexact_pair, jitted, kind_of, numpy_const, operand, promote_args,
    promote_shapes, scalar_type, shape_of, to_bool, to_inexact_dtype, zero_like,
)
from arraytyping._src.numpy.conversion import asarray
from arraytyping._src.numpy.unary import abs as abs_
from arraytyping._src.numpy.unary import copysign_jit, frexp, isinf, isnan, lax_where
from arraytyping._src.xla.dispatch import JitFunction


def _binary_doc(name: str, result: str = "") -> str:
    """The docstring of a binary function (what a hover shows)."""
    return (f"``jax.numpy.{name}``, element-wise: the operands (arrays, numpy values, Python scalars) are "
            f"broadcast and promoted together by JAX's rules{result} (``arraytyping.op_rules``, family "
            f"``{op_rules.FAMILY.get(name, 'compare')}``).")


def _binary(name: str, op: Callable[[Any, Any], Any], bool_op: Callable[[Any, Any], Any] | None = None
            ) -> JitFunction:
    """An operation computed in its result dtype (operands converted to it first): arithmetic, division (whose
    result is already inexact, or a 1-/2-bit integer that JAX divides as integers), bitwise operations."""
    def body(x: Any, y: Any) -> Any:
        check_shapes(name, x, y)
        dtype, weak = binary_result(name, x, y)
        x, y = converted(dtype, weak, x, y)
        out = bool_op(x, y) if bool_op is not None and dtype == BOOL else op(x, y)
        return finish(name, out, dtype, weak)
    body.__name__ = name
    body.__doc__ = _binary_doc(name)
    return jitted(body, name, arrays=2)


add = _binary("add", lax.add, lax.bitwise_or)
subtract = _binary("subtract", lax.sub)
multiply = _binary("multiply", lax.mul, lax.bitwise_and)
true_divide = _binary("true_divide", lax.div)
divide = true_divide
maximum = _binary("maximum", lax.max)
minimum = _binary("minimum", lax.min)
bitwise_and = _binary("bitwise_and", lax.bitwise_and)
bitwise_or = _binary("bitwise_or", lax.bitwise_or)
bitwise_xor = _binary("bitwise_xor", lax.bitwise_xor)
left_shift = _binary("left_shift", lax.shift_left)
bitwise_left_shift = left_shift


def _shift_right(x: Any, y: Any) -> Any:
    """Logical for unsigned integers, arithmetic (sign-filling) for signed ones, as ``jnp.right_shift``."""
    if kind_of(x) == "u":
        return lax.shift_right_logical(x, y)
    return lax.shift_right_arithmetic(x, y)


right_shift = _binary("right_shift", _shift_right)
bitwise_right_shift = right_shift


def _compare(name: str, op: Callable[[Any, Any], Any], ordered: bool = False) -> JitFunction:
    """A comparison: operands converted to their promoted dtype, a bool result that is weak when they are. Ordered
    comparisons of complex numbers are lexicographic (real parts, then imaginary parts), as in JAX."""
    def body(x: Any, y: Any) -> Any:
        check_shapes(name, x, y)
        dtype, weak = binary_result(name, x, y)
        x, y = promote_args(x, y)
        if ordered and kind_of(x) == "c":
            xr, yr = lax.real(x), lax.real(y)
            out = lax.select_n(lax.eq(xr, yr), op(xr, yr), op(lax.imag(x), lax.imag(y)))
        else:
            out = op(x, y)
        return finish(name, out, dtype, weak)
    body.__name__ = name
    body.__doc__ = _binary_doc(name, ", then compared (a bool array)")
    return jitted(body, name, arrays=2)


equal = _compare("equal", lax.eq)
not_equal = _compare("not_equal", lax.ne)
less = _compare("less", lax.lt, ordered=True)
less_equal = _compare("less_equal", lax.le, ordered=True)
greater = _compare("greater", lax.gt, ordered=True)
greater_equal = _compare("greater_equal", lax.ge, ordered=True)


def _logical(name: str, op: Callable[[Any, Any], Any]) -> JitFunction:
    def body(x: Any, y: Any) -> Any:
        check_shapes(name, x, y)
        try:  # JAX promotes the operands first: a pair with no promotion path is refused (int4 with uint1)
            common_dtype(x, y)
        except lattice.TypePromotionError as e:
            raise lattice.TypePromotionError(f"{name}: {e}", e.nodes, e.config) from None
        x, y = promote_shapes([to_bool(x), to_bool(y)])
        return op(x, y)
    body.__name__ = name
    body.__doc__ = (f"``jax.numpy.{name}``, element-wise on the operands' truth values (broadcast): a bool "
                    "array. The operands must promote together, as in JAX.")
    return jitted(body, name, arrays=2)


logical_and = _logical("logical_and", lax.bitwise_and)
logical_or = _logical("logical_or", lax.bitwise_or)
logical_xor = _logical("logical_xor", lax.bitwise_xor)


def _float_divmod(x: Any, y: Any) -> tuple[Any, Any]:
    """JAX's ``_float_divmod`` (after CPython's ``float_divmod``), primitive by primitive: the quotient of the
    dividend less the truncated remainder (the dividend itself for a zero divisor), moved down by one where the
    remainder's sign differs from the divisor's, then rounded half away from zero; and the remainder, moved to the
    divisor's sign. ``floor_divide`` keeps only the quotient but JAX's expansion computes both, and so do we."""
    mod = lax.rem(x, y)
    x_corrected = lax_where(lax.eq(y, zero_like(y)), x, lax.sub(x, mod))
    div = lax.div(x_corrected, y)
    ind = lax.bitwise_and(lax.ne(mod, zero_like(mod)), lax.ne(lax.sign(y), lax.sign(mod)))
    mod = lax.select_n(ind, mod, lax.add(mod, y))
    div = lax.select_n(ind, div, lax.sub(div, const_of(div, 1.0)))
    return lax.round(div), mod


def _floor_divide(x: Any, y: Any) -> Any:
    """JAX's ``floor_divide`` in the numeric result dtype (bool operands divide as int32): unsigned integers
    divide, signed ones correct the truncated quotient towards negative infinity, floats take JAX's
    ``_float_divmod`` quotient (exact for negative divisors, zero remainders, infinities, nan and -0.0 alike);
    complex operands are rejected by the operation's rule (``TypeError``, as in JAX)."""
    check_shapes("floor_divide", x, y)
    dtype, weak = binary_result("floor_divide", x, y)
    x, y = converted(dtype, weak, x, y)
    kind = kind_of(x)
    if kind == "u":
        out = lax.div(x, y)
    elif kind == "i":
        quotient = lax.div(x, y)
        wrong_sign = lax.ne(lax.sign(x), lax.sign(y))
        inexact = lax.ne(lax.rem(x, y), zero_like(x))
        out = lax_where(lax.bitwise_and(wrong_sign, inexact), lax.sub(quotient, const_of(quotient, 1)), quotient)
    else:
        out = _float_divmod(x, y)[0]
    return finish("floor_divide", out, dtype, weak)


floor_divide = jitted(_floor_divide, call_name="floor_divide", arrays=2)


def _remainder(x: Any, y: Any) -> Any:
    """JAX's ``remainder`` in the numeric result dtype: the truncated remainder, moved to the sign of the divisor;
    an integer divisor of 0 counts as 1 (so ``x % 0 == 0``, as in JAX)."""
    check_shapes("remainder", x, y)
    dtype, weak = binary_result("remainder", x, y)
    x, y = converted(dtype, weak, x, y)
    if kind_of(y) in "iu":
        ya = lax.aval_of(y)
        y = lax_where(lax.eq(y, zero_like(y)), lax.full(ya.shape, 1, ya.dtype, ya.weak_type), y)
    trunc = lax.rem(x, y)
    zero = zero_like(trunc)
    nonzero = lax.ne(trunc, zero)
    signs_differ = lax.ne(lax.lt(trunc, zero), lax.lt(y, zero_like(y)))
    out = lax.select_n(lax.bitwise_and(signs_differ, nonzero), trunc, lax.add(trunc, y))
    return finish("remainder", out, dtype, weak)


remainder = jitted(_remainder, call_name="remainder", arrays=2)
mod = remainder


def _integer_pow_body(x: Any, *, y: int) -> Any:
    """``x ** y`` for a concrete integer ``y``: only the base is promoted (to a numeric dtype), then
    ``integer_pow``, as JAX does."""
    dtype, weak = binary_result("power", x, y, scalar_exponent=True)
    (x,) = converted(dtype, weak, x)
    return finish("power", lax.integer_pow(x, y), dtype, weak)


_integer_pow = array_fn(_integer_pow_body, "integer_pow")


def _power_body(x: Any, y: Any) -> Any:
    check_shapes("power", x, y)
    dtype, weak = binary_result("power", x, y)
    if dtype_kind(dtype) in "iu":
        x, y = converted(dtype, False, x, y)
        out = _pow_int_int(x, y)
    else:
        if kind_of(x) in "fc" and kind_of(y) in "iu":
            # a floating or complex base with an integer exponent array: pow without promoting either operand
            x, y = promote_shapes([as_dtype(x, *scalar_type(x)), as_dtype(y, *scalar_type(y))])
        else:
            x, y = converted(dtype, weak, x, y)
        out = lax.pow(x, y)
    return finish("power", out, dtype, weak)


def _pow_int_int(x: Any, y: Any) -> Any:
    """JAX's ``_pow_int_int``: binary exponentiation over the low 6 bits of the exponent (more would overflow for
    any base above 1); ``0 ** n`` is 0 for ``n != 0``."""
    a = lax.aval_of(x)
    shape = numpy_broadcast(a.shape, lax.aval_of(y).shape)
    zero, one = zero_like(y), const_of(y, 1)
    acc = lax.select_n(_bcast(lax.bitwise_and(lax.eq(x, zero), lax.ne(y, zero)), shape),
                       lax.full(shape, 1, a.dtype, False), lax.full(shape, 0, a.dtype, False))
    for _ in range(6):
        bit = lax.ne(lax.bitwise_and(y, one), zero)
        acc = lax.select_n(_bcast(bit, shape), acc, _bcast(lax.mul(acc, x), shape))
        x = lax.mul(x, x)
        y = lax.shift_right_logical(y, one)
    return acc


def _bcast(x: Any, shape: tuple[int, ...]) -> Any:
    s = lax.aval_of(x).shape
    if s == shape:
        return x
    return lax.broadcast_in_dim(x, shape, tuple(range(len(shape) - len(s), len(shape))))


_power = array_fn(_power_body, "power", arrays=2)


def _concrete_integer(x: Any) -> int | None:
    """``operator.index(x)`` for a concrete rank-0 value (JAX's test for ``integer_pow``), else ``None``."""
    if isinstance(x, Tracer) or np.ndim(x) != 0 or isinstance(x, (float, complex)):
        return None
    try:
        return operator.index(x)
    except TypeError:
        return None


def power(x1: Any, x2: Any, /) -> Any:
    """``x1 ** x2``. A concrete integer exponent (Python int or bool, numpy integer, concrete integer scalar array)
    gives ``integer_pow`` on the promoted base alone, as in JAX; anything else promotes (see ``op_rules``)."""
    n = _concrete_integer(x2)
    if n is not None:
        return _integer_pow(x1, y=n)
    return _power(x1, x2)


# ---------------------------------------------------------------------------------------------------------------
# Elementwise functions beyond the operators (their families in op_rules.FAMILY)


def _scalar(x: Any, value: Any, weak: bool | None = None) -> Any:
    """A rank-0 constant of ``x``'s dtype: weak as given, else as JAX's ``lax._const(x, value)`` meets ``x``
    (:func:`~._promotion.numpy_const`)."""
    if weak is None:
        return numpy_const(x, value)
    return lax.const(value, ShapedArray((), lax.aval_of(x).dtype, weak))


def _isposinf(x: Any) -> Any:
    return lax.eq(x, _scalar(x, np.inf, False))


def _hypot(x: Any, y: Any) -> Any:
    """JAX's ``hypot``: ``max * sqrt(1 + (min / max) ** 2)`` on absolute values, 0 where both are 0, inf where
    either is."""
    x, y = lax.abs(x), lax.abs(y)
    idx_inf = lax.bitwise_or(_isposinf(x), _isposinf(y))
    x, y = lax.max(x, y), lax.min(x, y)
    a = lax.aval_of(x)
    zero = lax.eq(x, _scalar(x, 0, False))  # JAX's operands in its order: the outer where's condition first
    ratio = lax.square(lax.div(y, lax_where(lax.eq(x, _scalar(x, 0, False)),
                                            lax.full(a.shape, 1, a.dtype, a.weak_type), x)))
    out = lax_where(zero, x, lax.mul(x, lax.sqrt(lax.add(_scalar(ratio, 1), ratio))))
    return lax_where(idx_inf, _scalar(out, np.inf), out)


def _wrap_between(x: Any, a: float) -> Any:
    """JAX's ``_wrap_between``: ``x`` wrapped into ``[-a, a]``."""
    rem = lax.rem(lax.add(x, _scalar(x, a)), _scalar(x, 2 * a))
    rem = lax.select_n(lax.lt(rem, _scalar(rem, 0)), rem, lax.add(rem, _scalar(rem, 2 * a)))
    return lax.sub(rem, _scalar(rem, a))


def _logaddexp_base(two: bool) -> Callable[[Any, Any], Any]:
    """JAX's ``lax_other.logaddexp`` (``two``: ``logaddexp2``): ``max + log1p(exp(-|x - y|))`` (the sum where the
    difference is NaN); complex numbers with the imaginary part wrapped."""
    def body(x: Any, y: Any) -> Any:
        amax = lax.max(x, y)
        inv = _scalar(amax, 1 / np.log(2)) if two else None
        expf = lax.exp2 if two else lax.exp

        def scaled(v: Any) -> Any:
            return lax.mul(inv, v) if inv is not None else v
        if kind_of(x) == "f":
            delta = lax.sub(x, y)
            is_nan = lax.ne(delta, delta)
            both = lax.add(x, y)  # NaNs, or infinities of the same sign (JAX's order of operations)
            return lax.select_n(is_nan, lax.add(amax, scaled(lax.log1p(expf(lax.neg(lax.abs(delta)))))), both)
        delta = lax.sub(lax.add(x, y), lax.mul(amax, _scalar(amax, 2)))
        out = lax.add(amax, scaled(lax.log1p(expf(delta))))
        return lax.complex(lax.real(out), _wrap_between(lax.imag(out), np.pi / np.log(2) if two else np.pi))
    return body


def _heaviside(x: Any, y: Any) -> Any:
    """0 where ``x < 0``, 1 where ``x > 0``, ``y`` where ``x == 0`` (``x`` where it is NaN)."""
    zero = _scalar(x, 0)
    return lax_where(lax.lt(x, zero), zero,
                     lax_where(lax.gt(x, zero), _scalar(x, 1), lax_where(lax.ne(x, x), x, y)))


_arctan2 = defined_binary("arctan2", lax.atan2)
_hypot_jit = defined_binary("hypot", _hypot, call=True)
def _replace_inf(x: Any) -> Any:
    """JAX's ``_replace_inf``: ``x`` with 0 where its real part is +inf."""
    re_x = lax.real(x) if kind_of(x) == "c" else x
    a = lax.aval_of(x)
    return lax.select_n(lax.eq(re_x, _scalar(re_x, np.inf, False)), x, lax.full(a.shape, 0, a.dtype, a.weak_type))


def _logaddexp_rule(fun: Callable[[Any, Any], Any], two: bool) -> Callable[..., tuple[Any, Any]]:
    """JAX's custom JVP of ``logaddexp`` (``two``: ``logaddexp2``): ``t1 exp(x1 - out) + t2 exp(x2 - out)``
    (``exp2`` for ``logaddexp2``), infinities replaced by 0 first; exact where the operands tie, where the
    derivative of ``max + log1p(exp(-|x - y|))`` operation by operation would be 0."""
    expf = lax.exp2 if two else lax.exp

    def rule(primals: tuple[Any, Any], tangents: tuple[Any, Any]) -> tuple[Any, Any]:
        (x1, x2), (t1, t2) = primals, tangents
        out = fun(x1, x2)
        return out, lax.add(lax.mul(t1, expf(lax.sub(_replace_inf(x1), _replace_inf(out)))),
                            lax.mul(t2, expf(lax.sub(_replace_inf(x2), _replace_inf(out)))))
    rule.__name__ = "_logaddexp2_jvp" if two else "_logaddexp_jvp"
    return rule


def _custom_logaddexp(two: bool) -> custom_jvp[[Any, Any], Any]:
    body = _logaddexp_base(two)
    body.__name__ = "logaddexp2" if two else "logaddexp"
    fun: custom_jvp[[Any, Any], Any] = custom_jvp(body)
    fun.defjvp(_logaddexp_rule(fun, two))
    return fun


_logaddexp = defined_binary("logaddexp", _custom_logaddexp(False))
_logaddexp2 = defined_binary("logaddexp2", _custom_logaddexp(True))
_nextafter = defined_binary("nextafter", lax.nextafter)
_heaviside_jit = defined_binary("heaviside", _heaviside, call=True)
_float_power = defined_binary("float_power", lax.pow)


def _fmod_body(x: Any, y: Any) -> Any:
    """JAX's ``fmod``: the truncated remainder (``rem``) in the numeric result dtype; an integer divisor of 0 counts
    as 1."""
    check_shapes("fmod", x, y)
    dtype, weak = binary_result("fmod", x, y)
    integer = dtype_kind(common_dtype(x, y)[0]) in "iu"  # JAX asks result_type(x1, x2): bool is no integer
    x, y = converted(dtype, weak, x, y)
    if integer:
        ya = lax.aval_of(y)
        y = lax_where(lax.eq(y, zero_like(y)), lax.full(ya.shape, 1, ya.dtype, ya.weak_type), y)
    return finish("fmod", lax.rem(x, y), dtype, weak)


_fmod = array_fn(_fmod_body, "fmod", call_name="fmod", arrays=2)


def _fminmax(name: str, greater_: bool) -> Callable[..., Array]:
    """``fmax``/``fmin``: ``where(x > y | isnan(y), x, y)`` (``<`` for ``fmin``), so a NaN loses to a number."""
    def body(x: Any, y: Any) -> Any:
        check_shapes(name, x, y)
        dtype, weak = binary_result(name, x, y)
        x, y = converted(dtype, weak, x, y)
        cmp = (greater if greater_ else less)(x, y)
        mask = lax.bitwise_or(*promote_shapes([cmp, lax.ne(y, y)]))
        return finish(name, lax_where(mask, x, y), dtype, weak)
    body.__name__ = name
    return jitted(body, name, call_name=name, arrays=2)


_fmax = _fminmax("fmax", True)
_fmin = _fminmax("fmin", False)

_GCD_STEPS: Final = {1: 4, 2: 5, 4: 8, 8: 14, 16: 26, 32: 49, 64: 95}
"""Euclid's algorithm ends within ``ceil(bits * log_phi(2)) + 2`` steps on ``bits``-bit operands (Lamé), so the
loop JAX runs until every remainder is 0 is unrolled that many times (further steps change nothing)."""


def _gcd_of(x: Any, y: Any) -> Any:
    bits = registry.INFO[operand(x)[0]].bits
    for _ in range(_GCD_STEPS[bits]):
        nz = lax.ne(y, _scalar(y, 0))
        x, y = lax_where(nz, y, x), lax_where(nz, lax.rem(x, lax_where(nz, y, _scalar(y, 1))), _scalar(y, 0))
        lt = lax.lt(x, y)
        x, y = lax_where(lt, y, x), lax_where(lt, x, y)
    return x


def _gcd_operands(name: str, x: Any, y: Any) -> tuple[Any, Any, np.dtype[Any], bool]:
    check_shapes(name, x, y)
    dtype, weak = binary_result(name, x, y)
    cdtype, cweak = common_dtype(x, y)
    x, y = converted(cdtype, cweak, x, y)
    shape = numpy_broadcast(shape_of(x), shape_of(y))
    x, y = broadcast_to_shape(x, shape), broadcast_to_shape(y, shape)
    if kind_of(x) == "i":
        x, y = abs_(x), abs_(y)  # int1 becomes int8, as lax.abs gives it
    return x, y, dtype, weak


def _gcd_body(x: Any, y: Any) -> Any:
    """JAX's ``gcd``: Euclid's algorithm on the absolute values (see :data:`_GCD_STEPS`)."""
    x, y, dtype, weak = _gcd_operands("gcd", x, y)
    return finish("gcd", _gcd_of(x, y), dtype, weak)


def _lcm_body(x: Any, y: Any) -> Any:
    """JAX's ``lcm``: ``|x| * (|y| // gcd)``, 0 where the gcd is 0."""
    x, y, dtype, weak = _gcd_operands("lcm", x, y)
    d = _gcd_of(x, y)
    out = lax_where(lax.eq(d, _scalar(d, 0)), _scalar(d, 0), multiply(x, floor_divide(y, d)))
    return finish("lcm", out, dtype, weak)


_gcd = array_fn(_gcd_body, "gcd", arrays=2)
_lcm = array_fn(_lcm_body, "lcm", arrays=2)


def _isclose_body(a: Any, b: Any, rtol: Any, atol: Any, *, equal_nan: bool = False) -> Any:
    """JAX's ``isclose``: ``|a - b| <= atol + rtol * |b|`` where ``b`` is finite, or ``a == b`` (or both NaN with
    ``equal_nan``), in the inexact promoted dtype (its real dtype for the tolerances)."""
    a, b, dtype, weak = inexact_pair("isclose", a, b)
    tol_dtype = lax.aval_of(lax.real(a) if kind_of(a) == "c" else a).dtype
    rtol = as_dtype(rtol, tol_dtype, False) if not isinstance(rtol, Array) else \
        lax.convert_element_type(rtol, tol_dtype, False)
    atol = as_dtype(atol, tol_dtype, False) if not isinstance(atol, Array) else \
        lax.convert_element_type(atol, tol_dtype, False)
    both_nan = lax.bitwise_and(lax.ne(a, a), lax.ne(b, b))
    finite_b = lax.is_finite(b) if kind_of(b) == "f" else \
        lax.bitwise_and(lax.is_finite(lax.real(b)), lax.is_finite(lax.imag(b)))
    in_range = lax.le(lax.abs(lax.sub(a, b)), lax.add(atol, lax.mul(rtol, lax.abs(b))))
    out = lax.bitwise_or(lax.eq(a, b), lax.bitwise_and(finite_b, in_range))
    return finish("isclose", lax.bitwise_or(out, both_nan) if equal_nan else out, dtype, weak)


_isclose = array_fn(_isclose_body, "isclose", arrays=2)


def arctan2(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """The angle of the point ``(x2, x1)``: the inverse tangent of ``x1 / x2`` in the right quadrant."""
    return _arctan2(x1, x2)


def hypot(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """``sqrt(x1 ** 2 + x2 ** 2)`` without overflow (complex operands raise ``ValueError``)."""
    return _hypot_jit(x1, x2)


def logaddexp(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """``log(exp(x1) + exp(x2))`` without overflow."""
    return _logaddexp(x1, x2)


def logaddexp2(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """``log2(2 ** x1 + 2 ** x2)`` without overflow."""
    return _logaddexp2(x1, x2)


def copysign(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """The magnitude of ``x1`` with the sign of ``x2`` (complex operands raise ``TypeError``)."""
    return copysign_jit(x1, x2)


def nextafter(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """The next representable value after ``x1`` towards ``x2``."""
    return _nextafter(x1, x2)


def fmod(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """The remainder of truncated division (the sign of ``x1``), as C's ``fmod``."""
    return _fmod(x1, x2)


def fmax(x1: ArrayLike, x2: ArrayLike) -> Array:
    """The elementwise maximum, ignoring NaNs (NaN only where both are)."""
    return _fmax(x1, x2)


def fmin(x1: ArrayLike, x2: ArrayLike) -> Array:
    """The elementwise minimum, ignoring NaNs (NaN only where both are)."""
    return _fmin(x1, x2)


def heaviside(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """The Heaviside step function: 0 for ``x1 < 0``, 1 for ``x1 > 0``, ``x2`` where ``x1 == 0``."""
    return _heaviside_jit(x1, x2)


def float_power(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """``x1 ** x2`` computed in an inexact dtype."""
    return _float_power(x1, x2)


def gcd(x1: ArrayLike, x2: ArrayLike) -> Array:
    """The greatest common divisor of integers (non-integer operands raise ``ValueError``)."""
    return _gcd(x1, x2)


def lcm(x1: ArrayLike, x2: ArrayLike) -> Array:
    """The least common multiple of integers (non-integer operands raise ``ValueError``)."""
    return _lcm(x1, x2)


def isclose(a: ArrayLike, b: ArrayLike, rtol: ArrayLike = 1e-05, atol: ArrayLike = 1e-08,
            equal_nan: bool = False) -> Array:
    """Where ``|a - b| <= atol + rtol * |b|`` (a bool array); NaNs are close to NaNs with ``equal_nan``."""
    return _isclose(a, b, rtol, atol, equal_nan=bool(equal_nan))


def allclose(a: ArrayLike, b: ArrayLike, rtol: ArrayLike = 1e-05, atol: ArrayLike = 1e-08,
             equal_nan: bool = False) -> Array:
    """Whether every element of ``a`` is close to ``b`` (see :func:`isclose`), as a bool array of rank 0."""
    return isclose(a, b, rtol, atol, equal_nan).all()  # jnp's all (the method)


def array_equal(a1: ArrayLike, a2: ArrayLike, equal_nan: bool = False) -> Array:
    """Whether ``a1`` and ``a2`` have one shape and equal elements (a bool array of rank 0; NaNs equal with
    ``equal_nan``)."""
    if shape_of(a1) != shape_of(a2):
        return cast(Array, asarray(False))
    eq = equal(a1, a2)
    if equal_nan:
        eq = logical_or(eq, logical_and(isnan(a1), isnan(a2)))
    return cast(Array, eq.all())  # jnp's all (the method)

def array_equiv(a1: ArrayLike, a2: ArrayLike) -> Array:
    """Whether ``a1`` and ``a2`` are equal wherever they broadcast (a strong bool array of rank 0): ``False`` for
    operands of dtypes that do not promote together, or of ranks that do not broadcast; a ``TypeError`` for
    operands of one rank whose shapes do not broadcast (JAX 0.10.2's ``eq``)."""
    a1, a2 = asarray(a1), asarray(a2)
    s1, s2 = shape_of(a1), shape_of(a2)
    try:
        common_dtype(a1, a2)
    except lattice.TypePromotionError:  # a ValueError, which JAX's array_equiv answers False
        return cast(Array, asarray(False))
    try:
        numpy_broadcast(s1, s2)
    except ValueError:
        if len(s1) == len(s2):  # ranks equal: lax.eq refuses the shapes
            raise TypeError(f"eq got incompatible shapes for broadcasting: {s1}, {s2}.") from None
        return cast(Array, asarray(False))  # promote_shapes' ValueError
    return cast(Array, equal(a1, a2).all())  # jnp's all (the method)


def _divmod_body(x1: Any, x2: Any) -> tuple[Any, Any]:
    """JAX's ``divmod``: ``promote_args_numeric``, then ``floor_divide`` and ``remainder`` (nested calls) of
    integers, or JAX's ``_float_divmod`` of floats (:func:`arraytyping.op_rules.pair_result`)."""
    check_shapes("divmod", x1, x2)
    try:
        dtype, weak = binary_result("remainder", x1, x2)  # promote_args_numeric (its errors, the operands named)
    except op_rules.OperandTypeError as e:
        raise op_rules.OperandTypeError(str(e).replace("remainder", "divmod", 1)) from None
    (q_name, q_weak), (r_name, r_weak) = op_rules.pair_result("divmod", [operand(x1), operand(x2)],
                                                              config.lattice_config)
    x1, x2 = promote_shapes(converted(dtype, weak, x1, x2))
    if kind_of(x1) in "iu":
        return floor_divide(x1, x2), remainder(x1, x2)
    quotient, rem = _float_divmod(x1, x2)
    return (finish("divmod", quotient, registry.INFO[q_name].dtype, q_weak),
            finish("divmod", rem, registry.INFO[r_name].dtype, r_weak))


_divmod = jitted(_divmod_body, "divmod", call_name="divmod", arrays=2)


def divmod(x1: ArrayLike, x2: ArrayLike, /) -> tuple[Array, Array]:
    """``(x1 // x2, x1 % x2)``: the floor quotient and the remainder (with the divisor's sign), each in
    ``floor_divide``'s result dtype (complex refused)."""
    quotient, rem = _divmod(x1, x2)
    return quotient, rem


def _ldexp_body(x1: Any, x2: Any) -> Any:
    """JAX's ``ldexp``: ``x1``'s mantissa times two to its exponent plus ``x2`` (split so that a small ``x1`` and a
    large ``x2`` do not overflow), ``x1`` kept where it is infinite or 0."""
    k1, k2 = kind_of(x1), kind_of(x2)
    if k1 == "c" or k2 in "fc":
        raise ValueError(f"ldexp not supported for input types {(operand(x1)[0], operand(x2)[0])}")
    dtype, weak = common_dtype(x1)
    x1 = as_dtype(x1, to_inexact_dtype(dtype), weak)
    xa = lax.aval_of(x1)
    x2 = as_dtype(x2, xa.dtype, False) if not isinstance(x2, Array) else lax.convert_element_type(x2, xa.dtype, False)
    m, e = frexp(x1)
    # JAX's e.astype(x2.dtype) + x2 reads x2's dtype after its conversion to x1's: the sum is in x1's dtype
    e = lax.convert_element_type(lax.add(lax.convert_element_type(e, xa.dtype, False), x2), xa.dtype, False)
    positive = lax.gt(e, lax.full((), 0, xa.dtype))
    m = lax_where(positive, m * 2, m)
    e = lax_where(positive, e - 1, e)
    x = m * power(2, lax.convert_element_type(e, lax.aval_of(m).dtype, False))
    keep = logical_or(isinf(x1), x1 == 0)
    return lax_where(keep, x1, x)


_ldexp = array_fn(_ldexp_body, "ldexp", call_name="ldexp", arrays=2)


def ldexp(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """``x1 * 2 ** x2`` for an integer ``x2``, in ``x1``'s inexact dtype (computed through ``frexp``, without
    overflowing where the result is finite).

    Example: ``ldexp(jnp.array([1.0, 0.75]), jnp.array([3, -1]))`` is ``[8.0, 0.375]``.
    """
    return _ldexp(x1, x2)


def _bitwise_count_body(x: Any) -> Any:
    dtype, weak = common_dtype(x)
    if dtype == BOOL:  # JAX's promote_args_numeric: bool becomes the default integer
        dtype = np.dtype("int64" if config.x64 else "int32")
    x = abs_(as_dtype(x, dtype, weak))
    return lax.convert_element_type(population_count_p.bind(x), np.dtype("uint8"), False)


_bitwise_count = jitted(_bitwise_count_body, "bitwise_count", arrays=1)


def bitwise_count(x: ArrayLike, /) -> Array:
    """The number of 1 bits in the absolute value of each element of ``x`` (an integer or bool array), as
    ``uint8``; a floating ``x`` is refused with a ``TypeError``.

    Args:
        x: the integers.

    Example: ``bitwise_count(jnp.array([-3, 0, 7]))`` is ``[2, 0, 3]`` (``uint8``).
    """
    out: Array = _bitwise_count(x)
    return out
