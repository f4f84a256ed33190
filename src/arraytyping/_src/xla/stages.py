"""Ahead-of-time compilation (JAX 0.10.2's ``jax.stages``): ``jit(f).trace(*args)`` is a :class:`Traced` (the
jaxpr), its ``lower()`` a :class:`Lowered` (the StableHLO module), whose ``compile()`` is a :class:`Compiled` (the
executable, called with arguments of the types it was compiled for). Arguments may be
:class:`~arraytyping.ShapeDtypeStruct` (types without data).

Each stage is made by the steps ``jit`` itself takes: the function is traced as a call traces it
(:meth:`JitFunction.trace_flat`), lowered by :mod:`.lowering` (named ``jit_f``, its constants inlined, as JAX's
module) and compiled by the backend into the executable wrapper calls run (:class:`.dispatch.Compiled`).
"""

from __future__ import annotations

import contextlib
import inspect
import io
import threading
import weakref
from collections.abc import Callable, Generator, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Generic, TypeVar

import numpy as np
from typing_extensions import ParamSpec

from arraytyping._src import monitoring
from arraytyping._src.core import jaxpr as jx
from arraytyping._src.core import trace as core
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.shape_dtype_struct import ShapeDtypeStruct, struct_of
from arraytyping._src.core.staging import abstractify
from arraytyping._src.dtypes.config import current
from arraytyping._src.tree import pytree as tree
from arraytyping._src.tree.paths import keystr, leaf_paths, treedef_equality_errors
from arraytyping._src.xla import dispatch
from arraytyping._src.xla.array_impl import ArrayImpl, device_put
from arraytyping._src.xla.backend import backend
from arraytyping._src.xla.donation import Donation, donation
from arraytyping._src.xla.jit_call import clear_traced, fun_name, static_key
from arraytyping._src.xla import sharded_jit
from arraytyping._src.xla.lowering import lower_module, mlir, module_name
from arraytyping._src.xla.sharding import NamedSharding, PartitionSpec
from arraytyping._src.xla.spmd import jaxpr_mesh, sdy_mesh, sdy_sharding

__all__ = ["ArgInfo", "Compiled", "CompilerOptions", "Lowered", "Traced", "Wrapped", "clear_caches", "disable_jit", "jit"]

_StageP = ParamSpec("_StageP")
_StageR = TypeVar("_StageR")

CompilerOptions = dict[str, str | bool]
"""Options for the compiler (JAX's ``jax.stages.CompilerOptions``): XLA debug options by name."""


@dataclass(frozen=True, slots=True)
class ArgInfo:
    """One argument leaf of a traced, lowered or compiled function: its type and whether it is donated (never:
    arraytyping does not donate buffers)."""

    _aval: ShapedArray
    donated: bool

    @property
    def shape(self) -> tuple[int, ...]:
        """The argument's shape."""
        return self._aval.shape

    @property
    def dtype(self) -> np.dtype[Any]:
        """The argument's dtype."""
        return self._aval.dtype


class _Signature:
    """What tracing a jitted function for one set of arguments gives every stage."""

    __slots__ = ("closed", "in_tree", "out_tree", "host", "in_avals", "arg_names", "name", "in_shardings",
                 "out_shardings")

    in_shardings: list[Any]
    """Each argument leaf's sharding over several devices (``None``: none given, the argument's own)."""
    out_shardings: list[Any]

    def __init__(self, closed: jx.ClosedJaxpr, in_tree: tree.TreeDef, out_tree: tree.TreeDef,
                 host: tuple[tuple[int, Any], ...], in_avals: list[ShapedArray], arg_names: list[str],
                 name: str) -> None:
        self.closed = closed
        self.in_tree = in_tree
        self.out_tree = out_tree
        self.host = host
        self.in_avals = in_avals
        self.arg_names = arg_names
        self.name = name
        self.in_shardings = [None] * len(in_avals)
        self.out_shardings = [None] * len(closed.out_avals)

    @property
    def args_info(self) -> Any:
        return tree.unflatten(self.in_tree, [ArgInfo(a, False) for a in self.in_avals])

    def out_leaves(self) -> list[Any]:
        """The output leaves' types: the jaxpr's outputs, with the ``float0`` host outputs in their places."""
        leaves: list[Any] = list(self.closed.out_avals)
        for i, value in self.host:
            leaves.insert(i, value)
        return leaves

    def out_info(self, weak: bool) -> Any:
        def struct(a: Any) -> Any:
            if isinstance(a, ShapedArray):
                return struct_of(a) if weak else ShapeDtypeStruct(a.shape, a.dtype)
            return ShapeDtypeStruct(np.shape(a), np.asarray(a).dtype)
        return tree.unflatten(self.out_tree, [struct(a) for a in self.out_leaves()])


