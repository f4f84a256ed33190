"""JAX 0.10.2's top-level names about devices, processes and tracing, and ``jax.errors``, against JAX:
``tools/api_toplevel_reference.py`` recorded JAX's behaviour in ``tests/data/api_toplevel_reference.json`` with the
same :func:`record` this test runs on arraytyping (values, dtypes, weak types, jaxprs, errors by class and
message)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import arraytyping as at
import arraytyping.numpy as anp
from arraytyping import errors
from reference_tools import tool

ROOT = Path(__file__).resolve().parents[2]
REF = json.loads((ROOT / "tests" / "data" / "api_toplevel_reference.json").read_text())["cases"]
TOOL = tool("api_toplevel_reference")


@pytest.fixture(scope="module")
def ours() -> dict[str, Any]:
    recorded: dict[str, Any] = TOOL.record(at, anp, errors)
    return recorded


@pytest.mark.parametrize("name", sorted(REF))
def test_as_jax(ours: dict[str, Any], name: str) -> None:
    assert ours[name] == REF[name]


def test_root_error_names_are_the_errors_module_classes() -> None:
    for name in ("ConcretizationTypeError", "TracerArrayConversionError", "TracerBoolConversionError",
                 "TracerIntegerConversionError", "UnexpectedTracerError"):
        assert getattr(at, name) is getattr(errors, name)


def test_print_environment_info() -> None:
    text = at.print_environment_info(return_string=True)
    assert text is not None
    keys = [line.split(":")[0] for line in text.splitlines()]
    assert keys == ["arraytyping", "jaxlib", "numpy", "python", "device info", "process_count", "platform"]
    assert f"device info: cpu-{at.device_count()}, {at.device_count()} local devices" in text


def test_disable_jit_is_local_and_restored() -> None:
    f = at.jit(lambda x: x * 2)
    assert type(f(1.5)) is not float
    with at.disable_jit():
        assert type(f(1.5)) is float  # the body ran on the Python float
        with at.disable_jit(False):
            assert type(f(1.5)) is not float
    assert type(f(1.5)) is not float
