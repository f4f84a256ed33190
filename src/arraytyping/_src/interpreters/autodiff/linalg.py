"""JVP and transpose rules of ``triangular_solve``, ``cholesky``, ``lu``, ``qr``, ``eigh`` and ``svd``, JAX 0.10.2's (``jax/_src/lax/linalg.py``).

* ``triangular_solve`` is linear in ``b`` (its transpose solves with ``a`` transposed); the derivative in ``a`` is
  ``-op(A)^-1 op(dA) X`` (``X op(dA) op(A)^-1`` for a right-side solve), in the cheaper order, as JAX orders it.
* ``cholesky``: ``L phi(L^-1 dA L^-H)`` with ``phi`` the lower triangle with its diagonal halved (JAX's rule from
  Murray 2016), through two triangular solves; ``phi`` divides as jnp does, so a weakly typed input's cotangent is
  weakly typed, as in JAX.

* ``lu``: JAX's rule (De Hoog, Anderssen and Lukas): with ``X = L^-1 P dA U^-1``, ``dL = L tril(X, -1)`` and
  ``dU = triu(X) U``, packed as the primitive packs its factors (the pivots' tangent is zero). It makes ``det`` (of
  matrices other than 2x2 and 3x3), ``slogdet``, ``solve`` and ``inv`` differentiable.
* ``eigh``: JAX's rule: with ``M = V^H dA V``, ``dw = real(diag(M))`` and ``dV = V (F * M)``, where
  ``F_ij = 1 / (w_j - w_i)`` off the diagonal and 0 on it (computed as JAX does, ``(I + w_j - w_i)^-1 - I``); the
  operand is symmetrized first, as JAX's rule does.

* ``eig``: JAX's rule for the eigenvalues alone, ``dw = diag(V^-1 dA V)`` with ``V`` the right eigenvectors (by
  ``V``'s LU factors); the eigenvectors' derivatives raise JAX's ``NotImplementedError`` (JAX gives them only with
  ``enable_eigvec_derivs``, which ``jnp.linalg.eig`` does not pass).

* ``svd``: JAX's rule: with ``dS = U^H dA V``, ``ds = real(diag(dS))``; the singular vectors through
  ``F_ij = 1 / (s_j^2 - s_i^2)`` and the correction for a non-square matrix; JAX's ``NotImplementedError`` for the
  vectors of ``full_matrices=True`` (``jnp.linalg.svd``'s default: differentiate with ``full_matrices=False``).

* ``qr`` (as a whole, as JAX differentiates it): with ``X = Q^H dA R^-1``, ``dQ = Q (dO - X) + dA R^-1`` and
  ``dR = (X - dO) R``, ``dO`` the skew-Hermitian part of ``X``'s strict lower triangle (plus, for complex
  matrices, ``X``'s imaginary diagonal); JAX's ``NotImplementedError`` for wide matrices and complete ``Q``s.

JAX writes the ``cholesky``, ``eigh``, ``svd`` and ``qr`` rules with ``jnp`` operations, whose promotions convert a
weakly typed operand meeting a strong one; these rules use ``lax`` operations and make the same conversions
(``_strong``), so a weakly typed input's cotangent is weakly typed where JAX's is. One known difference: a weakly
typed *float32* with x64 on (reachable only through ``lax.convert_element_type(..., weak_type=True)``) meets
Python scalars and x64's default dtypes in JAX's ``eigh``, ``svd`` and ``qr`` rules and becomes float64 there (or
is refused); these rules keep float32 (``X64_WEAK_F32_DIFFERENCES`` in ``tests/runtime/test_ad_conformance.py``).

Still without rules (JAX's ``NotImplementedError``): ``geqrf``/``householder_product``, the LAPACK steps of ``qr``
(reached only through ``lax.linalg``-level code; ``jnp.linalg.qr`` binds ``qr``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from arraytyping._src.lax import lax
from arraytyping._src.interpreters.autodiff.ad import (
    UndefinedPrimal, Zero, add_tangents, defjvp2, instantiate_zeros, jvp_rules, tangent_aval, transpose_rules,
)
from arraytyping._src.interpreters.autodiff.primitives import full_like, select, shape_of
from arraytyping._src.lax import gather_scatter as G
from arraytyping._src.lax.linalg import (
    cholesky_p, eig_p, eigh_p, lu_p, qr_p, svd_p, triangular_solve_p, tridiagonal_solve_p,
)
from arraytyping._src.lax.lax import aval_of

__all__ = ["symmetrize", "tril"]


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


def _eye(dtype: np.dtype[Any], n: int) -> Any:
    return lax.convert_element_type(lax.eq(lax.iota(np.dtype("int32"), (n, n), 0),
                                           lax.iota(np.dtype("int32"), (n, n), 1)), dtype, False)


def _strong(x: Any) -> Any:
    """``x`` strongly typed: jnp's promotion of a weakly typed operand meeting a strong one of its dtype."""
    return lax.convert_element_type(x, aval_of(x).dtype, False)  # no equation for a strong ``x``


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
        eye = _eye(aval_of(X).dtype, n)
        denom = lax.add(lax.broadcast_in_dim(full_like(X, 1, ()), (n, n), ()), eye)
        shape = shape_of(low)
        # JAX divides with jnp's ``/``, which takes a weakly typed ``low`` to the strong denominator's type (an
        # equation whose transpose gives the cotangent its weak flag back)
        return lax.div(_strong(low), lax.broadcast_in_dim(denom, shape, (len(shape) - 2, len(shape) - 1)))

    tmp = _solve(L, sigma_dot, left_side=False, transpose_a=True, conjugate_a=True, lower=True, unit_diagonal=False)
    L_dot = _matmul(L, phi(_solve(L, tmp, left_side=True, transpose_a=False, lower=True, conjugate_a=False,
                                  unit_diagonal=False)))
    return L, L_dot


