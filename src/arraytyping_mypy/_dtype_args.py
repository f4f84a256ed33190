"""Reading a dtype argument: a scalar class (``anp.float32``), a Python type, a numpy type or ``np.dtype[...]``, an
array's ``x.dtype`` (``DType[T]``), or a string literal, which must be one of JAX's spellings
(``arraytyping.lattice.DTYPE_SPELLINGS``); another string is reported with the nearest valid ones."""

from __future__ import annotations

from dataclasses import dataclass

from mypy.plugin import FunctionContext, MethodContext
from mypy.types import FunctionLike, Instance, LiteralType, Type, TypeType, get_proper_type

from arraytyping_mypy import _errors, _types
from arraytyping_mypy._rules import L

__all__ = ["Invalid", "dtype_node", "report_invalid", "weak_array_dtype"]


@dataclass(frozen=True)
class Invalid:
    """A string that names no dtype."""

    text: str


def dtype_node(typ: Type, *, weak_python: bool = False) -> str | Invalid | None:
    """The dtype a dtype argument names (before x64 truncation), ``Invalid`` for a string that names none, or None
    where the plugin cannot tell (a type variable's dtype, ``DTypeLike``, a ``str`` variable). With
    ``weak_python``, the Python types ``int``/``float``/``complex`` give the weak nodes (a reduction's ``dtype=int``
    is the default integer of the configuration)."""
    t = get_proper_type(typ)
    if isinstance(t, Instance) and t.last_known_value is not None:
        t = t.last_known_value
    if isinstance(t, LiteralType) and isinstance(t.value, str):
        name = L.DTYPE_SPELLINGS.get(t.value)
        return Invalid(t.value) if name is None else str(name)
    if isinstance(t, FunctionLike) and t.is_type_obj():
        info = t.type_object()
        ret = get_proper_type(t.items[0].ret_type)  # keeps type arguments: np.int8 is signedinteger[_8Bit]
        # (calling one of arraytyping's scalar classes makes an Array: the class is the type object itself)
        keep_args = isinstance(ret, Instance) and ret.type == info
        t = TypeType(ret if keep_args and isinstance(ret, Instance) else Instance(info, []))
    if isinstance(t, Instance) and t.type.fullname in ("numpy.dtype", "arraytyping.typing.DType") and t.args:
        inner = get_proper_type(t.args[-1])
        if not isinstance(inner, Instance):
            return None
        if t.type.fullname == "arraytyping.typing.DType":  # x.dtype: the dtype of an Array[inner]
            return _class_dtype(inner, weak_python=False)
        d = _types.numpy_dtype(inner)
        return d if isinstance(d, str) else None
    if isinstance(t, TypeType) and isinstance(t.item, Instance):
        return _class_dtype(t.item, weak_python=weak_python)
    return None


def _class_dtype(item: Instance, *, weak_python: bool) -> str | None:
    name = item.type.fullname
    if name.startswith("arraytyping."):
        short = name.rsplit(".", 1)[1]
        node = "bool" if short == "bool_" else short
        return node if node in L.DTYPE_NAMES else None
    d = _types.numpy_dtype(item)
    if isinstance(d, str):
        return d
    if weak_python and name in ("builtins.int", "builtins.float", "builtins.complex"):
        return name[9:]
    kind = {"builtins.bool": "b", "builtins.int": "i", "builtins.float": "f", "builtins.complex": "c"}.get(name)
    return None if kind is None else str(L.default_name(kind, True))


def report_invalid(ctx: MethodContext | FunctionContext, bad: Invalid, what: str) -> None:
    near = _errors.nearest_spellings(bad.text, L.DTYPE_SPELLINGS)
    hint = f"; did you mean {' or '.join(repr(s) for s in near)}?" if near else ""
    ctx.api.fail(f"{bad.text!r} names no dtype (in {what}){hint} A dtype string is one of JAX's spellings, e.g. "
                 "'float32', 'int8', 'bfloat16', 'float8_e4m3fn'", ctx.context, code=_errors.DTYPE_PROMOTION_CALL)


def weak_array_dtype(t: Type) -> bool:
    """``x.dtype`` of a weakly typed array (``DType[int]``): a real dtype at run time, the configuration's default of
    its kind, which the plugin does not read here."""
    p = get_proper_type(t)
    if not (isinstance(p, Instance) and p.type.fullname == "arraytyping.typing.DType" and p.args):
        return False
    inner = get_proper_type(p.args[0])
    return isinstance(inner, Instance) and inner.type.fullname in ("builtins.int", "builtins.float", "builtins.complex")
