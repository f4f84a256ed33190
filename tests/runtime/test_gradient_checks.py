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
from reference_tools import tool

ROOT = Path(__file__).resolve().parents[2]
REF = json.loads((ROOT / "tests" / "data" / "gradient_checks_reference.json").read_text())
TOOL = tool("gradient_checks_reference")

_OURS: dict[str, dict[str, Any]] = {}


def _ours(config: str) -> dict[str, Any]:
    if config not in _OURS:
        with at.enable_x64(config == "x64_on"):
            _OURS[config] = TOOL.run({"at": at, "tu": test_util, "jnp": anp, "np": np})
    return _OURS[config]


def test_reference_covers_every_case() -> None:
    for config in TOOL.CONFIGS:
        assert sorted(REF["results"][config]) == sorted(TOOL.CASES), "a case was added: rerun the generator"


@pytest.mark.parametrize("config", ["x64_off", "x64_on"])
@pytest.mark.parametrize("name", sorted(TOOL.CASES))
def test_case_matches_jax(config: str, name: str) -> None:
    want, got = REF["results"][config][name], _ours(config)[name]
    assert want == got, f"{name} ({config}): JAX {want}\nours {got}"
