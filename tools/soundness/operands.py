"""Operand kinds: how a case declares an operand (annotation, narrowing, module-level declarations) and which
runtime values inhabit it.

Each kind is a function ``(builder, shape) -> Param`` registered in one of the tables below with a weight: array
kinds (:data:`ARRAY_KINDS`: every dtype, weak types, ``Any``, bare ``Array``, aliases, unions, ``Optional`` and
``Array | float`` narrowed before use, type variables, subclasses), other array-likes (:data:`VALUE_KINDS`: numpy
arrays and scalars, Python scalars and literals, lists), and dtype-likes (:data:`DTYPE_KINDS`: classes, strings valid
and invalid, ``np.dtype``, dtype-typed parameters). A multi-valued kind (``Array[Any]``, a union, a type variable)
makes a :class:`~.expressions.Dim` that the oracle evaluates over, choice by choice.

To add a kind: write its function and add it to a table. A kind whose values the runtime cannot be given abstractly
(an ``Array`` needs only a dtype, a weak flag and a shape) gets a concrete value (``Choice.form``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from . import universe as U
from .expressions import Choice, Lit, Node, Param, Shape
from .typestrings import alias_trees, atoms

if TYPE_CHECKING:
    from .generate import CaseBuilder

COMMON: Final[tuple[str, ...]] = ("float32", "float16", "bfloat16", "int32", "int8", "uint8", "bool", "complex64",
                                  "float8_e4m3fn", "int4", "float64", "int64", "uint32")
"""Dtypes real code uses most: drawn more often than the rest (which are all drawn too)."""

TYPEVARS: Final[dict[str, tuple[str, object]]] = {
    "T_floating": ("bound", "floating"), "T_integer": ("bound", "integer"), "T_signed": ("bound", "signedinteger"),
    "T_unsigned": ("bound", "unsignedinteger"), "T_inexact": ("bound", "inexact"),
    "T_complex": ("bound", "complexfloating"), "T_number": ("bound", "number"), "T_generic": ("bound", "generic"),
    "T": ("unbound", None), "ScalarType": ("alias", "generic"),
    "C_f32_f16": ("constrained", ("float32", "float16")), "C_half": ("constrained", ("bfloat16", "float16")),
    "C_i32_f32": ("constrained", ("int32", "float32")), "C_bool_i8": ("constrained", ("bool", "int8")),
}
"""The type variables generic cases use: bound to an abstract class, unbound, ``arraytyping.typing.ScalarType``, or
constrained to a few dtypes."""


def pick_dtype(b: CaseBuilder) -> str:
    inhabited = b.cfg.inhabited
    common = [d for d in COMMON if d in inhabited]
    return b.rng.choice(common) if b.rng.random() < 0.5 else b.rng.choice(inhabited)


def array_choice(name: str) -> Choice:
    return Choice(name, "array", name)


def weak_choice(cfg: U.Config, weak: str) -> Choice:
    return Choice(weak, "array", cfg.weak_default(weak), weak=True)


def all_array_choices(cfg: U.Config) -> tuple[Choice, ...]:
    return tuple(array_choice(d) for d in cfg.inhabited) + tuple(weak_choice(cfg, w) for w in U.WEAK_KINDS)


def typevar_declaration(name: str) -> str | None:
    how, what = TYPEVARS[name]
    if how == "alias":
        return None
    if how == "bound":
        return f'{name} = TypeVar("{name}", bound=at.{what})'
    if how == "unbound":
        return f'{name} = TypeVar("{name}")'
    assert isinstance(what, tuple)
    return f'{name} = TypeVar("{name}", {", ".join(U.scalar_class(d) for d in what)})'


def typevar_annotation(name: str) -> str:
    return "att.ScalarType" if TYPEVARS[name][0] == "alias" else name


def typevar_choices(name: str, cfg: U.Config) -> tuple[Choice, ...]:
    how, what = TYPEVARS[name]
    if how in ("bound", "alias"):
        assert isinstance(what, str)
        return tuple(array_choice(d) for d in cfg.inhabited if U.in_abstract(what, d))
    if how == "unbound":
        return all_array_choices(cfg)
    assert isinstance(what, tuple)
    return tuple(array_choice(d) for d in what if d in cfg.inhabited)


def alias_choices(alias: str, cfg: U.Config) -> tuple[Choice, ...]:
    """What an ``arraytyping.typing`` alias admits: the inhabited dtypes under its abstract classes, its concrete
    dtypes and its weak types, read from the stub's definition."""
    out: list[Choice] = []
    for a in atoms(alias_trees()[alias][1][0], alias_trees()):  # type: ignore[arg-type]
        if a.tag == "abstract":
            out += [array_choice(d) for d in cfg.inhabited if U.in_abstract(a.name, d)]
        elif a.tag == "dtype" and a.name in cfg.inhabited:
            out.append(array_choice(a.name))
        elif a.tag == "weak":
            out.append(weak_choice(cfg, a.name))
        elif a.tag == "any":
            out += all_array_choices(cfg)
    return tuple(dict.fromkeys(out))


