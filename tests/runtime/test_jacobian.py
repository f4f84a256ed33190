"""``jacfwd``, ``jacrev``, ``jacobian`` and ``hessian``: the structure of pytree results and what they refuse, as
JAX 0.10.2 (checked in its venv when written). Values, dtypes and weak flags of the blocks are held to JAX's by
``tests/data/jit_call_reference.json`` (its ``jac*``/``hessian`` cases, eagerly and under ``jit``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import arraytyping as at
import arraytyping.numpy as anp

X = anp.array([1.0, 2.0, 3.0])
A = anp.arange(6.0).reshape(2, 3)


def _shapes(tree: Any) -> Any:
    return at.tree_util.tree_map(lambda leaf: tuple(leaf.shape), tree)


@pytest.mark.parametrize("jac", [at.jacfwd, at.jacrev])
def test_pytree_blocks_nest_the_output_around_the_inputs(jac: Callable[..., Any]) -> None:
    def f(d: dict[str, Any]) -> dict[str, Any]:
        return {"s": (d["a"] * d["b"].sum()).sum(), "v": d["a"] * 2.0}
    out = jac(f)({"a": X, "b": A})
    assert _shapes(out) == {"s": {"a": (3,), "b": (2, 3)}, "v": {"a": (3, 3), "b": (3, 2, 3)}}
    np.testing.assert_allclose(out["v"]["a"], 2 * np.eye(3))
    np.testing.assert_allclose(out["s"]["b"], np.full((2, 3), 6.0))


@pytest.mark.parametrize("jac", [at.jacfwd, at.jacrev])
def test_argnums_tuple_and_has_aux(jac: Callable[..., Any]) -> None:
    da, dx = jac(lambda a, x: anp.sin(a @ x), argnums=(0, 1))(A, X)
    assert (da.shape, dx.shape) == ((2, 2, 3), (2, 3))
    j, aux = jac(lambda x: (x * 2, x.sum()), has_aux=True)(X)
    np.testing.assert_allclose(j, 2 * np.eye(3))
    assert float(aux) == 6.0
    np.testing.assert_allclose(jac(lambda a, b: a * b, argnums=-1)(X, A[0]), np.diag(X))  # negative argnums


def test_hessian_of_a_pytree_input() -> None:
    h = at.hessian(lambda d: (d["a"] ** 2 * d["b"]).sum())({"a": X, "b": X})
    assert _shapes(h) == {"a": {"a": (3, 3), "b": (3, 3)}, "b": {"a": (3, 3), "b": (3, 3)}}
    np.testing.assert_allclose(h["a"]["b"], np.diag(2 * np.asarray(X)))
    assert at.jacobian is not at.jacrev and at.jacobian(anp.sin)(0.0).dtype == anp.float32


@pytest.mark.parametrize(("call", "error", "match"), [
    (lambda: at.jacfwd(lambda a: a * 2)(anp.arange(3)), TypeError, "jacfwd requires real-valued inputs"),
    (lambda: at.jacrev(lambda a: a * 2)(anp.arange(3)), TypeError, "jacrev requires real- or complex-valued inputs"),
    (lambda: at.jacrev(lambda a: (a > 0).astype(int))(X), TypeError, "jacrev requires real-valued outputs"),
    (lambda: at.jacrev(lambda a: a * 1j)(X), TypeError, "jacrev requires real-valued outputs"),
    (lambda: at.jacfwd(lambda a: a, holomorphic=True)(X), TypeError, "holomorphic=True requires inputs with complex"),
    (lambda: at.jacfwd(lambda a, b: a * b, argnums=1)(X), ValueError, "must have value greater than or equal to"),
    (lambda: at.hessian(lambda a, b: a * b, argnums=(0, 2))(1.0, 2.0), ValueError, "got value 2 for len"),
    (lambda: at.jacfwd(3), TypeError, "callable"),
])
def test_refusals_are_jaxs(call: Callable[[], Any], error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        call()
