"""Profiling (JAX 0.10.2's ``jax.profiler``) on jaxlib's profiler, the one JAX uses: a trace session (``trace``,
``start_trace``/``stop_trace``) that writes an XSpace profile TensorBoard and Perfetto read, the annotations that
mark spans of the timeline, the profiler server TensorBoard connects to, the device memory profile (``pprof``), and
:class:`ProfileData`, the collected profile as Python objects (planes, lines, events).

jaxlib's classes have no type declarations; they are held behind the typed classes here, which keep JAX's names,
signatures and behaviour (``TraceAnnotation`` is a context manager as JAX's, over jaxlib's ``TraceMe``)."""

from __future__ import annotations

import contextlib
import functools
import gzip
import importlib
import json
import os
import pathlib
import threading
from collections.abc import Callable, Generator, Iterator
from types import TracebackType
from typing import Any, ParamSpec, TypeVar

from arraytyping._src.xla import backend as xla_backend

__all__ = ["ProfileData", "ProfileEvent", "ProfileOptions", "ProfilePlane", "StepTraceAnnotation",
           "TraceAnnotation", "annotate_function", "device_memory_profile", "register_subprocess",
           "save_device_memory_profile", "start_server", "start_trace", "stop_server", "stop_trace", "trace"]

_P = ParamSpec("_P")
_R = TypeVar("_R")


def _profiler() -> Any:
    return importlib.import_module("jaxlib._profiler")


def _profile_data() -> Any:
    return importlib.import_module("jaxlib._profile_data")


class ProfileOptions:
    """What a trace collects (JAX's ``jax.profiler.ProfileOptions``, jaxlib's options): the host tracer's level
    (0 off, 1 user annotations, 2 and 3 more of the runtime), the Python tracer's (0 off, 1 every Python call),
    whether compiled programs' HLO is kept, a start time and a duration for a delayed or bounded trace.

    Example::

        options = arraytyping.profiler.ProfileOptions()
        options.python_tracer_level = 0
        arraytyping.profiler.start_trace("/tmp/trace", profiler_options=options)
    """

    def __init__(self) -> None:
        self.include_dataset_ops: bool = True
        self.host_tracer_level: int = 2
        self.python_tracer_level: int = 1
        self.enable_hlo_proto: bool = True
        self.start_timestamp_ns: int = 0
        self.duration_ms: int = 0
        self.raise_error_on_start_failure: bool = False
        self.advanced_configuration: dict[str, Any] = {}
        self.repository_path: str = ""
        self.session_id: str = ""

    def native(self) -> Any:
        """These options as jaxlib's profiler takes them."""
        native = _profiler().ProfileOptions()
        for name, value in vars(self).items():
            setattr(native, name, value)
        return native


class ProfileEvent:
    """One event of a :class:`ProfileData` line: its ``name``, start, end and duration in nanoseconds, and its
    ``stats`` (``(name, value)`` pairs: the keyword arguments of a :class:`TraceAnnotation`...)."""

    def __init__(self, native: Any) -> None:
        self._native = native

    @property
    def name(self) -> str:
        """The event's name."""
        return str(self._native.name)

    @property
    def start_ns(self) -> float:
        """When it started (nanoseconds)."""
        return float(self._native.start_ns)

    @property
    def duration_ns(self) -> float:
        """How long it lasted (nanoseconds)."""
        return float(self._native.duration_ns)

    @property
    def end_ns(self) -> float:
        """When it ended (nanoseconds)."""
        return float(self._native.end_ns)

    @property
    def stats(self) -> Iterator[tuple[str, Any]]:
        """Its statistics, as ``(name, value)`` pairs."""
        return iter([(str(k), v) for k, v in self._native.stats])

    def __repr__(self) -> str:
        return f"ProfileEvent(name={self.name!r}, duration_ns={self.duration_ns})"


class ProfileLine:
    """A timeline of a :class:`ProfilePlane` (a thread: ``python``, a compiler thread pool...): its ``name`` and
    its :class:`ProfileEvent`\\ s."""

    def __init__(self, native: Any) -> None:
        self._native = native

    @property
    def name(self) -> str:
        """The line's name."""
        return str(self._native.name)

    @property
    def events(self) -> Iterator[ProfileEvent]:
        """Its events, in order."""
        return (ProfileEvent(e) for e in self._native.events)


