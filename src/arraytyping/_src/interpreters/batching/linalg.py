"""The batching rules of the decomposition primitives of :mod:`arraytyping._src.lax.linalg` (``cholesky``, ``lu``,
``geqrf``, ``householder_product``, ``qr``, ``eigh``, ``eig``, ``svd``, ``triangular_solve``,
``lu_pivots_to_permutation``, ``symmetric_product``, ``hessenberg``, ``tridiagonal``, ``schur``, ``ormqr``,
``tridiagonal_solve``; ``cholesky_update`` has none, as in JAX): each is batched over its
operands' leading axes, the batch axis moved to the front, after one example's errors are raised as JAX's (a vector
is no matrix). Registered in :data:`.batching.RULES` on import."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arraytyping._src.core.trace import Primitive
from arraytyping._src.interpreters.batching import batching
from arraytyping._src.lax import lax
from arraytyping._src.lax.linalg import (
    cholesky_p, eig_p, eigh_p, geqrf_p, hessenberg_p, householder_product_p, lu_p, lu_pivots_to_permutation_p,
    ormqr_p, qr_p, schur_p, svd_p, symmetric_product_p, triangular_solve_p, tridiagonal_p, tridiagonal_solve_p,
)

__all__: list[str] = []


def _batch_at_front(prim: Primitive) -> None:
    def rule(size: int, args: Sequence[Any], dims: Sequence[int | None], **params: Any) -> tuple[Any, Any]:
        per_example = [a if d is None else a.update(shape=a.shape[:d] + a.shape[d + 1:])
                       for a, d in zip(map(lax.aval_of, args), dims)]
        prim.abstract_eval(*per_example, **params)  # one example's errors (a vector is no matrix), as JAX's
        out = prim.bind(*[batching.bdim_at_front(x, d, size) for x, d in zip(args, dims)], **params)
        return (out, [0] * len(out)) if prim.multiple_results else (out, 0)
    batching.register_rule(prim, rule)


for _prim in (cholesky_p, lu_p, geqrf_p, householder_product_p, qr_p, eigh_p, eig_p, svd_p, triangular_solve_p,
              lu_pivots_to_permutation_p, symmetric_product_p, hessenberg_p, tridiagonal_p, schur_p, ormqr_p,
              tridiagonal_solve_p):
    _batch_at_front(_prim)
