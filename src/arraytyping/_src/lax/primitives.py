"""The primitive table: each primitive's abstract-evaluation rule (types out from types in).

Binary arithmetic takes operands of one dtype (``arraytyping.numpy`` promotes first); the weak flag of the result is
decided by the promotion lattice (:func:`arraytyping.lattice.result_node`), so it matches JAX's rule exactly: weak
only when every operand is weak, never for ``bool``. Shapes must agree, except that a rank-0 operand broadcasts
(as JAX allows for scalar literals such as ``mul a 2.0:f32[]``).
"""

from __future__ import annotations

import enum
import math
from collections.abc import Sequence
from typing import Any, Final

import ml_dtypes
import numpy as np

from arraytyping import lattice, op_rules, shape_rules
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import allow_f16_reductions
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core import staging
from arraytyping._src.core.trace import Primitive, Tracer
from arraytyping._src.lax.operand_checks import literal
from arraytyping._src.xla import dispatch
from arraytyping._src.xla.lowering import (
    RULES, LoweringContext, LoweringError, Rule, broadcast_scalar, compare, constant, minmax, reduce_identity,
)

BOOL: Final = np.dtype(bool)

_KIND_WORDS: Final = {"b": "bool", "u": "unsigned integer", "i": "signed integer", "f": "floating", "c": "complex"}


def _kind(a: ShapedArray) -> str:
    return registry.INFO[a.name].kind


def _check_kinds(prim: str, kinds: str, *avals: ShapedArray) -> None:
    for a in avals:
        if _kind(a) not in kinds:
            allowed = ", ".join(_KIND_WORDS[k] for k in kinds)
            raise TypeError(f"{prim} does not accept dtype {a.name}; it accepts {allowed} dtypes")


def _same_dtype(prim: str, *avals: ShapedArray) -> None:
    if len({a.dtype.type for a in avals}) > 1:
        raise TypeError(f"{prim} requires arguments to have the same dtype, got "
                        f"{', '.join(a.name for a in avals)} (promote with arraytyping.numpy functions or astype)")


def _broadcast_scalars(prim: str, *avals: ShapedArray) -> tuple[int, ...]:
    """The shape of an elementwise operation: rank-0 operands broadcast; the others must have one rank, and each
    dimension agrees or is 1 (as JAX's lax allows): :func:`arraytyping.shape_rules.broadcast_shapes` on one rank."""
    shapes = [a.shape for a in avals if a.shape != ()]
    if not shapes:
        return ()
    if len({len(s) for s in shapes}) > 1:
        raise TypeError(f"{prim} requires arguments of equal rank (or rank 0), got "
                        f"{', '.join(a.str_short() for a in avals)}")
    try:
        return literal(shape_rules.broadcast_shapes(*shapes))
    except shape_rules.ShapeError:
        raise TypeError(f"{prim} got incompatible shapes {', '.join(a.str_short() for a in avals)}") from None


def _binary_rule(name: str, kinds: str) -> Any:
    def rule(x: ShapedArray, y: ShapedArray) -> list[ShapedArray]:
        _same_dtype(name, x, y)
        _check_kinds(name, kinds, x)
        # JAX's n-ary weak-type rule: weak when both operands are (``and`` of two weak bools stays weak)
        return [ShapedArray(_broadcast_scalars(name, x, y), x.dtype, x.weak_type and y.weak_type)]
    return rule


def _compare_rule(name: str, kinds: str) -> Any:
    def rule(x: ShapedArray, y: ShapedArray) -> list[ShapedArray]:
        _same_dtype(name, x, y)
        _check_kinds(name, kinds, x)
        # JAX's n-ary weak-type rule: weak when every operand is, even for the bool result (``x >= 1.5`` with ``x``
        # weak is a weak bool). Promotion treats a weak bool as bool, so this only shows in the jaxpr.
        return [ShapedArray(_broadcast_scalars(name, x, y), BOOL, x.weak_type and y.weak_type)]
    return rule


def _unary_rule(name: str, kinds: str) -> Any:
    def rule(x: ShapedArray) -> list[ShapedArray]:
        _check_kinds(name, kinds, x)
        return [x]
    return rule


NUM: Final = "iufc"
INT: Final = "biu"
REAL: Final = "biuf"
ANY: Final = "biufc"
FLOAT: Final = "fc"

