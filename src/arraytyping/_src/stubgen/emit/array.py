"""The ``Array`` class of the root stub: operators, properties, ``astype`` and the reductions."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Final

from arraytyping import lattice, shape_rules
from arraytyping._src.stubgen import binary, dtype_arguments, single_rules, specs
from arraytyping._src.stubgen.binary import Ov
from arraytyping._src.stubgen.families import COMPARISONS, OPERATORS, Model
from arraytyping._src.stubgen.unary import SelfOv, function_operand, unary_overloads
from arraytyping.lattice import LatticeConfig

__all__ = ["array_class", "method_lines", "reduction_methods", "single_method"]

IND = "    "


_SCALAR_PART: Final = re.compile(r"bool|int|float|complex|_PyScalar")
"""An operand annotation's members that are Python scalars (0-d: the array operand's shape is the result's).
numpy scalars are 0-d too, but their annotations share overloads with numpy arrays of their dtype: splitting those
would add an overload per numpy dtype to every operator, a cost every checker pays on every call."""
_ARRAY_PART: Final = re.compile(r"Array\[(.*)\]")


def _shape_keeping(ov: Ov) -> list[tuple[Ov, bool]]:
    """``ov`` split in two where its other operand may be a Python scalar and an array: the scalars first, keeping
    ``self``'s shape (``x + 2`` has ``x``'s shape); arrays after, with a gradual shape, as do overloads whose
    ``self`` annotation is not made of ``Array[...]`` members."""
    parts = binary.top_level(ov.right)
    scalars = [p for p in parts if _SCALAR_PART.fullmatch(p)]
    if not scalars or (ov.left is not None and not all(_ARRAY_PART.fullmatch(p) for p in binary.top_level(ov.left))):
        return [(ov, False)]
    rest = [p for p in parts if p not in scalars]
    out = [(Ov(ov.left, " | ".join(scalars), ov.result, ov.sim), True)]
    return out + [(Ov(ov.left, " | ".join(rest), ov.result, ov.sim), False)] if rest else out


def method_lines(name: str, ovs: Sequence[Ov], doc: str | None = None, *, tuple_result: bool = False,
                 shapes: bool = True, other: str = "other, /") -> list[str]:
    """An operator's overloads (``self`` the left operand, ``other`` the right one: ``other``'s name, positional-only
    by default); the docstring on the first. Where the other operand is a scalar, the result has ``self``'s shape
    (``ShapeT``); elsewhere a gradual one."""
    param, _, slash = other.partition(",")
    out: list[str] = []
    for i, (ov, keeps_shape) in enumerate(kept for ov in ovs for kept in (_shape_keeping(ov) if shapes else
                                                                          [(ov, False)])):
        a = "self" if ov.left is None else f"self: {ov.left}"
        r = f"Array[{ov.result}]"
        if keeps_shape:
            if ov.left is None:
                r = f"Array[{ov.result}, ShapeT_co]"
            else:
                a = "self: " + " | ".join(_ARRAY_PART.sub(r"Array[\1, ShapeT]", p) for p in binary.top_level(ov.left))
                r = f"Array[{ov.result}, ShapeT]"
        if tuple_result:
            r = f"tuple[{r}, {r}]"
        # mypy reports an overloaded method's [override] error at its first decorator
        ign = "  # type: ignore[override]" if name in ("__eq__", "__ne__") and i == 0 else ""
        head = f"{IND}def {name}({a}, {param}: {ov.right}{',' + slash if slash else ''}) -> {r}:"
        out += [f"{IND}@overload{ign}", head + (" ..." if not (i == 0 and doc) else "")]
        if i == 0 and doc:
            out += [f"{IND}    {doc}", f"{IND}    ..."]
    return out


def single_method(name: str, ovs: Sequence[SelfOv], params: str = "", doc: str | None = None, *,
                  shapes: bool = True) -> list[str]:
    """A method on ``self`` alone (``params``: the rest of its parameters, each with a leading ``, ``), elementwise:
    the result has ``self``'s shape."""
    out: list[str] = []
    for i, ov in enumerate(ovs):
        a, shape = ("self", ", ShapeT_co") if ov.dtypes is None else (f"self: Array[{ov.dtypes}, ShapeT]", ", ShapeT")
        if not shapes:
            a, shape = ("self", "") if ov.dtypes is None else (f"self: Array[{ov.dtypes}]", "")
        r = "DTypeT_co" if ov.keeps else ov.result
        head = f"{IND}def {name}({a}{params}) -> Array[{r}{shape}]:"
        out += [f"{IND}@overload", head + (" ..." if not (i == 0 and doc) else "")]
        if i == 0 and doc:
            out += [f"{IND}    {doc}", f"{IND}    ..."]
    return out


