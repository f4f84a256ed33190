"""Result dtypes of ``jax.numpy``'s binary operations: the lattice join, then each operation's own adjustment.

Promotion is one lattice for every operation, but operations then adjust the joined dtype, as JAX 0.10.2 does:
true division makes integers and bool inexact (through a table that leaves 1- and 2-bit integers and the small
floats alone), floor division, remainder and shifts make bool numeric (int32), bitwise operations and shifts
accept only integers (and bool, for bitwise), comparisons give bool, and ``matmul``/``dot`` take
``dtypes.result_type`` (a weak result becomes its kind's default dtype) subject to ``dot_general``'s checks. Like
:mod:`arraytyping.lattice` this module imports only the standard library, so the runtime's abstract evaluation, the
stub generator and the mypy plugin all compute the same answers from it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Final, Literal, TypeAlias

from arraytyping import lattice
from arraytyping.lattice import LatticeConfig

__all__ = ["BINARY_OPS", "FAMILY", "Family", "OperandTypeError", "OperandValueError", "REDUCTIONS", "UNARY",
           "UnaryFamily", "binary_result", "reduction_result", "to_inexact_name", "to_numeric_name", "unary_result"]

Family: TypeAlias = Literal["arith", "bool_arith", "divide", "numeric", "bitwise", "shift", "compare", "power",
                           "matmul"]

FAMILY: Final[Mapping[str, Family]] = MappingProxyType({
    "add": "bool_arith",
    "multiply": "bool_arith",
    "maximum": "bool_arith",
    "minimum": "bool_arith",
    "subtract": "arith",
    "true_divide": "divide",
    "divide": "divide",
    "floor_divide": "numeric",
    "remainder": "numeric",
    "power": "power",
    "bitwise_and": "bitwise",
    "bitwise_or": "bitwise",
    "bitwise_xor": "bitwise",
    "left_shift": "shift",
    "right_shift": "shift",
    "less": "compare",
    "less_equal": "compare",
    "greater": "compare",
    "greater_equal": "compare",
    "equal": "compare",
    "not_equal": "compare",
    "matmul": "matmul",
    "dot": "matmul",
})
"""Each binary ``jax.numpy`` function's family: the rule that turns the lattice result into the output dtype."""
BINARY_OPS: Final[tuple[str, ...]] = tuple(FAMILY)

_TO_INEXACT: Final[Mapping[str, str]] = MappingProxyType({
    "bool": "float32", "uint4": "float32", "int4": "float32", "uint8": "float32", "int8": "float32",
    "uint16": "float32", "int16": "float32", "uint32": "float32", "int32": "float32",
    "uint64": "float64", "int64": "float64",
})


class OperandTypeError(TypeError):
    """An operation that does not accept a dtype at all (``bitwise_and`` on floats, ``subtract`` on bools)."""


def to_inexact_name(name: str) -> str:
    """JAX's ``to_inexact_dtype``: bool and most integers become float32 (64-bit ones float64); 1- and 2-bit
    integers and every inexact dtype are left as they are."""
    return _TO_INEXACT.get(name, name)


def to_numeric_name(name: str) -> str:
    """JAX's ``to_numeric_dtype``: bool becomes int32, everything else is unchanged."""
    return "int32" if name == lattice.BOOL else name


def _reject(op: str, name: str) -> OperandTypeError:
    return OperandTypeError(f"{op} does not accept dtype {name}")


class OperandValueError(ValueError):
    """An operation JAX 0.10.2 accepts by dtype but fails on (``power`` of 1-, 2- and 4-bit integer arrays)."""