class _Stage:
    """What every stage tells of its arguments (JAX's ``Stage``)."""

    __slots__ = ("_sig",)

    def __init__(self, sig: _Signature) -> None:
        self._sig = sig

    @property
    def args_info(self) -> Any:
        """The arguments' :class:`ArgInfo`, as the tree ``(positional arguments, keyword arguments)`` (static
        arguments left out)."""
        return self._sig.args_info

    @property
    def in_tree(self) -> tree.TreeDef:
        """The tree structure of ``(positional arguments, keyword arguments)`` (static arguments left out)."""
        return self._sig.in_tree

    @property
    def in_avals(self) -> Any:
        """The arguments' types, as :attr:`args_info`'s tree."""
        return tree.unflatten(self._sig.in_tree, self._sig.in_avals)

    @property
    def out_tree(self) -> tree.TreeDef:
        """The tree structure of the result."""
        return self._sig.out_tree

    @property
    def donate_argnums(self) -> tuple[int, ...]:
        """The flat indices of donated arguments (none)."""
        return ()


class Traced(_Stage, Generic[_StageR]):
    """A jitted function traced for given argument types (JAX's ``jax.stages.Traced``): its :attr:`jaxpr`, ready
    for :meth:`lower`.

    ::

        traced = jit(f).trace(x)
        traced.jaxpr      # the closed jaxpr
        traced.out_info   # the result's ShapeDtypeStructs
        traced.lower().compile()(x)
    """

    __slots__ = ()

    @property
    def jaxpr(self) -> jx.ClosedJaxpr:
        """The function's closed jaxpr."""
        return self._sig.closed

    @property
    def fun_name(self) -> str:
        """The traced function's name."""
        return self._sig.name

    @property
    def out_info(self) -> Any:
        """The result as :class:`~arraytyping.ShapeDtypeStruct` leaves (with their weak types)."""
        return self._sig.out_info(weak=True)

    @property
    def out_avals(self) -> Any:
        """The result's types, as its tree."""
        return tree.unflatten(self._sig.out_tree, self._sig.out_leaves())

    def lower(self, *, lowering_platforms: tuple[str, ...] | None = None) -> Lowered[_StageR]:
        """The function lowered to a StableHLO module for the default backend (``lowering_platforms``, if given,
        must name that backend's platform alone)."""
        if lowering_platforms is not None and tuple(lowering_platforms) != (backend().platform,):
            raise NotImplementedError(f"lowering_platforms={lowering_platforms!r}: arraytyping lowers for the "
                                      f"default backend alone ({backend().platform!r})")
        sig = self._sig
        result_names = [f"result{keystr(p)}" for p in _out_paths(sig)]
        m = mlir()
        with m.lock, monitoring.log_elapsed_time(
                "Finished jaxpr to MLIR module conversion {fun_name} in {elapsed_time:.9f} sec", f"jit({sig.name})",
                monitoring.JAXPR_TO_MLIR_MODULE_EVENT):
            inner = jaxpr_mesh(sig.closed.jaxpr)
            mesh = sharded_jit.the_mesh([*sig.in_shardings, *sig.out_shardings,
                                         *([] if inner is None else [NamedSharding(inner, PartitionSpec())])],
                                        f"jit({sig.name})")
            if mesh is None:
                module = lower_module(sig.closed, module_name(sig.name), result_names)
            else:  # over several devices: with Shardy's annotations, as JAX lowers it
                module = lower_module(
                    sig.closed, module_name(sig.name), result_names, mesh=sdy_mesh(mesh), num_partitions=mesh.size,
                    arg_shardings=[None if s is None else sdy_sharding(s.spec, a.ndim)
                                   for s, a in zip(sig.in_shardings, sig.in_avals)],
                    result_shardings=[None if s is None else sdy_sharding(s.spec, a.ndim)
                                      for s, a in zip(sig.out_shardings, sig.closed.out_avals)])
            callbacks = list(m.host_callbacks)
        return Lowered(sig, module, callbacks)


