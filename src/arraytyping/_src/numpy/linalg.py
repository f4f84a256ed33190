"""``arraytyping.numpy.linalg``: ``norm``, ``det``, ``slogdet``, ``inv``, ``solve``, ``cholesky``, ``qr``, ``eigh``,
``eig`` and ``svd``, the Array API extension's wrappers (``matmul``, ``vector_norm``...) and the compositions
(``pinv``, ``lstsq``, ``matrix_rank``, ``cond``...) as JAX 0.10.2's ``jax.numpy.linalg`` computes them: the operand made inexact (``promote_dtypes_inexact``),
then JAX's formula (``det`` of 2x2 and 3x3 matrices by cofactors; ``slogdet`` and ``solve`` from an LU
factorization; ``norm`` by reductions, or singular values for ``ord`` 2, -2 and ``'nuc'``) over the LAPACK
primitives of :mod:`arraytyping._src.lax.linalg`. The dtype rules are :data:`arraytyping.op_rules.LINALG`'s;
each function checks its operand against them first.
"""

from __future__ import annotations

import builtins
import operator
from collections.abc import Callable, Sequence
from typing import Any, Final, Generic, Literal, NamedTuple, TypeVar, cast, overload

import numpy as np

from arraytyping import op_rules
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import config
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.core.array import Array
from arraytyping._src.dtypes.queries import finfo
from arraytyping.typing import DTypeLike
from arraytyping._src.interpreters.autodiff.ad import materialize
from arraytyping._src.interpreters.autodiff.custom_derivatives import custom_jvp
from arraytyping._src.interpreters.batching.vmap import vmap
from arraytyping._src.lax import lax
from arraytyping._src.lax import linalg as lapack
from arraytyping._src.lax.api.linear_solve import custom_linear_solve
from arraytyping._src.lax.operand_checks import numpy_broadcast
from arraytyping._src.numpy._promotion import (
    arraylike, as_dtype, common_dtype, jitted, operand, promote_args_inexact, shape_of, to_inexact_dtype,
)
from arraytyping._src.numpy.binary import (
    add, divide, equal, greater, greater_equal, less, logical_and, multiply, not_equal, power, subtract,
)
from arraytyping._src.numpy.contractions import cross as _jnp_cross
from arraytyping._src.numpy.contractions import ensure_array
from arraytyping._src.numpy.contractions import matmul as _jnp_matmul
from arraytyping._src.numpy.contractions import tensordot as _jnp_tensordot
from arraytyping._src.numpy.contractions import vecdot as _jnp_vecdot
from arraytyping._src.numpy.creation import arange as _arange
from arraytyping._src.numpy.creation import diag as _diag
from arraytyping._src.numpy.creation import eye
from arraytyping._src.numpy.creation import vander as _vander
from arraytyping._src.numpy.contractions import convolve as _convolve
from arraytyping._src.numpy.contractions import outer as _outer
from arraytyping._src.numpy.joining import concatenate as _concatenate
from arraytyping._src.numpy.reductions import all as _all
from arraytyping._src.numpy.reductions import argmin as _argmin
from arraytyping._src.numpy.shape import atleast_1d as _atleast_1d
from arraytyping._src.numpy.shape import roll as _roll
from arraytyping._src.core.trace import ConcretizationTypeError, concrete_value
from arraytyping._src.numpy.einsum import einsum
from arraytyping._src.numpy.conversion import asarray, zeros_like
from arraytyping._src.numpy.conversion import ones as _ones
from arraytyping._src.numpy.indexing import getitem, take_along_axis
from arraytyping._src.numpy.reductions import amax, amin, count_nonzero, prod, sum
from arraytyping._src.numpy.reductions import any as any_
from arraytyping._src.numpy.selection import diagonal as _jnp_diagonal
from arraytyping._src.numpy.selection import trace as _jnp_trace
from arraytyping._src.numpy.selection import where
from arraytyping._src.numpy.shape import broadcast_to, canonicalize_axis, expand_dims, moveaxis
from arraytyping._src.numpy.unary import abs, conj, exp, isnan, log, logical_not, negative, real, sqrt
from arraytyping._src.numpy.unary import sign as sign_of

__all__ = ["EigResult", "EighResult", "QRResult", "SVDResult", "SlogdetResult", "cholesky", "cond", "cross", "det",
           "diagonal", "eig", "eigh", "eigvals", "eigvalsh", "inv", "lstsq", "matmul", "matrix_norm", "matrix_power",
           "matrix_rank", "matrix_transpose", "multi_dot", "norm", "outer", "pinv", "qr", "slogdet", "solve", "svd",
           "svdvals", "tensordot", "tensorinv", "tensorsolve", "trace", "vecdot", "vector_norm"]


_D0 = TypeVar("_D0", covariant=True)
_D1 = TypeVar("_D1", covariant=True)
_D2 = TypeVar("_D2", covariant=True)
"""The dtypes of a result's fields: a named tuple generic in ``[_D0, _D1, ...]`` holds an array of dtype ``_D0`` in
its first field, ``_D1`` in its second... (the stubs declare the fields so, ``Array[_D0]``; here they are arrays)."""


class SlogdetResult(NamedTuple, Generic[_D0, _D1]):
    """``slogdet``'s result: the sign (a unit complex number for complex matrices) and log of the absolute value."""

    sign: AnyArray
    logabsdet: AnyArray


class QRResult(NamedTuple, Generic[_D0, _D1]):
    Q: AnyArray
    R: AnyArray


class EighResult(NamedTuple, Generic[_D0, _D1]):
    eigenvalues: AnyArray
    eigenvectors: AnyArray


class EigResult(NamedTuple, Generic[_D0, _D1]):
    """``eig``'s result: the eigenvalues and the right eigenvectors (columns), complex."""

    eigenvalues: AnyArray
    eigenvectors: AnyArray


class SVDResult(NamedTuple, Generic[_D0, _D1, _D2]):
    U: AnyArray
    S: AnyArray
    Vh: AnyArray


def _check(fn: str, a: Any, variant: str | None = None) -> None:
    """:func:`arraytyping.op_rules.linalg_result` of ``a``: its errors, naming the operand."""
    name, weak = operand(a)
    try:
        op_rules.linalg_result(variant or fn, (name, weak), config.lattice_config)
    except (op_rules.OperandTypeError, op_rules.OperandValueError) as e:
        raise type(e)(f"jnp.linalg.{fn}: {e}") from None


def _arg(x: Any, fn: str) -> Any:
    """``x`` checked as JAX's ``ensure_arraylike`` checks (lists refused), passed on as it is: the jitted body
    converts it (a Python scalar arrives there as a weakly typed argument)."""
    return arraylike(x, fn)


def _mT(x: Any) -> Any:
    n = len(shape_of(x))
    return lax.transpose(x, (*range(n - 2), n - 1, n - 2))


def _H(x: Any) -> Any:
    return conj(_mT(x))


def _tri_mask(shape: tuple[int, ...], lower: bool) -> Any:
    """A bool mask of ``shape``'s last two axes: true on and below (``lower``) or above the diagonal."""
    rows = lax.iota(np.dtype("int32"), shape[-2:], 0)
    cols = lax.iota(np.dtype("int32"), shape[-2:], 1)
    mask = lax.ge(rows, cols) if lower else lax.le(rows, cols)
    n = len(shape)
    return lax.broadcast_in_dim(mask, shape, (n - 2, n - 1))


def _triangle(x: Any, lower: bool) -> Any:
    s = shape_of(x)
    a = lax.aval_of(x)
    return lax.select_n(_tri_mask(s, lower), lax.full(s, 0, a.dtype, a.weak_type), x)


def _square(fn: str, a: Any) -> None:
    s = shape_of(a)
    if len(s) < 2 or s[-1] != s[-2]:
        raise ValueError(f"Argument to {fn} must have shape [..., n, n], got {s}.")


# ---------------------------------------------------------------------------------------------------------------
# norm


def _norm_variant(ord: Any, naxes: int) -> str:
    if naxes == 1:
        if ord is None or ord == 2:
            return "norm"
        if ord == 0:
            return "norm_count"
        if ord in (np.inf, -np.inf):
            return "norm_max"
        return "norm_abs"
    if ord is None or ord in ("f", "fro"):
        return "norm"
    if ord in (1, -1, np.inf, -np.inf):
        return "norm_abs"
    return "norm_svd"


def _sum_squares(x: Any, axis: Any, keepdims: bool) -> Any:
    return sqrt(sum(real(multiply(x, conj(x))), axis=axis, keepdims=keepdims))


def _vector_norm(x: Any, *, ord: Any, axis: Any, keepdims: bool,
                 count_dtype: Callable[[Any], np.dtype[Any]]) -> Any:
    """The vector norm of ``x`` over ``axis`` for an ``ord`` other than ``None`` (``norm``'s vector branch and
    ``vector_norm``'s body): ``ord=0`` counts the nonzero elements in ``count_dtype(x)``, where the two differ."""
    if ord == 2:
        return _sum_squares(x, axis, keepdims)
    if ord == np.inf:
        return amax(abs(x), axis=axis, keepdims=keepdims, initial=0)
    if ord == -np.inf:
        return amin(abs(x), axis=axis, keepdims=keepdims)
    if ord == 0:
        nonzero = not_equal(x, 0)  # first, as JAX's arguments are evaluated (strict promotion may refuse it)
        return sum(nonzero, dtype=count_dtype(x), axis=axis, keepdims=keepdims)
    if ord == 1:
        return sum(abs(x), axis=axis, keepdims=keepdims)
    if isinstance(ord, str):
        msg = f"Invalid order '{ord}' for vector norm."
        if ord == "inf":
            msg += "Use 'jax.numpy.inf' instead."
        if ord == "-inf":
            msg += "Use '-jax.numpy.inf' instead."
        raise ValueError(msg)
    abs_x = abs(x)
    dt = lax.aval_of(abs_x).dtype
    with np.errstate(all="ignore"):
        ord_arr = np.array(ord, dtype=dt)
        ord_inv = np.array(1.0 / ord_arr, dtype=dt)
    return power(sum(power(abs_x, ord_arr), axis=axis, keepdims=keepdims), ord_inv)


