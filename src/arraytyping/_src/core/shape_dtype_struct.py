"""``jax.ShapeDtypeStruct``: a shape and a dtype (and a weak flag) standing for an array that does not exist, as
``pure_callback``'s declared results take them."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from arraytyping._src.dtypes.promotion import canonicalize_dtype, to_dtype
from arraytyping._src.core.avals import ShapedArray, canonicalize_shape
from arraytyping._src.core.staging import abstractify

__all__ = ["ShapeDtypeStruct"]


class ShapeDtypeStruct:
    """A container for the shape, dtype and weak flag of an array (JAX's ``jax.ShapeDtypeStruct``; ``sharding`` is
    kept, and must be ``None`` or a single-device sharding: this package runs on one device)."""

    __slots__ = ("shape", "dtype", "sharding", "weak_type")

    shape: tuple[int, ...]
    dtype: np.dtype[Any]
    sharding: Any
    weak_type: bool

    def __init__(self, shape: Any, dtype: Any, *, sharding: Any = None, weak_type: bool = False) -> None:
        self.shape = canonicalize_shape(shape)
        self.dtype = to_dtype(dtype).dtype
        self.sharding = sharding
        self.weak_type = bool(weak_type)

    @classmethod
    def like(cls, x: Any) -> ShapeDtypeStruct:
        """The shape, dtype and weak flag of ``x`` (an array, a numpy value or a Python scalar)."""
        aval = abstractify(x)
        return cls(aval.shape, aval.dtype, weak_type=aval.weak_type)

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def size(self) -> int:
        return math.prod(self.shape)

    def aval(self) -> ShapedArray:
        """The type of an array it describes, its dtype canonicalized for the x64 setting."""
        return ShapedArray(self.shape, canonicalize_dtype(self.dtype), self.weak_type)

    def __repr__(self) -> str:
        weak = ", weak_type=True" if self.weak_type else ""
        return f"ShapeDtypeStruct(shape={self.shape}, dtype={self.dtype.name}{weak})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, ShapeDtypeStruct) and (self.shape, self.dtype, self.sharding, self.weak_type)
                == (other.shape, other.dtype, other.sharding, other.weak_type))

    def __hash__(self) -> int:
        return hash((self.shape, self.dtype, self.weak_type))
