"""The decomposition primitives of ``jax.lax.linalg`` on the CPU: ``cholesky``, ``lu``, ``geqrf``,
``householder_product``, ``qr`` (their composition), ``eigh``, ``eig``, ``svd`` and ``triangular_solve``, lowered as JAX 0.10.2 lowers them there, to
the LAPACK kernels jaxlib registers as typed-FFI custom calls (``lapack_spotrf_ffi``, ``lapack_dgetrf_ffi``...).

Each custom call takes and gives its matrices in column-major layout (XLA inserts the transposes), aliases its
first operand to its first result, and reports LAPACK's ``info``; a failed decomposition (``info != 0``) becomes
nans, as in JAX. The kernels exist for float32, float64, complex64 and complex128: the abstract rules accept every
inexact dtype (as JAX's, so ``eval_shape`` of a bfloat16 decomposition answers), and lowering any other fails with
JAX's ``NotImplementedError``.

Unlike JAX's ``lu`` primitive (which also returns the permutation, computed in its lowering), ``lu`` here gives the
factors and the pivots; :func:`lu_pivots_to_permutation` computes the permutation with the same values.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Sequence
from typing import Any, Final

import numpy as np

from arraytyping._src.dtypes import registry
from arraytyping._src.lax import lax
from arraytyping._src.xla import lowering
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.staging import trace_to_jaxpr
from arraytyping._src.core.trace import Primitive

__all__ = ["cholesky_p", "eig_p", "eigh_p", "geqrf_p", "householder_product_p", "lu_p", "lu_pivots_to_permutation", "qr_p", "register_lapack_kernels",
           "svd_p", "triangular_solve_p"]

_PREFIX: Final = {"float32": "s", "float64": "d", "complex64": "c", "complex128": "z"}
_REAL: Final = {"float32": "float32", "float64": "float64", "complex64": "float32", "complex128": "float64"}
_INT32: Final = np.dtype("int32")

_registered = False
_register_lock = threading.Lock()


def _register() -> None:
    """Load jaxlib's LAPACK kernels (scipy's LAPACK, as JAX's ``lapack._lapack.initialize``) and register them with
    XLA's CPU backend, once."""
    global _registered
    with _register_lock:
        if _registered:
            return
        lapack: Any = importlib.import_module("jaxlib.cpu._lapack")
        jax_ext: Any = importlib.import_module("jaxlib._jax")
        lapack.initialize()
        for name, fn in lapack.registrations().items():
            jax_ext.register_custom_call_target(name, fn, "Host", 1 if name.endswith("_ffi") else 0)
        _registered = True


register_lapack_kernels = _register
"""jaxlib's LAPACK kernels registered with XLA's CPU backend (once), as ``import jax`` registers them: what
``jax.ffi.ffi_call`` can call by name (``lapack_spotrf_ffi``...)."""


def _target(base: str, aval: ShapedArray) -> str:
    prefix = _PREFIX.get(aval.name)
    if prefix is None:
        raise NotImplementedError(f"Unsupported dtype {aval.name}: the CPU's LAPACK kernels take float32, float64, "
                                  f"complex64 and complex128")
    return f"lapack_{prefix}{base}"


def _check_inexact(name: str, aval: ShapedArray) -> None:
    if registry.INFO[aval.name].kind not in "fc":
        raise TypeError(f"{name} does not accept dtype {aval.name}. Accepted dtypes are subtypes of floating, "
                        f"complexfloating.")


def _check_matrix(name: str, aval: ShapedArray) -> None:
    if aval.ndim < 2:
        raise TypeError(f"Input argument to {name} must have rank >= 2, got shape={aval.shape}")


def _column_major(ndim: int) -> tuple[int, ...]:
    return (ndim - 2, ndim - 1, *range(ndim - 3, -1, -1))


