"""Result dtypes of ``jax.numpy``'s functions: the lattice join, then each function's own adjustment, as data.

One table per family of functions, each name-keyed (function name -> family -> rule), with the JAX 0.10.2 source
each rule follows: :data:`FAMILY` for binary functions (:func:`binary_result`), :data:`UNARY`
(:func:`unary_result`), :data:`REDUCTION` (:func:`reduction_result`), :data:`SHAPE` for shape, joining, indexing,
selection and sorting functions (:func:`shape_result`) and :data:`CREATION` (:func:`creation_result`). The binary
rules in detail:

Promotion is one lattice for every operation, but operations then adjust the joined dtype, as JAX 0.10.2 does:
true division makes integers and bool inexact (through a table that leaves 1- and 2-bit integers and the small
floats alone), floor division, remainder and shifts make bool numeric (int32), bitwise operations and shifts
accept only integers (and bool, for bitwise), comparisons give bool, and ``matmul``/``dot`` take
``dtypes.result_type`` (a weak result becomes its kind's default dtype) subject to ``dot_general``'s checks. Like
:mod:`arraytyping.lattice` this module imports only the standard library, so the runtime's abstract evaluation, the
stub generator and the mypy plugin all compute the same answers from it.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Final, Literal, TypeAlias, TypeVar

from arraytyping import lattice
from arraytyping.lattice import LatticeConfig

__all__ = ["SCIPY_UNARY", "SCIPY_UNARY_FUNCTIONS", "ScipyFamily", "scipy_result", "scipy_static_result",
           "BINARY_ALIASES", "BINARY_FUNCTIONS", "BINARY_OPS", "CREATION", "CREATION_FUNCTIONS", "CreationFamily",
           "FAMILY", "FUNCTION_FAMILY", "Family", "INDEX_ARRAYS", "OperandNotImplementedError",
           "OperandOverflowError", "OperandTypeError", "OperandValueError", "PAIRS", "QUANTILES", "REDUCTION",
           "REDUCTIONS", "REDUCTION_FUNCTIONS", "ReductionFamily", "SELF_PROMOTED", "SHAPE", "SHAPE_FUNCTIONS",
           "SQUARE_MATRIX_FUNCTIONS", "ShapeFamily", "UNARY", "UNARY_ALIASES", "UNARY_FUNCTIONS",
           "UNARY_PARAMETERIZED", "UNRAVEL_INDEX_SIZES", "UnaryFamily", "WINDOWS", "binary_result",
           "bincount_result", "choose_result", "compress_result", "creation_result", "ediff1d_result", "item_bits",
           "pair_result", "quantile_result", "ravel_multi_index_result", "reduction_result", "shape_result",
           "square_diagonal", "to_inexact_name", "to_numeric_name", "unary_is_static", "unary_result",
           "unravel_index_result", "view_result", "window_result"]

Family: TypeAlias = Literal["arith", "bool_arith", "divide", "numeric", "bitwise", "shift", "compare", "power",
                           "matmul", "inexact", "inexact_rank0_weak", "inexact_real", "copysign", "gcd", "close",
                           "equal_arrays", "equiv"]

FAMILY: Final[Mapping[str, Family]] = MappingProxyType({
    "add": "bool_arith",
    "multiply": "bool_arith",
    "maximum": "bool_arith",
    "minimum": "bool_arith",
    "subtract": "arith",
    "true_divide": "divide",
    "divide": "divide",
    "floor_divide": "numeric",
    "remainder": "numeric",
    "power": "power",
    "bitwise_and": "bitwise",
    "bitwise_or": "bitwise",
    "bitwise_xor": "bitwise",
    "left_shift": "shift",
    "right_shift": "shift",
    "less": "compare",
    "less_equal": "compare",
    "greater": "compare",
    "greater_equal": "compare",
    "equal": "compare",
    "not_equal": "compare",
    "matmul": "matmul",
    "dot": "matmul",
})
"""Each binary ``jax.numpy`` operator function's family: the rule that turns the lattice result into the output
dtype."""
BINARY_OPS: Final[tuple[str, ...]] = tuple(FAMILY)

FUNCTION_FAMILY: Final[Mapping[str, Family]] = MappingProxyType({
    "arctan2": "inexact",
    "logaddexp": "inexact",
    "float_power": "inexact",
    "nextafter": "inexact_real",
    "hypot": "inexact_rank0_weak",
    "logaddexp2": "inexact_rank0_weak",
    "heaviside": "inexact_rank0_weak",
    "copysign": "copysign",
    "fmod": "numeric",
    "fmax": "bool_arith",
    "fmin": "bool_arith",
    "gcd": "gcd",
    "lcm": "gcd",
    "isclose": "close",
    "allclose": "close",
    "array_equal": "equal_arrays",
    "isin": "equal_arrays",
    "array_equiv": "equiv",
})
"""The binary ``jax.numpy`` functions beyond the operators (:func:`binary_result` answers them too), kept apart from
:data:`FAMILY` because several keep a weak flag only at rank 0 (``binary_result``'s ``rank0``) and some take more
than two arguments (``isclose``'s tolerances), which the stubs' and the plugin's tables of :data:`FAMILY` do not
model yet. Their families, from JAX 0.10.2's sources (``jax/_src/numpy/ufuncs.py``,
``lax_numpy.py``):

* ``inexact``: ``promote_args_inexact`` then a primitive of floats and complex numbers (``arctan2``,
  ``float_power``) or ``lax_other.logaddexp``, whose complex path meets strong constants (weak only at rank 0) and
  which refuses 1- and 2-bit integers with a ``ValueError`` where the primitives raise ``TypeError``;
* ``inexact_real``: the same for a primitive of real floats (``nextafter``: complex refused);
* ``inexact_rank0_weak``: ``hypot``, ``logaddexp2``, ``heaviside`` compute with ``where`` and numpy constants:
  weak only at rank 0; ``hypot`` refuses complex (``ValueError``), ``heaviside`` complex (``TypeError``) but keeps
  1- and 2-bit integers (they never meet a float primitive);
* ``copysign``: ``where(signbit(x2), -abs(x1), abs(x1))``: complex refused, and ``signbit``'s float widths;
* ``fmod`` shares ``numeric`` with ``remainder``; ``fmax``/``fmin`` share ``bool_arith`` (``where`` of promoted
  operands);
* ``gcd``: ``promote_dtypes`` then integers only (``ValueError``), through ``abs`` (which refuses int2 and int4 and
  makes int1 int8) and a loop whose constants leave a weak result only at rank 0;
* ``close``: ``isclose``/``allclose``: a strong bool; ``promote_args_inexact`` refuses 1- and 2-bit integers;
* ``equal_arrays``: ``array_equal``: a strong bool; operands of one shape meet in ``==``, which promotes them (and
  raises where they do not promote), while arrays of other shapes are unequal without promoting; ``isin``: a strong
  bool of the element's shape, the element and the test elements promoted together first (``promote_dtypes``,
  empty ones too), then compared pairwise and reduced with ``any`` (or sorted together: ``method='sort'``);
  ``method='binary_search'`` returns the ``==`` of each element with the one found, so its bool is
  ``equal``'s, weakly typed where the promoted operands are;
* ``equiv``: ``array_equiv``: a strong bool whatever the operands: a pair that does not promote is unequal (JAX
  catches the ``TypePromotionError``, a ``ValueError``).
"""
BINARY_FUNCTIONS: Final[tuple[str, ...]] = tuple(FUNCTION_FAMILY)

_TO_INEXACT: Final[Mapping[str, str]] = MappingProxyType({
    "bool": "float32", "uint4": "float32", "int4": "float32", "uint8": "float32", "int8": "float32",
    "uint16": "float32", "int16": "float32", "uint32": "float32", "int32": "float32",
    "uint64": "float64", "int64": "float64",
})


class OperandTypeError(TypeError):
    """An operation that does not accept a dtype at all (``bitwise_and`` on floats, ``subtract`` on bools)."""


def to_inexact_name(name: str) -> str:
    """JAX's ``to_inexact_dtype``: bool and most integers become float32 (64-bit ones float64); 1- and 2-bit
    integers and every inexact dtype are left as they are."""
    return _TO_INEXACT.get(name, name)


def to_numeric_name(name: str) -> str:
    """JAX's ``to_numeric_dtype``: bool becomes int32, everything else is unchanged."""
    return "int32" if name == lattice.BOOL else name


def _reject(op: str, name: str) -> OperandTypeError:
    return OperandTypeError(f"{op} does not accept dtype {name}")


class OperandValueError(ValueError):
    """An operation JAX 0.10.2 accepts by dtype but fails on (``power`` of 1-, 2- and 4-bit integer arrays)."""


def binary_result(op: str, operands: Sequence[tuple[str, bool]], config: LatticeConfig = LatticeConfig(), *,
                  python_scalars: Sequence[bool] = (), numpy_scalars: Sequence[bool] = (),
                  rank0: bool = False) -> tuple[str, bool]:
    """The ``(dtype name, weak)`` of ``jax.numpy.<op>(x1, x2)`` on operands given as ``(dtype name, weak)`` pairs.

    ``python_scalars`` flags operands that are Python scalar values (``2``, ``True``), ``numpy_scalars`` numpy
    scalar values (``np.int8(2)``; a numpy array is neither). ``power`` looks at them, since JAX raises arrays to a
    concrete integer power (whatever ``operator.index`` takes: a Python int or bool, a numpy integer) without
    promoting the exponent, and so does ``matmul``, which takes no 0-d operand. ``rank0`` says the result has rank 0 (all Python scalars, or rank-0 arrays; for ``heaviside``,
    whose constants are its first operand's: that operand has rank 0): the families that meet numpy constants keep a
    weak flag only then. Raises
    :class:`lattice.TypePromotionError` when the operands have no join, :class:`OperandTypeError` when the operation
    does not take the joined dtype, and :class:`OperandValueError` where JAX fails on the value path."""
    family = FAMILY.get(op) or FUNCTION_FAMILY.get(op)
    if family is None:
        raise ValueError(f"unknown binary operation {op!r}; known: {', '.join(BINARY_OPS + BINARY_FUNCTIONS)}")
    if family == "power":
        return _power(operands, config, tuple(python_scalars), tuple(numpy_scalars))
    if family == "matmul":
        return _matmul(op, operands, config, tuple(python_scalars), tuple(numpy_scalars))
    if op == "floor_divide" and len(operands) > 1 and all(w or n in lattice.WEAK_NAMES for n, w in operands):
        return _floor_divide_all_weak(op, operands, config)
    if family == "equiv":
        return lattice.BOOL, False
    if family == "equal_arrays":
        lattice.result_node(operands, config)  # ``a1 == a2`` promotes (JAX skips it for arrays of other shapes)
        return lattice.BOOL, False
    if op == "fmod" and len(operands) == 2 and operands[1][0] == lattice.BOOL and operands[1][1] and \
            lattice.KIND[lattice.result_node(operands, config)[0]] in ("i", "u"):
        # fmod replaces a zero integer divisor with where(x2 == 0, ones, x2), which makes a weak bool strong
        operands = [operands[0], (lattice.BOOL, False)]
    name, weak = lattice.result_node(operands, config)
    kind = lattice.KIND[name]
    rank0 = rank0 or (len(python_scalars) == len(operands) > 0 and
                      (all(python_scalars) if op != "heaviside" else python_scalars[0]))
    if family in ("inexact", "inexact_real", "inexact_rank0_weak", "copysign", "close"):
        return _inexact_binary(op, family, name, weak, rank0, config)
    if family == "gcd":
        if kind not in ("i", "u"):
            raise OperandValueError(f"Arguments to {op} must be integers, got {name}")
        if name in ("int2", "int4"):
            raise _reject(op, name)  # abs of int2 and int4 fails
        if name == "int1":
            name = "int8"  # lax.abs gives int8 for int1
        return name, _scalar_weak(name, weak, rank0, config)
    if family == "bool_arith":
        return name, weak
    if family == "arith":
        if kind == "b":
            raise _reject(op, name)
        return name, weak
    if family == "divide":
        return to_inexact_name(name), weak
    if family == "numeric":
        if kind == "c":
            raise _reject(op, name)
        return to_numeric_name(name), weak
    if family == "bitwise":
        if kind not in ("b", "i", "u"):
            raise _reject(op, name)
        return name, weak
    if family == "shift":
        name = to_numeric_name(name)
        if lattice.KIND[name] not in ("i", "u"):
            raise _reject(op, name)
        return name, weak
    return lattice.BOOL, weak  # compare: weak when the promoted operands were


def _inexact_binary(op: str, family: str, name: str, weak: bool, rank0: bool, config: LatticeConfig
                    ) -> tuple[str, bool]:
    """The families that promote with ``promote_args_inexact`` (see :data:`FAMILY`)."""
    out = lattice.canonical_name(to_inexact_name(name), config.x64)
    kind = lattice.KIND[out]
    if kind in ("u", "i"):  # 1- and 2-bit integers: to_inexact_dtype leaves them
        if op in ("logaddexp", "logaddexp2"):
            raise OperandValueError(f"{op} requires floating-point or complex inputs; got {out}")
        if op == "heaviside":
            return out, _scalar_weak(out, weak, rank0, config)
        if op == "copysign" and kind == "i":  # where(signbit(x2), -abs(x1), abs(x1)): lax.abs gives int8 for int1
            return _abs_of(op, out, weak)
        raise _reject(op, out)
    if kind == "c":
        if op == "hypot":
            raise OperandValueError(f"{op} is not well defined for complex-valued inputs; convert with abs first")
        if family in ("inexact_real", "copysign") or op == "heaviside":
            raise _reject(op, out)
    if family == "close":
        return lattice.BOOL, False
    if family == "copysign" and out not in _SIGNBIT_FLOATS:
        raise OperandNotImplementedError(f"{op} uses signbit, which supports 16-, 32- and 64-bit floats only, "
                                         f"not {out}")
    if family == "inexact_rank0_weak" or (op == "logaddexp" and kind == "c"):
        return out, _scalar_weak(out, weak, rank0, config)
    return out, weak


_FLOAT_FORMAT: Final[Mapping[str, tuple[int, int, int]]] = MappingProxyType({
    "float4_e2m1fn": (3, 1, 4), "float6_e2m3fn": (3, 3, 6), "float6_e3m2fn": (5, 2, 6), "float8_e3m4": (4, 4, 8),
    "float8_e4m3": (8, 3, 8), "float8_e8m0fnu": (128, 0, 8), "float8_e4m3b11fnuz": (5, 3, 8),
    "float8_e4m3fn": (9, 3, 8), "float8_e4m3fnuz": (8, 3, 8), "float8_e5m2": (16, 2, 8), "float8_e5m2fnuz": (16, 2, 8),
    "bfloat16": (128, 7, 16), "float16": (16, 10, 16), "float32": (128, 23, 32), "float64": (1024, 52, 64),
})
"""``(maxexp, nmant, bits)`` of each real float dtype, as ``ml_dtypes.finfo`` gives them (a test checks): what
``dot_general`` ranks its operand types by."""
_REAL_OF: Final[Mapping[str, str]] = MappingProxyType({"complex64": "float32", "complex128": "float64"})


def _bit_width(name: str) -> int:
    real = _REAL_OF.get(name, name)
    if real in _FLOAT_FORMAT:
        return _FLOAT_FORMAT[real][2]
    return 1 if name == lattice.BOOL else int(name.lstrip("uint"))


def _dot_rank(name: str) -> tuple[bool, int, int, int, bool]:
    """XLA's ``HigherPrecisionType`` order, as JAX's ``dot_general`` dtype rule uses it: complex first, then the
    exponent range, the mantissa, the bit width, and signed over unsigned."""
    maxexp, nmant, _ = _FLOAT_FORMAT.get(_REAL_OF.get(name, name), (-1, -1, 0))
    return lattice.KIND[name] == "c", maxexp, nmant, _bit_width(name), lattice.KIND[name] != "u"


def _matmul(op: str, operands: Sequence[tuple[str, bool]], config: LatticeConfig,
            python_scalars: tuple[bool, ...], numpy_scalars: tuple[bool, ...]) -> tuple[str, bool]:
    """JAX 0.10.2's ``matmul`` and ``dot``: ``matmul`` takes no 0-d operand (a Python or numpy scalar; ``dot`` takes
    it as a 0-d array, a Python scalar weakly typed, of its kind's default dtype); the output dtype is ``dtypes.result_type`` of the operands (the
    lattice join, or its kind's default dtype when weak), passed to ``dot_general`` as its
    ``preferred_element_type``; ``dot_general`` then fails when its operands' own dtypes rank equal but differ, or
    when the preferred type is narrower than the higher-ranked non-float operand dtype."""
    if op == "matmul" and (any(python_scalars) or any(numpy_scalars)):
        raise OperandValueError("matmul takes no 0-d operand, and a scalar is 0-d; use multiply to scale")
    name, weak = lattice.result_node(operands, config)
    if weak:
        name = lattice.default_name(lattice.KIND[name], config.x64)
    raw = [lattice.default_name(lattice.KIND[n], config.x64) if n in lattice.WEAK_NAMES
           else lattice.canonical_name(n, config.x64) for n, _ in operands]
    top = raw[0]
    for other in raw[1:]:
        if _dot_rank(other) > _dot_rank(top):
            top = other
        elif _dot_rank(other) == _dot_rank(top) and other != top:
            raise OperandTypeError(f"{op} of {top} and {other} operands: dot_general takes no mix of two dtypes "
                                   f"of the same rank; cast one of them")
    if top != name and lattice.KIND[top] != "f" and _bit_width(name) < _bit_width(top):
        raise OperandTypeError(f"{op} would compute in {name}, narrower than its {top} operand (a weakly typed "
                               f"array or Python scalar keeps its own dtype in dot_general); cast that operand to "
                               f"{name} first")
    return name, weak


def _floor_divide_all_weak(op: str, operands: Sequence[tuple[str, bool]],
                           config: LatticeConfig) -> tuple[str, bool]:
    """floor_divide when every operand is weak: JAX 0.10.2's expansion meets its own Python-scalar constants, so
    signed integer results take the default integer dtype, and floating results other than the default float dtype
    fail inside JAX with a TypeError (a dtype mismatch between its internal operations)."""
    name, weak = lattice.result_node(operands, config)
    kind = lattice.KIND[name]
    if kind == "c":
        raise _reject(op, name)
    if kind == "i":
        return lattice.default_name("i", config.x64), weak
    if kind == "f" and name != lattice.default_name("f", config.x64):
        raise OperandTypeError(f"{op} of weakly typed {name} operands fails in JAX 0.10.2 (internal dtype mismatch)")
    return to_numeric_name(name), weak


