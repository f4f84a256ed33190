"""``jax.scipy.linalg`` as JAX 0.10.2 computes it (``jax/_src/scipy/linalg.py``): the operands made inexact
(``promote_dtypes_inexact``), then JAX's formula over ``jax.lax.linalg`` (:mod:`arraytyping._src.lax.api.linalg`)
and ``jax.numpy.linalg``: ``cholesky``, ``cho_factor``, ``cho_solve``, ``det``, ``eigh``, ``inv``, ``lu``,
``lu_factor``, ``lu_solve``, ``qr``, ``qr_multiply``, ``schur``, ``hessenberg``, ``solve``, ``solve_triangular``,
``svd``, ``sqrtm``, ``polar`` (QDWH or SVD), ``rsf2csf``, ``solve_sylvester`` (Bartels-Stewart or eigenvectors),
``funm`` (Parlett's recurrence), ``eigh_tridiagonal`` (bisection and inverse iteration), and the constructions
``block_diag``, ``circulant``, ``fiedler`` and ``hilbert``. SciPy's ``overwrite_*``, ``check_finite`` and similar arguments are accepted and
ignored, as JAX's."""

from __future__ import annotations

import functools
import math
import operator
import warnings
from collections.abc import Callable
from typing import Any, Literal, overload

import numpy as np

from arraytyping import lattice, op_rules
from arraytyping._src import numpy as jnp

from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.core.arraylike import check_arraylike
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import config
from arraytyping._src.interpreters.autodiff.ad import materialize
from arraytyping._src.interpreters.batching.vmap import vmap
from arraytyping._src.lax import lax
from arraytyping._src.lax.api import linalg as lax_linalg
from arraytyping._src.lax.api.linear_solve import custom_linear_solve
from arraytyping._src.lax.linalg import geqrf_p
from arraytyping._src.numpy import linalg as jnp_linalg
from arraytyping._src.interpreters.autodiff.differentiation import jvp
from arraytyping._src.lax.api.functions import conv_general_dilated, dynamic_slice, dynamic_update_slice
from arraytyping._src.lax.api.elementwise import rsqrt as lax_rsqrt
from arraytyping._src.lax.api.slicing import dynamic_slice_in_dim, dynamic_update_slice_in_dim
from arraytyping._src.lax.control_flow.conditionals import cond, switch
from arraytyping._src.lax.control_flow.loops import fori_loop, scan, while_loop
from arraytyping._src.numpy._promotion import (arraylike, as_dtype, canonical_dtype, common_dtype, jitted, promote_args,
                                               promote_args_inexact, shape_of, to_inexact_dtype)
from arraytyping._src.numpy.conversion import asarray
from arraytyping._src.numpy.indexing import take_along_axis
from arraytyping._src.numpy.unary import conj
from arraytyping._src.numpy.vectorize import vectorize
from arraytyping._src import random
from arraytyping._src.scipy.special import gammaln
from arraytyping.typing import DTypeLike

__all__ = ["block_diag", "cho_factor", "cho_solve", "cholesky", "circulant", "companion", "convolution_matrix",
           "det", "dft", "eigh", "eigh_tridiagonal", "expm", "expm_frechet", "fiedler", "fiedler_companion", "funm",
           "hadamard", "hankel", "helmert", "hessenberg", "hilbert", "inv", "invhilbert", "invpascal", "leslie",
           "lu", "lu_factor", "lu_solve", "pascal", "polar", "qr", "qr_multiply", "rsf2csf", "schur", "solve",
           "solve_sylvester", "solve_triangular", "sqrtm", "svd", "toeplitz"]


def _inexact(*args: Any) -> list[Any]:
    """JAX's ``promote_dtypes_inexact`` of ``jnp.asarray`` of the operands (no rank promotion)."""
    converted = [asarray(a) for a in args]
    dtype, weak = common_dtype(*converted)
    return [as_dtype(a, to_inexact_dtype(dtype), weak) for a in converted]


def _mT(x: Any) -> Any:
    n = len(shape_of(x))
    return lax.transpose(x, (*range(n - 2), n - 1, n - 2))


# ---------------------------------------------------------------------------------------------------------------
# Cholesky


def _cholesky_body(a: Any, *, lower: bool) -> Any:
    (a,) = _inexact(a)
    ll = lax_linalg.cholesky(a if lower else conj(_mT(a)), symmetrize_input=False)
    return ll if lower else conj(_mT(ll))


_cholesky = jitted(_cholesky_body, "cholesky")


def cholesky(a: ArrayLike, lower: bool = False, overwrite_a: bool = False, check_finite: bool = True) -> AnyArray:
    """The Cholesky factor of a (batched) Hermitian positive-definite matrix: upper ``U`` (``a = U^H U``) or, with
    ``lower``, lower ``L`` (``a = L L^H``); only that triangle of ``a`` is read.

    Args:
        a: matrices of shape ``(..., N, N)``.
        lower: the lower factor (default: the upper).
        overwrite_a: unused, as in JAX.
        check_finite: unused, as in JAX.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import linalg
        >>> linalg.cholesky(jnp.array([[4.0, 2.0], [2.0, 5.0]]), lower=True)
        Array([[2., 0.],
               [1., 2.]], dtype=float32)
    """
    out: AnyArray = _cholesky(a, lower=lower)
    return out


def cho_factor(a: ArrayLike, lower: bool = False, overwrite_a: bool = False, check_finite: bool = True
               ) -> tuple[AnyArray, bool]:
    """The factorization :func:`cho_solve` takes: ``(cholesky(a, lower=lower), lower)``.

    Args:
        a: Hermitian positive-definite matrices of shape ``(..., N, N)``.
        lower: the lower factor (default: the upper).
        overwrite_a: unused, as in JAX.
        check_finite: unused, as in JAX.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import linalg
        >>> c, lower = linalg.cho_factor(jnp.array([[4.0, 2.0], [2.0, 5.0]]))
        >>> lower
        False
    """
    return (cholesky(a, lower=lower), lower)


def _signature(fn: str, a: Any, b: Any) -> str:
    sa, sb = shape_of(a), shape_of(b)
    if len(sb) == 1:
        return "(n,n),(n)->(n)"
    if len(sa) == len(sb) + 1 and sa[-1] == sb[-1]:
        warnings.warn(f"jax.scipy.linalg.{fn}: batched 1D solves with b.ndim > 1 are deprecated, and in the future "
                      f"will be treated as a batched 2D solve. Use {fn}(a, b[..., None]).squeeze(-1) to avoid this "
                      f"warning.", category=FutureWarning, stacklevel=4)
        return "(n,n),(n)->(n)"
    return "(n,n),(n,k)->(n,k)"


def _cho_solve_body(c: Any, b: Any, *, lower: bool) -> Any:
    c, b = _inexact(c, b)
    signature = _signature("cho_solve", c, b)
    b = vectorize(functools.partial(lax_linalg.triangular_solve, left_side=True, lower=lower,
                                    transpose_a=not lower, conjugate_a=not lower), signature=signature)(c, b)
    return vectorize(functools.partial(lax_linalg.triangular_solve, left_side=True, lower=lower,
                                       transpose_a=lower, conjugate_a=lower), signature=signature)(c, b)


_cho_solve = jitted(_cho_solve_body, "cho_solve")


def cho_solve(c_and_lower: tuple[ArrayLike, bool], b: ArrayLike, overwrite_b: bool = False,
              check_finite: bool = True) -> AnyArray:
    """The solution of ``a @ x == b`` from :func:`cho_factor`'s ``(c, lower)`` of ``a``.

    Args:
        c_and_lower: ``(c, lower)``: the Cholesky factor ``(..., N, N)`` and whether it is the lower one.
        b: right-hand side ``(N,)`` or ``(..., N, M)``.
        overwrite_b: unused, as in JAX.
        check_finite: unused, as in JAX.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import linalg
        >>> linalg.cho_solve(linalg.cho_factor(jnp.array([[2.0, 1.0], [1.0, 2.0]])), jnp.array([3.0, 3.0]))
        Array([0.9999999, 1.       ], dtype=float32)
    """
    c, lower = c_and_lower
    out: AnyArray = _cho_solve(c, b, lower=lower)
    return out


# ---------------------------------------------------------------------------------------------------------------
# SVD, det, inv, eigh


def _svd_body(a: Any, *, full_matrices: bool, compute_uv: bool) -> Any:
    (a,) = _inexact(a)
    return lax_linalg.svd(a, full_matrices=full_matrices, compute_uv=compute_uv)


_svd = jitted(_svd_body, "svd")


@overload
def svd(a: ArrayLike, full_matrices: bool = True, compute_uv: Literal[True] = True, overwrite_a: bool = False,
        check_finite: bool = True, lapack_driver: str = "gesdd") -> tuple[AnyArray, AnyArray, AnyArray]: ...
@overload
def svd(a: ArrayLike, full_matrices: bool, compute_uv: Literal[False], overwrite_a: bool = False,
        check_finite: bool = True, lapack_driver: str = "gesdd") -> AnyArray: ...
@overload
def svd(a: ArrayLike, full_matrices: bool = True, *, compute_uv: Literal[False], overwrite_a: bool = False,
        check_finite: bool = True, lapack_driver: str = "gesdd") -> AnyArray: ...
@overload
def svd(a: ArrayLike, full_matrices: bool = True, compute_uv: bool = True, overwrite_a: bool = False,
        check_finite: bool = True, lapack_driver: str = "gesdd") -> AnyArray | tuple[AnyArray, AnyArray, AnyArray]: ...
def svd(a: ArrayLike, full_matrices: bool = True, compute_uv: bool = True, overwrite_a: bool = False,
        check_finite: bool = True, lapack_driver: str = "gesdd") -> AnyArray | tuple[AnyArray, AnyArray, AnyArray]:
    """Singular value decomposition ``a = U @ diag(s) @ Vh``.

    Args:
        a: matrices of shape ``(..., M, N)``.
        full_matrices: square ``U`` and ``Vh``; otherwise ``K = min(M, N)`` columns (rows).
        compute_uv: give ``(U, s, Vh)``; otherwise ``s`` alone.
        overwrite_a: unused, as in JAX.
        check_finite: unused, as in JAX.
        lapack_driver: unused, as in JAX.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import linalg
        >>> linalg.svd(jnp.array([[3.0, 0.0], [0.0, 4.0]]), compute_uv=False)
        Array([4., 3.], dtype=float32)
    """
    out: AnyArray | tuple[AnyArray, AnyArray, AnyArray] = _svd(a, full_matrices=full_matrices,
                                                                 compute_uv=compute_uv)
    return out


def det(a: ArrayLike, overwrite_a: bool = False, check_finite: bool = True) -> AnyArray:
    """The determinant of (batched) square matrices, as ``jax.numpy.linalg.det``.

    Args:
        a: matrices of shape ``(..., N, N)``.
        overwrite_a: unused, as in JAX.
        check_finite: unused, as in JAX.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import linalg
        >>> linalg.det(jnp.array([[1.0, 2.0], [3.0, 4.0]]))
        Array(-2., dtype=float32)
    """
    return jnp_linalg.det(a)


def inv(a: ArrayLike, overwrite_a: bool = False, check_finite: bool = True) -> AnyArray:
    """The inverse of (batched) square matrices, as ``jax.numpy.linalg.inv``.

    Args:
        a: matrices of shape ``(..., N, N)``.
        overwrite_a: unused, as in JAX.
        check_finite: unused, as in JAX.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import linalg
        >>> linalg.inv(jnp.array([[2.0, 0.0], [0.0, 4.0]]))
        Array([[0.5 , 0.  ],
               [0.  , 0.25]], dtype=float32)
    """
    return jnp_linalg.inv(a)


def _eigh_body(a: Any, b: Any, *, lower: bool, eigvals_only: bool, eigvals: None, type: int) -> Any:
    if b is not None:
        raise NotImplementedError("Only the b=None case of eigh is implemented")
    if type != 1:
        raise NotImplementedError("Only the type=1 case of eigh is implemented.")
    if eigvals is not None:
        raise NotImplementedError("Only the eigvals=None case of eigh is implemented.")
    (a,) = _inexact(a)
    v, w = lax_linalg.eigh(a, lower=lower)
    return w if eigvals_only else (w, v)


_eigh = jitted(_eigh_body, "eigh")


@overload
def eigh(a: ArrayLike, b: ArrayLike | None = None, lower: bool = True, eigvals_only: Literal[False] = False,
         overwrite_a: bool = False, overwrite_b: bool = False, turbo: bool = True, eigvals: None = None,
         type: int = 1, check_finite: bool = True) -> tuple[AnyArray, AnyArray]: ...
@overload
def eigh(a: ArrayLike, b: ArrayLike | None = None, lower: bool = True, *, eigvals_only: Literal[True],
         overwrite_a: bool = False, overwrite_b: bool = False, turbo: bool = True, eigvals: None = None,
         type: int = 1, check_finite: bool = True) -> AnyArray: ...
@overload
def eigh(a: ArrayLike, b: ArrayLike | None, lower: bool, eigvals_only: Literal[True], overwrite_a: bool = False,
         overwrite_b: bool = False, turbo: bool = True, eigvals: None = None, type: int = 1,
         check_finite: bool = True) -> AnyArray: ...
@overload
def eigh(a: ArrayLike, b: ArrayLike | None = None, lower: bool = True, eigvals_only: bool = False,
         overwrite_a: bool = False, overwrite_b: bool = False, turbo: bool = True, eigvals: None = None,
         type: int = 1, check_finite: bool = True) -> AnyArray | tuple[AnyArray, AnyArray]: ...
