"""From mypy types to the dtypes an operand may have (:class:`._rules.DtypeSet`), and back to ``Array[...]``."""

from __future__ import annotations

from typing import Final

from mypy.expandtype import expand_type_by_instance
from mypy.maptype import map_instance_to_supertype
from mypy.nodes import TypeInfo
from mypy.plugin import AnalyzeTypeContext, CheckerPluginInterface, FunctionContext, MethodContext
from mypy.typevars import fill_typevars
from mypy.types import (
    AnyType, Instance, LiteralType, NoneType, ProperType, TupleType, Type, TypeOfAny, TypeVarType, UninhabitedType,
    UnionType, get_proper_type,
)

from arraytyping_mypy._rules import ABSTRACT, L, Answer, DtypeSet, Member, Rules

__all__ = ["ARRAY", "GRADUAL", "Operand", "array_arg", "array_arg_or_any", "array_of", "array_or_gradual", "as_array", "array_type",
           "named_tuple", "operand", "pair_of", "show"]

ARRAY: Final = "arraytyping.Array"
NUMPY_SCALARS: Final = {
    "numpy.bool": "bool", "numpy.bool_": "bool", "numpy.int8": "int8", "numpy.int16": "int16", "numpy.int32": "int32",
    "numpy.int64": "int64", "numpy.uint8": "uint8", "numpy.uint16": "uint16", "numpy.uint32": "uint32",
    "numpy.uint64": "uint64", "numpy.float16": "float16", "numpy.float32": "float32", "numpy.float64": "float64",
    "numpy.complex64": "complex64", "numpy.complex128": "complex128",
}
_NBIT: Final = {"numpy.signedinteger": "int", "numpy.unsignedinteger": "uint", "numpy.floating": "float",
                "numpy.complexfloating": "complex"}
_PY: Final = ("builtins.bool", "builtins.int", "builtins.float", "builtins.complex")


class _Gradual:
    """An operand the plugin cannot (and must not) judge: ``Any``, ``NDArray[Any]``..."""

    def __repr__(self) -> str:
        return "GRADUAL"


GRADUAL: Final = _Gradual()
Operand = DtypeSet | _Gradual | None
"""What a value may be as an operand: dtypes, gradual, or None (not an operand at all: a string, a tuple...)."""


def numpy_dtype(t: Instance) -> str | None | _Gradual:
    """The dtype of a numpy scalar type (``np.float32``, ``np.floating[_32Bit]``); GRADUAL for an imprecise one
    (``np.floating[Any]``, ``np.generic``), None if ``t`` is not numpy's."""
    name = t.type.fullname
    if name in NUMPY_SCALARS:
        return NUMPY_SCALARS[name]
    if name in _NBIT and t.args:
        bits = get_proper_type(t.args[0])
        if isinstance(bits, Instance) and bits.type.name.startswith("_") and bits.type.name.endswith("Bit"):
            try:
                n = int(bits.type.name[1:-3]) * (2 if name == "numpy.complexfloating" else 1)
            except ValueError:
                return GRADUAL
            node = f"{_NBIT[name]}{n}"
            return node if node in L.DTYPE_NAMES else GRADUAL
        return GRADUAL
    if any(b.fullname in ("numpy.generic", "numpy.number", "numpy.bool") for b in t.type.mro):
        return GRADUAL
    return None


def _bound_members(t: ProperType, rules: Rules) -> tuple[Member, ...] | None:
    """The dtypes a type variable's bound (or a constraint) allows, or None where the plugin cannot tell."""
    if isinstance(t, UnionType):
        out: list[Member] = []
        for item in t.items:
            ms = _bound_members(get_proper_type(item), rules)
            if ms is None:
                return None
            out += [m for m in ms if m not in out]
        return tuple(out)
    if not isinstance(t, Instance):
        return None
    name = t.type.fullname
    if name == "builtins.object":
        return rules.members_of_kinds("biufc") + tuple((w, True, False, False) for w in L.WEAK_NAMES)
    if name == "builtins.complex":
        return tuple((w, True, False, False) for w in L.WEAK_NAMES)
    if name == "builtins.float":
        return (("int", True, False, False), ("float", True, False, False))
    if name == "builtins.int":
        return (("int", True, False, False),)
    d = _dtype_of_class(t, rules)
    return d.members if isinstance(d, DtypeSet) else None


