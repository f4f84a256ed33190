"""``debug.log`` and the debug effects held to JAX 0.10.2 by ``tests/data/debug_log_reference.json``
(``tools/debug_log_reference.py`` runs the same expressions in JAX's venv): each logged record's level, the caller's
file and line and the message with its run-time values (eagerly, under ``jit``, ``vmap`` and ``grad``), the errors
of mismatched arguments (class and message), and how the effects print, with x64 off and on."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import arraytyping as at
import arraytyping.numpy as anp
from reference_tools import cases_on_runtime, tool

ROOT = Path(__file__).resolve().parents[2]
REF = json.loads((ROOT / "tests" / "data" / "debug_log_reference.json").read_text())
TOOL = tool("debug_log_reference")


def _ours(config: str) -> dict[str, Any]:
    return cases_on_runtime("debug_log_reference", config,
                            {"at": at, "jnp": anp, "np": np, "LOGGER": "arraytyping.debug"})


def test_reference_covers_every_case() -> None:
    for config in TOOL.CONFIGS:
        assert sorted(REF["results"][config]) == sorted(TOOL.CASES), "a case was added: rerun the generator"


@pytest.mark.parametrize("config", ["x64_off", "x64_on"])
def test_cases_match_jax(config: str) -> None:
    got = _ours(config)
    wrong = [f"{name}: JAX {REF['results'][config][name]}\n  ours {got[name]}" for name in sorted(TOOL.CASES)
             if REF["results"][config][name] != got[name]]
    assert not wrong, "\n".join(wrong)
