"""JAX 0.10.2's top-level functions about the process, its devices and how code is traced: device and process
counts (one process), ``device_get``, ``live_arrays``, ``print_environment_info``, and the context managers and
wrappers that change nothing arraytyping computes (``named_scope``, ``named_call``) or when it computes
(``ensure_compile_time_eval``)."""

from __future__ import annotations

import contextlib
import functools
import platform
import sys
import warnings
from collections.abc import Callable, Generator
from importlib import metadata
from typing import Any, TypeVar

import numpy as np

from arraytyping._src.core import trace as core
from arraytyping._src.tree import pytree as tree
from arraytyping._src.xla.array_impl import ArrayImpl
from arraytyping._src.xla.backend import backend, get_backend

__all__ = ["copy_to_host_async", "default_backend", "device_count", "device_get", "effects_barrier",
           "ensure_compile_time_eval", "host_count", "host_id", "host_ids", "live_arrays", "local_device_count",
           "local_devices", "named_call", "named_scope", "print_environment_info", "process_count", "process_index",
           "process_indices"]

_EnvF = TypeVar("_EnvF", bound=Callable[..., Any])
_EnvT = TypeVar("_EnvT")


def device_count(backend: str | None = None) -> int:
    """The number of devices of the default backend, or of ``backend`` (a platform: ``"cpu"``, ``"gpu"``...).

    ::

        arraytyping.device_count()   # 1 on a machine with one CPU device
    """
    return len(get_backend(backend).devices)


def local_device_count(backend: str | None = None) -> int:
    """The number of devices this process drives: :func:`device_count` (arraytyping runs one process)."""
    return len(get_backend(backend).devices)


def local_devices(process_index: int | None = None, backend: str | None = None, host_id: int | None = None
                  ) -> list[Any]:
    """The devices of process ``process_index`` (``host_id`` is its old name; this process, 0, by default) on the
    default backend or ``backend``: all of them for process 0, none for another (arraytyping runs one process).

    ::

        arraytyping.local_devices()   # [CpuDevice(id=0)]
    """
    index = process_index if process_index is not None else host_id if host_id is not None else 0
    return list(get_backend(backend).devices) if index == 0 else []


def default_backend() -> str:
    """The platform of the default backend: ``"cpu"``, or a PJRT plugin's (``"cuda"``...)."""
    return str(backend().platform)


def process_index(backend: str | None = None) -> int:
    """This process's index among the processes of a multi-process computation: 0 (arraytyping runs one)."""
    get_backend(backend)
    return 0


def process_count(backend: str | None = None) -> int:
    """The number of processes of the computation: 1 (arraytyping runs one)."""
    get_backend(backend)
    return 1


def process_indices(backend: str | None = None) -> list[int]:
    """The indices of the processes of the computation: ``[0]`` (arraytyping runs one)."""
    return list(range(process_count(backend)))


def _renamed(old: str, new: str) -> None:
    warnings.warn(f"jax.{old} has been renamed to jax.{new}. This alias will eventually be removed; please update "
                  "your code.", UserWarning, stacklevel=3)


def host_id(backend: str | None = None) -> int:
    """The old name of :func:`process_index` (with JAX's ``UserWarning``)."""
    _renamed("host_id", "process_index")
    return process_index(backend)


def host_count(backend: str | None = None) -> int:
    """The old name of :func:`process_count` (with JAX's ``UserWarning``)."""
    _renamed("host_count", "process_count")
    return process_count(backend)


def host_ids(backend: str | None = None) -> list[int]:
    """The old name of :func:`process_indices` (with JAX's ``UserWarning``)."""
    _renamed("host_ids", "process_indices")
    return process_indices(backend)


def effects_barrier() -> None:
    """Wait until the side effects of functions already called (host callbacks, ``debug.print``) are done: they
    run as their computation runs, so there is nothing left to wait for when it returns."""


def copy_to_host_async(x: _EnvT) -> _EnvT:
    """Start copying each array leaf of ``x`` to the host, so that a later ``numpy.asarray`` of it does not wait
    for the copy; returns ``x`` (other leaves are left alone)."""
    for leaf in tree.leaves(x):
        if isinstance(leaf, ArrayImpl):
            leaf.check_alive()
            leaf.buf._copy_single_device_array_to_host_async()
    return x


