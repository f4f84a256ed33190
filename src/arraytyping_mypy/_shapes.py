"""Shapes: ``Array``'s second type argument, computed by ``arraytyping.shape_rules`` and laid over the dtype hooks.

A shape is ``tuple[...]`` of ``Literal[n]``, type variables bound to ``int`` (symbols: one size throughout a
signature) and ``int`` (any size); without one, any shape. Each hook here wraps a dtype hook: the dtype hook decides
the result's dtype, this module its shape, by the rule of the operation's family (broadcasting, a reduction, ...).
What the rule cannot tell (an unknown rank, a variadic part, an argument that is no literal) is a gradual shape,
never an error; what no values of the symbols could make run is ``[shape-mismatch]``, with both shapes and the axis.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Final, TypeVar, Union

from mypy.errorcodes import ErrorCode
from mypy.nodes import EllipsisExpr, Expression, IntExpr, ListExpr, NameExpr, SliceExpr, TupleExpr, UnaryExpr
from mypy.plugin import AttributeContext, FunctionContext, MethodContext
from mypy.type_visitor import TypeTranslator
from mypy.types import (
    AnyType, CallableType, Overloaded, TypeAliasType, Instance, LiteralType, ProperType, TupleType, Type, TypeOfAny, TypeVarType, UninhabitedType, UnionType,
    get_proper_type,
)

from arraytyping_mypy import _errors, _types
from arraytyping_mypy._rules import SR

__all__ = ["arg_type", "broadcasting", "creation", "fft_transform", "indexing", "joined", "keeping", "like", "matmul",
           "matrix", "quantile", "rank_of", "reducing", "reshaped_method", "shape_function", "shape_of", "size_of_arg",
           "spaced", "stubs_answer", "declares_sizes", "unsolved_sizes_gradual", "transposed", "transposed_any_shape", "transposed_method", "window"]

Dim = Union[int, str, None]
Shape = tuple[Dim, ...]
Ctx = TypeVar("Ctx", MethodContext, FunctionContext)
_PY: Final = frozenset({"builtins.bool", "builtins.int", "builtins.float", "builtins.complex"})
_UNREAD: Final = object()
"""An argument that is not a literal the rules can read (the shape is then gradual)."""


class _Symbols:
    """The type variables met in the operands' shapes, by name, to write a symbolic result back."""

    def __init__(self) -> None:
        self.by_name: dict[str, TypeVarType] = {}

    def dim(self, t: Type) -> Dim:
        p = get_proper_type(t)
        if isinstance(p, Instance) and p.last_known_value is not None:
            p = p.last_known_value
        if isinstance(p, LiteralType) and isinstance(p.value, int) and not isinstance(p.value, bool):
            return p.value
        if isinstance(p, TypeVarType):
            self.by_name[p.fullname] = p
            return p.fullname
        return None


def shape_of(t: Type, symbols: _Symbols) -> Shape | None:
    """The shape of an operand: an ``Array``'s shape argument, ``()`` for a Python or numpy scalar, ``None`` when
    unknown (any rank)."""
    p = get_proper_type(t)
    if isinstance(p, LiteralType):
        p = p.fallback
    if not isinstance(p, Instance):
        return None
    if p.type.fullname in _PY or any(b.fullname == "numpy.generic" for b in p.type.mro):
        return ()
    mapped = _types.as_array(p)
    if mapped is None or len(mapped.args) < 2:
        return None
    s = get_proper_type(mapped.args[1])
    if not isinstance(s, TupleType):
        return None  # tuple[int, ...], a type variable for the whole shape, Any: any rank
    if any(not isinstance(get_proper_type(i), (LiteralType, Instance, TypeVarType, AnyType)) for i in s.items):
        return None  # an unpacked variadic part
    return tuple(symbols.dim(i) for i in s.items)


def shape_type(ctx: MethodContext | FunctionContext | AttributeContext, shape: Shape, symbols: _Symbols) -> Type:
    """``tuple[...]`` of ``shape``; a size the rules cannot tell (one the checker sees only as ``int``, as in
    ``zeros((n,))`` for ``n = 16``) is gradual, ``Any``: accepted where any size is declared, never an error."""
    int_type = ctx.api.named_generic_type("builtins.int", [])
    items: list[Type] = []
    for d in shape:
        if isinstance(d, int):
            items.append(LiteralType(d, int_type))
        elif isinstance(d, str) and d in symbols.by_name:
            items.append(symbols.by_name[d])
        else:
            items.append(AnyType(TypeOfAny.special_form))
    return TupleType(items, ctx.api.named_generic_type("builtins.tuple", [int_type]))


