"""Random cases: one expression (depth 1-3) over freshly declared operands, built top-down so that shapes fit.

A case is what one function of a generated module holds: parameters (operands of every kind), narrowing statements,
and ``reveal_type(<expression>)`` (or ``return reveal_type(...)`` under the annotation the runtime's answer calls
for). About a fifth of the cases are generic: their function has a type variable (bound, unbound, constrained), and
at least one operand is ``Array[T]``; the oracle evaluates them once per instantiation.
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass, field

from . import api, operands, shapes
from . import universe as U
from .expressions import Call, Choice, Dim, Node, Param, Ref, Shape, params_of

MAX_RUNS = 600
"""The most runs (product of the dims' sizes) one case may need; a kind that would exceed it is replaced by a
single-valued one."""


class GeneratorBug(RuntimeError):
    """The generator produced something the runtime fails on for a reason other than the operands' dtypes: a
    shape error, a wrong call, an unexpected result type. Never expected; the message shows the case."""


@dataclass(frozen=True)
class Outcome:
    """The runtime's answer for one run: a value (``what`` is ``array`` or ``dtype``) or a rejection."""

    dtype: str | None = None
    weak: bool = False
    shape: Shape | None = None
    what: str = "array"
    error: str | None = None
    message: str = ""
    at: str = ""
    """For a rejection: the source of the operation that raised it."""

    @property
    def rejected(self) -> bool:
        return self.error is not None

    def __str__(self) -> str:
        if self.error is not None:
            return f"{self.error}"
        weak = " (weak)" if self.weak else ""
        return f"{'dtype ' if self.what == 'dtype' else ''}{self.dtype}{weak}"


@dataclass(frozen=True)
class Run:
    assignment: tuple[tuple[str, Choice], ...]
    outcome: Outcome

    def binding(self, dim: str) -> Choice | None:
        for key, choice in self.assignment:
            if key == dim:
                return choice
        return None


@dataclass
class Case:
    id: str
    config: str
    params: list[Param]
    dims: dict[str, Dim]
    typevar: str | None
    expr: Node
    declarations: dict[str, str]
    classes: dict[str, str]
    """Class names the module declares (``Sub_float32``) and the ``Array`` type each stands for."""
    form: str = "reveal"
    returns: str = "None"
    runs: list[Run] = field(default_factory=list)

    @property
    def source(self) -> str:
        return self.expr.render()

    def assignments(self) -> list[tuple[tuple[str, Choice], ...]]:
        keys = [k for k in self.dims]
        combos = itertools.product(*(self.dims[k].choices for k in keys))
        return [tuple(zip(keys, c, strict=True)) for c in combos]


class TooManyRuns(Exception):
    pass


class CaseBuilder:
    def __init__(self, rng: random.Random, cfg: U.Config, typevar: str | None, case_id: str = "") -> None:
        self.rng, self.cfg, self.typevar = rng, cfg, typevar
        self.shape_rng = random.Random(f"{case_id}:shapes")
        """Whether an operand declares its shape (:data:`.operands.SHAPED`): its own stream, so that the main one
        (and with it every case's expression and operands) is what it was before shapes were declared."""
        self.params: list[Param] = []
        self.dims: dict[str, Dim] = {}
        self.declarations: dict[str, str] = {}
        self.classes: dict[str, str] = {}
        self.typevar_used = False
        if typevar is not None:  # its dim first, so that the cap on runs never refuses it
            self.dims[typevar] = Dim(typevar, operands.typevar_choices(typevar, cfg), typevar=typevar)
            decl = operands.typevar_declaration(typevar)
            if decl is not None:
                self.declarations[typevar] = decl

    # Operands ------------------------------------------------------------------------------------------------

    def runs(self) -> int:
        return math.prod(len(d.choices) for d in self.dims.values())

    def param(self, annotation: str, kind: str, shape: Shape | None, choices: tuple[Choice, ...], *,
              gradual: bool = False, narrowing: tuple[str, ...] = (), role: str = "array", dim_key: str | None = None,
              typevar: str | None = None, label: str = "") -> Param:
        name = f"x{len(self.params)}"
        key = dim_key or name
        if key not in self.dims:
            if self.runs() * len(choices) > MAX_RUNS:
                raise TooManyRuns
            self.dims[key] = Dim(key, choices, gradual, typevar)
        plain = ""
        if role == "array" and shape is not None and "at.Array[" in annotation and \
                self.shape_rng.random() < operands.SHAPED:
            plain, annotation = annotation, operands.with_shape(annotation, shape)
        p = Param(name, annotation, kind, key, shape or (), tuple(s.format(name=name) for s in narrowing), role,
                  label or plain or annotation, plain)
        self.params.append(p)
        return p

    def declare(self, name: str, text: str, stands_for: str) -> None:
        self.declarations[name] = text
        self.classes[name] = stands_for.replace("at.", "")

    def _weighted(self, table: dict[str, tuple[float, object]]) -> object:
        names = list(table)
        return table[self.rng.choices(names, [table[n][0] for n in names])[0]][1]

    def array_leaf(self, shape: Shape) -> Node:
        reuse = [p for p in self.params if p.role == "array" and p.shape == shape]
        if reuse and self.rng.random() < 0.25:
            return Ref(self.rng.choice(reuse), shape, "array")
        if self.typevar is not None and (not self.typevar_used or self.rng.random() < 0.5):
            self.typevar_used = True
            return Ref(operands.k_typevar(self, shape), shape, "array")
        make = self._weighted(operands.ARRAY_KINDS)  # type: ignore[arg-type]
        try:
            p = make(self, shape)  # type: ignore[operator]
        except TooManyRuns:
            p = operands.k_dtype(self, shape)
        return Ref(p, shape, "array")

    def _value(self, table: dict[str, tuple[float, object]], shape: Shape) -> Node:
        make = self._weighted(table)
        try:
            out = make(self, shape)  # type: ignore[operator]
        except TooManyRuns:
            out = operands.k_ndarray(self, shape) if shape else operands.l_py(self, shape)
        return Ref(out, shape, "value") if isinstance(out, Param) else out

    def leaf(self, role: str, shape: Shape) -> Node:
        if role == "array":
            return self.array_leaf(shape)
        if role == "scalar":
            return self._value(operands.SCALAR_KINDS, ())  # type: ignore[arg-type]
        r = self.rng.random()
        if role == "jaxlike":  # no numpy value: an array, or a Python scalar where 0-d
            if shape == () and r >= 0.35:
                return self._value(operands.PYTHON_SCALAR_KINDS, ())  # type: ignore[arg-type]
            return self.array_leaf(shape)
        if shape == () and role != "tensor":  # Python and numpy scalars: weak typing lives here
            if r < 0.35:
                return self.array_leaf(shape)
            return self._value(operands.SCALAR_KINDS, ())  # type: ignore[arg-type]
        if r < 0.8:
            return self.array_leaf(shape)
        table = dict(operands.VALUE_KINDS)
        if len(shape) != 1 or role != "arraylike":
            del table["list"]
        return self._value(table, shape)  # type: ignore[arg-type]

    def dtype_leaf(self) -> Node:
        make = self._weighted(operands.DTYPE_KINDS)  # type: ignore[arg-type]
        try:
            out = make(self)  # type: ignore[operator]
        except TooManyRuns:
            out = operands.l_scalar_class(self)
        return Ref(out, None, "dtype") if isinstance(out, Param) else out

    # Expressions ---------------------------------------------------------------------------------------------

    def gen(self, role: str, shape: Shape | None, depth: int) -> Node:
        if role == "dtype":
            return self.gen_dtype(depth)
        assert shape is not None
        if role != "scalar" and depth > 0 and self.rng.random() < 0.7:
            node = self.call(role, shape, depth)
            if node is not None:
                return node
        return self.leaf(role, shape)

    def gen_dtype(self, depth: int) -> Node:
        if depth > 0 and self.rng.random() < 0.3:
            node = self.call("dtype", None, depth)
            if node is not None:
                return node
        return self.dtype_leaf()

    def call(self, role: str, shape: Shape | None, depth: int) -> Node | None:
        result = "dtype" if role == "dtype" else "array"
        entries = [e for e in api.ENTRIES if e.result == result]
        if role == "cond" and self.rng.random() < 0.5:
            entries = [e for e in entries if e.name.startswith("operator") and e.name[-1] in "<>=" or
                       e.name in ("anp.less", "anp.greater", "anp.equal")]
        if role == "dtype" and self.rng.random() < 0.6:
            entries = [e for e in entries if e.name == "Array.dtype"]
        for _ in range(30):
            entry = self.rng.choices(entries, [e.weight for e in entries])[0]
            plan = shapes.RULES[entry.shape](shape, entry.slots, self.rng)
            if plan is None:
                continue
            args = {s: self.gen(r, plan.shapes.get(s), depth - 1) for s, r in entry.slots}
            if entry.needs_array and not any(args[s].what == "array" for s, r in entry.slots if r != "dtype"):
                s, r = self.rng.choice([(s, r) for s, r in entry.slots if r != "dtype"])
                args[s] = self.gen("array", plan.shapes[s], depth - 1)
            return Call(entry, args, plan.extras, shape, "dtype" if result == "dtype" else "array")
        return None


def build(case_id: str, rng: random.Random, cfg: U.Config) -> Case:
    """One random case (its runs not yet evaluated)."""
    typevar = rng.choice(list(operands.TYPEVARS)) if rng.random() < 0.2 else None
    b = CaseBuilder(rng, cfg, typevar, case_id)
    depth = rng.choice((1, 1, 2, 2, 2, 3, 3))
    expr: Node | None = None
    while expr is None:
        if rng.random() < 0.05:
            expr = b.call("dtype", None, depth)
        else:
            expr = b.call("array", shapes.target_shape(rng), depth)
    if typevar is not None and not b.typevar_used:  # make the case generic after all: T as an extra operand
        tv = Ref(operands.k_typevar(b, expr.shape or ()), expr.shape or (), "array")
        if expr.what == "array":
            plus = next(e for e in api.ENTRIES if e.name == "operator *")
            expr = Call(plus, {"a": expr, "b": tv}, {}, expr.shape, "array")
    used = params_of(expr)  # a regenerated operand leaves its parameters behind: drop them
    dims = {p.dim: b.dims[p.dim] for p in used}
    generic = typevar if typevar in dims else None
    return Case(case_id, cfg.name, used, dims, generic, expr, b.declarations, b.classes)
