"""The XLA backends: jaxlib clients (CPU, and PJRT plugins such as CUDA), their devices, host<->device transfers,
compilation and execution.

jaxlib is imported on first use, so ``import arraytyping`` stays free of it. Everything jaxlib needs from the
``jax`` Python package (a sharding with ``_to_xla_hlo_sharding`` and friends, an aval with ``shape``, ``dtype`` and
``weak_type``) is provided here; ``jax`` itself is never imported.

PJRT plugins are found where JAX 0.10.2 finds them (``jax._src.xla_bridge``): modules of the ``jax_plugins``
namespace package, modules named by entry points of the group ``jax_plugins``, and the environment variable
``PJRT_NAMES_AND_LIBRARY_PATHS`` (``name1:path1,name2:path2``; a path may be a JSON file with ``library_path``
and ``create_options``). A plugin module's ``initialize()`` calls back into ``jax``, so it is never imported: its
package folder is searched for the shared library it would register (the library file its source names, else the
only one, else the one containing ``GetPjrtApi``), its platform and priority are read from its
``register_plugin('cuda', priority=500, ...)`` call, and the library is loaded with jaxlib's
``load_pjrt_plugin_dynamically`` and ``make_c_api_client``, as ``register_plugin`` would.

``ARRAYTYPING_PLATFORMS`` chooses platforms as ``JAX_PLATFORMS`` does (``"cuda,cpu"``, ``"cpu"``; ``gpu`` stands
for ``cuda``, ``rocm`` and ``oneapi``); the first that initializes is the default. Unset, every discovered plugin is
tried in priority order and the first that initializes is the default, else the CPU; a plugin that fails is
reported by a :class:`BackendWarning` naming it and the error. When no requested platform initializes,
:class:`BackendError` says why.
"""

from __future__ import annotations

import ctypes
import importlib.metadata
import importlib.util
import inspect
import json
import mmap
import os
import pkgutil
import re
import sys
import threading
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
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

__all__ = ["Backend", "BackendError", "BackendWarning", "PluginSpec", "backend", "backends", "backend_of_device",
           "get_backend", "discover_plugins", "parse_platforms", "parse_pjrt_names_and_library_paths",
           "quiet_cpp_logging", "UnsupportedDTypeError", "check_supported", "UNSUPPORTED_DTYPES"]

PLATFORMS_ENV: Final = "ARRAYTYPING_PLATFORMS"
PJRT_ENV: Final = "PJRT_NAMES_AND_LIBRARY_PATHS"
NUM_CPU_DEVICES_ENV: Final = "ARRAYTYPING_NUM_CPU_DEVICES"
CPU: Final = "cpu"
PLATFORM_ALIASES: Final[Mapping[str, tuple[str, ...]]] = {"gpu": ("cuda", "rocm", "oneapi")}
"""As JAX's ``_platform_aliases``: ``gpu`` is whichever of these is present."""
DEFAULT_PLUGIN_PRIORITY: Final = 400
"""JAX's default ``register_plugin`` priority."""
_PLATFORM_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")

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
        sharding = self._shardings.get(device)
        if sharding is None:
            sharding = self._shardings.setdefault(device, self._sharding_class(device))
        return self.xc.batched_device_put(aval, sharding, [value], [device], True, enable_x64=True)

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


# ---------------------------------------------------------------------------------------------------------------
# Platform selection and plugin discovery


def parse_platforms(value: str | None) -> tuple[str, ...] | None:
    """The platforms of an ``ARRAYTYPING_PLATFORMS`` value in order (duplicates dropped), or ``None`` when unset or
    empty (choose automatically). Raises ``ValueError`` naming the value for anything but a comma-separated list of
    platform names."""
    if value is None or not value.strip():
        return None
    names = [part.strip().lower() for part in value.split(",")]
    for name in names:
        if not _PLATFORM_NAME.match(name):
            shown = f"{name!r} is not a platform name" if name else "it has an empty entry"
            raise ValueError(f"{PLATFORMS_ENV}={value!r}: {shown}; expected a comma-separated list of platforms "
                             f"such as 'cuda,cpu' or 'cpu' (or unset, to choose automatically)")
    return tuple(dict.fromkeys(names))


