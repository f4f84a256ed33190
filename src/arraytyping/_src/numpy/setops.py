"""Set membership: ``isin``, as JAX 0.10.2's ``jax.numpy`` computes it (``_in1d`` in ``jax/_src/numpy/setops.py``),
and the Array API's ``unique_all``, ``unique_counts``, ``unique_inverse`` and ``unique_values`` (``unique`` with
``equal_nan=False``, its arrays in named tuples with JAX's field names).

The dtype is ``op_rules``' ``equal_arrays`` family: the element and the test elements are promoted together first
(``promote_dtypes``: a pair that does not promote raises, empty arrays too), and the answer is a strong bool of the
element's shape, whatever the ``method``: ``compare_all`` (and ``auto``) compares every pair, ``binary_search``
searches the sorted test elements, ``sort`` sorts both together and compares neighbours.

The set operations of 1-d arrays, ``union1d``, ``intersect1d``, ``setdiff1d`` and ``setxor1d``, as JAX composes
them from ``unique`` and sorting: without ``size`` the values must be concrete; with it the result is cut or padded.
"""

from __future__ import annotations

import operator
from typing import Any, Final, Literal, NamedTuple, cast, overload

from arraytyping._src.dtypes import registry
from arraytyping._src.core.array import Array
from arraytyping._src.core.arraylike import refuse_sequences
from arraytyping._src.core.trace import ConcretizationTypeError, concrete_value
from arraytyping._src.dtypes.config import config
from arraytyping._src.lax import lax
from arraytyping._src.lax.slicing import dynamic_update_slice
from arraytyping._src.numpy._promotion import ArrayLike, array_fn, common_dtype, jitted, kind_of, shape_of
from arraytyping._src.numpy.binary import equal, not_equal
from arraytyping._src.numpy.conversion import asarray, full, full_like, ones, zeros
from arraytyping._src.numpy.creation import arange
from arraytyping._src.numpy.indexing import getitem, scatter_update
from arraytyping._src.numpy.joining import concatenate
from arraytyping._src.numpy.ordering import searchsorted, unique, unique_body
from arraytyping._src.numpy.reductions import all as all_
from arraytyping._src.numpy.reductions import any as any_
from arraytyping._src.numpy.reductions import max as max_
from arraytyping._src.numpy.selection import where as where_
from arraytyping._src.numpy.shape import ravel, reshape

__all__ = ["UniqueAllResult", "UniqueCountsResult", "UniqueInverseResult", "intersect1d", "isin", "setdiff1d",
           "setxor1d", "union1d", "unique_all", "unique_counts", "unique_inverse", "unique_values"]

METHODS: Final = ("auto", "compare_all", "binary_search", "sort")
"""The ``method`` values JAX 0.10.2's ``isin`` takes."""


def _in1d_body(ar1: Any, ar2: Any, *, invert: bool, method: str = "auto", assume_unique: bool = False) -> Any:
    """JAX's ``_in1d``: both operands promoted together and flattened; whether each element of the first is among
    the second's (``invert``: is not)."""
    dtype, weak = common_dtype(ar1, ar2)
    arr1, arr2 = (ravel(lax.convert_element_type(a, dtype, weak)) for a in (ar1, ar2))
    (n1,), (n2,) = shape_of(arr1), shape_of(arr2)
    bool_dtype = registry.INFO["bool"].dtype
    if n1 == 0 or n2 == 0:
        return (ones if invert else zeros)((n1,), dtype=bool_dtype)
    if method in ("auto", "compare_all"):
        rows, cols = lax.broadcast_in_dim(arr1, (n1, 1), (0,)), lax.broadcast_in_dim(arr2, (1, n2), (1,))
        if invert:
            return all_(not_equal(rows, cols), -1)
        return any_(equal(rows, cols), -1)
    if method == "binary_search":
        (arr2,) = lax.sort([arr2], 0)
        found = getitem(arr2, searchsorted(arr2, arr1))
        return not_equal(arr1, found) if invert else equal(arr1, found)
    if method == "sort":
        return _in1d_sorted(arr1, arr2, invert=invert, assume_unique=assume_unique)
    raise ValueError(f"method={method!r} is not implemented; options are 'compare_all', 'binary_search', 'sort', "
                     f"and 'auto'")


