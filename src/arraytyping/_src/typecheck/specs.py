"""The checkers :func:`arraytyping.typecheck` compiles each ``Array[...]`` annotation into, once per function.

``compile_annotation(annotation)`` gives ``None`` (nothing to check) or a checker whose ``check(value, env, where)``
returns ``None`` when the value fits, else the tail of the error message (``expected ..., got ...: why``).
``env`` maps each symbol bound so far in the call (a dtype ``TypeVar``, a dimension ``TypeVar``, a
``TypeVarTuple``, a whole-shape ``TypeVar``) to its value and where it was bound (``argument 'x'``); it is ``None``
when no annotation of the function has a symbol (a checker's ``binds``).

The annotation (the lead's decision in issue 10): ``Array[D]`` (dtype ``D``, any shape) or ``Array[D, S]`` with
``S`` a ``tuple[...]`` of dimensions: ``Literal[n]``; a ``TypeVar`` (a size bound once per call); ``int`` (any
size); at most one variadic part, ``*Ts`` (a run of dimensions bound once per call) or ``*tuple[int, ...]`` (any
dimensions). ``tuple[int, ...]`` is any shape, ``tuple[()]`` rank 0. ``D`` is a dtype class of the hierarchy
(concrete: that dtype; abstract: its subclasses), ``int``/``float``/``complex`` (a weakly typed array of that kind,
as the stubs' weak types), a union of these, ``Any``, or a ``TypeVar`` (bound, constrained or not) bound once per
call to the array's dtype (to the matching constraint for a constrained one).
"""

from __future__ import annotations

import types
import typing
from typing import Any, Final, TypeAlias, Union

import numpy as np
import typing_extensions

from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes import scalar_types as st
from arraytyping._src.core.array import Array
from arraytyping._src.xla.array_impl import ArrayImpl
from arraytyping._src.core.avals import ShapedArray, dtype_name

__all__ = ["ArrayCheck", "Checker", "Env", "UnionCheck", "compile_annotation", "describe_value"]

Env: TypeAlias = "dict[object, tuple[object, str]]"
"""A call's bound symbols: symbol -> (its value, where it was bound)."""

_UNPACK: Final = (typing.Unpack, typing_extensions.Unpack)
_WEAK_KINDS: Final[dict[type, type[st.generic]]] = {int: st.integer, float: st.floating, complex: st.complexfloating}
"""The Python scalar types as a dtype: a weakly typed array of that kind (the stubs' ``Array[float]``)."""


def _types_of(cls: type[st.generic]) -> frozenset[type]:
    """The numpy scalar types (``np.dtype(...).type``) of the registered dtypes whose class is ``cls`` or below it."""
    return frozenset(i.dtype.type for i in registry.INFO.values() if issubclass(i.scalar_class, cls))


def _name(x: object) -> str:
    """A type parameter as the annotation spells it."""
    if x is Any:
        return "Any"
    if isinstance(x, (typing.TypeVar, typing.TypeVarTuple)):
        return x.__name__
    if isinstance(x, type) and not isinstance(x, types.GenericAlias):
        return x.__name__
    return repr(x).replace("typing.", "")


# The dtype part ----------------------------------------------------------------------------------------------------


class DtypeSpec:
    """The dtype part of an annotation: the scalar types accepted whatever the weak flag (``strong``), those accepted
    only weakly typed (``weak``), and the type variable bound once per call (``var``, with its constraints' names
    and types when it is constrained)."""

    __slots__ = ("strong", "weak", "var", "constraints", "text", "desc")

    def __init__(self, strong: frozenset[type], weak: frozenset[type], text: str, desc: str,
                 var: typing.TypeVar | None = None,
                 constraints: tuple[tuple[str, frozenset[type]], ...] = ()) -> None:
        self.strong, self.weak, self.text, self.desc = strong, weak, text, desc
        self.var, self.constraints = var, constraints

    def check(self, aval: ShapedArray, env: Env | None, where: str) -> str | None:
        t = aval.dtype.type
        if t not in self.strong and not (aval.weak_type and t in self.weak):
            return f"dtype {dtype_name(aval.dtype)} is not {self.desc}"
        var = self.var
        if var is not None and env is not None:
            value: object = t  # the dtype's scalar type, or the name of the constraint it falls under
            for name, members in self.constraints:
                if t in members:
                    value = name
                    break
            return _bind(var, value, "", env, where, f"dtype {dtype_name(aval.dtype)}")
        return None