def _norm_body(x: Any, *, ord: Any, axis: tuple[int, ...] | None, keepdims: bool) -> Any:
    x = promote_args_inexact(x)[0]
    ndim = len(shape_of(x))
    if axis is None:
        if ord is None:
            return _sum_squares(x, None, keepdims)
        axis = tuple(range(ndim))
    else:
        axis = tuple(canonicalize_axis(a, ndim) for a in axis)
    if len(axis) == 1:
        return _vector_norm(x, ord=2 if ord is None else ord, axis=axis, keepdims=keepdims,
                            count_dtype=_real_dtype)
    if len(axis) != 2:
        raise ValueError(f"Improper number of axes for norm: axis={axis}. Pass one axis to compute a vector-norm, "
                         f"or two axes to compute a matrix-norm.")
    row, col = axis
    if ord is None or ord in ("f", "fro"):
        return _sum_squares(x, axis, keepdims)
    if ord in (1, -1):
        if not keepdims and col > row:
            col -= 1
        s = sum(abs(x), axis=row, keepdims=keepdims)
        return amax(s, axis=col, keepdims=keepdims, initial=0) if ord == 1 else amin(s, axis=col,
                                                                                     keepdims=keepdims)
    if ord in (np.inf, -np.inf):
        if not keepdims and row > col:
            row -= 1
        s = sum(abs(x), axis=col, keepdims=keepdims)
        return amax(s, axis=row, keepdims=keepdims, initial=0) if ord == np.inf else amin(s, axis=row,
                                                                                          keepdims=keepdims)
    if ord in ("nuc", 2, -2):
        x = moveaxis(x, axis, (-2, -1))
        s = _svd_values(x)
        if ord == 2:
            y = amax(s, axis=-1, initial=0)
        elif ord == -2:
            y = amin(s, axis=-1)
        else:
            y = sum(s, axis=-1)
        return expand_dims(y, axis) if keepdims else y
    raise ValueError(f"Invalid order '{ord}' for matrix norm.")


def _real_dtype(x: Any) -> np.dtype[Any]:
    name = lax.aval_of(x).name
    return registry.INFO[op_rules.real_name(name)].dtype


_norm = jitted(_norm_body, "norm")


def norm(x: ArrayLike, ord: int | float | str | None = None, axis: None | tuple[int, ...] | int = None,
         keepdims: bool = False) -> AnyArray:
    """The vector norm (over one axis) or matrix norm (over two) of ``x``, numpy's ``ord`` values: by default the
    2-norm of the flattened array; ``0``, ``1``, ``±inf`` and other powers for vectors; ``'fro'``, ``'nuc'``,
    ``±1``, ``±2``, ``±inf`` for matrices. The result is real (the inexact dtype of ``x``, or its real part)."""
    x = _arg(x, "jnp.linalg.norm")
    naxes = len(shape_of(x)) if axis is None else (len(axis) if isinstance(axis, tuple) else 1)
    if isinstance(axis, list):
        raise TypeError("norm: axis must be an int, a tuple of ints or None")
    _check("norm", x, _norm_variant(ord, naxes) if not (axis is None and ord is None) else "norm")
    static_axis = None if axis is None else tuple(map(operator.index, axis)) if isinstance(axis, tuple) else (
        operator.index(axis),)
    out: AnyArray = _norm(x, ord=ord, axis=static_axis, keepdims=bool(keepdims))
    return out


# ---------------------------------------------------------------------------------------------------------------
# LU: det, slogdet, solve, inv


def _lu(a: Any) -> tuple[Any, Any, Any]:
    lu, pivots, permutation = lapack.lu_p.bind(a)
    return lu, pivots, permutation


def _diagonal(x: Any) -> Any:
    s = shape_of(x)
    n = min(s[-2], s[-1])
    eye = lax.broadcast_in_dim(_eye_mask(n), s, (len(s) - 2, len(s) - 1)) if s[-2] == s[-1] else None
    assert eye is not None
    a = lax.aval_of(x)
    return lax.reduce("sum", lax.select_n(eye, lax.full(s, 0, a.dtype, a.weak_type), x), (len(s) - 1,))


def _eye_mask(n: int) -> Any:
    i32 = np.dtype("int32")
    return lax.eq(lax.iota(i32, (n, n), 0), lax.iota(i32, (n, n), 1))


def _slogdet_small_body(a: Any) -> tuple[Any, Any]:
    n = shape_of(a)[-1]

    def m(i: int, j: int) -> Any:  # ``a[..., i, j]``, also of a host constant (a numpy operand inside a trace)
        return getitem(a, (..., i, j))

    if n == 1:
        det = m(0, 0)
    else:
        det = subtract(multiply(m(0, 0), m(1, 1)), multiply(m(0, 1), m(1, 0)))
    return sign_of(det), real(log(abs(det)))


def _slogdet_lu_body(a: Any) -> tuple[Any, Any]:
    dtype = lax.aval_of(a).dtype
    lu, pivot, _ = _lu(a)
    diag = _diagonal(lu)
    is_zero = any_(equal(diag, asarray(0, dtype=dtype)), axis=-1)
    n = shape_of(a)[-1]
    iota = lax.broadcast_in_dim(lax.iota(np.dtype("int32"), (n,), 0), shape_of(pivot), (len(shape_of(pivot)) - 1,))
    parity = count_nonzero(not_equal(pivot, iota), axis=-1)
    if lax.aval_of(a).name.startswith("complex"):
        sign = prod(divide(diag, as_dtype(abs(diag), dtype, False)), axis=-1)
    else:
        sign = asarray(1, dtype=dtype)
        parity = parity + count_nonzero(less(diag, 0), axis=-1)
    flip = asarray(-2 * (parity % 2) + 1, dtype=dtype)
    sign = where(is_zero, asarray(0, dtype=dtype), multiply(sign, flip))
    logdet = where(is_zero, asarray(-np.inf, dtype=dtype),
                   sum(as_dtype(log(abs(diag)), dtype, False), axis=-1))
    return sign, real(logdet)


def _sign_and_log_dot(x: Any, sign: Any, ans_dot: Any) -> tuple[Any, Any]:
    """The tangents of ``(sign, log|det|)`` from that of ``log det``: the sign's is zero for real matrices (it is
    not differentiable at 0), and for complex ones the imaginary part of ``ans_dot`` turns the sign."""
    if lax.aval_of(x).name.startswith("complex"):
        dtype = lax.aval_of(ans_dot).dtype
        return multiply(subtract(ans_dot, as_dtype(real(ans_dot), dtype, False)), sign), real(ans_dot)
    return zeros_like(sign), ans_dot


def _slogdet_small_jvp(primals: tuple[Any, ...], tangents: tuple[Any, ...]) -> tuple[Any, Any]:
    """JAX's: ``d log det`` of a 1x1 or 2x2 matrix by its analytic formula (no solve)."""
    (x,), (g,) = primals, tangents
    sign, ans = _slogdet_small(x)

    def at(m: Any, i: int, j: int) -> Any:
        return getitem(m, (..., i, j))

    if shape_of(x)[-1] == 1:
        ans_dot = divide(at(g, 0, 0), at(x, 0, 0))
    else:
        det = subtract(multiply(at(x, 0, 0), at(x, 1, 1)), multiply(at(x, 0, 1), at(x, 1, 0)))
        num = add(subtract(subtract(multiply(at(g, 0, 0), at(x, 1, 1)), multiply(at(g, 0, 1), at(x, 1, 0))),
                           multiply(at(g, 1, 0), at(x, 0, 1))), multiply(at(g, 1, 1), at(x, 0, 0)))
        ans_dot = divide(num, det)
    sign_dot, ans_dot = _sign_and_log_dot(x, sign, ans_dot)
    return (sign, ans), (sign_dot, ans_dot)


def _slogdet_jvp(primals: tuple[Any, ...], tangents: tuple[Any, ...]) -> tuple[Any, Any]:
    """JAX's: ``d log|det(A)| = trace(A^-1 dA)``, through ``solve`` (so its implicit derivative)."""
    (x,), (g,) = primals, tangents
    sign, ans = slogdet(x)
    ans_dot = _jnp_trace(solve(x, g), axis1=-1, axis2=-2)
    sign_dot, ans_dot = _sign_and_log_dot(x, sign, ans_dot)
    return (sign, ans), (sign_dot, ans_dot)


_slogdet_small_body.__name__ = "_slogdet_small"  # the names JAX's custom_jvp_call prints
_slogdet_lu_body.__name__ = "_slogdet_lu"
_slogdet_small: Final = custom_jvp(_slogdet_small_body)
_slogdet_small.defjvp(_slogdet_small_jvp)
_slogdet_lu: Final = custom_jvp(_slogdet_lu_body)
_slogdet_lu.defjvp(_slogdet_jvp)


