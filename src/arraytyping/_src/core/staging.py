"""Staging Python functions into jaxprs (Autodidax part 3): ``JaxprTrace``, ``make_jaxpr`` and ``eval_shape``."""

from __future__ import annotations

import contextlib
import functools
import inspect
import operator
import os
from collections.abc import Callable, Sequence
from typing import Any, Final

import numpy as np

from arraytyping._src import monitoring
from arraytyping._src.util import fun_name
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import config
from arraytyping._src.dtypes.promotion import operand_of
from arraytyping._src.core import jaxpr as jx
from arraytyping._src.tree import pytree as tree
from arraytyping._src.core.array import Array, is_array
from arraytyping._src.core.avals import HOST_VALUE_TYPES, ShapedArray
from arraytyping._src.core.shape_dtype_struct import ShapeDtypeStruct, aval_of, struct_of
from arraytyping._src.core.trace import Primitive, Trace, Tracer, extend_axis_env, is_tracer, new_main
from arraytyping._src.core import refs
from arraytyping._src.core.refs import Ref, RefsClosedOver, ref_type

__all__ = ["ConstVal", "JaxprTrace", "JaxprTracer", "abstractify", "make_jaxpr", "eval_shape", "trace_to_jaxpr"]


class ConstVal:
    """A host constant with an explicit type (possibly weak): how Python scalars enter traced code."""

    __slots__ = ("val", "aval", "shown")

    def __init__(self, val: np.ndarray[Any, Any], aval: ShapedArray, shown: Any = None) -> None:
        self.val = val
        self.aval = aval
        self.shown = shown
        """The Python scalar this constant was, printed as JAX prints a literal it keeps as Python's (an operand
        bound as it is: ``jit[name=elu] a 1.6732632423543772:f32[]``); ``None`` otherwise."""

    def __repr__(self) -> str:
        return f"ConstVal({self.val!r}, {self.aval!r})"


_PY_SCALARS = (bool, int, float, complex)


def abstractify(x: Any) -> ShapedArray:
    """The type of an argument: arrays and tracers carry theirs; Python scalars are weakly typed (``bool`` is not),
    numpy values strongly typed and canonicalized for x64; a ``ShapedArray`` stands for itself, a
    ``ShapeDtypeStruct`` for the array it describes."""
    if is_array(x):
        return x.aval
    if isinstance(x, ShapedArray):
        return x
    if isinstance(x, ShapeDtypeStruct):
        return aval_of(x)
    if isinstance(x, ConstVal):
        return x.aval
    if isinstance(x, HOST_VALUE_TYPES):
        name, weak = operand_of(x, config.x64)
        return ShapedArray(np.shape(x), registry.INFO[name].dtype, weak)
    raise TypeError(f"{type(x).__module__}.{type(x).__qualname__} {_short(x)} is not a valid array argument; "
                    "expected an arraytyping Array, a numpy array or scalar, or a Python bool/int/float/complex")


def _short(x: Any) -> str:
    r = repr(x)
    return r if len(r) <= 60 else r[:57] + "..."


_PACKAGE_DIR: Final = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_STDLIB_DIR: Final = os.path.dirname(os.path.abspath(os.__file__))


def user_source() -> str:
    """The innermost frame of the user's code on the stack (not this package's, nor the standard library's),
    summarized as JAX summarizes a ``source_info``: ``file:line:column (function)`` (no column when it is 0)."""
    frame = inspect.currentframe()
    while frame is not None:
        code = frame.f_code
        name = code.co_filename
        if not (name.startswith(_PACKAGE_DIR) or name.startswith(_STDLIB_DIR)):
            positions = list(code.co_positions())
            index = frame.f_lasti // 2
            line, _, col, _ = positions[index] if index < len(positions) else (frame.f_lineno, None, 0, None)
            line = frame.f_lineno if line is None else line
            where = f"{name}:{line}:{col}" if col else f"{name}:{line}"
            return f"{where} ({code.co_qualname})"
        frame = frame.f_back
    return "unknown"


