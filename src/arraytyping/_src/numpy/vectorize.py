"""``arraytyping.numpy.vectorize``: JAX 0.10.2's ``jnp.vectorize``, numpy's generalized-ufunc wrapper built on
``vmap`` instead of a Python loop.

The function is written for the core dimensions of its arguments (none, or those a signature such as
``"(m,n),(n)->(m)"`` names); the leading dimensions are broadcast together and mapped, one ``vmap`` per broadcast
dimension, innermost last, as JAX maps them (a dimension of size 1 in every argument is not mapped but restored with
``expand_dims``). JAX's quirks are kept: keyword arguments not listed in ``excluded`` are dropped, and a ``None``
argument is passed through unmapped only after position 0 (JAX tests the set of their positions for truth).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Collection, Sequence
from typing import Any, Final

from arraytyping._src.interpreters.batching.vmap import vmap as _vmap
from arraytyping._src.core.array import Array
from arraytyping._src.lax.control_flow.conditionals import switch
from arraytyping._src.numpy._promotion import ArrayLike, jitted, shape_of
from arraytyping._src.numpy.conversion import array, asarray, zeros_like
from arraytyping._src.numpy.joining import concatenate
from arraytyping._src.numpy.reductions import argmax, cumsum
from arraytyping._src.numpy.shape import broadcast_shapes, canonicalize_axis, expand_dims, squeeze

__all__ = ["apply_along_axis", "apply_over_axes", "piecewise", "vectorize"]

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