def _slogdet_body(a: Any) -> Any:
    a = promote_args_inexact(a)[0]
    _square("slogdet()", a)
    n = shape_of(a)[-1]
    return _slogdet_small(a) if n in (1, 2) else _slogdet_lu(a)


_slogdet = jitted(_slogdet_body, "slogdet")


def slogdet(a: ArrayLike, *, method: str | None = None) -> SlogdetResult[Any, Any]:
    """The sign and the natural log of the absolute value of the determinant of ``a`` (``[..., n, n]``), from its LU
    factorization (JAX's ``method='lu'``, the default; ``'qr'`` is not supported)."""
    if method not in (None, "lu"):
        if method == "qr":
            raise NotImplementedError("slogdet with method='qr' is not supported")
        raise ValueError(f"Unknown slogdet method '{method}'. Supported methods are 'lu' (`None`), and 'qr'.")
    s = shape_of(a)
    _check("slogdet", a, "slogdet_small" if len(s) >= 2 and s[-1] == s[-2] in (1, 2) else "slogdet")
    sign, logdet = _slogdet(_arg(a, "jnp.linalg.slogdet"))
    return SlogdetResult(sign, logdet)


def _det_body(a: Any) -> Any:
    a = promote_args_inexact(a)[0]
    s = shape_of(a)
    def m(i: int, j: int) -> Any:  # ``a[..., i, j]``, also of a host constant (a numpy operand inside a trace)
        return getitem(a, (..., i, j))

    if len(s) >= 2 and s[-1] == s[-2] == 2:
        return subtract(multiply(m(0, 0), m(1, 1)), multiply(m(0, 1), m(1, 0)))
    if len(s) >= 2 and s[-1] == s[-2] == 3:
        t = [multiply(multiply(m(0, 0), m(1, 1)), m(2, 2)), multiply(multiply(m(0, 1), m(1, 2)), m(2, 0)),
             multiply(multiply(m(0, 2), m(1, 0)), m(2, 1)), multiply(multiply(m(0, 2), m(1, 1)), m(2, 0)),
             multiply(multiply(m(0, 0), m(1, 2)), m(2, 1)), multiply(multiply(m(0, 1), m(1, 0)), m(2, 2))]
        out = t[0]
        for x in t[1:3]:
            out = add(out, x)
        for x in t[3:]:
            out = subtract(out, x)
        return out
    if len(s) >= 2 and s[-1] == s[-2]:
        sign, logdet = _slogdet_body(a)
        return multiply(sign, as_dtype(exp(logdet), lax.aval_of(sign).dtype, False))
    raise ValueError(f"Argument to _det() must have shape [..., n, n], got {s}")


_det = jitted(_det_body, "det")


def det(a: ArrayLike) -> AnyArray:
    """The determinant of ``a`` (``[..., n, n]``): by cofactors for 2x2 and 3x3 matrices, from ``slogdet``
    otherwise."""
    s = shape_of(a)
    _check("det", a, "det_small" if len(s) >= 2 and s[-1] == s[-2] in (2, 3) else "det")
    out: AnyArray = _det(_arg(a, "jnp.linalg.det"))
    return out


def _lu_solve_core(lu: Any, perm: Any, b: Any, trans: int) -> Any:
    """JAX's ``_lu_solve_core``: ``b`` (``[m, ...]``) solved with the LU factors of an ``[m, m]`` matrix (``trans``
    1: with its transpose), as an ``[m, k]`` matrix: permuted rows, then the unit lower and the upper triangular
    solves (``trans``: the transposed solves in the other order, then the inverse permutation)."""
    m, sb = shape_of(lu)[0], shape_of(b)
    x = lax.reshape(b, (m, int(np.prod(sb[1:], dtype=np.int64))))
    rows = shape_of(x)

    def solve(x: Any, lower: bool) -> Any:
        return lapack.triangular_solve_p.bind(lu, x, left_side=True, lower=lower, transpose_a=trans == 1,
                                              conjugate_a=False, unit_diagonal=lower)

    if trans == 0:
        x = solve(solve(take_along_axis(x, lax.broadcast_in_dim(perm, rows, (0,)), axis=0), True), False)
    else:
        _, inverse = lax.sort([perm, lax.iota(np.dtype("int32"), (m,), 0)], 0)
        x = take_along_axis(solve(solve(x, False), True), lax.broadcast_in_dim(inverse, rows, (0,)), axis=0)
    return lax.reshape(x, sb)


def _solve_core(a: Any, b: Any) -> Any:
    """JAX's ``lax_linalg._solve`` of an ``[m, m]`` matrix and ``b`` of ``[m]`` or ``[m, k]``: a
    ``custom_linear_solve`` with the LU factors of ``stop_gradient(a)`` (the factorization is reused by the
    derivatives, which the solve defines implicitly) over each column of ``b``."""
    lu, _, perm = _lu(lax.stop_gradient(a))

    def matvec(x: Any) -> Any:
        return lax.dot_general(a, x, (((1,), (0,)), ((), ())), lax.aval_of(x).dtype)

    def custom_solve(x: Any) -> Any:
        return custom_linear_solve(matvec, x, solve=lambda _, v: _lu_solve_core(lu, perm, v, 0),
                                   transpose_solve=lambda _, v: _lu_solve_core(lu, perm, v, 1))

    if len(shape_of(b)) == 1:
        return custom_solve(b)
    return vmap(custom_solve, 1, 1)(materialize(b))


def _promote_inexact(*args: Any) -> list[Any]:
    """JAX's ``promote_dtypes_inexact`` (no rank promotion)."""
    dtype, weak = common_dtype(*args)
    return [as_dtype(a, to_inexact_dtype(dtype), weak) for a in args]


def _solve_body(a: Any, b: Any) -> Any:
    a, b = _promote_inexact(a, b)
    sa, sb = shape_of(a), shape_of(b)
    if len(sa) < 2:
        raise ValueError(f"left hand array must be at least two dimensional; got a.shape={sa}")
    if len(sb) > 1 and len(sa) == len(sb) + 1 and sa[-1] == sb[-1] and sa[-1] != sb[-2]:
        raise ValueError(f"Invalid shapes for solve: {sa}, {sb}. Prior to JAX v0.5.0, this would have been treated "
                         f"as a batched 1-dimensional solve. To recover this behavior, use solve(a, b[..., None])"
                         f".squeeze(-1).")
    vector = len(sb) == 1
    if not sb or sa[-1] != sa[-2] or (sb[-1] if vector else sb[-2]) != sa[-1]:
        raise ValueError(f"The arguments to solve must have shapes a=[..., m, m] and b=[..., m, k] or b=[m]; got "
                         f"a={sa} and b={sb}")
    _check("solve", a)
    batch = numpy_broadcast(sa[:-2], sb[:-1] if vector else sb[:-2])
    a = _broadcast(a, (*batch, *sa[-2:]))
    b = _broadcast(b, (*batch, *(sb[-1:] if vector else sb[-2:])))
    fn = _solve_core
    for _ in batch:  # jnp.vectorize's loop: one vmap per batch dimension
        fn = vmap(fn)
    return fn(materialize(a), materialize(b))  # a numpy operand's constant as a value vmap maps


def _broadcast(x: Any, shape: tuple[int, ...]) -> Any:
    s = shape_of(x)
    if s == shape:
        return x
    return lax.broadcast_in_dim(x, shape, tuple(range(len(shape) - len(s), len(shape))))


_solve = jitted(_solve_body, "solve")


def solve(a: ArrayLike, b: ArrayLike) -> AnyArray:
    """The solution ``x`` of ``a @ x == b`` (``a``: ``[..., m, m]``; ``b``: ``[m]`` or ``[..., m, k]``), from the LU
    factorization of ``a``."""
    out: AnyArray = _solve(_arg(a, "jnp.linalg.solve"), _arg(b, "jnp.linalg.solve"))
    return out


def _inv_body(a: Any) -> Any:
    a = promote_args_inexact(a)[0]
    s = shape_of(a)
    if len(s) < 2 or s[-1] != s[-2]:
        raise ValueError(f"Argument to inv must have shape [..., n, n], got {s}.")
    dtype = lax.aval_of(a).dtype
    eye = lax.convert_element_type(_eye_mask(s[-1]), dtype, False)
    return _solve_body(a, lax.broadcast_in_dim(eye, s, (len(s) - 2, len(s) - 1)))


_inv = jitted(_inv_body, "inv")


def inv(a: ArrayLike) -> AnyArray:
    """The inverse of ``a`` (``[..., n, n]``): ``solve(a, eye)``."""
    _check("inv", a)
    out: AnyArray = _inv(_arg(a, "jnp.linalg.inv"))
    return out


# ---------------------------------------------------------------------------------------------------------------
# cholesky, qr, eigh, svd


def _symmetrize(x: Any) -> Any:
    return divide(add(x, _H(x)), 2)


def _cholesky_body(a: Any, *, upper: bool, symmetrize_input: bool) -> Any:
    a = promote_args_inexact(a)[0]
    _rank2("cholesky", a)
    if symmetrize_input:
        a = _symmetrize(a)
    L = _triangle(lapack.cholesky_p.bind(a), lower=True)
    return conj(_mT(L)) if upper else L


_cholesky = jitted(_cholesky_body, "cholesky")