def _power(operands: Sequence[tuple[str, bool]], config: LatticeConfig,
           python_scalars: tuple[bool, ...], numpy_scalars: tuple[bool, ...]) -> tuple[str, bool]:
    """jnp.power: a concrete integer exponent (a Python int or bool, a numpy integer scalar: what
    ``operator.index`` takes) raises the base alone (numeric promotion of the base only); integer results use JAX's binary exponentiation, which fails on 1-, 2- and 4-bit integers; a
    floating or complex base with an integer array exponent keeps the base's dtype; otherwise promote, then pow."""
    if len(operands) != 2:
        raise ValueError(f"power takes two operands, got {len(operands)}")
    (n1, w1), (n2, w2) = operands
    python2 = len(python_scalars) == 2 and python_scalars[1]
    numpy2 = len(numpy_scalars) == 2 and numpy_scalars[1]
    if python2 and lattice.KIND.get(n2) in ("b", "i") or numpy2 and lattice.KIND.get(n2) in ("i", "u"):
        base, bweak = lattice.result_node([(n1, w1)], config)
        return to_numeric_name(base), bweak and base != lattice.BOOL
    name, weak = lattice.result_node(operands, config)
    name = to_numeric_name(name)
    kind = lattice.KIND[name]
    if kind in ("i", "u"):
        if name in lattice.INTN_NAMES:
            raise OperandValueError(f"power of {name} arrays fails in JAX 0.10.2 (integer power needs 8+ bits)")
        return name, False  # binary exponentiation builds the result from strong constants
    d1, _ = lattice.result_node([(n1, w1)], config)
    d2, _ = lattice.result_node([(n2, w2)], config)
    if lattice.KIND[d1] in ("f", "c") and lattice.KIND[d2] in ("i", "u"):
        return d1, w1 and w2
    return name, weak


REDUCTIONS: Final[tuple[str, ...]] = ("sum", "prod", "mean")
"""The reductions whose result dtype depends on the operand and a ``dtype=`` argument, as the stubs and the mypy
plugin type them today (:data:`REDUCTION` has every reduction)."""

ReductionFamily: TypeAlias = Literal["sum", "mean", "var", "std", "median", "same", "ptp", "bool", "index",
                                     "cumulative"]

REDUCTION: Final[Mapping[str, ReductionFamily]] = MappingProxyType({
    "sum": "sum", "prod": "sum", "nansum": "sum", "nanprod": "sum", "trace": "sum", "cumulative_sum": "sum",
    "mean": "mean", "nanmean": "mean", "average": "mean",
    "var": "var", "nanvar": "var", "std": "std", "nanstd": "std", "median": "median",
    "nanmedian": "median", "quantile": "median", "nanquantile": "median", "percentile": "median",
    "nanpercentile": "median",
    "max": "same", "min": "same", "amax": "same", "amin": "same", "nanmax": "same", "nanmin": "same",
    "ptp": "ptp",
    "any": "bool", "all": "bool",
    "argmax": "index", "argmin": "index", "nanargmax": "index", "nanargmin": "index", "count_nonzero": "index",
    "cumsum": "cumulative", "cumprod": "cumulative", "nancumsum": "cumulative", "nancumprod": "cumulative",
    "cumulative_prod": "cumulative",
})
"""Each reduction's family (JAX 0.10.2, ``jax/_src/numpy/reductions.py`` and ``lax_numpy.py``). Results are never
weakly typed (the reductions end in a ``convert_element_type`` to the result dtype).

* ``sum``: ``_reduction`` with ``promote_integers``: bool and integers narrower than the default integer of their
  signedness accumulate in it; 1-, 2- and 4-bit integers fail (numpy's ``iinfo`` has none: ``ValueError``);
  ``nansum``, ``nanprod`` and ``trace`` reduce with ``sum``/``prod``, ``trace`` after masking with
  ``where(eye, a, zeros_like(a))`` (:data:`SELF_PROMOTED`); ``cumulative_sum`` accumulates with the same promotion
  (JAX's ``_cumsum_with_promotion``, unlike ``cumsum``);
* ``mean``: ``to_inexact_dtype`` (1- and 2-bit integers stay); ``nanmean`` of bool and integers is ``mean``,
  ``average`` without weights is ``mean`` of ``promote_dtypes_inexact``;
* ``var``/``std`` (and ``nanvar``/``nanstd``): ``_var_promote_types``: bool and integers ``to_inexact_dtype``,
  complex numbers their real dtype; 1- and 2-bit integers fail in the computation (``TypeError``); ``std`` wants an
  inexact ``dtype=`` (``ValueError``), ``nanstd``'s square root refuses another (``TypeError``); ``nanvar`` with an
  integer ``dtype=`` is that dtype, strong (its sum meets a weak NaN, which strict promotion refuses, and is converted
  last), a 1-, 2- or 4-bit one is refused (``ValueError``: the sum's integer promotion), bool too (``TypeError``);
* ``median``: ``median``, ``quantile``, ``percentile`` and their NaN-ignoring forms: JAX's ``_quantile``,
  ``promote_dtypes_inexact(a)`` meeting the weak NaN that masks it (so a weakly typed bfloat16 or float16 operand
  computes in float32), whatever ``q`` is (it sets the interpolation's dtype; an integer, bool or complex ``q``
  fails there, a ``TypeError``, except in ``percentile``, which makes it inexact first); complex fails
  (``ValueError``), 1- and 2-bit integers (``TypeError``); with ``weights`` (``inverted_cdf``) ``a`` is first
  promoted with them;
* ``same``: ``max``, ``min`` and the NaN-ignoring ones keep the dtype; ``ptp`` subtracts, refusing bool;
* ``bool``: ``any``/``all``;
* ``index``: ``argmax``, ``argmin``, ``nanargmax``, ``nanargmin``, ``count_nonzero``: the default integer dtype;
* ``cumulative``: ``cumsum``/``cumprod``, ``nancumsum``/``nancumprod`` and ``cumulative_prod`` keep the dtype but
  for bool (the default integer), with ``dtype=`` that dtype (``bool`` too, computed in the default integer).
"""
REDUCTION_FUNCTIONS: Final[tuple[str, ...]] = tuple(REDUCTION)

SELF_PROMOTED: Final[frozenset[str]] = frozenset({"trace"})
"""Reductions whose operand first meets ``where`` beside an array of its own dtype and weak flag (``trace``:
``where(eye, a, zeros_like(a))``), which promotes it with itself: in strict mode a weak dtype becomes its kind's
default (a weakly typed bfloat16 matrix sums in float32, a weakly typed uint8 one in the default signed integer),
and a weak bool becomes strong."""


def _reduction_operand(operand: tuple[str, bool], config: LatticeConfig) -> str:
    name = operand[0]
    if name in lattice.WEAK_NAMES:
        return lattice.default_name(lattice.KIND[name], config.x64)
    return lattice.canonical_name(name, config.x64)


def reduction_result(fn: str, operand: tuple[str, bool] | None, dtype: str | None = None,
                     config: LatticeConfig = LatticeConfig(),
                     weights: tuple[str, bool] | None = None) -> tuple[str, bool]:
    """The ``(dtype name, weak)`` of ``jax.numpy.<fn>(x, dtype=dtype)`` for ``fn`` in :data:`REDUCTION`.

    ``operand`` is ``x``'s ``(dtype name, weak)``; ``dtype`` a dtype name, a weak node (``"int"``, ``"float"``,
    ``"complex"``: a Python type, which stands for the default dtype of its kind), or None. The result is never weak,
    except ``var`` with an integer ``dtype`` (JAX's final ``where(..., nan)`` makes it a weak float).
    ``operand`` may be None (not known) when ``dtype`` is given: the result is then ``dtype``'s alone.
    ``weights`` (``average`` only) is the weights' ``(dtype name, weak)``: the result is
    ``promote_dtypes_inexact(x, weights)``'s dtype, strong.
    Without ``dtype``, ``sum`` and ``prod`` accumulate bool and narrow integers in the default integer of their
    signedness and fail on 1-, 2- and 4-bit integers (:class:`OperandValueError`); ``mean`` is inexact (JAX's
    ``to_inexact_dtype``). With it, the result is ``dtype`` canonicalized; a ``mean`` in bool fails
    (:class:`OperandTypeError`). The other families are described at :data:`REDUCTION`."""
    try:
        family = REDUCTION[fn]
    except KeyError:
        raise ValueError(f"unknown reduction {fn!r}; known: {', '.join(REDUCTION_FUNCTIONS)}") from None
    if weights is not None:
        if fn != "average" or operand is None:
            raise ValueError("weights= belongs to average, with a known operand")
        # JAX's _average: promote_dtypes_inexact(a, weights), then sum(a * weights) / sum(weights).
        node, _ = lattice.result_node([operand, weights], config)
        inexact = lattice.canonical_name(to_inexact_name(_reduction_operand((node, False), config)), config.x64)
        if inexact in lattice.INTN_NAMES:
            raise OperandValueError(f"average of {inexact} arrays with weights fails in JAX 0.10.2 (it sums them, "
                                    f"and its integer promotion asks numpy's iinfo, which has no {inexact})")
        return inexact, False
    if dtype is not None:
        if dtype in lattice.WEAK_NAMES:
            dtype = lattice.default_name(lattice.KIND[dtype], config.x64)
        out = lattice.canonical_name(dtype, config.x64)
        if family == "mean" and out == lattice.BOOL:
            raise OperandTypeError(f"{fn} in bool is undefined (JAX divides in the result dtype); pass another dtype")
        if fn in ("nanvar", "nanstd") and lattice.KIND[out] in ("b", "i", "u"):
            if out in lattice.INTN_NAMES:
                raise OperandValueError(f"{fn} in {out} sums it, and JAX's integer promotion asks numpy's iinfo, "
                                        f"which has no {out}")
            if out == lattice.BOOL:
                raise OperandTypeError(f"{fn} in bool divides, and div does not accept bool")
            lattice.result_node([(out, False), ("float", True)], config)  # where(mask, nan, sum): strict refuses
            if fn == "nanstd":
                raise OperandTypeError(f"nanstd takes the square root in its dtype, and sqrt does not accept {out}")
            return out, False  # JAX's _nanvar converts to dtype last
        if family == "std" and lattice.KIND[out] not in ("f", "c"):
            raise OperandValueError(f"dtype argument to std must be inexact; got {out}")
        if family in ("var", "std") and operand is not None and lattice.KIND[out] != "c" and \
                lattice.KIND[_reduction_operand(operand, config)] == "c":
            raise OperandValueError(f"{fn} of complex values with a real dtype= is not supported")
        if family == "var" and lattice.KIND[out] in ("b", "i", "u"):
            # JAX's _var computes in dtype (subtract refuses bool), then where(normalizer > 0, result, nan):
            # the weak NaN promotes an integer result (to a weak float; strict mode and 1/2/4-bit ints refuse).
            if out == lattice.BOOL:
                raise OperandTypeError("var in bool subtracts, and subtract does not accept bool")
            return lattice.result_node([(out, False), ("float", True)], config)
        return out, False
    if operand is None:
        raise ValueError(f"{fn}: the result dtype of an unknown operand needs a dtype argument")
    if fn in SELF_PROMOTED:
        operand = lattice.result_node([operand, operand], config)
    name = _reduction_operand(operand, config)
    kind = lattice.KIND[name]
    if family in ("mean", "var", "std", "median"):
        inexact = lattice.canonical_name(to_inexact_name(name), config.x64)
        if family == "mean":
            return inexact, False
        if inexact in _TINY_INTS:
            raise lattice.TypePromotionError(f"{fn} of {inexact} arrays fails in JAX 0.10.2 (it promotes them with a "
                                             f"weak float, and {inexact} has no place in the lattice beside one)")
        if family == "median":
            if kind == "c":
                raise OperandValueError(f"{fn} does not support complex input, as the operation is poorly defined")
            # A weak bool becomes a strong float (to_inexact_dtype of bool, converted strongly).
            weak = (operand[1] and operand[0] != lattice.BOOL) or operand[0] in lattice.WEAK_NAMES
            return lattice.result_node([(inexact, weak), ("float", True)], config)[0], False
        return _COMPLEX_PART.get(inexact, inexact), False
    if family == "same":
        return name, False
    if family == "ptp":
        if kind == "b":
            raise OperandTypeError("ptp subtracts, and subtract does not accept bool")
        return name, False
    if family == "bool":
        return lattice.BOOL, False
    if family == "index":
        if dtype is not None:  # argsort(x, dtype=...): its indices are a lax.iota of that dtype
            return lax_dtype_result("iota", dtype, config), False
        return lattice.default_name("i", config.x64), False
    if family == "cumulative":
        return (lattice.default_name("i", config.x64) if kind == "b" else name), False
    if name in lattice.INTN_NAMES:
        raise OperandValueError(f"{fn} of {name} arrays fails in JAX 0.10.2 (its integer promotion asks numpy's "
                                f"iinfo, which has no {name}); pass dtype=, e.g. dtype='int32'")
    if kind == "b":
        return lattice.default_name("i", config.x64), False
    if kind in ("i", "u"):
        default = lattice.default_name(kind, config.x64)
        if int(name.lstrip("uint")) < int(default.lstrip("uint")):
            return default, False
    return name, False


QUANTILES: Final[frozenset[str]] = frozenset({"quantile", "nanquantile", "percentile", "nanpercentile"})
"""The reductions that take ``q`` (:func:`quantile_result`)."""


def quantile_result(fn: str, operand: tuple[str, bool], q: tuple[str, bool],
                    config: LatticeConfig = LatticeConfig(), weights: tuple[str, bool] | None = None,
                    method: str = "linear") -> tuple[str, bool]:
    """The ``(dtype name, weak)`` of ``jax.numpy.<fn>(a, q, weights=weights)`` for ``fn`` in :data:`QUANTILES`:
    :func:`reduction_result`'s (the ``median`` family: ``q`` does not change it) of ``a``, or of ``a`` joined with
    ``weights`` (``promote_dtypes_inexact(a, weights)``; complex weights fail first, a ``ValueError``), after its
    refusals. ``q`` sets the interpolation's dtype: ``quantile`` and ``nanquantile`` take ``floor`` of it, which
    refuses bool, integers and complex numbers (``TypeError``); ``percentile`` and ``nanpercentile`` make it inexact
    first, so only complex numbers fail there (``floor``) and 1- and 2-bit integers (``q / 100`` with a weak
    int). ``method="inverted_cdf"`` multiplies ``q`` by the total weight with ``lax.mul``, so ``q``'s dtype must be
    the weights' (``a``'s inexact dtype joined with ``weights``, or without them the result's); another is a
    ``TypeError``."""
    if fn not in QUANTILES:
        raise ValueError(f"unknown quantile function {fn!r}; known: {', '.join(sorted(QUANTILES))}")
    if weights is not None:
        if lattice.KIND[_reduction_operand(weights, config)] == "c":
            raise OperandValueError("Weights cannot be complex types.")
        operand = lattice.result_node([operand, weights], config)
    out = reduction_result(fn, operand, None, config)
    name = _reduction_operand(q, config)
    if fn in ("percentile", "nanpercentile"):
        name = _reduction_operand(lattice.result_node([(to_inexact_name(name), q[1]), ("int", True)], config),
                                  config)  # q / 100
    if fn == "quantile":  # n - 1, n the axis length in q's dtype (strict promotion refuses a bool n)
        lattice.result_node([(name, False), ("int", True)], config)
    if lattice.KIND[name] != "f":
        raise OperandTypeError(f"{fn} takes floor of q * (n - 1) in q's dtype, and floor does not accept {name} "
                               f"(pass a floating q)")
    if method == "inverted_cdf":
        w_name = out[0] if weights is None else \
            lattice.canonical_name(to_inexact_name(_reduction_operand(operand, config)), config.x64)
        if name != w_name:
            raise OperandTypeError(f"{fn} with method='inverted_cdf' multiplies q ({name}) by the total weight "
                                   f"({w_name}), and mul requires one dtype")
    return out


# ---------------------------------------------------------------------------------------------------------------
# Unary functions


class OperandOverflowError(OverflowError):
    """Where JAX 0.10.2 fails converting a constant into the operand's dtype (``deg2rad`` of ``int1``)."""


class OperandNotImplementedError(NotImplementedError):
    """Where JAX 0.10.2 raises ``NotImplementedError`` (``signbit`` of a float8, integer ``round`` to negative
    decimals)."""


UnaryFamily: TypeAlias = Literal[
    "inexact", "inexact_real", "inexact_strong", "inexact_rank0_weak", "numeric", "signed", "same", "abs", "fabs",
    "integer", "logical", "rounding", "rint", "round", "complex_part", "angle", "isnan", "isinf", "isfinite",
    "signbit", "nan_to_num", "posneginf", "isreal", "spacing"]

