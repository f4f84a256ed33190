"""Functions whose result is their operands' join, op_rules' ``shape_result``: ``concatenate``, ``stack``,
``vstack``, ``hstack`` and ``column_stack`` of a list or tuple written in the call (the ``promote`` family: the
items' join, weakly typed when the join is a weak node; ``dtype=`` gives that dtype, strong), whose shapes are
:mod:`._shapes`' (``joined``); ``clip`` of an array and its bounds (``promote_real``: complex refused); ``select``
of its choices and default; ``choose`` of its choices (``choose_hook``: the join of a list, tuple or array of choices,
canonicalized and strong, ``op_rules.choose_result``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from mypy.nodes import Expression, IntExpr, ListExpr, TupleExpr
from mypy.plugin import FunctionContext, MethodContext
from mypy.types import AnyType, Instance, LiteralType, NoneType, TupleType, Type, TypeOfAny, get_proper_type

from arraytyping_mypy import _dtypes, _errors, _types
from arraytyping_mypy._rules import OR, REJECTIONS, L, DtypeSet, Member, Rules, describe, static_of

__all__ = ["JOINING", "append_hook", "choose_hook", "clip_answer", "clip_hook", "clip_method_hook", "diff_hook",
           "element", "items", "joining_hook", "promoted_answer", "ravel_multi_index_hook", "select_hook"]

JOINING: Final = ("concatenate", "concat", "stack", "vstack", "hstack", "dstack", "column_stack")
"""The ``arraytyping.numpy`` functions that join a sequence of arrays, op_rules' ``promote`` family."""


def items(ctx: FunctionContext | MethodContext, i: int = 0) -> list[Type] | None:
    """The types of the arrays of the call's ``i``-th argument, one per item, where it is a list or tuple written
    in the call (``[x, y]``: mypy has inferred each item, and joined them for the list's type) or has a tuple type;
    None otherwise (a variable list: how many is unknown; :func:`element` may say of which type)."""
    if len(ctx.arg_types) <= i or not ctx.arg_types[i] or not ctx.args[i]:
        return None
    t = get_proper_type(ctx.arg_types[i][0])
    if isinstance(t, TupleType):
        return list(t.items)
    expr: Expression = ctx.args[i][0]
    lookup = getattr(ctx.api, "lookup_type", None)  # TypeChecker's: the type already inferred for an item
    if not isinstance(expr, (ListExpr, TupleExpr)) or lookup is None:
        return None
    out: list[Type] = []
    for item in expr.items:
        try:
            out.append(lookup(item))
        except KeyError:
            return None
    return out


def clip_hook(rules: Rules) -> Callable[[FunctionContext], Type]:
    """``arraytyping.numpy.clip(arr, min, max)``: :func:`clip_answer` of the three."""
    def hook(ctx: FunctionContext) -> Type:
        return clip_answer(ctx, rules, [ts[0] if ts else None for ts in ctx.arg_types[:3]], "arraytyping.numpy.clip")
    return hook


def clip_method_hook(rules: Rules) -> Callable[[MethodContext], Type]:
    """``x.clip(min, max)``: :func:`clip_answer` of ``x`` and the bounds; an array whatever they are."""
    def hook(ctx: MethodContext) -> Type:
        operands = [ctx.type, *(ts[0] if ts else None for ts in ctx.arg_types[:2])]
        return _types.array_or_gradual(ctx.api, clip_answer(ctx, rules, operands, "Array.clip()"))
    return hook


def clip_answer(ctx: FunctionContext | MethodContext, rules: Rules, operands: list[Type | None], what: str) -> Type:
    """``clip`` of the array ``operands[0]`` and its bounds: :func:`promoted_answer`."""
    return promoted_answer(ctx, rules, "clip", operands, what)