SHAPED: Final = 0.5
"""The share of ``Array`` operands declared with their literal shape (``Array[float32, tuple[Literal[2],
Literal[3]]]``, the shape the generator gives their runtime value); the others are ``Array[float32]``, any shape.
Drawn from a generator of its own (:class:`~.generate.CaseBuilder`), so the cases stay the dtype-only ones."""


def shape_annotation(shape: Shape) -> str:
    """``tuple[Literal[2], Literal[3]]``; ``tuple[()]`` for 0-d."""
    return "tuple[" + (", ".join(f"Literal[{d}]" for d in shape) or "()") + "]"


def with_shape(annotation: str, shape: Shape) -> str:
    """``annotation`` with every ``at.Array[...]`` in it given ``shape`` as its second argument
    (``at.Array[float32] | None`` -> ``at.Array[float32, tuple[Literal[2]]] | None``); bare ``at.Array``, aliases
    and subclasses (which take no shape) are left as they are."""
    out, pos, head = [], 0, "at.Array["
    while (i := annotation.find(head, pos)) >= 0:
        depth, j = 0, i + len(head) - 1
        for j in range(i + len(head) - 1, len(annotation)):
            depth += {"[": 1, "]": -1}.get(annotation[j], 0)
            if depth == 0:
                break
        out += [annotation[pos:j], ", ", shape_annotation(shape)]
        pos = j
    return "".join(out) + annotation[pos:]


ARRAY_ALIASES: Final[tuple[str, ...]] = ("FloatArray", "IntArray", "BoolArray", "ComplexArray", "InexactArray",
                                         "NumberArray", "NDArray")

# ---------------------------------------------------------------------------------------------------------------
# Array kinds


def k_dtype(b: CaseBuilder, shape: Shape) -> Param:
    d = pick_dtype(b)
    return b.param(f"at.Array[{U.scalar_class(d)}]", "dtype", shape, (array_choice(d),),
                   label=f"Array[<{U.category(d)}>]")


def k_weak(b: CaseBuilder, shape: Shape) -> Param:
    w = b.rng.choice(tuple(U.WEAK_KINDS))
    return b.param(f"at.Array[{w}]", "weak", shape, (weak_choice(b.cfg, w),), label=f"Array[{w}]")


def k_any(b: CaseBuilder, shape: Shape) -> Param:
    return b.param("at.Array[Any]", "any", shape, all_array_choices(b.cfg), gradual=True, label="Array[Any]")


def k_bare(b: CaseBuilder, shape: Shape) -> Param:
    return b.param("at.Array", "bare", shape, all_array_choices(b.cfg), gradual=True, label="Array")


