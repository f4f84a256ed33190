"""Jitted functions called under a trace against JAX 0.10.2: ``make_jaxpr`` of ``jit(f)``, of transformations of
jitted functions (``grad``, ``value_and_grad``, ``jvp``, ``vjp``, ``vmap``) and of ``jit`` inside ``jit`` and control
flow prints JAX's jaxpr exactly (one ``jit`` equation per call, named and laid out as JAX's), with JAX's types; and
their concrete runs give JAX's types, weak flags and values.

``tools/jit_call_reference.py`` (run in JAX's venv) traced every function of its ``FUNCTIONS`` table with JAX and
committed the results to ``tests/data/jit_call_reference.json``; here the same source strings run with arraytyping.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import ml_dtypes
import numpy as np
import pytest

import arraytyping as at
import arraytyping.lax as alax
import arraytyping.nn as ann
import arraytyping.numpy as anp
from arraytyping import lattice
from arraytyping._src.dtypes.config import enable_x64
from arraytyping._src.core.avals import ShapedArray
from jaxpr_equations import aval_str
from reference_tools import tool

ROOT = Path(__file__).resolve().parents[2]
REF = json.loads((ROOT / "tests" / "data" / "jit_call_reference.json").read_text())
TOOL = tool("jit_call_reference")

NAMESPACE: dict[str, Any] = {"np": anp, "lax": alax, "jit": at.jit, "grad": at.grad,
                             "value_and_grad": at.value_and_grad, "jvp": at.jvp, "vjp": at.vjp, "vmap": at.vmap,
                             "partial": functools.partial, "custom_jvp": at.custom_jvp, "nn": ann,
                             "jacfwd": at.jacfwd, "jacrev": at.jacrev, "jacobian": at.jacobian,
                             "hessian": at.hessian}
exec(TOOL.HELPERS, NAMESPACE)

def _np_dtype(name: str) -> np.dtype[Any]:
    return np.dtype(getattr(ml_dtypes, name)) if hasattr(ml_dtypes, name) else np.dtype(name)


def _abstract(x64: bool) -> Any:
    def leaf(spec: str) -> ShapedArray:
        dt, shape, weak = TOOL.tref.parse(spec)
        return ShapedArray(shape, _np_dtype(lattice.canonical_name(dt, x64)), weak)
    return leaf


def test_reference_covers_the_tables() -> None:
    assert REF["helpers"] == TOOL.HELPERS
    assert REF["functions"] == {n: {"source": s, "args": a} for n, (s, a) in TOOL.FUNCTIONS.items()}
    assert REF["values_functions"] == {n: {"source": s, "args": a} for n, (s, a) in TOOL.VALUES.items()}
    assert sorted(REF["configs"]) == ["standard-x32", "standard-x64"]


@pytest.mark.parametrize("name", sorted(TOOL.FUNCTIONS))
@pytest.mark.parametrize("key", sorted(REF["configs"]))
def test_jaxpr_matches_jax(key: str, name: str) -> None:
    """The printed jaxpr, exactly, and its input and output types (weak flags included)."""
    ref = REF["configs"][key][name]
    src, specs = TOOL.FUNCTIONS[name]
    x64 = key.endswith("x64")
    with enable_x64(x64):
        fn = eval(src, dict(NAMESPACE))
        args = [TOOL.tref.build(s, _abstract(x64)) for s in specs]
        if "error" in ref:
            with pytest.raises(Exception) as info:
                at.make_jaxpr(fn)(*args)
            assert type(info.value).__name__ == ref["error"]
            return
        closed = at.make_jaxpr(fn)(*args)
    assert [aval_str(a) for a in closed.in_avals] == ref["in_avals"]
    assert [aval_str(a) for a in closed.out_avals] == ref["out_avals"]
    assert str(closed) == ref["text"]


@pytest.mark.parametrize("name", sorted(TOOL.VALUES))
def test_values_match_jax(name: str) -> None:
    """Concrete runs outside ``jit`` (each transformation's rule binds ``jit`` on concrete values) and inside it:
    output types, weak flags and values."""
    src, specs = TOOL.VALUES[name]
    fn = eval(src, dict(NAMESPACE))
    args = [TOOL.tref.build(s, lambda sp: anp.asarray(TOOL.tref.concrete(sp, _np_dtype(TOOL.tref.parse(sp)[0]))))
            for s in specs]
    for run in (fn, at.jit(fn)):
        leaves = at.tree_util.tree_leaves(run(*args))
        assert len(leaves) == len(REF["values"][name])
        for x, r in zip(leaves, REF["values"][name]):
            assert aval_str(x.aval) == r["aval"], (name, run)
            np.testing.assert_allclose(np.asarray(x).astype(np.float64).ravel(), r["values"], rtol=1e-2 if
                                       "bfloat16" in r["aval"] else 2e-6, atol=1e-6, err_msg=name)
