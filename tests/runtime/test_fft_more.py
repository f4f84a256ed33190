"""``arraytyping.numpy.fft``'s n-axis, two-axis, Hermitian transforms, ``rfftfreq`` and the shifts against JAX 0.10.2
(``tests/data/jax_fft_reference.json``, written by ``tools/jax_api_ext_reference.py``): every value case of those
functions (dtypes, weak flags, shapes, values within the fft family's tolerance, error classes), with x64 off and
on, not the sample ``test_conformance_ext.py`` runs."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from api_ext_reference import configured, generator, load, mismatch, run  # noqa: E402

_MORE = re.compile(r"fft\.(\w+)\(")


def _cases(config: str) -> list[str]:
    more = set(generator().FFT_MORE)
    return [e for e in load("fft")[config] if not e.startswith("eval_shape") and _MORE.match(e)
            and _MORE.match(e).group(1) in more]  # type: ignore[union-attr]


@pytest.mark.parametrize("config", ["standard-x32", "standard-x64"])
def test_more_fft_functions_match_jax(config: str) -> None:
    table = load("fft")[config]
    cases = _cases(config)
    assert {_MORE.match(e).group(1) for e in cases} == set(generator().FFT_MORE)  # type: ignore[union-attr]
    wrong: list[str] = []
    with configured(config):
        for expr in cases:
            why = mismatch(table[expr], run(expr), rtol=1e-5, atol=1e-6)
            if why:
                wrong.append(f"{expr}: {why}")
    assert not wrong, f"{len(wrong)} of {len(cases)} differ:\n" + "\n".join(wrong[:40])
