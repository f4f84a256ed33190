"""The ``arraytyping.numpy`` stub: the jax.numpy-style functions."""

from __future__ import annotations

import ast
import copy
import functools
import re
from collections.abc import Callable, Sequence
from typing import Final

from arraytyping import lattice, op_rules, shape_rules
from arraytyping._src.stubgen import binary, corrected_functions, creation_shapes, dtype_arguments, each, from_source, joining, single_rules, specs
from arraytyping._src.stubgen.emit import array as emit_array
from arraytyping._src.stubgen.binary import ANY_NUMPY, KeepVars, Ov
from arraytyping._src.stubgen.corrected_functions import CORRECTED_AS
from arraytyping._src.stubgen.emit.scalars import protocol_names
from arraytyping._src.stubgen.families import FUNCTIONS_AS, NUMPY_BINARY, Model, check_function_as
from arraytyping._src.stubgen.unary import Rule, function_operand, unary_overloads
from arraytyping.lattice import LatticeConfig

__all__ = ["UNARY_BY_HAND", "numpy_stub", "typed_unary", "unary_function"]

NAMED_OPERANDS = ("dot", "matmul", *op_rules.CONTRACTION)
"""Binary functions whose operands JAX names ``a``, ``b`` (positional or keyword) instead of ``x1, x2, /``."""
KEYWORD_OPERANDS = ("fmax", "fmin", "gcd", "lcm")
"""Binary functions whose operands ``x1``, ``x2`` may be passed by keyword too."""
PY_VALUE = {"bool": "bool_", "int": "int", "float": "float", "complex": "complex"}
"""The static dtype of a Python scalar taken alone: ``bool`` is strong, the others weak."""



INDEX_TRICKS: Final = (
    "@type_check_only",
    "class _MGrid:",
    '    "``mgrid[...]``: a dense mesh grid from slices (an imaginary step ``5j``: that many points, ends included)."',
    "    @overload",
    "    def __getitem__(self, key: slice, /) -> Array[Any]: ...",
    "    @overload",
    "    def __getitem__(self, key: tuple[slice, ...], /) -> Array[Any]: ...",
    "@type_check_only",
    "class _OGrid:",
    '    "``ogrid[...]``: an open mesh grid from slices, one array per slice (one array for one slice)."',
    "    @overload",
    "    def __getitem__(self, key: slice, /) -> Array[Any]: ...",
    "    @overload",
    "    def __getitem__(self, key: tuple[slice, ...], /) -> list[Array[Any]]: ...",
    "@type_check_only",
    "class _AxisConcat:",
    '    "``r_[...]``/``c_[...]``: arrays, scalars and slices (as grids) joined along an axis (numpy\'s directives)."',
    "    def __getitem__(self, key: Any, /) -> Array[Any]: ...",
    "    def __len__(self) -> int: ...",
    "mgrid: _MGrid",
    "ogrid: _OGrid",
    "r_: _AxisConcat",
    "c_: _AxisConcat",
)
"""``mgrid``, ``ogrid``, ``r_`` and ``c_``: instances of index-trick classes (typed Array[Any]: their dtype is the
promoted grid's or the joined arrays')."""

UNIQUE_RESULTS: Final = (
    "@type_check_only",
    "class UniqueAllResult(NamedTuple):",
    '    "``unique_all``\'s result: the sorted unique values, the index of each one\'s first occurrence, each element\'s index into ``values`` and each value\'s count."',
    "    values: Array[Any]",
    "    indices: Array[Any]",
    "    inverse_indices: Array[Any]",
    "    counts: Array[Any]",
    "@type_check_only",
    "class UniqueCountsResult(NamedTuple):",
    '    "``unique_counts``\'s result: the sorted unique values and each one\'s count."',
    "    values: Array[Any]",
    "    counts: Array[Any]",
    "@type_check_only",
    "class UniqueInverseResult(NamedTuple):",
    '    "``unique_inverse``\'s result: the sorted unique values and each element\'s index into them."',
    "    values: Array[Any]",
    "    inverse_indices: Array[Any]",
)
"""The named tuples of ``unique_all``, ``unique_counts`` and ``unique_inverse`` (the runtime's classes in
``_src/numpy/setops.py``, which ``jax.numpy`` does not export either): their fields' dtypes are gradual."""


def _with_doc(lines: list[str], doc: str | None) -> list[str]:
    """``lines`` (overloads, each ``@overload`` then a one-line ``def ... : ...``) with ``doc`` on the first."""
    if not doc:
        return lines
    i = next(i for i, ln in enumerate(lines) if ln.startswith("def "))
    return [*lines[:i], lines[i].removesuffix(" ..."), f"    {doc}", "    ...", *lines[i + 1:]]


def _binary_function(name: str, ovs: Sequence[Ov], doc: str | None, prefix: str = "", rest: str = "",
                     returns: Callable[[str], str] = "Array[{}]".format) -> list[str]:
    """``name``'s overloads ``ovs`` of its two operands, after ``prefix`` and before ``rest`` (the parameters after
    the operands, as :func:`from_source.rest_of` writes them)."""
    a, b, pos = ("a", "b", "") if name in NAMED_OPERANDS else ("x1", "x2", "") if name in KEYWORD_OPERANDS \
        else ("x1", "x2", ", /")
    if prefix:
        a, b, pos = "x", "y", ", /"
    out: list[str] = []
    for ov in ovs:
        out += ["@overload",
                f"def {name}({prefix}{a}: {ov.left}, {b}: {ov.right}{pos}{rest}) -> {returns(ov.result)}: ..."]
    return _with_doc(out, doc)


def _einsum(m: Model, keep: KeepVars, doc: str | None) -> list[str]:
    """``einsum(subscripts, *operands)``: of one operand, its ``result_type`` (its dtype; a weak one's kind's
    default, weak); of two, ``multiply``'s overloads (the join, bool included: ``result_type``'s, which
    ``check_function_as`` proves); of more, gradual."""
    keywords = copy.deepcopy(from_source.numpy_function("einsum"))
    keywords.args.vararg = None
    rest = from_source.rest_of(keywords, skip=0)

    def one(cls: str) -> str | None:
        try:
            return specs.static_of(*op_rules.contraction_result("einsum", [(specs.node_of(cls), cls in specs.WEAK)],
                                                                m.cfg))
        except specs.REJECTIONS:
            return None
    out = unary_function("einsum", "einsum", m.cfg, keep, None, ("operand", True), rule=one, rest=rest,
                         prefix="subscripts: str, ")
    out += _binary_function("einsum", binary.function_overloads(m, FUNCTIONS_AS["einsum"], keep), None,
                            prefix="subscripts: str, ", rest=rest)
    # three operands or more: gradual (two left to the typed overloads, so that a pair they refuse is an error)
    more = "subscripts: str, x: ArrayLike, y: ArrayLike, z: ArrayLike, /, *operands: ArrayLike"
    after = rest.replace(", *,", ",", 1)  # keyword-only after *operands already
    return _with_doc([*out, "@overload", f"def einsum({more}{after}) -> Array[Any]: ..."], doc)


def _rest_after_operands(fn: str) -> str:
    """The parameters of the source-declared function ``fn`` after its two operands (a product's ``axes``...)."""
    return from_source.rest_of(from_source.numpy_function(fn), skip=2) if fn in op_rules.CONTRACTION else ""


