"""``jax.experimental.checkify`` held to JAX 0.10.2 by ``tests/data/checkify_reference.json``
(``tools/checkify_reference.py`` runs the same expressions in JAX's venv): the messages of user checks, NaN,
division and index checks (eager, under ``jit``, batched under ``vmap``, with ``grad``), the outputs beside them
(values, dtypes, weak flags), and the errors ``check`` raises outside ``checkify`` (class and message), with x64 off
and on. A deterministic sample of the cases runs by default, all with ``ARRAYTYPING_FULL_CONFORMANCE=1``."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import arraytyping as at
import arraytyping.lax as lax
import arraytyping.numpy as anp
from arraytyping.experimental import checkify as ck
from reference_tools import cases_on_runtime, tool

ROOT = Path(__file__).resolve().parents[2]
REF = json.loads((ROOT / "tests" / "data" / "checkify_reference.json").read_text())
TOOL = tool("checkify_reference")
FULL = os.environ.get("ARRAYTYPING_FULL_CONFORMANCE") == "1"
SAMPLED = sorted(TOOL.CASES) if FULL else sorted(TOOL.CASES)[::2]


def _ours(config: str) -> dict[str, Any]:
    return cases_on_runtime("checkify_reference", config, {"at": at, "jnp": anp, "np": np, "lax": lax, "ck": ck})


def _same(jax: Any, ours: Any) -> bool:
    if len(jax) != len(ours) or (jax and jax[0] == "ERR") or (ours and ours[0] == "ERR"):
        return bool(jax == ours)
    for a, b in zip(jax, ours):
        if a[0] == "STR" or b[0] == "STR" or a[0] == "object":
            if a != b:
                return False
            continue
        if a[:2] != b[:2]:
            return False
        if not np.allclose(np.asarray(a[2], dtype=complex), np.asarray(b[2], dtype=complex), rtol=2e-5, atol=1e-6,
                           equal_nan=True):
            return False
    return True


def test_reference_covers_every_case() -> None:
    for config in TOOL.CONFIGS:
        assert sorted(REF["results"][config]) == sorted(TOOL.CASES), "a case was added: rerun the generator"


@pytest.mark.parametrize("config", ["x64_off", "x64_on"])
def test_cases_match_jax(config: str) -> None:
    got = _ours(config)
    wrong = [f"{name}: JAX {str(REF['results'][config][name])[:400]}\n  ours {str(got[name])[:400]}"
             for name in (SAMPLED if config == "x64_on" else sorted(TOOL.CASES))
             if not _same(REF["results"][config][name], got[name])]
    assert not wrong, "\n".join(wrong)
