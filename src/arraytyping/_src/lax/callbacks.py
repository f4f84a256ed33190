"""Host callbacks: JAX 0.10.2's ``debug_callback``, ``pure_callback`` and ``io_callback`` primitives, which call a
Python function on the host with the values of their operands; and ``dce_sink`` (an effect without results, which
keeps its operand's computation alive).

* **Staged**, each is lowered to jaxlib's ``xla_ffi_python_cpu_callback`` custom call (as JAX's
  ``emit_python_callback``): the compiled program calls the function when it runs, with the run-time values, on
  numpy arrays (``debug_callback`` hands it arrays of this package, as JAX hands ``jax.Array`` values).
* **Eagerly**, the function is called at once (``dispatch.EAGER_IMPLS``).
* ``debug_callback`` and ``io_callback`` are effectful: kept by dead-code elimination though they return nothing
  used; ``pure_callback`` is not (an unused result is never computed, as in JAX).

Their JVP and batching rules are the interpreters' (``interpreters/autodiff/callbacks.py``,
``interpreters/batching/callbacks.py``); the functions users call are ``api/callbacks.py``'s.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, cast

import numpy as np

from arraytyping._src.dtypes.config import current
from arraytyping._src.xla import lowering
from arraytyping._src.lax.ffi import ffi_lowering
from arraytyping._src.xla.array_impl import ArrayImpl, device_put
from arraytyping._src.xla.backend import backend
from arraytyping._src.xla.dispatch import EAGER_IMPLS, const_to_array
from arraytyping._src.core.staging import ConstVal
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.trace import Primitive

__all__ = ["debug_callback_p", "pure_callback_p", "io_callback_p", "dce_sink_p", "check_results"]


def _no_results(*args: ShapedArray, **params: Any) -> list[ShapedArray]:
    return []


def _declared_results(*args: ShapedArray, result_avals: tuple[ShapedArray, ...], **params: Any) -> list[ShapedArray]:
    return list(result_avals)


debug_callback_p: Final[Primitive] = Primitive("debug_callback", _no_results, multiple_results=True, effectful=True)
"""``jax.debug.callback``: parameters ``callback`` (called with the operands as arrays, returns nothing), ``effect``
(``Debug``, or ``OrderedDebug`` for ``ordered=True``) and ``partitioned``."""

pure_callback_p: Final[Primitive] = Primitive("pure_callback", _declared_results, multiple_results=True)
"""``jax.pure_callback``: parameters ``callback`` (numpy arrays in, numpy arrays of ``result_avals`` out),
``result_avals``, ``sharding`` and ``vmap_method``."""

io_callback_p: Final[Primitive] = Primitive("io_callback", _declared_results, multiple_results=True, effectful=True)
"""``jax.experimental.io_callback``: as ``pure_callback``, with an effect (``ordered`` instead of
``vmap_method``)."""


_CANONICAL: Final = {np.dtype(a): np.dtype(b) for a, b in
                     (("float64", "float32"), ("int64", "int32"), ("uint64", "uint32"), ("complex128", "complex64"))}


def check_results(outs: Any, result_avals: Sequence[ShapedArray]) -> tuple[np.ndarray[Any, Any], ...]:
    """A callback's results as numpy arrays of ``result_avals`` (canonicalized for the x64 setting first, as JAX's
    ``canonicalize_value``); JAX's ``RuntimeError`` for a wrong number, shape or dtype."""
    flat: list[Any] = list(cast("list[Any]", outs)) if isinstance(outs, (list, tuple)) else [outs]
    if len(flat) != len(result_avals):
        raise RuntimeError(f"Mismatched number of outputs from callback. Expected: {len(result_avals)}, "
                           f"Actual: {len(flat)}")
    x64 = current().x64
    checked: list[np.ndarray[Any, Any]] = []
    for i, (out, aval) in enumerate(zip(flat, result_avals)):
        value = np.asarray(out)
        if not x64 and value.dtype in _CANONICAL:
            value = value.astype(_CANONICAL[value.dtype])
        if value.shape != aval.shape:
            raise RuntimeError(f"Incorrect output shape for return value #{i}: Expected: {aval.shape}, "
                               f"Actual: {value.shape}")
        if value.dtype != aval.dtype:
            raise RuntimeError(f"Incorrect output dtype for return value #{i}: Expected: {aval.dtype}, "
                               f"Actual: {value.dtype}")
        checked.append(np.asarray(value, order="C"))  # (ascontiguousarray would make a 0-d array 1-d)
    return tuple(checked)