def _layer(dtype_hook: Callable[[Ctx], Type], rule: Callable[[Ctx, _Symbols], Shape | None],
           code: ErrorCode, what: str) -> Callable[[Ctx], Type]:
    """``dtype_hook``'s answer with the shape ``rule`` gives, or the mismatch it finds reported."""
    def hook(ctx: Ctx) -> Type:
        result = dtype_hook(ctx)
        p = get_proper_type(result)
        if not (isinstance(p, Instance) and p.type.fullname == _types.ARRAY):
            return result
        symbols = _Symbols()
        try:
            shape = rule(ctx, symbols)
        except SR.ShapeError as e:
            ctx.api.fail(shape_message(ctx, e, what), ctx.context, code=code)
            return result
        if shape is None:
            return result
        return p.copy_modified(args=[p.args[0], shape_type(ctx, shape, symbols)])
    return hook


def _shape_text(shape: Shape) -> str:
    dims = ["int" if d is None else str(d).rsplit(".", 1)[-1] for d in shape]  # a symbol by its own name
    return "(" + ", ".join(dims) + ("," if len(dims) == 1 else "") + ")"


def shape_message(ctx: MethodContext | FunctionContext, err: Exception, what: str) -> str:
    """The ``[shape-mismatch]`` message: the rule's refusal (JAX's words) under the name the user wrote (``@``,
    ``dot``, ``matmul``, where JAX names its primitive ``dot_general``), then where, with every array operand's
    shape in full (``in operator @ on shapes (2, 3) and (4, 5)``)."""
    name = what.split()[-1] if what.startswith("operator ") else what.rsplit(".", 1)[-1].removesuffix("()")
    text = str(err)
    if text.startswith("dot_general "):
        text = name + text[len("dot_general"):]
    operands = ([ctx.type] if isinstance(ctx, MethodContext) else []) + [t for ts in ctx.arg_types for t in ts]
    shapes = [s for t in operands if isinstance(p := get_proper_type(t), Instance) and _types.as_array(p) is not None
              and (s := shape_of(p, _Symbols())) is not None]
    texts = [_shape_text(s) for s in shapes]
    on = f" on shapes {' and '.join(texts)}" if texts and not all(t in text for t in texts) else ""
    return f"{text} (in {what}{on})"


def rank_of(t: Type) -> int | None:
    """The rank of an operand (0 for a Python or numpy scalar), or None when unknown."""
    shape = shape_of(t, _Symbols())
    return None if shape is None else len(shape)


def size_of_arg(ctx: FunctionContext, name: str) -> int | None:
    """The number of elements of a shape argument ``name`` (``()`` when left out: 1), 0 when one of its dimensions
    is a literal 0, or None when unknown."""
    if not _types.passed(ctx, name):
        return 1
    dims = dims_of(_arg(ctx, name), _expr(ctx, name), _Symbols())
    if dims is None:
        return None
    if 0 in dims:
        return 0
    return math.prod(d for d in dims if isinstance(d, int)) if all(isinstance(d, int) for d in dims) else None


def arg_type(ctx: MethodContext | FunctionContext, name: str) -> Type | None:
    """The type of the argument passed to parameter ``name``, or None."""
    return _arg(ctx, name)


def _arg(ctx: MethodContext | FunctionContext, name: str) -> Type | None:
    names = ctx.callee_arg_names
    if name not in names:
        return None
    i = names.index(name)
    return ctx.arg_types[i][0] if i < len(ctx.arg_types) and ctx.arg_types[i] else None


def _positional(ctx: MethodContext | FunctionContext, i: int) -> Type | None:
    return ctx.arg_types[i][0] if i < len(ctx.arg_types) and ctx.arg_types[i] else None


def _expr(ctx: MethodContext | FunctionContext, name: str) -> Expression | None:
    names = ctx.callee_arg_names
    if name not in names:
        return None
    i = names.index(name)
    return ctx.args[i][0] if i < len(ctx.args) and ctx.args[i] else None


