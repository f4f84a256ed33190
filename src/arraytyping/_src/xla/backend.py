"""The XLA backends: jaxlib clients (CPU, and PJRT plugins such as CUDA), their devices, host<->device transfers,
compilation and execution.

jaxlib is imported on first use, so ``import arraytyping`` stays free of it. Everything jaxlib needs from the
``jax`` Python package (a sharding with ``_to_xla_hlo_sharding`` and friends, an aval with ``shape``, ``dtype`` and
``weak_type``) is provided here; ``jax`` itself is never imported.

Which PJRT plugins exist and which platforms are asked for is :mod:`pjrt_plugins`' business (standard library
only); this module loads them, makes their clients and picks the default backend. When no requested platform
initializes, :class:`BackendError` says why; a plugin that fails otherwise is reported by a
:class:`BackendWarning` and the CPU is used.
"""

from __future__ import annotations

import importlib.util
import inspect
import os
import sys
import threading
import warnings
from collections.abc import Sequence
from typing import Any, Final, TypeAlias

import numpy as np

from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.xla.pjrt_plugins import (
    CPU, PJRT_ENV, PLATFORM_ALIASES, PLATFORMS_ENV, PluginSpec, describe, discover_plugins, expand, parse_platforms,
    preload_nvidia_libraries,
)

Buffer: TypeAlias = Any
"""A jaxlib device buffer (``jaxlib._jax.ArrayImpl``). jaxlib's stubs are partial, so every jaxlib object is handled
as ``Any`` behind the typed methods of :class:`Backend`."""


def _load_jaxlib() -> tuple[Any, Any]:
    """jaxlib's ``_jax`` extension module and ``xla_client``, typed ``Any`` (their stubs are incomplete)."""
    import importlib

    return importlib.import_module("jaxlib._jax"), importlib.import_module("jaxlib.xla_client")

__all__ = ["device_class", "jaxlib_extension", "Backend", "BackendError", "BackendWarning", "backend", "backends", "backend_of_device", "get_backend",
           "quiet_cpp_logging", "UnsupportedDTypeError", "check_supported", "UNSUPPORTED_DTYPES"]


def jaxlib_extension() -> Any:
    """jaxlib's ``_jax`` extension module (imported on first use), typed ``Any``."""
    return _load_jaxlib()[0]


def device_class() -> type[Any]:
    """jaxlib's device class (``jaxlib._jax.Device``: JAX's ``jax.Device``), every device's type."""
    cls: type[Any] = _load_jaxlib()[0].Device
    return cls


NUM_CPU_DEVICES_ENV: Final = "ARRAYTYPING_NUM_CPU_DEVICES"

UNSUPPORTED_DTYPES: Final[frozenset[str]] = frozenset({"float6_e2m3fn", "float6_e3m2fn", "int1", "uint1"})
"""Dtypes XLA's CPU backend cannot hold: promotion still works on them abstractly (``make_jaxpr``, abstract
evaluation), but arrays of them cannot be created."""


class UnsupportedDTypeError(TypeError):
    """An array of a dtype the backend cannot hold was requested."""


class BackendError(RuntimeError):
    """No requested platform could be initialized (``ARRAYTYPING_PLATFORMS`` names only platforms whose plugin is
    missing or fails), or a platform that was not initialized was asked for."""