def _out_paths(sig: _Signature) -> list[tuple[Any, ...]]:
    """The key path of each output of the jaxpr (the ``float0`` host outputs left out)."""
    paths = leaf_paths(tree.unflatten(sig.out_tree, [0] * sig.out_tree.num_leaves))
    host = {i for i, _ in sig.host}
    return [p for i, p in enumerate(paths) if i not in host]


class Lowered(_Stage, Generic[_StageR]):
    """A jitted function lowered for given argument types (JAX's ``jax.stages.Lowered``): its StableHLO module
    (:meth:`as_text`, :meth:`compiler_ir`), ready for :meth:`compile`.

    ::

        lowered = jit(f).lower(ShapeDtypeStruct((3,), "float32"))
        print(lowered.as_text())   # module @jit_f attributes {mhlo.num_partitions = 1 : i32, ...
        compiled = lowered.compile()
    """

    __slots__ = ("_module", "_callbacks")

    def __init__(self, sig: _Signature, module: Any, callbacks: list[Callable[..., Any]]) -> None:
        super().__init__(sig)
        self._module = module
        self._callbacks = callbacks

    @property
    def out_info(self) -> Any:
        """The result as :class:`~arraytyping.ShapeDtypeStruct` leaves."""
        return self._sig.out_info(weak=False)

    def as_text(self, dialect: str | None = None, *, debug_info: bool = False) -> str:
        """The module as text: ``"stablehlo"`` (the default) or ``"hlo"``; ``debug_info`` adds source locations."""
        if dialect is None or dialect == "stablehlo":
            out = io.StringIO()
            with mlir().lock:
                self._module.operation.print(file=out, enable_debug_info=debug_info)
            return out.getvalue()
        if dialect == "hlo":
            text: str = self._hlo().as_hlo_text()
            return text
        raise ValueError(f"unknown dialect: {dialect}")

    def compiler_ir(self, dialect: str | None = None) -> Any:
        """The module itself: an MLIR module (``"stablehlo"``, the default) or an XLA computation (``"hlo"``)."""
        if dialect is None or dialect == "stablehlo":
            return self._module
        if dialect == "hlo":
            return self._hlo()
        raise ValueError(f"unknown dialect: {dialect}")

    def _hlo(self) -> Any:
        _, xc = _jaxlib()
        with mlir().lock:
            text = str(self._module.operation)
        return xc._xla.mlir.mlir_module_to_xla_computation(text, use_tuple_args=False)

    def cost_analysis(self) -> Any:
        """XLA's estimate of the unoptimized module's cost (``flops``, ``transcendentals``, ``bytes accessed``...),
        or ``None`` where the backend has none."""
        jax_ext, _ = _jaxlib()
        try:
            return jax_ext.hlo_module_cost_analysis(backend().client, self._hlo().get_hlo_module())
        except Exception:  # noqa: BLE001 - a backend without cost analysis (JAX returns None)
            return None

    def compile(self, compiler_options: CompilerOptions | None = None) -> Compiled[_StageR]:
        """The compiled executable (``compiler_options`` are not supported: ``None`` or empty)."""
        if compiler_options:
            raise NotImplementedError(f"compiler_options={compiler_options!r}: arraytyping compiles with XLA's "
                                      "default options")
        sig = self._sig
        if any(s is not None for s in [*sig.in_shardings, *sig.out_shardings]) or jaxpr_mesh(sig.closed.jaxpr):
            raise NotImplementedError(f"jit({sig.name}).lower(...).compile() over several devices: call the "
                                      "jitted function instead (it compiles with the SPMD partitioner)")
        with mlir().lock, monitoring.log_elapsed_time("Finished XLA compilation of {fun_name} in {elapsed_time:.9f} sec",
                                                      f"jit({sig.name})", monitoring.BACKEND_COMPILE_EVENT):
            exe = backend().compile(self._module, self._callbacks)
        return Compiled(sig, dispatch.Compiled(exe, [], sig.closed.out_avals, sig.out_tree, sig.closed, sig.host))


def _jaxlib() -> tuple[Any, Any]:
    import importlib

    return importlib.import_module("jaxlib._jax"), importlib.import_module("jaxlib.xla_client")


