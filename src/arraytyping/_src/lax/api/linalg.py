"""``jax.lax.linalg``'s functions as JAX 0.10.2 defines them (``jax/_src/lax/linalg.py``), over the LAPACK
primitives of :mod:`arraytyping._src.lax.linalg`: ``cholesky``, ``eig``, ``eigh``, ``householder_product``, ``lu``,
``lu_pivots_to_permutation``, ``qr``, ``svd``, ``symmetric_product`` and ``triangular_solve``, with JAX's keyword
arguments and results (``lu`` gives ``(lu, pivots, permutation)``; ``svd`` gives ``(u, s, vh)``).

What JAX cannot do on the CPU is refused as JAX refuses it there: ``subset_by_index`` other than the whole range
(``NotImplementedError``), a TPU- or GPU-only algorithm. ``qr(..., pivoting=True)`` (LAPACK's ``geqp3``) is not
supported yet (``NotImplementedError``)."""

from __future__ import annotations

import enum
import warnings
from collections.abc import Callable
from typing import Any, Literal, cast, overload


from arraytyping import lattice, op_rules
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import config
from arraytyping._src.lax import lax
from arraytyping._src.lax import linalg as lapack
from arraytyping._src.lax.linalg import (
    cholesky_p, cholesky_update_p, eig_p, eigh_p, hessenberg_p, householder_product_p, lu_p,
    lu_pivots_to_permutation_p, ormqr_p, qr_p, schur_p, svd_p, symmetric_product_p, triangular_solve_p,
    tridiagonal_p, tridiagonal_solve_p,
)

__all__ = ["EigImplementation", "EighImplementation", "SvdAlgorithm", "cholesky", "cholesky_p", "cholesky_update",
           "cholesky_update_p", "eig", "eig_p", "eigh", "eigh_p", "hessenberg", "hessenberg_p",
           "householder_product", "householder_product_p", "lu", "lu_p", "lu_pivots_to_permutation",
           "lu_pivots_to_permutation_p", "ormqr", "ormqr_p", "qr", "qr_p", "schur", "schur_p", "svd", "svd_p",
           "symmetric_product", "symmetric_product_p", "triangular_solve", "triangular_solve_p", "tridiagonal",
           "tridiagonal_p", "tridiagonal_solve", "tridiagonal_solve_p"]


class EigImplementation(enum.Enum):
    """The algorithm of :func:`eig` (JAX's; the CPU runs ``LAPACK``)."""

    CUSOLVER = "cusolver"
    MAGMA = "magma"
    LAPACK = "lapack"


class EighImplementation(enum.Enum):
    """The algorithm of :func:`eigh` (JAX's; the CPU runs ``QR``, LAPACK's ``syevd``/``heevd``)."""

    QR = "qr"
    JACOBI = "jacobi"
    QDWH = "qdwh"


class SvdAlgorithm(enum.Enum):
    """The algorithm of :func:`svd` (JAX's; the CPU runs LAPACK's ``gesdd`` for ``DEFAULT``)."""

    DEFAULT = "default"
    QR = "QR"
    JACOBI = "Jacobi"
    POLAR = "polar"
    DIVIDE_AND_CONQUER = "divide_and_conquer"


def _matrix(x: Any) -> Any:
    return lax.asarray(x)


def _mT(x: Any) -> Any:
    n = lax.aval_of(x).ndim
    return lax.transpose(x, (*range(n - 2), n - 1, n - 2))


def _H(x: Any) -> Any:
    """The conjugate transpose (JAX's ``_T(x).conj()``: a real matrix is only transposed)."""
    t = _mT(x)
    return lax.conj(t) if registry.INFO[lax.aval_of(t).name].kind == "c" else t


def _full_like(x: Any, value: Any) -> Any:
    a = lax.aval_of(x)
    return lax.full(a.shape, value, a.dtype, a.weak_type)


