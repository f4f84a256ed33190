"""Hand-written cases in the style of user code (typecheck_cases/handwritten/): ``assert_type`` holds and no error is
reported in every checker: pyright (strict), mypy (strict, with the plugin and with the stubs alone), pyrefly and ty;
every ``# type: ignore[...]`` must silence an error (unused ignores are errors in pyright and mypy). A line marked
``limit[<checker>]`` states a limit of that checker (said next to it): there, that checker may answer gradually
(with ``Any``), never with another type."""

from __future__ import annotations

from pathlib import Path

import pytest

import checkers  # beside this file (pytest puts its folder on the path)

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "typecheck_cases" / "handwritten"
FILES = sorted(CASES.glob("*.py"))


@pytest.mark.parametrize("checker", checkers.CHECKERS)
def test_no_errors(checker: str, tmp_path: Path) -> None:
    d = checkers.run(checker, FILES, tmp_path, strict=True)
    errors = []
    for name, per_file in sorted(d.by_file.items()):
        src = (CASES / name).read_text().splitlines()
        for line, msgs in sorted(per_file.errors.items()):
            if checkers.only_shapes_differ(msgs):  # these cases hold dtypes; a shape the plugin knows is not wrong
                continue
            for msg in msgs:
                if f"limit[{checker}]" in src[line - 1] and ("Any" in msg or "Unknown" in msg):
                    continue
                errors.append(f"{name}:{line}: {msg}  <- {src[line - 1].strip()}")
    assert not errors, "\n".join(errors)