def literal_int(e: Expression | None) -> int | object:
    """An integer literal (``3``, ``-1``), or ``_UNREAD``."""
    if isinstance(e, IntExpr):
        return e.value
    if isinstance(e, UnaryExpr) and e.op == "-" and isinstance(e.expr, IntExpr):
        return -e.expr.value
    return _UNREAD


def literal_axis(e: Expression | None) -> int | tuple[int, ...] | None | object:
    """``axis=``: absent or ``None`` -> ``None``; an integer or a tuple of integer literals; else ``_UNREAD``."""
    if e is None or (isinstance(e, NameExpr) and e.fullname == "builtins.None"):
        return None
    if isinstance(e, TupleExpr):
        items = [literal_int(i) for i in e.items]
        return _UNREAD if any(i is _UNREAD for i in items) else tuple(i for i in items if isinstance(i, int))
    return literal_int(e)


def literal_bool(e: Expression | None, default: bool) -> bool | object:
    if e is None:
        return default
    if isinstance(e, NameExpr) and e.fullname in ("builtins.True", "builtins.False"):
        return e.fullname == "builtins.True"
    return _UNREAD


def dims_of(t: Type | None, e: Expression | None, symbols: _Symbols) -> Shape | None:
    """A shape argument (``zeros((3, n))``, ``reshape(x, (-1, 4))``): an int or a tuple, read from the expression's
    literals and then from its type (``Literal`` types, type variables); ``None`` when not even the rank is known."""
    if isinstance(e, TupleExpr):
        out: list[Dim] = []
        for item in e.items:
            v = literal_int(item)
            out.append(v if isinstance(v, int) else None)
        if t is not None:
            p = get_proper_type(t)
            if isinstance(p, TupleType) and len(p.items) == len(out):
                out = [d if d is not None else symbols.dim(i) for d, i in zip(out, p.items)]
        return tuple(out)
    v = literal_int(e)
    if isinstance(v, int):
        return (v,)
    if t is None:
        return None
    p = get_proper_type(t)
    if isinstance(p, TupleType):
        return tuple(symbols.dim(i) for i in p.items)
    if isinstance(p, Instance) and p.type.fullname == "builtins.int" or isinstance(p, (LiteralType, TypeVarType)):
        return (symbols.dim(p),)
    return None


# -- families


def broadcasting(dtype_hook: Callable[[Ctx], Type], operands: Callable[[Ctx], Sequence[Type | None]],
                 code: ErrorCode, what: str) -> Callable[[Ctx], Type]:
    """Elementwise operations: the operands' shapes broadcast together."""
    def rule(ctx: Ctx, symbols: _Symbols) -> Shape | None:
        shapes = [None if t is None else shape_of(t, symbols) for t in operands(ctx)]
        return SR.broadcast_shapes(*shapes)  # type: ignore[no-any-return]
    return _layer(dtype_hook, rule, code, what)


def matmul(dtype_hook: Callable[[Ctx], Type], operands: Callable[[Ctx], Sequence[Type | None]],
           code: ErrorCode, what: str, rule_name: str = "matmul") -> Callable[[Ctx], Type]:
    def rule(ctx: Ctx, symbols: _Symbols) -> Shape | None:
        a, b = operands(ctx)
        if a is None or b is None:
            return None
        return getattr(SR, rule_name)(shape_of(a, symbols), shape_of(b, symbols))  # type: ignore[no-any-return]
    return _layer(dtype_hook, rule, code, what)


def keeping(dtype_hook: Callable[[Ctx], Type], operand: Callable[[Ctx], Type | None], what: str) -> Callable[[Ctx], Type]:
    """Elementwise functions of one operand, ``astype``: the operand's shape."""
    def rule(ctx: Ctx, symbols: _Symbols) -> Shape | None:
        t = operand(ctx)
        return None if t is None else shape_of(t, symbols)
    return _layer(dtype_hook, rule, _errors.SHAPE_MISMATCH_ARG, what)


def reducing(dtype_hook: Callable[[Ctx], Type], operand: Callable[[Ctx], Type | None], what: str) -> Callable[[Ctx], Type]:
    """Reductions with ``axis=`` and ``keepdims=`` literals."""
    def rule(ctx: Ctx, symbols: _Symbols) -> Shape | None:
        t = operand(ctx)
        axis = literal_axis(_expr(ctx, "axis"))
        keepdims = literal_bool(_expr(ctx, "keepdims"), False)
        if t is None or axis is _UNREAD or keepdims is _UNREAD:
            return None
        return SR.reduce_shape(shape_of(t, symbols), axis, bool(keepdims))  # type: ignore[no-any-return]
    return _layer(dtype_hook, rule, _errors.SHAPE_MISMATCH_ARG, what)