RED_KW = "axis: Axis = None, dtype: None = None, out: None = None, keepdims: bool = False"
RED_AFTER_DTYPE = ", out: None = None, keepdims: bool = False"
RED_KW_PLAIN = "axis: Axis = None, keepdims: bool = False"  # max, min, any, all: no dtype, no out
_INITIAL_WHERE = ", initial: ArrayLike | None = None, where: ArrayLike | None = None"
FUNCTION_TAILS: Final[Mapping[str, tuple[str, str, str]]] = {
    "sum": (_INITIAL_WHERE + ", promote_integers: bool = True", _INITIAL_WHERE + ", promote_integers: bool = True",
            RED_KW + _INITIAL_WHERE + ", promote_integers: Literal[True] = True"),
    "mean": (", *, where: ArrayLike | None = None", ", where: ArrayLike | None = None",
             RED_KW + ", *, where: ArrayLike | None = None"),
    "max": ("", "", "axis: Axis = None, out: None = None, keepdims: bool = False" + _INITIAL_WHERE),
    "any": ("", "", "axis: Axis = None, out: None = None, keepdims: bool = False, *, where: ArrayLike | None = None"),
}
"""The functions' parameters beyond the methods' (JAX's ``initial=``, ``where=``, ``promote_integers=``): what
follows ``dtype``'s positional form, its keyword form, and the whole tail of the forms without ``dtype`` (``prod``
is ``sum``'s, ``min`` is ``max``'s, ``all`` is ``any``'s). ``promote_integers=False`` keeps narrow integers: only
the last, gradual form takes it."""


def _full_reduction(tail: str) -> str:
    """A reduction's parameters after the operand, narrowed to a full reduction (``axis`` ``None``, ``keepdims``
    false): its result is 0-d whatever the operand's shape."""
    full = tail.replace("axis: Axis = None", "axis: None = None").replace("keepdims: bool = False",
                                                                            "keepdims: Literal[False] = False")
    assert "Axis" not in full and "keepdims: bool" not in full, tail
    return full


