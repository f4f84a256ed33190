"""``arraytyping.numpy.vectorize``: JAX 0.10.2's ``jnp.vectorize``, numpy's generalized-ufunc wrapper built on
``vmap`` instead of a Python loop.

The function is written for the core dimensions of its arguments (none, or those a signature such as
``"(m,n),(n)->(m)"`` names); the leading dimensions are broadcast together and mapped, one ``vmap`` per broadcast
dimension, innermost last, as JAX maps them (a dimension of size 1 in every argument is not mapped but restored with
``expand_dims``). JAX's quirks are kept: keyword arguments not listed in ``excluded`` are dropped, and a ``None``
argument is passed through unmapped only after position 0 (JAX tests the set of their positions for truth).

``ufunc`` and ``frompyfunc``: JAX 0.10.2's ``jnp.ufunc`` (``jax/_src/numpy/ufunc_api.py``), a
function of scalars made into a numpy-style universal function: called, it is ``vectorize``'d over its arguments;
a binary one (``nin=2``, ``nout=1``) also has ``reduce`` (a ``fori_loop`` over the axis), ``accumulate`` (a
``scan``), ``at`` (a ``scan`` over the indices, never in place), ``reduceat`` and ``outer`` (nested ``vmap``), each
jitted as JAX's (the ufunc itself static), with JAX's checks and errors.

(JAX's own binary functions, ``jnp.add`` and the rest, are ``ufunc`` instances with fast paths; arraytyping's are
plain functions.)
"""

from __future__ import annotations

import functools
import math
import operator
import re
from collections.abc import Callable, Collection, Sequence
from typing import Any, Final, cast

import numpy as np

from arraytyping._src.interpreters.batching.vmap import vmap as _vmap
from arraytyping._src.core.array import Array
from arraytyping._src.core.arraylike import check_arraylike
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.staging import trace_to_jaxpr
from arraytyping._src.lax.control_flow.conditionals import switch
from arraytyping._src.lax.control_flow.loops import fori_loop, scan
from arraytyping._src.numpy._promotion import ArrayLike, canonical_dtype, jitted, operand, shape_of
from arraytyping._src.numpy.conversion import array, asarray, astype, full, zeros_like
from arraytyping._src.numpy.indexing import _as_tuple, take  # pyright: ignore[reportPrivateUsage]
from arraytyping._src.numpy.joining import append, concatenate
from arraytyping._src.numpy.reductions import argmax, cumsum
from arraytyping._src.numpy.selection import where
from arraytyping._src.numpy.shape import (
    broadcast_shapes, broadcast_to, canonicalize_axis, expand_dims, moveaxis, squeeze,
)

__all__ = ["apply_along_axis", "apply_over_axes", "frompyfunc", "piecewise", "ufunc", "vectorize"]

_DIMENSION_NAME: Final = r"\w+"
_CORE_DIMENSION_LIST: Final = "(?:{0:}(?:,{0:})*)?".format(_DIMENSION_NAME)
_ARGUMENT: Final = rf"\({_CORE_DIMENSION_LIST}\)"
_ARGUMENT_LIST: Final = "{0:}(?:,{0:})*".format(_ARGUMENT)
_SIGNATURE: Final = "^{0:}->{0:}$".format(_ARGUMENT_LIST)

CoreDims = tuple[str, ...]


def _parse_signature(signature: str) -> tuple[list[CoreDims], list[CoreDims]]:
    """The input and output core dimensions of a gufunc signature (``"(m,n),(n,p)->(m,p)"``)."""
    if not re.match(_SIGNATURE, signature):
        raise ValueError(f"not a valid gufunc signature: {signature}")
    inputs, outputs = ([tuple(re.findall(_DIMENSION_NAME, arg)) for arg in re.findall(_ARGUMENT, part)]
                       for part in signature.split("->"))
    return inputs, outputs


def _update_dim_sizes(dim_sizes: dict[str, int], shape: tuple[int, ...], core_dims: CoreDims, context: str, *,
                      is_input: bool) -> None:
    n = len(core_dims)
    if is_input:
        if len(shape) < n:
            raise ValueError(f"input with shape {shape!r} does not have enough dimensions for all core dimensions "
                             f"{core_dims!r} {context}")
    elif len(shape) != n:
        raise ValueError(f"output shape {shape!r} does not match core dimensions {core_dims!r} {context}")
    core_shape = shape[-n:] if core_dims else ()
    for dim, size in zip(core_dims, core_shape):
        if dim not in dim_sizes:
            dim_sizes[dim] = size
        elif size != dim_sizes[dim]:
            raise ValueError(f"inconsistent size for core dimension {dim!r}: {size!r} vs {dim_sizes[dim]!r} "
                             f"{context}")


