"""Joining and splitting arrays: ``concatenate`` (``concat``), ``stack``, ``vstack``, ``hstack``, ``dstack``,
``column_stack``, ``unstack``, ``split``, ``array_split``, ``hsplit``, ``vsplit``, ``dsplit`` and ``pad``, as JAX
0.10.2's ``jax.numpy``. Joining promotes the pieces to their common dtype
(``op_rules.SHAPE``: ``promote``) unless ``dtype=`` is given; splitting and padding keep the dtype."""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from arraytyping._src.core.array import Array
from arraytyping._src.core.arraylike import refuse_sequences
from arraytyping._src.core.avals import SEQUENCE_TYPES, ShapedArray
from arraytyping._src.core.staging import ConstVal
from arraytyping._src.interpreters.batching.vmap import vmap
from arraytyping._src.lax import lax
from arraytyping._src.numpy._promotion import (
    ArrayLike, array_fn, as_dtype, canonical_dtype, common_dtype, jitted, promote_args, shape_of,
)
from arraytyping._src.numpy.binary import multiply, subtract
from arraytyping._src.numpy.conversion import asarray
from arraytyping._src.numpy.shape import ATLEAST, canonicalize_axis, expand_dims, repeat_scalar_body
from arraytyping.typing import DTypeLike


def _to_dtype(arrays: Sequence[Any], dtype: np.dtype[Any] | None) -> list[Any]:
    """JAX's ``promote_dtypes`` of the pieces (their common dtype and weak flag), or each one as ``asarray(x,
    dtype=dtype)`` (strong)."""
    if dtype is None:
        if len(arrays) < 2:
            return [promote_args(a)[0] for a in arrays]
        common, weak = common_dtype(*arrays)
        return [lax.convert_element_type(a, common, weak) if isinstance(a, Array) else as_dtype(a, common, weak)
                for a in arrays]
    return [lax.convert_element_type(a, dtype, False) if isinstance(a, Array) else as_dtype(a, dtype, False)
            for a in arrays]


def _concatenate_body(*arrays: Any, axis: int | None = 0, dtype: np.dtype[Any] | None = None) -> Any:
    if not arrays:
        raise ValueError("Need at least one array to concatenate.")
    if axis is None:
        arrays = tuple(lax.reshape(promote_args(a)[0], (math.prod(shape_of(a)),)) for a in arrays)
        axis = 0
    if not shape_of(arrays[0]):
        raise ValueError("Zero-dimensional arrays cannot be concatenated.")
    ax = canonicalize_axis(axis, len(shape_of(arrays[0])))
    pieces = _to_dtype(arrays, dtype)
    ranks = {len(shape_of(p)) for p in pieces}
    if len(ranks) > 1:  # lax.concatenate's shape rule: a TypeError in JAX (a Python scalar piece lands here)
        first = len(shape_of(pieces[0]))
        odd = next(i for i, p in enumerate(pieces) if len(shape_of(p)) != first)
        raise TypeError(f"Cannot concatenate arrays with different numbers of dimensions: got "
                        f"{', '.join(str(shape_of(p)) for p in pieces)} (piece {odd} has rank "
                        f"{len(shape_of(pieces[odd]))}, piece 0 rank {first}).")
    ref = shape_of(pieces[0])
    for p in pieces[1:]:
        s = shape_of(p)
        if any(a != b for i, (a, b) in enumerate(zip(s, ref)) if i != ax):
            raise TypeError(f"Cannot concatenate arrays with shapes that differ in dimensions other than the one "
                            f"being concatenated: concatenating along dimension {ax} for shapes "
                            f"{', '.join(str(shape_of(q)) for q in pieces)}.")
    return lax.concatenate(pieces, ax)


_concatenate = array_fn(_concatenate_body, "concatenate")
_concatenate_axis0 = array_fn(lambda *arrays: _concatenate_body(*arrays), "concatenate")
"""The common call ``concatenate([...])`` without keyword arguments: the jitted call's fast path (its inline cache)
only serves calls without them."""


