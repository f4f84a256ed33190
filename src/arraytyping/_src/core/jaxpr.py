"""The ``Jaxpr`` IR: typed, first-order, in A-normal form (as in Autodidax), with a type checker, an evaluator
and a printer in JAX's format::

    { lambda ; a:f32[2,3]. let b:f32[2,3] = mul a 2.0:f32[] in (b,) }
"""

from __future__ import annotations

import re

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from arraytyping._src.core.avals import ShapedArray

if TYPE_CHECKING:
    from arraytyping._src.core.trace import Primitive

__all__ = ["Var", "Literal", "Atom", "JaxprEqn", "Jaxpr", "ClosedJaxpr", "JaxprTypeError", "typecheck_jaxpr",
           "eval_jaxpr", "pp_jaxpr", "has_effects", "jaxpr_as_fun", "check_jaxpr"]


class Var:
    """A variable of a jaxpr: an identity with a type."""

    __slots__ = ("aval",)
    aval: ShapedArray

    def __init__(self, aval: ShapedArray) -> None:
        self.aval = aval

    def __repr__(self) -> str:
        """``Var(id=...):float32[5]``, as JAX writes a variable (its identity, its type with the long dtype name)."""
        return f"Var(id={id(self)}):{self.aval.str_long()}"


class Literal:
    """A scalar constant written inline in an equation (``2.0:f32[]``)."""

    __slots__ = ("val", "aval", "shown")
    val: np.ndarray[Any, Any]
    aval: ShapedArray
    shown: Any

    def __init__(self, val: np.ndarray[Any, Any], aval: ShapedArray, shown: Any = None) -> None:
        self.val = val
        self.aval = aval
        self.shown = shown
        """The Python scalar it was bound as, which JAX prints unrounded; ``None``: print ``val``."""

    def __repr__(self) -> str:
        """``Literal(2.0)``, as JAX writes a literal: a weakly typed integer as JAX holds it
        (``Literal(TypedInt(1, dtype=int32))``), any other value as ``str`` writes it."""
        value = np.asarray(self.val)
        if self.aval.weak_type and value.dtype.kind in "iu":
            return f"Literal(TypedInt({int(value.item())}, dtype={value.dtype.name}))"
        return f"Literal({value})"

    def pretty(self) -> str:
        value = np.asarray(self.val).item() if self.shown is None else self.shown
        return f"{value}:{self.aval.str_short()}"


Atom = Var | Literal


@dataclass(frozen=True)
class JaxprEqn:
    """``outvars = primitive[params] inputs``."""

    primitive: Primitive
    inputs: list[Atom]
    params: dict[str, Any]
    out_binders: list[Var]
    source: str | None = field(default=None, compare=False)
    """Where the user's code applied it (JAX's summarized ``source_info``: ``file:line:column (function)``), recorded
    only while :data:`source_recording` is on."""

    @property
    def invars(self) -> list[Atom]:
        """The equation's operands (variables and literals), JAX's name for them."""
        return self.inputs

    @property
    def outvars(self) -> list[Var]:
        """The variables the equation binds, JAX's name for them."""
        return self.out_binders


class SourceRecording:
    """Whether staged equations record where the user's code applied them (``on``: JAX always does; here only
    ``print_saved_residuals`` needs it, so it costs nothing otherwise), and the source that re-bound equations keep
    (``override``: an equation evaluated from another jaxpr keeps its source, as in JAX)."""

    __slots__ = ("on", "override")

    def __init__(self) -> None:
        self.on = False
        self.override: str | None = None


source_recording = SourceRecording()


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
    def invars(self) -> list[Var]:
        """The jaxpr's arguments, JAX's name for its input binders."""
        return self.in_binders

    @property
    def outvars(self) -> list[Atom]:
        """The jaxpr's results (variables and literals), JAX's name for them."""
        return self.outs

    @property
    def in_avals(self) -> list[ShapedArray]:
        return [v.aval for v in self.in_binders]

    @property
    def out_avals(self) -> list[ShapedArray]:
        return [v.aval for v in self.outs]

    def __str__(self) -> str:
        return pp_jaxpr(self)

    __repr__ = __str__