def _dtype_of_class(t: Instance, rules: Rules) -> DtypeSet | _Gradual | None:
    """The dtypes of a dtype type argument that is a class: a scalar class, a Python type (weak), an abstract
    class (its inhabited members)."""
    name = t.type.fullname
    if name.startswith("arraytyping."):
        short = name.rsplit(".", 1)[1]
        node = "bool" if short == "bool_" else short
        if node in L.DTYPE_NAMES:
            return DtypeSet(((node, False, False, False),))
        if short in ABSTRACT:
            return DtypeSet(rules.members_of_kinds(ABSTRACT[short]), abstract=short)
        return GRADUAL
    if name in _PY:
        short = name[9:]
        return DtypeSet(((short, short != "bool", False, False),))
    mro = {b.fullname for b in t.type.mro}
    for abstract in ABSTRACT:  # a user's subclass of an abstract scalar class
        if f"arraytyping.{abstract}" in mro:
            return GRADUAL
    d = numpy_dtype(t)
    if isinstance(d, str):
        return DtypeSet(((d, False, False, False),))
    return GRADUAL if d is not None else None


def dtype_arg_set(arg: ProperType, rules: Rules) -> DtypeSet | _Gradual:
    """The dtypes of ``Array[arg]``."""
    if isinstance(arg, UnionType):
        members: list[Member] = []
        for item in arg.items:
            d = dtype_arg_set(get_proper_type(item), rules)
            if not isinstance(d, DtypeSet) or d.var is not None or d.abstract is not None:
                return GRADUAL
            members += [m for m in d.members if m not in members]
        return DtypeSet(tuple(members))
    if isinstance(arg, TypeVarType):
        if arg.values:
            ms: list[Member] = []
            for v in arg.values:
                got = _bound_members(get_proper_type(v), rules)
                if got is None:
                    return GRADUAL
                ms += [m for m in got if m not in ms]
            return DtypeSet(tuple(ms), var=arg.fullname)
        upper = _bound_members(get_proper_type(arg.upper_bound), rules)
        return GRADUAL if not upper else DtypeSet(upper, var=arg.fullname)
    if isinstance(arg, Instance):
        cls = _dtype_of_class(arg, rules)
        return GRADUAL if cls is None else cls
    return GRADUAL


def as_array(t: Instance) -> Instance | None:
    """An ``Array`` (or a subclass of it) as an ``Array`` instance: its type arguments are the dtype and shape."""
    for b in t.type.mro:
        if b.fullname == ARRAY:
            return t if t.type.fullname == ARRAY else map_instance_to_supertype(t, b)
    return None


def array_arg(t: Instance) -> ProperType | None:
    """The dtype type argument of an ``Array`` (or of a subclass of it, mapped to ``Array``)."""
    mapped = as_array(t)
    return get_proper_type(mapped.args[0]) if mapped is not None and mapped.args else None


def operand(typ: Type, rules: Rules) -> Operand:
    """What a value of type ``typ`` may be as an operand."""
    t = get_proper_type(typ)
    if isinstance(t, UnionType):
        members: list[Member] = []
        for item in t.items:
            o = operand(item, rules)
            if o is None or isinstance(o, _Gradual):
                return o
            if o.var is not None or o.abstract is not None:
                return GRADUAL
            members += [m for m in o.members if m not in members]
        return DtypeSet(tuple(members))
    if isinstance(t, LiteralType):
        t = t.fallback
    if isinstance(t, Instance):
        name = t.type.fullname
        if name == ARRAY or any(b.fullname == ARRAY for b in t.type.mro):
            arg = array_arg(t)
            return GRADUAL if arg is None else dtype_arg_set(arg, rules)
        if name == "numpy.ndarray":
            if len(t.args) == 2:
                dt = get_proper_type(t.args[1])
                if isinstance(dt, Instance) and dt.type.fullname == "numpy.dtype" and dt.args:
                    inner = get_proper_type(dt.args[0])
                    if isinstance(inner, Instance):
                        d = numpy_dtype(inner)
                        if isinstance(d, str):
                            return DtypeSet(((d, False, False, False),))
            return GRADUAL
        d = numpy_dtype(t)  # before Python's: np.float64 subclasses float
        if isinstance(d, str):
            return DtypeSet(((d, False, False, True),))
        if d is not None:
            return d
        if name in _PY:
            short = name[9:]
            return DtypeSet(((short, short != "bool", True, False),))
        if any(b.fullname in _PY for b in t.type.mro):  # a subclass of a Python scalar type
            return GRADUAL
        return None
    if isinstance(t, (NoneType, TupleType)):  # JAX takes no tuple operand (jnp functions neither)
        return None
    if isinstance(t, UninhabitedType):
        return GRADUAL
    return GRADUAL  # Any, type variables of the value itself, callables...: never judged


def _type_info(api: CheckerPluginInterface, fullname: str) -> TypeInfo:
    return api.named_generic_type(fullname, []).type


