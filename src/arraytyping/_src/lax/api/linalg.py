"""``jax.lax.linalg``'s functions as JAX 0.10.2 defines them (``jax/_src/lax/linalg.py``), over the LAPACK
primitives of :mod:`arraytyping._src.lax.linalg`: ``cholesky``, ``eig``, ``eigh``, ``householder_product``, ``lu``,
``lu_pivots_to_permutation``, ``qr``, ``svd``, ``symmetric_product`` and ``triangular_solve``, with JAX's keyword
arguments and results (``lu`` gives ``(lu, pivots, permutation)``; ``svd`` gives ``(u, s, vh)``).

What JAX cannot do on the CPU is refused as JAX refuses it there: ``subset_by_index`` other than the whole range
(``NotImplementedError``), a TPU- or GPU-only algorithm. ``qr(..., pivoting=True)`` (LAPACK's ``geqp3``) is not
supported yet (``NotImplementedError``)."""

from __future__ import annotations

import enum
from typing import Any, Literal, overload

import numpy as np

from arraytyping import lattice, op_rules
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import config
from arraytyping._src.lax import lax
from arraytyping._src.lax import linalg as lapack
from arraytyping._src.lax.linalg import cholesky_p, householder_product_p, triangular_solve_p

__all__ = ["EigImplementation", "EighImplementation", "SvdAlgorithm", "cholesky", "cholesky_p", "eig", "eigh",
           "householder_product", "householder_product_p", "lu", "lu_pivots_to_permutation", "qr", "svd",
           "symmetric_product", "triangular_solve", "triangular_solve_p"]


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
        implementation: ``None`` or ``EigImplementation.LAPACK`` (the CPU's).
        use_magma: accepted and ignored on the CPU, as JAX's.

    Returns:
        ``[w, vl, vr]`` (the vectors as asked): complex eigenvalues and unit-norm eigenvectors (columns).

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.lax import linalg
        >>> w, vr = linalg.eig(jnp.array([[2.0, 0.0], [0.0, 3.0]]), compute_left_eigenvectors=False)
        >>> w
        Array([2.+0.j, 3.+0.j], dtype=complex64)
    """
    if implementation not in (None, EigImplementation.LAPACK):
        raise NotImplementedError(f"eig: implementation {implementation} is not supported on the CPU")
    out = lapack.eig_p.bind(_matrix(x), compute_left_eigenvectors=compute_left_eigenvectors,
                            compute_right_eigenvectors=compute_right_eigenvectors)
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
    n = lax.aval_of(x).shape[-1] if lax.aval_of(x).ndim >= 2 else None
    if not (subset_by_index is None or tuple(subset_by_index) == (0, n)):
        raise NotImplementedError("subset_by_index not supported on CPU and GPU")
    if implementation == EighImplementation.QDWH:
        raise NotImplementedError("QDWH implementation is only supported on TPU")
    if implementation == EighImplementation.JACOBI:
        raise NotImplementedError("Jacobi implementation is only supported on GPU")
    if symmetrize_input:
        x = symmetrize(x)
    v, w = lapack.eigh_p.bind(x, lower=lower)
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
    x = _matrix(x)
    packed, pivots = lapack.lu_p.bind(x)
    m = lax.aval_of(x).shape[-2]
    return packed, pivots, lapack.lu_pivots_to_permutation(pivots, m)


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
    p = _matrix(pivots)
    a = lax.aval_of(p)
    if a.dtype != np.dtype("int32"):
        raise TypeError(f"lu_pivots_to_permutation: pivots must be int32, got {a.dtype}")
    if a.ndim < 1:
        raise ValueError(f"Argument to lu_pivots_to_permutation must have rank >= 1, got shape={a.shape}")
    if permutation_size < a.shape[-1]:
        raise ValueError(f"Output permutation size {permutation_size} has to exceed the trailing dimension of the "
                         f"pivots. Got pivots size {a.shape[-1]}")
    return lapack.lu_pivots_to_permutation(p, permutation_size)  # type: ignore[no-any-return]


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
        algorithm: ``None`` or ``SvdAlgorithm.DEFAULT``.

    Returns:
        ``(u, s, vh)``, or ``s``: descending singular values of ``x``'s real dtype.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.lax import linalg
        >>> linalg.svd(jnp.array([[3.0, 0.0], [0.0, 4.0]]), compute_uv=False)
        Array([4., 3.], dtype=float32)
    """
    x = _matrix(x)
    a = lax.aval_of(x)
    if subset_by_index is not None:
        k = min(a.shape[-2:]) if a.ndim >= 2 else None
        if full_matrices and tuple(subset_by_index) != (0, k):
            raise ValueError("full_matrices and subset_by_index cannot both be set")
        if tuple(subset_by_index) != (0, k):
            raise NotImplementedError("subset_by_index not implemented for CPU and GPU")
    if algorithm not in (None, SvdAlgorithm.DEFAULT, SvdAlgorithm.DIVIDE_AND_CONQUER):
        raise NotImplementedError(f"svd: algorithm {algorithm} is not supported on the CPU")
    if compute_uv:
        s, u, vh = lapack.svd_p.bind(x, full_matrices=full_matrices, compute_uv=True)
        return u, s, vh
    (s,) = lapack.svd_p.bind(x, full_matrices=full_matrices, compute_uv=False)
    return s  # type: ignore[no-any-return]


def symmetric_product(a_matrix: ArrayLike, c_matrix: ArrayLike, *, alpha: float = 1., beta: float = 0.,
                      symmetrize_output: bool = False) -> AnyArray:
    """``alpha * A @ A^T + beta * C``, ``C`` symmetric.

    Args:
        a_matrix: matrices of shape ``[..., m, n]``.
        c_matrix: symmetric matrices of shape ``[..., m, m]``.
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
    a, c = _matrix(a_matrix), _matrix(c_matrix)
    a_aval, c_aval = lax.aval_of(a), lax.aval_of(c)
    if a_aval.ndim < 2 or c_aval.ndim < 2 or c_aval.shape[-1] != c_aval.shape[-2] \
            or a_aval.shape[-2] != c_aval.shape[-1] or a_aval.shape[:-2] != c_aval.shape[:-2]:
        raise ValueError(f"symmetric_product: incompatible shapes {a_aval.shape} and {c_aval.shape}")
    if a_aval.dtype != c_aval.dtype:
        raise TypeError(f"symmetric_product requires operands of one dtype, got {a_aval.dtype} and {c_aval.dtype}")
    if registry.INFO[a_aval.name].kind not in "fc":
        raise TypeError(f"symmetric_product does not accept dtype {a_aval.name}. Accepted dtypes are subtypes of "
                        f"floating, complexfloating.")
    n = a_aval.ndim
    batch = tuple(range(n - 2))
    aat = lax.dot_general(a, a, (((n - 1,), (n - 1,)), (batch, batch)), a_aval.dtype)
    result = lax.add(lax.mul(_full_like(aat, alpha), aat), lax.mul(_full_like(c, beta), c))
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