def _concatenate_array_body(arr: Any, *, axis: int | None, dtype: np.dtype[Any] | None) -> Any:
    """JAX's ``_concatenate_array``: an array's slices along its first axis joined, as one ``reshape``."""
    if dtype is not None:
        arr = lax.convert_element_type(arr, dtype, False) if isinstance(arr, Array) else as_dtype(arr, dtype, False)
    arr = promote_args(arr)[0]
    s = shape_of(arr)
    if not s or s[0] == 0:
        raise ValueError("Need at least one array to concatenate.")
    if axis is None:
        return lax.reshape(arr, (math.prod(s),))
    if len(s) == 1:
        raise ValueError("Zero-dimensional arrays cannot be concatenated.")
    ax = canonicalize_axis(axis, len(s) - 1)
    shape = (*s[1:ax + 1], s[0] * s[ax + 1], *s[ax + 2:])
    return lax.reshape(arr, shape, (*range(1, ax + 1), 0, *range(ax + 1, len(s))))


_concatenate_array = array_fn(_concatenate_array_body, "concatenate")


def _pieces(arrays: Any, name: str) -> tuple[Any, ...]:
    obj: object = arrays
    if isinstance(obj, (Array, np.ndarray)):
        stacked: Any = arrays
        return tuple(stacked[i] for i in range(len(stacked)))  # unstacked along the first axis, as JAX does
    if not isinstance(arrays, SEQUENCE_TYPES):
        raise TypeError(f"{name} takes a sequence of arrays, got {type(arrays).__name__}")
    return tuple(arrays)


def concatenate(arrays: Sequence[ArrayLike] | Array, axis: int | None = 0, dtype: DTypeLike | None = None) -> Array:
    """The arrays joined along an existing ``axis`` (flattened first when ``axis`` is None), promoted to their common
    dtype (or ``dtype``). An array is joined along its first axis, by one ``reshape``, as JAX does."""
    obj: object = arrays
    if isinstance(obj, (Array, np.ndarray)):
        return _concatenate_array(arrays, axis=None if axis is None else operator.index(axis),
                                  dtype=None if dtype is None else canonical_dtype(dtype))
    pieces = _pieces(arrays, "concatenate")
    if axis == 0 and dtype is None:
        return _concatenate_axis0(*pieces)
    return _concatenate(*pieces, axis=None if axis is None else operator.index(axis),
                        dtype=None if dtype is None else canonical_dtype(dtype))


def concat(arrays: Sequence[ArrayLike], /, *, axis: int | None = 0) -> Array:
    """The array API's name for :func:`concatenate` (no ``dtype``; ``axis`` by keyword)."""
    refuse_sequences("concat", *_pieces(arrays, "concat"))
    return concatenate(arrays, axis=axis)


def _stack_body(*arrays: Any, axis: int = 0, dtype: np.dtype[Any] | None = None) -> Any:
    if not arrays:
        raise ValueError("Need at least one array to stack.")
    pieces = _to_dtype(arrays, dtype)
    shapes = {shape_of(p) for p in pieces}
    if len(shapes) > 1:
        raise ValueError("All input arrays must have the same shape.")
    ax = canonicalize_axis(axis, len(shape_of(pieces[0])) + 1)
    return lax.stack(pieces, ax)


_stack = array_fn(_stack_body, "stack")


def stack(arrays: Sequence[ArrayLike] | Array, axis: int = 0, out: None = None, dtype: DTypeLike | None = None
          ) -> Array:
    """The arrays (of one shape) joined along a new ``axis``, promoted to their common dtype (or ``dtype``)."""
    if out is not None:
        raise NotImplementedError("The 'out' argument to arraytyping.numpy.stack is not supported.")
    obj: object = arrays
    if isinstance(obj, (Array, np.ndarray)):  # JAX: the array's slices along its first axis, by one reshape
        whole: Any = arrays
        n = len(shape_of(whole))
        if n == 0:
            raise TypeError("len() of unsized object")
        if shape_of(whole)[0] == 0:
            raise ValueError("Need at least one array to stack.")
        ax = canonicalize_axis(axis, n)
        return concatenate(expand_dims(whole, ax + 1), axis=ax, dtype=dtype)
    return _stack(*_pieces(arrays, "stack"), axis=operator.index(axis),
                  dtype=None if dtype is None else canonical_dtype(dtype))


def _vstack_body(*arrays: Any, dtype: np.dtype[Any] | None = None) -> Any:
    return _concatenate_body(*(ATLEAST[2](a, ndim=2) for a in arrays), axis=0, dtype=dtype)


def _hstack_body(*arrays: Any, dtype: np.dtype[Any] | None = None) -> Any:
    pieces = [ATLEAST[1](a, ndim=1) for a in arrays]
    return _concatenate_body(*pieces, axis=0 if pieces and len(shape_of(pieces[0])) == 1 else 1, dtype=dtype)


