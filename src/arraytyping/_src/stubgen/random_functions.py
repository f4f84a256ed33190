"""``arraytyping.random.permutation`` and ``choice``, declared by their rule (``op_rules.random_elements_result``).

A stub sees neither an array's rank nor the number of draws, so an overload gives a class only where the rule's
answer for an unknown rank and unknown draws is that class:

* a count (a Python ``int``, for ``permutation`` a numpy integer too) gives the default integer: ``arange`` of it;
* an array of a class the rule keeps whatever its rank gives that class, through a type variable bound to those
  classes (``permutation``: every class but the integers, whose 0-d arrays are counts, and the default integer;
  ``choice``: the default integer and the complex classes, since a 0-d array of any other dtype is a count and a
  complex count is refused), and an abstract class or type
  variable whose every member is kept gives itself;
* everything else (a weak array, a Python ``bool`` or ``float``, whose answer differs with no draws) is gradual.


The ``arraytyping.random`` samplers declared by their dtype rule (``op_rules.random_result``): a sampler with a
``dtype`` argument gives that dtype, canonicalized (``normal(key, (3,))`` is ``Array[float32]``, ``dtype=bfloat16``
``Array[bfloat16]``), refuses what JAX refuses (``uniform(key, dtype=int32)``), and one without gives its fixed
dtype (``bernoulli``: ``bool_``, ``categorical``: the default integer)."""

from __future__ import annotations

import ast
from typing import Final

from arraytyping import lattice, op_rules
from arraytyping._src.stubgen import dtype_arguments, specs
from arraytyping._src.stubgen.binary import KeepVars, markers
from arraytyping.lattice import LatticeConfig

__all__ = ["OPERAND", "element_overloads", "sampler_overloads", "typed_sampler"]

OPERAND: Final = op_rules.RANDOM_ELEMENTS
"""The functions declared here, and the parameter holding the array or count each samples from."""

_PY_COUNTS: Final = {"int": ("int", True), "bool": ("bool", False)}
_NUMPY_INTEGERS: Final = tuple(n for n in specs.NUMPY_TYPES if lattice.KIND[n] in ("i", "u"))


def _answer(fn: str, operand: tuple[str, bool], rank: int | None, cfg: LatticeConfig) -> str | None:
    """The class the rule gives for ``rank`` (None: unknown) and unknown draws, or None where it cannot say or JAX
    refuses."""
    try:
        got = op_rules.random_elements_result(fn, operand, rank, None, cfg)
    except TypeError:
        return None
    return None if got is None else specs.static_of(*got)


def _count_annotation(fn: str, cfg: LatticeConfig) -> tuple[str, str] | None:
    """The annotation of the counts (Python and numpy scalars) whose answer is the default integer, and that
    class."""
    count = specs.cls_of(lattice.default_name("i", cfg.x64))
    types = [py for py, operand in _PY_COUNTS.items() if _answer(fn, operand, 0, cfg) == count]
    types += [specs.NUMPY_TYPES[n] for n in _NUMPY_INTEGERS if _answer(fn, (n, False), 0, cfg) == count]
    return (" | ".join(types), count) if types else None


def element_overloads(fn: ast.FunctionDef, cfg: LatticeConfig, keep: KeepVars, doc: str | None) -> list[str]:
    """The overloads of ``fn`` (the runtime's ``permutation`` or ``choice``), ``doc`` on the first: a Python
    ``bool`` (an ``int`` to a checker) gradual where the rule types an ``int`` but not a ``bool``, the counts, the
    kept concrete classes, the kept abstract classes, then the runtime's own signature (gradual)."""
    name, param = fn.name, OPERAND[fn.name]
    forms: list[tuple[str, str]] = []
    counts = _count_annotation(name, cfg)
    if counts is not None:
        if "int" in counts[0].split(" | ") and "bool" not in counts[0].split(" | "):
            forms.append(("bool", "Any"))
        forms.append(counts)
    inhabited = specs.inhabited(cfg)
    concrete = [c for c in inhabited if _answer(name, (specs.node_of(c), False), None, cfg) == c]
    abstract = [a for a in specs.ABSTRACT
                if specs.members(a, cfg) and set(specs.members(a, cfg)) <= set(concrete)]
    for bound in (" | ".join(concrete), markers(abstract)):
        if bound:
            v = keep.var(bound)
            forms.append((f"Array[{v}]", v))
    out = [line for annotation, result in forms
           for line in dtype_arguments.declare(fn, None, result, annotations={param: annotation})]
    out += dtype_arguments.declare(fn, None, "Any")
    return dtype_arguments.with_doc(out, doc)


def typed_sampler(name: str) -> bool:
    """Whether :func:`sampler_overloads` declares ``name``."""
    if name in op_rules.RANDOM_PARAM_PROMOTED:
        return False
    return name in op_rules.RANDOM_DTYPES or op_rules.RANDOM_RESULTS.get(name) in ("bool", "int")


def sampler_overloads(fn: ast.FunctionDef, cfg: LatticeConfig, keep: KeepVars, doc: str | None) -> list[str]:
    """The overloads of the sampler ``fn`` (its runtime definition), ``doc`` on the first (see
    :mod:`.dtype_given`)."""
    name = fn.name
    if name not in op_rules.RANDOM_DTYPES:
        fixed = op_rules.RANDOM_RESULTS[name]
        node = "bool" if fixed == "bool" else lattice.default_name("i", cfg.x64)
        return dtype_arguments.with_doc(dtype_arguments.declare(fn, None, specs.cls_of(node)), doc)
    return dtype_arguments.overloads(fn, cfg, keep, doc, lambda node: op_rules.random_result(name, node, cfg)[0])
