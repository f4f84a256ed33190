"""``arraytyping stubs --x64 -o DIR`` (and ``--promotion strict``): each checker without the plugin, pointed at DIR
as the README says, answers in that configuration, and still resolves the rest of the package from DIR."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import checkers

SAMPLE = '''\
from typing import reveal_type

import arraytyping as at
import arraytyping.numpy as anp
from arraytyping import Array, int8, int16, int32, uint32


def f(x: Array[int32], y: Array[uint32], a: Array[int8], b: Array[int16]) -> None:
    reveal_type(x + y)
    reveal_type(anp.zeros(3))
    reveal_type(anp.float64(1))
    reveal_type(x * 2)
    reveal_type(at.lattice.DTYPE_NAMES)
    a + b
'''
"""Lines 9-13 reveal; line 14 is an implicit promotion between strong dtypes (refused under strict promotion)."""

X64 = {9: "Array[int64]", 10: "Array[float64]", 11: "Array[float64]", 12: "Array[int32]"}
"""What JAX answers with x64 on (with it off, int32 + uint32 is int64 canonicalized to int32, zeros float32)."""


def _normal(text: str) -> str:
    return text.replace("arraytyping.", "").replace("builtins.", "")


def _write(tmp: Path, *options: str) -> Path:
    out = subprocess.run([sys.executable, "-m", "arraytyping.cli", "stubs", *options, "-o", str(tmp / "typings")],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    assert (tmp / "typings" / "arraytyping" / "__init__.pyi").is_file()
    (tmp / "sample.py").write_text(SAMPLE)
    return tmp / "typings"


@pytest.mark.parametrize("checker", checkers.NO_PLUGIN)
def test_x64_stubs_answer_x64(checker: str, tmp_path: Path) -> None:
    stubs = _write(tmp_path, "--x64")
    d = checkers.run(checker, tmp_path / "sample.py", tmp_path / "work", stubs=stubs)
    assert not d.errors, d.raw[-3000:]
    got = {line: _normal(v[0]) for line, v in d.revealed.items()}
    assert {line: got.get(line) for line in X64} == X64
    assert "str" in got[13], got[13]  # the rest of the package (arraytyping.lattice) resolves from DIR


@pytest.mark.parametrize("checker", checkers.NO_PLUGIN)
def test_strict_stubs_refuse_implicit_promotion(checker: str, tmp_path: Path) -> None:
    stubs = _write(tmp_path, "--promotion", "strict")
    d = checkers.run(checker, tmp_path / "sample.py", tmp_path / "work", stubs=stubs)
    assert set(d.errors) == {9, 14}, d.raw[-3000:]  # int32 + uint32 too is an implicit promotion
    got = {line: _normal(v[0]) for line, v in d.revealed.items()}
    assert got[10] == "Array[float32]" and got[12] == "Array[int32]"


def test_check_reports_stale_and_current(tmp_path: Path) -> None:
    stubs = _write(tmp_path, "--x64")
    run = [sys.executable, "-m", "arraytyping.cli", "stubs", "-o", str(stubs)]
    assert subprocess.run([*run, "--x64", "--check"], capture_output=True, timeout=300).returncode == 0
    stale = subprocess.run([*run, "--check"], capture_output=True, text=True, timeout=300)
    assert stale.returncode == 1 and "__init__.pyi" in stale.stdout + stale.stderr