def _check_divmod_as_floor_divide(cfg: LatticeConfig) -> None:
    """Raise ``ValueError`` unless both results of ``divmod`` (``op_rules.pair_result``) have ``floor_divide``'s
    static class (the stub's overloads are ``floor_divide``'s) on every pair of operand specs ``divmod`` takes; a
    pair it refuses and ``floor_divide`` takes would be a rejection the stubs miss, never a wrong dtype."""
    table = specs.exact_table("floor_divide", cfg)
    for (a, b), theirs in table.items():
        try:
            mine = {specs.static_of(*r) for r in op_rules.pair_result("divmod", [a.operand, b.operand], cfg)}
        except specs.REJECTIONS:
            continue  # refused: the overloads answer a class or refuse too (missed, not wrong)
        if mine != {theirs}:
            raise ValueError(f"divmod({a}, {b}) is {sorted(mine)}, but floor_divide's overloads answer {theirs} "
                             f"({cfg})")


SHAPE_VAR: Final = "ShapeT"
SHAPE_VAR_DECLARATION: Final = f'{SHAPE_VAR} = TypeVar("{SHAPE_VAR}", bound=tuple[Any, ...])'
"""The type variable of an elementwise function's shape (``anp.cos(x)`` has ``x``'s shape)."""


def unary_function(name: str, fn: str, cfg: LatticeConfig, keep: KeepVars, doc: str | None,
                   operand: tuple[str, bool] = ("x", True), rule: Rule | None = None, rest: str = "",
                   returns: Callable[[str], str] = "Array[{}]".format, *, elementwise: bool = False,
                   prefix: str = "") -> list[str]:
    """A one-operand function by its rule (default: ``op_rules``' ``UNARY`` rule of ``fn``): arrays, then Python
    scalars and numpy values (taken as arrays). ``operand``: the parameter's name and whether it is
    positional-only; ``prefix``: the parameters before it (``"subscripts: str, "``); ``rest``: the parameters
    after it (``", axis: int = ..."``), which do not decide the dtype;
    ``returns``: the return annotation of the rule's answer (an array of it by default). ``elementwise``: the
    result of an array operand has its shape (:data:`SHAPE_VAR`); a numpy value's or a Python scalar's stays any
    shape, as does the gradual answer for an ``Array[Any]``."""
    rule = single_rules.unary_rule(fn, cfg) if rule is None else rule
    ovs = unary_overloads(rule, cfg)
    out: list[str] = []
    param, slash = operand[0], ", /" if operand[1] else ""

    def ov(operand: str, result: str) -> None:
        r = returns(result)
        if elementwise and operand.startswith("Array[") and not operand.startswith("Array[Never]"):
            operand, r = f"{operand[:-1]}, {SHAPE_VAR}]", f"Array[{result}, {SHAPE_VAR}]"
        out.extend(["@overload", f"def {name}({prefix}{param}: {operand}{slash}{rest}) -> {r}: ..."])

    for o in ovs:
        if o.dtypes is not None and o.dtypes.startswith("_Abstract"):  # numpy values, scalars before the fallbacks
            for node, np_type in specs.NUMPY_TYPES.items():  # first: np.float64 subclasses float (but is strong)
                if (r := rule(specs.cls_of(node))) is not None:
                    ov(f"{np_type} | np.ndarray[Any, np.dtype[{np_type}]]", r)
            for py, cls in PY_VALUE.items():
                if (r := rule(cls)) is not None:
                    ov(py, r)
        if o.keeps:
            v = keep.var(o.dtypes or "")
            ov(f"Array[{v}]", v)
        elif o.dtypes is None:
            ov("ArrayLike", o.result)
        elif o.dtypes == "Never":  # Array[Any] and numpy values of dtype Any (NDArray[Any]): before the typed ones
            ov(f"Array[Never] | {ANY_NUMPY}", o.result)
        else:
            ov(f"Array[{function_operand(o, keep.var)}]", o.result)
    return _with_doc(out, doc)


def accepted_operand(rule: Rule) -> str:
    """The annotation of every operand ``rule`` takes, as :func:`unary_function`'s overloads state them: arrays of
    the classes it answers (and of any abstract class, gradually), numpy values of any dtype and of those it answers,
    and those Python scalars: a fallback's operand where the typed overloads cannot see an argument
    (``qr(a, mode)`` of a ``mode: str``), so that it still refuses what the rule refuses."""
    arrays = [c for c in [*specs.CONCRETE, *specs.WEAK] if rule(c) is not None]
    numpy = [f"{t} | np.ndarray[Any, np.dtype[{t}]]" for node, t in specs.NUMPY_TYPES.items()
             if rule(specs.cls_of(node)) is not None]
    python = [py for py, cls in PY_VALUE.items() if rule(cls) is not None]
    return " | ".join([f"Array[{' | '.join([*arrays, '_Abstract'])}]", ANY_NUMPY, *numpy, *python])


def _dtype_overloads(cfg: LatticeConfig, fname: str, before: str, after: str, doc: str | None = None) -> list[str]:
    out: list[str] = []
    for spec, r in (dtype_arguments.astype_specs if fname == "astype" else dtype_arguments.dtype_specs)(cfg):
        out += ["@overload", f"def {fname}({before}dtype: {spec}{after}) -> Array[{r}]: ..."]
    return _with_doc(out, doc)


DEVICE_PARAM: Final = "device: Any = None"
"""The keyword-only ``device=`` of the creation functions (one of ``devices()``, a ``SingleDeviceSharding`` or
None), which places the result and leaves its dtype alone."""


def _top_level_params(params: str) -> list[str]:
    """A parameter list split at its top-level commas (not those inside brackets or quotes)."""
    out: list[str] = []
    depth, start, quote = 0, 0, ""
    for i, ch in enumerate(params):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "," and depth == 0:
            out.append(params[start:i].strip())
            start = i + 1
    if params[start:].strip():
        out.append(params[start:].strip())
    return out


_MAYBE_WEAK_RESULT: Final = re.compile(r"\) -> Array\[(T|float|int|complex)\b")
"""An overload's result that may be weakly typed: a Python scalar's class or the prototype's own (``Array[T]``)."""


def with_keyword(lines: list[str], fn: str, param: str = DEVICE_PARAM, *, strong_when_given: str | None = None
                 ) -> list[str]:
    """``fn``'s overload lines with the keyword-only ``param`` added last (after a ``*`` where the overload has
    no keyword-only parameters yet). ``strong_when_given`` (``full`` and the ``_like`` functions without a dtype,
    whose result JAX builds strongly typed on a given device): an overload (``device`` required, an
    ``Array[Any]``) placed before the first one without a dtype, so that a given device (typed ``Any``, as
    ``devices()`` gives it) is answered by it and never by a weak class; those that may give a weak class take
    ``device: None`` only."""
    out: list[str] = []
    head = f"def {fn}("
    for line in lines:
        at = line.find(head)
        end = line.rfind(") -> ")
        if at < 0 or end < 0:
            out.append(line)
            continue
        params = line[at + len(head):end]
        keyword_only = any(p == "*" or (p.startswith("*") and not p.startswith("**"))
                           for p in _top_level_params(params))
        this = "device: None = None" if strong_when_given and _MAYBE_WEAK_RESULT.search(line) else param
        added = f", {this}" if keyword_only else f", *, {this}"
        out.append(line[:end] + added + line[end:])
    if strong_when_given is None:
        return out
    first = next(i for i, line in enumerate(out) if head in line and "dtype: None = None" in line)
    while first > 0 and out[first - 1].lstrip().startswith("@"):
        first -= 1
    return [*out[:first], "@overload", strong_when_given, *out[first:]]


