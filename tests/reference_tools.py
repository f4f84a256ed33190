"""The reference generators of ``tools/`` imported as modules (their tables of cases and spec parsers), without JAX:
each runs JAX only when executed as a script; and the runs of their cases on the runtime."""

from __future__ import annotations

import functools
import importlib.util
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

import arraytyping

TOOLS = Path(__file__).resolve().parents[1] / "tools"


@functools.cache
def tool(name: str) -> ModuleType:
    """``tools/NAME.py`` as a module, loaded once per test session."""
    spec = importlib.util.spec_from_file_location(name, TOOLS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_RUNS: dict[tuple[str, str], dict[str, Any]] = {}


def cases_on_runtime(name: str, config: str, namespace: Mapping[str, Any]) -> dict[str, Any]:
    """The cases of ``tools/NAME.py`` (a tool built on ``tools/case_reference.py``) run on the runtime, in
    ``namespace``, with x64 on if ``config`` is ``"x64_on"``: once per test session."""
    if (name, config) not in _RUNS:
        with arraytyping.enable_x64(config == "x64_on"):
            _RUNS[name, config] = tool(name).run(dict(namespace))
    return _RUNS[name, config]
