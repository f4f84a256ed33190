"""``arraytyping.numpy``: numpy's API with JAX's promotion semantics, on the runtime's arrays and tracers.

Every function is a jitted body over the primitives: called on concrete arrays it runs one compiled executable
(cached per signature); called under a trace it is inlined into the jaxpr. Binary operations promote their operands
through the lattice (Python ``int``/``float``/``complex`` are weak, ``bool`` is not), honour strict mode and x64,
and broadcast like numpy.
"""

from __future__ import annotations

import builtins
import functools
import math
import operator
from collections.abc import Callable, Hashable, Sequence
from types import EllipsisType
from typing import Any, Final, TypeAlias

import numpy as np

from arraytyping import lattice, op_rules
from arraytyping._src import registry
from arraytyping._src.config import config
from arraytyping._src.promotion import explicit_dtype_name, lattice_result, operand_of, promote_types, result_type, to_dtype
from arraytyping._src.runtime import lax
from arraytyping._src.runtime.array import Array, bind_numpy_functions
from arraytyping._src.runtime.array_impl import ArrayImpl, check_python_int, device_put
from arraytyping._src.runtime.avals import HOST_VALUE_TYPES, SEQUENCE_TYPES, ShapedArray
from arraytyping._src.runtime.core import Tracer, find_top_trace, trace_state
from arraytyping._src.runtime.dispatch import JitFunction
from arraytyping._src.runtime.tracing import ConstVal

__all__ = [
    "abs", "absolute", "add", "all", "any", "arange", "array", "asarray", "astype", "bitwise_and", "bitwise_not",
    "bitwise_or", "bitwise_xor", "broadcast_to", "cos", "divide", "dot", "equal", "exp", "floor_divide", "full",
    "full_like", "greater", "greater_equal", "invert", "less", "less_equal", "linspace", "log", "logical_and",
    "logical_not", "logical_or", "logical_xor", "matmul", "max", "maximum", "mean", "min", "minimum", "multiply",
    "negative", "not_equal", "ones", "ones_like", "positive", "power", "prod", "promote_types", "remainder",
    "reshape", "result_type", "sign", "sin", "sqrt", "subtract", "sum", "tanh", "transpose", "true_divide",
    "where", "zeros", "zeros_like", "getitem", "ndim", "shape", "size", "left_shift", "right_shift",
    "bitwise_left_shift", "bitwise_right_shift", "mod", "binary_result",
]

_PY_SCALARS = (bool, int, float, complex)
_NUMPY_VALUE_TYPES: tuple[type[Any], ...] = (np.ndarray, np.generic)
_ARRAY_TYPES: tuple[type[Any], ...] = (Array, np.ndarray)
"""numpy arrays and scalars (typed as :data:`~.avals.HOST_VALUE_TYPES` is)."""
BOOL: Final = np.dtype(bool)


# ---------------------------------------------------------------------------------------------------------------
# Promotion and broadcasting


def _operand(x: Any) -> tuple[str, bool]:
    if isinstance(x, Array):
        a = x.aval
        return a.name, a.weak_type
    if isinstance(x, ConstVal):
        return x.aval.name, x.aval.weak_type
    if isinstance(x, HOST_VALUE_TYPES):
        return operand_of(x, config.x64)
    raise TypeError(f"{type(x).__module__}.{type(x).__qualname__} {x!r:.60} is not a valid operand: expected an "
                    "array, a numpy value or a Python scalar (convert lists with arraytyping.numpy.asarray)")


def _as_dtype(x: Any, dtype: np.dtype[Any], weak: bool) -> Any:
    """``x`` (array, tracer, Python or numpy value) converted to ``dtype`` with weak flag ``weak``."""
    if isinstance(x, Array):
        return lax.convert_element_type(x, dtype, weak)
    if type(x) is int:
        check_python_int(x)
        x = np.asarray(x, dtype="int64" if config.x64 else "int32")
    elif isinstance(x, _NUMPY_VALUE_TYPES):
        name, _ = operand_of(x, config.x64)
        x = np.asarray(x, dtype=registry.INFO[name].dtype)
    elif isinstance(x, ConstVal):
        x = x.val
    elif isinstance(x, _PY_SCALARS):
        default = {bool: "bool", float: "float64" if config.x64 else "float32",
                   complex: "complex128" if config.x64 else "complex64"}[type(x)]
        x = np.asarray(x, dtype=default)
    return lax.const(x, ShapedArray(np.shape(x), dtype, weak and dtype != np.dtype(bool)))


def _result(*args: Any) -> tuple[np.dtype[Any], bool]:
    name, weak = lattice_result(tuple(_operand(a) for a in args), config.lattice_config)
    return registry.INFO[name].dtype, weak


def promote_args(*args: Any) -> list[Any]:
    """Convert ``args`` to their common dtype (JAX's ``promote_dtypes``) and rank (``promote_shapes``)."""
    dtype, weak = _result(*args)
    return _promote_shapes([_as_dtype(a, dtype, weak) for a in args])


_F32: Final = np.dtype("float32")
_F64: Final = np.dtype("float64")


def to_inexact_dtype(dtype: np.dtype[Any]) -> np.dtype[Any]:
    """JAX's ``dtypes.to_inexact_dtype`` (``op_rules.to_inexact_name``): bool and integers of 4 to 32 bits become
    float32, 64-bit integers float64 (float32 with x64 off), 1- and 2-bit integers and inexact dtypes stay. (Not the
    default float: ``int32 / int32`` is float32 even with x64, as in JAX.)"""
    info = registry.info_of_dtype(dtype)
    assert info is not None
    return registry.INFO[lattice.canonical_name(op_rules.to_inexact_name(info.name), config.x64)].dtype


def _upcast_f16(dtype: np.dtype[Any]) -> np.dtype[Any]:
    """float16 and bfloat16 reductions compute in float32 (JAX's ``_upcast_f16``)."""
    return _F32 if registry.info_of_dtype(dtype).name in ("float16", "bfloat16") else dtype  # type: ignore[union-attr]


def promote_args_inexact(*args: Any) -> list[Any]:
    """Like :func:`promote_args`, then bool and integers become inexact (:func:`to_inexact_dtype`; weak flag
    kept), as JAX's ``promote_dtypes_inexact``."""
    dtype, weak = _result(*args)
    return _promote_shapes([_as_dtype(a, to_inexact_dtype(dtype), weak) for a in args])


def _shape(x: Any) -> tuple[int, ...]:
    if isinstance(x, (Array, ConstVal)):
        return x.aval.shape if isinstance(x, Array) else x.aval.shape
    return tuple(np.shape(x))


