"""Primitives, the trace stack, tracers and ``bind`` (the interpreter machinery of Autodidax, part 1).

There is one kind of trace, the staging ``JaxprTrace`` of :mod:`.staging`; eager execution needs no trace: a
primitive bound to concrete arrays is staged into a one-equation jaxpr, compiled once per signature and run (see
:mod:`arraytyping._src.xla.dispatch`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

import numpy as np

from arraytyping._src.core.array import Array
from arraytyping._src.core.avals import ShapedArray

if TYPE_CHECKING:
    from arraytyping._src.core.jaxpr import JaxprEqn

__all__ = ["AxisFrame", "extend_axis_env", "axis_frame", "axis_size", "Primitive", "MainTrace", "Trace", "Tracer", "bind", "find_top_trace", "is_tracer", "new_main", "short_repr", "trace_state",
           "ConcretizationTypeError", "TracerArrayConversionError", "TracerIntegerConversionError",
           "TracerBoolConversionError", "UnexpectedTracerError", "JAXTypeError", "JAXIndexError",
           "KeyReuseError", "InconclusiveDimensionOperation"]


class Primitive:
    """A primitive operation: a name, an abstract-evaluation rule and (in :mod:`arraytyping._src.xla.lowering`) a StableHLO rule."""

    def __init__(self, name: str, abstract_eval: Callable[..., list[ShapedArray]], *,
                 multiple_results: bool = False, hidden_params: frozenset[str] = frozenset(),
                 hidden_if_empty: frozenset[str] = frozenset(), calls: str | None = None,
                 printed_params: Callable[[JaxprEqn], dict[str, Any]] | None = None, effectful: bool = False,
                 named_axes: Callable[[dict[str, Any]], Sequence[Any]] | None = None) -> None:
        self.name = name
        self.named_axes = named_axes
        """For a collective (``psum``), the axis names its parameters name (positional axes left out): :func:`bind`
        brings its operands into the trace of the innermost of those axes (a ``vmap`` of that name) if it is above
        theirs, as JAX's axis primitives."""
        self.effectful = effectful
        """Whether an equation of it has an effect beyond its outputs (a host callback that prints): kept when its
        outputs are unused, as JAX keeps an equation with effects."""
        self.abstract_eval = abstract_eval
        self.multiple_results = multiple_results
        self.hidden_params = hidden_params
        """Parameters JAX does not print in jaxprs (``shape`` of ``broadcast_in_dim``, ...)."""
        self.hidden_if_empty = hidden_if_empty
        """Parameters JAX does not print when empty (``broadcast_dimensions=()``)."""
        self.calls = calls
        """For a call primitive (``jit``), the parameter holding the jaxpr it calls: JAX prints its ``name``
        first and names the jaxpr's binders and outputs after the equation's."""
        self.printed_params = printed_params
        """Parameters JAX's equation holds and ours computes from the equation when printed (``update_jaxpr``
        of the scatters), JAX's values that no rule of ours needs."""

    def bind(self, *args: Any, **params: Any) -> Any:
        """Apply the primitive to ``args`` with ``params`` under the current trace (eagerly outside any): one
        result, or a list of them when :attr:`multiple_results`."""
        return bind(self, args, params)

    def __repr__(self) -> str:
        return self.name


# ---------------------------------------------------------------------------------------------------------------
# Errors


class JAXTypeError(TypeError):
    """The base of JAX's type errors of traced values (JAX's ``jax.errors.JAXTypeError``)."""


class JAXIndexError(IndexError):
    """The base of JAX's index errors of traced values (JAX's ``jax.errors.JAXIndexError``)."""


class ConcretizationTypeError(JAXTypeError):
    """A traced (abstract) value was used where a concrete value is required."""


class TracerArrayConversionError(JAXTypeError):
    """``np.asarray`` (``__array__``) was called on a tracer."""


class TracerIntegerConversionError(JAXTypeError):
    """``__index__``/``int()`` was called on a tracer."""