def _in1d_sorted(arr1: Any, arr2: Any, *, invert: bool, assume_unique: bool) -> Any:
    """``_in1d``'s ``sort`` method: the first operand's unique elements (unless ``assume_unique``) and the second's
    sorted together with their positions; an element is found where its sorted neighbour equals it."""
    (n1,) = shape_of(arr1)
    ind_out: Any = slice(None)
    if not assume_unique:
        arr1, ind_out = unique_body(arr1, axis=0, return_index=False, return_inverse=True, return_counts=False,
                                     equal_nan=True, size=n1, fill_value=max_(arr2), flatten=True)
    (n,) = shape_of(arr1)
    aux, ind = lax.sort([concatenate([arr1, arr2]), arange(n + shape_of(arr2)[0])], 0, is_stable=True, num_keys=1)
    neighbours = (not_equal if invert else equal)(getitem(aux, slice(1, None)), getitem(aux, slice(None, -1)))
    base = (ones if invert else zeros)((n,), dtype=registry.INFO["bool"].dtype)
    found = scatter_update(base, getitem(ind, slice(None, -1)), neighbours, "set", mode="drop")
    return getitem(found, ind_out)


_in1d = array_fn(_in1d_body, "_in1d", call_name="_in1d")


def isin(element: ArrayLike, test_elements: ArrayLike, assume_unique: bool = False, invert: bool = False, *,
         method: str = "auto") -> Array:
    """Whether each element of ``element`` is among ``test_elements`` (a bool array of ``element``'s shape; with
    ``invert``, whether it is not); the two are promoted together first."""
    refuse_sequences("isin", element, test_elements)
    element, test_elements = asarray(element), asarray(test_elements)
    result = _in1d(element, test_elements, invert=bool(invert), method=method, assume_unique=bool(assume_unique))
    return cast(Array, reshape(result, shape_of(element)))


class UniqueAllResult(NamedTuple):
    """:func:`unique_all`'s result: the sorted unique values, the index of each one's first occurrence, each
    element's index into ``values`` (of the input's shape) and each value's count."""
    values: Array
    indices: Array
    inverse_indices: Array
    counts: Array


class UniqueCountsResult(NamedTuple):
    """:func:`unique_counts`'s result: the sorted unique values and each one's count."""
    values: Array
    counts: Array


class UniqueInverseResult(NamedTuple):
    """:func:`unique_inverse`'s result: the sorted unique values and each element's index into ``values`` (of the
    input's shape)."""
    values: Array
    inverse_indices: Array


def unique_all(x: ArrayLike, /, *, size: int | None = None, fill_value: ArrayLike | None = None) -> UniqueAllResult:
    """The sorted unique values of ``x`` (flattened), with the index of each one's first occurrence, each element's
    index into them and each one's count: ``unique(x, return_index=True, return_inverse=True, return_counts=True,
    equal_nan=False)`` as a named tuple. Under a trace ``size`` must be given (the values padded with
    ``fill_value``, by default the smallest).

    >>> import arraytyping.numpy as jnp
    >>> r = jnp.unique_all(jnp.array([3, 4, 1, 3, 1]))
    >>> r.values, r.counts
    (Array([1, 3, 4], dtype=int32), Array([2, 2, 1], dtype=int32))
    """
    refuse_sequences("unique_all", x)
    values, indices, inverse_indices, counts = unique(x, return_index=True, return_inverse=True, return_counts=True,
                                                      equal_nan=False, size=size, fill_value=fill_value)
    return UniqueAllResult(values=values, indices=indices, inverse_indices=inverse_indices, counts=counts)