def _promote_shapes(args: list[Any]) -> list[Any]:
    """Rank promotion as in JAX: rank-0 operands stay (primitives broadcast them); others get leading 1s."""
    shapes = [_shape(a) for a in args]
    ranks = {len(s) for s in shapes if s}
    if len(ranks) < 2:
        return args
    np.broadcast_shapes(*shapes)  # raises numpy's ValueError for incompatible shapes
    rank = builtins.max(ranks)
    out: list[Any] = []
    for a, s in zip(args, shapes):
        if s and len(s) < rank:
            a = lax.broadcast_in_dim(a, (1,) * (rank - len(s)) + s, tuple(range(rank - len(s), rank)))
        out.append(a)
    return out


def _check_shapes(name: str, *args: Any) -> None:
    try:
        np.broadcast_shapes(*[_shape(a) for a in args])
    except ValueError:
        raise ValueError(f"{name}: operands could not be broadcast together with shapes "
                         f"{' '.join(str(_shape(a)) for a in args)}") from None


def _kind_of(x: Any) -> str:
    return registry.INFO[_operand(x)[0]].kind


def _jitted(fun: Callable[..., Any], name: str | None = None) -> JitFunction:
    return JitFunction(fun, name=name or fun.__name__.lstrip("_"), static_kwargs=True)


# ---------------------------------------------------------------------------------------------------------------
# Elementwise binary operations
#
# Every binary function takes its output dtype and weak flag from ``arraytyping.op_rules.binary_result`` (the one
# table the stubs and the mypy plugin use too) and raises its errors; the bodies below only choose how to compute
# that dtype, as JAX 0.10.2's ``jax.numpy`` does.


_PY_SCALAR_TYPES: Final[frozenset[type]] = frozenset(_PY_SCALARS)


def _describe(x: Any, operand: tuple[str, bool]) -> str:
    if type(x) in _PY_SCALAR_TYPES:
        return f"Python {type(x).__name__}"
    name, weak = operand
    return f"weakly typed {name}" if weak else name


_op_rule = functools.lru_cache(maxsize=4096)(op_rules.binary_result)
"""``op_rules.binary_result`` memoized: tracing a long chain asks the same question for every operation."""


def binary_result(op: str, x: Any, y: Any, *, scalar_exponent: bool = False) -> tuple[np.dtype[Any], bool]:
    """The output dtype and weak flag of ``op(x, y)`` from :func:`arraytyping.op_rules.binary_result`.

    Raises its errors (:class:`~arraytyping.lattice.TypePromotionError`, a ``TypeError`` for dtypes the operation
    does not take, a ``ValueError`` where JAX fails on the values) with the operand dtypes in the message.
    ``scalar_exponent``: ``power``'s exponent is a concrete integer (JAX's ``integer_pow`` path)."""
    operands = (_operand(x), ("int", True) if scalar_exponent else _operand(y))
    try:
        name, weak = _op_rule(op, operands, config.lattice_config,
                              python_scalars=(type(x) in _PY_SCALAR_TYPES,
                                              scalar_exponent or (op != "power" and type(y) in _PY_SCALAR_TYPES)))
    except lattice.TypePromotionError as e:
        raise lattice.TypePromotionError(f"{op}: {e}", e.nodes, e.config) from None
    except (op_rules.OperandTypeError, op_rules.OperandValueError) as e:
        what = (f"{_describe(x, operands[0])} and {_describe(y, operands[1])}" if not scalar_exponent
                else f"{_describe(x, operands[0])} to the concrete integer power {y!r}")
        raise type(e)(f"{e} (operands: {what})") from None
    return registry.INFO[name].dtype, weak


def _dtype_kind(dtype: np.dtype[Any]) -> str:
    info = registry.info_of_dtype(dtype)
    assert info is not None
    return info.kind


def _finish(op: str, out: Any, dtype: np.dtype[Any], weak: bool) -> Any:
    """``out``, checked against the rule's result (a mismatch is a bug of the expansion, never of the caller)."""
    a = lax.aval_of(out)
    if a.dtype != dtype or a.weak_type != weak:
        raise AssertionError(f"internal error: {op} computed {a} but op_rules gives {registry.info_of_dtype(dtype)}"
                             f" (weak={weak})")
    return out


def _converted(dtype: np.dtype[Any], weak: bool, *args: Any) -> list[Any]:
    return _promote_shapes([_as_dtype(a, dtype, weak) for a in args])


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
        _check_shapes(name, x, y)
        dtype, weak = binary_result(name, x, y)
        x, y = _converted(dtype, weak, x, y)
        out = bool_op(x, y) if bool_op is not None and dtype == BOOL else op(x, y)
        return _finish(name, out, dtype, weak)
    body.__name__ = name
    body.__doc__ = _binary_doc(name)
    return _jitted(body, name)


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
    if _kind_of(x) == "u":
        return lax.shift_right_logical(x, y)
    return lax.shift_right_arithmetic(x, y)


right_shift = _binary("right_shift", _shift_right)
bitwise_right_shift = right_shift


def _compare(name: str, op: Callable[[Any, Any], Any], ordered: bool = False) -> JitFunction:
    """A comparison: operands converted to their promoted dtype, a bool result that is weak when they are. Ordered
    comparisons of complex numbers are lexicographic (real parts, then imaginary parts), as in JAX."""
    def body(x: Any, y: Any) -> Any:
        _check_shapes(name, x, y)
        dtype, weak = binary_result(name, x, y)
        x, y = promote_args(x, y)
        if ordered and _kind_of(x) == "c":
            xr, yr = lax.real(x), lax.real(y)
            out = lax.select_n(lax.eq(xr, yr), op(xr, yr), op(lax.imag(x), lax.imag(y)))
        else:
            out = op(x, y)
        return _finish(name, out, dtype, weak)
    body.__name__ = name
    body.__doc__ = _binary_doc(name, ", then compared (a bool array)")
    return _jitted(body, name)


equal = _compare("equal", lax.eq)
not_equal = _compare("not_equal", lax.ne)
less = _compare("less", lax.lt, ordered=True)
less_equal = _compare("less_equal", lax.le, ordered=True)
greater = _compare("greater", lax.gt, ordered=True)
greater_equal = _compare("greater_equal", lax.ge, ordered=True)


def _to_bool(x: Any) -> Any:
    if _kind_of(x) == "b":
        return x
    x = _as_dtype(x, registry.INFO[_operand(x)[0]].dtype, _operand(x)[1]) if not isinstance(x, Array) else x
    return lax.ne(x, lax.const(0, ShapedArray((), lax.aval_of(x).dtype, lax.aval_of(x).weak_type)))


def _logical(name: str, op: Callable[[Any, Any], Any]) -> JitFunction:
    def body(x: Any, y: Any) -> Any:
        _check_shapes(name, x, y)
        try:  # JAX promotes the operands first: a pair with no promotion path is refused (int4 with uint1)
            _result(x, y)
        except lattice.TypePromotionError as e:
            raise lattice.TypePromotionError(f"{name}: {e}", e.nodes, e.config) from None
        x, y = _promote_shapes([_to_bool(x), _to_bool(y)])
        return op(x, y)
    body.__name__ = name
    body.__doc__ = (f"``jax.numpy.{name}``, element-wise on the operands' truth values (broadcast): a bool "
                    "array. The operands must promote together, as in JAX.")
    return _jitted(body, name)


