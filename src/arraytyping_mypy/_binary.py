"""Binary operations: ``Array``'s operators (forward and reflected, also inherited by subclasses), a numpy value's
operators with an ``Array`` on the right, ``arraytyping.numpy``'s binary functions and ``where``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from mypy import errorcodes as codes
from mypy.errorcodes import ErrorCode
from mypy.plugin import FunctionContext, MethodContext
from mypy.types import AnyType, Instance, TupleType, Type, TypeOfAny, UnionType, get_proper_type

from arraytyping_mypy import _errors, _types
from arraytyping_mypy._rules import OR, DtypeSet, Member, Rules, describe

__all__ = ["COMPARISONS", "FUNCTIONS", "OPERATORS", "SYMBOL", "binary", "divmod_hook", "dot_method_hook", "einsum_hook",
           "left_operand_hook", "linalg_solve_hook", "product_hook"]

OPERATORS: Final[dict[str, str]] = {  # Array dunder (without underscores) -> op_rules operation
    "add": "add", "sub": "subtract", "mul": "multiply", "truediv": "true_divide", "floordiv": "floor_divide",
    "mod": "remainder", "pow": "power", "matmul": "matmul", "and": "bitwise_and", "or": "bitwise_or",
    "xor": "bitwise_xor", "lshift": "left_shift", "rshift": "right_shift",
    "lt": "less", "le": "less_equal", "gt": "greater", "ge": "greater_equal", "eq": "equal", "ne": "not_equal",
}
COMPARISONS: Final = frozenset({"lt", "le", "gt", "ge", "eq", "ne"})
REFLECTED_COMPARISON: Final = {"lt": "gt", "le": "ge", "gt": "lt", "ge": "le", "eq": "eq", "ne": "ne"}
SYMBOL: Final = {"add": "+", "sub": "-", "mul": "*", "floordiv": "//", "mod": "%", "pow": "**", "matmul": "@",
                 "truediv": "/", "and": "&", "or": "|", "xor": "^", "lshift": "<<", "rshift": ">>", "lt": "<",
                 "le": "<=", "gt": ">", "ge": ">=", "eq": "==", "ne": "!="}
FUNCTIONS: Final[dict[str, str]] = {**{op: op for op in (*OR.BINARY_OPS, *OR.BINARY_FUNCTIONS)}, "mod": "remainder",
                                    **OR.BINARY_ALIASES}
"""``arraytyping.numpy``'s binary functions and the ``op_rules`` operation each is (its aliases included: the stubs'
``pow = power`` is a name of its own to mypy, and was left to the stubs' overloads); op_rules' ``BINARY_FUNCTIONS``
(``arctan2``, ``hypot``, ``gcd``, ``isclose``...) by their own rule."""


def binary(ctx: MethodContext | FunctionContext, rules: Rules, left: Type, right: Type, op: str, what: str,
           code: ErrorCode, rule: Callable[[Member, Member], str | Exception] | None = None) -> Type:
    """The type of ``op(left, right)`` (by ``rule`` where given, else op_rules' rule of ``op``); an error
    (``code``) where the rule refuses every dtype the operands may have (one concrete pair), or where an operand is
    no operand at all."""
    lo, ro = _types.operand(left, rules), _types.operand(right, rules)
    if lo is None or ro is None:
        ctx.api.fail(f"Unsupported operand types for {what} ({_types.show(left)} and {_types.show(right)})",
                     ctx.context, code=codes.OPERATOR if code.sub_code_of == codes.OPERATOR else codes.ARG_TYPE)
        return AnyType(TypeOfAny.from_error)
    compare = OR.FAMILY.get(op) == "compare"
    if not isinstance(lo, DtypeSet) or not isinstance(ro, DtypeSet):
        return _types.array_type(ctx.api, ctx.api.named_generic_type("arraytyping.bool_", [])
                                 if compare else AnyType(TypeOfAny.implementation_artifact))

    def fn(a: Member, b: Member) -> str | Exception:
        return rules.binary(op, a, b)

    answer = rules.combine(lo, ro, fn if rule is None else rule)
    if answer[0] == "error":
        err = answer[1]
        assert isinstance(err, Exception) and lo.single is not None and ro.single is not None
        _errors.reject(ctx, err, describe(lo.single), describe(ro.single), what, code)
        return AnyType(TypeOfAny.from_error)
    if answer[0] == "refused":  # a union, abstract class or type variable, every dtype of which JAX refuses here
        err = answer[1]
        assert isinstance(err, Exception)
        _errors.reject(ctx, err, _types.show(left), f"{_types.show(right)}: every dtype they may hold is refused",
                       what, code)
        return AnyType(TypeOfAny.from_error)
    return _types.array_of(ctx.api, answer, _types.type_vars(left, right))


def operator_hook(rules: Rules, name: str, reflected: bool) -> object:
    """The method hook of ``Array.__<name>__`` (``__r<name>__`` when ``reflected``)."""
    def hook(ctx: MethodContext) -> Type:
        other = ctx.arg_types[0][0] if ctx.arg_types and ctx.arg_types[0] else AnyType(TypeOfAny.special_form)
        left, right = (other, ctx.type) if reflected else (ctx.type, other)
        return binary(ctx, rules, left, right, OPERATORS[name], f"operator {SYMBOL[name]}", _errors.DTYPE_PROMOTION)
    return hook


def left_operand_hook(rules: Rules, name: str) -> object:
    """The method hook of ``__<name>__`` of a left operand whose own stubs take an ``Array`` on the right, though the
    ``Array`` answers at run time: a numpy type (numpy defers to JAX's ``__array_priority__``), and a Python scalar's
    ``__eq__``/``__ne__`` (typeshed's take any object; at run time they return NotImplemented). Otherwise the left
    operand's own answer."""
    def hook(ctx: MethodContext) -> Type:
        if not ctx.arg_types or not ctx.arg_types[0]:
            return ctx.default_return_type
        other = ctx.arg_types[0][0]
        if not _is_array(other):
            return ctx.default_return_type
        if name in COMPARISONS:  # x > np_value is what runs: Array.__gt__
            return binary(ctx, rules, other, ctx.type, OPERATORS[REFLECTED_COMPARISON[name]],
                          f"operator {SYMBOL[name]}", _errors.DTYPE_PROMOTION)
        return binary(ctx, rules, ctx.type, other, OPERATORS[name], f"operator {SYMBOL[name]}",
                      _errors.DTYPE_PROMOTION)
    return hook


def divmod_hook(rules: Rules, side: str) -> object:
    """The method hook of ``__divmod__``/``__rdivmod__``: the pair ``(a // x, a % x)``. ``side`` is ``"array"``
    (``Array.__divmod__``), ``"reflected"`` (``Array.__rdivmod__``: the other operand on the left) or ``"numpy"``
    (a numpy value's ``__divmod__``: mypy checks
    ``divmod(a, x)`` as ``a.__divmod__(x)``, numpy's stubs take an ``Array`` there, but at run time numpy defers to
    ``Array.__rdivmod__``, ``__array_priority__``; with anything but an ``Array`` on the right, numpy's answer)."""
    def hook(ctx: MethodContext) -> Type:
        if not ctx.arg_types or not ctx.arg_types[0]:
            return ctx.default_return_type
        other = ctx.arg_types[0][0]
        if side == "numpy" and not _is_array(other):
            return ctx.default_return_type
        left, right = (other, ctx.type) if side == "reflected" else (ctx.type, other)
        return _divmod_pair(ctx, rules, left, right, "divmod()", _errors.DTYPE_PROMOTION)
    return hook


def _is_array(t: Type) -> bool:
    """An ``Array`` (or a subclass), or a union of them."""
    p = get_proper_type(t)
    if isinstance(p, UnionType):
        return bool(p.items) and all(_is_array(i) for i in p.items)
    return isinstance(p, Instance) and any(b.fullname == _types.ARRAY for b in p.type.mro)


def function_hook(rules: Rules, fn: str) -> object:
    """The function hook of ``arraytyping.numpy.<fn>(x1, x2)``."""
    def hook(ctx: FunctionContext) -> Type:
        if len(ctx.arg_types) < 2 or not ctx.arg_types[0] or not ctx.arg_types[1]:
            return ctx.default_return_type
        return binary(ctx, rules, ctx.arg_types[0][0], ctx.arg_types[1][0], FUNCTIONS[fn],
                      f"arraytyping.numpy.{fn}", _errors.DTYPE_PROMOTION_ARG)
    return hook


def _divmod_pair(ctx: MethodContext | FunctionContext, rules: Rules, left: Type, right: Type, what: str,
                 code: ErrorCode) -> Type:
    """``(left // right, left % right)``, each by its operation's rule, as JAX's ``divmod`` computes them (of
    integers ``floor_divide`` and ``remainder``, which may differ in a weak flag; of floats one dtype:
    op_rules' ``pair_result``, which the rule tests hold to the same answers)."""
    items: list[Type] = []
    for op in ("floor_divide", "remainder"):
        item = binary(ctx, rules, left, right, op, what, code)
        if isinstance(get_proper_type(item), AnyType):  # refused (reported once), or gradual
            return item
        items.append(item)
    return TupleType(items, ctx.api.named_generic_type("builtins.tuple", [UnionType.make_union(items)]))


def numpy_divmod_hook(rules: Rules) -> Callable[[FunctionContext], Type]:
    """``arraytyping.numpy.divmod(x1, x2)``: the pair of ``floor_divide``'s and ``remainder``'s answers (as the
    builtin ``divmod`` of an array), or refused as they refuse."""
    def hook(ctx: FunctionContext) -> Type:
        if len(ctx.arg_types) < 2 or not ctx.arg_types[0] or not ctx.arg_types[1]:
            return ctx.default_return_type
        return _divmod_pair(ctx, rules, ctx.arg_types[0][0], ctx.arg_types[1][0], "arraytyping.numpy.divmod",
                            _errors.DTYPE_PROMOTION_ARG)
    return hook


def dot_method_hook(rules: Rules) -> Callable[[MethodContext], Type]:
    """``x.dot(b)``: ``arraytyping.numpy.dot(x, b)``'s dtype."""
    def hook(ctx: MethodContext) -> Type:
        if not ctx.arg_types or not ctx.arg_types[0]:
            return _types.array_or_gradual(ctx.api, ctx.default_return_type)
        return _types.array_or_gradual(ctx.api, binary(ctx, rules, ctx.type, ctx.arg_types[0][0], FUNCTIONS["dot"],
                                                       "Array.dot()", _errors.DTYPE_PROMOTION_ARG))
    return hook


def product_hook(rules: Rules, fn: str) -> Callable[[FunctionContext], Type]:
    """``arraytyping.numpy.<fn>(a, b)`` for a product of two operands (op_rules' ``CONTRACTION``: ``vdot``,
    ``inner``, ``tensordot``, ``outer``, ``kron``, ``cross``)."""
    def rule(a: Member, b: Member) -> str | Exception:
        return rules.contraction(fn, a, b)

    def hook(ctx: FunctionContext) -> Type:
        if len(ctx.arg_types) < 2 or not ctx.arg_types[0] or not ctx.arg_types[1]:
            return ctx.default_return_type
        return binary(ctx, rules, ctx.arg_types[0][0], ctx.arg_types[1][0], "multiply", f"arraytyping.numpy.{fn}",
                      _errors.DTYPE_PROMOTION_ARG, rule)
    return hook


def einsum_hook(rules: Rules) -> Callable[[FunctionContext], Type]:
    """``arraytyping.numpy.einsum(subscripts, *operands)``: the operands' ``result_type`` (op_rules'
    ``contraction_result``); of one operand, each dtype it may have gives its own answer; of two, as a binary
    function; of more, each operand must be one concrete dtype, else the answer is gradual. The ``dot_general``
    refusals that depend on the contraction path (which operands meet) are not reported."""
    what = "arraytyping.numpy.einsum"

    def hook(ctx: FunctionContext) -> Type:
        # the operands, whichever overload mypy matched: (subscripts, operand), (subscripts, x, y) or
        # (subscripts, x, y, z, *operands), each before the keywords out and optimize
        operands = [t for i, (name, types) in enumerate(zip(ctx.callee_arg_names, ctx.arg_types))
                    if i > 0 and name not in ("out", "optimize") for t in types]
        if not operands:
            return ctx.default_return_type
        if len(operands) == 2:
            return binary(ctx, rules, operands[0], operands[1], "multiply", what, _errors.DTYPE_PROMOTION_ARG,
                          lambda a, b: rules.contraction("einsum", a, b))
        sets = [_types.operand(t, rules) for t in operands]
        if any(o is None for o in sets):
            ctx.api.fail(f"Unsupported operand types for {what} ({', '.join(_types.show(t) for t in operands)})",
                         ctx.context, code=codes.ARG_TYPE)
            return AnyType(TypeOfAny.from_error)
        if not all(isinstance(o, DtypeSet) for o in sets):
            return _types.array_type(ctx.api, AnyType(TypeOfAny.implementation_artifact))
        dsets = [o for o in sets if isinstance(o, DtypeSet)]
        if len(dsets) == 1:
            one = dsets[0]
            answer = rules.summarize([(rules.contraction("einsum", m), m, m) for m in one.members], one, None)
            return _types.array_of(ctx.api, answer, _types.type_vars(operands[0]))
        singles = [o.single for o in dsets]
        if any(m is None for m in singles):
            return _types.array_type(ctx.api, AnyType(TypeOfAny.implementation_artifact))
        members = [m for m in singles if m is not None]
        r = rules.contraction("einsum", *members)
        if isinstance(r, Exception):
            _errors.reject(ctx, r, ", ".join(describe(m) for m in members), None, what, _errors.DTYPE_PROMOTION_ARG)
            return AnyType(TypeOfAny.from_error)
        return _types.array_of(ctx.api, ("any", None) if r == "Any" else ("class", r), {})
    return hook


def linalg_solve_hook(rules: Rules) -> Callable[[FunctionContext], Type]:
    """``arraytyping.numpy.linalg.solve(a, b)``: the operands promoted together, made inexact (op_rules'
    ``linalg_solve_result``)."""
    def hook(ctx: FunctionContext) -> Type:
        if len(ctx.arg_types) < 2 or not ctx.arg_types[0] or not ctx.arg_types[1]:
            return ctx.default_return_type
        return binary(ctx, rules, ctx.arg_types[0][0], ctx.arg_types[1][0], "add", "arraytyping.numpy.linalg.solve",
                      _errors.DTYPE_PROMOTION_ARG, rules.linalg_solve)
    return hook


def lax_same_hook(rules: Rules, fn: str) -> Callable[[FunctionContext], Type]:
    """``arraytyping.lax.add/mul/max/min(x, y)``, ``clamp(min, x, max)``, ``select(pred, on_true, on_false)`` and
    the others of op_rules' ``LAX_SAME_KINDS`` (``pad``, ``dynamic_update_slice``, ``conv_general_dilated``: a
    ``preferred_element_type`` makes it gradual): operands of one dtype, never promoted (a Python scalar is a weak array of its kind's default
    dtype, so ``lax.add(x_f32, 2.0)`` runs with x64 off and is refused with it on). ``clamp`` is judged a pair at a
    time: ``min`` with ``x``, then that result (``x``'s dtype, weak when both are) with ``max``."""
    what = f"arraytyping.lax.{fn}"

    def rule(a: Member, b: Member) -> str | Exception:
        return rules.lax_same(fn, a, b)

    first = 1 if fn == "select" else 0  # select's operands follow its predicate

    def hook(ctx: FunctionContext) -> Type:
        n = 3 if fn in ("clamp", "select") else 2
        if len(ctx.arg_types) < n or not all(ctx.arg_types[i] for i in range(n)):
            return ctx.default_return_type
        if _types.passed(ctx, "preferred_element_type"):
            return AnyType(TypeOfAny.special_form)
        out = binary(ctx, rules, ctx.arg_types[first][0], ctx.arg_types[first + 1][0], "add", what,
                     _errors.DTYPE_PROMOTION_ARG, rule)
        if fn == "select":
            return out
        if n == 3 and not (isinstance(p := get_proper_type(out), AnyType) and p.type_of_any == TypeOfAny.from_error):
            out = binary(ctx, rules, out, ctx.arg_types[2][0], "add", what, _errors.DTYPE_PROMOTION_ARG, rule)
        return out
    return hook


def lax_dot_general_hook(rules: Rules) -> Callable[[FunctionContext], Type]:
    """``arraytyping.lax.dot_general(lhs, rhs, dimension_numbers)`` (op_rules' ``lax_dot_general_result``): the
    higher-ranked operand dtype as XLA ranks them (two of equal rank refused), weak when both operands are. A
    ``preferred_element_type`` other than ``None`` makes the call gradual."""
    what = "arraytyping.lax.dot_general"

    def hook(ctx: FunctionContext) -> Type:
        if len(ctx.arg_types) < 2 or not ctx.arg_types[0] or not ctx.arg_types[1]:
            return ctx.default_return_type
        if _types.passed(ctx, "preferred_element_type"):
            return AnyType(TypeOfAny.special_form)
        return binary(ctx, rules, ctx.arg_types[0][0], ctx.arg_types[1][0], "add", what, _errors.DTYPE_PROMOTION_ARG,
                      rules.lax_dot_general)
    return hook


def where_hook(rules: Rules) -> object:
    """``arraytyping.numpy.where(condition, x, y)``: ``x`` and ``y`` promoted together (``add``'s rule)."""
    def hook(ctx: FunctionContext) -> Type:
        if len(ctx.arg_types) < 3 or not ctx.arg_types[1] or not ctx.arg_types[2]:
            return ctx.default_return_type
        return binary(ctx, rules, ctx.arg_types[1][0], ctx.arg_types[2][0], "add", "arraytyping.numpy.where",
                      _errors.DTYPE_PROMOTION_ARG)
    return hook
