"""Dtype arguments and default dtypes, in the configured lattice: ``astype``, the ``dtype=`` of the creation
functions, their default dtypes when none is given (the configuration's ``x64``), the scalar constructors
(``anp.float64(2)``), and ``promote_types``/``result_type``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from mypy.nodes import TypeAlias, TypeInfo
from mypy.plugin import FunctionContext, MethodContext
from mypy.types import (AnyType, Instance, LiteralType, NoneType, TupleType, Type, TypeOfAny, UnionType,
                        get_proper_type)

from arraytyping_mypy import _dtype_args, _errors, _types
from arraytyping_mypy._rules import OR, L, DtypeSet, Member, Rules, describe, static_of

__all__ = ["DTYPE_FUNCTIONS", "VALUE_PARAMETER", "argument", "astype_hook", "constructor_hook",
           "default_int_hook", "dtype_function_hook", "dtype_given", "lax_dtype_hook", "one_hot_hook",
           "promote_types_hook",
           "result_type_hook", "view_hook", "window_hook"]

DTYPE_FUNCTIONS: Final = frozenset({
    "asarray", "array", "astype", "zeros", "ones", "empty", "full", "zeros_like", "ones_like", "full_like",
    "empty_like", "arange", "linspace", "logspace", "eye", "identity", "tri",
})
"""``arraytyping.numpy`` functions whose ``dtype=`` argument fixes the result dtype."""
VALUE_PARAMETER: Final = {"asarray": "a", "array": "a", "full": "fill_value", "arange": "start", "zeros_like": "a",
                          "ones_like": "a", "full_like": "a", "empty_like": "prototype"}
"""The argument whose Python values decide the default dtype (a nested list of floats: the default float)."""
_WIDE: Final = {"int32": "int64", "uint32": "uint64", "float32": "float64", "complex64": "complex128"}


def _named(rules: Rules, ctx: MethodContext | FunctionContext, node: str, what: str) -> Type:
    """``Array`` of the dtype ``node``, canonicalized (strong, as every explicitly requested dtype)."""
    return _types.array_of(ctx.api, ("class", static_of(rules.canonical(node), False)), {})


def argument(ctx: MethodContext | FunctionContext, name: str = "dtype") -> Type | None:
    """The type of the argument given for the callee's parameter ``name``, or None where none is given."""
    names = ctx.callee_arg_names
    if name not in names:
        return None
    i = names.index(name)
    if i >= len(ctx.arg_types) or not ctx.arg_types[i]:
        return None
    return ctx.arg_types[i][0]


def dtype_given(ctx: FunctionContext, what: str) -> tuple[bool, str | None] | None:
    """The call's ``dtype=`` argument: ``(given, node)``, whether one other than None is given and the dtype node it
    names (None where the plugin cannot read it: a ``DTypeLike``, a type variable's dtype); None after reporting a
    string that names no dtype (with the nearest spellings)."""
    arg = argument(ctx)
    if arg is None or isinstance(get_proper_type(arg), NoneType):
        return False, None
    d = _dtype_args.dtype_node(arg)
    if isinstance(d, _dtype_args.Invalid):
        _dtype_args.report_invalid(ctx, d, what)
        return None
    return True, d


def rfftfreq_hook(rules: Rules) -> Callable[[FunctionContext], Type]:
    """``arraytyping.numpy.fft.rfftfreq(n, d, dtype=...)``: op_rules' ``rfftfreq_result`` of the named dtype (an
    integer one divides to a float), or of the configuration's default float without one; a dtype the plugin cannot
    read keeps the stubs' answer, and ``bool`` is refused, as JAX's ``arange`` refuses it."""
    what = "arraytyping.numpy.fft.rfftfreq"

    def hook(ctx: FunctionContext) -> Type:
        given = dtype_given(ctx, what)
        if given is None:
            return AnyType(TypeOfAny.from_error)
        has, node = given
        if has and node is None:
            return ctx.default_return_type
        try:
            name = OR.rfftfreq_result(node, rules.cfg)
        except (OR.OperandTypeError, OR.OperandValueError) as e:
            _errors.reject(ctx, e, f"dtype {node}", None, what, _errors.DTYPE_PROMOTION_ARG)
            return AnyType(TypeOfAny.from_error)
        return _types.array_of(ctx.api, ("class", static_of(name, False)), {})
    return hook


