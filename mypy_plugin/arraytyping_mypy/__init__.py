"""mypy plugin for arraytyping: exact result dtypes for any configuration, and its own error code.

Enable with one line of mypy configuration::

    [mypy]                                  # or [tool.mypy] in pyproject.toml
    plugins = arraytyping_mypy

Optional settings (defaults: the runtime's defaults)::

    [arraytyping-mypy]                      # or [tool.arraytyping-mypy] in pyproject.toml
    x64 = false                             # 64-bit types enabled
    promotion = standard                    # or strict: every implicit promotion between strong dtypes is an error

The plugin replaces the stubs' promotion overloads of the ``Array`` operators and of the binary
``arraytyping.numpy`` functions by one permissive signature (so mypy does no overload search) and computes the result
with :mod:`arraytyping.lattice` itself (loaded from the installed package's file, without importing the runtime).
Pairs with no join are reported as ``[dtype-promotion]`` errors naming both dtypes and the fix; silence one with
``# type: ignore[dtype-promotion]``. ``Any``, type variables, abstract dtypes, unions with a rejected member and
unknown types never produce a dtype error: they give ``Array[Any]`` (or ``Array[T]`` for ``Array[T] op Array[T]``).
"""

from __future__ import annotations

import configparser
import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any, Final

from mypy.errorcodes import ErrorCode
from mypy.nodes import TypeInfo
from mypy.options import Options
from mypy.plugin import FunctionContext, FunctionSigContext, MethodContext, MethodSigContext, Plugin, ReportConfigContext
from mypy.types import (
    AnyType, CallableType, FunctionLike, Instance, LiteralType, NoneType, Overloaded, ProperType, Type, TypeOfAny,
    TypeType, TypeVarType, UnionType, get_proper_type,
)

try:  # Python 3.11+
    import tomllib
except ImportError:  # pragma: no cover
    tomllib = None  # type: ignore[assignment]

__all__ = ["DTYPE_PROMOTION", "ArraytypingPlugin", "load_lattice", "plugin"]

DTYPE_PROMOTION: Final = ErrorCode(
    "dtype-promotion", "Operands whose dtypes have no implicit promotion (arraytyping)", "arraytyping")


def load_lattice() -> ModuleType:
    """``arraytyping/lattice.py`` of the installed package, executed on its own (stdlib only; no numpy, no XLA)."""
    name = "_arraytyping_mypy_lattice"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.find_spec("arraytyping")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("arraytyping_mypy needs the arraytyping package installed")
    for loc in spec.submodule_search_locations:
        path = Path(loc) / "lattice.py"
        if path.exists():
            lspec = importlib.util.spec_from_file_location(name, path)
            assert lspec is not None and lspec.loader is not None
            mod = importlib.util.module_from_spec(lspec)
            sys.modules[name] = mod
            lspec.loader.exec_module(mod)
            return mod
    raise ImportError("arraytyping/lattice.py not found")


L = load_lattice()

ARRAY: Final = "arraytyping.Array"
_FAMILY_OF_OP: Final[dict[str, str]] = {
    "add": "arith", "sub": "arith", "mul": "arith", "floordiv": "arith", "mod": "arith", "pow": "arith",
    "matmul": "arith", "truediv": "div", "and": "bit", "or": "bit", "xor": "bit", "lshift": "shift",
    "rshift": "shift", "lt": "cmp", "le": "cmp", "gt": "cmp", "ge": "cmp", "eq": "cmp", "ne": "cmp",
}
_FAMILY_OF_FN: Final[dict[str, str]] = {
    "add": "arith", "subtract": "arith", "multiply": "arith", "floor_divide": "arith", "remainder": "arith",
    "mod": "arith", "power": "arith", "maximum": "arith", "minimum": "arith", "matmul": "arith", "dot": "arith",
    "divide": "div", "true_divide": "div", "bitwise_and": "bit", "bitwise_or": "bit", "bitwise_xor": "bit",
    "left_shift": "shift", "right_shift": "shift", "equal": "cmp", "not_equal": "cmp", "less": "cmp",
    "less_equal": "cmp", "greater": "cmp", "greater_equal": "cmp",
}
_OPERAND_KINDS: Final = {"arith": "biufc", "div": "biufc", "cmp": "biufc", "bit": "biu", "shift": "biu"}
_RESULT_KINDS: Final = {"arith": "biufc", "div": "biufc", "cmp": "biufc", "bit": "biu", "shift": "iu"}
_KEEPS: Final = frozenset({"arith", "bit", "shift"})
_SYMBOL: Final = {"add": "+", "sub": "-", "mul": "*", "floordiv": "//", "mod": "%", "pow": "**", "matmul": "@",
                  "truediv": "/", "and": "&", "or": "|", "xor": "^", "lshift": "<<", "rshift": ">>", "lt": "<",
                  "le": "<=", "gt": ">", "ge": ">=", "eq": "==", "ne": "!="}
