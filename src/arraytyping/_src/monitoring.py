"""Events a program reports to whoever listens (JAX 0.10.2's ``jax.monitoring``): named events, durations, time
spans and scalars, handed to the listeners registered for their kind. Standard library only.

The runtime reports, as JAX does, the three steps of compiling a ``jit`` function (:func:`log_elapsed_time`):
``/jax/core/compile/jaxpr_trace_duration`` (tracing to a jaxpr), ``/jax/core/compile/jaxpr_to_mlir_module_duration``
(lowering to StableHLO) and ``/jax/core/compile/backend_compile_duration`` (XLA's compilation): at the start a
scalar (the start time), at the end a duration and a time span, each with the function's name as ``fun_name``.
"""

from __future__ import annotations

import logging
import time
from types import TracebackType
from collections.abc import Callable
from typing import Protocol

__all__ = [
    "BACKEND_COMPILE_EVENT", "EventDurationListenerWithMetadata", "EventListenerWithMetadata",
    "EventTimeSpanListenerWithMetadata", "JAXPR_TO_MLIR_MODULE_EVENT", "JAXPR_TRACE_EVENT",
    "ScalarListenerWithMetadata", "clear_event_listeners", "get_event_duration_listeners", "get_event_listeners",
    "get_event_time_span_listeners", "get_scalar_listeners", "log_elapsed_time", "record_event",
    "record_event_duration_secs", "record_event_time_span", "record_scalar", "register_event_duration_secs_listener",
    "register_event_listener", "register_event_time_span_listener", "register_scalar_listener",
    "set_compile_log_level", "unregister_event_duration_listener", "unregister_event_listener",
    "unregister_event_time_span_listener", "unregister_scalar_listener",
]

JAXPR_TRACE_EVENT = "/jax/core/compile/jaxpr_trace_duration"
JAXPR_TO_MLIR_MODULE_EVENT = "/jax/core/compile/jaxpr_to_mlir_module_duration"
BACKEND_COMPILE_EVENT = "/jax/core/compile/backend_compile_duration"

logger = logging.getLogger("arraytyping.monitoring")

_compile_log_level: list[Callable[[], int]] = [lambda: logging.DEBUG]


def set_compile_log_level(level: Callable[[], int]) -> None:
    """Where :func:`log_elapsed_time` reads the level of its messages: ``WARNING`` under ``jax_log_compiles``
    (set by the configuration, a layer above), ``DEBUG`` otherwise."""
    _compile_log_level[0] = level


class EventListenerWithMetadata(Protocol):
    """A listener of :func:`record_event`: called with the event's name and its keyword metadata."""

    def __call__(self, event: str, **kwargs: str | int) -> None: ...


class EventDurationListenerWithMetadata(Protocol):
    """A listener of :func:`record_event_duration_secs`."""

    def __call__(self, event: str, duration_secs: float, **kwargs: str | int) -> None: ...


class EventTimeSpanListenerWithMetadata(Protocol):
    """A listener of :func:`record_event_time_span`."""

    def __call__(self, event: str, start_time: float, end_time: float, **kwargs: str | int) -> None: ...


class ScalarListenerWithMetadata(Protocol):
    """A listener of :func:`record_scalar`."""

    def __call__(self, event: str, value: float | int, **kwargs: str | int) -> None: ...


_event_listeners: list[EventListenerWithMetadata] = []
_event_duration_secs_listeners: list[EventDurationListenerWithMetadata] = []
_event_time_span_listeners: list[EventTimeSpanListenerWithMetadata] = []
_scalar_listeners: list[ScalarListenerWithMetadata] = []


def record_event(event: str, **kwargs: str | int) -> None:
    """Report that ``event`` happened, to every listener of :func:`register_event_listener`; the metadata
    ``kwargs`` in the same order at every report of one event.

    Example::

        arraytyping.monitoring.record_event("/my_app/checkpoint_saved", step=10)
    """
    for callback in list(_event_listeners):
        callback(event, **kwargs)


def record_event_duration_secs(event: str, duration: float, **kwargs: str | int) -> None:
    """Report how long ``event`` took, in seconds, to every listener of
    :func:`register_event_duration_secs_listener`.

    Example::

        arraytyping.monitoring.record_event_duration_secs("/my_app/epoch", 12.5, epoch=3)
    """
    for callback in list(_event_duration_secs_listeners):
        callback(event, duration, **kwargs)


def record_event_time_span(event: str, start_time: float, end_time: float, **kwargs: str | int) -> None:
    """Report when ``event`` started and ended (seconds, as ``time.time()``), to every listener of
    :func:`register_event_time_span_listener`.

    Example::

        arraytyping.monitoring.record_event_time_span("/my_app/epoch", t0, time.time())
    """
    for callback in list(_event_time_span_listeners):
        callback(event, start_time, end_time, **kwargs)


def record_scalar(event: str, value: float | int, **kwargs: str | int) -> None:
    """Report a scalar value of ``event``, to every listener of :func:`register_scalar_listener`.

    Example::

        arraytyping.monitoring.record_scalar("/my_app/loss", 0.25, step=10)
    """
    for callback in list(_scalar_listeners):
        callback(event, value, **kwargs)


