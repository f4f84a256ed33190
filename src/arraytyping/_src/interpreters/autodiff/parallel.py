"""Derivatives of the collectives (``lax/parallel.py``), as JAX 0.10.2's: ``psum`` is linear, its transpose a
``psum`` of the cotangent over the same named axes (JAX treats ``psum`` as ``psum`` then ``pbroadcast``), its
positional axes transposed as ``reduce_sum``'s. ``pmax`` and ``pmin`` have no derivative in JAX (differentiating
them raises JAX's ``NotImplementedError``); ``axis_index`` has no operand."""

from __future__ import annotations

from typing import Any

from arraytyping._src.interpreters.autodiff.ad import UndefinedPrimal, Zero, deflinear, transpose_rules
from arraytyping._src.lax import primitives as P
from arraytyping._src.lax.parallel import named_of, positional_of, psum_p

__all__: list[str] = []


def _psum_transpose(ct: Any, x: UndefinedPrimal, *, axes: tuple[Any, ...], axis_index_groups: Any) -> list[Any]:
    pos = positional_of(axes)
    if pos:
        if type(ct) is Zero:
            return [Zero(x.aval)]
        ct = transpose_rules[P.reduce_sum_p](ct, x, axes=pos)[0]
    return [psum_p.bind(ct, axes=named_of(axes), axis_index_groups=axis_index_groups)]


deflinear(psum_p, _psum_transpose)
