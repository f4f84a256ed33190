"""Lowering jaxprs to StableHLO with ``jaxlib.mlir``: one ``func.func @main`` per jaxpr, constvars first."""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Sequence
from typing import Any, Final

import ml_dtypes
import numpy as np

from arraytyping import op_rules
from arraytyping._src import registry
from arraytyping._src.lax import primitives as P
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.trace import Primitive
from arraytyping._src.core.jaxpr import ClosedJaxpr, Jaxpr, Literal, Var
from arraytyping._src.core.staging import ConstVal

__all__ = ["lower_jaxpr", "jaxpr_subcomp", "closed_jaxpr_subcomp", "LoweringError", "RULES"]


class LoweringError(NotImplementedError):
    """A primitive or dtype the StableHLO lowering does not handle."""


class _MLIR:
    """The MLIR context (not thread-safe: every use holds ``lock``) and the jaxlib modules."""

    def __init__(self) -> None:
        from arraytyping._src.xla.backend import quiet_cpp_logging

        quiet_cpp_logging()
        import importlib

        # jaxlib's MLIR bindings have partial stubs: they are handled as ``Any`` behind this class.
        jax_mlir_ext: Any = importlib.import_module("jaxlib.mlir._mlir_libs._jax_mlir_ext")
        ir: Any = importlib.import_module("jaxlib.mlir.ir")
        func: Any = importlib.import_module("jaxlib.mlir.dialects.func")
        hlo: Any = importlib.import_module("jaxlib.mlir.dialects.stablehlo")
        chlo: Any = importlib.import_module("jaxlib.mlir.dialects.chlo")

        self.ir: Any = ir
        self.hlo: Any = hlo
        self.chlo: Any = chlo
        self.func: Any = func
        reg = ir.DialectRegistry()
        jax_mlir_ext.register_dialects(reg)
        self.ctx = ir.Context()
        self.ctx.append_dialect_registry(reg)
        self.ctx.load_all_available_dialects()
        chlo.register_dialect(self.ctx)  # as JAX's make_ir_context: chlo ops (square, asin, next_after...) need it
        hlo.register_dialect(self.ctx)
        chlo.register_dialect(self.ctx)  # its operations that infer their result types need it (chlo.top_k)
        self.lock = threading.RLock()
        i: Any = ir.IntegerType
        self.elt: dict[str, Callable[[], Any]] = {
            "bool": lambda: i.get_signless(1),
            **{f"int{b}": functools.partial(i.get_signless, b) for b in (1, 2, 4, 8, 16, 32, 64)},
            **{f"uint{b}": functools.partial(i.get_unsigned, b) for b in (1, 2, 4, 8, 16, 32, 64)},
            "float4_e2m1fn": ir.Float4E2M1FNType.get, "float6_e2m3fn": ir.Float6E2M3FNType.get,
            "float6_e3m2fn": ir.Float6E3M2FNType.get, "float8_e3m4": ir.Float8E3M4Type.get,
            "float8_e4m3": ir.Float8E4M3Type.get, "float8_e8m0fnu": ir.Float8E8M0FNUType.get,
            "float8_e4m3b11fnuz": ir.Float8E4M3B11FNUZType.get, "float8_e4m3fn": ir.Float8E4M3FNType.get,
            "float8_e4m3fnuz": ir.Float8E4M3FNUZType.get, "float8_e5m2": ir.Float8E5M2Type.get,
            "float8_e5m2fnuz": ir.Float8E5M2FNUZType.get, "bfloat16": ir.BF16Type.get, "float16": ir.F16Type.get,
            "float32": ir.F32Type.get, "float64": ir.F64Type.get,
            "complex64": lambda: ir.ComplexType.get(ir.F32Type.get()),
            "complex128": lambda: ir.ComplexType.get(ir.F64Type.get()),
        }

    def tensor(self, aval: ShapedArray) -> Any:
        return self.ir.RankedTensorType.get(aval.shape, self.elt[aval.name]())

    def i64s(self, xs: Sequence[int]) -> Any:
        return self.ir.DenseI64ArrayAttr.get([int(x) for x in xs])  # parameters may hold numpy ints, as JAX's


