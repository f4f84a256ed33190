"""``arraytyping.Array``: the abstract base class of on-device arrays and tracers.

Every operator and method is defined here once, in terms of :mod:`arraytyping.numpy`, so concrete arrays and
tracers behave identically; subclasses provide ``aval`` and the conversions to concrete Python/numpy values.
"""

from __future__ import annotations

import abc
import types
import typing
from collections.abc import Callable, Iterator
from typing import Any, TypeGuard

import numpy as np

from arraytyping._src.core.avals import SEQUENCE_TYPES, ShapedArray

__all__ = ["ARRAY_API_VERSION", "Array", "bind_namespace", "is_array"]

_jnp: Any = None  # the package arraytyping._src.numpy, bound below (circular import)
_namespace: types.ModuleType | None = None  # arraytyping.numpy, which binds itself (bind_namespace)

ARRAY_API_VERSION = "2024.12"
"""The version of the Array API standard ``arraytyping.numpy`` declares (``__array_api_version__``), JAX 0.10.2's."""

_ACCEPTED_OPERANDS: tuple[type, ...] = (int, float, complex, np.generic, np.ndarray)
"""Operand types the operators take besides arrays (``bool`` is an ``int``), as JAX's ``_accepted_binop_types``."""
_REJECTED_OPERANDS: frozenset[type] = frozenset({list, tuple, set, dict})
_EXACT_OPERANDS: set[type] = {bool, int, float, complex}
"""Operand types checked first, by exact type: a set lookup, where ``isinstance`` against the ``Array`` ABC costs
about 0.15 us per eager operation. ``array_impl`` adds ``ArrayImpl``."""


def _binop(name: str, opchar: str, *, swap: bool = False) -> Callable[[Array, object], Array]:
    """The operator method calling ``arraytyping.numpy.<name>``: arrays, numpy values and Python scalars are
    operands; lists, tuples, sets and dicts are refused; any other type gets ``NotImplemented``, so its own
    reflected operator can run (JAX's ``_defer_to_unrecognized_arg``)."""

    def method(self: Array, other: object) -> Array:
        if type(other) in _EXACT_OPERANDS or isinstance(other, _OPERANDS):
            fn = getattr(_jnp, name)
            return fn(other, self) if swap else fn(self, other)  # type: ignore[no-any-return]
        if type(other) in _REJECTED_OPERANDS:
            left, right = (other, self) if swap else (self, other)
            raise TypeError(f"unsupported operand type(s) for {opchar}: {type(left).__name__!r} and "
                            f"{type(right).__name__!r}")
        return NotImplemented  # type: ignore[no-any-return]

    method.__name__ = f"__{'r' if swap else ''}{name}__"
    method.__doc__ = (f"``other {opchar} self``" if swap else f"``self {opchar} other``") + \
        f": ``arraytyping.numpy.{name}``, the operands promoted together (JAX's rules), broadcast."
    return method


def _param_repr(x: object) -> str:
    """A type parameter as written: a class by its name, a typing construct by its ``repr``."""
    if isinstance(x, type) and not isinstance(x, types.GenericAlias):
        return x.__name__
    return repr(x)


def _param_list(args: tuple[object, ...]) -> str:
    return ", ".join(_param_repr(a) for a in args)


def _is_shape_param(x: object) -> bool:
    """Whether ``x`` can be ``Array``'s shape parameter: a ``tuple[...]`` type (not unpacked, as ``*tuple[...]``
    is), a ``TypeVar`` (a whole shape bound once per call), ``Any``, or a forward reference still to evaluate."""
    if isinstance(x, (str, typing.ForwardRef, typing.TypeVar)) or x is typing.Any:
        return True
    return typing.get_origin(x) is tuple and not getattr(x, "__unpacked__", False)


