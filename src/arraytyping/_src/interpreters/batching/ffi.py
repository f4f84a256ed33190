"""The batching rule of ``ffi_call`` (:mod:`arraytyping._src.lax.ffi`), as JAX 0.10.2's ``ffi_batching_rule``: the
call's ``vmap_method`` says how (:func:`~arraytyping._src.interpreters.batching.callbacks.by_vmap_method`); a call
made once on batched operands gets the batch axis added to its layouts as the major dimension."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.interpreters.batching.batching import register_rule
from arraytyping._src.interpreters.batching.callbacks import by_vmap_method
from arraytyping._src.lax.ffi import ffi_call_p

__all__: list[str] = []


def _with_batch_axis(layouts: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    return tuple((*(n + 1 for n in layout), 0) for layout in layouts)


def _ffi_call(size: int, args: Sequence[Any], dims: Sequence[int | None], *, vmap_method: str | None,
              result_avals: tuple[ShapedArray, ...], **params: Any) -> tuple[list[Any], list[Any]]:
    if vmap_method not in ("sequential", "sequential_unrolled"):
        params["output_layouts"] = _with_batch_axis(params["output_layouts"])
        if vmap_method in ("expand_dims", "broadcast_all"):
            params["input_layouts"] = _with_batch_axis(params["input_layouts"])
        elif vmap_method == "legacy_vectorized":
            params["input_layouts"] = tuple(layout if d is None else (*(n + 1 for n in layout), 0)
                                            for layout, d in zip(params["input_layouts"], dims))
    return by_vmap_method(ffi_call_p, size, args, dims, vmap_method, result_avals, params)


register_rule(ffi_call_p, _ffi_call)
