"""The YAML cases' mypy runs (pytest-mypy-plugins, one subprocess per case) see arraytyping as an installed wheel
lays it out: ``arraytyping`` next to ``arraytyping-stubs`` and ``arraytyping_mypy``, through ``PYTHONPATH`` (set for
those items only; ``--mypy-modify-pythonpath`` passes it on).
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_SITE: list[Path] = []


def _site() -> Path:
    if not _SITE:
        d = Path(tempfile.mkdtemp(prefix="arraytyping-site-"))
        for name, target in (("arraytyping", ROOT / "src" / "arraytyping"),
                             ("arraytyping-stubs", ROOT / "stubs" / "arraytyping-stubs"),
                             ("arraytyping_mypy", ROOT / "mypy_plugin" / "arraytyping_mypy")):
            (d / name).symlink_to(target)
        _SITE.append(d)
    return _SITE[0]


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