add_p: Final[Primitive] = Primitive("add", _binary_rule("add", op_rules.LAX_SAME_KINDS["add"]))
sub_p: Final[Primitive] = Primitive("sub", _binary_rule("sub", op_rules.LAX_SAME_KINDS["sub"]))
mul_p: Final[Primitive] = Primitive("mul", _binary_rule("mul", op_rules.LAX_SAME_KINDS["mul"]))
div_p: Final[Primitive] = Primitive("div", _binary_rule("div", op_rules.LAX_SAME_KINDS["div"]))
rem_p: Final[Primitive] = Primitive("rem", _binary_rule("rem", op_rules.LAX_SAME_KINDS["rem"]))
max_p: Final[Primitive] = Primitive("max", _binary_rule("max", op_rules.LAX_SAME_KINDS["max"]))
min_p: Final[Primitive] = Primitive("min", _binary_rule("min", op_rules.LAX_SAME_KINDS["min"]))
and_p: Final[Primitive] = Primitive("and", _binary_rule("and", op_rules.LAX_SAME_KINDS["bitwise_and"]))
mulhi_p: Final[Primitive] = Primitive("mulhi", _binary_rule("mulhi", "iu"))
shift_left_p: Final[Primitive] = Primitive("shift_left", _binary_rule("shift_left", op_rules.LAX_SAME_KINDS["shift_left"]))
shift_right_logical_p: Final[Primitive] = Primitive("shift_right_logical", _binary_rule("shift_right_logical", op_rules.LAX_SAME_KINDS["shift_right_logical"]))
shift_right_arithmetic_p: Final[Primitive] = Primitive("shift_right_arithmetic", _binary_rule("shift_right_arithmetic", op_rules.LAX_SAME_KINDS["shift_right_arithmetic"]))
or_p: Final[Primitive] = Primitive("or", _binary_rule("or", op_rules.LAX_SAME_KINDS["bitwise_or"]))
xor_p: Final[Primitive] = Primitive("xor", _binary_rule("xor", op_rules.LAX_SAME_KINDS["bitwise_xor"]))



def _pow_rule(x: ShapedArray, y: ShapedArray) -> list[ShapedArray]:
    """JAX's ``pow``: a floating or complex base, raised to an exponent of its own dtype or of an integer dtype
    (``lax.pow(x, n)`` with an integer array ``n`` does not promote the base)."""
    _check_kinds("pow", FLOAT, x)
    if _kind(y) not in "iu":
        _same_dtype("pow", x, y)
    return [ShapedArray(_broadcast_scalars("pow", x, y), x.dtype, x.weak_type and y.weak_type)]


pow_p: Final[Primitive] = Primitive("pow", _pow_rule)

eq_p: Final[Primitive] = Primitive("eq", _compare_rule("eq", ANY))
ne_p: Final[Primitive] = Primitive("ne", _compare_rule("ne", ANY))
lt_p: Final[Primitive] = Primitive("lt", _compare_rule("lt", REAL))
le_p: Final[Primitive] = Primitive("le", _compare_rule("le", REAL))
gt_p: Final[Primitive] = Primitive("gt", _compare_rule("gt", REAL))
ge_p: Final[Primitive] = Primitive("ge", _compare_rule("ge", REAL))
eq_to_p: Final[Primitive] = Primitive("eq_to", _compare_rule("eq_to", ANY))
lt_to_p: Final[Primitive] = Primitive("lt_to", _compare_rule("lt_to", REAL))
le_to_p: Final[Primitive] = Primitive("le_to", _compare_rule("le_to", REAL))
"""Comparisons in IEEE total order (``-nan < -inf < ... < -0.0 < 0.0 < ... < inf < nan``), as JAX sorts."""

neg_p: Final[Primitive] = Primitive("neg", _unary_rule("neg", op_rules.LAX_UNARY_KINDS["neg"]))
sign_p: Final[Primitive] = Primitive("sign", _unary_rule("sign", op_rules.LAX_UNARY_KINDS["sign"]))
not_p: Final[Primitive] = Primitive("not", _unary_rule("not", op_rules.LAX_UNARY_KINDS["bitwise_not"]))
exp_p: Final[Primitive] = Primitive("exp", _unary_rule("exp", op_rules.LAX_UNARY_KINDS["exp"]))
log_p: Final[Primitive] = Primitive("log", _unary_rule("log", op_rules.LAX_UNARY_KINDS["log"]))
sqrt_p: Final[Primitive] = Primitive("sqrt", _unary_rule("sqrt", op_rules.LAX_UNARY_KINDS["sqrt"]))
sin_p: Final[Primitive] = Primitive("sin", _unary_rule("sin", op_rules.LAX_UNARY_KINDS["sin"]))
cos_p: Final[Primitive] = Primitive("cos", _unary_rule("cos", op_rules.LAX_UNARY_KINDS["cos"]))
tanh_p: Final[Primitive] = Primitive("tanh", _unary_rule("tanh", op_rules.LAX_UNARY_KINDS["tanh"]))
floor_p: Final[Primitive] = Primitive("floor", _unary_rule("floor", op_rules.LAX_UNARY_KINDS["floor"]))
ceil_p: Final[Primitive] = Primitive("ceil", _unary_rule("ceil", op_rules.LAX_UNARY_KINDS["ceil"]))
exp2_p: Final[Primitive] = Primitive("exp2", _unary_rule("exp2", op_rules.LAX_UNARY_KINDS["exp2"]))
expm1_p: Final[Primitive] = Primitive("expm1", _unary_rule("expm1", op_rules.LAX_UNARY_KINDS["expm1"]))
log1p_p: Final[Primitive] = Primitive("log1p", _unary_rule("log1p", op_rules.LAX_UNARY_KINDS["log1p"]))
tan_p: Final[Primitive] = Primitive("tan", _unary_rule("tan", op_rules.LAX_UNARY_KINDS["tan"]))
asin_p: Final[Primitive] = Primitive("asin", _unary_rule("asin", op_rules.LAX_UNARY_KINDS["asin"]))
acos_p: Final[Primitive] = Primitive("acos", _unary_rule("acos", op_rules.LAX_UNARY_KINDS["acos"]))
atan_p: Final[Primitive] = Primitive("atan", _unary_rule("atan", op_rules.LAX_UNARY_KINDS["atan"]))
sinh_p: Final[Primitive] = Primitive("sinh", _unary_rule("sinh", op_rules.LAX_UNARY_KINDS["sinh"]))
cosh_p: Final[Primitive] = Primitive("cosh", _unary_rule("cosh", op_rules.LAX_UNARY_KINDS["cosh"]))
asinh_p: Final[Primitive] = Primitive("asinh", _unary_rule("asinh", op_rules.LAX_UNARY_KINDS["asinh"]))
acosh_p: Final[Primitive] = Primitive("acosh", _unary_rule("acosh", op_rules.LAX_UNARY_KINDS["acosh"]))
atanh_p: Final[Primitive] = Primitive("atanh", _unary_rule("atanh", op_rules.LAX_UNARY_KINDS["atanh"]))
cbrt_p: Final[Primitive] = Primitive("cbrt", _unary_rule("cbrt", op_rules.LAX_UNARY_KINDS["cbrt"]))
square_p: Final[Primitive] = Primitive("square", _unary_rule("square", op_rules.LAX_UNARY_KINDS["square"]))
atan2_p: Final[Primitive] = Primitive("atan2", _binary_rule("atan2", op_rules.LAX_SAME_KINDS["atan2"]))
nextafter_p: Final[Primitive] = Primitive("nextafter", _binary_rule("nextafter", op_rules.LAX_SAME_KINDS["nextafter"]))
polygamma_p: Final[Primitive] = Primitive("polygamma", _binary_rule("polygamma", "f"))  # digamma's derivative (JAX's lax.polygamma)