_mlir: _MLIR | None = None
_mlir_lock = threading.Lock()


def mlir() -> _MLIR:
    global _mlir
    if _mlir is None:
        with _mlir_lock:
            if _mlir is None:
                _mlir = _MLIR()
    return _mlir


class LoweringContext:
    def __init__(self, m: _MLIR, avals_in: Sequence[ShapedArray], avals_out: Sequence[ShapedArray]) -> None:
        self.m = m
        self.hlo = m.hlo
        self.chlo = m.chlo
        self.avals_in = avals_in
        self.avals_out = avals_out


Rule = Callable[..., list[Any]]
RULES: dict[Primitive, Rule] = {}


def _kind(aval: ShapedArray) -> str:
    return registry.INFO[aval.name].kind


def constant(m: _MLIR, value: Any, aval: ShapedArray) -> Any:
    """A constant of ``aval`` holding ``value``: built in a wide carrier type (i64/ui64/f64/c128) and converted,
    so every dtype, including the small floats and sub-byte integers, is handled the same way."""
    ir, hlo = m.ir, m.hlo
    kind = _kind(aval)
    arr = np.broadcast_to(np.asarray(value, dtype=aval.dtype), aval.shape)
    if kind == "c":
        carrier, elt = arr.astype(np.complex128), ir.ComplexType.get(ir.F64Type.get())
    elif kind == "f":
        carrier, elt = arr.astype(np.float64), ir.F64Type.get()
    elif kind == "u":
        carrier, elt = arr.astype(np.uint64), ir.IntegerType.get_unsigned(64)
    else:
        carrier, elt = arr.astype(np.int64), ir.IntegerType.get_signless(64)
    carrier = np.ascontiguousarray(carrier)
    ttype = ir.RankedTensorType.get(aval.shape, elt)
    attr = ir.DenseElementsAttr.get(carrier, type=elt, shape=list(aval.shape))
    c = hlo.constant(attr)
    if aval.name in ("float64", "complex128", "int64", "uint64"):
        return c
    _ = ttype
    return hlo.convert(m.tensor(aval), c)


def _bcast_scalar(ctx: LoweringContext, x: Any, aval: ShapedArray, shape: tuple[int, ...]) -> Any:
    """Broadcast an operand of rank 0, or of the same rank with size-1 dimensions, to ``shape``."""
    if aval.shape == shape:
        return x
    dims = [] if not aval.shape else list(range(len(shape)))
    return ctx.hlo.broadcast_in_dim(ctx.m.tensor(aval.update(shape=shape)), x, ctx.m.i64s(dims))


def _binary(op_name: str, dialect: str = "hlo") -> Rule:
    """An operation of two operands of one shape, StableHLO's (or ``dialect='chlo'``: CHLO's), a 0-d operand
    broadcast first, as JAX's ``_nary_lower_hlo``."""
    def rule(ctx: LoweringContext, x: Any, y: Any) -> list[Any]:
        out = ctx.avals_out[0]
        x = _bcast_scalar(ctx, x, ctx.avals_in[0], out.shape)
        y = _bcast_scalar(ctx, y, ctx.avals_in[1], out.shape)
        return [getattr(getattr(ctx, dialect), op_name)(x, y)]
    return rule


def minmax(ctx: LoweringContext, op_name: str, x: Any, y: Any, aval: ShapedArray) -> Any:
    """``maximum``/``minimum``; complex values compare lexicographically (real parts, then imaginary parts), as
    JAX's ``max_hlo``/``min_hlo``."""
    hlo = ctx.hlo
    if _kind(aval) != "c":
        return getattr(hlo, op_name)(x, y)
    direction = "GT" if op_name == "maximum" else "LT"
    part = aval.update(dtype=np.dtype("float64" if aval.name == "complex128" else "float32"))
    rx, ry = hlo.real(x), hlo.real(y)
    real_eq = compare(ctx, rx, ry, part, "EQ")
    real_cmp = compare(ctx, rx, ry, part, direction)
    imag_cmp = compare(ctx, hlo.imag(x), hlo.imag(y), part, direction)
    return hlo.select(hlo.select(real_eq, imag_cmp, real_cmp), x, y)


