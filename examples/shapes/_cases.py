"""What each hand-written shape example runs: a call, and the parameter its ``TypeCheckError`` must name (``None``
when the call is right and must pass)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from arraytyping import TypeCheckError

__all__ = ["Case", "Outcome", "run"]


@dataclass(frozen=True)
class Case:
    name: str
    call: Callable[[], Any]
    refused: str | None = None
    """``None``: the call passes; else what the error names: ``argument 'k'`` or ``return value``."""


@dataclass(frozen=True)
class Outcome:
    case: Case
    ok: bool
    said: str


def run(cases: list[Case]) -> list[Outcome]:
    """Each case once: passed as expected, or refused naming the expected parameter."""
    out: list[Outcome] = []
    for case in cases:
        try:
            case.call()
        except TypeCheckError as e:
            ok = case.refused is not None and f": {case.refused} expected " in str(e)
            out.append(Outcome(case, ok, str(e)))
            continue
        out.append(Outcome(case, case.refused is None, "passed"))
    return out
