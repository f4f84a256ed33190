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

__all__ = ["cholesky_p", "cholesky_update_p", "eig_p", "eigh_p", "geqrf_p", "hessenberg_p", "householder_product_p",
           "lu_p", "lu_pivots_to_permutation", "lu_pivots_to_permutation_p", "ormqr_p", "qr_p",
           "register_lapack_kernels", "schur_p", "svd_p", "symmetric_product_p", "triangular_solve_p", "tridiagonal_p",
           "tridiagonal_solve_p"]

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
    op.operation.attributes["mhlo.backend_config"] = ir.DictAttr.get({k: _attr(ir, v) for k, v in attrs.items()})
    return list(op.results)


def _attr(ir: Any, v: Any) -> Any:
    """An FFI attribute as JAX writes it: a bool as a boolean, an ``np.int32`` as a signless 32-bit integer, any
    other integer as an unsigned 8-bit one (a LAPACK character or an enum)."""
    if isinstance(v, bool):
        return ir.BoolAttr.get(v)
    if getattr(v, "dtype", None) == _INT32:  # an np.int32
        return ir.IntegerAttr.get(ir.IntegerType.get_signless(32), int(v))
    return ir.IntegerAttr.get(ir.IntegerType.get_unsigned(8), int(v))


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
    return [x, ShapedArray((*batch, min(m, n)), _INT32), ShapedArray((*batch, m), _INT32)]


lu_p: Final[Primitive] = Primitive("lu", _lu_rule, multiple_results=True)
"""LAPACK's ``getrf``: the packed ``L\\U`` factors, the (0-based) row pivots and the row permutation they make
(JAX's ``lu`` primitive: its lowering computes the permutation, as JAX's does)."""


def _subcomp(ctx: lowering.LoweringContext, fn: Any, avals: Sequence[ShapedArray], name: str,
             args: Sequence[Any]) -> list[Any]:
    """``fn`` (of arrays) traced at ``avals`` and lowered in place (JAX's ``mlir.lower_fun``)."""
    closed, _ = trace_to_jaxpr(fn, list(avals), name)
    return list(lowering.closed_jaxpr_subcomp(ctx.m, closed, list(args)))


def _lu_lower(ctx: lowering.LoweringContext, x: Any) -> list[Any]:
    (aval,), (out, piv) = ctx.avals_in, ctx.avals_out[:2]
    info = ShapedArray(aval.shape[:-2], _INT32)
    lu, pivots, status = _ffi_call(ctx, _target("getrf_ffi", aval), [x], [aval], [out, piv, info], {}, {0: 0})
    pivots = ctx.hlo.subtract(pivots, lowering.constant(ctx.m, 1, piv))
    m = aval.shape[-2]
    def permute(p: Any) -> list[Any]:
        return [lu_pivots_to_permutation(p, m)]

    (permutation,) = _subcomp(ctx, permute, [piv], "lu_pivots_to_permutation", [pivots])
    return [_nan_where_failed(ctx, status, info, lu, out, "GE"), pivots, permutation]


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


def _lu_pivots_to_permutation_rule(pivots: ShapedArray, *, permutation_size: int) -> list[ShapedArray]:
    if pivots.dtype != _INT32:
        raise TypeError(f"lu_pivots_to_permutation does not accept dtype {pivots.name}. Accepted dtypes are "
                        f"subtypes of int32.")
    if pivots.ndim < 1:
        raise TypeError(f"Input 0 to lu_pivots_to_permutation must have rank at least 1, but got "
                        f"shape={pivots.shape}")
    if not permutation_size >= pivots.shape[-1]:
        raise ValueError(f"Output permutation size {permutation_size} has to exceed the trailing dimension of the "
                         f"pivots. Got pivots size {pivots.shape[-1]}")
    return [ShapedArray((*pivots.shape[:-1], permutation_size), _INT32, pivots.weak_type)]


lu_pivots_to_permutation_p: Final[Primitive] = Primitive("lu_pivots_to_permutation", _lu_pivots_to_permutation_rule)
"""The permutation (int32) the row swaps ``pivots`` make (JAX's primitive; lowered as the composition
:func:`lu_pivots_to_permutation`)."""


def _lu_pivots_to_permutation_lower(ctx: lowering.LoweringContext, pivots: Any, *,
                                    permutation_size: int) -> list[Any]:
    def permute(p: Any) -> list[Any]:
        return [lu_pivots_to_permutation(p, permutation_size)]

    return _subcomp(ctx, permute, ctx.avals_in, "lu_pivots_to_permutation", [pivots])


