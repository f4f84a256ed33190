"""Compiling and running staged computations: the signature-keyed cache behind eager operations and ``jit``.

An eager operation (``x + y``, ``arraytyping.numpy.add``...) is a jitted function: the first call with a new
signature (each argument's dtype, shape and weak flag, plus the promotion mode, x64 and static arguments) traces
it to a jaxpr, lowers it to StableHLO, compiles it with jaxlib and caches the executable; later calls go straight
to the executable. The cache is safe under threads (misses compile under a lock, hits take none).
"""

from __future__ import annotations

import functools
import inspect
import operator
import threading
import types
import weakref
from collections.abc import Callable, Hashable, Iterable, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, Final, TypeAlias, cast

import numpy as np

from arraytyping._src import monitoring
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import SPECIAL_CHECKS, STATE, TRACE_FLAGS, current, special_checks, trace_key
from arraytyping._src.dtypes import config as _config
from arraytyping.lattice import LatticeConfig
from arraytyping._src.core import trace as core
from arraytyping._src.core import jaxpr as jx
from arraytyping._src.tree import pytree as tree
from arraytyping._src.tree.keys import keystr
from arraytyping._src.xla import executable_cache, tree_fast_path
from arraytyping._src.core.array import Array
from arraytyping._src.xla.array_impl import (
    ArrayImpl, DeletedArrayError, ShardedArrayImpl, check_python_int, device_put,
)
from arraytyping._src.xla import sharded_jit
from arraytyping._src.xla.sharding import NamedSharding, PartitionSpec as P
from arraytyping._src.xla.spmd import NeedsMesh, jaxpr_mesh
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.xla.backend import backend, check_supported
from arraytyping._src.xla.jit_call import fun_name, staged_call, static_key
from arraytyping._src.xla.lowering import lower_jaxpr, mlir
from arraytyping._src.core.arraylike import not_arraylike
from arraytyping._src.core.staging import ConstVal, JaxprTrace, abstractify, make_jaxpr, trace_to_jaxpr
from arraytyping._src.core import refs
from arraytyping._src.core.refs import Ref, RefsClosedOver

__all__ = ["Compiled", "JitFunction", "PyJitFunction", "SCALAR_TYPES", "jit", "clear_jit_caches", "compile_closed_jaxpr", "enable_vectorcall",
           "scalar_buffer"]

_PY_SCALAR_AVAL: Final[dict[tuple[type, bool], ShapedArray]] = {
    (t, x64): ShapedArray((), np.dtype(dt), t is not bool)
    for x64 in (False, True)
    for t, dt in ((bool, "bool"), (int, "int64" if x64 else "int32"), (float, "float64" if x64 else "float32"),
                  (complex, "complex128" if x64 else "complex64"))
}
_SCALAR_TYPES: Final = frozenset({bool, int, float, complex})
SCALAR_TYPES: Final = _SCALAR_TYPES
"""The Python scalar types an argument may be (passed as weakly typed device scalars)."""


class Compiled:
    """A compiled jaxpr: the executable, its constants on the device and the output types and tree."""

    __slots__ = ("exe", "const_bufs", "out_avals", "out_tree", "single", "jaxpr", "handlers", "out_aval0",
                 "host_outs", "_build")

    def __init__(self, exe: Any, const_bufs: list[Any], out_avals: list[ShapedArray], out_tree: tree.TreeDef,
                 jaxpr: jx.ClosedJaxpr, host_outs: tuple[tuple[int, Any], ...] = ()) -> None:
        self.exe = exe
        self.const_bufs = const_bufs
        self.out_avals = out_avals
        self.out_tree = out_tree
        self.host_outs = host_outs
        """Outputs that are host constants, not computed: ``float0`` tangents (position among the leaves, value)."""
        self.single = out_tree == tree.LEAF and not host_outs
        self.jaxpr = jaxpr
        b = backend()
        self.handlers = [b.result_handler(a) for a in out_avals]
        self.out_aval0 = out_avals[0] if out_avals else None
        self._build: Callable[[Any], Any] | None = None

    @property
    def build(self) -> Callable[[Any], Any]:
        """Builds the result from an iterator over the output arrays (made once, for the pytree hit path)."""
        if self._build is None:
            self._build = tree_fast_path.builder(self.out_tree)
        return self._build

    def run(self, bufs: list[Any]) -> Any:
        """Execute on device buffers; the hot path of every eager operation and jitted call."""
        if TRACE_FLAGS.on and _config.no_execution.value:
            raise RuntimeError("JAX tried to execute a function, but the no_execution config option is set")
        if self.const_bufs:
            bufs = [*self.const_bufs, *bufs]
        try:
            outs = self.exe.execute_sharded(bufs).consume_with_handlers(self.handlers)
        except Exception as e:
            _explain_failure(bufs)
            raise e
        new = ArrayImpl.new
        if self.single:
            return new(outs[0], self.out_aval0)  # type: ignore[arg-type]  # single: one output
        leaves = [new(b, a) for b, a in zip(outs, self.out_avals)]
        for i, value in self.host_outs:
            leaves.insert(i, value)
        return tree.unflatten(self.out_tree, leaves)


def _explain_failure(bufs: Sequence[Any]) -> None:
    """After an executable failed: raise the explanation if an argument was deleted or sits on another device
    (both call paths, Python and C, use this)."""
    _raise_if_deleted(bufs)
    _raise_if_elsewhere(bufs)


def _raise_if_deleted(bufs: Sequence[Any]) -> None:
    for i, b in enumerate(bufs):
        if b.is_deleted():
            raise DeletedArrayError(f"argument {i} of the computation is an array that was deleted with .delete()")


def _raise_if_elsewhere(bufs: Sequence[Any]) -> None:
    device = backend().device
    for i, b in enumerate(bufs):
        sharding: Any = getattr(b, "_sharding", None)
        where = getattr(sharding, "_device", device)
        if where != device:
            raise ValueError(f"argument {i} of the computation is an array on {where!r}, but computations run on "
                             f"the default device {device!r}; copy it there first with "
                             f"arraytyping.device_put(x, arraytyping.devices()[0])")


def _const_buffer(value: Any) -> Any:
    if isinstance(value, ArrayImpl):
        value.check_alive()
        return value.buf
    if isinstance(value, ConstVal):
        return backend().put(np.ascontiguousarray(value.val), value.aval)
    raise TypeError(f"cannot use {value!r:.80} as a constant of a compiled computation")


