"""The ``Jaxpr`` IR: typed, first-order, in A-normal form (as in Autodidax), with a type checker, an evaluator
and a printer in JAX's format::

    { lambda ; a:f32[2,3]. let b:f32[2,3] = mul a 2.0:f32[] in (b,) }
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from arraytyping._src.runtime.avals import ShapedArray

if TYPE_CHECKING:
    from arraytyping._src.runtime.core import Primitive

__all__ = ["Var", "Literal", "Atom", "JaxprEqn", "Jaxpr", "ClosedJaxpr", "JaxprTypeError", "typecheck_jaxpr",
           "eval_jaxpr", "pp_jaxpr"]


class Var:
    """A variable of a jaxpr: an identity with a type."""

    __slots__ = ("aval",)

    def __init__(self, aval: ShapedArray) -> None:
        self.aval = aval

    def __repr__(self) -> str:
        return f"Var({self.aval.str_short()})"


class Literal:
    """A scalar constant written inline in an equation (``2.0:f32[]``)."""

    __slots__ = ("val", "aval")

    def __init__(self, val: np.ndarray[Any, Any], aval: ShapedArray) -> None:
        self.val = val
        self.aval = aval

    def __repr__(self) -> str:
        return f"Literal({self.val!r}:{self.aval.str_short()})"

    def pretty(self) -> str:
        return f"{np.asarray(self.val).item()}:{self.aval.str_short()}"


Atom = Var | Literal


@dataclass(frozen=True)
class JaxprEqn:
    """``outvars = primitive[params] inputs``."""

    primitive: Primitive
    inputs: list[Atom]
    params: dict[str, Any]
    out_binders: list[Var]


@dataclass
class Jaxpr:
    """``{ lambda constvars ; in_binders. let eqns in (outs,) }``."""

    constvars: list[Var]
    in_binders: list[Var]
    eqns: list[JaxprEqn]
    outs: list[Atom]

    def __hash__(self) -> int:
        return id(self)

    def __eq__(self, other: object) -> bool:
        return self is other

    @property
    def in_avals(self) -> list[ShapedArray]:
        return [v.aval for v in self.in_binders]

    @property
    def out_avals(self) -> list[ShapedArray]:
        return [v.aval for v in self.outs]

    def __str__(self) -> str:
        return pp_jaxpr(self)

    __repr__ = __str__


@dataclass
class ClosedJaxpr:
    """A jaxpr with the values of its constvars, as :func:`arraytyping.make_jaxpr` returns it."""

    jaxpr: Jaxpr
    consts: list[Any] = field(default_factory=list[Any])

    @property
    def in_avals(self) -> list[ShapedArray]:
        return self.jaxpr.in_avals

    @property
    def out_avals(self) -> list[ShapedArray]:
        return self.jaxpr.out_avals

    @property
    def eqns(self) -> list[JaxprEqn]:
        return self.jaxpr.eqns

    def __str__(self) -> str:
        return pp_jaxpr(self.jaxpr)

    __repr__ = __str__


class JaxprTypeError(TypeError):
    """A jaxpr that is not well typed."""


def typecheck_jaxpr(jaxpr: Jaxpr) -> tuple[list[ShapedArray], list[ShapedArray]]:
    """Check that every variable is bound once before use and every equation's output types are what its
    primitive's abstract evaluation gives for its input types. Returns ``(input types, output types)``."""
    env: set[Var] = set()
    for v in (*jaxpr.constvars, *jaxpr.in_binders):
        if v in env:
            raise JaxprTypeError(f"variable {v} is bound twice")
        env.add(v)
    for i, eqn in enumerate(jaxpr.eqns):
        in_avals = [_typecheck_atom(env, x, f"input of equation {i} ({eqn.primitive.name})") for x in eqn.inputs]
        out_avals = eqn.primitive.abstract_eval(*in_avals, **eqn.params)
        if len(out_avals) != len(eqn.out_binders):
            raise JaxprTypeError(f"equation {i} ({eqn.primitive.name}) binds {len(eqn.out_binders)} outputs, "
                                 f"its primitive gives {len(out_avals)}")
        for out_binder, aval in zip(eqn.out_binders, out_avals):
            if out_binder.aval != aval:
                raise JaxprTypeError(f"equation {i} ({eqn.primitive.name}) binds {out_binder.aval!r}, its "
                                     f"primitive gives {aval!r}")
        for out_binder in eqn.out_binders:
            if out_binder in env:
                raise JaxprTypeError(f"variable bound twice by equation {i} ({eqn.primitive.name})")
            env.add(out_binder)
    out_types = [_typecheck_atom(env, x, "output") for x in jaxpr.outs]
    return [v.aval for v in jaxpr.in_binders], out_types


