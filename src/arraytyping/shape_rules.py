"""Result shapes of ``jax.numpy``'s functions, on literal and symbolic dimensions, as data and small functions.

Beside :mod:`arraytyping.op_rules` (result dtypes) this module is the single truth for result shapes: the runtime's
abstract evaluation, the mypy plugin and the stub generator compute from it. Like :mod:`arraytyping.lattice` it
imports only the standard library.

A dimension (:data:`Dim`) is a literal size (an ``int``), a symbol's name (a ``str``: a type variable bound to
``int``; the same name is the same size) or ``None``, a size nobody knows, with no identity. A :data:`Shape` is a
tuple of them (a known rank); the functions take ``None`` for a shape of unknown rank. Every rule is sound for
every value the symbols and unknowns may take, ``1`` included:

* a result never names a wrong shape: where the rule cannot say, the dimension is ``None``, or the whole result is
  ``None`` (gradual);
* a rule raises :class:`ShapeError` only when no assignment of the symbols and unknowns lets the operation succeed
  (``broadcast_shapes((3, 4), (5,))``), never when some assignment would run (``reshape((3, "n"), (4, "n"))`` runs
  for ``n = 0``).

Broadcasting, dimension by dimension: ``1`` with ``d`` is ``d``; a symbol with itself is itself; a symbol or an
unknown with a literal ``n`` other than 1 is ``n`` (had it been anything but 1 or ``n`` the call would fail, so when
it runs the result is ``n``); two different symbols, or an unknown with anything but a literal, are unknown; two
different literals neither of which is 1 are an error. The other rules follow JAX 0.10.2 (``jax/_src/numpy``,
``lax``): matmul's contracted dimensions must be equal (not broadcast), concatenation's other dimensions must be
equal, indexing by an int clamps (JAX never refuses a static int index out of bounds), and so on.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from types import EllipsisType, MappingProxyType
from typing import Final, Literal, TypeAlias

from arraytyping import op_rules

__all__ = ["ARRAY_INDEX", "Dim", "FFT_LENGTH", "IndexItem", "LAX_GIVEN_SHAPE", "MODULE_SHAPE_FAMILY", "SHAPE_FAMILY",
           "Shape", "ShapeError", "ShapeFamily", "ShapeIndexError", "atleast", "broadcast_shapes", "column_stack",
           "concatenate", "creation_shape", "dot", "dstack", "expand_dims", "fft_shape", "flip", "hstack", "index",
           "matmul", "matrix_shape", "matrix_transpose", "moveaxis", "quantile_shape", "reduce_shape", "reshape",
           "rollaxis", "spaced_shape", "squeeze", "stack", "swapaxes", "transpose", "view_shape", "vstack",
           "window_shape"]

Dim: TypeAlias = int | str | None
"""One dimension: a literal size, a symbol's name (same name, same size) or ``None`` (unknown, no identity)."""
Shape: TypeAlias = tuple[Dim, ...]
"""A shape of known rank."""


class ShapeError(ValueError):
    """An operation that can never succeed, whatever sizes its symbols and unknowns stand for. ``shapes`` are the
    operands' shapes, ``axis`` the axis at fault (``None`` where no single axis is)."""

    shapes: tuple[Shape, ...]
    axis: int | None

    def __init__(self, message: str, shapes: tuple[Shape, ...] = (), axis: int | None = None) -> None:
        super().__init__(message)
        self.shapes = shapes
        self.axis = axis


class ShapeIndexError(ShapeError, IndexError):
    """A :class:`ShapeError` where JAX raises ``IndexError`` (too many indices, two ellipses)."""


class _ArrayIndex:
    """The type of :data:`ARRAY_INDEX`."""

    _instance: _ArrayIndex | None = None

    def __new__(cls) -> _ArrayIndex:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "ARRAY_INDEX"

    def __reduce__(self) -> str:
        return "ARRAY_INDEX"


ARRAY_INDEX: Final = _ArrayIndex()
"""An index item that is an integer or bool array (advanced indexing): the result's shape is gradual."""

IndexItem: TypeAlias = int | slice | None | EllipsisType | _ArrayIndex
"""One item of an index tuple: ``x[i]``, ``x[a:b:c]``, ``x[None]``, ``x[...]``, or :data:`ARRAY_INDEX`."""


def _fmt(shape: Shape | None) -> str:
    if shape is None:
        return "(...)"
    inner = ", ".join("?" if d is None else str(d) for d in shape)
    return f"({inner},)" if len(shape) == 1 else f"({inner})"


def _canonical_axis(axis: int, ndim: int, shapes: tuple[Shape, ...]) -> int:
    """``axis`` in ``range(ndim)``, or JAX's ``canonicalize_axis`` error."""
    if not -ndim <= axis < ndim:
        raise ShapeError(f"axis {axis} is out of bounds for array of dimension {ndim}", shapes, axis)
    return axis % ndim if ndim else axis


def _axes(axis: int | Sequence[int]) -> tuple[int, ...]:
    return (axis,) if isinstance(axis, int) else tuple(axis)


# ---------------------------------------------------------------------------------------------------------------
# Broadcasting