def quantile(dtype_hook: Callable[[FunctionContext], Type], what: str) -> Callable[[FunctionContext], Type]:
    """``quantile``/``percentile`` (and their NaN-ignoring forms) of ``a`` at ``q``: ``q``'s shape (a scalar's
    ``()``) before the reduction's, with literal ``axis`` and ``keepdims`` (``shape_rules.quantile_shape``)."""
    def rule(ctx: FunctionContext, symbols: _Symbols) -> Shape | None:
        a, q = _arg(ctx, "a"), _arg(ctx, "q")
        axis = literal_axis(_expr(ctx, "axis"))
        keepdims = literal_bool(_expr(ctx, "keepdims"), False)
        if a is None or q is None or axis is _UNREAD or keepdims is _UNREAD:
            return None
        return SR.quantile_shape(shape_of(q, symbols), shape_of(a, symbols), axis,  # type: ignore[no-any-return]
                                 bool(keepdims))
    return _layer(dtype_hook, rule, _errors.SHAPE_MISMATCH_ARG, what)


def fft_transform(dtype_hook: Callable[[FunctionContext], Type], fn: str) -> Callable[[FunctionContext], Type]:
    """``arraytyping.numpy.fft``'s transforms: ``shape_rules.fft_shape`` of the operand, with literal ``n`` and
    ``axis`` (``s`` and ``axes`` for the two-axis and n-axis transforms)."""
    def rule(ctx: FunctionContext, symbols: _Symbols) -> Shape | None:
        a = ctx.arg_types[0][0] if ctx.arg_types and ctx.arg_types[0] else None
        if a is None:
            return None
        if fn.endswith("n"):  # fftn, ifftn, rfftn, irfftn: s and axes of any length, None by default
            s_, axes_ = _literal_int_sequence(ctx, "s"), _literal_int_sequence(ctx, "axes")
            if not (s_ is None or isinstance(s_, tuple)) or not (axes_ is None or isinstance(axes_, tuple)):
                return None
            if s_ is not None and axes_ is not None and len(s_) != len(axes_):
                return None  # JAX's error, not a shape
            return SR.fft_shape(fn, shape_of(a, symbols), s_, axes_)  # type: ignore[no-any-return]
        if fn.endswith("2"):
            lengths, axes = _literal_ints(ctx, "s", 2), _literal_ints(ctx, "axes", 2, (-2, -1))
        else:
            n, axis = _literal_ints(ctx, "n", 1), _literal_ints(ctx, "axis", 1, (-1,))
            lengths, axes = n, axis
        if lengths is None or axes is None or any(x is None for x in axes):
            return None
        return SR.fft_shape(fn, shape_of(a, symbols), lengths, axes)  # type: ignore[no-any-return]
    return _layer(dtype_hook, rule, _errors.SHAPE_MISMATCH_ARG, f"arraytyping.numpy.fft.{fn}")


def _literal_int_sequence(ctx: FunctionContext, name: str) -> tuple[int, ...] | None | object:
    """The argument ``name``: a tuple or list of literal ints, ``None`` when not passed or ``None``, ``_UNREAD`` for
    anything else (a gradual shape)."""
    e = _expr(ctx, name)
    if e is None or (isinstance(e, NameExpr) and e.fullname == "builtins.None"):
        return None
    if not isinstance(e, (TupleExpr, ListExpr)):
        return _UNREAD
    values = [literal_int(i) for i in e.items]
    return tuple(v for v in values if isinstance(v, int)) if all(isinstance(v, int) for v in values) else _UNREAD


def _literal_ints(ctx: FunctionContext, name: str, count: int,
                  default: tuple[int, ...] | None = None) -> tuple[int | None, ...] | None:
    """The argument ``name``: ``count`` literal ints (a single one, or a tuple or list of them), ``default`` when
    not passed (``None`` for each when no default), ``None`` for anything else (not read: a gradual shape)."""
    e = _expr(ctx, name)
    if e is None:
        return default if default is not None else (None,) * count
    if isinstance(e, NameExpr) and e.fullname == "builtins.None":
        return (None,) * count
    items = e.items if isinstance(e, (TupleExpr, ListExpr)) else [e] if count == 1 else None
    if items is None or len(items) != count:
        return None
    values = [literal_int(i) for i in items]
    return tuple(v for v in values if isinstance(v, int)) if all(isinstance(v, int) for v in values) else None