UNARY: Final[Mapping[str, UnaryFamily]] = MappingProxyType({
    # promote_args_inexact, then a lax primitive of floats and complex numbers (weak flag kept)
    **{fn: "inexact" for fn in ("exp", "log", "sqrt", "sin", "cos", "tanh", "exp2", "expm1", "log1p", "tan",
                                "arcsin", "arccos", "arctan", "sinh", "cosh", "arcsinh", "arccosh", "arctanh",
                                "reciprocal")},
    "cbrt": "inexact_real",
    "fabs": "fabs",
    "log2": "inexact_strong",
    "log10": "inexact_strong",
    "deg2rad": "inexact_rank0_weak",
    "rad2deg": "inexact_rank0_weak",
    "sinc": "inexact_rank0_weak",
    "square": "numeric",
    "negative": "signed",
    "sign": "signed",
    "positive": "same",
    "conj": "same",
    "conjugate": "same",
    "copy": "same",
    "abs": "abs",
    "absolute": "abs",
    "invert": "integer",
    "bitwise_not": "integer",
    "logical_not": "logical",
    "floor": "rounding",
    "ceil": "rounding",
    "trunc": "rounding",
    "rint": "rint",
    "round": "round",
    "real": "complex_part",
    "imag": "complex_part",
    "angle": "angle",
    "isnan": "isnan",
    "isinf": "isinf",
    "isfinite": "isfinite",
    "signbit": "signbit",
    "nan_to_num": "nan_to_num",
    "isposinf": "posneginf",
    "isneginf": "posneginf",
    "isreal": "isreal",
    "iscomplex": "isreal",
    "spacing": "spacing",
})
"""Each unary ``jax.numpy`` function's family: how its result dtype and weak flag follow from the operand's.

JAX 0.10.2's sources (``jax/_src/numpy/ufuncs.py``, ``lax_numpy.py``), family by family:

* ``inexact``: ``lax.<op>(*promote_args_inexact(x))``; ``to_inexact_dtype`` leaves 1- and 2-bit integers alone and
  the primitive then refuses them (``TypeError``), as it refuses nothing else;
* ``inexact_real``: the same for primitives of real floats only (``cbrt``): complex operands are refused too;
* ``fabs``: ``lax.abs(*promote_args_inexact(x))`` after refusing complex: ``abs``'s own rule on what stays;
* ``inexact_strong``: ``log2``/``log10`` divide or multiply by a strong constant: never weak; ``log10`` asks
  ``finfo`` of the dtype, which fails for 1- and 2-bit integers (``ValueError``);
* ``inexact_rank0_weak``: ``deg2rad``/``rad2deg``/``sinc`` multiply by a numpy constant of the operand's dtype,
  which keeps a weak flag only for a rank-0 operand of its kind's default dtype; the constant itself fails for
  ``int1`` (``OverflowError``) and, in ``sinc`` and ``rad2deg``, for every 1- and 2-bit integer, while ``deg2rad`` of
  ``uint1``, ``uint2``, ``int2`` stays integer;
* ``numeric``: ``lax.square(*promote_dtypes_numeric(x))``: bool becomes int32;
* ``signed``: ``negative``/``sign``: ``promote_args`` then a primitive that refuses bool;
* ``same``: ``positive``, ``conj``, ``copy``: dtype and weak flag unchanged;
* ``abs``: bool and unsigned integers unchanged, complex becomes its real dtype, ``lax.abs`` gives int8 for int1 and
  refuses int2 and int4;
* ``integer``: ``invert``: bool and integers only;
* ``logical``: ``logical_not``: bool; weak when a weak bool passes through, or when a rank-0 weakly typed operand is
  compared with a numpy zero;
* ``rounding``: ``floor``/``ceil``/``trunc``: bool and integers unchanged, complex refused;
* ``rint``: bool and integers give the default float dtype (strong);
* ``round``: ``decimals=0``: integers unchanged, bool refused (``finfo(bool)``: ``ValueError``); other decimals
  scale by a strong constant (weak only at rank 0) and refuse integers for negative decimals
  (``NotImplementedError``);
* ``complex_part``: ``real``/``imag``: complex becomes its real dtype, the rest is unchanged;
* ``angle``: complex becomes its real dtype; bool and integers, and rank-0 real floats, give the default float
  dtype (strong); with ``deg=True`` the result is scaled by a strong constant (weak only at rank 0);
* ``isnan``: ``ne(x, x)``: bool, weak when the operand is;
* ``isinf``: a strong bool (a comparison with a strong constant, or ``full_like(..., dtype=bool)``);
* ``isfinite``: ``is_finite`` keeps the weak flag of a float or complex operand; others give a strong bool;
* ``signbit``: a strong bool; floats other than 16-, 32- and 64-bit refused (``NotImplementedError``), complex
  refused (``ValueError``);
* ``nan_to_num``: bool and integers unchanged, floats and complex strong (``where`` with strong constants);
* ``posneginf``: ``isposinf``/``isneginf``: a strong bool (a comparison with a numpy infinity, or ``full_like``);
  complex refused (``ValueError``);
* ``isreal``: ``isreal``/``iscomplex``: ``imag(x)`` compared with a numpy zero of its dtype: a bool, weak only for
  a rank-0 weakly typed operand whose ``imag`` is its kind's default dtype;
* ``spacing``: ``promote_args_inexact``, then ``nextafter`` towards a numpy infinity of the operand's dtype (which
  fails for 1- and 2-bit integers: ``OverflowError``) and ``copysign`` (``signbit``'s 16-, 32- and 64-bit floats:
  ``NotImplementedError``); complex refused (``ValueError``); never weak.
"""
UNARY_FUNCTIONS: Final[tuple[str, ...]] = tuple(UNARY)

_COMPLEX_PART: Final[Mapping[str, str]] = MappingProxyType({"complex64": "float32", "complex128": "float64"})
_SIGNBIT_FLOATS: Final = frozenset({"bfloat16", "float16", "float32", "float64"})


def _unary_operand(operand: tuple[str, bool], config: LatticeConfig) -> tuple[str, bool]:
    """An operand as a unary ``jax.numpy`` function sees it: a weak node (a Python scalar) is its default dtype,
    weakly typed (``bool`` values are strong); a dtype is canonicalized; a weak ``bool`` array stays weak (JAX
    promotes a single operand without converting it)."""
    name, weak = operand
    if name in lattice.WEAK_NAMES:
        return lattice.default_name(lattice.KIND[name], config.x64), True
    if name not in lattice.KIND:
        raise ValueError(f"unknown dtype {name!r}")
    return lattice.canonical_name(name, config.x64), weak


def _require(fn: str, name: str, kinds: str) -> None:
    if lattice.KIND[name] not in kinds:
        raise OperandTypeError(f"{fn} does not accept dtype {name}")


_TINY_INTS: Final = frozenset({"uint1", "uint2", "int1", "int2"})


def unary_result(fn: str, operand: tuple[str, bool], config: LatticeConfig = LatticeConfig(), *,
                 rank0: bool = False, decimals: int = 0, deg: bool = False) -> tuple[str, bool]:
    """The ``(dtype name, weak)`` of ``jax.numpy.<fn>(x)`` for ``fn`` in :data:`UNARY`.

    ``operand`` is ``x``'s ``(dtype name, weak)`` (a weak node ``int``/``float``/``complex`` for a Python scalar,
    ``bool`` with ``False`` for a Python bool); ``rank0`` says ``x`` has rank 0 (Python scalars always have), which
    decides the weak flag of the families that meet numpy constants; ``decimals`` is ``round``'s, ``deg`` is
    ``angle``'s. Raises :class:`OperandTypeError` (``TypeError``), :class:`OperandValueError` (``ValueError``),
    :class:`OperandOverflowError` or :class:`OperandNotImplementedError` where JAX raises those classes."""
    try:
        family = UNARY[fn]
    except KeyError:
        raise ValueError(f"unknown unary function {fn!r}; known: {', '.join(UNARY_FUNCTIONS)}") from None
    rank0 = rank0 or operand[0] in lattice.WEAK_NAMES
    name, weak = _unary_operand(operand, config)
    kind = lattice.KIND[name]
    if family in ("inexact", "inexact_real", "inexact_strong", "inexact_rank0_weak", "fabs"):
        if family == "fabs" and kind == "c":
            raise OperandTypeError("fabs does not support complex dtypes")
        out = lattice.canonical_name(to_inexact_name(name), config.x64)
        weak = weak and kind != "b"  # promote_dtypes_inexact drops a bool's weak flag
        if out in _TINY_INTS:
            if family == "inexact_strong" and fn == "log10":
                raise OperandValueError(f"log10 of {out} fails in JAX 0.10.2 (finfo has no {out})")
            if family == "inexact_rank0_weak":
                if fn in ("sinc", "rad2deg") or out == "int1":
                    raise OperandOverflowError(f"{fn} of {out} fails in JAX 0.10.2 (its constant overflows {out})")
                return out, _scalar_weak(out, weak, rank0, config)
            if family == "fabs" and lattice.KIND[out] == "i":
                return _abs_of(fn, out, weak)  # lax.abs: int1 gives int8, int2 is refused; unsigned ones too
            raise OperandTypeError(f"{fn} does not accept dtype {out}")
        if family == "inexact_real":
            _require(fn, out, "f")
        if family == "inexact_strong":
            return out, False
        if fn == "arccosh" and lattice.KIND[out] == "c":  # where(real(r) < 0, -r, r) promotes again (strict: default)
            return lattice.result_node([(out, weak), (out, weak)], config)
        if family == "inexact_rank0_weak":
            return out, _scalar_weak(out, weak, rank0, config)
        return out, weak
    if family == "numeric":
        return to_numeric_name(name), weak and name != lattice.BOOL
    if family == "signed":
        if kind == "b":
            raise OperandTypeError(f"{fn} does not accept dtype bool")
        return name, weak
    if family == "same":
        return name, weak
    if family == "abs":
        return _abs_of(fn, name, weak)
    if family == "integer":
        _require(fn, name, "biu")
        return name, weak
    if family == "logical":
        return lattice.BOOL, weak if kind == "b" else _scalar_weak(name, weak, rank0, config)
    if family == "rounding":
        if kind == "c":
            raise OperandTypeError(f"{fn} does not accept dtype {name}")
        if fn == "trunc" and kind == "f":  # where(x < 0, ceil(x), floor(x)) promotes the two weak operands again
            return lattice.result_node([(name, weak), (name, weak)], config)
        return name, weak
    if family == "rint":
        if kind in ("b", "i", "u"):
            return lattice.default_name("f", config.x64), False
        return name, weak
    if family == "round":
        return _round(name, weak, rank0, decimals, config)
    if family == "complex_part":
        return _COMPLEX_PART.get(name, name), weak
    if family == "angle":
        if kind == "c":
            out, out_weak = _COMPLEX_PART[name], weak
        elif kind == "f" and not rank0:
            out, out_weak = name, weak
        else:
            out, out_weak = lattice.default_name("f", config.x64), False
        return out, out_weak and (not deg or _scalar_weak(out, out_weak, rank0, config))
    if family == "isnan":
        return lattice.BOOL, weak
    if family == "isinf":
        return lattice.BOOL, False
    if family == "isfinite":
        return lattice.BOOL, weak and kind in ("f", "c")
    if family == "signbit":
        if kind == "c":
            raise OperandValueError(f"signbit is not well defined for {name}")
        if kind == "f" and name not in _SIGNBIT_FLOATS:
            raise OperandNotImplementedError(f"signbit supports 16-, 32- and 64-bit floats only, not {name}")
        return lattice.BOOL, False
    if family == "posneginf":
        if kind == "c":
            raise OperandValueError("isposinf/isneginf are not well defined for complex types")
        return lattice.BOOL, False
    if family == "isreal":
        return lattice.BOOL, _scalar_weak(_COMPLEX_PART.get(name, name), weak, rank0, config)
    if family == "spacing":
        out = lattice.canonical_name(to_inexact_name(name), config.x64)
        if out in _TINY_INTS:
            raise OperandOverflowError(f"spacing of {out} fails in JAX 0.10.2 (its infinity overflows {out})")
        if lattice.KIND[out] == "c":
            raise OperandValueError("jnp.spacing is not defined for complex inputs")
        if out not in _SIGNBIT_FLOATS:
            raise OperandNotImplementedError(f"spacing supports 16-, 32- and 64-bit floats only, not {out} (JAX "
                                             f"0.10.2's signbit)")
        return out, False
    # nan_to_num
    return name, weak and kind not in ("f", "c")


def _abs_of(fn: str, name: str, weak: bool) -> tuple[str, bool]:
    """``jnp.abs``: bool and unsigned integers pass through; ``lax.abs`` maps complex to its real dtype, gives int8
    for int1 and refuses int2 and int4."""
    kind = lattice.KIND[name]
    if kind in ("b", "u"):
        return name, weak
    if name == "int1":
        return "int8", weak
    if name in ("int2", "int4"):
        raise OperandTypeError(f"{fn} does not accept dtype {name}")
    return _COMPLEX_PART.get(name, name), weak


def _scalar_weak(name: str, weak: bool, rank0: bool, config: LatticeConfig) -> bool:
    """The weak flag after JAX meets a weakly typed operand with a numpy constant of its dtype (``lax._const``):
    kept only for a rank-0 operand of its kind's default dtype (which JAX handles as a Python scalar)."""
    kind = lattice.KIND[name]
    return weak and rank0 and kind != "b" and name == lattice.default_name(kind, config.x64)


def _round(name: str, weak: bool, rank0: bool, decimals: int, config: LatticeConfig) -> tuple[str, bool]:
    """``jnp.round``: integers pass through (negative decimals are not implemented for them); other dtypes ask
    ``finfo``, which bool fails; decimals other than 0 scale by a strong constant."""
    kind = lattice.KIND[name]
    if kind in ("i", "u"):
        if decimals < 0:
            raise OperandNotImplementedError("integer round is not implemented for decimals < 0")
        return name, weak
    if kind == "b":
        raise OperandValueError("round of bool fails in JAX 0.10.2 (finfo has no bool)")
    return name, weak if decimals == 0 else _scalar_weak(name, weak, rank0, config)


UNARY_ALIASES: Final[Mapping[str, str]] = MappingProxyType({
    "around": "round", "acos": "arccos", "acosh": "arccosh", "asin": "arcsin", "asinh": "arcsinh",
    "atan": "arctan", "atanh": "arctanh", "bitwise_invert": "invert", "degrees": "rad2deg", "radians": "deg2rad"})
"""``jax.numpy``'s other names of a :data:`UNARY` function, and the function each is (numpy's ``around``; the array
API's ``acos``... and numpy's ``degrees``/``radians``): JAX 0.10.2 defines each as that function of its operand after
``promote_args`` of that one operand, which changes no dtype, so the rule is the function's."""

BINARY_ALIASES: Final[Mapping[str, str]] = MappingProxyType({
    "atan2": "arctan2", "pow": "power", "bitwise_left_shift": "left_shift", "bitwise_right_shift": "right_shift"})
"""``jax.numpy``'s other names of a binary function (the array API's), and the function each is: JAX 0.10.2 calls
that function on its two operands after ``promote_args``, whose promotion is the function's own."""

UNARY_PARAMETERIZED: Final[frozenset[str]] = frozenset({"round", "angle"})
"""One-operand functions of :data:`UNARY` whose dtype also depends on another argument (``decimals=``, ``deg=``)."""


def unary_is_static(fn: str) -> bool:
    """Whether ``jax.numpy.<fn>``'s result dtype and weak flag follow from the operand's dtype and weak flag alone,
    in every configuration: neither its rank (``deg2rad`` of a weak rank-0 operand stays weak, of any other array
    not) nor another argument (:data:`UNARY_PARAMETERIZED`) matters. A type says no rank, so the others are what
    :func:`unary_static_result` answers gradually for some operands."""
    if fn not in UNARY:
        raise ValueError(f"unknown unary function {fn!r}; known: {', '.join(UNARY_FUNCTIONS)}")
    if fn in UNARY_PARAMETERIZED:
        return False
    if fn not in _RANK_FREE:
        _RANK_FREE[fn] = _rank_free(fn)
    return _RANK_FREE[fn]


_RANK_FREE: Final[dict[str, bool]] = {}
""":func:`_rank_free`'s answers, computed once per function."""


def _rank_free(fn: str) -> bool:
    operands = [(n, False) for n in lattice.KIND if n not in lattice.WEAK_NAMES] + [(n, True) for n in lattice.KIND]
    for config in (LatticeConfig(x64=x64, mode=mode) for x64 in (False, True) for mode in ("standard", "strict")):
        for operand in operands:
            answers: list[object] = []
            for rank0 in (False, True):
                try:
                    answers.append(unary_result(fn, operand, config, rank0=rank0))
                except Exception as e:  # noqa: BLE001 - a refusal is an answer too
                    answers.append(type(e))
            if answers[0] != answers[1]:
                return False
    return True


_DECIDING: Final[Mapping[str, tuple[str, tuple[int, ...]]]] = MappingProxyType({
    "round": ("decimals", (0, 1, -1)), "angle": ("deg", (False, True))})
"""The :data:`UNARY_PARAMETERIZED` functions' deciding argument and a value of each case it has (``round``: what
counts is whether ``decimals`` is 0, positive or negative)."""


def unary_static_result(fn: str, operand: tuple[str, bool], config: LatticeConfig = LatticeConfig(), *,
                        rank0: bool | None = None, given: Mapping[str, int] | None = None
                        ) -> tuple[str, bool] | None:
    """What a type checker can answer for ``jax.numpy.<fn>(x)`` (``fn`` in :data:`UNARY`), knowing ``x``'s dtype and
    weak flag but not its rank, nor, for ``round`` and ``angle``, their ``decimals``/``deg`` unless ``given``:
    :func:`unary_result`'s answer where every rank and setting that computes gives the same one, None (gradual)
    where they differ (``deg2rad`` of a weak operand is weak at rank 0 alone; ``round`` of a weak float too, for
    ``decimals`` other than 0); raises the first error where every one raises. A setting that raises where another
    computes is a refusal the answer misses (``round`` of an integer with ``decimals < 0``), never another dtype.
    ``rank0`` fixes the rank where it is known (a Python scalar has rank 0)."""
    deciding = _DECIDING.get(fn)
    given = {} if given is None else given
    settings: list[dict[str, int]] = [dict(given)]
    if deciding is not None and deciding[0] not in given:
        settings = [{**given, deciding[0]: v} for v in deciding[1]]
    answers: set[tuple[str, bool]] = set()
    errors: list[Exception] = []
    for options in settings:
        for at_rank0 in (True, False) if rank0 is None else (rank0,):
            try:
                answers.add(unary_result(fn, operand, config, rank0=at_rank0, decimals=options.get("decimals", 0),
                                         deg=bool(options.get("deg", False))))
            except (OperandTypeError, OperandValueError, OperandOverflowError, OperandNotImplementedError,
                    lattice.TypePromotionError) as e:
                errors.append(e)
    if not answers:
        raise errors[0]
    return answers.pop() if len(answers) == 1 else None


# ---------------------------------------------------------------------------------------------------------------
# jax.random: each sampler's default and accepted dtypes (the runtime's ``arraytyping.random`` checks its ``dtype``
# arguments with these; JAX 0.10.2 canonicalizes the argument first: ``None`` and the Python types give the default
# dtype of their kind, 64-bit dtypes truncate with x64 off)

RandomErrorClass: TypeAlias = Literal["TypeError", "ValueError"]

