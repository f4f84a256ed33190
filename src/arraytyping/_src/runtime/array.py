"""``arraytyping.Array``: the abstract base class of on-device arrays and tracers.

Every operator and method is defined here once, in terms of :mod:`arraytyping.numpy`, so concrete arrays and
tracers behave identically; subclasses provide ``aval`` and the conversions to concrete Python/numpy values.
"""

from __future__ import annotations

import abc
from collections.abc import Iterator
from typing import Any

import numpy as np

from arraytyping._src.runtime.avals import ShapedArray

__all__ = ["Array"]

_jnp: Any = None  # arraytyping._src.runtime.numpy_functions, bound below (circular import)


class Array(abc.ABC):
    """An array of a registered dtype with a static shape and JAX's weak-type flag.

    ``isinstance(x, Array)`` holds for on-device arrays and for tracers, not for numpy arrays."""

    __slots__ = ()
    __array_priority__ = 100

    @property
    @abc.abstractmethod
    def aval(self) -> ShapedArray:
        """The abstract value: shape, dtype and weak flag."""

    @property
    def dtype(self) -> np.dtype[Any]:
        return self.aval.dtype

    @property
    def shape(self) -> tuple[int, ...]:
        return self.aval.shape

    @property
    def ndim(self) -> int:
        return len(self.aval.shape)

    @property
    def size(self) -> int:
        return self.aval.size

    @property
    def weak_type(self) -> bool:
        return self.aval.weak_type

    # Concrete values ---------------------------------------------------------------------------------------------

    @abc.abstractmethod
    def __array__(self, dtype: Any = None, copy: bool | None = None) -> np.ndarray[Any, Any]: ...

    @abc.abstractmethod
    def __bool__(self) -> bool: ...

    @abc.abstractmethod
    def __int__(self) -> int: ...

    @abc.abstractmethod
    def __float__(self) -> float: ...

    @abc.abstractmethod
    def __complex__(self) -> complex: ...

    @abc.abstractmethod
    def __index__(self) -> int: ...

    def __len__(self) -> int:
        if not self.aval.shape:
            raise TypeError(f"len() of unsized object: a 0-d array of type {self.aval.str_short()}")
        return self.aval.shape[0]

    def __iter__(self) -> Iterator[Array]:
        if not self.aval.shape:
            raise TypeError(f"iteration over a 0-d array of type {self.aval.str_short()}")
        return (self[i] for i in range(self.aval.shape[0]))

    __hash__ = None  # type: ignore[assignment]

    # Arithmetic ---------------------------------------------------------------------------------------------------

    def __add__(self, other: Any) -> Array: return _jnp.add(self, other)  # type: ignore[no-any-return]
    def __radd__(self, other: Any) -> Array: return _jnp.add(other, self)  # type: ignore[no-any-return]
    def __sub__(self, other: Any) -> Array: return _jnp.subtract(self, other)  # type: ignore[no-any-return]
    def __rsub__(self, other: Any) -> Array: return _jnp.subtract(other, self)  # type: ignore[no-any-return]
    def __mul__(self, other: Any) -> Array: return _jnp.multiply(self, other)  # type: ignore[no-any-return]
    def __rmul__(self, other: Any) -> Array: return _jnp.multiply(other, self)  # type: ignore[no-any-return]
    def __truediv__(self, other: Any) -> Array: return _jnp.true_divide(self, other)  # type: ignore[no-any-return]
    def __rtruediv__(self, other: Any) -> Array: return _jnp.true_divide(other, self)  # type: ignore[no-any-return]
    def __floordiv__(self, other: Any) -> Array: return _jnp.floor_divide(self, other)  # type: ignore[no-any-return]
    def __rfloordiv__(self, other: Any) -> Array: return _jnp.floor_divide(other, self)  # type: ignore[no-any-return]
    def __mod__(self, other: Any) -> Array: return _jnp.remainder(self, other)  # type: ignore[no-any-return]
    def __rmod__(self, other: Any) -> Array: return _jnp.remainder(other, self)  # type: ignore[no-any-return]
    def __pow__(self, other: Any) -> Array: return _jnp.power(self, other)  # type: ignore[no-any-return]
    def __rpow__(self, other: Any) -> Array: return _jnp.power(other, self)  # type: ignore[no-any-return]
    def __matmul__(self, other: Any) -> Array: return _jnp.matmul(self, other)  # type: ignore[no-any-return]
    def __rmatmul__(self, other: Any) -> Array: return _jnp.matmul(other, self)  # type: ignore[no-any-return]
    def __and__(self, other: Any) -> Array: return _jnp.bitwise_and(self, other)  # type: ignore[no-any-return]
    def __rand__(self, other: Any) -> Array: return _jnp.bitwise_and(other, self)  # type: ignore[no-any-return]
    def __or__(self, other: Any) -> Array: return _jnp.bitwise_or(self, other)  # type: ignore[no-any-return]
    def __ror__(self, other: Any) -> Array: return _jnp.bitwise_or(other, self)  # type: ignore[no-any-return]
    def __xor__(self, other: Any) -> Array: return _jnp.bitwise_xor(self, other)  # type: ignore[no-any-return]
    def __rxor__(self, other: Any) -> Array: return _jnp.bitwise_xor(other, self)  # type: ignore[no-any-return]

    # Comparisons --------------------------------------------------------------------------------------------------

    def __eq__(self, other: Any) -> Array: return _jnp.equal(self, other)  # type: ignore[override, no-any-return]
    def __ne__(self, other: Any) -> Array: return _jnp.not_equal(self, other)  # type: ignore[override, no-any-return]
    def __lt__(self, other: Any) -> Array: return _jnp.less(self, other)  # type: ignore[no-any-return]
    def __le__(self, other: Any) -> Array: return _jnp.less_equal(self, other)  # type: ignore[no-any-return]
    def __gt__(self, other: Any) -> Array: return _jnp.greater(self, other)  # type: ignore[no-any-return]
    def __ge__(self, other: Any) -> Array: return _jnp.greater_equal(self, other)  # type: ignore[no-any-return]

    # Unary --------------------------------------------------------------------------------------------------------

    def __neg__(self) -> Array: return _jnp.negative(self)  # type: ignore[no-any-return]
    def __pos__(self) -> Array: return _jnp.positive(self)  # type: ignore[no-any-return]
    def __abs__(self) -> Array: return _jnp.abs(self)  # type: ignore[no-any-return]
    def __invert__(self) -> Array: return _jnp.invert(self)  # type: ignore[no-any-return]

    # Methods ------------------------------------------------------------------------------------------------------

    def astype(self, dtype: Any) -> Array:
        return _jnp.astype(self, dtype)  # type: ignore[no-any-return]

    def reshape(self, *shape: Any) -> Array:
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = tuple(shape[0])
        return _jnp.reshape(self, shape)  # type: ignore[no-any-return]

    def transpose(self, *axes: Any) -> Array:
        if len(axes) == 1 and (axes[0] is None or isinstance(axes[0], (tuple, list))):
            axes = tuple(axes[0]) if axes[0] is not None else ()
        return _jnp.transpose(self, axes or None)  # type: ignore[no-any-return]

    @property
    def T(self) -> Array:
        return _jnp.transpose(self)  # type: ignore[no-any-return]

    def sum(self, axis: Any = None, keepdims: bool = False) -> Array:
        return _jnp.sum(self, axis=axis, keepdims=keepdims)  # type: ignore[no-any-return]

    def prod(self, axis: Any = None, keepdims: bool = False) -> Array:
        return _jnp.prod(self, axis=axis, keepdims=keepdims)  # type: ignore[no-any-return]

    def max(self, axis: Any = None, keepdims: bool = False) -> Array:
        return _jnp.max(self, axis=axis, keepdims=keepdims)  # type: ignore[no-any-return]

    def min(self, axis: Any = None, keepdims: bool = False) -> Array:
        return _jnp.min(self, axis=axis, keepdims=keepdims)  # type: ignore[no-any-return]

    def mean(self, axis: Any = None, keepdims: bool = False) -> Array:
        return _jnp.mean(self, axis=axis, keepdims=keepdims)  # type: ignore[no-any-return]

    def any(self, axis: Any = None, keepdims: bool = False) -> Array:
        return _jnp.any(self, axis=axis, keepdims=keepdims)  # type: ignore[no-any-return]

    def all(self, axis: Any = None, keepdims: bool = False) -> Array:
        return _jnp.all(self, axis=axis, keepdims=keepdims)  # type: ignore[no-any-return]

    def __getitem__(self, index: Any) -> Array:
        return _jnp.getitem(self, index)  # type: ignore[no-any-return]


def _bind_numpy_functions(module: Any) -> None:
    global _jnp
    _jnp = module
