"""Operand checks shared by the abstract-evaluation rules of the primitives outside :mod:`.primitives`: accepted
dtype kinds, one dtype across operands, and JAX's broadcasting shape rule (rank-0 operands broadcast; the others
share one rank, and each dimension agrees or is 1: :func:`arraytyping.shape_rules.broadcast_shapes` on one rank).
Their errors are ``TypeError``, as JAX's ``lax`` raises."""

from __future__ import annotations

from typing import Final, cast

import numpy as np

from arraytyping import shape_rules
from arraytyping._src.dtypes import registry
from arraytyping._src.core.avals import ShapedArray

__all__ = ["KIND_WORDS", "kind", "check_kinds", "same_dtype", "broadcast_shapes", "literal", "numpy_broadcast"]

KIND_WORDS: Final = {"b": "bool", "u": "unsigned integer", "i": "signed integer", "f": "floating", "c": "complex"}


def literal(shape: shape_rules.Shape | None) -> tuple[int, ...]:
    """A :mod:`arraytyping.shape_rules` answer on literal shapes: always known, every dimension an int."""
    return cast("tuple[int, ...]", shape)


def numpy_broadcast(*shapes: tuple[int, ...]) -> tuple[int, ...]:
    """NumPy's broadcasting of literal ``shapes`` (:func:`arraytyping.shape_rules.broadcast_shapes`, memoized);
    where they do not broadcast, numpy's own ``ValueError`` (the message ``numpy.broadcast_shapes`` gives)."""
    try:
        return literal(shape_rules.broadcast_shapes(*shapes))
    except shape_rules.ShapeError:
        np.broadcast_shapes(*shapes)
        raise


def kind(a: ShapedArray) -> str:
    """The dtype kind of ``a``: one of ``b``, ``u``, ``i``, ``f``, ``c``."""
    return registry.INFO[a.name].kind


def check_kinds(prim: str, kinds: str, *avals: ShapedArray) -> None:
    for a in avals:
        if kind(a) not in kinds:
            allowed = ", ".join(KIND_WORDS[k] for k in kinds)
            raise TypeError(f"{prim} does not accept dtype {a.name}; it accepts {allowed} dtypes")


def same_dtype(prim: str, *avals: ShapedArray) -> None:
    if len({a.dtype.type for a in avals}) > 1:
        raise TypeError(f"lax.{prim} requires arguments to have the same dtypes, got "
                        f"{', '.join(a.name for a in avals)}")


def broadcast_shapes(prim: str, *avals: ShapedArray) -> tuple[int, ...]:
    shapes = [a.shape for a in avals if a.shape != ()]
    if not shapes:
        return ()
    if len({len(s) for s in shapes}) > 1:
        raise TypeError(f"{prim}: arrays must have the same number of dimensions (or rank 0), got "
                        f"{', '.join(a.str_short() for a in avals)}")
    try:
        return literal(shape_rules.broadcast_shapes(*shapes))
    except shape_rules.ShapeError:
        raise TypeError(f"{prim} got incompatible shapes for broadcasting: "
                        f"{', '.join(a.str_short() for a in avals)}") from None