RANDOM_DTYPES: Final[Mapping[str, tuple[str, str, RandomErrorClass]]] = MappingProxyType({
    "uniform": ("f", "f", "ValueError"),
    "normal": ("f", "fc", "ValueError"),
    "truncated_normal": ("f", "f", "ValueError"),
    "gumbel": ("f", "f", "ValueError"),
    "randint": ("i", "iu", "TypeError"),
    "bits": ("u", "u", "ValueError"),
    "exponential": ("f", "f", "ValueError"),
    "laplace": ("f", "f", "ValueError"),
    "logistic": ("f", "f", "ValueError"),
    "cauchy": ("f", "f", "ValueError"),
    "pareto": ("f", "f", "ValueError"),
    "rayleigh": ("f", "f", "ValueError"),
    "wald": ("f", "f", "ValueError"),
    "lognormal": ("f", "fc", "ValueError"),
    "triangular": ("f", "f", "ValueError"),
    "weibull_min": ("f", "f", "ValueError"),
    "maxwell": ("f", "f", "ValueError"),
    "double_sided_maxwell": ("f", "f", "ValueError"),
    "rademacher": ("i", "biufc", "ValueError"),
    "geometric": ("i", "iu", "ValueError"),
    "gamma": ("f", "f", "ValueError"),
    "loggamma": ("f", "f", "ValueError"),
    "beta": ("f", "f", "ValueError"),
    "dirichlet": ("f", "f", "ValueError"),
    "t": ("f", "f", "ValueError"),
    "chisquare": ("f", "f", "ValueError"),
    "f": ("f", "f", "ValueError"),
    "generalized_normal": ("f", "f", "ValueError"),
    "ball": ("f", "f", "ValueError"),
    "orthogonal": ("f", "fc", "ValueError"),
    "multivariate_normal": ("f", "f", "ValueError"),
    "poisson": ("i", "iu", "ValueError"),
    "binomial": ("f", "f", "ValueError"),
})
"""Each sampler with a ``dtype`` argument: ``(default kind, accepted kinds, error class for another kind)``; kinds
are :data:`arraytyping.lattice.KIND`'s letters."""

RANDOM_FLOAT_WIDTHS: Final[frozenset[int]] = frozenset({8, 16, 32, 64})
"""The bit widths JAX's floating samplers build values from (by bit manipulation): float4 and float6 dtypes are
refused with a ``TypeError`` (and so is complex of those, vacuously)."""

RANDOM_CAST_ONLY: Final[frozenset[str]] = frozenset({"rademacher"})
"""The samplers that only cast their integer samples to ``dtype`` (any width, float4 and float6 included)."""

RANDOM_PARAM_PROMOTED: Final[frozenset[str]] = frozenset({"weibull_min", "double_sided_maxwell",
                                                          "multivariate_normal"})
"""The samplers whose result is ``dtype`` promoted with their parameters (JAX applies them after sampling, without
converting them to ``dtype``): an array parameter of a wider dtype widens the result, so the dtype rule alone does
not say it (``multivariate_normal``'s default dtype is its parameters' too)."""

RANDOM_RESULTS: Final[Mapping[str, str]] = MappingProxyType({
    "PRNGKey": "uint32", "split": "key", "fold_in": "key", "bernoulli": "bool", "categorical": "int",
    "permutation": "operand", "choice": "operand",
})
"""The result dtype of the samplers and key functions without a ``dtype`` argument: a dtype name; ``key`` (the kind
of key passed in: raw ``uint32`` data or a typed key); ``int`` (the default integer); ``operand``: the elements of
the array argument or ``arange`` of a count, by :func:`random_elements_result`."""

RANDOM_ELEMENTS: Final[Mapping[str, str]] = MappingProxyType({"permutation": "x", "choice": "a"})
"""The ``operand`` functions of :data:`RANDOM_RESULTS`, each with the parameter holding the array or count it
samples from (:func:`random_elements_result`)."""


def random_dtype_error(fn: str, name: str) -> TypeError | ValueError | None:
    """The error JAX raises for ``jax.random.<fn>(..., dtype=name)`` (``name`` already canonical), or None."""
    _, kinds, error = RANDOM_DTYPES[fn]
    kind = lattice.KIND[name]
    if kind not in kinds:
        cls = TypeError if error == "TypeError" else ValueError
        return cls(f"dtype argument to `{fn}` must be a {' or '.join(_KIND_NOUNS[k] for k in kinds)} dtype, got "
                   f"{name}")
    if kind in ("f", "c") and fn not in RANDOM_CAST_ONLY and _bit_width(name) not in RANDOM_FLOAT_WIDTHS:
        return TypeError(f"{fn} only accepts 8-, 16-, 32-, or 64-bit floating dtypes, got {name}")
    return None


_KIND_NOUNS: Final[Mapping[str, str]] = MappingProxyType({
    "b": "bool", "i": "signed integer", "u": "unsigned integer", "f": "float", "c": "complex"})


def random_result(fn: str, dtype: str | None = None, config: LatticeConfig = LatticeConfig()) -> tuple[str, bool]:
    """The ``(dtype name, weak)`` of ``jax.random.<fn>(key, ..., dtype=dtype)`` for ``fn`` in
    :data:`RANDOM_DTYPES`: ``dtype`` is a dtype name, a weak node (``"int"``, ``"float"``, ``"complex"``: a Python
    type, which stands for the default dtype of its kind) or None (the sampler's default). Never weak. Raises the
    error JAX raises for a dtype the sampler refuses."""
    default_kind = RANDOM_DTYPES[fn][0]
    if dtype is None:
        name = lattice.default_name(default_kind, config.x64)
    elif dtype in lattice.WEAK_NAMES:
        name = lattice.default_name(lattice.KIND[dtype], config.x64)
    else:
        name = lattice.canonical_name(dtype, config.x64)
    error = random_dtype_error(fn, name)
    if error is not None:
        raise error
    return name, False


def random_elements_result(fn: str, operand: tuple[str, bool], rank: int | None, draws: int | None = 1,
                           config: LatticeConfig = LatticeConfig()) -> tuple[str, bool] | None:
    """The ``(dtype name, weak)`` of ``jax.random.permutation(key, x)`` or ``jax.random.choice(key, a, shape)``
    (``fn``), for an operand of ``(dtype name, weak)`` (weak nodes for Python scalars, ``bool`` with ``False`` for
    a Python bool; an array's dtype name and weak flag) with ``rank`` dimensions (0 for a Python or numpy scalar;
    None: unknown) and ``draws`` samples (``math.prod(shape)``; None: unknown; ``permutation`` has none). A dtype
    name, weak only for a weak array's own elements.

    JAX 0.10.2 reads an operand of rank 0 as a count and samples ``arange`` of it, of the default integer:
    ``permutation`` takes integer counts alone (a ``TypeError`` for any other), ``choice`` takes ``int()`` of any
    real count (complex: a ``TypeError``). An operand of rank 1 or more gives its own elements: its dtype and weak
    flag. ``choice`` of no draws is ``jnp.zeros(shape, dtype=jnp.asarray(a).dtype)``: the operand's dtype, strong.
    Where the rank or the draws are unknown, the answer the possible ones share (those JAX refuses left out), or
    None when they differ; raises when JAX refuses every possibility."""
    if fn not in RANDOM_ELEMENTS:
        raise ValueError(f"unknown jax.random function of an array's elements {fn!r}; known: permutation, choice")
    name, weak = operand
    kind = lattice.KIND[name]
    own = (lattice.default_name(kind, config.x64) if name in lattice.WEAK_NAMES
           else lattice.canonical_name(name, config.x64))
    count = lattice.default_name("i", config.x64)

    def once(r: int, d: int) -> tuple[str, bool]:
        if r == 0 and fn == "permutation" and kind not in ("i", "u"):
            raise TypeError("x must be an integer or at least 1-dimensional")
        if r == 0 and kind == "c":  # choice reads int() of the count before it counts the draws
            raise TypeError("int() argument must be a string, a bytes-like object or a real number, not 'complex'")
        if fn == "choice" and d == 0:
            return own, False
        return (own, weak) if r > 0 else (count, False)

    ranks = (rank,) if rank is not None else (0, 1)
    counts = (1,) if fn == "permutation" else (draws,) if draws is not None else (0, 1)
    answers: set[tuple[str, bool]] = set()
    refusal: TypeError | None = None
    for r in ranks:
        for d in counts:
            try:
                answers.add(once(r, d))
            except TypeError as e:
                refusal = e
    if not answers:
        assert refusal is not None
        raise refusal
    return answers.pop() if len(answers) == 1 else None


# ---------------------------------------------------------------------------------------------------------------
# jax.nn: each function's result dtype, by its definition in JAX 0.10.2 (jax/_src/nn/functions.py,
# jax/_src/ops/special.py) run over dtypes: every step is one of the rules above (a binary or unary jax.numpy
# function, a reduction) or a lax primitive, so promotion errors, refused dtypes and weak flags fall out as JAX's do

NN_ACTIVATIONS: Final[tuple[str, ...]] = ("relu6", "elu", "leaky_relu", "hard_tanh", "log_sigmoid", "soft_sign",
                                          "selu", "celu", "hard_sigmoid", "hard_silu", "mish", "squareplus",
                                          "sparse_plus", "sparse_sigmoid", "log1mexp", "identity", "glu")
"""The activations of one operand beyond the first ones (each JAX's definition, step by step, in :class:`_NN`);
``elu``, ``celu``, ``leaky_relu`` and ``squareplus`` take a parameter (``alpha``, ``negative_slope``, ``b``: the
``param`` of :func:`nn_result`), ``glu`` an axis."""

NN_PARAMS: Final[dict[str, tuple[str, Operand]]] = {}
"""Each activation's parameter: its name and default (filled below, once ``Operand`` exists)."""

NN_FUNCTIONS: Final[tuple[str, ...]] = ("relu", "gelu", "silu", "sigmoid", "softplus", "softmax", "log_softmax",
                                        "logsumexp", "standardize", "one_hot", *NN_ACTIVATIONS)

_PY_FLOAT: Final = ("float", True)
_PY_INT: Final = ("int", True)
Operand: TypeAlias = tuple[str, bool]
NN_PARAMS.update({"elu": ("alpha", _PY_FLOAT), "celu": ("alpha", _PY_FLOAT),
                  "leaky_relu": ("negative_slope", _PY_FLOAT), "squareplus": ("b", _PY_INT)})


class _NN:
    """The steps of the ``jax.nn`` definitions, over ``(dtype name, weak)`` operands."""

    def __init__(self, config: LatticeConfig, rank0: bool) -> None:
        self.config = config
        self.rank0 = rank0

    def operand(self, x: Operand) -> Operand:
        """An argument as JAX's functions see it: a Python scalar (a weak node) is a weak array of its kind's
        default dtype, a dtype is canonicalized."""
        name, weak = x
        if name in lattice.WEAK_NAMES:
            return lattice.default_name(lattice.KIND[name], self.config.x64), True
        return lattice.canonical_name(name, self.config.x64), weak

    def binary(self, op: str, a: Operand, b: Operand) -> Operand:
        py = tuple(o[0] in lattice.WEAK_NAMES for o in (a, b))
        return binary_result(op, [a, b], self.config, python_scalars=py, rank0=self.rank0)

    def unary(self, fn: str, a: Operand) -> Operand:
        return unary_result(fn, a, self.config, rank0=self.rank0)

    def reduce(self, fn: str, a: Operand) -> Operand:
        return reduction_result(fn, a, None, self.config)

    def join(self, *xs: Operand) -> Operand:
        """``jnp.where``'s promotion of its two values."""
        return lattice.result_node(list(xs), self.config)

    def inexact(self, *xs: Operand) -> Operand:
        """``promote_args_inexact`` of the operands: their join made inexact (1- and 2-bit integers stay), the weak
        flag kept."""
        name, weak = lattice.result_node([self.operand(x) for x in xs], self.config)
        return lattice.canonical_name(to_inexact_name(name), self.config.x64), weak

    def lax_unary(self, fn: str, a: Operand, kinds: str) -> Operand:
        """A lax primitive of one operand of the given kinds, which keeps the operand's type."""
        a = self.operand(a)
        if lattice.KIND[a[0]] not in kinds:
            raise OperandTypeError(f"{fn} does not accept dtype {a[0]}")
        return a

    # Each function: JAX's definition, step by step.

    def relu(self, x: Operand) -> Operand:
        return self.binary("maximum", x, _PY_INT)

    def gelu(self, x: Operand, approximate: bool) -> Operand:
        xa = self.inexact(x)
        const = (xa[0], False)  # np.sqrt(...).astype(x.dtype): a strong numpy scalar
        if approximate:
            cube = binary_result("power", [xa, _PY_INT], self.config, python_scalars=(False, True))
            inner = self.binary("add", xa, self.binary("multiply", _PY_FLOAT, cube))
            cdf = self.binary("multiply", _PY_FLOAT,
                              self.binary("add", _PY_FLOAT, self.unary("tanh", self.binary("multiply", const, inner))))
            return self.binary("multiply", xa, cdf)
        half = self.binary("multiply", _PY_FLOAT, xa)  # 0.5 * x first, as Python evaluates it
        erfc = self.lax_unary("erfc", self.binary("multiply", self.unary("negative", xa), const), "f")
        self.binary("multiply", half, erfc)
        return xa[0], False  # jnp.array(..., dtype=x.dtype)

    def sigmoid(self, x: Operand) -> Operand:
        return self.lax_unary("logistic", x, "fc")

    def silu(self, x: Operand) -> Operand:
        xa = self.operand(x)
        return self.binary("multiply", xa, self.sigmoid(xa))

    def softplus(self, x: Operand) -> Operand:
        return self.binary("logaddexp", x, _PY_INT)

    def softmax(self, x: Operand, where: bool) -> Operand:
        x_max = self.reduce("max", x)
        x_safe = self.join(x, _PY_FLOAT) if where else x
        unnormalized = self.unary("exp", self.binary("subtract", x_safe, x_max))
        result = self.binary("divide", unnormalized, self.reduce("sum", unnormalized))
        return self.join(result, _PY_INT) if where else result

    def log_softmax(self, x: Operand, where: bool) -> Operand:
        x_max = self.reduce("max", x)
        x_safe = self.join(x, _PY_FLOAT) if where else x
        shifted = self.binary("subtract", x_safe, x_max)
        result = self.binary("subtract", shifted, self.unary("log", self.reduce("sum", self.unary("exp", shifted))))
        return self.join(result, _PY_FLOAT) if where else result

    def logsumexp(self, a: Operand, b: Operand | None, where: bool) -> tuple[Operand, Operand]:
        """``(result, sign)``: the sign has the dtype of the sum, the result its real dtype (the complex dtype
        itself when there is no ``b`` and no ``return_sign``; :func:`nn_result` picks)."""
        if where:
            a = self.join(a, _PY_INT)
        if b is not None:
            a = self.join(self.inexact(a, b), _PY_FLOAT)  # where(b != 0, a, -inf)
        else:
            a = self.inexact(a)
        name = a[0]
        if lattice.KIND[name] not in ("f", "c"):  # lax.exp
            raise OperandTypeError(f"exp does not accept dtype {name}")
        return (_COMPLEX_PART.get(name, name), False), (name, False)

    def clip(self, x: Operand, lo: Operand, hi: Operand) -> Operand:
        """``jnp.clip(x, lo, hi)``: ``minimum(hi, maximum(lo, x))``, complex values refused."""
        out = self.binary("minimum", hi, self.binary("maximum", lo, x))
        if lattice.KIND[out[0]] == "c":
            raise OperandValueError("Clip received a complex value either through the input or the min/max "
                                    "keywords")
        return out

    def relu6(self, x: Operand) -> Operand:
        return self.binary("minimum", self.binary("maximum", x, _PY_INT), _PY_FLOAT)

    def elu(self, x: Operand, alpha: Operand) -> Operand:
        self.binary("greater", x, _PY_INT)
        negative = self.binary("multiply", alpha, self.unary("expm1", self.join(_PY_FLOAT, x)))
        return self.join(x, negative)

    def leaky_relu(self, x: Operand, negative_slope: Operand) -> Operand:
        self.binary("greater_equal", x, _PY_INT)
        return self.join(x, self.binary("multiply", negative_slope, x))

    def hard_tanh(self, x: Operand) -> Operand:
        self.binary("greater", x, _PY_INT)
        self.binary("less", x, _PY_INT)
        return self.join(_PY_INT, self.join(_PY_INT, x))

    def log_sigmoid(self, x: Operand) -> Operand:
        return self.unary("negative", self.softplus(self.unary("negative", x)))

    def soft_sign(self, x: Operand) -> Operand:
        return self.binary("divide", x, self.binary("add", self.unary("abs", x), _PY_INT))

    def selu(self, x: Operand) -> Operand:
        return self.binary("multiply", _PY_FLOAT, self.elu(x, _PY_FLOAT))

    def celu(self, x: Operand, alpha: Operand) -> Operand:
        positive = self.binary("maximum", x, _PY_FLOAT)
        scaled = self.binary("divide", self.binary("minimum", x, _PY_FLOAT), alpha)
        return self.binary("add", positive, self.binary("multiply", alpha, self.unary("expm1", scaled)))

    def hard_sigmoid(self, x: Operand) -> Operand:
        return self.binary("divide", self.relu6(self.binary("add", x, _PY_FLOAT)), _PY_FLOAT)

    def hard_silu(self, x: Operand) -> Operand:
        return self.binary("multiply", x, self.hard_sigmoid(x))

    def mish(self, x: Operand) -> Operand:
        return self.binary("multiply", x, self.unary("tanh", self.softplus(x)))

    def squareplus(self, x: Operand, b: Operand) -> Operand:
        y = self.binary("add", x, self.unary("sqrt", self.binary("add", self.unary("square", x), b)))
        return self.binary("divide", y, _PY_INT)

    def sparse_plus(self, x: Operand) -> Operand:
        self.binary("less_equal", x, _PY_FLOAT)
        self.binary("greater_equal", x, _PY_FLOAT)
        quarter = self.binary("divide", self.binary("power", self.binary("add", x, _PY_FLOAT), _PY_INT), _PY_INT)
        return self.join(_PY_FLOAT, self.join(x, quarter))

    def sparse_sigmoid(self, x: Operand) -> Operand:
        return self.binary("multiply", _PY_FLOAT, self.clip(self.binary("add", x, _PY_FLOAT), _PY_FLOAT, _PY_FLOAT))

    def log1mexp(self, x: Operand) -> Operand:
        log2 = unary_result("log", _PY_FLOAT, self.config, rank0=True)  # jnp.log(2.0): a weak rank-0 array
        self.binary("less", x, log2)
        small = self.unary("log", self.unary("negative", self.unary("expm1", self.unary("negative", x))))
        large = self.unary("log1p", self.unary("negative", self.unary("exp", self.unary("negative", x))))
        return self.join(small, large)

    def identity(self, x: Operand) -> Operand:
        return self.operand(x)

    def glu(self, x: Operand) -> Operand:
        return self.binary("multiply", x, self.sigmoid(x))

    def standardize(self, x: Operand, stable: bool) -> Operand:
        mean = self.reduce("mean", x)
        if stable:
            variance = self.reduce("mean", self.unary("square", self.binary("subtract", x, mean)))
        else:
            variance = self.binary("subtract", self.reduce("mean", self.unary("square", x)),
                                   self.unary("square", mean))
            if lattice.KIND[variance[0]] == "c":
                raise OperandValueError("Clip received a complex value either through the input or the min/max "
                                        "keywords")
            variance = self.binary("maximum", _PY_INT, variance)  # jnp.clip(variance, 0)
        scale = self.lax_unary("rsqrt", self.binary("add", variance, _PY_FLOAT), "fc")
        return self.binary("multiply", self.binary("subtract", x, mean), scale)