def creation(dtype_hook: Callable[[FunctionContext], Type], what: str, param: str = "shape"
             ) -> Callable[[FunctionContext], Type]:
    """``zeros``/``ones``/``empty``/``full``: the ``shape`` argument; ``lax.broadcast_in_dim``'s ``shape``,
    ``lax.dynamic_slice``'s ``slice_sizes`` (``param``: shape_rules' ``LAX_GIVEN_SHAPE``)."""
    def rule(ctx: FunctionContext, symbols: _Symbols) -> Shape | None:
        dims = dims_of(_arg(ctx, param), _expr(ctx, param), symbols)
        if dims is None or any(isinstance(d, int) and d < 0 for d in dims):
            return None  # a negative size: the runtime's error, not a shape
        return dims
    return _layer(dtype_hook, rule, _errors.SHAPE_MISMATCH_ARG, what)


def matrix(dtype_hook: Callable[[FunctionContext], Type], what: str) -> Callable[[FunctionContext], Type]:
    """``eye(N, M)``, ``tri(N, M)``, ``identity(n)``: shape_rules' ``matrix_shape`` of the sizes given (``M``
    omitted or ``None``: ``N``)."""
    def size(ctx: FunctionContext, param: str, symbols: _Symbols) -> Dim:
        dims = dims_of(_arg(ctx, param), _expr(ctx, param), symbols)
        return dims[0] if dims is not None and len(dims) == 1 else None

    def rule(ctx: FunctionContext, symbols: _Symbols) -> Shape | None:
        n = size(ctx, "n" if "n" in ctx.callee_arg_names else "N", symbols)
        e = _expr(ctx, "M")
        m = n if e is None or (isinstance(e, NameExpr) and e.fullname == "builtins.None") else size(ctx, "M", symbols)
        if any(isinstance(d, int) and d < 0 for d in (n, m)):
            return None  # a negative size: the runtime's error, not a shape
        return SR.matrix_shape(n, m)  # type: ignore[no-any-return]
    return _layer(dtype_hook, rule, _errors.SHAPE_MISMATCH_ARG, what)


def window(dtype_hook: Callable[[FunctionContext], Type], what: str) -> Callable[[FunctionContext], Type]:
    """``hanning(M)`` and the other window functions: shape_rules' ``window_shape`` of the size given (a literal or
    a symbol; ``int(M)`` of a float truncates, so another type's size is unknown)."""
    def rule(ctx: FunctionContext, symbols: _Symbols) -> Shape | None:
        arg = _arg(ctx, "M")
        p = get_proper_type(arg) if arg is not None else None
        if isinstance(p, Instance) and p.type.fullname != "builtins.int" or isinstance(p, LiteralType) and (
                not isinstance(p.value, int) or isinstance(p.value, bool)):
            return (None,)  # a float, a bool, a numpy integer...: its int() is no size read here
        dims = dims_of(arg, _expr(ctx, "M"), symbols)
        return SR.window_shape(dims[0] if dims is not None and len(dims) == 1 else None)  # type: ignore[no-any-return]
    return _layer(dtype_hook, rule, _errors.SHAPE_MISMATCH_ARG, what)


def joined(dtype_hook: Callable[[FunctionContext], Type], items: Callable[[FunctionContext], list[Type] | None],
           fn: str, what: str) -> Callable[[FunctionContext], Type]:
    """``concatenate`` (``concat``)/``stack``/``vstack``/``hstack``/``dstack``/``column_stack`` of a list written in
    the call (``items``: its items' types): shape_rules' rule of the same name on their shapes, along a literal
    ``axis`` for ``concatenate`` (``None``: flattened) and ``stack``."""
    def rule(ctx: FunctionContext, symbols: _Symbols) -> Shape | None:
        types = items(ctx)
        if types is None:
            return None
        shapes = [shape_of(t, symbols) for t in types]
        if fn not in ("concatenate", "concat", "stack"):
            return getattr(SR, fn)(shapes)  # type: ignore[no-any-return]
        e = _expr(ctx, "axis")
        axis = 0 if e is None else literal_axis(e)
        if axis is _UNREAD or isinstance(axis, tuple) or (axis is None and fn == "stack"):
            return None
        return getattr(SR, "concatenate" if fn == "concat" else fn)(shapes, axis)  # type: ignore[no-any-return]
    return _layer(dtype_hook, rule, _errors.SHAPE_MISMATCH_ARG, what)


