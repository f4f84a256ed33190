"""JAX 0.10.2's user-visible behaviours (issue 62, item 8), program by program: how tracers print under each
transformation, ``jit``'s cache keyed by the function, ``jit`` on methods, static indices out of bounds (clamped on
reads, dropped on updates), error classes and messages, and host callbacks (``jax.debug.print``/``callback``,
``jax.pure_callback``, ``jax.experimental.io_callback``, ``jax.ShapeDtypeStruct``).

``tools/behaviours_reference.py`` (run in JAX's venv) ran every program of its ``PROGRAMS`` table with JAX and
committed what each printed and raised to ``tests/data/behaviours_reference.json``; here the same source runs with
``jax`` = ``arraytyping`` and must print exactly the same and raise the same class with the same message.
"""

from __future__ import annotations

import functools
import gc
import json
import weakref
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import arraytyping as at
import arraytyping.lax  # noqa: F401  (``jax.lax`` in the programs)
import arraytyping.numpy as anp
from arraytyping._src.xla import dispatch
from reference_tools import tool

ROOT = Path(__file__).resolve().parents[2]
REF = json.loads((ROOT / "tests" / "data" / "behaviours_reference.json").read_text())["programs"]
TOOL = tool("behaviours_reference")

MESSAGE_DIFFERS: dict[str, str] = {
    "method_binds_self": "our error names the argument and the jitted function, not JAX's key path of it",
}
"""Programs whose exception has JAX's class but (said why) not its words."""


def _run(source: str) -> dict[str, Any]:
    namespace = {"jax": at, "jnp": anp, "np": np, "partial": functools.partial}
    source = source.replace("from jax.experimental import", "from arraytyping.experimental import")
    result: dict[str, Any] = TOOL.run(at, namespace, source)
    return result


@pytest.mark.parametrize("name", sorted(REF))
def test_program_matches_jax(name: str) -> None:
    expected = REF[name]
    assert TOOL.PROGRAMS[name] == expected["source"], "the reference is stale: run tools/behaviours_reference.py"
    got = _run(expected["source"])
    assert got["stdout"] == expected["stdout"]
    if expected["error"] is None:
        assert got["error"] is None
    else:
        assert got["error"] is not None, f"no error (JAX raises {expected['error']['type']})"
        assert got["error"]["type"] == expected["error"]["type"]
        if name not in MESSAGE_DIFFERS:
            assert got["error"]["message"] == expected["error"]["message"]


def test_jit_cache_holds_functions_weakly() -> None:
    """The executables shared by every ``jit`` of a function do not keep the function alive."""
    def f(x: Any) -> Any:
        return x * 2
    ref = weakref.ref(f)
    at.jit(f)(1.0)
    assert f in dispatch._SHARED
    del f
    gc.collect()
    assert ref() is None


def test_jit_of_unhashable_callable_keeps_its_own_cache() -> None:
    class Unhashable:
        __hash__ = None  # type: ignore[assignment]

        def __call__(self, x: Any) -> Any:
            return x + 1

    g = at.jit(Unhashable())
    assert float(g(1.0)) == 2.0 and g.cache_size() == 1


def test_debug_callback_is_staged_once_and_kept() -> None:
    """``jax.debug.print`` under ``jit`` is one effectful equation, kept though it returns nothing used."""
    jaxpr = at.make_jaxpr(lambda x: (at.debug.print("{}", x), x * 2)[1])(1.0)
    assert [e.primitive.name for e in jaxpr.jaxpr.eqns] == ["debug_callback", "mul"]
