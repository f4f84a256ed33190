"""The package's own typed surface: mypy --strict, pyright strict, and pyright --verifytypes at 100%."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYRIGHT = shutil.which("pyright", path=str(Path(sys.executable).parent))


def test_mypy_strict_on_the_package() -> None:
    out = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "src/arraytyping"],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout[-5000:] + out.stderr[-2000:]


def _interpreter_without_this_checkout(tmp: Path) -> Path:
    """An interpreter for pyright that sees the environment's packages but not this checkout's ``src/`` (an
    editable install puts it on the path)."""
    shim = tmp / "python"
    shim.write_text(f"#!/bin/sh\nexec env PYTHONPATH={sysconfig.get_paths()['purelib']} {sys.executable} -S \"$@\"\n")
    shim.chmod(0o755)
    return shim


@pytest.mark.skipif(PYRIGHT is None, reason="pyright is installed with the dev extra")
def test_pyright_strict_on_the_package(tmp_path: Path) -> None:
    """The package's own sources, strictly. Pyright pairs a package's sources with a stub package for it anywhere on
    its search paths and then checks the stubs in their place, so it gets a copy of the package alone, and an
    interpreter that does not show it the installed one."""
    assert PYRIGHT is not None
    shutil.copytree(ROOT / "src" / "arraytyping", tmp_path / "arraytyping",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pyright"]
    (tmp_path / "pyrightconfig.json").write_text(json.dumps({**settings, "include": ["arraytyping"]}))
    python = _interpreter_without_this_checkout(tmp_path)
    out = subprocess.run([PYRIGHT, "--pythonpath", str(python)], cwd=tmp_path, capture_output=True, text=True,
                         timeout=600)
    assert out.returncode == 0, out.stdout[-5000:] + out.stderr[-2000:]
    assert "0 errors" in out.stdout and "arraytyping" in settings["include"][0]


@pytest.mark.skipif(PYRIGHT is None, reason="pyright is installed with the dev extra")
def test_pyright_verifytypes_is_complete(tmp_path: Path) -> None:
    """Every exported symbol has a known type, as installed: the package beside its stub package, as the wheel
    lays them out (an editable install is invisible to pyright's package lookup)."""
    assert PYRIGHT is not None
    site = tmp_path / "site"
    ignore = shutil.ignore_patterns("__pycache__", "*.so", "*.c")
    shutil.copytree(ROOT / "src" / "arraytyping", site / "arraytyping", ignore=ignore)
    shutil.copytree(ROOT / "src" / "arraytyping-stubs", site / "arraytyping-stubs", ignore=ignore)
    env = {**os.environ, "PYTHONPATH": str(site)}
    out = subprocess.run([PYRIGHT, "--pythonpath", sys.executable, "--verifytypes", "arraytyping",
                          "--ignoreexternal", "--outputjson"], cwd=tmp_path, env=env, capture_output=True,
                         text=True, timeout=600)
    report = json.loads(out.stdout)
    completeness = report["typeCompleteness"]
    assert completeness["packageRootDirectory"] == str(site / "arraytyping")
    assert completeness["exportedSymbolCounts"]["withKnownType"] > 1000
    assert completeness["completenessScore"] == 1.0, [
        s["name"] for s in completeness["symbols"] if not s["isTypeKnown"]][:30]