def eigh(a: ArrayLike, b: ArrayLike | None = None, lower: bool = True, eigvals_only: bool = False,
         overwrite_a: bool = False, overwrite_b: bool = False, turbo: bool = True, eigvals: None = None,
         type: int = 1, check_finite: bool = True) -> AnyArray | tuple[AnyArray, AnyArray]:
    """The eigenvalues (ascending) and eigenvectors (columns) of a Hermitian matrix; only the triangle ``lower``
    names is read. JAX implements the standard problem alone (``b=None``, ``type=1``, ``eigvals=None``).

    Args:
        a: Hermitian matrices of shape ``(..., N, N)``.
        b: must be None.
        lower: read the lower (else the upper) triangle.
        eigvals_only: give the eigenvalues alone.
        overwrite_a: unused, as in JAX.
        overwrite_b: unused, as in JAX.
        turbo: unused, as in JAX.
        eigvals: must be None.
        type: must be 1.
        check_finite: unused, as in JAX.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import linalg
        >>> linalg.eigh(jnp.array([[2.0, 0.0], [0.0, 1.0]]), eigvals_only=True)
        Array([1., 2.], dtype=float32)
    """
    out: AnyArray | tuple[AnyArray, AnyArray] = _eigh(a, b, lower=lower, eigvals_only=eigvals_only,
                                                      eigvals=eigvals, type=type)
    return out


# ---------------------------------------------------------------------------------------------------------------
# LU


def _lu_factor_body(a: Any) -> Any:
    (a,) = _inexact(a)
    lu_, pivots, _ = lax_linalg.lu(a)
    return (lu_, pivots)


_lu_factor = jitted(_lu_factor_body, "lu_factor")


def lu_factor(a: ArrayLike, overwrite_a: bool = False, check_finite: bool = True) -> tuple[AnyArray, AnyArray]:
    """The LU factorization :func:`lu_solve` takes: ``(lu, piv)``, ``L`` (unit diagonal implied) and ``U`` packed
    in one matrix and the int32 row swaps.

    Args:
        a: matrices of shape ``(..., M, N)``.
        overwrite_a: unused, as in JAX.
        check_finite: unused, as in JAX.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import linalg
        >>> lu, piv = linalg.lu_factor(jnp.array([[1.0, 2.0], [3.0, 4.0]]))
        >>> piv
        Array([1, 1], dtype=int32)
    """
    out: tuple[AnyArray, AnyArray] = _lu_factor(a)
    return out


def _lu_solve_core(lu_: Any, perm: Any, b: Any, trans: int) -> Any:
    """JAX's ``_lu_solve_core`` of one ``[m, m]`` factorization and ``b`` of ``[m, ...]``."""
    m, sb = shape_of(lu_)[0], shape_of(b)
    x = lax.reshape(b, (m, math.prod(sb[1:])))
    rows = shape_of(x)
    solve = functools.partial(lax_linalg.triangular_solve, lu_, left_side=True)
    if trans == 0:
        x = take_along_axis(x, lax.broadcast_in_dim(perm, rows, (0,)), axis=0)
        x = solve(x, lower=True, unit_diagonal=True)
        x = solve(x, lower=False)
    elif trans in (1, 2):
        conjugate = trans == 2
        x = solve(x, lower=False, transpose_a=True, conjugate_a=conjugate)
        x = solve(x, lower=True, transpose_a=True, conjugate_a=conjugate, unit_diagonal=True)
        _, inverse = lax.sort([perm, lax.iota(np.dtype("int32"), (m,), 0)], 0)
        x = take_along_axis(x, lax.broadcast_in_dim(inverse, rows, (0,)), axis=0)
    else:
        raise ValueError(f"'trans' value must be 0, 1, or 2, got {trans}")
    return lax.reshape(x, sb)


def _lu_solve_body(lu_: Any, pivots: Any, b: Any, *, trans: int) -> Any:
    lu_, b = _inexact(lu_, b)
    m = shape_of(lu_)[-2]
    perm = lax_linalg.lu_pivots_to_permutation(asarray(pivots), m)
    sb = shape_of(b)
    if len(sb) == 1:
        signature = "(n,n),(n),(n)->(n)"
    elif len(shape_of(lu_)) == len(sb) + 1 and shape_of(lu_)[-1] == sb[-1]:
        warnings.warn("jax.scipy.linalg.lu_solve: batched 1D solves with b.ndim > 1 are deprecated, and in the "
                      "future will be treated as a batched 2D solve. Use lu_solve(lu_and_piv, b[..., None])"
                      ".squeeze(-1) to avoid this warning.", category=FutureWarning, stacklevel=4)
        signature = "(n,n),(n),(n)->(n)"
    else:
        signature = "(n,n),(n),(n,k)->(n,k)"
    return vectorize(functools.partial(_lu_solve_core, trans=trans), signature=signature)(lu_, perm, b)


_lu_solve = jitted(_lu_solve_body, "lu_solve")


def lu_solve(lu_and_piv: tuple[ArrayLike, ArrayLike], b: ArrayLike, trans: int = 0, overwrite_b: bool = False,
             check_finite: bool = True) -> AnyArray:
    """The solution of ``a @ x == b`` (``trans`` 1: ``a^T``; 2: ``a^H``) from :func:`lu_factor`'s ``(lu, piv)``.

    Args:
        lu_and_piv: ``(lu, piv)`` of a matrix ``(..., N, N)``.
        b: right-hand side ``(N,)`` or ``(..., N, M)``.
        trans: 0, 1 or 2.
        overwrite_b: unused, as in JAX.
        check_finite: unused, as in JAX.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import linalg
        >>> factors = linalg.lu_factor(jnp.array([[2.0, 0.0], [0.0, 4.0]]))
        >>> linalg.lu_solve(factors, jnp.array([2.0, 4.0]))
        Array([1., 1.], dtype=float32)
    """
    lu_, pivots = lu_and_piv
    out: AnyArray = _lu_solve(lu_, pivots, b, trans=trans)
    return out


def _lu_body(a: Any, *, permute_l: bool) -> Any:
    (a,) = _inexact(a)
    lu_, _, permutation = lax_linalg.lu(a)
    aval = lax.aval_of(a)
    dtype = aval.dtype
    m, n = shape_of(a)
    rows = lax.broadcast_in_dim(permutation, (m, m), (1,))
    idx = lax.iota(np.dtype("int32"), (m, m), 0)
    real = registry.INFO[op_rules.real_name(aval.name)].dtype  # jnp.real of the permutation matrix
    p = lax.convert_element_type(lax.eq(rows, idx), real, aval.weak_type)
    k = min(m, n)
    eye = lax.convert_element_type(lax.eye_mask(m, k, 0), dtype, aval.weak_type)
    l_ = lax.add(lax.slice(lax_linalg.tril(lu_, -1), (0, 0), (m, k)), eye)
    u = lax.slice(lax_linalg.triu(lu_), (0, 0), (k, n))
    if permute_l:
        p_l = lax.convert_element_type(p, dtype, aval.weak_type)  # jnp.matmul promotes the real P
        return (lax.dot_general(p_l, l_, (((1,), (0,)), ((), ())), dtype), u)
    return (p, l_, u)


_lu = jitted(_lu_body, "lu")


@overload
def lu(a: ArrayLike, permute_l: Literal[False] = False, overwrite_a: bool = False, check_finite: bool = True
       ) -> tuple[AnyArray, AnyArray, AnyArray]: ...
@overload
def lu(a: ArrayLike, permute_l: Literal[True], overwrite_a: bool = False, check_finite: bool = True
       ) -> tuple[AnyArray, AnyArray]: ...
@overload
def lu(a: ArrayLike, permute_l: bool = False, overwrite_a: bool = False, check_finite: bool = True
       ) -> tuple[AnyArray, AnyArray] | tuple[AnyArray, AnyArray, AnyArray]: ...
def lu(a: ArrayLike, permute_l: bool = False, overwrite_a: bool = False, check_finite: bool = True
       ) -> tuple[AnyArray, AnyArray] | tuple[AnyArray, AnyArray, AnyArray]:
    """LU decomposition ``a = P @ L @ U`` of a matrix (``permute_l``: ``(P @ L, U)``).

    Args:
        a: a matrix of shape ``(M, N)``.
        permute_l: give ``(P @ L, U)``.
        overwrite_a: unused, as in JAX.
        check_finite: unused, as in JAX.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import linalg
        >>> p, l, u = linalg.lu(jnp.array([[1.0, 2.0], [3.0, 4.0]]))
        >>> p
        Array([[0., 1.],
               [1., 0.]], dtype=float32)
    """
    if len(shape_of(arraylike(a, "lu"))) != 2:
        raise ValueError(f"too many values to unpack (expected 2): lu takes a matrix, got shape {shape_of(a)}")
    out: tuple[AnyArray, AnyArray] | tuple[AnyArray, AnyArray, AnyArray] = _lu(a, permute_l=permute_l)
    return out


# ---------------------------------------------------------------------------------------------------------------
# QR


def _qr_body(a: Any, *, mode: str, pivoting: bool) -> Any:
    if mode in ("full", "r"):
        full_matrices = True
    elif mode == "economic":
        full_matrices = False
    else:
        raise ValueError(f"Unsupported QR decomposition mode '{mode}'")
    (a,) = _inexact(a)
    if pivoting:
        raise NotImplementedError("qr with pivoting=True is not supported")
    q, r = lax_linalg.qr(a, pivoting=False, full_matrices=full_matrices)
    if mode == "r":
        return (r,)
    return (q, r)


_qr = jitted(_qr_body, "qr")


@overload
def qr(a: ArrayLike, overwrite_a: bool = False, lwork: Any = None, *, mode: Literal["r"],
       pivoting: Literal[False] = False, check_finite: bool = True) -> tuple[AnyArray]: ...
@overload
def qr(a: ArrayLike, overwrite_a: bool = False, lwork: Any = None,
       mode: Literal["full", "economic"] = "full", pivoting: Literal[False] = False, check_finite: bool = True
       ) -> tuple[AnyArray, AnyArray]: ...
@overload
def qr(a: ArrayLike, overwrite_a: bool = False, lwork: Any = None, mode: str = "full", pivoting: bool = False,
       check_finite: bool = True) -> tuple[AnyArray] | tuple[AnyArray, AnyArray] | tuple[AnyArray, AnyArray, AnyArray]:
    ...
def qr(a: ArrayLike, overwrite_a: bool = False, lwork: Any = None, mode: str = "full", pivoting: bool = False,
       check_finite: bool = True) -> tuple[AnyArray] | tuple[AnyArray, AnyArray] | tuple[AnyArray, AnyArray, AnyArray]:
    """QR decomposition ``a = Q @ R``: ``mode`` ``'full'`` (square ``Q``), ``'economic'`` (``K = min(M, N)``
    columns) or ``'r'`` (``(R,)`` alone). Column pivoting is not supported yet (``NotImplementedError``).

    Args:
        a: matrices of shape ``(..., M, N)``.
        overwrite_a: unused, as in JAX.
        lwork: unused, as in JAX.
        mode: ``'full'``, ``'economic'`` or ``'r'``.
        pivoting: must be False here.
        check_finite: unused, as in JAX.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import linalg
        >>> q, r = linalg.qr(jnp.ones((3, 2)), mode="economic")
        >>> q.shape, r.shape
        ((3, 2), (2, 2))
    """
    out: tuple[AnyArray] | tuple[AnyArray, AnyArray] = _qr(a, mode=mode, pivoting=pivoting)
    return out


# ---------------------------------------------------------------------------------------------------------------
# solves


def _broadcasted_matvec(a: Any, b: Any) -> Any:
    sa, sb = shape_of(a), shape_of(b)
    batch = tuple(np.broadcast_shapes(sa[:-2], sb[:-1]))
    nb = len(batch)
    a = lax.broadcast_in_dim(a, (*batch, *sa[-2:]), tuple(range(nb + 2 - len(sa), nb + 2)))
    b = lax.broadcast_in_dim(b, (*batch, sb[-1]), tuple(range(nb + 1 - len(sb), nb + 1)))
    dims = (((nb + 1,), (nb,)), (tuple(range(nb)), tuple(range(nb))))
    return lax.dot_general(a, b, dims, lax.aval_of(a).dtype)


def _solve_body(a: Any, b: Any, *, assume_a: str, lower: bool) -> Any:
    if assume_a != "pos":
        return jnp_linalg.solve(a, b)
    a, b = _inexact(a, b)
    sa, sb = shape_of(a), shape_of(b)
    if not (len(sa) >= 2 and len(sb) in (len(sa), len(sa) - 1) and sa[-1] == sa[-2] == sb[len(sa) - 2]):
        raise ValueError(f"The arguments to solve must have shapes a=[..., m, m] and b=[..., m, k] or b=[..., m]; "
                         f"got a={sa} and b={sb}")
    factors = cho_factor(lax.stop_gradient(a), lower=lower)

    def custom_solve(x: Any) -> Any:
        return custom_linear_solve(lambda v: _broadcasted_matvec(a, v), x,
                                   solve=lambda _, v: cho_solve(factors, v), symmetric=True)

    if len(sa) == len(sb) + 1:
        return custom_solve(b)
    return vmap(custom_solve, len(sb) - 1, max(len(sa), len(sb)) - 1)(materialize(b))


_solve = jitted(_solve_body, "solve")


