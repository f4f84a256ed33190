"""The mypy plugin's settings: a mistake in them is a one-line message naming the setting and the value, exit
status 2 (as mypy's own configuration errors), never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import checkers  # beside this file (pytest puts its folder on the path)


@pytest.mark.parametrize(("setting", "message"), [
    ("x64 = maybe", "arraytyping-mypy: x64 must be a boolean, got 'maybe'"),
    ("promotion = loose", "arraytyping-mypy: promotion must be 'standard' or 'strict', got 'loose'"),
    ("shapes = 3", "arraytyping-mypy: shapes must be a boolean, got '3'"),
    ("shape = false", "arraytyping-mypy: unknown setting shape in mypy.ini; the settings are x64, promotion and shapes"),
])
def test_a_bad_setting_is_a_message(setting: str, message: str, tmp_path: Path) -> None:
    (tmp_path / "mypy.ini").write_text(f"[mypy]\nplugins = arraytyping_mypy\n[arraytyping-mypy]\n{setting}\n")
    (tmp_path / "m.py").write_text("x = 1\n")
    env = checkers._env()
    r = subprocess.run([sys.executable, "-m", "mypy", "--config-file", "mypy.ini", "--no-incremental",
                        "--cache-dir", "/dev/null", "m.py"], cwd=tmp_path, env=env, capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 2
    assert r.stderr.strip().splitlines() == [f"mypy.ini: error: {message}"]
    assert "Traceback" not in r.stdout + r.stderr


def test_shapes_setting_in_pyproject(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.mypy]\nplugins = ["arraytyping_mypy"]\n'
                                             '[tool.arraytyping-mypy]\nshapes = false\n')
    (tmp_path / "m.py").write_text("import arraytyping.numpy as anp\nreveal_type(anp.zeros((2, 3)))\n")
    r = subprocess.run([sys.executable, "-m", "mypy", "--config-file", "pyproject.toml", "--no-incremental",
                        "--cache-dir", "/dev/null", "m.py"], cwd=tmp_path, env=checkers._env(),
                       capture_output=True, text=True, timeout=300)
    assert 'Revealed type is "arraytyping.Array[arraytyping.float32, tuple[Any, ...]]"' in r.stdout, r.stdout + r.stderr