def symmetrize(x: Any) -> Any:
    """JAX's ``symmetrize``: ``(x + x^H) / 2``, with ``jax.numpy``'s operators (``+`` of bools is ``or``; ``/``
    makes bool and integers inexact)."""
    a = lax.aval_of(x)
    total = lax.bitwise_or(x, _H(x)) if a.name == "bool" else lax.add(x, _H(x))
    if registry.INFO[a.name].kind not in "fc":
        # a bool joined with the weak 2 is a weak default int (then the weak default float); an integer keeps its
        # dtype and flag (then its inexact dtype)
        if a.name == "bool":
            name, weak = lattice.default_name("f", config.x64), True
        else:
            name, weak = op_rules.to_inexact_name(a.name), a.weak_type
        total = lax.convert_element_type(total, registry.INFO[name].dtype, weak)
    return lax.div(total, _full_like(total, 2))


def _tri(x: Any, k: int, lower: bool) -> Any:
    a = lax.aval_of(x)
    *_, n, m = a.shape
    mask = lax.tri_mask(n, m, k)
    if not lower:
        mask = lax.bitwise_not(lax.tri_mask(n, m, k - 1))
    mask = lax.broadcast_in_dim(mask, a.shape, (a.ndim - 2, a.ndim - 1))
    return lax.select_n(mask, _full_like(x, 0), x)


def tril(x: Any, k: int = 0) -> Any:
    """JAX's ``_tril``: ``x`` with zeros above its ``k``-th diagonal (last two axes)."""
    return _tri(x, k, True)


def triu(x: Any, k: int = 0) -> Any:
    """JAX's ``_triu``: ``x`` with zeros below its ``k``-th diagonal (last two axes)."""
    return _tri(x, k, False)


def cholesky(x: ArrayLike, *, symmetrize_input: bool = True) -> AnyArray:
    """The lower Cholesky factor ``L`` of a batch of Hermitian positive-definite matrices (``x = L @ L^H``).

    Args:
        x: matrices of shape ``[..., n, n]``.
        symmetrize_input: symmetrize ``x`` first (``(x + x^H) / 2``); otherwise only its lower triangle is read.

    Returns:
        ``L``, of ``x``'s shape and dtype; nans where the factorization fails.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.lax import linalg
        >>> linalg.cholesky(jnp.array([[4.0, 2.0], [2.0, 5.0]]))
        Array([[2., 0.],
               [1., 2.]], dtype=float32)
    """
    x = _matrix(x)
    if symmetrize_input:
        x = symmetrize(x)
    return tril(cholesky_p.bind(x))  # type: ignore[no-any-return]


def eig(x: ArrayLike, *, compute_left_eigenvectors: bool = True, compute_right_eigenvectors: bool = True,
        enable_eigvec_derivs: bool = False, implementation: EigImplementation | None = None,
        use_magma: bool | None = None) -> list[AnyArray]:
    """The eigenvalues and, as asked, left and right eigenvectors of a batch of general square matrices
    (LAPACK's ``geev``).

    Args:
        x: matrices of shape ``[..., n, n]``.
        compute_left_eigenvectors: include the left eigenvectors.
        compute_right_eigenvectors: include the right eigenvectors.
        enable_eigvec_derivs: accepted as JAX accepts it (the eigenvectors' derivatives are not defined here).
        implementation: ``None`` or ``EigImplementation.LAPACK`` (the CPU's; others raise JAX's ``ValueError``).
        use_magma: deprecated (a ``DeprecationWarning``, as JAX's): ``True`` asks for MAGMA, which the CPU refuses.

    Returns:
        ``[w, vl, vr]`` (the vectors as asked): complex eigenvalues and unit-norm eigenvectors (columns).

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.lax import linalg
        >>> w, vr = linalg.eig(jnp.array([[2.0, 0.0], [0.0, 3.0]]), compute_left_eigenvectors=False)
        >>> w
        Array([2.+0.j, 3.+0.j], dtype=complex64)
    """
    if use_magma is not None:
        warnings.warn("use_magma is deprecated, please use implementation=EigImplementation.MAGMA instead.",
                      DeprecationWarning, stacklevel=2)
        implementation = EigImplementation.MAGMA if use_magma else EigImplementation.LAPACK
    out = lapack.eig_p.bind(_matrix(x), compute_left_eigenvectors=compute_left_eigenvectors,
                            compute_right_eigenvectors=compute_right_eigenvectors,
                            enable_eigvec_derivs=enable_eigvec_derivs, implementation=implementation)
    return list(out)