def cholesky(a: ArrayLike, *, upper: bool = False, symmetrize_input: bool = True) -> AnyArray:
    """The Cholesky factor of the Hermitian positive definite ``a`` (``[..., n, n]``): lower (``a = L @ L^H``), or
    upper with ``upper=True``; nans where ``a`` is not positive definite."""
    _check("cholesky", a)
    out: AnyArray = _cholesky(_arg(a, "jnp.linalg.cholesky"), upper=bool(upper),
                              symmetrize_input=bool(symmetrize_input))
    return out


def _rank2(fn: str, a: Any) -> None:
    if len(shape_of(a)) < 2:
        raise TypeError(f"{fn}: the operand must have rank >= 2, got shape {shape_of(a)}")


def _qr_body(a: Any, *, full_matrices: bool) -> Any:
    a = promote_args_inexact(a)[0]
    _rank2("qr", a)
    return lapack.qr_p.bind(a, full_matrices=full_matrices, pivoting=False, use_magma=None)


_qr = jitted(_qr_body, "qr")


@overload
def qr(a: ArrayLike, mode: Literal["reduced", "complete", "full"] = "reduced") -> QRResult[Any, Any]: ...
@overload
def qr(a: ArrayLike, mode: Literal["r"]) -> AnyArray: ...
@overload
def qr(a: ArrayLike, mode: str) -> QRResult[Any, Any] | AnyArray: ...
def qr(a: ArrayLike, mode: str = "reduced") -> QRResult[Any, Any] | AnyArray:
    """The QR decomposition of ``a`` (``[..., m, n]``): ``(Q, R)`` with ``mode='reduced'`` (``Q``: ``[..., m, k]``,
    ``k = min(m, n)``) or ``'complete'`` (``Q``: ``[..., m, m]``), only ``R`` with ``mode='r'``. (``'raw'`` is not
    supported.)"""
    if mode == "raw":
        raise NotImplementedError("qr with mode='raw' is not supported")
    if mode not in ("reduced", "r", "full", "complete"):
        raise ValueError(f"Unsupported QR decomposition mode '{mode}'")
    _check("qr", a)
    q, r = _qr(_arg(a, "jnp.linalg.qr"), full_matrices=mode == "complete")
    r_: AnyArray = r
    return r_ if mode == "r" else QRResult(q, r_)


def _eigh_body(a: Any, *, lower: bool, symmetrize_input: bool) -> Any:
    a = promote_args_inexact(a)[0]
    _rank2("eigh", a)
    if symmetrize_input:
        a = _symmetrize(a)
    v, w = lapack.eigh_p.bind(a, lower=lower, sort_eigenvalues=True, subset_by_index=None, algorithm=None)
    return w, v


_eigh = jitted(_eigh_body, "eigh")


def eigh(a: ArrayLike, UPLO: str | None = None, symmetrize_input: bool = True) -> EighResult[Any, Any]:
    """The eigenvalues (ascending, real) and eigenvectors (columns) of the Hermitian ``a`` (``[..., n, n]``),
    computed from its lower (``UPLO='L'``, the default) or upper triangle, after symmetrizing it by default."""
    if UPLO is None or UPLO == "L":
        lower = True
    elif UPLO == "U":
        lower = False
    else:
        raise ValueError(f"UPLO must be one of None, 'L', or 'U', got {UPLO}")
    _check("eigh", a)
    w, v = _eigh(_arg(a, "jnp.linalg.eigh"), lower=lower, symmetrize_input=bool(symmetrize_input))
    return EighResult(w, v)


def _svd_values(a: Any) -> Any:
    (s,) = lapack.svd_p.bind(a, full_matrices=False, compute_uv=False, subset_by_index=None, algorithm=None)
    return s


def _svd_body(a: Any, *, full_matrices: bool, compute_uv: bool, hermitian: bool = False) -> Any:
    a = promote_args_inexact(a)[0]
    if hermitian:
        _rank2("svd", a)
        return _svd_hermitian(a) if compute_uv else _svd_values_of(a, True)
    if compute_uv:
        s, u, vt = lapack.svd_p.bind(a, full_matrices=full_matrices, compute_uv=True, subset_by_index=None, algorithm=None)
        return u, s, vt
    return _svd_values(a)


_svd = jitted(_svd_body, "svd")


@overload
def svd(a: ArrayLike, full_matrices: bool = True, compute_uv: Literal[True] = True, hermitian: bool = False
        ) -> SVDResult[Any, Any, Any]: ...
@overload
def svd(a: ArrayLike, full_matrices: bool, compute_uv: Literal[False], hermitian: bool = False) -> AnyArray: ...
@overload
def svd(a: ArrayLike, full_matrices: bool = True, *, compute_uv: Literal[False], hermitian: bool = False
        ) -> AnyArray: ...
@overload
def svd(a: ArrayLike, full_matrices: bool = True, compute_uv: bool = True, hermitian: bool = False
        ) -> SVDResult[Any, Any, Any] | AnyArray: ...
def svd(a: ArrayLike, full_matrices: bool = True, compute_uv: bool = True, hermitian: bool = False
        ) -> SVDResult[Any, Any, Any] | AnyArray:
    """The singular value decomposition ``a = U @ diag(S) @ Vh`` of ``a`` (``[..., m, n]``): ``(U, S, Vh)``, ``S``
    real and descending; ``U`` and ``Vh`` square with ``full_matrices`` (the default), else ``[..., m, k]`` and
    ``[..., k, n]``; only ``S`` without ``compute_uv``. With ``hermitian=True`` (``a`` Hermitian) from ``eigh``:
    ``S`` the eigenvalues' absolute values (descending), ``U`` the eigenvectors so ordered, ``Vh`` ``U``'s
    conjugate transpose times the eigenvalues' signs (``full_matrices`` ignored)."""
    _check("svd", a)
    out = _svd(_arg(a, "jnp.linalg.svd"), full_matrices=bool(full_matrices), compute_uv=bool(compute_uv),
               hermitian=bool(hermitian))
    if compute_uv:
        u, sv, vh = out
        return SVDResult(u, sv, vh)
    values: AnyArray = out
    return values




# ---------------------------------------------------------------------------------------------------------------
# The Array API standard's linalg extension: JAX's wrappers of jax.numpy functions (last two axes as the matrix)


def _ensure(x: Any, fn: str) -> Any:
    """JAX's ``ensure_arraylike(fn, x)``: ``x`` as an array (a Python scalar a weakly typed one; lists refused)."""
    return ensure_array(x, fn)


def _no_preferred(fn: str, preferred_element_type: Any) -> None:
    if preferred_element_type is not None:
        raise NotImplementedError(f"jnp.linalg.{fn}: preferred_element_type is not supported")


def matmul(x1: ArrayLike, x2: ArrayLike, /, *, precision: Any = None, preferred_element_type: DTypeLike | None = None
           ) -> AnyArray:
    """The matrix product of ``x1`` and ``x2`` (the Array API's ``linalg.matmul``: ``jnp.matmul``), stacks of
    matrices broadcast; a 1-d operand is a vector.

    Parameters: ``x1``, ``x2``: the operands; ``precision``: accepted (the CPU computes at full precision);
    ``preferred_element_type``: not supported (``NotImplementedError`` unless None).

    >>> from arraytyping.numpy import linalg
    >>> linalg.matmul(anp.ones((2, 3)), anp.ones((3, 4))).shape
    (2, 4)"""
    _no_preferred("matmul", preferred_element_type)
    x1, x2 = _ensure(x1, "jnp.linalg.matmul"), _ensure(x2, "jnp.linalg.matmul")
    out: AnyArray = _jnp_matmul(x1, x2)
    return out


def tensordot(x1: ArrayLike, x2: ArrayLike, /, *, axes: int | tuple[Sequence[int], Sequence[int]] = 2,
              precision: Any = None, preferred_element_type: DTypeLike | None = None, out_sharding: Any = None
              ) -> AnyArray:
    """The sum of products of ``x1`` and ``x2`` over ``axes`` (``jnp.tensordot``): the last ``axes`` axes of ``x1``
    with the first of ``x2``, or the two sequences of axes given.

    Parameters: ``x1``, ``x2``: the operands; ``axes``: an int or a pair of axis sequences; ``precision``,
    ``out_sharding``: accepted (one CPU device); ``preferred_element_type``: not supported unless None.

    >>> linalg.tensordot(anp.ones((2, 3)), anp.ones((3, 4)), axes=1).shape
    (2, 4)"""
    _no_preferred("tensordot", preferred_element_type)
    x1, x2 = _ensure(x1, "jnp.linalg.tensordot"), _ensure(x2, "jnp.linalg.tensordot")
    return _jnp_tensordot(x1, x2, axes)


def vecdot(x1: ArrayLike, x2: ArrayLike, /, *, axis: int = -1, precision: Any = None,
           preferred_element_type: DTypeLike | None = None) -> AnyArray:
    """The conjugate dot product of ``x1`` and ``x2`` along ``axis`` (``jnp.vecdot``), other axes broadcast.

    Parameters: ``x1``, ``x2``: the operands (``x1`` conjugated); ``axis``: the contracted axis of both;
    ``precision``: accepted; ``preferred_element_type``: not supported unless None.

    >>> linalg.vecdot(anp.ones((2, 3)), anp.ones(3)).shape
    (2,)"""
    _no_preferred("vecdot", preferred_element_type)
    x1, x2 = _ensure(x1, "jnp.linalg.vecdot"), _ensure(x2, "jnp.linalg.vecdot")
    return _jnp_vecdot(x1, x2, axis=axis)