def _dtype_members(p: object, owner: str) -> tuple[frozenset[type], frozenset[type], list[str]]:
    """The (strong, weak, descriptions) of a dtype parameter that is a class or a union of classes."""
    if typing.get_origin(p) in (Union, types.UnionType):
        strong: frozenset[type] = frozenset()
        weak: frozenset[type] = frozenset()
        descs: list[str] = []
        for member in typing.get_args(p):
            s, w, d = _dtype_members(member, owner)
            strong, weak, descs = strong | s, weak | w, descs + d
        return strong, weak, descs
    if isinstance(p, type) and issubclass(p, st.generic):
        concrete = "dtype" in p.__dict__
        return _types_of(p), frozenset(), [p.__name__ if concrete else f"a {p.__name__} dtype"]
    if isinstance(p, type) and p in _WEAK_KINDS:
        return frozenset(), _types_of(_WEAK_KINDS[p]), [f"a weakly typed {_WEAK_KINDS[p].__name__} dtype "
                                                         f"(a Python {p.__name__})"]
    raise TypeError(f"{owner}: {_name(p)} is not a dtype; Array's first parameter is a dtype class "
                    "(arraytyping.float32, arraytyping.floating, ...), int, float or complex (weakly typed), a "
                    "union of these, Any or a TypeVar")


def _dtype_spec(p: object, owner: str) -> DtypeSpec | None:
    if p is Any:
        return None
    if isinstance(p, typing.TypeVar):
        if p.__constraints__:
            strong: frozenset[type] = frozenset()
            weak: frozenset[type] = frozenset()
            constraints: list[tuple[str, frozenset[type]]] = []
            for c in p.__constraints__:
                s, w, _ = _dtype_members(c, owner)
                strong, weak = strong | s, weak | w
                constraints.append((_name(c), s | w))
            desc = " or ".join(name for name, _ in constraints) + f" ({p.__name__}'s constraints)"
            return DtypeSpec(strong, weak, p.__name__, desc, p, tuple(constraints))
        if p.__bound__ is None:
            return DtypeSpec(_types_of(st.generic), frozenset(), p.__name__, "a dtype", p)
        strong, weak, descs = _dtype_members(p.__bound__, owner)
        return DtypeSpec(strong, weak, p.__name__, " or ".join(descs) + f" ({p.__name__}'s bound)", p)
    strong, weak, descs = _dtype_members(p, owner)
    return DtypeSpec(strong, weak, _name(p), " or ".join(descs))


# The shape part ----------------------------------------------------------------------------------------------------

Dim: TypeAlias = "int | frozenset[int] | typing.TypeVar | None"
"""One dimension: a literal size, one of several literal sizes, a symbol bound once per call, or any size (None)."""


class _AnyDims:
    """The variadic part ``*tuple[int, ...]``: any number of dimensions of any size."""

    def __repr__(self) -> str:
        return "..."


ANY_DIMS: Final = _AnyDims()


def _dim_text(d: Dim) -> str:
    if d is None:
        return "int"
    if isinstance(d, typing.TypeVar):
        return d.__name__
    if isinstance(d, frozenset):
        return " | ".join(map(str, sorted(d)))
    return str(d)


def _tuple_text(items: list[str]) -> str:
    """``(3, 4)``, ``(3,)``; a lone variadic part without the comma: ``(*Ts)``, ``(...)``."""
    if len(items) == 1 and not items[0].startswith(("*", "...")):
        return f"({items[0]},)"
    return f"({', '.join(items)})"