jvp_rules[cholesky_p] = _cholesky_jvp


# ---------------------------------------------------------------------------------------------------------------
# lu


def _diagonal(x: Any) -> Any:
    """``x[..., i, i]`` of a batch of square matrices: a gather, as JAX's ``_extract_diagonal`` indexes it (so its
    transpose, a scatter-add into zeros, types the cotangent as JAX's does)."""
    shape = shape_of(x)
    rank = len(shape)
    n = shape[-1]
    idx = lax.broadcast_in_dim(lax.iota(np.dtype("int32"), (n,), 0), (n, 2), (0,))
    dn = G.GatherDimensionNumbers(offset_dims=tuple(range(rank - 2)), collapsed_slice_dims=(rank - 2, rank - 1),
                                  start_index_map=(rank - 2, rank - 1))
    return G.gather(x, idx, dn, (*shape[:-2], 1, 1), mode=G.GatherScatterMode.PROMISE_IN_BOUNDS)


def _batched(x: Any, shape: tuple[int, ...]) -> Any:
    """A matrix ``x`` broadcast over the leading axes of ``shape``."""
    return lax.broadcast_in_dim(x, shape, (len(shape) - 2, len(shape) - 1))


def _permute_rows(x: Any, permutation: Any) -> Any:
    """``x[..., permutation, :]`` (a gather, as JAX indexes the tangent)."""
    shape = shape_of(x)
    rank = len(shape)
    axis = rank - 2
    others = tuple(i for i in range(rank) if i != axis)
    dn = G.GatherDimensionNumbers(offset_dims=(), collapsed_slice_dims=(axis,), start_index_map=(axis,),
                                  operand_batching_dims=others, start_indices_batching_dims=others)
    idx = lax.broadcast_in_dim(permutation, shape, tuple(range(rank - 1)))
    return G.gather(x, lax.expand_dims(idx, (rank,)), dn, (1,) * rank, mode=G.GatherScatterMode.PROMISE_IN_BOUNDS)