def eigh(x: ArrayLike, *, lower: bool = True, symmetrize_input: bool = True, sort_eigenvalues: bool = True,
         subset_by_index: tuple[int, int] | None = None, implementation: EighImplementation | None = None
         ) -> tuple[AnyArray, AnyArray]:
    """The eigenvectors and ascending eigenvalues of a batch of Hermitian (real symmetric) matrices.

    Args:
        x: matrices of shape ``[..., n, n]``.
        lower: without ``symmetrize_input``, read the lower (else the upper) triangle.
        symmetrize_input: symmetrize ``x`` first (``(x + x^H) / 2``).
        sort_eigenvalues: the CPU's eigenvalues are sorted in any case.
        subset_by_index: ``None`` or the whole range ``(0, n)`` (the CPU computes no other).
        implementation: ``None`` or ``EighImplementation.QR`` (the CPU's).

    Returns:
        ``(v, w)``: eigenvectors as columns (``x``'s dtype) and eigenvalues (its real dtype), ascending.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.lax import linalg
        >>> v, w = linalg.eigh(jnp.array([[2.0, 0.0], [0.0, 1.0]]))
        >>> w
        Array([1., 2.], dtype=float32)
    """
    x = _matrix(x)
    if symmetrize_input:
        x = symmetrize(x)
    v, w = lapack.eigh_p.bind(x, lower=lower, sort_eigenvalues=sort_eigenvalues, subset_by_index=subset_by_index,
                              algorithm=implementation)
    return v, w


def householder_product(a: ArrayLike, taus: ArrayLike) -> AnyArray:
    """The product of the Householder reflectors ``a`` holds below its diagonal with the scales ``taus`` (LAPACK's
    ``orgqr``/``ungqr``): the ``Q`` of a QR factorization.

    Args:
        a: matrices of shape ``[..., m, n]`` (``m >= n``).
        taus: scales of shape ``[..., k]`` (``k <= n``).

    Returns:
        A matrix of ``a``'s shape and dtype with orthonormal columns.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.lax import linalg
        >>> linalg.householder_product(jnp.zeros((2, 2)), jnp.zeros((2,)))
        Array([[1., 0.],
               [0., 1.]], dtype=float32)
    """
    return householder_product_p.bind(_matrix(a), _matrix(taus))  # type: ignore[no-any-return]


def lu(x: ArrayLike) -> tuple[AnyArray, AnyArray, AnyArray]:
    """LU decomposition with partial pivoting, ``P A = L U``.

    Args:
        x: matrices of shape ``[..., m, n]``.

    Returns:
        ``(lu, pivots, permutation)``: ``L`` (unit diagonal implied) and ``U`` packed in one matrix of ``x``'s
        dtype, the row swaps (int32, ``[..., min(m, n)]``) and the row permutation (int32, ``[..., m]``).

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.lax import linalg
        >>> lu, pivots, perm = linalg.lu(jnp.array([[1.0, 2.0], [3.0, 4.0]]))
        >>> perm
        Array([1, 0], dtype=int32)
    """
    packed, pivots, permutation = lapack.lu_p.bind(_matrix(x))
    return packed, pivots, permutation


