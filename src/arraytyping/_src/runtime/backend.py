"""The XLA backend: one jaxlib CPU client, its devices, host<->device transfers, compilation and execution.

jaxlib is imported on first use, so ``import arraytyping`` stays free of it. Everything jaxlib needs from the
``jax`` Python package (a sharding with ``_to_xla_hlo_sharding`` and friends, an aval with ``shape``, ``dtype`` and
``weak_type``) is provided here; ``jax`` itself is never imported.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import threading
from collections.abc import Sequence
from typing import Any, Final, TypeAlias

import numpy as np

from arraytyping._src.runtime.avals import ShapedArray

Buffer: TypeAlias = Any
"""A jaxlib device buffer (``jaxlib._jax.ArrayImpl``). jaxlib's stubs are partial, so every jaxlib object is handled
as ``Any`` behind the typed methods of :class:`Backend`."""


def _load_jaxlib() -> tuple[Any, Any]:
    """jaxlib's ``_jax`` extension module and ``xla_client``, typed ``Any`` (their stubs are incomplete)."""
    import importlib

    return importlib.import_module("jaxlib._jax"), importlib.import_module("jaxlib.xla_client")

__all__ = ["Backend", "backend", "quiet_cpp_logging", "UnsupportedDTypeError", "check_supported", "UNSUPPORTED_DTYPES"]

UNSUPPORTED_DTYPES: Final[frozenset[str]] = frozenset({"float6_e2m3fn", "float6_e3m2fn", "int1", "uint1"})
"""Dtypes XLA's CPU backend cannot hold: promotion still works on them abstractly (``make_jaxpr``, abstract
evaluation), but arrays of them cannot be created."""


class UnsupportedDTypeError(TypeError):
    """An array of a dtype the backend cannot hold was requested."""


def check_supported(aval: ShapedArray) -> None:
    name = aval.name
    if name in UNSUPPORTED_DTYPES:
        raise UnsupportedDTypeError(
            f"dtype {name} is not supported by XLA's CPU backend, so no array of it can be created. It still "
            f"promotes and traces abstractly (arraytyping.make_jaxpr); to compute, cast to a supported dtype "
            f"first, e.g. x.astype('float32') on the numpy side.")


def quiet_cpp_logging() -> None:
    """Keep jaxlib's C++ INFO lines (``pjrt_client.cc:... PjRt-IFRT device count``...) off stderr, as JAX does:
    ``import jax`` sets ``TF_CPP_MIN_LOG_LEVEL=1`` (warnings and errors only) unless the user set it. The C++ side
    reads the variable once, at its first log line, so this runs before anything from jaxlib is imported; a value
    the user set (even ``0``, to see everything) is kept."""
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "1")


quiet_cpp_logging()  # at import, as ``import jax`` does: jaxlib may read the variable as soon as it is loaded


def _avoid_failed_jax_lookups() -> None:
    """jaxlib looks up ``jax.core`` and ``jax._src.sharding_impls`` every time it wraps an output buffer. When jax
    is not installed each lookup is a failing file-system search (tens of microseconds per operation); recording
    the absence in ``sys.modules`` makes the lookup fail at once. Nothing changes when jax is installed."""
    try:
        missing = importlib.util.find_spec("jax") is None
    except (ImportError, ValueError):
        missing = False
    if missing:
        for name in ("jax.core", "jax._src.sharding_impls"):
            sys.modules.setdefault(name, None)  # type: ignore[arg-type]


class Backend:
    """The jaxlib client of one platform with what the runtime needs of it."""

    def __init__(self) -> None:
        quiet_cpp_logging()
        _avoid_failed_jax_lookups()
        jaxlib_jax, xc = _load_jaxlib()
        self.xc: Any = xc
        self._jax: Any = jaxlib_jax
        self.client: Any = xc.make_cpu_client(asynchronous=True)
        self.devices: tuple[Any, ...] = tuple(self.client.local_devices())
        self.device: Any = self.devices[0]
        self.device_list: Any = xc.DeviceList(self.devices[:1])
        replicated: Any = xc.HloSharding.replicate()
        single_device_sharding: Any = xc.SingleDeviceSharding

        class _Sharding(single_device_sharding):  # type: ignore[misc]
            """A single-device sharding with the Python methods jaxlib calls on shardings."""

            def _to_xla_hlo_sharding(self, num_dimensions: int) -> Any:
                return replicated

            @property
            def num_devices(self) -> int:
                return 1

            @property
            def device_set(self) -> set[Any]:
                device: Any = self._device
                return {device}

            @property
            def _device_assignment(self) -> tuple[Any, ...]:
                device: Any = self._device
                return (device,)

            @property
            def memory_kind(self) -> Any:
                kind: Any = self._memory_kind
                return kind

            def shard_shape(self, shape: tuple[int, ...]) -> tuple[int, ...]:
                return shape

            @property
            def is_fully_replicated(self) -> bool:
                return True

            @property
            def is_fully_addressable(self) -> bool:
                return True

        self.sharding = _Sharding(self.device)
        self._compile_lock = threading.Lock()

    def put(self, value: np.ndarray[Any, Any], aval: ShapedArray) -> Buffer:
        """Copy a host array (already of ``aval``'s dtype and shape) to the device."""
        check_supported(aval)
        return self.xc.batched_device_put(aval, self.sharding, [value], [self.device], True, enable_x64=True)

    def result_handler(self, aval: ShapedArray) -> Any:
        """A C++ result handler wrapping an output buffer of ``aval`` (what JAX's dispatch uses): about half the cost
        of ``disassemble_into_single_device_arrays``, which builds each array's sharding and type in Python."""
        return self._jax.array_result_handler(aval, self.sharding, True, _skip_checks=True)

    def compile(self, module: Any) -> Any:
        """The loaded executable of a StableHLO module."""
        options: Any = self.xc.CompileOptions()
        with self._compile_lock:
            return self.client.compile_and_load(module, executable_devices=self.device_list,
                                                compile_options=options)

    @staticmethod
    def to_numpy(buf: Buffer) -> np.ndarray[Any, Any]:
        out: np.ndarray[Any, Any] = buf._single_device_array_to_np_array_did_copy()[0]
        return out

    def live_buffers(self) -> Sequence[Any]:
        arrays: Sequence[Any] = self.client.live_arrays()
        return arrays


_backend: Backend | None = None
_backend_lock = threading.Lock()


def backend() -> Backend:
    """The process-wide backend, created on first use."""
    global _backend
    b = _backend
    if b is None:
        with _backend_lock:
            if _backend is None:
                _backend = Backend()
            b = _backend
    return b
