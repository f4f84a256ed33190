"""The host callbacks as users call them: ``jax.debug.callback`` and ``jax.debug.print``, ``jax.pure_callback`` and
``jax.experimental.io_callback`` (JAX 0.10.2's signatures), over the primitives of
:mod:`arraytyping._src.lax.callbacks`. Arguments are pytrees of arrays (numpy values and Python scalars are made
arrays first); declared results are pytrees of anything with ``shape`` and ``dtype`` (``ShapeDtypeStruct``,
arrays, numpy values)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import numpy as np

from arraytyping._src.tree import pytree as tree
from arraytyping._src.core.array import Array
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.shape_dtype_struct import ShapeDtypeStruct, aval_of
from arraytyping._src.xla.array_impl import device_put
from arraytyping._src.lax.callbacks import debug_callback_p, io_callback_p, pure_callback_p

__all__ = ["debug_callback", "debug_print", "pure_callback", "io_callback"]

_VMAP_METHODS = (None, "sequential", "sequential_unrolled", "expand_dims", "broadcast_all", "legacy_vectorized")


def _operands(args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[list[Any], tree.TreeDef]:
    leaves, treedef = tree.flatten((args, kwargs))
    return [x if isinstance(x, Array) else device_put(x) for x in leaves], treedef


def debug_callback(callback: Callable[..., Any], *args: Any, ordered: bool = False, partitioned: bool = False,
                   **kwargs: Any) -> None:
    """Call ``callback(*args, **kwargs)`` on the host when the computation runs (at once outside ``jit``), with
    the run-time values as arrays; under ``vmap`` once per batch element, under ``grad`` with the primal values.
    Returns nothing; the call is never removed as unused (JAX's ``jax.debug.callback``)."""
    if not callable(callback):
        raise TypeError(f"first argument to jax.debug.callback must be callable, but got an object of type "
                        f"{type(callback)}")
    leaves, treedef = _operands(args, kwargs)

    def flat(*xs: Any) -> None:
        a, k = tree.unflatten(treedef, list(xs))
        callback(*a, **k)

    debug_callback_p.bind(*leaves, callback=flat, effect="OrderedDebug" if ordered else "Debug",
                          partitioned=partitioned)


def debug_print(fmt: str, *args: Any, ordered: bool = False, partitioned: bool = False, **kwargs: Any) -> None:
    """Print ``fmt.format(*args, **kwargs)`` with the run-time values (JAX's ``jax.debug.print``): a debug callback,
    printed when the computation runs, with numpy's print options of the call."""
    options = np.get_printoptions()

    def write(*a: Any, **k: Any) -> None:
        with np.printoptions(**options):
            sys.stdout.write(fmt.format(*a, **k) + "\n")

    debug_callback(write, *args, ordered=ordered, partitioned=partitioned, **kwargs)


def _result_avals(result_shape_dtypes: Any) -> tuple[list[ShapedArray], tree.TreeDef]:
    leaves, treedef = tree.flatten(result_shape_dtypes)
    avals: list[ShapedArray] = []
    for x in leaves:
        shape, dtype = getattr(x, "shape", None), getattr(x, "dtype", None)
        if shape is None or dtype is None:
            raise ValueError(f"result_shape_dtypes must be a pytree of objects with shape and dtype (such as "
                             f"jax.ShapeDtypeStruct), got {x!r:.80}")
        avals.append(aval_of(ShapeDtypeStruct(shape, dtype)))
    return avals, treedef


def _host_call(callback: Callable[..., Any], in_tree: tree.TreeDef) -> Callable[..., list[Any]]:
    def flat(*xs: Any) -> list[Any]:
        a, k = tree.unflatten(in_tree, list(xs))
        return tree.leaves(callback(*a, **k))
    return flat


def pure_callback(callback: Callable[..., Any], result_shape_dtypes: Any, *args: Any, sharding: Any = None,
                  vmap_method: str | None = None, **kwargs: Any) -> Any:
    """Call the pure host function ``callback`` on numpy arrays of ``args`` when the computation runs; its results
    must have the shapes and dtypes of ``result_shape_dtypes`` (a pytree of ``ShapeDtypeStruct``s), and are
    returned in that structure. Unused results are never computed; ``vmap_method`` says how ``vmap`` calls it
    (``sequential``, ``expand_dims``, ``broadcast_all``); it has no derivative (JAX's ``jax.pure_callback``)."""
    if vmap_method not in _VMAP_METHODS:
        raise ValueError(f"vmap_method must be one of the allowed options: {_VMAP_METHODS[1:]}, but got "
                         f"{vmap_method!r}")
    avals, out_tree = _result_avals(result_shape_dtypes)
    leaves, in_tree = _operands(args, kwargs)
    outs = pure_callback_p.bind(*leaves, callback=_host_call(callback, in_tree), result_avals=tuple(avals),
                                sharding=sharding, vmap_method=vmap_method)
    return tree.unflatten(out_tree, list(outs))


def io_callback(callback: Callable[..., Any], result_shape_dtypes: Any, *args: Any, sharding: Any = None,
                ordered: bool = False, **kwargs: Any) -> Any:
    """Call the impure host function ``callback`` on numpy arrays of ``args`` when the computation runs, never
    removed as unused; results as :func:`pure_callback`'s. ``vmap`` calls it once per element (``ordered=True``
    cannot be batched); it has no derivative (JAX's ``jax.experimental.io_callback``)."""
    avals, out_tree = _result_avals(result_shape_dtypes)
    leaves, in_tree = _operands(args, kwargs)
    outs = io_callback_p.bind(*leaves, callback=_host_call(callback, in_tree), result_avals=tuple(avals),
                              sharding=sharding, ordered=ordered)
    return tree.unflatten(out_tree, list(outs))
