"""``arraytyping.random`` against JAX 0.10.2, bit for bit (``tests/data/jax_random_reference.json``, written by
``tools/jax_api_ext_reference.py``): keys from many seeds (typed and raw), split, fold_in, and every sampler over
seeds, shapes, dtypes and bounds, with x64 off and on; invalid keys, dtypes and arguments raise JAX's error class."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from api_ext_reference import configured, generator, load, mismatch, run, sampled  # noqa: E402


def test_reference_holds_exactly_the_generators_cases() -> None:
    data = load("random")
    want: dict[str, list[str]] = {}
    for config, expr in generator().cases("random"):
        want.setdefault(config, []).append(expr)
    assert {c: sorted(t) for c, t in data.items()} == {c: sorted(e) for c, e in want.items()}


def _pending(expr: str) -> bool:
    """``choice`` with ``p`` and replacement needs ``jnp.searchsorted`` (not merged yet)."""
    return "random.choice" in expr and "p=" in expr and "replace=False" not in expr


@pytest.mark.parametrize("config", ["standard-x32", "standard-x64"])
def test_random_bit_exact(config: str) -> None:
    table = load("random")[config]
    wrong: list[str] = []
    cases = [e for c, e in sampled("random") if c == config and not _pending(e)]
    with configured(config):
        for expr in cases:
            why = mismatch(table[expr], run(expr))
            if why:
                wrong.append(f"{expr}: {why}")
    assert not wrong, f"{len(wrong)} of {len(cases)} differ:\n" + "\n".join(wrong[:40])
