"""Overloads keyed on a dtype argument (``astype``, ``dtype=`` of creation functions and reductions).

A dtype argument names one dtype, which the result takes canonicalized for the configuration (with x64 off,
``float64`` is ``float32``; a Python type is its kind's default dtype), strongly typed. It may be a scalar class
(``anp.float32``), a Python type, a numpy type or ``np.dtype``, an array's own ``x.dtype`` (``DType[T]``, so that
``y.astype(x.dtype)`` is ``Array[T]``), or a string from the closed set of spellings JAX takes
(:data:`arraytyping.lattice.DTYPE_SPELLINGS`): any other string is refused.


Functions declared by the rule of their ``dtype`` argument: each dtype spelling the rule takes gives its answer
(``normal(key, (3,), dtype=bfloat16)`` is ``Array[bfloat16]``, ``fftfreq(8, dtype=float64)`` is ``Array[float32]``
with x64 off), a spelling it refuses has no overload (``uniform(key, dtype=int32)``), and no ``dtype`` gives the
rule's default."""

from __future__ import annotations

import ast
import copy
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from arraytyping import lattice
from arraytyping._src.stubgen import specs
from arraytyping._src.stubgen.binary import KeepVars
from arraytyping._src.stubgen.from_source import stub_function
from arraytyping.lattice import LatticeConfig

__all__ = ["DtypeSpec", "NoDtype", "declare", "dtype_specs", "overloads", "spelling_literal", "with_doc"]


@dataclass(frozen=True)
class DtypeSpec:
    """One overload's dtype annotation and the dtype it names: a dtype name, a weak node (``int``: its kind's
    default), or None for a type variable's or an unknown dtype (the result annotation is then ``result``)."""

    annotation: str
    node: str | None
    result: str

    def canonical(self, cfg: LatticeConfig) -> str:
        """The result's static class in ``cfg``."""
        if self.node is None:
            return self.result
        name = lattice.default_name(lattice.KIND[self.node], True) if self.node in lattice.WEAK_NAMES else self.node
        return specs.cls_of(lattice.canonical_name(name, cfg.x64))


def spelling_literal(names: list[str]) -> str:
    return "Literal[" + ", ".join(repr(s) for s in names) + "]"


def dtype_specs(cfg: LatticeConfig, result: Callable[[str], str] = lambda r: r) -> list[tuple[str, str]]:
    """``(dtype annotation, result dtype annotation)`` of every dtype argument overload, in order: the ``Any``
    catchers first, then non-canonical classes before ``type[DTypeT]`` (which would otherwise take them), and a
    gradual ``DTypeLike`` last. ``result`` maps the static class (for rules that refuse one, e.g. ``mean`` in bool,
    it may return ``""`` to leave the spec out)."""
    out: list[DtypeSpec] = [DtypeSpec("type[Never] | np.dtype[Never] | DType[Never]", None, "Any")]
    for node in lattice.DTYPE_NAMES:
        cls = specs.cls_of(node)
        if specs.canonical_cls(cls, cfg) != cls:
            out.append(DtypeSpec(f"type[{cls}] | DType[{cls}]", node, ""))
    out.append(DtypeSpec("type[DTypeT] | DType[DTypeT]", None, "DTypeT"))
    out.append(DtypeSpec("type[bool] | DType[bool]", lattice.BOOL, ""))
    for weak in lattice.WEAK_NAMES:
        out.append(DtypeSpec(f"type[{weak}] | DType[{weak}]", weak, ""))
    for node, np_type in specs.NUMPY_TYPES.items():
        out.append(DtypeSpec(f"type[{np_type}] | np.dtype[{np_type}]", node, ""))
    by_dtype: dict[str, list[str]] = {}
    for spelling, node in lattice.DTYPE_SPELLINGS.items():
        by_dtype.setdefault(node, []).append(spelling)
    for node in lattice.DTYPE_NAMES:
        if node in by_dtype:
            out.append(DtypeSpec(spelling_literal(by_dtype[node]), node, ""))
    out.append(DtypeSpec("DTypeLike", None, "Any"))
    pairs = [(d.annotation, result(d.canonical(cfg))) for d in out]
    return _merged([(a, r) for a, r in pairs if r])


def astype_specs(cfg: LatticeConfig) -> list[tuple[str, str]]:
    """:func:`dtype_specs` for ``astype``, whose ``dtype=None`` is the default float dtype (numpy's reading, as
    JAX's): ``None`` joins ``type[float]``'s overload."""
    return [(f"{spec} | None" if spec.startswith("type[float] ") else spec, r) for spec, r in dtype_specs(cfg)]


_PYTHON_TYPES: Final = frozenset(f"type[{t}]" for t in ("bool", "int", "float", "complex"))