class JaxprTracer(Tracer):
    __slots__ = ("aval",)

    def __init__(self, trace: JaxprTrace, aval: ShapedArray) -> None:
        self.owner = trace
        self.aval = aval

    def short_repr(self) -> str:
        return f"JitTracer({self.aval})"


class JaxprBuilder:
    """The equations, constants and tracers of one staging trace."""

    def __init__(self, description: str) -> None:
        self.description = description
        self.eqns: list[tuple[Primitive, list[JaxprTracer], dict[str, Any], list[JaxprTracer]]] = []
        self.consts: dict[int, tuple[JaxprTracer, Any]] = {}
        self.const_tracers: dict[int, tuple[JaxprTracer, Any]] = {}
        self.computed: set[int] = set()
        """Ids of constant tracers the runtime computed from constants alone (JAX stages those computations, so
        a convert of one is not folded)."""
        """The tracer of each constant value (by identity, the value kept alive): one constvar per value, as JAX."""
        self.tracers: list[JaxprTracer] = []  # keeps ids stable
        self.sources: dict[int, str] = {}
        """Where each equation (by index) was applied, while :data:`.jaxpr.source_recording` is on."""
        self.trace: JaxprTrace | None = None
        self.closed_refs: list[tuple[Any, Any, int]] = []
        """References of enclosing scopes the function read or wrote (each with its own value and level, given
        back when the trace ends): see :class:`arraytyping._src.core.refs.RefsClosedOver`."""

    def register_ref(self, ref: Any) -> None:
        """Hold a reference of an enclosing scope as a value of this trace while it is staged."""
        assert self.trace is not None
        old_value, old_level = refs.hold(ref, self.new_tracer(self.trace, refs.held(ref).aval), self.trace.main.level)
        self.closed_refs.append((ref, old_value, old_level))

    def new_tracer(self, trace: JaxprTrace, aval: ShapedArray) -> JaxprTracer:
        t = JaxprTracer(trace, aval)
        self.tracers.append(t)
        return t

    def build(self, in_tracers: Sequence[JaxprTracer], out_tracers: Sequence[JaxprTracer]) -> jx.ClosedJaxpr:
        env: dict[int, jx.Atom] = {}
        in_binders: list[jx.Var] = []
        for t in in_tracers:
            v = jx.Var(t.aval)
            env[id(t)] = v
            in_binders.append(v)
        constvars: list[jx.Var] = []
        constvals: list[Any] = []

        def read(t: JaxprTracer) -> jx.Atom:
            a = env.get(id(t))
            if a is not None:
                return a
            _, val = self.consts[id(t)]
            atom: jx.Atom
            if isinstance(val, ConstVal) and not val.aval.shape:
                atom = jx.Literal(val.val, val.aval, val.shown)
            else:
                atom = jx.Var(t.aval)
                constvars.append(atom)
                constvals.append(val)
            env[id(t)] = atom
            return atom

        eqns: list[jx.JaxprEqn] = []
        sources = self.sources
        for i, (prim, ins, params, outs) in enumerate(self.eqns):
            in_atoms = [read(t) for t in ins]
            out_vars: list[jx.Var] = []
            for t in outs:
                v = jx.Var(t.aval)
                env[id(t)] = v
                out_vars.append(v)
            eqns.append(jx.JaxprEqn(prim, in_atoms, params, out_vars, sources.get(i)) if sources
                        else jx.JaxprEqn(prim, in_atoms, params, out_vars))
        out_atoms = [read(t) for t in out_tracers]
        jaxpr = jx.Jaxpr(constvars, in_binders, eqns, out_atoms)
        return jx.ClosedJaxpr(jaxpr, constvals)