class Compiled(_Stage, Generic[_StageR]):
    """A jitted function compiled for given argument types (JAX's ``jax.stages.Compiled``): called with arguments
    of those types (static arguments left out), it runs the executable; other types are JAX's ``TypeError``.

    ::

        compiled = jit(f).lower(x).compile()
        compiled(x)            # f(x)
        compiled.as_text()     # the optimized HLO module
    """

    __slots__ = ("_exe",)

    def __init__(self, sig: _Signature, exe: dispatch.Compiled) -> None:
        super().__init__(sig)
        self._exe = exe

    @property
    def out_info(self) -> Any:
        """The result as :class:`~arraytyping.ShapeDtypeStruct` leaves."""
        return self._sig.out_info(weak=False)

    def as_text(self) -> str | None:
        """The optimized HLO module as text."""
        modules = self._exe.exe.hlo_modules()
        return "\n\n".join(str(m.to_string()) for m in modules)

    def cost_analysis(self) -> Any:
        """XLA's estimate of the executable's cost (``flops``, ``bytes accessed``...), or ``None``."""
        try:
            return self._exe.exe.cost_analysis()
        except Exception:  # noqa: BLE001 - a backend without cost analysis (JAX returns None)
            return None

    def memory_analysis(self) -> Any:
        """XLA's memory statistics of the executable (``argument_size_in_bytes``, ``output_size_in_bytes``...), or
        ``None``."""
        try:
            return self._exe.exe.get_compiled_memory_stats()
        except Exception:  # noqa: BLE001 - a backend without memory statistics (JAX returns None)
            return None

    def runtime_executable(self) -> Any:
        """jaxlib's loaded executable."""
        return self._exe.exe

    def __call__(self, *args: Any, **kwargs: Any) -> _StageR:
        sig = self._sig
        leaves, in_tree = tree.flatten((args, kwargs))
        if in_tree != sig.in_tree:
            errs = treedef_equality_errors(in_tree, sig.in_tree)
            msg = [f"Function compiled with input pytree does not match the input pytree it was called with. "
                   f"There are {len(errs)} mismatches, including:"]
            for path, thing1, thing2, why in errs:
                fst, *rest = path
                msg.append(f"    * at {['args', 'kwargs'][fst]}{keystr(rest)}, seen {thing2} but now given "
                           f"{thing1}, so {why}")
            raise TypeError("\n".join(msg))
        x64 = current().x64
        bufs: list[Any] = []
        errors: list[str] = []
        for x, ref, name in zip(leaves, sig.in_avals, sig.arg_names):
            obj: object = x
            if isinstance(obj, core.Tracer):
                raise TypeError("Cannot apply JAX transformations to a function lowered and compiled for a "
                                f"particular signature. Detected argument of Tracer type {type(obj)}.")
            if type(obj) in dispatch.SCALAR_TYPES:
                aval = abstractify(x)
                bufs.append(dispatch.scalar_buffer(x, type(obj), x64))
            else:
                arr = x if isinstance(obj, ArrayImpl) else device_put(x)
                aval = arr.aval
                bufs.append(arr.buf)
            if (aval.shape, aval.dtype) != (ref.shape, ref.dtype):
                errors.append(f"Argument '{name}' compiled with {ref.str_long()} and called with "
                              f"{aval.str_long()}")
        if errors:
            count = "The" if len(errors) < 5 else f"The first 5 of {len(errors)}"
            raise TypeError("Argument types differ from the types for which this computation was compiled. Perhaps "
                            "you are calling the compiled executable with a different enable_x64 mode than when it "
                            f"was AOT compiled? {count} mismatches are:\n" + "\n".join(errors[:5]))
        out: _StageR = self._exe.run(bufs)
        return out

    call = __call__


def _arg_names(fun: Callable[..., Any], dyn_args: Sequence[Any], dyn_kwargs: dict[str, Any],
               positions: Sequence[int]) -> list[str]:
    """The name of each argument leaf in JAX's words: the parameter's name and the leaf's path in it
    (``p['b']``), or ``args[i]`` for a positional argument without a named parameter."""
    try:
        params = list(inspect.signature(fun).parameters.values())
    except (TypeError, ValueError):
        params = []
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    var = next((p.name for p in params if p.kind is p.VAR_POSITIONAL), "args")
    names: list[str] = []
    for i, a in zip(positions, dyn_args):
        base = positional[i].name if i < len(positional) else f"{var}[{i - len(positional)}]"
        names += [base + keystr(p) for p in leaf_paths(a)]
    for k, v in dyn_kwargs.items():
        names += [k + keystr(p) for p in leaf_paths(v)]
    return names