def lax_dtype_hook(rules: Rules, fn: str) -> Callable[[FunctionContext], Type]:
    """``arraytyping.lax.convert_element_type(x, new_dtype)`` and ``iota(dtype, size)`` (op_rules'
    ``LAX_DTYPE_GIVEN``): the named dtype, canonicalized in this configuration, strong; a dtype the function refuses
    (``iota(bool, 3)``) or a Python ``complex`` converted to a real dtype is an error, as JAX raises."""
    what = f"arraytyping.lax.{fn}"
    param = OR.LAX_DTYPE_GIVEN[fn][0]

    def hook(ctx: FunctionContext) -> Type:
        arg = argument(ctx, param)
        d = None if arg is None else _dtype_args.dtype_node(arg)
        if isinstance(d, _dtype_args.Invalid):
            _dtype_args.report_invalid(ctx, d, what)
            return AnyType(TypeOfAny.from_error)
        if d is None:
            return ctx.default_return_type  # a dtype the plugin cannot read: the stubs' answer (gradual)
        operand = argument(ctx, "operand")
        python_complex = isinstance(p := get_proper_type(operand), Instance) and p.type.fullname == "builtins.complex"
        try:
            name = OR.lax_dtype_result(fn, d, rules.cfg, python_complex=python_complex)
        except OR.OperandTypeError as e:
            _errors.reject(ctx, e, f"dtype {d}" if not python_complex else f"a Python complex and dtype {d}", None,
                           what, _errors.DTYPE_PROMOTION_ARG)
            return AnyType(TypeOfAny.from_error)
        return _types.array_of(ctx.api, ("class", static_of(name, False)), {})
    return hook


def astype_hook(rules: Rules) -> Callable[[MethodContext], Type]:
    def hook(ctx: MethodContext) -> Type:
        arg = ctx.arg_types[0][0] if ctx.arg_types and ctx.arg_types[0] else None
        if arg is None:
            return ctx.default_return_type
        d = _dtype_args.dtype_node(arg)
        if isinstance(d, _dtype_args.Invalid):
            _dtype_args.report_invalid(ctx, d, "astype")
            return AnyType(TypeOfAny.from_error)
        return ctx.default_return_type if d is None else _named(rules, ctx, d, "astype")
    return hook


def view_hook(rules: Rules) -> Callable[[MethodContext], Type]:
    """``x.view(dtype)``: ``op_rules.view_result`` in this configuration for each class ``x`` may hold (one answer,
    else gradual: a weak array viewed as its own dtype stays weak), with ``x``'s shape where every one has the
    dtype's item width (``op_rules.item_bits``), else any shape; an abstract class is taken as strong (as the stubs
    take it), a type variable by the classes it admits (an unbounded one may be weak: ``Any``), ``Array[Any]`` stays
    gradual; no dtype (or one the plugin cannot read): the stubs'
    answer."""
    def hook(ctx: MethodContext) -> Type:
        arg = argument(ctx)
        if arg is None or isinstance(get_proper_type(arg), NoneType):
            return ctx.default_return_type
        d = _dtype_args.dtype_node(arg)
        if isinstance(d, _dtype_args.Invalid):
            _dtype_args.report_invalid(ctx, d, "Array.view")
            return AnyType(TypeOfAny.from_error)
        if d is None:
            return ctx.default_return_type
        o = _types.operand(ctx.type, rules)
        if not isinstance(o, DtypeSet):
            return _types.array_of(ctx.api, ("any", None), {})
        if o.abstract is not None or not o.members:
            return _named(rules, ctx, d, "Array.view")
        answers = {OR.view_result((m[0], m[1]), d, rules.cfg) for m in o.members}
        if len(answers) != 1:
            return _types.array_of(ctx.api, ("any", None), {})
        name, weak = next(iter(answers))
        out = get_proper_type(_types.array_of(ctx.api, ("class", static_of(name, weak)), {}))
        own = get_proper_type(ctx.type)
        same_width = all(OR.item_bits(OR.view_result((m[0], m[1]), None, rules.cfg)[0]) == OR.item_bits(name)
                         for m in o.members)
        if same_width and isinstance(out, Instance) and isinstance(own, Instance) and len(own.args) == 2 \
                and len(out.args) == 2:
            return out.copy_modified(args=[out.args[0], own.args[1]])
        return out
    return hook


