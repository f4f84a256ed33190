"""PJRT plugins and platform selection: where plugins are found, what a plugin is, what the environment asks for.

Standard library only (jaxlib is not imported here): :mod:`backend` loads the plugins found here.

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
import json
import mmap
import os
import pkgutil
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

__all__ = ["CPU", "DEFAULT_PLUGIN_PRIORITY", "PJRT_ENV", "PLATFORMS_ENV", "PLATFORM_ALIASES", "PluginSpec", "describe", "discover_plugins",
           "expand", "parse_pjrt_names_and_library_paths", "parse_platforms", "preload_nvidia_libraries"]

PLATFORMS_ENV: Final = "ARRAYTYPING_PLATFORMS"
PJRT_ENV: Final = "PJRT_NAMES_AND_LIBRARY_PATHS"
CPU: Final = "cpu"
PLATFORM_ALIASES: Final[Mapping[str, tuple[str, ...]]] = {"gpu": ("cuda", "rocm", "oneapi")}
"""As JAX's ``_platform_aliases``: ``gpu`` is whichever of these is present."""
DEFAULT_PLUGIN_PRIORITY: Final = 400
"""JAX's default ``register_plugin`` priority."""
_PLATFORM_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")


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


def preload_nvidia_libraries() -> None:
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


def expand(platforms: Sequence[str]) -> list[tuple[str, bool]]:
    """Requested platforms with aliases expanded: (platform, came from an alias)."""
    out: list[tuple[str, bool]] = []
    for p in platforms:
        out += [(q, True) for q in PLATFORM_ALIASES[p]] if p in PLATFORM_ALIASES else [(p, False)]
    return list(dict.fromkeys(out))


def describe(spec: PluginSpec) -> str:
    return f"PJRT plugin {spec.platform!r} ({spec.origin}" + (f", library {spec.library_path})"
                                                              if spec.library_path else ")")