def _is_finite_rule(x: ShapedArray) -> list[ShapedArray]:
    """JAX's ``is_finite``: a bool of the operand's shape that keeps its weak flag (a weakly typed operand gives a
    weak bool, as JAX's unary weak-type rule does)."""
    _check_kinds("is_finite", "f", x)
    return [ShapedArray(x.shape, BOOL, x.weak_type)]


is_finite_p: Final[Primitive] = Primitive("is_finite", _is_finite_rule)

_COMPLEX_OF: Final = {"float32": "complex64", "float64": "complex128", "complex64": "complex64",
                      "complex128": "complex128"}


def _conj_rule(x: ShapedArray, *, input_dtype: np.dtype[Any]) -> list[ShapedArray]:
    """JAX's ``conj``: float32/float64 and complex operands, a complex result (``lax.conj`` of a real array is
    its complex copy)."""
    if x.name not in _COMPLEX_OF:
        raise TypeError(f"conj does not accept dtype {x.name}; it accepts float32, float64 and complex dtypes")
    return [ShapedArray(x.shape, registry.INFO[_COMPLEX_OF[x.name]].dtype, x.weak_type)]


conj_p: Final[Primitive] = Primitive("conj", _conj_rule)


def _complex_rule(x: ShapedArray, y: ShapedArray) -> list[ShapedArray]:
    """JAX's ``complex``: real and imaginary parts of one dtype, float32 or float64."""
    _same_dtype("complex", x, y)
    if x.name not in ("float32", "float64"):
        raise TypeError(f"complex does not accept dtype {x.name}; it accepts float32 and float64")
    return [ShapedArray(_broadcast_scalars("complex", x, y), registry.INFO[_COMPLEX_OF[x.name]].dtype,
                        x.weak_type and y.weak_type)]


complex_p: Final[Primitive] = Primitive("complex", _complex_rule)