def lu_pivots_to_permutation(pivots: ArrayLike, permutation_size: int) -> AnyArray:
    """The permutation the row swaps ``pivots`` (as :func:`lu` gives them) make.

    Args:
        pivots: int32 row swaps of shape ``[..., k]``.
        permutation_size: the permutation's length (at least ``k``).

    Returns:
        An int32 array of shape ``[..., permutation_size]``.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.lax import linalg
        >>> linalg.lu_pivots_to_permutation(jnp.array([1, 1], dtype=jnp.int32), 3)
        Array([1, 0, 2], dtype=int32)
    """
    return lapack.lu_pivots_to_permutation_p.bind(  # type: ignore[no-any-return]
        _matrix(pivots), permutation_size=permutation_size)


@overload
def qr(x: ArrayLike, *, pivoting: Literal[False] = False, full_matrices: bool = True,
       use_magma: bool | None = None) -> tuple[AnyArray, AnyArray]: ...
@overload
def qr(x: ArrayLike, *, pivoting: Literal[True], full_matrices: bool = True,
       use_magma: bool | None = None) -> tuple[AnyArray, AnyArray, AnyArray]: ...
@overload
def qr(x: ArrayLike, *, pivoting: bool = False, full_matrices: bool = True, use_magma: bool | None = None
       ) -> tuple[AnyArray, AnyArray] | tuple[AnyArray, AnyArray, AnyArray]: ...
def qr(x: ArrayLike, *, pivoting: bool = False, full_matrices: bool = True, use_magma: bool | None = None
       ) -> tuple[AnyArray, AnyArray] | tuple[AnyArray, AnyArray, AnyArray]:
    """QR decomposition ``A = Q R``, ``Q`` unitary, ``R`` upper triangular.

    Args:
        x: matrices of shape ``[..., m, n]``.
        pivoting: column pivoting (not supported yet: ``NotImplementedError``).
        full_matrices: ``Q`` of shape ``[..., m, m]`` and ``R`` ``[..., m, n]``; otherwise ``[..., m, k]`` and
            ``[..., k, n]`` with ``k = min(m, n)``.
        use_magma: GPU only; ignored.

    Returns:
        ``(q, r)``.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.lax import linalg
        >>> q, r = linalg.qr(jnp.eye(2))
        >>> r.shape
        (2, 2)
    """
    if pivoting:
        raise NotImplementedError("qr with pivoting=True is not supported")
    q, r = lapack.qr_p.bind(_matrix(x), full_matrices=full_matrices, pivoting=False, use_magma=use_magma)
    return q, r


@overload
def svd(x: ArrayLike, *, full_matrices: bool = True, compute_uv: Literal[True] = True,
        subset_by_index: tuple[int, int] | None = None, algorithm: SvdAlgorithm | None = None
        ) -> tuple[AnyArray, AnyArray, AnyArray]: ...
@overload
def svd(x: ArrayLike, *, full_matrices: bool = True, compute_uv: Literal[False],
        subset_by_index: tuple[int, int] | None = None, algorithm: SvdAlgorithm | None = None) -> AnyArray: ...
@overload
def svd(x: ArrayLike, *, full_matrices: bool = True, compute_uv: bool = True,
        subset_by_index: tuple[int, int] | None = None, algorithm: SvdAlgorithm | None = None
        ) -> AnyArray | tuple[AnyArray, AnyArray, AnyArray]: ...