def reduction_methods(cfg: LatticeConfig, *, method: bool, docs: Callable[[str], str | None],
                      keep_var: Callable[[str], str] | None = None, shapes: bool = False) -> list[str]:
    """``sum``, ``prod``, ``mean``, ``max``, ``min``, ``any``, ``all``, as methods (``self``) or functions (``a``,
    whose "keep the operand's dtype" overloads need a type variable from ``keep_var``). With ``shapes``, each form
    without ``dtype`` is preceded by its full reduction's (``x.sum()``: ``Array[R, tuple[()]]``)."""
    ind = IND if method else ""
    first = "self" if method else "a"
    out: list[str] = []
    for fn in ("sum", "prod", "mean", "max", "min", "any", "all"):
        doc = docs(fn)
        n_before = len(out)
        if fn in ("sum", "prod", "mean"):
            refuse_bool = fn == "mean"  # JAX divides in the result dtype: a mean in bool fails
            dspecs = dtype_arguments.dtype_specs(cfg, (lambda r: "" if r == "bool_" else r) if refuse_bool else (lambda r: r))
            a = first if method else f"{first}: ArrayLike"
            after_pos, after_kw, tail = ("", "", RED_KW) if method else _function_tails(fn)
            for head, after in ((f"{a}, axis: Axis, dtype: ", after_pos), (f"{a}, axis: Axis = None, *, dtype: ",
                                                                             after_kw)):
                for spec, r in dspecs:
                    out += [f"{ind}@overload",
                            f"{ind}def {fn}({head}{spec}{RED_AFTER_DTYPE}{after}) -> Array[{r}]: ..."]
        else:
            tail = RED_KW_PLAIN if method else _function_tails(fn)[2]
        for ov in unary_overloads(single_rules.reduction_rule(fn, cfg), cfg):
            if method:
                operand = "self" if ov.dtypes is None else f"self: Array[{ov.dtypes}]"
                r = "DTypeT_co" if ov.keeps else ov.result
            elif ov.keeps:
                assert keep_var is not None
                v = keep_var(ov.dtypes or "")
                operand, r = f"a: Array[{v}]", v
            else:
                assert keep_var is not None
                operand = "a: ArrayLike" if ov.dtypes is None else f"a: Array[{function_operand(ov, keep_var)}]"
                r = ov.result
            if shapes:
                out += [f"{ind}@overload", f"{ind}def {fn}({operand}, {_full_reduction(tail)}) -> Array[{r}, tuple[()]]: ..."]
            out += [f"{ind}@overload", f"{ind}def {fn}({operand}, {tail}) -> Array[{r}]: ..."]
        if not method and not out[-1].startswith(f"{ind}def {fn}(a: ArrayLike"):
            # numpy values and Python scalars, which JAX reduces too: gradual
            if shapes:
                out += [f"{ind}@overload",
                        f"{ind}def {fn}(a: _NumpyOperand | _PyScalar, {_full_reduction(tail)}) -> Array[Any, tuple[()]]: ..."]
            out += [f"{ind}@overload", f"{ind}def {fn}(a: _NumpyOperand | _PyScalar, {tail}) -> Array[Any]: ..."]
        if not method and fn in ("sum", "prod"):  # promote_integers=False: narrow integers stay (gradual)
            out += [f"{ind}@overload", f"{ind}def {fn}(a: ArrayLike, axis: Axis = None, dtype: None = None, "
                    f"out: None = None, keepdims: bool = False{_INITIAL_WHERE}, *, promote_integers: bool"
                    ") -> Array[Any]: ..."]
        if doc:  # on the first overload
            out[n_before + 1] = out[n_before + 1].removesuffix(" ...")
            out[n_before + 2:n_before + 2] = [f"{ind}    {doc}", f"{ind}    ..."]
    return out


RULE_REDUCTION_METHODS: Final[Mapping[str, str]] = {
    "var": "axis: Axis = None, dtype: {dtype} = None, out: None = None, ddof: int = 0, keepdims: bool = False, *, "
           "where: ArrayLike | None = None, correction: int | float | None = None",
    "std": "axis: Axis = None, dtype: {dtype} = None, out: None = None, ddof: int = 0, keepdims: bool = False, *, "
           "where: ArrayLike | None = None, correction: int | float | None = None",
    "ptp": "axis: Axis = None, out: None = None, keepdims: bool = False",
    "cumsum": "axis: int | None = None, dtype: {dtype} = None, out: None = None",
    "cumprod": "axis: int | None = None, dtype: {dtype} = None, out: None = None",
    "trace": "offset: int = 0, axis1: int = 0, axis2: int = 1, dtype: {dtype} = None, out: None = None",
}
"""The reduction methods typed by their rule (``single_rules.reduction_rule``, op_rules' ``reduction_result``) when
no ``dtype`` is given, and their parameters after ``self`` (JAX's: no ``mean``); a ``dtype`` makes the call
gradual."""
INDEX_METHODS: Final[Mapping[str, str]] = {
    "argmax": "axis: int | None = None, out: None = None, keepdims: bool | None = None",
    "argmin": "axis: int | None = None, out: None = None, keepdims: bool | None = None",
    "argsort": "axis: int | None = -1, *, kind: None = None, order: None = None, stable: bool = True, "
               "descending: bool = False",
    "nonzero": "*, fill_value: Any = None, size: int | None = None",
}
"""The methods that give the configuration's default integer (op_rules' ``index`` families; ``nonzero`` one array
per axis), and their parameters after ``self``."""


