"""Indexing: ``x[index]`` and ``x.at[index].set/add/multiply/min/max/get``, ``take``, ``take_along_axis``.

``index`` follows numpy and JAX 0.10.2 (``jax/_src/numpy/indexing.py``): ints, slices, ``None``, ``Ellipsis``,
integer arrays and lists (advanced indexing, gathered; advanced indices that are not adjacent move to the front),
bool arrays when concrete (their ``nonzero`` positions: under a trace their count is unknown, so JAX raises
``NonConcreteBooleanIndexError``, an ``IndexError``, and so do we), scalar bools and ``jax.ds`` slices (a start
known only at run time). Indices made only of ints, slices, ``None`` and ``Ellipsis`` become static slices; those
that add scalar integer arrays (traced or not), ``ds`` slices of stride 1 and slices of step 1 or -1 one
``dynamic_slice``; the rest one ``gather`` (``scatter`` for ``.at``), as JAX chooses. The
dtype never changes (``op_rules.SHAPE``: ``same``); ``.at[...].set`` and friends promote the update with the
operand and convert the result back to the operand's dtype and weak flag, as JAX does.
"""

from __future__ import annotations

import builtins
import enum
import math
import operator
from collections.abc import Hashable, Sequence
from types import EllipsisType
from typing import Any, NamedTuple, SupportsIndex, TypeAlias, cast

import numpy as np

from arraytyping import op_rules
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import config
from arraytyping._src.core.array import Array
from arraytyping._src.core.arraylike import refuse_sequences
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.index_slice import Slice
from arraytyping._src.core.trace import JAXIndexError, Tracer, concrete_value
from arraytyping._src.lax import gather_scatter as G
from arraytyping._src.lax import lax
from arraytyping._src.lax import primitives as P
from arraytyping._src.lax import sorting as S
from arraytyping._src.lax.api.functions import dynamic_slice as lax_dynamic_slice
from arraytyping._src.lax.operand_checks import numpy_broadcast
from arraytyping._src.numpy._promotion import (
    ARRAY_TYPES, ArrayLike, array_fn, as_dtype, common_dtype, kind_of, operand, promote_args, shape_of,
)
from arraytyping._src.numpy.binary import add, less, remainder
from arraytyping._src.numpy.conversion import array as jnp_array
from arraytyping._src.numpy.shape import canonicalize_axis
from arraytyping._src.numpy.unary import where_call


class NonConcreteBooleanIndexError(JAXIndexError):
    """A bool array used as an index under a trace: the size of the result depends on its values (JAX's
    ``jax.errors.NonConcreteBooleanIndexError``)."""


class _T(enum.Enum):
    NONE = "none"
    SLICE = "slice"
    ELLIPSIS = "ellipsis"
    INTEGER = "integer"
    BOOLEAN = "boolean"
    ARRAY = "array"
    DYNAMIC_SLICE = "dynamic_slice"


class _Parsed(NamedTuple):
    index: Any
    typ: _T
    axes: tuple[int, ...]


def _index_type(i: Any) -> _T:
    """JAX's ``IndexType.from_index``."""
    if i is None:
        return _T.NONE
    if i is Ellipsis:
        return _T.ELLIPSIS
    if isinstance(i, slice):
        return _T.SLICE
    if isinstance(i, Slice):
        return _T.DYNAMIC_SLICE
    if isinstance(i, (bool, np.bool_)):
        return _T.BOOLEAN
    if isinstance(i, (int, np.integer)):
        return _T.INTEGER
    if isinstance(i, ARRAY_TYPES) or isinstance(i, Tracer):
        name = operand(i)[0]
        if name == "bool":
            return _T.BOOLEAN
        if registry.INFO[name].kind in "iu":
            return _T.ARRAY
        raise TypeError(f"Indexer must have integer or boolean type, got indexer with type {name}")
    obj: object = i  # tested unnarrowed: ``i`` stays ``Any``
    if isinstance(obj, str):
        raise TypeError(f"JAX does not support string indexing; got idx={i!r}")
    if isinstance(obj, (list, tuple)):
        if not obj:
            return _T.ARRAY
        seq: Sequence[Any] = i
        a = np.asarray([np.asarray(v) if isinstance(v, Array) else v for v in seq])
        if a.dtype == bool:
            return _T.BOOLEAN
        if a.dtype.kind in "iu":
            return _T.ARRAY
        raise TypeError(f"Indexer must have integer or boolean type, got indexer with type {a.dtype}")
    if isinstance(obj, (float, complex, np.generic)):
        raise TypeError(f"Indexer must have integer or boolean type, got indexer with type {np.asarray(i).dtype}")
    raise IndexError("only integers, slices (`:`), ellipsis (`...`), newaxis (`None`) and integer or boolean arrays "
                     f"are valid indices. Got {i!r:.80}")


def _as_tuple(index: Any) -> tuple[Any, ...]:
    """JAX's ``eliminate_deprecated_list_indexing``: a non-tuple sequence is refused, anything else wrapped."""
    obj: object = index  # tested unnarrowed: ``index`` stays ``Any``
    if isinstance(obj, tuple):
        whole: tuple[Any, ...] = index
        return whole
    if isinstance(obj, list):
        items: list[Any] = index
        how = "`arr[tuple(seq)]`" if builtins.any(
            isinstance(i, (list, tuple, slice)) or i is None or i is Ellipsis or
            (isinstance(i, ARRAY_TYPES) and np.ndim(i) != 0) for i in items) else "`arr[array(seq)]`"
        raise TypeError(f"Using a non-tuple sequence for multidimensional indexing is not allowed; use {how} "
                        f"instead of `arr[seq]`.")
    return (index,)