lowering.RULES[lu_pivots_to_permutation_p] = _lu_pivots_to_permutation_lower


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


def _eigh_rule(x: ShapedArray, *, lower: bool, sort_eigenvalues: bool, subset_by_index: tuple[int, int] | None,
               algorithm: Any) -> list[ShapedArray]:
    _check_inexact("eigh", x)
    _check_matrix("eigh", x)
    if x.shape[-1] != x.shape[-2]:
        raise ValueError(f"Argument to symmetric eigendecomposition must have shape [..., n, n], got shape "
                         f"{x.shape}")
    real = registry.INFO[_REAL.get(x.name, x.name)].dtype
    n = x.shape[-1]
    d = n if subset_by_index is None else subset_by_index[1] - subset_by_index[0]
    return [x.update(shape=(*x.shape[:-1], d)), ShapedArray((*x.shape[:-2], d), real, x.weak_type)]


eigh_p: Final[Primitive] = Primitive("eigh", _eigh_rule, multiple_results=True)
"""The eigenvectors (columns) and ascending eigenvalues of a Hermitian matrix (LAPACK's ``syevd``/``heevd``), with
JAX's parameters ``lower``, ``sort_eigenvalues`` (the CPU sorts in any case), ``subset_by_index`` (only ``None`` or
the whole range lowers on the CPU) and ``algorithm`` (an ``EighImplementation`` or ``None``)."""


def _eigh_lower(ctx: lowering.LoweringContext, x: Any, *, lower: bool, sort_eigenvalues: bool,
                subset_by_index: tuple[int, int] | None, algorithm: Any) -> list[Any]:
    (aval,), (v_aval, w_aval) = ctx.avals_in, ctx.avals_out
    n = aval.shape[-1]
    if not (subset_by_index is None or tuple(subset_by_index) == (0, n)):
        raise NotImplementedError("subset_by_index not supported on CPU and GPU")
    name = getattr(algorithm, "name", None)
    if name == "QDWH":
        raise NotImplementedError("QDWH implementation is only supported on TPU")
    if name == "JACOBI":
        raise NotImplementedError("Jacobi implementation is not supported on CPU")
    info = ShapedArray(aval.shape[:-2], _INT32)
    base = "heevd_ffi" if aval.name.startswith("complex") else "syevd_ffi"
    v, w, status = _ffi_call(ctx, _target(base, aval), [x], [aval], [v_aval, w_aval, info],
                             {"mode": ord("V"), "uplo": ord("L" if lower else "U")}, {0: 0})
    return [_nan_where_failed(ctx, status, info, v, v_aval), _nan_where_failed(ctx, status, info, w, w_aval)]


lowering.RULES[eigh_p] = _eigh_lower


# ---------------------------------------------------------------------------------------------------------------
# eig

_TO_COMPLEX: Final = {"float64": "complex128", "complex128": "complex128"}


def _eig_rule(x: ShapedArray, *, compute_left_eigenvectors: bool, compute_right_eigenvectors: bool,
              enable_eigvec_derivs: bool, implementation: Any) -> list[ShapedArray]:
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
               compute_right_eigenvectors: bool, enable_eigvec_derivs: bool, implementation: Any) -> list[Any]:
    if implementation is not None and getattr(implementation, "name", None) != "LAPACK":
        raise ValueError("Only the lapack implementation is supported on CPU.")
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


def _svd_rule(x: ShapedArray, *, full_matrices: bool, compute_uv: bool, subset_by_index: tuple[int, int] | None,
              algorithm: Any) -> list[ShapedArray]:
    _check_inexact("svd", x)
    _check_matrix("svd", x)
    *batch, m, n = x.shape
    k = min(m, n)
    if subset_by_index is not None:
        if full_matrices and tuple(subset_by_index) != (0, k):
            raise ValueError("full_matrices and subset_by_index cannot both be set")
        k = min(k, subset_by_index[1] - subset_by_index[0])
    real = registry.INFO[_REAL.get(x.name, x.name)].dtype
    s = ShapedArray((*batch, k), real, x.weak_type)
    if not compute_uv:
        return [s]
    u = ShapedArray((*batch, m, m if full_matrices else k), x.dtype, x.weak_type)
    vt = ShapedArray((*batch, n if full_matrices else k, n), x.dtype, x.weak_type)
    return [s, u, vt]