def nn_result(fn: str, operand: Operand, config: LatticeConfig = LatticeConfig(), *, rank0: bool = False,
              approximate: bool = True, where: bool = False, b: Operand | None = None, return_sign: bool = False,
              stable: bool = False, param: Operand | None = None) -> Operand:
    """The ``(dtype name, weak)`` of ``jax.nn.<fn>(x)`` for ``fn`` in :data:`NN_FUNCTIONS` but ``one_hot``
    (:func:`nn_one_hot_result`). ``operand`` is ``x``'s ``(dtype name, weak)`` (a weak node for a Python scalar);
    ``rank0`` says ``x`` has rank 0 (Python scalars always have), which decides the weak flag of the steps that meet
    numpy constants; ``approximate`` is ``gelu``'s, ``where`` says a ``where=`` mask is given (``softmax``,
    ``log_softmax``, ``logsumexp``), ``b`` is ``logsumexp``'s ``b`` operand, ``return_sign`` whether it returns the
    sign too (whose dtype :func:`nn_sign_result` gives), ``stable`` that ``standardize`` uses the two-pass
    variance, ``param`` the parameter of an activation that has one (:data:`NN_PARAMS`; None: its default).
    Raises the error classes JAX raises: :class:`lattice.TypePromotionError` where a step promotes what cannot be
    promoted, :class:`OperandTypeError` where a step refuses the dtype, :class:`OperandValueError` (``logaddexp`` of
    1- and 2-bit integers, ``standardize`` of complex numbers, ``sparse_sigmoid``'s clip of complex numbers)."""
    nn = _NN(config, rank0 or operand[0] in lattice.WEAK_NAMES)
    if fn in ("relu", "sigmoid", "silu", "softplus") or (fn in NN_ACTIVATIONS and fn not in NN_PARAMS):
        out: Operand = getattr(nn, fn)(operand)
        return out
    if fn in NN_PARAMS:
        given: Operand = NN_PARAMS[fn][1] if param is None else param
        out = getattr(nn, fn)(operand, given)
        return out
    if fn == "standardize":
        return nn.standardize(operand, stable)
    if fn == "gelu":
        return nn.gelu(operand, approximate)
    if fn in ("softmax", "log_softmax"):
        return nn.softmax(operand, where) if fn == "softmax" else nn.log_softmax(operand, where)
    if fn == "logsumexp":
        real, full = nn.logsumexp(operand, b, where)
        return real if return_sign else full
    raise ValueError(f"unknown jax.nn function {fn!r}; known: {', '.join(NN_FUNCTIONS)}")


NN_STATIC: Final[tuple[str, ...]] = ("relu", "sigmoid", "silu", "softplus", "gelu", "softmax", "log_softmax",
                                     "standardize", "logsumexp", *(f for f in NN_ACTIVATIONS if f != "glu"))
"""The ``jax.nn`` functions whose dtype a type checker can give from their operand's alone
(:func:`nn_static_result`): the activations of one operand, and those whose other arguments do not decide the dtype
as long as they are left out or dtype-neutral (``gelu``'s ``approximate``, an ``axis``, a ``where`` mask,
``standardize``'s ``algorithm`` and a Python-float ``epsilon``; ``logsumexp`` without ``b`` and ``return_sign``)."""

NN_STATIC_VARIANTS: Final[dict[str, tuple[dict[str, bool], ...]]] = {
    "gelu": ({"approximate": True}, {"approximate": False}),
    "softmax": ({"where": False}, {"where": True}),
    "log_softmax": ({"where": False}, {"where": True}),
    "logsumexp": ({"where": False}, {"where": True}),
    "standardize": ({"stable": False}, {"stable": True}),
}
"""The settings of the dtype-neutral arguments a static answer must hold for (besides the operand's rank)."""


NN_STATIC_PARAMS: Final[dict[str, tuple[Operand | None, ...]]] = {
    fn: (None, _PY_INT, ("bool", False)) for fn in ("elu", "celu")}
"""The parameters a static answer must hold for besides the default (``None``): the stubs type ``elu``'s and
``celu``'s ``alpha`` as a Python ``float``, which every checker lets an ``int`` or a ``bool`` pass for."""


def nn_static_result(fn: str, operand: Operand, config: LatticeConfig = LatticeConfig()) -> Operand | None:
    """:func:`nn_result` of ``fn`` (one of :data:`NN_STATIC`) for an operand of any rank, with any setting of its
    dtype-neutral arguments (:data:`NN_STATIC_VARIANTS`): the answer when they all give the same one, None where the
    rank or a setting decides (``softplus`` of a weak complex array: weak at rank 0 only). Raises what
    :func:`nn_result` raises where every one raises."""
    if fn not in NN_STATIC:
        raise ValueError(f"{fn!r} is not a jax.nn function typed by its operand alone; known: {', '.join(NN_STATIC)}")
    answers: list[Operand | Exception] = []
    for rank0, param in itertools.product((False, True), NN_STATIC_PARAMS.get(fn, (None,))):
        for variant in NN_STATIC_VARIANTS.get(fn, ({},)):
            try:
                answers.append(nn_result(fn, operand, config, rank0=rank0,
                                         approximate=variant.get("approximate", True),
                                         where=variant.get("where", False), stable=variant.get("stable", False),
                                         param=param))
            except (lattice.TypePromotionError, OperandTypeError, OperandValueError, OperandOverflowError,
                    OperandNotImplementedError) as e:
                answers.append(e)
    return _agreed(answers)


_T = TypeVar("_T")


def _agreed(answers: Sequence[_T | Exception]) -> _T | None:
    """The answer every variant of a call gives; None (gradual) where they differ or some raise; the first
    exception where all raise."""
    results = [a for a in answers if not isinstance(a, Exception)]
    if not results:  # every answer is an exception
        first = answers[0]
        assert isinstance(first, Exception)
        raise first
    if len(results) < len(answers):
        return None
    return results[0] if all(a == results[0] for a in results) else None


def nn_sign_result(operand: Operand, config: LatticeConfig = LatticeConfig(), *, where: bool = False,
                   b: Operand | None = None) -> Operand:
    """The ``(dtype name, weak)`` of the sign ``jax.nn.logsumexp(a, b=b, return_sign=True)`` returns: the dtype of
    the sum (complex for complex operands), strong."""
    return _NN(config, False).logsumexp(operand, b, where)[1]


def nn_one_hot_result(operand: str, dtype: str | None = None, config: LatticeConfig = LatticeConfig()) -> Operand:
    """The ``(dtype name, weak)`` of ``jax.nn.one_hot(x, n, dtype=dtype)``: ``dtype`` canonicalized (a weak node
    stands for its kind's default dtype; None for the default float), strong. ``x`` (its dtype name ``operand``)
    may be of any dtype but bool (its ``iota`` refuses bool: :class:`OperandTypeError`)."""
    x = lattice.default_name(lattice.KIND[operand], config.x64) if operand in lattice.WEAK_NAMES else operand
    if lattice.KIND[x] == "b":
        raise OperandTypeError("one_hot compares with an iota of the operand's dtype, and iota does not accept bool")
    if dtype is None:
        return lattice.default_name("f", config.x64), False
    if dtype in lattice.WEAK_NAMES:
        return lattice.default_name(lattice.KIND[dtype], config.x64), False
    return lattice.canonical_name(dtype, config.x64), False


# ---------------------------------------------------------------------------------------------------------------
# jax.lax: the dtype rules of the primitives arraytyping.lax exposes beyond one dtype in, the same out

LAX_UNARY_KINDS: Final[Mapping[str, str]] = MappingProxyType({
    "neg": "iufc", "sign": "iufc", "square": "iufc", "floor": "f", "ceil": "f", "round": "f", "cbrt": "f",
    "exp": "fc", "exp2": "fc", "expm1": "fc", "log": "fc", "log1p": "fc", "sqrt": "fc", "rsqrt": "fc",
    "logistic": "fc", "sin": "fc", "cos": "fc", "tan": "fc", "tanh": "fc", "asin": "fc", "acos": "fc", "atan": "fc",
    "sinh": "fc", "cosh": "fc", "asinh": "fc", "acosh": "fc", "atanh": "fc", "bitwise_not": "biu",
    "erf": "f", "erfc": "f", "erf_inv": "f", "lgamma": "f", "digamma": "f",
    "broadcast_in_dim": "biufc", "dynamic_slice": "biufc"})
"""The ``jax.lax`` functions of one array operand that keep its dtype and weak flag, by the dtype kinds they accept
(JAX's ``standard_unop(_float | _complex, ...)``: ``"fc"``; ``_num``: ``"iufc"``; ``bitwise_not``'s primitive is
``not``, of ``_bool_or_int``). The runtime's primitives check these same kinds. ``broadcast_in_dim`` and
``dynamic_slice`` take any dtype: their other arguments are a shape and start indices, which change the shape alone
(JAX's weak-type rule for them is the operand's: ``_argnum_weak_type(0)``)."""


def lax_unary_result(fn: str, operand: Operand, config: LatticeConfig = LatticeConfig()) -> Operand:
    """The ``(dtype name, weak)`` of ``jax.lax.<fn>(x)`` for ``fn`` in :data:`LAX_UNARY_KINDS`: ``x``'s own (a
    Python scalar, a weak node, is a weak array of its kind's default dtype; a dtype is canonicalized), or
    :class:`OperandTypeError` for a dtype of a kind the primitive refuses (``lax.erf`` of an integer, of a Python
    ``int``). Never promotes."""
    if fn not in LAX_UNARY_KINDS:
        raise ValueError(f"unknown jax.lax function of one operand {fn!r}; known: {', '.join(LAX_UNARY_KINDS)}")
    return _NN(config, True).lax_unary(fn, operand, LAX_UNARY_KINDS[fn])


LAX_SAME_KINDS: Final[Mapping[str, str]] = MappingProxyType({
    "add": "iufc", "mul": "iufc", "max": "biufc", "min": "biufc", "clamp": "biufc",
    "pad": "biufc", "dynamic_update_slice": "biufc", "conv_general_dilated": "biufc", "select": "biufc",
    "sub": "iufc", "div": "iufc", "rem": "iuf", "atan2": "fc", "nextafter": "f", "bitwise_and": "biu",
    "bitwise_or": "biu", "bitwise_xor": "biu", "shift_left": "iu", "shift_right_logical": "iu",
    "shift_right_arithmetic": "iu"})
"""The ``jax.lax`` primitives of operands of one dtype (no promotion), by the dtype kinds they accept (JAX's
``standard_naryop([_num, _num], 'add')``: ``"iufc"``; ``max``, ``min`` and ``clamp`` take any dtype; ``pad``'s
operands are ``(operand, padding_value)``, ``dynamic_update_slice``'s ``(operand, update)``,
``conv_general_dilated``'s ``(lhs, rhs)`` without a ``preferred_element_type``, ``select``'s ``(on_true,
on_false)`` after its predicate, each checked by JAX's ``check_same_dtypes``)."""

LAX_INDEXED: Final = frozenset({"dynamic_update_slice"})
"""The :data:`LAX_SAME_KINDS` functions whose start indices, strong integer arrays once converted, are operands of
the primitive too: JAX's n-ary weak-type rule wants every operand weak, so the result is weak only for a 0-d
operand (no indices), and its weak flag unknown to a rule that does not see the rank."""


def lax_same_result(fn: str, operands: Sequence[Operand], config: LatticeConfig = LatticeConfig()) -> Operand | None:
    """The ``(dtype name, weak)`` of ``jax.lax.<fn>(*operands)`` for ``fn`` in :data:`LAX_SAME_KINDS` (``clamp``'s
    operands in its order ``(min, x, max)``): the operands' one dtype, weak when every operand is (JAX's n-ary
    weak-type rule); ``None`` (unknown) for :data:`LAX_INDEXED`'s when every operand is weak, strong otherwise. Each operand is canonicalized first, a Python scalar (a weak node) being a weak array of its
    kind's default dtype, so ``lax.add(x_f32, 2.0)`` is ``float32`` with x64 off and refused with it on.
    :class:`OperandTypeError` for a dtype of a kind the primitive refuses (JAX checks each position first) and for
    operands of two dtypes (``lax.add requires arguments to have the same dtypes``). Never promotes."""
    if fn not in LAX_SAME_KINDS:
        raise ValueError(f"unknown jax.lax function of operands of one dtype {fn!r}; known: "
                         f"{', '.join(LAX_SAME_KINDS)}")
    nn = _NN(config, True)
    seen = [nn.operand(o) for o in operands]
    for i, (name, _) in enumerate(seen):
        if lattice.KIND[name] not in LAX_SAME_KINDS[fn]:
            raise OperandTypeError(f"{fn} does not accept dtype {name} at position {i}")
    if len({name for name, _ in seen}) > 1:
        raise OperandTypeError(f"lax.{fn} requires arguments to have the same dtypes, got "
                               f"{', '.join(name for name, _ in seen)}.")
    weak = all(w for _, w in seen)
    if fn in LAX_INDEXED:
        return None if weak else (seen[0][0], False)
    return seen[0][0], weak


LAX_TOP_K_KINDS: Final = "biuf"
"""The dtype kinds ``jax.lax.top_k`` sorts (complex refused: JAX's ``ValueError``)."""


def lax_top_k_result(operand: Operand, config: LatticeConfig = LatticeConfig()) -> tuple[Operand, Operand]:
    """The ``(values, indices)`` types of ``jax.lax.top_k(x, k)``: ``x``'s own (a Python scalar, a weak node, is a
    weak array of its kind's default dtype; a dtype is canonicalized) and ``int32`` indices, weakly typed when
    ``x`` is (JAX 0.10.2 gives them the operand's weak flag); :class:`OperandValueError` for a complex ``x``."""
    try:
        values = _NN(config, True).lax_unary("top_k", operand, LAX_TOP_K_KINDS)
    except OperandTypeError:
        raise OperandValueError("top_k is not compatible with complex inputs.") from None
    return values, ("int32", values[1])


def lax_top_k_static_result(operand: Operand, config: LatticeConfig = LatticeConfig()
                            ) -> tuple[Operand | None, Operand | None]:
    """:func:`lax_top_k_result` for a type checker, where a field it cannot write is None, unknown: a weakly typed
    bool array (JAX's comparison of weakly typed operands, ``equal(2.0, w)``) is not told from a strong one, so a
    field whose answer differs between the two (the indices' weak flag) is unknown; and a weak type stands for its
    kind's default dtype, so weak ``int32`` indices with x64 (where the default integer is ``int64``) are too."""
    def static(f: Operand) -> Operand:  # what a checker sees: a bool's weak flag is not
        return f[0], f[1] and f[0] != lattice.BOOL

    values, indices = (static(f) for f in lax_top_k_result(operand, config))
    other = [static(f) for f in lax_top_k_result((operand[0], not operand[1]), config)] \
        if operand[0] == lattice.BOOL else [values, indices]

    def known(f: Operand, g: Operand) -> Operand | None:
        default = f[0] == lattice.BOOL or lattice.default_name(lattice.KIND[f[0]], config.x64) == f[0]
        return f if f == g and (default or not f[1]) else None
    return known(values, other[0]), known(indices, other[1])


def lax_reduce_window_result(operand: Operand, config: LatticeConfig = LatticeConfig()) -> Operand | None:
    """The ``(dtype name, weak)`` of ``jax.lax.reduce_window(x, init_value, computation, ...)`` of one array ``x``
    where JAX runs it: ``x``'s own dtype, canonicalized (JAX requires the computation's values and the initial value
    of that dtype, or converts them to it for ``add``, ``max`` and ``min`` of their identity). ``None`` (unknown) for
    a weak ``x``: the monoid reductions keep the weak flag and a traced computation decides it. A computation or
    initial value JAX refuses (``add`` on bools) is not seen here."""
    name, weak = _NN(config, True).operand(operand)
    return None if weak else (name, False)


LAX_DTYPE_GIVEN: Final[Mapping[str, tuple[str, str]]] = MappingProxyType({
    "convert_element_type": ("new_dtype", "biufc"), "iota": ("dtype", "iufc")})
"""The ``jax.lax`` functions whose result dtype is the one an argument names, by that parameter and the dtype kinds
it may name (``iota`` refuses bool)."""


def lax_dtype_result(fn: str, dtype: str, config: LatticeConfig = LatticeConfig(), *,
                     python_complex: bool = False) -> str:
    """The result dtype of ``jax.lax.<fn>`` for ``fn`` in :data:`LAX_DTYPE_GIVEN` when its dtype parameter names
    ``dtype`` (a dtype name, or a weak node for a Python type: its kind's default): canonicalized, strongly typed
    whatever the operand; :class:`OperandTypeError` for a kind the function refuses (``iota(bool, 3)``) and for a
    Python ``complex`` operand (``python_complex``) converted to a dtype that is not complex (numpy's "can't
    convert complex", as JAX raises; a complex array converts, dropping the imaginary part)."""
    if fn not in LAX_DTYPE_GIVEN:
        raise ValueError(f"unknown jax.lax function of a given dtype {fn!r}; known: {', '.join(LAX_DTYPE_GIVEN)}")
    name = _NN(config, True).operand((dtype, True))[0]
    if lattice.KIND[name] not in LAX_DTYPE_GIVEN[fn][1]:
        raise OperandTypeError(f"{fn} does not accept dtype {name}. Accepted dtypes are subtypes of integer, "
                               "floating, complexfloating.")
    if python_complex and lattice.KIND[name] != "c":
        raise OperandTypeError(f"can't convert complex to {name}")
    return name


def integer_pow_kinds(y: int) -> str:
    """The dtype kinds ``jax.lax.integer_pow(x, y)`` accepts: numbers, but an integer takes no negative power
    (JAX's ``_integer_pow_dtype_rule``; bool never)."""
    return "iufc" if y >= 0 else "fc"


def integer_pow_result(operand: Operand, y: int, config: LatticeConfig = LatticeConfig()) -> Operand:
    """The ``(dtype name, weak)`` of ``jax.lax.integer_pow(x, y)``: ``x``'s own, as :func:`lax_unary_result`, for
    the kinds of :func:`integer_pow_kinds` (:class:`OperandTypeError` otherwise)."""
    out = _NN(config, True).lax_unary("integer_pow", operand, integer_pow_kinds(0))
    if lattice.KIND[out[0]] not in integer_pow_kinds(y):
        raise OperandTypeError(f"integer_pow of an integer array ({out[0]}) to a negative power ({y})")
    return out