def binary_result(op: str, operands: Sequence[tuple[str, bool]], config: LatticeConfig = LatticeConfig(), *,
                  python_scalars: Sequence[bool] = (), numpy_scalars: Sequence[bool] = ()) -> tuple[str, bool]:
    """The ``(dtype name, weak)`` of ``jax.numpy.<op>(x1, x2)`` on operands given as ``(dtype name, weak)`` pairs.

    ``python_scalars`` flags operands that are Python scalar values (``2``, ``True``), ``numpy_scalars`` numpy
    scalar values (``np.int8(2)``; a numpy array is neither). ``power`` looks at them, since JAX raises arrays to a
    concrete integer power (whatever ``operator.index`` takes: a Python int or bool, a numpy integer) without
    promoting the exponent, and so does ``matmul``, which takes no 0-d operand. Raises
    :class:`lattice.TypePromotionError` when the operands have no join, :class:`OperandTypeError` when the operation
    does not take the joined dtype, and :class:`OperandValueError` where JAX fails on the value path."""
    try:
        family = FAMILY[op]
    except KeyError:
        raise ValueError(f"unknown binary operation {op!r}; known: {', '.join(BINARY_OPS)}") from None
    if family == "power":
        return _power(operands, config, tuple(python_scalars), tuple(numpy_scalars))
    if family == "matmul":
        return _matmul(op, operands, config, tuple(python_scalars), tuple(numpy_scalars))
    if op == "floor_divide" and len(operands) > 1 and all(w or n in lattice.WEAK_NAMES for n, w in operands):
        return _floor_divide_all_weak(op, operands, config)
    name, weak = lattice.result_node(operands, config)
    kind = lattice.KIND[name]
    if family == "bool_arith":
        return name, weak
    if family == "arith":
        if kind == "b":
            raise _reject(op, name)
        return name, weak
    if family == "divide":
        return to_inexact_name(name), weak
    if family == "numeric":
        if kind == "c":
            raise _reject(op, name)
        return to_numeric_name(name), weak
    if family == "bitwise":
        if kind not in ("b", "i", "u"):
            raise _reject(op, name)
        return name, weak
    if family == "shift":
        name = to_numeric_name(name)
        if lattice.KIND[name] not in ("i", "u"):
            raise _reject(op, name)
        return name, weak
    return lattice.BOOL, weak  # compare: weak when the promoted operands were


_FLOAT_FORMAT: Final[Mapping[str, tuple[int, int, int]]] = MappingProxyType({
    "float4_e2m1fn": (3, 1, 4), "float6_e2m3fn": (3, 3, 6), "float6_e3m2fn": (5, 2, 6), "float8_e3m4": (4, 4, 8),
    "float8_e4m3": (8, 3, 8), "float8_e8m0fnu": (128, 0, 8), "float8_e4m3b11fnuz": (5, 3, 8),
    "float8_e4m3fn": (9, 3, 8), "float8_e4m3fnuz": (8, 3, 8), "float8_e5m2": (16, 2, 8), "float8_e5m2fnuz": (16, 2, 8),
    "bfloat16": (128, 7, 16), "float16": (16, 10, 16), "float32": (128, 23, 32), "float64": (1024, 52, 64),
})
"""``(maxexp, nmant, bits)`` of each real float dtype, as ``ml_dtypes.finfo`` gives them (a test checks): what
``dot_general`` ranks its operand types by."""
_REAL_OF: Final[Mapping[str, str]] = MappingProxyType({"complex64": "float32", "complex128": "float64"})


def _bit_width(name: str) -> int:
    real = _REAL_OF.get(name, name)
    if real in _FLOAT_FORMAT:
        return _FLOAT_FORMAT[real][2]
    return 1 if name == lattice.BOOL else int(name.lstrip("uint"))


def _dot_rank(name: str) -> tuple[bool, int, int, int, bool]:
    """XLA's ``HigherPrecisionType`` order, as JAX's ``dot_general`` dtype rule uses it: complex first, then the
    exponent range, the mantissa, the bit width, and signed over unsigned."""
    maxexp, nmant, _ = _FLOAT_FORMAT.get(_REAL_OF.get(name, name), (-1, -1, 0))
    return lattice.KIND[name] == "c", maxexp, nmant, _bit_width(name), lattice.KIND[name] != "u"


def _matmul(op: str, operands: Sequence[tuple[str, bool]], config: LatticeConfig,
            python_scalars: tuple[bool, ...], numpy_scalars: tuple[bool, ...]) -> tuple[str, bool]:
    """JAX 0.10.2's ``matmul`` and ``dot``: ``matmul`` takes no 0-d operand (a Python or numpy scalar; ``dot`` takes
    it as a 0-d array, a Python scalar weakly typed, of its kind's default dtype); the output dtype is ``dtypes.result_type`` of the operands (the
    lattice join, or its kind's default dtype when weak), passed to ``dot_general`` as its
    ``preferred_element_type``; ``dot_general`` then fails when its operands' own dtypes rank equal but differ, or
    when the preferred type is narrower than the higher-ranked non-float operand dtype."""
    if op == "matmul" and (any(python_scalars) or any(numpy_scalars)):
        raise OperandValueError("matmul takes no 0-d operand, and a scalar is 0-d; use multiply to scale")
    name, weak = lattice.result_node(operands, config)
    if weak:
        name = lattice.default_name(lattice.KIND[name], config.x64)
    raw = [lattice.default_name(lattice.KIND[n], config.x64) if n in lattice.WEAK_NAMES
           else lattice.canonical_name(n, config.x64) for n, _ in operands]
    top = raw[0]
    for other in raw[1:]:
        if _dot_rank(other) > _dot_rank(top):
            top = other
        elif _dot_rank(other) == _dot_rank(top) and other != top:
            raise OperandTypeError(f"{op} of {top} and {other} operands: dot_general takes no mix of two dtypes "
                                   f"of the same rank; cast one of them")
    if top != name and lattice.KIND[top] != "f" and _bit_width(name) < _bit_width(top):
        raise OperandTypeError(f"{op} would compute in {name}, narrower than its {top} operand (a weakly typed "
                               f"array or Python scalar keeps its own dtype in dot_general); cast that operand to "
                               f"{name} first")
    return name, weak


