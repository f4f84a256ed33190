"""Hand-written cases in the style of user code (typecheck_cases/handwritten/): ``assert_type`` holds in pyright
(strict) and in mypy (strict, with the plugin, and with the stubs alone where the file does not rely on the
plugin's error code); every ``# type: ignore[...]`` must silence an error (unused ignores are errors in both)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "typecheck_cases" / "handwritten"
BIN = Path(sys.executable).parent
FILES = sorted(CASES.glob("*.py"))
PLUGIN_ONLY = {"promotion_errors.py"}  # without the plugin, mypy reports these as [operator]


@pytest.fixture(scope="module")
def site() -> Path:
    """The source root: the package, its stub package and the plugin side by side, as a wheel installs them."""
    return ROOT / "src"


def test_pyright_strict(site: Path, tmp_path: Path) -> None:
    for f in FILES:
        (tmp_path / f.name).write_text(f.read_text())
    (tmp_path / "pyrightconfig.json").write_text(json.dumps(
        {"typeCheckingMode": "strict", "pythonVersion": "3.11", "reportUnnecessaryTypeIgnoreComment": "error",
         "reportUnusedExpression": False}))
    proc = subprocess.run([str(BIN / "pyright"), "--pythonpath", sys.executable, "--outputjson"], capture_output=True, text=True, cwd=tmp_path,
                          env={**os.environ, "PYTHONPATH": str(site)}, timeout=300)
    data = json.loads(proc.stdout)
    errors = [f"{Path(d['file']).name}:{d['range']['start']['line'] + 1}: {d['message']}"
              for d in data["generalDiagnostics"] if d["severity"] == "error"]
    assert data["summary"]["filesAnalyzed"] == len(FILES)
    assert not errors, "\n".join(errors)


@pytest.mark.parametrize("plugin", [True, False], ids=["plugin", "stubs"])
def test_mypy_strict(site: Path, tmp_path: Path, plugin: bool) -> None:
    files = [str(f) for f in FILES if plugin or f.name not in PLUGIN_ONLY]
    cfg = tmp_path / "mypy.ini"
    cfg.write_text("[mypy]\nstrict = True\nwarn_unused_ignores = True\n"
                   + ("plugins = arraytyping_mypy\n" if plugin else ""))
    proc = subprocess.run([str(BIN / "mypy"), "--config-file", str(cfg), "--cache-dir", str(tmp_path / "cache"),
                           *files], capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(site)},
                          timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
