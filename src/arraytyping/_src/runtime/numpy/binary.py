"""Elementwise binary functions: arithmetic, division, bitwise operations and shifts, comparisons, logical
operations, ``floor_divide``, ``remainder`` and ``power``.

Every binary function takes its output dtype and weak flag from ``arraytyping.op_rules.binary_result`` (the one
table the stubs and the mypy plugin use too) and raises its errors; the bodies below only choose how to compute
that dtype, as JAX 0.10.2's ``jax.numpy`` does.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

import numpy as np

from arraytyping._src.runtime import lax
from arraytyping._src.runtime.core import Tracer
from arraytyping._src.runtime.dispatch import JitFunction
from arraytyping._src.runtime.numpy._promotion import (
    BOOL, as_dtype, binary_result, broadcast_to_shape, check_shapes, const_of, converted, dtype_kind, finish,
    jitted, kind_of, promote_args, promote_shapes, scalar_type, shape_of, to_bool, zero_like,
)


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
    return jitted(body, name)


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
    return jitted(body, name)


equal = _compare("equal", lax.eq)
not_equal = _compare("not_equal", lax.ne)
less = _compare("less", lax.lt, ordered=True)
less_equal = _compare("less_equal", lax.le, ordered=True)
greater = _compare("greater", lax.gt, ordered=True)
greater_equal = _compare("greater_equal", lax.ge, ordered=True)


def _logical(name: str, op: Callable[[Any, Any], Any]) -> JitFunction:
    def body(x: Any, y: Any) -> Any:
        check_shapes(name, x, y)
        x, y = promote_shapes([to_bool(x), to_bool(y)])
        return op(x, y)
    body.__name__ = name
    return jitted(body, name)


logical_and = _logical("logical_and", lax.bitwise_and)
logical_or = _logical("logical_or", lax.bitwise_or)
logical_xor = _logical("logical_xor", lax.bitwise_xor)


def _lax_where(condition: Any, x: Any, y: Any) -> Any:
    """JAX's internal ``_where`` on a bool condition and operands of one dtype: a rank-0 condition selects
    without being broadcast; otherwise the condition, then ``x``, then ``y`` are broadcast to the common shape."""
    shape = tuple(np.broadcast_shapes(shape_of(condition), shape_of(x), shape_of(y)))
    if shape_of(condition):
        condition = broadcast_to_shape(condition, shape)
    x, y = broadcast_to_shape(x, shape), broadcast_to_shape(y, shape)
    return lax.select_n(condition, y, x)


def _float_divmod(x: Any, y: Any) -> tuple[Any, Any]:
    """JAX's ``_float_divmod`` (after CPython's ``float_divmod``), primitive by primitive: the quotient of the
    dividend less the truncated remainder (the dividend itself for a zero divisor), moved down by one where the
    remainder's sign differs from the divisor's, then rounded half away from zero; and the remainder, moved to the
    divisor's sign. ``floor_divide`` keeps only the quotient but JAX's expansion computes both, and so do we."""
    mod = lax.rem(x, y)
    x_corrected = _lax_where(lax.eq(y, zero_like(y)), x, lax.sub(x, mod))
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
        out = lax.select_n(lax.bitwise_and(wrong_sign, inexact), quotient, lax.sub(quotient, const_of(quotient, 1)))
    else:
        out = _float_divmod(x, y)[0]
    return finish("floor_divide", out, dtype, weak)


floor_divide = jitted(_floor_divide)


def _remainder(x: Any, y: Any) -> Any:
    """JAX's ``remainder`` in the numeric result dtype: the truncated remainder, moved to the sign of the divisor;
    an integer divisor of 0 counts as 1 (so ``x % 0 == 0``, as in JAX)."""
    check_shapes("remainder", x, y)
    dtype, weak = binary_result("remainder", x, y)
    x, y = converted(dtype, weak, x, y)
    if kind_of(y) in "iu":
        ya = lax.aval_of(y)
        y = lax.select_n(lax.eq(y, zero_like(y)), y, lax.full(ya.shape, 1, ya.dtype, ya.weak_type))
    trunc = lax.rem(x, y)
    zero = zero_like(trunc)
    nonzero = lax.ne(trunc, zero)
    signs_differ = lax.ne(lax.lt(trunc, zero), lax.lt(y, zero_like(y)))
    out = lax.select_n(lax.bitwise_and(signs_differ, nonzero), trunc, lax.add(trunc, y))
    return finish("remainder", out, dtype, weak)


remainder = jitted(_remainder)
mod = remainder


def _integer_pow_body(x: Any, *, y: int) -> Any:
    """``x ** y`` for a concrete integer ``y``: only the base is promoted (to a numeric dtype), then
    ``integer_pow``, as JAX does."""
    dtype, weak = binary_result("power", x, y, scalar_exponent=True)
    (x,) = converted(dtype, weak, x)
    return finish("power", lax.integer_pow(x, y), dtype, weak)


_integer_pow = jitted(_integer_pow_body, "integer_pow")


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
    shape = tuple(np.broadcast_shapes(a.shape, lax.aval_of(y).shape))
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


_power = jitted(_power_body, "power")


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