def spaced(dtype_hook: Callable[[FunctionContext], Type], what: str) -> Callable[[FunctionContext], Type]:
    """``linspace``/``logspace``: shape_rules' ``spaced_shape`` of the bounds' shapes, a literal ``num`` (50 when
    left out) and a literal ``axis`` (0)."""
    def rule(ctx: FunctionContext, symbols: _Symbols) -> Shape | None:
        start, stop = _arg(ctx, "start"), _arg(ctx, "stop")
        if start is None or stop is None:
            return None
        e = _expr(ctx, "num")
        nums = (50,) if e is None else dims_of(_arg(ctx, "num"), e, symbols)
        axis_e = _expr(ctx, "axis")
        axis = 0 if axis_e is None else literal_int(axis_e)
        if nums is None or len(nums) != 1 or not isinstance(axis, int):
            return None
        num = nums[0]
        return SR.spaced_shape(shape_of(start, symbols), shape_of(stop, symbols), num, axis)  # type: ignore[no-any-return]
    return _layer(dtype_hook, rule, _errors.SHAPE_MISMATCH_ARG, what)


def like(dtype_hook: Callable[[FunctionContext], Type], what: str) -> Callable[[FunctionContext], Type]:
    """``zeros_like(a, shape=None)``: ``shape`` if given, else ``a``'s."""
    def rule(ctx: FunctionContext, symbols: _Symbols) -> Shape | None:
        e = _expr(ctx, "shape")
        if e is not None and not (isinstance(e, NameExpr) and e.fullname == "builtins.None"):
            return dims_of(_arg(ctx, "shape"), e, symbols)
        a = _positional(ctx, 0)
        return None if a is None else shape_of(a, symbols)
    return _layer(dtype_hook, rule, _errors.SHAPE_MISMATCH_ARG, what)


def shape_attribute(ctx: AttributeContext) -> Type:
    """``x.shape``: the array's shape, and ``tuple[int, ...]`` where it is unknown (its gradual ``Any`` would make
    ``x.shape[-1]`` an ``Any``, and every expression built on it)."""
    t = get_proper_type(ctx.default_attr_type)
    if isinstance(t, AnyType) or (isinstance(t, Instance) and t.type.fullname == "builtins.tuple" and t.args
                                  and isinstance(get_proper_type(t.args[0]), AnyType)):
        int_type = ctx.api.named_generic_type("builtins.int", [])
        return ctx.api.named_generic_type("builtins.tuple", [int_type])
    return ctx.default_attr_type


def transposed(ctx: AttributeContext) -> Type:
    """``x.T``: an array of ``x``'s dtype with the axes reversed (any shape where ``x``'s is unknown). Read from
    ``x`` itself: the stubs' descriptor answers ``Any`` for an ``Array[Any]``, whose overloads all match."""
    return _transposed(ctx, computed=True)


def transposed_any_shape(ctx: AttributeContext) -> Type:
    """``x.T`` with the plugin's shapes off: an array of ``x``'s dtype, any shape."""
    return _transposed(ctx, computed=False)


def _transposed(ctx: AttributeContext, *, computed: bool) -> Type:
    receiver = get_proper_type(ctx.type)
    if not (isinstance(receiver, Instance) and receiver.type.fullname == _types.ARRAY and receiver.args):
        return ctx.default_attr_type
    symbols = _Symbols()
    shape = shape_of(receiver, symbols) if computed else None
    out = None if shape is None else SR.transpose(shape)
    return _types.array_type(ctx.api, receiver.args[0], None if out is None else shape_type(ctx, out, symbols))


class _GradualUnsolved(TypeTranslator):
    """A type with the sizes mypy could not solve (an ambiguous ``Never``) made gradual."""

    def visit_uninhabited_type(self, t: UninhabitedType) -> Type:
        return AnyType(TypeOfAny.special_form) if t.ambiguous else t

    def visit_type_alias_type(self, t: TypeAliasType) -> Type:
        return t.copy_modified(args=[a.accept(self) for a in t.args])