class BackendWarning(RuntimeWarning):
    """A PJRT plugin was found but cannot be used (its library is missing, fails to load, or its client fails to
    start); the other platforms, at least the CPU, are used instead."""


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
    """The jaxlib client of one platform with what the runtime needs of it: the CPU client by default, or a
    client made by a PJRT plugin."""

    def __init__(self, client: Any = None, platform: str = CPU) -> None:
        quiet_cpp_logging()
        _avoid_failed_jax_lookups()
        jaxlib_jax, xc = _load_jaxlib()
        self.xc: Any = xc
        self._jax: Any = jaxlib_jax
        self.platform = platform
        if client is None:
            client = xc.make_cpu_client(asynchronous=True, num_devices=_num_cpu_devices())
        self.client: Any = client
        self.devices: tuple[Any, ...] = tuple(self.client.local_devices())
        if not self.devices:
            raise BackendError(f"the {platform} client has no devices")
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

        self._sharding_class: Any = _Sharding
        self.sharding = _Sharding(self.device)
        self._shardings: dict[Any, Any] = {self.device: self.sharding}
        self._compile_lock = threading.Lock()

    def __repr__(self) -> str:
        return f"<Backend {self.platform}: {len(self.devices)} device(s)>"

    def put(self, value: np.ndarray[Any, Any], aval: ShapedArray) -> Buffer:
        """Copy a host array (already of ``aval``'s dtype and shape) to the default device."""
        check_supported(aval)
        return self.xc.batched_device_put(aval, self.sharding, [value], [self.device], True, enable_x64=True)

    def put_on(self, value: np.ndarray[Any, Any], aval: ShapedArray, device: Any) -> Buffer:
        """Copy a host array (already of ``aval``'s dtype and shape) to ``device``, one of this client's."""
        check_supported(aval)
        return self.xc.batched_device_put(aval, self.sharding_of(device), [value], [device], True, enable_x64=True)

    def sharding_of(self, device: Any) -> Any:
        """The single-device sharding of ``device`` (one of this client's) that jaxlib's buffers carry."""
        sharding = self._shardings.get(device)
        if sharding is None:
            sharding = self._shardings.setdefault(device, self._sharding_class(device))
        return sharding

    def result_handler(self, aval: ShapedArray) -> Any:
        """A C++ result handler wrapping an output buffer of ``aval`` (what JAX's dispatch uses): about half the cost
        of ``disassemble_into_single_device_arrays``, which builds each array's sharding and type in Python."""
        return self._jax.array_result_handler(aval, self.sharding, True, _skip_checks=True)

    def compile(self, module: Any, host_callbacks: Sequence[Any] = ()) -> Any:
        """The loaded executable of a StableHLO module (with the Python functions its host callbacks call)."""
        options: Any = self.xc.CompileOptions()
        with self._compile_lock:
            if host_callbacks:
                return self.client.compile_and_load(module, executable_devices=self.device_list,
                                                    compile_options=options, host_callbacks=list(host_callbacks))
            return self.client.compile_and_load(module, executable_devices=self.device_list,
                                                compile_options=options)

    @staticmethod
    def to_numpy(buf: Buffer) -> np.ndarray[Any, Any]:
        out: np.ndarray[Any, Any] = buf._single_device_array_to_np_array_did_copy()[0]
        return out

    def live_buffers(self) -> Sequence[Any]:
        arrays: Sequence[Any] = self.client.live_arrays()
        return arrays


def _num_cpu_devices() -> int | None:
    """``ARRAYTYPING_NUM_CPU_DEVICES`` (as ``JAX_NUM_CPU_DEVICES``): how many devices the CPU client has (1 when
    unset)."""
    value = os.environ.get(NUM_CPU_DEVICES_ENV, "").strip()
    if not value:
        return None
    try:
        n = int(value)
    except ValueError:
        n = 0
    if n < 1:
        raise ValueError(f"{NUM_CPU_DEVICES_ENV}={value!r} is not a positive number of CPU devices")
    return n


def _plugin_client(spec: PluginSpec) -> Any:
    """Load a plugin's library and make its client, as JAX's ``register_plugin`` and ``make_pjrt_c_api_client``
    do. Raises on any failure."""
    if spec.problem is not None or spec.library_path is None:
        raise BackendError(spec.problem or "no library")
    _, xc = _load_jaxlib()
    name = spec.platform
    options: dict[str, Any] = {}
    if name == "cuda":
        preload_nvidia_libraries()
        options.update(xc.generate_pjrt_gpu_plugin_options())
    options.update(spec.options)
    if not xc.pjrt_plugin_loaded(name):
        xc.load_pjrt_plugin_dynamically(name, spec.library_path)
    if not xc.pjrt_plugin_initialized(name):
        xc.initialize_pjrt_plugin(name)
    return xc.make_c_api_client(name, options, None)


class _Backends:
    """The initialized backends by platform and the default one."""

    def __init__(self, by_platform: dict[str, Backend], default: Backend, requested: tuple[str, ...] | None,
                 errors: dict[str, str]) -> None:
        self.by_platform = by_platform
        self.default = default
        self.requested = requested
        self.errors = errors


def _warn(message: str) -> None:
    """A :class:`BackendWarning` attributed to the first caller outside this package."""
    level, frame = 2, inspect.currentframe()
    frame = frame.f_back if frame is not None else None
    while frame is not None and frame.f_back is not None and \
            str(frame.f_globals.get("__name__", "")).startswith("arraytyping."):
        level, frame = level + 1, frame.f_back
    warnings.warn(message, BackendWarning, stacklevel=level)


NVIDIA_GPU_DEVICES: Final = ("/dev/nvidia0", "/dev/nvidiactl", "/dev/dxg")
"""JAX's test for a visible NVIDIA GPU (``hardware_utils.has_visible_nvidia_gpu``): without one, an installed CUDA
plugin is skipped quietly unless ``cuda`` is requested explicitly."""


def _has_visible_nvidia_gpu() -> bool:
    return any(os.path.exists(d) for d in NVIDIA_GPU_DEVICES)