def _column_stack_body(*arrays: Any) -> Any:
    pieces: list[Any] = []
    for a in arrays:
        a = promote_args(a)[0]
        pieces.append(lax.transpose(ATLEAST[2](a, ndim=2), (1, 0)) if len(shape_of(a)) < 2 else a)
    return _concatenate_body(*pieces, axis=1)


_vstack = array_fn(_vstack_body, "vstack")
_hstack = array_fn(_hstack_body, "hstack")
_column_stack = array_fn(_column_stack_body, "column_stack")


def vstack(tup: Sequence[ArrayLike] | Array, dtype: DTypeLike | None = None) -> Array:
    """The arrays joined along the first axis (1-d ones as rows)."""
    return _vstack(*_pieces(tup, "vstack"), dtype=None if dtype is None else canonical_dtype(dtype))


def hstack(tup: Sequence[ArrayLike] | Array, dtype: DTypeLike | None = None) -> Array:
    """The arrays joined along the second axis (the first for 1-d arrays)."""
    return _hstack(*_pieces(tup, "hstack"), dtype=None if dtype is None else canonical_dtype(dtype))


def column_stack(tup: Sequence[ArrayLike] | Array) -> Array:
    """The arrays joined as columns (1-d arrays become columns) along the second axis."""
    return _column_stack(*_pieces(tup, "column_stack"))


def dstack(tup: Sequence[ArrayLike] | Array, dtype: DTypeLike | None = None) -> Array:
    """The arrays joined along the third axis, each first made at least 3-d (``(N,)`` becomes ``(1, N, 1)``,
    ``(M, N)`` ``(M, N, 1)``), promoted to their common dtype (or ``dtype``). An array is split along its first axis,
    its pieces made 3-d by one ``vmap``-ped ``atleast_3d`` and joined by one ``reshape``, as JAX does."""
    obj: object = tup
    if isinstance(obj, (Array, np.ndarray)):
        def atleast_3d(m: Any) -> Any:
            return ATLEAST[3](m, ndim=3)
        arrs: Any = vmap(atleast_3d)(tup)
        return concatenate(arrs, axis=2, dtype=dtype)
    pieces = _pieces(tup, "dstack")
    refuse_sequences("dstack", *pieces)
    return concatenate([ATLEAST[3](m, ndim=3) for m in pieces], axis=2, dtype=dtype)


def _unstack_body(x: Any, *, axis: int) -> Any:
    x = promote_args(x)[0]
    return lax.unstack(x, canonicalize_axis(axis, len(shape_of(x))))


_unstack = jitted(_unstack_body, "unstack")


def unstack(x: ArrayLike, /, *, axis: int = 0) -> tuple[Array, ...]:
    """The slices of ``x`` along ``axis``, that axis removed (``stack``'s inverse)."""
    refuse_sequences("unstack", x)
    return tuple(_unstack(x, axis=operator.index(axis)))


def _split_sizes(op: str, size: int, indices_or_sections: Any) -> tuple[int, ...]:
    obj: object = indices_or_sections
    if isinstance(obj, (tuple, list)) or (isinstance(obj, (np.ndarray, Array)) and np.ndim(indices_or_sections) > 0):
        cut_points: Sequence[Any] = list(np.asarray(indices_or_sections).ravel())
        cuts = [0, *(operator.index(i) for i in cut_points), size]
        return tuple(int(d) for d in np.diff(np.asarray(cuts)))
    sections = operator.index(indices_or_sections)
    if sections == 0:  # JAX's divmod(size, 0)
        raise ZeroDivisionError("integer division or modulo by zero")
    if sections < 0:  # a ValueError in JAX too (its sizes are then empty, which lax.split refuses)
        raise ValueError(f"the number of sections must be positive, got {sections}")
    part, r = divmod(size, sections)
    if r == 0:
        return (part,) * sections
    if op == "array_split":
        return (part + 1,) * r + (part,) * (sections - r)
    raise ValueError(f"array split does not result in an equal division: rest is {r}")


def _split_body(a: Any, *, sizes: tuple[int, ...], axis: int) -> Any:
    a = promote_args(a)[0]
    s = shape_of(a)
    if any(n < 0 for n in sizes):  # numpy's clipping of out-of-order cut points: empty pieces
        starts = np.cumsum((0,) + sizes[:-1])
        out: list[Any] = []
        for st, n in zip(starts, sizes):
            lo, hi = min(max(int(st), 0), s[axis]), min(max(int(st + n), 0), s[axis])
            lo_idx, hi_idx = [0] * len(s), list(s)
            lo_idx[axis], hi_idx[axis] = lo, max(lo, hi)
            out.append(lax.slice(a, lo_idx, hi_idx))
        return out
    sizes_printed: Any = tuple(np.int64(n) for n in sizes)  # JAX's parameter holds numpy integers (as printed)
    return lax.split(a, sizes_printed, axis)


