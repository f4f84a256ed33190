"""The JVP and transpose rules of the runtime's primitives, each the rule JAX 0.10.2 uses: the same operations in the
same order, so derivatives have JAX's values, dtypes and weak flags and their jaxprs print as JAX's.

Every primitive of :mod:`arraytyping._src.lax.primitives` has a JVP rule (piecewise-constant and integer-only ones a zero one). The
primitives that can occur in a linear jaxpr (the tangent computations of these rules) have a transpose rule;
nonlinear ones (``sin``, ``exp``...) have none, as in JAX. :mod:`.ad` documents how to add rules for a new
primitive. The primitives of the other runtime modules (special functions, indexing, sorting...) have theirs in
:mod:`.elementwise` and :mod:`.structural`; ``tests/runtime/test_ad_conformance.py`` checks
that none is missing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from arraytyping import lattice
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import config
from arraytyping._src.dtypes.promotion import lattice_result
from arraytyping._src.lax import lax
from arraytyping._src.lax import primitives as P
from arraytyping._src.lax import shape as SP
from arraytyping._src.interpreters.autodiff.ad import (
    UndefinedPrimal, Zero, defbilinear, defjvp, defjvp2, defjvp_zero, deflinear, instantiate_zeros,
    jvp_flat, jvp_rules, materialize, tangent_aval, tangent_dtype, transpose_rules, FLOAT0,
)
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.lax.lax import aval_of
from arraytyping._src.core.staging import ConstVal
from arraytyping._src.lax.operand_checks import numpy_broadcast

__all__ = ["const_like", "one_like", "zeros_like", "full_like", "select", "shape_of"]


# ---------------------------------------------------------------------------------------------------------------
# JAX's helpers, with their weak-type behaviour: ``_const`` is a strong scalar of the example's dtype; ``_one``/
# ``_zero`` are scalars and ``_ones``/``_zeros``/``_twos`` arrays of the example's shape, weak when it is weak.


def _kind(x: Any) -> str:
    return registry.INFO[aval_of(x).name].kind


def _const(x: Any, value: Any) -> ConstVal:
    """JAX's ``_const``: a scalar of ``x``'s dtype; weakly typed when ``x`` is a weakly typed scalar whose dtype is
    its Python type's (float32 for a float with x64 off: JAX then makes a Python scalar), else strong."""
    a = aval_of(x)
    weak = a.weak_type and not a.shape and a.dtype == _python_scalar_dtype(a.dtype)
    return lax.const(value, ShapedArray((), a.dtype, weak))


def _python_scalar_dtype(dtype: np.dtype[Any]) -> np.dtype[Any] | None:
    """The dtype of the Python scalar type JAX associates with ``dtype`` (``scalar_type_of``), or ``None``."""
    info = registry.info_of_dtype(dtype)
    if info is None:
        return None
    if info.kind == "b":
        return np.dtype(bool)
    kind = {"i": "i", "u": "i", "f": "f", "c": "c"}[info.kind]
    return registry.INFO[lattice.default_name(kind, config.x64)].dtype


def _full_like(x: Any, value: Any, shape: tuple[int, ...] | None = None) -> Any:
    """JAX's ``full_like``: a constant of rank 0 (a literal where it is used), else broadcast."""
    a = aval_of(x)
    return lax.full(a.shape if shape is None else shape, value, a.dtype, a.weak_type)


def _one(x: Any) -> Any:
    return _full_like(x, 1, ())


def _zero(x: Any) -> Any:
    return _full_like(x, 0, ())


def _ones(x: Any) -> Any:
    return _full_like(x, 1)


def _zeros(x: Any) -> Any:
    return _full_like(x, 0)


def _twos(x: Any) -> Any:
    return _full_like(x, 2)


def _shape(x: Any) -> tuple[int, ...]:
    return aval_of(x).shape


def _select(pred: Any, on_true: Any, on_false: Any) -> Any:
    return lax.select_n(pred, on_false, on_true)


def _convert(x: Any, dtype: np.dtype[Any]) -> Any:
    """JAX's public ``convert_element_type``: to ``dtype``, strongly typed."""
    return lax.convert_element_type(x, dtype, False)