class _JitDisabled(threading.local):
    def __init__(self) -> None:
        self.disabled = False


_JIT_STATE: Final = _JitDisabled()
_WRAPPED: Final[weakref.WeakSet[Wrapped[..., Any]]] = weakref.WeakSet()


@contextlib.contextmanager
def disable_jit(disable: bool = True) -> Generator[None]:
    """Within this context (in this thread), functions made by :func:`jit` run as plain Python on their
    arguments, operation by operation, instead of being traced and compiled: ``print`` shows values, Python
    control flow on values works. The results are the same; only slower. (JAX's ``jax.disable_jit``.)

    ::

        with arraytyping.disable_jit():
            f(x)   # f's body runs on x itself
    """
    before = _JIT_STATE.disabled
    _JIT_STATE.disabled = bool(disable)
    if disable:
        for w in list(_WRAPPED):  # their last executable is reached without a miss: forget it
            w.forget_last_call()
    try:
        yield
    finally:
        _JIT_STATE.disabled = before


def clear_caches() -> None:
    """Forget every compiled executable and traced jaxpr of :func:`jit`'s functions and of eager operations: each
    is traced and compiled again on its next call (JAX's ``jax.clear_caches``; the results do not change)."""
    dispatch.clear_jit_caches()
    clear_traced()
    for w in list(_WRAPPED):
        w.forget_last_call()