def _lu_jvp(primals: Sequence[Any], tangents: Sequence[Any]) -> tuple[list[Any], list[Any]]:
    (a,), (a_dot,) = primals, tangents
    lu, pivots, permutation = lu_p.bind(a)
    pivots_dot = Zero(tangent_aval(aval_of(pivots)))
    permutation_dot = Zero(tangent_aval(aval_of(permutation)))
    if type(a_dot) is Zero:
        return [lu, pivots, permutation], [Zero(tangent_aval(aval_of(lu))), pivots_dot, permutation_dot]
    shape = shape_of(a)
    rank = len(shape)
    m, n = shape[-2:]
    k = min(m, n)
    dtype = aval_of(lu).dtype
    x = _permute_rows(a_dot, permutation)
    zero = lax.full((), 0, dtype)
    l_padding = [(0, 0, 0)] * rank
    l_padding[-1] = (0, m - k, 0)
    l = lax.pad(_tril(lax.slice_in_dim(lu, 0, k, rank - 1), -1), zero, l_padding)
    l = lax.add(l, _batched(_eye(dtype, m), shape_of(l)))
    u_padding = [(0, 0, 0)] * rank
    u_padding[-2] = (0, n - k, 0)
    u = lax.pad(_triu(lax.slice_in_dim(lu, 0, k, rank - 2)), zero, u_padding)
    u_eye = lax.pad(_eye(dtype, n - k), zero, [(k, 0, 0), (k, 0, 0)])
    u = lax.add(u, _batched(u_eye, shape_of(u)))
    la = _solve(l, x, left_side=True, transpose_a=False, lower=True, conjugate_a=False, unit_diagonal=True)
    lau = _solve(u, la, left_side=False, transpose_a=False, lower=False, conjugate_a=False, unit_diagonal=False)
    lu_dot = lax.add(_matmul(l, _tril(lau, -1)), _matmul(_triu(lau), u))
    return [lu, pivots, permutation], [lu_dot, pivots_dot, permutation_dot]


jvp_rules[lu_p] = _lu_jvp


# ---------------------------------------------------------------------------------------------------------------
# eigh


def _symmetrize(x: Any) -> Any:
    """``(x + x^H) / 2`` (JAX's ``symmetrize``)."""
    s = lax.add(x, _conj(_T(x)))
    return lax.div(s, full_like(s, 2))


def _eigh_jvp(primals: Sequence[Any], tangents: Sequence[Any], *, lower: bool, sort_eigenvalues: bool,
              subset_by_index: tuple[int, int] | None, algorithm: Any) -> tuple[list[Any], list[Any]]:
    (a,), (a_dot,) = primals, tangents
    if not (subset_by_index is None or tuple(subset_by_index) == (0, shape_of(a)[-1])):
        raise NotImplementedError("Derivatives not defined for partial eigen decomposition.")
    v, w_real = eigh_p.bind(_symmetrize(a), lower=lower, sort_eigenvalues=sort_eigenvalues,
                            subset_by_index=subset_by_index, algorithm=algorithm)
    if type(a_dot) is Zero:
        return [v, w_real], [Zero(tangent_aval(aval_of(v))), Zero(tangent_aval(aval_of(w_real)))]
    shape = shape_of(a)
    rank = len(shape)
    n = shape[-1]
    dtype = aval_of(a).dtype
    w = lax.convert_element_type(w_real, dtype, False)  # JAX: w_real.astype(a.dtype)
    eye = _batched(_eye(dtype, n), shape)
    w_cols = lax.broadcast_in_dim(w, shape, (*range(rank - 2), rank - 1))  # w[..., newaxis, :]
    w_rows = lax.broadcast_in_dim(w, shape, tuple(range(rank - 1)))  # w[..., :, newaxis]
    f = lax.sub(lax.integer_pow(lax.sub(lax.add(eye, w_cols), w_rows), -1), eye)
    vdag_adot_v = _matmul(_matmul(_conj(_T(v)), a_dot), v)
    dv = _matmul(v, lax.mul(f, _strong(vdag_adot_v)))  # JAX: jnp.multiply(Fmat, vdag_adot_v)
    diagonal = _diagonal(vdag_adot_v)
    dw = lax.real(diagonal) if dtype.kind == "c" else diagonal
    return [v, w_real], [dv, dw]


jvp_rules[eigh_p] = _eigh_jvp