def _positional_dtype_overloads(cfg: LatticeConfig, fname: str, params: tuple[str, ...],
                                defaults: tuple[str | None, ...], after: str) -> list[str]:
    """:func:`_dtype_overloads` for a ``dtype`` that follows defaulted parameters: each spec once with those
    parameters required (dtype passed positionally) and once with their defaults and dtype keyword-only."""
    required = "".join(f"{p}, " for p in params)
    defaulted = "".join(f"{p}, " if d is None else f"{p} = {d}, " for p, d in zip(params, defaults))
    return (_dtype_overloads(cfg, fname, required, after)
            + _dtype_overloads(cfg, fname, defaulted + "*, ", after))


def _numpy_values(cfg: LatticeConfig) -> list[tuple[str, str]]:
    """(annotation, result dtype) for numpy values: ``NDArray[Any]`` first (it would match every typed one, so it is
    ``Any``), then each numpy dtype's scalars and arrays, canonicalized and strong. They come before Python scalars
    (``np.float64`` subclasses ``float``)."""
    return [("np.ndarray[Any, np.dtype[Never]]", "Any"),
            *((f"{npt} | np.ndarray[Any, np.dtype[{npt}]]", specs.cls_of(lattice.canonical_name(node, cfg.x64)))
              for node, npt in specs.NUMPY_TYPES.items())]


def _value_overloads(cfg: LatticeConfig, fn: str, param: str, after: str, before: str = "") -> list[str]:
    """Overloads on the value of an asarray-like argument (no dtype): ``NDArray[Any]`` first (it would match every
    numpy overload), then numpy values (before Python scalars: ``np.float64`` subclasses ``float``), arrays,
    Python scalars (weak, but ``bool``), nested sequences of Python scalars (strong default dtypes)."""
    def canon(node: str) -> str:
        return specs.cls_of(lattice.canonical_name(node, cfg.x64))

    o: list[str] = []

    def ov(spec: str, r: str) -> None:
        o.extend(["@overload", f"def {fn}({before}{param}: {spec}{after}) -> Array[{r}]: ..."])

    for spec, r in _numpy_values(cfg):
        ov(spec, r)
    ov("Array[T]", "T")
    for py, r in PY_VALUE.items():
        ov(py, r)
    ov("_NestedSequence[Never]", "Any")  # [] (float32 in JAX) and a list[Any]: before the typed ones
    ov("_NestedSequence[bool]", "bool_")
    ov("_NestedSequence[int]", canon("int64"))
    ov("_NestedSequence[float]", canon("float64"))
    ov("_NestedSequence[complex]", canon("complex128"))
    # not Array: the Array[T] overload takes every one, and mypy, inferring this call with an outer overload's
    # parameter as context (``anp.cos(anp.asarray(x))``, ``x: Array[T]``), would find Array[T] refused by that
    # context and answer Array[Any] here, which the outer overload then reads as its own typed operand (float32)
    ov("np.ndarray[Any, Any] | np.bool_ | np.number[Any] | _PyScalar | Sequence[Any]", "Any")  # a list of arrays
    return o


UNARY_BY_HAND: Final = (("negative", "negative"), ("positive", "positive"), ("abs", "abs"), ("sign", "sign"),
                         ("exp", "exp"), ("log", "log"), ("sqrt", "sqrt"), ("sin", "sin"), ("cos", "cos"),
                         ("tanh", "tanh"), ("invert", "invert"), ("bitwise_not", "invert"))
"""``(name, op_rules' UNARY function)`` of the one-operand functions the runtime defines with a ``(x, **kw)``
signature (the elementwise table's), which the stub declares as ``(x, /)``."""


def typed_unary() -> list[tuple[str, str, tuple[str, bool], str]]:
    """``(name, op_rules' UNARY function, (parameter, positional-only), the other parameters)`` of every one-operand
    function whose overloads come from its rule (:func:`op_rules.unary_static_result`: ``Any`` where the operand's
    rank, or ``round``'s ``decimals``, decides): :data:`UNARY_BY_HAND`, and the source-declared functions of
    op_rules' ``UNARY`` table (``around`` is ``round``) whose other parameters all have defaults."""
    out = [(name, fn, ("x", True), "") for name, fn in UNARY_BY_HAND]
    for rel, names in from_source.NUMPY_FROM_SOURCE.items():
        for name in names:
            fn = op_rules.UNARY_ALIASES.get(name, name)
            if fn in op_rules.UNARY and (signature := from_source.defaulted_rest(rel, name)) is not None:
                param, positional, rest = signature
                if rest and op_rules.UNARY[fn] == "same":
                    continue  # copy(a, order): declared keeping, an Array[T] gives Array[T] (_keeping)
                out.append((name, fn, (param, positional), rest))
    return out


_UNARY_ALIASES_FROM_SOURCE: Final = ("around",)
"""The op_rules ``UNARY_ALIASES`` declared from their source (with their own signature), not as an alias line."""


def _placed_like(fn: str, param: str, fill: str) -> str:
    """The last overload of a ``*_like`` function: a given device (JAX builds the result there strongly typed, so
    a weak prototype's class is not the result's): gradual."""
    return (f"def {fn}({param}: ArrayLike, {fill}dtype: None = None, shape: ShapeLike | None = None, "
            "*, device: Any) -> Array[Any]: ...")


def _like_overloads(cfg: LatticeConfig, fn: str, param: str, fill: str, doc: str | None,
                    shapes: bool) -> list[str]:
    """A ``*_like`` function: a given dtype (strong), else its prototype's dtype and weak flag (JAX's
    ``lax.full_like``). ``fill``: the parameters between the prototype ``param`` and ``dtype``. ``shapes``: an
    array prototype's shape too, without ``dtype`` and ``shape``."""
    shape = ", shape: ShapeLike | None = None"
    body = _dtype_overloads(cfg, fn, f"{param}: ArrayLike, {fill}", shape, doc)
    if shapes:
        body += ["@overload", f"def {fn}({param}: Array[T, {SHAPE_VAR}], {fill}dtype: None = None, "
                 f"shape: None = None) -> Array[T, {SHAPE_VAR}]: ..."]
    body += ["@overload", f"def {fn}({param}: Array[T], {fill}dtype: None = None{shape}) -> Array[T]: ..."]
    for spec, r in [*_numpy_values(cfg), *PY_VALUE.items()]:
        body += ["@overload", f"def {fn}({param}: {spec}, {fill}dtype: None = None{shape}) -> Array[{r}]: ..."]
    return [*body, "@overload", f"def {fn}({param}: ArrayLike, {fill}dtype: None = None{shape}) -> Array[Any]: ..."]


DEFAULT_DTYPE_CREATION: Final = tuple(fn for fn, family in op_rules.CREATION.items()
                                      if family in ("default_float", "float32") and fn not in ("zeros", "ones"))
"""The creation functions declared from their runtime source whose dtype is the ``dtype`` argument's or a default
(``eye``, ``identity``, ``tri``, ``empty``): typed by ``op_rules.creation_result``."""