def solve(a: ArrayLike, b: ArrayLike, lower: bool = False, overwrite_a: bool = False, overwrite_b: bool = False,
          debug: bool = False, check_finite: bool = True, assume_a: str = "gen") -> AnyArray:
    """The solution of ``a @ x == b``: by LU (as ``jax.numpy.linalg.solve``), or by Cholesky for
    ``assume_a='pos'`` (reading the triangle ``lower`` names).

    Args:
        a: square matrices of shape ``(..., N, N)``.
        b: right-hand side ``(..., N)`` or ``(..., N, M)``.
        lower: with ``assume_a='pos'``, read the lower (else the upper) triangle.
        overwrite_a: unused, as in JAX.
        overwrite_b: unused, as in JAX.
        debug: unused, as in JAX.
        check_finite: unused, as in JAX.
        assume_a: ``'gen'``, ``'sym'``, ``'her'`` or ``'pos'``.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import linalg
        >>> linalg.solve(jnp.array([[2.0, 1.0], [1.0, 2.0]]), jnp.array([3.0, 3.0]), assume_a="pos")
        Array([1., 1.], dtype=float32)
    """
    valid_assume_a = ["gen", "sym", "her", "pos"]
    if assume_a not in valid_assume_a:
        raise ValueError(f"Expected assume_a to be one of {valid_assume_a}; got {assume_a!r}")
    out: AnyArray = _solve(a, b, assume_a=assume_a, lower=lower)
    return out


def _solve_triangular_body(a: Any, b: Any, *, trans: int | str, lower: bool, unit_diagonal: bool) -> Any:
    if trans == 0 or trans == "N":
        transpose_a, conjugate_a = False, False
    elif trans == 1 or trans == "T":
        transpose_a, conjugate_a = True, False
    elif trans == 2 or trans == "C":
        transpose_a, conjugate_a = True, True
    else:
        raise ValueError(f"Invalid 'trans' value {trans}")
    a, b = _inexact(a, b)
    signature = _signature("solve_triangular", a, b)
    return vectorize(functools.partial(lax_linalg.triangular_solve, left_side=True, lower=lower,
                                       transpose_a=transpose_a, conjugate_a=conjugate_a,
                                       unit_diagonal=unit_diagonal), signature=signature)(a, b)


_solve_triangular = jitted(_solve_triangular_body, "solve_triangular")


def solve_triangular(a: ArrayLike, b: ArrayLike, trans: int | str = 0, lower: bool = False,
                     unit_diagonal: bool = False, overwrite_b: bool = False, debug: Any = None,
                     check_finite: bool = True) -> AnyArray:
    """The solution of ``op(a) @ x == b`` for triangular ``a`` (``trans``: 0/``'N'``, 1/``'T'`` transposed,
    2/``'C'`` conjugate transposed).

    Args:
        a: triangular matrices of shape ``(..., N, N)``; only the triangle ``lower`` names is read.
        b: right-hand side ``(N,)`` or ``(..., N, M)``.
        trans: 0, 1, 2, ``'N'``, ``'T'`` or ``'C'``.
        lower: use the lower (else the upper) triangle.
        unit_diagonal: assume a unit diagonal.
        overwrite_b: unused, as in JAX.
        debug: unused, as in JAX.
        check_finite: unused, as in JAX.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import linalg
        >>> linalg.solve_triangular(jnp.array([[2.0, 0.0], [1.0, 1.0]]), jnp.array([2.0, 3.0]), lower=True)
        Array([1., 2.], dtype=float32)
    """
    out: AnyArray = _solve_triangular(a, b, trans=trans, lower=lower, unit_diagonal=unit_diagonal)
    return out


# ---------------------------------------------------------------------------------------------------------------
# constructions


def _block_diag_body(*arrs: Any) -> Any:
    if len(arrs) == 0:
        arrs = (lax.full((1, 0), 0, registry.INFO[lattice.default_name("f", config.x64)].dtype),)
    dtype, weak = common_dtype(*arrs)
    converted = [as_dtype(asarray(a), dtype, weak) for a in arrs]
    bad = [i for i, a in enumerate(converted) if len(shape_of(a)) > 2]
    if bad:
        raise ValueError(f"Arguments to jax.scipy.linalg.block_diag must have at most 2 dimensions, got "
                         f"{converted[bad[0]]} at argument {bad[0]}.")
    two_d: list[Any] = []
    for a in converted:
        s = shape_of(a)
        two_d.append(lax.reshape(a, (1, 1) if not s else (1, s[0]) if len(s) == 1 else s))
    total = sum(shape_of(a)[1] for a in two_d)
    padded: list[Any] = []
    col = 0
    for a in two_d:
        cols = shape_of(a)[1]
        aval = lax.aval_of(a)
        padded.append(lax.pad(a, lax.full((), 0, aval.dtype),  # JAX's dtype.type(0): strongly typed
                              [(0, 0, 0), (col, total - cols - col, 0)]))
        col += cols
    return lax.concatenate(padded, 0)


_block_diag = jitted(_block_diag_body, "block_diag")


def block_diag(*arrs: ArrayLike) -> AnyArray:
    """The block-diagonal matrix of the arrays (scalars and vectors taken as ``1 x 1`` and ``1 x n`` matrices),
    of their promoted dtype.

    Args:
        arrs: arrays of rank at most 2.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import linalg
        >>> linalg.block_diag(jnp.ones((1, 1)), 2 * jnp.ones((1, 2)))
        Array([[1., 0., 0.],
               [0., 2., 2.]], dtype=float32)
    """
    for a in arrs:
        arraylike(a, "block_diag")
    out: AnyArray = _block_diag(*arrs)
    return out


def _hilbert_body(*, n: int) -> Any:
    dtype = registry.INFO[lattice.default_name("f", config.x64)].dtype
    a = lax.iota(dtype, (n, 1), 0)
    total = lax.add(lax.broadcast_in_dim(a, (n, n), (0, 1)), lax.broadcast_in_dim(lax.reshape(a, (1, n)), (n, n),
                                                                                  (0, 1)))
    one = lax.full((n, n), 1, dtype)
    return lax.div(one, lax.add(total, one))


_hilbert = jitted(_hilbert_body, "hilbert")


def hilbert(n: int) -> AnyArray:
    """The ``n x n`` Hilbert matrix, ``1 / (i + j + 1)``, of the default float dtype.

    Args:
        n: the size.

    Example:
        >>> from arraytyping.scipy import linalg
        >>> linalg.hilbert(2)
        Array([[1.        , 0.5       ],
               [0.5       , 0.33333334]], dtype=float32)
    """
    out: AnyArray = _hilbert(n=n)
    return out


def _circulant_1d(c: Any) -> Any:
    (n,) = shape_of(c)
    idx = jnp.remainder(jnp.subtract(jnp.arange(n)[:, None], jnp.arange(n)[None, :]), n)
    return c[idx]


def circulant(c: ArrayLike) -> AnyArray:
    """The circulant matrix of ``c`` (its first column; each column the one before rolled down by one), batched
    over ``c``'s leading axes.

    Args:
        c: the first column, shape ``(..., N)``.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import linalg
        >>> linalg.circulant(jnp.array([1, 2, 3]))
        Array([[1, 3, 2],
               [2, 1, 3],
               [3, 2, 1]], dtype=int32)
    """
    check_arraylike("circulant", c)
    out: AnyArray = vectorize(_circulant_1d, signature="(n)->(n,n)")(jnp.atleast_1d(jnp.asarray(c)))
    return out


def fiedler(a: ArrayLike) -> AnyArray:
    """The symmetric Fiedler matrix of ``a``: ``abs(a[i] - a[j])``, batched over ``a``'s leading axes.

    Args:
        a: shape ``(..., N)``.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import linalg
        >>> linalg.fiedler(jnp.array([1.0, 4.0]))
        Array([[0., 3.],
               [3., 0.]], dtype=float32)
    """
    check_arraylike("fiedler", a)
    arr = jnp.atleast_1d(a)
    out: AnyArray = jnp.abs(jnp.subtract(arr[..., None], arr[..., None, :]))
    return out


# ---------------------------------------------------------------------------------------------------------------
# Schur, Hessenberg, qr_multiply


def _schur_body(a: Any, *, output: str) -> Any:
    a = asarray(a)
    if output == "complex":
        name = op_rules.to_inexact_name(lax.aval_of(a).name)
        target = "complex128" if name in ("float64", "complex128") else "complex64"
        a = as_dtype(a, registry.INFO[target].dtype, False)
    t, z = lax_linalg.schur(a)
    return (t, z)


_schur = jitted(_schur_body, "schur")


def schur(a: ArrayLike, output: str = "real") -> tuple[AnyArray, AnyArray]:
    """The Schur decomposition ``a = Z T Z^H`` (LAPACK's ``gees``): ``T`` quasi-upper-triangular (``'real'``: 2x2
    blocks for complex eigenvalue pairs) or upper-triangular (``'complex'``, the input made complex first), ``Z``
    unitary.

    Args:
        a: floating or complex matrices of shape ``(..., N, N)``.
        output: ``'real'`` or ``'complex'``.

    Returns:
        ``(T, Z)``.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import linalg
        >>> t, z = linalg.schur(jnp.array([[2.0, 1.0], [0.0, 3.0]]))
        >>> t
        Array([[2., 1.],
               [0., 3.]], dtype=float32)
    """
    if output not in ("real", "complex"):
        raise ValueError(f"Expected 'output' to be either 'real' or 'complex', got {output=}.")
    check_arraylike("schur", a)  # JAX's jit takes a list for a pytree of scalars, which its schur refuses
    out: tuple[AnyArray, AnyArray] = _schur(a, output=output)
    return out


def _hessenberg_body(a: Any, *, calc_q: bool) -> Any:
    a = asarray(a)
    shape = shape_of(a)
    n = shape[-1]
    if n == 0:
        return (jnp.zeros_like(a), jnp.zeros_like(a)) if calc_q else (jnp.zeros_like(a),)
    a_out, taus = lax_linalg.hessenberg(a)
    h = jnp.triu(a_out, -1)
    if not calc_q:
        return (h,)
    rank = len(shape)
    q = lax_linalg.householder_product(lax.slice_in_dim(lax.slice_in_dim(a_out, 1, n, rank - 2), 0, n - 1, rank - 1),
                                       taus)
    aval = lax.aval_of(a_out)
    zero = lax.full((), 0, aval.dtype)
    q = lax.pad(q, zero, [(0, 0, 0)] * (rank - 2) + [(1, 0, 0), (1, 0, 0)])
    corner = lax.broadcast_in_dim(lax.convert_element_type(_corner(n), aval.dtype, False), shape,
                                  (rank - 2, rank - 1))
    return (h, lax.add(q, corner))


def _corner(n: int) -> Any:
    """An ``n x n`` boolean matrix true at ``[0, 0]`` alone."""
    rows = lax.iota(np.dtype("int32"), (n, n), 0)
    cols = lax.iota(np.dtype("int32"), (n, n), 1)
    zero = lax.full((n, n), 0, np.dtype("int32"))
    return lax.bitwise_and(lax.eq(rows, zero), lax.eq(cols, zero))


_hessenberg = jitted(_hessenberg_body, "hessenberg")


@overload
def hessenberg(a: ArrayLike, *, calc_q: Literal[False] = False, overwrite_a: bool = False,
               check_finite: bool = True) -> AnyArray: ...
@overload
def hessenberg(a: ArrayLike, *, calc_q: Literal[True], overwrite_a: bool = False,
               check_finite: bool = True) -> tuple[AnyArray, AnyArray]: ...
@overload
def hessenberg(a: ArrayLike, *, calc_q: bool = False, overwrite_a: bool = False,
               check_finite: bool = True) -> AnyArray | tuple[AnyArray, AnyArray]: ...
def hessenberg(a: ArrayLike, *, calc_q: bool = False, overwrite_a: bool = False,
               check_finite: bool = True) -> AnyArray | tuple[AnyArray, AnyArray]:
    """The Hessenberg form ``a = Q H Q^H`` (``H`` zero below its first subdiagonal; LAPACK's ``gehrd``).

    Args:
        a: floating or complex matrices of shape ``(..., N, N)``.
        calc_q: also compute the unitary ``Q``.
        overwrite_a: unused, as in JAX.
        check_finite: unused, as in JAX.

    Returns:
        ``H``, or ``(H, Q)`` with ``calc_q``.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import linalg
        >>> linalg.hessenberg(jnp.array([[1.0, 2.0], [3.0, 4.0]]))
        Array([[1., 2.],
               [3., 4.]], dtype=float32)
    """
    check_arraylike("hessenberg", a)  # as schur
    out = _hessenberg(a, calc_q=bool(calc_q))
    if calc_q:
        h, q = out
        return h, q
    (h,) = out
    result: AnyArray = h
    return result


