"""``vmap`` and control flow against JAX 0.10.2: jaxprs equation by equation (nested jaxprs too), printed text, types
with weak flags in four configurations, error classes and messages, and values.

``tools/transform_reference.py`` (run in JAX's venv) traced every function of its ``FUNCTIONS`` table with JAX and
committed the results to ``tests/data/transform_reference.json``; here the same source strings are traced with
arraytyping (``np`` is ``arraytyping.numpy``, ``lax`` is ``arraytyping.lax``). ``ARRAYTYPING_FULL_CONFORMANCE=1``
checks every configuration; by default the values run in full and the jaxprs in two configurations (the other two
differ only in dtypes, which the four-configuration types test covers).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import ml_dtypes
import numpy as np
import pytest

import arraytyping as at
import arraytyping.lax as alax
import arraytyping.numpy as anp
from arraytyping import lattice
from arraytyping._src.dtypes.config import dtype_promotion, enable_x64
from arraytyping._src.core import jaxpr as jx
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.tree import pytree
from jaxpr_equations import atom_str, aval_str
from reference_tools import tool

ROOT = Path(__file__).resolve().parents[2]
REF = json.loads((ROOT / "tests" / "data" / "transform_reference.json").read_text())
TOOL = tool("transform_reference")

FULL = os.environ.get("ARRAYTYPING_FULL_CONFORMANCE") == "1"
CONFIGS = sorted(REF["configs"])
JAXPR_CONFIGS = CONFIGS if FULL else ["standard-x32", "strict-x64"]
NAMESPACE = {"np": anp, "lax": alax, "vmap": at.vmap, "jit": at.jit}

MESSAGE_DIFFERENCES: dict[str, str] = {
    "cond_pred_not_scalar": "the message shows the predicate: JAX prints its tracer, we print ours",
    "switch_float_index": "as cond_pred_not_scalar, for the index",
    "while_carry_structure": "names the class of a leaf: jax._src.core.ShapedArray there, ours here",
    "scan_carry_structure": "as while_carry_structure",
}
"""Errors whose message cannot be JAX's word for word (the class always is)."""

EXPANSION_DIFFERENCES: dict[tuple[str, str | None], str] = {
    ("scan_closure", "standard-x64"):
        "a float64 @ float32 matmul: JAX's dot_general takes the two dtypes, ours converts the float32 operand "
        "first (test_jaxpr_conformance's matmul_f32_i8); same output type",
}
"""Functions whose arraytyping.numpy expansion (not the transformation) differs from jax.numpy's by design."""


def _np_dtype(name: str) -> np.dtype[Any]:
    return np.dtype(getattr(ml_dtypes, name)) if hasattr(ml_dtypes, name) else np.dtype(name)


def _jaxpr_record(j: jx.Jaxpr) -> dict[str, Any]:
    return {"in": [aval_str(v.aval) for v in j.in_binders], "outs": [atom_str(x) for x in j.outs],
            "eqns": _eqns(j)}


def _eqns(j: jx.Jaxpr) -> list[dict[str, Any]]:
    """The equations, those of a ``jit`` call's jaxpr in its place (the reference inlines JAX's)."""
    out: list[dict[str, Any]] = []
    for e in j.eqns:
        if e.primitive.calls is not None:
            out += _eqns(e.params[e.primitive.calls].jaxpr)
            continue
        params: dict[str, str] = {}
        nested: dict[str, Any] = {}
        for k, v in sorted(e.params.items()):
            vals = v if isinstance(v, tuple) else (v,)
            if vals and all(isinstance(s, (jx.Jaxpr, jx.ClosedJaxpr)) for s in vals):
                nested[k] = [_jaxpr_record(s if isinstance(s, jx.Jaxpr) else s.jaxpr) for s in vals]
            else:
                params[k] = jx._pp_param(v)
        rec: dict[str, Any] = {"prim": e.primitive.name, "params": params, "in": [atom_str(x) for x in e.inputs],
                               "out": [aval_str(v.aval) for v in e.out_binders]}
        if nested:
            rec["jaxprs"] = nested
        out.append(rec)
    return out


def _config(key: str) -> tuple[str, bool]:
    return key.split("-")[0], key.endswith("x64")


def _abstract(x64: bool) -> Any:
    def leaf(spec: str) -> ShapedArray:
        dt, shape, weak = TOOL.parse(spec)
        return ShapedArray(shape, _np_dtype(lattice.canonical_name(dt, x64)), weak)
    return leaf


def _trace(name: str, key: str) -> jx.ClosedJaxpr:
    src, specs = TOOL.FUNCTIONS[name]
    mode, x64 = _config(key)
    with dtype_promotion(mode), enable_x64(x64):
        fn = eval(src, dict(NAMESPACE))
        args = [TOOL.build(s, _abstract(x64)) for s in specs]
        return at.make_jaxpr(fn)(*args)