def unique_counts(x: ArrayLike, /, *, size: int | None = None, fill_value: ArrayLike | None = None
                  ) -> UniqueCountsResult:
    """The sorted unique values of ``x`` (flattened) and each one's count (``unique(x, return_counts=True,
    equal_nan=False)`` as a named tuple; ``size`` and ``fill_value`` as :func:`unique_all`'s).

    >>> import arraytyping.numpy as jnp
    >>> jnp.unique_counts(jnp.array([3, 4, 1, 3, 1])).counts
    Array([2, 2, 1], dtype=int32)
    """
    refuse_sequences("unique_counts", x)
    values, counts = unique(x, return_counts=True, equal_nan=False, size=size, fill_value=fill_value)
    return UniqueCountsResult(values=values, counts=counts)


def unique_inverse(x: ArrayLike, /, *, size: int | None = None, fill_value: ArrayLike | None = None
                   ) -> UniqueInverseResult:
    """The sorted unique values of ``x`` (flattened) and each element's index into them, of ``x``'s shape
    (``unique(x, return_inverse=True, equal_nan=False)`` as a named tuple; ``size`` and ``fill_value`` as
    :func:`unique_all`'s).

    >>> import arraytyping.numpy as jnp
    >>> jnp.unique_inverse(jnp.array([3, 4, 1, 3, 1])).inverse_indices
    Array([1, 2, 0, 1, 0], dtype=int32)
    """
    refuse_sequences("unique_inverse", x)
    values, inverse_indices = unique(x, return_inverse=True, equal_nan=False, size=size, fill_value=fill_value)
    return UniqueInverseResult(values=values, inverse_indices=inverse_indices)


def unique_values(x: ArrayLike, /, *, size: int | None = None, fill_value: ArrayLike | None = None) -> Array:
    """The sorted unique values of ``x`` (flattened): ``unique(x, equal_nan=False)`` (``size`` and ``fill_value`` as
    :func:`unique_all`'s).

    >>> import arraytyping.numpy as jnp
    >>> jnp.unique_values(jnp.array([3, 4, 1, 3, 1]))
    Array([1, 3, 4], dtype=int32)
    """
    refuse_sequences("unique_values", x)
    return unique(x, equal_nan=False, size=size, fill_value=fill_value)


# The set operations of 1-d arrays (JAX 0.10.2's jax/_src/numpy/setops.py): without ``size`` their result's length
# is read from the values, which must be concrete; with it (under jit) the result is cut or padded to it.


def _concrete(name: str, *arrays: Any) -> None:
    for a in arrays:
        if concrete_value(a) is None:
            raise ConcretizationTypeError(f"Abstract tracer value encountered where concrete value is expected: "
                                          f"The error arose in {name}()")


def _promoted_flat(name: str, ar1: Any, ar2: Any) -> tuple[Any, Any]:
    refuse_sequences(name, ar1, ar2)
    dtype, weak = common_dtype(ar1, ar2)
    return (ravel(lax.convert_element_type(asarray(ar1), dtype, weak)),
            ravel(lax.convert_element_type(asarray(ar2), dtype, weak)))


def _num_unique(arr: Any) -> Any:
    """The number of distinct values of 1-d ``arr`` (NaNs equal), as JAX's ``_unique(return_true_size=True)``
    counts them: the default integer dtype."""
    n = shape_of(arr)[0]
    int_dtype = registry.INFO["int64" if config.x64 else "int32"].dtype
    if n == 0:
        return zeros((), dtype=int_dtype)
    (aux,) = lax.sort([arr], 0)
    a1, a0 = aux[1:], aux[:-1]
    neq = not_equal(a1, a0)
    if kind_of(aux) in "fc":
        neq = neq & ~((a1 != a1) & (a0 != a0))
    return lax.add(lax.full((), 1, int_dtype), lax.convert_element_type(neq, int_dtype, False).sum())


def _unique_sized(arr: Any, *, return_index: bool = False, fill_value: Any = None) -> Any:
    n = shape_of(arr)[0]
    return unique_body(arr, axis=0, return_index=return_index, return_inverse=False, return_counts=False,
                       equal_nan=True, size=n, fill_value=fill_value, flatten=True)