def _typecheck_atom(env: set[Var], x: Atom, what: str) -> ShapedArray:
    if isinstance(x, Var):
        if x not in env:
            raise JaxprTypeError(f"unbound variable used as {what}")
        return x.aval
    if np.shape(x.val) != x.aval.shape or np.asarray(x.val).dtype != x.aval.dtype:
        raise JaxprTypeError(f"literal {x!r} used as {what} does not match its type")
    return x.aval


def eval_jaxpr(jaxpr: Jaxpr, args: Sequence[Any], consts: Sequence[Any] = ()) -> list[Any]:
    """Evaluate ``jaxpr`` equation by equation with ``bind``: eagerly on arrays, or staged under a trace."""
    env: dict[Var, Any] = {}

    def read(x: Atom) -> Any:
        if isinstance(x, Literal):
            return literal_value(x)
        return env[x]

    if len(args) != len(jaxpr.in_binders) or len(consts) != len(jaxpr.constvars):
        raise TypeError(f"jaxpr takes {len(jaxpr.constvars)} constants and {len(jaxpr.in_binders)} arguments, "
                        f"got {len(consts)} and {len(args)}")
    env.update(zip(jaxpr.constvars, consts))
    env.update(zip(jaxpr.in_binders, args))
    for eqn in jaxpr.eqns:
        outs = eqn.primitive.bind(*map(read, eqn.inputs), **eqn.params)
        env.update(zip(eqn.out_binders, outs if eqn.primitive.multiple_results else [outs]))
    return [literal_output(x) if isinstance(x, Literal) else env[x] for x in jaxpr.outs]


literal_output: Callable[[Literal], Any]
"""How the evaluator returns a literal output (set by the dispatch module: an array, or a tracer under a trace)."""

literal_value: Callable[[Literal], Any]
"""How the evaluator turns a literal into an operand (set by the tracing module: a weakly/strongly typed
constant of the literal's type)."""


# ----------------------------------------------------------------------------------------------------------------
# Printing


def _name(n: int) -> str:
    s = ""
    while not s or n:
        n, i = divmod(n, 26)
        s = chr(97 + i) + s
    return s


def _pp_param(value: Any) -> str:
    if isinstance(value, np.dtype):
        return value.name
    if isinstance(value, type) and hasattr(value, "dtype"):
        scalar_dtype: Any = getattr(value, "dtype")  # a scalar type of a registered dtype
        return str(np.dtype(scalar_dtype).name)
    return str(value)


def _pp_dimension_numbers(dn: Any) -> str:
    (lc, rc), (lb, rb) = dn
    return f"(({list(lc)}, {list(rc)}), ({list(lb)}, {list(rb)}))"


def pp_eqn_params(prim: Primitive, params: Mapping[str, Any]) -> str:
    """The shown parameters as one line (``[axes=(0,) out_sharding=None]``), or ``""``."""
    shown = _shown_params(prim, params)
    return "[" + " ".join(shown) + "]" if shown else ""


def _shown_params(prim: Primitive, params: Mapping[str, Any]) -> list[str]:
    out: list[str] = []
    for k, v in sorted(params.items()):
        if k in prim.hidden_params or (k in prim.hidden_if_empty and not v):
            continue
        out.append(f"{k}={_pp_dimension_numbers(v) if k == 'dimension_numbers' else _pp_param(v)}")
    return out


# A small Wadler/Lindig-style pretty printer with the layout rules of JAX's (``jax._src.pretty_printer``): a group
# is printed flat when all of it fits in the rest of the line, else its breaks become newlines at the current
# indentation. Documents are tuples: ("t", text) ("c", docs) ("b", text) ("g", doc) ("n", indent, doc).

Doc = tuple[Any, ...]
_NIL: Doc = ("c", ())


def _text(s: str) -> Doc:
    return ("t", s)


def _concat(*docs: Doc) -> Doc:
    return ("c", docs)


def _brk(s: str = " ") -> Doc:
    return ("b", s)