def scalar_bounds(fn: str, cfg: LatticeConfig) -> tuple[str, str]:
    """The classes of ``linspace``/``logspace`` without a dtype (the inexact result type of the bounds) for two
    Python bools, and for the other pairs a ``float`` parameter takes (bool, int, float, np.float64): one class,
    op_rules' answer (bools are float32 even with x64, JAX's ``to_inexact_dtype``; a pair the rule refuses, strict
    promotion's bool and int, is left to the checker to accept)."""
    floats = (("bool", False), ("int", True), ("float", True), ("float64", False))
    others: set[str] = set()
    for a in floats:
        for b in floats:
            if a[0] == b[0] == "bool":
                continue
            try:
                others.add(specs.cls_of(op_rules.creation_result(fn, [a, b], cfg)[0]))
            except specs.REJECTIONS:
                pass
    if len(others) != 1:
        raise ValueError(f"stub generator: {fn} of Python scalar bounds has more than one dtype: {sorted(others)}")
    return specs.cls_of(op_rules.creation_result(fn, [("bool", False), ("bool", False)], cfg)[0]), others.pop()


def _declarers(cfg: LatticeConfig, keep: KeepVars, docs: Callable[[str], str | None], shapes: bool
               ) -> dict[str, Callable[[ast.FunctionDef], list[str]]]:
    """The source-declared functions the stub types by a rule of their ``dtype`` argument (``argsort``'s indices
    too), ``empty_like``, the joining functions (:mod:`.joining`), and ``clip``, ``unique`` and ``average`` by the
    rule of their one array."""
    def by_dtype(fn: str, no_dtype: dtype_arguments.NoDtype | None = None) -> Callable[[ast.FunctionDef], list[str]]:
        return lambda f: dtype_arguments.overloads(f, cfg, keep, from_source.docline(f),
                                               lambda node: op_rules.creation_result(fn, (), cfg, node)[0],
                                               no_dtype=no_dtype)
    out = {fn: by_dtype(fn) for fn in DEFAULT_DTYPE_CREATION}  # their device= from their source
    bools, floats = scalar_bounds("logspace", cfg)
    out["logspace"] = by_dtype("logspace", [({"start": "bool", "stop": "bool"}, bools),
                                            ({"start": "float", "stop": "float"}, floats), ({}, "Any")])
    out["empty_like"] = lambda f: with_keyword(_like_overloads(cfg, "empty_like", f.args.args[0].arg, "",
                                                               from_source.docline(f), shapes), "empty_like",
                                               strong_when_given=_placed_like("empty_like", f.args.args[0].arg, ""))
    if shapes:
        out["empty"] = lambda f: creation_shapes.with_shapes(by_dtype("empty")(f))
    for fn in REDUCTIONS_BY_RULE:
        out[fn] = functools.partial(_reduction_overloads, cfg=cfg, keep=keep)
    out.update(joining.declarers(cfg, keep))
    out.update(each.declarers())
    out["clip"] = functools.partial(_clip_overloads, cfg=cfg, keep=keep)
    out["unique"] = _before_overloads(lambda f: unary_function(
        "unique", "unique", cfg, keep, docs("unique"), ("ar", False), rule=single_rules.shape_rule("unique", cfg),
        rest=from_source.rest_of(f, {"fill_value": "None"})))
    out["average"] = _before_overloads(lambda f: unary_function(
        "average", "average", cfg, keep, docs("average"), ("a", False),
        rule=single_rules.reduction_rule("average", cfg), rest=from_source.rest_of(f, {"weights": "None"})))
    for fn in ("indices", *op_rules.INDEX_ARRAYS):
        out[fn] = functools.partial(_index_overloads, cfg=cfg, keep=keep)
    out["ediff1d"] = functools.partial(_ediff1d_overloads, cfg=cfg, keep=keep)
    out["compress"] = _compress_overloads
    out["modf"] = lambda f: unary_function(
        "modf", "modf", cfg, keep, docs("modf"), ("x", True), rule=single_rules.pair_rule("modf", cfg),
        rest=from_source.rest_of(f, skip=0), returns="tuple[Array[{0}], Array[{0}]]".format)
    out["unravel_index"] = lambda f: [*unary_function(
        "unravel_index", "unravel_index", cfg, keep, docs("unravel_index"), ("indices", False),
        rule=single_rules.unravel_index_rule(cfg), rest=from_source.rest_of(f, {"shape": "int | Sequence[int]"}),
        returns="tuple[Array[{}], ...]".format), "@overload", *from_source.stub_function(f, with_doc=False)]
    # ravel_multi_index: a given dtype's integer class (others refused); without one, the join of the indices with
    # a Python int, which overloads cannot compute for a tuple of any arrays: gradual (the plugin joins them)
    out["ravel_multi_index"] = lambda f: dtype_arguments.overloads(
        f, cfg, keep, from_source.docline(f),
        lambda node: op_rules.ravel_multi_index_result([], None, node, cfg)[0], no_dtype=[({}, "Any")])
    out["diff"] = functools.partial(_diff_overloads, cfg=cfg, keep=keep)
    out["bincount"] = functools.partial(_bincount_overloads, cfg=cfg, keep=keep)
    out["argsort"] = lambda f: dtype_arguments.overloads(
        f, cfg, keep, from_source.docline(f), lambda node: op_rules.shape_result("argsort", [("float32", False)],
                                                                                 cfg, node)[0])
    return out


def _index_overloads(f: ast.FunctionDef, *, cfg: LatticeConfig, keep: KeepVars) -> list[str]:
    """The functions of :mod:`index_arrays` (op_rules' ``INDEX_ARRAYS``): the default integer of ``cfg`` for each
    array (``tril_indices``: two, ``diag_indices``: a tuple of any length); ``indices`` by ``creation_result`` of
    its ``dtype`` (``lax.iota``'s: bool refused), one array, or one per axis with ``sparse=True`` (gradual where
    a ``dtype`` is given then, or ``sparse`` is no literal, but a refused dtype is still refused)."""
    default = specs.cls_of(lattice.default_name("i", cfg.x64))
    if f.name != "indices":
        variant = copy.deepcopy(f)
        fields = "..." if (f.returns is not None and "..." in ast.unparse(f.returns)) else None
        variant.returns = ast.parse(f"tuple[Array[{default}], ...]" if fields else
                                    f"tuple[Array[{default}], Array[{default}]]", mode="eval").body
        return from_source.stub_function(variant)
    dense = copy.deepcopy(f)
    for arg in dense.args.args:
        if arg.arg == "sparse":
            arg.annotation = ast.parse("Literal[False]", mode="eval").body
    out = dtype_arguments.overloads(dense, cfg, keep, from_source.docline(f),
                                lambda node: op_rules.creation_result("indices", (), cfg, node)[0])
    either = "Array[Any] | tuple[Array[Any], ...]"  # sparse required: a refused dtype alone matches no overload
    return [*out,
            "@overload",
            f"def indices(dimensions: Sequence[int], dtype: None = ..., *, sparse: Literal[True]) "
            f"-> tuple[Array[{default}], ...]: ...",
            "@overload",
            f"def indices(dimensions: Sequence[int], dtype: DTypeLike | None, sparse: bool) -> {either}: ...",
            "@overload",
            f"def indices(dimensions: Sequence[int], dtype: DTypeLike | None = ..., *, sparse: bool) -> {either}: ..."]


def _ediff1d_overloads(f: ast.FunctionDef, *, cfg: LatticeConfig, keep: KeepVars) -> list[str]:
    """``ediff1d(ary, to_end, to_begin)`` by its rule: the operand's class without ends, a strong one with them (the
    ends are cast with ``astype``, and the join is strong)."""
    def by(ends: bool, rest: str, doc: str | None) -> list[str]:
        return unary_function("ediff1d", "ediff1d", cfg, keep, doc, ("ary", False),
                              rule=single_rules.ediff1d_rule(cfg, ends), rest=rest)
    return [*by(False, ", to_end: None = ..., to_begin: None = ...", from_source.docline(f)),
            *by(True, ", to_end: ArrayLike | None = ..., to_begin: ArrayLike | None = ...", None)]