class JaxprTrace(Trace):
    """Records every primitive applied to its tracers as a jaxpr equation."""

    @property
    def builder(self) -> JaxprBuilder:
        b: JaxprBuilder = self.main.global_data
        return b

    def new_arg(self, aval: ShapedArray) -> JaxprTracer:
        return self.builder.new_tracer(self, aval)

    def pure(self, val: Any) -> JaxprTracer:
        if is_tracer(val):  # an outer tracer: a constant of this jaxpr
            return self.lift(val)
        builder = self.builder
        known = builder.const_tracers.get(id(val))
        if known is not None:
            return known[0]
        if isinstance(val, ConstVal):
            const: Any = val
            aval = val.aval
        elif isinstance(val, Array):  # a concrete array
            aval = val.aval
            const = ConstVal(np.asarray(val), aval) if not aval.shape else val
        elif isinstance(val, HOST_VALUE_TYPES):
            aval = abstractify(val)
            shown = val if type(val) in _PY_SCALARS else None
            const = ConstVal(np.asarray(val, dtype=aval.dtype), aval, shown)
        else:
            abstractify(val)  # raises a TypeError naming the value
            raise AssertionError
        t = builder.new_tracer(self, aval)
        builder.consts[id(t)] = (t, const)
        builder.const_tracers[id(val)] = (t, val)
        return t

    def lift(self, val: Tracer) -> JaxprTracer:
        builder = self.builder
        known = builder.const_tracers.get(id(val))
        if known is not None:
            return known[0]
        t = builder.new_tracer(self, val.aval)
        builder.consts[id(t)] = (t, val)
        builder.const_tracers[id(val)] = (t, val)
        return t

    def fold_convert(self, x: Tracer, out: ShapedArray) -> JaxprTracer | None:
        """A rank-0 host constant converted at trace time (JAX's constant folding of ``convert_element_type``), or
        ``None`` where ``x`` is no such constant."""
        entry = self.builder.consts.get(id(x))
        if entry is None or type(entry[1]) is not ConstVal or entry[1].aval.shape or id(x) in self.builder.computed:
            return None
        value: np.ndarray[Any, Any] = entry[1].val
        if np.iscomplexobj(value) and registry.info_of_dtype(out.dtype).kind != "c":  # type: ignore[union-attr]
            value = value.real
        with np.errstate(over="ignore", invalid="ignore"):
            return self.pure(ConstVal(np.asarray(value).astype(out.dtype), out))

    def process_primitive(self, primitive: Primitive, tracers: list[Tracer], params: dict[str, Any]) -> list[Tracer]:
        avals_out = primitive.abstract_eval(*[t.aval for t in tracers], **params)
        rule = STAGING_RULES.get(primitive)
        if rule is not None:
            staged = rule(self, tracers, avals_out, params)
            if staged is not None:
                return [staged]
        builder = self.builder
        outs = [builder.new_tracer(self, a) for a in avals_out]
        builder.eqns.append((primitive, tracers, params, outs))  # type: ignore[arg-type]
        if jx.source_recording.on:
            builder.sources[len(builder.eqns) - 1] = jx.source_recording.override or user_source()
        return list(outs)


StagingRule = Callable[[JaxprTrace, list[Tracer], list[ShapedArray], dict[str, Any]], Tracer | None]
STAGING_RULES: dict[Primitive, StagingRule] = {}
"""Primitives staged as something other than an equation when they can be: ``rule(trace, tracers, avals_out,
params)`` gives the tracer that stands for the result (an identity staged as its input, as JAX's
``forwarding_rules``; a constant folded at trace time), or ``None`` to stage the equation. The primitives' modules
register theirs."""


def _describe_fn(f: Callable[..., Any], what: str) -> str:
    name = getattr(f, "__qualname__", None) or getattr(f, "__name__", None) or type(f).__name__
    return f"{what}({name})"