def _bitcast_rule(x: ShapedArray, *, new_dtype: np.dtype[Any]) -> list[ShapedArray]:
    """JAX's ``bitcast_convert_type``: the same shape between dtypes of one width; to a narrower dtype a new last
    axis of ``old_bits // new_bits``; to a wider one the last axis must hold exactly ``new_bits // old_bits``
    elements, and goes (JAX's ``ValueError`` otherwise). Widths are ``op_rules.item_bits``' (bool is 8)."""
    new_name = registry.info_of_dtype(new_dtype).name  # type: ignore[union-attr]
    old_bits, new_bits = op_rules.item_bits(x.name), op_rules.item_bits(new_name)
    if old_bits == new_bits:
        shape = x.shape
    elif old_bits > new_bits:
        shape = (*x.shape, old_bits // new_bits)
    else:
        dim = x.shape[-1] if x.shape else 1
        if dim * old_bits != new_bits:
            raise ValueError(f"Attempting to convert array of shape {x.shape} from {x.name} of size {old_bits} bits "
                             f"to {new_name} of size {new_bits}, bits but {dim} * {old_bits} != {new_bits}")
        shape = x.shape[:-1]
    return [ShapedArray(shape, new_dtype, False)]


bitcast_convert_type_p: Final[Primitive] = Primitive("bitcast_convert_type", _bitcast_rule)


class RoundingMethod(enum.IntEnum):
    """How ``round`` breaks ties (JAX's ``lax.RoundingMethod``; printed as its number, as JAX prints it)."""

    AWAY_FROM_ZERO = 0
    TO_NEAREST_EVEN = 1


def _round_rule(x: ShapedArray, *, rounding_method: RoundingMethod) -> list[ShapedArray]:
    _check_kinds("round", op_rules.LAX_UNARY_KINDS["round"], x)
    return [x]


round_p: Final[Primitive] = Primitive("round", _round_rule)


def _abs_rule(x: ShapedArray) -> list[ShapedArray]:
    _check_kinds("abs", "ifc", x)
    if _kind(x) == "c":
        real = np.dtype("float32") if x.name == "complex64" else np.dtype("float64")
        return [ShapedArray(x.shape, real, x.weak_type)]
    return [x]


abs_p: Final[Primitive] = Primitive("abs", _abs_rule)


def _complex_part_rule(name: str) -> Any:
    def rule(x: ShapedArray) -> list[ShapedArray]:
        _check_kinds(name, "c", x)
        part = np.dtype("float32") if x.name == "complex64" else np.dtype("float64")
        return [ShapedArray(x.shape, part, x.weak_type)]
    return rule


real_p: Final[Primitive] = Primitive("real", _complex_part_rule("real"))
imag_p: Final[Primitive] = Primitive("imag", _complex_part_rule("imag"))


def _integer_pow_rule(x: ShapedArray, *, y: int) -> list[ShapedArray]:
    _check_kinds("integer_pow", NUM, x)
    if _kind(x) not in op_rules.integer_pow_kinds(y):
        raise TypeError(f"integer_pow of an integer array ({x.name}) to a negative power {y}")
    return [x]


integer_pow_p: Final[Primitive] = Primitive("integer_pow", _integer_pow_rule)


def _convert_rule(x: ShapedArray, *, new_dtype: np.dtype[Any], weak_type: bool, sharding: None = None
                  ) -> list[ShapedArray]:
    return [ShapedArray(x.shape, new_dtype, weak_type)]  # JAX's weak-type rule: as asked (a weak bool too)


convert_element_type_p: Final[Primitive] = Primitive("convert_element_type", _convert_rule, hidden_params=frozenset({"sharding"}))


def _select_n_rule(which: ShapedArray, *cases: ShapedArray) -> list[ShapedArray]:
    if not cases:
        raise TypeError("select_n needs at least one case")
    if which.dtype != BOOL and which.name != "int32":
        raise TypeError(f"select_n's selector must be bool or int32, got {which.name}")
    _same_dtype("select_n", *cases)
    shape = _broadcast_scalars("select_n", *cases)
    if which.shape not in ((), shape) or any(c.shape != shape for c in cases):
        raise TypeError(f"select_n requires cases of one shape matching the selector's, got "
                        f"{which.str_short()} and {', '.join(c.str_short() for c in cases)}")
    return [ShapedArray(shape, cases[0].dtype, all(c.weak_type for c in cases))]  # JAX: even for bool cases


select_n_p: Final[Primitive] = Primitive("select_n", _select_n_rule)


def _check_nonnegative_shape(name: str, shape: tuple[int, ...]) -> None:
    """JAX's ``_check_shapelike`` on a primitive's ``shape``: a negative dimension is the caller's ``TypeError``
    (XLA would refuse the tensor type while lowering)."""
    if shape and min(shape) < 0:  # every broadcast binds this: min is cheaper than a generator
        raise TypeError(f"{name} shape must have every element be nonnegative, got {tuple(shape)}.")


def _broadcast_in_dim_rule(x: ShapedArray, *, shape: tuple[int, ...], broadcast_dimensions: tuple[int, ...],
                           sharding: None = None) -> list[ShapedArray]:
    _check_nonnegative_shape("broadcast_in_dim", shape)
    if len(broadcast_dimensions) != x.ndim or any(
            not 0 <= d < len(shape) or x.shape[i] not in (1, shape[d]) for i, d in enumerate(broadcast_dimensions)):
        raise TypeError(f"broadcast_in_dim cannot broadcast {x.str_short()} to shape {shape} with "
                        f"broadcast_dimensions={broadcast_dimensions}")
    return [ShapedArray(shape, x.dtype, x.weak_type)]


broadcast_in_dim_p: Final[Primitive] = Primitive("broadcast_in_dim", _broadcast_in_dim_rule,
                               hidden_params=frozenset({"shape", "sharding"}),
                               hidden_if_empty=frozenset({"broadcast_dimensions"}))


def _reshape_rule(x: ShapedArray, *, new_sizes: tuple[int, ...], dimensions: tuple[int, ...] | None = None,
                  sharding: None = None) -> list[ShapedArray]:
    """``reshape``; ``dimensions`` (a permutation) transposes the operand first, as in JAX."""
    if math.prod(new_sizes) != x.size:
        raise TypeError(f"cannot reshape {x.str_short()} ({x.size} elements) to shape {new_sizes}")
    if dimensions is not None and sorted(dimensions) != list(range(x.ndim)):
        raise TypeError(f"reshape dimensions {dimensions} are not a permutation of the axes of {x.str_short()}")
    return [ShapedArray(new_sizes, x.dtype, x.weak_type)]


reshape_p: Final[Primitive] = Primitive("reshape", _reshape_rule)


def _transpose_rule(x: ShapedArray, *, permutation: tuple[int, ...]) -> list[ShapedArray]:
    if sorted(permutation) != list(range(x.ndim)):
        raise TypeError(f"transpose permutation {permutation} is not a permutation of the axes of {x.str_short()}")
    return [ShapedArray(literal(shape_rules.transpose(x.shape, permutation)), x.dtype, x.weak_type)]


transpose_p: Final[Primitive] = Primitive("transpose", _transpose_rule)


def _squeeze_rule(x: ShapedArray, *, dimensions: tuple[int, ...]) -> list[ShapedArray]:
    if any(not 0 <= d < x.ndim or x.shape[d] != 1 for d in dimensions):
        raise TypeError(f"squeeze dimensions {dimensions} must be axes of size 1 of {x.str_short()}")
    return [ShapedArray(literal(shape_rules.squeeze(x.shape, dimensions)), x.dtype, x.weak_type)]


squeeze_p: Final[Primitive] = Primitive("squeeze", _squeeze_rule)


def _slice_rule(x: ShapedArray, *, start_indices: tuple[int, ...], limit_indices: tuple[int, ...],
                strides: tuple[int, ...] | None) -> list[ShapedArray]:
    st = strides or (1,) * x.ndim
    if not (len(start_indices) == len(limit_indices) == len(st) == x.ndim) or any(
            not 0 <= s <= lim <= n or k < 1 for s, lim, n, k in zip(start_indices, limit_indices, x.shape, st)):
        raise TypeError(f"invalid slice of {x.str_short()}: start {start_indices}, limit {limit_indices}, "
                        f"strides {strides}")
    shape = tuple((lim - s + k - 1) // k for s, lim, k in zip(start_indices, limit_indices, st))
    return [ShapedArray(shape, x.dtype, x.weak_type)]


slice_p: Final[Primitive] = Primitive("slice", _slice_rule)


def _rev_rule(x: ShapedArray, *, dimensions: tuple[int, ...]) -> list[ShapedArray]:
    return [x]


rev_p: Final[Primitive] = Primitive("rev", _rev_rule)


def _reduce_rule(name: str, kinds: str) -> Any:
    def rule(x: ShapedArray, *, axes: tuple[int, ...], out_sharding: None = None) -> list[ShapedArray]:
        _check_kinds(name, kinds, x)
        if any(not 0 <= a < x.ndim for a in axes) or len(set(axes)) != len(axes):
            raise TypeError(f"{name} axes {axes} out of range for {x.str_short()}")
        return [ShapedArray(literal(shape_rules.reduce_shape(x.shape, axes)), x.dtype, x.weak_type)]
    return rule


def _reduce_sum_rule(x: ShapedArray, *, axes: tuple[int, ...], out_sharding: None = None) -> list[ShapedArray]:
    out: list[ShapedArray] = _reduce_sum_base(x, axes=axes, out_sharding=out_sharding)
    if (x.dtype in _HALF_FLOATS and not allow_f16_reductions.value
            and not all(x.shape[d] == 1 for d in axes)):
        raise ValueError(f"reduce_sum on operand {x.str_short()} is not allowed when "
                         "jax_allow_f16_reductions=False.")
    return out


_reduce_sum_base: Final = _reduce_rule("reduce_sum", NUM)
_HALF_FLOATS: Final = (np.dtype(np.float16), np.dtype(ml_dtypes.bfloat16))
reduce_sum_p: Final[Primitive] = Primitive("reduce_sum", _reduce_sum_rule)
reduce_prod_p: Final[Primitive] = Primitive("reduce_prod", _reduce_rule("reduce_prod", NUM), hidden_params=frozenset({"out_sharding"}))
reduce_max_p: Final[Primitive] = Primitive("reduce_max", _reduce_rule("reduce_max", ANY), hidden_params=frozenset({"out_sharding"}))
reduce_min_p: Final[Primitive] = Primitive("reduce_min", _reduce_rule("reduce_min", ANY), hidden_params=frozenset({"out_sharding"}))
reduce_or_p: Final[Primitive] = Primitive("reduce_or", _reduce_rule("reduce_or", INT), hidden_params=frozenset({"out_sharding"}))
reduce_and_p: Final[Primitive] = Primitive("reduce_and", _reduce_rule("reduce_and", INT), hidden_params=frozenset({"out_sharding"}))


def _reduce_xor_rule(x: ShapedArray, *, axes: tuple[int, ...]) -> list[ShapedArray]:
    """JAX's ``reduce_xor``: bool or integer operands, strongly typed result (its weak-type rule strips)."""
    out: ShapedArray = _reduce_rule("reduce_xor", INT)(x, axes=axes)[0]
    return [out.update(weak_type=False)]


reduce_xor_p: Final[Primitive] = Primitive("reduce_xor", _reduce_xor_rule)

DotDims = tuple[tuple[tuple[int, ...], tuple[int, ...]], tuple[tuple[int, ...], tuple[int, ...]]]


def _dot_general_rule(x: ShapedArray, y: ShapedArray, *, dimension_numbers: Any, precision: None = None,
                      preferred_element_type: np.dtype[Any] | None = None, out_sharding: None = None
                      ) -> list[ShapedArray]:
    """JAX's ``dot_general``: the dimension-number checks of its shape rule, and the result dtype of
    :func:`arraytyping.op_rules.dot_general_result` (operands of different dtypes are ranked as XLA ranks them);
    weak when both operands are."""
    dn: tuple[tuple[Sequence[int], Sequence[int]], tuple[Sequence[int], Sequence[int]]] = dimension_numbers
    (lc, rc), (lb, rb) = dn
    for side, a, contracting, batch in (("lhs", x, lc, lb), ("rhs", y, rc, rb)):
        if not all(0 <= d < a.ndim for d in (*contracting, *batch)):
            raise TypeError(f"dot_general requires {side} dimension numbers to be nonnegative and less than the "
                            f"number of axes of the {side} value, got {side}_batch of {tuple(batch)} and "
                            f"{side}_contracting of {tuple(contracting)} for {side} of rank {a.ndim}")
    if len(lb) != len(rb):
        raise TypeError(f"dot_general requires equal numbers of lhs_batch and rhs_batch dimensions, got lhs_batch "
                        f"{tuple(lb)} and rhs_batch {tuple(rb)}.")
    for what, dims in (("lhs batch", lb), ("rhs batch", rb), ("lhs contracting", lc), ("rhs contracting", rc)):
        if len(set(dims)) != len(dims):
            raise TypeError(f"dot_general requires {what} dimensions to be distinct, got {tuple(dims)}.")
    for side, contracting, batch in (("lhs", lc, lb), ("rhs", rc, rb)):
        if set(contracting) & set(batch):
            raise TypeError(f"dot_general requires {side} batch dimensions to be disjoint from contracting "
                            f"dimensions, got {side}_batch {tuple(batch)} and {side}_contracting "
                            f"{tuple(contracting)}.")
    if tuple(x.shape[a] for a in lb) != tuple(y.shape[b] for b in rb):
        raise TypeError(f"dot_general requires lhs batch dimensions and rhs batch dimensions to have the same "
                        f"shape, got {tuple(x.shape[a] for a in lb)} and {tuple(y.shape[b] for b in rb)}.")
    if tuple(x.shape[a] for a in lc) != tuple(y.shape[b] for b in rc):
        raise TypeError(f"dot_general requires contracting dimensions to have the same shape, got "
                        f"{tuple(x.shape[a] for a in lc)} and {tuple(y.shape[b] for b in rc)}.")
    preferred = None if preferred_element_type is None else registry.info_of_dtype(preferred_element_type)
    out = op_rules.dot_general_result(x.name, y.name, None if preferred is None else preferred.name)
    batch = tuple(x.shape[a] for a in lb)
    xfree = tuple(s for i, s in enumerate(x.shape) if i not in lc and i not in lb)
    yfree = tuple(s for i, s in enumerate(y.shape) if i not in rc and i not in rb)
    return [ShapedArray(batch + xfree + yfree, registry.INFO[out].dtype, x.weak_type and y.weak_type)]


dot_general_p: Final[Primitive] = Primitive("dot_general", _dot_general_rule, hidden_params=frozenset({"precision", "out_sharding"}))


def _iota_rule(*, dtype: np.dtype[Any], shape: tuple[int, ...], dimension: int, sharding: None = None
               ) -> list[ShapedArray]:
    _check_nonnegative_shape("iota", shape)
    return [ShapedArray(shape, dtype, False)]


iota_p: Final[Primitive] = Primitive("iota", _iota_rule)


def _clamp_rule(lo: ShapedArray, x: ShapedArray, hi: ShapedArray) -> list[ShapedArray]:
    """``clamp(min, x, max)`` (JAX's shape, dtype and weak-type rules): bounds of ``x``'s shape or rank 0."""
    for name, b in (("min", lo), ("max", hi)):
        if b.shape and b.shape != x.shape:
            raise TypeError(f"clamp requires {name}.shape == operand.shape or {name}.shape == (), got "
                            f"{name}.shape={b.shape}, operand.shape={x.shape}.")
    _same_dtype("clamp", lo, x, hi)
    return [ShapedArray(x.shape, x.dtype, lo.weak_type and x.weak_type and hi.weak_type)]


clamp_p: Final[Primitive] = Primitive("clamp", _clamp_rule)


def _stop_gradient_rule(x: ShapedArray) -> list[ShapedArray]:
    return [x]


stop_gradient_p: Final[Primitive] = Primitive("stop_gradient", _stop_gradient_rule)
"""The identity, which autodiff treats as a constant (JAX's ``stop_gradient``; batching a ``cond`` on a batched
predicate applies it to the operands of the branch not taken, as JAX does)."""


def _add_any_rule(x: ShapedArray, y: ShapedArray) -> list[ShapedArray]:
    """JAX's ``add_any`` (``add_jaxvals``): the sum of two tangents or cotangents of one type; the result has the
    first operand's type (weak flag included)."""
    if x.shape != y.shape or x.dtype != y.dtype:
        raise TypeError(f"add_any requires operands of one type, got {x.str_short()} and {y.str_short()}")
    return [x]


add_any_p: Final[Primitive] = Primitive("add_any", _add_any_rule)


def _weak(x: Any) -> bool:
    aval = getattr(x, "aval", None)
    return bool(getattr(aval, "weak_type", False))


def _add_any_eager(args: Sequence[Any]) -> Sequence[Any]:
    """``add_any`` (the sum of two tangents or cotangents) runs as JAX runs it eagerly, as ``lax.add``: weakly typed
    only where both operands are (staged, its type is its first operand's, as in JAX). The sum is the same; its
    type is the strong operand's."""
    if len(args) == 2 and _weak(args[0]) and not _weak(args[1]):
        return (args[1], args[0])
    return args


dispatch.EAGER_OPERANDS[add_any_p] = _add_any_eager



def _stage_broadcast(trace: staging.JaxprTrace, tracers: list[Tracer], avals_out: list[ShapedArray],
                     params: dict[str, Any]) -> Tracer | None:
    """An identity broadcast is staged as its operand (JAX's forwarding rule)."""
    x = tracers[0].aval
    identity = x.shape == params["shape"] and tuple(params["broadcast_dimensions"]) == tuple(range(x.ndim))
    return tracers[0] if identity else None


def _stage_convert(trace: staging.JaxprTrace, tracers: list[Tracer], avals_out: list[ShapedArray],
                   params: dict[str, Any]) -> Tracer | None:
    """An identity conversion is staged as its operand (JAX's forwarding rule), a rank-0 host constant converted
    at trace time (its constant folding)."""
    x = tracers[0]
    if x.aval.dtype == params["new_dtype"] and x.aval.weak_type == params["weak_type"]:
        return x
    return trace.fold_convert(x, avals_out[0])


staging.STAGING_RULES[broadcast_in_dim_p] = _stage_broadcast
staging.STAGING_RULES[convert_element_type_p] = _stage_convert

ALL_PRIMITIVES: Final[tuple[Primitive, ...]] = tuple(
    v for v in list(globals().values()) if isinstance(v, Primitive))

_ = lattice  # the lattice decides weak flags through promotion.lattice_result


# ---------------------------------------------------------------------------------------------------------------
# Lowerings to StableHLO (the machinery and the helpers they share are in :mod:`arraytyping._src.xla.lowering`)


def _binary(op_name: str, dialect: str = "hlo") -> Rule:
    """An operation of two operands of one shape, StableHLO's (or ``dialect='chlo'``: CHLO's), a 0-d operand
    broadcast first, as JAX's ``_nary_lower_hlo``."""
    def rule(ctx: LoweringContext, x: Any, y: Any) -> list[Any]:
        out = ctx.avals_out[0]
        x = broadcast_scalar(ctx, x, ctx.avals_in[0], out.shape)
        y = broadcast_scalar(ctx, y, ctx.avals_in[1], out.shape)
        return [getattr(getattr(ctx, dialect), op_name)(x, y)]
    return rule


def _minmax_rule(op_name: str) -> Rule:
    def rule(ctx: LoweringContext, x: Any, y: Any) -> list[Any]:
        out = ctx.avals_out[0]
        x = broadcast_scalar(ctx, x, ctx.avals_in[0], out.shape)
        y = broadcast_scalar(ctx, y, ctx.avals_in[1], out.shape)
        return [minmax(ctx, op_name, x, y, out)]
    return rule


RULES[max_p] = _minmax_rule("maximum")


RULES[min_p] = _minmax_rule("minimum")


for _p, _n in [(add_p, "add"), (sub_p, "subtract"), (mul_p, "multiply"), (div_p, "divide"),
               (rem_p, "remainder"), (and_p, "and_"),
               (or_p, "or_"), (xor_p, "xor"), (shift_left_p, "shift_left"),
               (shift_right_logical_p, "shift_right_logical"),
               (shift_right_arithmetic_p, "shift_right_arithmetic")]:
    RULES[_p] = _binary(_n)

RULES[mulhi_p] = _binary("mulhi", "chlo")


def _pow(ctx: LoweringContext, x: Any, y: Any) -> list[Any]:
    """``pow``; an integer exponent is converted to the base's dtype first (as JAX lowers ``pow``)."""
    out = ctx.avals_out[0]
    x_aval, y_aval = ctx.avals_in
    if y_aval.dtype != x_aval.dtype:
        y_aval = y_aval.update(dtype=x_aval.dtype, weak_type=False)
        y = ctx.hlo.convert(ctx.m.tensor(y_aval), y)
    x = broadcast_scalar(ctx, x, x_aval, out.shape)
    y = broadcast_scalar(ctx, y, y_aval, out.shape)
    return [ctx.hlo.power(x, y)]


RULES[pow_p] = _pow


def _compare(direction: str, total_order: bool = False) -> Rule:
    def rule(ctx: LoweringContext, x: Any, y: Any) -> list[Any]:
        shape = ctx.avals_out[0].shape
        x = broadcast_scalar(ctx, x, ctx.avals_in[0], shape)
        y = broadcast_scalar(ctx, y, ctx.avals_in[1], shape)
        return [compare(ctx, x, y, ctx.avals_in[0], direction, total_order)]
    return rule


for _p, _n in [(eq_p, "EQ"), (ne_p, "NE"), (lt_p, "LT"), (le_p, "LE"), (gt_p, "GT"), (ge_p, "GE")]:
    RULES[_p] = _compare(_n)


RULES[eq_to_p] = _compare("EQ", total_order=True)


RULES[lt_to_p] = _compare("LT", total_order=True)


RULES[le_to_p] = _compare("LE", total_order=True)


def _unary(op_name: str) -> Rule:
    def rule(ctx: LoweringContext, x: Any) -> list[Any]:
        return [getattr(ctx.hlo, op_name)(x)]
    return rule


for _p, _n in [(neg_p, "negate"), (not_p, "not_"), (exp_p, "exponential"), (log_p, "log"),
               (sqrt_p, "sqrt"), (sin_p, "sine"), (cos_p, "cosine"), (tanh_p, "tanh"), (floor_p, "floor"),
               (real_p, "real"), (imag_p, "imag"), (ceil_p, "ceil"), (expm1_p, "exponential_minus_one"),
               (log1p_p, "log_plus_one"), (tan_p, "tan"), (cbrt_p, "cbrt"), (is_finite_p, "is_finite")]:
    RULES[_p] = _unary(_n)


def _chlo_unary(op_name: str) -> Rule:
    """Operations XLA expands itself from CHLO, as JAX lowers them."""
    def rule(ctx: LoweringContext, x: Any) -> list[Any]:
        return [getattr(ctx.chlo, op_name)(x)]
    return rule


for _p, _n in [(asin_p, "asin"), (acos_p, "acos"), (atan_p, "atan"), (sinh_p, "sinh"), (cosh_p, "cosh"),
               (asinh_p, "asinh"), (acosh_p, "acosh"), (atanh_p, "atanh")]:
    RULES[_p] = _chlo_unary(_n)


def _square(ctx: LoweringContext, x: Any) -> list[Any]:
    if _kind(ctx.avals_in[0]) in "iu":
        return [ctx.hlo.multiply(x, x)]
    return [ctx.chlo.square(x)]


def _exp2(ctx: LoweringContext, x: Any) -> list[Any]:
    """``exp(log(2) * x)``, as JAX lowers ``exp2``."""
    aval = ctx.avals_in[0]
    log2 = broadcast_scalar(ctx, constant(ctx.m, np.log(2), aval.update(shape=())), aval.update(shape=()), aval.shape)
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


RULES[square_p] = _square


RULES[exp2_p] = _exp2


RULES[conj_p] = _conj


RULES[bitcast_convert_type_p] = _bitcast


RULES[nextafter_p] = _binary("next_after", "chlo")


RULES[polygamma_p] = _binary("polygamma", "chlo")


RULES[clamp_p] = _clamp


RULES[atan2_p] = _binary("atan2")


RULES[complex_p] = _binary("complex")


def _abs(ctx: LoweringContext, x: Any) -> list[Any]:
    return [ctx.hlo.abs(x)]


def _sign(ctx: LoweringContext, x: Any) -> list[Any]:
    aval = ctx.avals_in[0]
    if _kind(aval) == "u":  # StableHLO's sign takes signed integers and floats
        nonzero = compare(ctx, x, constant(ctx.m, 0, aval), aval, "NE")
        return [ctx.hlo.convert(ctx.m.tensor(aval), nonzero)]
    return [ctx.hlo.sign(x)]


RULES[abs_p] = _abs


RULES[sign_p] = _sign


def _round(ctx: LoweringContext, x: Any, *, rounding_method: RoundingMethod) -> list[Any]:
    if rounding_method == RoundingMethod.AWAY_FROM_ZERO:
        return [ctx.hlo.round_nearest_afz(x)]
    return [ctx.hlo.round_nearest_even(x)]


RULES[round_p] = _round


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


RULES[integer_pow_p] = _integer_pow


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


RULES[convert_element_type_p] = _convert


def _select_n(ctx: LoweringContext, which: Any, *cases: Any) -> list[Any]:
    out = ctx.avals_out[0]
    w_aval = ctx.avals_in[0]
    which = broadcast_scalar(ctx, which, w_aval, out.shape)
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


RULES[select_n_p] = _select_n


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


RULES[broadcast_in_dim_p] = _broadcast_in_dim


RULES[reshape_p] = _reshape


RULES[squeeze_p] = _squeeze


RULES[transpose_p] = _transpose


RULES[slice_p] = _slice


RULES[rev_p] = _rev


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


RULES[reduce_sum_p] = _reduce("sum", "add")


RULES[reduce_prod_p] = _reduce("prod", "multiply")


RULES[reduce_max_p] = _reduce("max", "maximum")


RULES[reduce_min_p] = _reduce("min", "minimum")


RULES[reduce_or_p] = _reduce("or", "or_")


RULES[reduce_and_p] = _reduce("and", "and_")


RULES[reduce_xor_p] = _reduce("or", "xor")  # JAX's identity for xor is or's (zero)


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


RULES[dot_general_p] = _dot_general


RULES[iota_p] = _iota


RULES[add_any_p] = _binary("add")


def _passthrough(ctx: LoweringContext, x: Any) -> list[Any]:
    return [x]


RULES[stop_gradient_p] = _passthrough


MISSING: Final = [p.name for p in ALL_PRIMITIVES if p not in RULES]
assert not MISSING, f"primitives without lowering: {MISSING}"
