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

import numpy as np

from arraytyping import lattice, op_rules, shape_rules
from arraytyping._src import registry
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.trace import Primitive
from arraytyping._src.lax.operand_checks import literal

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

add_p = Primitive("add", _binary_rule("add", op_rules.LAX_SAME_KINDS["add"]))
sub_p = Primitive("sub", _binary_rule("sub", op_rules.LAX_SAME_KINDS["sub"]))
mul_p = Primitive("mul", _binary_rule("mul", op_rules.LAX_SAME_KINDS["mul"]))
div_p = Primitive("div", _binary_rule("div", op_rules.LAX_SAME_KINDS["div"]))
rem_p = Primitive("rem", _binary_rule("rem", op_rules.LAX_SAME_KINDS["rem"]))
max_p = Primitive("max", _binary_rule("max", op_rules.LAX_SAME_KINDS["max"]))
min_p = Primitive("min", _binary_rule("min", op_rules.LAX_SAME_KINDS["min"]))
and_p = Primitive("and", _binary_rule("and", op_rules.LAX_SAME_KINDS["bitwise_and"]))
shift_left_p = Primitive("shift_left", _binary_rule("shift_left", op_rules.LAX_SAME_KINDS["shift_left"]))
shift_right_logical_p = Primitive("shift_right_logical", _binary_rule("shift_right_logical", op_rules.LAX_SAME_KINDS["shift_right_logical"]))
shift_right_arithmetic_p = Primitive("shift_right_arithmetic", _binary_rule("shift_right_arithmetic", op_rules.LAX_SAME_KINDS["shift_right_arithmetic"]))
or_p = Primitive("or", _binary_rule("or", op_rules.LAX_SAME_KINDS["bitwise_or"]))
xor_p = Primitive("xor", _binary_rule("xor", op_rules.LAX_SAME_KINDS["bitwise_xor"]))



def _pow_rule(x: ShapedArray, y: ShapedArray) -> list[ShapedArray]:
    """JAX's ``pow``: a floating or complex base, raised to an exponent of its own dtype or of an integer dtype
    (``lax.pow(x, n)`` with an integer array ``n`` does not promote the base)."""
    _check_kinds("pow", FLOAT, x)
    if _kind(y) not in "iu":
        _same_dtype("pow", x, y)
    return [ShapedArray(_broadcast_scalars("pow", x, y), x.dtype, x.weak_type and y.weak_type)]


pow_p = Primitive("pow", _pow_rule)

eq_p = Primitive("eq", _compare_rule("eq", ANY))
ne_p = Primitive("ne", _compare_rule("ne", ANY))
lt_p = Primitive("lt", _compare_rule("lt", REAL))
le_p = Primitive("le", _compare_rule("le", REAL))
gt_p = Primitive("gt", _compare_rule("gt", REAL))
ge_p = Primitive("ge", _compare_rule("ge", REAL))
eq_to_p = Primitive("eq_to", _compare_rule("eq_to", ANY))
lt_to_p = Primitive("lt_to", _compare_rule("lt_to", REAL))
le_to_p = Primitive("le_to", _compare_rule("le_to", REAL))
"""Comparisons in IEEE total order (``-nan < -inf < ... < -0.0 < 0.0 < ... < inf < nan``), as JAX sorts."""