logical_and = _logical("logical_and", lax.bitwise_and)
logical_or = _logical("logical_or", lax.bitwise_or)
logical_xor = _logical("logical_xor", lax.bitwise_xor)


def _const_of(x: Any, value: Any) -> ConstVal:
    """A rank-0 constant of ``x``'s dtype and weak flag."""
    a = lax.aval_of(x)
    return lax.const(value, ShapedArray((), a.dtype, a.weak_type))


def _zero_like(x: Any) -> ConstVal:
    return _const_of(x, 0)


def _lax_where(condition: Any, x: Any, y: Any) -> Any:
    """JAX's internal ``_where`` on a bool condition and operands of one dtype: a rank-0 condition selects
    without being broadcast; otherwise the condition, then ``x``, then ``y`` are broadcast to the common shape."""
    shape = tuple(np.broadcast_shapes(_shape(condition), _shape(x), _shape(y)))
    if _shape(condition):
        condition = _broadcast_to_shape(condition, shape)
    x, y = _broadcast_to_shape(x, shape), _broadcast_to_shape(y, shape)
    return lax.select_n(condition, y, x)


def _float_divmod(x: Any, y: Any) -> tuple[Any, Any]:
    """JAX's ``_float_divmod`` (after CPython's ``float_divmod``), primitive by primitive: the quotient of the
    dividend less the truncated remainder (the dividend itself for a zero divisor), moved down by one where the
    remainder's sign differs from the divisor's, then rounded half away from zero; and the remainder, moved to the
    divisor's sign. ``floor_divide`` keeps only the quotient but JAX's expansion computes both, and so do we."""
    mod = lax.rem(x, y)
    x_corrected = _lax_where(lax.eq(y, _zero_like(y)), x, lax.sub(x, mod))
    div = lax.div(x_corrected, y)
    ind = lax.bitwise_and(lax.ne(mod, _zero_like(mod)), lax.ne(lax.sign(y), lax.sign(mod)))
    mod = lax.select_n(ind, mod, lax.add(mod, y))
    div = lax.select_n(ind, div, lax.sub(div, _const_of(div, 1.0)))
    return lax.round(div), mod


def _floor_divide(x: Any, y: Any) -> Any:
    """JAX's ``floor_divide`` in the numeric result dtype (bool operands divide as int32): unsigned integers
    divide, signed ones correct the truncated quotient towards negative infinity, floats take JAX's
    ``_float_divmod`` quotient (exact for negative divisors, zero remainders, infinities, nan and -0.0 alike);
    complex operands are rejected by the operation's rule (``TypeError``, as in JAX)."""
    _check_shapes("floor_divide", x, y)
    dtype, weak = binary_result("floor_divide", x, y)
    x, y = _converted(dtype, weak, x, y)
    kind = _kind_of(x)
    if kind == "u":
        out = lax.div(x, y)
    elif kind == "i":
        quotient = lax.div(x, y)
        wrong_sign = lax.ne(lax.sign(x), lax.sign(y))
        inexact = lax.ne(lax.rem(x, y), _zero_like(x))
        out = lax.select_n(lax.bitwise_and(wrong_sign, inexact), quotient, lax.sub(quotient, _const_of(quotient, 1)))
    else:
        out = _float_divmod(x, y)[0]
    return _finish("floor_divide", out, dtype, weak)


floor_divide = _jitted(_floor_divide)


def _remainder(x: Any, y: Any) -> Any:
    """JAX's ``remainder`` in the numeric result dtype: the truncated remainder, moved to the sign of the divisor;
    an integer divisor of 0 counts as 1 (so ``x % 0 == 0``, as in JAX)."""
    _check_shapes("remainder", x, y)
    dtype, weak = binary_result("remainder", x, y)
    x, y = _converted(dtype, weak, x, y)
    if _kind_of(y) in "iu":
        ya = lax.aval_of(y)
        y = lax.select_n(lax.eq(y, _zero_like(y)), y, lax.full(ya.shape, 1, ya.dtype, ya.weak_type))
    trunc = lax.rem(x, y)
    zero = _zero_like(trunc)
    nonzero = lax.ne(trunc, zero)
    signs_differ = lax.ne(lax.lt(trunc, zero), lax.lt(y, _zero_like(y)))
    out = lax.select_n(lax.bitwise_and(signs_differ, nonzero), trunc, lax.add(trunc, y))
    return _finish("remainder", out, dtype, weak)


remainder = _jitted(_remainder)
mod = remainder


def _integer_pow_body(x: Any, *, y: int) -> Any:
    """``x ** y`` for a concrete integer ``y``: only the base is promoted (to a numeric dtype), then
    ``integer_pow``, as JAX does."""
    dtype, weak = binary_result("power", x, y, scalar_exponent=True)
    (x,) = _converted(dtype, weak, x)
    return _finish("power", lax.integer_pow(x, y), dtype, weak)


_integer_pow = _jitted(_integer_pow_body, "integer_pow")


def _power_body(x: Any, y: Any) -> Any:
    _check_shapes("power", x, y)
    dtype, weak = binary_result("power", x, y)
    if _dtype_kind(dtype) in "iu":
        x, y = _converted(dtype, False, x, y)
        out = _pow_int_int(x, y)
    else:
        if _kind_of(x) in "fc" and _kind_of(y) in "iu":
            # a floating or complex base with an integer exponent array: pow without promoting either operand
            x, y = _promote_shapes([_as_dtype(x, *_scalar_type(x)), _as_dtype(y, *_scalar_type(y))])
        else:
            x, y = _converted(dtype, weak, x, y)
        out = lax.pow(x, y)
    return _finish("power", out, dtype, weak)


def _pow_int_int(x: Any, y: Any) -> Any:
    """JAX's ``_pow_int_int``: binary exponentiation over the low 6 bits of the exponent (more would overflow for
    any base above 1); ``0 ** n`` is 0 for ``n != 0``."""
    a = lax.aval_of(x)
    shape = tuple(np.broadcast_shapes(a.shape, lax.aval_of(y).shape))
    zero, one = _zero_like(y), _const_of(y, 1)
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


_power = _jitted(_power_body, "power")


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
# Elementwise unary operations


def _unary(name: str, body: Callable[[Any], Any]) -> JitFunction:
    body.__name__ = name
    if not body.__doc__:
        body.__doc__ = f"``jax.numpy.{name}``, element-wise, with JAX's result dtype (``op_rules.UNARY``)."
    return _jitted(body, name)