def union1d(ar1: ArrayLike, ar2: ArrayLike, *, size: int | None = None, fill_value: ArrayLike | None = None
            ) -> Array:
    """The sorted unique values found in either of two arrays (flattened, promoted together). Under ``jit`` give
    ``size``: the result is cut or padded (with ``fill_value``, by default the smallest value).

    Example: ``union1d(jnp.array([1, 2, 3]), jnp.array([2, 5]))`` is ``[1, 2, 3, 5]``.
    """
    refuse_sequences("union1d", ar1, ar2)
    if size is None:
        _concrete("union1d", ar1, ar2)
    else:
        size = operator.index(size)
    out: Array = unique(concatenate((asarray(ar1), asarray(ar2)), axis=None), size=size, fill_value=fill_value)
    return out


def setdiff1d(ar1: ArrayLike, ar2: ArrayLike, assume_unique: bool = False, *, size: int | None = None,
              fill_value: ArrayLike | None = None) -> Array:
    """The sorted unique values of ``ar1`` that are not in ``ar2`` (both flattened), in ``ar1``'s dtype. Under
    ``jit`` give ``size``: the result is cut or padded with ``fill_value`` (0 by default).

    Example: ``setdiff1d(jnp.array([1, 2, 3, 4]), jnp.array([2, 4]))`` is ``[1, 3]``.
    """
    refuse_sequences("setdiff1d", ar1, ar2)
    arr1, arr2 = ravel(asarray(ar1)), ravel(asarray(ar2))
    if size is None:
        _concrete("setdiff1d", ar1)
    else:
        size = operator.index(size)
    fill = full_like(arr1, 0 if fill_value is None else fill_value, shape=())
    n1 = shape_of(arr1)[0]
    if n1 == 0:
        out0: Array = full_like(arr1, fill, shape=size or 0)
        return out0
    if not assume_unique:
        arr1 = unique(arr1, size=size and n1)
    mask = _in1d(arr1, arr2, invert=True, method="auto", assume_unique=bool(assume_unique))
    if size is None:
        out1: Array = getitem(arr1, mask)
        return out1
    if not assume_unique:  # unique's padding is no result
        same: Any = arr1 == arr1[0]
        n_unique = shape_of(arr1)[0] + 1 - same.sum()
        mask = where_(arange(shape_of(arr1)[0]) < n_unique, mask, False)
    out: Array = where_(arange(size) < mask.sum(), getitem(arr1, where_(mask, size=size)), fill)
    return out


def _setxor1d_size(arr1: Any, arr2: Any, fill_value: Any, *, assume_unique: bool, size: int) -> Any:
    bool_dtype = registry.INFO["bool"].dtype
    if assume_unique:
        (aux,) = lax.sort([concatenate([arr1, arr2])], 0)
        flag = concatenate((asarray(bool(shape_of(aux)[0])), aux[1:] != aux[:-1], asarray(True)), axis=None)
    else:
        arr, num_unique = _concat_unique(arr1, arr2)
        mask = arange(shape_of(arr)[0] + 1) < num_unique + 1
        _, aux = lax.sort([~mask[1:], arr], 0, is_stable=True, num_keys=2)
        flag = mask & concatenate((asarray(bool(shape_of(aux)[0])), aux[1:] != aux[:-1], asarray(False)),
                                  axis=None).at[num_unique].set(True)
    aux_mask = flag[1:] & flag[:-1]
    num_results = aux_mask.sum()
    if shape_of(aux)[0]:
        indices = where_(aux_mask, size=size, fill_value=shape_of(aux)[0])[0]
        vals = aux.at[indices].get(mode="fill", fill_value=0)
    else:
        vals = zeros(size, lax.aval_of(aux).dtype)
    keep = arange(shape_of(vals)[0]) < num_results
    if fill_value is None:
        vals = where_(keep, vals, vals.max())
        return where_(keep, vals, vals.min())
    _ = bool_dtype
    return where_(keep, vals, fill_value)


def _concat_unique(arr1: Any, arr2: Any) -> tuple[Any, Any]:
    """JAX's ``_concat_unique``: the unique values of each (padded to its size) written one after the other into
    zeros, and their total number."""
    n1, n2 = _num_unique(arr1), _num_unique(arr2)
    u1, u2 = _unique_sized(arr1), _unique_sized(arr2)
    arr = zeros(shape_of(arr1)[0] + shape_of(arr2)[0], dtype=lax.aval_of(arr1).dtype)
    arr = dynamic_update_slice(arr, u1, (lax.full((), 0, lax.aval_of(n1).dtype),))
    arr = dynamic_update_slice(arr, u2, (n1,))
    return arr, n1 + n2


