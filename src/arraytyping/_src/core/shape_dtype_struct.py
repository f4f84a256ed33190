"""``ShapeDtypeStruct`` (JAX 0.10.2's ``jax.ShapeDtypeStruct``): a shape, a dtype and the weak-type flag standing
for an array without one: what ``eval_shape`` returns and what ``eval_shape`` and ``jit`` take in place of an array
argument.

Its dtype is the one asked for, not canonicalized (``ShapeDtypeStruct((2,), float)`` is float64, as in JAX); the
array it stands for has the canonical one (float32 with x64 off). ``sharding`` is always ``None`` (one device).
"""

from __future__ import annotations

import math
import operator
from typing import Any

import numpy as np

from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import config
from arraytyping._src.dtypes.promotion import canonicalize_dtype, operand_of, to_dtype
from arraytyping._src.core.avals import HOST_VALUE_TYPES, ShapedArray, dtype_name

__all__ = ["ShapeDtypeStruct", "aval_of", "struct_of"]


class ShapeDtypeStruct:
    """A container for the shape, dtype and weak type of an array (no data): ``ShapeDtypeStruct(shape, dtype)``."""

    __slots__ = ("shape", "dtype", "weak_type", "sharding")
    __match_args__ = ("shape", "dtype")
    shape: tuple[int, ...]
    dtype: np.dtype[Any]
    weak_type: bool
    sharding: None

    def __init__(self, shape: Any, dtype: Any, *, sharding: None = None, weak_type: bool = False) -> None:
        if dtype is None:
            raise ValueError("ShapeDtypeStruct: dtype must be specified.")
        dims = tuple(operator.index(d) for d in shape)
        if sharding is not None:
            raise ValueError(f"ShapeDtypeStruct: sharding={sharding!r} is not supported: arraytyping has one device "
                             "and no shardings")
        object.__setattr__(self, "shape", dims)
        object.__setattr__(self, "dtype", to_dtype(dtype).dtype)
        object.__setattr__(self, "weak_type", bool(weak_type))
        object.__setattr__(self, "sharding", None)

    def __setattr__(self, name: str, value: object) -> None:
        raise RuntimeError(f"Cannot reassign attributes ({name}) of immutable ShapeDtypeStruct objects")

    @property
    def ndim(self) -> int:
        """The number of dimensions."""
        return len(self.shape)

    @property
    def size(self) -> int:
        """The number of elements."""
        return math.prod(self.shape)

    def update(self, **kwargs: Any) -> ShapeDtypeStruct:
        """A copy with ``shape``, ``dtype`` or ``weak_type`` replaced."""
        return ShapeDtypeStruct(kwargs.pop("shape", self.shape), kwargs.pop("dtype", self.dtype),
                                weak_type=kwargs.pop("weak_type", self.weak_type), **kwargs)

    @classmethod
    def like(cls, x: Any) -> ShapeDtypeStruct:
        """The struct of the array ``x`` (an array, a tracer, a host value or a struct): its shape, dtype and weak
        type as an argument of a transformed function would have them."""
        if isinstance(x, ShapeDtypeStruct):
            return struct_of(aval_of(x))
        aval = getattr(x, "aval", None)
        if isinstance(aval, ShapedArray):
            return struct_of(aval)
        if isinstance(x, HOST_VALUE_TYPES):
            name, weak = operand_of(x, config.x64)
            return cls(np.shape(x), registry.INFO[name].dtype, weak_type=weak)
        raise TypeError(f"Argument '{x}' of type {type(x)} is not a valid JAX type (typed key arrays have no "
                        "ShapeDtypeStruct in arraytyping)")

    def __eq__(self, other: object) -> bool:
        return (type(other) is ShapeDtypeStruct and other.shape == self.shape and other.dtype == self.dtype
                and other.weak_type == self.weak_type)

    def __hash__(self) -> int:
        return hash((self.shape, self.dtype, self.weak_type))

    def __len__(self) -> int:
        if not self.shape:
            raise TypeError("len() of unsized object")
        return self.shape[0]

    def __repr__(self) -> str:
        weak = ", weak_type=True" if self.weak_type else ""
        return f"ShapeDtypeStruct(shape={self.shape}, dtype={dtype_name(self.dtype)}{weak})"


def aval_of(struct: ShapeDtypeStruct) -> ShapedArray:
    """The type of the array ``struct`` stands for (its dtype canonicalized for the x64 setting)."""
    return ShapedArray(struct.shape, canonicalize_dtype(struct.dtype), struct.weak_type)


def struct_of(aval: ShapedArray) -> ShapeDtypeStruct:
    """The struct of the type ``aval``."""
    return ShapeDtypeStruct(aval.shape, aval.dtype, weak_type=aval.weak_type)