def _compare_eqns(ours: list[dict[str, Any]], theirs: list[dict[str, Any]], where: str) -> None:
    assert [(e["prim"], e["in"], e["out"]) for e in ours] == [(e["prim"], e["in"], e["out"]) for e in theirs], where
    for o, t in zip(ours, theirs):
        shared = sorted(o["params"].keys() & t["params"].keys())
        assert {k: o["params"][k] for k in shared} == {k: t["params"][k] for k in shared}, (where, o["prim"])
        assert sorted(o.get("jaxprs", {})) == sorted(t.get("jaxprs", {})), (where, o["prim"])
        for k, subs in o.get("jaxprs", {}).items():
            assert len(subs) == len(t["jaxprs"][k]), (where, k)
            for i, (s, r) in enumerate(zip(subs, t["jaxprs"][k])):
                w = f"{where}/{o['prim']}.{k}[{i}]"
                assert (s["in"], s["outs"]) == (r["in"], r["outs"]), w
                _compare_eqns(s["eqns"], r["eqns"], w)


def test_reference_covers_the_tables() -> None:
    assert REF["functions"] == {n: {"source": s, "args": a} for n, (s, a) in TOOL.FUNCTIONS.items()}
    assert REF["values_functions"] == {n: {"source": s, "args": a} for n, (s, a) in TOOL.VALUES.items()}
    assert set(CONFIGS) == {"standard-x32", "standard-x64", "strict-x32", "strict-x64"}


@pytest.mark.parametrize("name", sorted(TOOL.FUNCTIONS))
@pytest.mark.parametrize("key", CONFIGS)
def test_types_and_errors_match_jax(key: str, name: str) -> None:
    """Input and output types (weak flags included) in each configuration, or JAX's error class and message."""
    ref = REF["configs"][key][name]
    if "error" in ref:
        expected = {"TypeError": TypeError, "ValueError": ValueError, "IndexError": IndexError,
                    "TypePromotionError": lattice.TypePromotionError}[ref["error"]]
        with pytest.raises(expected) as info:
            _trace(name, key)
        assert type(info.value).__name__ == ref["error"] or issubclass(type(info.value), expected)
        if name not in MESSAGE_DIFFERENCES and ref["error"] != "TypePromotionError":  # ours names the fix
            assert TOOL.normalize_message(str(info.value)) == ref["message"]
        return
    closed = _trace(name, key)
    assert [aval_str(a) for a in closed.in_avals] == ref["in_avals"]
    assert [aval_str(a) for a in closed.out_avals] == ref["out_avals"]


@pytest.mark.parametrize("name", sorted(n for n in TOOL.FUNCTIONS if "error" not in REF["configs"]["standard-x32"][n]))
@pytest.mark.parametrize("key", JAXPR_CONFIGS)
def test_jaxpr_matches_jax(key: str, name: str) -> None:
    """Equation by equation, nested jaxprs included; the printed text exactly."""
    ref = REF["configs"][key][name]
    if "error" in ref:
        pytest.skip("an error in this configuration (test_types_and_errors_match_jax)")
    closed = _trace(name, key)
    assert [atom_str(x) for x in closed.jaxpr.outs] == ref["outs"]
    if (name, None) in EXPANSION_DIFFERENCES or (name, key) in EXPANSION_DIFFERENCES:
        with pytest.raises(AssertionError):  # if this fails, the expansions now agree: drop the exception
            _compare_eqns(_eqns(closed.jaxpr), ref["eqns"], name)
        return
    _compare_eqns(_eqns(closed.jaxpr), ref["eqns"], name)
    assert str(closed) == ref["text"]


def _concrete(spec: str) -> Any:
    dt, _, _ = TOOL.parse(spec)
    return anp.asarray(TOOL.concrete(spec, _np_dtype(dt)))


@pytest.mark.parametrize("name", sorted(TOOL.VALUES))
def test_values_match_jax(name: str) -> None:
    """Concrete runs (eager, and jitted): output types, weak flags, Python types and values."""
    ref = REF["values"][name]
    src, specs = TOOL.VALUES[name]
    fn = eval(src, dict(NAMESPACE))
    args = [TOOL.build(s, _concrete) for s in specs]
    for run in (fn, at.jit(fn)):
        out = run(*args)
        leaves, _ = pytree.flatten(out)
        assert len(leaves) == len(ref["outs"])
        for x, r in zip(leaves, ref["outs"]):
            if r["type"] == "Array":
                assert isinstance(x, at.Array), (name, x)
                assert aval_str(x.aval) == r["aval"], name
            elif run is fn:  # a value JAX returns as it was given (a forwarded Python scalar)
                assert repr(x) == r["aval"], (name, x)
            got = np.asarray(x).astype(np.float64).ravel()
            np.testing.assert_allclose(got, np.asarray(r["values"], dtype=np.float64), rtol=2e-6, atol=1e-6,
                                       err_msg=name)
