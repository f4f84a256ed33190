"""``arraytyping.lax`` against JAX 0.10.2 (``tests/data/jax_lax_reference.json``, written by
``tools/jax_api_ext_reference.py``): dtypes, weak flags and error classes over every dtype, and values on seeded
inputs (within a relative tolerance: XLA computes both, but fused and unfused computations may round differently)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from api_ext_reference import configured, generator, load, mismatch, run, sampled  # noqa: E402


def test_reference_holds_exactly_the_generators_cases() -> None:
    want: dict[str, list[str]] = {}
    for config, expr in generator().cases("lax"):
        want.setdefault(config, []).append(expr)
    assert {c: sorted(t) for c, t in load("lax").items()} == {c: sorted(e) for c, e in want.items()}


@pytest.mark.parametrize("config", sorted({c for c, _ in generator().cases("lax")}))
def test_lax_matches_jax(config: str) -> None:
    table = load("lax")[config]
    cases = [e for c, e in sampled("lax") if c == config]
    wrong: list[str] = []
    with configured(config):
        for expr in cases:
            why = mismatch(table[expr], run(expr), rtol=1e-5, atol=1e-6)
            if why:
                wrong.append(f"{expr}: {why}")
    assert not wrong, f"{len(wrong)} of {len(cases)} differ:\n" + "\n".join(wrong[:40])