def declares_sizes(t: Type | None) -> bool:
    """Whether a signature's type mentions an ``Array`` shape holding a type variable (``tuple[N, D]``)."""
    p = get_proper_type(t)
    if isinstance(p, CallableType):
        return any(declares_sizes(a) for a in (*p.arg_types, p.ret_type))
    if isinstance(p, Overloaded):
        return any(declares_sizes(i) for i in p.items)
    if isinstance(p, UnionType):
        return any(declares_sizes(i) for i in p.items)
    if isinstance(p, TupleType):
        return any(declares_sizes(i) for i in p.items)
    if isinstance(p, Instance):
        if p.type.fullname == _types.ARRAY and len(p.args) > 1:
            s = get_proper_type(p.args[1])
            return isinstance(s, TupleType) and any(isinstance(get_proper_type(i), TypeVarType) for i in s.items)
        return any(declares_sizes(a) for a in p.args)
    return False


def unsolved_sizes_gradual(ctx: FunctionContext | MethodContext) -> Type:
    """A user's function generic in sizes (``def f(x: Array[F, tuple[N]]) -> Array[F, tuple[N]]``) called with an
    array of unknown shape: mypy solves ``N`` from the gradual shape to nothing, an ambiguous ``Never`` that would make
    ``y = f(x)`` a "Need type annotation" error; the size is unknown, so the answer is gradual (``tuple[Any]``)."""
    return ctx.default_return_type.accept(_GradualUnsolved())


def stubs_answer(ctx: Ctx) -> Type:
    """The stubs' own answer: the dtype hook of a shape layer over a function the stubs type exactly."""
    return ctx.default_return_type


def _index_item(e: Expression, t: Type | None) -> object:
    """One item of ``x[...]`` as ``shape_rules.index`` takes it, or ``_UNREAD``."""
    v = literal_int(e)
    if isinstance(v, int):
        return v
    if isinstance(e, NameExpr) and e.fullname == "builtins.None":
        return None
    if isinstance(e, EllipsisExpr):
        return ...
    if isinstance(e, SliceExpr):
        bounds = [None if b is None else literal_int(b) for b in (e.begin_index, e.end_index, e.stride)]
        if any(b is _UNREAD for b in bounds):
            return _UNREAD
        return slice(*bounds)
    p = get_proper_type(t) if t is not None else None
    if isinstance(p, Instance) and p.type.fullname in ("builtins.int", "builtins.bool"):
        return _UNREAD if p.type.fullname == "builtins.bool" else 0  # any int drops its axis (JAX clamps)
    if isinstance(p, Instance) and _types.as_array(p) is not None:
        return SR.ARRAY_INDEX
    return _UNREAD


def indexing(ctx: MethodContext) -> Type:
    """``x[i, a:b, None, ...]``: literal ints and slices, ``None``, ``...``; an array index leaves the rule to
    say; anything else keeps the shape gradual."""
    def rule(ctx: MethodContext, symbols: _Symbols) -> Shape | None:
        if not ctx.args or not ctx.args[0]:
            return None
        key = ctx.args[0][0]
        key_type = ctx.arg_types[0][0] if ctx.arg_types and ctx.arg_types[0] else None
        if isinstance(key, TupleExpr):
            kt = get_proper_type(key_type) if key_type is not None else None
            types: list[Type | None] = list(kt.items) if isinstance(kt, TupleType) and len(kt.items) == len(
                key.items) else [None] * len(key.items)
            items = [_index_item(e, t) for e, t in zip(key.items, types)]
        else:
            items = [_index_item(key, key_type)]
        if any(i is _UNREAD for i in items):
            return None
        return SR.index(shape_of(ctx.type, symbols), tuple(items))  # type: ignore[no-any-return]
    return _layer(stubs_answer, rule, _errors.SHAPE_MISMATCH_ARG, "indexing")(ctx)


def _axes_of(ctx: MethodContext) -> object:
    """``x.transpose(1, 0)`` / ``x.transpose((1, 0))`` / ``x.transpose()``: the axes, or ``_UNREAD``."""
    exprs = ctx.args[0] if ctx.args else []
    if not exprs:
        return None
    if len(exprs) == 1 and not isinstance(exprs[0], (IntExpr, UnaryExpr)):
        return literal_axis(exprs[0])
    items = [literal_int(e) for e in exprs]
    return _UNREAD if any(i is _UNREAD for i in items) else tuple(items)