def _bind(sym: object, value: object, shown: str, env: Env, where: str, what: str) -> str | None:
    """Bind ``sym`` to ``value`` in ``env``, or the message part saying it was bound to something else."""
    bound = env.get(sym)
    if bound is None:
        env[sym] = (value, where)
        return None
    if bound[0] == value:
        return None
    return f"{what}{' ' if shown else ''}{shown}, but {_name(sym)} = {_value_text(bound[0])} from {bound[1]}"


def _value_text(value: object) -> str:
    """A bound symbol's value as messages show it: a size, a run of sizes, a dtype's name, a constraint's name."""
    if isinstance(value, tuple):
        return _tuple_text([str(v) for v in typing.cast("tuple[object, ...]", value)])
    if isinstance(value, type):
        return dtype_name(np.dtype(value))
    return str(value)


class ShapeSpec:
    """The shape part of an annotation: the dimensions before the variadic part (``prefix``), the variadic part
    (``variadic``: ``None`` if there is none, :data:`ANY_DIMS` or a ``TypeVarTuple``), the dimensions after it
    (``suffix``), or one symbol for the whole shape (``whole``). ``exact`` is the shape when every dimension is one
    literal: the check is then one tuple comparison."""

    __slots__ = ("prefix", "variadic", "suffix", "whole", "exact", "text")

    def __init__(self, prefix: tuple[Dim, ...], variadic: object, suffix: tuple[Dim, ...],
                 whole: typing.TypeVar | None = None) -> None:
        self.prefix, self.variadic, self.suffix, self.whole = prefix, variadic, suffix, whole
        literal = variadic is None and whole is None and all(type(d) is int for d in prefix)
        self.exact: tuple[int, ...] | None = tuple(typing.cast("tuple[int, ...]", prefix)) if literal else None
        if whole is not None:
            self.text = whole.__name__
        else:
            middle = [] if variadic is None else ["..." if variadic is ANY_DIMS else f"*{_name(variadic)}"]
            self.text = _tuple_text([_dim_text(d) for d in prefix] + middle + [_dim_text(d) for d in suffix])

    @property
    def binds(self) -> bool:
        return (self.whole is not None or isinstance(self.variadic, typing.TypeVarTuple)
                or any(isinstance(d, typing.TypeVar) for d in self.prefix + self.suffix))

    def check(self, shape: tuple[int, ...], env: Env | None, where: str) -> str | None:
        if self.exact is not None:
            return None if shape == self.exact else self._mismatch(shape, env, where)
        if self.variadic is None and self.whole is None:  # fixed rank, some dimension not a literal
            if len(shape) == len(self.prefix) and _fit_dims(self.prefix, shape, env, where):
                return None
            return self._mismatch(shape, env, where)
        if self.whole is not None:
            if env is None:
                return None
            return _bind(self.whole, shape, _tuple_text([str(n) for n in shape]), env, where, "shape")
        if self._fits(shape, env, where):
            return None
        # Walk again, now saying why: what _fits bound before it failed is bound to the same values again.
        return self._mismatch(shape, env, where)

    def _fits(self, shape: tuple[int, ...], env: Env | None, where: str) -> bool:
        """The check without building any message (the per-call path), in :meth:`_mismatch`'s order."""
        n, pre = len(shape), len(self.prefix)
        variadic = self.variadic
        if variadic is None:
            return n == pre and _fit_dims(self.prefix, shape, env, where)
        suf = len(self.suffix)
        if n < pre + suf or not _fit_dims(self.prefix, shape, env, where):
            return False
        if suf and not _fit_dims(self.suffix, shape[n - suf:], env, where):
            return False
        if variadic is ANY_DIMS or env is None:
            return True
        run = shape[pre:n - suf]
        bound = env.get(variadic)
        if bound is None:
            env[variadic] = (run, where)
            return True
        return bound[0] == run

    def _mismatch(self, shape: tuple[int, ...], env: Env | None, where: str) -> str | None:
        n, pre, suf = len(shape), len(self.prefix), len(self.suffix)
        if self.variadic is None and n != pre:
            return f"rank {n}, expected {pre}"
        if n < pre + suf:
            return f"rank {n}, expected at least {pre + suf}"
        for axis, d in enumerate(self.prefix):
            err = _check_dim(d, shape[axis], axis, env, where)
            if err is not None:
                return err
        for j, d in enumerate(self.suffix):
            err = _check_dim(d, shape[n - suf + j], n - suf + j, env, where)
            if err is not None:
                return err
        if isinstance(self.variadic, typing.TypeVarTuple) and env is not None:
            run = shape[pre:n - suf]
            if len(run) > 1:
                what, shown = f"axes {pre} to {n - suf - 1} are", _tuple_text([str(v) for v in run])
            elif run:
                what, shown = f"axis {pre} is", str(run[0])
            else:
                what, shown = f"no axes for *{self.variadic.__name__}", f"(rank {n})"
            return _bind(self.variadic, run, shown, env, where, what)
        return None