@dataclass(eq=False)
class ClosedJaxpr:
    """A jaxpr with the values of its constvars, as :func:`arraytyping.make_jaxpr` returns it.

    Equal when their jaxprs have the same structure (:func:`structural_key`) and their constants are the same
    objects: control-flow primitives hold closed jaxprs as parameters, and equal parameters share a compiled
    executable (an eager ``cond`` retraces its branches on every call)."""

    jaxpr: Jaxpr
    consts: list[Any] = field(default_factory=list[Any])

    def _key(self) -> tuple[Any, ...]:
        key: tuple[Any, ...] | None = self.__dict__.get("_cached_key")
        if key is None:
            key = (structural_key(self.jaxpr), tuple(id(c) for c in self.consts))
            self.__dict__["_cached_key"] = key
        return key

    def __hash__(self) -> int:
        return hash(self._key())

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, ClosedJaxpr) and self._key() == other._key()
                                 and all(a is b for a, b in zip(self.consts, other.consts)))

    @property
    def literals(self) -> list[Any]:
        """The values of the jaxpr's constvars (JAX's other name for :attr:`consts`)."""
        return self.consts

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


def has_effects(eqn: JaxprEqn) -> bool:
    """Whether ``eqn`` has an effect (its primitive's, or one of an equation of a jaxpr it calls): dead-code
    elimination keeps it even when its outputs are unused. An FFI call declared ``has_side_effect`` has one."""
    if eqn.primitive.effectful or eqn.params.get("has_side_effect") is True:
        return True
    return any(has_effects(e) for j in jaxprs_in_params(eqn.params) for e in j.eqns)


def structural_key(jaxpr: Jaxpr) -> tuple[Any, ...]:
    """A hashable value equal for two jaxprs exactly when they compute the same thing the same way: equations
    (primitive, parameters, inputs by position or literal value, output types), binder and output types. Nested
    jaxprs in parameters compare by their own structure."""
    index: dict[Var, int] = {}

    def bind(v: Var) -> ShapedArray:
        index[v] = len(index)
        return v.aval

    def atom(x: Atom) -> Any:
        if isinstance(x, Literal):
            val = np.asarray(x.val)
            return ("lit", x.aval, val.tobytes())
        return index[x]

    def param(v: Any) -> Any:
        obj: object = v
        if isinstance(obj, Jaxpr):
            return structural_key(obj)
        if isinstance(obj, tuple):
            items: tuple[Any, ...] = v
            return tuple(param(e) for e in items)
        return v

    head = (tuple(bind(v) for v in jaxpr.constvars), tuple(bind(v) for v in jaxpr.in_binders))
    eqns = tuple((e.primitive, tuple(atom(x) for x in e.inputs),
                  tuple(sorted((k, param(v)) for k, v in e.params.items())),
                  tuple(bind(v) for v in e.out_binders)) for e in jaxpr.eqns)
    return head + (eqns, tuple(atom(x) for x in jaxpr.outs))


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
    rec = source_recording
    for eqn in jaxpr.eqns:
        if rec.on and eqn.source is not None:
            prev, rec.override = rec.override, eqn.source
            try:
                outs = eqn.primitive.bind(*map(read, eqn.inputs), **eqn.params)
            finally:
                rec.override = prev
        else:
            outs = eqn.primitive.bind(*map(read, eqn.inputs), **eqn.params)
        env.update(zip(eqn.out_binders, outs if eqn.primitive.multiple_results else [outs]))
    return [literal_output(x) if isinstance(x, Literal) else env[x] for x in jaxpr.outs]


def jaxpr_as_fun(closed_jaxpr: ClosedJaxpr, *args: Any) -> Callable[..., list[Any]]:
    """``closed_jaxpr`` as a function: its arguments (after ``args``, bound first) in, the list of its outputs out,
    evaluated equation by equation (eagerly, or staged under a transformation), as JAX's ``jaxpr_as_fun``.

    Example::

        closed = make_jaxpr(lambda x: x * 2)(1.0)
        jaxpr_as_fun(closed)(3.0)   # [Array(6., dtype=float32, weak_type=True)]
    """
    def fun(*rest: Any) -> list[Any]:
        return eval_jaxpr(closed_jaxpr.jaxpr, (*args, *rest), closed_jaxpr.consts)

    return fun


def check_jaxpr(jaxpr: Jaxpr) -> None:
    """Raise :class:`JaxprTypeError` unless ``jaxpr`` is well typed: every variable bound once before use, every
    equation's output types those its primitive gives for its input types (JAX's ``check_jaxpr``)."""
    typecheck_jaxpr(jaxpr)


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
    if isinstance(value, type) and issubclass(value, np.generic):  # NumPy's scalar type, printed as JAX prints it
        return str(cast("type[object]", value))
    if isinstance(value, type) and hasattr(value, "dtype"):
        scalar_dtype: Any = getattr(value, "dtype")  # a scalar type of a registered dtype
        return str(np.dtype(scalar_dtype).name)
    # addresses masked as JAX masks them (a function parameter prints the same in every run)
    return re.sub(r" at 0x([0-9a-fA-F]+)", lambda m: " at 0x" + "X" * len(m.group(1)), str(value))


