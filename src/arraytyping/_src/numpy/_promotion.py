"""What every ``arraytyping.numpy`` family shares: operands, promotion, rank promotion, constants, jitting.

Operands are arrays and tracers, numpy values and Python scalars (weak: ``int``, ``float``, ``complex``; ``bool`` is
not). Promotion goes through the lattice (:func:`arraytyping._src.dtypes.promotion.lattice_result`) and each operation's
rule in :mod:`arraytyping.op_rules`; shapes broadcast as numpy's, staged as JAX stages them (rank-0 operands stay for
the primitives to broadcast, others get leading 1s). Every public function of the family modules is a jitted body
(:func:`jitted`): one compiled executable per signature when called on arrays, inlined under a trace.
"""

from __future__ import annotations

import builtins
import functools
import warnings
from collections.abc import Callable
from typing import Any, Final, TypeAlias, Union, cast

import numpy as np

from arraytyping import lattice, op_rules
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import OP_NAME, TRACE_FLAGS, config, numpy_rank_promotion
from arraytyping._src.core.array import Array, is_array
from arraytyping._src.core.arraylike import not_arraylike
from arraytyping._src.core.avals import HOST_VALUE_TYPES, ShapedArray
from arraytyping._src.core.staging import ConstVal
from arraytyping._src.core.trace import Tracer, find_top_trace, trace_state
from arraytyping._src.lax import lax
from arraytyping._src.lax.operand_checks import numpy_broadcast
from arraytyping._src.dtypes.promotion import explicit_dtype_name, lattice_result, operand_of, to_dtype
from arraytyping._src.xla import dispatch
from arraytyping._src.xla.array_impl import check_python_int
from arraytyping._src.xla.dispatch import JitFunction

ArrayLike: TypeAlias = Union[Array, "np.ndarray[Any, Any]", np.bool_, "np.number[Any]", bool, int, float, complex]
"""What the functions take as an array argument (``arraytyping.typing.ArrayLike`` at run time, whose own definition
waits for the runtime to be imported)."""

PY_SCALARS = (bool, int, float, complex)
NUMPY_VALUE_TYPES: tuple[type[Any], ...] = (np.ndarray, np.generic)
ARRAY_TYPES: tuple[type[Any], ...] = (Array, np.ndarray)
"""numpy arrays and scalars (typed as :data:`~arraytyping._src.core.avals.HOST_VALUE_TYPES` is)."""
BOOL: Final = np.dtype(bool)


def operand(x: Any) -> tuple[str, bool]:
    if is_array(x):
        a = x.aval
        return a.name, a.weak_type
    if isinstance(x, ConstVal):
        return x.aval.name, x.aval.weak_type
    if isinstance(x, HOST_VALUE_TYPES):
        return operand_of(x, config.x64)
    raise TypeError(f"{type(x).__module__}.{type(x).__qualname__} {x!r:.60} is not a valid operand: expected an "
                    "array, a numpy value or a Python scalar (convert lists with arraytyping.numpy.asarray)")


def arraylike(x: Any, fn: str) -> Any:
    """``x`` checked as JAX's ``check_arraylike``/``ensure_arraylike`` check it, returned as it is: a list or tuple
    is refused with JAX's message, anything else that is no operand by :func:`operand`."""
    if isinstance(x, (list, tuple)):
        raise not_arraylike(fn, cast(object, x), 0)
    operand(x)
    return x


def as_dtype(x: Any, dtype: np.dtype[Any], weak: bool) -> Any:
    """``x`` (array, tracer, Python or numpy value) converted to ``dtype`` with weak flag ``weak``."""
    if is_array(x):
        return lax.convert_element_type(x, dtype, weak)
    py = x if type(x) in (float, complex) else None
    if type(x) is int:
        check_python_int(x)
        x = np.asarray(x, dtype="int64" if config.x64 else "int32")
    elif isinstance(x, NUMPY_VALUE_TYPES):
        name, _ = operand_of(x, config.x64)
        x = np.asarray(x, dtype=registry.INFO[name].dtype)
    elif isinstance(x, ConstVal):
        x = x.val
    elif isinstance(x, PY_SCALARS):
        default = {bool: "bool", float: "float64" if config.x64 else "float32",
                   complex: "complex128" if config.x64 else "complex64"}[type(x)]
        x = np.asarray(x, dtype=default)
    out = lax.const(x, ShapedArray(x.shape if type(x) is np.ndarray else np.shape(x), dtype,
                                   weak and dtype != np.dtype(bool)))
    if py is not None and weak and x.dtype == dtype:
        # a Python float or complex in its own weak type: JAX stages it unconverted, and prints it as Python does
        out.shown = py
    return out