def _broadcast_dim(a: Dim, b: Dim) -> Dim | Literal[False]:
    """Two dimensions broadcast together, or ``False`` where no sizes make them broadcast."""
    if a == 1:
        return b
    if b == 1 or a == b and a is not None:
        return a
    if isinstance(a, int):
        return False if isinstance(b, int) else a
    if isinstance(b, int):
        return b
    return None


@lru_cache(maxsize=4096)
def _broadcast_cached(shapes: tuple[Shape, ...]) -> Shape:
    ndim = max(len(s) for s in shapes)
    out: list[Dim] = []
    for i in range(-ndim, 0):
        acc: Dim = 1
        for s in shapes:
            if -i > len(s):
                continue
            d = _broadcast_dim(acc, s[i])
            if d is False:
                sizes = dict.fromkeys(x[i] for x in shapes if -i <= len(x) and isinstance(x[i], int) and x[i] != 1)
                raise ShapeError(f"cannot broadcast {' with '.join(map(_fmt, shapes))}: axis {i} has "
                                 f"{' and '.join(map(str, sizes))}", shapes, i)
            acc = d
        out.append(acc)
    return tuple(out)


def broadcast_shapes(*shapes: Shape | None) -> Shape | None:
    """NumPy's (and ``jax.numpy``'s) broadcasting of ``shapes``: the result's shape, ``None`` if a rank is unknown;
    :class:`ShapeError` (naming the shapes and the axis, counted from the end) when no sizes make them broadcast."""
    known: list[Shape] = []
    unknown = False
    for s in shapes:
        if s is None:
            unknown = True
        else:
            known.append(s)
    if not known:
        return None if unknown else ()
    out = _broadcast_cached(tuple(known))
    return None if unknown else out


# ---------------------------------------------------------------------------------------------------------------
# Reductions


def _reduced_axes(shape: Shape, axis: int | Sequence[int] | None) -> tuple[int, ...]:
    ndim = len(shape)
    if axis is None:
        return tuple(range(ndim))
    axes = _axes(axis)
    out = [_canonical_axis(a, ndim, (shape,)) for a in axes]
    if len(set(out)) != len(out):
        raise ShapeError(f"duplicate value in 'axis': {axis!r}", (shape,), None)
    return tuple(sorted(out))


def reduce_shape(shape: Shape | None, axis: int | Sequence[int] | None = None, keepdims: bool = False
                 ) -> Shape | None:
    """The shape of a reduction (``sum``, ``max``, ``mean``, ``argmax``...) of ``shape`` over ``axis`` (all axes
    when ``None``); reduced axes stay as size 1 with ``keepdims``. :class:`ShapeError` with JAX's message for an
    axis out of range or a repeated axis. Of an unknown shape, only a full reduction without ``keepdims`` is known:
    ``()``."""
    if shape is None:
        return () if axis is None and not keepdims else None
    axes = _reduced_axes(shape, axis)
    if keepdims:
        return tuple(1 if i in axes else d for i, d in enumerate(shape))
    return tuple(d for i, d in enumerate(shape) if i not in axes)


def quantile_shape(q: Shape | None, shape: Shape | None, axis: int | Sequence[int] | None = None,
                   keepdims: bool = False) -> Shape | None:
    """The shape of ``quantile``/``percentile`` (and their NaN-ignoring forms) of an array of ``shape`` at ``q``
    (``()`` for a scalar ``q``): ``q``'s shape, then :func:`reduce_shape`'s. JAX refuses a ``q`` of rank above 1
    (:class:`ShapeError`, JAX's ``ValueError``)."""
    if q is not None and len(q) > 1:
        raise ShapeError(f"q must be have rank <= 1, got shape {_fmt(q)}", (q,))
    reduced = reduce_shape(shape, axis, keepdims)
    return None if q is None or reduced is None else (*q, *reduced)


# ---------------------------------------------------------------------------------------------------------------
# Reshaping


def _monomial(dims: Sequence[Dim]) -> tuple[int, tuple[str, ...]] | None:
    """The product of ``dims`` as a literal coefficient and a sorted tuple of symbols, ``None`` with an unknown."""
    coeff = 1
    symbols: list[str] = []
    for d in dims:
        if d is None:
            return None
        if isinstance(d, int):
            coeff *= d
        else:
            symbols.append(d)
    return coeff, tuple(sorted(symbols))


def _divide(size: tuple[int, tuple[str, ...]], known: tuple[int, tuple[str, ...]]) -> Dim:
    """The single dimension ``size / known`` where the monomials divide exactly into one, ``None`` otherwise."""
    (c1, s1), (c2, s2) = size, known
    rest = list(s1)
    for s in s2:
        if s not in rest:
            return None
        rest.remove(s)
    if c2 == 0 or c1 % c2:
        return None
    c = c1 // c2
    if not rest:
        return c
    return rest[0] if len(rest) == 1 and c == 1 else None


