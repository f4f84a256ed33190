"""``jax.scipy.optimize``: ``minimize`` with JAX 0.10.2's BFGS (``jax/_src/scipy/optimize/bfgs.py``: the inverse
Hessian updated from gradient differences, a ``lax.while_loop`` of steps, each step's length from a line search
satisfying the strong Wolfe conditions, ``line_search.py``'s zoom with cubic, quadratic and bisection steps) and its
``OptimizeResults``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

import numpy as np

from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.dtypes.promotion import result_type
from arraytyping._src.dtypes.queries import finfo
from arraytyping._src.interpreters.autodiff.differentiation import value_and_grad
from arraytyping._src.lax.control_flow import while_loop
from arraytyping._src.numpy import linalg as jnp_linalg
from arraytyping._src.numpy._promotion import promote_args_inexact
from arraytyping._src.numpy.einsum import einsum

__all__ = ["OptimizeResults", "minimize"]


class OptimizeResults(NamedTuple):
    """The result of :func:`minimize`: the solution ``x``, whether it converged (``success``), the ``status`` (0:
    converged; 1: the iteration limit; 2 plus the line search's status: the line search failed; -1: undefined), the
    function's value ``fun``, its gradient ``jac``, the inverse Hessian estimate ``hess_inv``, and the numbers of
    function (``nfev``) and gradient (``njev``) evaluations and of iterations (``nit``)."""

    x: AnyArray
    success: bool | AnyArray
    status: int | AnyArray
    fun: AnyArray
    jac: AnyArray
    hess_inv: AnyArray | None
    nfev: int | AnyArray
    njev: int | AnyArray
    nit: int | AnyArray


def _dot(a: Any, b: Any) -> Any:
    return jnp.dot(a, b)


def _value_and_grad(f: Callable[[Any], Any]) -> Callable[[Any], tuple[Any, Any]]:
    """``value_and_grad(f)``, typed for a function of one argument."""
    out: Callable[[Any], tuple[Any, Any]] = value_and_grad(f)
    return out


# The line search (JAX's line_search.py)


def _cubicmin(a: Any, fa: Any, fpa: Any, b: Any, fb: Any, c: Any, fc: Any) -> Any:
    dtype = result_type(a, fa, fpa, b, fb, c, fc)
    C = fpa
    db = b - a
    dc = c - a
    denom = (db * dc) ** 2 * (db - dc)
    d1 = jnp.stack([jnp.stack([dc ** 2, -db ** 2]), jnp.stack([-dc ** 3, db ** 3])]).astype(dtype)
    d2 = jnp.stack([fb - fa - C * db, fc - fa - C * dc]).astype(dtype)
    A, B = _dot(d1, d2) / denom
    radical = B * B - 3.0 * A * C
    return a + (-B + jnp.sqrt(radical)) / (3.0 * A)


def _quadmin(a: Any, fa: Any, fpa: Any, b: Any, fb: Any) -> Any:
    D = fa
    C = fpa
    db = b - a
    B = (fb - D - C * db) / (db ** 2)
    return a - C / (2.0 * B)


def _binary_replace(replace_bit: Any, original: Mapping[str, Any], new: Mapping[str, Any],
                    keys: Any = None) -> dict[str, Any]:
    if keys is None:
        keys = new.keys()
    return {key: jnp.where(replace_bit, new[key], original[key]) for key in keys}


class _ZoomState(NamedTuple):
    done: Any
    failed: Any
    j: Any
    a_lo: Any
    phi_lo: Any
    dphi_lo: Any
    a_hi: Any
    phi_hi: Any
    dphi_hi: Any
    a_rec: Any
    phi_rec: Any
    a_star: Any
    phi_star: Any
    dphi_star: Any
    g_star: Any
    nfev: Any
    ngev: Any


def _zoom(restricted_func_and_grad: Callable[[Any], Any], wolfe_one: Callable[..., Any],
          wolfe_two: Callable[..., Any], a_lo: Any, phi_lo: Any, dphi_lo: Any, a_hi: Any, phi_hi: Any, dphi_hi: Any,
          g_0: Any, pass_through: Any) -> _ZoomState:
    state = _ZoomState(done=False, failed=False, j=0, a_lo=a_lo, phi_lo=phi_lo, dphi_lo=dphi_lo, a_hi=a_hi,
                       phi_hi=phi_hi, dphi_hi=dphi_hi, a_rec=(a_lo + a_hi) / 2.0, phi_rec=(phi_lo + phi_hi) / 2.0,
                       a_star=1.0, phi_star=phi_lo, dphi_star=dphi_lo, g_star=g_0, nfev=0, ngev=0)
    delta1 = 0.2
    delta2 = 0.1

    def body(state: _ZoomState) -> _ZoomState:
        dalpha = state.a_hi - state.a_lo
        a = jnp.minimum(state.a_hi, state.a_lo)
        b = jnp.maximum(state.a_hi, state.a_lo)
        cchk = delta1 * dalpha
        qchk = delta2 * dalpha
        threshold = jnp.where(finfo(dalpha.dtype).bits < 64, 1e-5, 1e-10)
        state = state._replace(failed=state.failed | (dalpha <= threshold))
        a_j_cubic = _cubicmin(state.a_lo, state.phi_lo, state.dphi_lo, state.a_hi, state.phi_hi, state.a_rec,
                              state.phi_rec)
        use_cubic = (state.j > 0) & (a_j_cubic > a + cchk) & (a_j_cubic < b - cchk)
        a_j_quad = _quadmin(state.a_lo, state.phi_lo, state.dphi_lo, state.a_hi, state.phi_hi)
        use_quad = (~use_cubic) & (a_j_quad > a + qchk) & (a_j_quad < b - qchk)
        a_j_bisection = (state.a_lo + state.a_hi) / 2.0
        use_bisection = (~use_cubic) & (~use_quad)
        a_j = jnp.where(use_cubic, a_j_cubic, state.a_rec)
        a_j = jnp.where(use_quad, a_j_quad, a_j)
        a_j = jnp.where(use_bisection, a_j_bisection, a_j)
        phi_j, dphi_j, g_j = restricted_func_and_grad(a_j)
        phi_j = phi_j.astype(state.phi_lo.dtype)
        dphi_j = dphi_j.astype(state.dphi_lo.dtype)
        g_j = g_j.astype(state.g_star.dtype)
        state = state._replace(nfev=state.nfev + 1, ngev=state.ngev + 1)
        hi_to_j = wolfe_one(a_j, phi_j) | (phi_j >= state.phi_lo)
        star_to_j = wolfe_two(dphi_j) & (~hi_to_j)
        hi_to_lo = (dphi_j * (state.a_hi - state.a_lo) >= 0.0) & (~hi_to_j) & (~star_to_j)
        lo_to_j = (~hi_to_j) & (~star_to_j)
        state = state._replace(**_binary_replace(hi_to_j, state._asdict(), dict(
            a_hi=a_j, phi_hi=phi_j, dphi_hi=dphi_j, a_rec=state.a_hi, phi_rec=state.phi_hi)))
        state = state._replace(done=star_to_j | state.done, **_binary_replace(star_to_j, state._asdict(), dict(
            a_star=a_j, phi_star=phi_j, dphi_star=dphi_j, g_star=g_j)))
        state = state._replace(**_binary_replace(hi_to_lo, state._asdict(), dict(
            a_hi=state.a_lo, phi_hi=state.phi_lo, dphi_hi=state.dphi_lo, a_rec=state.a_hi, phi_rec=state.phi_hi)))
        state = state._replace(**_binary_replace(lo_to_j & ~hi_to_lo, state._asdict(), dict(
            a_rec=state.a_lo, phi_rec=state.phi_lo)))
        state = state._replace(**_binary_replace(lo_to_j, state._asdict(), dict(
            a_lo=a_j, phi_lo=phi_j, dphi_lo=dphi_j)))
        state = state._replace(j=state.j + 1)
        return state._replace(failed=state.failed | (state.j >= 30))

    out: _ZoomState = while_loop(lambda s: (~s.done) & (~pass_through) & (~s.failed), body, state)
    return out


class _LineSearchState(NamedTuple):
    done: Any
    failed: Any
    i: Any
    a_i1: Any
    phi_i1: Any
    dphi_i1: Any
    nfev: Any
    ngev: Any
    a_star: Any
    phi_star: Any
    dphi_star: Any
    g_star: Any


class _LineSearchResults(NamedTuple):
    failed: Any
    nit: Any
    nfev: Any
    ngev: Any
    k: Any
    a_k: Any
    f_k: Any
    g_k: Any
    status: Any


def _line_search(f: Callable[[Any], Any], xk: Any, pk: Any, old_fval: Any = None, old_old_fval: Any = None,
                 gfk: Any = None, c1: float = 1e-4, c2: float = 0.9, maxiter: int = 20) -> _LineSearchResults:
    xk, pk = promote_args_inexact(jnp.asarray(xk), jnp.asarray(pk))

    def restricted_func_and_grad(t: Any) -> tuple[Any, Any, Any]:
        t = jnp.asarray(t, dtype=pk.dtype)
        phi, g = _value_and_grad(f)(xk + t * pk)
        dphi = jnp.real(_dot(g, pk))
        return phi, dphi, g

    if old_fval is None or gfk is None:
        phi_0, dphi_0, gfk = restricted_func_and_grad(0)
    else:
        phi_0 = old_fval
        dphi_0 = jnp.real(_dot(gfk, pk))
    if old_old_fval is not None:
        candidate_start_value = 1.01 * 2 * (phi_0 - old_old_fval) / dphi_0
        start_value: Any = jnp.where(candidate_start_value > 1, 1.0, candidate_start_value)
    else:
        start_value = 1

    def wolfe_one(a_i: Any, phi_i: Any) -> Any:
        return phi_i > phi_0 + c1 * a_i * dphi_0

    def wolfe_two(dphi_i: Any) -> Any:
        return jnp.abs(dphi_i) <= -c2 * dphi_0

    fresh = old_fval is None or gfk is None
    state = _LineSearchState(done=jnp.asarray(False, dtype=bool), failed=jnp.asarray(False, dtype=bool), i=1,
                             a_i1=0.0, phi_i1=phi_0, dphi_i1=dphi_0, nfev=1 if fresh else 0, ngev=1 if fresh else 0,
                             a_star=0.0, phi_star=phi_0, dphi_star=dphi_0, g_star=gfk)

    def body(state: _LineSearchState) -> _LineSearchState:
        a_i = jnp.where(state.i == 1, start_value, state.a_i1 * 2.0)
        phi_i, dphi_i, g_i = restricted_func_and_grad(a_i)
        state = state._replace(nfev=state.nfev + 1, ngev=state.ngev + 1)
        star_to_zoom1 = wolfe_one(a_i, phi_i) | ((phi_i >= state.phi_i1) & (state.i > 1))
        star_to_i = wolfe_two(dphi_i) & (~star_to_zoom1)
        star_to_zoom2 = (dphi_i >= 0.0) & (~star_to_zoom1) & (~star_to_i)
        zoom1 = _zoom(restricted_func_and_grad, wolfe_one, wolfe_two, state.a_i1, state.phi_i1, state.dphi_i1,
                      a_i, phi_i, dphi_i, gfk, ~star_to_zoom1)
        state = state._replace(nfev=state.nfev + zoom1.nfev, ngev=state.ngev + zoom1.ngev)
        zoom2 = _zoom(restricted_func_and_grad, wolfe_one, wolfe_two, a_i, phi_i, dphi_i, state.a_i1,
                      state.phi_i1, state.dphi_i1, gfk, ~star_to_zoom2)
        state = state._replace(nfev=state.nfev + zoom2.nfev, ngev=state.ngev + zoom2.ngev)
        keys = ["a_star", "phi_star", "dphi_star", "g_star"]
        state = state._replace(done=star_to_zoom1 | state.done, failed=(star_to_zoom1 & zoom1.failed) | state.failed,
                               **_binary_replace(star_to_zoom1, state._asdict(), zoom1._asdict(), keys=keys))
        state = state._replace(done=star_to_i | state.done, **_binary_replace(star_to_i, state._asdict(), dict(
            a_star=a_i, phi_star=phi_i, dphi_star=dphi_i, g_star=g_i)))
        state = state._replace(done=star_to_zoom2 | state.done, failed=(star_to_zoom2 & zoom2.failed) | state.failed,
                               **_binary_replace(star_to_zoom2, state._asdict(), zoom2._asdict(), keys=keys))
        return state._replace(i=state.i + 1, a_i1=a_i, phi_i1=phi_i, dphi_i1=dphi_i)

    state = while_loop(lambda s: (~s.done) & (s.i <= maxiter) & (~s.failed), body, state)
    status = jnp.where(state.failed, jnp.asarray(1), jnp.where(state.i > maxiter, jnp.asarray(3), jnp.asarray(0)))
    alpha_k = jnp.asarray(state.a_star)
    alpha_k = jnp.where((finfo(alpha_k.dtype).bits != 64) & (jnp.abs(alpha_k) < 1e-8), jnp.sign(alpha_k) * 1e-8,
                        alpha_k)
    return _LineSearchResults(failed=state.failed | (~state.done), nit=state.i - 1, nfev=state.nfev,
                              ngev=state.ngev, k=state.i, a_k=alpha_k, f_k=state.phi_star, g_k=state.g_star,
                              status=status)


# BFGS (JAX's bfgs.py)


class _BFGSResults(NamedTuple):
    converged: Any
    failed: Any
    k: Any
    nfev: Any
    ngev: Any
    nhev: Any
    x_k: Any
    f_k: Any
    g_k: Any
    H_k: Any
    old_old_fval: Any
    status: Any
    line_search_status: Any


def _minimize_bfgs(fun: Callable[[Any], Any], x0: Any, maxiter: int | None = None, norm: Any = np.inf,
                   gtol: float = 1e-5, line_search_maxiter: int = 10) -> _BFGSResults:
    if maxiter is None:
        maxiter = int(np.size(x0)) * 200
    d = x0.shape[0]
    initial_H = jnp.eye(d, dtype=x0.dtype)
    f_0, g_0 = _value_and_grad(fun)(x0)
    state = _BFGSResults(converged=jnp_linalg.norm(g_0, ord=norm) < gtol, failed=False, k=0, nfev=1, ngev=1,
                         nhev=0, x_k=x0, f_k=f_0, g_k=g_0, H_k=initial_H,
                         old_old_fval=f_0 + jnp_linalg.norm(g_0) / 2, status=0, line_search_status=0)

    def cond_fun(state: _BFGSResults) -> Any:
        return jnp.logical_not(state.converged) & jnp.logical_not(state.failed) & (state.k < maxiter)

    def body_fun(state: _BFGSResults) -> _BFGSResults:
        p_k = -_dot(state.H_k, state.g_k)
        ls = _line_search(fun, state.x_k, p_k, old_fval=state.f_k, old_old_fval=state.old_old_fval, gfk=state.g_k,
                          maxiter=line_search_maxiter)
        state = state._replace(nfev=state.nfev + ls.nfev, ngev=state.ngev + ls.ngev, failed=ls.failed,
                               line_search_status=ls.status)
        s_k = ls.a_k * p_k
        x_kp1 = state.x_k + s_k
        f_kp1 = ls.f_k
        g_kp1 = ls.g_k
        y_k = g_kp1 - state.g_k
        rho_k = jnp.reciprocal(_dot(y_k, s_k))
        sy_k = s_k[:, np.newaxis] * y_k[np.newaxis, :]
        w = jnp.eye(d, dtype=rho_k.dtype) - rho_k * sy_k
        H_kp1 = einsum("ij,jk,lk", w, state.H_k, w) + rho_k * s_k[:, np.newaxis] * s_k[np.newaxis, :]
        H_kp1 = jnp.where(jnp.isfinite(rho_k), H_kp1, state.H_k)
        converged = jnp_linalg.norm(g_kp1, ord=norm) < gtol
        return state._replace(converged=converged, k=state.k + 1, x_k=x_kp1, f_k=f_kp1, g_k=g_kp1, H_k=H_kp1,
                              old_old_fval=state.f_k)

    state = while_loop(cond_fun, body_fun, state)
    status = jnp.where(state.converged, 0, jnp.where(state.k == maxiter, 1, jnp.where(
        state.failed, 2 + state.line_search_status, -1)))
    return state._replace(status=status)


def minimize(fun: Callable[..., Any], x0: ArrayLike, args: tuple[Any, ...] = (), *, method: str,
             tol: float | None = None, options: dict[str, Any] | None = None) -> OptimizeResults:
    """The minimum of ``fun(x, *args)`` near ``x0`` (a one-dimensional array), by BFGS (``method='bfgs'``, the one
    method): an :class:`OptimizeResults`. ``fun`` must be differentiable in ``x`` and return a scalar.

    Args:
        fun: the objective.
        x0: the starting point, one-dimensional.
        args: further positional arguments of ``fun`` (a tuple).
        method: ``'BFGS'`` (any case).
        tol: accepted and unused, as JAX's (use ``options={'gtol': ...}``).
        options: ``maxiter`` (default ``200 * size``), ``norm`` (of the gradient, default ``inf``), ``gtol`` (the
            gradient norm at which it has converged, default ``1e-5``) and ``line_search_maxiter`` (default 10).

    Example: ``minimize(lambda x: jnp.sum((x - 2.0) ** 2), jnp.zeros(3), method='BFGS').x`` is about
    ``[2.0, 2.0, 2.0]``.
    """
    if options is None:
        options = {}
    if not isinstance(args, tuple):  # pyright: ignore[reportUnnecessaryIsInstance]  (JAX's check of any value)
        raise TypeError(f"args argument to jax.scipy.optimize.minimize must be a tuple, got {args}")

    def fun_with_args(x: Any) -> Any:
        return fun(x, *args)

    if method.lower() == "bfgs":
        results = _minimize_bfgs(fun_with_args, x0, **options)
        success = results.converged & jnp.logical_not(results.failed)
        return OptimizeResults(x=results.x_k, success=success, status=results.status, fun=results.f_k,
                               jac=results.g_k, hess_inv=results.H_k, nfev=results.nfev, njev=results.ngev,
                               nit=results.k)
    if method.lower() == "l-bfgs-experimental-do-not-rely-on-this":
        raise NotImplementedError("minimize: JAX's experimental L-BFGS method is not supported; use method='BFGS'")
    raise ValueError(f"Method {method} not recognized")