def compile_closed_jaxpr(closed: jx.ClosedJaxpr, out_tree: tree.TreeDef,
                         host_outs: tuple[tuple[int, Any], ...] = (), name: str = "jit(<unnamed function>)"
                         ) -> Compiled:
    """``closed`` lowered and compiled (each step reported to :mod:`~arraytyping._src.monitoring`'s listeners
    under ``name``, ``jit(f)``, as JAX reports them)."""
    for aval in [*closed.in_avals, *closed.out_avals]:
        check_supported(aval)
    m = mlir()
    with m.lock:
        with monitoring.log_elapsed_time("Finished jaxpr to MLIR module conversion {fun_name} in "
                                         "{elapsed_time:.9f} sec", name, monitoring.JAXPR_TO_MLIR_MODULE_EVENT):
            module = lower_jaxpr(closed.jaxpr)
        with monitoring.log_elapsed_time("Finished XLA compilation of {fun_name} in {elapsed_time:.9f} sec", name,
                                         monitoring.BACKEND_COMPILE_EVENT):
            exe = backend().compile(module, m.host_callbacks)
    const_bufs = [_const_buffer(c) for c in closed.consts]
    return Compiled(exe, const_bufs, closed.out_avals, out_tree, closed, host_outs)


_NDARRAY: tuple[type[Any], ...] = (np.ndarray,)


def _is_float0(x: Any) -> bool:
    return isinstance(x, _NDARRAY) and x.dtype.names == ("float0",)


def _split_host_outputs(fun: Callable[..., Any], found: list[tuple[tree.TreeDef, tuple[tuple[int, Any], ...]]]
                        ) -> Callable[..., Any]:
    """``fun`` returning its ``float0`` leaves (tangents of integers: numpy arrays without values) through ``found``
    instead of as outputs of the computation, as JAX's jit returns them."""
    def split(*xs: Any) -> Any:
        leaves, out_tree = tree.flatten(fun(*xs))
        host = tuple((i, x) for i, x in enumerate(leaves) if _is_float0(x))
        found.append((out_tree, host))
        return [x for x in leaves if not _is_float0(x)] if host else tree.unflatten(out_tree, leaves)
    return split


# ---------------------------------------------------------------------------------------------------------------
# Python scalars as device arguments


_scalar_bufs: dict[tuple[Any, ...], Any] = {}
_SCALAR_CACHE_SIZE: Final = 4096


def scalar_buffer(x: Any, tp: type, x64: bool) -> Any:
    """The device buffer of a Python scalar argument, typed as JAX types it (int -> weak int32 with x64 off).
    Buffers are immutable, so recently used values are kept and reused."""
    # Equal floats are the same value but for zeros (0.0 == -0.0) and NaN (never equal): those are keyed by their
    # text (float.hex costs about as much as the rest of this function, so only for them).
    if tp is float:
        k = x if x == x and x != 0.0 else x.hex()
    elif tp is complex:
        k = x if x == x and x.real != 0.0 and x.imag != 0.0 else repr(x)
    else:
        k = x
    key = (tp, k, x64)
    buf = _scalar_bufs.get(key)
    if buf is None:
        aval = _PY_SCALAR_AVAL[tp, x64]
        if tp is int:
            check_python_int(x)
        buf = backend().put(np.asarray(x, dtype=aval.dtype), aval)
        if len(_scalar_bufs) >= _SCALAR_CACHE_SIZE:
            _scalar_bufs.clear()
        _scalar_bufs[key] = buf
    return buf


# ---------------------------------------------------------------------------------------------------------------
# jit


_speedups: ModuleType | None
try:
    from arraytyping._src import _speedups
except ImportError:  # pragma: no cover - the extension is optional; the Python hot path does the same
    _speedups = None

_trace_state: Final = core.trace_state
_new: Final = ArrayImpl.new
_alloc: Final = object.__new__

_Sig: TypeAlias = "ShapedArray | type | tuple[Any, ...]"
_LastCall: TypeAlias = "tuple[LatticeConfig, tuple[_Sig, ...], Any, list[Any], ShapedArray]"
"""A jitted function's inline cache: the configuration and argument signature of its last call without keyword
arguments (an array's type, the type of a Python scalar, or ``(list or tuple, its arrays' types...)`` for a flat
sequence of arrays), and the executable, result handlers and output type of that signature (single-output
computations without constants)."""


def _is_leaf_array(x: Any) -> bool:
    return isinstance(x, (Array, np.ndarray, np.generic)) or type(x) in _SCALAR_TYPES