def _fit_dims(dims: tuple[Dim, ...], sizes: tuple[int, ...], env: Env | None, where: str) -> bool:
    """Whether ``sizes`` fit ``dims`` (as many or more sizes; the extra ones are not looked at), binding symbols."""
    for d, size in zip(dims, sizes):
        if d is None:
            continue
        if type(d) is int:
            if size != d:
                return False
        elif isinstance(d, frozenset):
            if size not in d:
                return False
        elif env is not None:
            bound = env.get(d)
            if bound is None:
                env[d] = (size, where)
            elif bound[0] != size:
                return False
    return True


def _check_dim(d: Dim, size: int, axis: int, env: Env | None, where: str) -> str | None:
    if d is None:
        return None
    if type(d) is int:
        return None if size == d else f"axis {axis} is {size}, expected {d}"
    if isinstance(d, frozenset):
        return None if size in d else f"axis {axis} is {size}, expected one of {_dim_text(d)}"
    if env is None:
        return None
    return _bind(d, size, str(size), env, where, f"axis {axis} is")


def _dim(a: object, owner: str) -> Dim:
    if typing.get_origin(a) is typing.Literal:
        values = typing.get_args(a)
        if not values or not all(type(v) is int and v >= 0 for v in values):
            raise TypeError(f"{owner}: a dimension Literal holds sizes (non-negative ints), got {_name(a)}")
        return values[0] if len(values) == 1 else frozenset(values)
    if isinstance(a, typing.TypeVar):
        return a
    if a is int:
        return None
    if isinstance(a, typing.TypeVarTuple):
        raise TypeError(f"{owner}: a TypeVarTuple in a shape is unpacked: write *{a.__name__} "
                        f"(Unpack[{a.__name__}]), not {a.__name__}")
    raise TypeError(f"{owner}: {_name(a)} is not a dimension; a shape's dimensions are Literal[n], a TypeVar "
                    "bound to int, int (any size), and at most one *Ts or *tuple[int, ...]")


def _variadic(a: object) -> object | None:
    """The variadic part that ``a`` spells (a ``TypeVarTuple`` or :data:`ANY_DIMS`), or ``None`` if it spells none."""
    inner: object
    if typing.get_origin(a) in _UNPACK:
        (inner,) = typing.get_args(a)
    elif getattr(a, "__unpacked__", False):  # *tuple[int, ...]: the unpacked alias itself
        inner = types.GenericAlias(tuple, typing.get_args(a))
    else:
        return None
    if isinstance(inner, typing.TypeVarTuple):
        return inner
    if typing.get_origin(inner) is tuple and typing.get_args(inner) == (int, ...):
        return ANY_DIMS
    return _BAD_VARIADIC


_BAD_VARIADIC: Final = object()


