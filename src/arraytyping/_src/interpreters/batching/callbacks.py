"""The batching rules of the host callbacks of :mod:`arraytyping._src.lax.callbacks`, as JAX 0.10.2's: a debug
callback is called once per batch element, in order; ``pure_callback`` follows its ``vmap_method``
(:func:`by_vmap_method`, which ``ffi_call`` follows too); an unordered ``io_callback`` is called once per element,
an ordered one cannot be batched.""" 

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arraytyping._src.lax import lax
from arraytyping._src.lax import callbacks as C
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.interpreters.batching.batching import moveaxis, register_rule, shape

__all__ = ["by_vmap_method"]

Dims = Sequence[int | None]


def _element(x: Any, dim: int | None, i: int) -> Any:
    """Element ``i`` of batched ``x`` (``x`` itself when unbatched)."""
    if dim is None:
        return x
    return lax.squeeze(lax.slice_in_dim(x, i, i + 1, dim), [dim])


def _debug(size: int, args: Sequence[Any], dims: Dims, **params: Any) -> tuple[list[Any], list[Any]]:
    for i in range(size):
        C.debug_callback_p.bind(*[_element(a, d, i) for a, d in zip(args, dims)], **params)
    return [], []


def _sequential(prim: Any, size: int, args: Sequence[Any], dims: Dims, params: dict[str, Any]
                ) -> tuple[list[Any], list[Any]]:
    """One call per batch element, the results stacked along a new leading axis."""
    per_element = [prim.bind(*[_element(a, d, i) for a, d in zip(args, dims)], **params) for i in range(size)]
    n = len(params["result_avals"])
    outs = [lax.concatenate([lax.expand_dims(r[k], [0]) for r in per_element], 0) for k in range(n)]
    return outs, [0] * n


def by_vmap_method(prim: Any, size: int, args: Sequence[Any], dims: Dims, vmap_method: str | None,
                   result_avals: tuple[ShapedArray, ...], params: dict[str, Any]) -> tuple[list[Any], list[Any]]:
    """``prim`` (a call with declared ``result_avals``) batched as its ``vmap_method`` says, as JAX's
    ``pure_callback`` and ``ffi_call``: ``sequential`` once per element; ``expand_dims`` once, unbatched operands
    given a leading axis of size 1; ``broadcast_all`` once, every operand batched; ``legacy_vectorized`` once, the
    operands as they are (the batch axis moved first)."""
    all_params = dict(params, vmap_method=vmap_method, result_avals=result_avals)
    if vmap_method in ("sequential", "sequential_unrolled"):
        return _sequential(prim, size, args, dims, all_params)
    if vmap_method in ("expand_dims", "broadcast_all", "legacy_vectorized"):
        new_args: list[Any] = []
        for a, d in zip(args, dims):
            if d is not None:
                new_args.append(moveaxis(a, d, 0))
            elif vmap_method == "expand_dims":
                new_args.append(lax.expand_dims(a, [0]))
            elif vmap_method == "broadcast_all":
                s = shape(a)
                new_args.append(lax.broadcast_in_dim(a, (size, *s), tuple(range(1, len(s) + 1))))
            else:
                new_args.append(a)
        batched = tuple(r.update(shape=(size, *r.shape)) for r in result_avals)
        outs = prim.bind(*new_args, **dict(all_params, result_avals=batched))
        return list(outs), [0] * len(batched)
    raise NotImplementedError(f"vmap is only supported for the {prim.name} primitive when vmap_method is one of "
                              "'sequential', 'sequential_unrolled', 'expand_dims', 'broadcast_all', or "
                              f"'legacy_vectorized'. Got vmap_method={vmap_method!r}.")


def _pure(size: int, args: Sequence[Any], dims: Dims, *, vmap_method: str | None, result_avals: tuple[ShapedArray, ...],
          **params: Any) -> tuple[list[Any], list[Any]]:
    return by_vmap_method(C.pure_callback_p, size, args, dims, vmap_method, result_avals, params)


def _io(size: int, args: Sequence[Any], dims: Dims, *, ordered: bool, **params: Any) -> tuple[list[Any], list[Any]]:
    if ordered:
        raise ValueError("Cannot `vmap` ordered IO callback.")
    return _sequential(C.io_callback_p, size, args, dims, dict(params, ordered=ordered))


register_rule(C.debug_callback_p, _debug)
register_rule(C.pure_callback_p, _pure)
register_rule(C.io_callback_p, _io)


def _dce_sink(size: int, args: Sequence[Any], dims: Dims, **params: Any) -> tuple[list[Any], list[Any]]:
    """JAX's rule: nothing bound (a mapped ``dce_sink`` leaves no equation)."""
    return [], []


register_rule(C.dce_sink_p, _dce_sink)