def parse(index: Any, shape: tuple[int, ...]) -> list[_Parsed]:
    """JAX's ``_parse_indices``: each index item with its type and the axes of ``shape`` it consumes."""
    items = _as_tuple(index)
    types = [_index_type(i) for i in items]
    consumed: list[int] = []
    ellipses: list[int] = []
    for n, (i, t) in enumerate(zip(items, types)):
        if t in (_T.NONE, _T.ELLIPSIS):
            consumed.append(0)
            if t == _T.ELLIPSIS:
                ellipses.append(n)
        elif t == _T.BOOLEAN:
            consumed.append(np.ndim(i) if not isinstance(i, list) else 1)
        else:
            consumed.append(1)
    if len(ellipses) > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    total = builtins.sum(consumed)
    if total > len(shape):
        raise IndexError(f"Too many indices: array is {len(shape)}-dimensional, but {total} were indexed")
    if ellipses:
        consumed[ellipses[0]] = len(shape) - total
    out: list[_Parsed] = []
    dim = 0
    for i, t, n in zip(items, types, consumed):
        out.append(_Parsed(i, t, tuple(range(dim, dim + n))))
        dim += n
    return out


# ---------------------------------------------------------------------------------------------------------------
# Static indices: slices


def _is_static(parsed: list[_Parsed]) -> bool:
    return builtins.all(p.typ in (_T.INTEGER, _T.SLICE, _T.NONE, _T.ELLIPSIS) for p in parsed)


def _check_slices(parsed: list[_Parsed]) -> None:
    for pos, p in enumerate(parsed):
        if p.typ == _T.SLICE:
            sl: slice[Any, Any, Any] = p.index
            for v in (sl.start, sl.stop, sl.step):
                if v is not None and isinstance(v, Tracer):
                    raise IndexError(f"Slice entries must be static integers. Got {sl} at position {pos}")
            if sl.step is not None and operator.index(sl.step) == 0:
                raise ValueError("slice step cannot be zero")


_StaticItem: TypeAlias = "int | tuple[int, int, int] | None"
"""One item of a static index, expanded: an int, a slice as ``(start, limit, step)`` after ``slice.indices``, or
``None`` for a new axis."""


def _ints_in_bounds(parsed: list[_Parsed], shape: tuple[int, ...]) -> bool:
    """Whether every integer of a static index is within its axis: JAX indexes with slices only then, and with a
    gather otherwise (which clamps an index out of bounds: ``arange(10)[11]`` is 9)."""
    for p in parsed:
        if p.typ == _T.INTEGER:
            size = shape[p.axes[0]]
            if not -size <= operator.index(p.index) < size:
                return False
    return True


def _static_key(parsed: list[_Parsed], shape: tuple[int, ...]) -> tuple[_StaticItem, ...]:
    """The static index, every axis covered (ellipsis and trailing axes as full slices), ints checked and made
    non-negative."""
    out: list[_StaticItem] = []
    for p in parsed:
        if p.typ == _T.NONE:
            out.append(None)
        elif p.typ == _T.ELLIPSIS:
            out += [(0, shape[a], 1) for a in p.axes]
        elif p.typ == _T.INTEGER:
            (axis,) = p.axes
            i = operator.index(p.index)
            size = shape[axis]
            k = i + size if i < 0 else i
            if not 0 <= k < size:
                raise IndexError(f"index {i} out of bounds for axis {axis} with size {size}")
            out.append(k)
        else:
            (axis,) = p.axes
            sl: slice[Any, Any, Any] = p.index
            out.append(slice(*(None if v is None else operator.index(v) for v in (sl.start, sl.stop, sl.step)))
                       .indices(shape[axis]))
    consumed = builtins.sum(len(p.axes) for p in parsed)
    out += [(0, shape[a], 1) for a in range(consumed, len(shape))]
    return tuple(out)


def _static_body(x: Any, *, key: tuple[_StaticItem, ...]) -> Any:
    """JAX's ``_static_slice``: one ``slice`` (strided), ``rev`` for negative steps, ``squeeze`` for ints,
    ``expand_dims`` for new axes."""
    x = promote_args(x)[0]
    shape = shape_of(x)
    start: list[int] = []
    limit: list[int] = []
    strides: list[int] = []
    rev: list[int] = []
    squeeze: list[int] = []
    new_axes: list[int] = []
    dim = 0
    for item in key:
        if item is None:
            new_axes.append(dim - len(squeeze) + len(new_axes))
            continue
        if isinstance(item, int):
            start.append(item)
            limit.append(item + 1)
            strides.append(1)
            squeeze.append(dim)
        else:
            lo, hi, step = item
            if step > 0:
                start.append(lo)
                limit.append(builtins.max(lo, hi))
                strides.append(step)
            else:
                count = len(range(lo, hi, step))
                if count == 0:
                    start.append(0)
                    limit.append(0)
                    strides.append(1)
                else:
                    start.append(lo + (count - 1) * step)
                    limit.append(lo + 1)
                    strides.append(-step)
                    rev.append(dim)
        dim += 1
    if tuple(start) != (0,) * len(shape) or tuple(limit) != shape or builtins.any(s != 1 for s in strides):
        x = lax.slice(x, start, limit, strides)
    if rev:
        x = lax.rev(x, rev)
    x = lax.squeeze(x, squeeze)
    return lax.expand_dims(x, new_axes) if new_axes else x


_static = array_fn(_static_body, "getitem")


# ---------------------------------------------------------------------------------------------------------------
# Scalar indices known at run time: dynamic_slice


def _ds_size(d: Slice) -> int:
    """A ``ds`` slice's size, which must be static (it is the result's shape)."""
    if d.is_dynamic_size:
        raise TypeError(f"The size of a ds slice must be a static int (it is the shape of the result), got {d}")
    return operator.index(d.size)


def _index_scalar(i: Any, dtype: np.dtype[Any]) -> Any:
    """A scalar start index in ``dtype``: a constant for an int, converted (strongly) for an array."""
    obj: object = i
    if isinstance(obj, (int, np.integer)):
        return lax.const(operator.index(cast(SupportsIndex, obj)), ShapedArray((), dtype, False))
    return lax.convert_element_type(i, dtype, False)


_DynamicItem: TypeAlias = "tuple[Any, ...]"
"""One item of a dynamic-slice index, expanded: ``("new",)`` (a new axis), ``("int", start)`` (one element, the axis
squeezed; ``start`` an int or ``None`` for the next run-time start), ``("slice", start, size, reversed)`` or
``("ds", start, size)``."""


