"""mypy.stubtest: the shipped stubs agree with the runtime, apart from the documented allowlist."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STUBS = ROOT / "stubs" / "arraytyping-stubs"
ALLOWLIST = ROOT / "typecheck_cases" / "stubtest_allowlist.txt"


def test_stubtest_against_runtime(tmp_path: Path) -> None:
    # stubtest finds stubs through MYPYPATH under the module's own name, not as a `-stubs` distribution. The stubs
    # are partial (modules without a stub are read from source), which mypy honours only for installed packages,
    # and an editable install is invisible to mypy; so lay out what an installed wheel gives: the package's source
    # with the stub files over it (a .pyi beside a .py wins), and run from an empty directory.
    (tmp_path / "cwd").mkdir()
    tree = tmp_path / "path" / "arraytyping"
    shutil.copytree(ROOT / "src" / "arraytyping", tree, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    for stub in STUBS.rglob("*.pyi"):
        target = tree / stub.relative_to(STUBS)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(stub, target)
    # pytest-mypy-plugins (--mypy-modify-pythonpath) leaves PYTHONPATH/MYPYPATH set in this process: drop them.
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "MYPYPATH")}
    env["MYPYPATH"] = str(tmp_path / "path")
    proc = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "arraytyping", "--allowlist", str(ALLOWLIST)],
        cwd=tmp_path / "cwd", env=env, capture_output=True, text=True, timeout=90)
    # Unused allowlist entries are errors too (stubtest's default), so the allowlist cannot go stale.
    assert proc.returncode == 0, proc.stdout + proc.stderr