def dtype_function_hook(rules: Rules, fn: str) -> Callable[[FunctionContext], Type]:
    """``arraytyping.numpy.<fn>(..., dtype=...)``: the named dtype, canonicalized; without one, the stubs' answer
    (written for x64 off), with default dtypes widened when the configuration has x64."""
    def hook(ctx: FunctionContext) -> Type:
        arg = argument(ctx)
        d = None if arg is None or isinstance(get_proper_type(arg), NoneType) else _dtype_args.dtype_node(arg)
        if isinstance(d, _dtype_args.Invalid):
            _dtype_args.report_invalid(ctx, d, f"arraytyping.numpy.{fn}")
            return AnyType(TypeOfAny.from_error)
        name = None
        if d is not None and fn in OR.CREATION:
            try:  # with a dtype, its checks need no operands (the dtypes linspace refuses)
                name, _ = OR.creation_result(fn, (), rules.cfg, d)
            except (OR.OperandTypeError, OR.OperandValueError) as e:
                _errors.reject(ctx, e, f"dtype {d}", None, f"arraytyping.numpy.{fn}", _errors.DTYPE_PROMOTION_ARG)
                return AnyType(TypeOfAny.from_error)
        no_dtype = arg is None or isinstance(get_proper_type(arg), NoneType)
        if fn in ("linspace", "logspace") and no_dtype:
            retstep = argument(ctx, "retstep")
            if retstep is None:
                return _inexact_bounds(ctx, rules, fn)
            if isinstance(p := get_proper_type(retstep), LiteralType) and p.value is True:
                # the samples and the step, both of the computed dtype (inexact already)
                r = _inexact_bounds(ctx, rules, fn)
                if isinstance(get_proper_type(r), Instance):
                    return TupleType([r, r], ctx.api.named_generic_type("builtins.tuple", [r]))
                return ctx.default_return_type if not rules.x64 else AnyType(TypeOfAny.special_form)
        ret = get_proper_type(ctx.default_return_type)
        if not (isinstance(ret, Instance) and ret.type.fullname == _types.ARRAY):
            return ctx.default_return_type  # linspace(..., retstep=True)'s (array, step) pair
        if name is not None:
            return _types.array_of(ctx.api, ("class", static_of(name, False)), {})
        if d is not None:
            return _named(rules, ctx, d, fn)
        if arg is not None and not isinstance(get_proper_type(arg), NoneType):
            return ctx.default_return_type  # a dtype the plugin cannot read: the stubs' answer
        if OR.CREATION.get(fn) in ("default_float", "float32"):  # the configuration's default, or float32 (tri)
            return _types.array_of(ctx.api, ("class", static_of(OR.creation_result(fn, (), rules.cfg)[0], False)), {})
        return _x64_default(ctx, rules, fn, ret)
    return hook


def _inexact_bounds(ctx: FunctionContext, rules: Rules, fn: str) -> Type:
    """``linspace``/``logspace`` without a dtype: op_rules' inexact result type of ``start`` and ``stop`` (two bools
    give float32 even with x64), where every pair of dtypes they may have agrees; else the stubs' answer with x64
    off, and a gradual one with x64 (theirs is x64 off's)."""
    members: list[tuple[Member, ...]] = []
    for param in ("start", "stop"):
        t = argument(ctx, param)
        o = None if t is None else _types.operand(t, rules)
        if not isinstance(o, DtypeSet) or o.var is not None or o.abstract is not None:
            ret = get_proper_type(ctx.default_return_type)
            if rules.x64 and isinstance(ret, Instance) and ret.type.fullname == _types.ARRAY:
                return _types.array_of(ctx.api, ("class", "Any"), {})
            return ctx.default_return_type
        members.append(o.members)
    answers: set[str] = set()
    for a in members[0]:
        for b in members[1]:
            try:
                answers.add(OR.creation_result(fn, [a[:2], b[:2]], rules.cfg)[0])
            except (L.TypePromotionError, OR.OperandTypeError, OR.OperandValueError) as e:
                if len(members[0]) == len(members[1]) == 1:
                    _errors.reject(ctx, e, describe(a), describe(b), f"arraytyping.numpy.{fn}",
                                   _errors.DTYPE_PROMOTION_CALL)
                    return AnyType(TypeOfAny.from_error)
    if len(answers) != 1:
        return _types.array_of(ctx.api, ("class", "Any"), {})
    return _types.array_of(ctx.api, ("class", static_of(answers.pop(), False)), {})