class _PyJitBase:
    """The hot path of a jitted call in Python: :class:`JitFunction`'s base without the C extension (and
    :class:`PyJitFunction`'s, which tests use to hold both paths to the same behaviour). With the extension,
    ``_speedups.JitBase`` does the same in C."""

    __slots__ = ()

    _last: _LastCall | None

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        # The hot path: the configuration and argument signature of the last call (without keyword arguments).
        # Types are compared by identity first: arrays made by the previous call (or the same arrays) carry the
        # very same ShapedArray objects. Liveness is not checked: executing a deleted buffer fails, and the error
        # is then explained.
        last = self._last
        if last is not None and not kwargs and _trace_state.dynamic is None:
            cfg, sigs, exe, handlers, out_aval = last
            xs: tuple[object, ...] = args  # ``object``, so ``type(a) is ArrayImpl`` narrows ``a``
            n = len(xs)
            # With no configuration context open in any thread, the global configuration is everyone's (a read of
            # two slots instead of current()'s two context-variable reads).
            if (STATE.lattice if STATE.active == 0 else current()) is cfg and n == len(sigs):
                bufs: list[Any] | None = None
                if n == 2:  # binary operations: unrolled (a quarter of a microsecond less than the loop)
                    a, b = xs
                    if type(a) is ArrayImpl and type(b) is ArrayImpl and a.aval is sigs[0] and b.aval is sigs[1]:
                        bufs = [a.buf, b.buf]
                if bufs is None:
                    bufs = []
                    for a, s in zip(xs, sigs):
                        if type(a) is ArrayImpl:
                            aval = a.aval
                            if aval is not s and aval != s:
                                bufs = None
                                break
                            bufs.append(a.buf)
                        elif type(a) is s:  # a Python scalar of the same type
                            bufs.append(scalar_buffer(a, type(a), cfg.x64))
                        elif type(s) is tuple and type(a) is s[0]:
                            # a flat list or tuple of arrays: (its type, the arrays' types...)
                            seq = cast("list[Any] | tuple[Any, ...]", a)
                            if len(seq) != len(s) - 1:
                                bufs = None
                                break
                            for item, t in zip(seq, s[1:]):
                                if type(item) is not ArrayImpl or (item.aval is not t and item.aval != t):
                                    bufs = None
                                    break
                                bufs.append(item.buf)
                            if bufs is None:
                                break
                        else:
                            bufs = None
                            break
                if bufs is not None:
                    try:
                        outs = exe.execute_sharded(bufs).consume_with_handlers(handlers)
                    except Exception:
                        _explain_failure(bufs)
                        raise
                    out = _alloc(ArrayImpl)  # ArrayImpl.new without its call frame
                    out.buf = outs[0]
                    out.aval = out_aval
                    return out
        return self._call(args, kwargs)

    def _call(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        raise NotImplementedError


_JitBase: TypeAlias = _PyJitBase
if not TYPE_CHECKING and _speedups is not None:
    _JitBase = _speedups.JitBase  # the same hot path in C; misses call ``_call``


class JitFunction(_JitBase):
    """A function traced once per input signature, lowered to StableHLO, compiled and run by jaxlib.

    Arguments are pytrees of arrays, numpy values and Python scalars, except the static ones (``static_argnums``
    positions, ``static_argnames`` names, or every keyword argument with ``static_kwargs``), which are part of the
    cache key instead. Called under a trace (inside ``make_jaxpr``, another ``jit`` or a transformation), a
    ``staged`` one (``arraytyping.jit``'s) is one ``jit`` equation, as in JAX (:mod:`.jit_call`); the runtime's own
    (``staged=False``: library functions JAX does not stage as calls) are inlined into the enclosing computation."""

    def __init__(self, fun: Callable[..., Any], static_argnames: Sequence[str] = (), *,
                 static_argnums: Sequence[int] = (), name: str | None = None, static_kwargs: bool = False,
                 staged: bool = False, call_name: str | None = None, arraylike: str | None = None,
                 arrays: int = 2**31) -> None:
        self.fun = fun
        self.arraylike = arraylike
        """For a function of arrays (a ``jax.numpy`` one): JAX's ``check_arraylike`` under this name (or the static
        ``name`` a body shared by several functions is given), before any tracing, on the first ``arrays``
        positional arguments, so that a list or tuple is refused as JAX words it rather than traced as a pytree."""
        self.arrays = arrays
        self.staged = staged or call_name is not None
        self.call_name = call_name
        """The name of its ``jit`` equations (the function's ``__name__`` by default); a runtime function that JAX
        stages as a nested ``jit`` gives JAX's name here (``_where``)."""
        self.traced_jaxprs: dict[Hashable, tuple[jx.ClosedJaxpr, list[Any], tree.TreeDef]] = {}
        """Under a trace (``staged``), for a function without weak references (the others share one cache per
        function): the jaxpr of each signature, its leading arguments and its output tree."""
        self.static_argnames = frozenset(static_argnames)
        self.static_argnums = tuple(static_argnums)
        self.static_kwargs = static_kwargs
        self.name = name or getattr(fun, "__qualname__", None) or getattr(fun, "__name__", "fun")
        self._cache: executable_cache.ExecutableCache[Compiled] = executable_cache.ExecutableCache()
        self._lock = threading.Lock()
        self._last: _LastCall | None = None
        self._last_tree: _LastTreeCall | None = None
        self.handles_refs = True
        """Whether it stages references passed to it or closed over itself (:meth:`call_with_refs`); the function
        that does so for it lets :class:`RefsClosedOver` through instead."""
        self.apply_primitive = False
        """Whether it runs one primitive eagerly: a NaN it makes is the error itself (no de-optimized rerun)."""
        _ALL_JITS.add(self)
        self.ref_closure: tuple[Ref, ...] = ()
        """The references of enclosing scopes the function reads or writes, found while tracing it."""
        self._functional: JitFunction | None = None
        self.in_shardings: Any = None
        """``jit``'s ``in_shardings``: ``None`` (each argument's own), a sharding, or a pytree prefix of the
        positional arguments with sharding (or ``None``) leaves."""
        self.out_shardings: Any = None
        """``jit``'s ``out_shardings``: ``None`` (the partitioner's choice) or a sharding or pytree prefix of the
        result."""
        self._sharded: executable_cache.ExecutableCache[sharded_jit.ShardedCompiled] = \
            executable_cache.ExecutableCache()
        self.needs_mesh = False
        """Whether a call's computation was found to hold a sharding constraint: calls take the sharded path."""
        # The name, docstring and ``__wrapped__`` only: copying ``fun.__dict__`` would overwrite this object's state
        # with that of a wrapped JitFunction (or of a function wrapping one, such as ``grad(jit(f))``).
        functools.update_wrapper(self, fun, updated=())

    def _call(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        """A call with arrays and Python scalars (and static keyword arguments for ``static_kwargs``)."""
        if self.ref_closure:
            return self.call_with_refs(args, kwargs)
        if _trace_state.dynamic is not None:
            return self._under_trace(args, kwargs)
        if self.in_shardings is not None or self.out_shardings is not None or self.needs_mesh:
            return self._call_general(args, kwargs)
        last_tree = self._last_tree
        if last_tree is not None and not kwargs and not SPECIAL_CHECKS.on and not TRACE_FLAGS.on:
            out = _tree_hit(last_tree, args)
            if out is not _MISS:
                return out
        if self.static_argnums:
            return self._call_general(args, kwargs)
        cfg = current()
        x64 = cfg.x64
        sig: list[Any] = [id(cfg), trace_key(x64)]  # configurations are interned: their id is a cheap key
        bufs: list[Any] = []
        xs: tuple[object, ...] = args  # ``object``, so ``type(a) is ArrayImpl`` narrows ``a``
        nones = False
        for a in xs:
            if type(a) is ArrayImpl:
                sig.append(a.aval)
                bufs.append(a.buf)
                continue
            tp = type(a)
            if tp in _SCALAR_TYPES:
                sig.append(tp)
                bufs.append(scalar_buffer(a, tp, x64))
            elif a is None:  # an argument left out (``where=None``): no leaf, as in the general path's tree
                sig.append(None)
                nones = True
            else:
                return self._call_general(args, kwargs)
        if kwargs:
            if not self.static_kwargs:
                return self._call_general(args, kwargs)
            sig.append(tuple(kwargs.items()))
        key = tuple(sig)
        entry = self._cache.get(key)
        if entry is None:
            arg_sigs = sig[2:len(args) + 2]
            try:
                if nones:
                    leaves = [s for s in arg_sigs if s is not None]
                    entry = self._compile(key, leaves, len(leaves), tree.structure((args, {})), (), kwargs)
                else:
                    entry = self._compile(key, list(arg_sigs), len(args), None, (), kwargs)
            except RefsClosedOver:
                if not self.handles_refs:
                    raise
                return self.call_with_refs(args, kwargs)
            except NeedsMesh:
                return self._call_general(args, kwargs)
            if entry is None:
                return self._under_trace(args, kwargs)
        else:
            executable_cache.touch(self._cache, key)
        if SPECIAL_CHECKS.on:
            return self._check_special(entry.run(bufs), args, kwargs)
        if not kwargs and not nones and entry.single and not entry.const_bufs and not TRACE_FLAGS.on:
            self._last = (cfg, key[2:], entry.exe, entry.handlers, entry.out_avals[0])
        return entry.run(bufs)

    def _check_special(self, out: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        """``out`` when it holds no NaN (no infinity) that ``jax_debug_nans`` (``jax_debug_infs``) looks for; else
        JAX's ``FloatingPointError``: for one primitive run eagerly, at once; for a function, after running it again
        de-optimized (its body op by op, each checked), as JAX's ``jit`` does."""
        nans, infs = special_checks()
        if not (nans or infs):
            return out
        found: str | None = None
        for leaf in tree.leaves(out):
            if type(leaf) is ArrayImpl and np.issubdtype(leaf.aval.dtype, np.inexact):
                value = np.asarray(leaf)
                if nans and np.isnan(value).any():
                    found = "nan"
                elif infs and np.isinf(value).any():
                    found = "inf"
                if found:
                    break
        if found is None:
            return out
        if self.apply_primitive:
            error = FloatingPointError(f"invalid value ({found}) encountered in {self.name}")
            error.special_check = True  # type: ignore[attr-defined]
            raise error
        print(_DEOPTIMIZED)
        try:
            self.fun(*args, **kwargs)
        except (FloatingPointError, ZeroDivisionError) as e:
            raise e from None
        raise FloatingPointError(
            f"({fun_name(self.fun)!r}, {found!r}). Because jax_config.debug_nans.value and/or config.jax_debug_infs "
            "is set, the de-optimized function (i.e., the function as if the `jit` decorator were removed) was called "
            "in an attempt to get a more precise error message. However, the de-optimized function did not produce "
            "invalid values during its execution. This behavior can result from `jit` optimizations causing the "
            "invalid value to be produced. It may also arise from having nan/inf literals as inputs or outputs, like "
            "`jax.jit(lambda ...: jax.numpy.nan)(...)`. \n\nIt may be possible to avoid the invalid value by removing "
            "the `jit` decorator, at the cost of losing optimizations. \n\nIf you see this error, consider opening a "
            "bug report at https://github.com/jax-ml/jax.")

    def addref_closure(self, found: Sequence[Ref]) -> None:
        """Remember references of enclosing scopes the function was found to read or write."""
        self.ref_closure += tuple(r for r in found if all(r is not k for k in self.ref_closure))

    def call_with_refs(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        """A call of a function that is passed references or closes over some (JAX's discharge of their state in
        ``jit``): one computation takes each reference's value as an input and gives its final value as an
        output, written back into the reference after the call."""
        static_args, dyn_args, static, dynamic = self.split_static(args, kwargs)
        leaves, in_tree = tree.flatten((dyn_args, dynamic))
        passed = tuple(i for i, x in enumerate(leaves) if isinstance(x, Ref))
        where = fun_sourceinfo(self.fun)
        names = _leaf_names(self.fun, dyn_args, dynamic, len(static_args)) if passed else []
        first: dict[int, int] = {}
        for i in passed:
            r: Ref = leaves[i]
            if id(r) in first:
                raise ValueError(f"only one reference to a mutable array may be passed as an argument to a function, "
                                 f"but when tracing {where} for jit the mutable array reference of type "
                                 f"{refs.ref_type(r.aval)} appeared at both {names[first[id(r)]]} and {names[i]}.")
            first[id(r)] = i
        statics = static_key(static_args, static)
        info = (in_tree, passed, tuple(names[i] for i in passed), where, statics)
        functional = self._functional_jit()
        while True:
            closure = self.ref_closure
            for r in closure:
                if id(r) in first:
                    raise ValueError(f"when tracing {where} for jit, a mutable array reference of type "
                                     f"{refs.ref_type(r.aval)} was both closed over and passed as the argument "
                                     f"{names[first[id(r)]]}")
            values = [refs.read(x) if isinstance(x, Ref) else x for x in leaves]
            closed_values = [refs.read(r) for r in closure]
            refs.passing.append({id(leaves[i]): (names[i], where) for i in passed})
            try:
                out, passed_finals, closed_finals = functional((info, len(closure)), *values, *closed_values)
                break
            except RefsClosedOver as e:
                self.addref_closure(e.refs)
            finally:
                refs.passing.pop()
        for i, v in zip(passed, passed_finals):
            refs.write(leaves[i], v)
        for r, v in zip(closure, closed_finals):
            refs.write(r, v)
        return out

    def _functional_jit(self) -> JitFunction:
        """The function as :meth:`call_with_refs` calls it: of the references' values, returning their final
        values."""
        if self._functional is not None:
            return self._functional
        fun = self.fun

        def functional(key: tuple[Any, int], *xs: Any) -> Any:
            (in_tree, passed, names, where, (static_args, static_items)), n_closed = key
            closure = self.ref_closure[:n_closed]
            n = len(xs) - n_closed
            leaves = list(xs[:n])
            inner: list[Ref] = []
            for i in passed:
                r = Ref(leaves[i])
                leaves[i] = r
                inner.append(r)
            with refs.rebound(closure, xs[n:]):
                dyn_args, dyn = tree.unflatten(in_tree, leaves)
                out = fun(*_merge_static(dyn_args, static_args), **dyn, **dict(static_items))
                for x in tree.leaves(out):
                    if isinstance(x, Ref):
                        msg = (f"function {where} traced for jit returned a mutable array reference of type "
                               f"{refs.ref_type(x.aval)}, but mutable array references cannot be returned.")
                        for r, name in zip(inner, names):
                            if r is x:
                                msg += f"\n\nThe returned mutable array was passed in as the argument {name}."
                        raise ValueError(msg)
                passed_finals = [refs.held(r) for r in inner]
                closed_finals = [refs.held(r) for r in closure]
            return out, passed_finals, closed_finals

        jf = JitFunction(functional, static_argnums=(0,), name=self.name,
                         call_name=(self.call_name or fun_name(self.fun)) if self.staged else None)
        jf.handles_refs = False
        self._functional = jf
        return jf

    def _check_arraylike(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        for i, a in enumerate(args[:self.arrays]):
            if type(a) in (list, tuple, Ref):
                name = kwargs.get("name", self.arraylike)
                raise not_arraylike(str(name), a, i)

    def _under_trace(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        if SPECIAL_CHECKS.on and _trace_state.dynamic is None:
            # under transformations that compute as they go (grad, vmap): JAX runs the transformed jit, finds the
            # NaN, says so and runs the function de-optimized, where the primitive that made it raises
            try:
                return self._under_trace_unchecked(args, kwargs)
            except FloatingPointError as e:
                if getattr(e, "special_check", False):
                    print(_DEOPTIMIZED)
                raise
        return self._under_trace_unchecked(args, kwargs)

    def _under_trace_unchecked(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        if self.arraylike is not None:  # tested here: tracing calls this once per operation
            self._check_arraylike(args, kwargs)
        if self.staged:
            return staged_call(self, args, kwargs)
        if TRACE_FLAGS.on:
            token = _config.OP_NAME.set(str(self.name))
            try:
                return _traced(self.fun(*args, **kwargs))
            finally:
                _config.OP_NAME.reset(token)
        return _traced(self.fun(*args, **kwargs))

    def split_static(self, args: tuple[Any, ...], kwargs: dict[str, Any]
                     ) -> tuple[tuple[tuple[int, Any], ...], tuple[Any, ...], dict[str, Any], dict[str, Any]]:
        """A call's static positional arguments (with their positions), its other positional arguments, and its
        static and other keyword arguments."""
        static_pos = self.static_positions(len(args)) if self.static_argnums else frozenset[int]()
        static_args = tuple((i, a) for i, a in enumerate(args) if i in static_pos)
        dyn_args = tuple(a for i, a in enumerate(args) if i not in static_pos) if static_pos else args
        static = {k: v for k, v in kwargs.items() if self.static_kwargs or k in self.static_argnames}
        dynamic = {k: v for k, v in kwargs.items() if k not in static}
        return static_args, dyn_args, static, dynamic

    def not_an_array(self, x: Any) -> TypeError:
        """The error for an argument leaf that is no array, numpy value or Python scalar."""
        return TypeError(f"argument {x!r:.80} of type {type(x)} of jitted function {self.name} is not an array, a "
                         "numpy value or a Python scalar; mark it static with static_argnums or static_argnames")

    def static_positions(self, n: int) -> frozenset[int]:
        """The positions of the static arguments of a call with ``n`` positional arguments."""
        return frozenset(i + n if i < 0 else i for i in self.static_argnums)

    def _call_general(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        """Any call: pytrees of arrays and scalars, static arguments by position or by name."""
        if self.arraylike is not None:
            self._check_arraylike(args, kwargs)
        static_args, dyn_args, static, dynamic = self.split_static(args, kwargs)
        leaves, structure = tree.flatten_keyed((dyn_args, dynamic))
        cfg = current()
        x64 = cfg.x64
        sig: list[Any] = [id(cfg), trace_key(x64), structure]
        bufs: list[Any] = []
        sharded = self.in_shardings is not None or self.out_shardings is not None or self.needs_mesh
        for x in leaves:
            obj: object = x
            tp = type(obj)
            if tp is ArrayImpl:  # liveness is not checked: executing a deleted buffer fails, and is then explained
                sig.append(x.aval)
                bufs.append(x.buf)
            elif tp is ShardedArrayImpl:  # computed over its devices (the buffer is not needed)
                sig.append(x.aval)
                sharded = True
            elif tp in _SCALAR_TYPES:
                sig.append(tp)
                bufs.append(scalar_buffer(x, tp, x64))
            elif isinstance(x, core.Tracer) or tp is ConstVal:  # a constant of the library's code: traced too
                return self._under_trace(args, kwargs)
            elif tp is Ref and self.staged and self.handles_refs:
                return self.call_with_refs(args, kwargs)
            elif _is_leaf_array(x):
                arr = device_put(x)
                sig.append(arr.aval)
                bufs.append(arr.buf)
            else:
                raise self.not_an_array(x)
        statics = static_key(static_args, static)
        sig.append(statics)
        if sharded:
            out = self._call_sharded(tuple(sig), leaves, dyn_args, dynamic, static_args, static)
            if out is not _MISS:
                return out
            bufs = []
            for x in leaves:
                obj = x
                bufs.append(obj.buf if isinstance(obj, ArrayImpl) else scalar_buffer(obj, type(obj), x64)
                            if type(obj) in _SCALAR_TYPES else device_put(obj).buf)
        key = tuple(sig)
        entry = self._cache.get(key)
        if entry is None:
            in_tree = tree.structure((dyn_args, dynamic))
            try:
                entry = self._compile(key, sig[3:3 + len(leaves)], len(leaves), in_tree, static_args, static)
            except RefsClosedOver:
                if not self.handles_refs:
                    raise
                return self.call_with_refs(args, kwargs)
            except NeedsMesh:
                return self._call_general(args, kwargs)
            if entry is None:
                return self._under_trace(args, kwargs)
        else:
            executable_cache.touch(self._cache, key)
        if SPECIAL_CHECKS.on:
            return self._check_special(entry.run(bufs), args, kwargs)
        if (not kwargs and not static_args and not entry.host_outs and not TRACE_FLAGS.on
                and all(type(x) is ArrayImpl for x in leaves)):
            # Pytree arguments of arrays: the next call with this structure takes the pytree hit path
            self._last_tree = (cfg, tree_fast_path.Matcher(tree.structure(args)), tuple(sig[3:3 + len(leaves)]),
                               entry)
            if entry.single and not entry.const_bufs:
                flat = _flat_sequence_sigs(args)
                if flat is not None:  # arrays and flat lists or tuples of them: the inline cache's hit path too
                    self._last = (cfg, flat, entry.exe, entry.handlers, entry.out_avals[0])
        return entry.run(bufs)

    def _compile(self, key: Hashable, arg_sigs: list[Any], n: int, in_tree: tree.TreeDef | None,
                 static_args: tuple[tuple[int, Any], ...], static: dict[str, Any]) -> Compiled | None:
        """The executable of a signature, compiled on first use; ``None`` when the function closes over a value of
        an enclosing transformation (a tracer, though no argument is one): the call is then traced."""
        with self._lock:
            entry = self._cache.get(key)
            if entry is not None:
                return entry
            x64 = current().x64
            avals = [_PY_SCALAR_AVAL[s, x64] if isinstance(s, type) else s for s in arg_sigs]
            if _config.no_tracing.value:
                raise RuntimeError(f"re-tracing function {self.name} for `jit`, but 'no_tracing' is set")
            try:
                closed, out_tree, host = self.trace_flat(avals, in_tree, static_args, static)
            except RefsClosedOver as e:
                if self.handles_refs:
                    self.addref_closure(e.refs)
                raise
            if any(isinstance(c, core.Tracer) for c in closed.consts):
                return None
            if jaxpr_mesh(closed.jaxpr) is not None:  # a sharding constraint: computed over its mesh's devices
                self.needs_mesh = True
                raise NeedsMesh(self.name)
            entry = compile_closed_jaxpr(closed, out_tree, host, f"jit({fun_name(self.fun)})")
            self._cache[key] = entry
        executable_cache.remember(self._cache, key)
        return entry

    def _call_sharded(self, sig: tuple[Any, ...], leaves: list[Any], dyn_args: tuple[Any, ...],
                      dynamic: dict[str, Any], static_args: tuple[tuple[int, Any], ...], static: dict[str, Any]
                      ) -> Any:
        """A call over several devices (a sharded argument, or ``in_shardings``/``out_shardings`` given): compiled
        with the SPMD partitioner once per signature and the arguments' shardings."""
        given = sharded_jit.prefix_shardings(self.in_shardings, dyn_args, "in_shardings") + \
            [None] * len(tree.leaves(dynamic))
        ins: list[Any] = []
        for x, s in zip(leaves, given):
            own = sharded_jit.arg_sharding(x)
            if s is not None and own is not None and own != s and not sharded_jit.same_layout(own, s, x.aval.ndim):
                raise ValueError("Sharding passed to jit does not match the sharding on the respective arg. "
                                 f"Got jit sharding: {s!r},\narg sharding: {own!r} for arg type: "
                                 f"{x.aval.dtype.name}[{','.join(map(str, x.aval.shape))}]")
            ins.append(s if s is not None else own)
        key = (sig, tuple(ins))
        entry = self._sharded.get(key)
        if entry is None:
            in_tree = tree.structure((dyn_args, dynamic))
            x64 = current().x64
            avals = [_PY_SCALAR_AVAL[a, x64] if isinstance(a, type) else a for a in sig[3:3 + len(leaves)]]
            closed, out_tree, host = self.trace_flat(avals, in_tree, static_args, static)
            out_leaves: list[Any] = [None] * len(closed.out_avals)
            if self.out_shardings is not None:
                shaped = tree.unflatten(out_tree, list(range(out_tree.num_leaves)))
                every = sharded_jit.prefix_shardings(self.out_shardings, shaped, "out_shardings")
                on_host = {i for i, _ in host}
                out_leaves = [s for i, s in enumerate(every) if i not in on_host]
            inner = jaxpr_mesh(closed.jaxpr)
            mesh = sharded_jit.the_mesh([*ins, *out_leaves, *([] if inner is None else [NamedSharding(inner, P())])],
                                        f"jit({self.name})")
            if mesh is None:  # single-device shardings only: the one-device path
                return _MISS
            entry = sharded_jit.compile_sharded(closed, out_tree, host, f"jit({self.name})", ins, out_leaves, mesh)
            self._sharded[key] = entry
            executable_cache.remember(self._sharded, key)
        else:
            executable_cache.touch(self._sharded, key)
        return entry.run(leaves)

    def trace_flat(self, avals: Sequence[ShapedArray], in_tree: tree.TreeDef | None,
                   static_args: tuple[tuple[int, Any], ...], static: dict[str, Any]
                   ) -> tuple[jx.ClosedJaxpr, tree.TreeDef, tuple[tuple[int, Any], ...]]:
        """The function traced on argument leaves of types ``avals`` (``in_tree``: their structure as
        ``(positional, keyword)`` arguments; ``None`` for positional leaves alone), the static arguments put back:
        its closed jaxpr, its output tree and its ``float0`` outputs (host values, not outputs of the jaxpr)."""
        fun = self.fun
        if in_tree is None:
            def flat(*xs: Any) -> Any:
                return fun(*xs, **static)
        else:
            def flat(*xs: Any) -> Any:
                dyn_args, dyn = tree.unflatten(in_tree, list(xs))
                return fun(*_merge_static(dyn_args, static_args), **dyn, **static)
        found: list[tuple[tree.TreeDef, tuple[tuple[int, Any], ...]]] = []
        token = _config.OP_NAME.set(str(self.name))
        try:
            with monitoring.log_elapsed_time("Finished tracing {fun_name} for jit in {elapsed_time:.9f} sec",
                                             fun_name(fun), monitoring.JAXPR_TRACE_EVENT):
                closed, out_tree = trace_to_jaxpr(_split_host_outputs(flat, found), list(avals), f"jit({self.name})")
        finally:
            _config.OP_NAME.reset(token)
        full_tree, host = found[0]
        return closed, full_tree if host else out_tree, host

    def lower_jaxpr(self, *args: Any, **kwargs: Any) -> jx.ClosedJaxpr:
        """The jaxpr this function compiles for ``args``."""
        closed: jx.ClosedJaxpr = make_jaxpr(functools.partial(self.fun, **kwargs))(*args)
        return closed

    def __get__(self, obj: object, objtype: type | None = None) -> Any:
        """A method: ``obj.f`` binds ``obj`` as the first argument (JAX's jitted functions are descriptors, so
        ``@jit`` and ``@partial(jit, static_argnums=0)`` work on methods)."""
        if obj is None:
            return self
        return types.MethodType(self, obj)

    def share_cache(self) -> None:
        """Use the executables compiled for every other ``jit`` of the same function with the same static
        arguments (JAX keys its cache by the function, weakly): ``jit(f)(x)`` a second time runs the first trace."""
        key = (self.static_argnums, self.static_argnames, self.static_kwargs)
        try:
            shared = _SHARED.setdefault(self.fun, {})
        except TypeError:  # a callable that cannot be hashed or weakly referenced: this jit's own cache
            return
        self._cache, self._lock = shared.setdefault(key, (self._cache, self._lock))

    def cache_size(self) -> int:
        return len(self._cache)

    def forget_last_call(self) -> None:
        """Drop the hit paths' memory of the last call: the next call takes :meth:`_call`."""
        self._last = None
        self._last_tree = None

    def __repr__(self) -> str:
        return f"<jitted function {self.name}>"


_DEOPTIMIZED: Final = ("Invalid nan value encountered in the output of a jax.jit function. Calling the de-optimized "
                       "version.")
_ALL_JITS: Final[weakref.WeakSet[JitFunction]] = weakref.WeakSet()
"""Every jitted function, so that turning the NaN/Inf checks on drops their inline caches (which skip them)."""


def _drop_inline_caches() -> None:
    for jf in list(_ALL_JITS):
        jf._last = None  # pyright: ignore[reportPrivateUsage]
        jf._last_tree = None  # pyright: ignore[reportPrivateUsage]


SPECIAL_CHECKS.hooks.append(_drop_inline_caches)
TRACE_FLAGS.hooks.append(_drop_inline_caches)

_Shared: TypeAlias = "dict[Hashable, tuple[executable_cache.ExecutableCache[Compiled], threading.Lock]]"
_SHARED: Final[weakref.WeakKeyDictionary[Callable[..., Any], _Shared]] = weakref.WeakKeyDictionary()
"""The executables of ``jit``'s functions, per function (weakly: the cache does not keep a function alive) and per
static-argument configuration, with the lock their misses compile under."""


def clear_jit_caches() -> None:
    """Forget the executables of every ``jit``'s function and of the eager primitives (they compile again on their
    next call)."""
    for per_static in list(_SHARED.values()):
        for cache, lock in list(per_static.values()):
            with lock:
                cache.clear()
    for jf in list(_ALL_JITS):  # the functions whose cache is their own (jax.numpy's, a jit of a bound method...)
        with jf._lock:  # pyright: ignore[reportPrivateUsage]
            jf._cache.clear()  # pyright: ignore[reportPrivateUsage]
            jf._sharded.clear()  # pyright: ignore[reportPrivateUsage]
        jf.forget_last_call()
    _eager_prims.clear()
    executable_cache.clear()


def _flat_sequence_sigs(args: tuple[Any, ...]) -> tuple[Any, ...] | None:
    """The inline cache's signature of arguments that are arrays or flat lists or tuples of arrays (``concatenate([a,
    b])``): an array's type, or ``(list or tuple, its arrays' types...)``; ``None`` for any other structure (the
    pytree hit path's)."""
    sigs: list[Any] = []
    for a in args:
        obj: object = a
        if type(obj) is ArrayImpl:
            sigs.append(a.aval)
        elif type(obj) in (list, tuple) and all(type(x) is ArrayImpl for x in a):
            sigs.append((type(obj), *(x.aval for x in a)))
        else:
            return None
    return tuple(sigs)


_LastTreeCall: TypeAlias = "tuple[LatticeConfig, tree_fast_path.Matcher, tuple[ShapedArray, ...], Compiled]"
"""A jitted function's last call on pytrees of arrays: the configuration, the arguments' structure, the leaves'
types and the executable."""

_MISS: Final[Any] = object()


def _tree_hit(last: _LastTreeCall, args: tuple[Any, ...]) -> Any:
    """The result of a call whose arguments have the structure and types of the last pytree call, or ``_MISS``."""
    cfg, matcher, sigs, entry = last
    if (STATE.lattice if STATE.active == 0 else current()) is not cfg:
        return _MISS
    leaves = matcher(args)
    if leaves is None or len(leaves) != len(sigs):
        return _MISS
    bufs: list[Any] = [*entry.const_bufs]
    for a, s in zip(leaves, sigs):
        obj: object = a
        if type(obj) is not ArrayImpl:
            return _MISS
        aval = a.aval
        if aval is not s and aval != s:
            return _MISS
        bufs.append(a.buf)
    try:
        outs = entry.exe.execute_sharded(bufs).consume_with_handlers(entry.handlers)
    except Exception:
        _explain_failure(bufs)
        raise
    arrays: list[ArrayImpl] = []
    for b, av in zip(outs, entry.out_avals):
        out = _alloc(ArrayImpl)  # ArrayImpl.new without its call frame
        out.buf = b
        out.aval = av
        arrays.append(out)
    return entry.build(iter(arrays))


class PyJitFunction(JitFunction):
    """A :class:`JitFunction` whose hot path is the Python one even when the C extension is built (for tests)."""

    __call__ = _PyJitBase.__call__


def enable_vectorcall(cls: type[JitFunction]) -> None:
    """Give a subclass of :class:`JitFunction` the C hot path's calling protocol (Python 3.11 does not inherit it)."""
    if _speedups is not None:
        _speedups.enable_vectorcall(cls)


if _speedups is not None:
    _speedups.jit_setup(ArrayImpl, current, scalar_buffer, _explain_failure, _trace_state)
    _speedups.enable_vectorcall(JitFunction)


def _merge_static(dyn_args: tuple[Any, ...], static_args: tuple[tuple[int, Any], ...]) -> list[Any]:
    """The positional arguments of a call: the dynamic ones with the static ones put back at their positions."""
    out = list(dyn_args)
    for i, v in static_args:
        out.insert(i, v)
    return out


def _resolve_static(fun: Callable[..., Any], argnums: tuple[int, ...], argnames: tuple[str, ...]
                    ) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """JAX's ``infer_argnums_and_argnames``: when only one of ``static_argnums``/``static_argnames`` is given, the
    other is inferred from ``fun``'s signature (so a static argument is static however it is passed); both are
    checked against the signature."""
    try:
        sig = inspect.signature(fun)
    except (ValueError, TypeError):
        return argnums, argnames
    params = list(sig.parameters.values())
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    if not any(p.kind is p.VAR_POSITIONAL for p in params):
        for i in argnums:
            if not -len(positional) <= i < len(positional):
                raise ValueError(f"Jitted function has static_argnums={argnums}, but only accepts "
                                 f"{len(positional)} positional arguments.")
    if not any(p.kind is p.VAR_KEYWORD for p in params):
        keyword = {p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}
        if invalid := set(argnames) - keyword:
            raise ValueError(f"Jitted function has invalid argnames {invalid} in static_argnames. Function does not "
                             "take these args.")
    if argnums and not argnames:
        argnames = tuple(p.name for i, p in enumerate(positional)
                         if p.kind is p.POSITIONAL_OR_KEYWORD and (i in argnums or i - len(positional) in argnums))
    elif argnames and not argnums:
        argnums = tuple(i for i, p in enumerate(positional) if p.kind is p.POSITIONAL_OR_KEYWORD and p.name in argnames)
    return argnums, argnames


def static_positions(fun: Callable[..., Any], static_argnums: int | Sequence[int] | None,
                     static_argnames: str | Iterable[str] | None) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """The static parameters of ``jit(fun, static_argnums=..., static_argnames=...)``: positions and names, each
    inferred from the other through ``fun``'s signature."""
    nums, names = _index_tuple(static_argnums), _name_tuple(static_argnames)
    return _resolve_static(fun, nums, names) if nums or names else ((), ())


def _index_tuple(x: int | Sequence[int] | None) -> tuple[int, ...]:
    if x is None:
        return ()
    if isinstance(x, int):
        return (operator.index(x),)
    return tuple(operator.index(i) for i in x)


def _name_tuple(x: str | Iterable[str] | None) -> tuple[str, ...]:
    if x is None:
        return ()
    if isinstance(x, str):
        return (x,)
    return tuple(x)


def jit(fun: Callable[..., Any] | None = None, *, static_argnums: int | Sequence[int] | None = None,
        static_argnames: str | Iterable[str] | None = None, wrapper: type[JitFunction] | None = None) -> Any:
    """``jit(f)``: trace ``f`` once per input signature (dtypes, shapes, weak flags and tree structure of its
    arguments, the configuration and the static arguments), lower the jaxpr to StableHLO, compile it with XLA and run
    the executable on later calls. Arguments and results are pytrees. ``static_argnums`` (positions) and
    ``static_argnames`` (names) mark static arguments, which must be hashable; each is inferred from the other
    through ``f``'s signature, so a static argument is static whether it is passed by position or by keyword.
    ``wrapper``: the class of the result (the public ``jit``'s adds the ahead-of-time methods)."""
    nums, names = _index_tuple(static_argnums), _name_tuple(static_argnames)

    def make(f: Callable[..., Any]) -> JitFunction:
        argnums, argnames = _resolve_static(f, nums, names) if nums or names else ((), ())
        jf = (wrapper or JitFunction)(f, argnames, static_argnums=argnums, staged=True)
        jf.share_cache()
        return jf

    if fun is None:
        return make
    return make(fun)


# ---------------------------------------------------------------------------------------------------------------
# Eager primitives (``bind`` with nothing traced)


_eager_prims: dict[tuple[Any, ...], JitFunction] = {}


def _params_key(params: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(sorted(params.items()))


EAGER_OPERANDS: dict[core.Primitive, Callable[[Sequence[Any]], Sequence[Any]]] = {}
"""Primitives whose operands are rearranged before they run eagerly (``rule(args) -> args``), where JAX's eager
implementation types the result differently from the staged equation; the primitives' modules register theirs."""


EAGER_IMPLS: dict[core.Primitive, Callable[..., Any]] = {}
"""Primitives run eagerly by a Python function of their operands and parameters instead of a compiled computation
(host callbacks: the function is called directly, as JAX's implementation rules do)."""


def eager_apply(prim: core.Primitive, args: Sequence[Any], params: dict[str, Any]) -> Any:
    """Run one primitive on concrete values: a one-equation computation, compiled once per signature."""
    impl = EAGER_IMPLS.get(prim)
    if impl is not None:
        return impl(*args, **params)
    rearrange = EAGER_OPERANDS.get(prim)
    if rearrange is not None:
        args = rearrange(args)
    key = (prim, _params_key(params))
    fn = _eager_prims.get(key)
    if fn is None:
        def one(*xs: Any) -> Any:
            return prim.bind(*xs, **params)
        one.__name__ = prim.name  # the name its compilation is reported under, as JAX's (``jit(cos)``)
        fn = JitFunction(one, name=prim.name)
        fn.apply_primitive = True
        fn = _eager_prims.setdefault(key, fn)
    converted = [const_to_array(a) for a in args]
    return fn(*converted)


def const_to_array(a: Any) -> Any:
    if isinstance(a, ConstVal):
        return ArrayImpl.new(backend().put(np.ascontiguousarray(a.val), a.aval), a.aval)
    return a


core.set_eager_apply(eager_apply)
jx.literal_value = lambda lit: ConstVal(np.asarray(lit.val), lit.aval)


def _traced(out: Any) -> Any:
    """A function's result under a trace, with every constant it computed from constants alone (``anp.abs(np.uint8(3))``
    inside ``jit``: the internal ``ConstVal``) made a value of the trace, as an operation on a tracer gives: what user
    code holds has ``dtype``, ``astype``... and traces on."""
    if type(out) is ConstVal:
        trace = core.find_top_trace(())
        if trace is None:
            return const_to_array(out)
        t = trace.pure(out)
        if isinstance(trace, JaxprTrace):
            trace.builder.computed.add(id(t))  # JAX stages the computation: its converts are not folded
        return t
    result: Any = out
    obj: object = out
    if tree.is_registered(type(obj)):  # any pytree node: named tuples, registered dataclasses...
        leaves, treedef = tree.flatten(out)
        if any(type(x) is ConstVal for x in leaves):
            result = tree.unflatten(treedef, [_traced(x) for x in leaves])
    return result


def _literal_output(lit: jx.Literal) -> Any:
    const = ConstVal(np.asarray(lit.val), lit.aval)
    trace = core.find_top_trace(())
    return trace.pure(const) if trace is not None else const_to_array(const)


jx.literal_output = _literal_output

_ = (registry, abstractify)


def fun_sourceinfo(fun: Callable[..., Any]) -> str:
    """``name at file:line`` of a function (as JAX names functions in its messages)."""
    while isinstance(fun, functools.partial):
        fun = fun.func
    fun = inspect.unwrap(fun)
    code = getattr(fun, "__code__", None)
    if code is None:
        return "<unknown>"
    return f"{getattr(fun, '__name__', '<unknown>')} at {code.co_filename}:{code.co_firstlineno}"


def _leaf_names(fun: Callable[..., Any], dyn_args: tuple[Any, ...], dynamic: dict[str, Any], n_static: int
                ) -> list[str]:
    """The name of each argument leaf as JAX's messages give it: the parameter's name, with the key path of a leaf
    inside a pytree argument (``refs['a']``)."""
    try:
        params = [p.name for p in inspect.signature(fun).parameters.values()
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    except (TypeError, ValueError):
        params = []
    names: list[str] = []
    for i, a in enumerate(dyn_args):
        base = params[i] if i < len(params) and not n_static else f"args[{i}]"
        for path, _ in tree.flatten_with_path(a)[0]:
            names.append(base + keystr(path))
    for k, v in dynamic.items():
        for path, _ in tree.flatten_with_path(v)[0]:
            names.append(k + keystr(path))
    return names
