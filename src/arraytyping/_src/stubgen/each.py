"""The stubs of the functions that give each array operand back in a list, broadcast or laid on a grid:
``broadcast_arrays`` (op_rules' ``SHAPE``: ``same``) and ``meshgrid`` (``CREATION``: ``same``); the plugin's
counterpart is :mod:`arraytyping_mypy._each`.

Each item keeps its own operand's dtype and weak flag, and a list has one item type: the answer is ``list[Array[K]]``
where every operand is of one class ``K``, else ``list[Array[Any]]``. A type variable over the operands would be
solved to their union in pyright (``list[Array[float32 | int32]]``, whose items a later operation would meet as if
JAX had put both dtypes together), so the variable is *constrained* to the classes the rule keeps: every checker
picks one constraint for all operands or none, and the last overload takes the rest. ``Array[Any]`` matches any
constraint (pyright would take the first operand's for all), so an operand that is ``Any`` is caught first by an
``Array[Never]`` overload at its position; this is why the constrained overloads have a fixed number of operands
(:data:`ARITY`; more go to the last overload).

The overloads are for pyright and ty, under ``if not MYPY:`` (as :mod:`.creation_shapes`' are); mypy and pyrefly,
which read ``MYPY`` as true, get the runtime's one signature (``list[Array[Any]]``): mypy solves a constrained
variable by joining the operands' classes first, which takes it minutes for two dtypes (the README's join row); the
plugin answers exactly."""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Final

from arraytyping import lattice, op_rules
from arraytyping.lattice import LatticeConfig
from arraytyping._src.stubgen import from_source, specs

__all__ = ["ARITY", "PROMOTED", "RULES", "VAR", "declaration", "declarers", "kept_classes"]

RULES: Final[Mapping[str, Callable[[str, list[tuple[str, bool]], LatticeConfig], tuple[str, bool]]]] = \
    MappingProxyType({
        "broadcast_arrays": lambda fn, ops, cfg: op_rules.shape_result(fn, ops, cfg),
        "meshgrid": lambda fn, ops, cfg: op_rules.creation_result(fn, ops, cfg),
    })
"""The functions, each with its rule for one operand's item."""
VAR: Final = "_Each"
"""The constrained type variable the stub declares (:func:`declaration`)."""
ARITY: Final = 3
"""The most operands the constrained overloads take (``meshgrid(x, y, z)``)."""


PROMOTED: Final = frozenset({"float", "complex"})
"""The weak classes that are no constraint: the typing spec's promotions make ``Array[int]`` an ``Array[float]``
and both an ``Array[complex]`` in every checker, so ``broadcast_arrays(x_int, x_float)`` would match the ``float``
constraint and type the weak int item as a weak float."""


def kept_classes(cfg: LatticeConfig) -> tuple[str, ...]:
    """The static classes (the weak ``int`` first, then the concrete ones in the lattice's order) whose operands
    every function of :data:`RULES` gives back as items of that same class and weak flag in ``cfg``: the
    constraints of :data:`VAR` (not the weak classes of :data:`PROMOTED`, which another constraint is assignable
    to)."""
    out: list[str] = []
    for node in (*(w for w in lattice.WEAK_NAMES if w not in PROMOTED), *lattice.DTYPE_NAMES):
        weak = node in lattice.WEAK_NAMES
        own = specs.static_of(node, weak)
        try:
            if all(specs.static_of(*rule(fn, [(node, weak)], cfg)) == own for fn, rule in RULES.items()):
                out.append(own)
        except specs.REJECTIONS:
            continue
    return tuple(out)


def declaration(cfg: LatticeConfig) -> str:
    return f'{VAR} = TypeVar("{VAR}", {", ".join(kept_classes(cfg))})'


def _overloads(f: ast.FunctionDef) -> list[str]:
    """``f`` (``def fn(*xs: ArrayLike, <keyword-only>) -> list[Array]``) as the overloads the module docstring
    describes; the source's own declaration is the last."""
    if f.args.vararg is None or f.args.args or f.args.posonlyargs:
        raise ValueError(f"stub generator: {f.name} is not declared as fn(*operands, ...): cannot type its items")
    rest = from_source.rest_of(f, skip=0).removeprefix(", ")
    rest = rest.split(", ", 1)[1] if rest.startswith("*") and ", " in rest else ""  # the keyword-only parameters
    tail = f", {rest}" if rest else ""  # after the starred operands
    fixed_tail = f", *, {rest}" if rest else ""  # after a fixed number of operands
    out: list[str] = []
    doc = from_source.docline(f)
    for i in range(ARITY):
        params = [*(f"x{j}: ArrayLike" for j in range(i)), f"x{i}: Array[Never]"]
        out += ["@overload", f"def {f.name}({', '.join(params)}, /, *{f.args.vararg.arg}: ArrayLike{tail})"
                             f" -> list[Array[Any]]:" + ("" if i == 0 and doc else " ...")]
        if i == 0 and doc:
            out += [f"    {doc}", "    ..."]
    for n in range(1, ARITY + 1):
        params = [f"x{j}: Array[{VAR}]" for j in range(n)]
        out += ["@overload", f"def {f.name}({', '.join(params)}, /{fixed_tail}) -> list[Array[{VAR}]]: ..."]
    # after the branch, the runtime's signature as two overloads (mypy refuses one alone): none or some operands
    vararg = f.args.vararg.arg
    gradual = from_source.stub_function(f, with_doc=False)[-1]
    none = gradual.replace(f"*{vararg}: ArrayLike, ", "*, ").replace(f"*{vararg}: ArrayLike", "")
    some = gradual.replace(f"*{vararg}: ArrayLike", f"x0: ArrayLike, /, *{vararg}: ArrayLike")
    if doc:  # what mypy's and pyrefly's hovers show
        none = none.removesuffix(" ...") + f"\n    {doc}\n    ..."
    return ["if not MYPY:", *(f"    {line}" for line in out), "@overload", none, "@overload", some]


def declarers() -> dict[str, Callable[[ast.FunctionDef], list[str]]]:
    """The stub generator's declarers of the functions of :data:`RULES`."""
    return {fn: _overloads for fn in RULES}