def _reduce_sum(x: Any, axes: Sequence[int]) -> Any:
    return lax.reduce("sum", x, axes)


def _unbroadcast(aval: ShapedArray, x: Any) -> Any:
    """Sum ``x`` down to ``aval``'s shape (the transpose of rank-0 and size-1 broadcasting)."""
    x_shape = _shape(x)
    if x_shape == aval.shape:
        return x
    if not aval.shape:
        return _reduce_sum(x, list(range(len(x_shape))))
    dims = [i for i, (a, b) in enumerate(zip(x_shape, aval.shape)) if a != b]
    x = _reduce_sum(x, dims) if dims else x
    return lax.reshape(x, aval.shape)


def _maybe_broadcast(target_shape: tuple[int, ...], x: Any) -> Any:
    x_shape = _shape(x)
    if x_shape == target_shape:
        return x
    if not x_shape:
        return lax.broadcast_in_dim(x, target_shape, ())
    dims = [i for i, (a, b) in enumerate(zip(x_shape, target_shape)) if a == b]
    return lax.broadcast_in_dim(lax.reshape(x, tuple(x_shape[i] for i in dims)), target_shape, tuple(dims))


def _aval_or_ct(x: Any) -> ShapedArray:
    return x.aval if type(x) is UndefinedPrimal else tangent_aval(aval_of(x))


def _eq_meet(a: Any, b: Any) -> Any:
    return lax.eq(a, b)  # operands of one dtype here (JAX converts mixed ones)


def _balanced_eq(x: Any, z: Any, y: Any) -> Any:
    return lax.div(_select(_eq_meet(x, z), _ones(z), _zeros(z)), _select(_eq_meet(y, z), _twos(z), _ones(z)))


def _replace_zero(x: Any) -> Any:
    return _select(lax.eq(x, _const(x, 0)), _ones(x), x)


# ---------------------------------------------------------------------------------------------------------------
# Elementwise arithmetic


def _add_jvp(primals: Sequence[Any], tangents: Sequence[Any]) -> tuple[Any, Any]:
    x, y = primals
    xdot, ydot = tangents
    out = lax.add(x, y)
    if type(xdot) is Zero and type(ydot) is Zero:
        return out, Zero(tangent_aval(aval_of(out)))
    if type(xdot) is Zero:
        return out, _maybe_broadcast(_shape(out), ydot)
    if type(ydot) is Zero:
        return out, _maybe_broadcast(_shape(out), xdot)
    return out, lax.add(xdot, ydot)


def _add_transpose(ct: Any, x: Any, y: Any) -> list[Any]:
    return [_unbroadcast(_aval_or_ct(x), ct), _unbroadcast(_aval_or_ct(y), ct)]


def _sub_jvp(primals: Sequence[Any], tangents: Sequence[Any]) -> tuple[Any, Any]:
    x, y = primals
    xdot, ydot = tangents
    out = lax.sub(x, y)
    if type(xdot) is Zero and type(ydot) is Zero:
        return out, Zero(tangent_aval(aval_of(out)))
    if type(xdot) is Zero:
        return out, _maybe_broadcast(_shape(out), lax.neg(ydot))
    if type(ydot) is Zero:
        return out, _maybe_broadcast(_shape(out), xdot)
    return out, lax.sub(xdot, ydot)


def _sub_transpose(ct: Any, x: Any, y: Any) -> list[Any]:
    x_aval = x.aval if type(x) is UndefinedPrimal else aval_of(x)
    y_aval = y.aval if type(y) is UndefinedPrimal else aval_of(y)
    return [_unbroadcast(x_aval, ct), _unbroadcast(y_aval, lax.neg(ct))]


jvp_rules[P.add_p] = _add_jvp
transpose_rules[P.add_p] = _add_transpose
jvp_rules[P.sub_p] = _sub_jvp
transpose_rules[P.sub_p] = _sub_transpose


def _mul_transpose_left(ct: Any, x: UndefinedPrimal, y: Any) -> Any:
    return _unbroadcast(x.aval, lax.mul(ct, y))


def _mul_transpose_right(ct: Any, x: Any, y: UndefinedPrimal) -> Any:
    return _unbroadcast(y.aval, lax.mul(x, ct))


