"""``arraytyping.monitoring`` held to JAX 0.10.2 by ``tests/data/monitoring_reference.json``
(``tools/monitoring_reference.py`` runs the same expressions in JAX's venv): the reports of each compilation step of a
``jit`` function (first and second call, a new shape, ahead of time, ``make_jaxpr``, an eager operation), and the
listeners' API, with x64 off and on."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest

import arraytyping as at
import arraytyping.numpy as anp
from reference_tools import cases_on_runtime, tool

ROOT = Path(__file__).resolve().parents[2]
REF = json.loads((ROOT / "tests" / "data" / "monitoring_reference.json").read_text())
TOOL = tool("monitoring_reference")

def _ours(config: str) -> dict[str, Any]:
    return cases_on_runtime("monitoring_reference", config, {"at": at, "jnp": anp})


def test_reference_covers_every_case() -> None:
    for config in TOOL.CONFIGS:
        assert sorted(REF["results"][config]) == sorted(TOOL.CASES), "a case was added: rerun the generator"


@pytest.mark.parametrize("config", ["x64_off", "x64_on"])
@pytest.mark.parametrize("name", sorted(TOOL.CASES))
def test_case_matches_jax(config: str, name: str) -> None:
    want, got = REF["results"][config][name], _ours(config)[name]
    assert want == got, f"{name} ({config}): JAX {str(want)[:600]}\nours {str(got)[:600]}"


def test_clearing_removes_scalar_listeners_too() -> None:
    """JAX 0.10.2's ``clear_event_listeners`` keeps the scalar listeners (a local assignment where a global was
    meant); arraytyping clears every kind, as its docstring says."""
    seen: list[str] = []

    def on_scalar(event: str, value: float | int, **kwargs: str | int) -> None:
        seen.append(event)

    at.monitoring.register_scalar_listener(on_scalar)
    at.monitoring.clear_event_listeners()
    at.monitoring.record_scalar("/app/v", 1.0)
    assert seen == []


def test_compilation_steps_are_logged_at_debug_level(caplog: pytest.LogCaptureFixture) -> None:
    def thrice(x: Any) -> Any:
        return x * 3

    with caplog.at_level(logging.DEBUG, logger="arraytyping.monitoring"):
        at.jit(thrice)(anp.ones(2))
    messages = [r.getMessage() for r in caplog.records if r.name == "arraytyping.monitoring"]
    assert [m.split(" in ")[0] for m in messages] == [
        "Finished tracing thrice for jit", "Finished jaxpr to MLIR module conversion jit(thrice)",
        "Finished XLA compilation of jit(thrice)"]


def test_log_compiles_makes_them_warnings(caplog: pytest.LogCaptureFixture) -> None:
    def four_times(x: Any) -> Any:
        return x * 4

    with caplog.at_level(logging.WARNING, logger="arraytyping.monitoring"), at.log_compiles(True):
        at.jit(four_times)(anp.ones(2))
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 3 and all("four_times" in w for w in warnings), warnings