def _ffi_call(ctx: lowering.LoweringContext, target: str, operands: Sequence[Any], avals_in: Sequence[ShapedArray],
              avals_out: Sequence[ShapedArray], attrs: dict[str, Any], aliases: dict[int, int]) -> list[Any]:
    """A typed-FFI ``custom_call`` as JAX's ``_linalg_ffi_lowering`` emits it: operands and results of the largest
    rank in column-major layout, the others row-major; ``attrs`` as its backend configuration."""
    _register()
    m, hlo = ctx.m, ctx.hlo
    ir = m.ir
    ndim = max(len(a.shape) for a in avals_in)

    def layout(aval: ShapedArray) -> Any:
        dims = _column_major(aval.ndim) if aval.ndim == ndim else tuple(range(aval.ndim - 1, -1, -1))
        return ir.DenseIntElementsAttr.get(np.atleast_1d(np.asarray(dims, dtype=np.int64)), type=ir.IndexType.get())

    results = [m.tensor(a) for a in avals_out]
    attributes = {
        "call_target_name": ir.StringAttr.get(target),
        "has_side_effect": ir.BoolAttr.get(False),
        "backend_config": ir.StringAttr.get(""),
        "api_version": ir.IntegerAttr.get(ir.IntegerType.get_signless(32), 1),
        "called_computations": ir.ArrayAttr.get([]),
        "output_operand_aliases": ir.ArrayAttr.get([
            hlo.OutputOperandAlias.get(output_tuple_indices=[out] if len(results) > 1 else [], operand_index=inp,
                                       operand_tuple_indices=[]) for inp, out in aliases.items()]),
        "operand_layouts": ir.ArrayAttr.get([layout(a) for a in avals_in]),
        "result_layouts": ir.ArrayAttr.get([layout(a) for a in avals_out]),
        "mhlo.frontend_attributes": ir.DictAttr.get({"num_batch_dims": ir.StringAttr.get(str(ndim - 2))}),
    }
    op = hlo.CustomCallOp.build_generic(results=results, operands=list(operands), attributes=attributes)
    op.operation.attributes["mhlo.backend_config"] = ir.DictAttr.get(
        {k: ir.IntegerAttr.get(ir.IntegerType.get_unsigned(8), v) for k, v in attrs.items()})
    return list(op.results)


def _nan_where_failed(ctx: lowering.LoweringContext, info: Any, info_aval: ShapedArray, x: Any, aval: ShapedArray,
                      direction: str = "EQ") -> Any:
    """``x`` where LAPACK's ``info`` compares ``direction`` with 0 (per matrix of the batch), nan elsewhere."""
    m, hlo = ctx.m, ctx.hlo
    zero = lowering.constant(m, 0, info_aval)
    ok = lowering.compare(ctx, info, zero, info_aval, direction)
    nb = len(info_aval.shape)
    pred = ShapedArray(aval.shape, np.dtype(bool))
    ok = hlo.broadcast_in_dim(m.tensor(pred), ok, m.i64s(range(nb)))
    nan = lowering.constant(m, complex(np.nan, np.nan) if aval.name.startswith("complex") else np.nan, aval)
    return hlo.select(ok, x, nan)


# ---------------------------------------------------------------------------------------------------------------
# cholesky


def _cholesky_rule(x: ShapedArray) -> list[ShapedArray]:
    _check_inexact("cholesky", x)
    _check_matrix("cholesky", x)
    if x.shape[-1] != x.shape[-2]:
        raise ValueError(f"The input to cholesky must be a square matrix. Got shape {x.shape[-2:]}.")
    return [x]


cholesky_p: Final[Primitive] = Primitive("cholesky", _cholesky_rule)
"""The lower Cholesky factor (its strict upper triangle is whatever LAPACK leaves: callers take ``tril``)."""


def _cholesky_lower(ctx: lowering.LoweringContext, x: Any) -> list[Any]:
    (aval,), (out,) = ctx.avals_in, ctx.avals_out
    info = ShapedArray(aval.shape[:-2], _INT32)
    result, status = _ffi_call(ctx, _target("potrf_ffi", aval), [x], [aval], [out, info], {"uplo": ord("L")},
                               {0: 0})
    return [_nan_where_failed(ctx, status, info, result, out)]


