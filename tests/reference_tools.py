"""The reference generators of ``tools/`` imported as modules (their tables of cases and spec parsers), without JAX:
each runs JAX only when executed as a script."""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path
from types import ModuleType

TOOLS = Path(__file__).resolve().parents[1] / "tools"


@functools.cache
def tool(name: str) -> ModuleType:
    """``tools/NAME.py`` as a module, loaded once per test session."""
    spec = importlib.util.spec_from_file_location(name, TOOLS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