def _negative(x: Any) -> Any:
    x = promote_args(x)[0]
    if _kind_of(x) == "b":
        raise TypeError("negative does not accept bool operands; use logical_not")
    return lax.neg(x)


def _positive(x: Any) -> Any:
    return promote_args(x)[0]


def _abs(x: Any) -> Any:
    x = promote_args(x)[0]
    if _kind_of(x) in "bu":
        return x
    return lax.abs(x)


def _sign(x: Any) -> Any:
    x = promote_args(x)[0]
    if _kind_of(x) == "b":
        raise TypeError("sign does not accept bool operands")
    return lax.sign(x)


def _inexact_unary(name: str, op: Callable[[Any], Any]) -> JitFunction:
    def body(x: Any) -> Any:
        return op(promote_args_inexact(x)[0])
    return _unary(name, body)


def _invert(x: Any) -> Any:
    x = promote_args(x)[0]
    if _kind_of(x) not in "biu":
        raise TypeError(f"invert/bitwise_not accepts bool and integer operands, got {_operand(x)[0]}")
    return lax.bitwise_not(x)


def _logical_not(x: Any) -> Any:
    return lax.bitwise_not(_to_bool(promote_args(x)[0]))


negative = _unary("negative", _negative)
positive = _unary("positive", _positive)
abs = _unary("abs", _abs)
absolute = abs
sign = _unary("sign", _sign)
exp = _inexact_unary("exp", lax.exp)
log = _inexact_unary("log", lax.log)
sqrt = _inexact_unary("sqrt", lax.sqrt)
sin = _inexact_unary("sin", lax.sin)
cos = _inexact_unary("cos", lax.cos)
tanh = _inexact_unary("tanh", lax.tanh)
invert = _unary("invert", _invert)
bitwise_not = invert
logical_not = _unary("logical_not", _logical_not)


# ---------------------------------------------------------------------------------------------------------------
# where, astype


def _broadcast_to_shape(x: Any, shape: tuple[int, ...]) -> Any:
    s = _shape(x)
    if s == shape:
        return x
    if not isinstance(x, Array) and not s:
        x = x if isinstance(x, ConstVal) else x
    return lax.broadcast_in_dim(x, shape, tuple(range(len(shape) - len(s), len(shape))))


def _where(condition: Any, x: Any, y: Any) -> Any:
    shape = tuple(np.broadcast_shapes(_shape(condition), _shape(x), _shape(y)))
    c = _to_bool(condition if isinstance(condition, Array) else _as_dtype(condition, *_scalar_type(condition)))
    dtype, weak = _result(x, y)
    x, y = _as_dtype(x, dtype, weak), _as_dtype(y, dtype, weak)
    c, x, y = (_broadcast_to_shape(v, shape) for v in (c, x, y))
    return lax.select_n(c, y, x)


def _scalar_type(x: Any) -> tuple[np.dtype[Any], bool]:
    name, weak = _operand(x)
    return registry.INFO[name].dtype, weak


_where_jit = _jitted(_where, "where")


def where(condition: Any, x: Any = None, y: Any = None) -> Any:
    """Elements of ``x`` where ``condition`` holds, else of ``y`` (both promoted together, all broadcast)."""
    if x is None or y is None:
        raise ValueError("arraytyping.numpy.where needs three arguments (the one-argument form has a "
                         "data-dependent shape)")
    return _where_jit(condition, x, y)


def _canonical_dtype(dtype: Any) -> np.dtype[Any]:
    name = explicit_dtype_name(to_dtype(dtype).name, config.x64, dtype)
    return registry.INFO[name].dtype


def _astype(x: Any, *, dtype: np.dtype[Any]) -> Any:
    if isinstance(x, Array):
        return lax.convert_element_type(x, dtype, False)
    return _as_dtype(x, dtype, False)


_astype_jit = _jitted(_astype, "astype")


def astype(x: Any, dtype: Any) -> Any:
    """``x`` converted to ``dtype`` (canonicalized for x64, strongly typed)."""
    return _astype_jit(x, dtype=_canonical_dtype(dtype))


# ---------------------------------------------------------------------------------------------------------------
# Reductions


def _axes(axis: Any, ndim: int, name: str) -> tuple[int, ...]:
    if axis is None:
        return tuple(range(ndim))
    axes: tuple[Any, ...] = (axis,) if isinstance(axis, int) else tuple(axis)
    out: list[int] = []
    for a in axes:
        a = operator.index(a)
        if not -ndim <= a < ndim:
            raise ValueError(f"{name}: axis {a} is out of bounds for an array of dimension {ndim}")
        out.append(a % ndim)
    if len(set(out)) != len(out):
        raise ValueError(f"{name}: repeated axis in {axis}")
    return tuple(sorted(out))


def _keepdims(x: Any, axes: tuple[int, ...], keepdims: bool) -> Any:
    """Reinsert the reduced axes as size 1 (JAX's ``lax.expand_dims``: a ``broadcast_in_dim``)."""
    if not keepdims or not axes:
        return x
    s = _shape(x)
    n = len(s) + len(axes)
    kept = tuple(i for i in range(n) if i not in axes)
    out_shape = list(s)
    for a in axes:
        out_shape.insert(a, 1)
    return lax.broadcast_in_dim(x, tuple(out_shape), kept)


def _sum_like(kind: str, a: Any, axes: tuple[int, ...], keepdims: bool, dtype: np.dtype[Any] | None) -> Any:
    """JAX's ``_reduction`` for sum and prod: bool becomes int32 (``_cast_to_numeric``), the result dtype is
    ``op_rules.reduction_result``'s (or ``dtype``), float16/bfloat16 are summed in float32 unless ``dtype`` is
    given, and the result is converted to the result dtype."""
    name, weak = _operand(a)
    if name == "bool":
        a = lax.convert_element_type(a, registry.INFO["int32"].dtype, weak)
    result_dtype = dtype
    if result_dtype is None:  # the operation's rule (op_rules), as the mypy plugin has it
        rule = op_rules.reduction_result(kind, (name, weak), None, config.lattice_config)
        result_dtype = registry.INFO[rule[0]].dtype
    computation = _upcast_f16(result_dtype) if dtype is None else result_dtype
    a = lax.convert_element_type(a, computation, False)
    if computation == BOOL:  # JAX's bool_op: a sum of bools in bool is an "or", a product an "and"
        kind = "or" if kind == "sum" else "and"
    out = _keepdims(lax.reduce(kind, a, axes), axes, keepdims)
    return lax.convert_element_type(out, result_dtype, False)