def _clip_overloads(f: ast.FunctionDef, *, cfg: LatticeConfig, keep: KeepVars) -> list[str]:
    """``clip(arr, min, max)`` by its rule where the bounds are left out or Python scalars (each class its one
    answer over every bound the annotation admits); a numpy bound (``np.float64`` is a ``float`` to a checker, but
    strong) and anything else: the source signature's ``Array[Any]``. A complex array is refused (JAX's
    ``ValueError``) where every bound is a Python scalar."""
    out = ["@overload", "def clip(arr: ArrayLike, /, min: np.generic | np.ndarray[Any, Any], "
           "max: ArrayLike | None = ...) -> Array[Any]: ...",
           "@overload", "def clip(arr: ArrayLike, /, min: ArrayLike | None = ..., *, "
           "max: np.generic | np.ndarray[Any, Any]) -> Array[Any]: ...",
           "@overload", "def clip(arr: ArrayLike, /, min: ArrayLike | None, "
           "max: np.generic | np.ndarray[Any, Any]) -> Array[Any]: ..."]
    for annotation, admitted in single_rules.CLIP_BOUNDS:
        out += unary_function("clip", "clip", cfg, keep, None, ("arr", True),
                              rule=single_rules.shape_rule("clip", cfg, admitted, admitted),
                              rest=f", min: {annotation} = ..., max: {annotation} = ...")
    f.returns = ast.Name("Array[Any]")
    f.decorator_list = [ast.Name("overload")]
    return dtype_arguments.with_doc([*out, *from_source.stub_function(f, with_doc=False)], from_source.docline(f))


def _compress_overloads(f: ast.FunctionDef) -> list[str]:
    """``compress(condition, a, ...)``: ``a``'s class (``op_rules.compress_result``), but ``Array[Any]`` for a weak
    ``a`` with ``size=`` (the padding makes it strong) and for an array of a type variable not bound to a dtype class
    there (it may be weak), then the source signature (numpy values, Python scalars)."""
    head, tail = "condition: ArrayLike, a: ", ", axis: int | None = None, *, size: {size}, fill_value: ArrayLike = 0, " \
        "out: None = None) -> "
    weak = specs.arrays_of()
    out = ["@overload", f"def compress({head}Array[T]{tail.format(size='None = None')}Array[T]: ...",
           "@overload", f"def compress({head}{weak}{tail.format(size='int | None')}Array[Any]: ...",
           "@overload", f"def compress({head}Array[DTypeT]{tail.format(size='int | None = None')}Array[DTypeT]: ..."]
    f.returns = ast.Name("Array[Any]")
    f.decorator_list = [ast.Name("overload")]
    return dtype_arguments.with_doc([*out, *from_source.stub_function(f, with_doc=False)], from_source.docline(f))


def _before_overloads(typed: Callable[[ast.FunctionDef], list[str]]) -> Callable[[ast.FunctionDef], list[str]]:
    """The declarer of a function the source declares with overloads: ``typed``'s overloads (made from the first
    source overload) before the source's own; its implementation adds nothing."""
    first = True

    def declare(f: ast.FunctionDef) -> list[str]:
        nonlocal first
        if not any(isinstance(d, ast.Name) and d.id == "overload" for d in f.decorator_list):
            return []
        lines = from_source.stub_function(f, with_doc=False)
        if first:
            first = False
            return [*typed(f), *lines]
        return lines
    return declare


REDUCTIONS_BY_RULE: Final = ("var", "std", "median", "ptp", "nansum", "nanmean", "nanmax", "nanmin", "cumsum",
                             "cumprod", "trace", "nanprod", "nanvar", "nanstd", "nancumsum", "nancumprod",
                             "cumulative_sum", "cumulative_prod", "nanmedian", "quantile", "nanquantile",
                             "percentile", "nanpercentile")
"""The reductions of op_rules' ``REDUCTION`` that the stubs type by :func:`single_rules.reduction_rule` when no
argument that decides the dtype is given (:data:`_DECIDING`); ``average`` (its ``weights``, ``returned``) is not."""
_DECIDING: Final = {"dtype": "None", "mean": "None", "weights": "None"}
"""A reduction's parameters that change its dtype: the typed overloads take them left out (``None``); given, the call
goes to the source's own signature (``Array[Any]``)."""


def _diff_overloads(f: ast.FunctionDef, *, cfg: LatticeConfig, keep: KeepVars) -> list[str]:
    """``diff`` without ``prepend``/``append`` by its rule (op_rules' ``promote`` of the array alone: its own
    class), then its source signature, gradual (what they join may promote the array)."""
    typed = unary_function("diff", "diff", cfg, keep, from_source.docline(f), ("a", False),
                           rule=single_rules.shape_rule("diff", cfg),
                           rest=from_source.rest_of(f, {"prepend": "None", "append": "None"}))
    f.returns = ast.Name("Array[Any]")
    return [*typed, "@overload", *from_source.stub_function(f, with_doc=False)]


def _bincount_overloads(f: ast.FunctionDef, *, cfg: LatticeConfig, keep: KeepVars) -> list[str]:
    """``bincount`` without ``weights`` by its rule (the default integer), then its source signature, gradual (the
    weights' dtype is the result's)."""
    typed = unary_function("bincount", "bincount", cfg, keep, from_source.docline(f), ("x", False),
                           rule=single_rules.bincount_rule(cfg), rest=from_source.rest_of(f, {"weights": "None"}))
    f.returns = ast.Name("Array[Any]")
    return [*typed, "@overload", *from_source.stub_function(f, with_doc=False)]


def _reduction_overloads(f: ast.FunctionDef, *, cfg: LatticeConfig, keep: KeepVars) -> list[str]:
    """A reduction by its rule (any shape: reductions change it), then its source signature, gradual."""
    first = [*f.args.posonlyargs, *f.args.args][0]
    typed = unary_function(f.name, f.name, cfg, keep, from_source.docline(f), (first.arg, bool(f.args.posonlyargs)),
                           rule=single_rules.reduction_rule(f.name, cfg), rest=from_source.rest_of(f, _DECIDING))
    f.returns = ast.Name("Array[Any]")
    return [*typed, "@overload", *from_source.stub_function(f, with_doc=False)]


def _from_source() -> dict[str, tuple[str, ...]]:
    """:data:`from_source.NUMPY_FROM_SOURCE` without the functions of :func:`typed_unary`."""
    typed = {name for name, _, _, _ in typed_unary()} | set(FUNCTIONS_AS) | set(CORRECTED_AS) | {"divmod"}
    return {rel: tuple(n for n in names if n not in typed) for rel, names in from_source.NUMPY_FROM_SOURCE.items()}


_KEEPING_RETURNS: Final = frozenset({"Array", "list[Array]", "Array | list[Array]", "tuple[Array, ...]"})
"""The return annotations of the functions :func:`_keeping` declares generic: one array, or a list or tuple of
arrays each of the first argument's dtype (``split``, ``unstack``; ``atleast_1d``'s one-argument overload is one
array)."""