def parse_pjrt_names_and_library_paths(value: str) -> tuple[dict[str, str], list[str]]:
    """The ``{name: path}`` entries of a ``PJRT_NAMES_AND_LIBRARY_PATHS`` value (``name1:path1,name2:path2``; ``;``
    separates name and path on Windows), and a message naming each malformed entry (skipped, as JAX does)."""
    entries: dict[str, str] = {}
    problems: list[str] = []
    for item in value.split(","):
        if not item.strip():
            continue
        name, sep, path = item.strip().partition(os.pathsep)
        name = name.strip().lower()
        if not sep or not path.strip() or not _PLATFORM_NAME.match(name):
            problems.append(f"{PJRT_ENV}={value!r}: entry {item!r} is not NAME{os.pathsep}PATH (a platform name "
                            f"such as 'cuda' and the path of its PJRT plugin library or JSON config); skipped")
            continue
        entries[name] = path.strip()
    return entries, problems


@dataclass(frozen=True)
class PluginSpec:
    """A PJRT plugin found on this machine, before it is loaded."""

    platform: str
    """The platform it registers (``cuda``)."""
    origin: str
    """Where it was found, for messages (``module jax_plugins.xla_cuda12``, ``PJRT_NAMES_AND_LIBRARY_PATHS``)."""
    library_path: str | None
    """The shared library exporting ``GetPjrtApi``, or ``None`` when it could not be located (see ``problem``)."""
    priority: int = DEFAULT_PLUGIN_PRIORITY
    options: Mapping[str, Any] = field(default_factory=lambda: _NO_OPTIONS)
    """Client creation options (a JSON config's ``create_options``)."""
    problem: str | None = None
    """Why the plugin cannot be used, when known before loading it."""


_NO_OPTIONS: Final[Mapping[str, Any]] = {}
_REGISTER_CALL = re.compile(r"register_plugin\(\s*['\"]([A-Za-z0-9_]+)['\"]([^)]*)\)")
_PRIORITY_ARG = re.compile(r"priority\s*=\s*(-?\d+)")
_LIBRARY_NAME = re.compile(r"['\"]([\w.-]+\.(?:so|dylib|dll))['\"]")
_LIBRARY_SUFFIXES: Final = (".so", ".dylib", ".dll")


def _platform_from_module_name(module: str) -> str:
    """``jax_plugins.xla_cuda12`` -> ``cuda``: the last component without ``xla_``/``jax_``/``_plugin`` and
    version digits (when the module's source names no platform)."""
    base = module.rpartition(".")[2].lower()
    base = re.sub(r"^(xla_|jax_|pjrt_)", "", base)
    base = re.sub(r"(_plugin|_pjrt)$", "", base)
    return re.sub(r"\d+$", "", base) or base


def _exports_get_pjrt_api(path: str) -> bool:
    """Whether a library's bytes contain the symbol name ``GetPjrtApi`` (a cheap test used only to choose among
    several libraries; loading is the real test)."""
    try:
        with open(path, "rb") as f, mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as m:
            return m.find(b"GetPjrtApi") >= 0
    except (OSError, ValueError):
        return False


def _find_library(folders: Sequence[str], source: str) -> str | None:
    """The plugin library in a plugin package's folders: a library file the module's source names, else the only
    one, else the one that contains ``GetPjrtApi``."""
    libraries: list[str] = []
    for folder in folders:
        try:
            names = sorted(os.listdir(folder))
        except OSError:
            continue
        libraries += [os.path.join(folder, n) for n in names
                      if n.endswith(_LIBRARY_SUFFIXES) and os.path.isfile(os.path.join(folder, n))]
    named = set(_LIBRARY_NAME.findall(source))
    for path in libraries:
        if os.path.basename(path) in named:
            return path
    if len(libraries) == 1:
        return libraries[0]
    exporting = [p for p in libraries if _exports_get_pjrt_api(p)]
    return exporting[0] if exporting else None