def _reduction(kind: str, name: str) -> JitFunction:
    def body(a: Any, *, axis: Any = None, keepdims: bool = False, dtype: np.dtype[Any] | None = None) -> Any:
        a = promote_args(a)[0]
        shape = _shape(a)
        axes = _axes(axis, len(shape), name)
        if kind in ("sum", "prod"):
            return _sum_like(kind, a, axes, keepdims, dtype)
        if kind in ("or", "and"):  # JAX's _cast_to_bool: a conversion, not a comparison with 0
            a = lax.convert_element_type(a, BOOL, False)
        elif 0 in [shape[i] for i in axes]:
            raise ValueError(f"{name} of an empty array has no identity; pass a non-empty array")
        else:
            a = lax.convert_element_type(a, lax.aval_of(a).dtype, False)
        return _keepdims(lax.reduce(kind, a, axes), axes, keepdims)
    body.__name__ = name
    return _jitted(body, name)


_sum = _reduction("sum", "sum")
_prod = _reduction("prod", "prod")
_max = _reduction("max", "max")
_min = _reduction("min", "min")
_any = _reduction("or", "any")
_all = _reduction("and", "all")


def _static_axis(axis: Any) -> Any:
    if axis is None or isinstance(axis, int):
        return axis
    return tuple(operator.index(a) for a in axis)


def _reduction_dtype(dtype: Any, out: Any, name: str) -> np.dtype[Any] | None:
    """A reduction's ``dtype=`` as JAX's ``check_and_canonicalize_user_dtype`` reads it: Python types give the
    default dtype of their kind, other dtypes are canonicalized (x64 off: 64-bit ones truncate, with a warning).
    ``out`` must be None, as in JAX."""
    if out is not None:
        raise NotImplementedError(f"The 'out' argument to arraytyping.numpy.{name} is not supported.")
    if dtype is None:
        return None
    if isinstance(dtype, Array):
        raise ValueError(f"{name}: an array is no dtype argument; pass its .dtype instead")
    kind = _PY_TYPE_KINDS.get(dtype) if isinstance(dtype, type) else None
    if kind is not None:
        return registry.INFO[lattice.default_name(kind, config.x64)].dtype
    return _canonical_dtype(dtype)


_PY_TYPE_KINDS: Final[dict[type, str]] = {bool: "b", int: "i", float: "f", complex: "c"}


def sum(a: Any, axis: Any = None, dtype: Any = None, out: None = None, keepdims: bool = False) -> Any:
    """The sum of ``a`` over ``axis`` (all axes by default), in ``dtype`` if given; bool and narrow integers widen
    as in JAX (to the default integer of their signedness)."""
    return _sum(a, axis=_static_axis(axis), keepdims=bool(keepdims), dtype=_reduction_dtype(dtype, out, "sum"))


def prod(a: Any, axis: Any = None, dtype: Any = None, out: None = None, keepdims: bool = False) -> Any:
    """The product of ``a`` over ``axis`` (all axes by default), in ``dtype`` if given; bool and narrow integers widen as in JAX."""
    return _prod(a, axis=_static_axis(axis), keepdims=bool(keepdims), dtype=_reduction_dtype(dtype, out, "prod"))


def max(a: Any, axis: Any = None, keepdims: bool = False) -> Any:
    """The maximum of ``a`` over ``axis`` (all axes by default), in ``a``'s dtype."""
    return _max(a, axis=_static_axis(axis), keepdims=bool(keepdims))


def min(a: Any, axis: Any = None, keepdims: bool = False) -> Any:
    """The minimum of ``a`` over ``axis`` (all axes by default), in ``a``'s dtype."""
    return _min(a, axis=_static_axis(axis), keepdims=bool(keepdims))


def any(a: Any, axis: Any = None, keepdims: bool = False) -> Any:
    """Whether any element of ``a`` over ``axis`` (all axes by default) is true: a bool array."""
    return _any(a, axis=_static_axis(axis), keepdims=bool(keepdims))


def all(a: Any, axis: Any = None, keepdims: bool = False) -> Any:
    """Whether every element of ``a`` over ``axis`` (all axes by default) is true: a bool array."""
    return _all(a, axis=_static_axis(axis), keepdims=bool(keepdims))


def _mean_body(a: Any, *, axis: Any = None, keepdims: bool = False, dtype: np.dtype[Any] | None = None) -> Any:
    """JAX's ``_mean``: sum in the result dtype (the inexact dtype of ``a``, or ``dtype``; float32 for float16 and
    bfloat16), divide by the count in that dtype, convert to the result dtype."""
    a = promote_args(a)[0]
    shape = _shape(a)
    axes = _axes(axis, len(shape), "mean")
    result_name, _ = op_rules.reduction_result("mean", _operand(a), None if dtype is None else dtype.name,
                                               config.lattice_config)
    result_dtype = registry.INFO[result_name].dtype
    computation = _upcast_f16(result_dtype)
    count = math.prod(shape[i] for i in axes)
    total = _sum_like("sum", a, axes, keepdims, computation)
    out = lax.div(total, lax.const(count, ShapedArray((), computation, False)))
    return lax.convert_element_type(out, result_dtype, False)


_mean = _jitted(_mean_body, "mean")


def mean(a: Any, axis: Any = None, dtype: Any = None, out: None = None, keepdims: bool = False) -> Any:
    """The arithmetic mean of ``a`` over ``axis`` (all axes by default); integers and bool give the default float
    dtype, float16 and bfloat16 are accumulated in float32."""
    return _mean(a, axis=_static_axis(axis), keepdims=bool(keepdims), dtype=_reduction_dtype(dtype, out, "mean"))


# ---------------------------------------------------------------------------------------------------------------
# Shapes


def _reshape_body(a: Any, *, shape: tuple[int, ...]) -> Any:
    a = promote_args(a)[0]
    return lax.reshape(a, shape)


_reshape = _jitted(_reshape_body, "reshape")


