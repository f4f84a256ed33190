"""Write JAX 0.10.2's public API, name by name and module by module, to ``tests/data/jax_api_inventory.json``.

A module's public names are its attributes whose name does not start with ``_`` and which are not themselves modules
(a submodule is a module of the inventory when it is public API, see :data:`MODULES`), less what the module merely
imported from the standard library for its own use (``typing.Any``, ``functools.partial``, ``from __future__ import
annotations``: the same object as the standard-library module's attribute of the same name). Deprecated names that
JAX serves only through a module ``__getattr__`` are not attributes ``dir()`` lists, so they are not recorded.

Per name: its ``kind`` (:func:`kind_of`), the module its object is defined in, and for functions and classes the text
of its signature (``inspect.signature``; ``null`` where Python cannot tell one). The arraytyping module of
``jax.X`` is ``arraytyping.X``; ``tools/api_coverage.py`` (project venv) holds this inventory against arraytyping
and writes ``docs/api_coverage.md``, and ``tests/test_api_inventory.py`` checks every recorded name is present,
deliberately omitted (``tests/data/api_omissions.toml``) or listed as not yet done (``tests/data/api_not_yet.txt``).

Which modules: every public module of ``jax`` a user imports (``jax``, ``jax.numpy`` and its ``linalg``/``fft``,
``jax.lax`` and ``lax.linalg``, ``jax.nn`` and ``nn.initializers``, ``jax.random``, ``jax.tree``, ``jax.tree_util``,
every module under ``jax.scipy`` (walked, so that none is forgotten), ``jax.sharding``, ``jax.debug``,
``jax.dtypes``, ``jax.example_libraries.stax``/``optimizers``, ``jax.image``, ``jax.ops``, ``jax.stages``,
``jax.errors``, ``jax.custom_derivatives``, ``jax.custom_batching``, ``jax.flatten_util``,
``jax.experimental.checkify``, ``jax.test_util``, ``jax.profiler``, ``jax.distributed``, ``jax.export``,
``jax.typing``, ``jax.dlpack``, ``jax.ffi``, ``jax.monitoring``, ``jax.ref``). Not recorded: ``jax.extend``,
``jax.core``, ``jax.interpreters``, ``jax.api_util``, ``jax.lib`` and ``jax.ad_checkpoint`` (JAX's internals as it
exposes them to library authors, not the user API this package re-implements) and ``jax.experimental`` beyond
``checkify`` (experimental by name; its stable parts, ``shard_map``..., have moved to ``jax`` itself).

Runs in its own venv with jax::

    python tools/jax_api_inventory.py                   # uses $ARRAYTYPING_JAX_PYTHON or .jaxref-venv (here or
                                                        # in the parent folder), creating ./.jaxref-venv if none
    python tools/jax_api_inventory.py --venv PATH       # that venv (created if missing)
    python tools/jax_api_inventory.py --out FILE        # elsewhere (default tests/data/jax_api_inventory.json)
"""
from __future__ import annotations

import argparse
import enum
import inspect
import json
import os
import re
import subprocess
import sys
import types
import warnings
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "data" / "jax_api_inventory.json"
PINS = ["jax==0.10.2", "jaxlib==0.10.2"]
JAX_PYTHON_ENV = "ARRAYTYPING_JAX_PYTHON"

MODULES: tuple[str, ...] = (
    "jax",
    "jax.numpy", "jax.numpy.linalg", "jax.numpy.fft",
    "jax.lax", "jax.lax.linalg",
    "jax.nn", "jax.nn.initializers",
    "jax.random",
    "jax.tree", "jax.tree_util",
    "jax.scipy",  # and every public module under it (walked)
    "jax.sharding", "jax.debug", "jax.dtypes",
    "jax.example_libraries.stax", "jax.example_libraries.optimizers",
    "jax.image", "jax.ops", "jax.stages", "jax.errors",
    "jax.custom_derivatives", "jax.custom_batching", "jax.flatten_util",
    "jax.experimental.checkify",
    "jax.test_util", "jax.profiler", "jax.distributed", "jax.export", "jax.typing",
    "jax.dlpack", "jax.ffi", "jax.monitoring", "jax.ref",
)
"""The modules recorded, in the order of the inventory (``jax.scipy`` stands for itself and every public module
below it)."""
WALKED = ("jax.scipy",)

