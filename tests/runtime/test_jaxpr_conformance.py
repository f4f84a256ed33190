"""Jaxprs of ``arraytyping.numpy`` functions against JAX's, equation by equation.

``tools/jaxpr_reference.py`` (run in JAX's venv) traced every function of its ``FUNCTIONS`` table, given as source
over a neutral ``np`` namespace, with ``jax.numpy`` in four configurations, and committed the printed jaxprs and the
equations (nested ``jit`` calls inlined) to ``tests/data/jaxpr_reference.json``. Here the same source strings are
traced with ``arraytyping.numpy`` and compared:

* always: the input and output types (dtype, shape and weak flag), and that JAX's errors are ours too;
* equation by equation (primitive, input atoms with literal values, output types including the weak flag, shown
  parameters) except for the few functions whose expansion differs by design (``EXPANSION_DIFFERENCES`` says why);
* the printed text, exactly, wherever the equations agree: nested ``jit`` calls of the ``jax.numpy`` functions JAX
  stages as calls, and the scatters' ``update_jaxpr``, included.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import ml_dtypes
import numpy as np
import pytest

import arraytyping
import arraytyping.numpy as anp
from arraytyping import lattice
from arraytyping._src.dtypes.config import dtype_promotion, enable_x64
from arraytyping._src.core import jaxpr as jx
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.staging import make_jaxpr
from jaxpr_equations import atom_str, aval_str, eqns
from reference_tools import tool

ROOT = Path(__file__).resolve().parents[2]
REF = json.loads((ROOT / "tests" / "data" / "jaxpr_reference.json").read_text())
TOOL = tool("jaxpr_reference")

CONFIGS = sorted(REF["configs"])
NAMES = sorted(TOOL.FUNCTIONS)

EXPANSION_DIFFERENCES: dict[str, str] = {
    "matmul_f32_i8": "JAX's dot_general takes operands of different dtypes (preferred_element_type=float32 "
                     "converts inside the dot); our dot_general requires one dtype, so the int8 operand is "
                     "converted first (one more equation, same output type)",
    "deg2rad_weak0": "JAX's constant meeting a rank-0 weak float32 is a Python float (its literal prints "
                     "0.017453292519943295); ours holds it in float32 (0.01745329238474369): the same value on the "
                     "device, the same primitives and types",
}


DIFFERENCE_CONFIGS: dict[str, tuple[str, ...]] = {"deg2rad_weak0": ("standard-x32", "strict-x32")}
"""The configurations an expansion difference shows in, where not all (with x64, float32 is no default dtype and
JAX's constant is a float32 too)."""

ERRORS: dict[str, type[Exception]] = {"TypeError": TypeError, "ValueError": ValueError}
"""JAX's other error classes by name: ours is the same class or a subclass (``OperandTypeError`` is a
``TypeError``)."""


def _np_dtype(name: str) -> np.dtype[Any]:
    return np.dtype(getattr(ml_dtypes, name)) if hasattr(ml_dtypes, name) else np.dtype(name)


def _trace(name: str, config_key: str) -> jx.ClosedJaxpr:
    src, specs = TOOL.FUNCTIONS[name]
    mode, x64 = config_key.split("-")[0], config_key.endswith("x64")
    with dtype_promotion(mode), enable_x64(x64):
        avals = []
        for spec in specs:
            dt, shape, weak = TOOL.parse_spec(spec)
            avals.append(ShapedArray(shape, _np_dtype(lattice.canonical_name(dt, x64)), weak))
        fn = eval(src, {"np": anp, "ds": arraytyping.ds})
        return make_jaxpr(fn)(*avals)


def _param_mismatches(ours: dict[str, str], theirs: dict[str, str]) -> list[str]:
    """Parameters both sides have whose printed values differ (JAX keeps a few we don't, e.g. ``accuracy``)."""
    return [f"{k}: ours {ours[k]} jax {theirs[k]}" for k in sorted(ours.keys() & theirs.keys()) if ours[k] != theirs[k]]


def test_reference_covers_the_function_table() -> None:
    assert set(REF["functions"]) == set(TOOL.FUNCTIONS)
    for name, (src, specs) in TOOL.FUNCTIONS.items():
        assert REF["functions"][name] == {"source": src, "args": specs}, f"{name}: regenerate the reference"
    assert {"standard-x32", "standard-x64", "strict-x32", "strict-x64"} <= set(CONFIGS)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("config_key", CONFIGS)
def test_jaxpr_matches_jax(config_key: str, name: str) -> None:
    ref = REF["configs"][config_key][name]
    if "error" in ref:
        expected = lattice.TypePromotionError if ref["error"] == "TypePromotionError" else ERRORS[ref["error"]]
        with pytest.raises(expected):
            _trace(name, config_key)
        return
    closed = _trace(name, config_key)
    assert [aval_str(a) for a in closed.in_avals] == ref["in_avals"]
    assert [aval_str(a) for a in closed.out_avals] == ref["out_avals"]
    assert [atom_str(x) for x in closed.jaxpr.outs] == ref["outs"]
    ours = eqns(closed)
    if name in EXPANSION_DIFFERENCES and config_key in DIFFERENCE_CONFIGS.get(name, CONFIGS):
        assert [e["prim"] for e in ours] != [e["prim"] for e in ref["eqns"]] or \
            [e["in"] for e in ours] != [e["in"] for e in ref["eqns"]], f"{name} now matches: drop the exception"
        return
    assert [(e["prim"], e["in"], e["out"]) for e in ours] == \
        [(e["prim"], e["in"], e["out"]) for e in ref["eqns"]]
    for o, t in zip(ours, ref["eqns"]):
        assert not _param_mismatches(o["params"], t["params"]), (o["prim"], _param_mismatches(o["params"],
                                                                                               t["params"]))
    assert str(closed) == ref["text"]


def _random_doc(rng: np.random.Generator, depth: int) -> tuple[Any, Any]:
    """A random document built twice: with our printer's constructors and with jaxlib's C++ pretty printer."""
    import jaxlib._pretty_printer as cpp  # type: ignore[import-not-found]

    r = int(rng.integers(0, 6 if depth < 4 else 2))
    if r == 0:
        s = "x" * int(rng.integers(0, 30))
        return jx._text(s), cpp.text(s, None, None, None)
    if r == 1:
        s = str(rng.choice(["", " ", "; "]))
        return jx._brk(s), cpp.brk(s)
    if r == 2:
        a, b = _random_doc(rng, depth + 1)
        return jx._group(a), cpp.group(b)
    if r == 3:
        n = int(rng.integers(0, 5))
        a, b = _random_doc(rng, depth + 1)
        return jx._nest(n, a), cpp.nest(n, b)
    parts = [_random_doc(rng, depth + 1) for _ in range(int(rng.integers(0, 5)))]
    return jx._concat(*[p[0] for p in parts]), cpp.concat([p[1] for p in parts])


def test_layout_algorithm_matches_jaxlibs_pretty_printer() -> None:
    """Our document formatter lays out random documents exactly as the C++ printer JAX uses."""
    cpp = pytest.importorskip("jaxlib._pretty_printer")
    rng = np.random.default_rng(0)
    for _ in range(2000):
        ours, theirs = _random_doc(rng, 0)
        for width in (20, 80):
            expected = theirs._format(width, use_color=False, output_format=cpp.OutputFormat.TEXT,
                                      separable_lines=False, annotation_prefix=" # ", source_map=None)
            assert jx.format_doc(ours, width) == expected