_FP8_NAMES: Final = frozenset({"float8_e4m3fn", "float8_e5m2", "float8_e5m2fnuz", "float8_e4m3fnuz", "float8_e3m4",
                               "float8_e4m3", "float8_e8m0fnu"})


def dot_general_result(lhs: str, rhs: str, preferred: str | None = None) -> str:
    """The result dtype of ``lax.dot_general(lhs, rhs, ..., preferred_element_type=preferred)`` (and of
    ``lax.conv_general_dilated``'s operands, which must agree): XLA's ``HigherPrecisionType`` of the operand
    dtypes (two different dtypes of equal rank are refused: :class:`OperandTypeError`), then ``preferred`` unless
    it is narrower than a non-float result (:class:`OperandTypeError`). Weak when both operands are."""
    if _dot_rank(lhs) > _dot_rank(rhs):
        result = lhs
    elif _dot_rank(rhs) > _dot_rank(lhs):
        result = rhs
    elif lhs != rhs:
        raise OperandTypeError(f"lax.dot_general argument type error: {lhs}, {rhs}")
    else:
        result = lhs
    if preferred is None or preferred == result:
        return result
    if lattice.KIND[result] != "f" and _bit_width(preferred) < _bit_width(result):
        raise OperandTypeError(f"`preferred_element_type` must not be narrower than the original type, got "
                               f"preferred_element_type of {preferred} for result type of {result}.")
    return preferred


def lax_dot_general_result(lhs: Operand, rhs: Operand, config: LatticeConfig = LatticeConfig(),
                           preferred: str | None = None) -> Operand:
    """The ``(dtype name, weak)`` of ``jax.lax.dot_general(lhs, rhs, ..., preferred_element_type=preferred)`` for
    operands as the type rules see them: each canonicalized, a Python scalar (a weak node) a weak array of its kind's
    default dtype, then :func:`dot_general_result` of their dtypes (``preferred`` canonicalized too), weak when both
    operands are (whatever ``preferred``: JAX's n-ary weak-type rule). Never promotes by the lattice."""
    nn = _NN(config, True)
    (a, a_weak), (b, b_weak) = nn.operand(lhs), nn.operand(rhs)
    want = None if preferred is None else nn.operand((preferred, False))[0]
    return dot_general_result(a, b, want), a_weak and b_weak


def dot_general_converts_operands(lhs: str, rhs: str) -> bool:
    """Whether JAX's CPU lowering of ``dot_general`` converts both operands to the result dtype first (operands of
    two dtypes, unless both are float8)."""
    return lhs != rhs and not (lhs in _FP8_NAMES and rhs in _FP8_NAMES)


# ---------------------------------------------------------------------------------------------------------------
# jax.numpy.fft

FFT_FUNCTIONS: Final[Mapping[str, Literal["complex", "real_input", "real_output"]]] = MappingProxyType({
    "fft": "complex", "ifft": "complex", "fft2": "complex", "ifft2": "complex", "fftn": "complex",
    "ifftn": "complex", "rfft": "real_input", "rfft2": "real_input", "rfftn": "real_input", "ihfft": "real_input",
    "irfft": "real_output", "irfft2": "real_output", "irfftn": "real_output", "hfft": "real_output"})
"""Each transform's kind: ``complex`` (complex in and out: the operand's complex dtype), ``real_input`` (``rfft*``,
``ihfft``: a real operand, made inexact, gives its complex dtype; complex operands are refused with a
``ValueError``), ``real_output`` (``irfft*``, ``hfft``: the operand's complex dtype in, its real dtype out)."""

FFT_RANK_DEPENDENT: Final = frozenset({"rfftn", "irfftn"})
"""The transforms whose dtype :func:`fft_result` answers only where they transform at least one axis: over none (a
0-d operand, ``axes=()``) JAX 0.10.2's ``rfftn`` returns the operand made inexact (real) and ``irfftn`` made complex,
so the stubs and the plugin leave these two gradual (``Array[Any]``)."""

_TO_COMPLEX: Final[Mapping[str, str]] = MappingProxyType({"float64": "complex128", "complex128": "complex128"})


def fft_operand_name(name: str) -> str:
    """JAX's ``to_complex_dtype``: complex128 for float64 and complex128, complex64 for everything else."""
    return _TO_COMPLEX.get(to_inexact_name(name), "complex64")


def fft_result(fn: str, operand: Operand, config: LatticeConfig = LatticeConfig()) -> Operand:
    """The ``(dtype name, weak)`` of ``jax.numpy.fft.<fn>(a)`` for ``fn`` in :data:`FFT_FUNCTIONS` (never weak:
    ``lax.fft`` converts its operand to a strong dtype; a Python scalar operand is a weak node). Raises :class:`OperandValueError` for a complex ``rfft``
    operand and where XLA has no transform for the dtype."""
    name = operand[0]
    if name in lattice.WEAK_NAMES:
        name = lattice.default_name(lattice.KIND[name], config.x64)
    name = lattice.canonical_name(name, config.x64)
    kind = FFT_FUNCTIONS[fn]
    if kind == "real_input":
        if lattice.KIND[name] == "c":
            raise OperandValueError("only real valued inputs supported for rfft")
        real = lattice.canonical_name(to_inexact_name(name), config.x64)
        if real not in ("float32", "float64"):
            raise OperandValueError(f"RFFT input must be float32 or float64, got {real}")
        return ("complex128" if real == "float64" else "complex64"), False
    out = fft_operand_name(name)
    if kind == "real_output":
        return _COMPLEX_PART[out], False
    return out, False


def fftfreq_result(dtype: str | None = None, config: LatticeConfig = LatticeConfig()) -> str:
    """The dtype of ``jax.numpy.fft.fftfreq(n, d, dtype=dtype)``: ``dtype`` (canonical) or the default float."""
    if dtype is None:
        return lattice.default_name("f", config.x64)
    if dtype in lattice.WEAK_NAMES:
        return lattice.default_name(lattice.KIND[dtype], config.x64)
    return lattice.canonical_name(dtype, config.x64)


def rfftfreq_result(dtype: str | None = None, config: LatticeConfig = LatticeConfig()) -> str:
    """The dtype of ``jax.numpy.fft.rfftfreq(n, d, dtype=dtype)``: an ``arange`` of ``dtype`` (canonical; by default
    the default float) divided by an array of ``dtype``, so ``true_divide``'s dtype of two strong ``dtype`` operands
    (an integer ``dtype`` gives a float). Raises :class:`OperandTypeError` for ``bool`` (``arange`` refuses it)."""
    name = fftfreq_result(dtype, config)
    if name == "bool":
        raise OperandTypeError("arange does not support dtype=bool")
    return binary_result("true_divide", [(name, False), (name, False)], config)[0]


def fftfreq_compute_name(dtype: str) -> str:
    """The dtype ``fftfreq`` computes in: the real dtype of ``to_inexact_dtype(dtype)`` (``finfo(...).dtype``)."""
    name = to_inexact_name(dtype)
    return _COMPLEX_PART.get(name, name)


# ---------------------------------------------------------------------------------------------------------------
# Shape, joining, indexing, selection and sorting functions


ShapeFamily: TypeAlias = Literal["same", "gather", "unique", "promote", "promote_real", "index", "int32"]

SHAPE: Final[Mapping[str, ShapeFamily]] = MappingProxyType({
    **{fn: "same" for fn in (
        "reshape", "ravel", "transpose", "swapaxes", "moveaxis", "expand_dims", "squeeze", "broadcast_to",
        "broadcast_arrays", "atleast_1d", "atleast_2d", "atleast_3d", "flip", "rot90", "roll", "tile", "repeat",
        "split", "array_split", "pad", "take_along_axis", "diagonal", "triu", "tril", "sort", "fliplr", "flipud",
        "permute_dims", "matrix_transpose", "rollaxis", "unstack", "hsplit", "vsplit", "dsplit", "resize",
        "delete")},
    "getitem": "gather",
    "take": "gather",
    "unique": "unique",
    **{fn: "promote" for fn in ("concatenate", "concat", "stack", "vstack", "hstack", "dstack", "column_stack",
                                "where", "select", "diff", "append")},
    "clip": "promote_real",
    "argsort": "index",
    "nonzero": "index",
    "argwhere": "index",
    "flatnonzero": "index",
    "searchsorted": "int32",
    "digitize": "int32",
})
"""Each shape, joining, indexing, selection and sorting function's dtype rule (JAX 0.10.2, ``lax_numpy.py``,
``indexing.py``, ``sorting.py``, ``setops.py``):

* ``same``: the operand's dtype and weak flag pass through (reshapes, ``rev``, ``slice``, ``gather``, ``sort``...;
  ``pad``'s constant is converted to the operand's dtype, ``x.at[...]`` converts its result back; ``resize`` tiles
  the flattened operand or takes ``zeros_like`` of it, ``delete`` indexes it, except that one index concatenates
  the slices around it: ``concatenate``'s rule of the operand with itself, which in strict mode makes a weak dtype
  its kind's default and a weak bool strong, the same static class);
* ``gather``: ``getitem`` (``x[i]``) and ``take``: the indexed array's dtype and weak flag (its first operand);
  the further operands are the index arrays, whose dtypes are checked as JAX does: ``getitem`` takes integer and
  bool indices (a bool array is a mask) and refuses others (``TypeError``); ``take`` first normalizes negative
  indices with ``where(i < 0, i + n, i)``, which promotes them with a Python int (in strict mode a bool index has
  no promotion path: ``TypePromotionError``; in standard mode it becomes an int32), and its ``gather`` refuses
  inexact indices (``ValueError``);
* ``unique``: the operand's dtype; weakly typed only where nothing strong meets it: complex operands have their
  NaNs replaced by a strong constant (``where(isnan(x), nan, x)``) and a ``fill_value`` (a second operand, of any
  dtype: it is converted to the result's with ``astype``) pads the result with ``where``, both strong;
* ``promote``: every operand (for ``where`` the two value operands, for ``select`` the default and the choices,
  for ``diff`` the array and its ``prepend``/``append``) promoted together with ``promote_dtypes``: the lattice's
  join, weakly typed when the join is a weak node (a ``bool`` never is); ``diff`` then subtracts the join from
  itself (``x - x``: in strict promotion a weak array becomes its kind's default weak dtype) or compares bool
  neighbours with ``!=`` (a strong bool); with ``n=0`` it returns the array as it is, which this rule does not
  describe; ``select``'s default is ``0`` when the call leaves it out, a weakly typed int, so bool
  choices give a weak int; with ``dtype=`` (``concatenate``, ``stack``, ``vstack``, ``hstack``), that dtype,
  strong;
* ``promote_real``: ``clip``: the operand alone passes through (``asarray``); with bounds, ``maximum(min, x)`` then
  ``minimum(max, ...)`` promote them together (the join again: a Python-scalar bound is weak, so ``clip(b, 1, 3)``
  of a bool array is a weak int); a complex operand or bound is refused first (``ValueError``: complex numbers
  have no order);
* ``index``: ``argsort``, ``nonzero``: the default integer dtype (``unique``'s ``return_index``/``inverse``/
  ``counts`` too); ``argsort``'s ``dtype=``, that dtype (``lax.iota``'s: bool refused);
* ``int32``: ``searchsorted`` (``int_dtype_for_dim`` of the searched axis: int32 below 2**31 elements); its
  operands, the sorted array then the values, are promoted together first (where they do not promote:
  ``TypePromotionError``); ``digitize(x, bins)`` searches ``bins`` for ``x`` (the operands here: ``x``, then
  ``bins``), so likewise, except that empty ``bins`` give int32 zeros without promoting.
"""
SHAPE_FUNCTIONS: Final[tuple[str, ...]] = tuple(SHAPE)


def shape_result(fn: str, operands: Sequence[tuple[str, bool]], config: LatticeConfig = LatticeConfig(),
                 dtype: str | None = None, *, square_matrix: bool = False) -> tuple[str, bool]:
    """The ``(dtype name, weak)`` of the (first) result of ``jax.numpy.<fn>`` for ``fn`` in :data:`SHAPE`, given its
    operands' ``(dtype name, weak)`` pairs (weak nodes ``int``/``float``/``complex`` for Python scalars, ``bool``
    with ``False`` for a Python bool) and its ``dtype=`` argument. The operands are, in order: the array, then
    (``getitem``, ``take``) the index arrays or (``unique``) the ``fill_value``; ``searchsorted``'s sorted array,
    then the values; every argument the ``promote`` families promote, Python scalars included: ``clip``'s bounds,
    ``select``'s default (``("int", True)`` when the call leaves it out). Raises :class:`lattice.TypePromotionError`
    where the operands do not promote, :class:`OperandTypeError` (``getitem``) and :class:`OperandValueError`
    (``take``) for an index of a dtype that cannot index, and :class:`OperandValueError` for a complex operand of
    ``clip``. ``square_matrix``: the operand of ``diagonal`` (one of :data:`SQUARE_MATRIX_FUNCTIONS`) is a square
    matrix and the offset 0 (JAX stages a ``platform_dependent`` mask-and-sum then, whose strong result type the
    gather's takes: :func:`square_diagonal`)."""
    try:
        family = SHAPE[fn]
    except KeyError:
        raise ValueError(f"unknown shape function {fn!r}; known: {', '.join(SHAPE_FUNCTIONS)}") from None
    if family == "gather":
        for index in operands[1:]:
            _check_index(fn, index, config)
        return _unary_operand(operands[0], config)
    if family == "unique":
        name, weak = _unary_operand(operands[0], config)
        return name, weak and len(operands) == 1 and lattice.KIND[name] != "c"
    if family == "promote_real":
        complex_operands = [n for n, _ in operands if lattice.KIND.get(n) == "c"]
        if complex_operands:
            raise OperandValueError(f"{fn} received a complex operand ({complex_operands[0]}): complex numbers have "
                                    f"no order; take the real or imaginary part first")
    if family == "index":
        if dtype is not None:  # argsort(x, dtype=...): its indices are a lax.iota of that dtype
            return lax_dtype_result("iota", dtype, config), False
        return lattice.default_name("i", config.x64), False
    if family == "int32":
        if len(operands) > 1:
            lattice.result_node(operands, config)  # searchsorted and digitize promote their operands first
        return "int32", False
    if dtype is not None:
        if dtype in lattice.WEAK_NAMES:
            dtype = lattice.default_name(lattice.KIND[dtype], config.x64)
        return lattice.canonical_name(dtype, config.x64), False
    if fn == "diff":  # the joined array's neighbours subtracted (x - x: strict promotion widens a weak array)
        joined = lattice.result_node(operands, config) if len(operands) > 1 else _unary_operand(operands[0], config)
        if joined[0] == lattice.BOOL:  # bool neighbours are compared with !=: a strong bool
            return lattice.BOOL, False
        return binary_result("subtract", [joined, joined], config)
    if family == "same" or len(operands) == 1:
        name, weak = _unary_operand(operands[0], config)
        return square_diagonal(name, weak) if square_matrix and fn in SQUARE_MATRIX_FUNCTIONS else (name, weak)
    return lattice.result_node(operands, config)


SQUARE_MATRIX_FUNCTIONS: Final[tuple[str, ...]] = ("diagonal", "diag")
"""The functions whose result type depends on whether their operand is a square matrix (and the offset 0):
``diagonal`` (:func:`shape_result`'s ``square_matrix``) and ``diag`` of a matrix (:func:`creation_result`'s)."""


def square_diagonal(name: str, weak: bool) -> tuple[str, bool]:
    """The ``(dtype name, weak)`` of ``jnp.diagonal(a)`` (offset 0) of a square 2-d ``a`` of dtype ``name``
    (canonical): JAX 0.10.2 stages ``platform_dependent(a, default=<gather>, mosaic=<sum(eye(n, dtype=a.dtype) *
    a, axis=0)>)`` for any dtype but bool, and a ``cond``'s result has its first branch's type: strong."""
    return name, weak and name == lattice.BOOL


def _check_index(fn: str, index: tuple[str, bool], config: LatticeConfig) -> None:
    """Raise JAX's error for an index array of ``index``'s dtype given to ``fn`` (``getitem`` or ``take``)."""
    name, _ = _unary_operand(index, config)
    if fn == "take":
        try:
            lattice.result_node([index, ("int", True)], config)
        except lattice.TypePromotionError as e:
            raise lattice.TypePromotionError(
                f"take: indices of dtype {name} do not promote with the Python int that moves negative indices "
                f"(where(i < 0, i + n, i)): {e}", e.nodes, e.config) from None
        if lattice.KIND[name] not in ("b", "i", "u"):
            raise OperandValueError(f"take: indices must have an integer type; got indices of dtype {name}")
    elif lattice.KIND[name] not in ("b", "i", "u"):
        raise OperandTypeError(f"getitem: indexers must have an integer or boolean type; got an index of dtype "
                               f"{name}")


# ---------------------------------------------------------------------------------------------------------------
# compress, choose and Array.view


def compress_result(operand: tuple[str, bool], config: LatticeConfig = LatticeConfig(), *,
                    sized: bool = False) -> tuple[str, bool]:
    """The ``(dtype name, weak)`` of ``jnp.compress(condition, a, ...)`` (and ``a.compress(condition, ...)``) for
    ``a`` of ``operand``: a boolean mask (``a[condition]``) keeps ``a``'s dtype and weak flag; with ``size=``
    (``sized``) JAX 0.10.2 pads with ``where(mask, a, array(fill_value, dtype=a.dtype))``, whose fill is a strong
    array of ``a``'s dtype: the result is strong (the fill value's own dtype never matters: it is converted)."""
    name, weak = _unary_operand(operand, config)
    return name, weak and not sized


def choose_result(index: tuple[str, bool], choices: Sequence[tuple[str, bool]],
                  config: LatticeConfig = LatticeConfig()) -> tuple[str, bool]:
    """The ``(dtype name, weak)`` of ``jnp.choose(a, choices)`` (and ``a.choose(choices)``): ``a`` must be of an
    integer dtype (JAX's ``ValueError``, :class:`OperandValueError`: bool and Python floats too); the choices are
    stacked with ``jnp.array(choices)``, whose dtype is the lattice join of them all, canonicalized, and strong (an
    array built from a list is never weakly typed): ``choose(i, [1, 2])`` is the default integer, strong. Raises
    :class:`lattice.TypePromotionError` where the choices do not promote (strict mode). No choices: ``jnp.array([])``
    is the default float (JAX then fails on the index values)."""
    name, _ = _unary_operand(index, config)
    if lattice.KIND[name] not in ("i", "u"):
        raise OperandValueError("`a` array must be integer typed")
    if not choices:
        return lattice.default_name("f", config.x64), False
    joined, _ = lattice.result_node(choices, config)
    if joined in lattice.WEAK_NAMES:
        joined = lattice.default_name(lattice.KIND[joined], config.x64)
    return lattice.canonical_name(joined, config.x64), False