def trace_to_jaxpr(f: Callable[..., Any], in_avals: Sequence[ShapedArray], description: str
                   ) -> tuple[jx.ClosedJaxpr, tree.TreeDef]:
    """Stage ``f`` applied to arguments of types ``in_avals``; returns the closed jaxpr and the output tree."""
    builder = JaxprBuilder(description)
    with new_main(JaxprTrace, builder, description) as main:
        trace = JaxprTrace(main)
        builder.trace = trace
        try:
            in_tracers = [trace.new_arg(a) for a in in_avals]
            out = f(*in_tracers)
        finally:
            for ref, value, level in reversed(builder.closed_refs):
                refs.hold(ref, value, level)
        if builder.closed_refs:
            raise RefsClosedOver([r for r, _, _ in builder.closed_refs], description)
        leaves, treedef = tree.flatten(out)
        for x in leaves:
            if isinstance(x, Ref):
                raise TypeError(f"{description} returned a mutable array reference of type "
                                f"{ref_type(x.aval)}, but mutable array references cannot be returned.")
        out_tracers = [trace.full_raise(x) for x in leaves]
        closed = builder.build(in_tracers, out_tracers)  # type: ignore[arg-type]
    return closed, treedef


def make_jaxpr(f: Callable[..., Any], static_argnums: int | Sequence[int] = (), axis_env: Sequence[Any] | None = None,
               return_shape: bool = False) -> Callable[..., Any]:
    """``make_jaxpr(f)(*args, **kwargs)``: the jaxpr of ``f`` for arguments like ``args`` (arrays, numpy values,
    Python scalars, which are weakly typed, ``ShapeDtypeStruct`` or ``ShapedArray`` types; nested
    tuples/lists/dicts of them), keyword arguments traced too. ``static_argnums``: positions of arguments passed
    to ``f`` as they are (Python values, not traced). ``return_shape``: return ``(jaxpr, shapes)``, the output's
    ``ShapeDtypeStruct``\\ s as a pytree. ``axis_env``: ``(name, size)`` pairs naming axes for the collectives of
    :mod:`arraytyping.lax` (``psum(x, 'i')`` is staged as it is, as inside a ``shard_map``)."""
    env = [(name, operator.index(size)) for name, size in (axis_env or ())]
    statics = (static_argnums,) if isinstance(static_argnums, int) else tuple(static_argnums)

    @functools.wraps(f, updated=())
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        static_pos = {i + len(args) if i < 0 else i for i in statics}
        dyn = tuple(a for i, a in enumerate(args) if i not in static_pos)
        leaves, in_tree = tree.flatten((dyn, kwargs))
        avals = [abstractify(x) for x in leaves]

        def flat_f(*xs: Any) -> Any:
            d, kw = tree.unflatten(in_tree, list(xs))
            it = iter(d)
            full = [a if i in static_pos else next(it) for i, a in enumerate(args)]
            return f(*full, **kw)

        with monitoring.log_elapsed_time("Finished tracing {fun_name} for make_jaxpr in {elapsed_time:.9f} sec",
                                         fun_name(f), monitoring.JAXPR_TRACE_EVENT):
            with contextlib.ExitStack() as stack:
                for name, size in env:
                    stack.enter_context(extend_axis_env(name, size, None))
                closed, out_tree = trace_to_jaxpr(flat_f, avals, _describe_fn(f, "make_jaxpr"))
        if return_shape:
            return closed, tree.unflatten(out_tree, [struct_of(a) for a in closed.out_avals])
        return closed

    return wrapped


def eval_shape(f: Callable[..., Any], *args: Any) -> Any:
    """The types (``ShapedArray``) of ``f(*args)`` without running anything: abstract evaluation only, so it works
    for dtypes no backend can hold."""
    leaves, in_tree = tree.flatten(args)
    avals = [abstractify(x) for x in leaves]

    def flat_f(*xs: Any) -> Any:
        return f(*tree.unflatten(in_tree, list(xs)))

    closed, out_tree = trace_to_jaxpr(flat_f, avals, _describe_fn(f, "eval_shape"))
    return tree.unflatten(out_tree, closed.out_avals)