def _minmax_rule(op_name: str) -> Rule:
    def rule(ctx: LoweringContext, x: Any, y: Any) -> list[Any]:
        out = ctx.avals_out[0]
        x = _bcast_scalar(ctx, x, ctx.avals_in[0], out.shape)
        y = _bcast_scalar(ctx, y, ctx.avals_in[1], out.shape)
        return [minmax(ctx, op_name, x, y, out)]
    return rule


RULES[P.max_p] = _minmax_rule("maximum")
RULES[P.min_p] = _minmax_rule("minimum")

for _p, _n in [(P.add_p, "add"), (P.sub_p, "subtract"), (P.mul_p, "multiply"), (P.div_p, "divide"),
               (P.rem_p, "remainder"), (P.and_p, "and_"),
               (P.or_p, "or_"), (P.xor_p, "xor"), (P.shift_left_p, "shift_left"),
               (P.shift_right_logical_p, "shift_right_logical"),
               (P.shift_right_arithmetic_p, "shift_right_arithmetic")]:
    RULES[_p] = _binary(_n)


def _pow(ctx: LoweringContext, x: Any, y: Any) -> list[Any]:
    """``pow``; an integer exponent is converted to the base's dtype first (as JAX lowers ``pow``)."""
    out = ctx.avals_out[0]
    x_aval, y_aval = ctx.avals_in
    if y_aval.dtype != x_aval.dtype:
        y_aval = y_aval.update(dtype=x_aval.dtype, weak_type=False)
        y = ctx.hlo.convert(ctx.m.tensor(y_aval), y)
    x = _bcast_scalar(ctx, x, x_aval, out.shape)
    y = _bcast_scalar(ctx, y, y_aval, out.shape)
    return [ctx.hlo.power(x, y)]


RULES[P.pow_p] = _pow


def _compare_type(aval: ShapedArray) -> str:
    k = _kind(aval)
    return "FLOAT" if k in "fc" else "SIGNED" if k == "i" else "UNSIGNED"


def compare(ctx: LoweringContext, x: Any, y: Any, aval: ShapedArray, direction: str, total_order: bool = False
            ) -> Any:
    hlo = ctx.hlo
    return hlo.compare(x, y, hlo.ComparisonDirectionAttr.get(direction),
                       compare_type=hlo.ComparisonTypeAttr.get(
                           "TOTALORDER" if total_order and _kind(aval) in "fc" else _compare_type(aval)))


def _compare(direction: str, total_order: bool = False) -> Rule:
    def rule(ctx: LoweringContext, x: Any, y: Any) -> list[Any]:
        shape = ctx.avals_out[0].shape
        x = _bcast_scalar(ctx, x, ctx.avals_in[0], shape)
        y = _bcast_scalar(ctx, y, ctx.avals_in[1], shape)
        return [compare(ctx, x, y, ctx.avals_in[0], direction, total_order)]
    return rule


for _p, _n in [(P.eq_p, "EQ"), (P.ne_p, "NE"), (P.lt_p, "LT"), (P.le_p, "LE"), (P.gt_p, "GT"), (P.ge_p, "GE")]:
    RULES[_p] = _compare(_n)
RULES[P.eq_to_p] = _compare("EQ", total_order=True)
RULES[P.lt_to_p] = _compare("LT", total_order=True)
RULES[P.le_to_p] = _compare("LE", total_order=True)


def _unary(op_name: str) -> Rule:
    def rule(ctx: LoweringContext, x: Any) -> list[Any]:
        return [getattr(ctx.hlo, op_name)(x)]
    return rule