def item_bits(name: str) -> int:
    """The bits of one element of dtype ``name`` as ``Array.view`` counts them (JAX's ``dtypes.itemsize_bits``):
    bool is 8, the sub-byte integers and floats their own width (4, 2, 1...), a complex number two of its part."""
    if name == lattice.BOOL:
        return 8
    if lattice.KIND[name] == "c":
        return 2 * _bit_width(name)
    return _bit_width(name)


def view_result(operand: tuple[str, bool], dtype: str | None, config: LatticeConfig = LatticeConfig()
                ) -> tuple[str, bool]:
    """The ``(dtype name, weak)`` of ``a.view(dtype)`` for ``a`` of ``operand``: ``dtype`` canonicalized (a weak
    name, the Python class ``int``/``float``/``complex``, is its kind's default); JAX 0.10.2 returns ``a`` itself
    when that is ``a``'s own dtype (or ``dtype`` is None), keeping its weak flag, and otherwise a bitcast, strong.
    The shape is :func:`arraytyping.shape_rules.view_shape`'s (by :func:`item_bits`)."""
    name, weak = _unary_operand(operand, config)
    if dtype is None:
        return name, weak
    if dtype in lattice.WEAK_NAMES:
        out = lattice.default_name(lattice.KIND[dtype], config.x64)
    elif dtype in lattice.KIND:
        out = lattice.canonical_name(dtype, config.x64)
    else:
        raise ValueError(f"unknown dtype {dtype!r}")
    return out, weak and out == name

# ---------------------------------------------------------------------------------------------------------------
# Creation functions


CreationFamily: TypeAlias = Literal["default_float", "float32", "fill", "like", "same", "bounds", "default_int"]

CREATION: Final[Mapping[str, CreationFamily]] = MappingProxyType({
    **{fn: "default_float" for fn in ("zeros", "ones", "empty", "eye", "identity")},
    "tri": "float32",
    "full": "fill",
    **{fn: "like" for fn in ("full_like", "zeros_like", "ones_like", "empty_like")},
    **{fn: "same" for fn in ("asarray", "array", "copy", "diag", "meshgrid")},
    **{fn: "bounds" for fn in ("arange", "linspace", "logspace")},
    "indices": "default_int",
})
"""Each creation function's dtype rule without ``dtype=`` (JAX 0.10.2, ``array_creation.py``, ``lax_numpy.py``);
with ``dtype=`` every one gives that dtype, canonicalized and strong:

* ``default_float``: ``zeros``, ``ones``, ``empty``, ``eye``, ``identity``: the default float dtype, strong;
* ``float32``: ``tri`` (float32 even with x64);
* ``fill``: ``full``: the fill value's dtype and weak flag (``lax.full``: a Python scalar gives a weakly typed
  array);
* ``like``: the ``_like`` functions: the prototype's dtype and weak flag (``lax.full_like``);
* ``same``: ``asarray``, ``array``, ``copy``, ``diag``, ``meshgrid``: the operand's dtype and weak flag (``diag``
  of a vector meets ``where``, which promotes it with its own zero: a weak bool becomes strong, and in strict mode
  a weak dtype becomes its kind's default);
* ``bounds``: ``arange`` takes ``result_type`` of its bounds (strong); ``linspace`` and ``logspace`` the inexact
  dtype of it;
* ``default_int``: ``indices``: the default integer dtype, strong; its ``dtype=`` goes to ``lax.iota``, which
  refuses bool (``TypeError``).
"""
INDEX_ARRAYS: Final[tuple[str, ...]] = ("diag_indices", "diag_indices_from", "tril_indices", "tril_indices_from",
                                        "triu_indices", "triu_indices_from")
"""The ``jax.numpy`` functions that return a tuple of index arrays of the default integer dtype, strong, whatever
their arguments (``iota``, or ``nonzero`` of a triangle of ones): two for the triangles, ``ndim`` for
``diag_indices``."""
CREATION_FUNCTIONS: Final[tuple[str, ...]] = tuple(CREATION)


def creation_result(fn: str, operands: Sequence[tuple[str, bool]] = (), config: LatticeConfig = LatticeConfig(),
                    dtype: str | None = None, *, vector: bool = True, square_matrix: bool = False
                    ) -> tuple[str, bool]:
    """The ``(dtype name, weak)`` of ``jax.numpy.<fn>(..., dtype=dtype)`` for ``fn`` in :data:`CREATION`;
    ``operands`` are the fill value (``full``), the prototype and then the fill value (``full_like``), the operand
    (``same``) or the bounds (``bounds``), as ``(dtype name, weak)`` pairs (``complex`` for a Python complex).
    ``vector``: ``diag`` of a 1-d operand (else of a 2-d one, whose diagonal it takes: ``square_matrix`` says it is
    square and ``k`` 0, :func:`square_diagonal`).

    A Python complex fill value refuses a strong integer or floating dtype (``OperandTypeError``: JAX converts it
    with numpy, ``int(2j)`` raises) and is cast into bool, a complex dtype or the weak dtype of ``full_like``'s
    prototype (its real part), ``arange`` refuses bool,
    ``linspace`` and ``logspace`` refuse 1- and 2-bit integers (``finfo``: ``OperandValueError``)."""
    try:
        family = CREATION[fn]
    except KeyError:
        raise ValueError(f"unknown creation function {fn!r}; known: {', '.join(CREATION_FUNCTIONS)}") from None
    fill = operands[0] if fn == "full" and operands else operands[1] if fn == "full_like" and len(operands) > 1 \
        else None
    if dtype is not None:
        if dtype in lattice.WEAK_NAMES:
            dtype = lattice.default_name(lattice.KIND[dtype], config.x64)
        out = lattice.canonical_name(dtype, config.x64)
        _check_creation(fn, out, fill, False)
        return out, False
    if family == "default_float":
        return lattice.default_name("f", config.x64), False
    if family == "default_int":
        return lattice.default_name("i", config.x64), False
    if family == "float32":
        return "float32", False
    if family == "bounds":
        name, _ = lattice.result_node(operands, config)
        out = name if fn == "arange" else lattice.canonical_name(to_inexact_name(name), config.x64)
        _check_creation(fn, out, None, False)
        return out, False
    name, weak = _unary_operand(operands[0], config)
    if fn == "full_like":
        _check_creation(fn, name, fill, weak)
    if fn == "diag" and vector:  # where(eye, v, 0) promotes v with its own zero (strict: the default dtype)
        return lattice.result_node([(name, weak), (name, weak)], config)
    if fn == "diag" and square_matrix:
        return square_diagonal(name, weak)
    return name, weak


def _check_creation(fn: str, out: str, fill: tuple[str, bool] | None, weak: bool) -> None:
    if complex_fill_refused(out, weak) and fill is not None and fill[0] == "complex":
        raise OperandTypeError(f"{fn}: a Python complex fill value cannot be converted to {out}")
    if fn == "arange" and out == lattice.BOOL:
        raise OperandTypeError("arange does not accept dtype bool")
    if fn == "indices" and out == lattice.BOOL:
        raise OperandTypeError("iota does not accept dtype bool (jnp.indices)")
    if fn in ("linspace", "logspace") and out in _TINY_INTS:
        raise OperandValueError(f"{fn} in {out} fails in JAX 0.10.2 (finfo has no {out})")


def complex_fill_refused(out: str, weak: bool) -> bool:
    """Whether JAX 0.10.2 refuses a Python complex fill value for an array of dtype ``out`` (weakly typed or not):
    a strong integer or floating dtype (``full(2, 2j, dtype=int)``, ``full_like(x_int32, 2j)``), which JAX converts
    with numpy; bool, complex and a weak prototype's dtype (``full_like(x, 2j)`` of a weak int array: its real
    part) take it."""
    return not weak and lattice.KIND[out] in ("u", "i", "f")


WINDOWS: Final[tuple[str, ...]] = ("bartlett", "blackman", "hamming", "hanning")
"""``jax.numpy``'s window functions of a concrete size ``M`` (JAX 0.10.2, ``window_functions.py``; ``kaiser``, which
needs ``i0``, is not here): ``M`` points of the default float dtype, strong, whatever ``M``'s type (``int(M)``)."""


def window_result(fn: str, config: LatticeConfig = LatticeConfig()) -> tuple[str, bool]:
    """The ``(dtype name, weak)`` of ``jax.numpy.<fn>(M)`` for ``fn`` in :data:`WINDOWS`: the default float dtype
    (``float64`` with x64), strong (``iota`` of it, and ``lax.full`` of it for ``M <= 1``)."""
    if fn not in WINDOWS:
        raise ValueError(f"unknown window function {fn!r}; known: {', '.join(WINDOWS)}")
    return lattice.default_name("f", config.x64), False


# ---------------------------------------------------------------------------------------------------------------
# jax.numpy's products and contractions, and jax.numpy.linalg

CONTRACTION: Final[Mapping[str, Literal["dot", "result_type", "multiply", "multiply_numeric", "subtract"]]] = \
    MappingProxyType({
    "vdot": "dot", "inner": "dot", "tensordot": "dot", "vecdot": "dot", "matvec": "dot", "vecmat": "dot",
    "einsum": "result_type",
    "outer": "multiply", "kron": "multiply_numeric", "cross": "subtract",
})
"""Each product's rule, from JAX 0.10.2's ``tensor_contractions.py``, ``einsum.py`` and ``lax_numpy.py``:

* ``dot``: ``dot_general`` with ``preferred_element_type=result_type(*operands)`` then that dtype and weak flag
  (:func:`binary_result`'s ``dot``; ``inner`` of a scalar is ``multiply``'s, which that rule agrees with);
* ``result_type``: ``einsum``: ``result_type(*operands)`` (weak: its kind's default dtype, the weak flag kept),
  each step's ``dot_general`` checking the operands it meets (:func:`dot_general_result`) once single-operand
  reductions have cast them to that dtype;
* ``multiply``: ``promote_dtypes`` then ``*`` (``outer``): the join, bool included;
* ``multiply_numeric``: ``promote_dtypes`` then ``lax.mul`` (``kron``), which refuses bool;
* ``subtract``: products then differences of the promoted operands (``cross``): the join, bool refused, weakly
  typed as the arithmetic leaves it for two 2-vectors; 3-vectors' components are stacked into a strong array
  (``jnp.array``), so a weak join gives its dtype strong there (:func:`contraction_static_result`).

``inner`` of a 0-d operand is ``a * b`` (``multiply``'s rule), which answers alike every pair ``dot``'s answers,
and also some it refuses (``inner(x_uint1, 2)`` is uint1).
"""
CONTRACTION_FUNCTIONS: Final[tuple[str, ...]] = tuple(CONTRACTION)


def contraction_result(fn: str, operands: Sequence[tuple[str, bool]], config: LatticeConfig = LatticeConfig()
                       ) -> tuple[str, bool]:
    """The ``(dtype name, weak)`` of product ``fn`` (:data:`CONTRACTION`) of ``operands``."""
    rule = CONTRACTION[fn]
    if rule == "dot":
        return _matmul(fn, operands, config, (), ())
    name, weak = lattice.result_node(operands, config)
    if rule == "result_type":
        return (lattice.default_name(lattice.KIND[name], config.x64) if weak else name), weak
    if rule != "multiply" and name == lattice.BOOL:
        raise _reject(fn, name)
    return name, weak


def contraction_static_result(fn: str, operands: Sequence[tuple[str, bool]], config: LatticeConfig = LatticeConfig()
                              ) -> tuple[str, bool] | None:
    """The ``(dtype name, weak)`` of product ``fn`` (:data:`CONTRACTION`) of ``operands`` whatever their shapes:
    for ``inner``, ``multiply``'s rule (a 0-d operand's; where ``dot``'s answers, the same); for ``cross`` of a weak
    join, None (weak for 2-vectors, strong for 3-vectors); else :func:`contraction_result`'s. Raises where every
    shape raises."""
    if fn == "inner":
        return contraction_result("outer", operands, config)
    name, weak = contraction_result(fn, operands, config)
    if fn == "cross" and weak:
        return None
    return name, weak


LinalgSmallInts: TypeAlias = Literal["keep", "TypeError", "ValueError"]

LINALG: Final[Mapping[str, LinalgSmallInts]] = MappingProxyType({
    "norm": "ValueError", "norm_count": "ValueError", "norm_abs": "keep", "norm_max": "keep",
    "norm_svd": "TypeError", "det_small": "keep", "det": "TypeError", "slogdet": "TypeError",
    "slogdet_small": "keep", "solve": "TypeError",
    "inv": "TypeError", "cholesky": "TypeError", "qr": "TypeError", "eigh": "TypeError", "svd": "TypeError",
})
"""``jax.numpy.linalg``'s functions (``norm`` by its kind of ``ord``, ``det`` by its path) and what they do with
the 1- and 2-bit integers ``promote_dtypes_inexact`` leaves alone (JAX 0.10.2, ``jax/_src/numpy/linalg.py``). Every
function first makes its operand inexact (:func:`to_inexact_name`); the others then:

* ``norm`` (``ord`` None/2/``'fro'``: ``sqrt(sum(real(x * conj(x))))``), ``norm_count`` (``ord=0``:
  ``sum(x != 0, dtype=finfo(x.dtype).dtype)``): a ``ValueError`` (no ``finfo``, no real part of these integers);
* ``norm_abs`` (``ord`` 1, -1, ±inf of a matrix, other powers of a vector: sums of ``abs``) and ``norm_max``
  (``±inf`` of a vector: ``max(abs(x))``): computed as the integers they are (``abs`` makes int1 int8 and refuses
  int2, sums give the default integer, uint1 and uint2 sums fail: see :func:`linalg_result`);
* ``norm_svd`` (``ord`` ±2, ``'nuc'`` of a matrix), ``det`` (LU for sizes other than 2 and 3), ``slogdet``,
  ``solve``, ``inv``, ``cholesky``, ``qr``, ``eigh``, ``svd``: the decompositions take floating and complex
  dtypes only (a ``TypeError``);
* ``det_small`` (2x2 and 3x3, by cofactors: products and differences): computed in the integer dtype;
* ``slogdet_small`` (1x1 and 2x2: ``sign(det)``, ``real(log(abs(det)))`` of the cofactor determinant): int1 kept
  (its sign is int1, its log float32); ``sign``/``abs`` refuse int2, uint1 and uint2 (``TypeError``).

The results are the inexact operand's dtype, real for ``norm`` and for ``eigh``'s eigenvalues, ``svd``'s singular
values and ``slogdet``'s log (:func:`real_name`); on the CPU the decompositions compute in float32, float64,
complex64 and complex128 only (JAX's lowering raises ``NotImplementedError`` for the others)."""

_SMALL_INTS: Final = frozenset({"int1", "int2", "uint1", "uint2"})


def real_name(name: str) -> str:
    """The real dtype of ``name``'s values (``float32`` for ``complex64``); other dtypes are their own."""
    return _REAL_OF.get(name, name)


def linalg_result(fn: str, operand: tuple[str, bool], config: LatticeConfig = LatticeConfig()) -> str:
    """The inexact dtype ``jax.numpy.linalg.<fn>`` (a key of :data:`LINALG`) computes in for an operand
    ``(dtype name, weak)``; raises as JAX does for the 1- and 2-bit integers (:data:`LINALG`)."""
    name, weak = operand
    if weak and name in lattice.WEAK_NAMES:
        name = lattice.default_name(lattice.KIND[name], config.x64)
    name = lattice.canonical_name(to_inexact_name(name), config.x64)
    if name in _SMALL_INTS:
        rule = LINALG[fn]
        if fn == "norm_abs" and name in ("uint1", "uint2"):
            raise OperandValueError(f"norm of {name}: the sum of {name} values fails in JAX 0.10.2")
        if fn in ("norm_abs", "norm_max") and name == "int2":
            raise _reject("abs", name)
        if fn == "slogdet_small" and name != "int1":
            raise _reject("sign", name)
        if rule == "TypeError":
            raise OperandTypeError(f"{fn} takes floating and complex dtypes (and integers it converts to float32), "
                                   f"not {name}")
        if rule == "ValueError":
            raise OperandValueError(f"{fn} of {name}: JAX 0.10.2 has no finfo or real part for {name}")
    return name


LINALG_STATIC: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType({
    "inv": ("inv",), "cholesky": ("cholesky",), "det": ("det_small", "det"),
    "norm": ("norm", "norm_count", "norm_abs", "norm_max", "norm_svd")})
"""The ``jax.numpy.linalg`` functions of one array result typed by their operand alone, with the :data:`LINALG`
paths their calls can take (``det``: by the matrix size; ``norm``: by ``ord`` and the number of axes)."""


def linalg_static_result(fn: str, operand: Operand, config: LatticeConfig = LatticeConfig()) -> Operand | None:
    """The ``(dtype name, weak)`` of ``jax.numpy.linalg.<fn>(a)`` (``fn`` in :data:`LINALG_STATIC`) for every
    matrix size and setting of its other arguments: the inexact dtype of a strong operand (real for ``norm``),
    strong. None (gradual) for a weak operand (its weak flag depends on the path: ``cholesky`` keeps it, ``inv``
    drops it) and where the paths disagree (the 1- and 2-bit integers); raises where every path raises."""
    if fn not in LINALG_STATIC:
        raise ValueError(f"{fn!r} is not a jax.numpy.linalg function typed by its operand alone; known: "
                         f"{', '.join(LINALG_STATIC)}")
    if operand[1]:
        return None
    answers: list[str | Exception] = []
    for path in LINALG_STATIC[fn]:
        try:
            name = linalg_result(path, operand, config)
        except (OperandTypeError, OperandValueError) as e:
            answers.append(e)
            continue
        answers.append(real_name(name) if fn == "norm" else name)
    agreed = _agreed(answers)
    if agreed is None or agreed in _SMALL_INTS:  # a small integer's sums and products are computed as it is
        return None
    return agreed, False


def linalg_solve_result(a: Operand, b: Operand, config: LatticeConfig = LatticeConfig(), *,
                        python_scalars: Sequence[bool] = (), numpy_scalars: Sequence[bool] = ()) -> Operand:
    """The ``(dtype name, weak)`` of ``jax.numpy.linalg.solve(a, b)``: JAX's ``promote_dtypes_inexact`` of the two
    operands (their join, :func:`binary_result`'s for ``add``, made inexact), weak when both are; raises where they
    have no join and as :data:`LINALG`'s ``solve`` for the 1- and 2-bit integers."""
    name, weak = binary_result("add", [a, b], config, python_scalars=python_scalars, numpy_scalars=numpy_scalars)
    return linalg_result("solve", (name, weak), config), weak


