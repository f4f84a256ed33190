"""mypy plugin for arraytyping: exact result dtypes for any configuration, and its own error code.

Enable with one line of mypy configuration::

    [mypy]                                  # or [tool.mypy] in pyproject.toml
    plugins = arraytyping_mypy

Optional settings (defaults: the runtime's defaults)::

    [arraytyping-mypy]                      # or [tool.arraytyping-mypy] in pyproject.toml
    x64 = false                             # 64-bit types enabled
    promotion = standard                    # or strict: every implicit promotion between strong dtypes is an error

The plugin replaces the stubs' promotion overloads of the ``Array`` operators (in the class itself, which the stubs
mark with a type-check-only decorator; see ``_operators``) and of the binary ``arraytyping.numpy`` functions (at each
call) by one permissive signature (so mypy does no overload search) and computes the result
with :func:`arraytyping.op_rules.binary_result` itself (``op_rules.py`` and ``lattice.py`` are loaded from the
installed package's files, without importing the runtime), so its answers are JAX 0.10.2's. Pairs an operation does
not take (no promotion path, floats in bitwise operations, bool in subtraction, ``power`` of 4-bit integers...) are
reported as ``[dtype-promotion]`` errors naming both operands and the reason; silence one with
``# type: ignore[dtype-promotion]``. It also gives exact dtypes for ``promote_types``, ``result_type``,
``astype`` and the ``dtype=`` argument of ``asarray``/``array``/``zeros``/... (a scalar class, a numpy type, an
``np.dtype[...]``, a Python type or a string literal), canonicalized for the configured ``x64``. ``Any``, type
variables, abstract dtypes, unions with a rejected member and unknown types never produce a dtype error: they give
``Array[Any]`` (or ``Array[T]`` for ``Array[T] op Array[T]`` when every dtype ``T`` may be gives itself back).
"""

from __future__ import annotations

import configparser
import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any, Final

from mypy import errorcodes as codes
from mypy.errorcodes import ErrorCode
from mypy.nodes import TypeAlias, TypeInfo
from mypy.options import Options
from mypy.plugin import (
    ClassDefContext, FunctionContext, FunctionSigContext, MethodContext, MethodSigContext, Plugin, ReportConfigContext,
)
from mypy.types import (
    AnyType, FunctionLike, Instance, LiteralType, NoneType, ProperType, TupleType, Type, TypeOfAny, TypeType,
    TypeVarType, UnionType, get_proper_type,
)

from arraytyping_mypy import _operators

try:  # Python 3.11+
    import tomllib
except ImportError:  # pragma: no cover
    tomllib = None  # type: ignore[assignment]

__all__ = ["DTYPE_PROMOTION", "ArraytypingPlugin", "load_lattice", "load_rules", "plugin"]

DTYPE_PROMOTION: Final = ErrorCode(
    "dtype-promotion", "Operands whose dtypes have no implicit promotion (arraytyping)", "arraytyping")


def _package_dir() -> Path:
    spec = importlib.util.find_spec("arraytyping")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("arraytyping_mypy needs the arraytyping package installed")
    for loc in spec.submodule_search_locations:
        if (Path(loc) / "op_rules.py").exists():
            return Path(loc)
    raise ImportError("arraytyping/lattice.py and op_rules.py not found")


def load_rules() -> tuple[ModuleType, ModuleType]:
    """``arraytyping/lattice.py`` and ``arraytyping/op_rules.py`` of the installed package, executed on their own
    (stdlib only; no numpy, no XLA), by the package's own ``_src/rules_by_path.py``."""
    src = _package_dir()
    spec = importlib.util.spec_from_file_location("_arraytyping_mypy_rules_by_path", src / "_src" / "rules_by_path.py")
    if spec is None or spec.loader is None:
        raise ImportError(f"{src / '_src' / 'rules_by_path.py'} not found")
    loader = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loader)
    lattice, op_rules = loader.load_rules(src, "_arraytyping_mypy")
    return lattice, op_rules


