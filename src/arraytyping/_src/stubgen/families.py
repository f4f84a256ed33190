"""Stub families: the binary operations that share one table of answers, and how the stubs encode that table.

Operations with identical tables share a family (``+``, ``*``, ``maximum`` ...); one whose table is a family's with
every Python-scalar pair refused (``matmul`` beside ``dot``) shares it *arrays only*; the comparisons take exactly
the pairs ``add`` takes and answer ``bool_``, so they share ``add``'s family with a *fixed result*.

A family's table is carried by the scalar classes, so that ``Array``'s operators need a few dozen overloads
whatever the number of dtypes:

* strong with strong: the right operand's class ``S`` implements ``__at_<f>_up__(x: <lefts T with T op S == T>)``
  and, per group of other results ``R``, ``__at_<f>_r<i>__(x: <lefts giving R>) -> R``; protocols ``_<F>Up[T]`` and
  ``_<F>R<i>[T, R]`` ask for them;
* strong with a weak operand (a Python scalar, a weak array) on a given side: each class implements
  ``__at_<f>_w<k>__() -> R``, one method per *slot* ``k`` (operand kinds and sides with the same answers for every
  class share a slot); protocols ``_<F>W<k>[R]``;
* strong with a numpy operand (a numpy scalar or array of one dtype, strongly typed as in JAX) on a given side:
  the same, with a slot per numpy dtype and side (mypy erases a protocol's type variables to their bounds when it
  filters overloads by ``self``, so the numpy type cannot be a type variable of the protocol); the classes derive
  from the slot protocols they implement (mypy's filter by ``self`` sees a protocol only as a nominal base);
* generic code: an abstract class ``C`` (or a type variable bound to it) keeps its dtype through an operation when
  every inhabited dtype of ``C`` gives itself back with itself (or with a weak operand kind) and ``C`` is closed under
  the operation, so ``Array[T] op Array[T]`` is ``Array[T]``; the classes mark themselves ``__at_is_<C>__`` (true
  for ``C`` alone), and the keep overloads ask for one marker per set of classes (:mod:`.marker_sets`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Literal, TypeAlias

from arraytyping import op_rules
from arraytyping._src.stubgen import specs
from arraytyping._src.stubgen.specs import Spec
from arraytyping.lattice import LatticeConfig

__all__ = ["FUNCTIONS_AS", "Family", "Model", "OPERATORS", "COMPARISONS", "NUMPY_BINARY", "Side", "WEAK_ORDER",
           "check_function_as"]

OPERATORS: Final[Mapping[str, str]] = {
    "add": "add", "sub": "subtract", "mul": "multiply", "truediv": "true_divide", "floordiv": "floor_divide",
    "mod": "remainder", "pow": "power", "matmul": "matmul", "and": "bitwise_and", "or": "bitwise_or",
    "xor": "bitwise_xor", "lshift": "left_shift", "rshift": "right_shift",
    "lt": "less", "le": "less_equal", "gt": "greater", "ge": "greater_equal", "eq": "equal", "ne": "not_equal",
}
"""``Array`` dunders (without underscores) and the ``op_rules`` operation each is. ``@`` is ``matmul``."""
COMPARISONS: Final[frozenset[str]] = frozenset({"lt", "le", "gt", "ge", "eq", "ne"})
NUMPY_BINARY: Final[Mapping[str, str]] = {**{op: op for op in op_rules.BINARY_OPS}, "mod": "remainder"}
"""``arraytyping.numpy``'s binary functions and the ``op_rules`` operation each is."""

FUNCTIONS_AS: Final[Mapping[str, str]] = {"fmod": "floor_divide", "fmax": "maximum", "fmin": "minimum",
                                          "arctan2": "true_divide", "float_power": "true_divide",
                                          "nextafter": "true_divide", "vdot": "dot", "inner": "multiply",
                                          "tensordot": "dot", "outer": "multiply", "kron": "subtract",
                                          "einsum": "multiply", "vecdot": "dot", "matvec": "dot",
                                          "vecmat": "dot"}