def _floor_divide_all_weak(op: str, operands: Sequence[tuple[str, bool]],
                           config: LatticeConfig) -> tuple[str, bool]:
    """floor_divide when every operand is weak: JAX 0.10.2's expansion meets its own Python-scalar constants, so
    signed integer results take the default integer dtype, and floating results other than the default float dtype
    fail inside JAX with a TypeError (a dtype mismatch between its internal operations)."""
    name, weak = lattice.result_node(operands, config)
    kind = lattice.KIND[name]
    if kind == "c":
        raise _reject(op, name)
    if kind == "i":
        return lattice.default_name("i", config.x64), weak
    if kind == "f" and name != lattice.default_name("f", config.x64):
        raise OperandTypeError(f"{op} of weakly typed {name} operands fails in JAX 0.10.2 (internal dtype mismatch)")
    return to_numeric_name(name), weak


def _power(operands: Sequence[tuple[str, bool]], config: LatticeConfig,
           python_scalars: tuple[bool, ...], numpy_scalars: tuple[bool, ...]) -> tuple[str, bool]:
    """jnp.power: a concrete integer exponent (a Python int or bool, a numpy integer scalar: what
    ``operator.index`` takes) raises the base alone (numeric promotion of the base only); integer results use JAX's binary exponentiation, which fails on 1-, 2- and 4-bit integers; a
    floating or complex base with an integer array exponent keeps the base's dtype; otherwise promote, then pow."""
    if len(operands) != 2:
        raise ValueError(f"power takes two operands, got {len(operands)}")
    (n1, w1), (n2, w2) = operands
    python2 = len(python_scalars) == 2 and python_scalars[1]
    numpy2 = len(numpy_scalars) == 2 and numpy_scalars[1]
    if python2 and lattice.KIND.get(n2) in ("b", "i") or numpy2 and lattice.KIND.get(n2) in ("i", "u"):
        base, bweak = lattice.result_node([(n1, w1)], config)
        return to_numeric_name(base), bweak and base != lattice.BOOL
    name, weak = lattice.result_node(operands, config)
    name = to_numeric_name(name)
    kind = lattice.KIND[name]
    if kind in ("i", "u"):
        if name in lattice.INTN_NAMES:
            raise OperandValueError(f"power of {name} arrays fails in JAX 0.10.2 (integer power needs 8+ bits)")
        return name, False  # binary exponentiation builds the result from strong constants
    d1, _ = lattice.result_node([(n1, w1)], config)
    d2, _ = lattice.result_node([(n2, w2)], config)
    if lattice.KIND[d1] in ("f", "c") and lattice.KIND[d2] in ("i", "u"):
        return d1, w1 and w2
    return name, weak


REDUCTIONS: Final[tuple[str, ...]] = ("sum", "prod", "mean")
"""The reductions whose result dtype depends on the operand and a ``dtype=`` argument."""