def load_lattice() -> ModuleType:
    return load_rules()[0]


L, OR = load_rules()

ARRAY: Final = "arraytyping.Array"
_OP_OF_METHOD: Final[dict[str, str]] = {  # Array dunder -> op_rules operation (as in tools/gen_stubs.py)
    "add": "add", "sub": "subtract", "mul": "multiply", "truediv": "true_divide", "floordiv": "floor_divide",
    "mod": "remainder", "pow": "power", "matmul": "matmul", "and": "bitwise_and", "or": "bitwise_or",
    "xor": "bitwise_xor", "lshift": "left_shift", "rshift": "right_shift",
    "lt": "less", "le": "less_equal", "gt": "greater", "ge": "greater_equal", "eq": "equal", "ne": "not_equal",
}
_COMPARISONS: Final = frozenset({"lt", "le", "gt", "ge", "eq", "ne"})
_OPERATOR_OF: Final[dict[str, tuple[str, bool]]] = {  # full name of an Array operator -> (name, reflected)
    f"{ARRAY}.__{r}{n}__": (n, bool(r)) for n in _OP_OF_METHOD for r in ("", "r") if not (r and n in _COMPARISONS)
}
_OPERATOR_METHODS: Final = tuple(full[len(ARRAY) + 1:] for full in _OPERATOR_OF)
_OP_OF_FN: Final[dict[str, str]] = {
    **{op: op for op in OR.BINARY_OPS}, "mod": "remainder",
}
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

Operand = tuple[str, bool, bool]  # (dtype or weak node name, weak, is a Python scalar value)
_GRADUAL: Final = "gradual"  # marker: a type the plugin cannot (and must not) judge


def _dtype_operand(t: ProperType) -> Operand | str | None:
    """The operand a dtype type argument stands for; _GRADUAL for Any/type vars/abstract; None if not a dtype."""
    if isinstance(t, Instance):
        name = t.type.fullname
        if name.startswith("arraytyping."):
            short = name.rsplit(".", 1)[1]
            node = "bool" if short == "bool_" else short
            if node in L.DTYPE_NAMES:
                return node, False, False
            return _GRADUAL  # abstract scalar classes, or a subclass the plugin does not know
        if name in ("builtins.int", "builtins.float", "builtins.complex"):
            return name[9:], True, False
        if name == "builtins.bool":
            return "bool", False, False
        if any(b.fullname == "arraytyping.generic" for b in t.type.mro):
            return _GRADUAL  # a user's subclass of an abstract scalar class
        return _numpy_scalar(t)
    return _GRADUAL


def _numpy_scalar(t: Instance) -> Operand | str | None:
    name = t.type.fullname
    if name in _NUMPY_SCALARS:
        return _NUMPY_SCALARS[name], False, False
    if name in _NBIT and t.args:
        bits = get_proper_type(t.args[0])
        if isinstance(bits, Instance) and bits.type.name.startswith("_") and bits.type.name.endswith("Bit"):
            try:
                n = int(bits.type.name[1:-3]) * (2 if name == "numpy.complexfloating" else 1)
            except ValueError:
                return _GRADUAL
            node = f"{_NBIT[name]}{n}"
            return (node, False, False) if node in L.DTYPE_NAMES else _GRADUAL
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
            return [(name[9:], name != "builtins.bool", True)]
        o = _numpy_scalar(t)
        if o is not None:
            return [o] if not isinstance(o, str) else o
        return None
    if isinstance(t, (NoneType, TupleType)):  # JAX takes no tuple operand (jnp functions neither)
        return None
    return _GRADUAL  # Any, Never, type variables, callables...: never judged


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

_DTYPE_FUNCTIONS: Final = frozenset({  # arraytyping.numpy functions whose dtype= argument fixes the result dtype
    "asarray", "array", "astype", "zeros", "ones", "empty", "full", "zeros_like", "ones_like", "full_like", "arange",
    "linspace",
})
_REJECTIONS: Final = (L.TypePromotionError, OR.OperandTypeError, OR.OperandValueError)


