"""``arraytyping.typing``: type aliases for annotating array code (the runtime side of ``typing.pyi``).

Following JAX's typing roadmap, inputs are typed permissively and outputs strictly:

* inputs: :data:`ArrayLike` (anything ``arraytyping.numpy`` converts implicitly), :data:`DTypeLike` (anything that
  names a dtype), :data:`ShapeLike` (an int or a sequence of ints), :data:`Scalar` (a Python scalar);
* outputs: :data:`DType` (``np.dtype``), :data:`Shape` (``tuple[int, ...]``), ``Array[...]``;
* arrays by category: :data:`BoolArray`, :data:`IntArray`, :data:`FloatArray`, :data:`ComplexArray`,
  :data:`InexactArray`, :data:`NumberArray` (each includes the category's weak type), :data:`NDArray` (any dtype);
* :data:`ScalarType`, a type variable over dtypes for generic helpers.

Type checkers read the generated stub ``typing.pyi`` beside this module; the names here exist so that the aliases can
be imported and used at run time (``isinstance`` against an alias is not supported, as with ``typing`` aliases).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal, Protocol, SupportsIndex, TypeVar, Union, runtime_checkable

import numpy as np

from arraytyping import lattice
from arraytyping._src.core.array import Array as _Array
from arraytyping._src.dtypes import scalar_types as _st

__all__ = [
    "Array", "ArrayLike", "BoolArray", "ComplexArray", "DType", "DTypeLike", "DTypeName", "FloatArray", "InexactArray",
    "IntArray", "NDArray", "NumberArray", "Scalar", "ScalarType", "Shape", "ShapeLike", "SupportsDType",
]


@runtime_checkable
class SupportsDType(Protocol):
    """An object with a ``dtype`` attribute (numpy and arraytyping arrays, ``np.dtype`` itself has none)."""

    @property
    def dtype(self, /) -> np.dtype[Any]: ...


Scalar = Union[bool, int, float, complex]
DTypeName = Literal[tuple(lattice.DTYPE_SPELLINGS)]  # type: ignore[valid-type]  # pyright: ignore
"""Every string that names a dtype (:data:`arraytyping.lattice.DTYPE_SPELLINGS`); no other string does."""
DTypeLike = Union[str, type[Any], "np.dtype[Any]", SupportsDType]  # the stub: DTypeName, not any str
ShapeLike = Union[SupportsIndex, Sequence[SupportsIndex]]
DType = np.dtype
Shape = tuple[int, ...]
ScalarType = TypeVar("ScalarType", bound=_st.generic)

if TYPE_CHECKING:  # declared for checkers reading this module directly (they read the generated typing.pyi)
    Array: Any
    NDArray: Any
    ArrayLike: Any
    BoolArray: Any
    IntArray: Any
    FloatArray: Any
    ComplexArray: Any
    InexactArray: Any
    NumberArray: Any
else:
    # As the stub declares them, so that arraytyping.typecheck checks the dtype category (a Python scalar type is
    # the weakly typed array of that kind).
    Array = NDArray = _Array
    ArrayLike = Union[_Array, np.ndarray, np.bool_, np.number, bool, int, float, complex]
    BoolArray = _Array[_st.bool_]
    IntArray = _Array[Union[_st.integer, int]]
    FloatArray = _Array[Union[_st.floating, float]]
    ComplexArray = _Array[Union[_st.complexfloating, complex]]
    InexactArray = _Array[Union[_st.inexact, float, complex]]
    NumberArray = _Array[Union[_st.number, int, float, complex]]
