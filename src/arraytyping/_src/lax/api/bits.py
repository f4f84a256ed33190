"""``jax.lax``'s bit-level and precision functions (JAX 0.10.2's ``population_count``, ``mulhi``, ``reduce_xor``,
``reduce_precision``), XLA's random bits (``rng_bit_generator``, ``rng_uniform``), its ``optimization_barrier`` and ``dce_sink`` and its ``dot`` (``dot_general`` with the matrix-product dimension numbers by default):
JAX's signatures, argument handling and errors, each binding one primitive."""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any, TypeVar

import numpy as np

from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.core.staging import abstractify
from arraytyping._src.lax import primitives as P
from arraytyping._src.lax.api.elementwise import check_operand
from arraytyping._src.lax.api.functions import dot_general, user_dtype
from arraytyping._src.lax.api.types import RandomAlgorithm
from arraytyping._src.core.avals import canonicalize_shape
from arraytyping._src.lax.prng import rng_bit_generator_p, rng_uniform_p
from arraytyping._src.lax.callbacks import dce_sink_p
from arraytyping._src.lax.checkpoint import optimization_barrier_p, reduce_precision_p
from arraytyping._src.lax.elementwise import population_count_p
from arraytyping._src.tree import pytree as tree
from arraytyping.typing import DTypeLike

__all__ = ["dot", "mulhi", "optimization_barrier", "population_count", "reduce_precision", "reduce_xor",
           "rng_bit_generator", "rng_uniform", "dce_sink"]

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


def rng_bit_generator(key: ArrayLike, shape: Sequence[int], dtype: DTypeLike = np.uint32,
                      algorithm: RandomAlgorithm | int = RandomAlgorithm.RNG_DEFAULT, *,
                      out_sharding: None = None) -> tuple[AnyArray, AnyArray]:
    """XLA's stateless bit generator: ``(new_key, bits)``, ``bits`` uniformly random of ``shape`` and the unsigned
    ``dtype`` (``uint8``/``16``/``32``/``64``), from ``key`` (``uint32[4]``, or ``uint64[2]`` with x64 on) by
    ``algorithm`` (the platform's default, Threefry or Philox; on the CPU the bits are JAX's). ``arraytyping.random``
    is the stable interface; this is the low-level one.

    Example::

        key = np.array([1, 2, 3, 4], np.uint32)
        key, bits = lax.rng_bit_generator(key, (2, 3), np.uint8)    # uint32[4], uint8[2, 3]
    """
    if out_sharding is not None:
        raise NotImplementedError("rng_bit_generator: out_sharding is not supported (one device)")
    dims = canonicalize_shape(shape)
    dt = user_dtype(dtype)
    if dt not in (np.dtype("uint8"), np.dtype("uint16"), np.dtype("uint32"), np.dtype("uint64")):
        raise TypeError(f"rng_bit_generator: unsupported dtype {dt.name}")
    new_key, bits = rng_bit_generator_p.bind(key, shape=dims, dtype=dt, algorithm=algorithm,
                                             out_sharding=None)
    return new_key, bits


def rng_uniform(a: ArrayLike, b: ArrayLike, shape: Sequence[int]) -> AnyArray:
    """Values of ``shape`` drawn uniformly from ``[a, b)`` (scalars of one dtype) by XLA's stateful generator:
    each call differs, and from JAX's. ``arraytyping.random`` is the reproducible interface.

    Example::

        u = lax.rng_uniform(0.0, 1.0, (3,))    # float32[3], weakly typed
    """
    out: AnyArray = rng_uniform_p.bind(a, b, shape=tuple(shape))
    return out


def dce_sink(val: Any, *, prevent_mlir_dce: bool = False) -> None:
    """Marks every array of the pytree ``val`` used, so that dead-code elimination of a traced function keeps the
    computations producing them though nothing else reads them (``prevent_mlir_dce``: the compiler keeps them too).

    Example::

        @jit
        def f(x):
            lax.dce_sink(x * 2)   # x * 2 stays in the jaxpr
            return x
    """
    for leaf in tree.flatten(val)[0]:
        dce_sink_p.bind(leaf, prevent_mlir_dce=prevent_mlir_dce)