for _p, _n in [(P.neg_p, "negate"), (P.not_p, "not_"), (P.exp_p, "exponential"), (P.log_p, "log"),
               (P.sqrt_p, "sqrt"), (P.sin_p, "sine"), (P.cos_p, "cosine"), (P.tanh_p, "tanh"), (P.floor_p, "floor"),
               (P.real_p, "real"), (P.imag_p, "imag"), (P.ceil_p, "ceil"), (P.expm1_p, "exponential_minus_one"),
               (P.log1p_p, "log_plus_one"), (P.tan_p, "tan"), (P.cbrt_p, "cbrt"), (P.is_finite_p, "is_finite")]:
    RULES[_p] = _unary(_n)


def _chlo_unary(op_name: str) -> Rule:
    """Operations XLA expands itself from CHLO, as JAX lowers them."""
    def rule(ctx: LoweringContext, x: Any) -> list[Any]:
        return [getattr(ctx.chlo, op_name)(x)]
    return rule


for _p, _n in [(P.asin_p, "asin"), (P.acos_p, "acos"), (P.atan_p, "atan"), (P.sinh_p, "sinh"), (P.cosh_p, "cosh"),
               (P.asinh_p, "asinh"), (P.acosh_p, "acosh"), (P.atanh_p, "atanh")]:
    RULES[_p] = _chlo_unary(_n)


def _square(ctx: LoweringContext, x: Any) -> list[Any]:
    if _kind(ctx.avals_in[0]) in "iu":
        return [ctx.hlo.multiply(x, x)]
    return [ctx.chlo.square(x)]


def _exp2(ctx: LoweringContext, x: Any) -> list[Any]:
    """``exp(log(2) * x)``, as JAX lowers ``exp2``."""
    aval = ctx.avals_in[0]
    log2 = _bcast_scalar(ctx, constant(ctx.m, np.log(2), aval.update(shape=())), aval.update(shape=()), aval.shape)
    return [ctx.hlo.exponential(ctx.hlo.multiply(log2, x))]


def _conj(ctx: LoweringContext, x: Any, *, input_dtype: Any) -> list[Any]:
    """JAX's lowering: ``complex(real(x), -imag(x))``, or ``complex(x, 0)`` for a real operand."""
    aval, hlo = ctx.avals_in[0], ctx.hlo
    if _kind(aval) == "c":
        return [hlo.complex(hlo.real(x), hlo.negate(hlo.imag(x)))]
    return [hlo.complex(x, constant(ctx.m, 0, aval))]


def _bitcast(ctx: LoweringContext, x: Any, *, new_dtype: Any) -> list[Any]:
    return [ctx.hlo.bitcast_convert(ctx.m.tensor(ctx.avals_out[0]), x)]


def _clamp(ctx: LoweringContext, lo: Any, x: Any, hi: Any) -> list[Any]:
    return [ctx.hlo.clamp(lo, x, hi)]


RULES[P.square_p] = _square
RULES[P.exp2_p] = _exp2
RULES[P.conj_p] = _conj
RULES[P.bitcast_convert_type_p] = _bitcast
RULES[P.nextafter_p] = _binary("next_after", "chlo")
RULES[P.polygamma_p] = _binary("polygamma", "chlo")
RULES[P.clamp_p] = _clamp
RULES[P.atan2_p] = _binary("atan2")
RULES[P.complex_p] = _binary("complex")


def _abs(ctx: LoweringContext, x: Any) -> list[Any]:
    return [ctx.hlo.abs(x)]


def _sign(ctx: LoweringContext, x: Any) -> list[Any]:
    aval = ctx.avals_in[0]
    if _kind(aval) == "u":  # StableHLO's sign takes signed integers and floats
        nonzero = compare(ctx, x, constant(ctx.m, 0, aval), aval, "NE")
        return [ctx.hlo.convert(ctx.m.tensor(aval), nonzero)]
    return [ctx.hlo.sign(x)]


RULES[P.abs_p] = _abs
RULES[P.sign_p] = _sign


def _round(ctx: LoweringContext, x: Any, *, rounding_method: P.RoundingMethod) -> list[Any]:
    if rounding_method == P.RoundingMethod.AWAY_FROM_ZERO:
        return [ctx.hlo.round_nearest_afz(x)]
    return [ctx.hlo.round_nearest_even(x)]


RULES[P.round_p] = _round