lowering.RULES[cholesky_p] = _cholesky_lower


# ---------------------------------------------------------------------------------------------------------------
# lu


def _lu_rule(x: ShapedArray) -> list[ShapedArray]:
    _check_inexact("lu", x)
    _check_matrix("lu", x)
    *batch, m, n = x.shape
    return [x, ShapedArray((*batch, min(m, n)), _INT32)]


lu_p: Final[Primitive] = Primitive("lu", _lu_rule, multiple_results=True)
"""LAPACK's ``getrf``: the packed ``L\\U`` factors and the (0-based) row pivots."""


def _lu_lower(ctx: lowering.LoweringContext, x: Any) -> list[Any]:
    (aval,), (out, piv) = ctx.avals_in, ctx.avals_out
    info = ShapedArray(aval.shape[:-2], _INT32)
    lu, pivots, status = _ffi_call(ctx, _target("getrf_ffi", aval), [x], [aval], [out, piv, info], {}, {0: 0})
    pivots = ctx.hlo.subtract(pivots, lowering.constant(ctx.m, 1, piv))
    return [_nan_where_failed(ctx, status, info, lu, out, "GE"), pivots]


lowering.RULES[lu_p] = _lu_lower


def lu_pivots_to_permutation(pivots: Any, size: int) -> Any:
    """The row permutation the pivots make (row ``i`` swapped with row ``pivots[i]``, in order), as int32."""
    batch = lax.aval_of(pivots).shape[:-1]
    shape = (*batch, size)
    iota = lax.iota(_INT32, shape, len(shape) - 1)
    perm = iota
    zero = lax.full(shape, 0, _INT32)
    for i in range(lax.aval_of(pivots).shape[-1]):
        j = lax.broadcast_in_dim(lax.reshape(lax.slice_in_dim(pivots, i, i + 1, axis=len(shape) - 1), batch),
                                 shape, tuple(range(len(batch))))
        at_i = lax.eq(iota, lax.full(shape, i, _INT32))
        at_j = lax.eq(iota, j)
        perm_i = lax.broadcast_in_dim(lax.reduce("sum", lax.select_n(at_i, zero, perm), (len(shape) - 1,)), shape,
                                      tuple(range(len(batch))))
        perm_j = lax.broadcast_in_dim(lax.reduce("sum", lax.select_n(at_j, zero, perm), (len(shape) - 1,)), shape,
                                      tuple(range(len(batch))))
        perm = lax.select_n(at_i, lax.select_n(at_j, perm, perm_i), perm_j)
    return perm


# ---------------------------------------------------------------------------------------------------------------
# geqrf and householder_product (QR)


def _geqrf_rule(x: ShapedArray) -> list[ShapedArray]:
    _check_inexact("geqrf", x)
    _check_matrix("geqrf", x)
    *batch, m, n = x.shape
    return [x, ShapedArray((*batch, min(m, n)), x.dtype, x.weak_type)]


geqrf_p: Final[Primitive] = Primitive("geqrf", _geqrf_rule, multiple_results=True)


def _geqrf_lower(ctx: lowering.LoweringContext, x: Any) -> list[Any]:
    (aval,) = ctx.avals_in
    return _ffi_call(ctx, _target("geqrf_ffi", aval), [x], [aval], ctx.avals_out, {}, {0: 0})


lowering.RULES[geqrf_p] = _geqrf_lower


def _householder_product_rule(a: ShapedArray, taus: ShapedArray) -> list[ShapedArray]:
    _check_inexact("householder_product", a)
    *batch, m, n = a.shape
    if m < n or taus.shape != (*batch, taus.shape[-1]) or taus.shape[-1] > n:
        raise ValueError(f"householder_product: incompatible shapes {a.shape} and {taus.shape}")
    return [a.update(weak_type=a.weak_type and taus.weak_type)]


householder_product_p: Final[Primitive] = Primitive("householder_product", _householder_product_rule)