_NUMPY_SCALARS: Final = {
    "numpy.bool": "bool", "numpy.bool_": "bool", "numpy.int8": "int8", "numpy.int16": "int16", "numpy.int32": "int32",
    "numpy.int64": "int64", "numpy.uint8": "uint8", "numpy.uint16": "uint16", "numpy.uint32": "uint32",
    "numpy.uint64": "uint64", "numpy.float16": "float16", "numpy.float32": "float32", "numpy.float64": "float64",
    "numpy.complex64": "complex64", "numpy.complex128": "complex128",
}
_NBIT: Final = {"numpy.signedinteger": "int", "numpy.unsignedinteger": "uint", "numpy.floating": "float",
                "numpy.complexfloating": "complex"}


# --------------------------------------------------------------------------------------------------------------------
# Configuration


def _read_config(config_file: str | None) -> tuple[bool, str]:
    x64, mode = False, "standard"
    if not config_file:
        return x64, mode
    section: dict[str, Any] = {}
    path = Path(config_file)
    if path.suffix == ".toml" and tomllib is not None:
        with path.open("rb") as fh:
            data = tomllib.load(fh)
        section = dict(data.get("tool", {}).get("arraytyping-mypy", {}))
    else:
        cp = configparser.ConfigParser()
        cp.read(path)
        if cp.has_section("arraytyping-mypy"):
            section = dict(cp.items("arraytyping-mypy"))
    raw_x64 = section.get("x64", False)
    if isinstance(raw_x64, str):
        if raw_x64.strip().lower() not in ("1", "0", "true", "false", "yes", "no", "on", "off"):
            raise ValueError(f"arraytyping-mypy: x64 must be a boolean, got {raw_x64!r}")
        raw_x64 = raw_x64.strip().lower() in ("1", "true", "yes", "on")
    mode = str(section.get("promotion", "standard")).strip().lower()
    if mode not in ("standard", "strict"):
        raise ValueError(f"arraytyping-mypy: promotion must be 'standard' or 'strict', got {mode!r}")
    return bool(raw_x64), mode


# --------------------------------------------------------------------------------------------------------------------
# From mypy types to lattice operands

Operand = tuple[str, bool]  # (dtype or weak node name, weak)
_GRADUAL: Final = "gradual"  # marker: a type the plugin cannot (and must not) judge


def _dtype_operand(t: ProperType) -> Operand | str | None:
    """The operand a dtype type argument stands for; _GRADUAL for Any/type vars/abstract; None if not a dtype."""
    if isinstance(t, Instance):
        name = t.type.fullname
        if name.startswith("arraytyping."):
            short = name.rsplit(".", 1)[1]
            node = "bool" if short == "bool_" else short
            if node in L.DTYPE_NAMES:
                return node, False
            return _GRADUAL  # abstract scalar classes
        if name in ("builtins.int", "builtins.float", "builtins.complex"):
            return name[9:], True
        if name == "builtins.bool":
            return "bool", False
        return _numpy_scalar(t)
    return _GRADUAL


def _numpy_scalar(t: Instance) -> Operand | str | None:
    name = t.type.fullname
    if name in _NUMPY_SCALARS:
        return _NUMPY_SCALARS[name], False
    if name in _NBIT and t.args:
        bits = get_proper_type(t.args[0])
        if isinstance(bits, Instance) and bits.type.name.startswith("_") and bits.type.name.endswith("Bit"):
            n = int(bits.type.name[1:-3]) * (2 if name == "numpy.complexfloating" else 1)
            node = f"{_NBIT[name]}{n}"
            return (node, False) if node in L.DTYPE_NAMES else _GRADUAL
    if any(b.fullname in ("numpy.generic", "numpy.number", "numpy.bool") for b in t.type.mro):
        return _GRADUAL
    return None


