"""The joining functions (``concatenate``/``concat``, ``stack``, ``vstack``, ``hstack``, ``dstack``,
``column_stack``): typed where every
array they join has one dtype, from op_rules' ``shape_result``.

Their result is the join of all the arrays' dtypes, which no overload can compute for a sequence of any length, so
the stubs type what one type variable can say: a tuple of up to :data:`ARITY` arrays of one class (``_Same``, an
invariant protocol: two arrays meet it with one class only when they have one dtype) gives that class where the
rule proves it (:func:`kept_classes`), and one array (joined along its first axis) keeps its own. Lists are not
typed: pyright infers a list written in the call against the parameter's item type, where an ``Array[Any]`` item
takes any class, so ``[x_any, x_f32]`` would be ``Array[float32]`` whatever ``x_any`` holds; a tuple's items keep
their own types, and an overload before the typed ones catches a gradual item at each position. Everything else
(lists, longer tuples, Python scalars, numpy values, two dtypes) is the runtime signature's ``Array[Any]``; with
the mypy plugin every form is exact."""

from __future__ import annotations

import ast
import itertools
from collections.abc import Callable, Sequence
from typing import Final

from arraytyping import op_rules
from arraytyping._src.stubgen import dtype_arguments, specs
from arraytyping._src.stubgen.binary import KeepVars, markers
from arraytyping._src.stubgen.from_source import docline
from arraytyping._src.stubgen.single_rules import operand
from arraytyping.lattice import LatticeConfig

__all__ = ["ARITY", "JOINING", "choose_classes", "declarers", "kept_classes", "select_classes"]

JOINING: Final = ("concatenate", "concat", "stack", "vstack", "hstack", "dstack", "column_stack")
"""op_rules' ``promote`` functions that join a sequence of arrays."""

ARITY: Final = 4
"""The longest tuple of arrays the stubs type (each length is one tuple type in the parameter's union)."""

Answer = Callable[[Sequence[tuple[str, bool]]], tuple[str, bool]]
"""A function's result ``(dtype name, weak)`` for its arrays' ``(dtype name, weak)``; raises what op_rules raises
where JAX refuses."""


def _static(answer: Answer, operands: Sequence[tuple[str, bool]]) -> str | None:
    try:
        return specs.static_of(*answer(operands))
    except specs.REJECTIONS:
        return None