def _dynamic_plan(parsed: list[_Parsed], shape: tuple[int, ...], mode: Any
                  ) -> tuple[tuple[_DynamicItem, ...], list[Any]] | None:
    """JAX's ``to_dynamic_slice``: the index as one ``dynamic_slice`` (its static key and its run-time starts), or
    ``None`` where JAX gathers (an index array, a bool, a step other than 1 or -1, a ``ds`` stride other than 1,
    a mode other than ``promise_in_bounds``/``clip``)."""
    if mode is not None and G.GatherScatterMode.from_any(mode) not in (G.GatherScatterMode.PROMISE_IN_BOUNDS,
                                                                       G.GatherScatterMode.CLIP):
        return None
    for p in parsed:
        if p.typ == _T.DYNAMIC_SLICE:
            d: Slice = p.index
            if d.stride != 1:
                return None
        elif p.typ == _T.SLICE:
            sl: slice[Any, Any, Any] = p.index
            if sl.step is not None and operator.index(sl.step) not in (-1, 1):
                return None
        elif p.typ == _T.ARRAY:
            raw: object = p.index
            if isinstance(raw, (list, tuple)) or np.shape(p.index) != ():
                return None
        elif p.typ not in (_T.INTEGER, _T.ELLIPSIS, _T.NONE):
            return None
    key: list[_DynamicItem] = []
    starts: list[Any] = []
    consumed = 0
    for p in parsed:
        consumed += len(p.axes)
        if p.typ == _T.NONE:
            key.append(("new",))
        elif p.typ == _T.ELLIPSIS:
            key += [("slice", 0, shape[a], False) for a in p.axes]
        elif p.typ in (_T.INTEGER, _T.ARRAY):
            (axis,) = p.axes
            if shape[axis] == 0:  # XLA refuses to index an empty axis
                raise IndexError(f"index is out of bounds for axis {axis} with size 0")
            if p.typ == _T.INTEGER:  # JAX makes it a weakly typed array: never a static start
                key.append(("int", operator.index(p.index)))
            else:
                starts.append(p.index)
                key.append(("int", None))
        elif p.typ == _T.SLICE:
            (axis,) = p.axes
            sl = p.index
            start, stop, step = slice(*(None if v is None else operator.index(v)
                                        for v in (sl.start, sl.stop, sl.step))).indices(shape[axis])
            if step < 0:
                first = stop + 1
                key.append(("slice", first, builtins.max(0, start + 1 - first), True))
            else:
                key.append(("slice", start, builtins.max(0, stop - start), False))
        else:
            d = p.index
            size = _ds_size(d)
            if d.is_dynamic_start:
                starts.append(d.start)
                key.append(("ds", None, size))
            else:
                key.append(("ds", operator.index(d.start), size))
    key += [("slice", 0, shape[a], False) for a in range(consumed, len(shape))]
    return tuple(key), starts


def _dynamic_body(x: Any, *starts: Any, key: tuple[_DynamicItem, ...]) -> Any:
    """JAX's ``_dynamic_slice``: one ``dynamic_slice`` (none when every axis is taken whole), then ``rev`` for
    reversed slices, ``squeeze`` for scalar indices and ``expand_dims`` for new axes."""
    x = promote_args(x)[0]
    shape = shape_of(x)
    run = iter(starts)
    start_indices: list[Any] = []
    sizes: list[int] = []
    rev: list[int] = []
    squeeze: list[int] = []
    new_axes: list[int] = []
    trivial = True
    for item in key:
        if item[0] == "new":
            new_axes.append(len(start_indices) - len(squeeze) + len(new_axes))
            continue
        axis = len(start_indices)
        if item[0] == "int":
            trivial = False
            start_indices.append(next(run) if item[1] is None else  # a weakly typed array, as JAX's asarray(i)
                                 lax.const(item[1], ShapedArray((), registry.INFO[operand(item[1])[0]].dtype, True)))
            sizes.append(1)
            squeeze.append(axis)
        elif item[0] == "slice":
            _, start, size, reverse = item
            trivial = trivial and (start, size, reverse) == (0, shape[axis], False)
            start_indices.append(start)
            sizes.append(size)
            if reverse:
                rev.append(axis)
        else:
            trivial = False
            start_indices.append(next(run) if item[1] is None else item[1])
            sizes.append(item[2])
    if len(start_indices) > 1:  # dynamic_slice takes starts of one dtype
        dt = _index_dtype()
        start_indices = [_index_scalar(i, dt) for i in start_indices]
    y = x if trivial else lax_dynamic_slice(x, start_indices, sizes)
    if rev:
        y = lax.rev(y, rev)
    if squeeze:
        y = lax.squeeze(y, squeeze)
    return lax.expand_dims(y, new_axes) if new_axes else y


_dynamic = array_fn(_dynamic_body, "getitem")


# ---------------------------------------------------------------------------------------------------------------
# Advanced indices: gather


def _concrete(x: Any) -> Any:
    value = concrete_value(x)
    if value is None:
        raise NonConcreteBooleanIndexError(f"Array boolean indices must be concrete; got {x.aval.str_short()}")
    return np.asarray(value)


def _expand_bool(parsed: list[_Parsed], shape: tuple[int, ...]) -> list[_Parsed]:
    """JAX's ``expand_bool_indices``: a bool array index becomes the integer arrays of its true positions (it must
    be concrete); a scalar bool stays."""
    out: list[_Parsed] = []
    for pos, p in enumerate(parsed):
        if p.typ != _T.BOOLEAN:
            out.append(p)
            continue
        index: Any = p.index
        raw: object = index
        if np.ndim(index) == 0 and not isinstance(raw, list):
            out.append(_Parsed(bool(_concrete(index)), p.typ, ()))
            continue
        mask = _concrete(index) if not isinstance(raw, list) else np.asarray(index, dtype=bool)
        expected = [shape[i] for i in p.axes]
        if builtins.any(s not in (0, e) for s, e in zip(mask.shape, expected)):
            raise IndexError(f"boolean index did not match shape of indexed array in index {pos}: got "
                             f"{mask.shape}, expected {tuple(expected)}")
        out += [_Parsed(i.astype(np.int64) if config.x64 else i.astype(np.int32), _T.ARRAY, (a,))
                for i, a in zip(np.nonzero(mask), p.axes)]
    return out