class TracerBoolConversionError(ConcretizationTypeError):
    """``bool()`` was called on a tracer (e.g. by ``if``/``while`` on a traced value)."""


class UnexpectedTracerError(JAXTypeError):
    """A tracer escaped the trace that created it and was used after that trace ended (a leaked tracer)."""


class KeyReuseError(JAXTypeError):
    """A PRNG key was used twice (JAX's ``jax.errors.KeyReuseError``, raised where key reuse is checked)."""


class InconclusiveDimensionOperation(Exception):
    """An operation on symbolic dimensions whose result cannot be decided (JAX's
    ``jax.errors.InconclusiveDimensionOperation``)."""


# ---------------------------------------------------------------------------------------------------------------
# The trace stack


class MainTrace:
    """One active (or finished) transformation: its level in the stack, its trace class and its data."""

    __slots__ = ("level", "trace_type", "global_data", "alive", "description")

    def __init__(self, level: int, trace_type: type[Trace], global_data: Any, description: str) -> None:
        self.level = level
        self.trace_type = trace_type
        self.global_data = global_data
        self.alive = True
        self.description = description


class _TraceState(threading.local):
    def __init__(self) -> None:
        self.stack: list[MainTrace] = []
        self.dynamic: MainTrace | None = None
        self.axis_env: list[AxisFrame] = []


class AxisFrame:
    """A named axis in scope: its name, its size, and the main trace of the ``vmap`` mapping it (``None`` for an
    axis of ``make_jaxpr``'s ``axis_env``, which only names it)."""

    __slots__ = ("name", "size", "main")

    def __init__(self, name: Any, size: int, main: MainTrace | None) -> None:
        self.name = name
        self.size = size
        self.main = main


class extend_axis_env:
    """Context manager binding a named axis (JAX's axis environment); an inner one of the same name shadows."""

    def __init__(self, name: Any, size: int, main: MainTrace | None) -> None:
        self.frame = AxisFrame(name, size, main)

    def __enter__(self) -> AxisFrame:
        trace_state.axis_env.append(self.frame)
        return self.frame

    def __exit__(self, *exc: object) -> None:
        popped = trace_state.axis_env.pop()
        assert popped is self.frame, "axis environment corrupted"


def axis_frame(name: Any) -> AxisFrame | None:
    """The innermost binding of the axis ``name``; ``None`` if it is unbound."""
    for frame in reversed(trace_state.axis_env):
        try:
            if frame.name == name:
                return frame
        except Exception:  # noqa: BLE001 - a name whose equality refuses (an array): not this one
            continue
    return None


def axis_size(name: Any) -> int:
    """The size of the bound axis ``name`` (a ``NameError`` as JAX's when it is unbound)."""
    frame = axis_frame(name)
    if frame is None:
        raise NameError(f"unbound axis name: {name}")
    return frame.size


trace_state = _TraceState()


class new_main:
    """Context manager pushing a new main trace; ``dynamic=True`` makes it catch every ``bind`` (staging)."""

    def __init__(self, trace_type: type[Trace], global_data: Any, description: str, dynamic: bool = True) -> None:
        self.main = MainTrace(len(trace_state.stack), trace_type, global_data, description)
        self.dynamic = dynamic
        self._prev_dynamic: MainTrace | None = None

    def __enter__(self) -> MainTrace:
        trace_state.stack.append(self.main)
        if self.dynamic:
            self._prev_dynamic = trace_state.dynamic
            trace_state.dynamic = self.main
        return self.main

    def __exit__(self, *exc: object) -> None:
        self.main.alive = False
        if self.dynamic:
            trace_state.dynamic = self._prev_dynamic
        popped = trace_state.stack.pop()
        assert popped is self.main, "trace stack corrupted"


