"""Under eager differentiation (``grad``, ``jvp``, ``vjp``, ``linearize`` outside ``jit``) the primal is concrete,
and JAX 0.10.2 lets code read it: Python control flow, ``int()``, ``.item()``, and the functions whose result shape
depends on values (``nonzero``, ``where`` with one argument, ``unique``, boolean masks, ``repeat`` by an array).
Under ``jit`` and ``vmap`` they stay errors. The values here are JAX's (checked in its venv when written)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import arraytyping as at
import arraytyping.numpy as anp
from arraytyping import ConcretizationTypeError


def test_item_reads_the_primal() -> None:
    assert float(at.grad(lambda x: x * x.item())(anp.array(2.0))) == 2.0
    primal, tangent = at.jvp(lambda x: x * x.item(), (anp.array(2.0),), (anp.array(1.0),))
    assert (float(primal), float(tangent)) == (4.0, 2.0)


@pytest.mark.parametrize("method", ["item", "tolist", "devices", "is_deleted", "delete"])
def test_methods_of_concrete_arrays_refuse_under_jit(method: str) -> None:
    with pytest.raises(ConcretizationTypeError, match=f"{method}\\(\\)"):
        at.jit(lambda x: getattr(x, method)())(anp.array(2.0))


def test_tolist_refuses_even_under_grad() -> None:
    with pytest.raises(ConcretizationTypeError, match="tolist"):
        at.grad(lambda x: x * x.tolist())(anp.array(2.0))


X = np.array([0.0, 1.0, 2.0], np.float32)


@pytest.mark.parametrize(("fun", "want"), [
    (lambda x: x[anp.nonzero(x)].sum(), [0.0, 1.0, 1.0]),
    (lambda x: x[anp.where(x)].sum(), [0.0, 1.0, 1.0]),
    (lambda x: x[x > 0].sum(), [0.0, 1.0, 1.0]),
    (lambda x: (anp.unique(x) * x).sum(), [0.0, 1.0, 2.0]),  # unique's result is a constant, as in JAX
    (lambda x: anp.repeat(x, x.astype(int)).sum(), [0.0, 1.0, 2.0]),
])
def test_value_dependent_shapes_under_grad(fun: Callable[[Any], Any], want: list[float]) -> None:
    assert at.grad(fun)(X).tolist() == want


def test_value_dependent_shapes_under_linearize_and_vjp() -> None:
    assert at.linearize(lambda x: x[anp.nonzero(x)], X)[0].tolist() == [1.0, 2.0]
    assert at.vjp(lambda x: x[anp.nonzero(x)], X)[0].tolist() == [1.0, 2.0]
    out, ts = at.jvp(lambda x: anp.unique(x, return_inverse=True)[0], (X,), (X,))
    assert out.tolist() == [0.0, 1.0, 2.0] and ts.tolist() == [0.0, 0.0, 0.0]


def test_value_dependent_shapes_refuse_under_jit_and_vmap() -> None:
    with pytest.raises(ConcretizationTypeError, match="size"):
        at.jit(lambda x: anp.nonzero(x))(X)
    with pytest.raises(ConcretizationTypeError, match="size"):
        at.jit(at.grad(lambda x: x[anp.nonzero(x)].sum()))(X)
    with pytest.raises(ValueError, match="0d"):  # vmap's element is 0-d: JAX's check comes first
        at.vmap(lambda x: anp.nonzero(x))(X)
    with pytest.raises(ConcretizationTypeError, match="size"):
        at.vmap(lambda x: anp.nonzero(x))(np.ones((2, 3), np.float32))