class _Dynamic(NamedTuple):
    """The static part of a gather/scatter index: per item its type and consumed axes, or the item itself when it is
    static (a slice, an int, ``None``); arrays are passed separately, in order."""

    items: tuple[Hashable, ...]


def _split_dynamic(parsed: list[_Parsed]) -> tuple[tuple[Hashable, ...], list[Any]]:
    items: list[Hashable] = []
    arrays: list[Any] = []
    for p in parsed:
        if p.typ == _T.ARRAY:
            idx: Any = p.index
            raw_idx: object = p.index
            if isinstance(raw_idx, (list, tuple)):
                entries: Sequence[Any] = p.index
                idx = np.asarray([np.asarray(v) if isinstance(v, Array) else v for v in entries])
                if idx.size == 0:
                    idx = idx.astype(np.int32)
            arrays.append(idx)
            items.append(("array", p.axes))
        elif p.typ == _T.SLICE:
            sl: slice[Any, Any, Any] = p.index
            items.append(("slice", (sl.start, sl.stop, sl.step), p.axes))
        elif p.typ == _T.DYNAMIC_SLICE:
            d: Slice = p.index
            if d.is_dynamic_start:
                arrays.append(d.start)
            items.append(("dslice", None if d.is_dynamic_start else operator.index(d.start), _ds_size(d), d.stride,
                          p.axes))
        else:
            items.append((p.typ.value, p.index if p.typ in (_T.INTEGER, _T.BOOLEAN) else None, p.axes))
    return tuple(items), arrays


def _rebuild(items: tuple[Hashable, ...], arrays: Sequence[Any]) -> list[_Parsed]:
    it = iter(arrays)
    out: list[_Parsed] = []
    for item in items:
        t: tuple[Any, ...] = item  # type: ignore[assignment]
        if t[0] == "array":
            out.append(_Parsed(next(it), _T.ARRAY, t[1]))
        elif t[0] == "slice":
            out.append(_Parsed(slice(*t[1]), _T.SLICE, t[2]))
        elif t[0] == "dslice":
            out.append(_Parsed(Slice(next(it) if t[1] is None else t[1], t[2], t[3]), _T.DYNAMIC_SLICE, t[4]))
        else:
            out.append(_Parsed(t[1], _T(t[0]), t[2]))
    return out


class _GatherIndexer(NamedTuple):
    slice_shape: tuple[int, ...]
    gather_slice_shape: tuple[int, ...]
    gather_indices: Any
    dnums: G.GatherDimensionNumbers
    unique_indices: bool
    indices_are_sorted: bool
    reversed_y_dims: tuple[int, ...]
    newaxis_dims: tuple[int, ...]
    scalar_bool_dims: tuple[int, ...]


def _index_dtype() -> np.dtype[Any]:
    """JAX's ``int_dtype_for_shape``: int32 for every shape below 2**31 elements, with x64 too."""
    return registry.INFO["int32"].dtype


def _normalize(i: Any, size: int) -> Any:
    """A negative index counted from the end: ``where(i < 0, i + size, i)`` for signed arrays, static for ints."""
    obj: object = i
    if isinstance(obj, (int, np.integer)):
        k = operator.index(i)
        return k + size if k < 0 else k
    a = promote_args(i)[0]
    if kind_of(a) == "u":
        return a
    av = lax.aval_of(a)
    return lax.select_n(lax.lt(a, lax.const(0, ShapedArray((), av.dtype, av.weak_type))), a,
                        lax.add(a, lax.const(size, ShapedArray((), av.dtype, av.weak_type))))