def outer(x1: ArrayLike, x2: ArrayLike, /) -> AnyArray:
    """The outer product ``x1[:, None] * x2[None, :]`` of two 1-d arrays (``ValueError`` for other ranks).

    >>> linalg.outer(anp.arange(3), anp.arange(2)).shape
    (3, 2)"""
    x1, x2 = _ensure(x1, "jnp.linalg.outer"), _ensure(x2, "jnp.linalg.outer")
    n1, n2 = len(shape_of(x1)), len(shape_of(x2))
    if n1 != 1 or n2 != 1:
        raise ValueError(f"Input arrays must be one-dimensional, but they are x1.ndim={n1} x2.ndim={n2}")
    out: AnyArray = multiply(expand_dims(x1, 1), expand_dims(x2, 0))
    return out


def cross(x1: ArrayLike, x2: ArrayLike, /, *, axis: int = -1) -> AnyArray:
    """The cross product of 3-vectors along ``axis`` of ``x1`` and ``x2`` (``jnp.cross``; other axes broadcast);
    ``ValueError`` where that axis is not of size 3.

    >>> linalg.cross(anp.array([1., 0., 0.]), anp.array([0., 1., 0.]))
    Array([0., 0., 1.], dtype=float32)"""
    x1, x2 = _ensure(x1, "jnp.linalg.outer"), _ensure(x2, "jnp.linalg.outer")
    n1, n2 = shape_of(x1)[axis], shape_of(x2)[axis]
    if n1 != 3 or n2 != 3:
        raise ValueError(f"Both input arrays must be (arrays of) 3-dimensional vectors, but they have "
                         f"x1.shape[axis]={n1} and x2.shape[axis]={n2}")
    return _jnp_cross(x1, x2, axis=axis)


def diagonal(x: ArrayLike, /, *, offset: int = 0) -> AnyArray:
    """The diagonals at ``offset`` of the matrices in the last two axes of ``x`` (``jnp.diagonal``).

    >>> linalg.diagonal(anp.eye(3))
    Array([1., 1., 1.], dtype=float32)"""
    x = _ensure(x, "jnp.linalg.diagonal")
    return _jnp_diagonal(x, offset=offset, axis1=-2, axis2=-1)


def trace(x: ArrayLike, /, *, offset: int = 0, dtype: DTypeLike | None = None) -> AnyArray:
    """The sums of the diagonals at ``offset`` of the matrices in the last two axes of ``x`` (``jnp.trace``), in
    ``dtype`` if given.

    >>> linalg.trace(anp.eye(3))
    Array(3., dtype=float32)"""
    x = _ensure(x, "jnp.linalg.trace")
    return _jnp_trace(x, offset=offset, axis1=-2, axis2=-1, dtype=dtype)


def matrix_transpose(x: ArrayLike, /) -> AnyArray:
    """``x`` with its last two axes swapped (``ValueError`` below two dimensions).

    >>> linalg.matrix_transpose(anp.ones((2, 3, 4))).shape
    (2, 4, 3)"""
    x = _ensure(x, "jnp.linalg.matrix_transpose")
    ndim = len(shape_of(x))
    if ndim < 2:
        raise ValueError(f"matrix_transpose requires at least 2 dimensions; got ndim={ndim}")
    out: AnyArray = lax.transpose(x, (*range(ndim - 2), ndim - 1, ndim - 2))
    return out


def vector_norm(x: ArrayLike, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False,
                ord: int | str = 2) -> AnyArray:
    """The vector norm of ``x`` over ``axis`` (all axes by default): ``ord`` 2 (default), 1, 0 (the count of
    nonzeros, floating ``x`` only), ``±inf`` or another power. Unlike ``norm``, integers are not made floating
    first (``ord=1`` of an int32 array is int32).

    >>> linalg.vector_norm(anp.array([3., 4.]))
    Array(5., dtype=float32)"""
    x = _ensure(x, "jnp.linalg.vector_norm")
    if cast(object, ord) is None:  # JAX's test: None passes at run time, as 2
        ord = 2
    out: AnyArray = _vector_norm(x, ord=ord, axis=axis, keepdims=keepdims,
                                 count_dtype=lambda v: finfo(lax.aval_of(v).dtype).dtype)
    return out


def matrix_norm(x: ArrayLike, /, *, keepdims: bool = False, ord: str | int = "fro") -> AnyArray:
    """The matrix norm of the matrices in the last two axes of ``x``: ``norm(x, ord, axis=(-2, -1))``, ``ord``
    ``'fro'`` (default), ``'nuc'``, ``±1``, ``±2`` or ``±inf``.

    >>> linalg.matrix_norm(anp.eye(2) * 3.0)
    Array(4.2426405, dtype=float32)"""
    x = _ensure(x, "jnp.linalg.matrix_norm")
    return norm(x, ord=ord, keepdims=keepdims, axis=(-2, -1))


def _matrix_power_body(a: Any, *, n: int) -> Any:
    s = shape_of(a)
    if n == 0:
        return broadcast_to(eye(s[-2], dtype=lax.aval_of(a).dtype), s)
    if n < 0:
        a = _inv_body(a)
        n = -n
    if n == 1:
        return a
    if n == 2:
        return _jnp_matmul(a, a)
    if n == 3:
        return _jnp_matmul(_jnp_matmul(a, a), a)
    z: Any = None
    result: Any = None
    while n > 0:
        z = a if z is None else _jnp_matmul(z, z)
        n, bit = divmod(n, 2)
        if bit:
            result = z if result is None else _jnp_matmul(result, z)
    return result


_matrix_power = jitted(_matrix_power_body, "matrix_power")


def matrix_power(a: ArrayLike, n: int) -> AnyArray:
    """The integer power ``n`` of the square matrices in the last two axes of ``a``, by repeated squaring
    (``n < 0``: of the inverse; ``n == 0``: the identity in ``a``'s dtype).

    >>> linalg.matrix_power(anp.array([[1, 1], [0, 1]]), 3)
    Array([[1, 3],
           [0, 1]], dtype=int32)"""
    arr = _ensure(a, "jnp.linalg.matrix_power")
    s = shape_of(arr)
    if len(s) < 2:
        raise TypeError(f"{len(s)}-dimensional array given. Array must be at least two-dimensional")
    if s[-2] != s[-1]:
        raise TypeError("Last 2 dimensions of the array must be square")
    try:
        n = operator.index(n)
    except TypeError as err:
        raise TypeError(f"exponent must be an integer, got {n}") from err
    if n < 0:
        _check("inv", arr)
    out: AnyArray = _matrix_power(arr, n=n)
    return out


def _svd_values_of(x: Any, hermitian: bool) -> Any:
    """``svd(x, compute_uv=False, hermitian=hermitian)`` of an inexact ``x``: singular values, descending; of a
    Hermitian matrix the absolute values of its eigenvalues (JAX's ``hermitian=True``)."""
    if not hermitian:
        return _svd_values(x)
    _, w = lapack.eigh_p.bind(_symmetrize(x), lower=True, sort_eigenvalues=True, subset_by_index=None, algorithm=None)
    s = abs(w)
    last = len(shape_of(s)) - 1
    return lax.rev(lax.sort([s], last)[0], (last,))


def _matrix_rank_body(m: Any, rtol: Any, *, hermitian: bool) -> Any:
    m = promote_args_inexact(m)[0]
    s = shape_of(m)
    if len(s) < 2:
        return as_dtype(any_(not_equal(m, 0)), np.dtype("int32"), False)
    S = _svd_values_of(m, hermitian)
    if rtol is None:
        sdt = lax.aval_of(S).dtype
        rtol = multiply(multiply(amax(S, axis=-1), np.array(builtins.max(s[-2:])).astype(sdt)),
                        finfo(sdt).eps)
    rtol = expand_dims(rtol, len(shape_of(rtol)))
    return sum(greater(S, rtol), axis=-1)


_matrix_rank = jitted(_matrix_rank_body, "matrix_rank")


def matrix_rank(M: ArrayLike, rtol: ArrayLike | None = None, *, hermitian: bool = False,
                tol: ArrayLike | None = None) -> AnyArray:
    """The rank of the matrices in the last two axes of ``M``: the number of singular values above ``rtol``
    times the largest (by default ``max(m, n) * eps``); of a 0-d or 1-d ``M``, 1 if it has a nonzero element.

    Parameters: ``M``: the matrices; ``rtol`` (or its older name ``tol``, not both): the relative tolerance;
    ``hermitian``: ``M`` is Hermitian (singular values from its eigenvalues).

    >>> linalg.matrix_rank(anp.array([[1., 2.], [2., 4.]]))
    Array(1, dtype=int32)"""
    arr = _ensure(M, "jnp.linalg.matrix_rank")
    if tol is not None:
        if rtol is not None:
            raise ValueError("matrix_rank: only one of tol or rtol may be specified.")
        rtol = tol
    if len(shape_of(arr)) >= 2:
        _check("svd", arr)
    out: AnyArray = _matrix_rank(arr, rtol, hermitian=bool(hermitian))
    return out


def _eigvalsh_body(a: Any, *, lower: bool, symmetrize_input: bool) -> Any:
    w, _ = _eigh_body(a, lower=lower, symmetrize_input=symmetrize_input)
    return w


_eigvalsh = jitted(_eigvalsh_body, "eigvalsh")


