"""JVP and transpose rules of ``triangular_solve`` and ``cholesky``, JAX 0.10.2's (``jax/_src/lax/linalg.py``).

* ``triangular_solve`` is linear in ``b`` (its transpose solves with ``a`` transposed); the derivative in ``a`` is
  ``-op(A)^-1 op(dA) X`` (``X op(dA) op(A)^-1`` for a right-side solve), in the cheaper order, as JAX orders it.
* ``cholesky``: ``L phi(L^-1 dA L^-H)`` with ``phi`` the lower triangle with its diagonal halved (JAX's rule from
  Murray 2016), through two triangular solves. One known difference: for a weakly typed input JAX's cotangent of
  ``cholesky(x @ x.T)`` is weakly typed, ours strongly typed; values and dtypes agree.

Still without rules (JAX's ``NotImplementedError``): ``lu``, ``eigh``, ``svd``, and ``geqrf``/``householder_product``
(JAX differentiates ``qr`` as a whole, not its LAPACK steps).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from arraytyping._src.runtime import lax
from arraytyping._src.runtime.ad import UndefinedPrimal, Zero, defjvp2, jvp_rules, tangent_aval, transpose_rules
from arraytyping._src.runtime.ad_rules import full_like, select, shape_of
from arraytyping._src.runtime.lapack import cholesky_p, triangular_solve_p
from arraytyping._src.runtime.lax import aval_of

__all__ = ["tril"]


def _T(x: Any) -> Any:
    n = len(shape_of(x))
    return lax.transpose(x, (*range(n - 2), n - 1, n - 2))


def _conj(x: Any) -> Any:
    return lax.conj(x) if aval_of(x).dtype.kind == "c" else x


def _tri_mask(x: Any, k: int) -> Any:
    """``j - i <= k`` over the last two axes of ``x`` (JAX's ``_tri``), broadcast to ``x``'s shape."""
    shape = shape_of(x)
    n, m = shape[-2:]
    rows = lax.iota(np.dtype("int32"), (n, m), 0)
    cols = lax.iota(np.dtype("int32"), (n, m), 1)
    mask = lax.ge(lax.add(rows, lax.full((n, m), k, np.dtype("int32"))), cols)
    return lax.broadcast_in_dim(mask, shape, (len(shape) - 2, len(shape) - 1))


def _tril(x: Any, k: int = 0) -> Any:
    return select(_tri_mask(x, k), x, full_like(x, 0))


def _triu(x: Any, k: int = 0) -> Any:
    return select(_tri_mask(x, k - 1), full_like(x, 0), x)


def _matmul(x: Any, y: Any) -> Any:
    n = len(shape_of(x))
    batch = tuple(range(n - 2))
    return lax.dot_general(x, y, (((n - 1,), (n - 2,)), (batch, batch)), aval_of(x).dtype)


def _solve(a: Any, b: Any, *, left_side: bool, lower: bool, transpose_a: bool, conjugate_a: bool,
           unit_diagonal: bool) -> Any:
    """JAX's ``lax.linalg.triangular_solve`` (``conjugate_a`` only for complex ``a``)."""
    conjugate_a = conjugate_a and aval_of(a).dtype.kind == "c"
    return triangular_solve_p.bind(a, b, left_side=left_side, lower=lower, transpose_a=transpose_a,
                                   conjugate_a=conjugate_a, unit_diagonal=unit_diagonal)


tril = _tril
"""The lower triangle of the last two axes (JAX's ``_tril``: ``lax.linalg.cholesky`` applies it to the primitive's
result)."""


# ---------------------------------------------------------------------------------------------------------------
# triangular_solve


def _triangular_solve_jvp_a(g_a: Any, ans: Any, a: Any, b: Any, *, left_side: bool, lower: bool, transpose_a: bool,
                            conjugate_a: bool, unit_diagonal: bool) -> Any:
    m, n = shape_of(b)[-2:]
    k = 1 if unit_diagonal else 0
    g_a = _tril(g_a, -k) if lower else _triu(g_a, k)
    g_a = lax.neg(g_a)
    g_a = _T(g_a) if transpose_a else g_a
    g_a = _conj(g_a) if conjugate_a else g_a

    def a_inverse(rhs: Any) -> Any:
        return _solve(a, rhs, left_side=left_side, lower=lower, transpose_a=transpose_a, conjugate_a=conjugate_a,
                      unit_diagonal=unit_diagonal)

    if left_side:
        return a_inverse(_matmul(g_a, ans)) if m > n else _matmul(a_inverse(g_a), ans)
    return a_inverse(_matmul(ans, g_a)) if m < n else _matmul(ans, a_inverse(g_a))


def _triangular_solve_jvp_b(g_b: Any, ans: Any, a: Any, b: Any, **params: Any) -> Any:
    return _solve(a, g_b, **params)


def _triangular_solve_transpose(ct: Any, a: Any, b: Any, *, left_side: bool, lower: bool, transpose_a: bool,
                                conjugate_a: bool, unit_diagonal: bool) -> list[Any]:
    assert type(a) is not UndefinedPrimal and type(b) is UndefinedPrimal
    ct_b = _solve(a, ct, left_side=left_side, lower=lower, transpose_a=not transpose_a, conjugate_a=conjugate_a,
                  unit_diagonal=unit_diagonal)
    return [None, ct_b]


defjvp2(triangular_solve_p, _triangular_solve_jvp_a, _triangular_solve_jvp_b)
transpose_rules[triangular_solve_p] = _triangular_solve_transpose


# ---------------------------------------------------------------------------------------------------------------
# cholesky


def _cholesky_jvp(primals: Sequence[Any], tangents: Sequence[Any]) -> tuple[Any, Any]:
    (x,), (sigma_dot,) = primals, tangents
    L = _tril(cholesky_p.bind(x))
    if type(sigma_dot) is Zero:
        return L, Zero(tangent_aval(aval_of(L)))

    def phi(X: Any) -> Any:
        low = _tril(X)
        n = shape_of(X)[-1]
        eye = lax.convert_element_type(lax.eq(lax.iota(np.dtype("int32"), (n, n), 0),
                                              lax.iota(np.dtype("int32"), (n, n), 1)), aval_of(X).dtype, False)
        denom = lax.add(lax.broadcast_in_dim(full_like(X, 1, ()), (n, n), ()), eye)
        shape = shape_of(low)
        return lax.div(low, lax.broadcast_in_dim(denom, shape, (len(shape) - 2, len(shape) - 1)))

    tmp = _solve(L, sigma_dot, left_side=False, transpose_a=True, conjugate_a=True, lower=True, unit_diagonal=False)
    L_dot = _matmul(L, phi(_solve(L, tmp, left_side=True, transpose_a=False, lower=True, conjugate_a=False,
                                  unit_diagonal=False)))
    return L, L_dot


jvp_rules[cholesky_p] = _cholesky_jvp
