"""``example_libraries.stax`` and ``.optimizers``, ``nn.initializers`` and ``lax``'s convolution conveniences, held
to JAX 0.10.2 by ``tests/data/example_libraries_reference.json`` (``tools/example_libraries_reference.py`` runs the
same expressions in JAX's venv): values (the initializers' draws from the same keys, layers' outputs and parameters,
optimizer steps and schedules), dtypes and weak flags, with x64 off and on, and the error classes where JAX refuses.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import arraytyping as at
import arraytyping.lax
import arraytyping.nn
import arraytyping.numpy as anp
import arraytyping.random
from reference_tools import cases_on_runtime, tool

ROOT = Path(__file__).resolve().parents[2]
REF = json.loads((ROOT / "tests" / "data" / "example_libraries_reference.json").read_text())
TOOL = tool("example_libraries_reference")


def _ours(config: str) -> dict[str, Any]:
    return cases_on_runtime("example_libraries_reference", config, {"at": at, "jnp": anp, "np": np})


def _same(jax: Any, ours: Any) -> bool:
    if jax[0] == "ERR" or ours[0] == "ERR":
        return bool(jax == ours)
    if len(jax) != len(ours):
        return False
    for a, b in zip(jax, ours):
        if a[:2] != b[:2]:
            return False
        if a[0] == "object":
            if a[2] != b[2]:
                return False
            continue
        fa = np.asarray(a[2], dtype=object)
        fb = np.asarray(b[2], dtype=object)
        if fa.shape != fb.shape:
            return False
        if not np.allclose(np.asarray(fa.tolist(), dtype=complex), np.asarray(fb.tolist(), dtype=complex),
                           rtol=1e-5, atol=1e-6, equal_nan=True):
            return False
    return True


def test_reference_covers_every_case() -> None:
    for config in TOOL.CONFIGS:
        assert sorted(REF["results"][config]) == sorted(TOOL.CASES), "a case was added: rerun the generator"


@pytest.mark.parametrize("config", ["x64_off", "x64_on"])
@pytest.mark.parametrize("name", sorted(TOOL.CASES))
def test_case_matches_jax(config: str, name: str) -> None:
    want, got = REF["results"][config][name], _ours(config)[name]
    assert _same(want, got), f"{name} ({config}): JAX {str(want)[:300]}\nours {str(got)[:300]}"


def test_public_modules_import_as_in_jax() -> None:
    import arraytyping.example_libraries.optimizers as optimizers
    import arraytyping.nn.initializers as initializers
    from arraytyping.example_libraries import stax
    assert arraytyping.nn.initializers is initializers
    assert arraytyping.lax.conv is not None
    assert stax.Dense(2)[0](arraytyping.random.PRNGKey(0), (1, 3))[0] == (1, 2)
    assert isinstance(optimizers.sgd(0.1), optimizers.Optimizer)