class Trace:
    """How one main trace interprets primitives."""

    ref_write_refusal: str | None = None
    """JAX's error when a value of this trace is written into a mutable array reference of an enclosing scope
    (``{ref}``: the reference's type)."""

    def __init__(self, main: MainTrace) -> None:
        self.main = main

    def pure(self, val: Any) -> Tracer:
        raise NotImplementedError

    def lift(self, val: Tracer) -> Tracer:
        raise NotImplementedError

    def process_primitive(self, primitive: Primitive, tracers: list[Tracer], params: dict[str, Any]) -> list[Tracer]:
        raise NotImplementedError

    def full_raise(self, val: Any) -> Tracer:
        if not is_tracer(val):
            return self.pure(val)
        main = val.owner.main
        if not main.alive:
            raise leaked_tracer_error(val)
        if main is self.main:
            tracer: Tracer = val
            return tracer
        if main.level < self.main.level:
            return self.lift(val)
        raise UnexpectedTracerError(
            f"a tracer of an outer transformation ({main.description}) met an inner one "
            f"({self.main.description}) in an unsupported order")


class Tracer(Array):
    """An abstract stand-in for an array while a function is traced. Forwards the whole :class:`Array`
    protocol; refuses to become a concrete value."""

    __slots__ = ("owner",)
    owner: Trace
    __array_priority__ = 1000

    def _what(self) -> str:
        return (f"a traced array of type {self.aval.str_short()}{' (weakly typed)' if self.aval.weak_type else ''} "
                f"while tracing {self.owner.main.description}")

    def _concretization(self, cls: type[JAXTypeError], action: str, instead: str) -> JAXTypeError:
        if not self.owner.main.alive:
            return leaked_tracer_error(self)
        return cls(f"Abstract tracer value encountered where a concrete value is expected: {action} was called on "
                   f"{self._what()}. The value of a traced array is not known until the compiled function runs. "
                   f"{instead}")

    def __array__(self, dtype: Any = None, copy: bool | None = None) -> np.ndarray[Any, Any]:
        raise self._concretization(
            TracerArrayConversionError, "numpy.asarray() (the __array__ method)",
            "Use arraytyping.numpy functions instead of numpy functions inside traced code, or return the value "
            "from the traced function and convert the result.")

    def __bool__(self) -> bool:
        raise self._concretization(
            TracerBoolConversionError, "bool() (e.g. by `if`, `while`, `and`, `or` or `not`)",
            "Use arraytyping.numpy.where(cond, x, y) to select values, or compute the condition outside the traced "
            "function and pass it as a Python value.")

    def __int__(self) -> int:
        raise self._concretization(
            ConcretizationTypeError, "int()",
            "Keep the value as an array (e.g. x.astype('int32')) or compute it outside the traced function.")

    def __float__(self) -> float:
        raise self._concretization(
            ConcretizationTypeError, "float()",
            "Keep the value as an array (e.g. x.astype('float32')) or compute it outside the traced function.")

    def __complex__(self) -> complex:
        raise self._concretization(
            ConcretizationTypeError, "complex()",
            "Keep the value as an array or compute it outside the traced function.")

    def __index__(self) -> int:
        raise self._concretization(
            TracerIntegerConversionError, "__index__() (a traced value used as an index, size or shape)",
            "Shapes, sizes and Python-level indices must be static: pass them as Python ints, not arrays.")

    def to_concrete_value(self) -> Any:
        """The concrete array this tracer stands for where it is known while tracing (the primal of eager
        forward-mode differentiation, as JAX's ``to_concrete_value``), else ``None``."""
        return None

    def item(self) -> Any:
        value = self.to_concrete_value()
        if value is None:
            raise self._concretization(
                ConcretizationTypeError, "item()",
                "Keep the value as an array or compute it outside the traced function.")
        if self.aval.size != 1:
            raise TypeError(f"item() needs an array with one element, got {self.aval.str_short()}")
        return np.asarray(value).item()

    def _only_concrete(self, method: str) -> NoReturn:
        raise self._concretization(ConcretizationTypeError, f"{method}()",
                                   "It is only available on arrays outside traced functions.")

    def tolist(self) -> Any:
        self._only_concrete("tolist")

    def delete(self) -> None:
        self._only_concrete("delete")

    def devices(self) -> Any:
        self._only_concrete("devices")

    def to_device(self, device: Any, *, stream: int | Any | None = None) -> Any:
        self._only_concrete("to_device")

    def __dlpack__(self, *, stream: int | Any | None = None, max_version: tuple[int, int] | None = None,
                   dl_device: tuple[int, int] | None = None, copy: bool | None = None) -> Any:
        self._only_concrete("__dlpack__")

    def __dlpack_device__(self) -> Any:
        self._only_concrete("__dlpack_device__")

    def is_deleted(self) -> bool:
        self._only_concrete("is_deleted")

    def short_repr(self) -> str:
        """How JAX prints a tracer: its kind and type (``JitTracer(~float32[])``...); each kind says its own."""
        return f"{type(self).__name__}<{self.aval}>"

    def __repr__(self) -> str:
        return self.short_repr()

    __str__ = __repr__


