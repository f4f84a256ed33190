"""``jax.scipy.sparse.linalg``'s iterative solvers, as JAX 0.10.2 writes them (``jax/_src/scipy/sparse/linalg.py``):
``cg`` (conjugate gradients), ``bicgstab`` (stabilized biconjugate gradients) and ``gmres`` (restarted GMRES, its
Arnoldi process batched or incremental), each a ``lax.while_loop`` wrapped in ``lax.custom_linear_solve`` so that
derivatives are taken implicitly at the solution. ``A`` and the preconditioner ``M`` are matrices or linear functions
of pytrees of arrays; ``b`` and ``x0`` are such pytrees."""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable
from typing import Any

import numpy as np

from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray
from arraytyping._src.core.array import Array
from arraytyping._src.dtypes.promotion import result_type
from arraytyping._src.dtypes.queries import finfo
from arraytyping._src.lax import lax
from arraytyping._src.lax.api.linear_solve import custom_linear_solve
from arraytyping._src.lax.control_flow import fori_loop, while_loop
from arraytyping._src.lax.elementwise import rsqrt
from arraytyping._src.numpy.einsum import einsum
from arraytyping._src.scipy import linalg as jsp_linalg
from arraytyping._src.tree import pytree as tree
from arraytyping._src.tree.partial import Partial

__all__ = ["bicgstab", "cg", "gmres"]


def _dot(a: Any, b: Any) -> Any:
    return jnp.dot(a, b)


def _vdot_real_part(x: Any, y: Any) -> Any:
    """The real part of ``vdot(x, y)`` (only real parts are computed)."""
    result = jnp.vdot(x.real, y.real)
    if jnp.iscomplexobj(x) or jnp.iscomplexobj(y):
        result = result + jnp.vdot(x.imag, y.imag)
    return result


def _vdot_real_tree(x: Any, y: Any) -> Any:
    return sum(tree.leaves(tree.tree_map(_vdot_real_part, x, y)))


def _vdot_tree(x: Any, y: Any) -> Any:
    return sum(tree.leaves(tree.tree_map(jnp.vdot, x, y)))


def _norm(x: Any) -> Any:
    xs = tree.leaves(x)
    return jnp.sqrt(sum(map(_vdot_real_part, xs, xs)))


def _mul(scalar: Any, t: Any) -> Any:
    return tree.tree_map(functools.partial(operator.mul, scalar), t)


def _add(a: Any, b: Any) -> Any:
    return tree.tree_map(operator.add, a, b)


def _sub(a: Any, b: Any) -> Any:
    return tree.tree_map(operator.sub, a, b)


def _identity_fn(x: Any) -> Any:
    return x


_identity: Any = Partial(_identity_fn)


def _lattice_result_type(*args: Any) -> tuple[np.dtype[Any], bool]:
    dtype, weak = result_type(*args, return_weak_type_flag=True)
    return dtype, weak


def _matmul(a: Any, b: Any) -> Any:
    return a @ b


def _normalize_matvec(f: Any) -> Callable[[Any], Any]:
    """A matrix (or anything with ``@``) as its product function; a function as it is."""
    if callable(f):
        fun: Callable[[Any], Any] = f
        return fun
    op: Any = f
    if isinstance(f, (np.ndarray, Array)):
        shape: tuple[int, ...] = tuple(op.shape)
        if len(shape) != 2 or shape[0] != shape[1]:
            raise ValueError(f"linear operator must be a square matrix, but has shape: {shape}")
        return functools.partial(_dot, op)
    if hasattr(op, "__matmul__"):
        if hasattr(op, "shape") and len(op.shape) != 2 or op.shape[0] != op.shape[1]:
            raise ValueError(f"linear operator must be a square matrix, but has shape: {op.shape}")
        return functools.partial(_matmul, op)
    raise TypeError(f"linear operator must be either a function or ndarray: {f}")