_setxor1d_sized = jitted(_setxor1d_size, "_setxor1d_size")


def setxor1d(ar1: ArrayLike, ar2: ArrayLike, assume_unique: bool = False, *, size: int | None = None,
             fill_value: ArrayLike | None = None) -> Array:
    """The sorted unique values in exactly one of two arrays (flattened, promoted together). Under ``jit`` give
    ``size``: the result is cut or padded (with ``fill_value``, by default the smallest value).

    Example: ``setxor1d(jnp.array([1, 2, 3]), jnp.array([2, 5]))`` is ``[1, 3, 5]``.
    """
    arr1, arr2 = _promoted_flat("setxor1d", ar1, ar2)
    if size is not None:
        sized: Array = _setxor1d_sized(arr1, arr2, fill_value, assume_unique=bool(assume_unique),
                                       size=operator.index(size))
        return sized
    if not assume_unique:
        arr1, arr2 = unique(arr1), unique(arr2)
    aux = concatenate((arr1, arr2))
    if shape_of(aux)[0] == 0:
        return aux
    (aux,) = lax.sort([aux], 0)
    flag = concatenate((asarray(True), aux[1:] != aux[:-1], asarray(True)), axis=None)
    out: Array = getitem(aux, flag[1:] & flag[:-1])
    return out


def _intersect1d_sorted_mask(arr1: Any, arr2: Any, *, return_indices: bool) -> tuple[Any, Any, Any]:
    arr = concatenate((arr1, arr2))
    if return_indices:
        n = shape_of(arr)[0]
        iota = lax.iota(registry.INFO["int32" if n < 2 ** 31 else "int64"].dtype, (n,), 0)
        aux, indices = lax.sort([arr, iota], 0, is_stable=True, num_keys=1)
    else:
        (aux,) = lax.sort([arr], 0)
        indices = None
    return aux, aux[1:] == aux[:-1], indices


_sorted_mask = jitted(_intersect1d_sorted_mask, "_intersect1d_sorted_mask")


def _intersect1d_size(arr1: Any, arr2: Any, fill_value: Any, *, assume_unique: bool, size: int,
                      return_indices: bool) -> Any:
    n1_total, n2_total = shape_of(arr1)[0], shape_of(arr2)[0]
    if assume_unique:
        ind1, num_unique1 = arange(n1_total), full((), n1_total)
        ind2 = arange(n2_total)
        arr = concatenate([arr1, arr2])
        aux, aux_sort_indices = lax.sort([arr, arange(shape_of(arr)[0])], 0, is_stable=True, num_keys=1)
        mask = ones(shape_of(arr)[0], dtype=bool)
    else:
        num_unique1, num_unique2 = _num_unique(arr1), _num_unique(arr2)
        arr1, ind1 = _unique_sized(arr1, return_index=True, fill_value=0)
        arr2, ind2 = _unique_sized(arr2, return_index=True, fill_value=0)
        arr = zeros(shape_of(arr1)[0] + shape_of(arr2)[0], dtype=lax.aval_of(arr1).dtype)
        arr = dynamic_update_slice(arr, arr1, (lax.full((), 0, lax.aval_of(num_unique1).dtype),))
        arr = dynamic_update_slice(arr, arr2, (num_unique1,))
        mask = arange(shape_of(arr)[0]) < num_unique1 + num_unique2
        _, aux, aux_sort_indices = lax.sort([~mask, arr, arange(shape_of(arr)[0])], 0, is_stable=True, num_keys=2)
    aux_mask = (aux[1:] == aux[:-1]) & mask[1:]
    num_results = aux_mask.sum()
    if shape_of(aux)[0]:
        val_indices = where_(aux_mask, size=size, fill_value=shape_of(aux)[0])[0]
        vals = aux.at[val_indices].get(mode="fill", fill_value=0)
    else:
        val_indices = arange(0)
        vals = zeros(size, lax.aval_of(aux).dtype)
    keep = arange(shape_of(vals)[0]) < num_results
    if fill_value is None:
        vals = where_(keep, vals, vals.max())
        vals = where_(keep, vals, vals.min())
    else:
        vals = where_(keep, vals, fill_value)
    if not return_indices:
        return vals
    arr1_indices = aux_sort_indices.at[val_indices].get(mode="fill", fill_value=n1_total)
    arr1_indices = where_(arange(shape_of(arr1_indices)[0]) < num_results, arr1_indices, n1_total)
    arr2_indices = aux_sort_indices.at[val_indices + 1].get(mode="fill", fill_value=n2_total) - num_unique1
    arr2_indices = where_(arange(shape_of(arr2_indices)[0]) < num_results, arr2_indices, n2_total)
    if not assume_unique:
        arr1_indices = ind1.at[arr1_indices].get(mode="fill", fill_value=shape_of(ind1)[0])
        arr2_indices = ind2.at[arr2_indices].get(mode="fill", fill_value=shape_of(ind2)[0])
    return vals, arr1_indices, arr2_indices


