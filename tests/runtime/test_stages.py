"""``jit``'s ahead-of-time stages against JAX 0.10.2 (``jax.stages``): ``jit(f).trace`` / ``.lower`` /
``.compile`` hold and print what JAX's do (the jaxpr, the trees, the argument infos, the module's name, attributes
and signature, the compiled call's results), and a compiled function called with other arguments raises JAX's
``TypeError`` with JAX's message.

``tools/stages_reference.py`` recorded JAX's stages in ``tests/data/stages_reference.json`` with the same
:func:`record` this test runs on arraytyping.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import arraytyping as at
import arraytyping.numpy as anp
from arraytyping import stages
from arraytyping.tree_util import tree_leaves
from reference_tools import tool

ROOT = Path(__file__).resolve().parents[2]
REF = json.loads((ROOT / "tests" / "data" / "stages_reference.json").read_text())["cases"]
TOOL = tool("stages_reference")
NS: dict[str, Any] = {"np": anp, "jit": at.jit, "ShapeDtypeStruct": at.ShapeDtypeStruct, "tree_leaves": tree_leaves,
                      "asarray": anp.asarray}


@pytest.fixture(scope="module")
def ours() -> dict[str, Any]:
    recorded: dict[str, Any] = TOOL.record(NS, np.dtype)
    return recorded


@pytest.mark.parametrize("name", sorted(REF))
@pytest.mark.parametrize("stage", ["traced", "lowered", "compiled"])
def test_stage_as_jax(ours: dict[str, Any], name: str, stage: str) -> None:
    want, got = dict(REF[name][stage]), dict(ours[name][stage])
    if stage == "lowered":
        # XLA's estimate of the unoptimized module: ours builds constants in a wide type and converts them, so it
        # counts at least JAX's operations
        wc, gc = want.pop("cost"), got.pop("cost")
        assert set(wc) <= set(gc) and all(gc[k] >= wc[k] for k in wc)
    assert got == want


def test_stage_classes() -> None:
    f = at.jit(lambda x: x + 1.0)
    assert isinstance(f, stages.Wrapped)
    traced = f.trace(anp.arange(3.0))
    lowered = traced.lower()
    compiled = lowered.compile()
    assert isinstance(traced, stages.Traced) and isinstance(lowered, stages.Lowered)
    assert isinstance(compiled, stages.Compiled)
    assert [type(a) for a in tree_leaves(compiled.args_info)] == [stages.ArgInfo]
    assert tree_leaves(compiled.args_info)[0].shape == (3,)
    assert "stablehlo.add" in lowered.as_text()
    assert "HloModule" in lowered.as_text(dialect="hlo")
    with pytest.raises(ValueError, match="unknown dialect: mhlo"):
        lowered.as_text(dialect="mhlo")
    assert compiled.cost_analysis()["flops"] >= 3.0
    np.testing.assert_array_equal(np.asarray(compiled.call(anp.arange(3.0))), [1.0, 2.0, 3.0])
    assert repr(compiled).startswith("<arraytyping.stages.Compiled object")


def test_eval_shape_method() -> None:
    out = at.jit(lambda x: (x.sum(), x * 2)).eval_shape(at.ShapeDtypeStruct((2, 3), anp.float32))
    assert [(s.shape, s.dtype) for s in out] == [((), np.dtype("float32")), ((2, 3), np.dtype("float32"))]


def test_compiled_refuses_tracers() -> None:
    compiled = at.jit(lambda x: x * 2.0).lower(anp.arange(3.0)).compile()
    with pytest.raises(TypeError, match="Cannot apply JAX transformations to a function lowered and compiled"):
        at.grad(lambda x: compiled(x).sum())(anp.arange(3.0))


def test_closed_over_constants_are_inlined() -> None:
    c = anp.arange(3.0)
    lowered = at.jit(lambda x: x + c).lower(anp.zeros(3))
    assert "@main(%arg0: tensor<3xf32>)" in lowered.as_text()
    np.testing.assert_array_equal(np.asarray(lowered.compile()(anp.ones(3))), [1.0, 2.0, 3.0])