def operand_of(typ: Type) -> list[Operand] | str | None:
    """The operands a value of type ``typ`` may stand for (several for unions), _GRADUAL, or None (not an operand)."""
    t = get_proper_type(typ)
    if isinstance(t, UnionType):
        out: list[Operand] = []
        for item in t.items:
            o = operand_of(item)
            if o is None or o == _GRADUAL:
                return o
            assert not isinstance(o, str)
            out.extend(o)
        return out
    if isinstance(t, LiteralType):
        t = t.fallback
    if isinstance(t, (AnyType, TypeVarType)):
        return _GRADUAL
    if isinstance(t, Instance):
        name = t.type.fullname
        if name == ARRAY or any(b.fullname == ARRAY for b in t.type.mro):
            arg = _array_arg(t)
            if arg is None:
                return _GRADUAL
            return _operand_list(arg)
        if name == "numpy.ndarray":
            if len(t.args) == 2:
                dt = get_proper_type(t.args[1])
                if isinstance(dt, Instance) and dt.type.fullname == "numpy.dtype" and dt.args:
                    return _operand_list(get_proper_type(dt.args[0]))
            return _GRADUAL
        if name in ("builtins.bool", "builtins.int", "builtins.float", "builtins.complex"):
            return _operand_list(t)
        o = _numpy_scalar(t)
        if o is not None:
            return [o] if not isinstance(o, str) else o
    return None


def _array_arg(t: Instance) -> ProperType | None:
    for b in t.type.mro:
        if b.fullname == ARRAY:
            mapped = t if t.type.fullname == ARRAY else _map_to(t, b)
            return get_proper_type(mapped.args[0]) if mapped is not None and mapped.args else None
    return None


def _map_to(t: Instance, info: TypeInfo) -> Instance | None:
    from mypy.maptype import map_instance_to_supertype

    return map_instance_to_supertype(t, info)


def _operand_list(arg: ProperType) -> list[Operand] | str | None:
    if isinstance(arg, UnionType):
        out: list[Operand] = []
        for item in arg.items:
            o = _dtype_operand(get_proper_type(item))
            if o is None or isinstance(o, str):
                return _GRADUAL
            out.append(o)
        return out
    o = _dtype_operand(arg)
    if o is None or isinstance(o, str):
        return _GRADUAL if o is not None else None
    return [o]


# --------------------------------------------------------------------------------------------------------------------
# The plugin


