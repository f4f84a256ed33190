"""The ``arraytyping.random`` samplers declared by their dtype rule (``op_rules.random_result``): a sampler with a
``dtype`` argument gives that dtype, canonicalized (``normal(key, (3,))`` is ``Array[float32]``, ``dtype=bfloat16``
``Array[bfloat16]``), refuses what JAX refuses (``uniform(key, dtype=int32)``), and one without gives its fixed
dtype (``bernoulli``: ``bool_``, ``categorical``: the default integer)."""

from __future__ import annotations

import ast
import copy

from arraytyping import lattice, op_rules
from arraytyping._src.stubgen import dtype_args, specs
from arraytyping._src.stubgen.binary import KeepVars
from arraytyping._src.stubgen.from_source import stub_function
from arraytyping.lattice import LatticeConfig

__all__ = ["sampler_overloads", "typed_sampler"]


def typed_sampler(name: str) -> bool:
    """Whether :func:`sampler_overloads` declares ``name``."""
    return name in op_rules.RANDOM_DTYPES or op_rules.RANDOM_RESULTS.get(name) in ("bool", "int")


def sampler_overloads(fn: ast.FunctionDef, cfg: LatticeConfig, keep: KeepVars, doc: str | None) -> list[str]:
    """The overloads of the sampler ``fn`` (its runtime definition), ``doc`` on the first; a dtype class it takes
    as it is (``bfloat16``, ``x.dtype`` of an ``Array[bfloat16]``) through a type variable bound to those classes
    (from ``keep``)."""
    name = fn.name
    if name not in op_rules.RANDOM_DTYPES:
        fixed = op_rules.RANDOM_RESULTS[name]
        node = "bool" if fixed == "bool" else lattice.default_name("i", cfg.x64)
        return _with_doc(_declare(fn, None, specs.cls_of(node)), doc)

    kept = [cls for cls in specs.CONCRETE if specs.canonical_cls(cls, cfg) == cls and _takes(name, cls, cfg)]
    var = keep.var(" | ".join(kept))

    def result(cls: str) -> str:
        if cls == "_S":  # a dtype class: itself where the sampler takes it (the bound), else the DTypeLike catcher
            return var
        if cls == "Any":
            return "Any"
        try:
            out, _ = op_rules.random_result(name, specs.node_of(cls), cfg)
        except (TypeError, ValueError):
            return ""  # refused: no overload takes it
        return specs.cls_of(out)

    out: list[str] = []
    for spec, r in dtype_args.dtype_specs(cfg, result):
        out += _dtype_given(fn, spec.replace("_S", var) if r == var else spec, r)
    default, _ = op_rules.random_result(name, None, cfg)
    out += _declare(fn, "None", specs.cls_of(default))
    return _with_doc(out, doc)


def _takes(name: str, cls: str, cfg: LatticeConfig) -> bool:
    """Whether the sampler ``name`` gives an array of the canonical class ``cls`` for ``dtype=cls``."""
    try:
        return op_rules.random_result(name, specs.node_of(cls), cfg)[0] == specs.node_of(cls)
    except (TypeError, ValueError):
        return False


def _dtype_given(fn: ast.FunctionDef, spec: str, r: str) -> list[str]:
    """Two overloads taking ``dtype: spec`` (required): positionally (every parameter before it required too) and
    by keyword."""
    a = fn.args
    i = [p.arg for p in a.args].index("dtype")
    defaults = [None] * (len(a.args) - len(a.defaults)) + list(a.defaults)
    positional = copy.deepcopy(fn)
    positional.args.defaults = [d for j, d in enumerate(defaults) if j > i and d is not None]
    keyword = copy.deepcopy(fn)  # dtype and the parameters after it keyword-only, in order (positions unchanged)
    k = keyword.args
    moved, moved_defaults = k.args[i:], [None, *defaults[i + 1:]]
    k.args, k.defaults = k.args[:i], [d for d in defaults[:i] if d is not None]
    k.kwonlyargs, k.kw_defaults = [*moved, *k.kwonlyargs], [*moved_defaults, *k.kw_defaults]
    out: list[str] = []
    for variant in (positional, keyword):
        _annotate(variant, "dtype", spec)
        out += _declare(variant, None, r)
    return out


def _annotate(fn: ast.FunctionDef, param: str, annotation: str) -> None:
    for p in [*fn.args.args, *fn.args.kwonlyargs]:
        if p.arg == param:
            p.annotation = ast.parse(annotation, mode="eval").body


def _declare(fn: ast.FunctionDef, dtype: str | None, result: str) -> list[str]:
    """``fn`` as one ``@overload`` returning ``Array[result]`` (its ``dtype`` annotated ``dtype`` when given)."""
    variant = copy.deepcopy(fn)
    if dtype is not None:
        _annotate(variant, "dtype", dtype)
    variant.returns = ast.parse(f"Array[{result}]", mode="eval").body
    variant.decorator_list = [ast.Name("overload")]
    return [f"{line} ..." if line.endswith(":") else line for line in stub_function(variant, with_doc=False)]


def _with_doc(lines: list[str], doc: str | None) -> list[str]:
    if not doc:
        return lines
    return [lines[0], lines[1].removesuffix(" ..."), f"    {doc}", "    ...", *lines[2:]]
