"""Expression trees: parameters (the operands a case declares), literals and calls of registry entries.

A tree renders to the one line of source that the checkers read and the runtime evaluates; each node knows the shape
the generator built it for (``None`` for a dtype-valued node), which the oracle checks against the runtime's.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .api import Entry

Shape = tuple[int, ...]


@dataclass(frozen=True)
class Choice:
    """One runtime inhabitant of a dimension: what a parameter (or a type variable) is bound to in one run.

    ``form`` says how the value is made: ``array`` (an ``Array``, abstract: a traced argument), ``ndarray`` (a numpy
    array), ``npscalar`` (a numpy scalar), ``py`` (a Python scalar, ``value``), ``str`` (a dtype string, ``value``),
    ``dtype`` (an ``np.dtype``)."""

    label: str
    form: str
    dtype: str | None = None
    weak: bool = False
    value: object = None


@dataclass(frozen=True)
class Dim:
    """A set of runtime inhabitants that a case is evaluated over, one run per choice (the product over dims).

    ``gradual`` dims come from ``Any``-like annotations: a checker must accept the code when any choice runs.
    ``typevar`` names the type variable the dim binds, if it is one."""

    key: str
    choices: tuple[Choice, ...]
    gradual: bool = False
    typevar: str | None = None


@dataclass(frozen=True)
class Param:
    """A parameter of a case function: its annotation, the dim its value comes from, and its shape."""

    name: str
    annotation: str
    kind: str
    """The operand kind (see :mod:`.operands`), for grouping findings."""
    dim: str
    shape: Shape
    narrowing: tuple[str, ...] = ()
    """Statements (``{name}`` is the parameter) that narrow the annotation before use."""
    role: str = "array"
    label: str = ""
    """A short description for reproducers and pattern keys: ``Array[float32]``, ``Array[Any]``, ``float``."""
    plain: str = ""
    """For an operand declared with its literal shape (``Array[float32, tuple[Literal[2]]]``), the annotation
    without it (``Array[float32]``); empty otherwise."""


class Node:
    shape: Shape | None
    what: str
    """``array`` (an arraytyping Array), ``value`` (another array-like operand: numpy value, Python scalar, list),
    ``dtype`` (something naming a dtype)."""

    def render(self) -> str:
        raise NotImplementedError

    @property
    def atomic(self) -> bool:
        """Whether the rendering binds tighter than any operator (a name, a call, an attribute, a subscript)."""
        raise NotImplementedError

    def children(self) -> tuple[Node, ...]:
        return ()

    def walk(self) -> Iterator[Node]:
        yield self
        for c in self.children():
            yield from c.walk()

    def size(self) -> int:
        return sum(1 for _ in self.walk())

    def depth(self) -> int:
        return 1 + max((c.depth() for c in self.children()), default=0)

    def skeleton(self) -> str:
        """The rendering with each parameter and literal replaced by its kind: the pattern a finding is grouped by."""
        raise NotImplementedError


@dataclass(eq=False)
class Ref(Node):
    param: Param
    shape: Shape | None
    what: str

    def render(self) -> str:
        return self.param.name

    @property
    def atomic(self) -> bool:
        return True

    def skeleton(self) -> str:
        return "{" + self.param.label + "}"


@dataclass(eq=False)
class Lit(Node):
    text: str
    kind: str
    """``py:int``, ``np:float32``, ``str:valid``, ``class:at``, ...: what the literal is, for grouping."""
    shape: Shape | None
    what: str

    def render(self) -> str:
        return self.text

    @property
    def atomic(self) -> bool:
        return not self.text.startswith("-")

    def skeleton(self) -> str:
        return "{" + self.kind + "}"


@dataclass(eq=False)
class Call(Node):
    entry: Entry
    args: dict[str, Node]
    extras: dict[str, str]
    shape: Shape | None
    what: str
    _rendered: str | None = field(default=None, repr=False)

    def _fill(self, sub: dict[str, str]) -> str:
        return self.entry.template.format(**sub, **self.extras)

    def _wrapped(self, slot: str, text: str, node: Node) -> str:
        if node.atomic or not self.entry.wraps(slot):
            return text
        return f"({text})"

    def render(self) -> str:
        if self._rendered is None:
            self._rendered = self._fill({s: self._wrapped(s, n.render(), n) for s, n in self.args.items()})
        return self._rendered

    @property
    def atomic(self) -> bool:
        return self.entry.style != "operator"

    def children(self) -> tuple[Node, ...]:
        return tuple(self.args.values())

    def skeleton(self) -> str:
        return self._fill({s: self._wrapped(s, n.skeleton(), n) for s, n in self.args.items()})

    def with_arg(self, slot: str, node: Node) -> Call:
        return Call(self.entry, {**self.args, slot: node}, self.extras, self.shape, self.what)


def params_of(node: Node) -> list[Param]:
    """The parameters a tree uses, in order of first use."""
    seen: dict[str, Param] = {}
    for n in node.walk():
        if isinstance(n, Ref):
            seen.setdefault(n.param.name, n.param)
    return list(seen.values())


def replace(node: Node, old: Node, new: Node) -> Node:
    """``node`` with the subtree ``old`` (by identity) replaced by ``new``."""
    if node is old:
        return new
    if isinstance(node, Call):
        args = {s: replace(c, old, new) for s, c in node.args.items()}
        if any(args[s] is not node.args[s] for s in args):
            return Call(node.entry, args, node.extras, node.shape, node.what)
    return node