def reshape(shape: Shape | None, newshape: Sequence[Dim]) -> Shape | None:
    """``shape`` reshaped to ``newshape``, where one entry may be ``-1`` (inferred). :class:`ShapeError` for two
    ``-1``, another negative size, or sizes that are all literal and differ (or a ``-1`` they cannot fill)."""
    new = tuple(newshape)
    if sum(1 for d in new if d == -1) > 1:
        raise ShapeError(f"can only specify one unknown axis size with a `-1` value, got {_fmt(new)}",
                         () if shape is None else (shape,), None)
    if any(isinstance(d, int) and d < -1 for d in new):
        raise ShapeError(f"reshape new sizes must all be positive, got {_fmt(new)}",
                         () if shape is None else (shape,), None)
    if shape is None:
        return tuple(None if d == -1 else d for d in new)
    size = _monomial(shape)
    if -1 not in new:
        target = _monomial(new)
        if size is not None and target is not None and not size[1] and not target[1] and size[0] != target[0]:
            raise ShapeError(f"cannot reshape array of shape {_fmt(shape)} (size {size[0]}) into shape {_fmt(new)} "
                             f"(size {target[0]})", (shape,), None)
        return new
    known = _monomial([d for d in new if d != -1])
    inferred: Dim = None
    if size is not None and known is not None:
        if not size[1] and not known[1] and (known[0] == 0 or size[0] % known[0]):
            raise ShapeError(f"cannot reshape array of shape {_fmt(shape)} (size {size[0]}) into shape {_fmt(new)}: "
                             f"the product of the specified axis sizes ({known[0]}) does not evenly divide "
                             f"{size[0]}", (shape,), None)
        inferred = _divide(size, known)
    return tuple(inferred if d == -1 else d for d in new)


# ---------------------------------------------------------------------------------------------------------------
# Permutations and size-1 axes


def transpose(shape: Shape | None, axes: Sequence[int] | None = None) -> Shape | None:
    """``shape`` with its axes permuted by ``axes`` (negative ones counted from the end), reversed when ``axes`` is
    ``None`` (``.T``). :class:`ShapeError` when ``axes`` is not a permutation of the axes."""
    if axes is None:
        return None if shape is None else shape[::-1]
    perm = tuple(axes)
    ndim = len(perm) if shape is None else len(shape)  # a permutation's length is the rank
    canon = tuple(_canonical_axis(a, ndim, () if shape is None else (shape,)) for a in perm)
    if sorted(canon) != list(range(ndim)):
        raise ShapeError(f"transpose permutation isn't a permutation of operand dimensions, got permutation "
                         f"{canon} for operand shape {_fmt(shape)}.", () if shape is None else (shape,), None)
    if shape is None:
        return (None,) * ndim
    return tuple(shape[a] for a in canon)


def swapaxes(shape: Shape | None, axis1: int, axis2: int) -> Shape | None:
    """``shape`` with axes ``axis1`` and ``axis2`` exchanged."""
    if shape is None:
        return None
    i, j = _canonical_axis(axis1, len(shape), (shape,)), _canonical_axis(axis2, len(shape), (shape,))
    out = list(shape)
    out[i], out[j] = out[j], out[i]
    return tuple(out)


def moveaxis(shape: Shape | None, source: int | Sequence[int], destination: int | Sequence[int]) -> Shape | None:
    """``shape`` with the axes ``source`` moved to the positions ``destination`` (the others keep their order), by
    JAX's permutation: the other axes, then each source inserted at its destination in order of destination (a
    repeated destination is no error in JAX, a repeated source is)."""
    src, dst = _axes(source), _axes(destination)
    if len(src) != len(dst):
        raise ShapeError(f"Inconsistent number of elements: {len(src)} vs {len(dst)}",
                         () if shape is None else (shape,), None)
    if shape is None:
        return None
    n = len(shape)
    s = tuple(_canonical_axis(a, n, (shape,)) for a in src)
    d = tuple(_canonical_axis(a, n, (shape,)) for a in dst)
    perm = [i for i in range(n) if i not in s]
    for di, si in sorted(zip(d, s)):
        perm.insert(di, si)
    if len(set(s)) != len(s):  # a repeated destination still inserts a permutation, which JAX transposes by
        raise ShapeError(f"transpose permutation isn't a permutation of operand dimensions, got permutation "
                         f"{tuple(perm)} for operand shape {_fmt(shape)}.", (shape,), None)
    return tuple(shape[i] for i in perm)


def rollaxis(shape: Shape | None, axis: int, start: int = 0) -> Shape | None:
    """``shape`` with ``axis`` moved to the position before ``start`` (``start`` in ``[-ndim, ndim]``; JAX's
    ``rollaxis``, a :func:`moveaxis` to ``start`` less one where ``start`` is past ``axis``)."""
    if shape is None:
        return None
    n = len(shape)
    ax = _canonical_axis(axis, n, (shape,))
    if not -n <= start <= n:
        raise ShapeError(f"start={start} must satisfy {-n}<=start<={n}", (shape,), None)
    start = start + n if start < 0 else start
    start = start - 1 if start > ax else start
    return moveaxis(shape, ax, start)


def matrix_transpose(shape: Shape | None) -> Shape | None:
    """``shape`` with its last two axes exchanged; a rank below 2 is refused."""
    if shape is None:
        return None
    if len(shape) < 2:
        raise ShapeError(f"x must be at least two-dimensional for matrix_transpose; got ndim={len(shape)}",
                         (shape,), None)
    return (*shape[:-2], shape[-1], shape[-2])