def eigvalsh(a: ArrayLike, UPLO: str | None = "L", *, symmetrize_input: bool = True) -> AnyArray:
    """The eigenvalues (ascending, real) of the Hermitian matrices in the last two axes of ``a``: ``eigh``'s
    first result.

    Parameters: ``UPLO``: the triangle used, ``'L'`` (default) or ``'U'``; ``symmetrize_input``: average ``a``
    with its conjugate transpose first.

    >>> linalg.eigvalsh(anp.array([[2., 1.], [1., 2.]]))
    Array([1., 3.], dtype=float32)"""
    a = _ensure(a, "jnp.linalg.eigvalsh")
    if UPLO is None or UPLO == "L":
        lower = True
    elif UPLO == "U":
        lower = False
    else:
        raise ValueError(f"UPLO must be one of None, 'L', or 'U', got {UPLO}")
    _check("eigh", a)
    out: AnyArray = _eigvalsh(a, lower=lower, symmetrize_input=bool(symmetrize_input))
    return out


def svdvals(x: ArrayLike, /) -> AnyArray:
    """The singular values (real, descending) of the matrices in the last two axes of ``x``: ``svd(x,
    compute_uv=False)``.

    >>> linalg.svdvals(anp.array([[3., 0.], [0., 4.]]))
    Array([4., 3.], dtype=float32)"""
    x = _ensure(x, "jnp.linalg.svdvals")
    return svd(x, compute_uv=False)


def _pinv_core(a: Any, rtol: Any, hermitian: bool) -> Any:
    arr = promote_args_inexact(a)[0]
    s = shape_of(arr)
    m, n = s[-2:]
    dtype = lax.aval_of(arr).dtype
    if m == 0 or n == 0:
        return lax.full((*s[:-2], n, m), 0, dtype, False)
    arr = conj(arr)
    if rtol is None:
        rtol = multiply(10.0 * builtins.max(m, n), asarray(finfo(dtype).eps))
    rtol = asarray(rtol)
    if hermitian:
        u, sv, vh = _svd_hermitian(arr)
    else:
        sv, u, vh = lapack.svd_p.bind(arr, full_matrices=False, compute_uv=True, subset_by_index=None, algorithm=None)
    sn, rn = len(shape_of(sv)), len(shape_of(rtol))
    rtol = expand_dims(rtol, -1)
    if sn - rn - 1 > 0:
        rtol = expand_dims(rtol, tuple(range(sn - rn - 1)))
    cutoff = multiply(rtol, getitem(sv, (..., slice(0, 1))))
    sv = as_dtype(where(greater(sv, cutoff), sv, np.inf), lax.aval_of(u).dtype, False)
    res = _jnp_matmul(_mT(vh), divide(_mT(u), expand_dims(sv, -1)))
    return lax.convert_element_type(res, dtype, False)


def _svd_hermitian(a: Any) -> tuple[Any, Any, Any]:
    """JAX's ``svd(a, full_matrices=False, hermitian=True)``: from ``eigh``, the eigenvalues' absolute values
    sorted descending, the eigenvectors' columns so ordered, ``Vh`` the conjugate transpose of ``U`` times the
    eigenvalues' signs."""
    v, w = lapack.eigh_p.bind(_symmetrize(a), lower=True, sort_eigenvalues=True, subset_by_index=None, algorithm=None)
    s = abs(w)
    last = len(shape_of(s)) - 1
    sign = sign_of(w)
    idxs = lax.broadcast_in_dim(lax.iota(np.dtype("int32"), (shape_of(s)[-1],), 0), shape_of(s), (last,))
    s, idxs, sign = lax.sort([s, idxs, sign], last, num_keys=1)
    s = lax.rev(s, (last,))
    idxs = lax.rev(idxs, (last,))
    sign = lax.rev(sign, (last,))
    u = take_along_axis(v, expand_dims(idxs, -2), axis=-1)
    vh = _H(multiply(u, expand_dims(as_dtype(sign, lax.aval_of(u).dtype, False), -2)))
    return u, s, vh


def _pinv_body(a: Any, rtol: Any, hermitian: bool) -> Any:
    return _pinv_jit(a, rtol, hermitian=hermitian)


def _pinv_jit_body(a: Any, rtol: Any, *, hermitian: bool) -> Any:
    return _pinv_core(a, rtol, hermitian)


_pinv_jit = jitted(_pinv_jit_body, "_pinv")
_pinv_body.__name__ = "_pinv"
_pinv: Final = custom_jvp(_pinv_body, nondiff_argnums=(1, 2))


def _pinv_jvp(rtol: Any, hermitian: bool, primals: tuple[Any, ...], tangents: tuple[Any, ...]) -> tuple[Any, Any]:
    """JAX's: the derivative of the pseudo-inverse (Golub and Pereyra, 1973)."""
    (a,), (a_dot,) = primals, tangents
    p = pinv(a, rtol=rtol, hermitian=hermitian)
    if hermitian:
        a, a_dot = _symmetrize(a), _symmetrize(a_dot)
    mm = _jnp_matmul
    m, n = shape_of(a)[-2:]
    if m >= n:
        s = mm(mm(p, _H(p)), _H(a_dot))
        t = mm(mm(_H(a_dot), _H(p)), p)
        p_dot = subtract(add(subtract(add(negative(mm(mm(p, a_dot), p)), s), mm(mm(s, a), p)), t),
                         mm(mm(p, a), t))
    else:
        s = mm(p, mm(_H(p), _H(a_dot)))
        t = mm(_H(a_dot), mm(_H(p), p))
        p_dot = subtract(add(subtract(add(negative(mm(p, mm(a_dot, p))), s), mm(s, mm(a, p))), t),
                         mm(p, mm(a, t)))
    return p, p_dot


_pinv.defjvp(_pinv_jvp)


def pinv(a: ArrayLike, rtol: ArrayLike | None = None, hermitian: bool = False, *, rcond: ArrayLike | None = None
         ) -> AnyArray:
    """The Moore-Penrose pseudo-inverse of the matrices in the last two axes of ``a`` (``[..., m, n]`` gives
    ``[..., n, m]``), from their SVD: singular values at most ``rtol`` times the largest (by default
    ``10 * max(m, n) * eps``) count as zero. Differentiable (JAX's custom derivative).

    Parameters: ``rtol`` (or its older name ``rcond``, not both): the relative cutoff; ``hermitian``: ``a`` is
    Hermitian (decomposed by ``eigh``).

    >>> linalg.pinv(anp.array([[2., 0.], [0., 4.]]))
    Array([[0.5 , 0.  ],
           [0.  , 0.25]], dtype=float32)"""
    if rcond is not None:
        if rtol is not None:
            raise ValueError("pinv: only one of rtol and rcond may be specified.")
        rtol = rcond
    a = _arg(a, "jnp.linalg.pinv")
    if len(shape_of(a)) < 2:
        raise ValueError(f"pinv: the operand must have rank >= 2, got shape {shape_of(a)}")
    out: AnyArray = _pinv(a, rtol, bool(hermitian))
    return out


# ---------------------------------------------------------------------------------------------------------------
# The rest of jax.numpy.linalg: compositions of the above


def multi_dot(arrays: Sequence[ArrayLike], *, precision: Any = None) -> AnyArray:
    """The product ``arrays[0] @ arrays[1] @ ...`` of a chain of matrices, contracted in opt_einsum's cheapest
    order (as JAX's ``einsum``); the first and last may be 1-d (vectors).

    Parameters: ``arrays``: two or more arrays, 2-d but for the first and last; ``precision``: accepted (the CPU
    computes at full precision).

    >>> linalg.multi_dot([anp.ones((2, 3)), anp.ones((3, 4)), anp.ones(4)]).shape
    (2,)"""
    arrs = [_ensure(a, "jnp.linalg.multi_dot") for a in arrays]
    if len(arrs) < 2:
        raise ValueError(f"multi_dot requires at least two arrays; got len(arrays)={len(arrs)}")
    shapes = [shape_of(a) for a in arrs]
    if not (len(shapes[0]) in (1, 2) and len(shapes[-1]) in (1, 2) and all(len(s) == 2 for s in shapes[1:-1])):
        raise ValueError("multi_dot: input arrays must all be two-dimensional, except for the first and last array "
                         f"which may be 1 or 2 dimensional. Got array shapes {shapes}")
    if any(a[-1] != b[0] for a, b in zip(shapes[:-1], shapes[1:])):
        raise ValueError("multi_dot: last dimension of each array must match first dimension of following array. "
                         f"Got array shapes {shapes}")
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    if len(arrs) >= len(letters):
        raise NotImplementedError(f"multi_dot of more than {len(letters) - 1} arrays is not supported")
    terms = [letters[i] + letters[i + 1] for i in range(len(arrs))]
    if len(shapes[0]) == 1:
        terms[0] = terms[0][1:]
    if len(shapes[-1]) == 1:
        terms[-1] = terms[-1][:1]
    return einsum(",".join(terms), *arrs, optimize="auto")