def reshape(a: Any, shape: Any) -> Any:
    """``a`` with a new shape (one entry may be -1)."""
    dims = (operator.index(shape),) if not isinstance(shape, SEQUENCE_TYPES) else tuple(map(operator.index, shape))
    size = math.prod(_shape(a))
    if dims.count(-1) > 1:
        raise ValueError(f"reshape: can only specify one unknown dimension, got {dims}")
    if -1 in dims:
        known = math.prod(d for d in dims if d != -1)
        if known == 0 or size % known:
            raise ValueError(f"cannot reshape array of size {size} into shape {dims}")
        dims = tuple(size // known if d == -1 else d for d in dims)
    if math.prod(dims) != size or builtins.any(d < 0 for d in dims):
        raise ValueError(f"cannot reshape array of size {size} into shape {dims}")
    return _reshape(a, shape=dims)


def _transpose_body(a: Any, *, axes: tuple[int, ...] | None) -> Any:
    a = promote_args(a)[0]
    n = len(_shape(a))
    perm = tuple(range(n))[::-1] if axes is None else _perm(axes, n)
    return lax.transpose(a, perm)


def _perm(axes: Sequence[int], n: int) -> tuple[int, ...]:
    perm = tuple(operator.index(x) % n if n else operator.index(x) for x in axes)
    if sorted(perm) != list(range(n)):
        raise ValueError(f"transpose: axes {tuple(axes)} don't match an array of dimension {n}")
    return perm


_transpose = _jitted(_transpose_body, "transpose")


def transpose(a: Any, axes: Any = None) -> Any:
    """``a`` with its axes permuted by ``axes`` (reversed when omitted)."""
    return _transpose(a, axes=None if axes is None else tuple(map(operator.index, axes)))


def _broadcast_to_body(a: Any, *, shape: tuple[int, ...]) -> Any:
    a = promote_args(a)[0]
    s = _shape(a)
    try:
        if np.broadcast_shapes(s, shape) != shape:
            raise ValueError
    except ValueError:
        raise ValueError(f"cannot broadcast an array of shape {s} to shape {shape}") from None
    if s == shape:
        return a
    return lax.broadcast_in_dim(a, shape, tuple(range(len(shape) - len(s), len(shape))))


_broadcast_to = _jitted(_broadcast_to_body, "broadcast_to")


def broadcast_to(a: Any, shape: Any) -> Any:
    """``a`` broadcast to ``shape`` (NumPy's broadcasting rules), in ``a``'s dtype."""
    dims = (operator.index(shape),) if not isinstance(shape, SEQUENCE_TYPES) else tuple(map(operator.index, shape))
    return _broadcast_to(a, shape=dims)


def _matmul_body(a: Any, b: Any) -> Any:
    """JAX's ``matmul``: vectors contract directly (no reshapes), batch dimensions of size 1 are squeezed, one
    ``dot_general`` then a transpose into numpy's output order. Unlike JAX, operands are first converted to their
    common dtype (our ``dot_general`` takes one dtype). The dtype is JAX's matmul rule (``op_rules``)."""
    if not _shape(a) or not _shape(b):  # first, as in JAX (a Python scalar arrives here as a 0-d tracer)
        raise ValueError("matmul: operands must be at least 1-dimensional (use multiply for scalars)")
    dtype, weak = binary_result("matmul", a, b)
    a, b = _as_dtype(a, dtype, weak), _as_dtype(b, dtype, weak)
    sa, sb = _shape(a), _shape(b)
    a_is_mat, b_is_mat = len(sa) > 1, len(sb) > 1
    if sa[-1] != (sb[-2] if b_is_mat else sb[0]):
        raise ValueError(f"matmul: contracting dimensions differ: {sa} @ {sb}")
    a_bd: tuple[int | None, ...] = sa[:-2] if a_is_mat else ()
    b_bd: tuple[int | None, ...] = sb[:-2] if b_is_mat else ()
    nb = builtins.max(len(a_bd), len(b_bd))
    a_bd = (None,) * (nb - len(a_bd)) + a_bd
    b_bd = (None,) * (nb - len(b_bd)) + b_bd
    a_squeeze: list[int] = []
    b_squeeze: list[int] = []
    both_squeeze: list[int] = []
    a_batch: list[int] = []
    b_batch: list[int] = []
    idx_batch: list[int] = []
    idx_a: list[int] = []
    idx_b: list[int] = []
    for i, (da, db) in enumerate(zip(a_bd, b_bd)):
        if da is None:
            idx_b.append(i)
        elif db is None:
            idx_a.append(i)
        elif da == 1 and db == 1:
            a_squeeze.append(len(idx_batch) + len(idx_a) + len(a_squeeze))
            b_squeeze.append(len(idx_batch) + len(idx_b) + len(b_squeeze))
            both_squeeze.append(i)
        elif da == 1:
            idx_b.append(i)
            a_squeeze.append(len(idx_batch) + len(idx_a) + len(a_squeeze))
        elif db == 1:
            idx_a.append(i)
            b_squeeze.append(len(idx_batch) + len(idx_b) + len(b_squeeze))
        elif da == db:
            a_batch.append(len(idx_batch) + len(idx_a))
            b_batch.append(len(idx_batch) + len(idx_b))
            idx_batch.append(i)
        else:
            raise ValueError(f"matmul: batch dimensions do not broadcast: {sa} @ {sb}")
    if a_is_mat:
        idx_a.append(nb)
    if b_is_mat:
        idx_b.append(nb + a_is_mat)
    perm = tuple(int(p) for p in np.argsort(np.array(idx_batch + idx_a + idx_b, dtype=np.int64)))
    a, b = lax.squeeze(a, a_squeeze), lax.squeeze(b, b_squeeze)
    nda, ndb = len(_shape(a)), len(_shape(b))
    dn = (((nda - 1,), (ndb - 1 - b_is_mat,)), (tuple(a_batch), tuple(b_batch)))
    out = lax.transpose(lax.dot_general(a, b, dn, dtype), perm)
    if both_squeeze:
        s = _shape(out)
        out_shape = list(s)
        for d in both_squeeze:
            out_shape.insert(d, 1)
        out = lax.broadcast_in_dim(out, tuple(out_shape), tuple(i for i in range(len(out_shape))
                                                                 if i not in both_squeeze))
    return lax.convert_element_type(out, dtype, weak)


_matmul = _jitted(_matmul_body, "matmul")


def matmul(a: Any, b: Any) -> Any:
    """The matrix product of ``a`` and ``b`` (``@``), with JAX's ``matmul`` dtype rule. JAX's keyword-only
    ``precision``/``preferred_element_type``/``out_sharding`` are not supported."""
    return _matmul(a, b)


def _dot_body(a: Any, b: Any) -> Any:
    dtype, weak = binary_result("dot", a, b)  # JAX's dot rule: also for a scalar operand, unlike multiply's
    if not _shape(a) or not _shape(b):
        return lax.convert_element_type(multiply(a, b), dtype, weak)
    if len(_shape(b)) > 2:
        raise NotImplementedError("dot with an operand of rank > 2; use matmul or einsum-style reshapes")
    return _matmul_body(a, b)


_dot = _jitted(_dot_body, "dot")


def dot(a: Any, b: Any) -> Any:
    """The dot product of ``a`` and ``b`` (a product for scalars), with ``multiply``'s dtype rule. JAX's
    keyword-only ``precision``/``preferred_element_type``/``out_sharding`` are not supported."""
    return _dot(a, b)


# ---------------------------------------------------------------------------------------------------------------
# Indexing


def _getitem_body(x: Any, *, index: tuple[Any, ...]) -> Any:
    shape = _shape(x)
    n_real = builtins.sum(1 for i in index if i is not None and i is not Ellipsis)
    if builtins.sum(1 for i in index if i is Ellipsis) > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    if n_real > len(shape):
        raise IndexError(f"too many indices for array: array is {len(shape)}-dimensional, but {n_real} were indexed")
    expanded: list[Any] = []
    for i in index:
        if i is Ellipsis:
            expanded.extend([slice(None)] * (len(shape) - n_real))
        else:
            expanded.append(i)
    if Ellipsis not in index:
        expanded.extend([slice(None)] * (len(shape) - n_real))
    start: list[int] = []
    limit: list[int] = []
    strides: list[int] = []
    squeeze_dims: list[int] = []
    rev_dims: list[int] = []
    new_axes: list[int] = []
    dim = 0
    out_pos = 0
    for i in expanded:
        if i is None:
            new_axes.append(out_pos)
            out_pos += 1
            continue
        n = shape[dim]
        if isinstance(i, int):
            k = i + n if i < 0 else i
            if not 0 <= k < n:
                raise IndexError(f"index {i} is out of bounds for axis {dim} with size {n}")
            start.append(k)
            limit.append(k + 1)
            strides.append(1)
            squeeze_dims.append(dim)
        else:
            lo, hi, step = i.indices(n)
            if step > 0:
                start.append(lo)
                limit.append(builtins.max(lo, hi))
                strides.append(step)
            else:
                count = len(range(lo, hi, step))
                if count == 0:
                    start.append(0)
                    limit.append(0)
                    strides.append(1)
                else:
                    last = lo + (count - 1) * step
                    start.append(last)
                    limit.append(lo + 1)
                    strides.append(-step)
                    rev_dims.append(dim)
            out_pos += 1
        dim += 1
    if tuple(start) != (0,) * len(shape) or tuple(limit) != shape or builtins.any(s != 1 for s in strides):
        x = lax.slice(x, start, limit, strides)
    if rev_dims:
        x = lax.rev(x, rev_dims)
    x = lax.squeeze(x, squeeze_dims)
    if new_axes:
        s = _shape(x)
        out_shape = list(s)
        for p in new_axes:
            out_shape.insert(p, 1)
        kept = [p for p in range(len(out_shape)) if p not in new_axes]
        x = lax.broadcast_in_dim(x, tuple(out_shape), tuple(kept))
    return x


_getitem = _jitted(_getitem_body, "getitem")


_StaticIndexItem: TypeAlias = "int | slice[int | None, int | None, int | None] | None | EllipsisType"
"""One item of a static index, after :func:`_static_index_item`."""


def _static_index_item(i: Any) -> _StaticIndexItem:
    if i is None:
        return None
    if i is Ellipsis:
        return ...
    obj: object = i  # tested unnarrowed, so the slice's parts stay ``Any``
    if isinstance(obj, slice):
        sl: slice[Any, Any, Any] = i
        parts: tuple[Any, Any, Any] = (sl.start, sl.stop, sl.step)
        if builtins.all(v is None or isinstance(v, int) for v in parts):
            if sl.step == 0:
                raise ValueError("slice step cannot be zero")
            return sl
        return slice(*(None if v is None else operator.index(v) for v in parts))
    if isinstance(obj, (bool, np.bool_)):
        raise IndexError("boolean indices are not supported (they give data-dependent shapes)")
    if type(obj) is list or (isinstance(i, _ARRAY_TYPES) and np.ndim(i) != 0):
        raise IndexError(f"advanced (array) indexing is not supported yet; got an index of type "
                         f"{_type_name(i)}. Use ints, slices, None and Ellipsis")
    return operator.index(i)


def _type_name(x: object) -> str:
    return type(x).__name__


def _index_key_item(i: _StaticIndexItem) -> Hashable:
    """``i`` as a hashable value (a slice as its parts, ``...`` as a tag)."""
    if isinstance(i, slice):
        return (i.start, i.stop, i.step)
    return ("...",) if i is Ellipsis else i


def getitem(x: Any, index: Any) -> Any:
    """``x[index]`` for static ints, slices, ``None`` and ``Ellipsis``."""
    obj: object = index
    items: tuple[Any, ...] = index if isinstance(obj, tuple) else (index,)
    idx = tuple(_static_index_item(i) for i in items)
    return _getitem(x, index=_IndexKey(idx, tuple(_index_key_item(i) for i in idx)))


class _IndexKey(tuple[_StaticIndexItem, ...]):
    """A hashable static index (slices are not hashable before Python 3.12)."""

    _key: tuple[Hashable, ...]

    def __new__(cls, idx: tuple[_StaticIndexItem, ...], key: tuple[Hashable, ...]) -> _IndexKey:
        self = super().__new__(cls, idx)
        self._key = key
        return self

    def __hash__(self) -> int:
        return hash(self._key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _IndexKey) and self._key == other._key


# ---------------------------------------------------------------------------------------------------------------
# Creation


def _in_trace(*args: Any) -> bool:
    return trace_state.dynamic is not None or builtins.any(isinstance(a, Tracer) for a in args)


def asarray(a: Any, dtype: Any = None, copy: bool | None = None) -> Any:
    """An array from ``a`` (array, numpy value, Python scalar or nested list). Python scalars are weakly typed
    unless ``dtype`` is given; numpy values keep their dtype, canonicalized for x64."""
    if dtype is not None:
        dt = _canonical_dtype(dtype)
        if isinstance(a, Array):
            return astype(a, dt)
        if isinstance(a, SEQUENCE_TYPES) and builtins.any(isinstance(v, Array) for v in _flat(a)):
            a = np.asarray([np.asarray(v) for v in _items(a)]) if not _in_trace() else a
        host = _host(a, dt)
        if _in_trace():
            return _traced_const(host, ShapedArray(host.shape, dt, False))
        return device_put(host)
    if isinstance(a, Array):
        return a
    if isinstance(a, SEQUENCE_TYPES):
        if builtins.any(isinstance(v, Tracer) for v in _flat(a)):
            raise TypeError("asarray of a list containing traced values is not supported; stack them with "
                            "reshape/concatenation of arrays instead")
        items = _items(a)
        host_seq: np.ndarray[Any, Any] = np.asarray([np.asarray(v) if isinstance(v, Array) else v for v in items]) \
            if builtins.any(isinstance(v, Array) for v in items) else np.asarray(a)
        a = host_seq
        if host_seq.dtype == object:
            raise TypeError("asarray: the nested sequence is ragged or holds objects that are not numbers")
    if _in_trace():
        name, weak = _operand(a)
        host = _host(a, registry.INFO[name].dtype)
        return _traced_const(host, ShapedArray(host.shape, host.dtype, weak))
    return device_put(a)


def _traced_const(host: np.ndarray[Any, Any], aval: ShapedArray) -> Any:
    """A constant as a tracer of the current trace (a literal when rank 0, else a constvar)."""
    trace = find_top_trace(())
    assert trace is not None
    return trace.pure(lax.const(host, aval))


def _items(a: Any) -> Sequence[Any]:
    """The items of a list or tuple, typed ``Any``."""
    items: Sequence[Any] = a
    return items


def _flat(a: Any) -> list[Any]:
    out: list[Any] = []
    for v in _items(a):
        out.extend(_flat(v) if isinstance(v, (list, tuple)) else [v])
    return out


def _host(a: Any, dtype: np.dtype[Any]) -> np.ndarray[Any, Any]:
    if type(a) is int:
        check_python_int(a)
    with np.errstate(over="ignore", invalid="ignore"):
        return np.asarray(a).astype(dtype)


def array(a: Any, dtype: Any = None, copy: bool = True) -> Any:
    """Like :func:`asarray` (arrays are immutable, so no copy is ever needed)."""
    return asarray(a, dtype=dtype)


def _shape_arg(shape: Any) -> tuple[int, ...]:
    dims = (operator.index(shape),) if not isinstance(shape, SEQUENCE_TYPES) else tuple(map(operator.index, shape))
    if builtins.any(d < 0 for d in dims):
        raise ValueError(f"negative dimensions are not allowed: {dims}")
    return dims


def _default_float() -> np.dtype[Any]:
    return registry.INFO[lattice.default_name("f", config.x64)].dtype


def full(shape: Any, fill_value: Any, dtype: Any = None) -> Any:
    """An array of ``shape`` filled with ``fill_value``: of ``dtype`` (strong) if given, else of ``fill_value``'s
    dtype and weak flag (``full(3, 2)`` is a weakly typed int32, as JAX's ``lax.full``)."""
    if dtype is None:
        name, weak = _operand(fill_value)
        return _full(shape, fill_value, registry.INFO[name].dtype, weak)
    return _full(shape, fill_value, _canonical_dtype(dtype), False)


def _full(shape: Any, fill_value: Any, dt: np.dtype[Any], weak: bool) -> Any:
    dims = _shape_arg(shape)
    if isinstance(fill_value, Tracer) or (trace_state.dynamic is not None):
        if isinstance(fill_value, Array):
            return broadcast_to(lax.convert_element_type(fill_value, dt, weak), dims)
        out = lax.full(dims, _host(fill_value, dt), dt, weak)
        return _traced_const(out.val, out.aval) if isinstance(out, ConstVal) else out
    value = np.asarray(fill_value) if isinstance(fill_value, Array) else fill_value
    out = device_put(np.full(dims, _host(value, dt), dtype=dt))
    return lax.convert_element_type(out, dt, True) if weak else out


def zeros(shape: Any, dtype: Any = None) -> Any:
    """A new array of ``shape`` filled with zeros, of ``dtype`` (the default float dtype when omitted)."""
    return full(shape, 0, _default_float() if dtype is None else dtype)


def ones(shape: Any, dtype: Any = None) -> Any:
    """A new array of ``shape`` filled with ones, of ``dtype`` (the default float dtype when omitted)."""
    return full(shape, 1, _default_float() if dtype is None else dtype)


def full_like(a: Any, fill_value: Any, dtype: Any = None, shape: Any = None) -> Any:
    """An array of ``a``'s shape (or ``shape``) filled with ``fill_value``: of ``dtype`` (strong) if given, else of
    ``a``'s dtype and weak flag, as JAX's ``lax.full_like``."""
    name, weak = _operand(a)
    if dtype is not None:
        return full(_shape(a) if shape is None else shape, fill_value, dtype)
    return _full(_shape(a) if shape is None else shape, fill_value, registry.INFO[name].dtype, weak)


def zeros_like(a: Any, dtype: Any = None, shape: Any = None) -> Any:
    """A new array of zeros with ``a``'s shape and dtype (or ``dtype``, ``shape`` when given)."""
    return full_like(a, 0, dtype, shape)


def ones_like(a: Any, dtype: Any = None, shape: Any = None) -> Any:
    """A new array of ones with ``a``'s shape and dtype (or ``dtype``, ``shape`` when given)."""
    return full_like(a, 1, dtype, shape)


_np_arange: Callable[..., np.ndarray[Any, Any]] = np.arange
"""``numpy.arange`` with bounds of any type (its overloads resolve to an unknown type for ``Any`` bounds)."""


def arange(start: Any, stop: Any = None, step: Any = None, dtype: Any = None) -> Any:
    """Evenly spaced values in ``[start, stop)`` (static bounds). Integers give the default int dtype."""
    for v in (start, stop, step):
        if isinstance(v, Tracer):
            raise TypeError("arange bounds must be static Python numbers, got a traced value")
    if stop is None:
        start, stop = 0, start
    if step is None:
        step = 1
    vals = [v for v in (start, stop, step)]
    if dtype is None:
        dt = result_type(*[np.asarray(v).item() if isinstance(v, Array) else v for v in vals])
    else:
        dt = _canonical_dtype(dtype)
    bounds: list[Any] = [np.asarray(v).item() if isinstance(v, Array) else v for v in vals]
    host = _np_arange(*bounds).astype(dt)
    if trace_state.dynamic is not None:
        n = host.shape[0]
        out = lax.iota(dt, (n,), 0)
        if step != 1:
            out = lax.mul(out, lax.const(step, ShapedArray((), dt, False)))
        if start != 0:
            out = lax.add(out, lax.const(start, ShapedArray((), dt, False)))
        return out
    return device_put(host)


def linspace(start: Any, stop: Any, num: int = 50, endpoint: bool = True, retstep: bool = False,
             dtype: Any = None, axis: int = 0) -> Any:
    """``num`` evenly spaced values from ``start`` to ``stop`` (static scalar bounds; default float dtype). With
    ``retstep``, also the step: a rank-0 array of the inexact computation dtype (``dtype``, made inexact as JAX's
    ``to_inexact_dtype``), NaN where undefined. ``axis`` is 0 or -1 (the result is 1-d)."""
    dt = _default_float() if dtype is None else _canonical_dtype(dtype)
    host, step = np.linspace(float(start), float(stop), operator.index(num), endpoint=endpoint, retstep=True,
                             axis=operator.index(axis))
    host = host.astype(dt)
    step_host = np.asarray(step).astype(to_inexact_dtype(dt))
    if trace_state.dynamic is not None:
        out = _traced_const(host, ShapedArray(host.shape, dt, False))
        return (out, _traced_const(step_host, ShapedArray((), step_host.dtype, False))) if retstep else out
    return (device_put(host), device_put(step_host)) if retstep else device_put(host)


def ndim(a: Any) -> int:
    """The number of dimensions of ``a`` (an array, a numpy value or a Python scalar)."""
    return len(_shape(a))


def shape(a: Any) -> tuple[int, ...]:
    """The shape of ``a`` (an array, a numpy value or a Python scalar)."""
    return _shape(a)


def size(a: Any) -> int:
    """The number of elements of ``a`` (an array, a numpy value or a Python scalar)."""
    return math.prod(_shape(a))


_ = (promote_types, ArrayImpl)
bind_numpy_functions(__import__(__name__, fromlist=["_"]))
