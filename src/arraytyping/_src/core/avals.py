"""Abstract values: the (shape, dtype, weak flag) type every array, tracer and jaxpr variable carries."""

from __future__ import annotations

import enum
import math
import operator
from typing import Any, Final

import numpy as np

from arraytyping._src.dtypes import registry

__all__ = ["MemorySpace", "ShapedArray", "typematch", "short_dtype_name", "dtype_name", "HOST_VALUE_TYPES", "SEQUENCE_TYPES",
           "canonicalize_shape"]

HOST_VALUE_TYPES: tuple[type[Any], ...] = (bool, int, float, complex, np.ndarray, np.generic)
"""Host values an array can be made of: Python scalars and numpy arrays and scalars. (Typed as a tuple of
``type[Any]`` so that ``isinstance`` leaves an ``Any`` value ``Any`` rather than a union of generic types with
unknown parameters.)"""
SEQUENCE_TYPES: tuple[type[Any], ...] = (list, tuple)
"""Nested sequences taken as shapes, axes or array literals (typed as :data:`HOST_VALUE_TYPES` is)."""


def canonicalize_shape(shape: Any) -> tuple[int, ...]:
    """JAX's ``core.canonicalize_shape`` of ``jnp.zeros``' shape: one size, or an iterable of sizes (a list, a tuple,
    a ``range``, a 1-d numpy or JAX array), each anything ``operator.index`` takes (``int``, numpy integers,
    ``bool``), as a tuple; anything else is JAX's ``TypeError`` naming the shape. Negative sizes pass here (the
    primitive that takes the shape refuses them)."""
    one = not isinstance(shape, SEQUENCE_TYPES) and (
        isinstance(shape, (str, bytes)) or not hasattr(shape, "__iter__") or getattr(shape, "ndim", 1) == 0)
    items: Any = (shape,) if one else shape
    try:
        return tuple(operator.index(d) for d in items)
    except TypeError:
        raise TypeError(f"Shapes must be 1D sequences of concrete values of integer type, got {items}.") from None


_NAME_OF_TYPE: Final[dict[type, str]] = {info.dtype.type: name for name, info in registry.INFO.items()}


def dtype_name(dtype: np.dtype[Any]) -> str:
    """The lattice name of a registered dtype (identified by its scalar type, never by ``.char``)."""
    return _NAME_OF_TYPE[dtype.type]


def short_dtype_name(dtype: np.dtype[Any]) -> str:
    """JAX's short spelling used in jaxprs: ``f32``, ``i8``, ``u4``, ``bf16``, ``c64``, ``bool``."""
    return (dtype_name(dtype).replace("float", "f").replace("uint", "u").replace("int", "i")
            .replace("complex", "c"))


class MemorySpace(enum.Enum):
    """Where a buffer lives (JAX's ``jax.memory.Space``): device memory, host memory, or either."""

    Device = enum.auto()
    Host = enum.auto()
    Any = enum.auto()

    def __repr__(self) -> str:
        return f"MemorySpace.{self.name}"


class ShapedArray:
    """The type of an array: a static shape, a registered dtype and JAX's weak-type flag.

    Hashable and immutable; used as the key of every compilation cache."""

    __slots__ = ("shape", "dtype", "weak_type", "_hash")

    shape: tuple[int, ...]
    dtype: np.dtype[Any]
    weak_type: bool
    _hash: int

    def __init__(self, shape: tuple[int, ...], dtype: np.dtype[Any], weak_type: bool = False) -> None:
        object.__setattr__(self, "shape", shape)
        object.__setattr__(self, "dtype", dtype)
        object.__setattr__(self, "weak_type", weak_type)
        object.__setattr__(self, "_hash", hash((shape, dtype.type, weak_type)))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("ShapedArray is immutable")

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def size(self) -> int:
        return math.prod(self.shape)

    @property
    def name(self) -> str:
        """The lattice name of the dtype."""
        return _NAME_OF_TYPE[self.dtype.type]

    def update(self, shape: tuple[int, ...] | None = None, dtype: np.dtype[Any] | None = None,
               weak_type: bool | None = None) -> ShapedArray:
        return ShapedArray(self.shape if shape is None else shape, self.dtype if dtype is None else dtype,
                           self.weak_type if weak_type is None else weak_type)

    def strip_weak_type(self) -> ShapedArray:
        return self if not self.weak_type else ShapedArray(self.shape, self.dtype, False)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, ShapedArray) and self.shape == other.shape
                and self.dtype.type is other.dtype.type and self.weak_type == other.weak_type)

    def str_short(self) -> str:
        """``f32[2,3]`` as printed in jaxprs (no weak-type marker, as in JAX)."""
        return f"{short_dtype_name(self.dtype)}[{','.join(map(str, self.shape))}]"

    def str_long(self) -> str:
        """``float32[2,3]``: JAX's ``str_short()`` with long dtype names (no weak-type marker)."""
        name = "float0" if self.dtype.names == ("float0",) else dtype_name(self.dtype)
        return f"{name}[{','.join(map(str, self.shape))}]"

    def __str__(self) -> str:
        """``~float32[2,3]``: JAX's ``str`` of an aval, ``~`` marking a weak type."""
        return f"{'~' if self.weak_type else ''}{self.str_long()}"

    def __repr__(self) -> str:
        weak = ", weak_type=True" if self.weak_type else ""
        return f"ShapedArray({dtype_name(self.dtype)}[{','.join(map(str, self.shape))}]{weak})"


def typematch(a: ShapedArray, b: ShapedArray) -> bool:
    """Same shape and dtype; the weak flag does not count (JAX's ``core.typematch``)."""
    return a.shape == b.shape and a.dtype == b.dtype