def flip(shape: Shape | None, axis: int | Sequence[int] | None = None) -> Shape | None:
    """``flip``/``fliplr`` (axis 1)/``flipud`` (axis 0): the same shape, where every axis is in range."""
    if shape is None or axis is None:
        return shape
    for a in _axes(axis):
        _canonical_axis(a, len(shape), (shape,))
    return shape


def expand_dims(shape: Shape | None, axis: int | Sequence[int]) -> Shape | None:
    """``shape`` with size-1 axes inserted at the positions ``axis`` of the result."""
    if shape is None:
        return None
    axes = _axes(axis)
    n = len(shape) + len(axes)
    canon = [_canonical_axis(a, n, (shape,)) for a in axes]
    if len(set(canon)) != len(canon):
        raise ShapeError(f"repeated axis in lax.expand_dims: {canon}", (shape,), None)
    rest = iter(shape)
    return tuple(1 if i in canon else next(rest) for i in range(n))


def squeeze(shape: Shape | None, axis: int | Sequence[int] | None = None) -> Shape | None:
    """``shape`` without its size-1 axes (only those of ``axis`` when given: each must be able to be 1). Without
    ``axis`` a symbolic or unknown dimension might be 1, so the rank is unknown: ``None``."""
    if shape is None:
        return None
    if axis is None:
        if any(not isinstance(d, int) for d in shape):
            return None
        return tuple(d for d in shape if d != 1)
    canon = [_canonical_axis(a, len(shape), (shape,)) for a in _axes(axis)]
    if len(set(canon)) != len(canon):
        raise ShapeError(f"dimensions are not unique: {tuple(canon)}", (shape,), None)
    for i in canon:
        if isinstance(shape[i], int) and shape[i] != 1:
            raise ShapeError(f"cannot select an axis to squeeze out which has size not equal to one, got "
                             f"shape={_fmt(shape)} and dimensions={tuple(canon)}", (shape,), i)
    return tuple(d for i, d in enumerate(shape) if i not in canon)


def atleast(shape: Shape | None, ndim: Literal[1, 2, 3]) -> Shape | None:
    """``atleast_1d``/``atleast_2d``/``atleast_3d``: ``(N,)`` becomes ``(1, N)`` for 2 and ``(1, N, 1)`` for 3,
    ``(M, N)`` ``(M, N, 1)`` for 3."""
    if shape is None:
        return None
    if len(shape) >= ndim:
        return shape
    if ndim == 3:
        return {0: (1, 1, 1), 1: (1, *shape, 1), 2: (*shape, 1)}[len(shape)]
    return (1,) * (ndim - len(shape)) + shape


def vstack(shapes: Sequence[Shape | None]) -> Shape | None:
    """``jax.numpy.vstack``: the operands made at least 2-d, concatenated along axis 0."""
    return concatenate([atleast(s, 2) for s in shapes], 0)


def hstack(shapes: Sequence[Shape | None]) -> Shape | None:
    """``jax.numpy.hstack``: the operands made at least 1-d, concatenated along axis 0 where they are 1-d, else
    along axis 1 (JAX reads the first operand's rank; concatenating needs them all of one rank)."""
    ones = [atleast(s, 1) for s in shapes]
    known = [s for s in ones if s is not None]
    return concatenate(ones, 1 if known and len(known[0]) > 1 else 0)


def dstack(shapes: Sequence[Shape | None]) -> Shape | None:
    """``jax.numpy.dstack``: the operands made at least 3-d, concatenated along axis 2."""
    return concatenate([atleast(s, 3) for s in shapes], 2)


def column_stack(shapes: Sequence[Shape | None]) -> Shape | None:
    """``jax.numpy.column_stack``: operands of rank below 2 as columns (``()`` is ``(1, 1)``, ``(N,)`` is
    ``(N, 1)``), concatenated along axis 1."""
    return concatenate([s if s is None or len(s) >= 2 else (s[0] if s else 1, 1) for s in shapes], 1)


# ---------------------------------------------------------------------------------------------------------------
# Products


def _same_dim(a: Dim, b: Dim) -> Dim | Literal[False]:
    """Two dimensions that must be equal: the better known one, or ``False`` when two literals differ."""
    if isinstance(a, int):
        return False if isinstance(b, int) and a != b else a
    if isinstance(b, int) or a is None:
        return b
    return a


def _contract(a: Shape, b: Shape, i: int, j: int, shapes: tuple[Shape, ...]) -> None:
    if _same_dim(a[i], b[j]) is False:
        raise ShapeError(f"dot_general requires contracting dimensions to have the same shape, got "
                         f"{_fmt((a[i],))} and {_fmt((b[j],))}", shapes, None)


def matmul(a: Shape | None, b: Shape | None) -> Shape | None:
    """``a @ b`` (``jax.numpy.matmul``): 1-D operands are promoted to matrices and the added axis removed, batch
    dimensions broadcast; the contracted dimensions must be equal. 0-d operands are refused."""
    for k, s in enumerate((a, b)):
        if s is not None and not s:
            raise ShapeError(f"matmul input operand {k} must have ndim at least 1, but it has ndim 0",
                             tuple(x for x in (a, b) if x is not None), None)
    if a is None or b is None:
        return None
    shapes = (a, b)
    _contract(a, b, -1, 0 if len(b) == 1 else -2, shapes)
    try:
        batch = broadcast_shapes(a[:-2], b[:-2])
    except ShapeError:
        raise ShapeError(f"Incompatible shapes for matmul arguments: {_fmt(a)} and {_fmt(b)}", shapes,
                         None) from None
    assert batch is not None
    return (*batch, *a[-2:-1], *(b[-1:] if len(b) > 1 else ()))