def kept_classes(cfg: LatticeConfig, answer: Answer, n: int = 2) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The classes whose ``n`` arrays ``answer`` gives that class again: the concrete classes an array can have in
    ``cfg`` and the weak ones (``Array[float]``), each with ``n`` arrays of itself; and the abstract classes every
    inhabited member of which keeps itself and any ``n`` of whose members give a member (or are refused), so that
    ``Array[floating]`` and a type variable bound to ``floating`` keep their class."""
    concrete = tuple(c for c in (*specs.inhabited(cfg), *specs.WEAK)
                     if _static(answer, [operand(c, cfg)] * n) == c)
    abstract: list[str] = []
    for a in specs.ABSTRACT:
        members = specs.members(a, cfg)
        if not members or any(c not in concrete for c in members):
            continue
        results = {_static(answer, [operand(c, cfg) for c in combo])
                   for combo in itertools.product(members, repeat=n)}
        if results <= {*members, None}:
            abstract.append(a)
    return concrete, tuple(abstract)


def _tuples(item: str) -> str:
    """Tuples of one to :data:`ARITY` items of annotation ``item``."""
    return " | ".join(f"tuple[{', '.join([item] * k)}]" for k in range(1, ARITY + 1))


GRADUAL_ITEM: Final = " | ".join(f"tuple[{', '.join(['Any'] * i + ['Array[Never]'])}, *tuple[Any, ...]]"
                                 for i in range(ARITY))
"""A tuple with an ``Array[Any]`` at one of the positions the typed overloads take (``Array[Never]`` takes only
a gradual array): gradual, before a typed overload would solve its type variable from the other items."""


def _forms(param: str, classes: tuple[tuple[str, ...], tuple[str, ...]], keep: KeepVars, item: str,
           **more: str) -> list[tuple[dict[str, str], str]]:
    """The overload forms of a function joining the tuple ``param``: gradual tuples first, then for the concrete
    and the abstract ``classes`` kept, ``param`` annotated ``item`` (a format of the bound's type variable ``{v}``)
    and the ``more`` parameters as given, returning that variable; the source's signature last."""
    forms: list[tuple[dict[str, str], str]] = [({param: GRADUAL_ITEM}, "Any")]
    for bound in (" | ".join(classes[0]), markers(classes[1])):
        if bound:
            v = keep.var(bound)
            forms.append(({param: item.format(v=v), **more}, v))
    return [*forms, ({}, "Any")]


def _overloads(fn: ast.FunctionDef, forms: list[tuple[dict[str, str], str]]) -> list[str]:
    return dtype_arguments.with_doc([line for annotations, r in forms
                                 for line in dtype_arguments.declare(fn, None, r, annotations=annotations)], docline(fn))


def _declare(fn: ast.FunctionDef, cfg: LatticeConfig, keep: KeepVars) -> list[str]:
    """``fn`` (a :data:`JOINING` function's runtime definition): by its ``dtype`` where it takes one, then the
    gradual tuples, tuples of one class and one array, and its own signature."""
    param = [*fn.args.posonlyargs, *fn.args.args][0].arg
    answer: Answer = lambda operands: op_rules.shape_result(fn.name, operands, cfg)
    forms = _forms(param, kept_classes(cfg, answer), keep, f"{_tuples('_Same[{v}]')} | Array[{{v}}]")
    if any(p.arg == "dtype" for p in [*fn.args.args, *fn.args.kwonlyargs]):
        return dtype_arguments.overloads(fn, cfg, keep, docline(fn),
                                     lambda node: op_rules.shape_result(fn.name, [("float32", False)], cfg, node)[0],
                                     no_dtype=forms)
    return _overloads(fn, forms)


_DEFAULTS: Final = (("int", True), ("bool", False))
"""The ``default`` values of ``select`` its typed overloads take (annotated ``int``): a Python int or bool, or none
(``0``)."""


def select_classes(cfg: LatticeConfig) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """:func:`kept_classes` of ``select``: the classes whose choices give that class again with every default of
    :data:`_DEFAULTS`."""
    def with_default(d: tuple[str, bool]) -> Answer:
        return lambda operands: op_rules.shape_result("select", [*operands, d], cfg)
    kept = [kept_classes(cfg, with_default(d)) for d in _DEFAULTS]
    concrete, abstract = kept[0]
    return (tuple(c for c in concrete if all(c in k[0] for k in kept)),
            tuple(a for a in abstract if all(a in k[1] for k in kept)))


def _declare_select(fn: ast.FunctionDef, cfg: LatticeConfig, keep: KeepVars) -> list[str]:
    """``select`` (its runtime definition): the join of its choices and default, typed for a tuple of up to
    :data:`ARITY` choices of one class whose join with any Python int or bool default is that class again (not
    ``bool``, which a Python int makes a weak int), after the gradual tuples; its own signature last."""
    return _overloads(fn, _forms("choicelist", select_classes(cfg), keep, _tuples("_Same[{v}]"), default="int"))


def choose_classes(cfg: LatticeConfig) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """:func:`kept_classes` of ``choose`` (op_rules' ``choose_result``, by an integer index): the join of the
    choices is canonicalized and strong, so no weak class is kept."""
    return kept_classes(cfg, lambda operands: op_rules.choose_result(("int32", False), operands, cfg))


def _declare_choose(fn: ast.FunctionDef, cfg: LatticeConfig, keep: KeepVars) -> list[str]:
    """``choose`` (its runtime definition): the join of its choices, typed for a tuple of up to :data:`ARITY`
    choices of one class, or one array of choices (its rows), of a class :func:`choose_classes` keeps, after the
    gradual tuples; its own signature last."""
    return _overloads(fn, _forms("choices", choose_classes(cfg), keep, f"{_tuples('_Same[{v}]')} | Array[{{v}}]"))


def declarers(cfg: LatticeConfig, keep: KeepVars) -> dict[str, Callable[[ast.FunctionDef], list[str]]]:
    """The declarers of :data:`JOINING`, ``select`` and ``choose`` for ``from_source.private_module_declarations``."""
    return {**{fn: lambda f: _declare(f, cfg, keep) for fn in JOINING},
            "select": lambda f: _declare_select(f, cfg, keep), "choose": lambda f: _declare_choose(f, cfg, keep)}