def _spec_of_module(module: str, how: str) -> PluginSpec:
    """A plugin module's spec, read from its files without importing it (its ``initialize()`` needs ``jax``)."""
    origin = f"module {module} ({how})"
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError) as e:
        return PluginSpec(_platform_from_module_name(module), origin, None, problem=f"cannot be located: {e}")
    if spec is None:
        return PluginSpec(_platform_from_module_name(module), origin, None, problem="does not exist")
    folders = list(spec.submodule_search_locations or [])
    source = ""
    if spec.origin and spec.origin.endswith(".py"):
        if not folders:
            folders = [os.path.dirname(spec.origin)]
        try:
            with open(spec.origin, encoding="utf-8", errors="replace") as f:
                source = f.read()
        except OSError:
            pass
    call = _REGISTER_CALL.search(source)
    platform = call.group(1).lower() if call else _platform_from_module_name(module)
    priority_arg = _PRIORITY_ARG.search(call.group(2)) if call else None
    priority = int(priority_arg.group(1)) if priority_arg else DEFAULT_PLUGIN_PRIORITY
    library = _find_library(folders, source)
    problem = None if library else (f"has no PJRT plugin library (a shared library exporting GetPjrtApi) in "
                                    f"{', '.join(folders) or 'its folder'}")
    return PluginSpec(platform, origin, library, priority, problem=problem)


def _plugin_modules() -> dict[str, str]:
    """Plugin module names, as JAX's ``discover_pjrt_plugins`` finds them, each with how it was found."""
    found: dict[str, str] = {}
    try:
        namespace = importlib.util.find_spec("jax_plugins")
    except (ImportError, ValueError):
        namespace = None
    if namespace is not None and namespace.submodule_search_locations:
        for info in pkgutil.iter_modules(list(namespace.submodule_search_locations), "jax_plugins."):
            found.setdefault(info.name, "jax_plugins namespace package")
    try:
        entry_points = list(importlib.metadata.entry_points(group="jax_plugins"))
    except Exception:  # noqa: BLE001 - a broken distribution must not stop the CPU backend
        entry_points = []
    for ep in entry_points:
        found.setdefault(ep.value.partition(":")[0].strip(), f"entry point {ep.name!r} of group jax_plugins")
    return found


def _spec_of_env_entry(name: str, path: str) -> PluginSpec:
    origin = f"{PJRT_ENV} entry {name}{os.pathsep}{path}"
    if not path.endswith(".json"):
        return PluginSpec(name, origin, path)
    try:
        with open(path, encoding="utf-8") as f:
            config: Any = json.load(f)
        library: Any = config["library_path"]
        raw_options: Any = config.get("create_options") or {}
        checked: Any = raw_options  # narrowed by the test below; raw_options stays Any
        if not isinstance(library, str) or not isinstance(checked, dict):
            raise TypeError("library_path must be a string and create_options an object")
        options: dict[str, Any] = {str(k): v for k, v in raw_options.items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as e:
        return PluginSpec(name, origin, None, problem=f"has an unusable JSON config ({type(e).__name__}: {e}); it "
                                                      f"needs a \"library_path\" and may have \"create_options\"")
    return PluginSpec(name, origin, library, options=options)


def discover_plugins() -> tuple[list[PluginSpec], list[str]]:
    """The PJRT plugins found (one per platform: ``PJRT_NAMES_AND_LIBRARY_PATHS`` first, then modules in name
    order) and messages about malformed entries. Nothing is loaded."""
    entries, problems = parse_pjrt_names_and_library_paths(os.environ.get(PJRT_ENV, ""))
    specs = [_spec_of_env_entry(name, path) for name, path in entries.items()]
    specs += [_spec_of_module(module, how) for module, how in sorted(_plugin_modules().items())]
    chosen: dict[str, PluginSpec] = {}
    for spec in specs:
        if spec.platform == CPU:
            problems.append(f"PJRT plugin {spec.platform!r} from {spec.origin} is ignored: 'cpu' is jaxlib's "
                            f"built-in CPU client")
            continue
        first = chosen.get(spec.platform)
        if first is None or (first.problem is not None and spec.problem is None):
            chosen[spec.platform] = spec
    return list(chosen.values()), problems


_NVIDIA_LIBRARIES: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    ("cuda_runtime", ("libcudart.so.12",)), ("cu13", ("libcudart.so.13",)),
    ("cuda_nvrtc", ("libnvrtc.so.12",)), ("cu13", ("libnvrtc.so.13",)),
    ("cublas", ("libcublas.so.12", "libcublasLt.so.12")), ("cu13", ("libcublas.so.13", "libcublasLt.so.13")),
    ("nccl", ("libnccl.so.2",)), ("cuda_cupti", ("libcupti.so.12",)), ("cu13", ("libcupti.so.13",)),
    ("cusparse", ("libcusparse.so.12",)), ("cusolver", ("libcusolver.so.11",)), ("cu13", ("libcusolver.so.12",)),
    ("cufft", ("libcufft.so.11",)), ("cu13", ("libcufft.so.12",)), ("nvshmem", ("libnvshmem_host.so.3",)),
    ("cudnn", ("libcudnn.so.9",)),
)