def _qr_multiply_body(a: Any, c: Any, *, mode: str, pivoting: bool, conjugate: bool) -> Any:
    a, c = _inexact(a, c)
    if mode not in ("right", "left"):
        raise ValueError(f"mode must be 'right' or 'left', got {mode!r}")
    onedim = len(shape_of(c)) == 1
    if onedim:
        c = lax.expand_dims(c, (1,) if mode == "left" else (0,))
    a_shape, c_shape = shape_of(a), shape_of(c)
    m, n = a_shape[-2:]
    k = min(m, n)
    if mode == "left":
        if c_shape[-2] != k:
            raise ValueError(f"Array shapes are not compatible for Q @ c operation: a has shape {tuple(a_shape)} so Q "
                             f"has {k} columns, but c has {c_shape[-2]} rows (expected {k}).")
    elif c_shape[-1] != m:
        raise ValueError(f"Array shapes are not compatible for c @ Q operation: a has shape {tuple(a_shape)} so Q has "
                         f"{m} rows, but c has {c_shape[-1]} columns (expected {m}).")
    if pivoting:
        raise NotImplementedError("qr_multiply with pivoting=True is not supported yet")
    batch = tuple(np.broadcast_shapes(a_shape[:-2], c_shape[:-2]))
    a = jnp.broadcast_to(a, batch + tuple(a_shape[-2:]))
    c = jnp.broadcast_to(c, batch + tuple(c_shape[-2:]))
    r, taus = geqrf_p.bind(a)
    if m > n and mode == "left":
        c = jnp.concatenate([c, jnp.zeros((*shape_of(c)[:-2], m - k, shape_of(c)[-1]), dtype=lax.aval_of(c).dtype)],
                            axis=-2)
    if conjugate:
        c = jnp.swapaxes(c, -1, -2)
    left = (mode == "left") != conjugate
    cq = lax_linalg.ormqr(r, taus, c, left=left, transpose=conjugate)
    if conjugate:
        cq = jnp.swapaxes(cq, -1, -2)
    rank = len(shape_of(cq))
    if mode == "right":
        cq = lax.slice_in_dim(cq, 0, k, rank - 1)
    if onedim:
        cq = jnp.ravel(cq)
    r = jnp.triu(lax.slice_in_dim(r, 0, k, len(shape_of(r)) - 2))
    return (cq, r)


_qr_multiply = jitted(_qr_multiply_body, "qr_multiply")


def qr_multiply(a: ArrayLike, c: ArrayLike, mode: str = "right", pivoting: bool = False, conjugate: bool = False,
                overwrite_a: bool = False, overwrite_c: bool = False) -> tuple[AnyArray, AnyArray]:
    """The QR decomposition of ``a`` and the product of its ``Q`` with ``c`` (without forming ``Q``; LAPACK's
    ``geqrf`` and ``ormqr``): ``c @ Q`` (``'right'``, the first ``min(M, N)`` columns) or ``Q @ c`` (``'left'``),
    ``Q`` conjugated with ``conjugate``. Column pivoting is not supported yet (``NotImplementedError``).

    Args:
        a: matrices of shape ``(..., M, N)``.
        c: the matrix (or vector) to multiply.
        mode: ``'right'`` or ``'left'``.
        pivoting: must be False here.
        conjugate: use ``Q``'s conjugate.
        overwrite_a: unused, as in JAX.
        overwrite_c: unused, as in JAX.

    Returns:
        ``(cQ, R)``.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import linalg
        >>> cq, r = linalg.qr_multiply(jnp.eye(2), jnp.array([1.0, 2.0]))
        >>> r.shape
        (2, 2)
    """
    out: tuple[AnyArray, AnyArray] = _qr_multiply(a, c, mode=mode, pivoting=pivoting, conjugate=conjugate)
    return out


# ---------------------------------------------------------------------------------------------------------------
# sqrtm


def _sqrtm_triu(t: Any) -> Any:
    """JAX's ``_sqrtm_triu`` (Björck and Hammarling's recurrence) on an upper-triangular ``t``, element by element
    in JAX's order: column ``j`` from the diagonal up, each sum accumulated from zero."""
    n = shape_of(t)[-1]
    dtype = lax.aval_of(t).dtype

    def at(x: Any, i: int, j: int) -> Any:
        return lax.reshape(lax.slice(x, (i, j), (i + 1, j + 1)), ())

    diag = [jnp.sqrt(at(t, i, i)) for i in range(n)]
    zero = lax.full((), 0, dtype)
    u: list[list[Any]] = [[diag[i] if i == j else zero for j in range(n)] for i in range(n)]
    for j in range(n):
        for i in range(j - 1, -1, -1):
            s: Any = lax.full((), 0, dtype)
            for k in range(i + 1, j):
                s = lax.add(s, lax.mul(u[i][k], u[k][j]))
            tij = at(t, i, j)
            u[i][j] = lax.select_n(lax.eq(tij, s), lax.div(lax.sub(tij, s), lax.add(diag[i], diag[j])), zero)
    return lax.concatenate([lax.reshape(lax.concatenate([lax.reshape(x, (1,)) for x in row], 0), (1, n))
                            for row in u], 0) if n else t


def _sqrtm_body(a: Any) -> Any:
    t, z = _schur_body(a, output="complex")
    if len(shape_of(t)) != 2:
        raise ValueError("diag input must be 1d or 2d")
    u = _sqrtm_triu(t)
    zh = conj(_mT(z))
    dtype = lax.aval_of(z).dtype
    return lax.dot_general(lax.dot_general(z, u, (((1,), (0,)), ((), ())), dtype), zh, (((1,), (0,)), ((), ())),
                           dtype)


_sqrtm = jitted(_sqrtm_body, "sqrtm")


def sqrtm(A: ArrayLike, blocksize: int = 1) -> AnyArray:
    """The principal matrix square root, by the complex Schur method (Björck and Hammarling), as JAX computes it;
    the result is complex.

    Args:
        A: a square matrix of shape ``(N, N)``.
        blocksize: only 1 (the blocked version is not implemented, as in JAX).

    Returns:
        ``X`` with ``X @ X = A``, complex.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import linalg
        >>> linalg.sqrtm(jnp.array([[4.0, 0.0], [0.0, 9.0]]))
        Array([[2.+0.j, 0.+0.j],
               [0.+0.j, 3.+0.j]], dtype=complex64)
    """
    if blocksize > 1:
        raise NotImplementedError("Blocked version is not implemented yet.")
    check_arraylike("sqrtm", A)
    out: AnyArray = _sqrtm(A)
    return out


def _patches(elems: Any, nrows: int) -> Any:
    """JAX's ``conv_general_dilated_patches`` of a vector into ``nrows``-long windows (``'VALID'``): a
    convolution with the identity kernel, so a NaN anywhere in a window reaches every entry of that window, as in
    JAX."""
    (nelems,) = shape_of(elems)
    aval = lax.aval_of(elems)
    kernel = lax.reshape(jnp.eye(nrows, dtype=aval.dtype), (1, nrows, nrows))
    out = conv_general_dilated(lax.reshape(elems, (1, nelems, 1)), kernel, (1,), "VALID",
                               dimension_numbers=("NTC", "IOT", "NTC"))
    return out[0]


def _toeplitz_1d(c: Any, r: Any) -> Any:
    (ncols,) = shape_of(c)
    (nrows,) = shape_of(r)
    if ncols == 0 or nrows == 0:
        return jnp.empty((ncols, nrows), dtype=jnp.promote_types(lax.aval_of(c).dtype, lax.aval_of(r).dtype))
    elems = jnp.concatenate((c[::-1], r[1:]))
    return jnp.flip(_patches(elems, nrows), axis=0)


def toeplitz(c: ArrayLike, r: ArrayLike | None = None) -> AnyArray:
    """The Toeplitz matrix of first column ``c`` and first row ``r`` (constant diagonals; ``r[0]`` is ignored;
    without ``r``, ``conj(c)``: a Hermitian matrix), batched over their broadcast leading axes.

    Args:
        c: the first column, shape ``(..., M)`` (a scalar is one element).
        r: the first row, shape ``(..., N)``.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import linalg
        >>> linalg.toeplitz(jnp.array([1, 2, 3]), jnp.array([1, 4, 5]))
        Array([[1, 4, 5],
               [2, 1, 4],
               [3, 2, 1]], dtype=int32)
    """
    if r is None:
        check_arraylike("toeplitz", c)
        r = jnp.conjugate(jnp.asarray(c))
    else:
        check_arraylike("toeplitz", c, r)
    out: AnyArray = vectorize(_toeplitz_1d, signature="(m),(n)->(m,n)")(jnp.atleast_1d(jnp.asarray(c)),
                                                                         jnp.atleast_1d(jnp.asarray(r)))
    return out


def _hankel_1d(c: Any, r: Any) -> Any:
    (ncols,) = shape_of(c)
    (nrows,) = shape_of(r)
    if ncols == 0 or nrows == 0:
        return jnp.empty((ncols, nrows), dtype=jnp.result_type(c, r))
    return _patches(jnp.concatenate((c, r[1:])), nrows)


def hankel(c: ArrayLike, r: ArrayLike | None = None) -> AnyArray:
    """The Hankel matrix of first column ``c`` and last row ``r`` (constant anti-diagonals, ``H[i, j] = v[i + j]``
    of ``v = concatenate([c, r[1:]])``; without ``r``, zeros), batched over their broadcast leading axes.

    Args:
        c: the first column, shape ``(..., M)``.
        r: the last row, shape ``(..., N)``.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import linalg
        >>> linalg.hankel(jnp.array([1, 2, 3]))
        Array([[1, 2, 3],
               [2, 3, 0],
               [3, 0, 0]], dtype=int32)
    """
    if r is None:
        check_arraylike("hankel", c)
        ca = jnp.asarray(c)
        ra = jnp.zeros_like(ca)
    else:
        check_arraylike("hankel", c, r)
        ca = jnp.asarray(c)
        ra = jnp.asarray(r)
    if ca.ndim == 0:
        raise ValueError("hankel: c must be at least 1-dimensional, got a scalar.")
    if ra.ndim == 0:
        raise ValueError("hankel: r must be at least 1-dimensional, got a scalar.")
    if ca.ndim < ra.ndim:
        ca = lax.expand_dims(ca, tuple(range(ra.ndim - ca.ndim)))
    elif ra.ndim < ca.ndim:
        ra = lax.expand_dims(ra, tuple(range(ca.ndim - ra.ndim)))
    out: AnyArray = vectorize(_hankel_1d, signature="(m),(n)->(m,n)")(ca, ra)
    return out


def _leslie_1d(f: Any, s: Any) -> Any:
    f, s = promote_args(f, s)
    return jnp.diag(s, k=-1).at[0].set(f)


def leslie(f: ArrayLike, s: ArrayLike) -> AnyArray:
    """The Leslie matrix: fecundities ``f`` (length ``N``) on the first row, survival rates ``s`` (length
    ``N - 1``) on the subdiagonal; batched over leading axes.

    Args:
        f: shape ``(..., N)``, ``N >= 2``.
        s: shape ``(..., N - 1)``.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import linalg
        >>> linalg.leslie(jnp.array([0.1, 2.0]), jnp.array([0.5]))
        Array([[0.1, 2. ],
               [0.5, 0. ]], dtype=float32)
    """
    check_arraylike("leslie", f, s)
    f_arr = jnp.atleast_1d(f)
    s_arr = jnp.atleast_1d(s)
    if f_arr.shape[-1] < 2:
        raise ValueError(f"The length of f along the last axis must be at least 2; got shape {f_arr.shape}.")
    if s_arr.shape[-1] != f_arr.shape[-1] - 1:
        raise ValueError("Incorrect lengths for f and s. The length of s along the last axis must be one less than "
                         f"the length of f; got f shape {f_arr.shape} and s shape {s_arr.shape}.")
    out: AnyArray = vectorize(_leslie_1d, signature="(n),(m)->(n,n)")(f_arr, s_arr)
    return out


def _companion_1d(a: Any) -> Any:
    first_row = jnp.true_divide(jnp.negative(a[1:]), a[0])
    m = shape_of(a)[0] - 1
    return jnp.eye(m, m, k=-1, dtype=lax.aval_of(first_row).dtype).at[0].set(first_row)


def companion(a: ArrayLike) -> AnyArray:
    """The companion matrix of the polynomial of coefficients ``a`` (highest power first): first row
    ``-a[1:] / a[0]``, ones on the subdiagonal; shape ``(..., N - 1, N - 1)``, of ``a``'s inexact dtype.

    Args:
        a: coefficients, shape ``(..., N)``, ``N >= 2`` (a zero ``a[0]`` gives infinities or NaN, unchecked).

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import linalg
        >>> linalg.companion(jnp.array([1.0, -3.0, 2.0]))
        Array([[ 3., -2.],
               [ 1.,  0.]], dtype=float32)
    """
    check_arraylike("companion", a)
    (arr,) = promote_args_inexact(a)
    arr = jnp.atleast_1d(arr)
    if arr.shape[-1] < 2:
        raise ValueError(f"The length of `a` along the last axis must be at least 2; got shape {arr.shape}.")
    out: AnyArray = vectorize(_companion_1d, signature="(n)->(m,m)")(arr)
    return out


def _fiedler_companion_1d(a: Any) -> Any:
    n = shape_of(a)[0] - 1
    if n == 0:
        return jnp.empty((0, 0), dtype=lax.aval_of(a).dtype)
    a = jnp.true_divide(a, a[0])
    if n == 1:
        return jnp.reshape(jnp.negative(a[1:]), (1, 1))
    i = jnp.arange(n)[:, None]
    j = jnp.arange(n)[None, :]
    super_val = jnp.negative(a[jnp.minimum(i + 2, n)])
    sub_val = jnp.negative(a[jnp.minimum(i + 1, n)])
    i_even = i % 2 == 0
    i_odd = i % 2 == 1
    dtype = lax.aval_of(a).dtype
    one = jnp.array(1, dtype=dtype)
    zero = jnp.array(0, dtype=dtype)
    conditions = [(i == 0) & (j == 0), (i == 1) & (j == 0), (j == i + 1) & i_even, (j == i + 2) & i_even,
                  (j == i - 1) & i_even & (i >= 2), (j == i - 2) & i_odd & (i >= 3)]
    choices = [jnp.negative(a[1]), one, super_val, one, sub_val, one]
    return jnp.select(conditions, choices, default=zero)