def _merged(pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """One overload per result: every way of naming the dtypes that give it (classes, numpy types, spellings) in
    one annotation, where its first member stood. Fewer overloads keep hovers and signature help short (pyright
    lists them all). The gradual catchers (``Any``), the generic ``DTypeT`` and the Python types stay as they are:
    ``bool`` is an ``int``, so ``type[int]`` must not move before ``type[bool]``. No merged member overlaps an
    overload it moves before (dtype classes, numpy types and string literals are disjoint; numpy's ``float64``
    subclasses ``float``, whose result it shares)."""
    out: list[list[str]] = []
    where: dict[str, int] = {}
    for annotation, r in pairs:
        if r in ("Any", "DTypeT") or annotation.split(" | ")[0] in _PYTHON_TYPES:
            out.append([annotation, r])
        elif r in where:
            out[where[r]][0] += f" | {annotation}"
        else:
            where[r] = len(out)
            out.append([annotation, r])
    return [(a, r) for a, r in out]


DtypeRule = Callable[[str | None], str]
"""The result dtype name for a ``dtype`` argument's dtype name (``None``: none given); raises ``TypeError`` or
``ValueError`` for one the function refuses."""


NoDtype = Sequence[tuple[Mapping[str, str], str]]
"""The overloads without a ``dtype`` where the rule's default depends on other arguments: each the annotations of
those parameters (``{"start": "float", "stop": "float"}``) and the result class, the last one gradual as a rule."""


def overloads(fn: ast.FunctionDef, cfg: LatticeConfig, keep: KeepVars, doc: str | None, rule: DtypeRule, *,
              param: str = "dtype", no_dtype: NoDtype | None = None) -> list[str]:
    """The overloads of ``fn`` (its runtime definition, with a dtype parameter ``param``), ``doc`` on the first; a
    dtype class the rule keeps as it is (``bfloat16``, ``x.dtype`` of an ``Array[bfloat16]``) through a type
    variable bound to those classes (from ``keep``). A required ``param`` (``lax.iota(dtype, size)``) has no
    overload for ``None``; a defaulted one, ``rule(None)``'s, or those of ``no_dtype`` where given."""
    kept = [cls for cls in specs.CONCRETE if specs.canonical_cls(cls, cfg) == cls and _keeps(rule, cls)]
    var = keep.var(" | ".join(kept))

    def result(cls: str) -> str:
        if cls == "DTypeT":  # a dtype class: itself where the rule keeps it (the bound), else the DTypeLike catcher
            return var
        if cls == "Any":
            return "Any"
        try:
            return specs.cls_of(rule(specs.node_of(cls)))
        except (TypeError, ValueError):
            return ""  # refused: no overload takes it

    out: list[str] = []
    for spec, r in dtype_specs(cfg, result):
        out += _dtype_given(fn, spec.replace("DTypeT", var) if r == var else spec, r, param)
    if _has_default(fn, param) and no_dtype is None:
        out += declare(fn, "None", specs.cls_of(rule(None)), param)
    for annotations, r in no_dtype or ():
        out += declare(fn, "None", r, param, annotations)
    return with_doc(out, doc)


def _keeps(rule: DtypeRule, cls: str) -> bool:
    """Whether ``rule`` gives the canonical class ``cls`` for ``dtype=cls``."""
    try:
        return rule(specs.node_of(cls)) == specs.node_of(cls)
    except (TypeError, ValueError):
        return False


def _has_default(fn: ast.FunctionDef, param: str) -> bool:
    a = fn.args
    positional = [p.arg for p in a.args]
    if param in positional:
        return positional.index(param) >= len(positional) - len(a.defaults)
    return any(p.arg == param and d is not None for p, d in zip(a.kwonlyargs, a.kw_defaults))


def _dtype_given(fn: ast.FunctionDef, spec: str, r: str, param: str) -> list[str]:
    """The overloads taking ``param: spec`` (required): positionally (every parameter before it required too) and
    by keyword; only by keyword where ``param`` is keyword-only; one overload where it is required already."""
    a = fn.args
    names = [p.arg for p in a.args]
    if param not in names:
        keyword_only = copy.deepcopy(fn)
        keyword_only.args.kw_defaults = [None if p.arg == param else d
                                         for p, d in zip(a.kwonlyargs, a.kw_defaults)]
        return declare(keyword_only, spec, r, param)
    if not _has_default(fn, param):
        return declare(fn, spec, r, param)
    i = names.index(param)
    defaults = [None] * (len(a.args) - len(a.defaults)) + list(a.defaults)
    positional = copy.deepcopy(fn)
    positional.args.defaults = [d for j, d in enumerate(defaults) if j > i and d is not None]
    keyword = copy.deepcopy(fn)  # dtype and the parameters after it keyword-only, in order (positions unchanged)
    k = keyword.args
    moved, moved_defaults = k.args[i:], [None, *defaults[i + 1:]]
    k.args, k.defaults = k.args[:i], [d for d in defaults[:i] if d is not None]
    k.kwonlyargs, k.kw_defaults = [*moved, *k.kwonlyargs], [*moved_defaults, *k.kw_defaults]
    return [line for variant in (positional, keyword) for line in declare(variant, spec, r, param)]


def _annotate(fn: ast.FunctionDef, param: str, annotation: str) -> None:
    """Annotate ``fn``'s parameter ``param`` (of any kind); a name ``fn`` does not have is the generator's mistake
    (an overload left with its source annotation would return an unsolved type variable)."""
    for p in [*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs]:
        if p.arg == param:
            p.annotation = ast.parse(annotation, mode="eval").body
            return
    raise ValueError(f"{fn.name} has no parameter {param!r} to annotate")


def declare(fn: ast.FunctionDef, dtype: str | None, result: str, param: str = "dtype",
            annotations: Mapping[str, str] = MappingProxyType({})) -> list[str]:
    """``fn`` as one ``@overload`` returning ``Array[result]`` (its dtype parameter ``param`` annotated ``dtype``
    when given, the parameters of ``annotations`` as it says)."""
    variant = copy.deepcopy(fn)
    if dtype is not None:
        _annotate(variant, param, dtype)
    for name, annotation in annotations.items():
        _annotate(variant, name, annotation)
    variant.returns = ast.parse(f"Array[{result}]", mode="eval").body
    variant.decorator_list = [ast.Name("overload")]
    return [f"{line} ..." if line.endswith(":") else line for line in stub_function(variant, with_doc=False)]


def with_doc(lines: list[str], doc: str | None) -> list[str]:
    """``lines`` (overloads) with ``doc`` as the first one's docstring, for hovers."""
    if not doc:
        return lines
    return [lines[0], lines[1].removesuffix(" ..."), f"    {doc}", "    ...", *lines[2:]]