def _input_dimensions(args: Sequence[Any], input_core_dims: list[CoreDims], context: str
                      ) -> tuple[tuple[int, ...], dict[str, int]]:
    if len(args) != len(input_core_dims):
        raise TypeError(f"wrong number of positional arguments: expected {len(input_core_dims)!r}, got "
                        f"{len(args)!r} {context}")
    shapes: list[tuple[int, ...]] = []
    dim_sizes: dict[str, int] = {}
    for arg, core_dims in zip(args, input_core_dims):
        shape = shape_of(arg)
        _update_dim_sizes(dim_sizes, shape, core_dims, context, is_input=True)
        shapes.append(shape[:len(shape) - len(core_dims)])
    return broadcast_shapes(*shapes), dim_sizes


def _listed(out: Any) -> list[Any]:
    """A function's results: the items of a tuple, else the value alone."""
    if isinstance(out, tuple):
        items: tuple[Any, ...] = out  # pyright: ignore[reportUnknownVariableType]
        return list(items)
    return [out]


def _check_output_dims(func: Callable[..., Any], dim_sizes: dict[str, int], expected: list[CoreDims],
                       context: str) -> Callable[..., Any]:
    def wrapped(*args: Any) -> Any:
        out: Any = func(*args)
        value: Any = out  # returned as it is (``out`` is narrowed below)
        outs = _listed(out)
        several = isinstance(out, tuple)
        if len(expected) > 1 and not several:
            raise TypeError(f"output must be a tuple when multiple outputs are expected, got: {out!r}\n{context}")
        if len(outs) != len(expected):
            raise TypeError(f"wrong number of output arguments: expected {len(expected)!r}, got {len(outs)!r} "
                            f"{context}")
        sizes = dict(dim_sizes)
        for o, core_dims in zip(outs, expected):
            _update_dim_sizes(sizes, shape_of(o), core_dims, context, is_input=False)
        return value
    return wrapped


def _apply_excluded(func: Callable[..., Any], excluded: Collection[int | str], args: Sequence[Any],
                    kwargs: dict[str, Any]) -> tuple[Callable[..., Any], list[Any], dict[str, Any]]:
    """``func`` with the ``excluded`` positional and keyword arguments bound, and the others."""
    if not excluded:
        return func, list(args), kwargs
    dynamic_args = [a for i, a in enumerate(args) if i not in excluded]
    dynamic_kwargs = {k: v for k, v in kwargs.items() if k not in excluded}
    static_args = [(i, args[i]) for i in sorted(e for e in excluded if isinstance(e, int)) if i < len(args)]
    static_kwargs = {k: v for k, v in kwargs.items() if k in excluded}

    def bound(*xs: Any, **kws: Any) -> Any:
        full = list(xs)
        for i, a in static_args:
            full.insert(i, a)
        return func(*full, **kws, **static_kwargs)
    return bound, dynamic_args, dynamic_kwargs


def _as_object(x: object) -> object:
    return x