def fiedler_companion(a: ArrayLike) -> AnyArray:
    """The Fiedler companion matrix (pentadiagonal, the eigenvalues of :func:`companion`'s) of the polynomial of
    coefficients ``a`` (highest power first); shape ``(..., N - 1, N - 1)``, of ``a``'s inexact dtype.

    Args:
        a: coefficients, shape ``(..., N)``, ``N >= 1``.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import linalg
        >>> linalg.fiedler_companion(jnp.array([1.0, -3.0, 2.0]))
        Array([[ 3., -2.],
               [ 1.,  0.]], dtype=float32)
    """
    check_arraylike("fiedler_companion", a)
    (arr,) = promote_args_inexact(a)
    arr = jnp.atleast_1d(arr)
    if arr.shape[-1] == 0:
        raise ValueError("fiedler_companion requires the last axis of 'a' to have nonzero length, but got an array "
                         f"of shape {arr.shape}.")
    out: AnyArray = vectorize(_fiedler_companion_1d, signature="(n)->(m,m)")(arr)
    return out


def _convolution_matrix_body(a: Any, *, n: int, mode: str) -> Any:
    a_arr = jnp.asarray(a)
    if a_arr.ndim == 0:
        raise ValueError("convolution_matrix: a must be at least 1-dimensional, got a scalar.")
    m = a_arr.shape[-1]
    if m < 1:
        raise ValueError(f"len(a) must be at least 1; got shape {a_arr.shape}.")
    if mode not in ("full", "valid", "same"):
        raise ValueError(f"mode must be one of 'full', 'valid', 'same'; got {mode!r}.")
    pad_widths = [(0, 0)] * (a_arr.ndim - 1) + [(0, n - 1)]
    az = jnp.pad(a_arr, pad_widths)
    raz = jnp.pad(jnp.flip(a_arr, axis=-1), pad_widths)
    total = m + n - 1
    if mode == "same":
        trim = min(n, m) - 1
        tb = trim // 2
        te = trim - tb
    elif mode == "valid":
        tb = te = min(n, m) - 1
    else:
        tb = te = 0
    col0 = lax.slice_in_dim(az, tb, total - te, axis=-1)
    row0 = lax.slice_in_dim(raz, total - n - tb, total - tb, axis=-1)
    return toeplitz(col0, row0)


_convolution_matrix = jitted(_convolution_matrix_body, "convolution_matrix")


def convolution_matrix(a: ArrayLike, n: int, mode: str = "full") -> AnyArray:
    """The Toeplitz matrix ``A`` with ``A @ v == jnp.convolve(a, v, mode)`` for ``v`` of length ``n``: ``n``
    columns, and ``m + n - 1`` rows (``'full'``), ``max(m, n)`` (``'same'``) or ``max(m, n) - min(m, n) + 1``
    (``'valid'``), ``m`` the length of ``a``; batched over ``a``'s leading axes.

    Args:
        a: the kernel, shape ``(..., M)``.
        n: the length of the convolved vector (positive).
        mode: ``'full'``, ``'same'`` or ``'valid'``.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import linalg
        >>> linalg.convolution_matrix(jnp.array([1, 2]), 2)
        Array([[1, 0],
               [2, 1],
               [0, 2]], dtype=int32)
    """
    n = operator.index(n)
    if n <= 0:
        raise ValueError(f"n must be a positive integer; got {n}.")
    check_arraylike("convolution_matrix", a)
    out: AnyArray = _convolution_matrix(a, n=n, mode=mode)
    return out


def _default_float() -> Any:
    return registry.INFO[lattice.default_name("f", config.x64)].dtype


def _comb(n: Any, k: Any) -> Any:
    """JAX's ``jax.scipy.special.comb`` (without repetition): ``0`` outside ``0 <= k <= n``."""
    cond = (k <= n) & (n >= 0) & (k >= 0)
    safe_n = jnp.where(cond, n, 0.0)
    safe_k = jnp.where(cond, k, 0.0)
    result = jnp.exp(gammaln(safe_n + 1) - gammaln(safe_k + 1) - gammaln(safe_n + 1 - safe_k))
    return jnp.where(cond, result, 0.0)


def _invhilbert_body(*, n: int) -> Any:
    a = jnp.arange(n, dtype=_default_float())
    i = a[:, None]
    j = a[None, :]
    s = i + j
    return ((-1.0) ** s * (s + 1.0) * _comb(n + i, n - j - 1) * _comb(n + j, n - i - 1) * _comb(s, i) ** 2)


_invhilbert = jitted(_invhilbert_body, "invhilbert")


def invhilbert(n: int) -> AnyArray:
    """The inverse of the ``n x n`` Hilbert matrix, of the default float dtype (computed in floating point, as
    JAX: not exact integers for large ``n``).

    Args:
        n: the size.

    Example:
        >>> from arraytyping.scipy import linalg
        >>> linalg.invhilbert(2)
        Array([[ 3.999998, -5.999995],
               [-5.999995, 11.999994]], dtype=float32)
    """
    out: AnyArray = _invhilbert(n=n)
    return out


def _binom(n: Any, k: Any) -> Any:
    return jnp.exp(gammaln(n + 1.0) - gammaln(n - k + 1.0) - gammaln(k + 1.0))


def _pascal_kind(kind: str | None) -> str:
    kind = "symmetric" if kind is None else kind
    valid = ["symmetric", "lower", "upper"]
    if kind not in valid:
        raise ValueError(f"Expected kind to be one of: {valid}; got {kind}")
    return kind


def _pascal_body(*, n: int, kind: str) -> Any:
    a = jnp.arange(n, dtype=np.float32)
    lower = _binom(a[:, None], a[None, :])
    if kind == "lower":
        return lower
    if kind == "upper":
        return lower.T
    return jnp.dot(lower, lower.T)


_pascal = jitted(_pascal_body, "pascal")


def pascal(n: int, kind: str | None = None) -> AnyArray:
    """The ``n x n`` Pascal matrix of binomial coefficients: ``'symmetric'`` (default), ``'lower'`` or ``'upper'``
    triangular; float32 (as JAX, whatever the configuration), computed through ``lgamma``.

    Args:
        n: the size.
        kind: ``'symmetric'``, ``'lower'`` or ``'upper'`` (``None``: symmetric).

    Example:
        >>> from arraytyping.scipy import linalg
        >>> linalg.pascal(3, kind="lower")
        Array([[0.9999995, 0.       , 0.       ],
               [0.9999995, 0.9999995, 0.       ],
               [0.9999995, 2.0000005, 0.9999995]], dtype=float32)
    """
    if kind is not None and kind not in ("symmetric", "lower", "upper"):
        raise ValueError(f"Expected kind to be on of: {['symmetric', 'lower', 'upper']}; got {kind}")
    out: AnyArray = _pascal(n=n, kind="symmetric" if kind is None else kind)
    return out


def _invpascal_body(*, n: int, kind: str) -> Any:
    a = jnp.arange(n, dtype=_default_float())
    i = a[:, None]
    j = a[None, :]
    lower_inv = ((-1.0) ** (i - j)) * _binom(i, j)
    if kind == "lower":
        return lower_inv
    if kind == "upper":
        return lower_inv.T
    return jnp.dot(lower_inv.T, lower_inv)


_invpascal = jitted(_invpascal_body, "invpascal")


def invpascal(n: int, kind: str | None = None) -> AnyArray:
    """The inverse of :func:`pascal`'s matrix, of the default float dtype.

    Args:
        n: the size.
        kind: ``'symmetric'``, ``'lower'`` or ``'upper'`` (``None``: symmetric).

    Example:
        >>> from arraytyping.scipy import linalg
        >>> linalg.invpascal(2, kind="lower")
        Array([[ 0.9999995, -0.       ],
               [-0.9999995,  0.9999995]], dtype=float32)
    """
    out: AnyArray = _invpascal(n=n, kind=_pascal_kind(kind))
    return out


def _helmert_body(*, n: int, full: bool) -> Any:
    i = jnp.arange(n - 1)[:, None]
    j = jnp.arange(n)[None, :]
    k = i + 1
    k_f = k.astype(_default_float())
    denom = jnp.sqrt(k_f * (k_f + 1))
    h = jnp.where(j <= i, 1.0 / denom, jnp.where(j == k, -k_f / denom, jnp.zeros_like(denom)))
    if full:
        first_row = jnp.full((1, n), 1.0 / jnp.sqrt(n), dtype=lax.aval_of(h).dtype)
        h = jnp.concatenate([first_row, h], axis=0)
    return h


_helmert = jitted(_helmert_body, "helmert")


def helmert(n: int, full: bool = False) -> AnyArray:
    """The Helmert matrix of order ``n``: its ``n - 1`` orthonormal contrast rows, or with ``full`` the ``n x n``
    orthogonal matrix (first row ``1 / sqrt(n)``); of the default float dtype.

    Args:
        n: the order (positive).
        full: include the first row.

    Example:
        >>> from arraytyping.scipy import linalg
        >>> linalg.helmert(2)
        Array([[ 0.70710677, -0.70710677]], dtype=float32)
    """
    if n < 1:
        raise ValueError(f"n must be a positive integer; got {n}.")
    out: AnyArray = _helmert(n=n, full=full)
    return out


def hadamard(n: int, dtype: DTypeLike = int) -> AnyArray:
    """The ``n x n`` Hadamard matrix (Sylvester's construction) of entries ``1`` and ``-1``, of ``dtype``
    (default: the default integer).

    Args:
        n: the size, a positive power of 2.
        dtype: the result's dtype.

    Example:
        >>> from arraytyping.scipy import linalg
        >>> linalg.hadamard(2)
        Array([[ 1,  1],
               [ 1, -1]], dtype=int32)
    """
    if n < 1 or not math.log2(n).is_integer():
        raise ValueError(f"n must be a positive power of 2; got {n}.")
    h = jnp.ones((1, 1), dtype=dtype)
    for _ in range(int(math.log2(n))):
        h = jnp.block([[h, h], [h, jnp.negative(h)]])
    out: AnyArray = h
    return out


def dft(n: int, scale: str | None = None, *, dtype: DTypeLike | None = None) -> AnyArray:
    """The ``n x n`` discrete Fourier transform matrix ``exp(-2j pi i k / n)``, divided by ``sqrt(n)``
    (``scale='sqrtn'``) or ``n`` (``'n'``); of a complex ``dtype`` (default: the default complex).

    Args:
        n: the size.
        scale: ``None``, ``'sqrtn'`` or ``'n'``.
        dtype: a complex dtype.

    Example:
        >>> from arraytyping.scipy import linalg
        >>> linalg.dft(2).real
        Array([[ 1.,  1.],
               [ 1., -1.]], dtype=float32)
    """
    if scale is not None and scale not in ("sqrtn", "n"):
        raise ValueError(f"scale must be None, 'sqrtn', or 'n'; got {scale!r}.")
    if dtype is None:
        dt = registry.INFO[lattice.default_name("c", config.x64)].dtype
    else:
        dt = canonical_dtype(dtype)
        if dt.kind != "c":
            raise ValueError(f"dtype must be a complex floating-point type; got {dt}.")
    a = jnp.arange(n, dtype=dt)
    omegas = jnp.exp(-2j * np.pi * a[:, None] * a[None, :] / n)
    if scale == "sqrtn":
        omegas = omegas / jnp.sqrt(n)
    elif scale == "n":
        omegas = omegas / n
    out: AnyArray = omegas
    return out


# ---------------------------------------------------------------------------------------------------------------
# matrix exponential


def _precise_dot(a: Any, b: Any) -> Any:
    return jnp.dot(a, b)


def _pade3(a: Any) -> tuple[Any, Any]:
    b = (120., 60., 12., 1.)
    m, n = shape_of(a)
    ident = jnp.eye(m, n, dtype=lax.aval_of(a).dtype)
    a2 = _precise_dot(a, a)
    u = _precise_dot(a, (b[3] * a2 + b[1] * ident))
    v = b[2] * a2 + b[0] * ident
    return u, v


def _pade5(a: Any) -> tuple[Any, Any]:
    b = (30240., 15120., 3360., 420., 30., 1.)
    m, n = shape_of(a)
    ident = jnp.eye(m, n, dtype=lax.aval_of(a).dtype)
    a2 = _precise_dot(a, a)
    a4 = _precise_dot(a2, a2)
    u = _precise_dot(a, b[5] * a4 + b[3] * a2 + b[1] * ident)
    v = b[4] * a4 + b[2] * a2 + b[0] * ident
    return u, v


def _pade7(a: Any) -> tuple[Any, Any]:
    b = (17297280., 8648640., 1995840., 277200., 25200., 1512., 56., 1.)
    m, n = shape_of(a)
    ident = jnp.eye(m, n, dtype=lax.aval_of(a).dtype)
    a2 = _precise_dot(a, a)
    a4 = _precise_dot(a2, a2)
    a6 = _precise_dot(a4, a2)
    u = _precise_dot(a, b[7] * a6 + b[5] * a4 + b[3] * a2 + b[1] * ident)
    v = b[6] * a6 + b[4] * a4 + b[2] * a2 + b[0] * ident
    return u, v