def _shape_spec(p: object, owner: str) -> ShapeSpec | None:
    if p is Any:
        return None
    if isinstance(p, typing.TypeVar):
        return ShapeSpec((), None, (), whole=p)
    if typing.get_origin(p) is not tuple:
        raise TypeError(f"{owner}: Array's shape parameter is a tuple type (tuple[Literal[3], Literal[4]]), "
                        f"got {_name(p)}")
    args = typing.get_args(p)
    if len(args) == 2 and args[1] is Ellipsis:
        if args[0] is int:
            return None
        raise TypeError(f"{owner}: tuple[X, ...] as a shape is tuple[int, ...] (any shape), got {_name(p)}")
    prefix: list[Dim] = []
    suffix: list[Dim] = []
    variadic: object | None = None
    for a in args:
        v = _variadic(a)
        if v is _BAD_VARIADIC:
            raise TypeError(f"{owner}: the variadic part of a shape is *Ts (a TypeVarTuple) or *tuple[int, ...], "
                            f"got {_name(a)}")
        if v is not None:
            if variadic is not None:
                raise TypeError(f"{owner}: a shape has at most one variadic part, got {_name(p)}")
            variadic = v
            continue
        (prefix if variadic is None else suffix).append(_dim(a, owner))
    return ShapeSpec(tuple(prefix), variadic, tuple(suffix))


# Whole annotations -------------------------------------------------------------------------------------------------


def _show(aval: ShapedArray) -> str:
    """An array's type as messages show it: ``float32[3, 4]``, ``(weakly typed)`` when it is."""
    weak = " (weakly typed)" if aval.weak_type else ""
    return f"{dtype_name(aval.dtype)}[{', '.join(map(str, aval.shape))}]{weak}"


def describe_value(x: object) -> str:
    """What a value that is not an ``Array`` is, for messages."""
    if isinstance(x, Array):
        return _show(x.aval)
    if isinstance(x, (bool, int, float, complex)):
        return f"{type(x).__name__} (a Python scalar, not an Array)"
    if isinstance(x, np.ndarray):
        arr: np.ndarray[Any, Any] = x  # pyright: ignore[reportUnknownVariableType]
        return (f"numpy.ndarray of {arr.dtype}{list(arr.shape)} (a numpy array, not an Array: "
                "arraytyping.numpy.asarray converts it)")
    if isinstance(x, np.generic):
        return f"numpy.{type(typing.cast(object, x)).__name__} (a numpy scalar, not an Array)"
    if x is None:
        return "None"
    t = type(x)
    return t.__qualname__ if t.__module__ == "builtins" else f"{t.__module__}.{t.__qualname__}"


class ArrayCheck:
    """``Array``, ``Array[D]`` or ``Array[D, S]``: an ``Array`` (on-device or a tracer) of that dtype and shape."""

    __slots__ = ("dtype", "shape", "text", "binds")

    def __init__(self, dtype: DtypeSpec | None, shape: ShapeSpec | None, text: str) -> None:
        self.dtype, self.shape, self.text = dtype, shape, text
        self.binds = (dtype is not None and dtype.var is not None) or (shape is not None and shape.binds)

    def check(self, x: object, env: Env | None, where: str) -> str | None:
        if type(x) is not ArrayImpl and not isinstance(x, Array):
            return f"expected {self.text}, got {describe_value(x)}"
        aval: ShapedArray = x.aval  # pyright: ignore[reportAttributeAccessIssue] - an Array
        dtype = self.dtype
        if dtype is not None:
            t = aval.dtype.type
            var = dtype.var
            if t not in dtype.strong and not (aval.weak_type and t in dtype.weak):
                ok = False
            elif var is None or env is None:
                ok = True
            elif dtype.constraints:
                ok = False  # DtypeSpec.check binds the constraint
            else:  # a dtype TypeVar binds the dtype's scalar type
                bound = env.get(var)
                if bound is None:
                    env[var] = (t, where)
                ok = bound is None or bound[0] is t
            if not ok:
                err = dtype.check(aval, env, where)
                if err is not None:
                    return f"expected {self.text}, got {_show(aval)}: {err}"
        shape = self.shape
        if shape is not None and (shape.exact is None or aval.shape != shape.exact):
            err = shape.check(aval.shape, env, where)
            if err is not None:
                return f"expected {self.text}, got {_show(aval)}: {err}"
        return None