_split = jitted(_split_body, "split")


def _split_fn(op: str) -> Callable[..., list[Array]]:
    def fn(ary: ArrayLike, indices_or_sections: int | Sequence[int] | ArrayLike, axis: int = 0) -> list[Array]:
        s = shape_of(ary)
        if op in ("hsplit", "vsplit", "dsplit") and axis >= len(s):
            raise IndexError("tuple index out of range")  # JAX reads ary.shape[axis]
        ax = canonicalize_axis(axis, len(s))
        sizes = _split_sizes(op, s[ax], indices_or_sections)
        return list(_split(ary, sizes=sizes, axis=ax))
    return fn


_split_op = _split_fn("split")
_array_split_op = _split_fn("array_split")
_hsplit_op, _vsplit_op, _dsplit_op = _split_fn("hsplit"), _split_fn("vsplit"), _split_fn("dsplit")


def split(ary: ArrayLike, indices_or_sections: int | Sequence[int] | ArrayLike, axis: int = 0) -> list[Array]:
    """``ary`` split along ``axis`` into equal sections, or at the given indices."""
    refuse_sequences("split", ary)
    return _split_op(ary, indices_or_sections, axis)


def array_split(ary: ArrayLike, indices_or_sections: int | Sequence[int] | ArrayLike, axis: int = 0) -> list[Array]:
    """Like :func:`split`, with sections that may differ in size by one (the first ones larger)."""
    refuse_sequences("array_split", ary)
    return _array_split_op(ary, indices_or_sections, axis)


def hsplit(ary: ArrayLike, indices_or_sections: int | Sequence[int] | ArrayLike) -> list[Array]:
    """:func:`split` along the second axis (the first of a 1-d array)."""
    refuse_sequences("hsplit", ary)
    return _hsplit_op(ary, indices_or_sections, 0 if len(shape_of(ary)) == 1 else 1)


def vsplit(ary: ArrayLike, indices_or_sections: int | Sequence[int] | ArrayLike) -> list[Array]:
    """:func:`split` along the first axis."""
    refuse_sequences("vsplit", ary)
    return _vsplit_op(ary, indices_or_sections, 0)


def dsplit(ary: ArrayLike, indices_or_sections: int | Sequence[int] | ArrayLike) -> list[Array]:
    """:func:`split` along the third axis."""
    refuse_sequences("dsplit", ary)
    return _dsplit_op(ary, indices_or_sections, 2)


# ---------------------------------------------------------------------------------------------------------------
# pad


def _pairs(values: Any, nd: int, name: str) -> tuple[tuple[Any, Any], ...]:
    """JAX's ``_broadcast_to_pairs``: ``(before, after)`` per axis from a scalar, a pair, ``((b, a),)`` or one pair
    per axis."""
    try:
        v = np.asarray(values)
    except ValueError:  # numpy refuses ragged nesting ("inhomogeneous shape"); JAX reports it as a TypeError
        v = np.asarray(None, dtype=object)
    if v.dtype == object:
        raise TypeError(f"`{name}` entries must be the same shape: {values}")
    if v.shape == (nd, 2):
        return tuple((v[i, 0].item(), v[i, 1].item()) for i in range(nd))
    if v.shape == (1, 2):
        return ((v[0, 0].item(), v[0, 1].item()),) * nd
    if v.shape == (2,):
        return ((v[0].item(), v[1].item()),) * nd
    if v.shape in ((1,), ()):
        x = v.reshape(()).item()
        return ((x, x),) * nd
    raise ValueError(f"arraytyping.numpy.pad: {name} with nd={nd} (the array's rank) has unsupported shape "
                     f"{v.shape}. Valid shapes are ({nd}, 2), (1, 2), (2,), (1,), or ().")


def _slice_axis(a: Any, start: int, stop: int | None, axis: int) -> Any:
    n = shape_of(a)[axis]
    start = start + n if start < 0 else start
    stop = n if stop is None else (stop + n if stop < 0 else stop)
    return lax.slice_in_dim(a, start, stop, axis)


