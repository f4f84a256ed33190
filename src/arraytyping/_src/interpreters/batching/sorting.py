"""The batching rules of the order-based primitives: ``sort``, ``argmax``/``argmin`` and the cumulative reductions of
:mod:`arraytyping._src.lax.sorting`, and ``top_k`` of :mod:`arraytyping._src.lax.top_k` (registered in :data:`.batching.RULES` on import), as JAX 0.10.2's
``_sort_batch_rule``, ``defreducer``, ``_cumred_batch_rule`` and ``_top_k_batch_rule``: the batch axis stays where
it is and the sorted (reduced, scanned) axis shifts past it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from arraytyping._src.lax import lax
from arraytyping._src.lax import cumulative as CU
from arraytyping._src.lax import sorting as S
from arraytyping._src.lax import top_k as T
from arraytyping._src.interpreters.batching.batching import defreducer, moveaxis, ndim, register_rule, shape

__all__: list[str] = []

Dims = Sequence[int | None]


def _sort(size: int, args: Sequence[Any], dims: Dims, *, dimension: int, is_stable: bool,
          num_keys: int) -> tuple[Any, Any]:
    prototype, new_bdim = next((a, d) for a, d in zip(args, dims) if d is not None)
    new_args: list[Any] = []
    for arg, bdim in zip(args, dims):
        if bdim is None:
            kept = tuple(int(d) for d in np.delete(np.arange(ndim(prototype)), new_bdim))
            new_args.append(lax.broadcast_in_dim(arg, shape(prototype), kept))
        else:
            new_args.append(moveaxis(arg, bdim, new_bdim))
    new_dimension = dimension + (new_bdim <= dimension)
    out = S.sort_p.bind(*new_args, dimension=new_dimension, is_stable=is_stable, num_keys=num_keys)
    return out, [new_bdim] * len(new_args)


register_rule(S.sort_p, _sort)

defreducer(S.argmax_p)
defreducer(S.argmin_p)


def _cumulative(prim: Any) -> Any:
    def rule(size: int, args: Sequence[Any], dims: Dims, *, axis: int, reverse: bool) -> tuple[Any, Any]:
        operand, = args
        bdim, = dims
        assert bdim is not None
        return prim.bind(operand, axis=axis if axis < bdim else axis + 1, reverse=reverse), bdim
    return rule


for _p in (S.cumsum_p, S.cumprod_p, S.cummax_p, S.cummin_p, CU.cumlogsumexp_p):
    register_rule(_p, _cumulative(_p))


def _top_k(size: int, args: Sequence[Any], dims: Dims, *, k: int, axis: int) -> tuple[Any, Any]:
    operand, = args
    bdim, = dims
    assert bdim is not None
    if bdim <= axis:
        axis += 1
    return list(T.top_k(operand, k, axis)), [bdim, bdim]


register_rule(T.top_k_p, _top_k)


def _approx_top_k(size: int, args: Sequence[Any], dims: Dims, *, reduction_dimension: int,
                  **params: Any) -> tuple[Any, Any]:
    """JAX's ``_approx_top_k_batch_rule``: the reduction dimension counted among the example's axes."""
    operand, = args
    bdim, = dims
    assert bdim is not None
    dim_map = [d for d in range(len(lax.aval_of(operand).shape)) if d != bdim]
    outs = T.approx_top_k_p.bind(operand, reduction_dimension=dim_map[reduction_dimension], **params)
    return list(outs), [bdim, bdim]


register_rule(T.approx_top_k_p, _approx_top_k)
