"""Automatic differentiation: forward mode, linearization and transposition (Autodidax parts 1 and 4), with JAX's
symbolic zeros, ``float0`` tangents and the structure of JAX 0.10.2's direct linearization.

* **Forward mode** (:func:`jvp_flat`): a :class:`JVPTrace` carries ``(primal, tangent)`` pairs through each
  primitive's JVP rule. A tangent is an array, a tracer, or :class:`Zero` (a symbolic zero, never materialized:
  tangents of constants, of integer and bool values, and of operations whose derivative is zero). A result whose
  tangent is zero is returned as its bare primal, as JAX does.
* **Linearization** (:func:`linearize_flat`): forward mode whose tangents are tracers of a staging trace one level
  below the JVP trace. A JVP rule's operations on primals alone go to the enclosing computation (eagerly, or into
  the enclosing jaxpr); those touching tangents are recorded into a *linear* jaxpr whose constants (residuals) are
  primal values. This is partial evaluation with the tangents unknown, in the order JAX's direct linearization
  emits equations.
* **Transposition** (:func:`backward_pass`): the linear jaxpr walked backwards, each equation's transpose rule
  turning output cotangents into input cotangents (accumulated with ``add_any``), emitted into the enclosing
  computation. ``vjp`` and ``grad`` are linearization followed by transposition.

Rules are data: :data:`jvp_rules` and :data:`transpose_rules` map each primitive to its rule (the rules of the
runtime's primitives are in :mod:`.primitives`, :mod:`.elementwise`, :mod:`.structural`,
:mod:`.scatter`, :mod:`.windowed_reductions`, :mod:`.convolution` and :mod:`.linalg`; a
primitive without a JVP rule raises JAX's ``NotImplementedError`` when differentiated). A module that adds a
primitive attaches its rules here::

    from arraytyping._src.interpreters.autodiff import ad
    from arraytyping._src.lax import lax

    ad.defjvp(cbrt_p, lambda g, x: lax.mul(g, ...))       # one rule per operand: its tangent's contribution
    ad.defjvp2(exp_p, lambda g, ans, x: lax.mul(g, ans))  # the same, given the primal result too
    ad.defjvp_zero(sign_p)                                # piecewise constant: zero tangent
    ad.deflinear(rev_p, lambda ct, x, *, dimensions: [lax.rev(ct, dimensions)])  # linear: JVP from the transpose
    ad.defbilinear(mul_p, lhs_transpose, rhs_transpose)   # linear in each operand separately
    ad.jvp_rules[p] = rule          # rule(primals, tangents, **params) -> (primal_out, tangent_out)
    ad.transpose_rules[p] = rule    # rule(ct, *operands, **params) -> a cotangent per operand (None if not linear)

In a JVP rule, tangents may be :class:`Zero`; in a transpose rule the linear operands are :class:`UndefinedPrimal`
(their type only) and the others are values.

Control flow (the hook for ``cond``/``switch``/``scan``/``while_loop``, whose primitives hold sub-jaxprs): the JVP
rule binds the primitive again on JVP'd bodies, which :func:`jvp_closed_jaxpr` stages (``jvp_jaxpr`` evaluates one
inline). While linearizing, such a rule would put the primal half of the bodies into the linear jaxpr, so these
primitives also register a rule in :data:`linearize_rules`, used instead of the JVP rule there: it splits each body
into its primal part (bound in the enclosing computation, returning the residuals) and its tangent part (bound on the
tangents, linear), and the tangent primitive gets a transpose rule (built on :func:`backward_pass` of the bodies).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import numpy as np

from arraytyping._src.dtypes import registry
from arraytyping.dtypes import float0
from arraytyping._src.core import jaxpr as jx
from arraytyping._src.lax import primitives as P
from arraytyping._src.core.array import Array
from arraytyping._src.xla.array_impl import ArrayImpl
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.trace import (
    MainTrace, Primitive, Trace, Tracer, concrete_value, find_top_trace, new_main, short_repr,
)
from arraytyping._src.core.staging import ConstVal, JaxprBuilder, JaxprTrace, JaxprTracer, abstractify, trace_to_jaxpr
from arraytyping._src.lax import lax
from arraytyping._src.tree import pytree as tree
from arraytyping._src.xla.dispatch import const_to_array

__all__ = ["FLOAT0", "Zero", "UndefinedPrimal", "jvp_rules", "transpose_rules", "defjvp", "defjvp2", "defjvp_zero",
           "deflinear", "defbilinear", "tangent_aval", "zeros_like_aval", "instantiate_zeros", "add_tangents",
           "materialize", "aval_str", "is_float0_value", "JVPTrace", "JVPTracer", "jvp_flat", "linearize_flat", "Linearized", "backward_pass",
           "jvp_jaxpr", "jvp_closed_jaxpr", "linearize_rules", "dce_jaxpr", "dce_equations", "dce_rules", "is_float0"]

FLOAT0: Final = float0
"""The dtype of tangents of integer and bool values (JAX's ``float0``, ``arraytyping.dtypes.float0``)."""


class Zero:
    """A symbolic zero tangent or cotangent of type ``aval``."""

    __slots__ = ("aval",)

    def __init__(self, aval: ShapedArray) -> None:
        self.aval = aval

    def __repr__(self) -> str:
        return f"Zero({aval_str(self.aval)})"


class UndefinedPrimal:
    """A linear operand in a transpose rule: only its type is known."""

    __slots__ = ("aval",)

    def __init__(self, aval: ShapedArray) -> None:
        self.aval = aval

    def __repr__(self) -> str:
        return f"UndefinedPrimal({aval_str(self.aval)})"


def aval_str(a: ShapedArray) -> str:
    """``f32[2,3]``, or ``float0[2,3]``."""
    return f"float0[{','.join(map(str, a.shape))}]" if is_float0(a) else a.str_short()


JvpRule = Callable[..., tuple[Any, Any]]
TransposeRule = Callable[..., Sequence[Any]]

jvp_rules: dict[Primitive, JvpRule] = {}
"""``rule(primals, tangents, **params) -> (primal_out, tangent_out)`` (lists for multiple results)."""
linearize_rules: dict[Primitive, JvpRule] = {}
"""Used instead of :data:`jvp_rules` while linearizing (for control flow, see the module docstring): the same
signature; primal outputs must be computed from the primals alone and tangent outputs linearly from the tangents."""
transpose_rules: dict[Primitive, TransposeRule] = {}
"""``rule(ct, *operands, **params) -> [cotangent or None per operand]``; linear operands are
:class:`UndefinedPrimal`, ``ct`` is never :class:`Zero` (equations with zero cotangents are skipped)."""


# ---------------------------------------------------------------------------------------------------------------
# Tangent types and zeros


def is_float0(aval: ShapedArray) -> bool:
    return aval.dtype == FLOAT0


_NDARRAY: tuple[type[Any], ...] = (np.ndarray,)
"""For ``isinstance`` that leaves an ``Any`` value ``Any``."""


def is_float0_value(x: Any) -> bool:
    """``x`` is a numpy ``float0`` array (a tangent of an integer or bool value)."""
    return isinstance(x, _NDARRAY) and x.dtype == FLOAT0


def tangent_dtype(dtype: np.dtype[Any]) -> np.dtype[Any]:
    """``float0`` for bool and integer dtypes; inexact dtypes are their own tangent dtype."""
    if dtype == FLOAT0:
        return FLOAT0
    info = registry.info_of_dtype(dtype)
    return FLOAT0 if info is None or info.kind in "biu" else dtype


def tangent_aval(aval: ShapedArray) -> ShapedArray:
    """The type of tangents (and cotangents) of values of type ``aval`` (the weak flag kept, as in JAX)."""
    dt = tangent_dtype(aval.dtype)
    if dt is aval.dtype or dt == aval.dtype:
        return aval
    return ShapedArray(aval.shape, dt, False)


def zeros_like_aval(aval: ShapedArray) -> Any:
    """Zeros of type ``aval``, as JAX's ``zeros_like_shaped_array`` makes them: a constant (``ConstVal``) of rank 0
    or broadcast to the shape; a numpy ``float0`` array for ``float0``."""
    if is_float0(aval):
        return np.zeros(aval.shape, FLOAT0)
    return lax.full(aval.shape, 0, aval.dtype, aval.weak_type)


def instantiate_zeros(t: Any) -> Any:
    return zeros_like_aval(t.aval) if type(t) is Zero else t


def add_tangents(x: Any, y: Any) -> Any:
    if type(x) is Zero:
        return y
    if type(y) is Zero:
        return x
    return P.add_any_p.bind(x, y)


def materialize(x: Any) -> Any:
    """A constant (``ConstVal``) as a value of the current computation: an array, or a tracer (a literal) under a
    trace. Anything else is returned as it is."""
    if type(x) is not ConstVal:
        return x
    trace = find_top_trace(())
    if trace is not None:
        return trace.pure(x)
    return const_to_array(x)


def _zero_of(x: Any) -> Zero:
    return Zero(tangent_aval(abstractify(x)))


# ---------------------------------------------------------------------------------------------------------------
# Rule constructors (JAX's ``defjvp``, ``defjvp2``, ``defjvp_zero``, ``deflinear2``, ``defbilinear``)


def defjvp(prim: Primitive, *rules: Callable[..., Any] | None) -> None:
    """One rule per operand, ``rule(tangent, *primals, **params)``: that operand's contribution to the output
    tangent (``None`` for an operand with no derivative). Contributions are summed with ``add_any``."""
    def jvp(primals: Sequence[Any], tangents: Sequence[Any], **params: Any) -> tuple[Any, Any]:
        out = prim.bind(*primals, **params)
        parts = [r(t, *primals, **params) for r, t in zip(rules, tangents) if r is not None and type(t) is not Zero]
        return out, functools.reduce(add_tangents, parts, _zero_of(out))
    jvp_rules[prim] = jvp


def defjvp2(prim: Primitive, *rules: Callable[..., Any] | None) -> None:
    """Like :func:`defjvp`, with the primal result: ``rule(tangent, result, *primals, **params)``."""
    def jvp(primals: Sequence[Any], tangents: Sequence[Any], **params: Any) -> tuple[Any, Any]:
        out = prim.bind(*primals, **params)
        parts = [r(t, out, *primals, **params) for r, t in zip(rules, tangents)
                 if r is not None and type(t) is not Zero]
        return out, functools.reduce(add_tangents, parts, _zero_of(out))
    jvp_rules[prim] = jvp


def defjvp_zero(prim: Primitive) -> None:
    """A piecewise-constant primitive (comparisons, rounding, bitwise operations): its tangent is zero."""
    def jvp(primals: Sequence[Any], tangents: Sequence[Any], **params: Any) -> tuple[Any, Any]:
        out = prim.bind(*primals, **params)
        if prim.multiple_results:
            return out, [_zero_of(o) for o in out]
        return out, _zero_of(out)
    jvp_rules[prim] = jvp


def deflinear(prim: Primitive, transpose_rule: TransposeRule) -> None:
    """A primitive linear in all its operands: its JVP applies it to the tangents, its transpose is
    ``transpose_rule(ct, *operands, **params)``."""
    def jvp(primals: Sequence[Any], tangents: Sequence[Any], **params: Any) -> tuple[Any, Any]:
        out = prim.bind(*primals, **params)
        if all(type(t) is Zero for t in tangents):
            return out, ([_zero_of(o) for o in out] if prim.multiple_results else _zero_of(out))
        return out, prim.bind(*[instantiate_zeros(t) for t in tangents], **params)
    jvp_rules[prim] = jvp
    transpose_rules[prim] = transpose_rule


def defbilinear(prim: Primitive, lhs_rule: Callable[..., Any], rhs_rule: Callable[..., Any]) -> None:
    """A primitive linear in each of its two operands (``mul``, ``dot_general``): the JVP is
    ``prim(dx, y) + prim(x, dy)``; ``lhs_rule(ct, x, y, **params)`` transposes with respect to ``x`` (an
    :class:`UndefinedPrimal`), ``rhs_rule`` with respect to ``y``."""
    def lhs_jvp(g: Any, x: Any, y: Any, **params: Any) -> Any:
        return prim.bind(g, y, **params)

    def rhs_jvp(g: Any, x: Any, y: Any, **params: Any) -> Any:
        return prim.bind(x, g, **params)

    defjvp(prim, lhs_jvp, rhs_jvp)

    def transpose(ct: Any, x: Any, y: Any, **params: Any) -> list[Any]:
        if type(x) is UndefinedPrimal:
            return [lhs_rule(ct, x, y, **params), None]
        return [None, rhs_rule(ct, x, y, **params)]
    transpose_rules[prim] = transpose


# ---------------------------------------------------------------------------------------------------------------
# Forward mode


class JVPTracer(Tracer):
    """A value and its tangent, while a function is differentiated in forward mode (or linearized)."""

    __slots__ = ("aval", "primal", "tangent")

    def __init__(self, trace: Trace, primal: Any, tangent: Any) -> None:
        self.owner = trace
        self.primal = primal
        self.tangent = tangent
        self.aval = abstractify(primal)

    def to_concrete_value(self) -> Any:
        return concrete_value(self.primal)

    # A concrete primal can be used as a Python bool or int, as in JAX (``if x > 0`` under eager grad).
    def __bool__(self) -> bool:
        if isinstance(self.primal, Tracer):
            return bool(self.primal)
        return bool(np.asarray(self.primal))

    def __int__(self) -> int:
        if isinstance(self.primal, Tracer):
            return int(self.primal)
        return int(np.asarray(self.primal))

    def __index__(self) -> int:
        if isinstance(self.primal, Tracer):
            return self.primal.__index__()
        return operator_index(self.primal)

    def short_repr(self) -> str:
        """``JVPTracer(primal=..., tangent=...)`` in forward mode; ``GradTracer(primal=..., typeof(tangent)=f32[])``
        while linearizing (``grad``, ``vjp``, ``linearize``), as JAX prints them."""
        primal = short_repr(self.primal)
        if self.owner.main.global_data is not None:
            aval = getattr(self.tangent, "aval", None)
            tangent = aval.str_short() if isinstance(aval, ShapedArray) else str(self.tangent)
            return f"GradTracer(primal={primal}, typeof(tangent)={tangent})"
        return f"JVPTracer(primal={primal}, tangent={short_repr(self.tangent)})"


def operator_index(x: Any) -> int:
    if isinstance(x, Array):
        return x.__index__()
    return int(np.asarray(x).__index__())


class JVPTrace(Trace):
    """Applies each primitive's JVP rule to ``(primal, tangent)`` pairs."""

    ref_write_refusal = ("performing a set/swap operation with a differentiated value on a non-differentiated "
                         "array reference of type {ref}. Move the array reference to be an argument of the "
                         "differentiated function?")

    def pure(self, val: Any) -> JVPTracer:
        return JVPTracer(self, val, _zero_of(val))

    lift = pure

    def process_primitive(self, primitive: Primitive, tracers: list[Tracer], params: dict[str, Any]) -> list[Any]:
        jvp_tracers: list[Any] = tracers  # all raised to this trace: JVPTracers
        primals = [t.primal for t in jvp_tracers]
        tangents = [t.tangent for t in jvp_tracers]
        if all(type(t) is Zero for t in tangents):
            out = primitive.bind(*primals, **params)
            return list(out) if primitive.multiple_results else [out]
        rule = jvp_rules.get(primitive)
        if self.main.global_data is not None:  # linearizing
            rule = linearize_rules.get(primitive, rule)
        if rule is None:
            raise NotImplementedError(f"Differentiation rule for '{primitive}' not implemented")
        primal_out, tangent_out = rule(primals, tangents, **params)
        if primitive.multiple_results:
            return [self._wrap(p, t) for p, t in zip(primal_out, tangent_out)]
        return [self._wrap(primal_out, tangent_out)]

    def _wrap(self, primal: Any, tangent: Any) -> Any:
        if type(tangent) is Zero or is_float0_value(tangent):
            return materialize(primal)
        linearizing: MainTrace | None = self.main.global_data
        if linearizing is not None and not (isinstance(tangent, Tracer) and tangent.owner.main is linearizing):
            # While linearizing, a tangent that does not depend on the input tangents (a rule's constant zeros) is
            # known: a zero, as JAX's partial evaluation makes it.
            return materialize(primal)
        return JVPTracer(self, primal, tangent)


def _primal_tangent(main: MainTrace, x: Any) -> tuple[Any, Any]:
    if isinstance(x, JVPTracer) and x.owner.main is main:
        return x.primal, x.tangent
    return x, _zero_of(x)


def _strip(main: MainTrace, x: Any) -> Any:
    """``x``'s primal if it is a tracer of ``main`` (auxiliary outputs are not differentiated)."""
    def strip(v: Any) -> Any:
        return v.primal if isinstance(v, JVPTracer) and v.owner.main is main else v
    return tree.tree_map(strip, x)


def _new_tracer(trace: JVPTrace, primal: Any, tangent: Any) -> Any:
    if type(tangent) is Zero:
        return primal
    return JVPTracer(trace, primal, tangent)


FlatFun = Callable[..., tuple[Sequence[Any], Any]]
"""A function of flat arguments returning ``(flat outputs, auxiliary output)``."""


def jvp_flat(fun: FlatFun, primals: Sequence[Any], tangents: Sequence[Any], description: str
             ) -> tuple[list[Any], list[Any], Any]:
    """Push ``tangents`` (values or :class:`Zero`) forward through ``fun`` at ``primals``: ``(primal outputs,
    tangent outputs (Zero where symbolically zero), auxiliary output)``."""
    with new_main(JVPTrace, None, description, dynamic=False) as main:
        trace = JVPTrace(main)
        outs, aux = fun(*[_new_tracer(trace, p, t) for p, t in zip(primals, tangents)])
        pairs = [_primal_tangent(main, o) for o in outs]
        aux = _strip(main, aux)
    return [materialize(p) for p, _ in pairs], [t for _, t in pairs], aux


def jvp_jaxpr(closed: jx.ClosedJaxpr, primals: Sequence[Any], tangents: Sequence[Any]) -> tuple[list[Any], list[Any]]:
    """The JVP of a jaxpr's evaluation (for higher-order primitives: the hook for control flow)."""
    def fun(*xs: Any) -> tuple[list[Any], None]:
        return jx.eval_jaxpr(closed.jaxpr, xs, closed.consts), None
    outs, touts, _ = jvp_flat(fun, primals, tangents, "jvp of a jaxpr")
    return outs, touts


def jvp_closed_jaxpr(closed: jx.ClosedJaxpr, nonzeros: Sequence[bool], instantiate: Sequence[bool]
                     ) -> tuple[jx.ClosedJaxpr, list[bool]]:
    """The JVP of a jaxpr as a jaxpr (for control-flow JVP rules): inputs are the primals, then the tangents where
    ``nonzeros``; outputs the primal outputs, then the tangent outputs that are nonzero or ``instantiate``d. Also
    returns which output tangents are present."""
    n = len(closed.in_avals)
    tangent_avals = [tangent_aval(a) for a, nz in zip(closed.in_avals, nonzeros) if nz]
    out_nonzero: list[bool] = []

    def fun(*args: Any) -> list[Any]:
        it = iter(args[n:])
        tangents = [next(it) if nz else Zero(tangent_aval(a)) for a, nz in zip(closed.in_avals, nonzeros)]
        outs, touts = jvp_jaxpr(closed, args[:n], tangents)
        touts = [instantiate_zeros(t) if inst else t for t, inst in zip(touts, instantiate)]
        out_nonzero.extend(type(t) is not Zero for t in touts)
        return [*outs, *[materialize(t) for t in touts if type(t) is not Zero]]

    staged, _ = trace_to_jaxpr(fun, [*closed.in_avals, *tangent_avals], "jvp of a jaxpr")
    return staged, out_nonzero


# ---------------------------------------------------------------------------------------------------------------
# Linearization


class _TangentTrace(JaxprTrace):
    """Records the operations on tangents while linearizing. Concrete arrays become constants as they are (no host
    copy of residuals)."""

    def pure(self, val: Any) -> JaxprTracer:
        if isinstance(val, ArrayImpl):
            t = self.builder.new_tracer(self, val.aval)
            self.builder.consts[id(t)] = (t, val)
            return t
        return super().pure(val)


class Linearized:
    """The linear part of a function at a point: a jaxpr from the nonzero input tangents to the nonzero output
    tangents, and its constants (the residuals)."""

    __slots__ = ("jaxpr", "consts", "in_nonzero", "out_nonzero", "in_avals", "out_avals")

    def __init__(self, jaxpr: jx.Jaxpr, consts: list[Any], in_nonzero: list[bool], out_nonzero: list[bool],
                 in_avals: list[ShapedArray], out_avals: list[ShapedArray]) -> None:
        self.jaxpr = jaxpr
        self.consts = consts
        self.in_nonzero = in_nonzero
        self.out_nonzero = out_nonzero
        self.in_avals = in_avals
        self.out_avals = out_avals

    def apply(self, tangents: Sequence[Any]) -> list[Any]:
        """Output tangents (Zero where symbolically zero) for input tangents (Zero allowed)."""
        nz_in = [instantiate_zeros(t) for t, nz in zip(tangents, self.in_nonzero) if nz]
        nz_out = iter(jx.eval_jaxpr(self.jaxpr, nz_in, self.consts))
        return [materialize(next(nz_out)) if nz else Zero(tangent_aval(a))
                for a, nz in zip(self.out_avals, self.out_nonzero)]

    def transpose(self, cts: Sequence[Any]) -> list[Any]:
        """Input cotangents (Zero where none) for output cotangents."""
        nz_cts = [ct for ct, nz in zip(cts, self.out_nonzero) if nz]
        nz_in = iter(backward_pass(self.jaxpr, self.consts, nz_cts))
        return [materialize(next(nz_in)) if nz else Zero(tangent_aval(a))
                for a, nz in zip(self.in_avals, self.in_nonzero)]


def linearize_flat(fun: FlatFun, primals: Sequence[Any], description: str,
                   nonzeros: Sequence[bool] | None = None) -> tuple[list[Any], Linearized, Any]:
    """Evaluate ``fun`` at ``primals`` and stage its linear part: ``(primal outputs, linear part, auxiliary output)``.
    Primal computations (including the residuals the derivative needs) happen in the enclosing computation, eagerly
    or staged, in the order the JVP rules compute them. ``nonzeros`` says which inputs have a tangent (default:
    every input whose tangent is not ``float0``); the others are constants of the derivative."""
    in_avals = [abstractify(p) for p in primals]
    builder = JaxprBuilder(description)
    with new_main(_TangentTrace, builder, description, dynamic=False) as lin_main:
        lin = _TangentTrace(lin_main)
        in_nonzero = [not is_float0(tangent_aval(a)) and (nonzeros is None or bool(nonzeros[i]))
                      for i, a in enumerate(in_avals)]
        tangent_args = [lin.new_arg(tangent_aval(a)) for a, nz in zip(in_avals, in_nonzero) if nz]
        it = iter(tangent_args)
        tangents = [next(it) if nz else Zero(tangent_aval(a)) for a, nz in zip(in_avals, in_nonzero)]
        with new_main(JVPTrace, lin_main, description, dynamic=False) as main:
            trace = JVPTrace(main)
            outs, aux = fun(*[_new_tracer(trace, p, t) for p, t in zip(primals, tangents)])
            pairs = [_primal_tangent(main, o) for o in outs]
            aux = _strip(main, aux)
        out_primals = [materialize(p) for p, _ in pairs]
        out_nonzero = [type(t) is not Zero for _, t in pairs]
        out_tracers = [lin.full_raise(t) for _, t in pairs if type(t) is not Zero]
        closed = builder.build(tangent_args, out_tracers)  # type: ignore[arg-type]
    jaxpr, consts = dce_jaxpr(closed.jaxpr, closed.consts)
    out_avals = [abstractify(p) for p in out_primals]
    return out_primals, Linearized(jaxpr, consts, in_nonzero, out_nonzero, in_avals, out_avals), aux


DceRule = Callable[[list[bool], jx.JaxprEqn], jx.JaxprEqn]
"""``rule(used_outputs, eqn)``: the equation without what its used outputs do not need (it may drop inputs, and
outputs ``used_outputs`` does not mark)."""

dce_rules: dict[Primitive, DceRule] = {}
"""Dead-code elimination inside an equation (JAX's ``dce_rules``: a ``jit`` drops its unused outputs and inputs);
an equation without a rule is kept whole when one of its outputs is used."""


def dce_equations(jaxpr: jx.Jaxpr, used_outputs: Sequence[bool], rules: Mapping[Primitive, DceRule] = dce_rules
                  ) -> tuple[jx.Jaxpr, list[bool], list[bool]]:
    """``jaxpr`` returning the outputs ``used_outputs`` marks, without the equations they do not need (``rules``
    prune inside equations); binders are kept. Returns it and which constvars and binders it reads."""
    live: set[jx.Var] = {x for x, u in zip(jaxpr.outs, used_outputs) if u and isinstance(x, jx.Var)}
    eqns: list[jx.JaxprEqn] = []
    for eqn in reversed(jaxpr.eqns):
        used = [v in live for v in eqn.out_binders]
        if not any(used) and not jx.has_effects(eqn):
            continue
        rule = rules.get(eqn.primitive)
        if rule is not None:
            eqn = rule(used, eqn)
        eqns.append(eqn)
        live.update(x for x in eqn.inputs if isinstance(x, jx.Var))
    eqns.reverse()
    new = jx.Jaxpr(jaxpr.constvars, jaxpr.in_binders, eqns, [x for x, u in zip(jaxpr.outs, used_outputs) if u])
    return new, [v in live for v in jaxpr.constvars], [v in live for v in jaxpr.in_binders]


def dce_jaxpr(jaxpr: jx.Jaxpr, consts: Sequence[Any]) -> tuple[jx.Jaxpr, list[Any]]:
    """``jaxpr`` without the equations and constants its outputs do not need."""
    new, const_used, _ = dce_equations(jaxpr, [True] * len(jaxpr.outs))
    kept = [(v, c) for v, c, u in zip(jaxpr.constvars, consts, const_used) if u]
    return jx.Jaxpr([v for v, _ in kept], jaxpr.in_binders, new.eqns, jaxpr.outs), [c for _, c in kept]


# ---------------------------------------------------------------------------------------------------------------
# Transposition


def backward_pass(jaxpr: jx.Jaxpr, consts: Sequence[Any], cts: Sequence[Any],
                  in_avals: dict[jx.Var, ShapedArray] | None = None, accumulate: dict[jx.Var, Any] | None = None
                  ) -> list[Any]:
    """Transpose the linear ``jaxpr`` (its inputs are the linear variables, its constants known values): the
    cotangents of its inputs (Zero where none) for the cotangents ``cts`` of its outputs. The transposed operations
    run in the current computation (eagerly or staged). ``in_avals`` gives some inputs another type than their
    binder's (a loop carry typed by its incoming cotangent, as JAX's scan transposes); ``accumulate`` gives some
    inputs a cotangent to add each contribution to as it is made (a scan's accumulated constants' cotangents)."""
    linear_avals = in_avals or {}
    known: dict[jx.Var, Any] = dict(zip(jaxpr.constvars, consts))
    ct_env: dict[jx.Var, Any] = dict(accumulate or {})

    def write(v: jx.Var, ct: Any) -> None:
        if ct is None or type(ct) is Zero or v in known:
            return
        prev = ct_env.get(v)
        ct_env[v] = ct if prev is None else add_tangents(prev, ct)

    def read(x: jx.Atom) -> Any:
        if isinstance(x, jx.Literal):
            return jx.literal_value(x)
        if x in known:
            return known[x]
        return UndefinedPrimal(linear_avals.get(x, x.aval))

    # Equations on known values alone (the zeros a control-flow rule stages for a branch whose tangent is zero)
    # are not linear: they run forward first, as in JAX's backward pass.
    linear_eqns: list[jx.JaxprEqn] = []
    for eqn in jaxpr.eqns:
        if all(isinstance(x, jx.Literal) or x in known for x in eqn.inputs):
            outs = eqn.primitive.bind(*[read(x) for x in eqn.inputs], **eqn.params)
            known.update(zip(eqn.out_binders, outs if eqn.primitive.multiple_results else [outs]))
        else:
            linear_eqns.append(eqn)
    for x, ct in zip(jaxpr.outs, cts):
        if isinstance(x, jx.Var) and x not in known:
            write(x, ct)
    for eqn in reversed(linear_eqns):
        cts_out = [ct_env.pop(v, None) for v in eqn.out_binders]
        if all(c is None for c in cts_out):
            continue
        rule = transpose_rules.get(eqn.primitive)
        if rule is None:
            raise NotImplementedError(f"Transpose rule (for reverse-mode differentiation) for '{eqn.primitive}' "
                                      "not implemented")
        if eqn.primitive.multiple_results:
            eqn_ct: Any = [Zero(tangent_aval(v.aval)) if c is None else c for v, c in zip(eqn.out_binders, cts_out)]
        else:
            eqn_ct = cts_out[0]
        operands = [read(x) for x in eqn.inputs]
        for x, operand, ct_in in zip(eqn.inputs, operands, rule(eqn_ct, *operands, **eqn.params)):
            if type(operand) is UndefinedPrimal:
                assert isinstance(x, jx.Var)
                write(x, ct_in)
    return [ct_env.get(v, Zero(v.aval)) for v in jaxpr.in_binders]