def _householder_product_lower(ctx: lowering.LoweringContext, a: Any, taus: Any) -> list[Any]:
    aval = ctx.avals_in[0]
    base = "ungqr_ffi" if aval.name.startswith("complex") else "orgqr_ffi"
    return _ffi_call(ctx, _target(base, aval), [a, taus], ctx.avals_in, ctx.avals_out, {}, {0: 0})


lowering.RULES[householder_product_p] = _householder_product_lower


def _qr_rule(x: ShapedArray, *, full_matrices: bool, pivoting: bool, use_magma: Any) -> list[ShapedArray]:
    _check_inexact("qr", x)
    _check_matrix("qr", x)
    if pivoting:
        raise NotImplementedError("qr with pivoting=True is not supported")
    *batch, m, n = x.shape
    k = m if full_matrices else min(m, n)
    return [ShapedArray((*batch, m, k), x.dtype, x.weak_type), ShapedArray((*batch, k, n), x.dtype, x.weak_type)]


qr_p: Final[Primitive] = Primitive("qr", _qr_rule, multiple_results=True)
"""The QR decomposition ``(q, r)`` (JAX's ``qr`` primitive, differentiated as a whole), lowered as JAX lowers it on
the CPU: ``geqrf``, then ``householder_product`` of the reflectors (padded to ``m x m`` for ``full_matrices``)."""


def _upper(x: Any) -> Any:
    """The upper triangle of the last two axes of ``x``."""
    a = lax.aval_of(x)
    n = len(a.shape)
    rows = lax.iota(_INT32, a.shape[-2:], 0)
    cols = lax.iota(_INT32, a.shape[-2:], 1)
    mask = lax.broadcast_in_dim(lax.le(rows, cols), a.shape, (n - 2, n - 1))
    return lax.select_n(mask, lax.full(a.shape, 0, a.dtype, a.weak_type), x)


def _qr_steps(a: Any, full_matrices: bool) -> list[Any]:
    """JAX's ``_qr_lowering``: the LAPACK steps of :data:`qr_p`."""
    *batch, m, n = lax.aval_of(a).shape
    rank = len(batch) + 2
    r, taus = geqrf_p.bind(a)
    if m < n:
        q = householder_product_p.bind(lax.slice_in_dim(r, 0, m, rank - 1), taus)
    elif full_matrices:
        a_r = lax.aval_of(r)
        padded = lax.pad(r, lax.full((), 0, a_r.dtype, a_r.weak_type), [(0, 0, 0)] * (rank - 1) + [(0, m - n, 0)])
        q = householder_product_p.bind(padded, taus)
    else:
        q = householder_product_p.bind(r, taus)
        r = lax.slice_in_dim(r, 0, n, rank - 2)
    return [q, _upper(r)]


def _qr_lower(ctx: lowering.LoweringContext, x: Any, *, full_matrices: bool, pivoting: bool,
              use_magma: Any) -> list[Any]:

    def steps(a: Any) -> list[Any]:
        return _qr_steps(a, full_matrices)

    closed, _ = trace_to_jaxpr(steps, ctx.avals_in, "qr")
    return lowering.closed_jaxpr_subcomp(ctx.m, closed, [x])


lowering.RULES[qr_p] = _qr_lower


# ---------------------------------------------------------------------------------------------------------------
# eigh


def _eigh_rule(x: ShapedArray, *, lower: bool) -> list[ShapedArray]:
    _check_inexact("eigh", x)
    _check_matrix("eigh", x)
    if x.shape[-1] != x.shape[-2]:
        raise ValueError(f"Argument to symmetric eigendecomposition must have shape [..., n, n], got shape "
                         f"{x.shape}")
    real = registry.INFO[_REAL.get(x.name, x.name)].dtype
    return [x, ShapedArray(x.shape[:-1], real, x.weak_type)]


eigh_p: Final[Primitive] = Primitive("eigh", _eigh_rule, multiple_results=True)
"""The eigenvectors (columns) and ascending eigenvalues of a Hermitian matrix (LAPACK's ``syevd``/``heevd``)."""


