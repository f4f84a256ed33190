"""Result dtypes of ``jax.numpy``'s binary operations: the lattice join, then each operation's own adjustment.

Promotion is one lattice for every operation, but operations then adjust the joined dtype, as JAX 0.10.2 does:
true division makes integers and bool inexact (through a table that leaves 1- and 2-bit integers and the small
floats alone), floor division, remainder and shifts make bool numeric (int32), bitwise operations and shifts
accept only integers (and bool, for bitwise), comparisons give bool. Like :mod:`arraytyping.lattice` this module
imports only the standard library, so the runtime's abstract evaluation, the stub generator and the mypy plugin all
compute the same answers from it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Final, Literal, TypeAlias

from arraytyping import lattice
from arraytyping.lattice import LatticeConfig

__all__ = ["BINARY_OPS", "FAMILY", "Family", "OperandTypeError", "OperandValueError", "binary_result", "to_inexact_name",
           "to_numeric_name"]

Family: TypeAlias = Literal["arith", "bool_arith", "divide", "numeric", "bitwise", "shift", "compare", "power"]

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
                  python_scalars: Sequence[bool] = ()) -> tuple[str, bool]:
    """The ``(dtype name, weak)`` of ``jax.numpy.<op>(x1, x2)`` on operands given as ``(dtype name, weak)`` pairs.

    ``python_scalars`` flags operands that are Python scalar values (``2``, ``True``): only ``power`` looks at it,
    since JAX raises arrays to a concrete integer power without promoting the exponent. Raises
    :class:`lattice.TypePromotionError` when the operands have no join, :class:`OperandTypeError` when the operation
    does not take the joined dtype, and :class:`OperandValueError` where JAX fails on the value path."""
    try:
        family = FAMILY[op]
    except KeyError:
        raise ValueError(f"unknown binary operation {op!r}; known: {', '.join(BINARY_OPS)}") from None
    if family == "power":
        return _power(operands, config, tuple(python_scalars))
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
           python_scalars: tuple[bool, ...]) -> tuple[str, bool]:
    """jnp.power: a concrete integer exponent (a Python int or bool) raises the base alone (numeric promotion of the
    base only); integer results use JAX's binary exponentiation, which fails on 1-, 2- and 4-bit integers; a
    floating or complex base with an integer array exponent keeps the base's dtype; otherwise promote, then pow."""
    if len(operands) != 2:
        raise ValueError(f"power takes two operands, got {len(operands)}")
    (n1, w1), (n2, w2) = operands
    scalar2 = len(python_scalars) == 2 and python_scalars[1]
    if scalar2 and lattice.KIND.get(n2) in ("b", "i"):
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