def svd(x: ArrayLike, *, full_matrices: bool = True, compute_uv: bool = True,
        subset_by_index: tuple[int, int] | None = None, algorithm: SvdAlgorithm | None = None
        ) -> AnyArray | tuple[AnyArray, AnyArray, AnyArray]:
    """Singular value decomposition ``A = U diag(s) Vh`` (LAPACK's ``gesdd``).

    Args:
        x: matrices of shape ``[..., m, n]``.
        full_matrices: square ``U`` and ``Vh``; otherwise ``[..., m, k]`` and ``[..., k, n]``, ``k = min(m, n)``.
        compute_uv: give ``(u, s, vh)``; otherwise the singular values alone.
        subset_by_index: ``None`` or the whole range ``(0, k)`` (the CPU computes no other).
        algorithm: ``None``, ``DEFAULT`` or ``DIVIDE_AND_CONQUER`` (LAPACK's ``gesdd``), ``QR`` (``gesvd``); the
            others raise JAX's ``NotImplementedError`` on the CPU.

    Returns:
        ``(u, s, vh)``, or ``s``: descending singular values of ``x``'s real dtype.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.lax import linalg
        >>> linalg.svd(jnp.array([[3.0, 0.0], [0.0, 4.0]]), compute_uv=False)
        Array([4., 3.], dtype=float32)
    """
    x = _matrix(x)
    if compute_uv:
        s, u, vh = lapack.svd_p.bind(x, full_matrices=full_matrices, compute_uv=True,
                                     subset_by_index=subset_by_index, algorithm=algorithm)
        return u, s, vh
    (s,) = lapack.svd_p.bind(x, full_matrices=full_matrices, compute_uv=False, subset_by_index=subset_by_index,
                             algorithm=algorithm)
    return s  # type: ignore[no-any-return]


def symmetric_product(a_matrix: ArrayLike, c_matrix: ArrayLike, *, alpha: float = 1., beta: float = 0.,
                      symmetrize_output: bool = False) -> AnyArray:
    """``alpha * A @ A^T + beta * C``, ``C`` symmetric.

    Args:
        a_matrix: real floating matrices of shape ``[..., m, n]`` (JAX's primitive takes no complex ones).
        c_matrix: symmetric matrices of shape ``[..., m, m]``, of ``a_matrix``'s dtype.
        alpha: a scalar.
        beta: a scalar.
        symmetrize_output: fill the upper triangle with the lower's transpose (else only the lower triangle is
            guaranteed on every platform; on the CPU the whole product is computed).

    Returns:
        Matrices of shape ``[..., m, m]``.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.lax import linalg
        >>> linalg.symmetric_product(jnp.array([[1.0], [2.0]]), jnp.zeros((2, 2)))
        Array([[1., 2.],
               [2., 4.]], dtype=float32)
    """
    result = lapack.symmetric_product_p.bind(_matrix(a_matrix), _matrix(c_matrix), alpha=alpha, beta=beta)
    if symmetrize_output:
        result = lax.add(tril(result), _mT(tril(result, -1)))
    return result  # type: ignore[no-any-return]


def triangular_solve(a: ArrayLike, b: ArrayLike, *, left_side: bool = False, lower: bool = False,
                     transpose_a: bool = False, conjugate_a: bool = False, unit_diagonal: bool = False) -> AnyArray:
    """Solves ``op(A) X = B`` (``left_side``) or ``X op(A) = B`` for triangular ``A`` (LAPACK's ``trsm``).

    Args:
        a: triangular matrices of shape ``[..., m, m]`` (only the triangle ``lower`` names is read).
        b: right-hand sides ``[..., m, n]`` (``left_side``) or ``[..., n, m]``; a batch of vectors
            ``[..., m]`` is solved as one column (row).
        left_side: which of the two equations.
        lower: use ``a``'s lower (else upper) triangle.
        transpose_a: ``op`` transposes ``a``.
        conjugate_a: ``op`` conjugates ``a`` (complex only).
        unit_diagonal: assume a unit diagonal.

    Returns:
        ``X``, of ``b``'s shape and dtype.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.lax import linalg
        >>> linalg.triangular_solve(jnp.array([[2.0, 0.0], [1.0, 1.0]]), jnp.array([[2.0], [3.0]]),
        ...                         left_side=True, lower=True)
        Array([[1.],
               [2.]], dtype=float32)
    """
    a_arr, b_arr = _matrix(a), _matrix(b)
    a_aval, b_aval = lax.aval_of(a_arr), lax.aval_of(b_arr)
    conjugate_a = conjugate_a and registry.INFO[a_aval.name].kind == "c"
    singleton = b_aval.ndim == a_aval.ndim - 1
    if singleton:
        axis = b_aval.ndim if left_side else b_aval.ndim - 1
        shape = (*b_aval.shape[:axis], 1, *b_aval.shape[axis:])
        b_arr = lax.reshape(b_arr, shape)
    out = triangular_solve_p.bind(a_arr, b_arr, left_side=left_side, lower=lower, transpose_a=transpose_a,
                                  conjugate_a=conjugate_a, unit_diagonal=unit_diagonal)
    if singleton:
        out_aval = lax.aval_of(out)
        axis = out_aval.ndim - 1 if left_side else out_aval.ndim - 2
        out = lax.squeeze(out, (axis,))
    return out  # type: ignore[no-any-return]