def common_dtype(*args: Any) -> tuple[np.dtype[Any], bool]:
    name, weak = lattice_result(tuple(operand(a) for a in args), config.lattice_config)
    return registry.INFO[name].dtype, weak


def promote_args(*args: Any) -> list[Any]:
    """Convert ``args`` to their common dtype (JAX's ``promote_dtypes``) and rank (``promote_shapes``). A single
    array passes through unchanged (a weakly typed bool stays one), as in JAX."""
    if len(args) == 1 and is_array(args[0]):
        return [args[0]]
    dtype, weak = common_dtype(*args)
    return promote_shapes([as_dtype(a, dtype, weak) for a in args])


F32: Final = np.dtype("float32")
F64: Final = np.dtype("float64")


def to_inexact_dtype(dtype: np.dtype[Any]) -> np.dtype[Any]:
    """JAX's ``dtypes.to_inexact_dtype``: bool and integers of 4 to 32 bits become float32, 64-bit integers float64
    (float32 with x64 off); inexact dtypes and 1- and 2-bit integers stay. (Not the default float: ``int32 / int32`` is float32 even with
    x64, as in JAX.)"""
    info = registry.info_of_dtype(dtype)
    assert info is not None
    if info.kind in "fc" or (info.kind in "iu" and info.bits <= 2):  # 1- and 2-bit integers stay (op_rules)
        return dtype
    return F64 if info.bits > 32 and config.x64 else F32


def upcast_f16(dtype: np.dtype[Any]) -> np.dtype[Any]:
    """float16 and bfloat16 reductions compute in float32 (JAX's ``_upcast_f16``)."""
    return F32 if registry.info_of_dtype(dtype).name in ("float16", "bfloat16") else dtype  # type: ignore[union-attr]


def promote_args_inexact(*args: Any) -> list[Any]:
    """Like :func:`promote_args`, then bool and integers become inexact (:func:`to_inexact_dtype`; weak flag
    kept), as JAX's ``promote_dtypes_inexact``."""
    dtype, weak = common_dtype(*args)
    return promote_shapes([as_dtype(a, to_inexact_dtype(dtype), weak) for a in args])


def shape_of(x: Any) -> tuple[int, ...]:
    if is_array(x) or type(x) is ConstVal:
        return x.aval.shape
    if type(x) in PY_SCALAR_TYPES:  # numpy's shape of a Python scalar converts it to an array first (about 1 us)
        return ()
    return tuple(np.shape(x))


def promote_shapes(args: list[Any]) -> list[Any]:
    """Rank promotion as in JAX: rank-0 operands stay (primitives broadcast them); others get leading 1s."""
    shapes = [shape_of(a) for a in args]
    ranks = {len(s) for s in shapes if s}
    if len(ranks) < 2:
        return args
    if TRACE_FLAGS.on and numpy_rank_promotion.value != "allow":
        _rank_promotion_warning_or_error(shapes)
    numpy_broadcast(*shapes)  # raises numpy's ValueError for incompatible shapes
    rank = builtins.max(ranks)
    out: list[Any] = []
    for a, s in zip(args, shapes):
        if s and len(s) < rank:
            a = lax.broadcast_in_dim(a, (1,) * (rank - len(s)) + s, tuple(range(rank - len(s), rank)))
        out.append(a)
    return out


