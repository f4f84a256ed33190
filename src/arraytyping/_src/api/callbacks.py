"""The host callbacks as users call them: ``jax.debug.callback`` and ``jax.debug.print``, ``jax.pure_callback`` and
``jax.experimental.io_callback`` (JAX 0.10.2's signatures), over the primitives of
:mod:`arraytyping._src.lax.callbacks`. Arguments are pytrees of arrays (numpy values and Python scalars are made
arrays first); declared results are pytrees of anything with ``shape`` and ``dtype`` (``ShapeDtypeStruct``,
arrays, numpy values)."""

from __future__ import annotations

import copy
import inspect
import logging
import os
import string
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, overload

import numpy as np

from arraytyping._src.tree import pytree as tree
from arraytyping._src.core.array import Array
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.shape_dtype_struct import ShapeDtypeStruct, aval_of
from arraytyping._src.core.staging import abstractify
from arraytyping._src.xla.array_impl import device_put
from arraytyping._src.lax.callbacks import debug_callback_p, io_callback_p, pure_callback_p

__all__ = ["DebugEffect", "Effect", "OrderedDebugEffect", "debug_callback", "debug_log", "debug_print", "pure_callback",
           "io_callback"]

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


class Effect:
    """A side effect of an operation, beyond its results (the base of :class:`DebugEffect`)."""


class DebugEffect(Effect):
    """The effect of a debug callback (``debug.print``, ``debug.callback``, ``debug.log``): kept though its
    results are unused, in no particular order among others. Prints as ``Debug``."""

    def __str__(self) -> str:
        return "Debug"


class OrderedDebugEffect(Effect):
    """The effect of an ordered debug callback (``ordered=True``): run in program order among the ordered ones.
    Prints as ``OrderedDebug``."""

    def __str__(self) -> str:
        return "OrderedDebug"


class _FormatChecker(string.Formatter):
    """Checks that a format string's fields and the arguments match, formatting nothing."""

    def format_field(self, value: Any, format_spec: str) -> str:
        return ""

    def check_unused_args(self, used_args: set[int | str], args: Sequence[Any], kwargs: Mapping[str, Any]) -> None:
        unused_args = [arg for i, arg in enumerate(args) if i not in used_args]
        unused_kwargs = [k for k in kwargs if k not in used_args]
        if unused_args:
            raise ValueError(f"Unused positional arguments to `jax.debug.print`: {unused_args}")
        if unused_kwargs:
            raise ValueError(f"Unused keyword arguments to `jax.debug.print`: {unused_kwargs}. You may be passing an "
                             'f-string (i.e, `f"{x}"`) into `jax.debug.print` and instead should pass in a regular '
                             "string.")


DEBUG_LOGGER = logging.getLogger("arraytyping.debug")
"""The logger of :func:`debug_log` (JAX's is its ``debugging`` module's)."""


_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_STDLIB_DIR = os.path.dirname(os.path.abspath(os.__file__))


def _user_frame() -> tuple[str, int]:
    """The file and line of the innermost frame of the user's code on the stack."""
    frame = inspect.currentframe()
    while frame is not None:
        name = frame.f_code.co_filename
        if not (name.startswith(_PACKAGE_DIR) or name.startswith(_STDLIB_DIR)):
            return name, frame.f_lineno
        frame = frame.f_back
    return "(unknown file)", 0


def _is_array_like(x: Any) -> bool:
    try:
        abstractify(x)
    except TypeError:
        return False
    return True


@overload
def debug_log(fmt: str, *args: Any, ordered: bool = False, partitioned: bool = False, skip_format_check: bool = False,
              **kwargs: Any) -> None: ...
@overload
def debug_log(fmt: None = None, *, ordered: bool = False, partitioned: bool = False,
              skip_format_check: bool = False) -> Callable[..., None]: ...
def debug_log(fmt: str | None = None, *args: Any, ordered: bool = False, partitioned: bool = False,
              skip_format_check: bool = False, **kwargs: Any) -> Callable[..., None] | None:
    """Log ``fmt.format(*args, **kwargs)`` with the run-time values at level ``INFO`` when the computation runs
    (JAX's ``jax.debug.log``: ``debug.print`` to a logger, ``arraytyping.debug``, the record naming the caller's
    file and line). Without fields in ``fmt``, the arguments follow it, separated by spaces
    (``skip_format_check=True`` allows that). Called with options alone, returns the function to call with the
    message.

    Example::

        @jit
        def f(x):
            debug.log("x = {x}", x=x)
            return x + 1
    """
    record = DEBUG_LOGGER.makeRecord(DEBUG_LOGGER.name, logging.INFO, *_user_frame(), "", (), None)

    def log(fmt: str, *c_args: Any, **c_kwargs: Any) -> None:
        if not skip_format_check:
            _FormatChecker().format(fmt, *c_args, **c_kwargs)
        placeholders = bool(fmt) and next(iter(string.Formatter().parse(fmt)))[1] is not None
        options = np.get_printoptions()
        leaves, treedef = tree.flatten((c_args, c_kwargs))
        dynamic = [i for i, x in enumerate(leaves) if _is_array_like(x)]

        def write(*values: Any) -> None:
            full = list(leaves)
            for i, v in zip(dynamic, values):
                full[i] = v
            a, k = tree.unflatten(treedef, full)
            if placeholders:
                with np.printoptions(**options):
                    msg = fmt.format(*a, **k)
            else:
                msg = " ".join((fmt, *(str(x) for x in a)))
            out = copy.copy(record)
            out.msg = msg
            DEBUG_LOGGER.handle(out)

        debug_callback(write, *[leaves[i] for i in dynamic], ordered=ordered, partitioned=partitioned)

    if fmt is not None:
        log(fmt, *args, **kwargs)
        return None
    if args or kwargs:
        raise TypeError(f"debug_print received unexpected arguments in the two-call form: {args=} {kwargs=}")
    return log


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