class Wrapped(dispatch.JitFunction, Generic[_StageP, _StageR]):
    """A function returned by :func:`jit` (JAX's ``jax.stages.Wrapped``): called, it is traced, compiled and run
    as needed; :meth:`trace` and :meth:`lower` take those steps ahead of time."""

    def __init__(self, fun: Callable[..., Any], static_argnames: Sequence[str] = (), **options: Any) -> None:
        super().__init__(fun, static_argnames, **options)  # JitFunction's options
        _WRAPPED.add(self)

    def _call(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        if _JIT_STATE.disabled:
            return self.fun(*args, **kwargs)
        return super()._call(args, kwargs)

    def trace(self, *args: Any, **kwargs: Any) -> Traced[_StageR]:
        """The function traced for these arguments (arrays, Python scalars, numpy values or
        :class:`~arraytyping.ShapeDtypeStruct`; the static ones as a call takes them)."""
        static_args, dyn_args, static, dynamic = self.split_static(args, kwargs)
        static_key(static_args, static)  # JAX's ValueError for one that cannot be hashed
        leaves, in_tree = tree.flatten((dyn_args, dynamic))
        avals: list[ShapedArray] = []
        for x in leaves:
            if isinstance(x, core.Tracer):
                raise TypeError(f"jit({self.name}).trace: argument {x} is a tracer; tracing ahead of time inside a "
                                "transformation is not supported")
            try:
                avals.append(abstractify(x))
            except TypeError:
                raise self.not_an_array(x) from None
        closed, out_tree, host = self.trace_flat(avals, in_tree, static_args, static)
        if any(isinstance(c, core.Tracer) for c in closed.consts):
            raise TypeError(f"jit({self.name}).trace: the function closes over a value of an enclosing "
                            "transformation")
        static_pos = {i for i, _ in static_args}
        positions = [i for i in range(len(args)) if i not in static_pos]
        names = _arg_names(self.fun, dyn_args, dynamic, positions)
        signature = _Signature(closed, in_tree, out_tree, host, avals, names, fun_name(self.fun))
        given = sharded_jit.prefix_shardings(self.in_shardings, dyn_args, "in_shardings") + \
            [None] * len(tree.leaves(dynamic))
        signature.in_shardings = [s if s is not None else sharded_jit.arg_sharding(x) for s, x in zip(given, leaves)]
        if self.out_shardings is not None and not host:
            shaped = tree.unflatten(out_tree, list(range(out_tree.num_leaves)))
            signature.out_shardings = sharded_jit.prefix_shardings(self.out_shardings, shaped, "out_shardings")
        return Traced(signature)

    def lower(self, *args: Any, **kwargs: Any) -> Lowered[_StageR]:
        """``self.trace(*args, **kwargs).lower()``: the function lowered to a StableHLO module for these
        arguments."""
        return self.trace(*args, **kwargs).lower()

    def eval_shape(self, *args: Any, **kwargs: Any) -> Any:
        """The result's shapes and dtypes for these arguments, as :class:`~arraytyping.ShapeDtypeStruct` leaves,
        without running the function."""
        return self.trace(*args, **kwargs).out_info


dispatch.enable_vectorcall(Wrapped)


class DonatingWrapped(Wrapped[_StageP, _StageR]):
    """A :class:`Wrapped` function that donates some of its arguments (``donate_argnums``/``donate_argnames``):
    after each call outside any transformation, the donated arrays a result could take over are deleted
    (``arraytyping._src.xla.donation``)."""

    donation: Donation

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.donation.check_positions()
        self.donation.check_distinct(args, kwargs)
        out = super().__call__(*args, **kwargs)
        if (core.trace_state.dynamic is None and not _JIT_STATE.disabled
                and not any(isinstance(leaf, core.Tracer) for leaf in tree.leaves(out))):
            self.donation.after_call(args, kwargs, out)  # not inside a transformation (grad, vmap)
        return out


def jit(fun: Callable[..., Any] | None = None, *, static_argnums: int | Sequence[int] | None = None,
        static_argnames: str | Iterable[str] | None = None, donate_argnums: int | Sequence[int] | None = None,
        donate_argnames: str | Iterable[str] | None = None, keep_unused: bool = False, inline: bool = False,
        in_shardings: Any = None, out_shardings: Any = None) -> Any:
    """Compile ``fun`` with XLA: ``jit(f)`` traces ``f`` once per input signature (the dtypes, shapes, weak types
    and tree structure of its arguments, the configuration and the static arguments), lowers the jaxpr to
    StableHLO, compiles it and runs the executable on later calls. Arguments and results are pytrees.

    ``static_argnums`` (positions) and ``static_argnames`` (names) mark static arguments, which must be hashable
    and are part of the signature; each is inferred from the other through ``f``'s signature. The result's
    :meth:`~Wrapped.trace` and :meth:`~Wrapped.lower` take the steps ahead of time (``jax.stages``).

    Over several devices (JAX's sharded ``jit``): ``in_shardings`` (a sharding, or a pytree of shardings or
    ``None`` that is a prefix of the positional arguments) places each argument so (an array already laid out
    otherwise is JAX's ``ValueError``); ``out_shardings`` (likewise, a prefix of the result) lays the results out
    so. A sharded argument makes the computation run over its mesh's devices, compiled with XLA's SPMD partitioner;
    the results are sharded as given, or as the partitioner chose.

    ::

        @jit
        def f(x, y):
            return anp.sin(x) * y

        f(anp.arange(3.0), 2.0)
        f.lower(ShapeDtypeStruct((3,), "float32"), 2.0).compile()

    ``donate_argnums``/``donate_argnames`` donate arguments, as JAX's: after a call, each donated array that a
    result of its size could take over is deleted, and the call warns about any it could not use (the results are
    computed in new buffers: donating frees the argument after the call). ``keep_unused`` and ``inline`` are
    accepted as JAX's and change no value (unused arguments are always kept; a jitted call inside another is
    always inlined into the caller's jaxpr).
    """
    if fun is None:
        def decorate(f: Callable[..., Any]) -> Any:
            return jit(f, static_argnums=static_argnums, static_argnames=static_argnames,
                       donate_argnums=donate_argnums, donate_argnames=donate_argnames, keep_unused=keep_unused,
                       inline=inline, in_shardings=in_shardings, out_shardings=out_shardings)
        return decorate
    donated = donation(fun, donate_argnums, donate_argnames, dispatch.static_positions(fun, static_argnums,
                                                                                          static_argnames))
    made = dispatch.jit(fun, static_argnums=static_argnums, static_argnames=static_argnames,
                        wrapper=Wrapped if donated is None else DonatingWrapped)
    if donated is not None:
        made.donation = donated
    if in_shardings is None and out_shardings is None:
        return made

    def with_shardings(jf: Any) -> Any:
        jf.in_shardings = in_shardings
        jf.out_shardings = out_shardings
        jf._cache = {}  # its own executables: the shardings are part of what is compiled
        jf._lock = threading.Lock()
        return jf

    return with_shardings(made)
