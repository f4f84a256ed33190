"""What the reference tools whose cases are source text share (``checkpoint``, ``custom_vjp``,
``example_libraries``, ``gradient_checks``, ``linear_solve``): each case is an expression evaluated, after the
tool's prelude, in a namespace of the library under test, once with x64 off and once with it on; JAX's answers are
written by the tool in JAX's venv, and the test runs the very same text on the runtime (``tests/reference_tools.py``,
:func:`reference_tools.cases_on_runtime`).

A result is recorded leaf by leaf (:func:`leaves`): an array as ``[dtype, weak flag, values]`` (:func:`record`), a
string as ``["STR", text]``; a case that raises as ``["ERR", class name]``, with the message when the tool keeps it.
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from transform_sweep_reference import round_values  # noqa: E402  (same folder)

X64_CONFIGS: tuple[str, ...] = ("x64_off", "x64_on")

TRACEBACKS: dict[str, str] = {}
"""The last frames of each case that raised, by ``label:name``: what a test shows when the class differs from
JAX's (the recorded result keeps only the class, or the message)."""


def leaves(r: Any) -> list[Any]:
    """The leaves of a result: tuples and lists in order, dicts by sorted key."""
    if isinstance(r, dict):
        return [x for k in sorted(r) for x in leaves(r[k])]
    if isinstance(r, (tuple, list)):
        return [x for item in r for x in leaves(item)]
    return [r]


def record(r: Any) -> list[Any]:
    """An array leaf (JAX's or the runtime's, or a NumPy value): its dtype, weak flag and rounded values."""
    a = np.asarray(r)
    if a.dtype == object:
        return ["object", False, round_values(a.tolist())]
    return [str(a.dtype), bool(getattr(r, "weak_type", False)), round_values(a.tolist())]


def run_cases(namespace: Mapping[str, Any], prelude: str, cases: Mapping[str, str], *, messages: bool,
              record_leaf: Callable[[Any], Any] = record, label: str = "<cases>") -> dict[str, Any]:
    """Every case evaluated in ``namespace`` after ``prelude``: its leaves recorded, or its error (with its message
    if ``messages``)."""
    env = dict(namespace)
    env["leaves"] = leaves
    exec(compile(prelude, label, "exec"), env)  # noqa: S102 - the tool's own fixed text
    out: dict[str, Any] = {}
    for name, source in cases.items():
        try:
            result = eval(source, env)  # noqa: S307 - the tool's own fixed text
            out[name] = [["STR", x] if isinstance(x, str) else record_leaf(x) for x in leaves(result)]
        except Exception as e:  # noqa: BLE001 - recorded
            TRACEBACKS[f"{label}:{name}"] = "".join(traceback.format_exception(e)[-12:])[-4000:]
            out[name] = ["ERR", type(e).__name__, str(e)] if messages else ["ERR", type(e).__name__]
    return out


def write_per_x64(out: Path, generator: str, run_config: Callable[[], dict[str, Any]]) -> None:
    """In JAX's venv: ``run_config()`` with x64 off, then on (standard promotion), written to ``out`` with the
    versions that produced it."""
    import jax
    import jaxlib

    jax.config.update("jax_numpy_dtype_promotion", "standard")
    results = {}
    for config in X64_CONFIGS:
        jax.config.update("jax_enable_x64", config == "x64_on")
        results[config] = run_config()
    jax.config.update("jax_enable_x64", False)
    data = {
        "generator": generator,
        "versions": {"jax": jax.__version__, "jaxlib": jaxlib.__version__, "numpy": np.__version__},
        "results": results,
    }
    out.write_text(json.dumps(data, indent=0, sort_keys=True) + "\n")
    print(f"wrote {out}", file=sys.stderr)