def _initialize() -> _Backends:
    quiet_cpp_logging()
    raw = os.environ.get(PLATFORMS_ENV)
    requested = parse_platforms(raw)
    if requested is not None and all(p == CPU for p in requested):
        cpu = Backend()
        return _Backends({CPU: cpu}, cpu, requested, {})
    specs, problems = discover_plugins()
    for problem in problems:
        _warn(problem)
    by_spec = {s.platform: s for s in specs}
    made: dict[str, Backend] = {}
    errors: dict[str, str] = {}

    def attempt(platform: str) -> None:
        if platform == CPU:
            made[CPU] = Backend()
            return
        spec = by_spec.get(platform)
        if spec is None:
            errors[platform] = (f"no PJRT plugin for platform {platform!r} was found (searched: the jax_plugins "
                                f"namespace package, entry points of group jax_plugins, {PJRT_ENV}; found: "
                                f"{', '.join(sorted(by_spec)) or 'none'})")
            return
        try:
            made[platform] = Backend(_plugin_client(spec), platform)
        except Exception as e:  # noqa: BLE001 - reported, then the next platform is tried
            errors[platform] = f"{describe(spec)} failed to initialize: {type(e).__name__}: {str(e).rstrip('.')}"

    if requested is None:
        order = sorted(specs, key=lambda s: -s.priority)
        for spec in order:
            if spec.platform == "cuda" and not _has_visible_nvidia_gpu():  # as JAX: no GPU, no CUDA, no warning
                errors["cuda"] = (f"{describe(spec)} was skipped: no NVIDIA GPU is visible "
                                  f"({', '.join(NVIDIA_GPU_DEVICES)})")
                continue
            attempt(spec.platform)
            if spec.platform in errors:
                _warn(f"{errors[spec.platform]}; using the other platforms (set {PLATFORMS_ENV}=cpu to skip "
                      f"plugins, or uninstall the failing one)")
        attempt(CPU)
        default = next((made[s.platform] for s in order if s.platform in made), made[CPU])
        return _Backends(made, default, None, errors)

    expanded = expand(requested)
    for platform, via_alias in expanded:
        attempt(platform)
        if via_alias and platform in errors and platform not in by_spec:
            del errors[platform]  # "gpu" means whichever GPU platform is present
    if not made:
        present = [p for p, _ in expanded if p in by_spec]
        detail = "; ".join(errors.values()) or (f"none of {', '.join(p for p, _ in expanded)} has a PJRT plugin "
                                               f"on this machine" + (f" ({', '.join(present)} found)"
                                                                     if present else ""))
        raise BackendError(f"{PLATFORMS_ENV}={raw!r}: no requested platform could be initialized: {detail}. Unset "
                           f"{PLATFORMS_ENV} to choose automatically, or add cpu to the list.")
    for message in errors.values():
        _warn(f"{message}; using {', '.join(made)} ({PLATFORMS_ENV}={raw!r})")
    default = next(made[p] for p, _ in expanded if p in made)
    return _Backends(made, default, requested, errors)


_backends: _Backends | None = None
_backend: Backend | None = None
_backend_lock = threading.Lock()


def backends() -> dict[str, Backend]:
    """The initialized backends by platform (created on first use)."""
    return dict(_all().by_platform)


def _all() -> _Backends:
    global _backends, _backend
    b = _backends
    if b is None:
        with _backend_lock:
            if _backends is None:
                _backends = _initialize()
                _backend = _backends.default
            b = _backends
    return b


def backend() -> Backend:
    """The process-wide default backend, created on first use."""
    b = _backend
    if b is None:
        b = _all().default
    return b


def get_backend(platform: str | None = None) -> Backend:
    """The backend of ``platform`` (``"cpu"``, ``"cuda"``, or the alias ``"gpu"``), or the default one."""
    if platform is None:
        return backend()
    if not isinstance(platform, str):  # pyright: ignore[reportUnnecessaryIsInstance] - untyped callers
        raise TypeError(f"backend must be a platform name such as 'cpu' or 'cuda', got {platform!r}")
    state = _all()
    name = platform.strip().lower()
    for candidate in PLATFORM_ALIASES.get(name, (name,)):
        if candidate in state.by_platform:
            return state.by_platform[candidate]
    reasons = [state.errors[c] for c in PLATFORM_ALIASES.get(name, (name,)) if c in state.errors]
    why = f" ({'; '.join(reasons)})" if reasons else ""
    raise BackendError(f"backend {platform!r} is not available{why}; initialized: "
                       f"{', '.join(state.by_platform)}")


def backend_of_device(device: Any) -> Backend:
    """The backend whose client holds ``device``; ``ValueError`` for any other value."""
    for b in _all().by_platform.values():
        if device in b.devices:
            return b
    available = [d for b in _all().by_platform.values() for d in b.devices]
    raise ValueError(f"unknown device {device!r}; available: {available}")
