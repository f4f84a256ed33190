"""The batching rules of the primitives of :mod:`arraytyping._src.lax.shape` that assemble arrays from pieces
(``concatenate``, ``stack``, ``split``, ``pad``, ``tile``; registered in :data:`.batching.RULES` on import).

``concatenate``, ``split`` and ``pad`` follow JAX 0.10.2's rules, down to the equations they emit. ``stack`` and
``tile`` are no JAX primitives (``jnp.stack`` and ``jnp.tile`` stage other primitives); their rules do what
``concatenate``'s does: ``stack`` moves every batch axis to the front (broadcasting unbatched operands) and stacks
one axis further in; ``tile`` repeats the batch axis once, leaving it where it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from arraytyping._src.lax import lax
from arraytyping._src.lax import checkpoint as CK
from arraytyping._src.lax import shape as SP
from arraytyping._src.interpreters.batching.batching import moveaxis, register_rule, shape

__all__: list[str] = []

Dims = Sequence[int | None]


def _broadcast_front(x: Any, size: int) -> Any:
    """JAX's ``lax.broadcast(x, (size,))``: a new leading axis of ``size`` (Python ints in the parameters)."""
    s = shape(x)
    return lax.broadcast_in_dim(x, (size, *s), tuple(range(1, len(s) + 1)))


def _all_at_front(args: Sequence[Any], dims: Dims) -> list[Any]:
    size = next(shape(x)[d] for x, d in zip(args, dims) if d is not None)
    return [_broadcast_front(x, size) if d is None else moveaxis(x, d, 0) for x, d in zip(args, dims)]


def _concatenate(size: int, args: Sequence[Any], dims: Dims, *, dimension: int) -> tuple[Any, Any]:
    return lax.concatenate(_all_at_front(args, dims), dimension + 1), 0


register_rule(SP.concatenate_p, _concatenate)


def _stack(size: int, args: Sequence[Any], dims: Dims, *, axis: int) -> tuple[Any, Any]:
    return lax.stack(_all_at_front(args, dims), axis + 1), 0


register_rule(SP.stack_p, _stack)


def _optimization_barrier(size: int, args: Sequence[Any], dims: Dims) -> tuple[Any, Any]:
    """JAX's: the barrier over the batched operands, each batch axis where it was."""
    return list(CK.optimization_barrier_p.bind(*args)), list(dims)


register_rule(CK.optimization_barrier_p, _optimization_barrier)


def _split(size: int, args: Sequence[Any], dims: Dims, *, sizes: tuple[int, ...], axis: int) -> tuple[Any, Any]:
    operand, = args
    bdim, = dims
    assert bdim is not None
    out = lax.split(operand, sizes, axis + 1 if axis >= bdim else axis)
    return out, [bdim] * len(sizes)


register_rule(SP.split_p, _split)


def _unstack(size: int, args: Sequence[Any], dims: Dims, *, axis: int) -> tuple[Any, Any]:
    operand, = args
    bdim, = dims
    assert bdim is not None
    out = lax.unstack(operand, axis if axis < bdim else axis + 1)
    return out, [bdim - 1 if axis < bdim else bdim] * len(out)


register_rule(SP.unstack_p, _unstack)


def _pad(size: int, args: Sequence[Any], dims: Dims, *,
         padding_config: tuple[tuple[int, int, int], ...]) -> tuple[Any, Any]:
    operand, padding_value = args
    operand_bdim, padding_value_bdim = dims
    if operand_bdim is None:
        assert padding_value_bdim is not None
        operand_bdim = 0
        operand = _broadcast_front(operand, shape(padding_value)[padding_value_bdim])
    config = list(padding_config)
    config.insert(operand_bdim, (0, 0, 0))
    if padding_value_bdim is None:
        return lax.pad(operand, padding_value, config), operand_bdim
    assert padding_value_bdim == 0, padding_value_bdim
    a = lax.aval_of(operand)
    x = lax.pad(operand, lax.const(0, a.update(shape=())), config)  # JAX's _zero(operand): the operand's weak flag
    mask = lax.pad(lax.full(a.shape, True, np.dtype(bool)), lax.const(False, a.update(shape=(), dtype=np.dtype(bool),
                                                                                       weak_type=False)), config)
    broadcasted = lax.broadcast_in_dim(padding_value, shape(x), (operand_bdim,))
    return lax.select_n(mask, broadcasted, x), operand_bdim  # JAX's select(mask, x, broadcasted)


register_rule(SP.pad_p, _pad)


def _tile(size: int, args: Sequence[Any], dims: Dims, *, reps: tuple[int, ...]) -> tuple[Any, Any]:
    operand, = args
    bdim, = dims
    assert bdim is not None
    new_reps = list(reps)
    new_reps.insert(bdim, 1)
    return lax.tile(operand, new_reps), bdim


register_rule(SP.tile_p, _tile)