def diff_hook(rules: Rules) -> Callable[[FunctionContext], Type]:
    """``arraytyping.numpy.diff(a, n, axis, prepend, append)``: :func:`promoted_answer` of the array and what
    ``prepend``/``append`` join to it; ``n=0`` returns the array as it is, so a ``prepend`` or ``append`` with an
    ``n`` that is no literal makes the call gradual."""
    from arraytyping_mypy._shapes import _arg, _expr, literal_int  # noqa: PLC0415 - one reader of arguments

    def hook(ctx: FunctionContext) -> Type:
        extras = [_arg(ctx, "prepend"), _arg(ctx, "append")]
        if any(t is not None and not isinstance(get_proper_type(t), NoneType) for t in extras):
            e = _expr(ctx, "n")
            n = 1 if e is None else literal_int(e)
            if not isinstance(n, int):
                return ctx.default_return_type
            if n == 0:  # the array as it is: a "same" function's answer
                return promoted_answer(ctx, rules, "ravel", [_arg(ctx, "a")], "arraytyping.numpy.diff")
        return promoted_answer(ctx, rules, "diff", [_arg(ctx, "a"), *extras], "arraytyping.numpy.diff")
    return hook


def promoted_answer(ctx: FunctionContext | MethodContext, rules: Rules, fn: str, operands: list[Type | None],
                    what: str) -> Type:
    """``fn`` (op_rules' ``promote``/``promote_real`` families) of the array ``operands[0]`` and the others (left
    out where None or typed None): op_rules' ``shape_result``; an operand the plugin cannot read makes the call
    gradual, a join JAX refuses (``clip``'s complex operands) is an error."""
    members: list[Member] = []
    generic: DtypeSet | None = None
    for i, t in enumerate(operands):
        if t is None:
            if i == 0:
                return ctx.default_return_type
            continue
        if i > 0 and isinstance(get_proper_type(t), NoneType):
            continue
        o = _types.operand(t, rules)
        single = o.single if isinstance(o, DtypeSet) else None
        if single is None and i == 0 and isinstance(o, DtypeSet):
            generic = o  # a type variable or abstract class, with bounds the plugin reads
            continue
        if single is None:
            return ctx.default_return_type
        members.append(single)
    if generic is not None:
        assert operands[0] is not None
        return _generic(ctx, rules, fn, [generic], members, [operands[0]], what)
    return _answer(ctx, rules, fn, members, None, what)


def _generic(ctx: FunctionContext | MethodContext, rules: Rules, fn: str, sets: list[DtypeSet], fixed: list[Member],
             types: list[Type], what: str | None = None) -> Type:
    """``fn`` of arrays whose dtype is one type variable or abstract class (``sets``, all one set) and of the
    ``fixed`` operands (``clip``'s bounds): the variable where each of its instantiations gives itself back
    (``concatenate((x, x))``, ``clip(x, 0.0, 1.0)`` for ``x: Array[F]``), the smallest abstract class holding every
    result of members of an abstract class; gradual where the sets differ or an answer is gradual. What JAX refuses
    for some instantiations is no error (it runs for the others); what it refuses for all of them is
    (``clip(x, 0, 1)`` for ``x: Array[C]``, ``C`` bound to ``complexfloating``)."""
    first = sets[0]
    if any(s != first for s in sets):
        return ctx.default_return_type
    pairs = ([(m, m) for m in first.members] if first.var is not None or len(sets) == 1
             else [(a, b) for a in first.members for b in first.members])
    results = [(rules.shape(fn, a, *([b] if len(sets) > 1 else []), *fixed), a, b) for a, b in pairs]
    answer = rules.summarize(results, first, first if len(sets) > 1 else None)
    if answer[0] == "refused":  # no dtype the variable or abstract class may hold runs
        assert isinstance(answer[1], Exception)
        _errors.reject(ctx, answer[1], f"{_types.show(types[0])} (every dtype it may hold)", None,
                       what or f"arraytyping.numpy.{fn}", _errors.DTYPE_PROMOTION_CALL)
        return AnyType(TypeOfAny.from_error)
    if answer[0] in ("error", "any"):
        return ctx.default_return_type
    return _types.array_of(ctx.api, answer, _types.type_vars(*types))