def _integer_pow(ctx: LoweringContext, x: Any, *, y: int) -> list[Any]:
    aval = ctx.avals_in[0]
    hlo = ctx.hlo
    acc: Any = None
    base, n = x, abs(y)
    while n:
        if n & 1:
            acc = base if acc is None else hlo.multiply(acc, base)
        n >>= 1
        if n:
            base = hlo.multiply(base, base)
    if acc is None:
        acc = constant(ctx.m, 1, aval)
    if y < 0:
        acc = hlo.divide(constant(ctx.m, 1, aval), acc)
    return [acc]


RULES[P.integer_pow_p] = _integer_pow


def _convert(ctx: LoweringContext, x: Any, *, new_dtype: Any, weak_type: bool, sharding: None = None) -> list[Any]:
    src, out = ctx.avals_in[0], ctx.avals_out[0]
    if src.dtype == out.dtype:
        return [x]
    if out.name == "bool":
        return [compare(ctx, x, constant(ctx.m, 0, src), src, "NE")]
    if _kind(src) == "c" and _kind(out) != "c":
        x = ctx.hlo.real(x)
    if _kind(src) in "iu" and _kind(out) == "i" and _bits(src) > _bits(out):
        # XLA's CPU compiler (jaxlib 0.10.2; JAX crashes the same way) segfaults on ``and``/``or`` of a narrowing
        # signed integer conversion. Truncating to the unsigned type of the target width and reinterpreting the
        # bits gives the same values (two's complement) without that pattern.
        unsigned = out.update(dtype=registry.INFO[f"uint{_bits(out)}"].dtype, weak_type=False)
        return [ctx.hlo.bitcast_convert(ctx.m.tensor(out), ctx.hlo.convert(ctx.m.tensor(unsigned), x))]
    return [ctx.hlo.convert(ctx.m.tensor(out), x)]


def _bits(aval: ShapedArray) -> int:
    return registry.INFO[aval.name].bits


RULES[P.convert_element_type_p] = _convert


def _select_n(ctx: LoweringContext, which: Any, *cases: Any) -> list[Any]:
    out = ctx.avals_out[0]
    w_aval = ctx.avals_in[0]
    which = _bcast_scalar(ctx, which, w_aval, out.shape)
    if w_aval.name == "bool":
        if len(cases) == 1:
            return [cases[0]]
        if len(cases) != 2:
            raise LoweringError("select_n with a bool selector takes two cases")
        return [ctx.hlo.select(which, cases[1], cases[0])]
    result = cases[-1]
    w = w_aval.update(shape=out.shape)
    for i in range(len(cases) - 2, -1, -1):  # which == i -> cases[i]
        pred = compare(ctx, which, constant(ctx.m, i, w), w, "EQ")
        result = ctx.hlo.select(pred, cases[i], result)
    return [result]


RULES[P.select_n_p] = _select_n


def _broadcast_in_dim(ctx: LoweringContext, x: Any, *, shape: tuple[int, ...], broadcast_dimensions: tuple[int, ...],
                      sharding: None = None) -> list[Any]:
    return [ctx.hlo.broadcast_in_dim(ctx.m.tensor(ctx.avals_out[0]), x, ctx.m.i64s(broadcast_dimensions))]


def _reshape(ctx: LoweringContext, x: Any, *, dimensions: tuple[int, ...] | None = None, **_: Any) -> list[Any]:
    if dimensions is not None and tuple(dimensions) != tuple(range(len(dimensions))):
        x = ctx.hlo.transpose(x, ctx.m.i64s(dimensions))
    return [ctx.hlo.reshape(ctx.m.tensor(ctx.avals_out[0]), x)]


def _squeeze(ctx: LoweringContext, x: Any, *, dimensions: tuple[int, ...]) -> list[Any]:
    return [ctx.hlo.reshape(ctx.m.tensor(ctx.avals_out[0]), x)]


def _transpose(ctx: LoweringContext, x: Any, *, permutation: tuple[int, ...]) -> list[Any]:
    return [ctx.hlo.transpose(x, ctx.m.i64s(permutation))]


