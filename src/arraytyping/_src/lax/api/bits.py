"""``jax.lax``'s bit-level and precision functions (JAX 0.10.2's ``population_count``, ``mulhi``, ``reduce_xor``,
``reduce_precision``), its ``optimization_barrier`` and its ``dot`` (``dot_general`` with the matrix-product dimension numbers by default):
JAX's signatures, argument handling and errors, each binding one primitive."""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any, TypeVar

from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.core.staging import abstractify
from arraytyping._src.lax import primitives as P
from arraytyping._src.lax.api.elementwise import check_operand
from arraytyping._src.lax.api.functions import dot_general
from arraytyping._src.lax.checkpoint import optimization_barrier_p, reduce_precision_p
from arraytyping._src.lax.elementwise import population_count_p
from arraytyping._src.tree import pytree as tree
from arraytyping.typing import DTypeLike

__all__ = ["dot", "mulhi", "optimization_barrier", "population_count", "reduce_precision", "reduce_xor"]

_T = TypeVar("_T")


def population_count(x: ArrayLike) -> AnyArray:
    """Elementwise count of the set bits of each element (integer operands; the result has their dtype).

    Example::

        lax.population_count(jnp.array([0, 7, -1], dtype=jnp.int8))   # Array([0, 3, 8], dtype=int8)
    """
    check_operand("population_count", x)
    out: AnyArray = population_count_p.bind(x)
    return out


def mulhi(x: ArrayLike, y: ArrayLike, /) -> AnyArray:
    """Elementwise high half of the double-width product ``x * y`` of two integer operands of one dtype (signed
    ones as signed).

    Example::

        lax.mulhi(jnp.uint8(200), jnp.uint8(100))   # Array(78, dtype=uint8): 20000 >> 8
    """
    check_operand("mulhi", x, y)
    out: AnyArray = P.mulhi_p.bind(x, y)
    return out


def reduce_xor(operand: ArrayLike, axes: Sequence[int]) -> AnyArray:
    """The bitwise (for bool, logical) XOR of ``operand``'s elements over ``axes`` (bool and integer operands;
    strongly typed).

    Example::

        lax.reduce_xor(jnp.array([1, 2, 3]), (0,))   # Array(0, dtype=int32)
    """
    check_operand("reduce_xor", operand)
    out: AnyArray = P.reduce_xor_p.bind(operand, axes=tuple(operator.index(a) for a in axes))
    return out


def reduce_precision(operand: float | ArrayLike, exponent_bits: int, mantissa_bits: int) -> AnyArray:
    """``operand`` rounded to the floating-point format of ``exponent_bits`` and ``mantissa_bits`` (its own dtype
    kept: ``(5, 10)`` rounds a float32 to float16's values).

    Example::

        lax.reduce_precision(jnp.float32(1.0001), 5, 10)   # Array(1., dtype=float32)
    """
    check_operand("reduce_precision", operand)
    out: AnyArray = reduce_precision_p.bind(operand, exponent_bits=operator.index(exponent_bits),
                                            mantissa_bits=operator.index(mantissa_bits))
    return out


def dot(lhs: ArrayLike, rhs: ArrayLike, *, dimension_numbers: Any = None, precision: None = None,
        preferred_element_type: DTypeLike | None = None, out_sharding: None = None) -> AnyArray:
    """The general dot product: without ``dimension_numbers``, the vector-vector, matrix-vector or matrix-matrix
    product of operands of rank 1 or 2 (the last axis of ``lhs`` with the first of ``rhs``); with them, as
    ``dot_general``.

    Example::

        lax.dot(jnp.ones((2, 3)), jnp.ones(3))   # Array([3., 3.], dtype=float32)
    """
    check_operand("dot", lhs, rhs)
    lhs_shape, rhs_shape = tuple(abstractify(lhs).shape), tuple(abstractify(rhs).shape)
    if dimension_numbers is None:
        if 1 <= len(lhs_shape) <= 2 and 1 <= len(rhs_shape) <= 2 and lhs_shape[-1] == rhs_shape[0]:
            dimension_numbers = (((len(lhs_shape) - 1,), (0,)), ((), ()))
        else:
            raise ValueError("jax.lax.dot: dimension_numbers must be specified when not performing simple "
                             "un-batched matrix-matrix, matrix-vector, or vector-vector products; got "
                             f"{lhs_shape=} {rhs_shape=}")
    (lc, rc), (lb, rb) = dimension_numbers

    def index_tuple(x: Any) -> tuple[int, ...]:
        items: Any = x  # (``x`` is the one narrowed below; ``items`` stays ``Any``)
        if isinstance(x, Sequence):
            return tuple(operator.index(i) for i in items)
        return (operator.index(x),)

    return dot_general(lhs, rhs, ((index_tuple(lc), index_tuple(rc)), (index_tuple(lb), index_tuple(rb))),
                       precision=precision, preferred_element_type=preferred_element_type, out_sharding=out_sharding)


def optimization_barrier(operand: _T, /) -> _T:
    """``operand`` (a pytree of arrays) unchanged, with a barrier the compiler may not move computations across:
    what it computes is computed before whatever uses the result.

    Example::

        x, y = lax.optimization_barrier((jnp.ones(3), jnp.zeros(2)))
    """
    flat, treedef = tree.flatten(operand)
    out: _T = treedef.unflatten(list(optimization_barrier_p.bind(*flat)))
    return out