def _keeping() -> frozenset[str]:
    """The source-declared functions whose result has their first argument's dtype and weak flag (op_rules' ``same``
    families; ``take``'s ``gather``, whose index operand only refuses dtypes; ``diag``, which :func:`_diag_keeps`
    proves) and is one array or a list of them: an ``Array[T]`` argument gives ``Array[T]``."""
    same = {fn for fn, f in op_rules.SHAPE.items() if f == "same" or fn == "take"} | {
        fn for fn, f in op_rules.UNARY.items() if f == "same"} | ({"diag"} if _diag_keeps() else set[str]())
    return frozenset(n for rel, names in _from_source().items() for n in names
                     if n in same and from_source.return_annotation(rel, n) in _KEEPING_RETURNS)


def _diag_keeps() -> bool:
    """Whether ``diag`` gives every strong operand its own static class (canonicalized), of a vector or a matrix,
    in every configuration (``op_rules.creation_result``: a vector meets its own zeros in ``where``)."""
    return all(c in lattice.WEAK_NAMES for c in single_rules.not_own_classes("diag"))


def _keeping_gradual() -> dict[str, tuple[str, ...]]:
    """The :func:`_keeping` functions whose rule gives some operands' classes another class (weak ones: the
    diagonal of a square matrix is strong): those classes, which the stubs answer ``Array[Any]``."""
    return {fn: single_rules.not_own_classes(fn) for fn in _keeping() if fn in op_rules.SQUARE_MATRIX_FUNCTIONS and single_rules.not_own_classes(fn)}


def _constant_results(cfg: LatticeConfig) -> dict[str, str]:
    """The source-declared functions whose rule gives one result whatever the operands' dtypes (``argmax``,
    ``count_nonzero``, ``nonzero``: the default integer; ``isclose``, ``array_equal``: bool; ``searchsorted``:
    int32; the window functions: the default float), where they return one array or a tuple of them and take no
    ``dtype``: name -> the result's static class. The rule refusing some operands
    is no matter: the stub then takes them (a rejection the checker misses), never with another dtype."""
    operands = [(n, False) for n in lattice.KIND if n not in lattice.WEAK_NAMES] + [(n, True) for n in lattice.KIND]

    def one(results: set[tuple[str, bool]]) -> str | None:
        return specs.static_of(*next(iter(results))) if len(results) == 1 else None

    def answers(rule: Callable[[], tuple[str, bool]], into: set[tuple[str, bool]]) -> None:
        try:
            into.add(rule())
        except specs.REJECTIONS:
            pass

    out: dict[str, str] = {}
    for rel, names in _from_source().items():
        for fn in names:
            if from_source.return_annotation(rel, fn) not in ("Array", "tuple[Array, ...]") or \
                    from_source.has_parameter(rel, fn, "dtype"):
                continue
            results: set[tuple[str, bool]] = set()
            if fn in op_rules.WINDOWS:
                answers(lambda: op_rules.window_result(fn, cfg), results)
            elif fn in op_rules.REDUCTION:
                for a in operands:
                    answers(lambda: op_rules.reduction_result(fn, a, None, cfg), results)
            elif fn in op_rules.FUNCTION_FAMILY or fn in op_rules.SHAPE:
                def rule(a: tuple[str, bool], b: tuple[str, bool]) -> tuple[str, bool]:
                    if fn in op_rules.SHAPE:
                        return op_rules.shape_result(fn, [a, b], cfg)
                    return op_rules.binary_result(fn, [a, b], cfg)
                for a in operands:
                    for b in operands:
                        answers(lambda: rule(a, b), results)
            if (r := one(results)) is not None:
                out[fn] = r
    return out


def _numpy_reshape() -> list[str]:
    """``reshape`` of a numpy array or scalar: JAX 0.10.2 hands it to the operand's own ``reshape`` method, so the
    result is numpy's, in the operand's own dtype (``float64`` with x64 off too). A scalar reshaped to ``()`` stays
    a scalar; to another shape it is an ndarray."""
    nd = "np.ndarray[tuple[int, ...], np.dtype[NumpyScalarT]]"
    rest = RESHAPE_REST.removeprefix(", shape: ShapeLike")
    return ["@overload",
            f"def reshape(a: np.ndarray[Any, np.dtype[NumpyScalarT]], shape: ShapeLike{rest}) -> {nd}: ...",
            "@overload", f"def reshape(a: NumpyScalarT, shape: tuple[()]{rest}) -> NumpyScalarT: ...",
            "@overload", f"def reshape(a: NumpyScalarT, shape: ShapeLike{rest}) -> {nd} | NumpyScalarT: ..."]


RESHAPE_REST: Final = ', shape: ShapeLike, order: str = "C", *, copy: bool | None = None'
"""``reshape``'s parameters after its operand, as JAX 0.10.2's (``copy`` is unused: arrays are immutable)."""


SCALAR_ALIASES: Final = {"single": "float32", "double": "float64", "csingle": "complex64", "cdouble": "complex128",
                          "float_": "float64", "int_": "int64", "uint": "uint64", "complex_": "complex128",
                          "bool": "bool_"}
"""numpy's other names for scalar classes, which ``jax.numpy`` has too (``arraytyping/numpy/__init__.py`` binds the
same). ``bool`` shadows the builtin in the stub: :func:`builtins_bool` spells every other ``bool`` of the stub
``builtins.bool``, as numpy's and JAX's own stubs do."""


def _ufunc_declarations(docs: Callable[[str], str | None]) -> list[str]:
    """``ufunc`` (JAX's ``jnp.ufunc``: its methods' results any dtype, its call's anything, as JAX's own stubs say),
    ``frompyfunc`` and ``einsum_path`` (its ``PathInfo`` as JAX types it: ``Any``), with the runtime's signatures
    (positional ``axis`` and the rest, which JAX's stubs make keyword-only while JAX takes them)."""
    def doc(name: str, indent: str) -> list[str]:
        text = docs(name)
        return [] if text is None else [indent + text.replace("\n    ", "\n" + indent)]
    return [
        "class ufunc:",
        *doc("ufunc", "    "),
        "    def __init__(self, func: Callable[..., Any], /, nin: int, nout: int, *, name: str | None = None, "
        "nargs: int | None = None, identity: Any = None, call: Callable[..., Any] | None = None, "
        "reduce: Callable[..., Any] | None = None, accumulate: Callable[..., Any] | None = None, "
        "at: Callable[..., Any] | None = None, reduceat: Callable[..., Any] | None = None) -> None: ...",
        "    __name__: str",
        "    @property",
        "    def nin(self) -> int: ...",
        "    @property",
        "    def nout(self) -> int: ...",
        "    @property",
        "    def nargs(self) -> int: ...",
        "    @property",
        "    def identity(self) -> Any: ...",
        "    def __call__(self, *args: ArrayLike, out: None = None, where: None = None) -> Any: ...",
        "    def reduce(self, a: ArrayLike, axis: int | None = 0, dtype: DTypeLike | None = None, out: None = None, "
        "keepdims: bool = False, initial: ArrayLike | None = None, where: ArrayLike | None = None) -> Array[Any]: ...",
        "    def accumulate(self, a: ArrayLike, axis: int = 0, dtype: DTypeLike | None = None, out: None = None"
        ") -> Array[Any]: ...",
        "    def at(self, a: ArrayLike, indices: Any, b: ArrayLike | None = None, /, *, inplace: bool = True"
        ") -> Array[Any]: ...",
        "    def reduceat(self, a: ArrayLike, indices: Any, axis: int = 0, dtype: DTypeLike | None = None, "
        "out: None = None) -> Array[Any]: ...",
        "    def outer(self, A: ArrayLike, B: ArrayLike, /) -> Array[Any]: ...",
        "def frompyfunc(func: Callable[..., Any], /, nin: int, nout: int, *, identity: Any = None) -> ufunc:",
        *doc("frompyfunc", "    "),
        "    ...",
        "def einsum_path(subscripts: str, /, *operands: ArrayLike | Sequence[Any], "
        "optimize: bool | str | list[tuple[int, ...]] = \"auto\") -> tuple[list[tuple[int, ...]], Any]:",
        *doc("einsum_path", "    "),
        "    ...",
    ]