def rule_reduction_methods(cfg: LatticeConfig, docs: Callable[[str], str | None]) -> list[str]:
    """:data:`RULE_REDUCTION_METHODS` by their rule (any shape: they change it), then, with a ``dtype``, gradual;
    :data:`INDEX_METHODS`, the default integer."""
    out: list[str] = []
    for fn, params in RULE_REDUCTION_METHODS.items():
        ovs = unary_overloads(single_rules.reduction_rule(fn, cfg), cfg)
        out += single_method(fn, ovs, ", " + params.format(dtype="None"), docs(fn), shapes=False)
        if "{dtype}" in params:
            out += [f"{IND}@overload",
                    f"{IND}def {fn}(self, {params.format(dtype='DTypeLike | None')}) -> Array[Any]: ..."]
    index = specs.cls_of(lattice.default_name("i", cfg.x64))
    for fn, params in INDEX_METHODS.items():
        r = f"tuple[Array[{index}], ...]" if fn == "nonzero" else f"Array[{index}]"
        out += _with_doc(f"{IND}def {fn}(self, {params}) -> {r}:", docs(fn))
    return out


def _function_tails(fn: str) -> tuple[str, str, str]:
    return FUNCTION_TAILS[{"prod": "sum", "min": "max", "all": "any"}.get(fn, fn)]


def _unary_dunder(m: Model, name: str, fn: str, cfg: LatticeConfig) -> list[str]:
    """``-x``, ``abs(x)``, ``~x``; ``abs`` answers abstract classes without ``Array[Any]`` (``unary._abstract_overloads``:
    typeshed's ``abs()`` takes any ``__abs__`` overload an argument meets)."""
    ovs = unary_overloads(single_rules.unary_rule(fn, cfg), cfg, abstract_results=name == "__abs__")
    return single_method(name, ovs, shapes=m.shapes)


def _with_doc(head: str, doc: str | None) -> list[str]:
    """A one-line method stub, or the method with ``doc`` as its docstring."""
    return [f"{head} ..."] if not doc else [head, f"        {doc}", "        ..."]


def _diagonal_method(doc: str | None) -> list[str]:
    """``x.diagonal(...)``: ``self``'s class, but ``Array[Any]`` for the classes ``diagonal``'s rule gives another
    one (a weak array's diagonal is strong where it is a square matrix: ``single_rules.not_own_classes``) and for
    a type variable that is not bound to a dtype class (it may be one of those)."""
    params = "offset: int = 0, axis1: int = 0, axis2: int = 1"
    gradual = single_rules.not_own_classes("diagonal")
    if not gradual:
        return _with_doc(f"    def diagonal(self, {params}) -> Array[DTypeT_co]:", doc)
    own = specs.arrays_of(gradual)
    # A strong class keeps itself; an array of a type variable that may be weak (unbounded, bound to object) is
    # Array[Any]: its diagonal is strong where the caller binds the variable to a weak class.
    return ["    @overload", *_with_doc(f"    def diagonal(self: {own}, {params}) -> Array[Any]:", doc),
            "    @overload", f"    def diagonal(self: Array[DTypeT], {params}) -> Array[DTypeT]: ...",
            "    @overload", f"    def diagonal(self, {params}) -> Array[Any]: ..."]


def _clip_method(m: Model, cfg: LatticeConfig, doc: str | None) -> list[str]:
    """``x.clip(min, max)``: the overloads of the function ``clip`` (``emit_numpy``'s), on ``self``: a numpy bound
    first (``np.float64`` is a ``float`` to a checker, but strong), gradual; then, for each annotation of
    ``single_rules.CLIP_BOUNDS``, ``clip``'s rule over every bound it admits; anything else, gradual."""
    numpy = "np.generic | np.ndarray[Any, Any]"
    o = [f"{IND}@overload", *_with_doc(f"{IND}def clip(self, min: {numpy}, max: ArrayLike | None = None) -> Array[Any]:",
                                       doc),
         f"{IND}@overload", f"{IND}def clip(self, min: ArrayLike | None = None, *, max: {numpy}) -> Array[Any]: ...",
         f"{IND}@overload", f"{IND}def clip(self, min: ArrayLike | None, max: {numpy}) -> Array[Any]: ..."]
    for annotation, admitted in single_rules.CLIP_BOUNDS:
        rule = single_rules.shape_rule("clip", cfg, admitted, admitted)
        o += single_method("clip", unary_overloads(rule, cfg), params=f", min: {annotation} = None, "
                           f"max: {annotation} = None", shapes=m.shapes)
    return [*o, f"{IND}@overload",
            f"{IND}def clip(self, min: ArrayLike | None = None, max: ArrayLike | None = None) -> Array[Any]: ..."]