class ArraytypingPlugin(Plugin):
    def __init__(self, options: Options) -> None:
        super().__init__(options)
        self.x64, self.mode = _read_config(options.config_file)
        self.cfg = L.LatticeConfig(self.mode, self.x64)
        self._results: dict[tuple[str, Operand, Operand], str | Exception] = {}
        self._inherited_ops: dict[str, tuple[str, bool] | None] = {}

    # -- configuration in mypy's cache
    def report_config_data(self, ctx: ReportConfigContext) -> dict[str, Any]:
        return {"x64": self.x64, "promotion": self.mode, "rules": 2}

    # -- hook dispatch
    def get_class_decorator_hook_2(self, fullname: str) -> Callable[[ClassDefContext], bool] | None:
        if fullname == _operators.DECORATOR:
            return lambda ctx: _operators.replace_operators(ctx, _OPERATOR_METHODS)
        return None


    def get_method_hook(self, fullname: str) -> Callable[[MethodContext], Type] | None:
        op = self._op(fullname)
        if op is not None:
            name, reflected = op
            return lambda ctx: self._binary(ctx, ctx.type, ctx.arg_types[0][0] if ctx.arg_types and ctx.arg_types[0]
                                             else AnyType(TypeOfAny.special_form), name, reflected, ctx.context)
        if fullname == f"{ARRAY}.astype":
            return self._astype
        if fullname == f"{ARRAY}.__neg__":
            return lambda ctx: self._negative(ctx, ctx.type, "operator - (negation)")
        if fullname.startswith(f"{ARRAY}.") and fullname[len(ARRAY) + 1:] in OR.REDUCTIONS:
            fn = fullname[len(ARRAY) + 1:]
            return lambda ctx: self._reduction(ctx, fn, ctx.type)
        return None

    def get_function_signature_hook(self, fullname: str) -> Callable[[FunctionSigContext], FunctionLike] | None:
        if fullname.startswith("arraytyping.numpy.") and fullname[18:] in _OP_OF_FN:
            return _permissive
        return None

    def get_function_hook(self, fullname: str) -> Callable[[FunctionContext], Type] | None:
        if fullname.startswith("arraytyping.numpy.") and fullname[18:] in _OP_OF_FN:
            fn = fullname[18:]

            def hook(ctx: FunctionContext) -> Type:
                if len(ctx.arg_types) < 2 or not ctx.arg_types[0] or not ctx.arg_types[1]:
                    return ctx.default_return_type
                return self._binary(ctx, ctx.arg_types[0][0], ctx.arg_types[1][0], fn, False, ctx.context,
                                    display=f"arraytyping.numpy.{fn}")
            return hook
        if fullname.startswith("arraytyping.numpy.") and fullname[18:] in _DTYPE_FUNCTIONS:
            return self._dtype_function
        if fullname == "arraytyping.numpy.negative":
            return lambda ctx: (self._negative(ctx, ctx.arg_types[0][0], "arraytyping.numpy.negative")
                                if ctx.arg_types and ctx.arg_types[0] else ctx.default_return_type)
        if fullname.startswith("arraytyping.numpy.") and fullname[18:] in OR.REDUCTIONS:
            fn = fullname[18:]
            return lambda ctx: self._reduction(
                ctx, fn, ctx.arg_types[0][0] if ctx.arg_types and ctx.arg_types[0] else AnyType(TypeOfAny.special_form))
        if fullname in ("arraytyping.promote_types", "arraytyping.numpy.promote_types",
                        "arraytyping.dtypes.promote_types"):
            return self._promote_types
        if fullname in ("arraytyping.result_type", "arraytyping.numpy.result_type", "arraytyping.dtypes.result_type"):
            return self._result_type
        return None

    def _op(self, fullname: str) -> tuple[str, bool] | None:
        """``(operator name, reflected)`` of the full name of an ``Array`` operator, also as inherited by a subclass
        (``mod.Params.__mul__``: mypy names a method after the class it is looked up on)."""
        hit = _OPERATOR_OF.get(fullname)
        if hit is None:
            if fullname not in self._inherited_ops:  # classes are complete by type-checking time: look up once
                self._inherited_ops[fullname] = self._inherited_op(fullname)
            hit = self._inherited_ops[fullname]
        return hit

    def _inherited_op(self, fullname: str) -> tuple[str, bool] | None:
        cls, _, method = fullname.rpartition(".")
        hit = _OPERATOR_OF.get(f"{ARRAY}.{method}")
        if hit is None or not cls:
            return None
        sym = self.lookup_fully_qualified(cls)
        if sym is None or not isinstance(sym.node, TypeInfo):
            return None
        owner = sym.node.get_containing_type_info(method)
        return hit if owner is not None and owner.fullname == ARRAY else None

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
        if weak and name != "bool":
            return {"i": "int", "u": "int", "f": "float", "c": "complex"}[L.KIND[name]]
        return "bool_" if name == "bool" else name

    def _result(self, op: str, a: Operand, b: Operand) -> str | Exception:
        """The static class of ``op(a, b)`` from op_rules, or the exception op_rules raises (memoized: a module
        repeats the same few operand pairs)."""
        key = (op, a, b)
        hit = self._results.get(key)
        if hit is not None:
            return hit
        self._results[key] = r = self._compute(op, a, b)
        return r

    def _compute(self, op: str, a: Operand, b: Operand) -> str | Exception:
        try:
            name, weak = OR.binary_result(op, [a[:2], b[:2]], self.cfg, python_scalars=[a[2], b[2]])
        except _REJECTIONS as e:
            return e
        return self._static(name, weak)

    def _binary(self, ctx: MethodContext | FunctionContext, left: Type, right: Type, name: str, reflected: bool,
                context: Any, display: str | None = None) -> Type:
        op = _OP_OF_FN[name] if display else _OP_OF_METHOD[name]
        if reflected:
            left, right = right, left
        lo, ro = operand_of(left), operand_of(right)
        if lo is None or ro is None:
            what = display or f"operator {_SYMBOL[name]}"
            ctx.api.fail(f"Unsupported operand types for {what} ({_show(left)} and {_show(right)})", context,
                         code=codes.ARG_TYPE if display else codes.OPERATOR)
            return AnyType(TypeOfAny.from_error)
        if isinstance(lo, str) or isinstance(ro, str):
            return self._gradual(ctx, left, right, op)
        results: list[str] = []
        for a in lo:
            for b in ro:
                r = self._result(op, a, b)
                if isinstance(r, Exception):
                    if len(lo) == 1 and len(ro) == 1:
                        self._reject(ctx, r, a, b, display or f"operator {_SYMBOL[name]}", context)
                        return AnyType(TypeOfAny.from_error)
                    return self._array_of(ctx, AnyType(TypeOfAny.implementation_artifact))
                if r not in results:
                    results.append(r)
        if len(results) == 1:
            return self._array_of(ctx, results[0])
        items = [get_proper_type(self._array_of(ctx, r)) for r in results]
        args = [i.args[0] for i in items if isinstance(i, Instance)]
        return ctx.api.named_generic_type(ARRAY, [UnionType.make_union(args)])

    def _gradual(self, ctx: MethodContext | FunctionContext, left: Type, right: Type, op: str) -> Type:
        """Any, type variables, abstract dtypes: never an error. ``Array[T] op Array[T]`` keeps ``T`` when every
        dtype ``T`` may be gives itself back; comparisons give ``bool_``."""
        if OR.FAMILY[op] == "compare":
            return self._array_of(ctx, "bool_")
        lt, rt = get_proper_type(left), get_proper_type(right)
        if isinstance(lt, Instance) and isinstance(rt, Instance):
            la, ra = _array_arg(lt), _array_arg(rt)
            if isinstance(la, TypeVarType) and la == ra and self._keeps(ctx, op, la):
                return self._array_of(ctx, la)
        return self._array_of(ctx, AnyType(TypeOfAny.implementation_artifact))

    def _keeps(self, ctx: MethodContext | FunctionContext, op: str, tv: TypeVarType) -> bool:
        from mypy.subtypes import is_subtype

        bound = get_proper_type(tv.upper_bound)
        if isinstance(bound, Instance) and bound.type.fullname == "builtins.object":
            members = list(L.DTYPE_NAMES)
        else:
            members = []
            for n in L.DTYPE_NAMES:
                try:
                    inst = ctx.api.named_generic_type(f"arraytyping.{'bool_' if n == 'bool' else n}", [])
                except Exception:  # noqa: BLE001 - the stubs are not loaded: judge nothing
                    return False
                if is_subtype(inst, bound):
                    members.append(n)
        if not members or tv.values:
            return False
        for n in members:
            r = self._result(op, (n, False, False), (n, False, False))
            if r != self._static(L.canonical_name(n, self.x64), False):
                return False
        return True

    def _reject(self, ctx: MethodContext | FunctionContext, err: Exception, a: Operand, b: Operand, what: str,
                context: Any) -> None:
        da, db = _describe(a), _describe(b)
        if isinstance(err, L.TypePromotionError):
            msg = f"{err} (in {what} on {da} and {db})"
        elif isinstance(err, OR.OperandTypeError):
            msg = f"{what} is not defined for {da} and {db}: {err}"
        else:
            msg = f"{what} fails in JAX 0.10.2 for {da} and {db}: {err}"
        ctx.api.fail(msg, context, code=DTYPE_PROMOTION)

    # -- dtype arguments: config-aware canonicalization of explicitly requested dtypes
    def _astype(self, ctx: MethodContext) -> Type:
        if not ctx.arg_types or not ctx.arg_types[0]:
            return ctx.default_return_type
        node = _dtype_arg(ctx.arg_types[0][0], self.x64)
        if node is None:
            return ctx.default_return_type
        return self._array_of(ctx, self._static(L.canonical_name(node, self.x64), False))

    def _negative(self, ctx: MethodContext | FunctionContext, operand: Type, what: str) -> Type:
        """``-x`` of a bool array: JAX raises (``neg`` takes integers, floats and complex numbers only), which the
        stubs cannot say without refusing generic code; the plugin reports it."""
        ops = operand_of(operand)
        if isinstance(ops, list) and ops and all(o[0] == "bool" and not o[2] for o in ops):
            ctx.api.fail(f"{what} is not defined for bool: JAX's neg takes integers, floats and complex numbers; "
                         "use ~x (logical not) or cast first, e.g. x.astype('int32')", ctx.context,
                         code=DTYPE_PROMOTION)
            return AnyType(TypeOfAny.from_error)
        return ctx.default_return_type

    def _reduction(self, ctx: FunctionContext | MethodContext, fn: str, operand: Type) -> Type:
        """``sum``/``prod``/``mean`` of ``operand``, with or without ``dtype=``, by ``op_rules.reduction_result`` in
        the configured lattice (the stubs answer for x64 off). A known ``dtype`` decides alone; without one, an
        operand the plugin cannot judge gives ``Array[Any]``. JAX's two failures here (a sum of a 1-4-bit integer
        array without ``dtype=``, a mean in bool) get the stubs' answer: this hook runs inside mypy's overload
        matching, where an error would only reject the overload."""
        dtype: str | None = None
        names = ctx.callee_arg_names
        if "dtype" in names and (i := names.index("dtype")) < len(ctx.arg_types) and ctx.arg_types[i]:
            arg = get_proper_type(ctx.arg_types[i][0])
            if not isinstance(arg, NoneType):
                dtype = _dtype_arg(arg, self.x64, weak_python=True)
                if dtype is None:
                    return ctx.default_return_type  # a dtype the plugin cannot read (a str variable, DTypeLike)
        ret = get_proper_type(ctx.default_return_type)
        if not (isinstance(ret, Instance) and ret.type.fullname == ARRAY):
            return ctx.default_return_type
        ops = operand_of(operand)
        known = ops[0][:2] if isinstance(ops, list) and len(ops) == 1 and not ops[0][2] else None
        if known is None and dtype is None:
            return self._array_of(ctx, AnyType(TypeOfAny.implementation_artifact))  # gradual, a union, a scalar
        try:
            name, weak = OR.reduction_result(fn, known, dtype, self.cfg)
        except (OR.OperandTypeError, OR.OperandValueError):
            return ctx.default_return_type
        return self._array_of(ctx, self._static(name, weak))

    def _dtype_function(self, ctx: FunctionContext | MethodContext) -> Type:
        names = ctx.callee_arg_names
        if "dtype" not in names:
            return ctx.default_return_type
        i = names.index("dtype")
        if i >= len(ctx.arg_types) or not ctx.arg_types[i]:
            return ctx.default_return_type
        node = _dtype_arg(ctx.arg_types[i][0], self.x64)
        ret = get_proper_type(ctx.default_return_type)
        if node is None or not (isinstance(ret, Instance) and ret.type.fullname == ARRAY):
            return ctx.default_return_type  # not an array: linspace(..., retstep=True)'s (array, step) pair
        return self._array_of(ctx, self._static(L.canonical_name(node, self.x64), False))

    def _dtype_of(self, ctx: FunctionContext, name: str) -> Type:
        """``np.dtype[<numpy scalar>]`` for dtypes numpy has, ``np.dtype[Any]`` for the ml_dtypes ones."""
        api = ctx.api
        try:
            arg: Type = AnyType(TypeOfAny.implementation_artifact)
            if name in _NUMPY_SCALAR_OF:  # numpy.float32 is an alias of floating[_32Bit]: its target
                sym = api.lookup_qualified(f"numpy.{name}")  # type: ignore[attr-defined]
                if isinstance(sym.node, TypeAlias):
                    arg = sym.node.target
                elif isinstance(sym.node, TypeInfo):
                    arg = Instance(sym.node, [])
            return api.named_generic_type("numpy.dtype", [arg])
        except Exception:  # noqa: BLE001 - numpy's stubs are laid out differently: the stubs' answer
            return ctx.default_return_type

    def _promote_types(self, ctx: FunctionContext) -> Type:
        ops: list[tuple[str, bool]] = []
        for types in ctx.arg_types[:2]:
            if len(types) != 1:
                return ctx.default_return_type
            node = _dtype_arg(types[0], self.x64, weak_python=True)
            if node is None:
                return ctx.default_return_type
            ops.append((node, node in L.WEAK_NAMES))
        if len(ops) != 2:
            return ctx.default_return_type
        try:
            name, _ = L.result_node(ops, self.cfg)
        except L.TypePromotionError as e:
            ctx.api.fail(f"{e} (in arraytyping.promote_types)", ctx.context, code=DTYPE_PROMOTION)
            return AnyType(TypeOfAny.from_error)
        return self._dtype_of(ctx, name)

    def _result_type(self, ctx: FunctionContext) -> Type:
        ops: list[tuple[str, bool]] = []
        for types in ctx.arg_types[:1]:
            for t in types:
                node = _dtype_arg(t, self.x64, weak_python=True)
                if node is not None:
                    ops.append((node, node in L.WEAK_NAMES))
                    continue
                o = operand_of(t)
                if o is None or isinstance(o, str) or len(o) != 1:
                    return ctx.default_return_type
                ops.append(o[0][:2])
        if not ops or len(ctx.arg_types) > 1 and any(ctx.arg_types[1:]):
            return ctx.default_return_type  # return_weak_type_flag=...: the stubs' overloads
        try:
            name, _ = L.result_node(ops, self.cfg)
        except L.TypePromotionError as e:
            ctx.api.fail(f"{e} (in result_type)", ctx.context, code=DTYPE_PROMOTION)
            return AnyType(TypeOfAny.from_error)
        return self._dtype_of(ctx, name)