def tensorinv(a: ArrayLike, ind: int = 2) -> AnyArray:
    """The inverse of ``a`` under ``tensordot(..., axes=ind)``: ``a`` reshaped to a square matrix (the product of
    its first ``ind`` dimensions by that of the rest), inverted, reshaped to ``(*a.shape[ind:],
    *a.shape[:ind])``.

    >>> linalg.tensorinv(anp.eye(4).reshape(4, 2, 2), ind=1).shape
    (2, 2, 4)"""
    arr = _ensure(a, "tensorinv")
    ind = operator.index(ind)
    if ind <= 0:
        raise ValueError(f"ind must be a positive integer; got ind={ind}")
    s = shape_of(arr)
    contracting, batch = s[:ind], s[ind:]
    flat = (int(np.prod(contracting, dtype=np.int64)), int(np.prod(batch, dtype=np.int64)))
    if flat[0] != flat[1]:
        raise ValueError("tensorinv is only possible when the product of the first `ind` dimensions equals that of "
                         f"the remaining dimensions. got arr.shape={s} with ind={ind}.")
    out: AnyArray = lax.reshape(inv(lax.reshape(arr, flat)), (*batch, *contracting))
    return out


def tensorsolve(a: ArrayLike, b: ArrayLike, axes: tuple[int, ...] | None = None) -> AnyArray:
    """The ``x`` with ``tensordot(a, x, axes=x.ndim) == b``: ``a``'s axes ``axes`` (if given) moved last, then
    reshaped to a square matrix and solved (``solve``); ``x`` has ``a.shape[b.ndim:]``.

    >>> linalg.tensorsolve(anp.eye(6).reshape(6, 2, 3), anp.ones(6)).shape
    (2, 3)"""
    a_arr, b_arr = _ensure(a, "tensorsolve"), _ensure(b, "tensorsolve")
    if axes is not None:
        nd = len(shape_of(a_arr))
        a_arr = moveaxis(a_arr, axes, len(axes) * (nd - 1,))
    sa, sb = shape_of(a_arr), shape_of(b_arr)
    out_shape = sa[len(sb):]
    if sa[:len(sb)] != sb:
        raise ValueError("After moving axes to end, leading shape of a must match shape of b. "
                         f"got a.shape={sa}, b.shape={sb}")
    size_b, size_out = int(np.prod(sb, dtype=np.int64)), int(np.prod(out_shape, dtype=np.int64))
    if size_b != size_out:
        raise ValueError("Input arrays must have prod(a.shape[:b.ndim]) == prod(a.shape[b.ndim:]); "
                         f"got a.shape={sa}, b.ndim={len(sb)}.")
    out: AnyArray = lax.reshape(solve(lax.reshape(a_arr, (size_b, size_out)), lax.reshape(b_arr, (size_b,))),
                                out_shape)
    return out


def _cond_body(x: Any, *, p: Any) -> Any:
    s = shape_of(x)
    if p is None or p == 2:
        sv = svdvals(x)
        return divide(getitem(sv, (..., 0)), getitem(sv, (..., -1)))
    if p == -2:
        sv = svdvals(x)
        r = divide(getitem(sv, (..., -1)), getitem(sv, (..., 0)))
    else:
        if s[-2] != s[-1]:
            raise ValueError(f"jnp.linalg.cond: for p={p!r}, array must be square; got arr.shape={s}")
        r = multiply(norm(x, ord=p, axis=(-2, -1)), norm(inv(x), ord=p, axis=(-2, -1)))
    return where(logical_and(isnan(r), logical_not(any_(isnan(x), axis=(-2, -1)))), np.inf, r)


_cond = jitted(_cond_body, "cond")


def cond(x: ArrayLike, p: Any = None) -> AnyArray:
    """The condition number of the matrices in the last two axes of ``x`` in the norm ``p``: by default (``p``
    None or 2) the ratio of the largest to the smallest singular value; ``-2`` the inverse ratio; ``'fro'``,
    ``'nuc'``, ``±1``, ``±inf`` ``norm(x, p) * norm(inv(x), p)`` of square matrices (nan made inf where ``x`` has
    no nan).

    >>> linalg.cond(anp.array([[1., 0.], [0., 4.]]))
    Array(4., dtype=float32)"""
    arr = _ensure(x, "cond")
    s = shape_of(arr)
    if len(s) < 2:
        raise ValueError(f"jnp.linalg.cond: input array must be at least 2D; got arr.shape={s}")
    if s[-1] == 0 or s[-2] == 0:
        raise ValueError(f"jnp.linalg.cond: input array must not be empty; got arr.shape={s}")
    out: AnyArray = _cond(arr, p=p)
    return out


def _lstsq_body(a: Any, b: Any, rcond: Any, *, numpy_resid: bool = False) -> tuple[Any, Any, Any, Any]:
    a, b = _promote_inexact(a, b)
    sa, sb = shape_of(a), shape_of(b)
    if not sa or not sb:  # JAX reads a.shape[0] and b.shape[0]
        raise IndexError(f"lstsq: a 0-dimensional operand has no leading dimension; got a.shape={sa}, b.shape={sb}")
    if sa[0] != sb[0]:
        raise ValueError("Leading dimensions of input arrays must match")
    b_orig_ndim = len(sb)
    if b_orig_ndim == 1:
        b = expand_dims(b, 1)
    if len(sa) != 2:
        raise TypeError(f"{len(sa)}-dimensional array given. Array must be two-dimensional")
    if len(shape_of(b)) != 2:
        raise TypeError(f"{len(shape_of(b))}-dimensional array given. Array must be one or two-dimensional")
    m, n = sa
    dtype = lax.aval_of(a).dtype
    if m * n == 0:
        s = lax.full((0,), 0, dtype, False)
        rank = asarray(0, dtype=np.dtype("int64") if config.x64 else np.dtype("int32"))
        x = lax.full((n, *shape_of(b)[1:]), 0, dtype, False)
    else:
        eps = finfo(dtype).eps
        rcond = float(eps) * builtins.max(n, m) if rcond is None else where(less(rcond, 0), eps, rcond)
        s, u, vt = lapack.svd_p.bind(a, full_matrices=False, compute_uv=True, subset_by_index=None, algorithm=None)
        sdt = lax.aval_of(s).dtype
        mask = logical_and(greater(s, 0),
                           greater_equal(s, multiply(asarray(rcond, dtype=sdt), getitem(s, 0))))
        rank = sum(mask)
        safe_s = as_dtype(where(mask, s, 1), dtype, False)
        s_inv = expand_dims(where(mask, divide(1, safe_s), 0), 1)
        uTb = _jnp_matmul(_mT(conj(u)), b)
        x = _jnp_matmul(_mT(conj(vt)), multiply(s_inv, uTb))
    if numpy_resid and (bool(less(rank, n)) or m <= n):
        resid = asarray(np.array([], dtype=np.float64 if config.x64 else np.float32))
    else:
        resid = power(norm(subtract(b, _jnp_matmul(a, x)), axis=0), 2)
    if b_orig_ndim == 1:
        x = lax.reshape(x, (int(np.prod(shape_of(x), dtype=np.int64)),))
    return x, resid, rank, s


_jit_lstsq = jitted(_lstsq_body, "_lstsq")


def lstsq(a: ArrayLike, b: ArrayLike, rcond: float | None = None, *, numpy_resid: bool = False
          ) -> tuple[AnyArray, AnyArray, AnyArray, AnyArray]:
    """The least-squares solution ``x`` of ``a @ x ≈ b`` (``a``: ``[m, n]``; ``b``: ``[m]`` or ``[m, k]``), from
    the SVD of ``a``: ``(x, residuals, rank, singular values)``; singular values below ``rcond`` times the largest
    (by default ``eps * max(m, n)``) are dropped. The residuals are the squared 2-norms of the columns of
    ``b - a @ x``, always (``numpy_resid=True``: empty where numpy's are, which needs concrete arrays).

    >>> x, resid, rank, s = linalg.lstsq(anp.array([[1., 0.], [0., 2.], [0., 0.]]), anp.array([1., 2., 3.]))
    >>> x
    Array([1., 1.], dtype=float32)"""
    a, b = _ensure(a, "jnp.linalg.lstsq"), _ensure(b, "jnp.linalg.lstsq")
    out: tuple[AnyArray, AnyArray, AnyArray, AnyArray]
    if numpy_resid:
        out = _lstsq_body(a, b, rcond, numpy_resid=True)
    else:
        out = _jit_lstsq(a, b, rcond)
    return out


def _eig_body(a: Any) -> Any:
    a = promote_args_inexact(a)[0]
    _rank2("eig", a)
    w, v = lapack.eig_p.bind(a, compute_left_eigenvectors=False, compute_right_eigenvectors=True, enable_eigvec_derivs=False, implementation=None)
    return w, v


def _eigvals_body(a: Any) -> Any:
    a = promote_args_inexact(a)[0]
    _rank2("eigvals", a)
    (w,) = lapack.eig_p.bind(a, compute_left_eigenvectors=False, compute_right_eigenvectors=False, enable_eigvec_derivs=False, implementation=None)
    return w


_eigvals = jitted(_eigvals_body, "eigvals")


def eig(a: ArrayLike) -> EigResult[Any, Any]:
    """The eigenvalues and right eigenvectors (columns, of unit norm) of the square matrices in the last two axes of
    ``a``, complex whatever ``a``'s dtype (LAPACK's ``geev``, on the CPU). Only the eigenvalues are differentiable
    (JAX's ``NotImplementedError`` for the eigenvectors).

    >>> w, v = linalg.eig(anp.array([[2., 0.], [0., 3.]]))
    >>> w
    Array([2.+0.j, 3.+0.j], dtype=complex64)"""
    a = _ensure(a, "jnp.linalg.eig")
    _check("eig", a, "eigh")
    w, v = _eig_body(a)
    return EigResult(w, v)