def _slice(ctx: LoweringContext, x: Any, *, start_indices: tuple[int, ...], limit_indices: tuple[int, ...],
           strides: tuple[int, ...] | None) -> list[Any]:
    st = strides or (1,) * len(start_indices)
    return [ctx.hlo.slice(x, ctx.m.i64s(start_indices), ctx.m.i64s(limit_indices), ctx.m.i64s(st))]


def _rev(ctx: LoweringContext, x: Any, *, dimensions: tuple[int, ...]) -> list[Any]:
    return [ctx.hlo.reverse(x, ctx.m.i64s(dimensions))]


RULES[P.broadcast_in_dim_p] = _broadcast_in_dim
RULES[P.reshape_p] = _reshape
RULES[P.squeeze_p] = _squeeze
RULES[P.transpose_p] = _transpose
RULES[P.slice_p] = _slice
RULES[P.rev_p] = _rev


def _finfo(dtype: np.dtype[Any]) -> Any:
    """``ml_dtypes.finfo`` (untyped)."""
    return ml_dtypes.finfo(dtype)  # type: ignore[no-untyped-call]


def _iinfo(dtype: np.dtype[Any]) -> Any:
    """``ml_dtypes.iinfo`` (untyped)."""
    return ml_dtypes.iinfo(dtype)  # type: ignore[no-untyped-call]


def _float_extreme(dtype: np.dtype[Any], sign: int) -> Any:
    info = _finfo(dtype)
    inf = np.array(sign * np.inf).astype(dtype)
    return inf if np.isinf(inf) else (info.max if sign > 0 else info.min)


def reduce_identity(name: str, aval: ShapedArray) -> Any:
    """The identity of reduction ``name`` (``sum``, ``prod``, ``max``, ``min``, ``or``, ``and``) in ``aval``'s dtype
    (the most negative finite value for ``max`` of a float without infinities)."""
    kind = _kind(aval)
    if name == "sum" or name == "or":
        return 0 if kind != "b" else False
    if name == "prod":
        return 1
    if name == "and":
        return True if kind == "b" else -1 if kind == "i" else _iinfo(aval.dtype).max
    sign = -1 if name == "max" else 1
    if kind == "b":
        return sign > 0
    if kind in "iu":
        info = _iinfo(aval.dtype)
        return info.max if sign > 0 else info.min
    return _float_extreme(aval.dtype, sign)


def _reduce(name: str, op_name: str) -> Rule:
    def rule(ctx: LoweringContext, x: Any, *, axes: tuple[int, ...], out_sharding: None = None) -> list[Any]:
        m, hlo = ctx.m, ctx.hlo
        aval = ctx.avals_in[0]
        scalar = aval.update(shape=())
        init = constant(m, reduce_identity(name, aval), scalar)
        op = hlo.ReduceOp([m.tensor(ctx.avals_out[0])], [x], [init], m.i64s(axes))
        st = m.tensor(scalar)
        block = op.regions[0].blocks.append(st, st)
        with m.ir.InsertionPoint(block):
            a, b = block.arguments
            if op_name in ("maximum", "minimum"):
                hlo.return_([minmax(ctx, op_name, a, b, scalar)])
            else:
                hlo.return_([getattr(hlo, op_name)(a, b)])
        return [op.result]
    return rule


RULES[P.reduce_sum_p] = _reduce("sum", "add")
RULES[P.reduce_prod_p] = _reduce("prod", "multiply")
RULES[P.reduce_max_p] = _reduce("max", "maximum")
RULES[P.reduce_min_p] = _reduce("min", "minimum")
RULES[P.reduce_or_p] = _reduce("or", "or_")
RULES[P.reduce_and_p] = _reduce("and", "and_")


