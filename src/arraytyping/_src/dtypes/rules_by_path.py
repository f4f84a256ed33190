"""Load ``lattice.py``, ``op_rules.py`` and ``shape_rules.py`` from their files, without importing the ``arraytyping`` package.

The package's ``__init__`` loads numpy and the runtime; the mypy plugin and the stub generator need only the lattice
and the operation rules (standard library only). Both load this module by its path, then call :func:`load_rules`.
"""

from __future__ import annotations

import contextlib
import importlib.util
import sys
from collections.abc import Generator
from pathlib import Path
from types import ModuleType

__all__ = ["load_module", "load_rules", "load_shape_rules"]


def load_module(name: str, path: Path) -> ModuleType:
    """Execute the file ``path`` as a module registered in ``sys.modules`` under ``name`` (kept there, so that
    dataclasses and pickling find it)."""
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path} as module {name!r}")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    try:
        spec.loader.exec_module(mod)
    except BaseException:
        del sys.modules[name]
        raise
    return mod


def load_rules(package_dir: Path, prefix: str) -> tuple[ModuleType, ModuleType]:
    """``(lattice, op_rules)`` of the package directory ``package_dir`` (the one holding ``lattice.py``), registered
    as ``{prefix}_lattice`` and ``{prefix}_op_rules``; loaded once per prefix. ``op_rules``' ``from arraytyping
    import lattice`` is served the lattice loaded here, for the duration of the load only."""
    names = (f"{prefix}_lattice", f"{prefix}_op_rules")
    if names[0] in sys.modules and names[1] in sys.modules:
        return sys.modules[names[0]], sys.modules[names[1]]
    for file in ("lattice.py", "op_rules.py"):
        if not (package_dir / file).is_file():
            raise ImportError(f"{package_dir / file} not found: {package_dir} is not an arraytyping package directory")
    lattice = load_module(names[0], package_dir / "lattice.py")
    with _serving({"lattice": lattice}):
        op_rules = load_module(names[1], package_dir / "op_rules.py")
    return lattice, op_rules


@contextlib.contextmanager
def _serving(modules: dict[str, ModuleType]) -> Generator[None, None, None]:
    """A stand-in ``arraytyping`` package holding ``modules`` (its ``from arraytyping import lattice`` is served
    without importing the runtime), in ``sys.modules`` for the duration; what was there before is put back."""
    keys = ["arraytyping", *(f"arraytyping.{name}" for name in modules)]
    saved = {k: sys.modules.get(k) for k in keys}
    pkg = ModuleType("arraytyping")
    pkg.__path__ = []
    for name, module in modules.items():
        setattr(pkg, name, module)
        sys.modules[f"arraytyping.{name}"] = module
    sys.modules["arraytyping"] = pkg
    try:
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                sys.modules.pop(k, None)
            else:
                sys.modules[k] = v


def load_shape_rules(package_dir: Path, prefix: str) -> ModuleType:
    """``shape_rules`` of the package directory ``package_dir``, registered as ``{prefix}_shape_rules`` (after
    :func:`load_rules`, whose ``op_rules`` its ``from arraytyping import op_rules`` is served)."""
    name = f"{prefix}_shape_rules"
    if name in sys.modules:
        return sys.modules[name]
    if not (package_dir / "shape_rules.py").is_file():
        raise ImportError(f"{package_dir / 'shape_rules.py'} not found: {package_dir} is not an arraytyping package "
                          "directory")
    lattice, op_rules = load_rules(package_dir, prefix)
    with _serving({"lattice": lattice, "op_rules": op_rules}):
        return load_module(name, package_dir / "shape_rules.py")