def _eigh_lower(ctx: lowering.LoweringContext, x: Any, *, lower: bool) -> list[Any]:
    (aval,), (v_aval, w_aval) = ctx.avals_in, ctx.avals_out
    info = ShapedArray(aval.shape[:-2], _INT32)
    base = "heevd_ffi" if aval.name.startswith("complex") else "syevd_ffi"
    v, w, status = _ffi_call(ctx, _target(base, aval), [x], [aval], [v_aval, w_aval, info],
                             {"mode": ord("V"), "uplo": ord("L" if lower else "U")}, {0: 0})
    return [_nan_where_failed(ctx, status, info, v, v_aval), _nan_where_failed(ctx, status, info, w, w_aval)]


lowering.RULES[eigh_p] = _eigh_lower


# ---------------------------------------------------------------------------------------------------------------
# eig

_TO_COMPLEX: Final = {"float64": "complex128", "complex128": "complex128"}


def _eig_rule(x: ShapedArray, *, compute_left_eigenvectors: bool, compute_right_eigenvectors: bool
              ) -> list[ShapedArray]:
    _check_inexact("eig", x)
    _check_matrix("eig", x)
    if x.shape[-1] != x.shape[-2]:
        raise ValueError(f"The input to eig must be a square matrix. Got shape {x.shape[-2:]}.")
    dtype = registry.INFO[_TO_COMPLEX.get(x.name, "complex64")].dtype
    w = ShapedArray(x.shape[:-1], dtype, x.weak_type)
    v = ShapedArray(x.shape, dtype, x.weak_type)
    return [w] + [v] * (int(compute_left_eigenvectors) + int(compute_right_eigenvectors))


eig_p = Primitive("eig", _eig_rule, multiple_results=True)
"""The eigenvalues (complex, unordered) of a general square matrix and, as asked, its left and right eigenvectors
(columns, unit norm; LAPACK's ``geev``)."""

_GEEV_COMPUTE: Final = {True: 86, False: 78}
"""jaxlib's ``eig.ComputationMode``: ``kComputeEigenvectors`` (``'V'``) and ``kNoEigenvectors`` (``'N'``)."""


def _eig_lower(ctx: lowering.LoweringContext, x: Any, *, compute_left_eigenvectors: bool,
               compute_right_eigenvectors: bool) -> list[Any]:
    (aval,) = ctx.avals_in
    batch = aval.shape[:-2]
    real = aval.name in ("float32", "float64")
    complex_dtype = registry.INFO[_TO_COMPLEX.get(aval.name, "complex64")].dtype
    w_aval = ShapedArray(aval.shape[:-1], aval.dtype)
    v_aval = ShapedArray(aval.shape, complex_dtype)
    info = ShapedArray(batch, _INT32)
    avals_out = [w_aval, w_aval, v_aval, v_aval, info] if real else [w_aval, v_aval, v_aval, info]
    *w, vl, vr, status = _ffi_call(ctx, _target("geev_ffi", aval), [x], [aval], avals_out,
                                   {"compute_left": _GEEV_COMPUTE[compute_left_eigenvectors],
                                    "compute_right": _GEEV_COMPUTE[compute_right_eigenvectors]}, {})
    out_w = ShapedArray(aval.shape[:-1], complex_dtype)
    w0 = ctx.hlo.complex(w[0], w[1]) if real else w[0]
    out = [_nan_where_failed(ctx, status, info, w0, out_w)]
    if compute_left_eigenvectors:
        out.append(_nan_where_failed(ctx, status, info, vl, v_aval))
    if compute_right_eigenvectors:
        out.append(_nan_where_failed(ctx, status, info, vr, v_aval))
    return out


lowering.RULES[eig_p] = _eig_lower


# ---------------------------------------------------------------------------------------------------------------
# svd


