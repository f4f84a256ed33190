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

CONFIGS = {"x64": ("--x64",), "strict": ("--promotion", "strict"), "strict_x64": ("--x64", "--promotion", "strict")}
EXPECTED = {
    "x64": ({9: "Array[int64]", 10: "Array[float64]", 11: "Array[float64]", 12: "Array[int32]"}, set()),
    "strict": ({10: "Array[float32]", 12: "Array[int32]"}, {9, 14}),  # int32 + uint32 too is an implicit promotion
    "strict_x64": ({10: "Array[float64]", 11: "Array[float64]", 12: "Array[int32]"}, {9, 14}),
}
"""Per configuration, the revealed types JAX gives (with x64 off, int32 + uint32 is int64 canonicalized to int32,
zeros float32) and the lines refused."""
RUNS = [(checker, config) for checker in checkers.NO_PLUGIN
        for config in (("strict_x64",) if checker == "mypy" else ("x64", "strict"))]
"""mypy without the plugin takes 1.5-2 minutes on a fresh stub directory (the others seconds): it checks the two
options together, the others each alone."""


def _normal(text: str) -> str:
    """The dtype of a revealed type (pyright and ty give ``anp.zeros(3)`` its shape, ``tests/typing/test_shape_*``
    hold shapes)."""
    return checkers.without_shapes(text.replace("arraytyping.", "").replace("builtins.", ""))


@pytest.fixture(scope="module")
def stubs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """``arraytyping stubs OPTIONS -o DIR`` per configuration, written once for the module."""
    dirs = {}
    for config, options in CONFIGS.items():
        out = tmp_path_factory.mktemp(config) / "typings"
        proc = subprocess.run([sys.executable, "-m", "arraytyping.cli", "stubs", *options, "-o", str(out)],
                              capture_output=True, text=True, timeout=300)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        assert (out / "arraytyping" / "__init__.pyi").is_file()
        dirs[config] = out
    return dirs


@pytest.mark.parametrize(("checker", "config"), RUNS)
def test_configured_stubs_answer_in_their_configuration(checker: str, config: str, stubs: dict[str, Path],
                                                        tmp_path: Path) -> None:
    (tmp_path / "sample.py").write_text(SAMPLE)
    d = checkers.run(checker, tmp_path / "sample.py", tmp_path / "work", stubs=stubs[config])
    revealed, refused = EXPECTED[config]
    assert set(d.errors) == refused, d.raw[-3000:]
    got = {line: _normal(v[0]) for line, v in d.revealed.items()}
    assert {line: got.get(line) for line in revealed} == revealed
    assert "str" in got[13], got[13]  # the rest of the package (arraytyping.lattice) resolves from DIR


def test_check_reports_stale_and_current(stubs: dict[str, Path]) -> None:
    run = [sys.executable, "-m", "arraytyping.cli", "stubs", "-o", str(stubs["x64"])]
    assert subprocess.run([*run, "--x64", "--check"], capture_output=True, timeout=300).returncode == 0
    stale = subprocess.run([*run, "--check"], capture_output=True, text=True, timeout=300)
    assert stale.returncode == 1 and "__init__.pyi" in stale.stdout + stale.stderr