def _answer(ctx: FunctionContext | MethodContext, rules: Rules, fn: str, members: list[Member], dtype: str | None, what: str
            ) -> Type:
    try:
        name, weak = OR.shape_result(fn, [m[:2] for m in members], rules.cfg, dtype)
    except (L.TypePromotionError, OR.OperandTypeError, OR.OperandValueError) as e:
        _errors.reject(ctx, e, ", ".join(describe(m) for m in members), None, what, _errors.DTYPE_PROMOTION_CALL)
        return AnyType(TypeOfAny.from_error)
    return _types.array_of(ctx.api, ("class", static_of(name, weak)), {})


_SEQUENCES: Final = frozenset({"builtins.list", "builtins.tuple", "typing.Sequence", "collections.abc.Sequence"})


def element(ctx: FunctionContext | MethodContext, i: int = 0) -> Type | None:
    """The item type of a list or sequence the call passes in a variable (``xs: list[Array[float32]]``) as its
    ``i``-th argument: every item has it, and a join of one type with itself is that type, however many items there
    are."""
    if len(ctx.arg_types) <= i or not ctx.arg_types[i]:
        return None
    t = get_proper_type(ctx.arg_types[i][0])
    if isinstance(t, Instance) and t.type.fullname in _SEQUENCES and len(t.args) == 1:
        return t.args[0]
    return None


def _items_or_two(ctx: FunctionContext | MethodContext, i: int) -> list[Type] | None:
    """:func:`items` of the ``i``-th argument, else its :func:`element` twice (a variable list of any number of
    items of one type: their join is that of two)."""
    out = items(ctx, i)
    if out is None:
        one = element(ctx, i)
        out = None if one is None else [one, one]
    return out


def joining_hook(rules: Rules, fn: str) -> Callable[[FunctionContext], Type]:
    """``arraytyping.numpy.<fn>([x, y, ...], ..., dtype=None)`` for ``fn`` in :data:`JOINING`: op_rules'
    ``shape_result`` of the items' dtypes; an item the plugin cannot read (``Array[Any]``, a type variable, a union)
    makes the answer gradual, and a join JAX refuses (strict promotion, float8 with float32) is an error."""
    what = f"arraytyping.numpy.{fn}"

    def hook(ctx: FunctionContext) -> Type:
        read = _dtypes.dtype_given(ctx, what)
        if read is None:
            return AnyType(TypeOfAny.from_error)
        given, dtype = read
        if given and dtype is None:
            return ctx.default_return_type  # a dtype the plugin cannot read
        types = _items_or_two(ctx, 0)
        if not types:
            return ctx.default_return_type
        members: list[Member] = []
        generic: list[DtypeSet] = []
        for t in types:
            o = _types.operand(t, rules)
            single = o.single if isinstance(o, DtypeSet) else None
            if single is None and dtype is None and isinstance(o, DtypeSet) and not members:
                generic.append(o)  # a type variable or abstract class: every item must be the same
                continue
            if single is None:
                if dtype is None:
                    return ctx.default_return_type
                continue  # dtype= decides, whatever this item is
            if generic:
                return ctx.default_return_type
            members.append(single)
        if generic:
            return _generic(ctx, rules, fn, generic, [], types)
        return _answer(ctx, rules, fn, members, dtype, what)
    return hook


def append_hook(rules: Rules) -> Callable[[FunctionContext], Type]:
    """``arraytyping.numpy.append(arr, values, axis=None)``: op_rules' ``shape_result`` of the two operands' dtypes
    (``concatenate``'s join); an operand the plugin cannot read makes the answer gradual (the stubs' ``Array[Any]``),
    and a join JAX refuses is an error."""
    what = "arraytyping.numpy.append"

    def hook(ctx: FunctionContext) -> Type:
        if len(ctx.arg_types) < 2 or not ctx.arg_types[0] or not ctx.arg_types[1]:
            return ctx.default_return_type
        members: list[Member] = []
        for t in (ctx.arg_types[0][0], ctx.arg_types[1][0]):
            o = _types.operand(t, rules)
            single = o.single if isinstance(o, DtypeSet) else None
            if single is None:
                return ctx.default_return_type
            members.append(single)
        return _answer(ctx, rules, "append", members, None, what)
    return hook