def dot(a: Shape | None, b: Shape | None) -> Shape | None:
    """``jax.numpy.dot(a, b)``: a product with a 0-d operand, the inner product of vectors, matrix products, and
    for N-d operands the sum over ``a``'s last axis and ``b``'s second to last (``a[:-1] + b[:-2] + b[-1:]``)."""
    if a == () or b == ():
        return b if a == () else a
    if a is None or b is None:
        return None
    _contract(a, b, -1, 0 if len(b) == 1 else -2, (a, b))
    return (*a[:-1], *b[:-2], *b[-1:]) if len(b) > 1 else a[:-1]


# ---------------------------------------------------------------------------------------------------------------
# Joining


def _sum_dims(dims: Sequence[Dim]) -> Dim:
    rest = [d for d in dims if d != 0]
    if len(rest) == 1:
        return rest[0]
    if all(isinstance(d, int) for d in rest):
        return sum(d for d in rest if isinstance(d, int))
    return None


def _size(shape: Shape | None) -> Dim:
    if shape is None:
        return None
    if all(isinstance(d, int) for d in shape):
        return math.prod(d for d in shape if isinstance(d, int))
    return shape[0] if len(shape) == 1 else None


def concatenate(shapes: Sequence[Shape | None], axis: int | None = 0) -> Shape | None:
    """``jax.numpy.concatenate`` of operands of ``shapes`` along ``axis`` (flattened first when ``None``): one rank,
    the other dimensions equal."""
    shapes = tuple(shapes)
    known = tuple(s for s in shapes if s is not None)
    if not shapes:
        raise ShapeError("Need at least one array to concatenate.", (), None)
    if axis is None:
        return (_sum_dims([_size(s) for s in shapes]),)
    if any(not s for s in known):
        raise ShapeError("Zero-dimensional arrays cannot be concatenated.", known, None)
    if not known:
        return None
    ndim = len(known[0])
    if any(len(s) != ndim for s in known):
        raise ShapeError(f"Cannot concatenate arrays with different numbers of dimensions: got "
                         f"{', '.join(map(_fmt, known))}.", known, None)
    ax = _canonical_axis(axis, ndim, known)
    out: list[Dim] = []
    for i in range(ndim):
        if i == ax:
            out.append(_sum_dims([None if s is None else s[i] for s in shapes]))
            continue
        acc: Dim = None
        for s in known:
            d = _same_dim(acc, s[i])
            if d is False:
                raise ShapeError(f"Cannot concatenate arrays with shapes that differ in dimensions other than the one "
                                 f"being concatenated: concatenating along dimension {ax} for shapes "
                                 f"{', '.join(map(_fmt, known))}.", known, i)
            acc = d
        out.append(acc)
    return tuple(out)


def stack(shapes: Sequence[Shape | None], axis: int = 0) -> Shape | None:
    """``jax.numpy.stack`` of operands of ``shapes`` (all of one shape) along a new axis ``axis``."""
    shapes = tuple(shapes)
    known = tuple(s for s in shapes if s is not None)
    if not shapes:
        raise ShapeError("Need at least one array to stack.", (), None)
    if not known:
        return None
    ndim = len(known[0])
    if any(len(s) != ndim for s in known):
        raise ShapeError(f"All input arrays must have the same shape. Got {', '.join(map(_fmt, known))}.", known, None)
    common: list[Dim] = []
    for i in range(ndim):
        acc: Dim = None
        for s in known:
            d = _same_dim(acc, s[i])
            if d is False:
                raise ShapeError(f"All input arrays must have the same shape. Got {', '.join(map(_fmt, known))}.",
                                 known, i)
            acc = d
        common.append(acc)
    ax = _canonical_axis(axis, ndim + 1, known)
    common.insert(ax, len(shapes))
    return tuple(common)


# ---------------------------------------------------------------------------------------------------------------
# Indexing and creation


def _slice_dim(d: Dim, s: slice) -> Dim:
    start, stop, step = s.start, s.stop, s.step
    if step is None:
        step = 1
    if isinstance(d, int):
        return len(range(*s.indices(d)))
    trivial_start = start is None or (start == 0 and step > 0)
    if trivial_start and stop is None and step in (1, -1):
        return d
    return None