def _pad_constant(a: Any, widths: tuple[tuple[int, int], ...], value: Any) -> Any:
    aval = lax.aval_of(a)
    if np.ndim(value) != 0:
        raise NotImplementedError("arraytyping.numpy.pad: only a scalar constant_values is supported")
    if isinstance(value, Array):
        v = lax.convert_element_type(value, aval.dtype, aval.weak_type)
    else:  # JAX converts asarray(constant_values) with the array's weak flag, a weakly typed bool's too
        c = as_dtype(value, aval.dtype, aval.weak_type)
        v = lax.const(c.val, ShapedArray((), aval.dtype, aval.weak_type)) if isinstance(c, ConstVal) else c
    return lax.pad(a, v, [(lo, hi, 0) for lo, hi in widths])


def _pad_wrap(a: Any, widths: tuple[tuple[int, int], ...]) -> Any:
    for i in range(len(shape_of(a))):
        size = shape_of(a)[i]
        if size == 0:
            if widths[i][0] > 0 or widths[i][1] > 0:
                raise ValueError("Cannot apply 'wrap' padding to empty axis")
            continue
        left_repeats, left_rem = divmod(widths[i][0], size)
        right_repeats, right_rem = divmod(widths[i][1], size)
        parts: list[Any] = []
        if left_rem > 0:
            parts.append(_slice_axis(a, size - left_rem, size, i))
        parts += (left_repeats + right_repeats + 1) * [a]
        if right_rem > 0:
            parts.append(_slice_axis(a, 0, right_rem, i))
        a = lax.concatenate(parts, i)
    return a


def _pad_reflect(a: Any, widths: tuple[tuple[int, int], ...], mode: str, reflect_type: str) -> Any:
    """JAX's ``_pad_symmetric_or_reflect``: repeated reflections (``odd``: ``2 * edge - x``) until the width is
    reached."""
    for i in range(len(shape_of(a))):
        size = shape_of(a)[i]
        if size == 0:
            if widths[i][0] > 0 or widths[i][1] > 0:
                raise ValueError(f"Cannot apply '{mode}' padding to empty axis")
            continue
        if widths[i] == (0, 0):
            continue
        for before, padding in ((True, widths[i][0]), (False, widths[i][1])):
            edge = _slice_axis(a, 0, 1, i) if before else _slice_axis(a, -1, None, i)
            offset = 1 if (mode == "reflect" and size > 1) else 0
            while padding > 0:
                cur = min(padding, size - offset)
                padding -= cur
                if before:
                    x = _slice_axis(a, offset, offset + cur, i)
                else:
                    x = _slice_axis(a, -(cur + offset), None if (mode == "symmetric" or size == 1) else -1, i)
                x = lax.rev(x, (i,))
                if reflect_type == "odd":
                    x = subtract(multiply(2, edge), x)
                    if size > 1:
                        edge = _slice_axis(x, 0, 1, i) if before else _slice_axis(x, -1, None, i)
                a = lax.concatenate([x, a] if before else [a, x], i)
    return a


def _pad_edge(a: Any, widths: tuple[tuple[int, int], ...]) -> Any:
    for i in range(len(shape_of(a))):
        n = shape_of(a)[i]
        if n == 0:
            if widths[i][0] > 0 or widths[i][1] > 0:
                raise ValueError("Cannot apply 'edge' padding to empty axis")
            continue
        before = repeat_scalar_body(_slice_axis(a, 0, 1, i), repeats=widths[i][0], axis=i)
        after = repeat_scalar_body(_slice_axis(a, n - 1, n, i), repeats=widths[i][1], axis=i)
        a = lax.concatenate([before, a, after], i)
    return a


def _pad_empty(a: Any, widths: tuple[tuple[int, int], ...]) -> Any:
    aval = lax.aval_of(a)
    for i in range(len(shape_of(a))):
        s = shape_of(a)
        parts = [lax.full(s[:i] + (widths[i][0],) + s[i + 1:], 0, aval.dtype, aval.weak_type), a,
                 lax.full(s[:i] + (widths[i][1],) + s[i + 1:], 0, aval.dtype, aval.weak_type)]
        a = lax.concatenate(parts, i)
    return a