def builtins_bool(text: str) -> str:
    """``text`` (a stub that binds ``bool = bool_``) with each other ``bool`` name spelled ``builtins.bool``
    (attributes, strings and comments left as they are), and ``import builtins`` before its first import."""
    import io
    import tokenize

    lines = text.split("\n")
    spots: list[tuple[int, int]] = []
    prev: tokenize.TokenInfo | None = None
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.NAME and tok.string == "bool" and not (prev and prev.string == "."):
            if lines[tok.start[0] - 1] != "bool = bool_":
                spots.append(tok.start)
        if tok.type not in (tokenize.NL, tokenize.COMMENT):
            prev = tok
    for row, col in reversed(spots):
        line = lines[row - 1]
        lines[row - 1] = line[:col] + "builtins." + line[col:]
    first_import = next(i for i, line in enumerate(lines) if line.startswith(("import ", "from ")))
    lines.insert(first_import, "import builtins")
    return "\n".join(lines)


def _array_api_declarations() -> list[str]:
    """The Array API standard's inspection API and ``from_dlpack`` (``_src/numpy/array_api.py``): the version
    string, the info object's class (type-check-only: it is no public name at run time, as in JAX) and the two
    functions, with the runtime's docstrings."""
    docs = from_source.docstrings("_src/numpy/array_api.py")

    def method(head: str, name: str, indent: str = "") -> list[str]:
        doc = docs.get(name)
        return [f"{indent}{head} ..."] if doc is None else [
            f"{indent}{head}", *(f"{indent}    {ln}" if ln else ln for ln in doc.split("\n")), f"{indent}    ..."]

    info = "ArrayNamespaceInfo"
    out = ["__array_api_version__: str", "@type_check_only", f"class _{info}:"]
    for head, name in (
            ("def capabilities(self) -> dict[str, bool | int]:", "capabilities"),
            ("def default_device(self) -> None:", "default_device"),
            ("def devices(self) -> list[Any]:", "devices"),
            ("def default_dtypes(self, *, device: Any = None) -> dict[str, np.dtype[Any]]:", "default_dtypes"),
            ("def dtypes(self, *, device: Any = None, kind: str | tuple[str, ...] | None = None) "
             "-> dict[str, np.dtype[Any]]:", "dtypes")):
        out += method(head, f"{info}.{name}", "    ")
    out += method(f"def __array_namespace_info__() -> _{info}:", "__array_namespace_info__")
    out += method("def from_dlpack(x: Any, /, *, device: Any = None, copy: bool | None = None) -> Array[Any]:",
                  "from_dlpack")
    return out