def _cg_solve(A: Callable[[Any], Any], b: Any, x0: Any = None, *, maxiter: int, tol: Any = 1e-5, atol: Any = 0.0,
              M: Callable[[Any], Any] = _identity) -> Any:
    bs = _vdot_real_tree(b, b)
    atol2 = jnp.maximum(jnp.square(tol) * bs, jnp.square(atol))

    def cond_fun(value: Any) -> Any:
        _, r, gamma, _, k = value
        rs = gamma.real if M is _identity else _vdot_real_tree(r, r)
        return (rs > atol2) & (k < maxiter)

    def body_fun(value: Any) -> Any:
        x, r, gamma, p, k = value
        Ap = A(p)
        alpha = gamma / _vdot_real_tree(p, Ap).astype(dtype)
        x_ = _add(x, _mul(alpha, p))
        r_ = _sub(r, _mul(alpha, Ap))
        z_ = M(r_)
        gamma_ = _vdot_real_tree(r_, z_).astype(dtype)
        beta_ = gamma_ / gamma
        p_ = _add(z_, _mul(beta_, p))
        return x_, r_, gamma_, p_, k + 1

    r0 = _sub(b, A(x0))
    p0 = z0 = M(r0)
    dtype = result_type(*tree.leaves(p0))
    gamma0 = _vdot_real_tree(r0, z0).astype(dtype)
    x_final, *_ = while_loop(cond_fun, body_fun, (x0, r0, gamma0, p0, 0))
    return x_final


def _bicgstab_solve(A: Callable[[Any], Any], b: Any, x0: Any = None, *, maxiter: int, tol: Any = 1e-5,
                    atol: Any = 0.0, M: Callable[[Any], Any] = _identity) -> Any:
    bs = _vdot_real_tree(b, b)
    atol2 = jnp.maximum(jnp.square(tol) * bs, jnp.square(atol))

    def cond_fun(value: Any) -> Any:
        _, r, *_, k = value
        rs = _vdot_real_tree(r, r)
        return (rs > atol2) & (k < maxiter) & (k >= 0)

    def body_fun(value: Any) -> Any:
        x, r, rhat, alpha, omega, rho, p, q, k = value
        rho_ = _vdot_tree(rhat, r)
        beta = rho_ / rho * alpha / omega
        p_ = _add(r, _mul(beta, _sub(p, _mul(omega, q))))
        phat = M(p_)
        q_ = A(phat)
        alpha_ = rho_ / _vdot_tree(rhat, q_)
        s = _sub(r, _mul(alpha_, q_))
        exit_early = _vdot_real_tree(s, s) < atol2
        shat = M(s)
        t = A(shat)
        omega_ = _vdot_tree(t, s) / _vdot_tree(t, t)
        x_ = tree.tree_map(functools.partial(jnp.where, exit_early), _add(x, _mul(alpha_, phat)),
                           _add(x, _add(_mul(alpha_, phat), _mul(omega_, shat))))
        r_ = tree.tree_map(functools.partial(jnp.where, exit_early), s, _sub(s, _mul(omega_, t)))
        k_ = jnp.where((omega_ == 0) | (alpha_ == 0), -11, k + 1)
        k_ = jnp.where((rho_ == 0), -10, k_)
        return x_, r_, rhat, alpha_, omega_, rho_, p_, q_, k_

    r0 = _sub(b, A(x0))
    dtype, weak = _lattice_result_type(*tree.leaves(b))
    rho0 = alpha0 = omega0 = lax.convert_element_type(1, dtype, weak)
    x_final, *_ = while_loop(cond_fun, body_fun, (x0, r0, r0, alpha0, omega0, rho0, r0, r0, 0))
    return x_final


def _shapes(pytree: Any) -> list[tuple[int, ...]]:
    return [np.shape(leaf) for leaf in tree.leaves(pytree)]


def _device_put(t: Any) -> Any:
    return tree.tree_map(jnp.asarray, t)