def _eig_jvp(primals: Sequence[Any], tangents: Sequence[Any], *, compute_left_eigenvectors: bool,
             compute_right_eigenvectors: bool, enable_eigvec_derivs: bool, implementation: Any
             ) -> tuple[list[Any], list[Any]]:
    if (compute_left_eigenvectors or compute_right_eigenvectors) and enable_eigvec_derivs:
        raise NotImplementedError("Derivatives of non-symmetric eigenvectors (enable_eigvec_derivs=True) are not "
                                  "supported yet: differentiate the eigenvalues only.")
    if compute_left_eigenvectors or compute_right_eigenvectors:
        raise NotImplementedError(
            "Derivatives of non-symmetric eigenvectors are only valid under assumptions on the input that JAX "
            "cannot check (see the enable_eigvec_derivs argument to jax.lax.linalg.eig), which "
            "jax.numpy.linalg.eig does not pass: differentiate the eigenvalues (eigvals) only.")
    (a,), (a_dot,) = primals, tangents
    w, vr = eig_p.bind(a, compute_left_eigenvectors=False, compute_right_eigenvectors=True,
                       enable_eigvec_derivs=enable_eigvec_derivs, implementation=implementation)
    if type(a_dot) is Zero:
        return [w], [Zero(tangent_aval(aval_of(w)))]
    dtype = aval_of(vr).dtype
    da = lax.convert_element_type(a_dot, dtype, aval_of(a_dot).weak_type)
    lu, _, permutation = lu_p.bind(vr)
    x = _permute_rows(da, permutation)
    x = _solve(lu, x, left_side=True, transpose_a=False, lower=True, conjugate_a=False, unit_diagonal=True)
    x = _solve(lu, x, left_side=True, transpose_a=False, lower=False, conjugate_a=False, unit_diagonal=False)
    dw = lax.reduce("sum", lax.mul(x, _T(vr)), (len(shape_of(x)) - 1,))
    return [w], [dw]


jvp_rules[eig_p] = _eig_jvp

# ---------------------------------------------------------------------------------------------------------------
# svd


def _over_columns(s: Any, x: Any, dtype: np.dtype[Any]) -> Any:
    """``s`` (``[..., k]``) in ``dtype``, broadcast along the rows of ``x`` (``[..., r, k]``): ``s[..., None, :]``."""
    shape = shape_of(x)
    rank = len(shape)
    return lax.broadcast_in_dim(lax.convert_element_type(s, dtype, False), shape, (*range(rank - 2), rank - 1))


