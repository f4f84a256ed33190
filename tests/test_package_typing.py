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

from arraytyping._src.stubgen import STUB_FILES

ROOT = Path(__file__).resolve().parent.parent
PYRIGHT = shutil.which("pyright", path=str(Path(sys.executable).parent))


def _copy_sources(tmp: Path) -> None:
    """The package's own sources, without the generated stubs (which would take their modules' place for a
    checker; the stub tests check those)."""
    shutil.copytree(ROOT / "src" / "arraytyping", tmp / "arraytyping",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    for rel in STUB_FILES:
        (tmp / "arraytyping" / rel).unlink()


def test_mypy_strict_on_the_package(tmp_path: Path) -> None:
    """The package's sources and the plugin."""
    _copy_sources(tmp_path)
    shutil.copytree(ROOT / "src" / "arraytyping_mypy", tmp_path / "arraytyping_mypy",
                    ignore=shutil.ignore_patterns("__pycache__"))
    out = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental",
                          "arraytyping", "arraytyping_mypy"], cwd=tmp_path, capture_output=True, text=True,
                         timeout=600)
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
    """The package's own sources, strictly (not its generated stubs, which take a .py's place for a checker): a copy
    of the package without them, and an interpreter that does not show pyright the installed package."""
    assert PYRIGHT is not None
    _copy_sources(tmp_path)
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
    # a minimal environment: in full CI runs (never alone, in the same tree) this once reported 96%, with numpy-typed
    # symbols (DType, astype, bool_.__new__) unknown; nothing the earlier tests leave in the environment may reach it
    # The venv's bin first on PATH, as an activated venv has it: with /usr/bin first (CI's scrubbed PATH), pyright
    # found the system python there besides --pythonpath and left numpy's classes unknown (93%)
    env = {"PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]),
           "HOME": os.environ.get("HOME", str(tmp_path)), "PYTHONPATH": str(site), "LANG": "C.UTF-8"}
    for _attempt in range(2):
        out = subprocess.run([PYRIGHT, "--pythonpath", sys.executable, "--verifytypes", "arraytyping",
                              "--ignoreexternal", "--outputjson"], cwd=tmp_path, env=env, capture_output=True,
                             text=True, timeout=600)
        report = json.loads(out.stdout)
        completeness = report["typeCompleteness"]
        if completeness["completenessScore"] == 1.0:
            break
    assert completeness["packageRootDirectory"] == str(site / "arraytyping")
    assert completeness["exportedSymbolCounts"]["withKnownType"] > 1000
    if completeness["completenessScore"] != 1.0:  # what pyright searched, and what the interpreter says, to diagnose
        (tmp_path / "probe.py").write_text("import numpy\n")
        verbose = subprocess.run([PYRIGHT, "--pythonpath", sys.executable, "--verbose", "probe.py"], cwd=tmp_path,
                                 env=env, capture_output=True, text=True, timeout=600)
        probe = subprocess.run([sys.executable, "-c", "import sys, numpy; print(sys.path, numpy.__file__)"],
                               cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
        print("pyright --verbose on `import numpy`:\n", verbose.stdout[:2500], verbose.stderr[-1000:],
              "\ninterpreter:", probe.stdout[-1500:], probe.stderr[-1500:])
    assert completeness["completenessScore"] == 1.0, (
        out.stderr[-1500:], report.get("summary"),  # pyright's own words, if its interpreter query failed
        [s["name"] for s in completeness["symbols"] if not s["isTypeKnown"]][:30],
        [d["message"][:300] for s in completeness["symbols"] if not s["isTypeKnown"] for d in s["diagnostics"]][:10])