def reshaped_method(ctx: MethodContext) -> Type:
    """``x.reshape(3, -1)`` / ``x.reshape((3, -1))``."""
    def rule(ctx: MethodContext, symbols: _Symbols) -> Shape | None:
        exprs = ctx.args[0] if ctx.args else []
        types = ctx.arg_types[0] if ctx.arg_types else []
        if len(exprs) == 1:
            dims = dims_of(types[0] if types else None, exprs[0], symbols)
        else:
            read = [literal_int(e) for e in exprs]
            dims = None if any(r is _UNREAD for r in read) else tuple(r for r in read if isinstance(r, int))
        return None if dims is None else SR.reshape(shape_of(ctx.type, symbols), dims)
    return _layer(stubs_answer, rule, _errors.SHAPE_MISMATCH_ARG, "Array.reshape")(ctx)


def transposed_method(ctx: MethodContext) -> Type:
    def rule(ctx: MethodContext, symbols: _Symbols) -> Shape | None:
        axes = _axes_of(ctx)
        if axes is _UNREAD or isinstance(axes, int):
            return None
        return SR.transpose(shape_of(ctx.type, symbols), axes)  # type: ignore[no-any-return]
    return _layer(stubs_answer, rule, _errors.SHAPE_MISMATCH_ARG, "Array.transpose")(ctx)


def shape_function(fn: str, dtype_hook: Callable[[FunctionContext], Type] = stubs_answer
                   ) -> Callable[[FunctionContext], Type] | None:
    """``reshape``, ``transpose`` (``permute_dims``), ``swapaxes``, ``moveaxis``, ``rollaxis``, ``matrix_transpose``,
    ``fliplr``, ``flipud``, ``expand_dims``, ``squeeze`` of ``arraytyping.numpy``: the dtype of ``dtype_hook``
    (default: the stubs'), the rule's shape, from literal axes."""
    def rule(ctx: FunctionContext, symbols: _Symbols) -> Shape | None:
        a = ctx.arg_types[0][0] if ctx.arg_types and ctx.arg_types[0] else None
        if a is None:
            return None
        shape = shape_of(a, symbols)
        if fn == "reshape":
            dims = dims_of(_arg(ctx, "shape"), _expr(ctx, "shape"), symbols)
            return None if dims is None else SR.reshape(shape, dims)
        if fn == "matrix_transpose":
            return SR.matrix_transpose(shape)  # type: ignore[no-any-return]
        if fn in ("fliplr", "flipud"):
            return SR.flip(shape, 1 if fn == "fliplr" else 0)  # type: ignore[no-any-return]
        if fn in ("swapaxes", "rollaxis"):
            names = ("axis1", "axis2") if fn == "swapaxes" else ("axis", "start")
            e2 = _expr(ctx, names[1])
            a1, a2 = literal_int(_expr(ctx, names[0])), 0 if e2 is None else literal_int(e2)
            if not isinstance(a1, int) or not isinstance(a2, int):
                return None
            return getattr(SR, fn)(shape, a1, a2)  # type: ignore[no-any-return]
        if fn == "moveaxis":
            src, dst = literal_axis(_expr(ctx, "source")), literal_axis(_expr(ctx, "destination"))
            if src is _UNREAD or dst is _UNREAD or src is None or dst is None:
                return None
            return SR.moveaxis(shape, src, dst)  # type: ignore[no-any-return]
        axis = literal_axis(_expr(ctx, "axes" if fn in ("transpose", "permute_dims") else "axis"))
        if axis is _UNREAD or (fn in ("expand_dims", "permute_dims") and axis is None):
            return None
        return getattr(SR, "transpose" if fn == "permute_dims" else fn)(shape, axis)  # type: ignore[no-any-return]
    if fn not in ("reshape", "transpose", "permute_dims", "swapaxes", "moveaxis", "rollaxis", "matrix_transpose",
                  "fliplr", "flipud", "expand_dims", "squeeze"):
        return None
    return _layer(dtype_hook, rule, _errors.SHAPE_MISMATCH_ARG, f"arraytyping.numpy.{fn}")