def _isolve(solve: Callable[..., Any], A: Any, b: Any, x0: Any = None, *, tol: Any = 1e-5, atol: Any = 0.0,
            maxiter: int | None = None, M: Any = None, check_symmetric: bool = False) -> tuple[Any, None]:
    if x0 is None:
        x0 = tree.tree_map(jnp.zeros_like, b)
    b, x0 = _device_put((b, x0))
    if maxiter is None:
        maxiter = 10 * sum(bi.size for bi in tree.leaves(b))
    matvec = _normalize_matvec(A)
    precond = _normalize_matvec(_identity if M is None else M)
    if tree.structure(x0) != tree.structure(b):
        raise ValueError(f"x0 and b must have matching tree structure: {tree.structure(x0)} vs {tree.structure(b)}")
    if _shapes(x0) != _shapes(b):
        raise ValueError(f"arrays in x0 and b must have matching shapes: {_shapes(x0)} vs {_shapes(b)}")
    isolve_solve = functools.partial(solve, x0=x0, tol=tol, atol=atol, maxiter=maxiter, M=precond)
    symmetric = all(not jnp.iscomplexobj(leaf) for leaf in tree.leaves(b)) if check_symmetric else False
    x = custom_linear_solve(matvec, b, solve=isolve_solve, transpose_solve=isolve_solve, symmetric=symmetric)
    return x, None


def cg(A: Any, b: Any, x0: Any = None, *, tol: float = 1e-5, atol: float = 0.0, maxiter: int | None = None,
       M: Any = None) -> tuple[Any, None]:
    """Solve ``A x = b`` for a Hermitian positive definite ``A`` by conjugate gradients: ``(x, None)`` (no
    convergence information, as JAX's).

    Args:
        A: the operator: a square matrix, or a linear function of ``b``'s pytree.
        b: the right-hand side, a pytree of arrays.
        x0: the initial guess (zeros by default), of ``b``'s structure and shapes.
        tol: the relative tolerance: stop once ``norm(residual) <= max(tol * norm(b), atol)``.
        atol: the absolute tolerance.
        maxiter: the most iterations (default ``10 * size of b``).
        M: a preconditioner (a matrix or a linear function), approximating the inverse of ``A``.

    Example: ``cg(jnp.array([[4.0, 1.0], [1.0, 3.0]]), jnp.array([1.0, 2.0]))[0]`` is about
    ``[0.0909, 0.6364]``.
    """
    return _isolve(_cg_solve, A=A, b=b, x0=x0, tol=tol, atol=atol, maxiter=maxiter, M=M, check_symmetric=True)


def bicgstab(A: Any, b: Any, x0: Any = None, *, tol: float = 1e-5, atol: float = 0.0, maxiter: int | None = None,
             M: Any = None) -> tuple[Any, None]:
    """Solve ``A x = b`` for a general ``A`` by the stabilized biconjugate gradient method: ``(x, None)``.

    Args:
        A: the operator: a square matrix, or a linear function of ``b``'s pytree.
        b: the right-hand side, a pytree of arrays.
        x0: the initial guess (zeros by default), of ``b``'s structure and shapes.
        tol: the relative tolerance: stop once ``norm(residual) <= max(tol * norm(b), atol)``.
        atol: the absolute tolerance.
        maxiter: the most iterations (default ``10 * size of b``).
        M: a preconditioner (a matrix or a linear function), approximating the inverse of ``A``.

    Example: ``bicgstab(jnp.array([[2.0, 1.0], [0.0, 3.0]]), jnp.array([3.0, 3.0]))[0]`` is about ``[1.0, 1.0]``.
    """
    return _isolve(_bicgstab_solve, A=A, b=b, x0=x0, tol=tol, atol=atol, maxiter=maxiter, M=M)


def _safe_normalize(x: Any, thresh: Any = None) -> tuple[Any, Any]:
    """``x / norm(x)`` and ``norm(x)``, both zero where the norm is at most ``thresh`` (eps by default)."""
    norm = _norm(x)
    dtype, weak_type = _lattice_result_type(*tree.leaves(x))
    if thresh is None:
        thresh = jnp.asarray(finfo(norm.dtype).eps)
    thresh = jnp.asarray(thresh).astype(dtype).real
    use_norm = norm > thresh
    norm_cast = lax.convert_element_type(norm, dtype, weak_type)
    def normalized(y: Any) -> Any:
        return jnp.where(use_norm, y / norm_cast, 0.0)

    normalized_x = tree.tree_map(normalized, x)
    norm = jnp.where(use_norm, norm, 0.0)
    return normalized_x, norm


