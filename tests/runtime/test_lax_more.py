"""``jax.lax``'s gathers and scatters (``gather``, ``scatter``, ``scatter_add``/``mul``/``min``/``max``,
``index_take``), its one-axis indexing (``slice_in_dim``, ``index_in_dim``, ``dynamic_index_in_dim``,
``dynamic_update_index_in_dim``) and shape conveniences (``tile``, ``split``, ``stack``, ``unstack``, ``broadcast``,
``broadcast_to_rank``, ``broadcast_shapes``, ``complex``, ``bitcast_convert_type``, ``sort_key_val``,
``batch_matmul``), held to JAX 0.10.2 by ``tests/data/jax_lax_more_reference.json``
(``tools/jax_lax_more_reference.py`` runs the same expressions in JAX's venv): values, dtypes and weak flags,
derivatives and ``vmap``, with x64 off and on, and the error classes where JAX refuses; and the rest of
``jax.lax`` (its option types and their printed forms, ``dtype``, ``broadcast_like``, ``shape_as_value``,
``empty``, ``fft``, ``cumlogsumexp``, ``scatter_sub``, ``reduce``, ``rng_bit_generator``, ``rng_uniform``,
``approx_max_k``/``approx_min_k``, ``dce_sink``, ``custom_root``, printed jaxprs among them), a sample by default.
"""

from __future__ import annotations

import json
import os
import zlib
from pathlib import Path
from typing import Any, Final

import numpy as np
import pytest

import arraytyping as at
import arraytyping.numpy as anp
from arraytyping import lax
from reference_tools import tool

ROOT = Path(__file__).resolve().parents[2]
REF = json.loads((ROOT / "tests" / "data" / "jax_lax_more_reference.json").read_text())
TOOL = tool("jax_lax_more_reference")

DIFFERENCES: Final[dict[str, str]] = {}
"""Case -> why the runtime's answer differs from JAX's; each is checked to still differ, and checked otherwise."""


FULL = os.environ.get("ARRAYTYPING_FULL_CONFORMANCE", "") not in ("", "0")
SAMPLE = 4
"""About one in ``SAMPLE`` of the tool's ``MISC_CASES`` run by default (by a checksum of the name: each compiles its
own executables); ``ARRAYTYPING_FULL_CONFORMANCE=1`` runs them all."""
RUN: Final = sorted(n for n in TOOL.CASES
                    if n not in TOOL.MISC_CASES or FULL or zlib.crc32(n.encode()) % SAMPLE == 0)
_RUNS: dict[str, dict[str, Any]] = {}


def _ours(config: str) -> dict[str, Any]:
    if config not in _RUNS:
        with at.enable_x64(config == "x64_on"):
            _RUNS[config] = TOOL.run({"at": at, "jnp": anp, "np": np}, names=RUN)
    return _RUNS[config]


def _same(jax: Any, ours: Any) -> bool:
    if jax[0] == "ERR" or ours[0] == "ERR":
        return bool(jax == ours)
    if len(jax) != len(ours):
        return False
    for a, b in zip(jax, ours):
        if a[:2] != b[:2]:
            return False
        if a[0] == "STR":  # a printed form: the same text
            continue
        fa = np.asarray(a[2], dtype=object)
        fb = np.asarray(b[2], dtype=object)
        if fa.shape != fb.shape:
            return False
        ca = np.asarray(fa.tolist(), dtype=complex)
        if not np.allclose(ca, np.asarray(fb.tolist(), dtype=complex), rtol=2e-3, atol=2e-4, equal_nan=True):
            return False
    return True


def test_reference_covers_every_case() -> None:
    for config in TOOL.CONFIGS:
        assert sorted(REF["results"][config]) == sorted(TOOL.CASES), "a case was added: rerun the generator"


@pytest.mark.parametrize("config", ["x64_off", "x64_on"])
@pytest.mark.parametrize("name", RUN)
def test_case_matches_jax(config: str, name: str) -> None:
    want, got = REF["results"][config][name], _ours(config)[name]
    if name in DIFFERENCES:
        assert not _same(want, got), f"{name} now matches JAX: drop it from DIFFERENCES"
        return
    assert _same(want, got), f"{name} ({config}): JAX {str(want)[:300]}\nours {str(got)[:300]}"


def test_gather_prints_one_gather_equation() -> None:
    dn = lax.GatherDimensionNumbers(offset_dims=(), collapsed_slice_dims=(0,), start_index_map=(0,))
    jaxpr = at.make_jaxpr(lambda a, i: lax.gather(a, i, dn, (1,)))(np.zeros(3, np.float32), np.zeros((2, 1), np.int32))
    assert [e.primitive.name for e in jaxpr.eqns] == ["gather"]
    assert jaxpr.eqns[0].params["mode"] is lax.GatherScatterMode.PROMISE_IN_BOUNDS


def test_scatter_add_lowers_to_one_stablehlo_scatter() -> None:
    dn = lax.ScatterDimensionNumbers(update_window_dims=(), inserted_window_dims=(0,),
                                     scatter_dims_to_operand_dims=(0,))
    text = at.jit(lambda a, i, u: lax.scatter_add(a, i, u, dn)).lower(
        np.zeros(3, np.float32), np.zeros((2, 1), np.int32), np.ones(2, np.float32)).as_text()
    assert text.count("\"stablehlo.scatter\"(") == 1 and "stablehlo.add" in text
