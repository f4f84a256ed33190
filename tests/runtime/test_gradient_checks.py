"""``arraytyping.test_util`` (JAX's ``jax.test_util``) held to JAX 0.10.2 by
``tests/data/gradient_checks_reference.json`` (``tools/gradient_checks_reference.py`` runs the same expressions in
JAX's venv): which checks pass, and for those that fail, the error class and the lines naming the failed check and
its tolerances, with x64 off and on.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import arraytyping as at
import arraytyping.numpy as anp
from arraytyping import test_util
from reference_tools import cases_on_runtime, tool

ROOT = Path(__file__).resolve().parents[2]
REF = json.loads((ROOT / "tests" / "data" / "gradient_checks_reference.json").read_text())
TOOL = tool("gradient_checks_reference")

def _ours(config: str) -> dict[str, Any]:
    return cases_on_runtime("gradient_checks_reference", config, {"at": at, "tu": test_util, "jnp": anp, "np": np})


def test_reference_covers_every_case() -> None:
    for config in TOOL.CONFIGS:
        assert sorted(REF["results"][config]) == sorted(TOOL.CASES), "a case was added: rerun the generator"


@pytest.mark.parametrize("config", ["x64_off", "x64_on"])
@pytest.mark.parametrize("name", sorted(TOOL.CASES))
def test_case_matches_jax(config: str, name: str) -> None:
    want, got = REF["results"][config][name], _ours(config)[name]
    assert want == got, f"{name} ({config}): JAX {want}\nours {got}"