_ZERO: Final[Member] = ("int", True, True, False)
"""``select``'s default when the call leaves it out: ``0``, a Python int."""


def select_hook(rules: Rules) -> Callable[[FunctionContext], Type]:
    """``arraytyping.numpy.select(condlist, choicelist, default=0)``: op_rules' ``shape_result`` of the choices
    (a list or tuple written in the call, or a variable list of one item type) and the default, joined; a choice or
    default the plugin cannot read makes the answer gradual, and a join JAX refuses is an error, as are lists or
    tuples of conditions and choices written in the call that differ in length (JAX's ``ValueError``)."""
    what = "arraytyping.numpy.select"

    def hook(ctx: FunctionContext) -> Type:
        choices, conds = items(ctx, 1), items(ctx, 0)
        if choices is not None and conds is not None and len(choices) != len(conds):
            ctx.api.fail(f"{what}: condlist must have length equal to choicelist ({len(conds)} vs {len(choices)}), "
                         f"as JAX requires", ctx.context, code=_errors.SHAPE_MISMATCH_ARG)
            return AnyType(TypeOfAny.from_error)
        types = _items_or_two(ctx, 1)
        if not types:
            return ctx.default_return_type  # an empty choicelist is JAX's ValueError, left to the run
        default = _ZERO
        if len(ctx.arg_types) > 2 and ctx.arg_types[2]:
            o = _types.operand(ctx.arg_types[2][0], rules)
            single = o.single if isinstance(o, DtypeSet) else None
            if single is None:
                return ctx.default_return_type
            default = single
        sets = [_types.operand(t, rules) for t in types]
        if not all(isinstance(o, DtypeSet) for o in sets):
            return ctx.default_return_type
        readable = [o for o in sets if isinstance(o, DtypeSet)]
        members = [o.single for o in readable if o.single is not None]
        if len(members) == len(readable):
            return _answer(ctx, rules, "select", [*members, default], None, what)
        if members:
            return ctx.default_return_type
        return _generic(ctx, rules, "select", readable, [default], types)
    return hook


_INDEX: Final[Member] = ("int32", False, False, False)
"""An integer index standing for one the plugin cannot read: the index decides no dtype, only a refusal."""


def choose_hook(rules: Rules, *, method: bool) -> Callable[[FunctionContext | MethodContext], Type]:
    """``arraytyping.numpy.choose(a, choices)`` and ``a.choose(choices)``: op_rules' ``choose_result`` of the index
    and the choices, a list or tuple written in the call (each item), a variable list of one item type, or one array
    (its rows); a choice the plugin cannot read makes the answer gradual, and what JAX refuses (an index that is not
    an integer, choices that do not promote) is an error. An index the plugin cannot read decides nothing; choices
    whose dtype is one type variable or abstract class give what each of its dtypes gives (the variable where each
    gives itself back). No choices at all is left to the run (JAX then fails on the index values)."""
    what = "Array.choose()" if method else "arraytyping.numpy.choose"
    at = 0 if method else 1

    def hook(ctx: FunctionContext | MethodContext) -> Type:
        index_type = ctx.type if isinstance(ctx, MethodContext) else (
            ctx.arg_types[0][0] if ctx.arg_types and ctx.arg_types[0] else None)
        index_set = None if index_type is None else _types.operand(index_type, rules)
        index = index_set.single if isinstance(index_set, DtypeSet) else None
        types = items(ctx, at)
        if types is None:
            one = element(ctx, at)
            if one is None and len(ctx.arg_types) > at and ctx.arg_types[at]:
                one = ctx.arg_types[at][0]  # one array of choices: its rows, all of its dtype
            types = None if one is None else [one]
        if not types:
            return ctx.default_return_type
        sets = [_types.operand(t, rules) for t in types]
        readable = [o for o in sets if isinstance(o, DtypeSet)]
        if len(readable) != len(sets):
            return ctx.default_return_type
        members = [o.single for o in readable if o.single is not None]
        if len(members) != len(readable):
            first = readable[0]
            if members or any(o != first for o in readable):
                return ctx.default_return_type
            results = [(rules.choose(index or _INDEX, m), m, m) for m in first.members]
            answer = rules.summarize(results, first, None)
            if answer[0] in ("error", "any", "refused"):
                return ctx.default_return_type
            return _types.array_of(ctx.api, answer, _types.type_vars(*types))
        try:
            name, weak = OR.choose_result((index or _INDEX)[:2], [m[:2] for m in members], rules.cfg)
        except (L.TypePromotionError, OR.OperandTypeError, OR.OperandValueError) as e:
            choices = ", ".join(describe(m) for m in members)
            on = f"an index of {describe(index)} and choices of {choices}" if index is not None \
                else f"choices of {choices}"
            _errors.reject(ctx, e, on, None, what, _errors.DTYPE_PROMOTION_CALL)
            return AnyType(TypeOfAny.from_error)
        return _types.array_of(ctx.api, ("class", static_of(name, weak)), {})
    return hook