def _project_on_columns(A: Any, v: Any) -> Any:
    def project(columns: Any, y: Any) -> Any:
        return einsum("...n,...->n", columns.conj(), y)

    v_proj = tree.tree_map(project, A, v)
    return functools.reduce(operator.add, tree.leaves(v_proj))


def _iterative_classical_gram_schmidt(Q: Any, x: Any, xnorm: Any, max_iterations: int = 2) -> tuple[Any, Any]:
    Q0 = tree.leaves(Q)[0]
    r = jnp.zeros(Q0.shape[-1], dtype=Q0.dtype)
    q = x
    xnorm_scaled = xnorm / jnp.sqrt(2.0)

    def body_function(carry: Any) -> Any:
        k, q, r, qnorm_scaled = carry
        h = _project_on_columns(Q, q)
        Qh = tree.tree_map(functools.partial(_dot_with, h), Q)
        q = _sub(q, Qh)
        r = _add(r, h)

        def qnorm_cond(carry: Any) -> Any:
            k, not_done, _, _ = carry
            return jnp.logical_and(not_done, k < (max_iterations - 1))

        def qnorm(carry: Any) -> Any:
            k, _, q, _ = carry
            _, qn = _safe_normalize(q)
            return (k, False, q, qn / jnp.sqrt(2.0))

        _, _, q, qnorm_scaled = while_loop(qnorm_cond, qnorm, (k, True, q, qnorm_scaled))
        return (k + 1, q, r, qnorm_scaled)

    def cond_function(carry: Any) -> Any:
        k, _, r, qnorm_scaled = carry
        _, rnorm = _safe_normalize(r)
        return jnp.logical_and(k < (max_iterations - 1), rnorm < qnorm_scaled)

    k, q, r, qnorm_scaled = body_function((0, q, r, xnorm_scaled))
    k, q, r, _ = while_loop(cond_function, body_function, (k, q, r, qnorm_scaled))
    return q, r


def _kth_arnoldi_iteration(k: Any, A: Callable[[Any], Any], M: Callable[[Any], Any], basis: Any, hmat: Any
                           ) -> tuple[Any, Any, Any]:
    dtype, _ = _lattice_result_type(*tree.leaves(basis))
    eps = finfo(dtype).eps
    v = tree.tree_map(functools.partial(_column, k), basis)
    v = M(A(v))
    _, v_norm_0 = _safe_normalize(v)
    v, h = _iterative_classical_gram_schmidt(basis, v, v_norm_0, max_iterations=2)
    tol = eps * v_norm_0
    unit_v, v_norm_1 = _safe_normalize(v, thresh=tol)
    basis = tree.tree_map(functools.partial(_set_column, k + 1), basis, unit_v)
    h = h.at[k + 1].set(v_norm_1.astype(dtype))
    hmat = hmat.at[k, :].set(h)
    breakdown = v_norm_1 == 0.0
    return basis, hmat, breakdown


def _rotate_vectors(hmat: Any, i: Any, cs: Any, sn: Any) -> Any:
    x1 = hmat[i]
    y1 = hmat[i + 1]
    x2 = cs.conj() * x1 - sn.conj() * y1
    y2 = sn * x1 + cs * y1
    hmat = hmat.at[i].set(x2)
    return hmat.at[i + 1].set(y2)


def _givens_rotation(a: Any, b: Any) -> tuple[Any, Any]:
    b_zero = abs(b) == 0
    a_lt_b = abs(a) < abs(b)
    t = -jnp.where(a_lt_b, a, b) / jnp.where(a_lt_b, b, a)
    r = rsqrt(1 + abs(t) ** 2).astype(t.dtype)
    cs = jnp.where(b_zero, 1, jnp.where(a_lt_b, r * t, r))
    sn = jnp.where(b_zero, 0, jnp.where(a_lt_b, r, r * t))
    return cs, sn


def _apply_givens_rotations(H_row: Any, givens: Any, k: Any) -> tuple[Any, Any]:
    def apply_ith_rotation(i: Any, H_row: Any) -> Any:
        return _rotate_vectors(H_row, i, *givens[i, :])

    R_row = fori_loop(0, k, apply_ith_rotation, H_row)
    givens_factors = _givens_rotation(R_row[k], R_row[k + 1])
    givens = givens.at[k, :].set(jnp.stack(givens_factors))
    R_row = _rotate_vectors(R_row, k, *givens_factors)
    return R_row, givens