def register_event_listener(callback: EventListenerWithMetadata) -> None:
    """Call ``callback(event, **metadata)`` at every :func:`record_event`.

    Example::

        arraytyping.monitoring.register_event_listener(lambda event, **kw: print(event, kw))
    """
    _event_listeners.append(callback)


def register_event_duration_secs_listener(callback: EventDurationListenerWithMetadata) -> None:
    """Call ``callback(event, duration_secs, **metadata)`` at every :func:`record_event_duration_secs` (the
    compilation steps of ``jit`` among them).

    Example::

        durations = []
        arraytyping.monitoring.register_event_duration_secs_listener(
            lambda event, secs, **kw: durations.append((event, kw.get("fun_name"), secs)))
    """
    _event_duration_secs_listeners.append(callback)


def register_event_time_span_listener(callback: EventTimeSpanListenerWithMetadata) -> None:
    """Call ``callback(event, start_time, end_time, **metadata)`` at every :func:`record_event_time_span`.

    Example::

        arraytyping.monitoring.register_event_time_span_listener(lambda event, t0, t1, **kw: print(event, t1 - t0))
    """
    _event_time_span_listeners.append(callback)


def register_scalar_listener(callback: ScalarListenerWithMetadata) -> None:
    """Call ``callback(event, value, **metadata)`` at every :func:`record_scalar`.

    Example::

        arraytyping.monitoring.register_scalar_listener(lambda event, value, **kw: print(event, value))
    """
    _scalar_listeners.append(callback)


def get_event_listeners() -> list[EventListenerWithMetadata]:
    """The listeners of :func:`record_event`, in order of registration (a copy)."""
    return list(_event_listeners)


def get_event_duration_listeners() -> list[EventDurationListenerWithMetadata]:
    """The listeners of :func:`record_event_duration_secs` (a copy)."""
    return list(_event_duration_secs_listeners)


def get_event_time_span_listeners() -> list[EventTimeSpanListenerWithMetadata]:
    """The listeners of :func:`record_event_time_span` (a copy)."""
    return list(_event_time_span_listeners)


def get_scalar_listeners() -> list[ScalarListenerWithMetadata]:
    """The listeners of :func:`record_scalar` (a copy)."""
    return list(_scalar_listeners)


def clear_event_listeners() -> None:
    """Unregister every listener, of every kind (JAX 0.10.2's keeps the scalar listeners, by an oversight: a
    local assignment).

    Example::

        arraytyping.monitoring.clear_event_listeners()
    """
    _event_listeners.clear()
    _event_duration_secs_listeners.clear()
    _event_time_span_listeners.clear()
    _scalar_listeners.clear()


def _unregister(listeners: list[object], callback: object) -> None:
    if callback not in listeners:  # JAX asserts it
        raise AssertionError(f"{callback!r} is not a registered listener")
    listeners.remove(callback)


def unregister_event_listener(callback: EventListenerWithMetadata) -> None:
    """Stop calling ``callback`` at :func:`record_event`; ``AssertionError`` (JAX's) if it is not registered."""
    _unregister(_event_listeners, callback)  # type: ignore[arg-type]


def unregister_event_duration_listener(callback: EventDurationListenerWithMetadata) -> None:
    """Stop calling ``callback`` at :func:`record_event_duration_secs`; ``AssertionError`` (JAX's) if it is not registered."""
    _unregister(_event_duration_secs_listeners, callback)  # type: ignore[arg-type]


def unregister_event_time_span_listener(callback: EventTimeSpanListenerWithMetadata) -> None:
    """Stop calling ``callback`` at :func:`record_event_time_span`; ``AssertionError`` (JAX's) if it is not registered."""
    _unregister(_event_time_span_listeners, callback)  # type: ignore[arg-type]


def unregister_scalar_listener(callback: ScalarListenerWithMetadata) -> None:
    """Stop calling ``callback`` at :func:`record_scalar`; ``AssertionError`` (JAX's) if it is not registered."""
    _unregister(_scalar_listeners, callback)  # type: ignore[arg-type]


class log_elapsed_time:  # noqa: N801 - a context manager named for what it does, as JAX's
    """Time a step of compilation (JAX's ``dispatch.log_elapsed_time``): the start time reported as a scalar of
    ``event`` on entry, the duration and the time span on exit, each with ``fun_name``; the message ``fmt`` logged
    (``{fun_name}``, ``{elapsed_time}``) at debug level, or as a warning under ``jax_log_compiles``."""

    __slots__ = ("fmt", "fun_name", "event", "start_time")

    def __init__(self, fmt: str, fun_name: str, event: str) -> None:
        self.fmt = fmt
        self.fun_name = fun_name
        self.event = event
        self.start_time = 0.0

    def __enter__(self) -> None:
        self.start_time = time.time()
        if _scalar_listeners:
            record_scalar(self.event, self.start_time, fun_name=self.fun_name)

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        end_time = time.time()
        elapsed = end_time - self.start_time
        level = _compile_log_level[0]()
        if logger.isEnabledFor(level):
            logger.log(level, self.fmt.format(fun_name=self.fun_name, elapsed_time=elapsed))
        record_event_duration_secs(self.event, elapsed, fun_name=self.fun_name)
        record_event_time_span(self.event, self.start_time, end_time, fun_name=self.fun_name)