def vectorize(pyfunc: Callable[..., Any], *, excluded: Collection[int | str] = frozenset(),
              signature: str | None = None) -> Callable[..., Any]:
    """``pyfunc``, written for one element (or for the core dimensions a gufunc ``signature`` such as
    ``"(m,n),(n)->(m)"`` names), applied across the broadcast leading dimensions of its arguments by ``vmap``;
    ``excluded`` positions and keywords are passed through unmapped."""
    if any(not isinstance(e, (str, int)) for e in map(_as_object, excluded)):
        raise TypeError(f"jax.numpy.vectorize can only exclude integer or string arguments, but "
                        f"excluded={excluded!r}")
    if any(isinstance(e, int) and e < 0 for e in excluded):
        raise ValueError(f"excluded={excluded!r} contains negative numbers")

    @functools.wraps(pyfunc)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        context = f"on vectorized function with excluded={excluded!r} and signature={signature!r}"
        func, dynamic, _ = _apply_excluded(pyfunc, excluded, args, kwargs)  # JAX drops the other keywords
        output_core_dims: list[CoreDims] | None
        if signature is not None:
            input_core_dims, output_core_dims = _parse_signature(signature)
        else:
            input_core_dims, output_core_dims = [()] * len(dynamic), None
        none_args = {i for i, a in enumerate(dynamic) if a is None}
        if any(none_args):  # JAX's test: a None at position 0 alone is not passed through
            if any(input_core_dims[i] != () for i in none_args):
                raise ValueError(f"Cannot pass None at locations {none_args} with signature={signature!r}")
            func, dynamic, _ = _apply_excluded(func, none_args, dynamic, {})
            input_core_dims = [d for i, d in enumerate(input_core_dims) if i not in none_args]
        arrays = [asarray(a) for a in dynamic]
        broadcast_shape, dim_sizes = _input_dimensions(arrays, input_core_dims, context)
        checked = func if output_core_dims is None else _check_output_dims(func, dim_sizes, output_core_dims,
                                                                           context)
        squeezed: list[Any] = []
        rev_filled: list[tuple[int, ...]] = []
        for arr, core_dims in zip(arrays, input_core_dims):
            shape = shape_of(arr)
            noncore = shape[:len(shape) - len(core_dims)]
            filled = (1,) * (len(broadcast_shape) - len(noncore)) + noncore
            rev_filled.append(filled[::-1])
            squeezed.append(squeeze(arr, axis=tuple(i for i, size in enumerate(noncore) if size == 1)))
        vectorized = checked
        dims_to_expand: list[int] = []
        for negdim, sizes in enumerate(zip(*rev_filled)):
            in_axes = tuple(None if size == 1 else 0 for size in sizes)
            if all(axis is None for axis in in_axes):
                dims_to_expand.append(len(broadcast_shape) - 1 - negdim)
            else:
                vectorized = _vmap(vectorized, in_axes)
        result: Any = vectorized(*squeezed)
        if not dims_to_expand:
            return result
        if isinstance(result, tuple):
            results: tuple[Any, ...] = result  # pyright: ignore[reportUnknownVariableType]
            return tuple(expand_dims(r, axis=tuple(dims_to_expand)) for r in results)
        return expand_dims(result, axis=tuple(dims_to_expand))
    return wrapped


def apply_along_axis(func1d: Callable[..., Any], axis: int, arr: ArrayLike, *args: Any, **kwargs: Any) -> Array:
    """``func1d`` applied to each 1-d slice of ``arr`` along ``axis`` (by ``vmap`` over the other axes); its result
    replaces that axis (a scalar result removes it).

    Args:
        func1d: a function of a 1-d array (and ``args``, ``kwargs``).
        axis: the axis the slices run along.
        arr: the array.

    Example: ``apply_along_axis(jnp.sum, 1, jnp.ones((2, 3)))`` is ``[3.0, 3.0]``.
    """
    if isinstance(arr, (list, tuple)):
        raise TypeError(f"apply_along_axis requires ndarray or scalar arguments, got {type(arr).__name__} at "
                        "position 0.")
    num_dims = len(shape_of(arr))
    axis = canonicalize_axis(axis, num_dims)

    def func(a: Any) -> Any:
        return func1d(a, *args, **kwargs)

    for i in range(1, num_dims - axis):
        func = _vmap(func, in_axes=i, out_axes=-1)
    for _ in range(axis):
        func = _vmap(func, in_axes=0, out_axes=0)
    out: Array = func(arr)
    return out


def apply_over_axes(func: Callable[[Any, int], Any], a: ArrayLike, axes: Sequence[int]) -> Array:
    """``func(a, axis)`` applied for each axis of ``axes`` in turn, each result given back the axis it removed
    (``func`` keeps the rank or lowers it by one).

    Example: ``apply_over_axes(jnp.sum, jnp.ones((2, 3, 4)), [0, 2])`` has shape ``(1, 3, 1)``.
    """
    if isinstance(a, (list, tuple)):
        raise TypeError(f"apply_over_axes requires ndarray or scalar arguments, got {type(a).__name__} at "
                        "position 0.")
    a_arr: Any = asarray(a)
    for axis in axes:
        b = func(a_arr, axis)
        if len(shape_of(b)) == len(shape_of(a_arr)):
            a_arr = b
        elif len(shape_of(b)) == len(shape_of(a_arr)) - 1:
            a_arr = expand_dims(b, axis)
        else:
            raise ValueError("function is not returning an array of the correct shape")
    out: Array = a_arr
    return out