def _dot_general(ctx: LoweringContext, x: Any, y: Any, *, dimension_numbers: Any, precision: None = None,
                 preferred_element_type: Any, out_sharding: None = None) -> list[Any]:
    (lc, rc), (lb, rb) = dimension_numbers
    hlo = ctx.hlo
    (xa, ya), out = ctx.avals_in, ctx.avals_out[0]
    if op_rules.dot_general_converts_operands(xa.name, ya.name):  # as JAX's CPU lowering: both in the result dtype
        x = hlo.convert(ctx.m.tensor(xa.update(dtype=out.dtype)), x)
        y = hlo.convert(ctx.m.tensor(ya.update(dtype=out.dtype)), y)
    dn = hlo.DotDimensionNumbers.get(lhs_batching_dimensions=list(lb), rhs_batching_dimensions=list(rb),
                                     lhs_contracting_dimensions=list(lc), rhs_contracting_dimensions=list(rc))
    return [hlo.dot_general(ctx.m.tensor(ctx.avals_out[0]), x, y, dn)]


def _iota(ctx: LoweringContext, *, dtype: Any, shape: tuple[int, ...], dimension: int, sharding: None = None
          ) -> list[Any]:
    ir = ctx.m.ir
    return [ctx.hlo.iota(ctx.m.tensor(ctx.avals_out[0]), ir.IntegerAttr.get(ir.IntegerType.get_signless(64),
                                                                             dimension))]


RULES[P.dot_general_p] = _dot_general
RULES[P.iota_p] = _iota
RULES[P.add_any_p] = _binary("add")


def _passthrough(ctx: LoweringContext, x: Any) -> list[Any]:
    return [x]


RULES[P.stop_gradient_p] = _passthrough

MISSING: Final = [p.name for p in P.ALL_PRIMITIVES if p not in RULES]
assert not MISSING, f"primitives without lowering: {MISSING}"


def jaxpr_subcomp(m: _MLIR, jaxpr: Jaxpr, args: Sequence[Any]) -> list[Any]:
    """Emit ``jaxpr``'s equations at the current insertion point, its constvars then binders bound to ``args``;
    returns its outputs. Control-flow lowerings call it inside their regions."""
    env: dict[Var, Any] = dict(zip([*jaxpr.constvars, *jaxpr.in_binders], args, strict=True))

    def read(x: Var | Literal) -> Any:
        if isinstance(x, Literal):
            return constant(m, x.val, x.aval)
        return env[x]

    for eqn in jaxpr.eqns:
        rule = RULES.get(eqn.primitive)
        if rule is None:
            raise LoweringError(f"no StableHLO lowering for primitive {eqn.primitive.name}")
        ctx = LoweringContext(m, [x.aval for x in eqn.inputs], [v.aval for v in eqn.out_binders])
        outs = rule(ctx, *map(read, eqn.inputs), **eqn.params)
        env.update(zip(eqn.out_binders, outs))
    return [read(x) for x in jaxpr.outs]


def closed_jaxpr_subcomp(m: _MLIR, closed: ClosedJaxpr, args: Sequence[Any]) -> list[Any]:
    """:func:`jaxpr_subcomp` of a closed jaxpr (a control-flow parameter): its constants become StableHLO
    constants."""
    consts = [constant(m, c.val if isinstance(c, ConstVal) else np.asarray(c), v.aval)
              for c, v in zip(closed.consts, closed.jaxpr.constvars)]
    return jaxpr_subcomp(m, closed.jaxpr, [*consts, *args])


def lower_jaxpr(jaxpr: Jaxpr) -> Any:
    """The StableHLO module of ``jaxpr`` (constvars become the leading parameters). Call with
    ``mlir().lock`` held."""
    m = mlir()
    ir, func = m.ir, m.func
    with m.ctx, ir.Location.unknown():
        module = ir.Module.create()
        params = [*jaxpr.constvars, *jaxpr.in_binders]
        in_types = [m.tensor(v.aval) for v in params]
        out_types = [m.tensor(v.aval) for v in jaxpr.outs]
        with ir.InsertionPoint(module.body):
            fn = func.FuncOp("main", ir.FunctionType.get(in_types, out_types))
            fn.attributes["sym_visibility"] = ir.StringAttr.get("public")
            block = fn.add_entry_block()
            with ir.InsertionPoint(block):
                func.ReturnOp(jaxpr_subcomp(m, jaxpr, list(block.arguments)))
    return module
