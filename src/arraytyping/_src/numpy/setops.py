"""Set membership: ``isin``, as JAX 0.10.2's ``jax.numpy`` computes it (``_in1d`` in ``jax/_src/numpy/setops.py``),
and the Array API's ``unique_all``, ``unique_counts``, ``unique_inverse`` and ``unique_values`` (``unique`` with
``equal_nan=False``, its arrays in named tuples with JAX's field names).

The dtype is ``op_rules``' ``equal_arrays`` family: the element and the test elements are promoted together first
(``promote_dtypes``: a pair that does not promote raises, empty arrays too), and the answer is a strong bool of the
element's shape, whatever the ``method``: ``compare_all`` (and ``auto``) compares every pair, ``binary_search``
searches the sorted test elements, ``sort`` sorts both together and compares neighbours.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple, cast

from arraytyping._src.dtypes import registry
from arraytyping._src.core.array import Array
from arraytyping._src.core.arraylike import refuse_sequences
from arraytyping._src.lax import lax
from arraytyping._src.numpy._promotion import ArrayLike, array_fn, common_dtype, shape_of
from arraytyping._src.numpy.binary import equal, not_equal
from arraytyping._src.numpy.conversion import asarray, ones, zeros
from arraytyping._src.numpy.creation import arange
from arraytyping._src.numpy.indexing import getitem, scatter_update
from arraytyping._src.numpy.joining import concatenate
from arraytyping._src.numpy.ordering import searchsorted, unique, unique_body
from arraytyping._src.numpy.reductions import all as all_
from arraytyping._src.numpy.reductions import any as any_
from arraytyping._src.numpy.reductions import max as max_
from arraytyping._src.numpy.shape import ravel, reshape

__all__ = ["UniqueAllResult", "UniqueCountsResult", "UniqueInverseResult", "isin", "unique_all", "unique_counts",
           "unique_inverse", "unique_values"]

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