_NUMPY_SCALAR_OF: Final = {v: k for k, v in _NUMPY_SCALARS.items() if k != "numpy.bool_"}

_STRING_ALIASES: Final = {"bool_": "bool", "?": "bool", "i1": "int8", "i2": "int16", "i4": "int32", "i8": "int64",
                          "u1": "uint8", "u2": "uint16", "u4": "uint32", "u8": "uint64", "f2": "float16",
                          "half": "float16", "f4": "float32", "single": "float32", "f8": "float64",
                          "double": "float64", "c8": "complex64", "c16": "complex128"}


def _dtype_arg(typ: Type, x64: bool, *, weak_python: bool = False) -> str | None:
    """The dtype (or, with ``weak_python``, the weak node for ``int``/``float``/``complex``) a dtype argument names:
    a scalar class, a numpy scalar type, ``np.dtype[...]``, a Python type or a string literal; None if unknown."""
    t = get_proper_type(typ)
    if isinstance(t, Instance) and t.last_known_value is not None:  # "int8" passed where str is expected
        t = t.last_known_value
    if isinstance(t, LiteralType) and isinstance(t.value, str):
        v = _STRING_ALIASES.get(t.value, t.value)
        return v if v in L.DTYPE_NAMES else None
    if isinstance(t, FunctionLike) and t.is_type_obj():
        ret = get_proper_type(t.items[0].ret_type)  # keeps type arguments: np.int8 is signedinteger[_8Bit]
        t = TypeType(ret if isinstance(ret, Instance) else Instance(t.type_object(), []))
    if isinstance(t, Instance) and t.type.fullname == "numpy.dtype" and t.args:
        inner = get_proper_type(t.args[0])
        if isinstance(inner, Instance):
            o = _numpy_scalar(inner)
            return o[0] if isinstance(o, tuple) else None
        return None
    if isinstance(t, TypeType) and isinstance(t.item, Instance):
        name = t.item.type.fullname
        if name.startswith("arraytyping."):
            short = name.rsplit(".", 1)[1]
            node = "bool" if short == "bool_" else short
            return node if node in L.DTYPE_NAMES else None
        o = _numpy_scalar(t.item)
        if isinstance(o, tuple):
            return o[0]
        if weak_python and name in ("builtins.int", "builtins.float", "builtins.complex"):
            return name[9:]
        kind = {"builtins.bool": "b", "builtins.int": "i", "builtins.float": "f", "builtins.complex": "c"}.get(name)
        return None if kind is None else L.default_name(kind, True)
    return None


def _describe(o: Operand) -> str:
    name, weak, py = o
    if py:
        return f"Python {name}"
    if name in L.WEAK_NAMES:
        return f"weak {name}"
    return f"{name} (weak)" if weak else name


def _show(t: Type) -> str:
    return str(t).replace("arraytyping.", "")


def _permissive(ctx: MethodSigContext | FunctionSigContext) -> FunctionLike:
    """The signature mypy checks a call against instead of the stubs' overloads: every parameter ``object`` (not
    ``Any``: an ``Any`` parameter would be the type context of a generic call in the argument, ``x / anp.sqrt(v)``,
    and make it infer ``Array[Any]``), result ``Any`` until the method/function hook computes it."""
    sig = ctx.default_signature
    obj = ctx.api.named_generic_type("builtins.object", [])
    return sig.copy_modified(arg_types=[obj] * len(sig.arg_types), ret_type=AnyType(TypeOfAny.special_form),
                             variables=[])



def plugin(version: str) -> type[Plugin]:
    return ArraytypingPlugin