neg_p = Primitive("neg", _unary_rule("neg", op_rules.LAX_UNARY_KINDS["neg"]))
sign_p = Primitive("sign", _unary_rule("sign", op_rules.LAX_UNARY_KINDS["sign"]))
not_p = Primitive("not", _unary_rule("not", op_rules.LAX_UNARY_KINDS["bitwise_not"]))
exp_p = Primitive("exp", _unary_rule("exp", op_rules.LAX_UNARY_KINDS["exp"]))
log_p = Primitive("log", _unary_rule("log", op_rules.LAX_UNARY_KINDS["log"]))
sqrt_p = Primitive("sqrt", _unary_rule("sqrt", op_rules.LAX_UNARY_KINDS["sqrt"]))
sin_p = Primitive("sin", _unary_rule("sin", op_rules.LAX_UNARY_KINDS["sin"]))
cos_p = Primitive("cos", _unary_rule("cos", op_rules.LAX_UNARY_KINDS["cos"]))
tanh_p = Primitive("tanh", _unary_rule("tanh", op_rules.LAX_UNARY_KINDS["tanh"]))
floor_p = Primitive("floor", _unary_rule("floor", op_rules.LAX_UNARY_KINDS["floor"]))
ceil_p = Primitive("ceil", _unary_rule("ceil", op_rules.LAX_UNARY_KINDS["ceil"]))
exp2_p = Primitive("exp2", _unary_rule("exp2", op_rules.LAX_UNARY_KINDS["exp2"]))
expm1_p = Primitive("expm1", _unary_rule("expm1", op_rules.LAX_UNARY_KINDS["expm1"]))
log1p_p = Primitive("log1p", _unary_rule("log1p", op_rules.LAX_UNARY_KINDS["log1p"]))
tan_p = Primitive("tan", _unary_rule("tan", op_rules.LAX_UNARY_KINDS["tan"]))
asin_p = Primitive("asin", _unary_rule("asin", op_rules.LAX_UNARY_KINDS["asin"]))
acos_p = Primitive("acos", _unary_rule("acos", op_rules.LAX_UNARY_KINDS["acos"]))
atan_p = Primitive("atan", _unary_rule("atan", op_rules.LAX_UNARY_KINDS["atan"]))
sinh_p = Primitive("sinh", _unary_rule("sinh", op_rules.LAX_UNARY_KINDS["sinh"]))
cosh_p = Primitive("cosh", _unary_rule("cosh", op_rules.LAX_UNARY_KINDS["cosh"]))
asinh_p = Primitive("asinh", _unary_rule("asinh", op_rules.LAX_UNARY_KINDS["asinh"]))
acosh_p = Primitive("acosh", _unary_rule("acosh", op_rules.LAX_UNARY_KINDS["acosh"]))
atanh_p = Primitive("atanh", _unary_rule("atanh", op_rules.LAX_UNARY_KINDS["atanh"]))
cbrt_p = Primitive("cbrt", _unary_rule("cbrt", op_rules.LAX_UNARY_KINDS["cbrt"]))
square_p = Primitive("square", _unary_rule("square", op_rules.LAX_UNARY_KINDS["square"]))
atan2_p = Primitive("atan2", _binary_rule("atan2", op_rules.LAX_SAME_KINDS["atan2"]))
nextafter_p = Primitive("nextafter", _binary_rule("nextafter", op_rules.LAX_SAME_KINDS["nextafter"]))
polygamma_p = Primitive("polygamma", _binary_rule("polygamma", "f"))  # digamma's derivative (JAX's lax.polygamma)


def _is_finite_rule(x: ShapedArray) -> list[ShapedArray]:
    """JAX's ``is_finite``: a bool of the operand's shape that keeps its weak flag (a weakly typed operand gives a
    weak bool, as JAX's unary weak-type rule does)."""
    _check_kinds("is_finite", "f", x)
    return [ShapedArray(x.shape, BOOL, x.weak_type)]


is_finite_p = Primitive("is_finite", _is_finite_rule)

_COMPLEX_OF: Final = {"float32": "complex64", "float64": "complex128", "complex64": "complex64",
                      "complex128": "complex128"}


def _conj_rule(x: ShapedArray, *, input_dtype: np.dtype[Any]) -> list[ShapedArray]:
    """JAX's ``conj``: float32/float64 and complex operands, a complex result (``lax.conj`` of a real array is
    its complex copy)."""
    if x.name not in _COMPLEX_OF:
        raise TypeError(f"conj does not accept dtype {x.name}; it accepts float32, float64 and complex dtypes")
    return [ShapedArray(x.shape, registry.INFO[_COMPLEX_OF[x.name]].dtype, x.weak_type)]


conj_p = Primitive("conj", _conj_rule)


def _complex_rule(x: ShapedArray, y: ShapedArray) -> list[ShapedArray]:
    """JAX's ``complex``: real and imaginary parts of one dtype, float32 or float64."""
    _same_dtype("complex", x, y)
    if x.name not in ("float32", "float64"):
        raise TypeError(f"complex does not accept dtype {x.name}; it accepts float32 and float64")
    return [ShapedArray(_broadcast_scalars("complex", x, y), registry.INFO[_COMPLEX_OF[x.name]].dtype,
                        x.weak_type and y.weak_type)]