def _rank_promotion_warning_or_error(shapes: list[tuple[int, ...]]) -> None:
    """JAX's warning (``jax_numpy_rank_promotion="warn"``) or ``ValueError`` (``"raise"``) for implicit rank
    promotion."""
    name = OP_NAME.get()
    shown = " ".join(str(s) for s in shapes)
    if numpy_rank_promotion.value == "warn":
        warnings.warn(f"Following NumPy automatic rank promotion for {name} on shapes {shown}. Set the "
                      "jax_numpy_rank_promotion config option to 'allow' to disable this warning; for more "
                      "information, see https://docs.jax.dev/en/latest/rank_promotion_warning.html.", stacklevel=2)
    else:
        raise ValueError(f"Operands could not be broadcast together for {name} on shapes {shown} and with the "
                         "config option jax_numpy_rank_promotion='raise'. For more information, see "
                         "https://docs.jax.dev/en/latest/rank_promotion_warning.html.")


# The primitive whose shape rule refuses two same-rank operands that do not broadcast, named as JAX's ``TypeError``
# names it, per jax.numpy function: (for integer or bool operands, otherwise). Measured in JAX 0.10.2; a function
# not listed is named by itself.
_PRIMITIVE_NAMES: Final[dict[str, tuple[str, str]]] = {
    "subtract": ("sub", "sub"), "multiply": ("mul", "mul"), "divide": ("div", "div"),
    "true_divide": ("div", "div"), "floor_divide": ("div", "rem"), "divmod": ("div", "rem"),
    "remainder": ("rem", "rem"), "mod": ("rem", "rem"), "fmod": ("rem", "rem"), "power": ("and", "pow"),
    "pow": ("and", "pow"), "float_power": ("pow", "pow"), "maximum": ("max", "max"), "minimum": ("min", "min"),
    "fmax": ("gt", "gt"), "fmin": ("lt", "lt"), "arctan2": ("atan2", "atan2"), "hypot": ("or", "or"),
    "logaddexp": ("max", "max"), "logaddexp2": ("max", "max"), "ldexp": ("add", "add"),
    "equal": ("eq", "eq"), "not_equal": ("ne", "ne"), "less": ("lt", "lt"), "less_equal": ("le", "le"),
    "greater": ("gt", "gt"), "greater_equal": ("ge", "ge"), "logical_and": ("and", "and"),
    "logical_or": ("or", "or"), "logical_xor": ("xor", "xor"), "bitwise_and": ("and", "and"),
    "bitwise_or": ("or", "or"), "bitwise_xor": ("xor", "xor"), "left_shift": ("shift_left", "shift_left"),
    "bitwise_left_shift": ("shift_left", "shift_left"),
    "right_shift": ("shift_right_arithmetic", "shift_right_arithmetic"),
    "bitwise_right_shift": ("shift_right_arithmetic", "shift_right_arithmetic"),
}
# Functions that JAX broadcasts with ``broadcast_arrays`` first, so operands of the same rank are refused with its
# ``ValueError`` too.
_BROADCAST_FIRST: Final = frozenset({"copysign", "heaviside", "gcd", "lcm"})


def check_shapes(name: str, *args: Any) -> None:
    """The operands' shapes broadcast together, else JAX's error: a ``ValueError`` where their ranks differ (its
    rank promotion, ``lax.broadcast_shapes``, refuses them), and where they are the same the ``TypeError`` of the
    primitive's shape rule, named as JAX names it."""
    shapes = [shape_of(a) for a in args]
    try:
        numpy_broadcast(*shapes)
    except ValueError:
        if len({len(s) for s in shapes if s}) > 1 or name in _BROADCAST_FIRST:
            raise ValueError(f"Incompatible shapes for broadcasting: shapes={[tuple(s) for s in shapes]}") from None
        integer = all(kind_of(a) in ("b", "i", "u") for a in args)
        primitive = _PRIMITIVE_NAMES.get(name, (name, name))[0 if integer else 1]
        raise TypeError(f"{primitive} got incompatible shapes for broadcasting: "
                        f"{', '.join(str(tuple(s)) for s in shapes)}.") from None


def kind_of(x: Any) -> str:
    return registry.INFO[operand(x)[0]].kind