def _x64_default(ctx: FunctionContext, rules: Rules, fn: str, ret: Instance) -> Type:
    """Without a dtype: an array's or numpy value's own dtype, canonicalized in this configuration (the stubs
    canonicalize for x64 off, ``np.float64(2)`` -> ``float32``, and mypy alone answers ``Any`` for some numpy
    arrays); with x64, a default dtype the stubs gave for x64 off (``float32`` for ``zeros(3)``, ``asarray([1.0])``,
    ``arange(3)``'s ``int32``) is the 64-bit one."""
    value = VALUE_PARAMETER.get(fn)
    others = [n for n in ("stop", "step") if fn == "arange" and n in ctx.callee_arg_names]
    if any(ctx.arg_types[ctx.callee_arg_names.index(n)] for n in others
           if ctx.callee_arg_names.index(n) < len(ctx.arg_types)):
        value = None  # arange(start, stop): the result type of all of them
    if value is not None and value in ctx.callee_arg_names:
        i = ctx.callee_arg_names.index(value)
        if i < len(ctx.arg_types) and ctx.arg_types[i]:
            o = _types.operand(ctx.arg_types[i][0], rules)
            if isinstance(o, DtypeSet) and not any(m[2] for m in o.members):
                single = o.single
                return ctx.default_return_type if single is None or single[1] else _named(rules, ctx, single[0], fn)
            if o is _types.GRADUAL and rules.x64:
                # an Array[Any]: the stubs' dtype is the one mypy solved from the call's context (a return type),
                # never a default to widen
                return _types.array_of(ctx.api, ("class", "Any"), {})
    if not rules.x64 or fn.endswith("_like"):  # _like: a Python scalar's weak type, or what the stubs say
        return ctx.default_return_type
    arg = get_proper_type(ret.args[0]) if ret.args else None
    if not (isinstance(arg, Instance) and arg.type.fullname.startswith("arraytyping.")):
        return ctx.default_return_type
    short = arg.type.fullname.rsplit(".", 1)[1]
    if short not in _WIDE:
        return ctx.default_return_type
    return _types.array_of(ctx.api, ("class", _WIDE[short]), {})


def default_int_hook(rules: Rules) -> Callable[[FunctionContext], Type]:
    """``argmax``/``argmin``/``count_nonzero``/``argsort``/``nonzero`` (a tuple of them): the default integer of the
    configuration (the stubs':
    ``int32``; op_rules' ``index`` family); ``argsort``'s ``dtype=``: that dtype (op_rules' ``shape_result``: a
    ``lax.iota``, which refuses bool), or, where the plugin cannot read it, the stubs' answer (gradual with x64,
    for which the stubs are not written)."""
    what = "arraytyping.numpy.argsort"

    def hook(ctx: FunctionContext) -> Type:
        ret = get_proper_type(ctx.default_return_type)
        dtype = dtype_given(ctx, what)
        if dtype is None:
            return AnyType(TypeOfAny.from_error)
        given, d = dtype
        if given:
            if d is None:
                return AnyType(TypeOfAny.special_form) if rules.x64 else ctx.default_return_type
            try:
                name, weak = OR.shape_result("argsort", [(L.BOOL, False)], rules.cfg, d)
            except (OR.OperandTypeError, OR.OperandValueError) as e:
                _errors.reject(ctx, e, f"dtype {d}", None, what, _errors.DTYPE_PROMOTION_ARG)
                return AnyType(TypeOfAny.from_error)
            return _types.array_of(ctx.api, ("class", static_of(name, weak)), {})
        default = _types.array_of(ctx.api, ("class", static_of(L.default_name("i", rules.x64), False)), {})
        if isinstance(ret, Instance) and ret.type.fullname == "builtins.tuple":  # nonzero: one array per axis
            return ctx.api.named_generic_type("builtins.tuple", [default])
        if isinstance(ret, TupleType):  # tril_indices: two arrays
            return TupleType([default] * len(ret.items), ret.partial_fallback)
        if not (isinstance(ret, Instance) and ret.type.fullname == _types.ARRAY):
            return ctx.default_return_type
        return default
    return hook


