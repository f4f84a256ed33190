"""The collectives over named axes under ``vmap`` (``lax.psum``, ``pmean``, ``pmax``, ``pmin``, ``axis_index``,
``axis_size``) held to JAX 0.10.2 by ``tests/data/collectives_reference.json`` (``tools/collectives_reference.py``
runs the same expressions in JAX's venv): values with dtypes and weak flags, printed jaxprs, derivatives, nested and
tuple axis names, and errors by class and message: every case with x64 off; with x64 on, a fixed half in CI and all
of them with ``ARRAYTYPING_FULL_CONFORMANCE=1``."""

from __future__ import annotations

import functools
import json
import os
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import arraytyping as at
import arraytyping.lax  # noqa: F401 - the cases call at.lax
import arraytyping.numpy as anp
from reference_tools import tool

ROOT = Path(__file__).resolve().parents[2]
REF = json.loads((ROOT / "tests" / "data" / "collectives_reference.json").read_text())
TOOL = tool("collectives_reference")


FULL = os.environ.get("ARRAYTYPING_FULL_CONFORMANCE") == "1"


def _selected(config: str) -> list[str]:
    names = sorted(TOOL.CASES)
    return names if FULL or config == "x64_off" else names[::2]


@functools.cache
def _ours(config: str) -> dict[str, Any]:
    subset = {name: TOOL.CASES[name] for name in _selected(config)}
    with at.enable_x64(config == "x64_on"):
        result: dict[str, Any] = TOOL.cases.run_cases({"at": at, "lax": at.lax, "jnp": anp, "np": np}, TOOL.PRELUDE,
                                                      subset, messages=True, label="<collectives>")
    return result


def _same(jax: Any, ours: Any) -> bool:
    if jax[0] == "ERR" or ours[0] == "ERR":
        return bool(jax == ours)
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


@pytest.mark.parametrize(("config", "name"), [(c, n) for c in TOOL.CONFIGS for n in _selected(c)])
def test_case_matches_jax(config: str, name: str) -> None:
    want, got = REF["results"][config][name], _ours(config)[name]
    assert _same(want, got), f"{name} ({config}): JAX {str(want)[:600]}\nours {str(got)[:600]}"


def test_axis_env_is_restored_after_an_error() -> None:
    x = anp.ones((2, 3))
    with pytest.raises(NameError, match="unbound axis name: j"):
        at.vmap(lambda v: at.lax.psum(v, "j"), axis_name="i")(x)
    with pytest.raises(NameError, match="unbound axis name: i"):
        at.lax.psum(x, "i")
    with pytest.raises(NameError, match="unbound axis name: i"):
        at.make_jaxpr(lambda v: at.lax.axis_index("i"), axis_env=[("j", 2)])(x)


def test_psum_then_grad_agrees_with_a_loop() -> None:
    rng = np.random.RandomState(1)
    xs = rng.randn(5, 2).astype(np.float32)

    def loss(x: Any) -> Any:
        return (at.vmap(lambda v: v * at.lax.psum(v, "b"), axis_name="b")(x) ** 2).sum()

    got = np.asarray(at.grad(loss)(xs))
    total = xs.sum(0)
    # d/dx_k sum_j (x_j * S)^2 with S = sum_j x_j: 2 x_k S^2 + 2 S sum_j x_j^2
    want = 2 * xs * total ** 2 + 2 * total * (xs ** 2).sum(0)
    np.testing.assert_allclose(got, want, rtol=1e-5)
