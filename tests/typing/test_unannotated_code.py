"""Unannotated code, as JAX users write it, in the five checkers' default (basic) modes: no error on what JAX runs
(``typecheck_cases/unannotated/``), and each revealed dtype JAX's or honestly unknown. The handwritten cases run in
strict mode, which refuses unannotated code, so this is where ``vmap``'s overloads for unannotated parameters
(``arraytyping.typing.Unannotated``) and for callables of any arguments (``AnyArguments``) are held."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import checkers

CASES = Path(__file__).resolve().parents[2] / "typecheck_cases" / "unannotated"
UNKNOWN = {"Any", "Unknown", "Array[Any]", "Array[Unknown]"}


def _expected(path: Path) -> dict[int, str]:
    """Line -> the dtype a ``# R: dtype`` comment says JAX gives."""
    return {i: m.group(1) for i, line in enumerate(path.read_text().splitlines(), 1)
            if (m := re.search(r"# R: (\w+)", line))}


@pytest.mark.parametrize("checker", checkers.CHECKERS)
@pytest.mark.parametrize("case", sorted(p.name for p in CASES.glob("*.py")))
def test_unannotated_code_gets_no_error_and_no_wrong_dtype(checker: str, case: str, tmp_path: Path) -> None:
    path = CASES / case
    d = checkers.run(checker, path, tmp_path, plugin=(False, "standard"))
    assert not d.errors, f"{checker} refuses code JAX runs: {d.errors}\n{d.raw[-2000:]}"
    expected = _expected(path)
    assert set(d.revealed) == set(expected), (d.revealed, expected)
    for line, dtype in expected.items():
        (shown,) = d.revealed[line]
        shown = shown.replace("arraytyping.", "").replace("Unknown | ", "")
        assert shown in UNKNOWN | {f"Array[{dtype}]"}, f"{checker} line {line}: {shown}, JAX: {dtype}"
