"""``arraytyping.numpy.ufunc`` and ``frompyfunc``: JAX 0.10.2's ``jnp.ufunc`` (``jax/_src/numpy/ufunc_api.py``), a
function of scalars made into a numpy-style universal function: called, it is ``vectorize``'d over its arguments;
a binary one (``nin=2``, ``nout=1``) also has ``reduce`` (a ``fori_loop`` over the axis), ``accumulate`` (a
``scan``), ``at`` (a ``scan`` over the indices, never in place), ``reduceat`` and ``outer`` (nested ``vmap``), each
jitted as JAX's (the ufunc itself static), with JAX's checks and errors.

(JAX's own binary functions, ``jnp.add`` and the rest, are ``ufunc`` instances with fast paths; arraytyping's are
plain functions.)
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable
from typing import Any

import numpy as np

from arraytyping._src.core.array import Array
from arraytyping._src.core.arraylike import check_arraylike
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.staging import trace_to_jaxpr
from arraytyping._src.interpreters.batching.vmap import vmap
from arraytyping._src.lax.control_flow.loops import fori_loop, scan
from arraytyping._src.numpy._promotion import ArrayLike, canonical_dtype, jitted, operand, shape_of
from arraytyping._src.numpy.conversion import asarray, astype, full
from arraytyping._src.numpy.indexing import _as_tuple, take  # pyright: ignore[reportPrivateUsage]
from arraytyping._src.numpy.joining import append
from arraytyping._src.numpy.selection import where
from arraytyping._src.numpy.shape import broadcast_shapes, broadcast_to, canonicalize_axis, expand_dims, moveaxis
from arraytyping._src.numpy.vectorize import vectorize

__all__ = ["frompyfunc", "ufunc"]

_AT_INPLACE_WARNING = ("Because JAX arrays are immutable, jnp.ufunc.at() cannot operate inplace like\n"
                       "np.ufunc.at(). Instead, you can pass inplace=False and capture the result; e.g.\n"
                       ">>> arr = jnp.add.at(arr, ind, val, inplace=False)\n")


class ufunc:
    """A universal function (JAX's ``jax.numpy.ufunc``): ``func`` of ``nin`` scalars returning ``nout`` values,
    applied element-wise with broadcasting (``jnp.vectorize``); binary ones (``nin=2``, ``nout=1``) have
    ``reduce``, ``accumulate``, ``at``, ``reduceat`` and ``outer``. ``identity`` is the value ``reduce`` starts
    from (and returns on an empty axis).

    Args:
        func: the function of scalars.
        nin: its number of inputs.
        nout: its number of outputs.
        name: the ufunc's name (default: ``func.__name__``).
        nargs: its number of arguments (default: ``nin``).
        identity: the identity of a binary ufunc, or None.
        call, reduce, accumulate, at, reduceat: faster implementations of the methods (optional).

    Example:
        >>> import arraytyping.numpy as jnp
        >>> add = jnp.ufunc(lambda x, y: x + y, 2, 1, identity=0)
        >>> add(jnp.arange(3), 10)
        Array([10, 11, 12], dtype=int32)
        >>> add.reduce(jnp.arange(5))
        Array(10, dtype=int32)
    """

    def __init__(self, func: Callable[..., Any], /, nin: int, nout: int, *, name: str | None = None,
                 nargs: int | None = None, identity: Any = None, call: Callable[..., Any] | None = None,
                 reduce: Callable[..., Any] | None = None, accumulate: Callable[..., Any] | None = None,
                 at: Callable[..., Any] | None = None, reduceat: Callable[..., Any] | None = None) -> None:
        self.__doc__ = func.__doc__
        self.__name__: str = name or func.__name__
        self._props: dict[str, Any] = {
            "func": func, "nin": operator.index(nin), "nout": operator.index(nout),
            "nargs": operator.index(nargs or nin), "identity": identity, "call": call, "reduce": reduce,
            "accumulate": accumulate, "at": at, "reduceat": reduceat,
        }

    @property
    def nin(self) -> int:
        """The number of inputs."""
        n: int = self._props["nin"]
        return n

    @property
    def nout(self) -> int:
        """The number of outputs."""
        n: int = self._props["nout"]
        return n

    @property
    def nargs(self) -> int:
        """The number of arguments."""
        n: int = self._props["nargs"]
        return n

    @property
    def identity(self) -> Any:
        """The identity of the binary operation (``reduce`` starts from it), or None."""
        return self._props["identity"]

    def _key(self) -> tuple[Any, ...]:
        return (self._props["func"], self.__name__, self.identity, self.nin, self.nout, self.nargs)

    def __hash__(self) -> int:
        return hash(self._key())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ufunc) and self._key() == other._key()

    def __repr__(self) -> str:
        return f"<jnp.ufunc '{self.__name__}'>"

    def __call__(self, *args: ArrayLike, out: None = None, where: None = None) -> Any:
        """The function applied element-wise to the broadcast ``args``."""
        check_arraylike(self.__name__, *args)
        if out is not None:
            raise NotImplementedError(f"out argument of {self}")
        if where is not None:
            raise NotImplementedError(f"where argument of {self}")
        call = self._props["call"]
        if call is not None:
            return call(*args)
        return _call_vectorized(*args, self=self)

    def _binary(self, method: str) -> None:
        if self.nin != 2:
            raise ValueError(f"{method} only supported for binary ufuncs")
        if self.nout != 1:
            raise ValueError(f"{method} only supported for functions returning a single value")

    def _result_dtype(self, *args: Any) -> np.dtype[Any]:
        """The dtype of ``func`` on ones of the arguments' types (JAX's ``eval_shape`` on ``lax._one``)."""
        avals = [ShapedArray((), *_dtype_weak(a)) for a in args]
        closed, _ = trace_to_jaxpr(lambda *xs: self._props["func"](*xs), avals, f"{self.__name__}'s result type")
        dtype: np.dtype[Any] = closed.out_avals[0].dtype
        return dtype

    def reduce(self, a: ArrayLike, axis: int | None = 0, dtype: Any = None, out: None = None,
               keepdims: bool = False, initial: ArrayLike | None = None, where: ArrayLike | None = None) -> Array:
        """The binary operation folded over ``axis`` (all axes with ``None``), from ``initial`` (default: the
        identity) or else the first element; ``where`` masks elements out."""
        result: Array = _reduce(a, initial, where, self=self, axis=axis,
                                dtype=None if dtype is None else canonical_dtype(dtype), out=out,
                                keepdims=keepdims)
        return result

    def accumulate(self, a: ArrayLike, axis: int = 0, dtype: Any = None, out: None = None) -> Array:
        """The running fold of the binary operation along ``axis``."""
        result: Array = _accumulate(a, self=self, axis=axis,
                                    dtype=None if dtype is None else canonical_dtype(dtype), out=out)
        return result

    def at(self, a: ArrayLike, indices: Any, b: ArrayLike | None = None, /, *, inplace: bool = True) -> Array:
        """``a`` with the operation applied at ``indices`` (with ``b``'s values for a binary ufunc), repeated
        indices applied in turn. ``inplace=False`` is required (JAX's arrays are immutable)."""
        if inplace:
            raise NotImplementedError(_AT_INPLACE_WARNING)
        at = self._props["at"]
        if at is not None:
            result: Array = at(a, indices) if b is None else at(a, indices, b)
            return result
        args = () if b is None else (b,)
        out: Array = _at(a, indices, *args, self=self)
        return out

    def reduceat(self, a: ArrayLike, indices: Any, axis: int = 0, dtype: Any = None, out: None = None) -> Array:
        """The binary operation folded over the slices ``indices[i]:indices[i + 1]`` of ``axis``."""
        result: Array = _reduceat(a, indices, self=self, axis=axis,
                                  dtype=None if dtype is None else canonical_dtype(dtype), out=out)
        return result

    def outer(self, A: ArrayLike, B: ArrayLike, /) -> Array:
        """The operation on every pair of elements of ``A`` and ``B``: of shape ``A.shape + B.shape``."""
        result: Array = _outer(A, B, self=self)
        return result


def _dtype_weak(x: Any) -> tuple[np.dtype[Any], bool]:
    name, weak = operand(x)
    return canonical_dtype(name), weak


def _call_vectorized_body(*args: Any, self: ufunc) -> Any:
    return vectorize(self._props["func"])(*args)  # pyright: ignore[reportPrivateUsage]


_call_vectorized = jitted(_call_vectorized_body, "_call_vectorized", call_name="_call_vectorized")


def _reduce_body(a: Any, initial: Any, where_: Any, *, self: ufunc, axis: int | None, dtype: np.dtype[Any] | None,
                 out: None, keepdims: bool) -> Any:
    name = self.__name__
    check_arraylike(f"{name}.reduce", a)
    self._binary("reduce")  # pyright: ignore[reportPrivateUsage]
    if out is not None:
        raise NotImplementedError(f"out argument of {name}.reduce()")
    if initial is not None:
        check_arraylike(f"{name}.reduce", initial)
    if where_ is not None:
        check_arraylike(f"{name}.reduce", where_)
        if self.identity is None and initial is None:
            raise ValueError(f"reduction operation {name!r} does not have an identity, so to use a where mask one "
                             "has to specify 'initial'.")
        where_dtype = _dtype_weak(where_)[0]
        if where_dtype != np.dtype(bool):
            raise ValueError(f"where argument must have dtype=bool; got dtype={where_dtype}")
    custom = self._props["reduce"]  # pyright: ignore[reportPrivateUsage]
    if custom is not None:
        return custom(a, axis=axis, dtype=dtype, keepdims=keepdims, initial=initial, where=where_)
    arr = asarray(a)
    if initial is None:
        initial = self.identity
    if dtype is None:
        dtype = self._result_dtype(arr, arr)  # pyright: ignore[reportPrivateUsage]
    shape = shape_of(arr)
    if where_ is not None:
        where_ = broadcast_to(where_, shape)
    if axis is None:
        final_shape: tuple[int, ...] = (1,) * len(shape) if keepdims else ()
        arr = arr.ravel()
        if where_ is not None:
            where_ = where_.ravel()
        axis = 0
    else:
        axis = canonicalize_axis(axis, len(shape))
        final_shape = (*shape[:axis], 1, *shape[axis + 1:]) if keepdims else (*shape[:axis], *shape[axis + 1:])
    if axis != 0:
        arr = moveaxis(arr, axis, 0)
        if where_ is not None:
            where_ = moveaxis(where_, axis, 0)
    shape = shape_of(arr)
    if shape[0] == 0:
        if initial is None:
            raise ValueError(f"zero-size array to reduction operation {name} which has no identity")
        return full(final_shape, initial, dtype)
    mask = where_

    def body_fun(i: Any, val: Any) -> Any:
        step = self(val, astype(arr[i], dtype))
        return step if mask is None else where(mask[i], step, val)

    if initial is None:
        start_index, start_value = 1, arr[0]
    else:
        start_index, start_value = 0, initial
    start_value = broadcast_to(astype(asarray(start_value), dtype), shape[1:])
    result = fori_loop(start_index, shape[0], body_fun, start_value)
    if keepdims:
        result = result.reshape(final_shape)
    return result


_reduce = jitted(_reduce_body, "reduce", call_name="reduce")


def _accumulate_body(a: Any, *, self: ufunc, axis: int, dtype: np.dtype[Any] | None, out: None) -> Any:
    self._binary("accumulate")  # pyright: ignore[reportPrivateUsage]
    name = self.__name__
    if out is not None:
        raise NotImplementedError(f"out argument of {name}.accumulate()")
    custom = self._props["accumulate"]  # pyright: ignore[reportPrivateUsage]
    if custom is not None:
        return custom(a, axis=axis, dtype=dtype)
    check_arraylike(f"{name}.accumulate", a)
    arr = asarray(a)
    if dtype is None:
        dtype = self._result_dtype(arr, arr)  # pyright: ignore[reportPrivateUsage]
    if axis is None or isinstance(axis, tuple):
        raise ValueError("accumulate does not allow multiple axes")
    shape = shape_of(arr)
    axis = canonicalize_axis(axis, len(shape))
    if math.prod(shape) == 0:
        return full(shape, 0, dtype)
    arr = moveaxis(arr, axis, 0)
    acc_dtype = dtype

    def scan_fun(carry: tuple[Any, Any], _: Any) -> tuple[tuple[Any, Any], Any]:
        i, x = carry
        y = where(i == 0, astype(arr[0], acc_dtype), self(astype(x, acc_dtype), astype(arr[i], acc_dtype)))
        return (i + 1, y), y

    _, result = scan(scan_fun, (0, astype(arr[0], dtype)), None, length=shape_of(arr)[0])
    return moveaxis(result, 0, axis)


_accumulate = jitted(_accumulate_body, "accumulate", call_name="accumulate")


def _at_body(a: Any, indices: Any, *args: Any, self: ufunc) -> Any:
    name = self.__name__
    check_arraylike(f"{name}.at", a, *args)
    dtype = self._result_dtype(a, *args)  # pyright: ignore[reportPrivateUsage]
    a = astype(asarray(a), dtype)
    args = tuple(astype(asarray(arg), dtype) for arg in args)
    index = _as_tuple(indices)
    if not index:
        return a
    shapes = [shape_of(i) for i in index if not isinstance(i, slice)]
    shape = broadcast_shapes(*shapes) if shapes else ()
    if not shape:
        return a.at[index].set(self(a.at[index].get(), *args))
    if args:
        rest = shape_of(args[0])[len(shape):]
        arg = broadcast_to(args[0], (*shape, *rest))
        args = (arg.reshape(math.prod(shape), *rest),)
    flat = [idx if isinstance(idx, slice) else broadcast_to(idx, shape).ravel() for idx in index]

    def scan_fun(carry: tuple[Any, Any], x: Any) -> tuple[tuple[Any, Any], Any]:
        i, arr = carry
        idx = tuple(ind if isinstance(ind, slice) else ind[i] for ind in flat)
        arr = arr.at[idx].set(self(arr.at[idx].get(), *(v[i] for v in args)))
        return (i + 1, arr), x

    if isinstance(flat[0], slice):
        raise TypeError("object of type 'slice' has no len()")  # JAX's scan length, len(indices[0])
    carry, _ = scan(scan_fun, (0, a), None, shape_of(flat[0])[0])
    return carry[1]


_at = jitted(_at_body, "at", call_name="at")


def _reduceat_body(a: Any, indices: Any, *, self: ufunc, axis: int, dtype: np.dtype[Any] | None, out: None) -> Any:
    self._binary("reduceat")  # pyright: ignore[reportPrivateUsage]
    name = self.__name__
    if out is not None:
        raise NotImplementedError(f"out argument of {name}.reduceat()")
    custom = self._props["reduceat"]  # pyright: ignore[reportPrivateUsage]
    if custom is not None:
        return custom(a, indices, axis=axis, dtype=dtype)
    check_arraylike(f"{name}.reduceat", a, indices)
    arr = asarray(a)
    idx_tuple = _as_tuple(indices)
    assert len(idx_tuple) == 1
    ind_arr = asarray(idx_tuple[0])
    shape = shape_of(arr)
    if not shape:
        raise ValueError(f"reduceat: a must have 1 or more dimension, got a.shape={shape}")
    if len(shape_of(ind_arr)) != 1:
        raise ValueError(f"reduceat: indices must be one-dimensional, got indices.shape={shape_of(ind_arr)}")
    if axis is None or isinstance(axis, (tuple, list)):
        raise ValueError("reduceat requires a single integer axis.")
    axis = canonicalize_axis(axis, len(shape))
    result = take(arr, ind_arr, axis=axis)
    ndim = len(shape_of(result))
    ind = expand_dims(append(ind_arr, shape[axis]), tuple(int(d) for d in np.delete(np.arange(ndim), axis)))
    n = shape_of(ind)[axis]
    ind_start = _slice_in_dim(ind, 0, n - 1, axis)
    ind_end = _slice_in_dim(ind, 1, n, axis)

    def loop_body(i: Any, acc: Any) -> Any:
        return where((i > ind_start) & (i < ind_end), self(acc, take(arr, expand_dims(i, (0,)), axis=axis)), acc)

    return fori_loop(0, shape[axis], loop_body, result)


def _slice_in_dim(x: Any, start: int, stop: int, axis: int) -> Any:
    index = tuple(slice(start, stop) if d == axis else slice(None) for d in range(len(shape_of(x))))
    return x[index]


_reduceat = jitted(_reduceat_body, "reduceat", call_name="reduceat")


def _outer_body(A: Any, B: Any, *, self: ufunc) -> Any:
    self._binary("outer")  # pyright: ignore[reportPrivateUsage]
    check_arraylike(f"{self.__name__}.outer", A, B)
    a_shape, b_shape = shape_of(A), shape_of(B)
    a = asarray(A).reshape(math.prod(a_shape))
    b = asarray(B).reshape(math.prod(b_shape))
    result = vmap(vmap(self, (None, 0)), (0, None))(a, b)
    return result.reshape(*a_shape, *b_shape)


_outer = jitted(_outer_body, "outer", call_name="outer")


def frompyfunc(func: Callable[..., Any], /, nin: int, nout: int, *, identity: Any = None) -> ufunc:
    """``func`` (of ``nin`` scalars, returning ``nout`` values) as a :class:`ufunc`, JAX's ``jnp.frompyfunc``.

    Args:
        func: the function of scalars.
        nin: its number of inputs.
        nout: its number of outputs.
        identity: the identity of a binary ``func`` (``reduce`` starts from it), or None.

    Example:
        >>> import arraytyping.numpy as jnp
        >>> hypot = jnp.frompyfunc(lambda x, y: jnp.sqrt(x * x + y * y), 2, 1)
        >>> hypot(jnp.array([3.0, 5.0]), jnp.array([4.0, 12.0]))
        Array([ 5., 13.], dtype=float32)
        >>> hypot.outer(jnp.array([3.0]), jnp.array([4.0, 0.0]))
        Array([[5., 3.]], dtype=float32)
    """
    return ufunc(func, nin, nout, identity=identity)
