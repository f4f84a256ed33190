"""``ravel_pytree`` (JAX's ``jax.flatten_util``): a pytree of arrays and scalars as one 1-D array of their promoted
dtype, and the function that splits such an array back into the tree."""

from __future__ import annotations

import functools
import math
import warnings
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from arraytyping._src.core.annotations import AnyArray
from arraytyping._src.core.staging import abstractify
from arraytyping._src.dtypes.promotion import public_result_type
from arraytyping._src.lax.api.functions import convert_element_type
from arraytyping._src.lax.api.operations import concatenate, full, reshape
from arraytyping._src.tree import pytree as tree

__all__ = ["ravel_pytree"]


def _unravel_single(sizes: Sequence[int], shapes: Sequence[tuple[int, ...]], treedef: tree.TreeDef,
                    flat: Any) -> Any:
    return tree.unflatten(treedef, _split(flat, sizes, shapes))


def _unravel_promoted(sizes: Sequence[int], shapes: Sequence[tuple[int, ...]], from_dtypes: Sequence[np.dtype[Any]],
                      to_dtype: np.dtype[Any], treedef: tree.TreeDef, flat: Any) -> Any:
    arr_dtype = abstractify(flat).dtype
    if arr_dtype != to_dtype:
        raise TypeError(f"unravel function given array of dtype {arr_dtype}, but expected dtype {to_dtype}")
    chunks = _split(flat, sizes, shapes)
    with warnings.catch_warnings():  # complex back to real, as JAX's unravel does, without its warning
        warnings.simplefilter("ignore")
        leaves = [convert_element_type(c, dt) for c, dt in zip(chunks, from_dtypes)]
    return tree.unflatten(treedef, leaves)


def _split(flat: Any, sizes: Sequence[int], shapes: Sequence[tuple[int, ...]]) -> list[Any]:
    total = sum(sizes)
    shape = abstractify(flat).shape
    if shape != (total,):
        raise ValueError(f"the unravel function expects an array of shape ({total},), got {shape}")
    out: list[Any] = []
    start = 0
    for size, leaf_shape in zip(sizes, shapes):
        out.append(reshape(flat[start:start + size], leaf_shape))
        start += size
    return out


def ravel_pytree(pytree: Any) -> tuple[AnyArray, Callable[[AnyArray], Any]]:
    """Ravel (flatten) a pytree of arrays and scalars down to one 1-D array, of the dtype their dtypes promote to
    (JAX's ``jax.flatten_util.ravel_pytree``), and the function that unravels a 1-D array of that length back into a
    pytree of the same structure (each leaf converted back to its dtype). A tree without leaves ravels to an empty
    ``float32`` array.

    Args:
      pytree: a pytree of arrays and scalars.

    Returns:
      ``(flat, unravel)``: the 1-D array of the leaves' elements in order, and its inverse.

    Example::

        >>> import arraytyping as at
        >>> from arraytyping.flatten_util import ravel_pytree
        >>> flat, unravel = ravel_pytree({"a": at.numpy.ones(2), "b": at.numpy.arange(3)})
        >>> flat
        Array([1., 1., 0., 1., 2.], dtype=float32)
        >>> unravel(flat)["b"]
        Array([0, 1, 2], dtype=int32)
    """
    leaves, treedef = tree.flatten(pytree)
    if not leaves:
        empty: AnyArray = full((0,), 0, "float32")
        return empty, functools.partial(_unravel_single, (), (), treedef)
    avals = [abstractify(x) for x in leaves]
    from_dtypes = [a.dtype for a in avals]
    to_dtype = public_result_type(*from_dtypes)
    sizes = [math.prod(a.shape) for a in avals]
    shapes = [a.shape for a in avals]
    if all(dt == to_dtype for dt in from_dtypes):
        flat: AnyArray = concatenate([reshape(x, (n,)) for x, n in zip(leaves, sizes)], 0)
        return flat, functools.partial(_unravel_single, sizes, shapes, treedef)
    flat = concatenate([reshape(convert_element_type(x, to_dtype), (n,)) for x, n in zip(leaves, sizes)], 0)
    return flat, functools.partial(_unravel_promoted, sizes, shapes, from_dtypes, to_dtype, treedef)