def _as_array(value: np.ndarray[Any, Any]) -> ArrayImpl:
    aval = ShapedArray(value.shape, value.dtype)
    return ArrayImpl.new(backend().put(np.ascontiguousarray(value), aval), aval)


def _host_values(args: Sequence[Any]) -> list[np.ndarray[Any, Any]]:
    return [np.asarray(a) for a in args]


# ---------------------------------------------------------------------------------------------------------------
# Eager: the function is called now


def _debug_impl(*args: Any, callback: Callable[..., Any], effect: str, partitioned: bool) -> list[Any]:
    callback(*[const_to_array(a) if isinstance(a, (ArrayImpl, ConstVal)) else device_put(a) for a in args])
    return []


def _results_impl(*args: Any, callback: Callable[..., Any], result_avals: tuple[ShapedArray, ...],
                  **params: Any) -> list[Any]:
    outs = check_results(callback(*_host_values(args)), result_avals)
    return [_as_array(o) for o in outs]


EAGER_IMPLS[debug_callback_p] = _debug_impl
EAGER_IMPLS[pure_callback_p] = _results_impl
EAGER_IMPLS[io_callback_p] = _results_impl


# ---------------------------------------------------------------------------------------------------------------
# Lowering: a call of the Python function by the compiled program


def _debug_lowering(ctx: lowering.LoweringContext, *args: Any, callback: Callable[..., Any], effect: str,
                    partitioned: bool) -> list[Any]:
    def on_host(*values: np.ndarray[Any, Any]) -> tuple[()]:
        callback(*[_as_array(np.asarray(v)) for v in values])
        return ()
    return lowering.host_callback(ctx, on_host, args, [], has_side_effect=True)


def _results_lowering(effectful: bool) -> lowering.Rule:
    def rule(ctx: lowering.LoweringContext, *args: Any, callback: Callable[..., Any],
             result_avals: tuple[ShapedArray, ...], **params: Any) -> list[Any]:
        def on_host(*values: np.ndarray[Any, Any]) -> tuple[np.ndarray[Any, Any], ...]:
            return check_results(callback(*values), result_avals)
        return lowering.host_callback(ctx, on_host, args, result_avals, has_side_effect=effectful)
    return rule


lowering.RULES[debug_callback_p] = _debug_lowering
lowering.RULES[pure_callback_p] = _results_lowering(False)
lowering.RULES[io_callback_p] = _results_lowering(True)


# ---------------------------------------------------------------------------------------------------------------
# dce_sink


dce_sink_p: Final[Primitive] = Primitive("dce_sink", _no_results, multiple_results=True, effectful=True)
"""JAX's ``dce_sink_p``: marks its operand used, so dead-code elimination keeps what computes it; no results.
Parameter ``prevent_mlir_dce``: lowered to jaxlib's side-effecting ``dce_sink`` custom call (so the compiler keeps
it too) rather than to nothing."""

_dce_sink_call: Final = ffi_lowering("dce_sink", has_side_effect=True)


def _dce_sink_lowering(ctx: lowering.LoweringContext, x: Any, *, prevent_mlir_dce: bool) -> list[Any]:
    if not prevent_mlir_dce:
        return []
    _dce_sink_call(ctx, x)
    return []


lowering.RULES[dce_sink_p] = _dce_sink_lowering
EAGER_IMPLS[dce_sink_p] = lambda *args, **params: []