def _piecewise_body(x: Any, condlist: Any, consts: dict[int, Any], *args: Any,
                    funcs: frozenset[tuple[int, Callable[..., Any]]], **kw: Any) -> Any:
    funcdict = dict(funcs)
    funclist = [consts.get(i, funcdict.get(i)) for i in range(shape_of(condlist)[0] + 1)]
    indices = argmax(cumsum(concatenate([zeros_like(condlist[:1]), condlist], 0), 0), 0)
    dtype = x.dtype

    def _call(f: Callable[..., Any]) -> Callable[[Any], Any]:
        return lambda v: f(v, *args, **kw).astype(dtype)

    def _const(c: Any) -> Callable[[Any], Any]:
        return lambda v: array(c, dtype=dtype)

    branches = [_call(f) if callable(f) else _const(f) for f in funclist]
    return vectorize(switch, excluded=(1,))(indices, branches, x)


_piecewise = jitted(_piecewise_body, "_piecewise")


def piecewise(x: ArrayLike, condlist: Array | Sequence[ArrayLike],
              funclist: Sequence[ArrayLike | Callable[..., Any]], *args: Any, **kw: Any) -> Array:
    """``x`` evaluated piece by piece: where ``condlist[i]`` holds (the first that does), ``funclist[i](x)`` (or
    the constant ``funclist[i]``); one more entry in ``funclist`` is the value where none holds (else 0). In
    ``x``'s dtype.

    Example: ``piecewise(x, [x < 0, x >= 0], [lambda v: -v, lambda v: v])`` is ``abs(x)``.
    """
    if isinstance(x, (list, tuple)):
        raise TypeError(f"piecewise requires ndarray or scalar arguments, got {type(x).__name__} at position 0.")
    x_arr = asarray(x)
    nc, nf = len(condlist), len(funclist)
    funcs_in = list(funclist)
    if nf == nc + 1:
        funcs_in = funcs_in[-1:] + funcs_in[:-1]
    elif nf == nc:
        funcs_in = [0, *funcs_in]
    else:
        raise ValueError(f"with {nc} condition(s), either {nc} or {nc + 1} functions are expected; got {nf}")
    consts = {i: c for i, c in enumerate(funcs_in) if not callable(c)}
    funcs = {i: f for i, f in enumerate(funcs_in) if callable(f)}
    out: Array = _piecewise(x_arr, asarray(condlist, dtype=bool), consts, *args, funcs=frozenset(funcs.items()),
                            **kw)
    return out


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
    if isinstance(cast(object, axis), tuple):
        for a in cast(tuple[Any, ...], axis):
            canonicalize_axis(a, len(shape))
        raise NotImplementedError("tuple of axes")
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


def _accumulate_body(a: Any, *, self: ufunc, axis: Any, dtype: np.dtype[Any] | None, out: None) -> Any:
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
    flat: list[Any] = [idx if isinstance(idx, slice) else broadcast_to(idx, shape).ravel() for idx in index]

    def scan_fun(carry: tuple[Any, Any], x: Any) -> tuple[tuple[Any, Any], Any]:
        i, arr = carry
        idx = tuple(_pick(ind, i) for ind in flat)
        arr = arr.at[idx].set(self(arr.at[idx].get(), *(v[i] for v in args)))
        return (i + 1, arr), x

    if isinstance(flat[0], slice):
        raise TypeError("object of type 'slice' has no len()")  # JAX's scan length, len(indices[0])
    carry, _ = scan(scan_fun, (0, a), None, shape_of(flat[0])[0])
    return carry[1]


_at = jitted(_at_body, "at", call_name="at")


def _pick(index: Any, i: Any) -> Any:
    """The ``i``-th of an index array; a slice as it is."""
    obj: object = index  # tested unnarrowed: ``index`` stays ``Any``
    if isinstance(obj, slice):
        return index
    return index[i]


def _reduceat_body(a: Any, indices: Any, *, self: ufunc, axis: Any, dtype: np.dtype[Any] | None, out: None) -> Any:
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
    ax = canonicalize_axis(axis, len(shape))
    result = take(arr, ind_arr, axis=ax)
    ndim = len(shape_of(result))
    ind = expand_dims(append(ind_arr, shape[ax]), tuple(int(d) for d in np.delete(np.arange(ndim), ax)))
    n = shape_of(ind)[ax]
    ind_start = _slice_in_dim(ind, 0, n - 1, ax)
    ind_end = _slice_in_dim(ind, 1, n, ax)

    def loop_body(i: Any, acc: Any) -> Any:
        return where((i > ind_start) & (i < ind_end), self(acc, take(arr, expand_dims(i, (0,)), axis=ax)), acc)

    return fori_loop(0, shape[ax], loop_body, result)


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
    result = _vmap(_vmap(self, (None, 0)), (0, None))(a, b)
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