class Array(abc.ABC):
    """An array of a registered dtype with a static shape and JAX's weak-type flag.

    ``isinstance(x, Array)`` holds for on-device arrays and for tracers, not for numpy arrays."""

    __slots__ = ()

    def __class_getitem__(cls, params: object) -> types.GenericAlias:
        """``Array[float32]`` (that dtype, any shape) and ``Array[float32, tuple[Literal[3], Literal[4]]]`` (a
        shape too) at run time, so annotations that are evaluated work (``typing.get_type_hints``,
        :func:`arraytyping.typecheck`); the type checkers read the parameters from the generated stubs. Any other
        arity, or a shape that is not a ``tuple[...]`` type, is a ``TypeError`` naming it."""
        args: tuple[object, ...] = (typing.cast("tuple[object, ...]", params) if isinstance(params, tuple)
                                    else (params,))
        if len(args) == 1:
            return types.GenericAlias(cls, args[0])
        if not args:
            raise TypeError("Array takes a dtype and optionally a shape (Array[float32], "
                            "Array[float32, tuple[Literal[3], Literal[4]]]), got no parameters")
        if len(args) != 2:
            raise TypeError(f"Array takes a dtype and optionally a shape, got {len(args)} parameters: "
                            f"Array[{_param_list(args)}]; write the shape as one tuple type: "
                            f"Array[{_param_repr(args[0])}, tuple[{_param_list(args[1:])}]]")
        if not _is_shape_param(args[1]):
            raise TypeError(f"Array's shape parameter must be a tuple type, such as tuple[Literal[3], Literal[4]] "
                            f"(tuple[int, ...]: any shape; tuple[()]: rank 0), got {_param_repr(args[1])}")
        return types.GenericAlias(cls, args)
    __array_priority__ = 100

    aval: ShapedArray
    """The abstract value: shape, dtype and weak flag. Each concrete subclass holds it in a slot of that name (read
    directly by the dispatch and tracing hot paths, without a property call)."""

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

    # Arithmetic and comparisons: the arraytyping.numpy functions, deferring to other types as JAX does ---------

    __add__ = _binop("add", "+")
    __radd__ = _binop("add", "+", swap=True)
    __sub__ = _binop("subtract", "-")
    __rsub__ = _binop("subtract", "-", swap=True)
    __mul__ = _binop("multiply", "*")
    __rmul__ = _binop("multiply", "*", swap=True)
    __truediv__ = _binop("true_divide", "/")
    __rtruediv__ = _binop("true_divide", "/", swap=True)
    __floordiv__ = _binop("floor_divide", "//")
    __rfloordiv__ = _binop("floor_divide", "//", swap=True)
    __mod__ = _binop("remainder", "%")
    __rmod__ = _binop("remainder", "%", swap=True)
    __pow__ = _binop("power", "**")
    __rpow__ = _binop("power", "**", swap=True)
    __matmul__ = _binop("matmul", "@")
    __rmatmul__ = _binop("matmul", "@", swap=True)
    __and__ = _binop("bitwise_and", "&")
    __rand__ = _binop("bitwise_and", "&", swap=True)
    __or__ = _binop("bitwise_or", "|")
    __ror__ = _binop("bitwise_or", "|", swap=True)
    __xor__ = _binop("bitwise_xor", "^")
    __rxor__ = _binop("bitwise_xor", "^", swap=True)
    __lshift__ = _binop("left_shift", "<<")
    __rlshift__ = _binop("left_shift", "<<", swap=True)
    __rshift__ = _binop("right_shift", ">>")
    __rrshift__ = _binop("right_shift", ">>", swap=True)
    __eq__ = _binop("equal", "==")  # type: ignore[assignment]
    __ne__ = _binop("not_equal", "!=")  # type: ignore[assignment]
    __lt__ = _binop("less", "<")
    __le__ = _binop("less_equal", "<=")
    __gt__ = _binop("greater", ">")
    __ge__ = _binop("greater_equal", ">=")

    def __divmod__(self, other: object) -> tuple[Array, Array]:
        return self // other, self % other

    def __rdivmod__(self, other: object) -> tuple[Array, Array]:
        return other // self, other % self

    # Unary --------------------------------------------------------------------------------------------------------

    def __neg__(self) -> Array: return _jnp.negative(self)  # type: ignore[no-any-return]
    def __pos__(self) -> Array: return _jnp.positive(self)  # type: ignore[no-any-return]
    def __abs__(self) -> Array: return _jnp.abs(self)  # type: ignore[no-any-return]
    def __invert__(self) -> Array: return _jnp.invert(self)  # type: ignore[no-any-return]

    # Methods ------------------------------------------------------------------------------------------------------

    def __array_namespace__(self, *, api_version: str | None = None) -> types.ModuleType:
        """The Array API namespace of this array: :mod:`arraytyping.numpy` (``api_version``, if given, must be
        ``"2024.12"``, the one it implements: ``ValueError`` otherwise, as JAX's).

        Example::

            xp = x.__array_namespace__()
            xp.sum(x)
        """
        if api_version is not None and api_version != ARRAY_API_VERSION:
            raise ValueError(f"{api_version=!r} is not available; available versions are: {[ARRAY_API_VERSION]}")
        if _namespace is None:
            raise RuntimeError("arraytyping.numpy is not imported yet; import arraytyping.numpy first")
        return _namespace

    def astype(self, dtype: Any, copy: bool = False, device: Any = None) -> Array:
        """This array converted to ``dtype`` (canonicalized for x64, strongly typed), as ``numpy.astype``; on
        ``device`` when one is given (``copy`` is accepted, as JAX's: arrays are immutable)."""
        return _jnp.astype(self, dtype, copy=copy, device=device)  # type: ignore[no-any-return]

    def reshape(self, *shape: Any) -> Array:
        """This array with a new shape, given as separate ints or one sequence (one entry may be -1)."""
        if len(shape) == 1 and isinstance(shape[0], SEQUENCE_TYPES):
            shape = tuple(shape[0])
        return _jnp.reshape(self, shape)  # type: ignore[no-any-return]

    def transpose(self, *axes: Any) -> Array:
        """This array with its axes permuted (reversed when no ``axes`` are given)."""
        if len(axes) == 1 and (axes[0] is None or isinstance(axes[0], SEQUENCE_TYPES)):
            axes = tuple(axes[0]) if axes[0] is not None else ()
        return _jnp.transpose(self, axes or None)  # type: ignore[no-any-return]

    @property
    def T(self) -> Array:
        return _jnp.transpose(self)  # type: ignore[no-any-return]

    @property
    def mT(self) -> Array:
        """This array with its last two axes exchanged (a stack of transposed matrices), as JAX's ``Array.mT``."""
        if self.aval.ndim < 2:
            raise ValueError(f"x must be at least two-dimensional for matrix_transpose; got ndim={self.aval.ndim}")
        return _jnp.swapaxes(self, -1, -2)  # type: ignore[no-any-return]

    def ravel(self, order: str = "C") -> Array:
        """This array flattened to one dimension (``order='F'``: the first axis fastest), as ``numpy.ravel``."""
        return _jnp.ravel(self, order)  # type: ignore[no-any-return]

    def flatten(self, order: str = "C") -> Array:
        """This array flattened to one dimension (``order='F'``: the first axis fastest): ``ravel``."""
        return _jnp.ravel(self, order)  # type: ignore[no-any-return]

    def squeeze(self, axis: Any = None) -> Array:
        """This array without its axes of size 1 (only those of ``axis`` when given; each must have size 1)."""
        return _jnp.squeeze(self, axis)  # type: ignore[no-any-return]

    def swapaxes(self, axis1: int, axis2: int) -> Array:
        """This array with two axes exchanged."""
        return _jnp.swapaxes(self, axis1, axis2)  # type: ignore[no-any-return]

    def conj(self) -> Array:
        """The complex conjugate, elementwise (a real array unchanged), as ``arraytyping.numpy.conj``."""
        return _jnp.conj(self)  # type: ignore[no-any-return]

    def conjugate(self) -> Array:
        """The complex conjugate, elementwise (a real array unchanged): ``conj``."""
        return _jnp.conj(self)  # type: ignore[no-any-return]

    @property
    def real(self) -> Array:
        """The real part, as ``arraytyping.numpy.real`` (a complex array's real dtype; others as they are)."""
        return _jnp.real(self)  # type: ignore[no-any-return]

    @property
    def imag(self) -> Array:
        """The imaginary part, as ``arraytyping.numpy.imag`` (zeros of the dtype for a real array)."""
        return _jnp.imag(self)  # type: ignore[no-any-return]

    def round(self, decimals: int = 0, out: None = None) -> Array:
        """Rounded half to even to ``decimals`` decimals, as ``arraytyping.numpy.round``."""
        return _jnp.round(self, decimals, out)  # type: ignore[no-any-return]

    def clip(self, min: Any = None, max: Any = None) -> Array:
        """Limited to ``[min, max]``, promoting with the bounds, as ``arraytyping.numpy.clip``."""
        return _jnp.clip(self, min, max)  # type: ignore[no-any-return]

    def dot(self, b: Any) -> Array:
        """The dot product with ``b``, as ``arraytyping.numpy.dot`` (JAX's keyword-only ``precision`` and
        ``preferred_element_type`` are not supported)."""
        return _jnp.dot(self, b)  # type: ignore[no-any-return]

    def copy(self) -> Array:
        """A copy of this array: the same dtype and weak flag."""
        return _jnp.copy(self)  # type: ignore[no-any-return]

    def sort(self, axis: int | None = -1, *, kind: None = None, order: None = None, stable: bool = True,
             descending: bool = False) -> Array:
        """This array sorted along ``axis`` (flattened when ``None``), as ``arraytyping.numpy.sort``."""
        return _jnp.sort(self, axis, kind=kind, order=order, stable=stable,  # type: ignore[no-any-return]
                         descending=descending)

    def take(self, indices: Any, axis: int | None = None, out: None = None, mode: str | None = None,
             unique_indices: bool = False, indices_are_sorted: bool = False, fill_value: Any = None) -> Array:
        """The elements at ``indices`` along ``axis`` (of the flattened array when ``None``), as
        ``arraytyping.numpy.take``."""
        return _jnp.take(self, indices, axis, out, mode, unique_indices,  # type: ignore[no-any-return]
                         indices_are_sorted, fill_value)

    def repeat(self, repeats: Any, axis: int | None = None, *, total_repeat_length: int | None = None) -> Array:
        """Each element repeated ``repeats`` times along ``axis`` (of the flattened array when ``None``), as
        ``arraytyping.numpy.repeat``."""
        return _jnp.repeat(self, repeats, axis,  # type: ignore[no-any-return]
                           total_repeat_length=total_repeat_length)

    def diagonal(self, offset: int = 0, axis1: int = 0, axis2: int = 1) -> Array:
        """The diagonal at ``offset`` of the planes of ``axis1`` and ``axis2``, as ``arraytyping.numpy.diagonal``."""
        return _jnp.diagonal(self, offset, axis1, axis2)  # type: ignore[no-any-return]

    def searchsorted(self, v: Any, side: str = "left", sorter: Any = None, *, method: str = "scan") -> Array:
        """Where the values ``v`` would go in this sorted 1-d array (int32 indices), as
        ``arraytyping.numpy.searchsorted``."""
        return _jnp.searchsorted(self, v, side, sorter, method=method)  # type: ignore[no-any-return]

    def compress(self, condition: Any, axis: int | None = None, *, out: None = None, size: int | None = None,
                 fill_value: Any = 0) -> Array:
        """The slices along ``axis`` (of the flattened array when ``None``) where ``condition`` holds, as
        ``arraytyping.numpy.compress``."""
        return _jnp.compress(condition, self, axis=axis, out=out,  # type: ignore[no-any-return]
                             size=size, fill_value=fill_value)

    def choose(self, choices: Any, out: None = None, mode: str = "raise") -> Array:
        """This integer array's elements picking among ``choices``, as ``arraytyping.numpy.choose`` (``mode='raise'``
        needs a concrete array: not under ``jit``)."""
        return _jnp.choose(self, choices=choices, out=out, mode=mode)  # type: ignore[no-any-return]

    def view(self, dtype: Any = None, type: None = None) -> Array:
        """This array's bits read as ``dtype`` (itself for no dtype or its own): the last axis scaled by the ratio
        of the item sizes, as JAX's ``Array.view``."""
        return _jnp.view(self, dtype, type)  # type: ignore[no-any-return]

    @property
    def itemsize(self) -> int:
        """The bytes of one element (1 for the sub-byte dtypes, as numpy stores them)."""
        return int(self.aval.dtype.itemsize)

    @property
    def nbytes(self) -> int:
        """The bytes of all elements: ``size * itemsize``."""
        return int(self.aval.size) * int(self.aval.dtype.itemsize)

    def sum(self, axis: Any = None, dtype: Any = None, out: None = None, keepdims: bool = False) -> Array:
        """The sum over ``axis`` (all axes by default), in ``dtype`` if given; bool and narrow integers widen (JAX)."""
        return _jnp.sum(self, axis=axis, dtype=dtype, out=out, keepdims=keepdims)  # type: ignore[no-any-return]

    def prod(self, axis: Any = None, dtype: Any = None, out: None = None, keepdims: bool = False) -> Array:
        """The product over ``axis`` (all axes by default), in ``dtype`` if given; bool and narrow integers widen (JAX)."""
        return _jnp.prod(self, axis=axis, dtype=dtype, out=out, keepdims=keepdims)  # type: ignore[no-any-return]

    def max(self, axis: Any = None, keepdims: bool = False) -> Array:
        """The maximum over ``axis`` (all axes by default), in this array's dtype."""
        return _jnp.max(self, axis=axis, keepdims=keepdims)  # type: ignore[no-any-return]

    def min(self, axis: Any = None, keepdims: bool = False) -> Array:
        """The minimum over ``axis`` (all axes by default), in this array's dtype."""
        return _jnp.min(self, axis=axis, keepdims=keepdims)  # type: ignore[no-any-return]

    def mean(self, axis: Any = None, dtype: Any = None, out: None = None, keepdims: bool = False) -> Array:
        """The arithmetic mean over ``axis`` (all axes by default); integers and bool give the default float."""
        return _jnp.mean(self, axis=axis, dtype=dtype, out=out, keepdims=keepdims)  # type: ignore[no-any-return]

    def any(self, axis: Any = None, keepdims: bool = False) -> Array:
        """Whether any element over ``axis`` (all axes by default) is true: a bool array."""
        return _jnp.any(self, axis=axis, keepdims=keepdims)  # type: ignore[no-any-return]

    def all(self, axis: Any = None, keepdims: bool = False) -> Array:
        """Whether every element over ``axis`` (all axes by default) is true: a bool array."""
        return _jnp.all(self, axis=axis, keepdims=keepdims)  # type: ignore[no-any-return]

    def var(self, axis: Any = None, dtype: Any = None, out: None = None, ddof: int = 0, keepdims: bool = False, *,
            where: Any = None, correction: int | float | None = None) -> Array:
        """The variance over ``axis`` (divided by ``n - correction``), as ``arraytyping.numpy.var``."""
        return _jnp.var(self, axis, dtype, out, ddof, keepdims, where=where,  # type: ignore[no-any-return]
                        correction=correction)

    def std(self, axis: Any = None, dtype: Any = None, out: None = None, ddof: int = 0, keepdims: bool = False, *,
            where: Any = None, correction: int | float | None = None) -> Array:
        """The standard deviation over ``axis``, as ``arraytyping.numpy.std``."""
        return _jnp.std(self, axis, dtype, out, ddof, keepdims, where=where,  # type: ignore[no-any-return]
                        correction=correction)

    def ptp(self, axis: Any = None, out: None = None, keepdims: bool = False) -> Array:
        """The range (maximum minus minimum) over ``axis``, as ``arraytyping.numpy.ptp``."""
        return _jnp.ptp(self, axis, out, keepdims)  # type: ignore[no-any-return]

    def cumsum(self, axis: int | None = None, dtype: Any = None, out: None = None) -> Array:
        """The cumulative sum along ``axis`` (of the flattened array when ``None``), as
        ``arraytyping.numpy.cumsum``."""
        return _jnp.cumsum(self, axis, dtype, out)  # type: ignore[no-any-return]

    def cumprod(self, axis: int | None = None, dtype: Any = None, out: None = None) -> Array:
        """The cumulative product along ``axis`` (of the flattened array when ``None``), as
        ``arraytyping.numpy.cumprod``."""
        return _jnp.cumprod(self, axis, dtype, out)  # type: ignore[no-any-return]

    def trace(self, offset: int = 0, axis1: int = 0, axis2: int = 1, dtype: Any = None, out: None = None) -> Array:
        """The sum along the diagonal at ``offset`` of the planes of ``axis1`` and ``axis2``, as
        ``arraytyping.numpy.trace``."""
        return _jnp.trace(self, offset, axis1, axis2, dtype, out)  # type: ignore[no-any-return]

    def argmax(self, axis: int | None = None, out: None = None, keepdims: bool | None = None) -> Array:
        """The index of the maximum over ``axis`` (of the flattened array when ``None``): the default integer dtype,
        as ``arraytyping.numpy.argmax``."""
        return _jnp.argmax(self, axis, out, keepdims)  # type: ignore[no-any-return]

    def argmin(self, axis: int | None = None, out: None = None, keepdims: bool | None = None) -> Array:
        """The index of the minimum over ``axis`` (of the flattened array when ``None``): the default integer dtype,
        as ``arraytyping.numpy.argmin``."""
        return _jnp.argmin(self, axis, out, keepdims)  # type: ignore[no-any-return]

    def argsort(self, axis: int | None = -1, *, kind: None = None, order: None = None, stable: bool = True,
                descending: bool = False) -> Array:
        """The indices that sort this array along ``axis``: the default integer dtype, as
        ``arraytyping.numpy.argsort``."""
        return _jnp.argsort(self, axis, kind=kind, order=order, stable=stable,  # type: ignore[no-any-return]
                            descending=descending)

    def nonzero(self, *, fill_value: Any = None, size: int | None = None) -> tuple[Array, ...]:
        """The indices of the nonzero elements, one array per axis (``size``: padded or cut to that length with
        ``fill_value``), as ``arraytyping.numpy.nonzero``."""
        return _jnp.nonzero(self, size=size, fill_value=fill_value)  # type: ignore[no-any-return]

    def __getitem__(self, index: Any) -> Array:
        return _jnp.getitem(self, index)  # type: ignore[no-any-return]

    def __setitem__(self, index: Any, value: Any) -> None:
        """Arrays are immutable: JAX's ``TypeError``, pointing to ``x.at[idx].set(y)``."""
        raise TypeError(f"{_IMMUTABLE} Instead of x[idx] = y, use x = x.at[idx].set(y) or another .at[] method: "
                        "https://docs.jax.dev/en/latest/_autosummary/jax.numpy.ndarray.at.html")

    @property
    def at(self) -> Any:
        """``x.at[index]``: indexed reads and functional updates (``.get``, ``.set``, ``.add``, ``.multiply``,
        ``.min``, ``.max``), as JAX's ``Array.at``."""
        return _jnp.IndexUpdateHelper(self)


_IMMUTABLE = "JAX arrays are immutable and do not support in-place item assignment."

_OPERANDS: tuple[type, ...] = (Array, *_ACCEPTED_OPERANDS)
"""What the operators take (checked on every eager operation: built once)."""


_IS_ARRAY: dict[type, bool] = {}
"""``isinstance(x, Array)`` by ``type(x)``: ``Array`` is an ABC, whose check is a Python-level call."""


def is_array(x: object) -> TypeGuard[Array]:
    """Whether ``x`` is an array or a tracer (``isinstance(x, Array)``, remembered per type)."""
    tp = type(x)
    hit = _IS_ARRAY.get(tp)
    if hit is None:
        hit = _IS_ARRAY[tp] = isinstance(x, Array)
    return hit


def bind_namespace(module: types.ModuleType) -> None:
    """Bind the module ``Array.__array_namespace__`` returns (``arraytyping.numpy`` binds itself on import)."""
    global _namespace
    _namespace = module


def bind_numpy_functions(module: Any) -> None:
    global _jnp
    _jnp = module
