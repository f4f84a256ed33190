"""Gradient checkpointing (``checkpoint``/``remat``, ``ad_checkpoint``) held to JAX 0.10.2 by
``tests/data/checkpoint_reference.json`` (``tools/checkpoint_reference.py`` runs the same expressions in JAX's venv):
values and derivatives (the un-checkpointed function's, with dtypes and weak flags), printed jaxprs, and the residuals
``print_saved_residuals`` reports under each policy, sources included, with x64 off and on.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import arraytyping as at
import arraytyping.lax  # noqa: F401 - the cases call at.lax
import arraytyping.numpy as anp
from arraytyping import ad_checkpoint
from reference_tools import cases_on_runtime, tool

ROOT = Path(__file__).resolve().parents[2]
REF = json.loads((ROOT / "tests" / "data" / "checkpoint_reference.json").read_text())
TOOL = tool("checkpoint_reference")


def _ours(config: str) -> dict[str, Any]:
    return cases_on_runtime("checkpoint_reference", config, {"at": at, "adc": ad_checkpoint, "jnp": anp, "np": np})


def _same(name: str, jax: Any, ours: Any) -> bool:
    if jax[0] == "ERR" or ours[0] == "ERR":
        return bool(jax == ours) if name.startswith("err_") else bool(jax[:2] == ours[:2])
    if len(jax) != len(ours):
        return False
    for a, b in zip(jax, ours):
        if a[0] == "STR" or b[0] == "STR":
            if a != b:
                return False
            continue
        if a[:2] != b[:2]:
            return False
        if not np.allclose(np.asarray(a[2], dtype=float), np.asarray(b[2], dtype=float), rtol=2e-5, atol=1e-6):
            return False
    return True


def test_reference_covers_every_case() -> None:
    for config in TOOL.CONFIGS:
        assert sorted(REF["results"][config]) == sorted(TOOL.CASES), "a case was added: rerun the generator"


@pytest.mark.parametrize("config", ["x64_off", "x64_on"])
@pytest.mark.parametrize("name", sorted(TOOL.CASES))
def test_case_matches_jax(config: str, name: str) -> None:
    want, got = REF["results"][config][name], _ours(config)[name]
    assert _same(name, want, got), f"{name} ({config}): JAX {str(want)[:600]}\nours {str(got)[:600]}"


def test_closure_over_a_tracer_is_traced_each_time() -> None:
    def outer(y: Any) -> Any:
        return at.checkpoint(lambda x: anp.sin(x) * y)(y)

    assert float(at.grad(outer)(0.5)) == pytest.approx(np.cos(0.5) * 0.5 + np.sin(0.5), rel=1e-6)
    assert float(at.grad(outer)(1.5)) == pytest.approx(np.cos(1.5) * 1.5 + np.sin(1.5), rel=1e-6)