def _group(d: Doc) -> Doc:
    return ("g", d)


def _nest(n: int, d: Doc) -> Doc:
    return ("n", n, d)


def _join(sep: Doc, docs: Sequence[Doc]) -> Doc:
    if not docs:
        return _NIL
    out = [docs[0]]
    for d in docs[1:]:
        out += [sep, d]
    return ("c", tuple(out))


def _flat_width(d: Doc, limit: int) -> int:
    """The width of ``d`` printed flat, counting stops once past ``limit``."""
    total = 0
    stack = [d]
    while stack and total <= limit:
        x = stack.pop()
        tag = x[0]
        if tag == "t" or tag == "b":
            total += len(x[1])
        elif tag == "c":
            stack.extend(reversed(x[1]))
        elif tag == "g":
            stack.append(x[1])
        else:
            stack.append(x[2])
    return total


def format_doc(doc: Doc, width: int = 80) -> str:
    lines: list[str] = []
    line: list[str] = []
    k = 0
    agenda: list[tuple[int, bool, Doc]] = [(0, False, doc)]  # (indent, flat, doc)
    while agenda:
        i, flat, d = agenda.pop()
        tag = d[0]
        if tag == "t":
            line.append(d[1])
            k += len(d[1])
        elif tag == "c":
            agenda.extend((i, flat, c) for c in reversed(d[1]))
        elif tag == "b":
            if flat:
                line.append(d[1])
                k += len(d[1])
            else:
                lines.append("".join(line))
                line = [" " * i]
                k = i
        elif tag == "n":
            agenda.append((i + d[1], flat, d[2]))
        else:
            agenda.append((i, flat or _flat_width(d[1], width - k) <= width - k, d[1]))
    lines.append("".join(line))
    return "\n".join(lines)


def _unused_binders(jaxpr: Jaxpr) -> set[Var]:
    """Equation outputs nothing later reads: JAX prints them as ``_`` (and gives them no name)."""
    used: set[Var] = {x for x in jaxpr.outs if isinstance(x, Var)}
    unused: set[Var] = set()
    for eqn in reversed(jaxpr.eqns):
        unused.update(v for v in eqn.out_binders if v not in used)
        used.update(x for x in eqn.inputs if isinstance(x, Var))
    return unused


def pp_jaxpr(jaxpr: Jaxpr, width: int = 80) -> str:
    """``jaxpr`` in JAX's format, laid out as JAX lays it out (one line when it fits in ``width``)."""
    names: dict[Var, str] = {}
    unused = _unused_binders(jaxpr)

    def binder(v: Var) -> Doc:
        if v in unused:
            return _text(f"_:{v.aval.str_short()}")
        names[v] = _name(len(names))
        return _text(f"{names[v]}:{v.aval.str_short()}")

    def atom(x: Atom) -> Doc:
        return _text(x.pretty() if isinstance(x, Literal) else names.get(x, "?"))

    def pp_vars(items: list[Doc], separator: str = "") -> Doc:
        return _nest(2, _group(_join(_concat(_text(separator), _group(_brk())), items)))

    constvars = pp_vars([binder(v) for v in jaxpr.constvars])
    invars = pp_vars([binder(v) for v in jaxpr.in_binders])
    eqn_docs: list[Doc] = []
    for eqn in jaxpr.eqns:
        ins = pp_vars([atom(x) for x in eqn.inputs])
        lhs = pp_vars([binder(v) for v in eqn.out_binders])
        shown = _shown_params(eqn.primitive, eqn.params)
        params = _NIL if not shown else _group(_concat(
            _nest(2, _concat(_text("["), _brk(""), _join(_brk(), [_text(p) for p in shown]))),
            _brk(""), _text("]")))
        eqn_docs.append(_concat(lhs, _text(" = "), _text(eqn.primitive.name), params, _text(" "), ins))
    outs = _concat(_text("("), pp_vars([atom(x) for x in jaxpr.outs], ","),
                   _text(",)" if len(jaxpr.outs) == 1 else ")"))
    doc = _concat(_group(_nest(2, _concat(
        _text("{ "), _text("lambda "), constvars, _text("; "), invars, _text(". "), _text("let"),
        _nest(2, _concat(_brk(), _join(_brk("; "), eqn_docs))), _brk(), _text("in "), outs))), _text(" }"))
    return format_doc(doc, width)