def _pade9(a: Any) -> tuple[Any, Any]:
    b = (17643225600., 8821612800., 2075673600., 302702400., 30270240., 2162160., 110880., 3960., 90., 1.)
    m, n = shape_of(a)
    ident = jnp.eye(m, n, dtype=lax.aval_of(a).dtype)
    a2 = _precise_dot(a, a)
    a4 = _precise_dot(a2, a2)
    a6 = _precise_dot(a4, a2)
    a8 = _precise_dot(a6, a2)
    u = _precise_dot(a, b[9] * a8 + b[7] * a6 + b[5] * a4 + b[3] * a2 + b[1] * ident)
    v = b[8] * a8 + b[6] * a6 + b[4] * a4 + b[2] * a2 + b[0] * ident
    return u, v


def _pade13(a: Any) -> tuple[Any, Any]:
    b = (64764752532480000., 32382376266240000., 7771770303897600., 1187353796428800., 129060195264000.,
         10559470521600., 670442572800., 33522128640., 1323241920., 40840800., 960960., 16380., 182., 1.)
    m, n = shape_of(a)
    ident = jnp.eye(m, n, dtype=lax.aval_of(a).dtype)
    a2 = _precise_dot(a, a)
    a4 = _precise_dot(a2, a2)
    a6 = _precise_dot(a4, a2)
    u = _precise_dot(a, _precise_dot(a6, b[13] * a6 + b[11] * a4 + b[9] * a2) + b[7] * a6 + b[5] * a4
                     + b[3] * a2 + b[1] * ident)
    v = _precise_dot(a6, b[12] * a6 + b[10] * a4 + b[8] * a2) + b[6] * a6 + b[4] * a4 + b[2] * a2 + b[0] * ident
    return u, v


def _calc_p_q(a: Any) -> tuple[Any, Any, Any]:
    a_l1 = jnp_linalg.norm(a, 1)
    name = str(lax.aval_of(a).dtype)
    if name in ("float64", "complex128"):
        maxnorm = 5.371920351148152
        conds = [1.495585217958292e-002, 2.539398330063230e-001, 9.504178996162932e-001, 2.097847961257068e+000]
        branches = [_pade3, _pade5, _pade7, _pade9, _pade13]
    elif name in ("float32", "complex64"):
        maxnorm = 3.925724783138660
        conds = [4.258730016922831e-001, 1.880152677804762e+000]
        branches = [_pade3, _pade5, _pade7]
    else:
        raise TypeError(f"A.dtype={name} is not supported.")
    n_squarings = jnp.maximum(0, jnp.floor(jnp.log2(a_l1 / maxnorm)))
    a = a / 2 ** n_squarings.astype(lax.aval_of(a).dtype)
    idx = jnp.digitize(a_l1, jnp.array(conds, dtype=lax.aval_of(a_l1).dtype))
    u, v = switch(idx, branches, a)
    return u + v, -u + v, n_squarings


def _squaring(r: Any, n_squarings: Any, max_squarings: int) -> Any:
    def square(x: Any) -> Any:
        return _precise_dot(x, x)

    def keep(x: Any) -> Any:
        return x

    def step(c: Any, i: Any) -> tuple[Any, None]:
        return cond(i < n_squarings, square, keep, c), None

    res, _ = scan(step, r, jnp.arange(max_squarings, dtype=lax.aval_of(n_squarings).dtype))
    return res


def _expm_2d(a: Any, *, upper_triangular: bool, max_squarings: int) -> Any:
    p, q, n_squarings = _calc_p_q(a)

    def nan(args: tuple[Any, Any, Any]) -> Any:
        return jnp.full_like(args[0], np.nan)

    def compute(args: tuple[Any, Any, Any]) -> Any:
        _, p_, q_ = args
        r = solve_triangular(q_, p_) if upper_triangular else jnp_linalg.solve(q_, p_)
        return _squaring(r, n_squarings, max_squarings)

    return cond(n_squarings > max_squarings, nan, compute, (a, p, q))


def _expm_body(a: Any, *, upper_triangular: bool, max_squarings: int) -> Any:
    (a,) = _inexact(a)
    s = shape_of(a)
    if len(s) < 2 or s[-1] != s[-2]:
        raise ValueError(f"Expected A to be a (batched) square matrix, got A.shape={s}.")
    body = functools.partial(_expm_2d, upper_triangular=upper_triangular, max_squarings=max_squarings)
    if len(s) > 2:
        return vectorize(body, signature="(n,n)->(n,n)")(a)
    return body(a)


_expm = jitted(_expm_body, "expm")


def expm(A: ArrayLike, *, upper_triangular: bool = False, max_squarings: int = 16) -> AnyArray:
    """The matrix exponential of (batched) square matrices, by JAX's Pade approximation with scaling and squaring
    (orders 3 to 7 in single precision, 3 to 13 in double); NaN where more than ``max_squarings`` squarings would
    be needed.

    Args:
        A: matrices of shape ``(..., N, N)``.
        upper_triangular: ``A`` is upper triangular (a triangular solve).
        max_squarings: the most squarings.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import linalg
        >>> linalg.expm(jnp.zeros((2, 2)))
        Array([[1., 0.],
               [0., 1.]], dtype=float32)
    """
    out: AnyArray = _expm(A, upper_triangular=upper_triangular, max_squarings=max_squarings)
    return out


def _expm_frechet_body(a: Any, e: Any, *, compute_expm: bool) -> Any:
    a_arr = jnp.asarray(a)
    e_arr = jnp.asarray(e)
    sa, se = shape_of(a_arr), shape_of(e_arr)
    if len(sa) < 2 or sa[-2] != sa[1]:
        raise ValueError(f"expected A to be a (batched) square matrix, got A.shape={sa}")
    if len(se) < 2 or se[-2] != se[-1]:
        raise ValueError(f"expected E to be a (batched) square matrix, got E.shape={se}")
    if sa != se:
        raise ValueError(f"expected A and E to be the same shape, got A.shape={sa} E.shape={se}")
    expm_a, frechet = jvp(functools.partial(expm, upper_triangular=False, max_squarings=16), (a_arr,), (e_arr,))
    return (expm_a, frechet) if compute_expm else frechet


_expm_frechet = jitted(_expm_frechet_body, "expm_frechet")


@overload
def expm_frechet(A: ArrayLike, E: ArrayLike, *, method: str | None = None,
                 compute_expm: Literal[True] = True) -> tuple[AnyArray, AnyArray]: ...
@overload
def expm_frechet(A: ArrayLike, E: ArrayLike, *, method: str | None = None,
                 compute_expm: Literal[False]) -> AnyArray: ...
@overload
def expm_frechet(A: ArrayLike, E: ArrayLike, *, method: str | None = None,
                 compute_expm: bool = True) -> AnyArray | tuple[AnyArray, AnyArray]: ...
def expm_frechet(A: ArrayLike, E: ArrayLike, *, method: str | None = None,
                 compute_expm: bool = True) -> AnyArray | tuple[AnyArray, AnyArray]:
    """The Frechet derivative of :func:`expm` at ``A`` in the direction ``E`` (the JVP of ``expm``), with
    ``expm(A)`` first unless ``compute_expm`` is false.

    Args:
        A: matrices of shape ``(..., N, N)``.
        E: the direction, of ``A``'s shape.
        method: unused, as in JAX.
        compute_expm: also give ``expm(A)``: ``(expm(A), frechet)``.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import linalg
        >>> linalg.expm_frechet(jnp.zeros((2, 2)), jnp.eye(2), compute_expm=False)
        Array([[1., 0.],
               [0., 1.]], dtype=float32)
    """
    out: AnyArray | tuple[AnyArray, AnyArray] = _expm_frechet(A, E, compute_expm=compute_expm)
    return out


# ---------------------------------------------------------------------------------------------------------------
# polar, rsf2csf, solve_sylvester, funm, eigh_tridiagonal


def _qdwh_use_qr(u: Any, params: Any) -> Any:
    """One QDWH step through a QR decomposition (JAX's ``_use_qr``, unpadded)."""
    a_minus_e_by_sqrt_c, sqrt_c, e = params
    big_m, big_n = shape_of(u)
    y = jnp.concatenate([sqrt_c * u, jnp.eye(big_n, dtype=u.dtype)], axis=0)
    q, _ = lax_linalg.qr(y, full_matrices=False)
    q1 = lax.slice(q, (0, 0), (big_m, big_n))
    q2 = conj(lax.slice(q, (big_m, 0), (big_m + big_n, big_n)).T)
    return e * u + a_minus_e_by_sqrt_c * jnp.matmul(q1, q2)


def _qdwh_use_cholesky(u: Any, params: Any) -> Any:
    """One QDWH step through a Cholesky factorization (JAX's ``_use_cholesky``, unpadded)."""
    a_minus_e, c, e = params
    big_n = shape_of(u)[1]
    x = c * jnp.matmul(conj(u.T), u) + jnp.eye(big_n, dtype=u.dtype)
    y = lax_linalg.cholesky(x, symmetrize_input=False)
    z = conj(lax_linalg.triangular_solve(y, u.T, left_side=True, lower=True, conjugate_a=True))
    z = conj(lax_linalg.triangular_solve(y, z, left_side=True, lower=True, transpose_a=True, conjugate_a=True).T)
    return e * u + a_minus_e * z


def _qdwh(x: Any, eps: float | None, max_iterations: int = 10) -> tuple[Any, Any]:
    """The QR-based dynamically weighted Halley iteration (JAX's ``qdwh``): ``x = u h`` for ``x`` of shape
    ``(M, N)`` with ``M >= N``."""
    if eps is None:
        eps = float(np.finfo(x.dtype).eps)
    one_norm = jnp_linalg.norm(x, ord=1)
    inf_norm = jnp_linalg.norm(x, ord=np.inf)
    alpha_inverse = lax_rsqrt(one_norm) * lax_rsqrt(inf_norm)
    alpha_inverse = jnp.where(one_norm == 0, 1, alpha_inverse)
    u = x * alpha_inverse.astype(x.dtype)
    el = eps
    tol_l = 10.0 * eps / 2.0
    tol_norm = jnp.cbrt(tol_l)
    qr_coefs: list[tuple[float, float, float]] = []
    chol_coefs: list[tuple[float, float, float]] = []
    k = 0
    while el + tol_l < 1 and k < max_iterations:
        k += 1
        l2 = el * el
        dd = (4 * (1 / l2 - 1) / l2) ** (1 / 3)
        sqd = (1.0 + dd) ** (1 / 2)
        a = sqd + (2 - dd + 2 * (2 - l2) / (l2 * sqd)) ** (1 / 2)
        b = (a - 1) ** 2 / 4
        c = a + b - 1
        el = el * (a + b * l2) / (1 + c * l2)
        if c > 100:
            qr_coefs.append(((a - b / c) / c ** (1 / 2), c ** (1 / 2), b / c))
        else:
            chol_coefs.append((a - b / c, c, b / c))

    def iteration(k: Any, state: Any, update_fn: Callable[[Any, Any], Any], coefs: Any,
                  test_convergence: bool) -> Any:
        u, _ = state
        params = (3 - 1 / 3, 3, 1 / 3) if coefs is None else tuple(dynamic_slice_in_dim(coefs, k, 1)[0])
        u_prev = u
        u = update_fn(u, params)
        is_not_converged: Any = True
        if test_convergence:
            is_not_converged = jnp_linalg.norm(u - u_prev) > tol_norm
        return u, is_not_converged

    def iterate(u: Any, coefs: list[tuple[float, float, float]], update_fn: Callable[[Any, Any], Any],
                test_convergence: bool) -> Any:
        if not coefs:
            return u, True
        coef_arr = jnp.array(coefs).astype(x.dtype)
        body = functools.partial(iteration, coefs=coef_arr, update_fn=update_fn, test_convergence=test_convergence)
        return fori_loop(0, len(coefs), body, (u, True))

    u, _ = iterate(u, qr_coefs, _qdwh_use_qr, False)
    u, is_not_converged = iterate(u, chol_coefs, _qdwh_use_cholesky, True)

    def cond_fun(state: Any) -> Any:
        k, _, is_not_converged = state
        return jnp.logical_and(is_not_converged, k < max_iterations)

    def body_fun(state: Any) -> Any:
        k, u, is_not_converged = state
        u, is_not_converged = iteration(k, (u, is_not_converged), _qdwh_use_cholesky, None, True)
        return k + 1, u, is_not_converged

    _, u, _ = while_loop(cond_fun, body_fun, (len(qr_coefs) + len(chol_coefs), u, is_not_converged))
    u = 1.5 * u - 0.5 * jnp.matmul(u, jnp.matmul(conj(u.T), u))
    h = jnp.matmul(conj(u.T), x)
    h = (h + conj(h.T)) / 2
    return u, h


def _polar_2d(a: Any, *, side: str, method: str, eps: float | None) -> Any:
    m, n = shape_of(a)
    if method == "qdwh":
        if m >= n and side == "right":
            unitary, posdef = _qdwh(a, eps)
        elif m < n and side == "left":
            unitary, posdef = _qdwh(conj(a.T), eps)
            posdef = conj(posdef.T)
            unitary = conj(unitary.T)
        else:
            raise NotImplementedError("method='qdwh' only supports mxn matrices where m < n where side='right' and "
                                      f"m >= n side='left', got {shape_of(a)} with {side=}")
        return unitary, posdef
    if method != "svd":
        raise ValueError(f"Unknown polar decomposition method {method}.")
    u_svd, s_svd, vh_svd = lax_linalg.svd(a, full_matrices=False)
    s_svd = s_svd.astype(u_svd.dtype)
    unitary = jnp.matmul(u_svd, vh_svd)
    if side == "right":
        posdef = jnp.matmul(conj(vh_svd.T) * s_svd[None, :], vh_svd)
    else:
        posdef = jnp.matmul(u_svd * s_svd[None, :], conj(u_svd.T))
    return unitary, posdef