class ProfilePlane:
    """A part of a :class:`ProfileData` (``/host:CPU``, a device, ``/host:metadata``): its ``name``, its
    :class:`ProfileLine`\\ s and its ``stats``."""

    def __init__(self, native: Any) -> None:
        self._native = native

    @property
    def name(self) -> str:
        """The plane's name."""
        return str(self._native.name)

    @property
    def lines(self) -> Iterator[ProfileLine]:
        """Its timelines."""
        return (ProfileLine(line) for line in self._native.lines)

    @property
    def stats(self) -> Iterator[tuple[str, Any]]:
        """Its statistics, as ``(name, value)`` pairs."""
        return iter([(str(k), v) for k, v in self._native.stats])


class ProfileData:
    """A collected profile (an XSpace) as Python objects (JAX's ``jax.profiler.ProfileData``): its
    :class:`ProfilePlane`\\ s, from a trace's file (:meth:`from_file`) or its serialized bytes.

    Example::

        data = arraytyping.profiler.ProfileData.from_file(path_of_an_xplane_pb)
        cpu = data.find_plane_with_name("/host:CPU")
        names = [e.name for line in cpu.lines for e in line.events]
    """

    def __init__(self, native: Any) -> None:
        self._native = native

    @classmethod
    def from_file(cls, proto_file_path: str) -> ProfileData:
        """The profile a trace wrote (``<log_dir>/plugins/profile/<run>/<host>.xplane.pb``)."""
        return cls(_profile_data().ProfileData.from_file(str(proto_file_path)))

    @classmethod
    def from_serialized_xspace(cls, serialized_xspace: bytes) -> ProfileData:
        """The profile of a serialized XSpace."""
        return cls(_profile_data().ProfileData.from_serialized_xspace(serialized_xspace))

    @classmethod
    def from_text_proto(cls, text_proto: str) -> ProfileData:
        """The profile of an XSpace in protobuf's text format."""
        return cls(_profile_data().ProfileData.from_text_proto(text_proto))

    @staticmethod
    def text_proto_to_serialized_xspace(text_proto: str) -> bytes:
        """An XSpace in protobuf's text format, serialized."""
        return bytes(_profile_data().ProfileData.text_proto_to_serialized_xspace(text_proto))

    @property
    def planes(self) -> Iterator[ProfilePlane]:
        """Its planes."""
        return (ProfilePlane(p) for p in self._native.planes)

    def find_plane_with_name(self, name: str) -> ProfilePlane | None:
        """The plane named ``name`` (``"/host:CPU"``), or ``None``."""
        plane = self._native.find_plane_with_name(name)
        return None if plane is None else ProfilePlane(plane)


class ProfilerServer:
    """The profiler server :func:`start_server` started (TensorBoard's profile plugin connects to it)."""

    def __init__(self, native: Any, port: int) -> None:
        self._native = native
        self.port = port


_server: ProfilerServer | None = None


def start_server(port: int, requires_backend: bool = True) -> ProfilerServer:
    """Start the profiler server on ``port``, which TensorBoard's "profile" plugin connects to and samples traces
    from (JAX's ``jax.profiler.start_server``); one at a time (``ValueError`` for a second).

    Example::

        arraytyping.profiler.start_server(9999)
    """
    global _server
    if _server is not None:
        raise ValueError("Only one profiler server can be active at a time.")
    if requires_backend:
        xla_backend.backend()
    _server = ProfilerServer(_profiler().start_server(port), port)
    return _server


def stop_server() -> None:
    """Stop the profiler server (``ValueError`` if none runs).

    Example::

        arraytyping.profiler.stop_server()
    """
    global _server
    if _server is None:
        raise ValueError("No active profiler server.")
    _server = None  # the server stops when its last reference goes


def register_subprocess(pid: int, port: int) -> Callable[[], None]:
    """Profile the process ``pid`` (whose profiler server listens on ``port``) with this one: a trace of this
    process gathers its events too. Returns the function that unregisters it; jaxlib's ``RuntimeError`` when it
    cannot be reached.

    Example::

        unregister = arraytyping.profiler.register_subprocess(worker.pid, 9012)
    """
    unregister: Callable[[], None] = _profiler().register_subprocess(pid, port)
    return unregister