def selection_methods(cfg: LatticeConfig, docs: Callable[[str], str | None], shapes: bool) -> list[str]:
    """``x.compress``, ``x.choose`` and ``x.view`` (op_rules' ``compress_result``, ``choose_result``,
    ``view_result``): ``compress`` keeps the array's class, but a weak array's is strong with ``size=``
    (``Array[Any]``), as is an array of a type variable not bound to a dtype class there (it may be weak);
    ``choose`` has its choices' class when they are one array of a scalar class (a weak one, a
    list or a tuple: ``Array[Any]``); ``view()`` is the array itself (its class's dtype and shape: a subclass's
    ``Self`` would be no dtype a checker reads), ``view(dtype)`` the dtype ``astype`` would give (its spellings,
    :func:`dtype_arguments.dtype_specs`), any shape, and ``Array[Any]`` for a weak array (its own dtype keeps its weak
    flag) or an array of a type variable not bound to a dtype class (it may be weak)."""
    cond = "condition: ArrayLike, axis: int | None = None, *, out: None = None"
    out = ["    @overload", *_with_doc(f"    def compress(self, {cond}, size: None = None, fill_value: ArrayLike = 0) "
                                       "-> Array[DTypeT_co]:", docs("compress")),
           "    @overload", f"    def compress(self: {specs.arrays_of()}, {cond}, size: int | None, fill_value: ArrayLike = 0) "
           "-> Array[Any]: ...",
           "    @overload", f"    def compress(self: Array[DTypeT], {cond}, size: int | None = None, "
           "fill_value: ArrayLike = 0) -> Array[DTypeT]: ...",
           "    @overload", f"    def compress(self, {cond}, size: int | None = None, fill_value: ArrayLike = 0) "
           "-> Array[Any]: ..."]
    rest = 'out: None = None, mode: str = "raise"'
    out += ["    @overload", *_with_doc(f"    def choose(self, choices: Array[DTypeT], {rest}) -> Array[DTypeT]:", docs("choose")),
            "    @overload", f"    def choose(self, choices: ArrayLike | Sequence[ArrayLike], {rest}) -> Array[Any]: ..."]
    keep = ", ShapeT_co" if shapes else ""  # view() is the array itself: its dtype and shape (of a subclass too)
    out += ["    @overload", *_with_doc(f"    def view(self, dtype: None = None, type: None = None) -> Array[DTypeT_co{keep}]:",
                                       docs("view")),
            "    @overload", f"    def view(self: {specs.arrays_of()}, dtype: DTypeLike, type: None = None) -> Array[Any]: ..."]
    for spec, r in dtype_arguments.dtype_specs(cfg):  # a type variable that may be weak: the last, Array[Any]
        own = "self" if r == "Any" else "self: Array[generic]"
        out += ["    @overload", f"    def view({own}, dtype: {spec}, type: None = None) -> Array[{r}]: ..."]
    return out


TRANSPOSE_DIMS: Final = ("_Dim0", "_Dim1", "_Dim2")
"""The type variables of ``x.T``'s overloads, one per axis of the ranks it computes (1 to 3)."""