def _index_to_gather(parsed: list[_Parsed], shape: tuple[int, ...], normalize: bool = True) -> _GatherIndexer:
    """JAX's ``_index_to_gather`` (without sharding): the gather's indices, dimension numbers and slice shape, and
    what to do around it (reverse negative-step slices, insert new axes); ``normalize=False`` leaves negative
    indices as they are (out of bounds), as JAX's ``normalize_indices=False`` (``jax.ops``' segment functions)."""
    advanced_pos = [n for n, p in enumerate(parsed) if p.typ in (_T.ARRAY, _T.INTEGER)]
    contiguous = builtins.all(b - a == 1 for a, b in zip(advanced_pos, advanced_pos[1:]))
    # expand ellipses and trailing axes into full slices
    expanded: list[_Parsed] = []
    consumed = 0
    for p in parsed:
        consumed += len(p.axes)
        if p.typ == _T.ELLIPSIS:
            expanded += [_Parsed(slice(None), _T.SLICE, (a,)) for a in p.axes]
        else:
            expanded.append(p)
    expanded += [_Parsed(slice(None), _T.SLICE, (a,)) for a in range(consumed, len(shape))]
    # scalar bools: a new axis of size 1, indexed by arange(1) (True) or arange(0) (False)
    scalar_bool_dims = tuple(n for n, p in enumerate(expanded) if p.typ == _T.BOOLEAN)
    new_shape = list(shape)
    fixed: list[_Parsed] = []
    dim = 0
    for n, p in enumerate(expanded):
        if p.typ == _T.BOOLEAN:
            new_shape.insert(n, 1)
            fixed.append(_Parsed(np.arange(int(p.index), dtype=np.int32), _T.ARRAY, (dim,)))
            dim += 1
        else:
            fixed.append(_Parsed(p.index, p.typ, tuple(range(dim, dim + len(p.axes)))))
            dim += len(p.axes)
    shape = tuple(new_shape)
    if normalize:
        fixed = [_Parsed(_normalize(p.index, shape[p.axes[0]]), p.typ, p.axes)
                 if p.typ in (_T.INTEGER, _T.ARRAY) else p for p in fixed]
    is_advanced = builtins.any(p.typ == _T.ARRAY and np.ndim(p.index) > 0 if not isinstance(p.index, Array)
                               else p.typ == _T.ARRAY and p.index.ndim > 0 for p in fixed)
    advanced: list[Any] = []
    idx_advanced: list[int] = []
    x_advanced: list[int] = []
    if is_advanced:
        j = 0
        for i, p in enumerate(fixed):
            if p.typ == _T.NONE:
                continue
            if p.typ in (_T.ARRAY, _T.INTEGER):
                advanced.append(p.index)
                idx_advanced.append(i)
                x_advanced.append(j)
            j += 1
    index_dtype = _index_dtype()
    x_axis = y_axis = collapsed_y_axis = 0
    offset_dims: list[int] = []
    collapsed: list[int] = []
    start_index_map: list[int] = []
    gather_indices: list[tuple[Any, int]] = []
    gather_indices_shape: list[int] = []
    slice_shape: list[int] = []
    newaxis_dims: list[int] = []
    reversed_y_dims: list[int] = []
    gather_slice_shape: list[int] = []
    parsed_slices: dict[int, slice[Any, Any, Any]] = {n: q.index for n, q in enumerate(fixed) if q.typ == _T.SLICE}
    for pos, p in enumerate(fixed):
        if advanced and ((contiguous and pos == idx_advanced[0]) or (not contiguous and pos == 0)):
            arrs = [promote_args(a)[0] for a in advanced]
            bshape = numpy_broadcast(*(shape_of(a) for a in arrs))
            arrs = [a if shape_of(a) == bshape else
                    lax.broadcast_in_dim(a, bshape, tuple(range(len(bshape) - len(shape_of(a)), len(bshape))))
                    for a in arrs]
            start_dim = len(gather_indices_shape)
            gather_indices += [(lax.convert_element_type(a, index_dtype, False), start_dim) for a in arrs]
            gather_indices_shape += bshape
            start_index_map += x_advanced
            collapsed += x_advanced
            slice_shape += bshape
            y_axis += len(bshape)
            collapsed_y_axis += len(bshape)
        if pos in idx_advanced:
            x_axis += 1
            gather_slice_shape.append(1)
            continue
        if p.typ in (_T.INTEGER, _T.ARRAY) and np.ndim(p.index) == 0 and not (
                isinstance(p.index, Array) and p.index.ndim > 0):
            if shape[x_axis] == 0:
                raise IndexError(f"index is out of bounds for axis {x_axis} with size 0")
            i = p.index
            i = lax.convert_element_type(i, index_dtype, False) if isinstance(i, Array) else \
                as_dtype(i, index_dtype, False)
            gather_indices.append((i, len(gather_indices_shape)))
            collapsed.append(x_axis)
            gather_slice_shape.append(1)
            start_index_map.append(x_axis)
            x_axis += 1
        elif p.typ == _T.NONE:
            slice_shape.append(1)
            newaxis_dims.append(y_axis)
            y_axis += 1
        elif p.typ == _T.SLICE:
            sl: slice[Any, Any, Any] = parsed_slices[pos]
            start, stop, step = slice(*(None if v is None else operator.index(v)
                                        for v in (sl.start, sl.stop, sl.step))).indices(shape[x_axis])
            size = len(range(start, stop, step))
            if step < 0 and size:
                start = start + (size - 1) * step
            slice_shape.append(size)
            if step == 1 or (step < 0 and size == 0):
                if size != shape[x_axis]:
                    gather_indices.append((lax.const(start if size else 0, ShapedArray((), index_dtype, False)),
                                           len(gather_indices_shape)))
                    start_index_map.append(x_axis)
                gather_slice_shape.append(size)
                offset_dims.append(collapsed_y_axis)
            else:
                first = start if step > 0 else start - (size - 1) * step
                indices = lax.add(lax.const(first, ShapedArray((), index_dtype, False)),
                                  lax.mul(lax.const(step, ShapedArray((), index_dtype, False)),
                                          lax.iota(index_dtype, (size,), 0)))
                if step < 0:
                    reversed_y_dims.append(collapsed_y_axis)
                    indices = lax.rev(indices, (0,))
                gather_slice_shape.append(1)
                gather_indices.append((indices, len(gather_indices_shape)))
                start_index_map.append(x_axis)
                gather_indices_shape.append(size)
                collapsed.append(x_axis)
            collapsed_y_axis += 1
            y_axis += 1
            x_axis += 1
        elif p.typ == _T.DYNAMIC_SLICE:
            d = cast(Slice, p.index)
            size = d.size
            slice_shape.append(size)
            if d.stride == 1:
                if size != shape[x_axis]:  # JAX leaves a ds start as it is: a negative one is not counted back
                    gather_indices.append((_index_scalar(d.start, index_dtype), len(gather_indices_shape)))
                    start_index_map.append(x_axis)
                gather_slice_shape.append(size)
                offset_dims.append(collapsed_y_axis)
            else:
                first = d.start if not d.is_dynamic_start else jnp_array(d.start, dtype=index_dtype)
                indices = lax.add(_index_scalar(first, index_dtype),
                                  lax.mul(lax.const(d.stride, ShapedArray((), index_dtype, False)),
                                          lax.iota(index_dtype, (size,), 0)))
                gather_slice_shape.append(1)
                gather_indices.append((indices, len(gather_indices_shape)))
                start_index_map.append(x_axis)
                gather_indices_shape.append(size)
                collapsed.append(x_axis)
            collapsed_y_axis += 1
            y_axis += 1
            x_axis += 1
        else:
            raise IndexError(f"Got unsupported indexer at position {pos}: {p!r}")
    if not gather_indices:
        array: Any = lax.const(np.zeros((0,), dtype=index_dtype), ShapedArray((0,), index_dtype, False))
    elif len(gather_indices) == 1:
        g, _ = gather_indices[0]
        array = lax.expand_dims(g, (len(shape_of(g)),))
    else:
        last = len(gather_indices_shape)
        full = (*gather_indices_shape, 1)
        array = lax.concatenate([lax.broadcast_in_dim(g, full, tuple(range(i, i + len(shape_of(g)))))
                                 for g, i in gather_indices], last)
    return _GatherIndexer(
        slice_shape=tuple(slice_shape), gather_slice_shape=tuple(gather_slice_shape), gather_indices=array,
        dnums=G.GatherDimensionNumbers(offset_dims=tuple(offset_dims), collapsed_slice_dims=tuple(sorted(collapsed)),
                                       start_index_map=tuple(start_index_map)),
        unique_indices=not advanced, indices_are_sorted=not advanced, reversed_y_dims=tuple(reversed_y_dims),
        newaxis_dims=tuple(newaxis_dims), scalar_bool_dims=scalar_bool_dims)