def reduction_result(fn: str, operand: tuple[str, bool] | None, dtype: str | None = None,
                     config: LatticeConfig = LatticeConfig()) -> tuple[str, bool]:
    """The ``(dtype name, weak)`` of ``jax.numpy.<fn>(x, dtype=dtype)`` for ``fn`` in :data:`REDUCTIONS`.

    ``operand`` is ``x``'s ``(dtype name, weak)``; ``dtype`` a dtype name, a weak node (``"int"``, ``"float"``,
    ``"complex"``: a Python type, which stands for the default dtype of its kind), or None. The result is never weak.
    ``operand`` may be None (not known) when ``dtype`` is given: the result is then ``dtype``'s alone.
    Without ``dtype``, ``sum`` and ``prod`` accumulate bool and narrow integers in the default integer of their
    signedness and fail on 1-, 2- and 4-bit integers (:class:`OperandValueError`); ``mean`` is inexact (JAX's
    ``to_inexact_dtype``). With it, the result is ``dtype`` canonicalized; a ``mean`` in bool fails
    (:class:`OperandTypeError`)."""
    if fn not in REDUCTIONS:
        raise ValueError(f"unknown reduction {fn!r}; known: {', '.join(REDUCTIONS)}")
    if dtype is not None:
        if dtype in lattice.WEAK_NAMES:
            dtype = lattice.default_name(lattice.KIND[dtype], config.x64)
        out = lattice.canonical_name(dtype, config.x64)
        if fn == "mean" and out == lattice.BOOL:
            raise OperandTypeError("mean in bool is undefined (JAX divides in the result dtype); pass another dtype")
        return out, False
    if operand is None:
        raise ValueError(f"{fn}: the result dtype of an unknown operand needs a dtype argument")
    name = lattice.canonical_name(operand[0], config.x64) if operand[0] not in lattice.WEAK_NAMES else \
        lattice.canonical_name(lattice.default_name(lattice.KIND[operand[0]], True), config.x64)
    if fn == "mean":
        return lattice.canonical_name(to_inexact_name(name), config.x64), False
    kind = lattice.KIND[name]
    if name in lattice.INTN_NAMES:
        raise OperandValueError(f"{fn} of {name} arrays fails in JAX 0.10.2 (its integer promotion asks numpy's "
                                f"iinfo, which has no {name}); pass dtype=, e.g. dtype='int32'")
    if kind == "b":
        return lattice.default_name("i", config.x64), False
    if kind in ("i", "u"):
        default = lattice.default_name(kind, config.x64)
        if int(name.lstrip("uint")) < int(default.lstrip("uint")):
            return default, False
    return name, False


UnaryFamily: TypeAlias = Literal["keep", "numeric", "abs", "inexact", "integral", "to_bool"]

UNARY: Final[Mapping[str, UnaryFamily]] = MappingProxyType({
    "positive": "keep",
    "negative": "numeric",
    "sign": "numeric",
    "abs": "abs",
    "absolute": "abs",
    "exp": "inexact",
    "log": "inexact",
    "sqrt": "inexact",
    "sin": "inexact",
    "cos": "inexact",
    "tanh": "inexact",
    "invert": "integral",
    "bitwise_not": "integral",
    "logical_not": "to_bool",
})
"""Each one-operand ``jax.numpy`` function's family: ``keep`` (the operand promoted alone), ``numeric`` (refuses
bool: JAX's ``neg`` and ``sign`` take numbers), ``abs`` (a complex operand gives its real dtype; bool and unsigned
integers are returned as they are), ``inexact`` (JAX's ``promote_args_inexact``: :func:`to_inexact_name`),
``integral`` (bool and integers only, as JAX's ``bitwise_not``), ``to_bool``. JAX's ``to_inexact_dtype`` leaves
1- and 2-bit integers as they are, so an ``inexact`` function then refuses them (its lax primitive takes floats)."""

_REAL_PART: Final[Mapping[str, str]] = MappingProxyType({"complex64": "float32", "complex128": "float64"})


def unary_result(fn: str, operand: tuple[str, bool], config: LatticeConfig = LatticeConfig()) -> tuple[str, bool]:
    """The ``(dtype name, weak)`` of ``jax.numpy.<fn>(x)`` for ``x`` given as ``(dtype or weak node name, weak)``.
    Raises :class:`OperandTypeError` where the function does not take the dtype."""
    try:
        family = UNARY[fn]
    except KeyError:
        raise ValueError(f"unknown one-operand function {fn!r}; known: {', '.join(UNARY)}") from None
    name, weak = lattice.result_node([operand], config)
    kind = lattice.KIND[name]
    if family == "to_bool":  # a comparison with zero: weak when the operand is (a weak bool acts as bool)
        return lattice.BOOL, weak
    if family == "numeric" and kind == "b":
        raise _reject(fn, name)
    if family == "abs" and kind == "c":
        return lattice.canonical_name(_REAL_PART[name], config.x64), weak
    if family == "inexact":
        out = lattice.canonical_name(to_inexact_name(name), config.x64)
        if lattice.KIND[out] not in ("f", "c"):  # 1- and 2-bit integers stay integers, which lax refuses
            raise _reject(fn, name)
        return out, weak
    if family == "integral" and kind not in ("b", "i", "u"):
        raise _reject(fn, name)
    return name, weak
