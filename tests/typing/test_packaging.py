"""The wheel ships the runtime with its stubs inline and the mypy plugin beside it, and both checkers use them.

Builds the wheel from a copy of the tree (``pip wheel --no-deps``; the build backend comes from the package index as
for any build), unpacks it into a directory that stands for site-packages, and type-checks a small file against
that directory alone (``PYTHONPATH``): pyright and mypy give exact dtypes from the package's inline stubs, and mypy loads
the plugin from one configuration line.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent

USER_CODE = '''\
from typing_extensions import assert_type

import arraytyping.numpy as anp
from arraytyping import Array, bfloat16, float32, int4, int8


def f(x: Array[bfloat16], y: Array[int8], z: Array[int4], w: Array[float32]) -> None:
    reveal_type(x + y)
    assert_type(x + y, Array[bfloat16])
    assert_type(y / 2, Array[float32])
    assert_type(anp.true_divide(z, z), Array[float32])
    assert_type(w * 2.0, Array[float32])
'''


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("wheel")
    tree = tmp / "tree"
    tree.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, tree / name)
    shutil.copytree(ROOT / "src", tree / "src", ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.egg-info"))
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp / "dist"),
                           str(tree)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-3000:]
    (whl,) = (tmp / "dist").glob("arraytyping-*.whl")
    return whl


@pytest.fixture(scope="module")
def site(wheel: Path) -> Path:
    d = wheel.parent.parent / "site"
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(d)
    return d


def test_wheel_ships_stubs_and_plugin_next_to_the_package(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    stubs = sorted(p.relative_to(ROOT / "src").as_posix() for p in (ROOT / "src" / "arraytyping").rglob("*.pyi")
                   if "__pycache__" not in p.parts)
    assert "arraytyping/__init__.pyi" in stubs and "arraytyping/numpy/__init__.pyi" in stubs
    assert set(stubs) <= names, set(stubs) - names
    assert "arraytyping/py.typed" in names
    assert "arraytyping_mypy/__init__.py" in names
    for module in ("arraytyping/__init__.py", "arraytyping/lattice.py", "arraytyping/op_rules.py",
                   "arraytyping/numpy/__init__.py"):
        assert module in names
    assert not any(n.startswith("arraytyping-stubs/") for n in names)


def test_pyright_uses_the_wheels_stubs(site: Path, tmp_path: Path) -> None:
    (tmp_path / "user.py").write_text(USER_CODE)
    (tmp_path / "pyrightconfig.json").write_text(json.dumps({"pythonVersion": "3.11", "typeCheckingMode": "strict"}))
    proc = subprocess.run([str(BIN / "pyright"), "--pythonpath", sys.executable, "--outputjson", "user.py"], capture_output=True, text=True,
                          cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(site)}, timeout=300)
    diags = json.loads(proc.stdout)["generalDiagnostics"]
    errors = [d["message"] for d in diags if d["severity"] == "error"]
    assert not errors, errors
    revealed = [d["message"] for d in diags if d["severity"] == "information"]
    assert revealed == ['Type of "x + y" is "Array[bfloat16, tuple[Any, ...]]"'], revealed  # any shape


def test_mypy_uses_the_wheels_stubs_and_plugin(site: Path, tmp_path: Path) -> None:
    (tmp_path / "user.py").write_text(USER_CODE + "    z + y\n")
    (tmp_path / "mypy.ini").write_text("[mypy]\nplugins = arraytyping_mypy\n")
    proc = subprocess.run([str(BIN / "mypy"), "--no-error-summary", "--cache-dir", str(tmp_path / "cache"),
                           "user.py"], capture_output=True, text=True, cwd=tmp_path,
                          env={**os.environ, "PYTHONPATH": str(site)}, timeout=300)
    out = proc.stdout.splitlines()
    assert 'user.py:8: note: Revealed type is "arraytyping.Array[arraytyping.bfloat16, tuple[Any, ...]]"' in out, proc.stdout
    errors = [ln for ln in out if ": error:" in ln]
    assert len(errors) == 1 and errors[0].startswith("user.py:13:") and errors[0].endswith("[dtype-promotion]"), out
    assert "int4" in errors[0] and "int8" in errors[0]
