"""Mutable array references (``arraytyping.new_ref``, ``Ref``, ``freeze``, ``arraytyping.ref``) held to JAX 0.10.2,
program by program: ``tools/refs_reference.py`` (run in JAX's venv) ran every program of its ``PROGRAMS`` table with
JAX and committed what each printed and raised to ``tests/data/refs_reference.json``; here the same source runs
with ``jax`` = ``arraytyping`` and must print exactly the same and raise the same class with the same message."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import arraytyping as at
import arraytyping.lax  # noqa: F401  (``jax.lax`` in the programs)
import arraytyping.numpy as anp
from reference_tools import tool

ROOT = Path(__file__).resolve().parents[2]
REF = json.loads((ROOT / "tests" / "data" / "refs_reference.json").read_text())["programs"]
TOOL = tool("refs_reference")
RUN = tool("behaviours_reference").run

MESSAGE_DIFFERS: dict[str, str] = {
    "free_then_read_in_jit": "JAX's message (`get` must be called on `Ref` types: ~float32[]) names its internal "
                             "type of a freed reference; ours says that free_ref freed it",
}
"""Programs whose exception has JAX's class but (said why) not its words."""


def _run(source: str) -> dict[str, Any]:
    namespace = {"jax": at, "jnp": anp, "np": np, "partial": functools.partial}
    result: dict[str, Any] = RUN(at, namespace, source)
    return result


@pytest.mark.parametrize("name", sorted(REF))
def test_program_matches_jax(name: str) -> None:
    expected = REF[name]
    assert TOOL.PROGRAMS[name] == expected["source"], "the reference is stale: run tools/refs_reference.py"
    got = _run(expected["source"])
    assert got["stdout"] == expected["stdout"]
    if expected["error"] is None:
        assert got["error"] is None, got["error"]
    else:
        assert got["error"] is not None, f"no error (JAX raises {expected['error']['type']})"
        assert got["error"]["type"] == expected["error"]["type"]
        if name not in MESSAGE_DIFFERS:
            assert got["error"]["message"] == expected["error"]["message"]


def test_reading_a_frozen_ref_is_an_error() -> None:
    r = at.new_ref(anp.zeros(2))
    at.freeze(r)
    with pytest.raises(AssertionError):
        r[...]
    with pytest.raises(AssertionError):
        r[0] = 1.0


def test_ref_is_a_pytree_leaf_and_not_an_array() -> None:
    r = at.new_ref(1.0)
    assert at.tree.leaves([r, 2.0])[0] is r
    assert not isinstance(r, at.Array)
    assert isinstance(r, at.Ref)