defbilinear(P.mul_p, _mul_transpose_left, _mul_transpose_right)

def _div_jvp_lhs(g: Any, x: Any, y: Any) -> Any:
    return lax.div(g, y)


def _div_jvp_rhs(g: Any, x: Any, y: Any) -> Any:
    return lax.mul(lax.mul(lax.neg(g), x), lax.integer_pow(y, -2))


defjvp(P.div_p, _div_jvp_lhs, _div_jvp_rhs)


def _div_transpose(ct: Any, x: Any, y: Any) -> list[Any]:
    if type(y) is UndefinedPrimal:
        raise RuntimeError("nonlinear div can't be transposed")
    return [_unbroadcast(x.aval, lax.div(ct, y)), None]


transpose_rules[P.div_p] = _div_transpose

def _rem_jvp_lhs(g: Any, x: Any, y: Any) -> Any:
    return _maybe_broadcast(numpy_broadcast(_shape(x), _shape(y)), g)


def _rem_jvp_rhs(g: Any, x: Any, y: Any) -> Any:
    return lax.mul(lax.neg(g), lax.mul(lax.sign(lax.div(x, y)), lax.floor(lax.abs(lax.div(x, y)))))


defjvp(P.rem_p, _rem_jvp_lhs, _rem_jvp_rhs)


def _chooser_jvp_lhs(g: Any, ans: Any, x: Any, y: Any) -> Any:
    return lax.mul(g, _balanced_eq(x, ans, y))


def _chooser_jvp_rhs(g: Any, ans: Any, x: Any, y: Any) -> Any:
    return lax.mul(g, _balanced_eq(y, ans, x))


defjvp2(P.max_p, _chooser_jvp_lhs, _chooser_jvp_rhs)
defjvp2(P.min_p, _chooser_jvp_lhs, _chooser_jvp_rhs)


def _result_type(*xs: Any) -> np.dtype[Any]:
    """JAX's ``dtypes.result_type`` of values: the lattice's join, a weak result taking its kind's default dtype
    (two weakly typed float32 values give float64 with x64, where ``jnp`` operations keep float32)."""
    avals = [aval_of(x) for x in xs]
    name, weak = lattice_result(tuple((a.name, a.weak_type) for a in avals), config.lattice_config)
    if weak:
        name = lattice.default_name("f" if name in lattice.FLOAT_NAMES else lattice.KIND[name], config.x64)
    return registry.INFO[name].dtype


def _pow_jvp_lhs(g: Any, ans: Any, x: Any, y: Any) -> Any:
    y_is_int = _kind(y) in "iu"
    dt = _result_type(x, y)
    if dt == np.dtype(bool):
        dt = np.dtype("int32")
    x = _convert(x, dt)
    y = _convert(y, dt)
    if y_is_int:
        if _shape(x) != _shape(y):
            shape = numpy_broadcast(_shape(x), _shape(y))
            x = _maybe_broadcast(shape, x)
            y = _maybe_broadcast(shape, y)
        jac = _select(lax.eq(y, _const(y, 0)), _zeros(y),
                      lax.mul(_replace_zero(y), lax.pow(x, lax.sub(y, _ones(y)))))
    else:
        jac = lax.mul(y, lax.pow(x, lax.sub(y, _ones(y))))
    return lax.mul(g, jac)


def _pow_jvp_rhs(g: Any, ans: Any, x: Any, y: Any) -> Any:
    return _convert(lax.mul(g, lax.mul(lax.log(_replace_zero(x)), ans)), aval_of(y).dtype)


defjvp2(P.pow_p, _pow_jvp_lhs, _pow_jvp_rhs)


def _integer_pow_jvp(g: Any, x: Any, *, y: int) -> Any:
    if y == 0:
        return _zeros(g)
    if y == 1:
        return g
    if y == 2:
        return lax.mul(g, lax.mul(_const(x, y), x))
    return lax.mul(g, lax.mul(_const(x, y), lax.integer_pow(x, y - 1)))


defjvp(P.integer_pow_p, _integer_pow_jvp)

def _neg_transpose(ct: Any, x: Any) -> list[Any]:
    return [lax.neg(ct)]


deflinear(P.neg_p, _neg_transpose)