class ArraytypingPlugin(Plugin):
    def __init__(self, options: Options) -> None:
        super().__init__(options)
        self.x64, self.mode = _read_config(options.config_file)
        self.cfg = L.LatticeConfig(self.mode, self.x64)

    # -- configuration in mypy's cache
    def report_config_data(self, ctx: ReportConfigContext) -> dict[str, Any]:
        return {"x64": self.x64, "promotion": self.mode, "lattice": getattr(L, "__file__", None) and "1"}

    # -- hook dispatch
    def get_method_signature_hook(self, fullname: str) -> Callable[[MethodSigContext], FunctionLike] | None:
        if self._op(fullname) is not None:
            return _permissive_method
        return None

    def get_method_hook(self, fullname: str) -> Callable[[MethodContext], Type] | None:
        op = self._op(fullname)
        if op is not None:
            name, reflected = op
            return lambda ctx: self._binary(ctx, ctx.type, ctx.arg_types[0][0] if ctx.arg_types and ctx.arg_types[0]
                                             else AnyType(TypeOfAny.special_form), name, reflected, ctx.context)
        if fullname == f"{ARRAY}.astype":
            return self._astype
        return None

    def get_function_signature_hook(self, fullname: str) -> Callable[[FunctionSigContext], FunctionLike] | None:
        if fullname.startswith("arraytyping.numpy.") and fullname[18:] in _FAMILY_OF_FN:
            return _permissive_function
        return None

    def get_function_hook(self, fullname: str) -> Callable[[FunctionContext], Type] | None:
        if fullname.startswith("arraytyping.numpy.") and fullname[18:] in _FAMILY_OF_FN:
            fn = fullname[18:]

            def hook(ctx: FunctionContext) -> Type:
                if len(ctx.arg_types) < 2 or not ctx.arg_types[0] or not ctx.arg_types[1]:
                    return ctx.default_return_type
                return self._binary(ctx, ctx.arg_types[0][0], ctx.arg_types[1][0], fn, False, ctx.context,
                                    family=_FAMILY_OF_FN[fn], display=f"arraytyping.numpy.{fn}")
            return hook
        return None

    @staticmethod
    def _op(fullname: str) -> tuple[str, bool] | None:
        if not fullname.startswith(ARRAY + ".__"):
            return None
        name = fullname[len(ARRAY) + 3:-2]
        if name in _FAMILY_OF_OP:
            return name, False
        if name.startswith("r") and name[1:] in _FAMILY_OF_OP and _FAMILY_OF_OP[name[1:]] != "cmp":
            return name[1:], True
        return None

    # -- results
    def _array_of(self, ctx: MethodContext | FunctionContext, static: str | ProperType) -> Type:
        api = ctx.api
        if isinstance(static, str):
            arg: Type = api.named_generic_type(f"builtins.{static}" if static in ("int", "float", "complex")
                                               else f"arraytyping.{static}", [])
        else:
            arg = static
        return api.named_generic_type(ARRAY, [arg])

    def _static(self, name: str, weak: bool) -> str:
        if weak:
            return {"i": "int", "u": "int", "f": "float", "c": "complex"}[L.KIND[name]]
        return "bool_" if name == "bool" else name

    def _result(self, family: str, a: Operand, b: Operand) -> str | None:
        if L.KIND[a[0]] not in _OPERAND_KINDS[family] or L.KIND[b[0]] not in _OPERAND_KINDS[family]:
            return None
        try:
            name, weak = L.result_node([a, b], self.cfg)
        except L.TypePromotionError:
            return None
        if L.KIND[name] not in _RESULT_KINDS[family]:
            return None
        if family == "div" and L.KIND[name] in "biu":
            j = L.join_pair(name, "float64", self.cfg)
            if j is None:
                return None
            name = L.canonical_name(j, self.x64)
        if family == "cmp":
            return "bool_"
        return self._static(name, weak)

    def _binary(self, ctx: MethodContext | FunctionContext, left: Type, right: Type, op: str, reflected: bool,
                context: Any, family: str | None = None, display: str | None = None) -> Type:
        family = family or _FAMILY_OF_OP[op]
        if reflected:
            left, right = right, left
        lo, ro = operand_of(left), operand_of(right)
        if lo is None or ro is None:
            what = display or f"operator {_SYMBOL[op]}"
            ctx.api.fail(f"Unsupported operand types for {what} ({_show(left)} and {_show(right)})", context)
            return AnyType(TypeOfAny.from_error)
        if isinstance(lo, str) or isinstance(ro, str):
            return self._gradual(ctx, left, right, family)
        results: list[str] = []
        for a in lo:
            for b in ro:
                r = self._result(family, a, b)
                if r is None:
                    if len(lo) == 1 and len(ro) == 1:
                        self._reject(ctx, family, a, b, op, display, context)
                        return AnyType(TypeOfAny.from_error)
                    return self._array_of(ctx, AnyType(TypeOfAny.implementation_artifact))
                if r not in results:
                    results.append(r)
        if len(results) == 1:
            return self._array_of(ctx, results[0])
        items = [get_proper_type(self._array_of(ctx, r)) for r in results]
        args = [i.args[0] for i in items if isinstance(i, Instance)]
        return ctx.api.named_generic_type(ARRAY, [UnionType.make_union(args)])

    def _gradual(self, ctx: MethodContext | FunctionContext, left: Type, right: Type, family: str) -> Type:
        if family == "cmp":
            return self._array_of(ctx, "bool_")
        lt, rt = get_proper_type(left), get_proper_type(right)
        if family in _KEEPS and isinstance(lt, Instance) and isinstance(rt, Instance):
            la, ra = _array_arg(lt), _array_arg(rt)
            if la is not None and ra is not None and la == ra:
                return self._array_of(ctx, la)
        return self._array_of(ctx, AnyType(TypeOfAny.implementation_artifact))

    def _reject(self, ctx: MethodContext | FunctionContext, family: str, a: Operand, b: Operand, op: str,
                display: str | None, context: Any) -> None:
        da, db = _describe(a), _describe(b)
        what = display or f"operator {_SYMBOL[op]}"
        if family in ("bit", "shift") and (L.KIND[a[0]] in "fc" or L.KIND[b[0]] in "fc" or family == "shift"):
            try:
                L.result_node([a, b], self.cfg)
                why = ("bitwise operators need bool or integer dtypes" if family == "bit"
                       else "shifts need integer dtypes")
                ctx.api.fail(f"{what} is not defined for dtypes {da} and {db}: {why}", context, code=DTYPE_PROMOTION)
                return
            except L.TypePromotionError:
                pass
        try:
            L.join(L.node_for(*a), L.node_for(*b), config=self.cfg)
            fix = "Cast one operand explicitly, e.g. x.astype('float32')."
            msg = f"Input dtypes ({da}, {db}) have no implicit promotion path for {what}. {fix}"
        except L.TypePromotionError as e:
            msg = f"{e} (in {what} on {da} and {db})"
        if family == "div":
            msg = (f"Input dtypes ({da}, {db}) cannot be divided: the result would need a float dtype they do not "
                   f"promote to. Cast explicitly first, e.g. x.astype('float32').")
        ctx.api.fail(msg, context, code=DTYPE_PROMOTION)

    # -- astype: config-aware canonicalization of explicitly requested 64-bit dtypes
    def _astype(self, ctx: MethodContext) -> Type:
        if not ctx.arg_types or not ctx.arg_types[0]:
            return ctx.default_return_type
        node = _dtype_arg(ctx.arg_types[0][0])
        if node is None:
            return ctx.default_return_type
        return self._array_of(ctx, self._static(L.canonical_name(node, self.x64), False))