def _pad_basis(x: Any, *, restart: int) -> Any:
    return jnp.pad(x[..., None], ((0, 0),) * x.ndim + ((0, restart),))


def _dot_with(h: Any, columns: Any) -> Any:
    return _dot(columns, h)


def _column(k: Any, x: Any) -> Any:
    return x[..., k]


def _set_column(k: Any, columns: Any, y: Any) -> Any:
    return columns.at[..., k].set(y)


def _combine(y: Any, columns: Any) -> Any:
    return _dot(columns[..., :-1], y)


def _gmres_incremental(A: Callable[[Any], Any], b: Any, x0: Any, unit_residual: Any, residual_norm: Any, ptol: Any,
                       restart: int, M: Callable[[Any], Any]) -> tuple[Any, Any, Any]:
    basis = tree.tree_map(functools.partial(_pad_basis, restart=restart), unit_residual)
    dtype = result_type(*tree.leaves(b))
    rmat = jnp.eye(restart, restart + 1, dtype=dtype)
    givens = jnp.zeros((restart, 2), dtype=dtype)
    beta_vec = jnp.zeros((restart + 1), dtype=dtype)
    beta_vec = beta_vec.at[0].set(residual_norm.astype(dtype))

    def loop_cond(carry: Any) -> Any:
        k, err, _, _, _, _ = carry
        return jnp.logical_and(k < restart, err > ptol)

    def arnoldi_qr_step(carry: Any) -> Any:
        k, _, basis, rmat, beta_vec, givens = carry
        basis, hmat, _ = _kth_arnoldi_iteration(k, A, M, basis, rmat)
        R_row, givens = _apply_givens_rotations(hmat[k, :], givens, k)
        rmat = rmat.at[k, :].set(R_row)
        beta_vec = _rotate_vectors(beta_vec, k, *givens[k, :])
        err = abs(beta_vec[k + 1])
        return k + 1, err, basis, rmat, beta_vec, givens

    carry = while_loop(loop_cond, arnoldi_qr_step, (0, residual_norm, basis, rmat, beta_vec, givens))
    _, residual_norm, basis, rmat, beta_vec, _ = carry
    y = jsp_linalg.solve_triangular(rmat[:, :-1].T, beta_vec[:-1])
    dx = tree.tree_map(functools.partial(_combine, y), basis)
    x = _add(x0, dx)
    residual = M(_sub(b, A(x)))
    unit_residual, residual_norm = _safe_normalize(residual)
    return x, unit_residual, residual_norm


def _lstsq(a: Any, b: Any) -> Any:
    a2 = _dot(a.T.conj(), a)
    b2 = _dot(a.T.conj(), b)
    return jsp_linalg.solve(a2, b2, assume_a="pos")


def _gmres_batched(A: Callable[[Any], Any], b: Any, x0: Any, unit_residual: Any, residual_norm: Any, ptol: Any,
                   restart: int, M: Callable[[Any], Any]) -> tuple[Any, Any, Any]:
    basis = tree.tree_map(functools.partial(_pad_basis, restart=restart), unit_residual)
    dtype, weak_type = _lattice_result_type(*tree.leaves(b))
    hmat = lax.convert_element_type(jnp.eye(restart, restart + 1, dtype=dtype), dtype, weak_type)

    def loop_cond(carry: Any) -> Any:
        _, _, breakdown, k = carry
        return jnp.logical_and(k < restart, jnp.logical_not(breakdown))

    def arnoldi_process(carry: Any) -> Any:
        basis, hmat, _, k = carry
        basis, hmat, breakdown = _kth_arnoldi_iteration(k, A, M, basis, hmat)
        return basis, hmat, breakdown, k + 1

    basis, hmat, _, _ = while_loop(loop_cond, arnoldi_process, (basis, hmat, False, 0))
    beta_vec = jnp.zeros_like(hmat, shape=(restart + 1,)).at[0].set(residual_norm.astype(dtype))
    y = _lstsq(hmat.T, beta_vec)
    dx = tree.tree_map(functools.partial(_combine, y), basis)
    x = _add(x0, dx)
    residual = M(_sub(b, A(x)))
    unit_residual, residual_norm = _safe_normalize(residual)
    return x, unit_residual, residual_norm