def _gather_body(x: Any, *arrays: Any, items: _Dynamic, mode: Any = None, fill_value: Any = None,
                 unique_indices: bool = False, indices_are_sorted: bool = False) -> Any:
    """JAX's ``_gather``: the gather of :func:`_index_to_gather`, then reversed axes and new axes."""
    x = promote_args(x)[0]
    parsed = _rebuild(items.items, arrays)
    shape = shape_of(x)
    ix = _index_to_gather(parsed, shape)
    y = x
    if ix.scalar_bool_dims:
        y = lax.expand_dims(y, ix.scalar_bool_dims)
    if 0 in ix.slice_shape:
        a = lax.aval_of(y)
        return lax.full(ix.slice_shape, 0, a.dtype, a.weak_type)
    if 0 not in shape_of(ix.gather_indices):
        y = G.gather(y, ix.gather_indices, ix.dnums, ix.gather_slice_shape,
                     unique_indices=unique_indices or ix.unique_indices,
                     indices_are_sorted=indices_are_sorted or ix.indices_are_sorted,
                     mode=G.GatherScatterMode.PROMISE_IN_BOUNDS if mode is None else mode, fill_value=fill_value)
    if ix.reversed_y_dims:
        y = lax.rev(y, ix.reversed_y_dims)
    return lax.expand_dims(y, ix.newaxis_dims) if ix.newaxis_dims else y


_gather = array_fn(_gather_body, "getitem")


def getitem(x: Any, index: Any, *, mode: Any = None, fill_value: Any = None) -> Any:
    """``x[index]`` as JAX computes it: static slices where the index allows, one gather otherwise."""
    shape = shape_of(x)
    parsed = parse(index, shape)
    if _is_static(parsed) and _ints_in_bounds(parsed, shape) and (mode is None or G.GatherScatterMode.from_any(
            mode) in (G.GatherScatterMode.PROMISE_IN_BOUNDS, G.GatherScatterMode.CLIP)):
        _check_slices(parsed)
        return _static(x, key=_static_key(parsed, shape))
    _check_slices(parsed)
    plan = _dynamic_plan(parsed, shape, mode)
    if plan is not None:
        key, starts = plan
        return _dynamic(x, *starts, key=key)
    parsed = _expand_bool(parsed, shape)
    items, arrays = _split_dynamic(parsed)
    if fill_value is not None and np.ndim(fill_value) != 0:
        raise ValueError("fill_value argument to indexed get() must be a scalar")
    return _gather(x, *arrays, items=_Dynamic(items), mode=None if mode is None else
                   G.GatherScatterMode.from_any(mode), fill_value=None if fill_value is None else
                   np.asarray(fill_value).item())


# ---------------------------------------------------------------------------------------------------------------
# x.at[index]: scatter


_SCATTER = {"set": G.scatter_p, "add": G.scatter_add_p, "multiply": G.scatter_mul_p, "min": G.scatter_min_p,
            "max": G.scatter_max_p}


def _scatter_body(x: Any, y: Any, *arrays: Any, items: _Dynamic, op: str, mode: Any = None,
                  indices_are_sorted: bool = False, unique_indices: bool = False, normalize: bool = True) -> Any:
    """JAX's ``_scatter_impl``: operand and updates promoted together, the updates broadcast to the indexed slice
    (new axes squeezed, negative steps reversed), one scatter, the result converted back to the operand's dtype
    and weak flag."""
    x = promote_args(x)[0]
    xa = lax.aval_of(x)
    # JAX's safe_to_cast(y, x) only warns when the cast is unsafe, but its result_type(y, x.dtype) (x's dtype taken
    # strongly) raises where the two have no promotion path: a weakly typed int32 operand takes no int4 update
    common_dtype(y, np.zeros((), xa.dtype))
    parsed = _rebuild(items.items, arrays)
    ix = _index_to_gather(parsed, shape_of(x), normalize)
    if 0 in ix.slice_shape:
        return x
    dtype, weak = common_dtype(x, y)
    if op in ("add", "multiply") and dtype == np.dtype(bool):  # scatter_add's and scatter_mul's type rule in JAX
        raise TypeError(f"{'add' if op == 'add' else 'mul'} does not accept dtype bool at position 0. Accepted "
                        "dtypes at position 0 are subtypes of integer, floating, complexfloating.")
    x = lax.convert_element_type(x, dtype, weak)
    y = lax.convert_element_type(y, dtype, weak) if isinstance(y, Array) else as_dtype(y, dtype, weak)
    ys = shape_of(y)
    target = ix.slice_shape
    try:
        if numpy_broadcast(ys, target) != target:
            raise ValueError
    except ValueError:
        raise ValueError(f"Incompatible shapes for broadcasting: {ys} and requested shape {target}") from None
    if ys != target:
        y = lax.broadcast_in_dim(y, target, tuple(range(len(target) - len(ys), len(target))))
    y = lax.squeeze(y, ix.newaxis_dims)
    if ix.reversed_y_dims:
        y = lax.rev(y, ix.reversed_y_dims)
    if ix.scalar_bool_dims:
        x = lax.expand_dims(x, ix.scalar_bool_dims)
    dn = G.ScatterDimensionNumbers(update_window_dims=ix.dnums.offset_dims,
                                   inserted_window_dims=ix.dnums.collapsed_slice_dims,
                                   scatter_dims_to_operand_dims=ix.dnums.start_index_map)
    out = G.scatter(_SCATTER[op], x, ix.gather_indices, y, dn,
                    indices_are_sorted=ix.indices_are_sorted or indices_are_sorted,
                    unique_indices=ix.unique_indices or unique_indices, mode=mode)
    if ix.scalar_bool_dims:
        out = lax.squeeze(out, ix.scalar_bool_dims)
    oa = lax.aval_of(out)
    if (oa.dtype, oa.weak_type) == (xa.dtype, xa.weak_type):
        return out
    # the primitive itself: JAX's convert_element_type keeps a weak flag for bool too (a weakly typed bool operand
    # stays one), which lax.convert_element_type here drops for the promotion paths
    return P.convert_element_type_p.bind(out, new_dtype=xa.dtype, weak_type=xa.weak_type, sharding=None)