KINDS: tuple[str, ...] = ("function", "class", "exception", "dtype", "primitive", "config", "type alias",
                          "namespace", "constant", "object")
"""``function``: anything callable that is not a class (plain and builtin functions, ``functools.partial``s,
``custom_jvp``/``custom_vjp`` functions, ``jnp.ufunc``s, jitted functions); ``class`` (``exception`` for exception
classes); ``dtype``: a scalar type of a dtype (``jnp.float32``) or a ``numpy.dtype`` (``jax.float0``);
``primitive``: a ``jax.extend.core.Primitive`` (``lax.add_p``); ``config``: a configuration option, also a context
manager (``jax.enable_x64``, ``jax.debug_nans``); ``type alias``: a ``typing`` construct
(``jax.typing.ArrayLike``); ``namespace``: a ``types.SimpleNamespace`` of names (``jax.checkpoint_policies``);
``constant``: a number, string, tuple, ``None``, enum member...; ``object``: any other instance (``jnp.s_``,
``jax.config``)."""


def arraytyping_module(jax_module: str) -> str:
    """The arraytyping module that stands for JAX module ``jax_module``: ``jax.X`` is ``arraytyping.X``."""
    return "arraytyping" + jax_module.removeprefix("jax")


# ---------------------------------------------------------------------------------------------------------------
# Inside the JAX venv


def is_stdlib_import(name: str, obj: Any) -> bool:
    """Whether ``obj`` is the standard library's attribute ``name`` of the module it is defined in, imported for the
    module's own use (``Any``, ``partial``, ``annotations``...) rather than re-exported as API."""
    module = getattr(obj, "__module__", None)
    if not isinstance(module, str) or module.partition(".")[0] not in sys.stdlib_module_names:
        return False
    home = sys.modules.get(module)
    return home is not None and getattr(home, name, None) is obj


def kind_of(name: str, obj: Any) -> str:
    """The kind of public object ``obj``, named ``name`` in its module (one of :data:`KINDS`)."""
    import typing

    import numpy as np
    from jax._src.config import State
    from jax.extend.core import Primitive

    if isinstance(obj, np.dtype):
        return "dtype"
    if obj is typing.Any or (isinstance(obj, type) and obj.__module__ == "builtins" and obj.__name__ != name):
        return "type alias"  # Array = Any, Step = int
    if isinstance(obj, State):
        return "config"
    if isinstance(obj, type):
        if type(obj).__name__ == "_ScalarMeta" or (issubclass(obj, np.generic) and concrete_scalar(obj)):
            return "dtype"
        return "exception" if issubclass(obj, BaseException) else "class"
    if isinstance(obj, Primitive):
        return "primitive"
    if isinstance(obj, types.SimpleNamespace):
        return "namespace"
    module = getattr(type(obj), "__module__", "")
    if module == "typing" or isinstance(obj, (types.GenericAlias, types.UnionType)):
        return "type alias"
    if obj is None or isinstance(obj, (bool, int, float, complex, str, bytes, tuple, frozenset, enum.Enum)):
        return "constant"
    if callable(obj):
        return "function"
    return "object"


def concrete_scalar(cls: type) -> bool:
    """Whether numpy makes a dtype of scalar class ``cls`` (``float32`` does; ``floating`` is abstract)."""
    import numpy as np

    try:
        np.dtype(cls)
    except TypeError:
        return False
    return True