complex_p = Primitive("complex", _complex_rule)


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


bitcast_convert_type_p = Primitive("bitcast_convert_type", _bitcast_rule)


class RoundingMethod(enum.IntEnum):
    """How ``round`` breaks ties (JAX's ``lax.RoundingMethod``; printed as its number, as JAX prints it)."""

    AWAY_FROM_ZERO = 0
    TO_NEAREST_EVEN = 1


def _round_rule(x: ShapedArray, *, rounding_method: RoundingMethod) -> list[ShapedArray]:
    _check_kinds("round", op_rules.LAX_UNARY_KINDS["round"], x)
    return [x]


round_p = Primitive("round", _round_rule)


def _abs_rule(x: ShapedArray) -> list[ShapedArray]:
    _check_kinds("abs", "ifc", x)
    if _kind(x) == "c":
        real = np.dtype("float32") if x.name == "complex64" else np.dtype("float64")
        return [ShapedArray(x.shape, real, x.weak_type)]
    return [x]


abs_p = Primitive("abs", _abs_rule)


def _complex_part_rule(name: str) -> Any:
    def rule(x: ShapedArray) -> list[ShapedArray]:
        _check_kinds(name, "c", x)
        part = np.dtype("float32") if x.name == "complex64" else np.dtype("float64")
        return [ShapedArray(x.shape, part, x.weak_type)]
    return rule


real_p = Primitive("real", _complex_part_rule("real"))
imag_p = Primitive("imag", _complex_part_rule("imag"))


def _integer_pow_rule(x: ShapedArray, *, y: int) -> list[ShapedArray]:
    _check_kinds("integer_pow", NUM, x)
    if _kind(x) not in op_rules.integer_pow_kinds(y):
        raise TypeError(f"integer_pow of an integer array ({x.name}) to a negative power {y}")
    return [x]


integer_pow_p = Primitive("integer_pow", _integer_pow_rule)


def _convert_rule(x: ShapedArray, *, new_dtype: np.dtype[Any], weak_type: bool, sharding: None = None
                  ) -> list[ShapedArray]:
    return [ShapedArray(x.shape, new_dtype, weak_type)]  # JAX's weak-type rule: as asked (a weak bool too)


convert_element_type_p = Primitive("convert_element_type", _convert_rule, hidden_params=frozenset({"sharding"}))


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


select_n_p = Primitive("select_n", _select_n_rule)


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