for _p in (P.sign_p, P.floor_p, P.round_p, P.not_p, P.and_p, P.or_p, P.xor_p, P.shift_left_p,
           P.shift_right_logical_p, P.shift_right_arithmetic_p, P.eq_p, P.ne_p, P.lt_p, P.le_p, P.gt_p, P.ge_p,
           P.reduce_or_p, P.reduce_and_p, P.reduce_xor_p, P.mulhi_p, P.iota_p):
    defjvp_zero(_p)

def _exp_jvp(g: Any, ans: Any, x: Any) -> Any:
    return lax.mul(g, ans)


def _log_jvp(g: Any, x: Any) -> Any:
    return lax.div(g, x)


def _sqrt_jvp(g: Any, ans: Any, x: Any) -> Any:
    return lax.mul(g, lax.div(_const(x, 0.5), ans))


def _sin_jvp(g: Any, x: Any) -> Any:
    return lax.mul(g, lax.cos(x))


def _cos_jvp(g: Any, x: Any) -> Any:
    return lax.neg(lax.mul(g, lax.sin(x)))


def _tanh_jvp(g: Any, ans: Any, x: Any) -> Any:
    return lax.mul(lax.add(g, lax.mul(g, ans)), lax.sub(_one(x), ans))


defjvp2(P.exp_p, _exp_jvp)
defjvp(P.log_p, _log_jvp)
defjvp2(P.sqrt_p, _sqrt_jvp)
defjvp(P.sin_p, _sin_jvp)
defjvp(P.cos_p, _cos_jvp)
defjvp2(P.tanh_p, _tanh_jvp)


def _abs_jvp(g: Any, ans: Any, x: Any) -> Any:
    if _kind(x) == "c":
        return lax.real(lax.mul(g, lax.div(lax.conj(x), _replace_zero(_convert(ans, aval_of(x).dtype)))))
    return _select(lax.ge(x, _zero(x)), g, lax.neg(g))


defjvp2(P.abs_p, _abs_jvp)


# ---------------------------------------------------------------------------------------------------------------
# Complex numbers


def _strong_zero(x: Any) -> ConstVal:
    """A strongly typed scalar zero of ``x``'s dtype (JAX's ``np.zeros((), _dtype(t))``)."""
    return lax.const(0, ShapedArray((), aval_of(x).dtype))


def _real_transpose(ct: Any, x: Any) -> list[Any]:
    return [lax.complex(ct, _strong_zero(ct))]  # a strong zero: the cotangent of a complex input is strong, as in JAX


def _imag_transpose(ct: Any, x: Any) -> list[Any]:
    return [lax.complex(_strong_zero(ct), lax.neg(ct))]


deflinear(P.real_p, _real_transpose)
deflinear(P.imag_p, _imag_transpose)


def _complex_transpose(ct: Any, x: Any, y: Any) -> list[Any]:
    tx, ty = type(x) is UndefinedPrimal, type(y) is UndefinedPrimal
    return [_unbroadcast(x.aval, lax.real(ct)) if tx else None,
            _unbroadcast(y.aval, lax.imag(lax.neg(ct))) if ty else None]


deflinear(P.complex_p, _complex_transpose)


def _conj_transpose(ct: Any, x: UndefinedPrimal, *, input_dtype: np.dtype[Any]) -> list[Any]:
    info = registry.info_of_dtype(input_dtype)
    if info is not None and info.kind == "c":
        return [lax.conj(ct)]
    return [lax.real(ct)]


deflinear(P.conj_p, _conj_transpose)


# ---------------------------------------------------------------------------------------------------------------
# Conversion and selection


def _convert_jvp(g: Any, ans: Any, x: Any, *, new_dtype: np.dtype[Any], weak_type: bool, sharding: None = None
                 ) -> Any:
    dt = tangent_dtype(new_dtype)
    if dt == FLOAT0:
        return Zero(tangent_aval(aval_of(ans)))
    return P.convert_element_type_p.bind(g, new_dtype=dt, weak_type=weak_type, sharding=sharding)