def k_alias(b: CaseBuilder, shape: Shape) -> Param:
    alias = b.rng.choice(ARRAY_ALIASES)
    choices = alias_choices(alias, b.cfg)
    gradual = any(a.tag == "any" for a in atoms(alias_trees()[alias][1][0], alias_trees()))  # type: ignore[arg-type]
    return b.param(f"att.{alias}", "alias", shape, choices, gradual=gradual, label=alias)


def k_union(b: CaseBuilder, shape: Shape) -> Param:
    d1, d2 = b.rng.sample(b.cfg.inhabited, 2)
    if b.rng.random() < 0.5:
        ann = f"at.Array[{U.scalar_class(d1)}] | at.Array[{U.scalar_class(d2)}]"
    else:
        ann = f"Union[at.Array[{U.scalar_class(d1)}], at.Array[{U.scalar_class(d2)}]]"
    c1, c2 = sorted((U.category(d1), U.category(d2)))
    return b.param(ann, "union", shape, (array_choice(d1), array_choice(d2)), label=f"Array[<{c1}>]|Array[<{c2}>]")


def k_union_param(b: CaseBuilder, shape: Shape) -> Param:
    d1, d2 = b.rng.sample(b.cfg.inhabited, 2)
    c1, c2 = sorted((U.category(d1), U.category(d2)))
    return b.param(f"at.Array[{U.scalar_class(d1)} | {U.scalar_class(d2)}]", "union_param", shape,
                   (array_choice(d1), array_choice(d2)), label=f"Array[<{c1}>|<{c2}>]")


def k_optional(b: CaseBuilder, shape: Shape) -> Param:
    d = pick_dtype(b)
    inner = f"at.Array[{U.scalar_class(d)}]"
    ann = f"Optional[{inner}]" if b.rng.random() < 0.5 else f"{inner} | None"
    narrow = (("assert {name} is not None",) if b.rng.random() < 0.5
              else ("if {name} is None:", "    raise ValueError"))
    return b.param(ann, "optional", shape, (array_choice(d),), narrowing=narrow,
                   label=f"Optional[Array[<{U.category(d)}>]]")


def k_or_scalar(b: CaseBuilder, shape: Shape) -> Param:
    d = pick_dtype(b)
    py = b.rng.choice(("float", "int"))
    return b.param(f"at.Array[{U.scalar_class(d)}] | {py}", "or_scalar", shape, (array_choice(d),),
                   narrowing=("assert isinstance({name}, at.Array)",),
                   label=f"Array[<{U.category(d)}>]|{py} narrowed")


def k_subclass(b: CaseBuilder, shape: Shape) -> Param:
    if b.rng.random() < 0.2:
        w = b.rng.choice(tuple(U.WEAK_KINDS))
        cls, base, choice, cat = f"SubWeak_{w}", f"at.Array[{w}]", weak_choice(b.cfg, w), w
    else:
        d = pick_dtype(b)
        cls, base, choice, cat = f"Sub_{d}", f"at.Array[{U.scalar_class(d)}]", array_choice(d), f"<{U.category(d)}>"
    b.declare(cls, f"class {cls}({base}): ...", base)
    return b.param(cls, "subclass", shape, (choice,), label=f"Sub(Array[{cat}])")


def k_typevar(b: CaseBuilder, shape: Shape) -> Param:
    assert b.typevar is not None
    tv = b.typevar
    return b.param(f"at.Array[{typevar_annotation(tv)}]", "typevar", shape, typevar_choices(tv, b.cfg),
                   dim_key=tv, typevar=tv, label=f"Array[{tv}]")


ARRAY_KINDS: Final[dict[str, tuple[float, Callable[[CaseBuilder, Shape], Param]]]] = {
    "dtype": (40.0, k_dtype), "weak": (8.0, k_weak), "any": (4.0, k_any), "bare": (1.5, k_bare),
    "alias": (4.0, k_alias), "union": (2.0, k_union), "union_param": (1.5, k_union_param),
    "optional": (3.0, k_optional), "or_scalar": (1.5, k_or_scalar), "subclass": (2.5, k_subclass),
}
"""Kinds of ``Array`` operands with their weights (``typevar`` is added in generic cases)."""