LinalgField: TypeAlias = Literal["same", "real"]

LINALG_TUPLES: Final[Mapping[str, tuple[tuple[str, ...], tuple[LinalgField, ...]]]] = MappingProxyType({
    "qr": (("qr",), ("same", "same")), "eigh": (("eigh",), ("real", "same")),
    "svd": (("svd",), ("same", "real", "same")), "slogdet": (("slogdet_small", "slogdet"), ("same", "real"))})
"""The ``jax.numpy.linalg`` functions whose result is a named tuple of arrays (``QRResult(Q, R)``,
``EighResult(eigenvalues, eigenvectors)``, ``SVDResult(U, S, Vh)``, ``SlogdetResult(sign, logabsdet)``): the
:data:`LINALG` paths a call can take (``slogdet``: by the matrix size) and each field's dtype, the inexact operand's
(``same``) or its real dtype (``real``). ``qr(a, mode='r')`` is ``R`` alone, ``svd(a, compute_uv=False)`` ``S``."""

LINALG_TUPLE_CLASSES: Final[Mapping[str, str]] = MappingProxyType({
    "qr": "QRResult", "eigh": "EighResult", "svd": "SVDResult", "slogdet": "SlogdetResult"})
"""The class (in ``arraytyping.numpy.linalg``) of each :data:`LINALG_TUPLES` result: a named tuple generic in its
fields' dtypes, in their order."""

LINALG_ALONE: Final[Mapping[str, int]] = MappingProxyType({"qr": 1, "svd": 1})
"""The field of a :data:`LINALG_TUPLES` result that a call can return alone: ``R`` of ``qr(a, mode='r')``, ``S`` of
``svd(a, compute_uv=False)``."""

LINALG_ALONE_BY: Final[Mapping[str, tuple[str, Mapping[str | bool, bool]]]] = MappingProxyType({
    "qr": ("mode", MappingProxyType({"reduced": False, "complete": False, "full": False, "r": True})),
    "svd": ("compute_uv", MappingProxyType({True: False, False: True}))})
"""The argument that decides whether a :data:`LINALG_ALONE` function returns its named tuple or that field alone,
with each accepted value (True: the field alone)."""

_WEAK_KEPT: Final = frozenset({"qr", "eigh", "svd", "slogdet_small"})
"""The :data:`LINALG_TUPLES` paths that keep a weak operand weak (the LAPACK primitives keep the weak flag;
``slogdet`` of a larger matrix sums logs of the LU factor's diagonal into a strong result)."""


_WEAK_FIELDS: Final[Mapping[str, tuple[bool, ...]]] = MappingProxyType({"svd": (True, True, False)})
"""Paths another setting of an argument also takes with a weak operand, and which fields stay weak there: ``svd``'s
``hermitian=True`` (its ``Vh`` is ``U`` times the eigenvalues' strong signs)."""


def linalg_tuple_result(fn: str, operand: Operand, config: LatticeConfig = LatticeConfig()
                        ) -> tuple[Operand, ...] | None:
    """The ``(dtype name, weak)`` of each field of ``jax.numpy.linalg.<fn>(a)`` (``fn`` in :data:`LINALG_TUPLES`)
    for every matrix size and setting of its other arguments. None (gradual) where the paths disagree (``slogdet``
    of a weak operand or of ``int1``); raises where every path raises."""
    if fn not in LINALG_TUPLES:
        raise ValueError(f"{fn!r} is not a jax.numpy.linalg function with a named tuple result; known: "
                         f"{', '.join(LINALG_TUPLES)}")
    paths, fields = LINALG_TUPLES[fn]
    answers: list[tuple[Operand, ...] | Exception] = []
    for path in paths:
        try:
            name = linalg_result(path, operand, config)
        except (OperandTypeError, OperandValueError) as e:
            answers.append(e)
            continue
        weak = operand[1] and path in _WEAK_KEPT
        answers.append(tuple((name if field == "same" else real_name(name), weak) for field in fields))
        if weak and path in _WEAK_FIELDS:
            answers.append(tuple((name if field == "same" else real_name(name), w)
                                 for field, w in zip(fields, _WEAK_FIELDS[path])))
    return _agreed(answers)


# ---------------------------------------------------------------------------------------------------------------
# Functions of two array results


PAIRS: Final[Mapping[str, int]] = MappingProxyType({"modf": 1, "divmod": 2})
"""The ``jax.numpy`` functions whose result is a pair of arrays, with their number of operands: ``modf(x)`` (the
fractional and the integral part) and ``divmod(x1, x2)`` (the floor quotient and the remainder).

From JAX 0.10.2's ``jax/_src/numpy/ufuncs.py``:

* ``modf``: ``promote_dtypes_inexact`` (1- and 2-bit integers stay, as ``floor`` and ``ceil`` keep integers), then
  ``whole = where(x >= 0, floor(x), ceil(x))`` and ``x - whole``, which promote their operands again (two weak
  operands, in strict promotion, become the default dtype); complex refused (``floor``'s ``TypeError``);
* ``divmod``: ``promote_args_numeric`` (``remainder``'s dtype: bool becomes an integer, complex refused), then
  ``floor_divide`` and ``remainder`` of integers, which promote the pair again (two weakly typed signed integers
  give ``floor_divide``'s default integer beside ``remainder``'s own dtype), or JAX's ``_float_divmod`` of floats:
  both results the promoted dtype (weakly typed floats other than the default float dtype fail there, as in
  ``floor_divide``: ``TypeError``).
"""


def pair_result(fn: str, operands: Sequence[Operand], config: LatticeConfig = LatticeConfig()
                ) -> tuple[Operand, Operand]:
    """The ``(dtype name, weak)`` of each array of ``jax.numpy.<fn>(*operands)`` for ``fn`` in :data:`PAIRS`.
    Raises :class:`OperandTypeError` and :class:`lattice.TypePromotionError` where JAX raises those classes."""
    if fn not in PAIRS:
        raise ValueError(f"{fn!r} is not a jax.numpy function of two results; known: {', '.join(PAIRS)}")
    if len(operands) != PAIRS[fn]:
        raise ValueError(f"{fn} takes {PAIRS[fn]} operand(s), not {len(operands)}")
    if fn == "divmod":
        promoted = binary_result("remainder", operands, config)  # promote_args_numeric, complex refused
        if lattice.KIND[promoted[0]] in ("i", "u"):  # floor_divide and remainder promote the promoted pair again
            return (binary_result("floor_divide", [promoted, promoted], config),
                    binary_result("remainder", [promoted, promoted], config))
        if promoted[1] and lattice.KIND[promoted[0]] == "f" and promoted[0] != lattice.default_name("f", config.x64):
            raise OperandTypeError(f"divmod of weakly typed {promoted[0]} operands fails in JAX 0.10.2 (a dtype "
                                   f"mismatch between its internal operations, as floor_divide's)")
        return promoted, promoted
    name, weak = _unary_operand(operands[0], config)
    kind = lattice.KIND[name]
    if kind == "c":
        raise OperandTypeError(f"modf does not accept dtype {name}")
    out = (lattice.canonical_name(to_inexact_name(name), config.x64), weak and kind != "b")
    whole = lattice.result_node([out, out], config)
    return lattice.result_node([out, whole], config), whole


def ediff1d_result(operand: Operand, config: LatticeConfig = LatticeConfig(), *, ends: bool = False
                   ) -> tuple[str, bool]:
    """The ``(dtype name, weak)`` of ``jax.numpy.ediff1d(ary)`` (``ends``: with ``to_end`` or ``to_begin``): the
    operand's dtype and weak flag (``lax.sub`` of its flattened neighbours, bool refused: ``TypeError``); the ends,
    cast to that dtype with ``astype`` (strong), make the joined result strong."""
    name, weak = _unary_operand(operand, config)
    if lattice.KIND[name] == "b":
        raise OperandTypeError("ediff1d subtracts neighbours, which JAX refuses for bool (lax.sub)")
    return name, weak and not ends


# ---------------------------------------------------------------------------------------------------------------
# Counting


def bincount_result(x: Operand, weights: Operand | None = None, config: LatticeConfig = LatticeConfig()
                    ) -> Operand:
    """The ``(dtype name, weak)`` of ``jax.numpy.bincount(x, weights)`` (JAX 0.10.2's ``lax_numpy.py``): ``x`` must
    hold integers (a bool ``x`` is made int32 first; any other kind: :class:`OperandTypeError`, JAX's
    ``TypeError``); the counts are ``zeros(length, dtype(weights)).at[clip(x, 0)].add(weights)``, so the default
    integer without ``weights`` (JAX's ``np.array(1, dtype=int_)``) and the weights' dtype, canonicalized and strong,
    with them; bool weights are refused by the scatter-add (:class:`OperandTypeError`)."""
    name, _ = _unary_operand(x, config)
    if lattice.KIND[name] not in ("b", "i", "u"):
        raise OperandTypeError(f"x argument to bincount must have an integer type; got {name}")
    if weights is None:
        return lattice.default_name("i", config.x64), False
    w, _ = _unary_operand(weights, config)
    if w == lattice.BOOL:
        raise OperandTypeError("add does not accept dtype bool at position 0. Accepted dtypes at position 0 are "
                               "subtypes of integer, floating, complexfloating.")
    return w, False


UNRAVEL_INDEX_SIZES: Final[tuple[tuple[Operand, ...], ...]] = (
    (("int", True),), (("int", True),) * 3, (("bool", False),), (("bool", False), ("int", True)))
"""Python sizes of ``unravel_index``'s ``shape`` (as operands) whose answers a reader that does not see the sizes
(the stubs; the plugin where the shape is not written in the call) must agree on: one or more ints (the rule
divides by each in turn), a bool, a bool beside an int; where :func:`unravel_index_result` differs over them, the
answer is gradual."""


def unravel_index_result(indices: Operand, sizes: Sequence[Operand], config: LatticeConfig = LatticeConfig()
                         ) -> tuple[Operand, ...]:
    """The ``(dtype name, weak)`` of each array of ``jax.numpy.unravel_index(indices, shape)`` where ``shape`` is
    Python ints or bools, given as their operands (``("int", True)``, ``("bool", False)``), one per axis (JAX
    0.10.2's ``lax_numpy.py``): from the last axis to the first, ``indices, out[i] = divmod(indices, shape[i])``
    (:func:`pair_result`: complex refused, bool made an integer, weak floats other than the default float refused),
    then each ``where(indices > 0, shape[i] - 1, where(indices < -1, 0, out[i]))``, which promotes ``out[i]`` with
    two Python ints (:func:`lattice.result_node`). A bool size makes a bool ``indices``' arrays strong."""
    rest, outs = indices, list[Operand]()
    for size in reversed(sizes):
        rest, out = pair_result("divmod", [rest, size], config)
        outs.append(lattice.result_node([("int", True), lattice.result_node([("int", True), out], config)], config))
    return tuple(reversed(outs))


def ravel_multi_index_result(indices: Sequence[Operand], dims: Sequence[int] | None = None,
                             dtype: str | None = None, config: LatticeConfig = LatticeConfig()) -> Operand:
    """The ``(dtype name, weak)`` of ``jax.numpy.ravel_multi_index(indices, dims, dtype=dtype)`` (JAX 0.10.2's
    ``lax_numpy.py``): ``dtype`` canonicalized, or ``result_type(int, *indices)`` (a Python int joined with the
    indices, :func:`lattice.result_node`, canonicalized); not an integer dtype, or one whose largest value is below
    ``prod(dims) - 1`` (``dims`` None: not known, not checked), is JAX's ``ValueError``
    (:class:`OperandValueError`); then an index that is not of an integer dtype (bool too) its ``TypeError``
    (:class:`OperandTypeError`). The result is strong (JAX starts from ``array(0, dtype)``)."""
    if dtype is None:
        name = lattice.canonical_name(lattice.result_node([("int", True), *indices], config)[0], config.x64)
        name = lattice.default_name("i", config.x64) if name in lattice.WEAK_NAMES else name
    else:
        name = lattice.canonical_name(dtype, config.x64)
    kind = lattice.KIND[name]
    if kind not in ("i", "u"):
        raise OperandValueError(f"dtype=dtype('{name}') is not an integer type.")
    bits = _bit_width(name)
    largest = 2 ** bits - 1 if kind == "u" else 2 ** (bits - 1) - 1
    if dims is not None and math.prod(dims) - 1 > largest:
        raise OperandValueError(f"jnp.ravel_multi_index: dtype=dtype('{name}') not large enough to hold flattened "
                                f"index for dims={tuple(dims)}. Use the dtype argument to pass a suitable dtype "
                                f"(e.g. dtype=np.min_scalar_type(prod(dims))).")
    for index in indices:
        if lattice.KIND[_unary_operand(index, config)[0]] not in ("i", "u"):
            raise OperandTypeError("only int indices permitted")
    return name, False


# ---------------------------------------------------------------------------------------------------------------
# jax.scipy: special's functions of one operand and stats.norm's of x (loc and scale left out: Python ints)

ScipyFamily: TypeAlias = Literal["inexact", "inexact_real", "inexact_rank0_weak", "ndtr", "inexact_ndtr",
                                 "ndtri_default"]

SCIPY_UNARY: Final[Mapping[str, ScipyFamily]] = MappingProxyType({
    **{f"special.{fn}": "inexact_real" for fn in ("erf", "erfc", "erfinv", "gammaln", "digamma")},
    "special.expit": "inexact",
    "special.logit": "inexact_rank0_weak",
    **{f"special.{fn}": "ndtr" for fn in ("ndtr", "ndtri", "log_ndtr")},
    **{f"norm.{fn}": "inexact_rank0_weak" for fn in ("logpdf", "pdf")},
    **{f"norm.{fn}": "inexact_ndtr" for fn in ("cdf", "logcdf", "sf", "logsf")},
    **{f"norm.{fn}": "ndtri_default" for fn in ("ppf", "isf")},
})
"""Each ``jax.scipy`` function of one operand (``special.<fn>``; ``norm.<fn>`` of ``x`` with ``loc`` and ``scale``
left at their defaults, Python ints) and its family, from JAX 0.10.2's ``jax/_src/scipy/special.py`` and
``stats/norm.py``:

* ``inexact``: ``lax.<op>(*promote_args_inexact(x))`` of floats and complex numbers (``expit``: ``logistic``), as
  ``jax.numpy``'s ``inexact`` family: integers and bool become the default float (a bool's weak flag dropped), a
  weak flag kept, 1- and 2-bit integers refused by the primitive;
* ``inexact_real``: the same for primitives of real floats (``erf``, ``erfc``, ``erfinv``, ``gammaln``,
  ``digamma``): complex refused;
* ``inexact_rank0_weak``: the same, meeting a constant ``lax._const(x, c)`` of the operand's dtype, which is weak
  only for a weakly typed rank-0 operand of its kind's default dtype (``logit``; ``norm.logpdf`` and ``pdf``, whose
  ``x`` is first joined with the weak ``loc`` and ``scale``, so that a bool becomes a weak integer, then float);
* ``ndtr``: ``jnp.asarray(x)`` (a Python float is the default float, a Python int the default int) must be float32
  or float64 (anything else is a ``TypeError``); the result strong (``ndtr``, ``ndtri``, ``log_ndtr``);
* ``inexact_ndtr``: ``promote_args_inexact(x, loc, scale)`` then ``ndtr``'s check and strong result
  (``norm.cdf``, ``logcdf``, ``sf``, ``logsf``: integers pass, float16 and bfloat16 are refused);
* ``ndtri_default``: ``ndtr``'s check of ``q`` as given, then ``jnp.asarray(..., float)``: the default float,
  strong (``norm.ppf``, ``isf``).
"""
SCIPY_UNARY_FUNCTIONS: Final[tuple[str, ...]] = tuple(SCIPY_UNARY)
_NDTR_NAMES: Final = frozenset({"float32", "float64"})


def scipy_result(fn: str, operand: Operand, config: LatticeConfig = LatticeConfig(), *, rank0: bool = False
                 ) -> Operand:
    """The ``(dtype name, weak)`` of ``jax.scipy.<fn>(x)`` for ``fn`` in :data:`SCIPY_UNARY`; ``rank0`` says ``x``
    has rank 0 (Python scalars always have). Raises :class:`OperandTypeError` where JAX raises ``TypeError``."""
    try:
        family = SCIPY_UNARY[fn]
    except KeyError:
        raise ValueError(f"unknown jax.scipy function {fn!r}; known: {', '.join(SCIPY_UNARY_FUNCTIONS)}") from None
    rank0 = rank0 or operand[0] in lattice.WEAK_NAMES
    if fn.startswith("norm.") and family != "ndtri_default":  # promote_args_inexact(x, loc=0, scale=1)
        operand = lattice.result_node([operand, _PY_INT, _PY_INT], config)
    name, weak = _unary_operand(operand, config)
    if family in ("ndtr", "ndtri_default"):
        if name not in _NDTR_NAMES:
            raise OperandTypeError(f"x.dtype={name} is not supported, see docstring for supported types.")
        return (lattice.default_name("f", config.x64) if family == "ndtri_default" else name), False
    out = lattice.canonical_name(to_inexact_name(name), config.x64)
    weak = weak and lattice.KIND[name] != "b"  # promote_dtypes_inexact drops a bool's weak flag
    if out in _TINY_INTS:
        raise OperandTypeError(f"{fn} does not accept dtype {out}")
    if family == "inexact_ndtr":
        if out not in _NDTR_NAMES:
            raise OperandTypeError(f"x.dtype={out} is not supported, see docstring for supported types.")
        return out, False
    if family == "inexact_real":
        _require(fn, out, "f")
    if family == "inexact_rank0_weak":
        return out, weak and rank0 and out == lattice.default_name(lattice.KIND[out], config.x64)
    return out, weak


def scipy_static_result(fn: str, operand: Operand, config: LatticeConfig = LatticeConfig()) -> Operand | None:
    """What a type checker can answer for ``jax.scipy.<fn>(x)`` knowing ``x``'s dtype and weak flag but not its
    rank: :func:`scipy_result`'s answer where both ranks give it, None (gradual) where the rank decides (a weak
    operand of ``logit``, ``norm.logpdf``); raises where both raise."""
    answers: set[Operand] = set()
    errors: list[Exception] = []
    for rank0 in (True, False):
        try:
            answers.add(scipy_result(fn, operand, config, rank0=rank0))
        except OperandTypeError as e:
            errors.append(e)
    if not answers:
        raise errors[0]
    return answers.pop() if len(answers) == 1 and not errors else None