def _convert_transpose(ct: Any, x: UndefinedPrimal, *, new_dtype: np.dtype[Any], weak_type: bool,
                       sharding: None = None) -> list[Any]:
    if tangent_dtype(x.aval.dtype) == FLOAT0:
        return [Zero(tangent_aval(x.aval))]
    return [P.convert_element_type_p.bind(ct, new_dtype=x.aval.dtype, weak_type=x.aval.weak_type,
                                          sharding=sharding)]


defjvp2(P.convert_element_type_p, _convert_jvp)
transpose_rules[P.convert_element_type_p] = _convert_transpose


def _select_n_jvp(primals: Sequence[Any], tangents: Sequence[Any]) -> tuple[Any, Any]:
    which, *cases = primals
    case_tangents = tangents[1:]
    out = lax.select_n(which, *cases)
    if all(type(t) is Zero for t in case_tangents):
        return out, Zero(case_tangents[0].aval)
    z = _zeros(next(t for t in case_tangents if type(t) is not Zero))
    return out, lax.select_n(which, *[z if type(t) is Zero else t for t in case_tangents])


def _select_n_transpose(ct: Any, which: Any, *cases: Any) -> list[Any]:
    zeros = _full_like(ct, 0)
    if aval_of(which).dtype == np.dtype(bool):
        ct0 = _select(which, zeros, ct) if type(cases[0]) is UndefinedPrimal else None
        ct1 = _select(which, ct, zeros) if type(cases[1]) is UndefinedPrimal else None
        return [None, ct0, ct1]
    return [None] + [_select(lax.eq(which, _const(which, i)), ct, zeros) if type(c) is UndefinedPrimal else None
                     for i, c in enumerate(cases)]


jvp_rules[P.select_n_p] = _select_n_jvp
transpose_rules[P.select_n_p] = _select_n_transpose


# ---------------------------------------------------------------------------------------------------------------
# Shapes


def _broadcast_in_dim_transpose(ct: Any, x: Any, *, shape: tuple[int, ...], broadcast_dimensions: tuple[int, ...],
                                sharding: None = None) -> list[Any]:
    if type(x) is not UndefinedPrimal:
        return [None]
    unit_dims = [i for i, s in enumerate(x.aval.shape) if s == 1]
    bdims = tuple(d for i, d in enumerate(broadcast_dimensions) if i not in unit_dims)
    axes = tuple(i for i in range(len(shape)) if i not in bdims)
    return [lax.expand_dims(_reduce_sum(ct, axes), unit_dims)]


deflinear(P.broadcast_in_dim_p, _broadcast_in_dim_transpose)


def _reshape_transpose(ct: Any, x: UndefinedPrimal, *, new_sizes: tuple[int, ...],
                       dimensions: tuple[int, ...] | None = None, sharding: None = None) -> list[Any]:
    if dimensions is None:
        return [lax.reshape(ct, x.aval.shape)]
    out = lax.reshape(ct, tuple(x.aval.shape[d] for d in dimensions))
    return [lax.transpose(out, tuple(int(i) for i in np.argsort(dimensions)))]


deflinear(P.reshape_p, _reshape_transpose)
def _transpose_transpose(ct: Any, x: Any, *, permutation: tuple[int, ...]) -> list[Any]:
    return [lax.transpose(ct, tuple(int(i) for i in np.argsort(permutation)))]


def _squeeze_transpose(ct: Any, x: Any, *, dimensions: tuple[int, ...]) -> list[Any]:
    return [lax.expand_dims(ct, dimensions)]


def _rev_transpose(ct: Any, x: Any, *, dimensions: tuple[int, ...]) -> list[Any]:
    return [lax.rev(ct, dimensions)]


deflinear(P.transpose_p, _transpose_transpose)
deflinear(P.squeeze_p, _squeeze_transpose)
deflinear(P.rev_p, _rev_transpose)


def _slice_transpose(ct: Any, x: UndefinedPrimal, *, start_indices: tuple[int, ...],
                     limit_indices: tuple[int, ...], strides: tuple[int, ...] | None) -> list[Any]:
    shape = x.aval.shape
    pads: list[tuple[Any, Any, Any]]  # numpy ints where JAX has them (they show in the printed parameters)
    if strides is None or all(s == 1 for s in strides):
        pads = list(zip(start_indices, np.subtract(shape, limit_indices), (0,) * len(start_indices)))
    else:
        real_limits = np.add(start_indices, np.where(np.array(_shape(ct)) == 0, 0,
                                                     np.add(1, np.multiply(np.subtract(_shape(ct), 1), strides))))
        pads = list(zip(start_indices, np.subtract(shape, real_limits), np.subtract(strides, 1)))
    return [SP.pad_p.bind(ct, _const(ct, 0), padding_config=tuple(pads))]