def numpy_stub(m: Model, cfg: LatticeConfig, header: list[str], docs: Callable[[str], str | None]) -> str:
    keep = KeepVars()
    body: list[str] = []
    for fn, op in NUMPY_BINARY.items():
        body += _binary_function(fn, binary.function_overloads(m, op, keep), docs(fn))
        body.append("")
    check_function_as(cfg)
    for fn, op in FUNCTIONS_AS.items():
        if fn == "einsum":
            continue  # declared with its one-operand and variadic forms below
        body += _binary_function(fn, binary.function_overloads(m, op, keep), docs(fn), rest=_rest_after_operands(fn))
        body.append("")
    for fn in CORRECTED_AS:
        body += _binary_function(fn, corrected_functions.overloads(m, fn, keep), docs(fn),
                                 rest=_rest_after_operands(fn))
        body.append("")
    _check_divmod_as_floor_divide(cfg)
    body += _binary_function("divmod", binary.function_overloads(m, "floor_divide", keep), docs("divmod"),
                             returns="tuple[Array[{0}], Array[{0}]]".format)
    body.append("")
    body += _einsum(m, keep, docs("einsum"))
    body.append("")
    body += _binary_function("where", binary.function_overloads(m, "add", keep), docs("where"),
                             prefix="condition: ArrayLike, ")
    body += ["@overload", "def where(condition: ArrayLike, /, *, size: int | None = None, "
             "fill_value: ArrayLike | None = None) -> tuple[Array[Any], ...]: ..."]
    body.append("")
    for fn in ("logical_and", "logical_or", "logical_xor"):
        body.append(f"def {fn}(x1: ArrayLike, x2: ArrayLike, /) -> Array[bool_]: ...")
    for name, fn, operand, rest in typed_unary():
        body += unary_function(name, fn, cfg, keep, docs(name), operand, rest=rest,
                               elementwise=m.shapes and shape_rules.SHAPE_FAMILY.get(fn) == "keep")
    body.append("def logical_not(x: ArrayLike, /) -> Array[bool_]: ...")
    body.append("absolute = abs")
    body += emit_array.reduction_methods(cfg, method=False, docs=docs, keep_var=keep.var, shapes=m.shapes)
    for fn, rest in (("reshape", RESHAPE_REST), ("transpose", ", axes: Sequence[int] | None = None"),
                     ("broadcast_to", ", shape: ShapeLike")):
        # an array keeps its dtype; numpy values and Python scalars (which JAX takes too): gradual
        body += ["@overload", f"def {fn}(a: Array[T]{rest}) -> Array[T]: ...",
                 *(_numpy_reshape() if fn == "reshape" else ()),
                 "@overload", f"def {fn}(a: ArrayLike{rest}) -> Array[Any]: ..."]
    body.append("")
    body += _dtype_overloads(cfg, "astype", "x: ArrayLike, ", ", /, *, copy: bool = False, device: Any = None",
                             docs("astype"))
    for fn, rest in (("asarray", ", order: str | None = None, *, copy: bool | None = None"),
                     ("array", ", copy: bool = True")):
        body += with_keyword(_dtype_overloads(cfg, fn, "a: ArrayLike | Sequence[Any], ", rest, docs(fn)), fn)
        body += with_keyword(_value_overloads(cfg, fn, "a", ", dtype: None = None" + rest), fn)
    default_float = specs.cls_of(lattice.default_name("f", cfg.x64))
    shaped = creation_shapes.with_shapes if m.shapes else list
    for fn in ("zeros", "ones"):
        body += shaped(with_keyword([*_dtype_overloads(cfg, fn, "shape: ShapeLike, ", "", docs(fn)), "@overload",
                                     f"def {fn}(shape: ShapeLike, dtype: None = None) -> Array[{default_float}]: ..."],
                                    fn))
    body += shaped(with_keyword([
        *_dtype_overloads(cfg, "full", "shape: ShapeLike, fill_value: ArrayLike, ", "", docs("full")),
        *_value_overloads(cfg, "full", "fill_value", ", dtype: None = None", before="shape: ShapeLike, ")], "full",
        strong_when_given="def full(shape: ShapeLike, fill_value: ArrayLike, dtype: None = None, *, "
                          "device: Any) -> Array[Any]: ..."))
    for fn, fill in (("zeros_like", ""), ("ones_like", ""), ("full_like", "fill_value: ArrayLike, ")):
        body += with_keyword(_like_overloads(cfg, fn, "a", fill, docs(fn), m.shapes), fn,
                             strong_when_given=_placed_like(fn, "a", fill))
    default_int = specs.cls_of(lattice.default_name("i", cfg.x64))
    arange = _positional_dtype_overloads(cfg, "arange", ("start: ArrayLike", "stop: ArrayLike | None",
                                                         "step: ArrayLike | None"), (None, "None", "None"), "")
    arange += ["@overload",
             "def arange(start: int, stop: int | None = None, step: int | None = None, dtype: None = None) "
             f"-> Array[{default_int}]: ...",
             "@overload",
             "def arange(start: float, stop: float | None = None, step: float | None = None, dtype: None = None) "
             f"-> Array[{default_float}]: ...",
             "@overload",
             "def arange(start: ArrayLike, stop: ArrayLike | None = None, step: ArrayLike | None = None, "
             "dtype: None = None) -> Array[Any]: ..."]
    body += with_keyword(arange, "arange")
    lin = "start: ArrayLike, stop: ArrayLike, num: int = 50, endpoint: bool = True, "
    linspace_start = len(body)
    body += _positional_dtype_overloads(cfg, "linspace", ("start: ArrayLike", "stop: ArrayLike", "num: int",
                                                          "endpoint: bool", "retstep: Literal[False]"),
                                        (None, None, "50", "True", "False"), ", axis: int = 0")
    bools, floats = scalar_bounds("linspace", cfg)
    body += [line for bounds, r in (("bool", bools), ("float", floats)) for line in (
             "@overload",
             f"def linspace({lin.replace('ArrayLike', bounds)}retstep: Literal[False] = False, dtype: None = None, "
             f"axis: int = 0) -> Array[{r}]: ...",
             "@overload",
             f"def linspace({lin.replace('ArrayLike', bounds)}*, retstep: Literal[True], dtype: None = None, "
             f"axis: int = 0) -> tuple[Array[{r}], Array[{r}]]: ...",
             "@overload",
             f"def linspace(start: {bounds}, stop: {bounds}, num: int, endpoint: bool, retstep: Literal[True], "
             f"dtype: None = None, axis: int = 0) -> tuple[Array[{r}], Array[{r}]]: ...")]
    body += [
             "@overload",
             "def linspace(start: ArrayLike, stop: ArrayLike, num: int, endpoint: bool, retstep: Literal[True], "
             "dtype: DTypeLike | None = None, axis: int = 0) -> tuple[Array[Any], Array[Any]]: ...",
             "@overload",
             f"def linspace({lin}*, retstep: Literal[True], dtype: DTypeLike | None = None, axis: int = 0) "
             "-> tuple[Array[Any], Array[Any]]: ...",
             "@overload",
             f"def linspace({lin}retstep: bool = False, dtype: DTypeLike | None = None, axis: int = 0) "
             "-> Array[Any] | tuple[Array[Any], Array[Any]]: ..."]
    body[linspace_start:] = with_keyword(body[linspace_start:], "linspace")
    body += ["def ndim(a: ArrayLike) -> int: ...",
             "def shape(a: ArrayLike) -> tuple[int, ...]: ...",
             "def size(a: ArrayLike) -> int: ...",
             "",
             "# Aliases: the same objects at run time (amax, amin), or the same function under JAX's other name",
             "amax = max",
             "amin = min",
             *(f"{alias} = {name}" for alias, name in {**op_rules.BINARY_ALIASES, **op_rules.UNARY_ALIASES}.items()
               if alias not in _UNARY_ALIASES_FROM_SOURCE),
             "",
             *from_source.private_module_declarations(modules=_from_source(), keeping=_keeping(),
                                                      keeping_gradual=_keeping_gradual(),
                                                      results=_constant_results(cfg),
                                                      declarers=_declarers(cfg, keep, docs, m.shapes))]
    head = [*header,
            '"""arraytyping.numpy: the jax.numpy-style function API."""',
            "",
            "from collections.abc import Callable, Collection, Sequence",
            "from typing import Any, Literal, NamedTuple, Protocol, TypeVar, overload, type_check_only",
            "",
            "import numpy as np",
            "from typing_extensions import Never, TypeAlias",
            "",
            "from arraytyping import (",
            "    Array as Array,",
            "    " + ", ".join(f"{c} as {c}" for c in [*specs.ABSTRACT, *specs.CONCRETE]) + ",",
            "    promote_types as promote_types, result_type as result_type,",
            ")",
            "from arraytyping import (",
            "    " + ", ".join(protocol_names(m)) + ",",
            ")",
            "from arraytyping.typing import ArrayLike, DType, DTypeLike, ShapeLike",
            "from arraytyping import MYPY  # the switch of creation_shapes and each",
            "from arraytyping.numpy import fft as fft",
            "from arraytyping.numpy import linalg as linalg",
            "from arraytyping import finfo as finfo, iinfo as iinfo, isdtype as isdtype, issubdtype as issubdtype",
            "from numpy import can_cast as can_cast, dtype as dtype",
            "from numpy import character as character, flexible as flexible, iterable as iterable, object_ as object_",
            "from numpy import index_exp as index_exp, s_ as s_",
            "from numpy import get_printoptions as get_printoptions, printoptions as printoptions, "
            "set_printoptions as set_printoptions",
            "from numpy.exceptions import ComplexWarning as ComplexWarning",
            "",
            "ndarray = Array",
            *(f"{alias} = {cls}" for alias, cls in SCALAR_ALIASES.items()),
            "e: float",
            "euler_gamma: float",
            "inf: float",
            "nan: float",
            "pi: float",
            "newaxis: None",
            *_array_api_declarations(),
            "def array_repr(arr: ArrayLike, max_line_width: int | None = None, precision: int | None = None, "
            "suppress_small: bool | None = None) -> str: ...",
            "def array_str(a: ArrayLike, max_line_width: int | None = None, precision: int | None = None, "
            "suppress_small: bool | None = None) -> str: ...",
            "def save(file: Any, arr: ArrayLike, allow_pickle: bool = True) -> None: ...",
            *UNIQUE_RESULTS,
            "def savez(file: Any, *args: ArrayLike, allow_pickle: bool = True, **kwds: ArrayLike) -> None: ...",
            *INDEX_TRICKS,
            *_ufunc_declarations(docs),
            "",
            *from_source.emit_all("numpy/__init__.py"),
            "",
            'T = TypeVar("T")',
            'T_co = TypeVar("T_co", covariant=True)',
            'DTypeT = TypeVar("DTypeT", bound=generic)',
            'NumpyScalarT = TypeVar("NumpyScalarT", bound=np.generic)',
            'R = TypeVar("R")',
            *([SHAPE_VAR_DECLARATION, *creation_shapes.DECLARATIONS] if m.shapes else []),
            *keep.declarations(),
            each.declaration(cfg),
            "_PyScalar: TypeAlias = bool | int | float | complex",
            "_NumpyOperand: TypeAlias = np.ndarray[Any, Any] | np.generic",
            "Axis: TypeAlias = int | Sequence[int] | None",
            "",
            # nested lists and tuples, nominally (an Array, a string's characters and a protocol's recursion are no
            # such thing: ty took [[1.0]] and mypy an Array under an outer call's context as nested bools), to the
            # depth of real literals; deeper ones are the gradual catch-all's
            "_NestedSequence: TypeAlias = (Sequence[T] | Sequence[Sequence[T]] | Sequence[Sequence[Sequence[T]]]"
            " | Sequence[Sequence[Sequence[Sequence[T]]]])",
            ""]
    return builtins_bool("\n".join([*head, *body]) + "\n")