def _polar_body(a: Any, *, side: str, method: str, eps: float | None) -> Any:
    sig = "(m,n)->(m,n),(n,n)" if side == "right" else "(m,n)->(m,n),(m,m)"
    return vectorize(functools.partial(_polar_2d, side=side, method=method, eps=eps), signature=sig)(a)


_polar = jitted(_polar_body, "polar")


def polar(a: ArrayLike, side: str = "right", *, method: str = "qdwh", eps: float | None = None,
          max_iterations: int | None = None) -> tuple[AnyArray, AnyArray]:
    """The polar decomposition ``a = u p`` (``side='right'``, ``p`` of shape ``(n, n)``) or ``a = p u``
    (``'left'``, ``p`` of shape ``(m, m)``): ``u`` with orthonormal columns (rows when ``n > m``), ``p`` positive
    semidefinite; by the QDWH iteration (QR-based dynamically weighted Halley, by default) or from the SVD
    (``u = u_svd vh_svd``).

    Args:
        a: matrices of shape ``(..., m, n)``.
        side: ``'right'`` or ``'left'``.
        method: ``'qdwh'`` (for ``m >= n`` with ``side='right'``, ``m < n`` with ``'left'``) or ``'svd'``.
        eps: None (JAX's QDWH refuses any other value; unused by ``'svd'``).
        max_iterations: unused, as in JAX (its QDWH stops after 10 iterations).

    Returns:
        ``(unitary, posdef)``.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import linalg
        >>> u, p = linalg.polar(jnp.array([[2.0, 0.0], [0.0, -3.0]]), method="svd")
        >>> p
        Array([[2., 0.],
               [0., 3.]], dtype=float32)
    """
    arr = asarray(a)
    if len(shape_of(arr)) < 2:
        raise ValueError("The input `a` must be at least a 2-D array.")
    if side not in ["right", "left"]:
        raise ValueError("The argument `side` must be either 'right' or 'left'.")
    if method == "qdwh" and eps is not None:
        # JAX's polar traces eps (not static) and hands it to its qdwh as a static argument, which refuses a tracer
        raise ValueError("Non-hashable static arguments are not supported: polar(..., method='qdwh') takes eps=None "
                         "alone, as JAX's does")
    out: tuple[AnyArray, AnyArray] = _polar(arr, side=side, method=method, eps=eps)
    return out


def _rsf2csf_2d(t: Any, z: Any) -> Any:
    t, z = _promote_complex(t, z)
    eps = np.finfo(t.dtype).eps
    n = shape_of(t)[0]
    if n == 1:
        return t, z

    def update_t_z(m: Any, t: Any, z: Any) -> Any:
        mu = jnp_linalg.eigvals(dynamic_slice(t, (m - 1, m - 1), (2, 2))) - t[m, m]
        r = jnp_linalg.norm(jnp.array([mu[0], t[m, m - 1]])).astype(t.dtype)
        c = mu[0] / r
        s = t[m, m - 1] / r
        g = jnp.array([[c.conj(), s], [-s, c]], dtype=t.dtype)
        t_rows = dynamic_slice_in_dim(t, m - 1, 2, axis=0)
        col_mask = jnp.arange(n) >= m - 1
        g_dot_t = jnp.matmul(g, jnp.where(col_mask, t_rows, 0))
        t = dynamic_update_slice_in_dim(t, jnp.where(~col_mask, t_rows, g_dot_t), m - 1, axis=0)
        t_cols = dynamic_slice_in_dim(t, m - 1, 2, axis=1)
        row_mask = jnp.arange(n)[:, None] < m + 1
        t_dot_gh = jnp.matmul(jnp.where(row_mask, t_cols, 0), conj(g.T))
        t = dynamic_update_slice_in_dim(t, jnp.where(~row_mask, t_cols, t_dot_gh), m - 1, axis=1)
        z_cols = dynamic_slice_in_dim(z, m - 1, 2, axis=1)
        z = dynamic_update_slice_in_dim(z, jnp.matmul(z_cols, conj(g.T)), m - 1, axis=1)
        return t, z

    def keep(m: Any, t: Any, z: Any) -> Any:
        return t, z

    def step(i: Any, tz: Any) -> Any:
        m = n - i
        t, z = tz
        t, z = cond(jnp.abs(t[m, m - 1]) > eps * (jnp.abs(t[m - 1, m - 1]) + jnp.abs(t[m, m])),
                    update_t_z, keep, m, t, z)
        t = t.at[m, m - 1].set(0.0)
        return t, z

    return fori_loop(1, n, step, (t, z))


def _promote_complex(*args: Any) -> list[Any]:
    """JAX's ``promote_dtypes_complex``: the operands' common dtype made complex (complex128 for float64)."""
    converted = [asarray(a) for a in args]
    dtype, weak = common_dtype(*converted)
    target = registry.INFO[op_rules.fft_operand_name(np.dtype(dtype).name)].dtype
    return [as_dtype(a, target, weak) for a in converted]


def _rsf2csf_body(t: Any, z: Any) -> Any:
    return vectorize(_rsf2csf_2d, signature="(n,n),(n,n)->(n,n),(n,n)")(t, z)


_rsf2csf = jitted(_rsf2csf_body, "rsf2csf")


def rsf2csf(T: ArrayLike, Z: ArrayLike, check_finite: bool = True) -> tuple[AnyArray, AnyArray]:
    """The complex Schur form from the real one: ``(T, Z)`` of :func:`schur` (``T`` quasi-upper-triangular) made
    upper-triangular by Givens rotations of its 2x2 blocks; both complex.

    Args:
        T: the real Schur form, of shape ``(..., N, N)``.
        Z: its Schur vectors, of shape ``(..., N, N)`` (batch dimensions broadcast with ``T``'s).
        check_finite: unused, as in JAX.

    Returns:
        ``(T, Z)``, complex, with ``Z T Z^H`` the original matrix.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import linalg
        >>> t, z = linalg.rsf2csf(jnp.array([[1.0, 2.0], [0.0, 3.0]]), jnp.eye(2))
        >>> t.dtype
        dtype('complex64')
    """
    t_arr, z_arr = asarray(T), asarray(Z)
    ts, zs = shape_of(t_arr), shape_of(z_arr)
    if len(ts) < 2 or ts[-1] != ts[-2]:
        raise ValueError("Input 'T' must be square.")
    if len(zs) < 2 or zs[-1] != zs[-2]:
        raise ValueError("Input 'Z' must be square.")
    if ts[-1] != zs[-1]:
        raise ValueError(f"Input array shapes must match: Z: {zs} vs. T: {ts}")
    out: tuple[AnyArray, AnyArray] = _rsf2csf(t_arr, z_arr)
    return out


def _solve_sylvester_triangular_scan(r: Any, s: Any, f: Any) -> Any:
    """JAX's Bartels-Stewart back substitution of ``R Y + Y S^T = F`` (``R``, ``S`` upper triangular)."""
    r, s, f = _inexact(r, s, f)
    m, n = shape_of(f)
    total = m * n

    def scan_fn(y_flat: Any, idx: Any) -> Any:
        i = idx // n
        j = idx % n
        y = jnp.reshape(y_flat, (m, n))
        rhs = f[i, j]
        row_term = jnp.sum(jnp.where(jnp.arange(m) > i, r[i, :] * y[:, j], 0.0))
        col_term = jnp.sum(jnp.where(jnp.arange(n) > j, y[i, :] * s[:, j], 0.0))
        rhs = rhs - (row_term + col_term)
        val = rhs / (r[i, i] + s[j, j])
        return y_flat.at[i * n + j].set(val), None

    y_final, _ = scan(scan_fn, jnp.zeros((total,), dtype=f.dtype), jnp.arange(total - 1, -1, -1))
    return jnp.reshape(y_final, (m, n))


def _solve_sylvester_2d(a: Any, b: Any, c: Any, *, method: str, tol: float) -> Any:
    m, n = shape_of(c)[-2:]
    if method == "schur":
        r, u = _schur_body(a, output="complex")
        s, v = _schur_body(conj(b.T), output="complex")
        f = jnp.matmul(jnp.matmul(conj(u.T), c.astype(r.dtype)), v)
        y = _solve_sylvester_triangular_scan(r, conj(s.T), f)
        x = jnp.matmul(jnp.matmul(u, y), conj(v.T))
    elif method == "eigen":
        ra, ua = jnp_linalg.eig(a)
        rb, ub = jnp_linalg.eig(b)
        f = _solve_body(ua, jnp.matmul(c.astype(ra.dtype), ub), assume_a="gen", lower=False)
        y = f / (ra[:, None] + rb[None, :])
        x = jnp.matmul(jnp.matmul(ua[:m, :m], y[:m, :n]), jnp_linalg.inv(ub)[:n, :n])
    else:
        raise ValueError(f'Unrecognized method {method}. The two valid methods are either "schur" or "eigen".')
    if lax.aval_of(c).dtype.kind != "c":
        x = jnp.real(x)
    return cond(jnp.any(jnp.abs(jnp_linalg.eigvals(a)[:, None] + jnp_linalg.eigvals(b)[None, :]) < tol),
                lambda: jnp.zeros_like(x) * np.nan, lambda: x)


def _solve_sylvester_body(a: Any, b: Any, c: Any, tol: Any, *, method: str) -> Any:
    return vectorize(functools.partial(_solve_sylvester_2d, method=method, tol=tol),
                     signature="(m,m),(n,n),(m,n)->(m,n)")(a, b, c)


_solve_sylvester = jitted(_solve_sylvester_body, "solve_sylvester")


def solve_sylvester(A: ArrayLike, B: ArrayLike, C: ArrayLike, *, method: str = "schur",
                    tol: float = 1e-8) -> AnyArray:
    """The solution ``X`` of the Sylvester equation ``A X + X B = C``: by the Bartels-Stewart algorithm over complex
    Schur forms (``method='schur'``) or by eigendecompositions (``'eigen'``, faster, less accurate when ``A`` or
    ``B`` is ill-conditioned); NaNs where an eigenvalue of ``A`` plus one of ``B`` is within ``tol`` of zero.

    Args:
        A: matrices of shape ``(..., m, m)``.
        B: matrices of shape ``(..., n, n)``.
        C: matrices of shape ``(..., m, n)`` (batch dimensions broadcast).
        method: ``'schur'`` or ``'eigen'``.
        tol: how close to zero a sum of eigenvalues may come before the answer is NaN.

    Returns:
        ``X``, of shape ``(..., m, n)``, in the operands' inexact dtype.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import linalg
        >>> linalg.solve_sylvester(jnp.eye(2), 2 * jnp.eye(2), 3 * jnp.eye(2))
        Array([[1., 0.],
               [0., 1.]], dtype=float32)
    """
    a, b, c = _inexact(A, B, C)
    m, n = shape_of(c)[-2:]
    if shape_of(a)[-2:] != (m, m) or shape_of(b)[-2:] != (n, n):
        raise ValueError(f"Incompatible shapes for Sylvester equation:\nA: {shape_of(a)}\nB: {shape_of(b)}\n"
                         f"C: {shape_of(c)}")
    out: AnyArray = _solve_sylvester(a, b, c, tol, method=method)
    return out


def _algorithm_11_1_1(f: Any, t: Any) -> Any:
    """Golub and Van Loan's Algorithm 11.1.1 (Parlett's recurrence), as JAX writes it."""
    n = shape_of(t)[0]
    minden = jnp.abs(t[0, 0])

    def inner_loop(i: Any, p_f_minden: Any) -> Any:
        p, f, minden = p_f_minden
        j = i + p
        s = t[i - 1, j - 1] * (f[j - 1, j - 1] - f[i - 1, i - 1])
        t_row, t_col = t[i - 1], t[:, j - 1]
        f_row, f_col = f[i - 1], f[:, j - 1]
        ind = (jnp.arange(n) >= i) & (jnp.arange(n) < j - 1)
        val = (jnp.matmul(jnp.where(ind, t_row, 0), jnp.where(ind, f_col, 0))
               - jnp.matmul(jnp.where(ind, f_row, 0), jnp.where(ind, t_col, 0)))
        s = s + val
        den = t[j - 1, j - 1] - t[i - 1, i - 1]
        s = jnp.where(den != 0, s / den, s)
        f = f.at[i - 1, j - 1].set(s)
        minden = jnp.minimum(minden, jnp.abs(den))
        return p, f, minden

    def outer_loop(p: Any, f_minden: Any) -> Any:
        _, f, minden = fori_loop(1, n - p + 1, inner_loop, (p, *f_minden))
        return f, minden

    return fori_loop(1, n, outer_loop, (f, minden))


_algorithm = jitted(_algorithm_11_1_1, "_algorithm_11_1_1")


