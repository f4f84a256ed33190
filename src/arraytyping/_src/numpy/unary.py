"""Elementwise unary functions (``exp``, ``abs``, ``isnan``, ``round``...), as JAX 0.10.2's ``jax.numpy``.

Each function's result dtype and weak flag come from :func:`arraytyping.op_rules.unary_result` (its family in
``op_rules.UNARY``), which also raises its errors; the bodies compute that dtype with JAX's expansions (the same
primitives, in the same order), and :func:`~._promotion.finish` checks the two agree.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any, Final, cast

import ml_dtypes  # pyright: ignore[reportMissingTypeStubs, reportMissingImports]
import numpy as np

from arraytyping import lattice, op_rules
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import config
from arraytyping._src.core.array import Array
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.interpreters.autodiff.custom_derivatives import custom_jvp
from arraytyping._src.lax import lax
from arraytyping._src.lax import special as _special
from arraytyping._src.interpreters.autodiff.differentiation import jvp as _jvp
from arraytyping.dtypes import float0 as FLOAT0
from arraytyping._src.lax.operand_checks import numpy_broadcast
from arraytyping._src.lax.primitives import RoundingMethod
from arraytyping._src.numpy._promotion import (
    BOOL, PY_SCALAR_TYPES, ArrayLike, as_dtype, broadcast_to_shape, common_dtype, defined_binary, dtype_kind, finish,
    jitted, kind_of, numpy_const, operand, promote_args, scalar_type, shape_of, to_inexact_dtype,
)

_rule: Final = functools.lru_cache(maxsize=4096)(op_rules.unary_result)
"""``op_rules.unary_result`` memoized (tracing asks the same question again and again)."""
RULE_ERRORS: Final = (op_rules.OperandTypeError, op_rules.OperandValueError, op_rules.OperandOverflowError,
                      op_rules.OperandNotImplementedError)


def unary_result(fn: str, x: Any, **params: Any) -> tuple[np.dtype[Any], bool]:
    """The output dtype and weak flag of ``fn(x)`` from :func:`arraytyping.op_rules.unary_result`, its errors raised
    with the operand named."""
    op = operand(x)
    try:
        name, weak = _rule(fn, op, config.lattice_config, rank0=not shape_of(x), **params)
    except RULE_ERRORS as e:
        what = f"Python {type(x).__name__}" if type(x) in PY_SCALAR_TYPES else \
            f"{'weakly typed ' if op[1] else ''}{op[0]}"
        raise type(e)(f"{e} (operand: {what})") from None
    return registry.INFO[name].dtype, weak


def _scalar(x: Any, value: Any, weak: bool | None = None) -> Any:
    """A rank-0 constant of ``x``'s dtype: weak as given, else as JAX's ``lax._const(x, value)`` meets ``x``
    (:func:`~._promotion.numpy_const`)."""
    if weak is None:
        return numpy_const(x, value)
    return lax.const(value, ShapedArray((), lax.aval_of(x).dtype, weak))


def _real_dtype(dtype: np.dtype[Any]) -> np.dtype[Any]:
    return registry.INFO[{"complex64": "float32", "complex128": "float64"}.get(
        registry.info_of_dtype(dtype).name, registry.info_of_dtype(dtype).name)].dtype  # type: ignore[union-attr]


def where_promoted(condition: Any, x: Any, y: Any) -> Any:
    """JAX's internal ``_where``: ``x`` where ``condition`` holds, else ``y``, the two promoted together and
    broadcast, with the condition unless it has rank 0 (``x`` itself for an empty shape); operands may be constants as
    well as arrays. Under a trace it is a nested ``jit`` named ``_where`` (:data:`where_call`), as in JAX."""
    c = to_bool(condition if isinstance(condition, Array) else as_dtype(condition, *scalar_type(condition)))
    dtype, weak = common_dtype(x, y)
    x, y = as_dtype(x, dtype, weak), as_dtype(y, dtype, weak)
    if shape_of(c):
        shape = numpy_broadcast(shape_of(c), shape_of(x), shape_of(y))
        c = broadcast_to_shape(c, shape)
    else:  # a rank-0 condition is select_n's as it is
        shape = numpy_broadcast(shape_of(x), shape_of(y))
    x, y = broadcast_to_shape(x, shape), broadcast_to_shape(y, shape)
    if 0 in shape:  # nothing to select (JAX returns x as it is)
        return x
    return lax.select_n(c, y, x)


where_call = jitted(where_promoted, "where", call_name="_where")


def lax_where(condition: Any, x: Any, y: Any) -> Any:
    """JAX's internal ``_where`` (a nested ``jit`` under a trace, as in JAX) on a bool condition and operands of one
    dtype: ``select_n`` after broadcasting ``x`` and ``y``, and the condition unless it has rank 0."""
    return where_call(condition, x, y)


_RULE_PARAMS: Final = frozenset({"decimals", "deg"})
"""Keyword arguments of the bodies that the rule takes too."""


def _defined(fn: str, body: Callable[..., Any], *, call: bool = False, **params: Any) -> Callable[..., Array]:
    """``body`` jitted under ``fn``'s name, its result checked against the rule; with ``call``, staged as a ``jit``
    equation of that name under a trace (where JAX's function is a nested ``jit``)."""
    def run(x: Any, **kw: Any) -> Any:
        dtype, weak = unary_result(fn, x, **params, **{k: v for k, v in kw.items() if k in _RULE_PARAMS})
        return finish(fn, body(x, dtype, weak, **kw), dtype, weak)
    run.__name__ = fn
    run.__doc__ = body.__doc__ if body.__name__ != "body" and body.__doc__ else \
        f"``jax.numpy.{fn}``, element-wise, with JAX's result dtype (``op_rules.UNARY``, family ``{op_rules.UNARY[fn]}``)."
    return jitted(run, fn, call_name=fn if call else None, arrays=1)


def _as_result(x: Any, dtype: np.dtype[Any], weak: bool) -> Any:
    """``x`` (array or Python/numpy value) in the computation dtype of a unary function: promote_args_inexact's
    conversion, keeping a weak flag (but a bool's)."""
    name, w = operand(x)
    return as_dtype(x, dtype, w and name != "bool")


def _inexact(op: Callable[[Any], Any]) -> Callable[..., Any]:
    def body(x: Any, dtype: np.dtype[Any], weak: bool) -> Any:
        return op(_as_result(x, dtype, weak))
    return body


def _arccosh_body(x: Any, dtype: np.dtype[Any], weak: bool) -> Any:
    """``acosh``; for complex results, negated where the real part is negative (numpy's branch)."""
    out = lax.acosh(_as_result(x, dtype, weak))
    if registry.INFO[operand(out)[0]].kind == "c":  # jnp's where: promotes the two (strict: to the default dtype)
        out = where_promoted(lax.lt(lax.real(out), _scalar(lax.real(out), 0)), lax.neg(out), out)
    return out


def _log2_body(x: Any, dtype: np.dtype[Any], weak: bool) -> Any:
    x = _as_result(x, dtype, weak)
    if dtype_kind(dtype) == "c":
        r = lax.log(x)
        re, im = lax.real(r), lax.imag(r)
        ln2 = lax.log(lax.const(2, ShapedArray((), lax.aval_of(re).dtype, False)))
        return lax.complex(lax.div(re, ln2), lax.div(im, ln2))
    return lax.div(lax.log(x), lax.log(lax.const(2, ShapedArray((), dtype, False))))


def _log10_body(x: Any, dtype: np.dtype[Any], weak: bool) -> Any:
    x = _as_result(x, dtype, weak)
    c = lax.const(0.4342944819032518, ShapedArray((), _real_dtype(dtype), False))
    if dtype_kind(dtype) == "c":
        r = lax.log(x)
        re, im = lax.real(r), lax.imag(r)
        return lax.complex(lax.mul(re, c), lax.mul(im, c))
    return lax.mul(lax.log(x), c)


def _scaled(factor: float) -> Callable[..., Any]:
    def body(x: Any, dtype: np.dtype[Any], weak: bool) -> Any:
        x = _as_result(x, dtype, weak)
        return lax.mul(x, _scalar(x, factor))
    return body


def _sinc_body(x: Any, dtype: np.dtype[Any], weak: bool) -> Any:
    """JAX's ``sinc``: ``sin(pi x) / (pi x)``, and 1 (its Maclaurin term, ``pi x * 0 + 1``) where ``x == 0``."""
    x = _as_result(x, dtype, weak)
    eq_zero = lax.eq(x, _scalar(x, 0))
    pi_x = lax.mul(_scalar(x, np.pi), x)
    safe = lax_where(eq_zero, _scalar(x, 1), pi_x)
    maclaurin = lax.add(lax.mul(pi_x, _scalar(pi_x, 0)), _scalar(pi_x, 1))
    return lax_where(eq_zero, maclaurin, lax.div(lax.sin(safe), safe))


def _same(x: Any, dtype: np.dtype[Any], weak: bool) -> Any:
    return promote_args(x)[0]


def _square_body(x: Any, dtype: np.dtype[Any], weak: bool) -> Any:
    return lax.square(as_dtype(x, dtype, weak))


def _negative(x: Any, dtype: np.dtype[Any], weak: bool) -> Any:
    return lax.neg(promote_args(x)[0])


def _sign(x: Any, dtype: np.dtype[Any], weak: bool) -> Any:
    return lax.sign(promote_args(x)[0])


def _abs(x: Any, dtype: np.dtype[Any], weak: bool) -> Any:
    x = promote_args(x)[0]
    if kind_of(x) in "bu":
        return x
    if registry.INFO[operand(x)[0]].name == "int1":  # lax.abs gives int8 for int1
        x = lax.convert_element_type(x, dtype, weak)
    return lax.abs(x)


def _fabs_body(x: Any, dtype: np.dtype[Any], weak: bool) -> Any:
    name = operand(x)[0]
    x = promote_args(x)[0] if name in ("int1", "int2") else as_dtype(x, dtype, weak)  # the rule's dtype and flag
    if registry.INFO[operand(x)[0]].name == "int1":
        x = lax.convert_element_type(x, dtype, weak)
    return lax.abs(x)


def _invert(x: Any, dtype: np.dtype[Any], weak: bool) -> Any:
    return lax.bitwise_not(promote_args(x)[0])


def to_bool(x: Any) -> Any:
    """JAX's ``_to_bool``: a bool array as it is, anything else compared with zero (a numpy zero, weak only for a
    rank-0 weakly typed operand)."""
    x = promote_args(x)[0]
    if kind_of(x) == "b":
        return x
    return lax.ne(x, _scalar(x, 0))


def _logical_not(x: Any, dtype: np.dtype[Any], weak: bool) -> Any:
    return lax.bitwise_not(to_bool(x))


def _floor_body(x: Any, dtype: np.dtype[Any], weak: bool) -> Any:
    x = promote_args(x)[0]
    return x if kind_of(x) in "biu" else lax.floor(x)


def _ceil_body(x: Any, dtype: np.dtype[Any], weak: bool) -> Any:
    x = promote_args(x)[0]
    return x if kind_of(x) in "biu" else lax.ceil(x)


def _trunc_body(x: Any, dtype: np.dtype[Any], weak: bool) -> Any:
    x = promote_args(x)[0]
    if kind_of(x) in "biu":
        return x
    return lax_where(lax.lt(x, _scalar(x, 0, False)), lax.ceil(x), lax.floor(x))


def _rint_real(x: Any) -> Any:
    return lax.round(x, RoundingMethod.TO_NEAREST_EVEN)


def _rint_body(x: Any, dtype: np.dtype[Any], weak: bool) -> Any:
    x = promote_args(x)[0]
    kind = kind_of(x)
    if kind in "biu":
        return lax.convert_element_type(x, dtype, False)
    if kind == "c":
        return lax.complex(_rint(lax.real(x)), _rint(lax.imag(x)))  # JAX's rint of each part (nested calls)
    return _rint_real(x)


def _round_body(x: Any, dtype: np.dtype[Any], weak: bool, *, decimals: int = 0) -> Any:
    """JAX's ``round``: integers pass through; floats (and the parts of complex numbers) round half to even, after
    scaling by ``10 ** decimals`` (float16 scales in float32); decimals beyond the dtype's range change nothing."""
    x = promote_args(x)[0]
    kind = kind_of(x)
    if kind in "iu":
        return x
    name = registry.INFO[operand(x)[0]].name
    real = "float32" if name == "complex64" else "float64" if name == "complex128" else name
    info: Any = np.finfo(registry.INFO[real].dtype) if real in ("float16", "float32", "float64") else \
        __import__("ml_dtypes").finfo(registry.INFO[real].dtype)
    if decimals > np.log10(float(info.max)):
        return x

    def round_float(v: Any) -> Any:
        if decimals == 0:
            return _rint_real(v)
        f16 = registry.INFO[operand(v)[0]].name == "float16"
        if f16:
            v = lax.convert_element_type(v, registry.INFO["float32"].dtype, False)
        factor = numpy_const(v, 10 ** decimals)
        out = lax.div(_rint_real(lax.mul(v, factor)), factor)
        return lax.convert_element_type(out, registry.INFO["float16"].dtype, False) if f16 else out
    if kind == "c":
        return lax.complex(round_float(lax.real(x)), round_float(lax.imag(x)))
    return round_float(x)


def _real_body(x: Any, dtype: np.dtype[Any], weak: bool) -> Any:
    x = promote_args(x)[0]
    return lax.real(x) if kind_of(x) == "c" else x


def _imag_body(x: Any, dtype: np.dtype[Any], weak: bool) -> Any:
    x = promote_args(x)[0]
    if kind_of(x) == "c":
        return lax.imag(x)
    a = lax.aval_of(x)
    return lax.full(a.shape, 0, a.dtype, a.weak_type)


def _conj_body(x: Any, dtype: np.dtype[Any], weak: bool) -> Any:
    x = promote_args(x)[0]
    return lax.conj(x) if kind_of(x) == "c" else x


def _angle_body(x: Any, dtype: np.dtype[Any], weak: bool, *, deg: bool = False) -> Any:
    """JAX's ``angle``: ``atan2(imag, real)``, in the default float dtype for bool, integers and rank-0 floats;
    ``deg`` converts to degrees (a multiplication by a numpy constant)."""
    x = promote_args(x)[0]
    re, im = _real_body(x, dtype, weak), _imag_body(x, dtype, weak)
    a = lax.aval_of(x)
    kind = kind_of(x)
    if kind not in "fc" or (kind == "f" and not a.shape):
        default = registry.INFO[lattice.default_name("f", config.x64)].dtype
        re = lax.convert_element_type(re, default, False)
        im = lax.convert_element_type(im, default, False)
    out = lax.atan2(im, re)
    if deg:
        out = lax.mul(out, _scalar(out, 180 / np.pi))
    return out


def _isnan_body(x: Any, dtype: np.dtype[Any], weak: bool) -> Any:
    x = promote_args(x)[0]
    return lax.ne(x, x)


def _isinf_body(x: Any, dtype: np.dtype[Any], weak: bool) -> Any:
    x = promote_args(x)[0]
    kind = kind_of(x)
    if kind == "f":
        return lax.eq(lax.abs(x), _scalar(x, np.inf, False))
    if kind == "c":
        re, im = lax.real(x), lax.imag(x)
        return lax.bitwise_or(lax.eq(lax.abs(re), _scalar(re, np.inf, False)),
                              lax.eq(lax.abs(im), _scalar(im, np.inf, False)))
    return lax.full(lax.aval_of(x).shape, False, BOOL)


def _isfinite_body(x: Any, dtype: np.dtype[Any], weak: bool) -> Any:
    x = promote_args(x)[0]
    kind = kind_of(x)
    if kind == "f":
        return lax.is_finite(x)
    if kind == "c":
        return lax.bitwise_and(lax.is_finite(lax.real(x)), lax.is_finite(lax.imag(x)))
    return lax.full(lax.aval_of(x).shape, True, BOOL)


_INT_OF_WIDTH: Final = {16: "int16", 32: "int32", 64: "int64"}


def _signbit_body(x: Any, dtype: np.dtype[Any], weak: bool) -> Any:
    x = promote_args(x)[0]
    kind = kind_of(x)
    if kind in "iu":
        return lax.lt(x, _scalar(x, 0, False))
    if kind == "b":
        return lax.full(lax.aval_of(x).shape, False, BOOL)
    info = registry.INFO[operand(x)[0]]
    int_dtype = registry.INFO[_INT_OF_WIDTH[info.bits]].dtype
    bits = lax.bitcast_convert_type(x, int_dtype)
    shifted = lax.shift_right_arithmetic(bits, lax.const(info.bits - 1, ShapedArray((), int_dtype, False)))
    return lax.convert_element_type(shifted, BOOL, False)


def _nan_to_num_real(x: Any, nan: Any, posinf: Any, neginf: Any) -> Any:
    dtype = lax.aval_of(x).dtype
    name = registry.info_of_dtype(dtype).name  # type: ignore[union-attr]
    info: Any = np.finfo(dtype) if name in ("float16", "float32", "float64") else \
        __import__("ml_dtypes").finfo(dtype)
    posinf = info.max if posinf is None else posinf
    neginf = info.min if neginf is None else neginf
    strong = ShapedArray((), dtype, False)
    out = lax_where(lax.ne(x, x), lax.const(nan, strong), x)
    out = lax_where(lax.eq(out, _scalar(out, np.inf, False)), lax.const(posinf, strong), out)
    return lax_where(lax.eq(out, _scalar(out, -np.inf, False)), lax.const(neginf, strong), out)


def _nan_to_num_body(x: Any, dtype: np.dtype[Any], weak: bool, *, nan: float = 0.0, posinf: float | None = None,
                neginf: float | None = None) -> Any:
    """JAX's ``nan_to_num``: bool and integers unchanged; NaN, then +inf, then -inf replaced (by 0 and the dtype's
    largest and smallest finite values unless given), complex numbers part by part."""
    x = promote_args(x)[0]
    kind = kind_of(x)
    if kind not in "fc":
        return x
    if kind == "c":
        return lax.complex(_nan_to_num_real(lax.real(x), nan, posinf, neginf),
                           _nan_to_num_real(lax.imag(x), nan, posinf, neginf))
    return _nan_to_num_real(x, nan, posinf, neginf)


def _posneginf(infinity: float) -> Callable[..., Any]:
    def body(x: Any, dtype: np.dtype[Any], weak: bool) -> Any:
        """JAX's ``_isposneginf``: floats compared with a numpy infinity of their dtype; bool and integers never
        infinite (``full_like``)."""
        x = promote_args(x)[0]
        if kind_of(x) == "f":
            return lax.eq(x, _scalar(x, infinity, False))
        return lax.full(lax.aval_of(x).shape, False, BOOL)
    return body


def _imag_compared(op: Callable[[Any, Any], Any]) -> Callable[..., Any]:
    def body(x: Any, dtype: np.dtype[Any], weak: bool) -> Any:
        """JAX's ``isreal``/``iscomplex``: ``imag(x)`` compared with ``lax._const(imag, 0)``."""
        i = _imag_body(x, dtype, weak)
        return op(i, _scalar(i, 0))
    return body


def _copysign(x: Any, y: Any) -> Any:
    negative = signbit(y)  # JAX's where(signbit(y), -abs(x), abs(x)), its operands in that order
    return lax_where(negative, lax.neg(abs(x)), abs(x))


copysign_jit = defined_binary("copysign", _copysign, call=True)


def _spacing_body(x: Any, dtype: np.dtype[Any], weak: bool) -> Any:
    """JAX's ``spacing``: the distance to the next float away from zero (towards +inf for float16), or the smallest
    subnormal (with ``x``'s sign) where that distance rounds to 0."""
    arr = _as_result(x, dtype, weak)
    inf = _scalar(arr, np.inf)
    if registry.info_of_dtype(dtype).name == "float16":  # type: ignore[union-attr]
        return lax.sub(lax.nextafter(arr, inf), arr)
    result = lax.sub(lax.nextafter(arr, copysign_jit(inf, arr)), arr)
    tiny = __import__("ml_dtypes").finfo(dtype).smallest_subnormal
    return lax_where(lax.eq(result, _scalar(result, 0)), copysign_jit(np.asarray(tiny, dtype), arr), result)


_exp = _defined("exp", _inexact(lax.exp))
_log = _defined("log", _inexact(lax.log))
_sqrt = _defined("sqrt", _inexact(lax.sqrt))
_sin = _defined("sin", _inexact(lax.sin))
_cos = _defined("cos", _inexact(lax.cos))
_tanh = _defined("tanh", _inexact(lax.tanh))
exp = _exp
log = _log
sqrt = _sqrt
sin = _sin
cos = _cos
tanh = _tanh
negative = _defined("negative", _negative)
positive = _defined("positive", _same)
abs = _defined("abs", _abs)
absolute = abs
sign = _defined("sign", _sign)
invert = _defined("invert", _invert)
bitwise_not = invert
logical_not = _defined("logical_not", _logical_not)

_exp2 = _defined("exp2", _inexact(lax.exp2))
_expm1 = _defined("expm1", _inexact(lax.expm1))
_log2 = _defined("log2", _log2_body)
_log10 = _defined("log10", _log10_body)
_log1p = _defined("log1p", _inexact(lax.log1p))
_cbrt = _defined("cbrt", _inexact(lax.cbrt))
_tan = _defined("tan", _inexact(lax.tan))
_arcsin = _defined("arcsin", _inexact(lax.asin))
_arccos = _defined("arccos", _inexact(lax.acos))
_arctan = _defined("arctan", _inexact(lax.atan))
_sinh = _defined("sinh", _inexact(lax.sinh))
_cosh = _defined("cosh", _inexact(lax.cosh))
_arcsinh = _defined("arcsinh", _inexact(lax.asinh))
_arccosh = _defined("arccosh", _arccosh_body, call=True)
_arctanh = _defined("arctanh", _inexact(lax.atanh))
_deg2rad = _defined("deg2rad", _scaled(math.pi / 180))
_rad2deg = _defined("rad2deg", _scaled(180 / math.pi))
_sinc = _defined("sinc", _sinc_body)
_square = _defined("square", _square_body)
_reciprocal = _defined("reciprocal", _inexact(lambda v: lax.integer_pow(v, -1)))
_fabs = _defined("fabs", _fabs_body)
_floor = _defined("floor", _floor_body)
_ceil = _defined("ceil", _ceil_body)
_trunc = _defined("trunc", _trunc_body, call=True)
_rint = _defined("rint", _rint_body, call=True)
_round = _defined("round", _round_body, call=True)
_conj = _defined("conj", _conj_body)
_real = _defined("real", _real_body)
_imag = _defined("imag", _imag_body)
_angle = _defined("angle", _angle_body, call=True)
_isnan = _defined("isnan", _isnan_body)
_isinf = _defined("isinf", _isinf_body, call=True)
_isfinite = _defined("isfinite", _isfinite_body)
_signbit = _defined("signbit", _signbit_body, call=True)
_nan_to_num = _defined("nan_to_num", _nan_to_num_body, call=True)
_isposinf = _defined("isposinf", _posneginf(np.inf))
_isneginf = _defined("isneginf", _posneginf(-np.inf))
_isreal = _defined("isreal", _imag_compared(lax.eq), call=True)
_iscomplex = _defined("iscomplex", _imag_compared(lax.ne), call=True)
_spacing = _defined("spacing", _spacing_body)


def exp2(x: ArrayLike, /) -> Array:
    """``2 ** x``, elementwise (bool and integers become inexact)."""
    return _exp2(x)


def expm1(x: ArrayLike, /) -> Array:
    """``exp(x) - 1``, accurate near zero."""
    return _expm1(x)


def log2(x: ArrayLike, /) -> Array:
    """The base-2 logarithm (``log(x) / log(2)``; never weakly typed, as in JAX)."""
    return _log2(x)


def log10(x: ArrayLike, /) -> Array:
    """The base-10 logarithm (``log(x) * (1 / log(10))``; never weakly typed, as in JAX)."""
    return _log10(x)


def log1p(x: ArrayLike, /) -> Array:
    """``log(1 + x)``, accurate near zero."""
    return _log1p(x)


def cbrt(x: ArrayLike, /) -> Array:
    """The cube root (real floats only: complex operands raise ``TypeError``)."""
    return _cbrt(x)


def tan(x: ArrayLike, /) -> Array:
    """The tangent."""
    return _tan(x)


def arcsin(x: ArrayLike, /) -> Array:
    """The inverse sine."""
    return _arcsin(x)


def arccos(x: ArrayLike, /) -> Array:
    """The inverse cosine."""
    return _arccos(x)


def arctan(x: ArrayLike, /) -> Array:
    """The inverse tangent."""
    return _arctan(x)


def sinh(x: ArrayLike, /) -> Array:
    """The hyperbolic sine."""
    return _sinh(x)


def cosh(x: ArrayLike, /) -> Array:
    """The hyperbolic cosine."""
    return _cosh(x)


def arcsinh(x: ArrayLike, /) -> Array:
    """The inverse hyperbolic sine."""
    return _arcsinh(x)


def arccosh(x: ArrayLike, /) -> Array:
    """The inverse hyperbolic cosine (numpy's branch for complex numbers)."""
    return _arccosh(x)


def arctanh(x: ArrayLike, /) -> Array:
    """The inverse hyperbolic tangent."""
    return _arctanh(x)


def deg2rad(x: ArrayLike, /) -> Array:
    """Degrees to radians (``x * pi / 180``)."""
    return _deg2rad(x)


def rad2deg(x: ArrayLike, /) -> Array:
    """Radians to degrees (``x * 180 / pi``)."""
    return _rad2deg(x)


def sinc(x: ArrayLike, /) -> Array:
    """The normalized sinc function ``sin(pi x) / (pi x)`` (1 at 0)."""
    return _sinc(x)


def square(x: ArrayLike, /) -> Array:
    """``x * x`` (bool becomes int32, as JAX's ``promote_dtypes_numeric``)."""
    return _square(x)


def reciprocal(x: ArrayLike, /) -> Array:
    """``1 / x`` (bool and integers become inexact)."""
    return _reciprocal(x)


def fabs(x: ArrayLike, /) -> Array:
    """The absolute value, as an inexact dtype (complex operands raise ``TypeError``)."""
    return _fabs(x)


def floor(x: ArrayLike, /) -> Array:
    """Round down (bool and integers are returned as they are; complex operands raise ``TypeError``)."""
    return _floor(x)


def ceil(x: ArrayLike, /) -> Array:
    """Round up (bool and integers are returned as they are; complex operands raise ``TypeError``)."""
    return _ceil(x)


def trunc(x: ArrayLike) -> Array:
    """Round towards zero (bool and integers are returned as they are)."""
    return _trunc(x)


def rint(x: ArrayLike, /) -> Array:
    """Round half to even (bool and integers become the default float dtype)."""
    return _rint(x)


def round(a: ArrayLike, decimals: int = 0, out: None = None) -> Array:
    """Round half to even to ``decimals`` decimals (integers are returned as they are)."""
    if out is not None:
        raise NotImplementedError("The 'out' argument to arraytyping.numpy.round is not supported.")
    return _round(a, decimals=int(decimals))


def around(a: ArrayLike, decimals: int = 0, out: None = None) -> Array:
    """An alias of :func:`round`."""
    return round(a, decimals, out)


def conjugate(x: ArrayLike, /) -> Array:
    """The complex conjugate (other dtypes are returned as they are)."""
    return _conj(x)


def conj(x: ArrayLike, /) -> Array:
    """The complex conjugate (other dtypes are returned as they are)."""
    return _conj(x)


def real(val: ArrayLike, /) -> Array:
    """The real part (complex numbers give their real dtype; other dtypes are returned as they are)."""
    return _real(val)


def imag(val: ArrayLike, /) -> Array:
    """The imaginary part (zeros of the operand's dtype for real operands)."""
    return _imag(val)


def angle(z: ArrayLike, deg: bool = False) -> Array:
    """The argument of complex numbers, in radians (degrees with ``deg``)."""
    return _angle(z, deg=bool(deg))


def isnan(x: ArrayLike, /) -> Array:
    """Where ``x`` is NaN (a bool array)."""
    return _isnan(x)


def isinf(x: ArrayLike, /) -> Array:
    """Where ``x`` is infinite (a bool array)."""
    return _isinf(x)


def isfinite(x: ArrayLike, /) -> Array:
    """Where ``x`` is finite (a bool array)."""
    return _isfinite(x)


def signbit(x: ArrayLike, /) -> Array:
    """Where the sign bit is set (a bool array; ``-0.0`` counts as negative)."""
    return _signbit(x)


def nan_to_num(x: ArrayLike, copy: bool = True, nan: float = 0.0, posinf: float | None = None,
               neginf: float | None = None) -> Array:
    """``x`` with NaN replaced by ``nan`` and infinities by ``posinf``/``neginf`` (the largest finite values by
    default)."""
    return _nan_to_num(x, nan=float(nan), posinf=None if posinf is None else float(posinf),
                       neginf=None if neginf is None else float(neginf))


def _no_out(fn: str, out: None) -> None:
    if out is not None:
        raise NotImplementedError(f"The 'out' argument to jnp.{fn} is not supported.")


def isposinf(x: ArrayLike, /, out: None = None) -> Array:
    """Where ``x`` is +inf (a bool array; never for bool and integers; complex refused)."""
    _no_out("isposinf", out)
    return _isposinf(x)


def isneginf(x: ArrayLike, /, out: None = None) -> Array:
    """Where ``x`` is -inf (a bool array; never for bool and integers; complex refused)."""
    _no_out("isneginf", out)
    return _isneginf(x)


def isreal(x: ArrayLike) -> Array:
    """Where the imaginary part of ``x`` is zero (a bool array; everywhere for real dtypes)."""
    return _isreal(x)


def iscomplex(x: ArrayLike) -> Array:
    """Where the imaginary part of ``x`` is not zero (a bool array; nowhere for real dtypes)."""
    return _iscomplex(x)


def spacing(x: ArrayLike, /) -> Array:
    """The distance from ``x`` to the nearest adjacent float away from zero (``x``'s ulp, with its sign); bool and
    integers become the default float dtype; complex refused."""
    return _spacing(x)


def _modf_body(x: Any) -> tuple[Any, Any]:
    """JAX's ``modf``: ``whole = where(x >= 0, floor(x), ceil(x))`` after ``promote_dtypes_inexact``, and
    ``(x - whole, whole)``; the pair's dtypes from :func:`arraytyping.op_rules.pair_result`."""
    op = operand(x)
    try:
        (frac_name, frac_weak), (whole_name, whole_weak) = op_rules.pair_result("modf", [op], config.lattice_config)
    except RULE_ERRORS as e:
        raise type(e)(f"{e} (operand: {'weakly typed ' if op[1] else ''}{op[0]})") from None
    dtype, weak = common_dtype(x)
    x = _as_result(x, to_inexact_dtype(dtype), weak)
    whole = lax_where(lax.ge(x, _scalar(x, 0, lax.aval_of(x).weak_type)), floor(x), ceil(x))  # lax._zero(x)
    frac = x - whole  # jnp's subtract (the operator)
    return (finish("modf", frac, registry.INFO[frac_name].dtype, frac_weak),
            finish("modf", whole, registry.INFO[whole_name].dtype, whole_weak))


_modf = jitted(_modf_body, "modf", call_name="modf", arrays=1)


def modf(x: ArrayLike, /, out: None = None) -> tuple[Array, Array]:
    """The fractional and the integral parts of ``x``, each with ``x``'s sign (bool and integers become the default
    float dtype; complex refused)."""
    _no_out("modf", out)
    frac, whole = _modf(x)
    return frac, whole


# frexp: mantissa and exponent (JAX 0.10.2's ufuncs._frexp, with its custom JVP)

_INT_OF_BITS: Final[dict[int, np.dtype[Any]]] = {16: np.dtype("int16"), 32: np.dtype("int32"), 64: np.dtype("int64")}


def _frexp_impl(x: Any) -> tuple[Any, Any]:
    dtype = lax.aval_of(x).dtype
    info_any: Any = cast(Any, ml_dtypes).finfo(dtype)  # bfloat16's limits too, which numpy's finfo does not know
    int_type = _INT_OF_BITS[info_any.bits]
    nmant, nexp, minexp = int(info_any.nmant), int(info_any.nexp), int(info_any.minexp)
    mask = (1 << nexp) - 1
    bias = 1 - minexp
    a = lax.aval_of(x)
    tiny = lax.full((), float(info_any.tiny), dtype)
    cond = lax.lt(lax.abs(x), tiny)
    x1 = lax_where(cond, lax.mul(x, lax.full((), float(1 << nmant), dtype)), x)
    x2 = lax_where(cond, lax.full(a.shape, -nmant, int_type), lax.full(a.shape, 0, int_type))
    x1 = lax.bitcast_convert_type(x1, int_type)
    exp_bits = lax.bitwise_and(lax.shift_right_arithmetic(x1, lax.full((), nmant, int_type)),
                               lax.full((), mask, int_type))
    x2 = lax.add(x2, lax.add(lax.sub(exp_bits, lax.full((), bias, int_type)), lax.full((), 1, int_type)))
    x1 = lax.bitwise_and(x1, lax.full((), ~(mask << nmant), int_type))
    x1 = lax.bitwise_or(x1, lax.full((), (bias - 1) << nmant, int_type))
    x1 = lax.bitcast_convert_type(x1, dtype)
    special = lax.bitwise_or(lax.bitwise_or(lax.bitwise_not(lax.is_finite(x)), lax.ne(x, x)),
                             lax.eq(x, lax.full((), 0, dtype)))
    x2 = lax_where(special, lax.full(a.shape, 0, int_type), x2)
    return lax_where(special, x, x1), lax.convert_element_type(x2, np.dtype("int32"), False)


def _frexp_jvp(primals: tuple[Any], tangents: tuple[Any]) -> tuple[Any, Any]:
    (x,), (t,) = primals, tangents
    m, e = _frexp_custom(x)
    mdot = lax.mul(t, lax.exp2(lax.neg(lax.convert_element_type(e, lax.aval_of(t).dtype, False))))
    edot = np.zeros(lax.aval_of(e).shape, dtype=FLOAT0)
    return (m, e), (mdot, edot)


_frexp_custom: custom_jvp[[Any], tuple[Any, Any]] = custom_jvp(_frexp_impl)
_frexp_custom.defjvp(_frexp_jvp)


def _frexp_body(x: Any) -> tuple[Any, Any]:
    dtype, weak = common_dtype(x)
    x = as_dtype(x, to_inexact_dtype(dtype), weak)
    if kind_of(x) == "c":
        raise TypeError("frexp does not support complex-valued inputs")
    return _frexp_custom(x)


_frexp = jitted(_frexp_body, "frexp", call_name="frexp", arrays=1)


def frexp(x: ArrayLike, /) -> tuple[Array, Array]:
    """The mantissa and the exponent of ``x``: ``x == mantissa * 2 ** exponent`` with ``0.5 <= |mantissa| < 1``
    (both 0 for 0; infinities and NaN kept as the mantissa). The mantissa in ``x``'s inexact dtype, the exponent
    int32.

    Example: ``frexp(jnp.array([8.0, 0.75]))`` is ``([0.5, 0.75], [4, 0])``.
    """
    m, e = _frexp(x)
    return m, e


# i0: the modified Bessel function of the first kind, order 0 (JAX 0.10.2's lax_numpy.i0, with its custom JVP)


def _i0_impl(x: Any) -> Any:
    abs_x = lax.abs(x)
    return lax.mul(lax.exp(abs_x), _special.bessel_i0e(abs_x))


def _i0_jvp(primals: tuple[Any], tangents: tuple[Any]) -> tuple[Any, Any]:
    primal_out, tangent_out = _jvp(_i0_impl, primals, tangents)
    (x,) = primals
    zero = lax.full((), 0.0, lax.aval_of(tangent_out).dtype)
    return primal_out, lax_where(lax.eq(x, lax.full((), 0, lax.aval_of(x).dtype)),
                                 broadcast_to_shape(zero, shape_of(tangent_out)), tangent_out)


_i0_custom: custom_jvp[[Any], Any] = custom_jvp(_i0_impl)
_i0_custom.defjvp(_i0_jvp)


def _i0_body(x: Any) -> Any:
    dtype, weak = common_dtype(x)
    x = as_dtype(x, to_inexact_dtype(dtype), weak)
    if kind_of(x) != "f":
        raise ValueError(f"Unsupported input type to jax.numpy.i0: {lax.aval_of(x).dtype}")
    return _i0_custom(x)


_i0 = jitted(_i0_body, "i0", call_name="i0", arrays=1)


def i0(x: ArrayLike) -> Array:
    """The modified Bessel function of the first kind of order zero, ``I0(x)``, elementwise, in ``x``'s inexact
    dtype (a complex ``x`` is refused with a ``ValueError``). Its derivative at 0 is exactly 0.

    Args:
        x: the points (bool and integers become the default float dtype).

    Example: ``i0(jnp.array([0.0, 1.0]))`` is ``[1.0, 1.2660658]``.
    """
    out: Array = _i0(x)
    return out
