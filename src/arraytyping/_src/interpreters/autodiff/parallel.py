"""Derivatives of the collectives (``lax/parallel.py``), as JAX 0.10.2's: ``psum`` is linear, its transpose a
``psum`` of the cotangent over the same named axes (JAX treats ``psum`` as ``psum`` then ``pbroadcast``), its
positional axes transposed as ``reduce_sum``'s. ``pmax`` and ``pmin`` have no derivative in JAX (differentiating
them raises JAX's ``NotImplementedError``); ``axis_index`` has no operand."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.interpreters.autodiff.ad import UndefinedPrimal, Zero, deflinear, transpose_rules
from arraytyping._src.lax import lax
from arraytyping._src.lax import primitives as P
from arraytyping._src.lax.parallel import (
    axis_names,
    all_gather_p, all_to_all_p, axis_index_p, named_of, pbroadcast_p, positional_of, ppermute_p, psum_p,
    reduce_scatter_p,
)

__all__ = ["COLLECTIVES"]


def _psum_transpose(ct: Any, x: UndefinedPrimal, *, axes: tuple[Any, ...], axis_index_groups: Any) -> list[Any]:
    pos = positional_of(axes)
    if pos:
        if type(ct) is Zero:
            return [Zero(x.aval)]
        ct = transpose_rules[P.reduce_sum_p](ct, x, axes=pos)[0]
    return [psum_p.bind(ct, axes=named_of(axes), axis_index_groups=axis_index_groups)]


deflinear(psum_p, _psum_transpose)


# The collectives that move data are linear; each transposes to its inverse movement, through jax.lax's functions as
# JAX's rules call them (the functions are bound late: they live in a later layer).

def _ppermute_transpose(ct: Any, x: UndefinedPrimal, *, axis_name: Any, perm: tuple[tuple[int, int], ...]
                        ) -> list[Any]:
    inverse = [(dst, src) for src, dst in perm]
    return [ppermute_p.bind(ct, axis_name=axis_name, perm=tuple(inverse))]


def _pbroadcast_transpose(ct: Any, x: UndefinedPrimal, *, axis_name: Any, source: int) -> list[Any]:
    is_source = lax.eq(axis_index_p.bind(axis_name=axis_name), lax.const(source, ShapedArray((), np.dtype(np.int32),
                                                                                               True)))
    total = psum_p.bind(ct, axes=axis_names(axis_name),
                        axis_index_groups=None)
    a = lax.aval_of(ct)
    return [lax.select_n(is_source, lax.full(a.shape, 0, a.dtype, a.weak_type), total)]


def _all_gather_transpose(ct: Any, x: UndefinedPrimal, *, all_gather_dimension: int, axis_name: Any,
                          axis_index_groups: Any, axis_size: int, tiled: bool) -> list[Any]:
    return [COLLECTIVES["psum_scatter"](ct, axis_name, scatter_dimension=all_gather_dimension,
                                        axis_index_groups=axis_index_groups, tiled=tiled)]


def _reduce_scatter_transpose(ct: Any, x: UndefinedPrimal, *, axis_name: Any, scatter_dimension: int,
                              axis_index_groups: Any, axis_size: int, tiled: bool) -> list[Any]:
    return [COLLECTIVES["all_gather"](ct, axis_name, axis_index_groups=axis_index_groups, axis=scatter_dimension,
                                      tiled=tiled)]


def _all_to_all_transpose(ct: Any, x: UndefinedPrimal, *, axis_name: Any, split_axis: int, concat_axis: int,
                          axis_index_groups: Any, tiled: bool) -> list[Any]:
    return [COLLECTIVES["all_to_all"](ct, axis_name, concat_axis, split_axis, axis_index_groups=axis_index_groups,
                                      tiled=tiled)]


COLLECTIVES: dict[str, Callable[..., Any]] = {}
"""``psum_scatter``, ``all_gather``, ``all_to_all`` as users call them (``lax/api/parallel.py`` fills this in)."""

deflinear(ppermute_p, _ppermute_transpose)
deflinear(pbroadcast_p, _pbroadcast_transpose)
deflinear(all_gather_p, _all_gather_transpose)
deflinear(reduce_scatter_p, _reduce_scatter_transpose)
deflinear(all_to_all_p, _all_to_all_transpose)