# ---------------------------------------------------------------------------------------------------------------
# Other array-likes (numpy arrays and scalars, Python scalars)

PY_LITERALS: Final[dict[str, tuple[str, ...]]] = {
    "py:int": ("2", "3"), "py:float": ("2.0", "0.5", "1e-05"), "py:complex": ("2j",), "py:bool": ("True", "False"),
}
PY_VALUES: Final[dict[str, object]] = {"int": 2, "float": 2.0, "complex": 2j, "bool": True}


def numpy_dtype(b: CaseBuilder) -> str:
    common = [d for d in U.NUMPY_NATIVE if d in COMMON]
    return b.rng.choice(common) if b.rng.random() < 0.5 else b.rng.choice(U.NUMPY_NATIVE)


def k_ndarray(b: CaseBuilder, shape: Shape) -> Param:
    d = numpy_dtype(b)
    return b.param(f"npt.NDArray[{U.numpy_class(d)}]", "ndarray", shape, (Choice(f"np:{d}", "ndarray", d),),
                   role="value", label=f"NDArray[np.<{U.category(d)}>]")


def k_ndarray_any(b: CaseBuilder, shape: Shape) -> Param:
    choices = tuple(Choice(f"np:{d}", "ndarray", d) for d in U.NUMPY_NATIVE)
    return b.param("npt.NDArray[Any]", "ndarray_any", shape, choices, gradual=True, role="value",
                   label="NDArray[Any]")


def numpy_scalar_label(d: str) -> str:
    """How a numpy scalar of dtype ``d`` shows in a reproducer's pattern: ``np.<int>``, by its category, except
    ``np.float64`` and ``np.complex128``, which numpy declares subclasses of ``float`` and ``complex`` (a README
    limit of their own)."""
    return f"np.{d}" if d in ("float64", "complex128") else f"np.<{U.category(d)}>"


def k_npscalar_param(b: CaseBuilder, shape: Shape) -> Param:
    d = numpy_dtype(b)
    return b.param(U.numpy_class(d), "npscalar_param", shape, (Choice(f"np:{d}", "npscalar", d),), role="value",
                   label=f"{numpy_scalar_label(d)} scalar")


def k_pyscalar_param(b: CaseBuilder, shape: Shape) -> Param:
    py = b.rng.choice(tuple(PY_VALUES))
    return b.param(py, "pyscalar_param", shape, (Choice(py, "py", value=PY_VALUES[py]),), role="value", label=py)


def l_py(b: CaseBuilder, shape: Shape) -> Node:
    kind = b.rng.choices(tuple(PY_LITERALS), (5, 4, 1, 1))[0]
    return Lit(b.rng.choice(PY_LITERALS[kind]), kind, (), "value")


def l_npscalar(b: CaseBuilder, shape: Shape) -> Node:
    d = numpy_dtype(b)
    return Lit(f"{U.numpy_class(d)}({'True' if d == 'bool' else 2})", f"{numpy_scalar_label(d)}(...)", (), "value")


def l_list(b: CaseBuilder, shape: Shape) -> Node:
    assert len(shape) == 1
    item = b.rng.choice(("1.0", "1", "True"))
    return Lit("[" + ", ".join([item] * shape[0]) + "]", f"list[{item}]", shape, "value")


SCALAR_KINDS: Final[dict[str, tuple[float, Callable[[CaseBuilder, Shape], Node | Param]]]] = {
    "py_literal": (10.0, l_py), "np_literal": (2.5, l_npscalar), "pyscalar_param": (2.0, k_pyscalar_param),
    "npscalar_param": (1.0, k_npscalar_param),
}
"""Kinds of 0-d operands that are not arrays."""
PYTHON_SCALAR_KINDS: Final = {k: SCALAR_KINDS[k] for k in ("py_literal", "pyscalar_param")}
"""The Python scalars of :data:`SCALAR_KINDS` (no numpy scalar)."""
VALUE_KINDS: Final[dict[str, tuple[float, Callable[[CaseBuilder, Shape], Node | Param]]]] = {
    "ndarray": (4.0, k_ndarray), "ndarray_any": (1.0, k_ndarray_any), "list": (0.3, l_list),
}
"""Kinds of non-Array operands of any shape (``list`` only for 1-d)."""