def _pad_body(a: Any, constant_values: Any = 0, *, widths: tuple[tuple[int, int], ...], mode: str,
              reflect_type: str) -> Any:
    a = promote_args(a)[0]
    if not shape_of(a):
        return a
    if mode == "constant":
        return _pad_constant(a, widths, constant_values)
    if mode == "wrap":
        return _pad_wrap(a, widths)
    if mode in ("symmetric", "reflect"):
        return _pad_reflect(a, widths, mode, reflect_type)
    if mode == "edge":
        return _pad_edge(a, widths)
    return _pad_empty(a, widths)


_pad = array_fn(_pad_body, "pad")

_PAD_KWARGS = {"empty": (), "edge": (), "wrap": (), "constant": ("constant_values",),
               "reflect": ("reflect_type",), "symmetric": ("reflect_type",)}


def pad(array: ArrayLike, pad_width: Any, mode: str = "constant", **kwargs: Any) -> Array:
    """``array`` padded by ``pad_width`` (per axis ``(before, after)``, or one for all) in ``mode``: ``constant``
    (``constant_values``, a scalar), ``edge``, ``wrap``, ``reflect``, ``symmetric`` (``reflect_type`` ``even`` or
    ``odd``) or ``empty`` (zeros). JAX's ``linear_ramp``, statistic modes and callables are not supported."""
    refuse_sequences("pad", array)
    nd = len(shape_of(array))
    # As JAX: pad_width is checked against the rank first, a rank-0 array's too (only () and (0, 2) fit rank 0;
    # such an array is then returned as it is).
    widths = _pairs(pad_width, nd, "pad_width")
    if any(not isinstance(w, (int, np.integer)) or isinstance(w, bool) for p in widths for w in p):
        raise TypeError("`pad_width` must be of integral type.")
    if callable(mode) or mode not in _PAD_KWARGS:
        if mode in ("linear_ramp", "maximum", "mean", "median", "minimum") or callable(mode):
            raise NotImplementedError(f"arraytyping.numpy.pad: mode {mode!r} is not supported yet")
        raise NotImplementedError(f"Unimplemented padding mode '{mode}' for np.pad.")
    unsupported = set(kwargs) - set(_PAD_KWARGS[mode])
    if unsupported:
        raise ValueError(f"unsupported keyword arguments for mode '{mode}': {unsupported}")
    widths = tuple((int(lo), int(hi)) for lo, hi in widths)
    if any(w < 0 for p in widths for w in p):
        raise ValueError("index can't contain negative values")
    reflect_type = kwargs.get("reflect_type", "even")
    return _pad(array, kwargs.get("constant_values", 0), widths=widths, mode=mode,
                reflect_type=reflect_type)


def _append_body(arr: Any, values: Any, *, axis: int | None) -> Any:
    return _concatenate_body(arr, values, axis=axis)


_append = array_fn(_append_body, "append", call_name="append", arrays=2)


def append(arr: ArrayLike, values: ArrayLike, axis: int | None = None) -> Array:
    """``values`` joined after ``arr`` along ``axis`` (both flattened first when it is None), promoted to their
    common dtype."""
    return _append(arr, values, axis=None if axis is None else operator.index(axis))


def _atleast_nd(x: Any, rank: int) -> Any:
    nd = len(shape_of(x))
    return expand_dims(x, tuple(range(rank - nd))) if nd < rank else x


def _block(xs: Any) -> tuple[Any, int]:
    """JAX's ``_block``: the joined array and the depth of the nested lists."""
    items: Any = xs  # (``xs`` is the one narrowed below; ``items`` stays ``Any``)
    if isinstance(xs, tuple):
        raise ValueError(f"jax.numpy.block does not allow tuples, got {xs}")
    if isinstance(xs, list):
        if not xs:
            raise ValueError("jax.numpy.block does not allow empty list arguments")
        parts = [_block(x) for x in items]
        depths = [d for _, d in parts]
        if any(d != depths[0] for d in depths[1:]):
            raise ValueError("Mismatched list depths in jax.numpy.block")
        rank = max(depths[0], max(len(shape_of(x)) for x, _ in parts))
        return concatenate([_atleast_nd(x, rank) for x, _ in parts], axis=-depths[0]), depths[0] + 1
    return asarray(xs), 1


def block(arrays: ArrayLike | list[Any]) -> Array:
    """An array assembled from nested lists of blocks: the innermost lists joined along the last axis, the next
    along the one before, and so on (each block given leading axes of length 1 up to the result's rank).

    Example: ``block([[jnp.eye(2), jnp.zeros((2, 1))], [jnp.ones((1, 3))]])`` has shape ``(3, 3)``.
    """
    out: Array = _block(arrays)[0]
    return out