_scatter = array_fn(_scatter_body, "scatter")


def scatter_update(x: Any, index: Any, y: Any, op: str, *, mode: Any = None, indices_are_sorted: bool = False,
                   unique_indices: bool = False, normalize_indices: bool = True) -> Array:
    """``x.at[index].<op>(y)`` (JAX's ``_scatter_update``): a Python int update is taken in ``x``'s integer dtype
    when it fits; indices as for ``x[index]`` (negative ones counted from the end unless ``normalize_indices`` is
    false)."""
    shape = shape_of(x)
    if isinstance(y, int) and registry.INFO[operand(x)[0]].kind in "iu":  # a Python bool too, as in JAX
        info = np.iinfo(registry.INFO[operand(x)[0]].dtype) if registry.INFO[operand(x)[0]].bits >= 8 else None
        if info is not None and info.min <= y <= info.max:
            y = np.asarray(y, dtype=registry.INFO[operand(x)[0]].dtype)
    parsed = _expand_bool(parse(index, shape), shape)
    _check_slices(parsed)
    items, arrays = _split_dynamic(parsed)
    return _scatter(x, y, *arrays, items=_Dynamic(items), op=op,
                    mode=None if mode is None else G.GatherScatterMode.from_any(mode),
                    indices_are_sorted=bool(indices_are_sorted), unique_indices=bool(unique_indices),
                    normalize=bool(normalize_indices))


class IndexUpdateRef:
    """``x.at[index]``: the indexed positions of ``x``, to read (``get``) or to write into a copy (``set``,
    ``add``, ``multiply``, ``min``, ``max``), as JAX's ``_IndexUpdateRef``."""

    __slots__ = ("array", "index")

    def __init__(self, array: Array, index: Any) -> None:
        self.array = array
        self.index = index

    def __repr__(self) -> str:
        return f"_IndexUpdateRef({self.array!r}, {self.index!r})"

    def get(self, *, indices_are_sorted: bool = False, unique_indices: bool = False, mode: Any = None,
            fill_value: Any = None) -> Array:
        """``x[index]``; ``mode`` ``'fill'`` gives ``fill_value`` (NaN, the integer extreme, True by default) for
        out-of-bounds indices, ``'clip'`` clamps them."""
        return cast(Array, getitem(self.array, self.index, mode=mode, fill_value=fill_value))

    def set(self, values: ArrayLike, *, indices_are_sorted: bool = False, unique_indices: bool = False,
            mode: Any = None) -> Array:
        """A copy of ``x`` with ``values`` written at the index (out-of-bounds updates are dropped)."""
        return scatter_update(self.array, self.index, values, "set", mode=mode,
                              indices_are_sorted=indices_are_sorted, unique_indices=unique_indices)

    def add(self, values: ArrayLike, *, indices_are_sorted: bool = False, unique_indices: bool = False,
            mode: Any = None) -> Array:
        """A copy of ``x`` with ``values`` added at the index (repeated indices add up)."""
        return scatter_update(self.array, self.index, values, "add", mode=mode,
                              indices_are_sorted=indices_are_sorted, unique_indices=unique_indices)

    def multiply(self, values: ArrayLike, *, indices_are_sorted: bool = False, unique_indices: bool = False,
                 mode: Any = None) -> Array:
        """A copy of ``x`` multiplied by ``values`` at the index."""
        return scatter_update(self.array, self.index, values, "multiply", mode=mode,
                              indices_are_sorted=indices_are_sorted, unique_indices=unique_indices)

    mul = multiply

    def min(self, values: ArrayLike, *, indices_are_sorted: bool = False, unique_indices: bool = False,
            mode: Any = None) -> Array:
        """A copy of ``x`` with the minimum of it and ``values`` at the index."""
        return scatter_update(self.array, self.index, values, "min", mode=mode,
                              indices_are_sorted=indices_are_sorted, unique_indices=unique_indices)

    def max(self, values: ArrayLike, *, indices_are_sorted: bool = False, unique_indices: bool = False,
            mode: Any = None) -> Array:
        """A copy of ``x`` with the maximum of it and ``values`` at the index."""
        return scatter_update(self.array, self.index, values, "max", mode=mode,
                              indices_are_sorted=indices_are_sorted, unique_indices=unique_indices)


class IndexUpdateHelper:
    """``x.at``: indexed by ``x.at[index]`` to an :class:`IndexUpdateRef`."""

    __slots__ = ("array",)

    def __init__(self, array: Array) -> None:
        self.array = array

    def __getitem__(self, index: Any) -> IndexUpdateRef:
        return IndexUpdateRef(self.array, index)

    def __repr__(self) -> str:
        return f"_IndexUpdateHelper({self.array!r})"


# ---------------------------------------------------------------------------------------------------------------
# take, take_along_axis