def jitted(fun: Callable[..., Any], name: str | None = None, *, call_name: str | None = None,
           arrays: int = 0) -> JitFunction:
    """``fun`` jitted, its keyword arguments static; under a trace it is inlined, or, with ``call_name``, staged as
    a ``jit`` equation of that name (where JAX's function is a nested ``jit``). ``arrays``: its first positional
    arguments that are arrays (JAX's ``check_arraylike`` refuses a list or tuple there, under the function's name
    or the static ``name`` it is given)."""
    jit_name = name or fun.__name__.lstrip("_")
    return JitFunction(fun, name=jit_name, static_kwargs=True, call_name=call_name,
                       arraylike=jit_name if arrays else None, arrays=arrays)


def array_fn(fun: Callable[..., Any], name: str | None = None, *, call_name: str | None = None,
             arrays: int = 0) -> Callable[..., Array]:
    """:func:`jitted`, typed as returning one array (the bodies of the public functions with one result)."""
    return jitted(fun, name, call_name=call_name, arrays=arrays)


PY_SCALAR_TYPES: Final[frozenset[type]] = frozenset(PY_SCALARS)


def _describe(x: Any, x_operand: tuple[str, bool]) -> str:
    if type(x) in PY_SCALAR_TYPES:
        return f"Python {type(x).__name__}"
    name, weak = x_operand
    return f"weakly typed {name}" if weak else name


_op_rule = functools.lru_cache(maxsize=4096)(op_rules.binary_result)
"""``op_rules.binary_result`` memoized: tracing a long chain asks the same question for every operation."""


_RANK0_OPS: Final = frozenset(op for op, fam in op_rules.FUNCTION_FAMILY.items()
                             if fam in ("inexact", "inexact_rank0_weak", "gcd"))
"""The operations whose rule looks at the result's rank (the others are asked without it, so their memoized answers
are shared across ranks)."""


def binary_result(op: str, x: Any, y: Any, *, scalar_exponent: bool = False) -> tuple[np.dtype[Any], bool]:
    """The output dtype and weak flag of ``op(x, y)`` from :func:`arraytyping.op_rules.binary_result`.

    Raises its errors (:class:`~arraytyping.lattice.TypePromotionError`, a ``TypeError`` for dtypes the operation
    does not take, a ``ValueError`` where JAX fails on the values) with the operand dtypes in the message.
    ``scalar_exponent``: ``power``'s exponent is a concrete integer (JAX's ``integer_pow`` path)."""
    operands = (operand(x), ("int", True) if scalar_exponent else operand(y))
    try:
        name, weak = _op_rule(op, operands, config.lattice_config,
                              python_scalars=(type(x) in PY_SCALAR_TYPES,
                                              scalar_exponent or (op != "power" and type(y) in PY_SCALAR_TYPES)),
                              rank0=op in _RANK0_OPS and not shape_of(x) and (op == "heaviside" or not shape_of(y)))
    except lattice.TypePromotionError as e:
        raise lattice.TypePromotionError(f"{op}: {e}", e.nodes, e.config) from None
    except (op_rules.OperandTypeError, op_rules.OperandValueError, op_rules.OperandNotImplementedError) as e:
        what = (f"{_describe(x, operands[0])} and {_describe(y, operands[1])}" if not scalar_exponent
                else f"{_describe(x, operands[0])} to the concrete integer power {y!r}")
        raise type(e)(f"{e} (operands: {what})") from None
    return registry.INFO[name].dtype, weak


def dtype_name(dtype: np.dtype[Any]) -> str:
    """The registered name of ``dtype`` (``bfloat16``, not numpy's ``V2``)."""
    info = registry.info_of_dtype(dtype)
    assert info is not None
    return info.name


def dtype_kind(dtype: np.dtype[Any]) -> str:
    info = registry.info_of_dtype(dtype)
    assert info is not None
    return info.kind


def finish(op: str, out: Any, dtype: np.dtype[Any], weak: bool) -> Any:
    """``out``, checked against the rule's result (a mismatch is a bug of the expansion, never of the caller)."""
    a = lax.aval_of(out)
    if a.dtype != dtype or a.weak_type != weak:
        raise AssertionError(f"internal error: {op} computed {a} but op_rules gives {registry.info_of_dtype(dtype)}"
                             f" (weak={weak})")
    return out