broadcast_in_dim_p = Primitive("broadcast_in_dim", _broadcast_in_dim_rule,
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


reshape_p = Primitive("reshape", _reshape_rule)


def _transpose_rule(x: ShapedArray, *, permutation: tuple[int, ...]) -> list[ShapedArray]:
    if sorted(permutation) != list(range(x.ndim)):
        raise TypeError(f"transpose permutation {permutation} is not a permutation of the axes of {x.str_short()}")
    return [ShapedArray(literal(shape_rules.transpose(x.shape, permutation)), x.dtype, x.weak_type)]


transpose_p = Primitive("transpose", _transpose_rule)


def _squeeze_rule(x: ShapedArray, *, dimensions: tuple[int, ...]) -> list[ShapedArray]:
    if any(not 0 <= d < x.ndim or x.shape[d] != 1 for d in dimensions):
        raise TypeError(f"squeeze dimensions {dimensions} must be axes of size 1 of {x.str_short()}")
    return [ShapedArray(literal(shape_rules.squeeze(x.shape, dimensions)), x.dtype, x.weak_type)]


squeeze_p = Primitive("squeeze", _squeeze_rule)


def _slice_rule(x: ShapedArray, *, start_indices: tuple[int, ...], limit_indices: tuple[int, ...],
                strides: tuple[int, ...] | None) -> list[ShapedArray]:
    st = strides or (1,) * x.ndim
    if not (len(start_indices) == len(limit_indices) == len(st) == x.ndim) or any(
            not 0 <= s <= lim <= n or k < 1 for s, lim, n, k in zip(start_indices, limit_indices, x.shape, st)):
        raise TypeError(f"invalid slice of {x.str_short()}: start {start_indices}, limit {limit_indices}, "
                        f"strides {strides}")
    shape = tuple((lim - s + k - 1) // k for s, lim, k in zip(start_indices, limit_indices, st))
    return [ShapedArray(shape, x.dtype, x.weak_type)]


slice_p = Primitive("slice", _slice_rule)


def _rev_rule(x: ShapedArray, *, dimensions: tuple[int, ...]) -> list[ShapedArray]:
    return [x]


rev_p = Primitive("rev", _rev_rule)


def _reduce_rule(name: str, kinds: str) -> Any:
    def rule(x: ShapedArray, *, axes: tuple[int, ...], out_sharding: None = None) -> list[ShapedArray]:
        _check_kinds(name, kinds, x)
        if any(not 0 <= a < x.ndim for a in axes) or len(set(axes)) != len(axes):
            raise TypeError(f"{name} axes {axes} out of range for {x.str_short()}")
        return [ShapedArray(literal(shape_rules.reduce_shape(x.shape, axes)), x.dtype, x.weak_type)]
    return rule


reduce_sum_p = Primitive("reduce_sum", _reduce_rule("reduce_sum", NUM))
reduce_prod_p = Primitive("reduce_prod", _reduce_rule("reduce_prod", NUM), hidden_params=frozenset({"out_sharding"}))
reduce_max_p = Primitive("reduce_max", _reduce_rule("reduce_max", ANY), hidden_params=frozenset({"out_sharding"}))
reduce_min_p = Primitive("reduce_min", _reduce_rule("reduce_min", ANY), hidden_params=frozenset({"out_sharding"}))
reduce_or_p = Primitive("reduce_or", _reduce_rule("reduce_or", INT), hidden_params=frozenset({"out_sharding"}))
reduce_and_p = Primitive("reduce_and", _reduce_rule("reduce_and", INT), hidden_params=frozenset({"out_sharding"}))

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


dot_general_p = Primitive("dot_general", _dot_general_rule, hidden_params=frozenset({"precision", "out_sharding"}))


def _iota_rule(*, dtype: np.dtype[Any], shape: tuple[int, ...], dimension: int, sharding: None = None
               ) -> list[ShapedArray]:
    _check_nonnegative_shape("iota", shape)
    return [ShapedArray(shape, dtype, False)]


iota_p = Primitive("iota", _iota_rule)


def _clamp_rule(lo: ShapedArray, x: ShapedArray, hi: ShapedArray) -> list[ShapedArray]:
    """``clamp(min, x, max)`` (JAX's shape, dtype and weak-type rules): bounds of ``x``'s shape or rank 0."""
    for name, b in (("min", lo), ("max", hi)):
        if b.shape and b.shape != x.shape:
            raise TypeError(f"clamp requires {name}.shape == operand.shape or {name}.shape == (), got "
                            f"{name}.shape={b.shape}, operand.shape={x.shape}.")
    _same_dtype("clamp", lo, x, hi)
    return [ShapedArray(x.shape, x.dtype, lo.weak_type and x.weak_type and hi.weak_type)]


clamp_p = Primitive("clamp", _clamp_rule)


def _stop_gradient_rule(x: ShapedArray) -> list[ShapedArray]:
    return [x]


stop_gradient_p = Primitive("stop_gradient", _stop_gradient_rule)
"""The identity, which autodiff treats as a constant (JAX's ``stop_gradient``; batching a ``cond`` on a batched
predicate applies it to the operands of the branch not taken, as JAX does)."""


def _add_any_rule(x: ShapedArray, y: ShapedArray) -> list[ShapedArray]:
    """JAX's ``add_any`` (``add_jaxvals``): the sum of two tangents or cotangents of one type; the result has the
    first operand's type (weak flag included)."""
    if x.shape != y.shape or x.dtype != y.dtype:
        raise TypeError(f"add_any requires operands of one type, got {x.str_short()} and {y.str_short()}")
    return [x]


add_any_p = Primitive("add_any", _add_any_rule)

ALL_PRIMITIVES: Final[tuple[Primitive, ...]] = tuple(
    v for v in list(globals().values()) if isinstance(v, Primitive))

_ = lattice  # the lattice decides weak flags through promotion.lattice_result