def eigvals(a: ArrayLike) -> AnyArray:
    """The eigenvalues (complex, in LAPACK's order) of the square matrices in the last two axes of ``a``: ``eig``'s
    first result, without the eigenvectors.

    >>> linalg.eigvals(anp.array([[0., -1.], [1., 0.]]))
    Array([0.+1.j, 0.-1.j], dtype=complex64)"""
    a = _ensure(a, "jnp.linalg.eigvals")
    _check("eigvals", a, "eigh")
    out: AnyArray = _eigvals(a)
    return out


# Polynomials that need linear algebra (JAX 0.10.2's polynomial.py): roots (the companion matrix's eigenvalues),
# poly (a polynomial from its roots, or a square matrix's characteristic polynomial) and polyfit (least squares).
# Public in arraytyping.numpy, not in numpy.linalg.


def _complex_of(dtype: np.dtype[Any]) -> np.dtype[Any]:
    """JAX's ``to_complex_dtype``: the complex dtype that holds ``dtype``'s values."""
    return np.dtype("complex128" if dtype in (np.dtype("float64"), np.dtype("complex128")) else "complex64")


def _roots_no_zeros_body(p: Any) -> Any:
    n = shape_of(p)[0]
    dtype = lax.aval_of(p).dtype
    if n < 2:
        return lax.full((0,), 0, _complex_of(dtype))
    companion: Any = _diag(_ones((n - 2,), dtype), -1)
    companion = companion.at[0, :].set(negative(p[1:]) / p[0])
    return _eigvals(companion)


_roots_no_zeros = jitted(_roots_no_zeros_body, "_roots_no_zeros", call_name="_roots_no_zeros")


def _roots_with_zeros_body(p: Any, num_leading_zeros: Any) -> Any:
    p = where(equal(shape_of(p)[0], num_leading_zeros), 1.0, p)
    found: Any = _roots_no_zeros(_roll(p, negative(num_leading_zeros)))
    found = lax.sort([equal(found, 0), found], 0, True, 1)[1]
    size = shape_of(found)[0]
    return where(less(_arange(size), subtract(size, num_leading_zeros)), found, complex(np.nan, np.nan))


_roots_with_zeros = jitted(_roots_with_zeros_body, "_roots_with_zeros", call_name="_roots_with_zeros")


def roots(p: ArrayLike, *, strip_zeros: bool = True) -> Array:
    """The roots of the polynomial with coefficients ``p`` (highest power first), complex whatever ``p``'s dtype:
    the eigenvalues of its companion matrix.

    Args:
        p: the coefficients, a rank-1 array.
        strip_zeros: drop the leading zero coefficients first (needs a concrete ``p``, so not under ``jit``); with
            False, each leading zero gives a NaN root instead (and ``roots`` may be traced).

    Example: ``roots(jnp.array([1.0, -3.0, 2.0]))`` is ``[2+0j, 1+0j]`` (in LAPACK's order).
    """
    arr = promote_args_inexact(_ensure(p, "roots"))[0]
    arr = _atleast_1d(arr)
    if len(shape_of(arr)) != 1:
        raise ValueError("Input must be a rank-1 array.")
    n = shape_of(arr)[0]
    if n < 2:
        empty: Array = asarray(np.zeros((0,), _complex_of(lax.aval_of(arr).dtype)))
        return empty
    is_zero = equal(arr, 0)
    num_leading_zeros: Any = where(_all(is_zero), n, _argmin(is_zero))
    if strip_zeros:
        known = concrete_value(num_leading_zeros)
        if known is None:
            raise ConcretizationTypeError(
                "Abstract tracer value encountered where concrete value is expected: The error occurred in the "
                "jnp.roots() function. To use this within a JIT-compiled context, pass strip_zeros=False, but be "
                "aware that leading zeros will result in some returned roots being set to NaN.")
        out: Array = _roots_no_zeros(arr[int(np.asarray(known)):])
        return out
    with_zeros: Array = _roots_with_zeros(arr, num_leading_zeros)
    return with_zeros


def _poly_body(seq_of_zeros: Any) -> Any:
    zeros_arr = _atleast_1d(promote_args_inexact(seq_of_zeros)[0])
    sh = shape_of(zeros_arr)
    if len(sh) == 2 and sh[0] == sh[1] and sh[0] != 0:
        zeros_arr = _eigvals(zeros_arr)
    if len(shape_of(zeros_arr)) != 1:
        raise ValueError("input must be 1d or non-empty square 2d array.")
    dtype = lax.aval_of(zeros_arr).dtype
    if shape_of(zeros_arr)[0] == 0:
        return _ones((), dtype)
    a: Any = _ones((1,), dtype)
    one = _ones((1,), dtype)
    for k in range(shape_of(zeros_arr)[0]):
        a = _convolve(a, _concatenate([one, lax.reshape(negative(zeros_arr[k]), (1,))]), mode="full")
    return a


_poly = jitted(_poly_body, "poly", call_name="poly", arrays=1)


def poly(seq_of_zeros: ArrayLike) -> Array:
    """The coefficients (highest power first, leading 1) of the monic polynomial with roots ``seq_of_zeros``; of a
    non-empty square matrix, its characteristic polynomial (from its eigenvalues, so complex). In the roots'
    inexact dtype.

    Args:
        seq_of_zeros: the roots (a scalar counts as one), or a square matrix.

    Example: ``poly(jnp.array([1.0, 2.0, 3.0]))`` is ``[1.0, -6.0, 11.0, -6.0]``.
    """
    out: Array = _poly(seq_of_zeros)
    return out


def _polyfit_body(x: Any, y: Any, w: Any, *, deg: int, rcond: float | None, full: bool, cov: bool | str) -> Any:
    order = deg + 1
    if deg < 0:
        raise ValueError("expected deg >= 0")
    if len(shape_of(x)) != 1:
        raise TypeError("expected 1D vector for x")
    if shape_of(x)[0] == 0:
        raise TypeError("expected non-empty vector for x")
    if len(shape_of(y)) < 1 or len(shape_of(y)) > 2:
        raise TypeError("expected 1D or 2D array for y")
    if shape_of(x)[0] != shape_of(y)[0]:
        raise TypeError("expected x and y to have same length")
    n = shape_of(x)[0]
    if rcond is None:
        rcond = n * float(finfo(lax.aval_of(x).dtype).eps)
    rcond = float(rcond)
    lhs: Any = _vander(x, order)
    rhs: Any = y
    if w is not None:
        w_arr = promote_args_inexact(w)[0]
        if len(shape_of(w_arr)) != 1:
            raise TypeError("expected a 1-d array for weights")
        if shape_of(w_arr)[0] != shape_of(y)[0]:
            raise TypeError("expected w and y to have the same length")
        lhs = lhs * w_arr[:, None]
        rhs = rhs * (w_arr[:, None] if len(shape_of(rhs)) == 2 else w_arr)
    scale = sqrt(sum(lhs * lhs, axis=0))
    lhs = lhs / scale[None, :]
    c, resids, rank, s = _lstsq_body(lhs, rhs, rcond)
    c = (c.T / scale[None, :]).T if len(shape_of(c)) > 1 else c / scale
    if full:
        return c, resids, rank, s, asarray(rcond)
    if cov:
        vbase = _inv_body(_jnp_matmul(lhs.T, lhs))
        vbase = vbase / _outer(scale, scale)
        if cov == "unscaled":
            fac: Any = asarray(1.0)
        else:
            if n <= order:
                raise ValueError("the number of data points must exceed order to scale the covariance matrix")
            fac = resids / (n - order)
        if len(shape_of(y)) == 1:
            return c, vbase * _atleast_1d(fac)[None]
        return c, vbase[:, :, None] * _atleast_1d(fac)[None, None, :]
    return c


_polyfit = jitted(_polyfit_body, "polyfit", call_name="polyfit")


def polyfit(x: ArrayLike, y: ArrayLike, deg: int, rcond: float | None = None, full: bool = False,
            w: ArrayLike | None = None, cov: bool | str = False) -> Array | tuple[Array, ...]:
    """The least-squares polynomial fit of degree ``deg`` to the points ``(x, y)``: its coefficients (highest power
    first; one column per column of a two-dimensional ``y``).

    Args:
        x: the sample points, one-dimensional.
        y: the values, of ``x``'s length (or ``[len(x), K]`` for ``K`` fits).
        deg: the degree (concrete).
        rcond: singular values below ``rcond`` times the largest are dropped (default ``len(x) * eps``).
        full: return ``(coefficients, residuals, rank, singular values, rcond)`` instead.
        w: weights of the unsquared residuals.
        cov: also return the coefficients' covariance matrix (scaled by the residuals; ``'unscaled'``: not).

    Example: ``polyfit(jnp.array([0.0, 1.0, 2.0]), jnp.array([1.0, 3.0, 5.0]), 1)`` is about ``[2.0, 1.0]``.
    """
    if w is None:
        x_arr, y_arr = _ensure(x, "polyfit"), _ensure(y, "polyfit")
    else:
        x_arr, y_arr, w = _ensure(x, "polyfit"), _ensure(y, "polyfit"), _ensure(w, "polyfit")
    deg = int(deg)  # JAX's concrete_or_error(int, deg)
    out: Array | tuple[Array, ...] = _polyfit(x_arr, y_arr, w, deg=deg, rcond=rcond, full=full, cov=cov)
    return out
