"""Derivatives through ``arraytyping.numpy.linalg`` (the ``lu``, ``qr``, ``eigh`` and ``svd`` rules, and ``solve``/``inv`` whose
``a`` is differentiated through its LU factors) against their closed forms, computed in float64 by numpy:

* ``d det(A) = det(A) A^-T``; ``d log|det(A)| = A^-T`` (``det`` of 4x4 matrices goes through ``slogdet``'s LU);
* ``d sum(A^-1) = -A^-T 1 1^T A^-T``; ``solve(A, b)``: ``-A^-T g x^T`` in ``A`` and ``A^-T g`` in ``b``;
* ``d sum(c * eigenvalues(A)) = V diag(c) V^T`` for a symmetric ``A``; ``d ||A||_* = U V^T`` (the singular values);
* the singular vectors (reduced) and ``qr``'s factors against central differences;
* ``eigvals`` (the ``eig`` rule): ``d tr(A^2) = d sum(w_i^2) = 2 A^T``, whatever ``A``'s eigenvectors; ``pinv`` (its
  custom derivative) of an invertible matrix as ``inv``'s; ``svdvals`` as the nuclear norm's.

The primitives' own rules are held to JAX 0.10.2's values by ``test_ad_conformance.py``; this module holds the
functions users call, eagerly, under ``jit`` and batched, in float32 and (with x64) float64.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import arraytyping as at
import arraytyping.numpy as anp
from arraytyping._src.dtypes.config import enable_x64
from arraytyping.numpy import linalg

_A = np.array([[4.0, 1.0, 0.5, 0.2], [1.0, 3.0, 0.1, 0.3], [0.5, 0.1, 2.0, 0.4], [0.2, 0.3, 0.4, 5.0]])
_N = np.array([[0.5, -1.25, 2.0, 0.1], [1.5, -0.75, 3.0, 0.7], [0.3, 2.5, -1.0, 0.2], [1.1, 0.4, 0.6, -2.0]])
_B = np.array([1.0, -2.0, 0.5, 3.0])
_C = np.array([1.0, -0.5, 2.0, 0.25])


def _inv_t(a: np.ndarray) -> np.ndarray:
    return np.linalg.inv(a).T  # type: ignore[no-any-return]


_CASES: dict[str, tuple[Callable[[Any], Any], np.ndarray, Callable[[np.ndarray], np.ndarray]]] = {
    "det": (lambda x: linalg.det(x), _N, lambda a: np.linalg.det(a) * _inv_t(a)),
    "slogdet": (lambda x: linalg.slogdet(x).logabsdet, _N, _inv_t),
    "inv": (lambda x: linalg.inv(x).sum(), _N, lambda a: -(_inv_t(a) @ np.ones((4, 4)) @ _inv_t(a))),
    "solve_a": (lambda x: (linalg.solve(x, anp.asarray(_B, dtype=x.dtype)) * anp.asarray(_C, dtype=x.dtype)).sum(),
                _N, lambda a: -np.outer(_inv_t(a) @ _C, np.linalg.solve(a, _B))),
    "nuclear_norm": (lambda x: linalg.norm(x, "nuc"), _N, lambda a: (usv := np.linalg.svd(a))[0] @ usv[2]),
    "eigvals": (lambda x: anp.real((linalg.eigvals(x) ** 2).sum()), _N, lambda a: 2 * a.T),
    "pinv": (lambda x: linalg.pinv(x).sum(), _N, lambda a: -(_inv_t(a) @ np.ones((4, 4)) @ _inv_t(a))),
    "svdvals": (lambda x: linalg.svdvals(x).sum(), _N, lambda a: (usv := np.linalg.svd(a))[0] @ usv[2]),
    "eigh": (lambda x: (linalg.eigh(x).eigenvalues * anp.asarray(np.sort(_C), dtype=x.dtype)).sum(), _A,
             lambda a: (v := np.linalg.eigh(a)[1]) @ np.diag(np.sort(_C)) @ v.T),
}


@pytest.mark.parametrize("transform", ["grad", "jit_grad", "grad_jit"])
@pytest.mark.parametrize("x64", [False, True])
@pytest.mark.parametrize("case", sorted(_CASES))
def test_gradient_is_the_closed_form(case: str, x64: bool, transform: str) -> None:
    f, a, want = _CASES[case]
    dtype = np.float64 if x64 else np.float32
    with enable_x64(x64):
        x = anp.asarray(a.astype(dtype))
        if transform == "grad":
            g = at.grad(f)(x)
        elif transform == "jit_grad":
            g = at.jit(at.grad(f))(x)
        else:
            g = at.grad(at.jit(f))(x)
        assert g.dtype == np.dtype(dtype)
        np.testing.assert_allclose(np.asarray(g), want(a), rtol=1e-4 if not x64 else 1e-10,
                                   atol=1e-5 if not x64 else 1e-12)


def test_solve_is_differentiated_in_b_too() -> None:
    a = anp.asarray(_N.astype(np.float32))
    g = at.grad(lambda b: (linalg.solve(a, b) * anp.asarray(_C, dtype="float32")).sum())(
        anp.asarray(_B.astype(np.float32)))
    np.testing.assert_allclose(np.asarray(g), _inv_t(_N) @ _C, rtol=1e-4)


def test_batched_gradients() -> None:
    """A batch of matrices (the rules' leading axes), and ``vmap`` of a gradient."""
    batch = np.stack([_N, _N.T + 3 * np.eye(4)])
    x = anp.asarray(batch.astype(np.float32))
    g = at.grad(lambda m: linalg.slogdet(m).logabsdet.sum())(x)
    np.testing.assert_allclose(np.asarray(g), np.stack([_inv_t(m) for m in batch]), rtol=1e-4, atol=1e-5)
    g = at.vmap(at.grad(lambda m: linalg.det(m)))(x)
    np.testing.assert_allclose(np.asarray(g), np.stack([np.linalg.det(m) * _inv_t(m) for m in batch]), rtol=1e-4,
                               atol=1e-4)


def test_eig_vectors_refuse_as_jax_does() -> None:
    """``jnp.linalg.eig`` does not ask for the eigenvectors' derivatives (JAX's ``enable_eigvec_derivs``): JAX's
    ``NotImplementedError``, forward and reverse; ``vmap`` of the eigenvalues' gradient is the closed form."""
    x = anp.asarray(_N.astype(np.float32))
    with pytest.raises(NotImplementedError, match="non-symmetric eigenvectors"):
        at.grad(lambda m: anp.real(linalg.eig(m).eigenvectors.sum()))(x)
    with pytest.raises(NotImplementedError, match="non-symmetric eigenvectors"):
        at.jvp(lambda m: linalg.eig(m).eigenvectors, (x,), (x,))
    batch = np.stack([_N, _N.T + 3 * np.eye(4)])
    g = at.vmap(at.grad(lambda m: anp.real((linalg.eigvals(m) ** 2).sum())))(anp.asarray(batch.astype(np.float32)))
    np.testing.assert_allclose(np.asarray(g), 2 * np.swapaxes(batch, -1, -2), rtol=1e-4, atol=1e-4)


def test_svd_of_full_matrices_refuses_as_jax_does() -> None:
    """JAX has no derivative of the singular vectors with ``full_matrices=True`` (``svd``'s default) of a matrix that
    is not square."""
    with pytest.raises(NotImplementedError, match="full matrices"):
        at.grad(lambda x: linalg.svd(x).U.sum())(anp.asarray(_N[:3].astype(np.float32)))


@pytest.mark.parametrize("transform", ["eager", "jit"])
def test_svd_of_a_square_matrix_with_full_matrices_is_differentiated(transform: str) -> None:
    """A square matrix's full factors are its reduced ones, and JAX differentiates them (``svd``'s default): the
    same gradient as with ``full_matrices=False``, in the operand's dtype and weak flag."""
    def f(full: bool) -> Callable[[Any], Any]:
        def g(x: Any) -> Any:
            r = linalg.svd(x, full_matrices=full)
            return (r.U * r.U).sum(axis=1)[0] + ((r.Vh * r.Vh)[0] * anp.arange(4, dtype=x.dtype)).sum()
        return at.jit(at.grad(g)) if transform == "jit" else at.grad(g)

    x = anp.asarray(_N.astype(np.float32))
    full, reduced = f(True)(x), f(False)(x)
    assert full.dtype == np.float32 and not full.weak_type
    np.testing.assert_allclose(np.asarray(full), np.asarray(reduced), rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("rows", [2, 3, 4])
def test_singular_vectors_against_finite_differences(rows: int) -> None:
    """Wide, tall and square: a function of the reduced singular vectors that their signs do not change, in
    float64, against central differences of numpy's SVD."""
    m = _N[:rows, :3]

    def ours(x: Any) -> Any:
        r = linalg.svd(x, full_matrices=False)
        w = anp.arange(3, dtype=x.dtype)
        return (r.U * r.U).sum(axis=1)[0] + ((r.Vh * r.Vh)[0] * w).sum() + (r.S * r.S[::-1]).sum()

    def numpy_f(a: np.ndarray) -> float:
        u, sv, vt = np.linalg.svd(a, full_matrices=False)
        return float((u * u).sum(axis=1)[0] + ((vt * vt)[0] * np.arange(3)).sum() + (sv * sv[::-1]).sum())

    with enable_x64(True):
        g = np.asarray(at.grad(ours)(anp.asarray(m)))
    np.testing.assert_allclose(g, _central_differences(numpy_f, m), atol=1e-6)


def _central_differences(f: Callable[[np.ndarray], float], m: np.ndarray, eps: float = 1e-6) -> np.ndarray:
    out = np.zeros_like(m)
    for i in range(m.shape[0]):
        for j in range(m.shape[1]):
            d = np.zeros_like(m)
            d[i, j] = eps
            out[i, j] = (f(m + d) - f(m - d)) / (2 * eps)
    return out


@pytest.mark.parametrize("rows", [3, 4])
def test_qr_against_finite_differences(rows: int) -> None:
    """``Q`` and ``R`` of a square and a tall matrix (reduced), through functions their signs do not change."""
    m = np.vstack([_N, _N[:1] * 0.5])[:rows, :3]
    w1 = np.linspace(-1.0, 1.0, rows * 3).reshape(rows, 3)
    w2 = np.linspace(0.5, 2.0, 9).reshape(3, 3)

    def ours(x: Any) -> Any:
        q, r = linalg.qr(x)
        return ((q * q) * anp.asarray(w1)).sum() + ((r * r) * anp.asarray(w2)).sum()

    def numpy_f(a: np.ndarray) -> float:
        q, r = np.linalg.qr(a)
        return float(((q * q) * w1).sum() + ((r * r) * w2).sum())

    with enable_x64(True):
        g = np.asarray(at.grad(ours)(anp.asarray(m)))
    np.testing.assert_allclose(g, _central_differences(numpy_f, m), atol=1e-6)


def test_qr_of_a_wide_matrix_refuses_as_jax_does() -> None:
    with pytest.raises(NotImplementedError, match="QR decomposition derivative"):
        at.grad(lambda x: linalg.qr(x).R.sum())(anp.asarray(_N[:2].astype(np.float32)))
