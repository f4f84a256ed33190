"""Our jaxprs in the form ``tools/jaxpr_reference.py`` and ``tools/ad_reference.py`` record JAX's: types as
``f32[2,3]`` with ``*`` when weakly typed, literals with their value, equations as primitive, shown parameters,
input atoms and output types."""

from __future__ import annotations

from typing import Any

import numpy as np

from arraytyping._src.core import jaxpr as jx
from arraytyping._src.core.avals import ShapedArray


def aval_str(a: ShapedArray) -> str:
    return a.str_short() + ("*" if a.weak_type else "")


def atom_str(x: jx.Atom) -> str:
    if isinstance(x, jx.Literal):
        return f"{np.asarray(x.val).item()!r}:{aval_str(x.aval)}"
    return aval_str(x.aval)


def eqns(closed: jx.ClosedJaxpr | jx.Jaxpr) -> list[dict[str, Any]]:
    """The equations, those of a ``jit`` call's jaxpr in its place (the references inline JAX's)."""
    out: list[dict[str, Any]] = []
    for e in closed.eqns:
        if e.primitive.calls is not None:
            out += eqns(e.params[e.primitive.calls].jaxpr)
            continue
        out.append({"prim": e.primitive.name, "in": [atom_str(x) for x in e.inputs],
                    "out": [aval_str(v.aval) for v in e.out_binders],
                    "params": {k: jx._pp_param(v) for k, v in jx._printed_params(e).items()}})
    return out


UNSHARDED = "NamedSharding(mesh=AbstractMesh((), axis_types=()), "
"""How JAX writes the sharding of a value on no mesh (our ``sharding=None``; neither printer shows it)."""


def param_mismatches(ours: dict[str, str], theirs: dict[str, str]) -> list[str]:
    """Parameters both sides have whose printed values differ (JAX keeps a few we don't, e.g. ``accuracy``)."""
    return [f"{k}: ours {ours[k]} jax {theirs[k]}" for k in sorted(ours.keys() & theirs.keys())
            if ours[k] != theirs[k]
            and not (k == "sharding" and ours[k] == "None" and theirs[k].startswith(UNSHARDED))]


def is_subsequence(short: list[Any], long: list[Any]) -> bool:
    it = iter(long)
    return all(any(x == y for y in it) for x in short)


def equation_mismatch(ours: list[dict[str, Any]], theirs: list[dict[str, Any]]) -> str | None:
    """Where two equation lists differ (primitive, inputs, outputs, shared parameters), or ``None``."""
    a = [(e["prim"], e["in"], e["out"]) for e in ours]
    b = [(e["prim"], e["in"], e["out"]) for e in theirs]
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return f"equation {i}: ours {x}, JAX {y}"
    if len(a) != len(b):
        return f"ours has {len(a)} equations, JAX {len(b)}: extra {(a if len(a) > len(b) else b)[min(len(a), len(b))]}"
    for i, (o, t) in enumerate(zip(ours, theirs)):
        bad = param_mismatches(o["params"], t["params"])
        if bad:
            return f"equation {i} ({o['prim']}) parameters: {bad}"
    return None

