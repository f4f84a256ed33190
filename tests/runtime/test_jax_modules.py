"""JAX's smaller public modules on the runtime (``arraytyping.ops``' segment reductions, ``arraytyping.image``'s
resampling, ``arraytyping.nn``'s ``logmeanexp`` and ``dot_product_attention``), held to JAX 0.10.2 by
``tests/data/jax_modules_reference.json`` (``tools/jax_modules_reference.py`` runs the same expressions in JAX's
venv): values on seeded inputs, their dtypes and weak flags, under ``jit``,
``vmap`` and ``grad``, with x64 off and on, and the error classes where JAX refuses.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final

import numpy as np
import pytest

import arraytyping as at
import arraytyping.numpy as anp
from reference_tools import cases_on_runtime, tool

ROOT = Path(__file__).resolve().parents[2]
REF = json.loads((ROOT / "tests" / "data" / "jax_modules_reference.json").read_text())
TOOL = tool("jax_modules_reference")

DIFFERENCES: Final[dict[str, str]] = {
    "resize_python_list": ("JAX's resize reads ``image.ndim`` of its argument and fails with an AttributeError on "
                           "a list; the runtime takes any array-like, as its jax.numpy functions do"),
}
"""Case -> why the runtime's answer differs from JAX's; each is checked to still differ, and checked otherwise."""


def _ours(config: str) -> dict[str, Any]:
    return cases_on_runtime("jax_modules_reference", config, {"at": at, "jnp": anp, "np": np})


def _same(jax: Any, ours: Any) -> bool:
    if jax[0] == "ERR" or ours[0] == "ERR":
        return bool(jax == ours)
    if len(jax) != len(ours):
        return False
    for a, b in zip(jax, ours):
        if a[:2] != b[:2]:
            return False
        fa = np.asarray(a[2], dtype=object)
        fb = np.asarray(b[2], dtype=object)
        if fa.shape != fb.shape:
            return False
        tol = 2e-2 if a[0] in ("float16", "bfloat16") else 2e-5
        if not np.allclose(np.asarray(fa.tolist(), dtype=complex), np.asarray(fb.tolist(), dtype=complex),
                           rtol=tol, atol=tol, equal_nan=True):
            return False
    return True


def test_reference_covers_every_case() -> None:
    for config in TOOL.CONFIGS:
        assert sorted(REF["results"][config]) == sorted(TOOL.CASES), "a case was added: rerun the generator"


@pytest.mark.parametrize("config", ["x64_off", "x64_on"])
@pytest.mark.parametrize("name", sorted(TOOL.CASES))
def test_case_matches_jax(config: str, name: str) -> None:
    want, got = REF["results"][config][name], _ours(config)[name]
    if name in DIFFERENCES:
        assert not _same(want, got), f"{name} now matches JAX: drop it from DIFFERENCES"
        return
    assert _same(want, got), f"{name} ({config}): JAX {str(want)[:300]}\nours {str(got)[:300]}"


def test_modules_are_bound_on_import() -> None:
    """``import arraytyping`` binds ``ops`` and ``image`` as ``import jax`` binds ``jax.ops`` and ``jax.image``."""
    assert at.ops.segment_sum is __import__("arraytyping.ops", fromlist=["x"]).segment_sum
    assert at.image.resize is __import__("arraytyping.image", fromlist=["x"]).resize


def test_errors_name_the_problem() -> None:
    with pytest.raises(ValueError, match="num_segments must be non-negative"):
        at.ops.segment_sum(anp.ones(3), anp.array([0, 1, 1]), -2)
    with pytest.raises(at.ConcretizationTypeError, match="num_segments"):
        at.jit(lambda x, s: at.ops.segment_max(x, s))(anp.ones(3), anp.array([0, 1, 1]))
    with pytest.raises(ValueError, match='Unknown resize method "bogus"'):
        at.image.resize(anp.ones(3), (4,), "bogus")
    with pytest.raises(ValueError, match="shape must have length equal to the number of dimensions"):
        at.image.resize(anp.ones((3, 3)), (4,), "linear")