deflinear(P.slice_p, _slice_transpose)


def _pad_transpose(ct: Any, x: Any, padding_value: Any, *, padding_config: tuple[tuple[int, int, int], ...]
                   ) -> list[Any]:
    lo = [c[0] for c in padding_config]
    hi = [c[1] for c in padding_config]
    interior = [c[2] for c in padding_config]

    def total(v: Any) -> Any:
        return _reduce_sum(v, list(range(len(_shape(v)))))

    t_operand = None
    if type(x) is UndefinedPrimal:
        unpad: tuple[tuple[Any, Any, Any], ...] = tuple(zip(np.negative(lo), np.negative(hi), np.zeros_like(interior)))
        unpadded = SP.pad_p.bind(ct, lax.const(0.0, ShapedArray((), aval_of(ct).dtype, False)), padding_config=unpad)
        t_operand = P.slice_p.bind(unpadded, start_indices=tuple(np.zeros_like(lo)), limit_indices=_shape(unpadded),
                                   strides=tuple(np.add(interior, 1)))
    t_padv = lax.sub(total(ct), total(t_operand)) if type(padding_value) is UndefinedPrimal else None
    return [t_operand, t_padv]


deflinear(SP.pad_p, _pad_transpose)


# ---------------------------------------------------------------------------------------------------------------
# Reductions


def _reduce_sum_transpose(ct: Any, x: UndefinedPrimal, *, axes: tuple[int, ...], out_sharding: None = None
                          ) -> list[Any]:
    shape = x.aval.shape
    dims: tuple[Any, ...] = tuple(np.delete(np.arange(len(shape)), axes))  # numpy ints, as JAX's (they print)
    return [lax.broadcast_in_dim(ct, shape, dims)]


deflinear(P.reduce_sum_p, _reduce_sum_transpose)


def _reduce_chooser_jvp(g: Any, ans: Any, x: Any, *, axes: tuple[int, ...], out_sharding: None = None) -> Any:
    shape = tuple(1 if i in axes else d for i, d in enumerate(_shape(x)))
    location_indicators = _convert(_eq_meet(x, lax.reshape(ans, shape)), aval_of(g).dtype)
    counts = _reduce_sum(location_indicators, axes)
    return lax.div(_reduce_sum(lax.mul(g, location_indicators), axes), counts)


defjvp2(P.reduce_max_p, _reduce_chooser_jvp)
defjvp2(P.reduce_min_p, _reduce_chooser_jvp)


def _reduce_prod_jvp(primals: Sequence[Any], tangents: Sequence[Any], *, axes: tuple[int, ...],
                     out_sharding: None = None) -> tuple[Any, Any]:
    """JAX's ``_reduce_jvp`` for ``mul``: the reduced axes moved to the front and flattened, then multiplied
    together pairwise (a tree of slices, one padding with 1 where the count is odd), differentiated in forward
    mode."""
    (x,), (t,) = primals, tangents
    input_shape = np.array(_shape(x), dtype=int)
    init = _const(x, 1)
    n = int(np.prod(input_shape[list(axes)]))
    non_axes = np.delete(np.arange(len(input_shape)), axes)
    permutation = tuple(axes) + tuple(int(i) for i in non_axes)
    new_shape = (n,) + tuple(int(d) for d in input_shape[non_axes])
    x = lax.reshape(x, new_shape, permutation)
    t = lax.reshape(instantiate_zeros(t), new_shape, permutation)

    def reduce_tree(v: Any) -> tuple[list[Any], None]:
        while _shape(v)[0] > 1:
            m = _shape(v)[0]
            m1 = (m + 1) // 2
            v1 = _slice_in_dim(v, 0, m1)
            v2 = _slice_in_dim(v, m1, m)
            if m - m1 != m1:
                paddings = [(0, 0, 0)] * len(_shape(v))
                paddings[0] = (0, 1, 0)
                v2 = SP.pad_p.bind(v2, init, padding_config=tuple(paddings))
            v = lax.mul(v1, v2)
        if _shape(v)[0] == 0:
            return [materialize(lax.full(tuple(int(d) for d in input_shape[non_axes]), 1, aval_of(v).dtype))], None
        return [lax.squeeze(v, (0,))], None

    outs, touts, _ = jvp_flat(reduce_tree, [x], [t], "reduce_prod jvp")
    return outs[0], touts[0]