def _svd_rule(x: ShapedArray, *, full_matrices: bool, compute_uv: bool) -> list[ShapedArray]:
    _check_inexact("svd", x)
    _check_matrix("svd", x)
    *batch, m, n = x.shape
    k = min(m, n)
    real = registry.INFO[_REAL.get(x.name, x.name)].dtype
    s = ShapedArray((*batch, k), real, x.weak_type)
    if not compute_uv:
        return [s]
    u = ShapedArray((*batch, m, m if full_matrices else k), x.dtype, x.weak_type)
    vt = ShapedArray((*batch, n if full_matrices else k, n), x.dtype, x.weak_type)
    return [s, u, vt]


svd_p: Final[Primitive] = Primitive("svd", _svd_rule, multiple_results=True)
"""The singular values (descending) and, with ``compute_uv``, ``u`` and ``vh`` (LAPACK's ``gesdd``)."""


def _svd_lower(ctx: lowering.LoweringContext, x: Any, *, full_matrices: bool, compute_uv: bool) -> list[Any]:
    (aval,) = ctx.avals_in
    *batch, m, n = aval.shape
    if m == 0 or n == 0:
        raise NotImplementedError("svd of an empty matrix")
    k = min(m, n)
    s_aval = ctx.avals_out[0]
    u_aval = ShapedArray((*batch, m, m if full_matrices else k), aval.dtype)
    vt_aval = ShapedArray((*batch, n if full_matrices else k, n), aval.dtype)
    info = ShapedArray(tuple(batch), _INT32)
    mode = "N" if not compute_uv else "A" if full_matrices else "S"
    _, s, u, vt, status = _ffi_call(ctx, _target("gesdd_ffi", aval), [x], [aval],
                                    [aval, s_aval, u_aval, vt_aval, info], {"mode": ord(mode)}, {0: 0})
    out = [_nan_where_failed(ctx, status, info, s, s_aval)]
    if compute_uv:
        out += [_nan_where_failed(ctx, status, info, u, u_aval), _nan_where_failed(ctx, status, info, vt, vt_aval)]
    return out


lowering.RULES[svd_p] = _svd_lower


# ---------------------------------------------------------------------------------------------------------------
# triangular_solve


def _triangular_solve_rule(a: ShapedArray, b: ShapedArray, *, left_side: bool, lower: bool, transpose_a: bool,
                           conjugate_a: bool, unit_diagonal: bool) -> list[ShapedArray]:
    _check_inexact("triangular_solve", a)
    if a.dtype != b.dtype:
        raise TypeError(f"triangular_solve requires operands of one dtype, got {a.name} and {b.name}")
    if a.ndim < 2 or a.shape[-1] != a.shape[-2] or b.ndim != a.ndim or a.shape[:-2] != b.shape[:-2]:
        raise ValueError(f"triangular_solve: incompatible shapes {a.shape} and {b.shape}")
    common = b.shape[-2] if left_side else b.shape[-1]
    if a.shape[-1] != common:
        raise ValueError(f"triangular_solve: incompatible shapes {a.shape} and {b.shape}")
    return [b.update(weak_type=a.weak_type and b.weak_type)]


triangular_solve_p: Final[Primitive] = Primitive("triangular_solve", _triangular_solve_rule)


def _triangular_solve_lower(ctx: lowering.LoweringContext, a: Any, b: Any, *, left_side: bool, lower: bool,
                            transpose_a: bool, conjugate_a: bool, unit_diagonal: bool) -> list[Any]:
    a_aval, b_aval = ctx.avals_in
    if conjugate_a and not transpose_a:
        a = ctx.chlo.conj(a)
        conjugate_a = False
    trans = ("C" if conjugate_a else "T") if transpose_a else "N"
    return _ffi_call(ctx, _target("trsm_ffi", a_aval), [a, b], [a_aval, b_aval], ctx.avals_out,
                     {"side": ord("L" if left_side else "R"), "uplo": ord("L" if lower else "U"),
                      "trans_x": ord(trans), "diag": ord("U" if unit_diagonal else "N")}, {1: 0})


lowering.RULES[triangular_solve_p] = _triangular_solve_lower