def signature_of(obj: Any) -> str | None:
    """``str(inspect.signature(obj))`` less the addresses of default values' reprs, or ``None`` where Python cannot
    tell one."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            text = str(inspect.signature(obj))
    except (TypeError, ValueError):
        return None
    return re.sub(r" at 0x[0-9a-f]+>", ">", text)  # default values' reprs: the same text on every run


def module_names() -> list[str]:
    """:data:`MODULES` with every public module under those of :data:`WALKED` (sorted after each)."""
    import importlib
    import pkgutil

    out: list[str] = []
    for name in MODULES:
        out.append(name)
        if name in WALKED:
            package = importlib.import_module(name)
            below = [m.name for m in pkgutil.walk_packages(package.__path__, name + ".")
                     if not any(part.startswith("_") for part in m.name.split("."))]
            out.extend(sorted(below))
    return out


def record_module(name: str) -> dict[str, dict[str, Any]]:
    """Every public name of module ``name``: ``{name: {"kind", "defined_in", "signature"?}}``, sorted."""
    import importlib

    module = importlib.import_module(name)
    entries: dict[str, dict[str, Any]] = {}
    for attr in sorted(dir(module)):
        if attr.startswith("_"):
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            obj = getattr(module, attr)
        if isinstance(obj, types.ModuleType) or is_stdlib_import(attr, obj):
            continue
        kind = kind_of(attr, obj)
        entry: dict[str, Any] = {"kind": kind}
        defined_in = getattr(obj, "__module__", None) if kind in ("function", "class", "exception") else None
        if isinstance(defined_in, str):
            entry["defined_in"] = defined_in
        if kind in ("function", "class", "exception"):
            entry["signature"] = signature_of(obj)
        entries[attr] = entry
    return entries


def main_inside(out: Path) -> None:
    import jax

    warnings.simplefilter("ignore")
    for extra in ("jax.example_libraries.stax", "jax.example_libraries.optimizers", "jax.experimental.checkify",
                  "jax.flatten_util", "jax.test_util"):
        __import__(extra)
    modules = {name: record_module(name) for name in module_names()}
    data = {
        "jax_version": jax.__version__,
        "generated_by": "tools/jax_api_inventory.py",
        "total": sum(len(v) for v in modules.values()),
        "modules": modules,
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(data, indent=1, sort_keys=False) + "\n")
    print(f"wrote {out}: {data['total']} names in {len(modules)} modules")
    for name, entries in modules.items():
        print(f"  {name:40} {len(entries):4}")


# ---------------------------------------------------------------------------------------------------------------
# Outside: find (or make) the JAX venv and re-run inside it


def jax_python(venv: Path | None) -> Path:
    """The python of the JAX venv: ``venv`` if given (created with jax pinned if missing), else
    ``$ARRAYTYPING_JAX_PYTHON``, else ``.jaxref-venv`` in the repository or its parent folder (a worktree's layout),
    else a new ``./.jaxref-venv``."""
    if venv is None:
        env = os.environ.get(JAX_PYTHON_ENV)
        if env:
            return Path(env)
        for candidate in (ROOT / ".jaxref-venv", ROOT.parent / ".jaxref-venv"):
            if (candidate / "bin" / "python").exists():
                return candidate / "bin" / "python"
        venv = ROOT / ".jaxref-venv"
    python = venv / "bin" / "python"
    if not python.exists():
        subprocess.check_call([sys.executable, "-m", "venv", str(venv)])
        subprocess.check_call([str(python), "-m", "pip", "install", "-q", *PINS])
    return python


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--venv", type=Path, default=None, help="virtual env with jax==0.10.2 (see above)")
    parser.add_argument("--out", type=Path, default=OUT, help="the JSON written (default: %(default)s)")
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    ns = parser.parse_args()
    if ns.inside:
        main_inside(ns.out.resolve())
        return
    python = jax_python(ns.venv.resolve() if ns.venv else None)
    sys.exit(subprocess.call([str(python), __file__, "--inside", "--out", str(ns.out.resolve())]))


if __name__ == "__main__":
    main()