def _svd_jvp(primals: Sequence[Any], tangents: Sequence[Any], *, full_matrices: bool, compute_uv: bool,
             subset_by_index: tuple[int, int] | None, algorithm: Any) -> tuple[list[Any], list[Any]]:
    (a,), (a_dot,) = primals, tangents
    if compute_uv and full_matrices and shape_of(a)[-2] != shape_of(a)[-1]:  # square: the reduced factors
        raise NotImplementedError("Singular value decomposition JVP not implemented for full matrices")
    s, u, vt = svd_p.bind(a, full_matrices=False, compute_uv=True, subset_by_index=subset_by_index,
                          algorithm=algorithm)
    primals_out = [s, u, vt] if compute_uv else [s]
    if type(a_dot) is Zero:
        return primals_out, [Zero(tangent_aval(aval_of(x))) for x in primals_out]
    dtype = aval_of(a).dtype
    m, n = shape_of(a)[-2:]
    ut, v = _conj(_T(u)), _conj(_T(vt))
    d_s = _matmul(_matmul(ut, a_dot), v)
    k_shape = shape_of(d_s)
    rank = len(k_shape)
    k = k_shape[-1]
    ds = _diagonal(d_s)
    ds = lax.real(ds) if dtype.kind == "c" else ds
    if not compute_uv:
        return primals_out, [ds]
    s_real = aval_of(s).dtype
    s_cols = lax.broadcast_in_dim(s, k_shape, (*range(rank - 2), rank - 1))  # s[..., newaxis, :]
    s_rows = lax.broadcast_in_dim(s, k_shape, tuple(range(rank - 1)))  # its transpose
    real_eye = _batched(_eye(s_real, k), k_shape)
    s_diffs = lax.mul(lax.add(s_cols, s_rows), lax.sub(s_cols, s_rows))
    f = lax.sub(lax.div(full_like(s_diffs, 1), lax.add(s_diffs, real_eye)), real_eye)
    f = lax.convert_element_type(f, dtype, aval_of(f).weak_type)
    s_cols_a = lax.convert_element_type(s_cols, dtype, False)  # JAX: s_dim.astype(A.dtype), strong
    s_rows_a = lax.convert_element_type(s_rows, dtype, False)
    dss = lax.mul(s_cols_a, _strong(d_s))
    sds = lax.mul(s_rows_a, _strong(d_s))
    s_zeros = lax.convert_element_type(lax.eq(s, full_like(s, 0)), s_real, False)
    s_inv = lax.sub(lax.div(full_like(s, 1), lax.add(s, s_zeros)), s_zeros)
    s_inv_mat = lax.mul(lax.broadcast_in_dim(s_inv, k_shape, (*range(rank - 2), rank - 1)), real_eye)
    half = full_like(d_s, 0.5)
    dudv_diag = lax.mul(_strong(lax.mul(half, lax.sub(d_s, _conj(_T(d_s))))),
                        lax.convert_element_type(s_inv_mat, dtype, False))
    du = _matmul(u, lax.add(lax.mul(f, lax.add(dss, _conj(_T(dss)))), dudv_diag))
    dv = _matmul(v, lax.mul(f, lax.add(sds, _conj(_T(sds)))))
    if m > n:
        dav = _matmul(a_dot, v)  # m x k: its columns over s
        du = lax.add(du, lax.div(_strong(lax.sub(dav, _matmul(u, _matmul(ut, dav)))), _over_columns(s, dav, dtype)))
    if n > m:
        dahu = _matmul(_conj(_T(a_dot)), u)  # n x k
        dv = lax.add(dv, lax.div(_strong(lax.sub(dahu, _matmul(v, _matmul(vt, dahu)))),
                                 _over_columns(s, dahu, dtype)))
    return primals_out, [ds, du, _conj(_T(dv))]


jvp_rules[svd_p] = _svd_jvp

# ---------------------------------------------------------------------------------------------------------------
# qr


def _qr_jvp(primals: Sequence[Any], tangents: Sequence[Any], *, full_matrices: bool, pivoting: bool,
            use_magma: Any) -> tuple[list[Any], list[Any]]:
    (x,), (dx,) = primals, tangents
    q, r = qr_p.bind(x, full_matrices=False, pivoting=pivoting, use_magma=use_magma)
    m, n = shape_of(x)[-2:]
    if m < n or (full_matrices and m != n):
        raise NotImplementedError("Unimplemented case of QR decomposition derivative")
    if type(dx) is Zero:
        return [q, r], [Zero(tangent_aval(aval_of(q))), Zero(tangent_aval(aval_of(r)))]
    dtype = aval_of(x).dtype
    dx_rinv = _solve(r, dx, left_side=False, lower=False, transpose_a=False, conjugate_a=False, unit_diagonal=False)
    qt_dx_rinv = _matmul(_conj(_T(q)), dx_rinv)
    lower = _tril(qt_dx_rinv, -1)
    do = lax.sub(lower, _conj(_T(lower)))  # skew-Hermitian
    # the imaginary part of the diagonal (zeros for real matrices, as strongly typed as JAX's astype makes them)
    real_part = lax.real(qt_dx_rinv) if dtype.kind == "c" else qt_dx_rinv
    # (jnp's operators, as JAX writes them: a weakly typed operand meeting a strong one is converted to strong)
    imaginary = lax.sub(_strong(qt_dx_rinv), lax.convert_element_type(real_part, dtype, False))
    do = lax.add(_strong(do), lax.mul(_batched(_eye(dtype, n), shape_of(do)), imaginary))
    dq = lax.add(_matmul(q, lax.sub(do, _strong(qt_dx_rinv))), _strong(dx_rinv))
    dr = _matmul(lax.sub(_strong(qt_dx_rinv), do), r)
    return [q, r], [dq, dr]


