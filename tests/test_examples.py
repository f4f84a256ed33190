"""The README's main job: the bundled examples run and say what the README promises."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_bundled_examples_run(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, str(ROOT / "examples" / "run_examples.py")], cwd=tmp_path,
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    text = out.stdout
    assert "$ arraytyping promote float32 2\nfloat32 (weak_type=False)" in text
    assert "$ arraytyping promote --x64 uint64 int64\nfloat64 (weak_type=True)" in text
    assert "scaled_residual(bf16[3], f16[3], 2.0) = Array(5., dtype=float32)" in text
    assert "{ lambda ; a:bf16[3] b:f16[3] c:f32[]. let" in text
    assert "float8 + float32     -> TypePromotionError" in text
    # training: the loss printed every 50 steps falls
    losses = [float(line.split()[-1]) for line in text.splitlines() if line.startswith("step ") and "loss" in line]
    assert len(losses) == 7 and losses[-1] < losses[0] / 10 and losses == sorted(losses, reverse=True)
    assert "jitted value_and_grad steps" in text
    assert "0 unexpected results" in text
    for name in ("lattice.svg", "lattice.dot", "table.html", "table.md"):
        assert (tmp_path / "out" / name).stat().st_size > 1000
    # the type checkers on examples/typed_step.py (the dev environment has both)
    assert "$ mypy (plugin) examples/typed_step.py" in text and "$ pyright examples/typed_step.py" in text
    assert 'typed_step.py:30: note: Revealed type is "arraytyping.Array[arraytyping.float32, tuple[Any, ...]]"' in text
    assert 'Type of "q * 2" is "Array[float, tuple[Any, ...]]"' in text
    assert text.count("-> 8 inferred types; the float8 + float32 promotion caught") == 2
