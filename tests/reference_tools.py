"""The reference generators of ``tools/`` imported as modules (their tables of cases and spec parsers), without JAX:
each runs JAX only when executed as a script; and the runs of their cases on the runtime."""

from __future__ import annotations

import functools
import importlib.util
from collections.abc import Collection, Mapping
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


_RUNS: dict[tuple[str, ...], dict[str, Any]] = {}


def cases_on_runtime(name: str, config: str, namespace: Mapping[str, Any],
                     only: Collection[str] | None = None) -> dict[str, Any]:
    """The cases of ``tools/NAME.py`` (a tool built on ``tools/case_reference.py``) run on the runtime, in
    ``namespace``, with x64 on if ``config`` is ``"x64_on"``: once per test session. ``only``: those cases alone
    (run through the tool's ``PRELUDE`` and its ``case_reference``), for tests that sample them."""
    key = (name, config) if only is None else (name, config, *sorted(only))
    if key not in _RUNS:
        module = tool(name)
        with arraytyping.enable_x64(config == "x64_on"):
            if only is None:
                _RUNS[key] = module.run(dict(namespace))
            else:
                _RUNS[key] = module.cases.run_cases(dict(namespace), module.PRELUDE,
                                                    {n: module.CASES[n] for n in sorted(only)}, messages=False,
                                                    label=f"<{name}>")
    return _RUNS[key]