svd_p: Final[Primitive] = Primitive("svd", _svd_rule, multiple_results=True)
"""The singular values (descending) and, with ``compute_uv``, ``u`` and ``vh`` (LAPACK's ``gesdd``)."""


def _svd_lower(ctx: lowering.LoweringContext, x: Any, *, full_matrices: bool, compute_uv: bool,
               subset_by_index: tuple[int, int] | None, algorithm: Any) -> list[Any]:
    (aval,) = ctx.avals_in
    *batch, m, n = aval.shape
    if not (subset_by_index is None or tuple(subset_by_index) == (0, min(m, n))):
        raise NotImplementedError("subset_by_index not implemented for CPU and GPU")
    if m == 0 or n == 0:
        raise NotImplementedError("svd of an empty matrix")
    k = min(m, n)
    s_aval = ctx.avals_out[0]
    u_aval = ShapedArray((*batch, m, m if full_matrices else k), aval.dtype)
    vt_aval = ShapedArray((*batch, n if full_matrices else k, n), aval.dtype)
    info = ShapedArray(tuple(batch), _INT32)
    name = getattr(algorithm, "name", None)
    if name in ("JACOBI", "POLAR"):
        raise NotImplementedError("The SVD Jacobi and Polar algorithms are not implemented on CPU.")
    mode = "N" if not compute_uv else "A" if full_matrices else "S"
    base = "gesvd_ffi" if name == "QR" else "gesdd_ffi"
    _, s, u, vt, status = _ffi_call(ctx, _target(base, aval), [x], [aval],
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


# ---------------------------------------------------------------------------------------------------------------
# The rest of JAX's linalg primitives: their type rules are JAX's ``linalg_primitive`` rules (the accepted dtypes,
# the core ranks, the same number of batch axes for every operand, then the core shape rule).


def _check_operands(name: str, avals: Sequence[ShapedArray], ranks: Sequence[int], kinds: str = "fc",
                    batching: bool = True) -> tuple[int, ...]:
    """JAX's dtype and rank checks of a linalg primitive's operands; the batch shape of the first."""
    for aval in avals:
        if registry.INFO[aval.name].kind not in kinds:
            accepted = "floating, complexfloating" if kinds == "fc" else "floating"
            raise TypeError(f"{name} does not accept dtype {aval.name}. Accepted dtypes are subtypes of {accepted}.")
    if len({a.dtype for a in avals}) > 1:
        raise TypeError(f"{name} requires arguments to have the same dtypes, got "
                        f"{', '.join(a.name for a in avals)}.")
    for i, (rank, aval) in enumerate(zip(ranks, avals)):
        if aval.ndim < rank:
            raise TypeError(f"Input {i} to {name} must have rank at least {rank}, but got shape={aval.shape}")
        if not batching and aval.ndim != rank:
            raise TypeError(f"Input {i} to {name} must have a rank of exactly {rank}, but got shape={aval.shape}")
    nbatch = [a.ndim - r for a, r in zip(avals, ranks)]
    if len(set(nbatch)) > 1:
        raise TypeError(f"All inputs to {name} must have the same number of batch dimensions, but got {nbatch} "
                        f"batch dimensions for the inputs.")
    return avals[0].shape[:nbatch[0]]


def _weak(*avals: ShapedArray) -> bool:
    return all(a.weak_type for a in avals)


# symmetric_product


def _symmetric_product_rule(a: ShapedArray, c: ShapedArray, *, alpha: Any, beta: Any) -> list[ShapedArray]:
    batch = _check_operands("symmetric_product", [a, c], [2, 2], kinds="f")
    a_shape, c_shape = a.shape[-2:], c.shape[-2:]
    if a_shape[0] != c_shape[1] or c_shape[0] != c_shape[1]:
        raise ValueError(f"symmetric_update expects a rectangular matrix of shape (m, n) and a square matrix of "
                         f"shape (n, n). Got shapes {a_shape} and {c_shape}.")
    return [ShapedArray((*batch, *c_shape), c.dtype, _weak(a, c))]


symmetric_product_p: Final[Primitive] = Primitive("symmetric_product", _symmetric_product_rule)
"""``alpha * a @ a^T + beta * c`` (JAX's primitive, real floating dtypes only; lowered as JAX lowers it on the CPU,
a batched product and a sum)."""


def _symmetric_product_steps(a: Any, c: Any, alpha: Any, beta: Any) -> Any:
    av = lax.aval_of(a)
    n = av.ndim
    batch = tuple(range(n - 2))
    aat = lax.dot_general(a, a, (((n - 1,), (n - 1,)), (batch, batch)), av.dtype)
    out = lax.aval_of(aat)
    return lax.add(lax.mul(lax.full(out.shape, alpha, out.dtype, out.weak_type), aat),
                   lax.mul(lax.full(out.shape, beta, out.dtype, out.weak_type), c))


def _symmetric_product_lower(ctx: lowering.LoweringContext, a: Any, c: Any, *, alpha: Any, beta: Any) -> list[Any]:
    def product(x: Any, y: Any) -> list[Any]:
        return [_symmetric_product_steps(x, y, alpha, beta)]

    return _subcomp(ctx, product, ctx.avals_in, "symmetric_product", [a, c])


lowering.RULES[symmetric_product_p] = _symmetric_product_lower


# cholesky_update


def _cholesky_update_rule(r: ShapedArray, w: ShapedArray) -> list[ShapedArray]:
    _check_operands("cholesky_update", [r, w], [2, 1], kinds="f", batching=False)
    if r.shape[0] != r.shape[1] or w.shape[0] != r.shape[1]:
        raise ValueError(f"Rank-1 update to Cholesky decomposition takes a square matrix and a vector of the same "
                         f"size as input. Got shapes {r.shape} and {w.shape} instead")
    return [r.update(weak_type=_weak(r, w))]


cholesky_update_p: Final[Primitive] = Primitive("cholesky_update", _cholesky_update_rule)
"""The upper Cholesky factor of ``R^T R + w w^T`` from ``R``'s (JAX's primitive: Givens rotations, one matrix, no
batching rule, as JAX's)."""


def _cholesky_update_steps(r: Any, z: Any) -> Any:
    """JAX's ``_cholesky_update_jax_fn``: a Givens rotation per row (its ``cond`` on ``y == 0`` as a select)."""
    a = lax.aval_of(r)
    n = a.shape[0]
    dt = a.dtype

    def scalar(v: float) -> Any:
        return lax.full((), v, dt)

    for k in range(n):
        x = lax.reshape(lax.slice(r, (k, k), (k + 1, k + 1)), ())
        y = lax.reshape(lax.slice(z, (k,), (k + 1,)), ())
        ax, ay = lax.abs(x), lax.abs(y)
        den = lax.select_n(lax.gt(ax, ay), ay, ax)
        xs, ys = lax.div(x, den), lax.div(y, den)
        rh = lax.div(scalar(1.0), lax.sqrt(lax.add(lax.integer_pow(xs, 2), lax.integer_pow(ys, 2))))
        zero_y = lax.eq(y, scalar(0.0))
        c = lax.select_n(zero_y, lax.mul(xs, rh), scalar(1.0))
        s = lax.select_n(zero_y, lax.neg(lax.mul(ys, rh)), scalar(0.0))
        row = lax.reshape(lax.slice(r, (k, 0), (k + 1, n)), (n,))
        cb, sb = lax.broadcast_in_dim(c, (n,), ()), lax.broadcast_in_dim(s, (n,), ())
        new_row = lax.sub(lax.mul(cb, row), lax.mul(sb, z))
        z = lax.add(lax.mul(cb, z), lax.mul(sb, row))
        r = lax.concatenate([lax.slice(r, (0, 0), (k, n)), lax.reshape(new_row, (1, n)),
                             lax.slice(r, (k + 1, 0), (n, n))], 0)
    return r


def _cholesky_update_lower(ctx: lowering.LoweringContext, r: Any, w: Any) -> list[Any]:
    def update(x: Any, y: Any) -> list[Any]:
        return [_cholesky_update_steps(x, y)]

    return _subcomp(ctx, update, ctx.avals_in, "cholesky_update", [r, w])


lowering.RULES[cholesky_update_p] = _cholesky_update_lower


# hessenberg


def _hessenberg_rule(a: ShapedArray) -> list[ShapedArray]:
    batch = _check_operands("hessenberg", [a], [2])
    if a.shape[-2] != a.shape[-1]:
        raise ValueError(f"Argument to Hessenberg reduction must have shape [..., n, n], got shape {a.shape[-2:]}")
    return [a, ShapedArray((*batch, a.shape[-1] - 1), a.dtype, a.weak_type)]


hessenberg_p: Final[Primitive] = Primitive("hessenberg", _hessenberg_rule, multiple_results=True)
"""LAPACK's ``gehrd``: the upper Hessenberg form (reflectors below its first subdiagonal) and the reflectors'
scales."""


def _hessenberg_lower(ctx: lowering.LoweringContext, a: Any) -> list[Any]:
    (aval,), (out, taus_aval) = ctx.avals_in, ctx.avals_out
    info = ShapedArray(aval.shape[:-2], _INT32)
    n = aval.shape[-1]
    h, taus, status = _ffi_call(ctx, _target("gehrd_ffi", aval), [a], [aval], [out, taus_aval, info],
                                {"low": np.int32(1), "high": np.int32(n)}, {0: 0})
    return [_nan_where_failed(ctx, status, info, h, out), _nan_where_failed(ctx, status, info, taus, taus_aval)]


lowering.RULES[hessenberg_p] = _hessenberg_lower


# tridiagonal


def _tridiagonal_rule(a: ShapedArray, *, lower: bool) -> list[ShapedArray]:
    batch = _check_operands("tridiagonal", [a], [2])
    n, m = a.shape[-2:]
    if n != m or m == 0:
        raise ValueError(f"The input to tridiagonal must be a square matrix. Got shape {a.shape[-2:]}.")
    real = registry.INFO[_REAL.get(a.name, a.name)].dtype
    return [a, ShapedArray((*batch, n), real, a.weak_type), ShapedArray((*batch, n - 1), real, a.weak_type),
            ShapedArray((*batch, n - 1), a.dtype, a.weak_type)]


tridiagonal_p: Final[Primitive] = Primitive("tridiagonal", _tridiagonal_rule, multiple_results=True)
"""LAPACK's ``sytrd``/``hetrd``: a Hermitian matrix reduced to tridiagonal form ``(a, d, e, taus)``."""


def _tridiagonal_lower(ctx: lowering.LoweringContext, a: Any, *, lower: bool) -> list[Any]:
    (aval,) = ctx.avals_in
    outs = list(ctx.avals_out)
    info = ShapedArray(aval.shape[:-2], _INT32)
    base = "hetrd_ffi" if aval.name.startswith("complex") else "sytrd_ffi"
    *results, status = _ffi_call(ctx, _target(base, aval), [a], [aval], [*outs, info],
                                 {"uplo": ord("L" if lower else "U")}, {0: 0})
    return [_nan_where_failed(ctx, status, info, r, o) for r, o in zip(results, outs)]


lowering.RULES[tridiagonal_p] = _tridiagonal_lower


# schur

_SCHUR_MODE: Final = {True: 86, False: 78}
"""jaxlib's ``schur.ComputationMode``: ``kComputeSchurVectors`` (``'V'``), ``kNoComputeSchurVectors`` (``'N'``)."""
_SCHUR_NO_SORT: Final = 78
"""jaxlib's ``schur.Sort.kNoSortEigenvalues`` (``'N'``)."""


def _schur_rule(x: ShapedArray, *, compute_schur_vectors: bool, sort_eig_vals: bool, select_callable: Any
                ) -> list[ShapedArray]:
    _check_operands("schur", [x], [2])
    if x.shape[-2] != x.shape[-1]:
        raise ValueError(f"The input to schur must be a square matrix. Got shape {x.shape[-2:]}.")
    return [x, x] if compute_schur_vectors else [x]


schur_p: Final[Primitive] = Primitive("schur", _schur_rule, multiple_results=True)
"""LAPACK's ``gees``: the Schur form ``T`` and, with ``compute_schur_vectors``, the unitary ``Z`` of
``A = Z T Z^H`` (real Schur form for a real matrix)."""


def _schur_lower(ctx: lowering.LoweringContext, x: Any, *, compute_schur_vectors: bool, sort_eig_vals: bool,
                 select_callable: Any) -> list[Any]:
    if sort_eig_vals:
        raise NotImplementedError("The sort feature of LAPACK's gees routine is not implemented.")
    (aval,) = ctx.avals_in
    batch = aval.shape[:-2]
    info = ShapedArray(batch, _INT32)
    w = ShapedArray(aval.shape[:-1], aval.dtype)
    real = aval.name in ("float32", "float64")
    avals_out = [aval, aval, w, w, info, info] if real else [aval, aval, w, info, info]
    t, z, *_, status = _ffi_call(ctx, _target("gees_ffi", aval), [x], [aval], avals_out,
                                 {"mode": _SCHUR_MODE[bool(compute_schur_vectors)], "sort": _SCHUR_NO_SORT},
                                 {0: 0})
    out = [_nan_where_failed(ctx, status, info, t, ctx.avals_out[0])]
    if compute_schur_vectors:
        out.append(_nan_where_failed(ctx, status, info, z, ctx.avals_out[1]))
    return out


lowering.RULES[schur_p] = _schur_lower


# ormqr


def _ormqr_rule(a: ShapedArray, taus: ShapedArray, c: ShapedArray, *, left: bool, transpose: bool
                ) -> list[ShapedArray]:
    batch = _check_operands("ormqr", [a, taus, c], [2, 1, 2])
    a_shape, c_shape = a.shape[-2:], c.shape[-2:]
    m = a_shape[0]
    if left and c_shape[0] != m:
        raise ValueError(f"ormqr with left=True expects c to have the same number of rows as the Householder matrix "
                         f"a. Got a shape {a_shape} and c shape {c_shape}.")
    if not left and c_shape[1] != m:
        raise ValueError(f"ormqr with left=False expects c to have the same number of columns as the Householder "
                         f"matrix a has rows. Got a shape {a_shape} and c shape {c_shape}.")
    return [ShapedArray((*batch, *c_shape), c.dtype, _weak(a, taus, c))]


ormqr_p: Final[Primitive] = Primitive("ormqr", _ormqr_rule)
"""LAPACK's ``ormqr``/``unmqr``: ``c`` multiplied by the ``Q`` of Householder reflectors without forming it."""


def _ormqr_lower(ctx: lowering.LoweringContext, a: Any, taus: Any, c: Any, *, left: bool, transpose: bool
                 ) -> list[Any]:
    aval = ctx.avals_in[0]
    base = "unmqr_ffi" if aval.name.startswith("complex") else "ormqr_ffi"
    return _ffi_call(ctx, _target(base, aval), [a, taus, c], ctx.avals_in, ctx.avals_out,
                     {"left": bool(left), "transpose": bool(transpose)}, {2: 0})


lowering.RULES[ormqr_p] = _ormqr_lower


# tridiagonal_solve


def _tridiagonal_solve_rule(dl: ShapedArray, d: ShapedArray, du: ShapedArray, b: ShapedArray, *,
                            perturb_singular: bool) -> list[ShapedArray]:
    batch = _check_operands("tridiagonal_solve", [dl, d, du, b], [1, 1, 1, 2])
    if dl.shape[-1:] != d.shape[-1:] or dl.shape[-1:] != du.shape[-1:]:
        raise TypeError("tridiagonal_solve requires that all diagonal arguments have the same shape.")
    if dl.shape[-1:] != b.shape[-2:-1]:
        raise TypeError("tridiagonal_solve requires that the leading ndim-1 dimensions of b equal the dimensions of "
                        "the diagonal arguments.")
    if not dl.shape == d.shape == du.shape == b.shape[:-1]:
        raise TypeError(f"tridiagonal_solve: the operands' batch shapes differ: {dl.shape[:-1]}, {d.shape[:-1]}, "
                        f"{du.shape[:-1]} and {b.shape[:-2]}")
    return [ShapedArray((*batch, *b.shape[-2:]), b.dtype, _weak(dl, d, du, b))]


tridiagonal_solve_p: Final[Primitive] = Primitive("tridiagonal_solve", _tridiagonal_solve_rule)
"""The solution of a tridiagonal system (LAPACK's ``gtsv``; jaxlib's perturbed solver with ``perturb_singular``)."""


def _tridiagonal_solve_lower(ctx: lowering.LoweringContext, dl: Any, d: Any, du: Any, b: Any, *,
                             perturb_singular: bool) -> list[Any]:
    avals_in = list(ctx.avals_in)
    b_aval = avals_in[-1]
    if perturb_singular:
        _register()
        return _ffi_call(ctx, "tridiagonal_solve_perturbed_ffi", [dl, d, du, b], avals_in, [b_aval], {}, {})
    info = ShapedArray(b_aval.shape[:-2], _INT32)
    *_, x, status = _ffi_call(ctx, _target("gtsv_ffi", b_aval), [dl, d, du, b], avals_in, [*avals_in, info], {},
                              {0: 0, 1: 1, 2: 2, 3: 3})
    return [_nan_where_failed(ctx, status, info, x, ctx.avals_out[0])]


lowering.RULES[tridiagonal_solve_p] = _tridiagonal_solve_lower
