"""The YAML cases' mypy runs (pytest-mypy-plugins, one subprocess per case) see arraytyping as an installed wheel
lays it out: ``arraytyping`` (its stubs inline) next to ``arraytyping_mypy``, through ``PYTHONPATH`` (set for
those items only; ``--mypy-modify-pythonpath`` passes it on). The cases run grouped by their mypy configuration.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _site() -> Path:
    return ROOT / "src"  # the package, its stub package and the plugin side by side, as a wheel installs them


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    if item.path.suffix not in (".yml", ".yaml"):
        return (yield)
    saved = {k: os.environ.get(k) for k in ("PYTHONPATH", "PATH")}
    os.environ["PYTHONPATH"] = str(_site())
    # pytest-mypy-plugins runs the `mypy` it finds on PATH: this interpreter's, even when its venv is not activated
    os.environ["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), saved["PATH"] or ""])
    try:
        return (yield)
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the YAML cases grouped by their added mypy configuration (stable within a group; other items keep their
    places). Their runs share one mypy cache, which a change of configuration invalidates whole (the plugin reports
    its settings to mypy): interleaved, every other case re-checks the package's stubs (about 7 s each)."""
    slots = [i for i, item in enumerate(items) if item.path.suffix in (".yml", ".yaml")]
    grouped = sorted((items[i] for i in slots), key=lambda item: str(getattr(item, "additional_mypy_config", "")))
    for i, item in zip(slots, grouped):
        items[i] = item