def _literal_sizes(ctx: FunctionContext, i: int) -> list[int] | None:
    """The sizes of the call's ``i``-th argument where it is a tuple or list of int literals written in the call
    (``(3, 4)``: the literals, which mypy infers as ``tuple[int, int]``) or a tuple type of int literals; else
    None."""
    written = ctx.args[i][0] if len(ctx.args) > i and len(ctx.args[i]) == 1 else None
    if isinstance(written, (ListExpr, TupleExpr)):
        found = [item.value if isinstance(item, IntExpr) else None for item in written.items]
        return None if None in found else [v for v in found if v is not None]
    if len(ctx.arg_types) <= i or not ctx.arg_types[i]:
        return None
    t = get_proper_type(ctx.arg_types[i][0])
    if not isinstance(t, TupleType):
        return None
    out: list[int] = []
    for item in map(get_proper_type, t.items):
        if not (isinstance(item, LiteralType) and type(item.value) is int):
            return None
        out.append(item.value)
    return out


def ravel_multi_index_hook(rules: Rules) -> Callable[[FunctionContext], Type]:
    """``arraytyping.numpy.ravel_multi_index(multi_index, dims, ..., dtype=None)``: op_rules'
    ``ravel_multi_index_result`` of the indices (a tuple or list written in the call, each of one dtype) or of the
    given ``dtype``, in this configuration (strong); a dtype that is not an integer type, or too small for literal
    ``dims``, and indices of another kind than integer are errors, as JAX raises. Indices the plugin cannot read
    without a ``dtype``, or a dtype it cannot read, give ``Array[Any]`` (the call's signature is permissive: the
    stubs' overloads would fail on the hook's errors)."""
    what = "arraytyping.numpy.ravel_multi_index"

    def hook(ctx: FunctionContext) -> Type:
        dtype = _dtypes.dtype_given(ctx, what)
        if dtype is None:
            return AnyType(TypeOfAny.from_error)
        given, node = dtype
        gradual = _types.array_of(ctx.api, ("any", None), {})
        if given and node is None:  # a dtype the plugin cannot read
            return gradual
        types = items(ctx, 0)
        sets = [] if types is None else [_types.operand(t, rules) for t in types]
        members = [o.single for o in sets if isinstance(o, DtypeSet) and o.single is not None]
        known = types is not None and len(members) == len(types)
        if not known and not given:
            return gradual
        try:
            name, weak = OR.ravel_multi_index_result([m[:2] for m in members] if known else [],
                                                     _literal_sizes(ctx, 1), node, rules.cfg)
        except REJECTIONS as e:
            on = " with ".join([*([f"dtype {node}"] if given else []),
                                *(["indices " + ", ".join(describe(m) for m in members)] if known else [])])
            _errors.reject(ctx, e, on, None, what, _errors.DTYPE_PROMOTION_ARG)
            return AnyType(TypeOfAny.from_error)
        return _types.array_of(ctx.api, ("class", static_of(name, weak)), {})
    return hook