def _preload_nvidia_libraries() -> None:
    """What JAX's CUDA plugin does first: load NVIDIA's libraries from the ``nvidia.*`` Python packages (pip's
    CUDA), when present, so the plugin finds them. Missing ones are skipped, as there."""
    for package, libraries in _NVIDIA_LIBRARIES:
        try:
            spec = importlib.util.find_spec(f"nvidia.{package}")
        except (ImportError, ValueError):
            continue
        if spec is None or not spec.submodule_search_locations:
            continue
        for library in libraries:
            path = os.path.join(list(spec.submodule_search_locations)[0], "lib", library)
            if os.path.exists(path):
                try:
                    ctypes.CDLL(path)
                except OSError:
                    pass


def _plugin_client(spec: PluginSpec) -> Any:
    """Load a plugin's library and make its client, as JAX's ``register_plugin`` and ``make_pjrt_c_api_client``
    do. Raises on any failure."""
    if spec.problem is not None or spec.library_path is None:
        raise BackendError(spec.problem or "no library")
    _, xc = _load_jaxlib()
    name = spec.platform
    options: dict[str, Any] = {}
    if name == "cuda":
        _preload_nvidia_libraries()
        options.update(xc.generate_pjrt_gpu_plugin_options())
    options.update(spec.options)
    if not xc.pjrt_plugin_loaded(name):
        xc.load_pjrt_plugin_dynamically(name, spec.library_path)
    if not xc.pjrt_plugin_initialized(name):
        xc.initialize_pjrt_plugin(name)
    return xc.make_c_api_client(name, options, None)


def _expand(platforms: Sequence[str]) -> list[tuple[str, bool]]:
    """Requested platforms with aliases expanded: (platform, came from an alias)."""
    out: list[tuple[str, bool]] = []
    for p in platforms:
        out += [(q, True) for q in PLATFORM_ALIASES[p]] if p in PLATFORM_ALIASES else [(p, False)]
    return list(dict.fromkeys(out))


def _describe(spec: PluginSpec) -> str:
    return f"PJRT plugin {spec.platform!r} ({spec.origin}" + (f", library {spec.library_path})"
                                                              if spec.library_path else ")")


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
            errors[platform] = f"{_describe(spec)} failed to initialize: {type(e).__name__}: {str(e).rstrip('.')}"

    if requested is None:
        order = sorted(specs, key=lambda s: -s.priority)
        for spec in order:
            if spec.platform == "cuda" and not _has_visible_nvidia_gpu():  # as JAX: no GPU, no CUDA, no warning
                errors["cuda"] = (f"{_describe(spec)} was skipped: no NVIDIA GPU is visible "
                                  f"({', '.join(NVIDIA_GPU_DEVICES)})")
                continue
            attempt(spec.platform)
            if spec.platform in errors:
                _warn(f"{errors[spec.platform]}; using the other platforms (set {PLATFORMS_ENV}=cpu to skip "
                      f"plugins, or uninstall the failing one)")
        attempt(CPU)
        default = next((made[s.platform] for s in order if s.platform in made), made[CPU])
        return _Backends(made, default, None, errors)

    expanded = _expand(requested)
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
