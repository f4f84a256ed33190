"""Write JAX 0.10.2's outcome of each program of tests/api_cases.py to ``tests/data/jax_api_cases.json``: key
paths and ``keystr``, ``PyTreeDef`` reprs, ``jax.tree``'s functions, ``Partial``, registration each way,
``ShapeDtypeStruct``, ``typeof``, configuration options, and the error classes (tests/runtime/test_api_cases.py runs the same
programs under arraytyping and compares).

Runs in its own venv with jax (see tools/jax_reference.py, whose venv handling it shares)::

    python tools/jax_api_cases_reference.py [--venv .jaxref-venv]
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import jax_reference as ref  # noqa: E402  (same folder)

OUT = ref.ROOT / "tests" / "data" / "jax_api_cases.json"


def main_inside() -> None:
    import jax

    sys.path.insert(0, str(ref.ROOT / "tests"))
    import api_cases

    out = {name: case(jax) for name, case in api_cases.CASES.items()}
    OUT.write_text(json.dumps({"generator": "tools/jax_api_cases_reference.py", "jax": jax.__version__, "cases": out},
                              indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT} ({len(out)} cases)")


if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
