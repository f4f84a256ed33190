"""The hand-written shape examples (``examples/shapes/``: an attention block, an MLP over a batch, a layer norm,
batched matrix products) under ``arraytyping.typecheck``: every right call passes, every deliberately wrong one is
refused with a ``TypeCheckError`` naming the parameter (or the return value) it was written to break."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SHAPES = Path(__file__).resolve().parents[2] / "examples" / "shapes"
sys.path.insert(0, str(SHAPES))
import run_shapes  # noqa: E402

RESULTS = run_shapes.results()
EXPECTED_COUNTS = {  # (right calls, wrong calls): a case dropped or added shows here
    "attention": (5, 8), "mlp": (3, 7), "layer_norm": (4, 4), "batched_matmul": (5, 5),
}


@pytest.mark.parametrize("module", sorted(EXPECTED_COUNTS))
def test_each_case_has_its_outcome(module: str) -> None:
    outcomes = RESULTS[module]
    bad = [f"{o.case.name}: {o.said}" for o in outcomes if not o.ok]
    assert not bad, bad
    right = sum(o.case.refused is None for o in outcomes)
    assert (right, len(outcomes) - right) == EXPECTED_COUNTS[module]
    for o in outcomes:
        if o.case.refused is not None:  # the message names the function, the parameter, both types
            assert o.said.count("[") >= 2 and "(): " in o.said and " expected Array[" in o.said, o.said


def test_the_runner_reports(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, str(SHAPES / "run_shapes.py")], cwd=tmp_path, capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "batched_matmul: 5 right calls passed, 5 wrong calls refused as expected, 0 unexpected" in out.stdout