class _TraceState:
    def __init__(self) -> None:
        self.session: Any = None
        self.log_dir: str | None = None
        self.perfetto_link = False
        self.perfetto_trace = False
        self.lock = threading.Lock()


_state = _TraceState()


def start_trace(log_dir: os.PathLike[str] | str, create_perfetto_link: bool = False,
                create_perfetto_trace: bool = False, profiler_options: ProfileOptions | None = None) -> None:
    """Start a profiler trace of this process: host activity, Python calls, compilations and executions, until
    :func:`stop_trace` writes it under ``log_dir`` (TensorBoard's log folder: ``plugins/profile/<run>/``). One trace
    at a time (``RuntimeError`` for a second).

    Args:
        log_dir: where the trace is written.
        create_perfetto_link: also serve the trace to ``ui.perfetto.dev`` and print its link (blocks until it
            is opened).
        create_perfetto_trace: also write ``perfetto_trace.json.gz``, which Perfetto opens.
        profiler_options: what to collect (:class:`ProfileOptions`).

    Example::

        arraytyping.profiler.start_trace("/tmp/trace")
        train_step(params, batch).block_until_ready()
        arraytyping.profiler.stop_trace()
    """
    with _state.lock:
        if _state.session is not None:
            raise RuntimeError("Profile has already been started. Only one profile may be run at a time.")
        profiler = _profiler()
        profiler.clear_metadata()
        b = xla_backend.backend()
        options = (profiler_options or ProfileOptions()).native()
        profiler.set_metadata("jaxlib_version", importlib.import_module("jaxlib.version").__version__)
        profiler.set_metadata(f"{b.platform}_version", str(getattr(b.client, "platform_version", "")))
        _state.session = profiler.ProfilerSession(options)
        _state.perfetto_link = create_perfetto_link
        _state.perfetto_trace = create_perfetto_trace or create_perfetto_link
        _state.log_dir = str(log_dir)


def _write_perfetto_trace_file(log_dir: str) -> pathlib.Path:
    folders = (pathlib.Path(log_dir).absolute() / "plugins" / "profile").iterdir()
    latest = max(folders, key=os.path.getmtime)
    traces = list(latest.glob("*.trace.json.gz"))
    if len(traces) != 1:
        raise ValueError(f"Invalid trace folder: {latest}")
    with gzip.open(traces[0], "rb") as fp:
        content = json.load(fp)
    content.pop("metadata", None)  # Perfetto refuses the metadata field
    out = latest / "perfetto_trace.json.gz"
    with gzip.open(out, "w") as fp:
        fp.write(json.dumps(content).encode("utf-8"))
    return out


def _host_perfetto_trace_file(path: pathlib.Path) -> None:
    import http.server
    import socketserver

    class Handler(http.server.SimpleHTTPRequestHandler):
        last_request: str | None = None

        def end_headers(self) -> None:
            self.send_header("Access-Control-Allow-Origin", "*")
            super().end_headers()

        def do_GET(self) -> None:  # noqa: N802 - http.server's name
            Handler.last_request = self.path
            super().do_GET()

    port = 9001  # ui.perfetto.dev fetches traces from 127.0.0.1:9001
    handler = functools.partial(Handler, directory=str(path.parent))
    socketserver.TCPServer.allow_reuse_address = True
    with socketserver.TCPServer(("127.0.0.1", port), handler) as httpd:
        print(f"Open URL in browser: https://ui.perfetto.dev/#!/?url=http://127.0.0.1:{port}/{path.name}")
        while Handler.last_request != "/" + path.name:
            httpd.handle_request()


def stop_trace() -> None:
    """Stop the trace :func:`start_trace` started and write it to its ``log_dir`` (``RuntimeError`` if none runs).

    Example::

        arraytyping.profiler.stop_trace()
    """
    with _state.lock:
        session, log_dir = _state.session, _state.log_dir
        if session is None or log_dir is None:
            raise RuntimeError("No profile started")
        try:
            session.stop_and_export(log_dir)
            if _state.perfetto_trace:
                path = _write_perfetto_trace_file(log_dir)
                if _state.perfetto_link:
                    _host_perfetto_trace_file(path)
        finally:
            _state.session, _state.log_dir = None, None
            _state.perfetto_link = _state.perfetto_trace = False
            _profiler().clear_metadata()