def _device_get(x: Any) -> Any:
    if isinstance(x, core.Tracer):
        return x
    to_array = getattr(x, "__array__", None)
    return x if to_array is None else to_array()


def device_get(x: Any) -> Any:
    """``x`` with every array leaf copied to the host as a numpy array (other leaves, Python scalars included, as
    they are; a tracer stays a tracer), as JAX's ``jax.device_get``.

    ::

        arraytyping.device_get({"w": anp.ones(2), "n": 3})   # {'w': array([1., 1.], dtype=float32), 'n': 3}
    """
    return tree.tree_map(_device_get, x)


def live_arrays(platform: str | None = None) -> list[Any]:
    """The arrays alive on the devices of the default backend (or of ``platform``): one array for each device
    buffer not yet freed or deleted."""
    return [ArrayImpl.new(b, b.aval) for b in get_backend(platform).live_buffers() if not b.is_deleted()]


def _version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "not installed"


def print_environment_info(return_string: bool = False) -> str | None:
    """Print (or, with ``return_string``, return) the versions arraytyping runs on and its devices, as JAX's
    ``jax.print_environment_info`` (with ``arraytyping`` in place of ``jax``)::

        arraytyping: 0.1.0
        jaxlib:      0.10.2
        numpy:       2.4.6
        python:      3.11.7 ...
        device info: cpu-1, 1 local devices
        process_count: 1
        platform: uname_result(...)
    """
    b = backend()
    text = "\n".join([
        f"arraytyping: {_version('arraytyping')}",
        f"jaxlib:      {_version('jaxlib')}",
        f"numpy:       {np.__version__}",
        f"python:      {sys.version.replace(chr(10), ' ')}",
        f"device info: {b.devices[0].device_kind if b.devices else b.platform}-{len(b.devices)}, "
        f"{len(b.devices)} local devices",
        f"process_count: {process_count()}",
        f"platform: {platform.uname()}",
    ]) + "\n"
    if return_string:
        return text
    print(text)
    return None


@contextlib.contextmanager
def named_scope(name: str) -> Generator[None]:
    """A context manager naming the operations staged in it (JAX's ``jax.named_scope``, which adds ``name`` to
    the names XLA's profiles show). arraytyping keeps no such names: the operations, their jaxprs and their results
    are unchanged.

    ::

        with arraytyping.named_scope("layer1"):
            y = anp.tanh(x @ w)
    """
    if not isinstance(name, str):  # pyright: ignore[reportUnnecessaryIsInstance] - untyped callers
        raise TypeError("named_scope name argument must be a string.")
    yield


def named_call(fun: _EnvF, *, name: str | None = None) -> _EnvF:
    """``fun`` with its operations named ``name`` (its ``__name__`` by default) in profiles (JAX's
    ``jax.named_call``): the function itself, as arraytyping keeps no names (its jaxpr is unchanged, as in JAX
    0.10.2)."""
    if name is not None and not isinstance(name, str):  # pyright: ignore[reportUnnecessaryIsInstance]
        raise TypeError("named_call name argument must be a string.")

    @functools.wraps(fun)
    def named(*args: Any, **kwargs: Any) -> Any:
        return fun(*args, **kwargs)
    return named  # type: ignore[return-value]  # the same signature


@contextlib.contextmanager
def ensure_compile_time_eval() -> Generator[None]:
    """Within this context, operations on concrete values are computed when the code is traced, even inside
    ``jit``: their results are concrete values (``int()``, ``bool()`` and Python control flow work on them), and
    only operations on traced values are staged (JAX's ``jax.ensure_compile_time_eval``).

    ::

        @arraytyping.jit
        def f(x):
            with arraytyping.ensure_compile_time_eval():
                n = int(anp.arange(4).sum())   # 6, at trace time
            return x + n
    """
    state = core.trace_state
    before = state.dynamic
    state.dynamic = None
    try:
        yield
    finally:
        state.dynamic = before