def cholesky_update(r_matrix: ArrayLike, w_vector: ArrayLike) -> AnyArray:
    """The Cholesky rank-1 update: from the upper factor ``R`` of ``A = R^T R``, the upper factor of
    ``A + w w^T`` (Givens rotations, ``O(n^2)``).

    Args:
        r_matrix: an upper-triangular real matrix of shape ``[n, n]`` (no batch axes, as in JAX).
        w_vector: a vector of shape ``[n]``, of ``r_matrix``'s dtype.

    Returns:
        The new upper-triangular factor, of ``r_matrix``'s shape and dtype.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.lax import linalg
        >>> linalg.cholesky_update(jnp.eye(2), jnp.array([0.0, 0.0]))
        Array([[1., 0.],
               [0., 1.]], dtype=float32)
    """
    return lapack.cholesky_update_p.bind(_matrix(r_matrix), _matrix(w_vector))  # type: ignore[no-any-return]


def hessenberg(a: ArrayLike) -> tuple[AnyArray, AnyArray]:
    """Reduces square matrices to upper Hessenberg form (LAPACK's ``gehrd``).

    Args:
        a: floating or complex matrices of shape ``[..., n, n]``.

    Returns:
        ``(a, taus)``: the Hessenberg matrix in the upper triangle and first subdiagonal with the Householder
        reflectors below it, and the reflectors' scales (``[..., n - 1]``).

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.lax import linalg
        >>> h, taus = linalg.hessenberg(jnp.eye(3))
        >>> taus.shape
        (2,)
    """
    h, taus = lapack.hessenberg_p.bind(_matrix(a))
    return h, taus


def ormqr(a: ArrayLike, taus: ArrayLike, c: ArrayLike, *, left: bool = True, transpose: bool = False) -> AnyArray:
    """Multiplies ``c`` by the ``Q`` of a QR factorization without forming ``Q`` (LAPACK's ``ormqr``/``unmqr``):
    ``Q @ c`` (``left``), ``c @ Q``, or with ``Q^T`` (``Q^H`` for complex) when ``transpose``.

    Args:
        a: the Householder reflectors, ``[..., m, n]`` (below the diagonal, as ``geqrf`` leaves them).
        taus: their scales, ``[..., k]``.
        c: the matrix to multiply, ``[..., m, p]`` (``left``) or ``[..., p, m]``.
        left: multiply on the left.
        transpose: use ``Q^T`` (``Q^H``).

    Returns:
        The product, of ``c``'s shape.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.lax import linalg
        >>> linalg.ormqr(jnp.zeros((2, 2)), jnp.zeros((2,)), jnp.eye(2))
        Array([[1., 0.],
               [0., 1.]], dtype=float32)
    """
    return lapack.ormqr_p.bind(_matrix(a), _matrix(taus), _matrix(c),  # type: ignore[no-any-return]
                               left=left, transpose=transpose)


@overload
def schur(x: ArrayLike, *, compute_schur_vectors: Literal[True] = True, sort_eig_vals: bool = False,
          select_callable: Callable[..., Any] | None = None) -> tuple[AnyArray, AnyArray]: ...
