"""Every public function of ``arraytyping.numpy`` (``linalg`` and ``fft`` too) and ``arraytyping.nn`` on four
argument lists, eagerly and under ``jit``, ``grad``, ``jit(grad)``, ``jvp``, ``vmap`` and ``grad`` of a weak scale,
against JAX 0.10.2 (``tools/transform_sweep_reference.py``): where JAX gives a result, the runtime gives the same
dtype, weak flag and values (a float32 tolerance); where JAX raises, the runtime raises too. Nothing the runtime
raises may be an internal error (an ``AssertionError``, ``AttributeError``, ``KeyError``...).

This sweep found derivatives that differed at ties and kinks (``nn.relu``, ``nn.softplus``, ``logaddexp``: JAX's are
custom JVP rules), crashes under ``grad`` (``sinc`` at 0, ``cross`` with a numpy operand) and ``vmap`` of a
decomposition computing on a batch of vectors as if it were a matrix; ``roll`` refusing a shift JAX rolls by
dynamically; ``nonzero`` and ``unique`` refusing to count under eager differentiation, where JAX reads the primal's
value. ``DIFFERENCES`` lists what still differs (nothing, today), and why; each is checked to still differ.

CI sweeps a fixed half of the functions (by a hash of the name: each call compiles, and the whole sweep takes
minutes); ``ARRAYTYPING_FULL_CONFORMANCE=1`` sweeps them all.
"""

from __future__ import annotations

import json
import os
import zlib
from pathlib import Path
from typing import Any, Final

import numpy as np
import pytest

import arraytyping as at
import arraytyping.nn as ann
import arraytyping.numpy as anp
from reference_tools import tool

ROOT = Path(__file__).resolve().parents[2]
REF = json.loads((ROOT / "tests" / "data" / "transform_sweep_reference.json").read_text())
TOOL = tool("transform_sweep_reference")
FULL = os.environ.get("ARRAYTYPING_FULL_CONFORMANCE") == "1"
SWEPT: Final = sorted(n for n in REF["results"] if FULL or zlib.crc32(n.encode()) % 4 == 0)
"""The functions this run sweeps: all with ``ARRAYTYPING_FULL_CONFORMANCE=1``, else a fixed quarter (CI's time)."""

DIFFERENCES: Final[dict[tuple[str, str], str]] = {}
"""(function, ``arity/transformation``) -> why the runtime's answer differs from JAX's there."""

_INTERNAL: Final = (AssertionError, AttributeError, KeyError, NameError, UnboundLocalError, RecursionError,
                    ZeroDivisionError)


def _record(r: Any) -> Any:
    if not hasattr(r, "dtype") or not hasattr(r, "shape"):
        return ["OBJ", type(r).__name__]
    if r.dtype == at.dtypes.float0:
        return ["float0", False, list(r.shape)]
    aval = getattr(r, "aval", None)
    host = "" if aval is not None else "host:"
    return [host + str(r.dtype), bool(aval.weak_type) if aval is not None else False,
            TOOL.round_values(np.asarray(r).tolist())]


_OURS: dict[str, dict[str, Any]] = {}


def _ours() -> dict[str, dict[str, Any]]:
    """The runtime's sweep (run once, on first use: it runs every call)."""
    if not _OURS:
        namespace = {"np": anp, "nn": ann, "grad": at.grad, "jvp": at.jvp, "vmap": at.vmap, "jit": at.jit}
        _OURS.update(TOOL.sweep(namespace, np, _record, only=SWEPT))
    return _OURS


def _same(jax: Any, ours: Any) -> bool:
    if jax[0] == "ERR" or ours[0] == "ERR":
        return bool(jax[0] == ours[0])
    if jax[:2] != ours[:2]:
        return False
    if jax[0] in ("OBJ", "float0"):
        return True
    a, b = np.asarray(jax[2], dtype=object), np.asarray(ours[2], dtype=object)
    if a.shape != b.shape:
        return False
    try:
        fa, fb = np.asarray(a.tolist(), dtype=complex), np.asarray(b.tolist(), dtype=complex)
    except (TypeError, ValueError):
        return bool(a.tolist() == b.tolist())
    return bool(np.allclose(fa, fb, rtol=2e-3, atol=2e-3, equal_nan=True))


def test_reference_covers_every_function() -> None:
    assert sorted(REF["results"]) == sorted(TOOL.names()), "a function was added: rerun the generator"
    assert REF["args"] == TOOL.ARGS


@pytest.mark.parametrize("name", SWEPT)
def test_function_under_transformations(name: str) -> None:
    ours = _ours()[name]
    theirs = REF["results"][name]
    if "missing" in theirs or "missing" in ours:
        assert theirs == ours, f"{name}: one side lacks the function"
        return
    bad = []
    for key, want in theirs.items():
        got = ours[key]
        difference = DIFFERENCES.get((name, key))
        if difference is not None:
            assert not _same(want, got), f"{name} {key} now matches JAX: drop it from DIFFERENCES"
            continue
        if not _same(want, got):
            bad.append(f"{key}: JAX {str(want)[:120]}, ours {str(got)[:120]}")
    assert not bad, f"{name}:\n" + "\n".join(bad)


def test_no_internal_errors() -> None:
    """An error the runtime raises is one a user can act on (a ``TypeError``, ``ValueError``...), never a bug's
    (unless JAX raises that very class there too)."""
    internal = {e.__name__ for e in _INTERNAL}
    found = [f"{name} {key}: {value[1]}" for name, res in _ours().items() if "missing" not in res
             for key, value in res.items()
             if value[0] == "ERR" and value[1] in internal and REF["results"][name][key][:2] != value[:2]]
    assert not found, "\n".join(found)