jvp_rules[qr_p] = _qr_jvp

symmetrize = _symmetrize
"""``(x + x^H) / 2`` (JAX's ``lax.linalg.eigh`` applies it to its input, as its derivative rule does)."""


# ---------------------------------------------------------------------------------------------------------------
# tridiagonal_solve


def _tridiagonal_product(dl: Any, d: Any, du: Any, b: Any) -> Any:
    """``A @ b`` for the tridiagonal ``A`` of ``(dl, d, du)`` (JAX's ``_tridiagonal_product``)."""
    shape = shape_of(b)
    rank = len(shape)
    m = shape[-2]
    over_rows = tuple(range(rank - 1))
    zero = lax.full((), 0, aval_of(b).dtype)
    y = lax.mul(lax.broadcast_in_dim(d, shape, over_rows), b)
    if m > 1:
        below = lax.mul(lax.broadcast_in_dim(lax.slice_in_dim(dl, 1, m, rank - 2), (*shape[:-2], m - 1, shape[-1]),
                                             over_rows), lax.slice_in_dim(b, 0, m - 1, rank - 2))
        above = lax.mul(lax.broadcast_in_dim(lax.slice_in_dim(du, 0, m - 1, rank - 2),
                                             (*shape[:-2], m - 1, shape[-1]), over_rows),
                        lax.slice_in_dim(b, 1, m, rank - 2))
        pad_low = [(0, 0, 0)] * rank
        pad_low[rank - 2] = (1, 0, 0)
        pad_high = [(0, 0, 0)] * rank
        pad_high[rank - 2] = (0, 1, 0)
        y = lax.add(lax.add(y, lax.pad(below, zero, pad_low)), lax.pad(above, zero, pad_high))
    return y


def _tridiagonal_solve_jvp(primals: Sequence[Any], tangents: Sequence[Any], *, perturb_singular: bool
                           ) -> tuple[Any, Any]:
    *diags, _ = primals
    *diags_dot, b_dot = tangents
    ans = tridiagonal_solve_p.bind(*primals, perturb_singular=perturb_singular)
    if all(type(t) is Zero for t in diags_dot):
        rhs = b_dot
    else:
        dl_dot, d_dot, du_dot = (instantiate_zeros(t) for t in diags_dot)
        matvec_dot = _tridiagonal_product(dl_dot, d_dot, du_dot, ans)
        rhs = add_tangents(b_dot, lax.neg(matvec_dot))
    if type(rhs) is Zero:
        return ans, Zero(tangent_aval(aval_of(ans)))
    return ans, tridiagonal_solve_p.bind(*diags, rhs, perturb_singular=perturb_singular)


def _tridiagonal_solve_transpose(ct: Any, dl: Any, d: Any, du: Any, b: Any, *, perturb_singular: bool
                                 ) -> list[Any]:
    """Linear in ``b`` alone: the system transposed (``du`` shifted down as its lower diagonal, ``dl`` up)."""
    assert type(b) is UndefinedPrimal and not any(type(x) is UndefinedPrimal for x in (dl, d, du))
    if type(ct) is Zero:
        return [None, None, None, Zero(b.aval)]
    n = len(shape_of(du))
    m = shape_of(du)[-1]
    dl_t = lax.concatenate([full_like(lax.slice_in_dim(du, m - 1, m, n - 1), 0),
                            lax.slice_in_dim(du, 0, m - 1, n - 1)], n - 1)
    du_t = lax.concatenate([lax.slice_in_dim(dl, 1, m, n - 1), full_like(lax.slice_in_dim(dl, 0, 1, n - 1), 0)],
                           n - 1)
    return [None, None, None, tridiagonal_solve_p.bind(dl_t, d, du_t, ct, perturb_singular=perturb_singular)]


jvp_rules[tridiagonal_solve_p] = _tridiagonal_solve_jvp
transpose_rules[tridiagonal_solve_p] = _tridiagonal_solve_transpose