class UnionCheck:
    """A union with at least one ``Array`` member (``Array[float32] | None``, ``arraytyping.typing.ArrayLike``):
    the value fits if it fits one member. A member that is a plain class is checked with ``isinstance``; one that
    is neither (``list[int]``, a protocol...) is not checked, so the union then accepts what no ``Array`` member
    takes (never a false error)."""

    __slots__ = ("arrays", "classes", "none", "unchecked", "text", "binds")

    def __init__(self, arrays: list[ArrayCheck], classes: tuple[type, ...], none: bool, unchecked: bool,
                 text: str) -> None:
        self.arrays, self.classes, self.none, self.unchecked, self.text = arrays, classes, none, unchecked, text
        self.binds = any(a.binds for a in arrays)

    def check(self, x: object, env: Env | None, where: str) -> str | None:
        if x is None and self.none:
            return None
        detail: str | None = None
        for a in self.arrays:
            trial = None if env is None else dict(env)
            err = a.check(x, trial, where)
            if err is None:
                if env is not None and trial is not None:
                    env.update(trial)
                return None
            if detail is None and ": " in err and isinstance(x, Array):
                detail = err.split(": ", 1)[1]
        if self.unchecked or isinstance(x, self.classes):
            return None
        return f"expected {self.text}, got {describe_value(x)}" + (f": {detail}" if detail else "")


Checker: TypeAlias = "ArrayCheck | UnionCheck"


def _array_check(p: object, owner: str) -> ArrayCheck:
    if p is Array:
        return ArrayCheck(None, None, "Array")
    args = typing.get_args(p)
    if len(args) not in (1, 2):  # Array.__class_getitem__ refuses these; a GenericAlias built by hand may not
        raise TypeError(f"{owner}: Array takes a dtype and optionally a shape, got {len(args)} parameters")
    dtype = _dtype_spec(args[0], owner)
    shape = _shape_spec(args[1], owner) if len(args) == 2 else None
    dtype_text = "Any" if dtype is None else dtype.text
    if len(args) == 1:
        return ArrayCheck(dtype, None, f"Array[{dtype_text}]")
    shape_text = "Any" if shape is None and args[1] is Any else ("(...)" if shape is None else shape.text)
    return ArrayCheck(dtype, shape, f"Array[{dtype_text}, {shape_text}]")


def _is_array(p: object) -> bool:
    return p is Array or typing.get_origin(p) is Array


def _strip(p: object) -> object:
    while typing.get_origin(p) is typing.Annotated:
        p = typing.get_args(p)[0]
    return p


def compile_annotation(annotation: object, owner: str) -> Checker | None:
    """The checker of an (evaluated) annotation, or ``None`` when it has no ``Array`` to check. ``owner`` names
    the annotation in the ``TypeError`` a malformed one gets (``f(): the annotation of argument 'x'``)."""
    p = _strip(annotation)
    if _is_array(p):
        return _array_check(p, owner)
    if typing.get_origin(p) not in (Union, types.UnionType):
        return None
    members = [_strip(m) for m in typing.get_args(p)]
    if not any(_is_array(m) for m in members):
        return None
    arrays = [_array_check(m, owner) for m in members if _is_array(m)]
    others = [m for m in members if not _is_array(m)]
    classes = tuple(m for m in others if isinstance(m, type) and not isinstance(m, types.GenericAlias)
                    and m is not type(None))
    none = type(None) in others
    unchecked = len(classes) + none < len(others)
    texts = iter(a.text for a in arrays)
    text = " | ".join("None" if m is type(None) else next(texts) if _is_array(m) else _name(m) for m in members)
    return UnionCheck(arrays, classes, none, unchecked, text)