def short_repr(x: Any) -> str:
    """A tracer's :meth:`Tracer.short_repr`, any other value's ``str`` (as JAX prints a tracer's contents)."""
    return x.short_repr() if isinstance(x, Tracer) else str(x)


_IS_TRACER: dict[type, bool] = {}
"""``isinstance(x, Tracer)`` by ``type(x)``: ``Tracer`` is an ``Array``, an ABC, whose check is a Python-level call
(about 0.3 us); tracing makes several per operation staged."""


def is_tracer(x: object) -> bool:
    """Whether ``x`` is a tracer (``isinstance(x, Tracer)``, remembered per type)."""
    tp = type(x)
    hit = _IS_TRACER.get(tp)
    if hit is None:
        hit = _IS_TRACER[tp] = isinstance(x, Tracer)
    return hit


def concrete_value(x: Any) -> Any:
    """``x`` where its value is known now: ``x`` itself when it is no tracer, the concrete array a tracer stands
    for (the primal under eager differentiation), else ``None`` (JAX's ``core.to_concrete_value``). Functions whose
    result shape depends on values (``nonzero``, ``unique``, boolean masks) work where it is known."""
    if isinstance(x, Tracer):
        return x.to_concrete_value()
    return x


def leaked_tracer_error(t: Tracer) -> UnexpectedTracerError:
    return UnexpectedTracerError(
        f"Encountered a leaked tracer: a traced array of type {t.aval.str_short()} created while tracing "
        f"{t.owner.main.description} was used after that trace had finished. This happens when a traced "
        "function stores an intermediate value outside itself (in a global, a closure, an attribute or a "
        "container) and it is used later. Return the value from the traced function instead.")


def find_top_trace(args: Sequence[Any]) -> Trace | None:
    """The trace of highest level among the tracers in ``args`` and the dynamic trace; ``None`` if there is none
    (the operation runs eagerly)."""
    top: MainTrace | None = trace_state.dynamic
    for x in args:
        if is_tracer(x):
            main = x.owner.main
            if not main.alive:
                raise leaked_tracer_error(x)
            if top is None or main.level > top.level:
                top = main
    if top is None:
        return None
    return top.trace_type(top)


_eager_apply: Callable[[Primitive, Sequence[Any], dict[str, Any]], Any]


def set_eager_apply(fn: Callable[[Primitive, Sequence[Any], dict[str, Any]], Any]) -> None:
    global _eager_apply
    _eager_apply = fn


def bind(prim: Primitive, args: Sequence[Any], params: dict[str, Any]) -> Any:
    """Apply ``prim``: stage it into the top trace, or run it eagerly when nothing is traced."""
    trace = find_top_trace(args)
    if prim.named_axes is not None:
        for name in prim.named_axes(params):
            frame = axis_frame(name)
            if frame is not None and frame.main is not None and frame.main.alive and (
                    trace is None or frame.main.level > trace.main.level):
                trace = frame.main.trace_type(frame.main)
    if trace is None:
        return _eager_apply(prim, args, params)
    tracers = [trace.full_raise(a) for a in args]
    outs = trace.process_primitive(prim, tracers, params)
    return outs if prim.multiple_results else outs[0]
