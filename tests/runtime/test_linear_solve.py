"""``lax.custom_linear_solve`` and the ``linalg`` functions JAX builds on it (``solve``, ``inv``, the derivatives of
``slogdet``), held to JAX 0.10.2 by ``tests/data/linear_solve_reference.json`` (``tools/linear_solve_reference.py``
runs the same expressions in JAX's venv): values, derivatives under ``grad``/``jvp``/``hessian``/``vmap``/``jit``,
their dtypes and weak flags, with x64 off and on, and the error classes where JAX refuses.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final

import numpy as np
import pytest

import arraytyping as at
from arraytyping import lax
import arraytyping.numpy as anp
from reference_tools import cases_on_runtime, tool

ROOT = Path(__file__).resolve().parents[2]
REF = json.loads((ROOT / "tests" / "data" / "linear_solve_reference.json").read_text())
TOOL = tool("linear_solve_reference")

DIFFERENCES: Final[dict[str, str]] = {
    "cls_tree_grad": ("JAX's transpose rule asserts that every component of b is a linear input, and raises an "
                      "AssertionError where one has a zero tangent (here the second, which matvec scales by a "
                      "constant); the runtime transposes the solve all the same"),
}
"""Case -> why the runtime's answer differs from JAX's; each is checked to still differ, and checked otherwise."""


def _ours(config: str) -> dict[str, Any]:
    return cases_on_runtime("linear_solve_reference", config, {"at": at, "jnp": anp, "np": np})


def _same(jax: Any, ours: Any) -> bool:
    if jax[0] == "ERR" or ours[0] == "ERR":
        return bool(jax == ours)
    if len(jax) != len(ours):
        return False
    for a, b in zip(jax, ours):
        if a[:2] != b[:2]:
            return False
        fa = np.asarray(a[2], dtype=object)
        fb = np.asarray(b[2], dtype=object)
        if fa.shape != fb.shape:
            return False
        ca = np.asarray(fa.tolist(), dtype=complex) if fa.dtype == object else fa
        if not np.allclose(np.asarray(ca, dtype=complex), np.asarray(fb.tolist(), dtype=complex), rtol=2e-3,
                           atol=2e-4, equal_nan=True):
            return False
    return True


def test_reference_covers_every_case() -> None:
    for config in TOOL.CONFIGS:
        assert sorted(REF["results"][config]) == sorted(TOOL.CASES), "a case was added: rerun the generator"


@pytest.mark.parametrize("config", ["x64_off", "x64_on"])
@pytest.mark.parametrize("name", sorted(TOOL.CASES))
def test_case_matches_jax(config: str, name: str) -> None:
    want, got = REF["results"][config][name], _ours(config)[name]
    if name in DIFFERENCES:
        assert not _same(want, got), f"{name} now matches JAX: drop it from DIFFERENCES"
        return
    assert _same(want, got), f"{name} ({config}): JAX {str(want)[:300]}\nours {str(got)[:300]}"


def test_tree_gradient_is_the_first_components() -> None:
    """Where JAX asserts (``DIFFERENCES``), the gradient is the one the first component alone gives: the second
    does not depend on the matrix."""
    ours = _ours("x64_off")
    assert _same(ours["cls_grad_a"], ours["cls_tree_grad"])
    assert REF["results"]["x64_off"]["cls_tree_grad"] == ["ERR", "AssertionError"]


def test_the_solve_is_one_equation_printed_as_jax_prints_it() -> None:
    m = anp.asarray(np.eye(2, dtype=np.float32) * 2)
    text = str(at.make_jaxpr(lambda a, b: lax.custom_linear_solve(
        lambda x: a @ x, b, lambda mv, x: x / 2, transpose_solve=lambda vm, x: x / 2))(m, anp.ones(2)))
    assert ("custom_linear_solve[\n      const_lengths=_LinearSolveTuple(matvec=1, vecmat=1, solve=0, "
            "transpose_solve=0)") in text
    assert "jaxprs=_LinearSolveTuple(matvec={ lambda ; a:f32[2,2] b:f32[2]. let" in text
    assert "transpose_solve={ lambda ; a:f32[2]. let b:f32[2] = div a 2.0:f32[] in (b,) })" in text


def test_errors_name_the_function() -> None:
    v = anp.ones(3)
    with pytest.raises(ValueError, match=r"matvec\(\) output shapes must match b"):
        lax.custom_linear_solve(lambda x: x[:2], v, lambda mv, x: x)
    with pytest.raises(TypeError, match="transpose_solve required for backwards mode"):
        at.grad(lambda b: lax.custom_linear_solve(lambda x: x, b, lambda mv, x: x).sum())(v)