# ---------------------------------------------------------------------------------------------------------------
# Dtype-likes


def l_dtype_string(b: CaseBuilder) -> Node:
    spellings = U.valid_spellings(b.cfg.x64)
    s = b.rng.choice(tuple(spellings)) if b.rng.random() < 0.4 else pick_dtype(b)
    return Lit(repr(s), "str", None, "dtype")


def l_invalid_string(b: CaseBuilder) -> Node:
    return Lit(repr(b.rng.choice(U.invalid_spellings())), "str:invalid", None, "dtype")


def l_scalar_class(b: CaseBuilder) -> Node:
    d = pick_dtype(b)
    mod = b.rng.choice(("at", "anp"))
    return Lit(f"{mod}.{'bool_' if d == 'bool' else d}", f"{mod}.<{U.category(d)}>", None, "dtype")


def l_numpy_class(b: CaseBuilder) -> Node:
    d = numpy_dtype(b)
    return Lit(U.numpy_class(d), f"np.<{U.category(d)}>", None, "dtype")


def l_np_dtype(b: CaseBuilder) -> Node:
    d = numpy_dtype(b)
    text = f"np.dtype({U.numpy_class(d)})" if b.rng.random() < 0.5 else f"np.dtype({d!r})"
    return Lit(text, f"np.dtype(<{U.category(d)}>)", None, "dtype")


def l_python_type(b: CaseBuilder) -> Node:
    t = b.rng.choice(("float", "int", "bool", "complex"))
    return Lit(t, f"type:{t}", None, "dtype")


def k_dtype_str_param(b: CaseBuilder) -> Param:
    """A dtype string held in a variable, annotated as the README says (a plain ``str`` is refused by design: dtype
    strings are a closed set)."""
    choices = tuple(Choice(repr(d), "str", d, value=d) for d in b.cfg.inhabited)
    return b.param("att.DTypeName", "dtype_str_param", None, choices, gradual=True, role="dtype", label="DTypeName")


def k_np_dtype_param(b: CaseBuilder) -> Param:
    if b.rng.random() < 0.5:
        choices = tuple(Choice(f"dtype({d})", "dtype", d) for d in b.cfg.inhabited)
        return b.param("np.dtype[Any]", "np_dtype_param", None, choices, gradual=True, role="dtype",
                       label="np.dtype[Any]")
    d = numpy_dtype(b)
    return b.param(f"np.dtype[{U.numpy_class(d)}]", "np_dtype_param", None, (Choice(f"dtype({d})", "dtype", d),),
                   role="dtype", label=f"np.dtype[np.<{U.category(d)}>]")


def k_dtypelike_param(b: CaseBuilder) -> Param:
    choices = tuple(Choice(repr(d), "str", d, value=d) for d in b.cfg.inhabited)
    return b.param("att.DTypeLike", "dtypelike_param", None, choices, gradual=True, role="dtype", label="DTypeLike")


DTYPE_KINDS: Final[dict[str, tuple[float, Callable[[CaseBuilder], Node | Param]]]] = {
    "string": (8.0, l_dtype_string), "invalid_string": (1.5, l_invalid_string), "scalar_class": (8.0, l_scalar_class),
    "numpy_class": (2.0, l_numpy_class), "np_dtype": (2.0, l_np_dtype), "python_type": (2.0, l_python_type),
    "str_param": (0.5, k_dtype_str_param), "np_dtype_param": (1.0, k_np_dtype_param),
    "dtypelike_param": (0.5, k_dtypelike_param),
}
"""Kinds of dtype leaves (``x.dtype``, ``promote_types`` and ``result_type`` come from the registry)."""