_intersect1d_sized = jitted(_intersect1d_size, "_intersect1d_size")


@overload
def intersect1d(ar1: ArrayLike, ar2: ArrayLike, assume_unique: bool = False, return_indices: Literal[False] = False,
                *, size: int | None = None, fill_value: ArrayLike | None = None) -> Array: ...
@overload
def intersect1d(ar1: ArrayLike, ar2: ArrayLike, assume_unique: bool = False, *, return_indices: Literal[True],
                size: int | None = None, fill_value: ArrayLike | None = None) -> tuple[Array, Array, Array]: ...
@overload
def intersect1d(ar1: ArrayLike, ar2: ArrayLike, assume_unique: bool, return_indices: Literal[True], *,
                size: int | None = None, fill_value: ArrayLike | None = None) -> tuple[Array, Array, Array]: ...
@overload
def intersect1d(ar1: ArrayLike, ar2: ArrayLike, assume_unique: bool = False, return_indices: bool = False, *,
                size: int | None = None, fill_value: ArrayLike | None = None) -> Array | tuple[Array, Array, Array]: ...
def intersect1d(ar1: ArrayLike, ar2: ArrayLike, assume_unique: bool = False, return_indices: bool = False, *,
                size: int | None = None, fill_value: ArrayLike | None = None) -> Array | tuple[Array, Array, Array]:
    """The sorted unique values found in both arrays (flattened, promoted together); with ``return_indices``, also
    the index of each in ``ar1`` and in ``ar2``. Under ``jit`` give ``size``: the result is cut or padded (with
    ``fill_value``, by default the smallest value).

    Example: ``intersect1d(jnp.array([1, 2, 3]), jnp.array([2, 3, 5]))`` is ``[2, 3]``.
    """
    arr1, arr2 = _promoted_flat("intersect1d", ar1, ar2)
    if size is not None:
        sized: Any = _intersect1d_sized(arr1, arr2, fill_value, assume_unique=bool(assume_unique),
                                        size=operator.index(size), return_indices=bool(return_indices))
        return cast("Array | tuple[Array, Array, Array]", sized)
    ind1: Any = arange(0)
    ind2: Any = arange(0)
    if not assume_unique:
        if return_indices:
            arr1, ind1 = unique(arr1, return_index=True)
            arr2, ind2 = unique(arr2, return_index=True)
        else:
            arr1, arr2 = unique(arr1), unique(arr2)
    aux, mask, aux_sort_indices = _sorted_mask(arr1, arr2, return_indices=bool(return_indices))
    int1d: Array = getitem(aux[:-1], mask)
    if not return_indices:
        return int1d
    arr1_indices = getitem(aux_sort_indices[:-1], mask)
    arr2_indices = getitem(aux_sort_indices[1:], mask) - shape_of(arr1)[0]
    if not assume_unique:
        arr1_indices = getitem(ind1, arr1_indices)
        arr2_indices = getitem(ind2, arr2_indices)
    return int1d, arr1_indices, arr2_indices
