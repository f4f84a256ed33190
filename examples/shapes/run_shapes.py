"""Run the hand-written shape examples (attention, MLP, layer norm, batched matmul) under ``arraytyping.typecheck``:
each right call passes, each deliberately wrong one is refused naming its parameter.

Run from the repository root: ``python examples/shapes/run_shapes.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import attention  # noqa: E402
import batched_matmul  # noqa: E402
import layer_norm  # noqa: E402
import mlp  # noqa: E402
from _cases import Outcome, run  # noqa: E402

MODULES = [attention, mlp, layer_norm, batched_matmul]


def results() -> dict[str, list[Outcome]]:
    return {m.__name__: run(m.cases()) for m in MODULES}


def main() -> int:
    bad = 0
    for name, outcomes in results().items():
        passed = sum(o.ok and o.case.refused is None for o in outcomes)
        refused = sum(o.ok and o.case.refused is not None for o in outcomes)
        print(f"{name}: {passed} right calls passed, {refused} wrong calls refused as expected, "
              f"{len(outcomes) - passed - refused} unexpected")
        for o in outcomes:
            mark = "ok " if o.ok else "BAD"
            print(f"  {mark} {o.case.name}: {o.said}")
            bad += not o.ok
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