def window_hook(rules: Rules, fn: str) -> Callable[[FunctionContext], Type]:
    """``hanning(M)`` and the other window functions (op_rules' ``WINDOWS``): ``window_result``, the default float
    of the configuration (the stubs' is x64 off's ``float32``)."""
    name, weak = OR.window_result(fn, rules.cfg)
    return lambda ctx: _types.array_of(ctx.api, ("class", static_of(name, weak)), {})


def one_hot_hook(rules: Rules) -> Callable[[FunctionContext], Type]:
    """``arraytyping.nn.one_hot(x, n, dtype=...)`` (op_rules' ``nn_one_hot_result``): the dtype given, else the
    configuration's default float, strong; a bool ``x`` is an error (its ``iota`` refuses bool); a dtype the plugin
    cannot read leaves the stubs' answer (gradual with x64, for which they are not written)."""
    what = "arraytyping.nn.one_hot"

    def hook(ctx: FunctionContext) -> Type:
        dtype = dtype_given(ctx, what)
        if dtype is None:
            return AnyType(TypeOfAny.from_error)
        given, d = dtype
        if given and d is None:
            return AnyType(TypeOfAny.special_form) if rules.x64 else ctx.default_return_type
        x = ctx.arg_types[0][0] if ctx.arg_types and ctx.arg_types[0] else None
        o = _types.operand(x, rules) if x is not None else None
        single = o.single if isinstance(o, DtypeSet) else None
        try:
            name, weak = OR.nn_one_hot_result(single[0] if single is not None else "int32", d, rules.cfg)
        except OR.OperandTypeError as e:
            assert single is not None
            _errors.reject(ctx, e, describe(single), None, what, _errors.DTYPE_PROMOTION_ARG)
            return AnyType(TypeOfAny.from_error)
        return _types.array_of(ctx.api, ("class", static_of(name, weak)), {})
    return hook


def constructor_hook(rules: Rules, cls: str) -> Callable[[FunctionContext], Type]:
    """``arraytyping.float64(2)``: an ``Array`` of the class's dtype, canonicalized (the stubs: for x64 off)."""
    node = "bool" if cls == "bool_" else cls
    return lambda ctx: _types.array_of(ctx.api, ("class", static_of(rules.canonical(node), False)), {})


def _np_dtype(ctx: FunctionContext, name: str) -> Type:
    """``np.dtype[<numpy scalar>]`` for dtypes numpy has, ``np.dtype[Any]`` for the ml_dtypes ones."""
    api = ctx.api
    try:
        arg: Type = AnyType(TypeOfAny.implementation_artifact)
        if name in _NUMPY_TYPE_OF:  # numpy.float32 is an alias of floating[_32Bit]: its target
            sym = api.lookup_qualified(f"numpy.{name}")  # type: ignore[attr-defined]
            if isinstance(sym.node, TypeAlias):
                arg = sym.node.target
            elif isinstance(sym.node, TypeInfo):
                arg = Instance(sym.node, [])
        return api.named_generic_type("numpy.dtype", [arg])
    except Exception:  # noqa: BLE001 - numpy's stubs are laid out differently: the stubs' answer
        return ctx.default_return_type


_NUMPY_TYPE_OF: Final = {v: k for k, v in _types.NUMPY_SCALARS.items() if k != "numpy.bool_"}


_WEAK_DTYPE: Final = {"int": "int64", "float": "float64", "complex": "complex128"}
"""The dtype ``promote_types`` gives a weak result (``promote_types(int, float)`` is float64)."""