def _pp_dimension_numbers(dn: Any) -> str:
    (lc, rc), (lb, rb) = dn
    return f"(({list(lc)}, {list(rc)}), ({list(lb)}, {list(rb)}))"


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


def jaxprs_in_params(params: Mapping[str, Any]) -> list[Jaxpr]:
    """The jaxprs held by an equation's parameters (a ``Jaxpr``, a ``ClosedJaxpr`` or a tuple of them), in the
    parameters' order."""
    out: list[Jaxpr] = []
    for value in params.values():
        for v in _items(value):
            if isinstance(v, Jaxpr):
                out.append(v)
            elif isinstance(v, ClosedJaxpr):
                out.append(v.jaxpr)
    return out


def _items(value: Any) -> tuple[Any, ...]:
    """A parameter's values: the items of a tuple, else the value alone."""
    obj: object = value
    if isinstance(obj, tuple):
        items: tuple[Any, ...] = value
        return items
    return (value,)


def _is_jaxpr_param(value: Any) -> bool:
    items = _items(value)
    return isinstance(value, (Jaxpr, ClosedJaxpr)) or (
        type(value) is tuple and bool(items) and all(isinstance(j, (Jaxpr, ClosedJaxpr)) for j in items))


class _PpContext:
    """Names of variables across a jaxpr and all its nested jaxprs (JAX's ``JaxprPpContext``): each variable is
    named on first sight, in printing order, skipping the names of shared jaxprs; unused outputs of the top-level
    equations are ``_``."""

    def __init__(self, dropped: dict[Var, str]) -> None:
        self.names: dict[Var, str] = dict(dropped)
        self.count = 0
        self.shared: dict[Jaxpr, str] = {}
        self.shared_names: set[str] = set()

    def name(self, v: Var) -> str:
        n = self.names.get(v)
        if n is None:
            while True:
                n = _name(self.count)
                self.count += 1
                if n not in self.shared_names:
                    break
            self.names[v] = n
        return n


def _dropvars(jaxpr: Jaxpr) -> dict[Var, str]:
    """The outputs of ``jaxpr``'s equations used by no later equation nor as an output (printed ``_``)."""
    dropped: dict[Var, str] = {}
    used: set[Var] = {x for x in jaxpr.outs if isinstance(x, Var)}
    for eqn in reversed(jaxpr.eqns):
        for v in eqn.out_binders:
            if v not in used:
                dropped[v] = "_"
        used.update(x for x in eqn.inputs if isinstance(x, Var))
    return dropped


def _shared_jaxprs(top: Jaxpr) -> dict[Jaxpr, str]:
    """Nested jaxprs JAX prints once, before the top-level one (``let f = { ... } in``), with their names: those met
    more than once, and those of more than 10 equations. Breadth-first order, as JAX counts them; a jaxpr is named
    after the first equation with a ``name`` (a ``jit``'s, ``<>`` stripped) that holds it, else ``jaxpr``."""
    counts: dict[Jaxpr, int] = {}
    names: dict[Jaxpr, str] = {}
    queue = [top]
    while queue:
        j = queue.pop(0)
        counts[j] = counts.get(j, 0) + 1 + (1 if j is not top and len(j.eqns) > 10 else 0)
        for eqn in j.eqns:
            subs = jaxprs_in_params(_printed_params(eqn))
            queue.extend(subs)
            name = eqn.params.get("name")
            if isinstance(name, str):
                for sub in subs:
                    names.setdefault(sub, name.strip("<>"))
    return {j: names.get(j, "jaxpr") for j, c in counts.items() if c > 1}


def _printed_params(eqn: JaxprEqn) -> Mapping[str, Any]:
    """The parameters JAX prints for ``eqn``: its own and those the primitive computes for printing."""
    extra = eqn.primitive.printed_params
    return eqn.params if extra is None else {**eqn.params, **extra(eqn)}


def pp_jaxpr(jaxpr: Jaxpr, width: int = 80) -> str:
    """``jaxpr`` in JAX's format, laid out as JAX lays it out (one line when it fits in ``width``), nested jaxprs
    (control flow, calls) included."""
    ctx = _PpContext(_dropvars(jaxpr))
    shared = _shared_jaxprs(jaxpr)
    counts: dict[str, int] = {}
    for j, name in shared.items():
        count = counts.get(name, 0)
        if count > 0:
            counts[name] = count + 1
            name += str(count)
        counts[name] = counts.get(name, 0) + 1
        ctx.shared_names.add(name)
        ctx.shared[j] = name
    docs: list[Doc] = []
    for j in shared:
        docs.append(_concat(_text("let "), _text(ctx.shared[j]), _text(" = "), _pp_skeleton(j, ctx), _text(" in"),
                            _brk()))
    docs.append(_pp_skeleton(jaxpr, ctx))
    return format_doc(_concat(*docs), width)