def array_of(api: CheckerPluginInterface, answer: Answer, vars_by_name: dict[str, TypeVarType]) -> Type:
    """``Array[...]`` of an answer that is not an error."""
    kind, value = answer

    def cls(c: str) -> Type:
        if c == "Any":  # a rule's gradual answer (not the name arraytyping's stubs import from typing)
            return AnyType(TypeOfAny.special_form)
        return api.named_generic_type(f"builtins.{c}" if c in L.WEAK_NAMES else f"arraytyping.{c}", [])

    if kind == "class":
        arg: Type = cls(str(value))
    elif kind == "var":
        arg = vars_by_name[str(value)]
    elif kind == "union":
        assert isinstance(value, tuple)
        arg = UnionType.make_union([cls(str(c)) for c in value])
    elif kind == "abstract":
        arg = cls(str(value))
    else:
        arg = AnyType(TypeOfAny.implementation_artifact)
    return array_type(api, arg)


ANY_SHAPE: Final = "arraytyping.AnyShape"
"""The stubs' default shape: ``tuple[int, ...]`` where they read as mypy reads them (``MYPY``), for mypy without
the plugin, which would answer ``Any`` for every overloaded call given an array whose shape holds an ``Any``."""


def gradual_shape(ctx: AnalyzeTypeContext) -> Type:
    """The default shape with the plugin: ``tuple[Any, ...]``, gradual (accepted where a shape is declared, as in
    pyright and ty), with a special-form ``Any``, which mypy's overload resolution does not count as an ``Any``
    argument (so no call becomes ambiguous)."""
    return ctx.api.named_type("builtins.tuple", [AnyType(TypeOfAny.special_form)])


def array_or_gradual(api: CheckerPluginInterface, t: Type) -> Type:
    """``t``, or ``Array[Any]`` where ``t`` is a gradual ``Any`` (a hook's answer for an operand it cannot read, of a
    method whose result is an array whatever it is: the stubs' answer there)."""
    p = get_proper_type(t)
    if isinstance(p, AnyType) and p.type_of_any != TypeOfAny.from_error:
        return array_of(api, ("any", None), {})
    return t


def array_type(api: CheckerPluginInterface, dtype: Type, shape: Type | None = None) -> Instance:
    """``Array[dtype, shape]``; without ``shape``, the class's default (any shape), as ``Array[dtype]`` means."""
    info = _type_info(api, ARRAY)
    if shape is None:
        var = info.defn.type_vars[1]
        shape = var.default if isinstance(var, TypeVarType) else AnyType(TypeOfAny.special_form)
    return Instance(info, [dtype, shape])


def pair_of(api: CheckerPluginInterface, t: Type) -> TupleType:
    """``tuple[t, t]`` (a function's two arrays of one type: ``modf``, ``divmod``)."""
    return TupleType([t, t], api.named_generic_type("builtins.tuple", [t]))


def array_arg_or_any(t: Type) -> Type:
    """The dtype type argument of ``t``, an ``Array`` (``Any`` for anything else)."""
    p = get_proper_type(t)
    arg = array_arg(p) if isinstance(p, Instance) else None
    return AnyType(TypeOfAny.special_form) if arg is None else arg


def named_tuple(api: CheckerPluginInterface, fullname: str, dtypes: list[Type]) -> Type:
    """The named tuple class ``fullname`` of arrays, generic in its fields' dtypes, of ``dtypes``: the tuple of
    ``Array[dtype]`` fields that mypy's ``EighResult[float32, complex64]`` means."""
    info = _type_info(api, fullname)
    return expand_type_by_instance(fill_typevars(info), Instance(info, dtypes))


def type_vars(*types: Type) -> dict[str, TypeVarType]:
    """The type variables that are operands' dtypes, by full name."""
    out: dict[str, TypeVarType] = {}
    for typ in types:
        t = get_proper_type(typ)
        if isinstance(t, Instance):
            arg = array_arg(t)
            if isinstance(arg, TypeVarType):
                out[arg.fullname] = arg
    return out


def show(t: Type) -> str:
    """``t`` as the plugin's messages name it: without the package prefix, and ``Array[float32]`` for an array of
    any shape, as the user wrote it."""
    return str(t).replace("arraytyping.", "").replace(", tuple[Any, ...]]", "]")


def passed(ctx: MethodContext | FunctionContext, param: str) -> bool:
    """Whether the call passes ``param`` a value other than ``None``."""
    names = ctx.callee_arg_names
    if param not in names or (i := names.index(param)) >= len(ctx.arg_types) or not ctx.arg_types[i]:
        return False
    return not isinstance(get_proper_type(ctx.arg_types[i][0]), NoneType)