@overload
def funm(A: ArrayLike, func: Callable[[AnyArray], AnyArray], disp: Literal[True] = True) -> AnyArray: ...
@overload
def funm(A: ArrayLike, func: Callable[[AnyArray], AnyArray], disp: Literal[False]) -> tuple[AnyArray, AnyArray]: ...
@overload
def funm(A: ArrayLike, func: Callable[[AnyArray], AnyArray], disp: bool) -> AnyArray | tuple[AnyArray, AnyArray]: ...
def funm(A: ArrayLike, func: Callable[[AnyArray], AnyArray], disp: bool = True) -> AnyArray | tuple[AnyArray, AnyArray]:
    """The matrix function ``func(A)``: ``func`` of the eigenvalues on the diagonal of ``A``'s complex Schur form,
    the rest by Parlett's recurrence; complex.

    Args:
        A: a square matrix of shape ``(N, N)``.
        func: a function of an array of scalars, elementwise (as ``jnp.exp``).
        disp: give ``F`` alone (True) or ``(F, err)``, with an estimate of ``F``'s relative error.

    Returns:
        ``F`` (complex), or ``(F, err)`` when ``disp`` is false.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import linalg
        >>> linalg.funm(jnp.array([[1.0, 0.0], [0.0, 2.0]]), jnp.square)
        Array([[1.+0.j, 0.+0.j],
               [0.+0.j, 4.+0.j]], dtype=complex64)
    """
    a_arr = asarray(A)
    shape = shape_of(a_arr)
    if len(shape) != 2 or shape[0] != shape[1]:
        raise ValueError("expected square array_like input")
    t, z = schur(a_arr)
    t, z = rsf2csf(t, z)
    f = jnp.diag(func(jnp.diag(t)))
    f = f.astype(t.dtype.char)
    f, minden = _algorithm(f, t)
    f_arr: AnyArray = jnp.matmul(jnp.matmul(z, f), conj(z.T))
    if disp:
        return f_arr
    f = f_arr
    char = f.dtype.char.lower()
    tol = np.finfo(np.float32).eps if char == "f" else np.finfo(np.float64).eps
    minden = jnp.where(minden == 0.0, tol, minden)
    err = jnp.where(jnp.any(jnp.isinf(f)), np.inf,
                    jnp.minimum(1, jnp.maximum(tol, (tol / minden) * jnp_linalg.norm(jnp.triu(t, 1), 1))))
    return f, err


def _sturm(alpha: Any, beta_sq: Any, pivmin: Any, alpha0_perturbation: Any, x: Any) -> Any:
    """The Sturm sequence counts: how many eigenvalues lie below each of ``x`` (JAX's recurrence)."""
    n = shape_of(alpha)[0]
    zeros = jnp.zeros(shape_of(x), dtype=np.int32)
    ones = jnp.ones(shape_of(x), dtype=np.int32)
    q = alpha[0] - x
    count = jnp.where(q < 0, ones, zeros)
    q = jnp.where(alpha[0] == x, alpha0_perturbation, q)

    def step(i: Any, qc: Any) -> Any:
        q, count = qc
        q = alpha[i] - beta_sq[i - 1] / q - x
        count = jnp.where(q <= pivmin, count + 1, count)
        q = jnp.where(q <= pivmin, jnp.minimum(q, -pivmin), q)
        return q, count

    _, count = fori_loop(1, n, step, (q, count))
    return count


def _tridiagonal_eigenvectors(alpha: Any, beta: Any, eigvals: Any, key: Any) -> Any:
    """JAX's inverse iteration for the eigenvectors (random starts from ``key``, close eigenvalues' vectors
    orthogonalised by QR)."""
    n = shape_of(alpha)[0]
    k = shape_of(eigvals)[0]
    dl = jnp.pad(conj(beta), (1, 0))
    du = jnp.pad(beta, (0, 1))
    gap = eigvals[1:] - eigvals[:-1]
    eps = np.finfo(eigvals.dtype).eps
    t_norm = jnp.maximum(jnp.abs(eigvals[0]), jnp.abs(eigvals[-1]))
    gaptol = jnp.sqrt(eps) * t_norm
    close = gap < gaptol
    left_neighbor_close = jnp.pad(close, (1, 0), constant_values=False)
    right_neighbor_close = jnp.pad(close, (0, 1), constant_values=False)
    ortho_interval_start = jnp.logical_and(jnp.logical_not(left_neighbor_close), right_neighbor_close)
    ortho_interval_end = jnp.logical_and(left_neighbor_close, jnp.logical_not(right_neighbor_close))
    max_clusters = k // 2 + 1
    starts = jnp.nonzero(ortho_interval_start, size=max_clusters)[0]
    ends = jnp.nonzero(ortho_interval_end, size=max_clusters)[0] + 1
    num_clusters = jnp.sum(ortho_interval_start)
    arange_k = jnp.arange(k)
    solve_dtype = np.result_type(alpha.dtype, beta.dtype)
    base_dtype = np.finfo(solve_dtype).dtype
    v = random.normal(key, (k, n), dtype=base_dtype).astype(solve_dtype)
    v = v / jnp_linalg.norm(v, axis=-1, keepdims=True).astype(solve_dtype)

    def orthogonalize_close_eigenvectors(ev: Any) -> Any:
        def orthogonalize_cluster(i: Any, ev: Any) -> Any:
            start = starts[i]
            end = ends[i]
            c = end - start
            ev_padded = jnp.pad(ev, ((0, k), (0, 0)))
            v_block = dynamic_slice(ev_padded, (start, 0), (k, n))
            mask = (arange_k < c).astype(ev.dtype)
            q = jnp_linalg.qr((v_block * mask[:, None]).T)[0]
            qt_masked = q.T * mask[:, None]
            big_update = dynamic_update_slice(jnp.zeros((2 * k, n), dtype=ev.dtype), qt_masked, (start, 0))
            is_in_cluster = (arange_k >= start) & (arange_k < end)
            return jnp.where(is_in_cluster[:, None], big_update[:k, :], ev)

        return fori_loop(0, num_clusters, orthogonalize_cluster, ev)

    alpha_shifted = alpha[None, :] - eigvals[:, None]
    dl_batched = jnp.broadcast_to(dl[None, :], (k, n))
    du_batched = jnp.broadcast_to(du[None, :], (k, n))

    def inverse_iteration_step(state: Any) -> Any:
        i, v, nrm_v, _ = state
        v_new = lax_linalg.tridiagonal_solve(dl_batched.astype(solve_dtype), alpha_shifted.astype(solve_dtype),
                                             du_batched.astype(solve_dtype), v[:, :, None].astype(solve_dtype),
                                             perturb_singular=True)
        v_new = jnp.squeeze(v_new, axis=-1)
        nrm_v_new = jnp_linalg.norm(v_new, axis=-1, keepdims=True)
        v_new = v_new / nrm_v_new.astype(v_new.dtype)
        nrm_v_new = jnp.squeeze(nrm_v_new, axis=-1)
        return i + 1, orthogonalize_close_eigenvectors(v_new), nrm_v_new, nrm_v

    def continue_iteration(state: Any) -> Any:
        i, _, nrm_v, nrm_v_old = state
        return jnp.logical_and(i < 5, jnp.any(nrm_v >= 1.1 * nrm_v_old))

    _, v_final, _, _ = while_loop(continue_iteration, inverse_iteration_step,
                                  (0, v, jnp.ones(k, dtype=eigvals.dtype), jnp.zeros(k, dtype=eigvals.dtype)))
    return v_final


def _eigh_tridiagonal_body(d: Any, e: Any, tol: Any, key: Any, *, eigvals_only: bool, select: str,
                           select_range: tuple[float, float] | None) -> Any:
    alpha = asarray(d)
    beta = asarray(e)
    supported = (np.float32, np.float64, np.complex64, np.complex128)
    if alpha.dtype != beta.dtype:
        raise TypeError(f"diagonal and off-diagonal values must have same dtype, got {alpha.dtype} and {beta.dtype}")
    if alpha.dtype not in supported or beta.dtype not in supported:
        raise TypeError("Only float32 and float64 inputs are supported as inputs to "
                        f"arraytyping.scipy.linalg.eigh_tridiagonal, got {alpha.dtype} and {beta.dtype}")
    n = shape_of(alpha)[0]
    if n <= 1:
        return jnp.real(alpha) if eigvals_only else (jnp.real(alpha), jnp.eye(n, dtype=alpha.dtype))
    if np.dtype(alpha.dtype).kind == "c":
        alpha = jnp.real(alpha)
        beta_sq = jnp.real(beta * conj(beta))
        beta_abs = jnp.sqrt(beta_sq)
    else:
        beta_abs = jnp.abs(beta)
        beta_sq = jnp.square(beta)
    off_diag_abs_row_sum = jnp.concatenate([beta_abs[:1], beta_abs[:-1] + beta_abs[1:], beta_abs[-1:]], axis=0)
    lambda_est_max = jnp.amax(alpha + off_diag_abs_row_sum)
    lambda_est_min = jnp.amin(alpha - off_diag_abs_row_sum)
    t_norm = jnp.maximum(jnp.abs(lambda_est_min), jnp.abs(lambda_est_max))
    finfo = np.finfo(alpha.dtype)
    one = np.ones([], dtype=alpha.dtype)
    safemin = np.maximum(one / finfo.max, (one + finfo.eps) * finfo.tiny)
    pivmin = safemin * jnp.maximum(1, jnp.amax(beta_sq))
    alpha0_perturbation = jnp.square(finfo.eps * beta_abs[0])
    abs_tol = finfo.eps * t_norm
    if tol is not None:
        abs_tol = jnp.maximum(tol, abs_tol)
    max_it = finfo.nmant + 1
    if select == "a":
        target_counts = jnp.arange(n, dtype=np.int32)
    elif select == "i":
        if select_range is None:
            raise ValueError("for select='i', select_range must be specified.")
        if select_range[0] > select_range[1]:
            raise ValueError("Got empty index range in select_range.")
        target_counts = jnp.arange(select_range[0], select_range[1] + 1, dtype=np.int32)
    elif select == "v":
        raise NotImplementedError("eigh_tridiagonal(..., select='v') is not implemented")
    else:
        raise ValueError("'select must have a value in {'a', 'i', 'v'}.")
    fudge = 2.1
    norm_slack = jnp.array(n, alpha.dtype) * fudge * finfo.eps * t_norm
    lower = lambda_est_min - norm_slack - 2 * fudge * pivmin
    upper = lambda_est_max + norm_slack + fudge * pivmin
    target_shape = shape_of(target_counts)
    lower = jnp.broadcast_to(lower, target_shape)
    upper = jnp.broadcast_to(upper, target_shape)
    mid = 0.5 * (upper + lower)
    pivmin = jnp.broadcast_to(pivmin, target_shape)
    alpha0_perturbation = jnp.broadcast_to(alpha0_perturbation, target_shape)

    def bisect_cond(args: Any) -> Any:
        i, lower, _, upper = args
        return jnp.logical_and(jnp.less(i, max_it), jnp.less(abs_tol, jnp.amax(upper - lower)))

    def bisect(args: Any) -> Any:
        i, lower, mid, upper = args
        counts = _sturm(alpha, beta_sq, pivmin, alpha0_perturbation, mid)
        lower = jnp.where(counts <= target_counts, mid, lower)
        upper = jnp.where(counts > target_counts, mid, upper)
        return i + 1, lower, 0.5 * (lower + upper), upper

    _, _, mid, _ = while_loop(bisect_cond, bisect, (0, lower, mid, upper))
    if eigvals_only:
        return mid
    return mid, _tridiagonal_eigenvectors(alpha, beta, mid, key).T


_eigh_tridiagonal = jitted(_eigh_tridiagonal_body, "eigh_tridiagonal")


@overload
def eigh_tridiagonal(d: ArrayLike, e: ArrayLike, *, eigvals_only: Literal[True], select: str = "a",
                     select_range: tuple[float, float] | None = None, tol: float | None = None,
                     key: Any = None) -> AnyArray: ...
@overload
def eigh_tridiagonal(d: ArrayLike, e: ArrayLike, *, eigvals_only: Literal[False] = False, select: str = "a",
                     select_range: tuple[float, float] | None = None, tol: float | None = None,
                     key: Any = None) -> tuple[AnyArray, AnyArray]: ...
@overload
def eigh_tridiagonal(d: ArrayLike, e: ArrayLike, *, eigvals_only: bool, select: str = "a",
                     select_range: tuple[float, float] | None = None, tol: float | None = None,
                     key: Any = None) -> AnyArray | tuple[AnyArray, AnyArray]: ...
def eigh_tridiagonal(d: ArrayLike, e: ArrayLike, *, eigvals_only: bool = False, select: str = "a",
                     select_range: tuple[float, float] | None = None, tol: float | None = None,
                     key: Any = None) -> AnyArray | tuple[AnyArray, AnyArray]:
    """The eigenvalues (ascending, by bisection on Sturm sequences) and eigenvectors (by inverse iteration) of
    the symmetric (Hermitian) tridiagonal matrix with diagonal ``d`` and off-diagonal ``e``.

    Args:
        d: the diagonal, of shape ``(N,)``, float32 or float64 (or complex).
        e: the off-diagonal, of shape ``(N - 1,)`` and ``d``'s dtype.
        eigvals_only: give the eigenvalues alone.
        select: ``'a'`` (all) or ``'i'`` (those of indices ``select_range[0]`` to ``select_range[1]``); ``'v'`` is
            not implemented, as in JAX.
        select_range: the index range for ``select='i'``.
        tol: the absolute tolerance of the eigenvalues.
        key: the PRNG key of inverse iteration's starting vectors (``random.key(42)`` by default).

    Returns:
        The eigenvalues, or ``(eigenvalues, eigenvectors)`` with the eigenvectors as columns.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import linalg
        >>> linalg.eigh_tridiagonal(jnp.array([2.0, 2.0]), jnp.array([1.0]), eigvals_only=True)
        Array([1., 3.], dtype=float32)
    """
    if not eigvals_only and key is None:
        key = random.key(42)
    if select_range is not None:
        select_range = (select_range[0], select_range[1])
    out: AnyArray | tuple[AnyArray, AnyArray] = _eigh_tridiagonal(d, e, tol, key, eigvals_only=eigvals_only,
                                                                   select=select, select_range=select_range)
    return out