def index(shape: Shape | None, items: Sequence[IndexItem]) -> Shape | None:
    """The shape of ``x[items]`` for ``x`` of ``shape``: ints (which JAX clamps: an error only on an axis of size
    0), slices (of known length on literal dimensions; on symbolic ones, only the whole axis keeps its symbol),
    ``None`` (a new axis of size 1) and one ``Ellipsis``. An :data:`ARRAY_INDEX` or ``bool`` item makes the result
    gradual (``None``), as does an unknown rank. :class:`ShapeIndexError` for too many indices, two ellipses or an
    int on an axis of size 0, :class:`ShapeError` for a zero step."""
    items = tuple(items)
    if sum(1 for it in items if it is Ellipsis) > 1:
        raise ShapeIndexError("an index can only have a single ellipsis ('...')", () if shape is None else (shape,),
                              None)
    for it in items:
        if isinstance(it, slice) and it.step == 0:
            raise ShapeError("slice step cannot be zero", () if shape is None else (shape,), None)
    if shape is None or any(isinstance(it, (bool, _ArrayIndex)) for it in items):
        return None
    consumed = sum(1 for it in items if it is not None and it is not Ellipsis)  # ints (any __index__) and slices
    if consumed > len(shape):
        raise ShapeIndexError(f"Too many indices: array is {len(shape)}-dimensional, but {consumed} were indexed",
                              (shape,), None)
    out: list[Dim] = []
    k = 0  # the input axis the next item indexes
    for it in items:
        if it is None:
            out.append(1)
        elif it is Ellipsis:
            out.extend(shape[k:k + len(shape) - consumed])
            k += len(shape) - consumed
        elif isinstance(it, slice):
            out.append(_slice_dim(shape[k], it))
            k += 1
        else:
            if shape[k] == 0:
                raise ShapeIndexError(f"index is out of bounds for axis {k} with size 0", (shape,), k)
            k += 1
    out.extend(shape[k:])
    return tuple(out)


FFT_LENGTH: Final[Mapping[str, str]] = MappingProxyType({
    "fft": "n", "ifft": "n", "fft2": "n", "ifft2": "n", "fftn": "n", "ifftn": "n", "rfft": "half", "rfft2": "half",
    "rfftn": "half", "ihfft": "half", "irfft": "double", "irfft2": "double", "irfftn": "double", "hfft": "double"})
"""The length of each ``jax.numpy.fft`` transform's output along the last transformed axis, of input length ``m``:
``n`` (``n``, or ``m`` when not given), ``half`` (``n // 2 + 1``, ``n`` defaulting to ``m``: the real transform
keeps the non-negative frequencies) or ``double`` (``n``, or ``2 * (m - 1)``: the inverse real transform); the
other transformed axes are ``n``'s."""


def fft_shape(fn: str, shape: Shape | None, lengths: Sequence[int | None] | None = (None,),
              axes: Sequence[int] | None = (-1,)) -> Shape | None:
    """The shape of ``jax.numpy.fft.<fn>`` of an operand of ``shape``, transformed along ``axes`` to ``lengths``
    (``n`` for the one-axis transforms, ``s`` for the others; ``None``: not given): the last transformed axis by
    :data:`FFT_LENGTH`, the others transformed to their length, the rest kept. ``axes=None`` is the n-axis
    transforms' default: the last ``len(lengths)`` axes, or all of them. An axis outside the operand is JAX's
    error; a symbolic length or one the rule would make non-positive (``irfft`` of a length-1 axis) is unknown
    (``None`` for that axis)."""
    if fn not in FFT_LENGTH:
        raise ValueError(f"unknown fft transform {fn!r}; known: {', '.join(FFT_LENGTH)}")
    if shape is None:
        return None
    if axes is None:
        axes = range(len(shape)) if lengths is None else range(len(shape) - len(lengths), len(shape))
    if lengths is None:
        lengths = (None,) * len(axes)
    out: list[Dim] = list(shape)
    for k, (axis, n) in enumerate(zip(axes, lengths)):
        i = _canonical_axis(axis, len(shape), (shape,))
        m, kind = shape[i], FFT_LENGTH[fn] if k == len(axes) - 1 else "n"
        length: Dim = m if n is None else n
        if kind == "double" and n is None:
            length = 2 * (m - 1) if isinstance(m, int) else None
        elif kind == "half":
            length = length // 2 + 1 if isinstance(length, int) else None
        out[i] = length if not isinstance(length, int) or length > 0 else None
    return tuple(out)