"""``op_rules.BINARY_FUNCTIONS`` and products of two operands (``op_rules.CONTRACTION``) declared with an
operation's overloads: where the function takes a pair, the operation gives it the function's dtype (``fmax`` is
``maximum``'s table, ``vdot`` ``dot``'s, ``kron`` ``subtract``'s: the join, bool refused; ``inner`` (``dot``'s
answers, and ``multiply``'s for a 0-d operand) and ``einsum`` of two operands ``multiply``'s: the join, bool
included; ``arctan2`` refuses 88
pairs that ``true_divide`` takes, ``nextafter`` its integers too: refusals the stubs miss).
:func:`check_function_as` proves it for each configuration at generation. The others (``hypot``, ``copysign``,
``gcd``, ``cross``...) have no such operation: ``stubgen.corrected_functions`` corrects one."""


def check_function_as(cfg: LatticeConfig) -> None:
    """Raise ``ValueError`` unless each :data:`FUNCTIONS_AS` operation answers the function's dtype on every pair
    of operand specs the function takes (``op_rules.binary_result`` of both)."""
    for fn, op in FUNCTIONS_AS.items():
        mine, theirs = specs.exact_table(fn, cfg), specs.exact_table(op, cfg)
        wrong = [pair for pair, r in mine.items() if r is not None and theirs[pair] != r]
        if wrong:
            a, b = wrong[0]
            raise ValueError(f"{fn}({a}, {b}) is {mine[a, b]}, but {op}'s overloads answer {theirs[a, b]} "
                             f"({len(wrong)} pairs in {cfg})")

WEAK_ORDER: Final[tuple[Spec, ...]] = (Spec("py", "bool"), Spec("py", "int"), Spec("warr", "int"),
                                       Spec("py", "float"), Spec("warr", "float"), Spec("py", "complex"),
                                       Spec("warr", "complex"))
"""The weak operand kinds in overload order: narrow before wide, so that the first match is the exact one."""
NP_ORDER: Final[tuple[Spec, ...]] = tuple(Spec("np", n) for n in specs.NUMPY_TYPES)
"""The numpy operand kinds; their overloads come before the Python scalars' (``np.float64`` subclasses ``float``)."""
Side: TypeAlias = Literal["L", "R"]
"""Which side the *other* operand is on: ``L``, it is the left one (``w op S``); ``R``, the right one."""

_NAMES: Final[Mapping[str, str]] = {
    "add": "add", "subtract": "sub", "multiply": "mul", "true_divide": "div", "floor_divide": "floordiv",
    "remainder": "mod", "power": "pow", "bitwise_and": "bit", "left_shift": "shift", "less": "cmp", "dot": "dot",
    "matmul": "matmul"}


