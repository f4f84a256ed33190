"""``random.random_gamma_p`` bound directly, held bit for bit to JAX 0.10.2 by
``tests/data/random_primitives_reference.json`` (``tools/random_primitives_reference.py`` runs the same expressions in
JAX's venv): samples on typed keys (one key, one per element), in value and log space, under ``jit`` and ``vmap``,
with x64 off and on."""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np
import pytest

import arraytyping as at
import arraytyping.numpy as anp
import arraytyping.random as random
from reference_tools import tool

ROOT = Path(__file__).resolve().parents[2]
REF = json.loads((ROOT / "tests" / "data" / "random_primitives_reference.json").read_text())
TOOL = tool("random_primitives_reference")
FULL = os.environ.get("ARRAYTYPING_FULL_CONFORMANCE") == "1"


def _names(config: str) -> list[str]:
    """Every case with x64 off and on under ``ARRAYTYPING_FULL_CONFORMANCE=1``; else a third of them with x64
    off and another third with it on (CI time)."""
    names = sorted(TOOL.CASES)
    return names if FULL else names[config == "x64_on"::3]


def test_reference_covers_every_case() -> None:
    for config in TOOL.CONFIGS:
        assert sorted(REF["results"][config]) == sorted(TOOL.CASES), "a case was added: rerun the generator"


@pytest.mark.parametrize("config", ["x64_off", "x64_on"])
def test_bit_for_bit(config: str) -> None:
    names = _names(config)
    case_ref = tool("case_reference")
    with at.enable_x64(config == "x64_on"):
        got = case_ref.run_cases({"at": at, "jnp": anp, "np": np, "random": random}, TOOL.PRELUDE,
                                 {n: TOOL.CASES[n] for n in names}, messages=True, record_leaf=TOOL.exact)
    wrong = [f"{name}: JAX {REF['results'][config][name]}\n  ours {got[name]}" for name in names
             if REF["results"][config][name] != got[name]]
    assert not wrong, "\n".join(wrong)
