"""``arraytyping.profiler`` held to JAX 0.10.2 by ``tests/data/profiler_reference.json``
(``tools/profiler_reference.py`` runs the same expressions in JAX's venv): the files a trace writes, the annotations
it records with their statistics, the profile read back, the device memory profile and JAX's errors, with x64 off
and on."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import arraytyping as at
import arraytyping.numpy as anp
from reference_tools import cases_on_runtime, tool

ROOT = Path(__file__).resolve().parents[2]
REF = json.loads((ROOT / "tests" / "data" / "profiler_reference.json").read_text())
TOOL = tool("profiler_reference")


def _ours(config: str) -> dict[str, Any]:
    return cases_on_runtime("profiler_reference", config, {"at": at, "jnp": anp})


def test_reference_covers_every_case() -> None:
    for config in TOOL.CONFIGS:
        assert sorted(REF["results"][config]) == sorted(TOOL.CASES), "a case was added: rerun the generator"


@pytest.mark.parametrize("config", ["x64_off", "x64_on"])
@pytest.mark.parametrize("name", sorted(TOOL.CASES))
def test_case_matches_jax(config: str, name: str) -> None:
    want, got = REF["results"][config][name], _ours(config)[name]
    assert want == got, f"{name} ({config}): JAX {str(want)[:600]}\nours {str(got)[:600]}"


def test_the_traced_program_shows_its_compilation_and_python_calls(tmp_path: Path) -> None:
    """What a person opens a trace for: the compiled program's compilation (XLA's events on a compiler thread)
    and the Python calls (the Python tracer's line, named for the thread)."""
    def cube(v: Any) -> Any:
        return v * v * v

    with at.profiler.trace(tmp_path):
        at.jit(cube)(anp.ones(5)).block_until_ready()
    pb = next(tmp_path.glob("plugins/profile/*/*.xplane.pb"))
    cpu = at.profiler.ProfileData.from_file(str(pb)).find_plane_with_name("/host:CPU")
    assert cpu is not None
    lines = {line.name: [e.name for e in line.events] for line in cpu.lines}
    assert any("cube" in name for events in lines.values() for name in events), sorted(lines)
    assert any("Compile" in name for events in lines.values() for name in events)