@overload
def schur(x: ArrayLike, *, compute_schur_vectors: Literal[False], sort_eig_vals: bool = False,
          select_callable: Callable[..., Any] | None = None) -> tuple[AnyArray]: ...
@overload
def schur(x: ArrayLike, *, compute_schur_vectors: bool = True, sort_eig_vals: bool = False,
          select_callable: Callable[..., Any] | None = None) -> tuple[AnyArray, AnyArray] | tuple[AnyArray]: ...
def schur(x: ArrayLike, *, compute_schur_vectors: bool = True, sort_eig_vals: bool = False,
          select_callable: Callable[..., Any] | None = None) -> tuple[AnyArray, AnyArray] | tuple[AnyArray]:
    """The Schur decomposition ``A = Q T Q^H`` of square matrices (LAPACK's ``gees``; a real matrix gets its real
    Schur form).

    Args:
        x: matrices of shape ``[..., n, n]``.
        compute_schur_vectors: also compute ``Q``.
        sort_eig_vals: LAPACK's sorting is not implemented (``NotImplementedError``, as in JAX).
        select_callable: unused, as in JAX.

    Returns:
        ``(T, Q)``, or ``(T,)`` without ``compute_schur_vectors`` (JAX's primitive's results).

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.lax import linalg
        >>> t, q = linalg.schur(jnp.array([[2.0, 1.0], [0.0, 3.0]]))
        >>> t
        Array([[2., 1.],
               [0., 3.]], dtype=float32)
    """
    out = lapack.schur_p.bind(_matrix(x), compute_schur_vectors=compute_schur_vectors, sort_eig_vals=sort_eig_vals,
                              select_callable=select_callable)
    return cast("tuple[AnyArray, AnyArray] | tuple[AnyArray]", tuple(out))


def tridiagonal(a: ArrayLike, *, lower: bool = True) -> tuple[AnyArray, AnyArray, AnyArray, AnyArray]:
    """Reduces Hermitian (real symmetric) matrices to tridiagonal form (LAPACK's ``sytrd``/``hetrd``).

    Args:
        a: floating or complex matrices of shape ``[..., n, n]``.
        lower: which triangle of ``a`` to read.

    Returns:
        ``(a, d, e, taus)``: the reduced matrix with the Householder reflectors, its diagonal and off-diagonal (of
        the real dtype) and the reflectors' scales.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.lax import linalg
        >>> arr, d, e, taus = linalg.tridiagonal(jnp.array([[2.0, 1.0], [1.0, 3.0]]))
        >>> d
        Array([2., 3.], dtype=float32)
    """
    arr, d, e, taus = lapack.tridiagonal_p.bind(_matrix(a), lower=lower)
    return arr, d, e, taus


def tridiagonal_solve(dl: ArrayLike, d: ArrayLike, du: ArrayLike, b: ArrayLike, *,
                      perturb_singular: bool = False) -> AnyArray:
    """Solves the tridiagonal system ``A X = B`` (LAPACK's ``gtsv``).

    Args:
        dl: the lower diagonal, ``[..., m]`` (``dl[0]`` is ignored).
        d: the diagonal, ``[..., m]``.
        du: the upper diagonal, ``[..., m]`` (``du[m - 1]`` is ignored).
        b: the right-hand sides, ``[..., m, k]``.
        perturb_singular: perturb tiny pivots so that a singular system gets a finite answer.

    Returns:
        ``X``, of ``b``'s shape.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.lax import linalg
        >>> linalg.tridiagonal_solve(jnp.array([0.0, 1.0]), jnp.array([2.0, 2.0]), jnp.array([1.0, 0.0]),
        ...                          jnp.array([[3.0], [3.0]]))
        Array([[1.],
               [1.]], dtype=float32)
    """
    return lapack.tridiagonal_solve_p.bind(_matrix(dl), _matrix(d), _matrix(du),  # type: ignore[no-any-return]
                                           _matrix(b), perturb_singular=perturb_singular)