def _pp_vars(items: list[Doc], separator: str = "") -> Doc:
    return _nest(2, _group(_join(_concat(_text(separator), _group(_brk())), items)))


def _pp_nested(jaxpr: Jaxpr, ctx: _PpContext) -> Doc:
    name = ctx.shared.get(jaxpr)
    return _text(name) if name is not None else _pp_skeleton(jaxpr, ctx)


def _pp_param_doc(key: str, value: Any, ctx: _PpContext, prim: str = "") -> Doc:
    if isinstance(value, (Jaxpr, ClosedJaxpr)):
        return _concat(_text(f"{key}="), _pp_nested(value if isinstance(value, Jaxpr) else value.jaxpr, ctx))
    if _is_jaxpr_param(value):
        jaxprs = [j if isinstance(j, Jaxpr) else j.jaxpr for j in value]
        return _concat(_text(f"{key}="), _group(_concat(
            _nest(2, _concat(_text("("), _brk(""), _join(_brk(), [_pp_nested(j, ctx) for j in jaxprs]))),
            _brk(""), _text(")"))))
    dot = key == "dimension_numbers" and prim == "dot_general"  # gather's and scatter's print as themselves
    return _text(f"{key}={_pp_dimension_numbers(value) if dot else _pp_param(value)}")


def _suggest_names(eqn: JaxprEqn, called: Jaxpr, ctx: _PpContext) -> None:
    """A call's jaxpr (unless printed apart) names its binders and outputs after the equation's inputs and outputs,
    each outer variable once, where not named yet (JAX's ``suggest_same_var_names``)."""
    if called in ctx.shared:
        return
    for inner, outer in ((called.in_binders, eqn.inputs), (called.outs, eqn.out_binders)):
        if len(inner) != len(outer):
            continue
        used: set[Var] = set()
        for v, like in zip(inner, outer):
            if isinstance(like, Var) and like not in used and isinstance(v, Var) and v not in ctx.names:
                used.add(like)
                ctx.names[v] = ctx.name(like)


def _pp_skeleton(jaxpr: Jaxpr, ctx: _PpContext) -> Doc:
    def binder(v: Var) -> Doc:
        return _text(f"{ctx.name(v)}:{v.aval.str_short()}")

    def atom(x: Atom) -> Doc:
        return _text(x.pretty() if isinstance(x, Literal) else ctx.names.get(x, "?"))

    constvars = _pp_vars([binder(v) for v in jaxpr.constvars])
    invars = _pp_vars([binder(v) for v in jaxpr.in_binders])
    eqn_docs: list[Doc] = []
    for eqn in jaxpr.eqns:
        calls = eqn.primitive.calls
        if calls is not None:
            _suggest_names(eqn, eqn.params[calls].jaxpr, ctx)
        lhs = _pp_vars([binder(v) for v in eqn.out_binders])
        shown = [(k, v) for k, v in sorted(_printed_params(eqn).items(), key=lambda kv: (kv[0] != "name", kv[0]))
                 if k not in eqn.primitive.hidden_params and not (k in eqn.primitive.hidden_if_empty and not v)]
        params = _NIL if not shown else _group(_concat(
            _nest(2, _concat(_text("["), _brk(""), _join(_brk(), [_pp_param_doc(k, v, ctx, eqn.primitive.name) for k, v in shown]))),
            _brk(""), _text("]")))
        ins = _pp_vars([atom(x) for x in eqn.inputs])
        head = _concat(lhs, _text(" = ")) if eqn.out_binders else _NIL  # JAX prints no "=" for no outputs
        eqn_docs.append(_concat(head, _text(eqn.primitive.name), params, _text(" "), ins))
    outs = _concat(_text("("), _pp_vars([atom(x) for x in jaxpr.outs], ","),
                   _text(",)" if len(jaxpr.outs) == 1 else ")"))
    return _group(_concat(_nest(2, _concat(
        _text("{ "), _text("lambda "), constvars, _text("; "), invars, _text(". "), _text("let"),
        _nest(2, _concat(_brk(), _join(_brk("; "), eqn_docs))), _brk(), _text("in "), outs)), _text(" }")))