def _dtype_arg(typ: Type) -> str | None:
    t = get_proper_type(typ)
    if isinstance(t, LiteralType) and isinstance(t.value, str):
        v = t.value
        return "bool" if v in ("bool", "bool_") else v if v in L.DTYPE_NAMES else None
    if isinstance(t, FunctionLike) and t.is_type_obj():
        t = TypeType(Instance(t.type_object(), []))
    if isinstance(t, TypeType) and isinstance(t.item, Instance):
        name = t.item.type.fullname
        if name.startswith("arraytyping."):
            short = name.rsplit(".", 1)[1]
            node = "bool" if short == "bool_" else short
            return node if node in L.DTYPE_NAMES else None
        if name in _NUMPY_SCALARS:
            return _NUMPY_SCALARS[name]
        return {"builtins.bool": "bool", "builtins.int": "int64", "builtins.float": "float64",
                "builtins.complex": "complex128"}.get(name)
    return None


def _describe(o: Operand) -> str:
    name, weak = o
    if name in L.WEAK_NAMES:
        return f"weak {name}"
    return f"{name} (weak)" if weak else name


def _show(t: Type) -> str:
    return str(t).replace("arraytyping.", "")


def _permissive(sig: CallableType, names: tuple[str, ...]) -> CallableType:
    anyt = AnyType(TypeOfAny.special_form)
    n = len(sig.arg_types)
    return sig.copy_modified(arg_types=[sig.arg_types[0]] + [anyt] * (n - 1) if names == ("self",) else [anyt] * n,
                             ret_type=anyt, variables=[])


def _permissive_method(ctx: MethodSigContext) -> FunctionLike:
    sig = ctx.default_signature
    anyt = AnyType(TypeOfAny.special_form)
    return sig.copy_modified(arg_types=[anyt] * len(sig.arg_types), ret_type=anyt, variables=[])


def _permissive_function(ctx: FunctionSigContext) -> FunctionLike:
    sig = ctx.default_signature
    anyt = AnyType(TypeOfAny.special_form)
    return sig.copy_modified(arg_types=[anyt] * len(sig.arg_types), ret_type=anyt, variables=[])


def plugin(version: str) -> type[Plugin]:
    return ArraytypingPlugin


_ = (NoneType, Overloaded, _permissive)