@dataclass
class Family:
    """One table of answers and the protocol machinery that encodes it."""

    name: str
    table: Mapping[tuple[Spec, Spec], str | None]
    cfg: LatticeConfig
    up: dict[str, list[str]] = field(default_factory=dict[str, list[str]])
    """Right class S -> the left classes T with ``T op S == T``."""
    rules: dict[str, list[tuple[str, list[str]]]] = field(default_factory=dict[str, list[tuple[str, list[str]]]])
    """Right class S -> ``[(R, [left classes T with T op S == R])]``, largest group first."""
    slots: list[tuple[str | None, ...]] = field(default_factory=list[tuple[str | None, ...]])
    """Slot k -> the result (or None) of each concrete class with the slot's weak or numpy operand kinds."""
    slot_of: dict[tuple[Spec, Side], int] = field(default_factory=dict[tuple[Spec, Side], int])

    def __post_init__(self) -> None:
        t = self.table
        for s in specs.CONCRETE:
            rs = Spec("arr", specs.node_of(s))
            up: list[str] = []
            by_result: dict[str, list[str]] = {}
            for x in specs.CONCRETE:
                r = t[Spec("arr", specs.node_of(x)), rs]
                if r is None:
                    continue
                (up if r == x else by_result.setdefault(r, [])).append(x)
            self.up[s] = up
            self.rules[s] = sorted(by_result.items(), key=lambda kv: -len(kv[1]))
        for w in WEAK_ORDER + NP_ORDER:
            for side in ("L", "R"):
                vec = tuple(t[w, Spec("arr", specs.node_of(s))] if side == "L" else t[Spec("arr", specs.node_of(s)), w]
                            for s in specs.CONCRETE)
                if vec not in self.slots:
                    self.slots.append(vec)
                self.slot_of[w, side] = self.slots.index(vec)

    @property
    def cap(self) -> str:
        return self.name.capitalize()

    @property
    def n_rules(self) -> int:
        return max(len(r) for r in self.rules.values())

    def result(self, a: Spec, b: Spec) -> str | None:
        return self.table[a, b]

    # -- generic code: which abstract classes keep their dtype, which fallbacks are safe

    def keeps(self, abstract: str, other: Spec | None, side: Side = "R") -> bool:
        """Whether ``Array[C] op Array[C]`` (``other`` None) or ``Array[C] op <other>`` (``other`` on ``side``) may
        be typed ``Array[C]``, and ``Array[T]`` for a type variable ``T`` bound to ``C``: every inhabited dtype of
        ``C`` gives itself back (with itself, or with ``other``), and, for two arrays, every pair of them gives a
        dtype of ``C`` (or is refused)."""
        mem = specs.members(abstract, self.cfg)
        arr = {c: Spec("arr", specs.node_of(c)) for c in mem}
        if other is not None:
            return all((self.table[arr[c], other] if side == "R" else self.table[other, arr[c]]) == c for c in mem)
        diagonal = all(self.table[arr[c], arr[c]] == c for c in mem)
        closed = all(self.table[arr[a], arr[b]] in (*mem, None) for a in mem for b in mem)
        return diagonal and closed

    def keep_classes(self, other: Spec | None, side: Side = "R") -> tuple[str, ...]:
        return tuple(c for c in specs.ABSTRACT if self.keeps(c, other, side))

    def refuses_any(self, other: Spec | None, side: Side = "R") -> bool:
        """Whether some inhabited operand meets ``other`` (on ``side``) with a refusal: then no overload may accept
        every array with ``other`` (a type variable's instantiation could be the refused one, and a concrete
        refused pair would be accepted). ``other`` None: an array of the same dtype."""
        arrays = [Spec("arr", specs.node_of(c)) for c in specs.inhabited(self.cfg)] + list(specs.WARR_SPECS)
        if other is None:
            return any(self.table[a, a] is None for a in arrays)
        return any((self.table[a, other] if side == "R" else self.table[other, a]) is None for a in arrays)


class Model:
    """Every binary operation of ``Array`` and ``arraytyping.numpy`` in one configuration, grouped into families."""

    def __init__(self, cfg: LatticeConfig, *, shapes: bool = True) -> None:
        self.cfg = cfg
        self.shapes = shapes
        """Whether ``Array`` takes a shape (``False``: dtypes alone, ``Array[float32]``: what shapes cost a checker
        is measured against it, ``benchmarks/bench_typecheck.py``)."""
        self.families: dict[str, Family] = {}
        self.family_of: dict[str, tuple[Family, str | None]] = {}
        """op -> (its family, the fixed result if any)."""
        self.arrays_only: set[str] = set()
        """Operations with their family's table on arrays that take no Python scalar (``matmul``)."""
        self.overload_cache: dict[tuple[str, str], Any] = {}
        """Overloads built for :func:`.binary.static_answer`, by operation and form."""
        ops = list(dict.fromkeys([*OPERATORS.values(), *NUMPY_BINARY.values()]))
        takes_scalars = {op for op in ops if any(
            v is not None for (a, b), v in specs.exact_table(op, cfg).items() if a.python_scalar or b.python_scalar)}
        for op in [op for op in ops if op in takes_scalars] + [op for op in ops if op not in takes_scalars]:
            self._place(op, specs.exact_table(op, cfg))

    def _place(self, op: str, table: Mapping[tuple[Spec, Spec], str | None]) -> None:
        refused = {k for k, v in table.items() if v is None}
        for fam in self.families.values():
            if fam.table == table:
                self.family_of[op] = (fam, None)
                return
            if all(v is None if a.python_scalar or b.python_scalar else v == fam.table[a, b]
                   for (a, b), v in table.items()):
                self.family_of[op] = (fam, None)
                self.arrays_only.add(op)
                return
            if ({v for v in table.values() if v is not None} == {"bool_"}
                    and refused == {k for k, v in fam.table.items() if v is None}):
                self.family_of[op] = (fam, "bool_")
                return
        fam = Family(_NAMES.get(op, op), table, self.cfg)
        self.families[op] = fam
        self.family_of[op] = (fam, None)

    def fams(self) -> list[Family]:
        return list(self.families.values())