def converted(dtype: np.dtype[Any], weak: bool, *args: Any) -> list[Any]:
    return promote_shapes([as_dtype(a, dtype, weak) for a in args])


def to_bool(x: Any) -> Any:
    if kind_of(x) == "b":
        return x
    x = as_dtype(x, registry.INFO[operand(x)[0]].dtype, operand(x)[1]) if not isinstance(x, Array) else x
    return lax.ne(x, lax.const(0, ShapedArray((), lax.aval_of(x).dtype, lax.aval_of(x).weak_type)))


def const_of(x: Any, value: Any) -> ConstVal:
    """A rank-0 constant of ``x``'s dtype and weak flag."""
    a = lax.aval_of(x)
    return lax.const(value, ShapedArray((), a.dtype, a.weak_type))


def zero_like(x: Any) -> ConstVal:
    return const_of(x, 0)


def broadcast_to_shape(x: Any, shape: tuple[int, ...]) -> Any:
    s = shape_of(x)
    if s == shape:
        return x
    if not isinstance(x, Array) and not s:
        x = x if isinstance(x, ConstVal) else x
    return lax.broadcast_in_dim(x, shape, tuple(range(len(shape) - len(s), len(shape))))


def scalar_type(x: Any) -> tuple[np.dtype[Any], bool]:
    name, weak = operand(x)
    return registry.INFO[name].dtype, weak


def canonical_dtype(dtype: Any) -> np.dtype[Any]:
    name = explicit_dtype_name(to_dtype(dtype).name, config.x64, dtype)
    return registry.INFO[name].dtype


def in_trace(*args: Any) -> bool:
    return trace_state.dynamic is not None or builtins.any(isinstance(a, Tracer) for a in args)


def traced_const(host: np.ndarray[Any, Any], aval: ShapedArray, *operands: Any) -> Any:
    """A constant as a tracer of the current trace, or of the top trace of ``operands`` (a literal when rank 0, else
    a constvar); an array where there is none."""
    trace = find_top_trace(operands)
    if trace is None:
        return dispatch.const_to_array(lax.const(host, aval))
    return trace.pure(lax.const(host, aval))


def is_default_dtype(dtype: np.dtype[Any]) -> bool:
    """``dtype`` is its kind's default in the current configuration (float32, or float64 with x64...)."""
    info = registry.info_of_dtype(dtype)
    assert info is not None
    return info.kind != "b" and info.name == lattice.default_name(info.kind, config.x64)


def numpy_const(x: Any, value: Any) -> ConstVal:
    """A rank-0 constant of ``x``'s dtype as JAX's ``lax._const(x, value)`` meets ``x``: weakly typed exactly when
    ``x`` is a weakly typed rank-0 value of its kind's default dtype (which JAX treats as a Python scalar), strong
    otherwise."""
    a = lax.aval_of(x)
    weak = a.weak_type and not a.shape and is_default_dtype(a.dtype)
    return lax.const(value, ShapedArray((), a.dtype, weak))


def inexact_pair(name: str, x: Any, y: Any) -> tuple[Any, Any, np.dtype[Any], bool]:
    """``promote_args_inexact`` for a function of ``FAMILY`` (its rule checked first): the operands converted to the
    inexact computation dtype with the promoted weak flag, their ranks promoted; and the result dtype and weak flag."""
    check_shapes(name, x, y)
    dtype, weak = binary_result(name, x, y)
    cdtype, cweak = common_dtype(x, y)
    cdtype = to_inexact_dtype(cdtype)
    x, y = converted(cdtype, cweak, x, y)
    return x, y, dtype, weak


def defined_binary(name: str, body: Callable[[Any, Any], Any], *, call: bool = False) -> Callable[..., Array]:
    """``body`` of two inexact operands jitted under ``name``; with ``call``, staged as a ``jit`` equation of that
    name under a trace (where JAX's function is a nested ``jit``)."""
    def run(x: Any, y: Any) -> Any:
        x, y, dtype, weak = inexact_pair(name, x, y)
        return finish(name, body(x, y), dtype, weak)
    run.__name__ = name
    return jitted(run, name, call_name=name if call else None, arrays=2)