@contextlib.contextmanager
def trace(log_dir: os.PathLike[str] | str, create_perfetto_link: bool = False, create_perfetto_trace: bool = False,
          profiler_options: ProfileOptions | None = None) -> Generator[None]:
    """A profiler trace of the ``with`` block, written to ``log_dir`` at its end (:func:`start_trace`'s
    arguments).

    Example::

        with arraytyping.profiler.trace("/tmp/trace"):
            loss = train_step(params, batch)
            loss.block_until_ready()
    """
    start_trace(log_dir, create_perfetto_link, create_perfetto_trace, profiler_options)
    try:
        yield
    finally:
        stop_trace()


class TraceAnnotation:
    """A span of the trace's timeline named ``name``, for the time the ``with`` block runs (JAX's
    ``jax.profiler.TraceAnnotation``); keyword arguments become the event's statistics. Costs nearly nothing when
    no trace runs.

    Example::

        with arraytyping.profiler.TraceAnnotation("my_label", batch=3):
            result = (x @ x.T).block_until_ready()
    """

    def __init__(self, name: str, **kwargs: Any) -> None:
        self._native: Any = _profiler().TraceMe(name, **kwargs)

    def __enter__(self) -> TraceAnnotation:
        self._native.__enter__()
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self._native.__exit__(exc_type, exc, tb)

    def set_metadata(self, **kwargs: Any) -> None:
        """Add statistics to the event while it is open."""
        self._native.set_metadata(**kwargs)

    @staticmethod
    def is_enabled() -> bool:
        """Whether a trace is running (annotations are then recorded)."""
        return bool(_profiler().TraceMe.is_enabled())


class StepTraceAnnotation(TraceAnnotation):
    """A :class:`TraceAnnotation` that marks one step of a loop (``step_num=`` its number): the profiler's step
    analysis groups the trace by them.

    Example::

        for step in range(steps):
            with arraytyping.profiler.StepTraceAnnotation("train", step_num=step):
                params = train_step(params, next(batches))
    """

    def __init__(self, name: str, **kwargs: Any) -> None:
        super().__init__(name, _r=1, **kwargs)


def annotate_function(func: Callable[_P, _R], name: str | None = None, **decorator_kwargs: Any) -> Callable[_P, _R]:
    """A decorator: every call of ``func`` is a :class:`TraceAnnotation` named ``name`` (its qualified name by
    default), with ``decorator_kwargs`` as statistics; arguments through ``functools.partial``, as JAX's.

    Example::

        @arraytyping.profiler.annotate_function
        def step(x):
            return (x @ x.T).block_until_ready()

        @functools.partial(arraytyping.profiler.annotate_function, name="eval", split="test")
        def evaluate(x): ...
    """
    label = name or getattr(func, "__qualname__", None)
    label = label or func.__name__

    @functools.wraps(func)
    def wrapper(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        with TraceAnnotation(label, **decorator_kwargs):
            return func(*args, **kwargs)

    return wrapper


def device_memory_profile(backend: str | None = None) -> bytes:
    """The live device memory (arrays and executables, each with the Python stack that allocated it) as a
    gzip-compressed ``pprof`` protocol buffer, which the ``pprof`` tool reads (JAX's
    ``jax.profiler.device_memory_profile``). ``backend`` must be the default backend's platform, or ``None``.

    Example::

        profile = arraytyping.profiler.device_memory_profile()
    """
    b = xla_backend.backend()
    if backend is not None and backend != b.platform:
        raise RuntimeError(f"Unknown backend {backend}: arraytyping profiles the default backend "
                           f"({b.platform!r})")
    return gzip.compress(bytes(b.client.heap_profile()))


def save_device_memory_profile(filename: os.PathLike[str] | str, backend: str | None = None) -> None:
    """Write :func:`device_memory_profile` to ``filename``.

    Example::

        arraytyping.profiler.save_device_memory_profile("memory.prof")   # then: pprof --web memory.prof
    """
    profile = device_memory_profile(backend)
    with open(filename, "wb") as f:
        f.write(profile)