def view_shape(shape: Shape | None, in_bits: int, out_bits: int) -> Shape | None:
    """The shape of ``a.view(dtype)`` for ``a`` of ``shape`` whose elements have ``in_bits`` bits and ``dtype``'s
    ``out_bits`` (``op_rules.item_bits``), as JAX 0.10.2: the same shape for the same width; otherwise the last axis
    holds ``shape[-1] * in_bits // out_bits`` elements, which must divide evenly, and a 0-d array cannot change
    width (both JAX's ``ValueError``, as :class:`ShapeError`)."""
    if shape is None or in_bits == out_bits:
        return shape
    if not shape:
        raise ShapeError("view() of a 0d array is only supported if the itemsize is unchanged.", (shape,))
    last = shape[-1]
    if not isinstance(last, int):
        return (*shape[:-1], None)
    if (last * in_bits) % out_bits:
        raise ShapeError("When changing to a larger dtype, its size must be a divisor of the total size in bytes of "
                         "the last axis of the array.", (shape,), len(shape) - 1)
    return (*shape[:-1], last * in_bits // out_bits)


def creation_shape(shape: int | str | Sequence[Dim]) -> Shape:
    """The shape a creation function (``zeros``, ``ones``, ``empty``, ``full``) makes from its ``shape`` argument:
    ``3`` is ``(3,)``, ``(3, 4)`` is itself. :class:`ShapeError` for a negative size."""
    out: Shape = (shape,) if isinstance(shape, (int, str)) else tuple(shape)
    if any(isinstance(d, int) and d < 0 for d in out):
        raise ShapeError(f"broadcast_in_dim shape must have every element be nonnegative, got {_fmt(out)}.", (),
                         None)
    return out


def matrix_shape(n: Dim, m: Dim) -> Shape:
    """The shape of ``eye(N, M)`` and ``tri(N, M)``: ``(N, M)`` (a caller passes ``N`` for an omitted ``M``, and
    for ``identity(n)``: ``None`` is an unknown size). :class:`ShapeError` for a negative size."""
    out: Shape = (n, m)
    if any(isinstance(d, int) and d < 0 for d in out):
        raise ShapeError(f"negative dimensions are not allowed, got {_fmt(out)}.", (), None)
    return out


def window_shape(m: Dim) -> Shape:
    """The shape of the window functions' result (``hanning(M)``...: op_rules' ``WINDOWS``): ``(M,)``.
    :class:`ShapeError` for a negative size (:func:`creation_shape`'s: JAX's ``lax.full`` refuses it)."""
    return (None,) if m is None else creation_shape(m)


def spaced_shape(start: Shape | None, stop: Shape | None, num: Dim, axis: int = 0) -> Shape | None:
    """The shape of ``linspace``/``logspace(start, stop, num, axis=axis)``: the bounds' broadcast shape with the
    ``num`` samples inserted at ``axis`` (an axis of the result); ``None`` where a bound's rank is unknown.
    :class:`ShapeError` for bounds that do not broadcast, an axis out of bounds or a negative ``num``."""
    if isinstance(num, int) and num < 0:
        raise ShapeError(f"Number of samples, {num}, must be non-negative.", (), None)
    bounds = broadcast_shapes(start, stop)
    if bounds is None:
        return None
    ax = _canonical_axis(axis, len(bounds) + 1, (bounds,))
    return (*bounds[:ax], num, *bounds[ax:])


# ---------------------------------------------------------------------------------------------------------------
# Families


ShapeFamily: TypeAlias = Literal[
    "broadcast", "broadcast_scalar", "scalar", "keep", "reduce", "keep_or_flatten", "reshape", "ravel", "transpose",
    "swapaxes", "moveaxis", "rollaxis", "matrix_transpose", "fliplr", "flipud", "expand_dims", "squeeze", "atleast",
    "broadcast_to", "matmul", "dot", "concatenate", "stack", "vstack", "hstack", "dstack", "column_stack", "index",
    "creation", "matrix", "spaced", "window", "like", "fft", "given", "quantile", "other"]

_OWN: Final[Mapping[str, ShapeFamily]] = MappingProxyType({
    # op_rules.FUNCTION_FAMILY
    "allclose": "broadcast_scalar", "array_equal": "scalar", "array_equiv": "scalar", "isin": "keep",
    # op_rules.FAMILY
    "matmul": "matmul", "dot": "dot",
    # op_rules.REDUCTION
    "cumsum": "keep_or_flatten", "cumprod": "keep_or_flatten", "trace": "other",
    "nancumsum": "keep_or_flatten", "nancumprod": "keep_or_flatten",
    "cumulative_sum": "other", "cumulative_prod": "other",
    # op_rules.SHAPE
    "reshape": "reshape", "ravel": "ravel", "transpose": "transpose", "swapaxes": "swapaxes", "moveaxis": "moveaxis",
    "expand_dims": "expand_dims", "squeeze": "squeeze", "broadcast_to": "broadcast_to",
    "broadcast_arrays": "broadcast", "atleast_1d": "atleast", "atleast_2d": "atleast", "atleast_3d": "atleast",
    "flip": "keep", "roll": "keep", "triu": "keep", "tril": "keep",
    "fliplr": "fliplr", "flipud": "flipud", "permute_dims": "transpose", "matrix_transpose": "matrix_transpose",
    "rollaxis": "rollaxis", "concat": "concatenate", "dstack": "dstack",
    "sort": "keep_or_flatten", "argsort": "keep_or_flatten", "digitize": "keep",
    "getitem": "index", "concatenate": "concatenate", "stack": "stack", "where": "broadcast", "clip": "broadcast",
    "vstack": "vstack", "hstack": "hstack", "column_stack": "column_stack",
    # op_rules.CREATION
    **{fn: "creation" for fn in ("zeros", "ones", "empty", "full")},
    **{fn: "like" for fn in ("full_like", "zeros_like", "ones_like", "empty_like")},
    **{fn: "matrix" for fn in ("eye", "identity", "tri")},
    "linspace": "spaced", "logspace": "spaced",
    "copy": "keep",
    # op_rules.CONTRACTION
    "vdot": "scalar",
    **{fn: "quantile" for fn in op_rules.QUANTILES},
})


def _family_table() -> dict[str, ShapeFamily]:
    table: dict[str, ShapeFamily] = {}
    groups: list[tuple[Sequence[str], ShapeFamily]] = [
        (tuple(op_rules.FAMILY), "broadcast"), (tuple(op_rules.FUNCTION_FAMILY), "broadcast"),
        (tuple(op_rules.UNARY), "keep"), (tuple(op_rules.REDUCTION), "reduce"), (tuple(op_rules.SHAPE), "other"),
        (tuple(op_rules.CREATION), "other"), (tuple(op_rules.CONTRACTION), "other"), (op_rules.WINDOWS, "window")]
    for names, family in groups:
        for fn in names:
            table.setdefault(fn, _OWN.get(fn, family))
    return table


SHAPE_FAMILY: Final[Mapping[str, ShapeFamily]] = MappingProxyType(_family_table())
"""Each ``jax.numpy`` function's shape rule, for every name :mod:`arraytyping.op_rules` classifies (so a name is
classified once, from the dtype tables' families, with the exceptions below):

* ``broadcast``: :func:`broadcast_shapes` of the array operands: every elementwise binary function of
  :data:`op_rules.FAMILY` and :data:`op_rules.FUNCTION_FAMILY`, ``where`` (three operands), ``clip`` (the operand
  and its bounds), ``broadcast_arrays`` (each result);
* ``broadcast_scalar``: ``allclose``: the operands must broadcast, the result is ``()``; ``scalar``: ``()`` for any
  operands (``array_equal``, ``array_equiv``, ``vdot``);
* ``keep``: the (first) operand's shape: the unary functions of :data:`op_rules.UNARY`, ``flip``, ``roll``,
  ``triu``, ``tril``, ``copy``, ``isin`` (the element's), ``digitize`` (the values'); ``like``: the prototype's shape unless ``shape=`` is given
  (:func:`creation_shape`);
* ``reduce``: :func:`reduce_shape` (the reductions of :data:`op_rules.REDUCTION`); ``keep_or_flatten``:
  ``cumsum``, ``cumprod``, ``sort``, ``argsort``: the operand's shape, flattened (``reshape(shape, (-1,))``) when
  ``axis`` is ``None`` (the default of ``cumsum``/``cumprod``; ``sort``/``argsort`` default to ``axis=-1``);
* ``reshape``, ``ravel`` (``reshape(shape, (-1,))``), ``transpose`` (also ``permute_dims``), ``swapaxes``,
  ``moveaxis``, ``rollaxis``, ``matrix_transpose``, ``fliplr``/``flipud`` (:func:`flip` along axis 1/0),
  ``expand_dims``, ``squeeze``, ``atleast`` (:func:`atleast`), ``broadcast_to`` (the target shape, after
  ``broadcast_shapes(shape, target) == target``), ``matmul``, ``dot``, ``concatenate`` (also ``concat``),
  ``stack``, ``vstack``, ``hstack``, ``dstack``, ``column_stack``, ``index``
  (``getitem``: :func:`index`), ``creation`` (:func:`creation_shape` of the ``shape`` argument), ``matrix``
  (``eye``, ``identity``, ``tri``: :func:`matrix_shape` of the sizes), ``spaced`` (``linspace``, ``logspace``:
  :func:`spaced_shape`), ``window`` (the window functions of :data:`op_rules.WINDOWS`: :func:`window_shape`);
* ``quantile``: :func:`quantile_shape`: ``quantile``, ``percentile`` and their NaN-ignoring forms, ``q``'s shape
  followed by the reduced one;
* ``other``: no shape rule here (a gradual shape): data-dependent results (``unique``, ``nonzero``), and functions
  whose shapes this module does not model yet.
"""


LAX_GIVEN_SHAPE: Final[Mapping[str, str]] = MappingProxyType({"broadcast_in_dim": "shape",
                                                              "dynamic_slice": "slice_sizes"})
"""The ``jax.lax`` functions whose result has the shape one argument gives, by that parameter: when JAX runs them,
``broadcast_in_dim``'s result has its ``shape`` and ``dynamic_slice``'s its ``slice_sizes`` (every other shape is
an error JAX raises)."""

MODULE_SHAPE_FAMILY: Final[Mapping[str, ShapeFamily]] = MappingProxyType({
    **{f"lax.{fn}": "keep" for fn in (*op_rules.LAX_UNARY_KINDS, "integer_pow", "convert_element_type")
       if fn not in LAX_GIVEN_SHAPE},
    **{f"lax.{fn}": "given" for fn in LAX_GIVEN_SHAPE},
    **{f"nn.{fn}": "keep" for fn in op_rules.NN_STATIC if fn != "logsumexp"}, "nn.logsumexp": "reduce",
    **{f"numpy.fft.{fn}": "fft" for fn in op_rules.FFT_FUNCTIONS},
    **{f"scipy.{fn.replace('norm.', 'stats.norm.')}": "keep" for fn in op_rules.SCIPY_UNARY},
    "scipy.special.logsumexp": "reduce"})
"""The shape rule of the ``jax.lax``, ``jax.nn`` and ``jax.scipy`` functions typed by their dtype rule, by
``module.name``: the elementwise ones keep their operand's shape (``softmax`` and ``standardize`` too, along any
axis; ``jax.scipy.stats.norm``'s with ``loc`` and ``scale`` Python ints); those of
:data:`LAX_GIVEN_SHAPE` have the shape an argument gives;
``logsumexp`` reduces; the transforms of ``jax.numpy.fft`` follow :func:`fft_shape`."""