def promote_types_hook(rules: Rules) -> Callable[[FunctionContext], Type]:
    """``promote_types(a, b)``: the lattice's join, not canonicalized for x64 (JAX's ``promote_types('float32',
    'float64')`` is float64 with x64 off too)."""
    def hook(ctx: FunctionContext) -> Type:
        ops: list[tuple[str, bool]] = []
        for types in ctx.arg_types[:2]:
            if len(types) != 1 or _dtype_args.weak_array_dtype(types[0]):
                return ctx.default_return_type
            node = _dtype_args.dtype_node(types[0], weak_python=True)
            if isinstance(node, _dtype_args.Invalid):
                _dtype_args.report_invalid(ctx, node, "promote_types")
                return AnyType(TypeOfAny.from_error)
            if node is None:
                return ctx.default_return_type
            ops.append((node, node in L.WEAK_NAMES))
        if len(ops) != 2:
            return ctx.default_return_type
        name = L.join_pair(ops[0][0], ops[1][0], rules.cfg)
        if name is None:
            e = L.promotion_error((ops[0][0], ops[1][0]), rules.cfg)
            ctx.api.fail(f"{e} (in arraytyping.promote_types)", ctx.context, code=_errors.DTYPE_PROMOTION_CALL)
            return AnyType(TypeOfAny.from_error)
        return _np_dtype(ctx, _WEAK_DTYPE.get(name, name))
    return hook


def result_type_hook(rules: Rules) -> Callable[[FunctionContext], Type]:
    def hook(ctx: FunctionContext) -> Type:
        ops: list[tuple[str, bool]] = []
        for types in ctx.arg_types[:1]:
            for t in types:
                node = _dtype_args.dtype_node(t, weak_python=True)
                if isinstance(node, str):
                    ops.append((node, node in L.WEAK_NAMES))
                    continue
                o = _types.operand(t, rules)
                if not isinstance(o, DtypeSet) or o.single is None:
                    return ctx.default_return_type
                ops.append(o.single[:2])
        if not ops or len(ctx.arg_types) > 1 and any(ctx.arg_types[1:]):
            return ctx.default_return_type  # return_weak_type_flag=...: the stubs' overloads
        try:
            name, _ = L.result_node(ops, rules.cfg)
        except L.TypePromotionError as e:
            ctx.api.fail(f"{e} (in result_type)", ctx.context, code=_errors.DTYPE_PROMOTION_CALL)
            return AnyType(TypeOfAny.from_error)
        return _np_dtype(ctx, name)
    return hook


def indices_hook(rules: Rules) -> Callable[[FunctionContext], Type]:
    """``arraytyping.numpy.indices(dimensions, dtype=None, sparse=False)``: the ``dtype`` given (op_rules'
    ``creation_result``: ``lax.iota``'s, bool refused) or the configuration's default integer; one array, or with a
    literal ``sparse=True`` a tuple of them (a ``sparse`` that is no literal: either, gradually)."""
    what = "arraytyping.numpy.indices"

    def hook(ctx: FunctionContext) -> Type:
        dtype = dtype_given(ctx, what)
        if dtype is None:
            return AnyType(TypeOfAny.from_error)
        given, d = dtype
        if given and d is None:
            return ctx.default_return_type  # a dtype the plugin cannot read: the stubs' answer
        try:
            name, weak = OR.creation_result("indices", (), rules.cfg, d if given else None)
        except (OR.OperandTypeError, OR.OperandValueError) as e:
            _errors.reject(ctx, e, f"dtype {d}", None, what, _errors.DTYPE_PROMOTION_ARG)
            return AnyType(TypeOfAny.from_error)
        array = _types.array_of(ctx.api, ("class", static_of(name, weak)), {})
        sparse = argument(ctx, "sparse")
        p = None if sparse is None else get_proper_type(sparse)
        if isinstance(p, Instance) and p.last_known_value is not None:
            p = p.last_known_value  # a literal passed positionally
        if p is None or (isinstance(p, LiteralType) and p.value is False):
            return array
        each = ctx.api.named_generic_type("builtins.tuple", [array])
        if isinstance(p, LiteralType) and p.value is True:
            return each
        return UnionType.make_union([array, each])
    return hook