def transpose_descriptor() -> list[str]:
    """``x.T`` as a descriptor whose ``__get__`` overloads give ``shape_rules.transpose`` of a rank-1 to rank-3
    shape (a property cannot be overloaded on its array's shape). An unknown shape (``tuple[Any, ...]``, which
    would match every fixed rank) is caught first, by ``tuple[Never, ...]``, and stays unknown."""
    o = ["@type_check_only", "class _Transposed:", "    @overload",
         "    def __get__(self, obj: None, owner: type[Any], /) -> _Transposed: ...", "    @overload",
         "    def __get__(self, obj: Array[T, tuple[Never, ...]], owner: type[Any], /) -> Array[T]:",
         '        """``x.T``: ``x`` with its axes reversed (``transpose``); a shape of rank 1 to 3 is computed."""',
         "        ..."]
    for rank in range(1, len(TRANSPOSE_DIMS) + 1):
        dims = TRANSPOSE_DIMS[:rank]
        out = shape_rules.transpose(dims)
        assert out is not None  # a known shape's transpose is known
        o += ["    @overload", f"    def __get__(self, obj: Array[T, tuple[{', '.join(dims)}]], owner: type[Any], /)"
              f" -> Array[T, tuple[{', '.join(str(d) for d in out)}]]: ..."]
    o += ["    @overload", "    def __get__(self, obj: Array[T], owner: type[Any], /) -> Array[T]: ...", ""]
    return [*(f'{d} = TypeVar("{d}")' for d in TRANSPOSE_DIMS), "", *o]


PART_DESCRIPTORS: Final = {"real": "_RealPart", "imag": "_ImagPart"}
"""``x.real`` and ``x.imag``: JAX's properties, as descriptors (a property cannot be overloaded on its array's
dtype), by ``op_rules``' unary rule of ``real`` and ``imag``."""


def part_descriptor(fn: str, m: Model, cfg: LatticeConfig, doc: str | None) -> list[str]:
    """The descriptor class of ``x.real`` or ``x.imag``: its ``__get__`` overloads are :func:`.unary_overloads` of
    the rule on the array it is read from (a class the rule keeps answers the array's own type argument, through a
    type variable bound to those classes); the array's shape is kept."""
    cls = PART_DESCRIPTORS[fn]
    sh = ", ShapeT" if m.shapes else ""
    head = f"    def __get__(self, obj: None, owner: type[Any], /) -> {cls}:"
    o = ["@type_check_only", f"class {cls}:", "    @overload", *_with_doc(head, doc)]
    variables: list[str] = []
    for ov in unary_overloads(single_rules.unary_rule(fn, cfg), cfg):
        if ov.dtypes is None:
            obj, r = "Array[Any]" if not m.shapes else "Array[Any, ShapeT]", f"Any{sh}"
        elif ov.keeps:
            var = f"{cls}{len(variables)}"
            variables.append(f'{var} = TypeVar("{var}", bound={ov.dtypes})')
            obj, r = f"Array[{var}{sh}]", f"{var}{sh}"
        else:
            obj, r = f"Array[{ov.dtypes}{sh}]", f"{ov.result}{sh}"
        o += ["    @overload", f"    def __get__(self, obj: {obj}, owner: type[Any], /) -> Array[{r}]: ..."]
    return [*variables, "", *o, ""]