def _slice_in_dim(x: Any, start: int, limit: int) -> Any:
    shape = _shape(x)
    return P.slice_p.bind(x, start_indices=(start,) + (0,) * (len(shape) - 1), limit_indices=(limit,) + shape[1:],
                          strides=(1,) * len(shape))


jvp_rules[P.reduce_prod_p] = _reduce_prod_jvp


# ---------------------------------------------------------------------------------------------------------------
# Contractions


def _ranges_like(*xs: Sequence[int]) -> list[list[int]]:
    out: list[list[int]] = []
    start = 0
    for x in xs:
        out.append(list(range(start, start + len(x))))
        start += len(x)
    return out


def _remaining(original: Sequence[int], *removed: Sequence[int]) -> list[int]:
    gone = {i for r in removed for i in r}
    return [i for i in original if i not in gone]


def _dot_general_transpose_lhs(g: Any, x: Any, y: Any, *, dimension_numbers: Any, precision: None = None,
                               preferred_element_type: np.dtype[Any], out_sharding: None = None,
                               swap_ans: bool = False) -> Any:
    (x_contract, y_contract), (x_batch, y_batch) = dimension_numbers
    x_aval = x.aval if type(x) is UndefinedPrimal else aval_of(x)
    x_kept = _remaining(range(x_aval.ndim), x_contract, x_batch)
    y_kept = _remaining(range(len(_aval_or_ct(y).shape)), y_contract, y_batch)
    if swap_ans:
        ans_batch, ans_y, _ = _ranges_like(x_batch, y_kept, x_kept)
    else:
        ans_batch, _, ans_y = _ranges_like(x_batch, x_kept, y_kept)
    dims = ((tuple(ans_y), tuple(y_kept)), (tuple(ans_batch), tuple(y_batch)))
    x_contract_sorted_by_y = [int(i) for i in np.take(x_contract, np.argsort(y_contract))] if len(x_contract) else []
    unsorted_axes = list(x_batch) + x_kept + x_contract_sorted_by_y
    out_axes = tuple(int(i) for i in np.argsort(unsorted_axes))
    out = lax.dot_general(g, y, dims, preferred_element_type)
    x_bar = lax.transpose(out, out_axes)
    if aval_of(x_bar).dtype != x_aval.dtype:
        x_bar = lax.convert_element_type(x_bar, x_aval.dtype, x_aval.weak_type)
    return x_bar


def _dot_general_transpose_rhs(g: Any, x: Any, y: Any, *, dimension_numbers: Any, precision: None = None,
                               preferred_element_type: np.dtype[Any], out_sharding: None = None) -> Any:
    (x_contract, y_contract), (x_batch, y_batch) = dimension_numbers
    swapped = ((y_contract, x_contract), (y_batch, x_batch))
    return _dot_general_transpose_lhs(g, y, x, dimension_numbers=swapped, precision=precision,
                                      preferred_element_type=preferred_element_type, out_sharding=out_sharding,
                                      swap_ans=True)


defbilinear(P.dot_general_p, _dot_general_transpose_lhs, _dot_general_transpose_rhs)


# ---------------------------------------------------------------------------------------------------------------
# Tangent sums


def _add_any_transpose(ct: Any, x: Any, y: Any) -> list[Any]:
    return [ct, ct]


deflinear(P.add_any_p, _add_any_transpose)


# JAX's helpers, for the rule modules of the other primitives (:mod:`.elementwise`,
# :mod:`.structural`)
const_like = _const
one_like = _one
zeros_like = _zeros
full_like = _full_like
select = _select
shape_of = _shape