def _gmres_solve(A: Callable[[Any], Any], b: Any, x0: Any, atol: Any, ptol: Any, restart: int, maxiter: int,
                 M: Callable[[Any], Any], gmres_func: Callable[..., tuple[Any, Any, Any]]) -> Any:
    residual = M(_sub(b, A(x0)))
    unit_residual, residual_norm = _safe_normalize(residual)

    def cond_fun(value: Any) -> Any:
        _, k, _, residual_norm = value
        return jnp.logical_and(k < maxiter, residual_norm > atol)

    def body_fun(value: Any) -> Any:
        x, k, unit_residual, residual_norm = value
        x, unit_residual, residual_norm = gmres_func(A, b, x, unit_residual, residual_norm, ptol, restart, M)
        return x, k + 1, unit_residual, residual_norm

    x_final, _, _, _ = while_loop(cond_fun, body_fun, (x0, 0, unit_residual, residual_norm))
    return x_final


def gmres(A: Any, b: Any, x0: Any = None, *, tol: float = 1e-5, atol: float = 0.0, restart: int = 20,
          maxiter: int | None = None, M: Any = None, solve_method: str = "batched") -> tuple[Any, AnyArray]:
    """Solve ``A x = b`` for a general ``A`` by restarted GMRES: ``(x, info)``, ``info`` -1 where ``x`` holds a NaN,
    else 0.

    Args:
        A: the operator: a square matrix, or a linear function of ``b``'s pytree.
        b: the right-hand side, a pytree of arrays.
        x0: the initial guess (zeros by default), of ``b``'s structure.
        tol: the relative tolerance: stop once ``norm(residual) <= max(tol * norm(b), atol)``.
        atol: the absolute tolerance.
        restart: the Krylov subspace's size between restarts (at most ``b``'s size).
        maxiter: the most restarts (default ``10 * size of b``).
        M: a preconditioner (a matrix or a linear function), approximating the inverse of ``A``.
        solve_method: ``'batched'`` (the Arnoldi process run whole, then a least-squares solve) or
            ``'incremental'`` (Givens rotations as it goes, stopping at the tolerance).

    Example: ``gmres(jnp.array([[2.0, 1.0], [0.0, 3.0]]), jnp.array([3.0, 3.0]))[0]`` is about ``[1.0, 1.0]``.
    """
    if x0 is None:
        x0 = tree.tree_map(jnp.zeros_like, b)
    M_fn = _identity if M is None else M
    A_fn = _normalize_matvec(A)
    M_fn = _normalize_matvec(M_fn)
    b, x0 = _device_put((b, x0))
    size = sum(bi.size for bi in tree.leaves(b))
    if maxiter is None:
        maxiter = 10 * size
    restart = min(restart, size)
    if tree.structure(x0) != tree.structure(b):
        raise ValueError(f"x0 and b must have matching tree structure: {tree.structure(x0)} vs {tree.structure(b)}")
    b_norm = _norm(b)
    atol_arr = jnp.maximum(tol * b_norm, atol)
    Mb_norm = _norm(M_fn(b))
    ptol = Mb_norm * jnp.minimum(1.0, atol_arr / b_norm)
    if solve_method == "incremental":
        gmres_func = _gmres_incremental
    elif solve_method == "batched":
        gmres_func = _gmres_batched
    else:
        raise ValueError(f"invalid solve_method {solve_method}, must be either 'incremental' or 'batched'")

    def _solve(A: Callable[[Any], Any], b: Any) -> Any:
        return _gmres_solve(A, b, x0, atol_arr, ptol, restart, maxiter, M_fn, gmres_func)

    x = custom_linear_solve(A_fn, b, solve=_solve, transpose_solve=_solve)
    failed = jnp.isnan(_norm(x))
    info: AnyArray = jnp.where(failed, -1, 0)
    return x, info