def array_class(m: Model, cfg: LatticeConfig, docs: Callable[[str], str | None]) -> list[str]:
    keep = ", ShapeT_co" if m.shapes else ""  # a result of self's shape
    o: list[str] = [*(transpose_descriptor() if m.shapes else []),
        *(line for fn in PART_DESCRIPTORS for line in part_descriptor(fn, m, cfg, docs(fn))),
        "@type_check_only",
        "def _operators_by_plugin(cls: _C, /) -> _C:",
        '    """Marks ``Array`` for the arraytyping mypy plugin, which replaces its operators\' promotion overloads '
        'by one signature and computes the results itself (mypy then does no overload search)."""',
        "",
        "@_operators_by_plugin",
        f"class Array(Generic[DTypeT_co{keep}]):",
        '    """An array whose dtype is the first type argument: ``Array[float32]``, ``Array[float]`` (weak float), '
        '``Array[floating]`` (any float dtype) or bare ``Array`` (any); a shape may follow as a tuple: '
        '``Array[float32, tuple[Literal[3], N]]`` (``N`` a type variable bound to ``int``). Without one, any shape."""',
        "    __array_priority__: ClassVar[int]",
        "    @property",
        "    def dtype(self) -> DType[DTypeT_co]:",
        "        \"\"\"The array's dtype (an ``np.dtype``), typed by the array's own dtype class: "
        "``y.astype(x.dtype)`` is an array of ``x``'s dtype.\"\"\"",
        "        ...",
        "    @property",
        f"    def shape(self) -> {'ShapeT_co' if m.shapes else 'tuple[int, ...]'}: ...",
        "    @property",
        "    def ndim(self) -> int: ...",
        "    @property",
        "    def size(self) -> int: ...",
        "    @property",
        "    def weak_type(self) -> bool: ...",
        *(["    T: _Transposed"] if m.shapes else ["    @property", "    def T(self) -> Array[DTypeT_co]: ..."]),
        *(f"    {fn}: {cls}" for fn, cls in PART_DESCRIPTORS.items()),
        "    @property",
        "    def at(self) -> Any:",
        "        \"\"\"Indexed updates (``x.at[idx].set(v)``, ``add``, ``multiply``, ``min``, ``max``, ``get``): new arrays.\"\"\"",
        "        ...",
        "    @type_check_only",
        "    def __at_same__(self, x: DTypeT_co, /) -> DTypeT_co: ...  # type: ignore[misc]  # pyright: ignore",
    ]
    for name, op in OPERATORS.items():
        o += method_lines(f"__{name}__", binary.method_overloads(m, op), docs(f"__{name}__"), shapes=m.shapes)
        if name not in COMPARISONS:
            o += method_lines(f"__r{name}__", binary.method_overloads(m, op, reflected=True), docs(f"__r{name}__"),
                              shapes=m.shapes)
    assert m.family_of["floor_divide"] == m.family_of["remainder"], "floor_divide and remainder tables differ"
    # divmod(x, y) answers through typeshed's SupportsDivMod protocol, which pyright solves from the first overload of
    # __divmod__ that binds self (the catch-all for an Any operand), before looking at y: every divmod of an array by
    # anything was an error there. One gradual signature (the plugin answers divmod exactly); the reflected form,
    # divmod(7, x), which pyright resolves, keeps its overloads.
    o += [f"{IND}def __divmod__(self, other: Any, /) -> tuple[Array[Any], Array[Any]]:",
          f"{IND}    \"``divmod(self, other)``: ``(self // other, self % other)``; of any dtype here (the plugin's is exact).\"",
          f"{IND}    ..."]
    o += method_lines("__rdivmod__", binary.method_overloads(m, "floor_divide", reflected=True), tuple_result=True,
                      shapes=m.shapes)
    o += _unary_dunder(m, "__neg__", "negative", cfg)
    o += [f"    def __pos__(self) -> Array[DTypeT_co{keep}]: ..."]
    o += _unary_dunder(m, "__abs__", "abs", cfg)
    o += _unary_dunder(m, "__invert__", "invert", cfg)
    conj = unary_overloads(single_rules.unary_rule("conj", cfg), cfg)  # conjugate is conj under JAX's other name
    for name in ("conj", "conjugate"):
        o += single_method(name, conj, doc=docs(name), shapes=m.shapes)
    o += single_method("round", unary_overloads(single_rules.unary_rule("round", cfg), cfg),
                       params=", decimals: int = 0, out: None = None", doc=docs("round"), shapes=m.shapes)
    o += _clip_method(m, cfg, docs("clip"))
    # x.dot(b): jnp.dot's dtypes; a Python scalar keeps self's shape (a product), arrays contract (a gradual shape)
    o += method_lines("dot", binary.method_overloads(m, "dot"), docs("dot"), shapes=m.shapes, other="b")
    o += ["    def __getitem__(self, key: Any, /) -> Array[DTypeT_co]: ...",
          "    def __array__(self, dtype: Any = None, copy: bool | None = None) -> np.ndarray[Any, Any]: ...",
          "    def __len__(self) -> int: ...",
          "    def __iter__(self) -> Iterator[Array[DTypeT_co]]: ...",
          "    def __bool__(self) -> bool: ...",
          "    def __int__(self) -> int: ...",
          "    def __float__(self) -> float: ...",
          "    def __complex__(self) -> complex: ...",
          "    def __index__(self) -> int: ...",
          "    __hash__: ClassVar[None]  # type: ignore[assignment]",
          "    def block_until_ready(self) -> Self: ...",
          "    def devices(self) -> set[Any]: ...",
          *_with_doc("    def to_device(self, device: Any, *, stream: int | Any | None = None) -> Self:",
                     "'This array on ``device`` (one of ``arraytyping.devices()``), as ``device_put`` puts it.'"),
          *_with_doc("    def __array_namespace__(self, *, api_version: str | None = None) -> ModuleType:",
                     "'The Array API namespace of this array: ``arraytyping.numpy``.'"),
          *_with_doc("    def __dlpack__(self, *, stream: int | Any | None = None, "
                     "max_version: tuple[int, int] | None = None, dl_device: tuple[int, int] | None = None, "
                     "copy: bool | None = None) -> Any:",
                     "'A DLPack capsule of this array, for another library\\'s ``from_dlpack``.'"),
          *_with_doc("    def __dlpack_device__(self) -> tuple[IntEnum, int]:",
                     "'``(device type, device id)`` of this array in DLPack\\'s terms.'"),
          "    @property",
          "    def device(self) -> Any: ...",
          "    @property",
          "    def sharding(self) -> Sharding: ...",
          "    @property",
          "    def is_fully_replicated(self) -> bool: ...",
          "    @property",
          "    def is_fully_addressable(self) -> bool: ...",
          "    @property",
          "    def addressable_shards(self) -> list[Shard]: ...",
          "    @property",
          "    def global_shards(self) -> list[Shard]: ...",
          "    def addressable_data(self, index: int) -> Array[DTypeT_co]: ...",
          "    def delete(self) -> None: ...",
          "    def item(self) -> Any: ...",
          "    def tolist(self) -> Any: ...",
          *_with_doc("    def reshape(self, *shape: Any) -> Array[DTypeT_co]:", docs("reshape")),
          *_with_doc("    def transpose(self, *axes: Any) -> Array[DTypeT_co]:", docs("transpose")),
          "    @property", *_with_doc("    def mT(self) -> Array[DTypeT_co]:", docs("mT")),
          *_with_doc('    def ravel(self, order: str = "C") -> Array[DTypeT_co]:', docs("ravel")),
          *_with_doc('    def flatten(self, order: str = "C") -> Array[DTypeT_co]:', docs("flatten")),
          *_with_doc("    def squeeze(self, axis: Axis = None) -> Array[DTypeT_co]:", docs("squeeze")),
          *_with_doc("    def swapaxes(self, axis1: int, axis2: int) -> Array[DTypeT_co]:", docs("swapaxes")),
          *_with_doc(f"    def copy(self) -> Array[DTypeT_co{keep}]:", docs("copy")),
          *_with_doc("    def sort(self, axis: int | None = -1, *, kind: None = None, order: None = None, "
                     "stable: bool = True, descending: bool = False) -> Array[DTypeT_co]:", docs("sort")),
          *_with_doc("    def take(self, indices: ArrayLike, axis: int | None = None, out: None = None, "
                     "mode: str | None = None, unique_indices: bool = False, indices_are_sorted: bool = False, "
                     "fill_value: Any = None) -> Array[DTypeT_co]:", docs("take")),
          *_with_doc("    def repeat(self, repeats: ArrayLike, axis: int | None = None, *, "
                     "total_repeat_length: int | None = None) -> Array[DTypeT_co]:", docs("repeat")),
          *_diagonal_method(docs("diagonal")),
          *_with_doc('    def searchsorted(self, v: ArrayLike, side: str = "left", sorter: ArrayLike | None = None, '
                     '*, method: str = "scan") -> Array[int32]:', docs("searchsorted")),
          "    @property", *_with_doc("    def itemsize(self) -> int:", docs("itemsize")),
          "    @property", *_with_doc("    def nbytes(self) -> int:", docs("nbytes"))]
    doc = docs("astype")
    for i, (spec, r) in enumerate(dtype_arguments.astype_specs(cfg)):
        head = f"    def astype(self, dtype: {spec}, copy: bool = False, device: Any = None) -> Array[{r}{keep}]:"
        o += ["    @overload", head + (" ..." if not (i == 0 and doc) else "")]
        if i == 0 and doc:
            o += [f"        {doc}", "        ..."]
    o += reduction_methods(cfg, method=True, docs=lambda fn: docs(fn), shapes=m.shapes)
    o += rule_reduction_methods(cfg, docs)
    o += selection_methods(cfg, docs, m.shapes)
    return [*o, "", ""]
