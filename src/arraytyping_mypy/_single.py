"""Operations on one array: ``-x``, ``abs(x)``, ``~x`` and ``arraytyping.numpy``'s one-operand functions
(op_rules' ``UNARY`` table), and the reductions ``sum``/``prod``/``mean`` (with or without ``dtype=``),
``max``/``min``/``any``/``all``, as methods and as functions."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Final

from mypy.plugin import AttributeContext, FunctionContext, MethodContext
from mypy.types import (AnyType, Instance, LiteralType, NoneType, TupleType, Type, TypeOfAny, TypeVarType,
                        UnionType, get_proper_type)

from arraytyping_mypy import _binary, _dtype_args, _errors, _types
from arraytyping_mypy._rules import ABSTRACT, L, OR, SR, DtypeSet, Member, Rules, describe, static_of

__all__ = ["DUNDERS", "FUNCTION_REDUCTIONS", "METHOD_REDUCTIONS", "REDUCTIONS", "SAME_DTYPE", "abs_builtin_hook", "answers_unary",
           "bincount_hook", "compress_function_hook", "compress_method_hook", "diagonal_method_hook", "unique_hook", "fft_function_hook", "integer_pow_hook",
           "lax_function_hook", "linalg_function_hook", "linalg_tuple_hook", "part_hook", "reduction_hook", "round_method_hook", "same_dtype_hook", "unary",
           "unary_function_hook", "unary_method_hook", "unravel_index_hook"]

DUNDERS: Final = {"__neg__": ("negative", "operator - (negation)"), "__abs__": ("abs", "abs()"),
                  "__invert__": ("invert", "operator ~"), "conj": ("conj", "Array.conj()"),
                  "conjugate": ("conj", "Array.conjugate()")}
"""The one-operand methods the plugin answers (one signature each, op_rules' unary rule of the function)."""
REDUCTIONS: Final = ("sum", "prod", "mean", "max", "min", "any", "all")
"""The reductions the plugin answers as ``Array`` methods and ``arraytyping.numpy`` functions."""
FUNCTION_REDUCTIONS: Final = ("var", "std", "median", "ptp", "nansum", "nanmean", "average", "nanmax", "nanmin",
                              "argmax", "argmin", "count_nonzero", "cumsum", "cumprod", "trace", "nanprod", "nanvar",
                              "nanstd", "nanargmax", "nanargmin", "nancumsum", "nancumprod", "cumulative_sum",
                              "cumulative_prod", "nanmedian", "quantile", "nanquantile", "percentile",
                              "nanpercentile")
"""The other reductions of op_rules' ``REDUCTION`` the plugin answers as ``arraytyping.numpy`` functions, by their
rule without ``dtype=`` (a ``dtype``, ``average``'s ``weights`` or ``returned``, ``var``'s and ``std``'s ``mean`` make the call
gradual)."""
METHOD_REDUCTIONS: Final = ("var", "std", "ptp", "cumsum", "cumprod", "trace", "argmax", "argmin")
"""The :data:`FUNCTION_REDUCTIONS` that are ``Array`` methods too (JAX's), answered the same way."""
_GRADUAL_WHEN_GIVEN: Final = ("dtype", "weights", "mean", "returned")


@functools.cache
def answers_unary(fn: str) -> bool:
    """Whether the plugin answers ``fn``, a one-operand function of op_rules' ``UNARY`` table (or ``around``, which
    is ``round``); where its dtype depends on the operand's rank (``deg2rad`` of a weak operand is weak at rank 0
    alone), or on ``round``'s ``decimals`` or ``angle``'s ``deg`` when not a literal, the answer is gradual. Asked
    once per function name, when mypy looks up its hook."""
    return OR.UNARY_ALIASES.get(fn, fn) in OR.UNARY


_DECIDING: Final[dict[str, tuple[str, int]]] = {"round": ("decimals", 0), "angle": ("deg", False)}
"""The ``UNARY_PARAMETERIZED`` functions' deciding parameter and its default."""


def _given(ctx: FunctionContext | MethodContext, fn: str) -> dict[str, int]:
    """``round``'s ``decimals`` or ``angle``'s ``deg``: its default when left out, a literal's value, or nothing
    (unknown: the rule asks every case)."""
    if fn not in _DECIDING:
        return {}
    param, default = _DECIDING[fn]
    if not _types.passed(ctx, param):
        return {param: default}
    p = get_proper_type(ctx.arg_types[ctx.callee_arg_names.index(param)][0])
    if isinstance(p, Instance) and p.last_known_value is not None:
        p = p.last_known_value
    if isinstance(p, LiteralType) and isinstance(p.value, int):
        return {param: p.value}
    return {}


def unary(ctx: MethodContext | FunctionContext, rules: Rules, operand: Type, fn: str, what: str,
          rule: Callable[[str, Member], str | Exception] | None = None) -> Type:
    """``fn`` of one operand by ``rule`` (default: ``rules.unary``, op_rules' ``UNARY`` table)."""
    if fn == "abs" and rule is None and (mixed := _abs_of_mixed(ctx, rules, operand)) is not None:
        return mixed
    o = _types.operand(operand, rules)
    if not isinstance(o, DtypeSet):
        return ctx.default_return_type if o is None else _types.array_of(ctx.api, ("any", None), {})
    answer_of = rules.unary if rule is None else rule
    results = [(answer_of(fn, m), m, m) for m in o.members]
    answer = rules.summarize(results, o, None)
    if answer[0] in ("error", "refused"):
        _refuse(ctx, answer, o, operand, what)
        return AnyType(TypeOfAny.from_error)
    return _types.array_of(ctx.api, answer, _types.type_vars(operand))


def _abs_of_mixed(ctx: MethodContext | FunctionContext, rules: Rules, operand: Type) -> Type | None:
    """``abs`` of an array of a union of dtype classes with an abstract one among them (the package's aliases:
    ``IntArray`` is ``Array[integer | int]``), which :func:`_types.operand` takes as gradual: the union of each
    class's answer, a concrete one as its nearest abstract class (as the stubs' ``__abs__`` answers it:
    ``Array[integer | int]``; ``InexactArray`` is ``Array[floating | float]``); None for any other operand, or
    where a class's answer is not a class."""
    t = get_proper_type(operand)
    arg = _types.array_arg(t) if isinstance(t, Instance) else None
    if not isinstance(arg, UnionType):
        return None
    sets = [_types.dtype_arg_set(get_proper_type(item), rules) for item in arg.items]
    if not any(isinstance(d, DtypeSet) and d.abstract is not None for d in sets):
        return None
    names: list[str] = []
    for d in sets:
        if not isinstance(d, DtypeSet) or d.var is not None:
            return None
        kind, value = rules.summarize([(rules.unary("abs", m), m, m) for m in d.members], d, None)
        if kind not in ("class", "abstract", "union"):
            return None
        for c in value if isinstance(value, tuple) else (str(value),):
            names.append(c if c in L.WEAK_NAMES or c in ABSTRACT else str(rules.smallest_abstract([c])[1]))
    return _types.array_of(ctx.api, ("union", tuple(dict.fromkeys(names))), {})


def _refuse(ctx: MethodContext | FunctionContext, answer: tuple[str, object], o: DtypeSet, operand: Type,
            what: str) -> None:
    """Report a one-operand refusal: of the operand's one dtype (``error``), or of every dtype a type variable,
    abstract class or union may hold (``refused``: no instantiation runs)."""
    err = answer[1]
    assert isinstance(err, Exception)
    on = describe(o.single) if answer[0] == "error" and o.single is not None else \
        f"{_types.show(operand)} (every dtype it may hold)"
    _errors.reject(ctx, err, on, None, what, _errors.DTYPE_PROMOTION_ARG
                   if isinstance(ctx, FunctionContext) else _errors.DTYPE_PROMOTION_SELF)


SAME_DTYPE: Final = frozenset(fn for fn, family in OR.SHAPE.items() if family == "same") - {"broadcast_arrays"}
"""The ``arraytyping.numpy`` functions that give an array of their first operand's dtype (op_rules' ``SHAPE``
family ``same``: ``transpose``, ``ravel``, ``flip``, ``pad``...; ``broadcast_arrays`` gives a list, :mod:`._each`)."""


def same_dtype_hook(rules: Rules, fn: str) -> Callable[[FunctionContext], Type]:
    """``arraytyping.numpy.<fn>`` of :data:`SAME_DTYPE`: the first operand's own class, per member (``Any`` where its
    being a square matrix would decide, :meth:`Rules.same_dtype`; a union of
    arrays gives the union of their classes, where the stubs' ``Array[_T]`` had mypy join them, ``float6_e3m2fn``
    and a weak ``float`` to ``object``); the stubs' answer where the result is not an array (``split``'s list)."""
    def hook(ctx: FunctionContext) -> Type:
        ret = get_proper_type(ctx.default_return_type)
        if not ctx.arg_types or not ctx.arg_types[0] or not (
                isinstance(ret, Instance) and ret.type.fullname == _types.ARRAY):
            return ctx.default_return_type
        return unary(ctx, rules, ctx.arg_types[0][0], fn, f"arraytyping.numpy.{fn}",
                     lambda _, m: rules.same_dtype(fn, m))
    return hook


def diagonal_method_hook(rules: Rules) -> Callable[[MethodContext], Type]:
    """``x.diagonal(...)``: ``diagonal``'s rule per member of ``x``'s dtype (:meth:`Rules.same_dtype`): ``Any``
    where ``x`` may be weak (JAX's diagonal of a weak square matrix at offset 0 is strong), which a type variable
    that admits weak dtypes may be too; the stubs' ``Array[T]`` keeps it."""
    return lambda ctx: _types.array_or_gradual(ctx.api, unary(ctx, rules, ctx.type, "diagonal", "Array.diagonal()",
                                                              lambda _, m: rules.same_dtype("diagonal", m)))


def _compress(ctx: MethodContext | FunctionContext, rules: Rules, a: Type, what: str) -> Type:
    """``compress`` of an array ``a`` by its rule per member (:meth:`Rules.compress`): a weak array padded (a
    ``size`` that may not be None) is strong, so a type variable that admits weak dtypes is ``Any`` there (as in the
    stubs; the join of its members' answers would name no dtype the caller knows)."""
    sized = _types.passed(ctx, "size")
    o = _types.operand(a, rules)
    if sized and isinstance(o, DtypeSet) and o.var is not None and any(m[1] for m in o.members):
        return _types.array_of(ctx.api, ("any", None), {})
    return _types.array_or_gradual(ctx.api, unary(ctx, rules, a, "compress", what,
                                                  lambda _, m: rules.compress(m, sized=sized)))


def compress_method_hook(rules: Rules) -> Callable[[MethodContext], Type]:
    """``x.compress(condition, ..., size=...)``: :func:`_compress` of ``x`` (mypy binds the stubs' ``Array[_S]``
    self to a type variable that may be weak and keeps it)."""
    return lambda ctx: _compress(ctx, rules, ctx.type, "Array.compress()")


def compress_function_hook(rules: Rules) -> Callable[[FunctionContext], Type]:
    """``arraytyping.numpy.compress(condition, a, ..., size=...)``: :func:`_compress` of ``a``; exact where the
    stubs' overloads give a weak ``a`` padded ``Array[Any]``."""
    def hook(ctx: FunctionContext) -> Type:
        if len(ctx.arg_types) < 2 or not ctx.arg_types[1]:
            return ctx.default_return_type
        return _compress(ctx, rules, ctx.arg_types[1][0], "arraytyping.numpy.compress")
    return hook


def unary_method_hook(rules: Rules, dunder: str) -> Callable[[MethodContext], Type]:
    fn, what = DUNDERS[dunder]
    return lambda ctx: unary(ctx, rules, ctx.type, fn, what)


def round_method_hook(rules: Rules) -> Callable[[MethodContext], Type]:
    """``x.round(decimals)``: ``round``'s unary rule on ``x``, ``decimals`` read as the function's (a literal, the
    default when left out, or every case when unknown)."""
    def hook(ctx: MethodContext) -> Type:
        given = _given(ctx, "round")
        return _types.array_or_gradual(ctx.api, unary(ctx, rules, ctx.type, "round", "Array.round()",
                                                      lambda f, m: rules.unary(f, m, **given)))
    return hook


def part_hook(rules: Rules, fn: str) -> Callable[[AttributeContext], Type]:
    """``x.real`` or ``x.imag``: op_rules' unary rule of ``fn`` on ``x``'s dtype, with ``x``'s shape argument (the
    result is elementwise), ``x`` an array or an instance of a subclass (as its ``Array`` base: the stubs' descriptor
    answers x64 off's dtype); the stubs' answer where the plugin cannot read ``x`` (a union of arrays)."""
    def hook(ctx: AttributeContext) -> Type:
        p = get_proper_type(ctx.type)
        receiver = _types.as_array(p) if isinstance(p, Instance) else None
        o = _types.operand(ctx.type, rules)
        if receiver is None or not receiver.args:
            return ctx.default_attr_type
        if not isinstance(o, DtypeSet):
            return _types.array_type(ctx.api, AnyType(TypeOfAny.special_form), receiver.args[-1])
        answer = rules.summarize([(rules.unary(fn, m), m, m) for m in o.members], o, None)
        if answer[0] == "error":  # real and imag take every dtype
            return ctx.default_attr_type
        out = get_proper_type(_types.array_of(ctx.api, answer, _types.type_vars(ctx.type)))
        assert isinstance(out, Instance)
        return _types.array_type(ctx.api, out.args[0], receiver.args[-1])
    return hook


def unary_function_hook(rules: Rules, name: str) -> Callable[[FunctionContext], Type]:
    fn = OR.UNARY_ALIASES.get(name, name)

    def hook(ctx: FunctionContext) -> Type:
        if not ctx.arg_types or not ctx.arg_types[0]:
            return ctx.default_return_type
        given = _given(ctx, fn)
        return unary(ctx, rules, ctx.arg_types[0][0], fn, f"arraytyping.numpy.{name}",
                     lambda f, m: rules.unary(f, m, **given))
    return hook


NN: Final = {**{fn: fn for fn in OR.NN_STATIC}, "swish": "silu", "hard_swish": "hard_silu"}
"""The ``arraytyping.nn`` functions the plugin answers (by name, to op_rules' ``NN_STATIC`` function)."""


NN_REDUCING: Final = frozenset(fn for fn, rule in NN.items() if SR.MODULE_SHAPE_FAMILY[f"nn.{rule}"] != "keep")
"""The ``NN`` functions whose result does not keep the operand's shape (``shape_rules.MODULE_SHAPE_FAMILY``)."""

_NN_DECIDING: Final = frozenset({"mean", "variance", "b", "return_sign", "negative_slope"})
"""Parameters of ``NN``'s functions that can change the dtype (or the result's type): given, the answer is gradual.
``epsilon`` and ``alpha`` (``elu``, ``celu``) decide unless they are a Python ``int`` or ``float``."""


def nn_shape_operands(ctx: FunctionContext) -> list[Type | None]:
    """The operands whose shapes an elementwise ``NN`` function's result has, broadcast: its first argument and
    every other argument that is an array (``elu(x, alpha)``, ``softmax(x, where=m)``, ``standardize(x, mean=m)``);
    a Python scalar, an axis or a flag leaves the shape alone."""
    out: list[Type | None] = [ctx.arg_types[0][0] if ctx.arg_types and ctx.arg_types[0] else None]
    for types in ctx.arg_types[1:]:
        for t in types:
            p = get_proper_type(t)
            if isinstance(p, Instance) and p.type.fullname in (_types.ARRAY, "numpy.ndarray"):
                out.append(t)
            elif isinstance(p, AnyType):
                out.append(None)  # an argument of unknown type: any shape
    return out


def nn_function_hook(rules: Rules, name: str) -> Callable[[FunctionContext], Type]:
    def hook(ctx: FunctionContext) -> Type:
        if not ctx.arg_types or not ctx.arg_types[0]:
            return ctx.default_return_type
        for param, types in zip(ctx.callee_arg_names, ctx.arg_types):
            if types and (param in _NN_DECIDING or (param in ("epsilon", "alpha") and not _is_python_real(types[0]))):
                if "return_sign" in ctx.callee_arg_names and ctx.arg_types[ctx.callee_arg_names.index("return_sign")]:
                    return AnyType(TypeOfAny.special_form)  # an array or a pair of them
                return _types.array_type(ctx.api, AnyType(TypeOfAny.special_form))  # as the stubs' gradual fallback
        return unary(ctx, rules, ctx.arg_types[0][0], NN[name], f"arraytyping.nn.{name}", rules.nn)
    return hook


def lax_function_hook(rules: Rules, fn: str) -> Callable[[FunctionContext], Type]:
    """``arraytyping.lax.<fn>`` of one operand (op_rules' ``LAX_UNARY_KINDS``): the operand's own type, or refused."""
    def hook(ctx: FunctionContext) -> Type:
        if not ctx.arg_types or not ctx.arg_types[0]:
            return ctx.default_return_type
        return unary(ctx, rules, ctx.arg_types[0][0], fn, f"arraytyping.lax.{fn}", rules.lax)
    return hook


def integer_pow_hook(rules: Rules) -> Callable[[FunctionContext], Type]:
    """``arraytyping.lax.integer_pow(x, y)``: ``x``'s own type; an integer ``x`` is refused for a literal negative
    ``y`` (any other ``y`` is taken as non-negative: for a negative one the call fails at run time)."""
    def hook(ctx: FunctionContext) -> Type:
        if not ctx.arg_types or not ctx.arg_types[0]:
            return ctx.default_return_type
        y = _literal_int(ctx.arg_types[1][0]) if len(ctx.arg_types) > 1 and ctx.arg_types[1] else None
        return unary(ctx, rules, ctx.arg_types[0][0], "integer_pow", "arraytyping.lax.integer_pow",
                     lambda _, m: rules.integer_pow(0 if y is None else y, m))
    return hook


def _literal_int(t: Type) -> int | None:
    """The value of an ``int`` literal type (``Literal[-2]``, or ``-2`` inferred as ``int``), else ``None``."""
    p = get_proper_type(t)
    if isinstance(p, Instance) and p.last_known_value is not None:
        p = p.last_known_value
    if isinstance(p, LiteralType) and isinstance(p.value, int) and not isinstance(p.value, bool):
        return p.value
    return None


def fft_function_hook(rules: Rules, fn: str) -> Callable[[FunctionContext], Type]:
    """``arraytyping.numpy.fft.<fn>`` (op_rules' ``FFT_FUNCTIONS``): a strong complex (``irfft``: real) dtype, or
    refused (``rfft`` of a complex or half-precision operand)."""
    def hook(ctx: FunctionContext) -> Type:
        if not ctx.arg_types or not ctx.arg_types[0]:
            return ctx.default_return_type
        return unary(ctx, rules, ctx.arg_types[0][0], fn, f"arraytyping.numpy.fft.{fn}", rules.fft)
    return hook


LINALG_KEEPING: Final = frozenset({"inv", "cholesky"})
"""The ``arraytyping.numpy.linalg`` functions of op_rules' ``LINALG_STATIC`` whose result has the operand's shape."""


def linalg_function_hook(rules: Rules, fn: str) -> Callable[[FunctionContext], Type]:
    """``arraytyping.numpy.linalg.<fn>`` (op_rules' ``LINALG_STATIC``): the strong inexact dtype (real for
    ``norm``), gradual for a weak operand and where the matrix size or ``ord`` decides, or refused."""
    def hook(ctx: FunctionContext) -> Type:
        if not ctx.arg_types or not ctx.arg_types[0]:
            return ctx.default_return_type
        return unary(ctx, rules, ctx.arg_types[0][0], fn, f"arraytyping.numpy.linalg.{fn}", rules.linalg)
    return hook


def _alone(ctx: FunctionContext, fn: str) -> bool | None:
    """Whether a call of ``fn`` returns one array (False: the named tuple; None: its argument does not tell)."""
    if fn not in OR.LINALG_ALONE_BY:
        return False
    param, values = OR.LINALG_ALONE_BY[fn]
    if param not in ctx.callee_arg_names:
        return False
    i = ctx.callee_arg_names.index(param)
    if i >= len(ctx.arg_types) or not ctx.arg_types[i]:
        return False
    p = get_proper_type(ctx.arg_types[i][0])
    if isinstance(p, Instance) and p.last_known_value is not None:
        p = p.last_known_value
    value = p.value if isinstance(p, LiteralType) else None
    return values.get(value) if isinstance(value, (str, bool)) else None


def linalg_tuple_hook(rules: Rules, fn: str) -> Callable[[FunctionContext], Type]:
    """``arraytyping.numpy.linalg.<fn>`` of a named tuple result (op_rules' ``LINALG_TUPLES``: ``qr``, ``eigh``,
    ``svd``, ``slogdet``): each field's dtype in the configured lattice, or refused; the field a call returns alone
    (``qr(a, mode='r')``, ``svd(a, compute_uv=False)``, op_rules' ``LINALG_ALONE``); gradually either where the
    call's ``mode`` or ``compute_uv`` is not a literal."""
    n = len(OR.LINALG_TUPLES[fn][1])
    what = f"arraytyping.numpy.linalg.{fn}"
    cls = f"arraytyping.numpy.linalg.{OR.LINALG_TUPLE_CLASSES[fn]}"

    def field(ctx: FunctionContext, i: int) -> Type:
        return unary(ctx, rules, ctx.arg_types[0][0], fn, what, lambda _, m: rules.linalg_field(fn, i, m))

    def hook(ctx: FunctionContext) -> Type:
        if not ctx.arg_types or not ctx.arg_types[0]:
            return ctx.default_return_type
        alone = _alone(ctx, fn)
        if alone is None:
            gradual = AnyType(TypeOfAny.special_form)
            return UnionType.make_union([_types.named_tuple(ctx.api, cls, [gradual] * n),
                                         _types.array_type(ctx.api, gradual)])
        if alone:
            return field(ctx, OR.LINALG_ALONE[fn])
        fields: list[Type] = []
        for i in range(n):
            t = field(ctx, i)
            if isinstance(get_proper_type(t), AnyType):
                return t  # refused (reported once, for the first field)
            fields.append(t)
        return _types.named_tuple(ctx.api, cls, [_types.array_arg_or_any(t) for t in fields])
    return hook


def pair_hook(rules: Rules, fn: str) -> Callable[[FunctionContext], Type]:
    """``arraytyping.numpy.<fn>(x)`` of two array results of one dtype (op_rules' ``PAIRS``: ``modf``): the tuple
    of two arrays of the rule's dtype, or refused (reported once)."""
    what = f"arraytyping.numpy.{fn}"

    def hook(ctx: FunctionContext) -> Type:
        if not ctx.arg_types or not ctx.arg_types[0]:
            return ctx.default_return_type
        t = unary(ctx, rules, ctx.arg_types[0][0], fn, what, lambda _, m: rules.pair(fn, m))
        if t is ctx.default_return_type or isinstance(get_proper_type(t), AnyType):
            return t  # not an operand the plugin reads (the stubs' answer), or refused
        return _types.pair_of(ctx.api, t)
    return hook


def _python_sizes(t: Type) -> list[tuple[str, bool]] | None:
    """The operands of ``unravel_index``'s ``shape``: one per item of a tuple (one for a lone size), ``("int",
    True)`` for an int (a literal, or a type variable bound to int: a symbolic dimension), ``("bool", False)`` for
    a bool; None where the number of sizes or a size's kind is unknown (``list[int]``, ``tuple[int, ...]``, a
    numpy integer)."""
    p = get_proper_type(t)
    items = p.items if isinstance(p, TupleType) else [p]
    out: list[tuple[str, bool]] = []
    for item in map(get_proper_type, items):
        if isinstance(item, LiteralType):
            item = item.fallback
        elif isinstance(item, TypeVarType):
            item = get_proper_type(item.upper_bound)
        if not isinstance(item, Instance) or item.type.fullname not in ("builtins.int", "builtins.bool"):
            return None
        out.append(("bool", False) if item.type.fullname == "builtins.bool" else ("int", True))
    return out


def unravel_index_hook(rules: Rules, shaped: Callable[[Callable[[FunctionContext], Type]],
                                                      Callable[[FunctionContext], Type]]
                       ) -> Callable[[FunctionContext], Type]:
    """``arraytyping.numpy.unravel_index(indices, shape)``: a tuple of one array per size of ``shape``, each of
    op_rules' ``unravel_index_result`` dtype (complex ``indices`` refused), ``tuple[Array[...], ...]`` where the
    number of sizes is unknown; ``shaped`` gives an array ``indices``' shape (the shapes layer, or none)."""
    what = "arraytyping.numpy.unravel_index"

    def element(ctx: FunctionContext) -> Type:
        sizes = _python_sizes(ctx.arg_types[1][0])
        return unary(ctx, rules, ctx.arg_types[0][0], "unravel_index", what,
                     lambda _, m: rules.unravel_index(m, sizes))
    each = shaped(element)

    def hook(ctx: FunctionContext) -> Type:
        if len(ctx.arg_types) < 2 or not ctx.arg_types[0] or not ctx.arg_types[1]:
            return ctx.default_return_type
        sizes = _python_sizes(ctx.arg_types[1][0])
        t = each(ctx)
        if isinstance(get_proper_type(t), AnyType):
            return t  # refused (reported), or an operand the plugin does not read
        fallback = ctx.api.named_generic_type("builtins.tuple", [t])
        return fallback if sizes is None else TupleType([t] * len(sizes), fallback)
    return hook


def ediff1d_hook(rules: Rules) -> Callable[[FunctionContext], Type]:
    """``arraytyping.numpy.ediff1d(ary, to_end=None, to_begin=None)``: op_rules' ``ediff1d_result`` of ``ary``,
    strong where an end other than None is given (bool refused)."""
    what = "arraytyping.numpy.ediff1d"

    def hook(ctx: FunctionContext) -> Type:
        if not ctx.arg_types or not ctx.arg_types[0]:
            return ctx.default_return_type
        ends = any(i < len(ctx.arg_types) and ctx.arg_types[i] and
                   not isinstance(get_proper_type(ctx.arg_types[i][0]), NoneType) for i in (1, 2))
        return unary(ctx, rules, ctx.arg_types[0][0], "ediff1d", what, lambda _, m: rules.ediff1d(m, ends))
    return hook


def unique_hook(rules: Rules) -> Callable[[FunctionContext], Type]:
    """``arraytyping.numpy.unique(ar, ...)`` returning one array: op_rules' ``unique`` rule (``ar``'s dtype, strong
    with a ``fill_value``). The stubs answer as with x64 off (a ``float64`` array's unique values ``float32``), so
    the plugin answers where x64 is on; the tuple forms stay the stubs' gradual ones."""
    what = "arraytyping.numpy.unique"

    def hook(ctx: FunctionContext) -> Type:
        ret = get_proper_type(ctx.default_return_type)
        if not ctx.arg_types or not ctx.arg_types[0] or not (
                isinstance(ret, Instance) and ret.type.fullname == _types.ARRAY):
            return ctx.default_return_type
        fill = next((ts[0] for name, ts in zip(ctx.callee_arg_names, ctx.arg_types)
                     if name == "fill_value" and ts), None)
        filled = fill is not None and not isinstance(get_proper_type(fill), NoneType)
        return unary(ctx, rules, ctx.arg_types[0][0], "unique", what, lambda _, m: rules.unique(m, filled))
    return hook


def bincount_hook(rules: Rules) -> Callable[[FunctionContext], Type]:
    """``arraytyping.numpy.bincount(x, weights=None, ...)``: op_rules' ``bincount_result``: the configuration's
    default integer, or with ``weights`` their dtype (strong); an ``x`` of another kind than integer or bool, and
    bool weights, refused."""
    what = "arraytyping.numpy.bincount"

    def hook(ctx: FunctionContext) -> Type:
        if not ctx.arg_types or not ctx.arg_types[0]:
            return ctx.default_return_type
        x = ctx.arg_types[0][0]
        weights = ctx.arg_types[1][0] if len(ctx.arg_types) > 1 and ctx.arg_types[1] else None
        if weights is None or isinstance(get_proper_type(weights), NoneType):
            return unary(ctx, rules, x, "bincount", what, lambda _, m: rules.bincount(m, None))
        return _binary.binary(ctx, rules, x, weights, "bincount", what, _errors.DTYPE_PROMOTION_ARG,
                              rule=rules.bincount)
    return hook


def lax_top_k_hook(rules: Rules) -> Callable[[FunctionContext], Type]:
    """``arraytyping.lax.top_k(x, k)``: the tuple of the values (``x``'s own type) and the ``int32`` indices (weak
    when ``x`` is), op_rules' ``lax_top_k_result``; a complex ``x`` refused."""
    what = "arraytyping.lax.top_k"

    def hook(ctx: FunctionContext) -> Type:
        if not ctx.arg_types or not ctx.arg_types[0]:
            return ctx.default_return_type
        fields: list[Type] = []
        for i in range(2):
            t = unary(ctx, rules, ctx.arg_types[0][0], "top_k", what, functools.partial(_top_k_field, rules, i))
            if isinstance(get_proper_type(t), AnyType):
                return t  # refused (reported once, for the values)
            fields.append(t)
        return TupleType(fields, ctx.api.named_generic_type("builtins.tuple", [_types.array_type(
            ctx.api, AnyType(TypeOfAny.special_form))]))
    return hook


def lax_reduce_window_hook(rules: Rules) -> Callable[[FunctionContext], Type]:
    """``arraytyping.lax.reduce_window(x, init_value, computation, ...)`` of one array: ``x``'s own dtype
    (op_rules' ``lax_reduce_window_result``: ``Any`` for a weak ``x``); a tuple of operands stays gradual."""
    def hook(ctx: FunctionContext) -> Type:
        if not ctx.arg_types or not ctx.arg_types[0]:
            return ctx.default_return_type
        return unary(ctx, rules, ctx.arg_types[0][0], "reduce_window", "arraytyping.lax.reduce_window",
                     rules.lax_reduce_window)
    return hook


def _top_k_field(rules: Rules, field: int, fn: str, m: Member) -> str | Exception:
    return rules.lax_top_k(field, m)


def _is_python_real(t: Type) -> bool:
    """Whether ``t`` is a Python ``int`` or ``float`` (a weak operand, as the default ``epsilon`` is)."""
    p = get_proper_type(t)
    if isinstance(p, LiteralType):
        p = p.fallback
    return isinstance(p, Instance) and p.type.fullname in ("builtins.int", "builtins.float")


def abs_builtin_hook(rules: Rules) -> Callable[[FunctionContext], Type]:
    """``abs(x)`` of an ``Array`` (typeshed: what ``__abs__`` returns, which the plugin replaced by one signature);
    of anything else, typeshed's answer."""
    def hook(ctx: FunctionContext) -> Type:
        arg = get_proper_type(ctx.arg_types[0][0]) if ctx.arg_types and ctx.arg_types[0] else None
        if not (isinstance(arg, Instance) and _types.as_array(arg) is not None):
            return ctx.default_return_type
        return unary(ctx, rules, arg, "abs", "abs()")
    return hook


def _as_array(rules: Rules, m: Member) -> Member:
    """A Python scalar as the array JAX makes of it (a weak one of its kind's default dtype; ``bool`` strong), the
    operand a reduction's rule takes; any other member as it is."""
    if not m[2]:
        return m
    return (rules.dtype_of(m), True, False, False) if m[0] in L.WEAK_NAMES else (m[0], m[1], False, False)


def _reduce(rules: Rules, fn: str, m: Member, dtype: str | None) -> str | Exception:
    if fn in ("max", "min"):  # the operand is converted (strongly) first
        return static_of(rules.dtype_of(m), False)
    if fn in ("any", "all"):
        return "bool_"
    return rules.reduction(fn, m, dtype)


def _is_true(t: Type) -> bool:
    """Whether ``t`` is the literal ``True``."""
    p = get_proper_type(t)
    if isinstance(p, Instance) and p.last_known_value is not None:
        p = p.last_known_value
    return isinstance(p, LiteralType) and p.value is True


def reduction(ctx: MethodContext | FunctionContext, rules: Rules, fn: str, operand: Type) -> Type:
    """``fn`` of ``operand`` by ``op_rules.reduction_result`` in the configured lattice, with or without ``dtype=``
    (a known ``dtype`` decides alone)."""
    dtype: str | None = None
    names = ctx.callee_arg_names
    if fn in FUNCTION_REDUCTIONS and any(_types.passed(ctx, p) for p in _GRADUAL_WHEN_GIVEN):
        return _types.array_of(ctx.api, ("any", None), {})
    if "promote_integers" in names and (i := names.index("promote_integers")) < len(ctx.arg_types) \
            and ctx.arg_types[i] and not _is_true(ctx.arg_types[i][0]):
        return _types.array_of(ctx.api, ("any", None), {})  # promote_integers=False keeps narrow integers
    if fn in OR.REDUCTIONS and "dtype" in names and (i := names.index("dtype")) < len(ctx.arg_types) \
            and ctx.arg_types[i]:
        arg = get_proper_type(ctx.arg_types[i][0])
        if not isinstance(arg, NoneType):
            d = _dtype_args.dtype_node(arg, weak_python=True)
            if isinstance(d, _dtype_args.Invalid):
                _dtype_args.report_invalid(ctx, d, f"{fn}(dtype=...)")
                return AnyType(TypeOfAny.from_error)
            if d is None:
                return _types.array_of(ctx.api, ("any", None), {})  # a dtype it cannot read (a DTypeLike variable)
            dtype = d
    if dtype is not None:
        r = rules.reduction(fn, None, dtype)
        if isinstance(r, Exception):
            _errors.reject(ctx, r, f"dtype={dtype}", None, f"{fn}", _errors.DTYPE_PROMOTION_CALL)
            return AnyType(TypeOfAny.from_error)
        return _types.array_of(ctx.api, ("class", r), {})
    o = _types.operand(operand, rules)
    if not isinstance(o, DtypeSet) and OR.REDUCTION.get(fn) in ("index", "bool"):
        # whatever the operand holds: the default integer (argmax, argmin, count_nonzero) or bool (any, all)
        constant = static_of(L.default_name("i", rules.x64), False) if OR.REDUCTION[fn] == "index" else "bool_"
        return _types.array_of(ctx.api, ("class", constant), {})
    if not isinstance(o, DtypeSet) or (fn not in FUNCTION_REDUCTIONS and any(m[2] for m in o.members)):
        return _types.array_of(ctx.api, ("any", None), {})  # gradual, or a Python scalar (the stubs' answer)
    results = [(_reduce(rules, fn, _as_array(rules, m), None), m, m) for m in o.members]
    answer = rules.summarize(results, o, None)
    if answer[0] in ("error", "refused"):
        _refuse(ctx, answer, o, operand, fn)
        return AnyType(TypeOfAny.from_error)
    return _types.array_of(ctx.api, answer, _types.type_vars(operand))


def reduction_hook(rules: Rules, fn: str, *, method: bool) -> Callable[[MethodContext], Type] | \
        Callable[[FunctionContext], Type]:
    if method:
        return lambda ctx: reduction(ctx, rules, fn, ctx.type)

    def hook(ctx: FunctionContext) -> Type:
        operand = ctx.arg_types[0][0] if ctx.arg_types and ctx.arg_types[0] else AnyType(TypeOfAny.special_form)
        return reduction(ctx, rules, fn, operand)
    return hook