def _take_body(a: Any, indices: Any, *, axis: int | None = None, mode: str | None = None,
               unique_indices: bool = False, indices_are_sorted: bool = False, fill_value: Any = None) -> Any:
    """JAX's ``_take``: a gather of one slice per index along ``axis`` (of the flattened array by default);
    negative indices count from the end; ``mode`` ``fill`` (the default) fills out-of-bounds indices, ``clip``
    clamps, ``wrap`` takes them modulo the axis size. The index dtype is checked by ``op_rules.shape_result``
    (``take``: integers, and bool where it promotes with a Python int)."""
    a, indices = promote_args(a)[0], promote_args(indices)[0]
    op_rules.shape_result("take", [operand(a), operand(indices)], config.lattice_config)
    if axis is None:
        a = lax.reshape(a, (math.prod(shape_of(a)),))
        ax = 0
    else:
        ax = canonicalize_axis(axis, len(shape_of(a)))
    size = shape_of(a)[ax]
    if mode is None or mode == "fill":
        gmode = G.GatherScatterMode.FILL_OR_DROP
        # JAX: where(indices < 0, indices + n, indices), for unsigned indices too; the Python int promotes a bool
        # index to an int32 (weakly typed)
        indices = where_call(less(indices, 0), add(indices, size), indices)
    elif mode == "raise":
        raise NotImplementedError("The 'raise' mode to arraytyping.numpy.take is not supported.")
    elif mode == "wrap":
        indices = remainder(indices, lax.const(size, ShapedArray((), lax.aval_of(indices).dtype, False)))
        gmode = G.GatherScatterMode.PROMISE_IN_BOUNDS
    elif mode == "clip":
        gmode = G.GatherScatterMode.CLIP
    else:
        raise ValueError(f"Invalid mode '{mode}' for np.take")
    ishape = shape_of(indices)
    slice_sizes = list(shape_of(a))
    if slice_sizes[ax] == 0:
        if math.prod(ishape) != 0:
            raise IndexError("Cannot do a non-empty take() from an empty axis.")
        return a
    if math.prod(ishape) == 0:
        av = lax.aval_of(a)
        return lax.full(tuple(slice_sizes[:ax]) + ishape + tuple(slice_sizes[ax + 1:]), 0, av.dtype, av.weak_type)
    slice_sizes[ax] = 1
    nd = len(ishape)
    dnums = G.GatherDimensionNumbers(
        offset_dims=tuple(list(range(ax)) + list(range(ax + nd, len(slice_sizes) + nd - 1))),
        collapsed_slice_dims=(ax,), start_index_map=(ax,))
    return G.gather(a, lax.expand_dims(indices, (nd,)), dnums, tuple(slice_sizes), mode=gmode,
                    unique_indices=unique_indices, indices_are_sorted=indices_are_sorted, fill_value=fill_value)


_take = array_fn(_take_body, "take", call_name="_take")


def take(a: ArrayLike, indices: ArrayLike, axis: int | None = None, out: None = None, mode: str | None = None,
         unique_indices: bool = False, indices_are_sorted: bool = False, fill_value: Any = None) -> Array:
    """The elements of ``a`` at ``indices`` along ``axis`` (of the flattened array by default)."""
    refuse_sequences("take", a)
    if out is not None:
        raise NotImplementedError("The 'out' argument to arraytyping.numpy.take is not supported.")
    return _take(a, indices, axis=None if axis is None else operator.index(axis), mode=mode,
                 unique_indices=bool(unique_indices), indices_are_sorted=bool(indices_are_sorted),
                 fill_value=None if fill_value is None else np.asarray(fill_value).item())


def _take_along_axis_body(arr: Any, indices: Any, *, axis: int | None = -1, mode: Any = None,
                          fill_value: Any = None) -> Any:
    """JAX's ``take_along_axis``: a gather whose dimensions other than ``axis`` are batch dimensions (broadcast
    between ``arr`` and ``indices``)."""
    a, indices = promote_args(arr)[0], promote_args(indices)[0]
    if kind_of(indices) not in "iu":
        raise TypeError(f"take_along_axis indices must be of integer type, got {operand(indices)[0]}")
    ishape = shape_of(indices)
    if axis is None:
        if len(ishape) != 1:
            raise ValueError(f"take_along_axis indices must be 1D if axis=None, got shape {ishape}")
        a = lax.reshape(a, (math.prod(shape_of(a)),))
        axis = 0
    rank = len(shape_of(a))
    if rank != len(ishape):
        raise ValueError(f"indices and arr must have the same number of dimensions; {len(ishape)} vs. {rank}")
    ax = canonicalize_axis(axis, rank)
    arr_shape = tuple(1 if i == ax else s for i, s in enumerate(shape_of(a)))
    out_shape = numpy_broadcast(ishape, arr_shape)
    size = shape_of(a)[ax]
    if size == 0:
        av = lax.aval_of(a)
        return lax.full(out_shape, 0, av.dtype)
    if registry.INFO[operand(indices)[0]].bits < 32 or kind_of(indices) == "u":
        indices = lax.convert_element_type(indices, _index_dtype(), False)
    indices = _normalize(indices, size)
    index_dims = [i for i, n in enumerate(ishape) if i == ax or n != 1]
    gather_index_shape = tuple(out_shape[i] for i in index_dims) + (1,)
    gather_indices = lax.reshape(indices, gather_index_shape)
    slice_sizes: list[int] = []
    offset_dims: list[int] = []
    start_index_map: list[int] = []
    collapsed: list[int] = []
    op_batch: list[int] = []
    idx_batch: list[int] = []
    squeeze: list[int] = []
    new_i = j = 0
    for i in range(rank):
        if i == ax:
            slice_sizes.append(1)
            start_index_map.append(new_i)
            collapsed.append(new_i)
            new_i += 1
            j += 1
        elif ishape[i] == 1:
            offset_dims.append(i)
            slice_sizes.append(arr_shape[i])
            new_i += 1
        elif arr_shape[i] == 1:
            squeeze.append(i)
            j += 1
        else:
            slice_sizes.append(0 if arr_shape[i] == 0 else 1)
            op_batch.append(new_i)
            idx_batch.append(j)
            new_i += 1
            j += 1
    a = lax.squeeze(a, squeeze)
    dnums = G.GatherDimensionNumbers(offset_dims=tuple(offset_dims), collapsed_slice_dims=tuple(collapsed),
                                     start_index_map=tuple(start_index_map), operand_batching_dims=tuple(op_batch),
                                     start_indices_batching_dims=tuple(idx_batch))
    return G.gather(a, gather_indices, dnums, tuple(slice_sizes), mode="fill" if mode is None else mode,
                    fill_value=fill_value)


_take_along_axis = array_fn(_take_along_axis_body, "take_along_axis", call_name="take_along_axis")


def take_along_axis(arr: ArrayLike, indices: ArrayLike, axis: int | None = -1, mode: Any = None,
                    fill_value: Any = None) -> Array:
    """The elements of ``arr`` at ``indices`` along ``axis``, the other axes matched (broadcast) between them."""
    refuse_sequences("take_along_axis", arr)
    return _take_along_axis(arr, indices, axis=None if axis is None else operator.index(axis),
                            mode=mode, fill_value=None if fill_value is None else np.asarray(fill_value).item())


_ = (EllipsisType, S)
