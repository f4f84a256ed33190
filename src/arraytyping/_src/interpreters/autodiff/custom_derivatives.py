"""Custom derivatives: :class:`custom_jvp` (JAX's ``jax.custom_jvp``), a function whose forward-mode derivative is a
rule the user writes rather than the derivative of its operations (a value at a kink, a stable formula), with the
``custom_jvp_call`` primitive of JAX 0.10.2.

* **Eagerly** (no trace), the function just runs.
* **Under a trace** it is traced once per signature (the configuration, the tree and types of its differentiated
  arguments, its ``nondiff_argnums`` values) and bound as one ``custom_jvp_call`` equation holding its jaxpr and the
  rule, printed as JAX prints it (``custom_jvp_call[name=relu call_jaxpr={ ... } jvp=jvp symbolic_zeros=False]``).
  Constants it closes over stay constants of its jaxpr, unless one is a tracer of an enclosing trace: then they
  become leading arguments (``num_consts``), which the rule does not see (as JAX's ``lift_jvp``).
* **Differentiated**, the rule runs on the primals and the tangents (zeros instantiated) one level down, so its
  primal output (usually a call of the function itself) is computed in the enclosing computation and its tangent
  output is what linearization records; its outputs are checked against the function's (tree, types) as JAX checks
  them.
* **Batched**, the jaxpr is batched (every output along axis 0) and the rule is vectorized alike; **lowered**, the
  jaxpr is inlined.

The primitive is :mod:`arraytyping._src.lax.custom_derivatives`'; its JVP rule is here, beside the rule object
it calls (:class:`FlatRule`), its batching rule :mod:`arraytyping._src.interpreters.batching.custom_derivatives`'.

Custom reverse-mode derivatives: :class:`custom_vjp` (JAX's ``jax.custom_vjp``), a function whose VJP is a pair of
rules the user writes: ``fwd`` (the primal output and residuals) and ``bwd`` (input cotangents from the residuals and
the output cotangent), with the ``custom_vjp_call`` primitive of JAX 0.10.2.

* **Eagerly** (no trace), the function just runs.
* **Under a trace** it is traced once per signature and bound as one ``custom_vjp_call`` equation holding its jaxpr
  and both rules, printed as JAX prints it (``custom_vjp_call[name=f bwd=f_bwd call_jaxpr={ ... } fwd=f_fwd
  symbolic_zeros=False]``).
* **Linearized** (``grad``, ``vjp``, ``value_and_grad``, ``linearize``), ``fwd`` runs on the primals in the
  enclosing computation (the function itself does not run, as in JAX: when it was staged first, as under a
  differentiated ``jit``, ``fwd``'s primal output is checked against its tree and types as JAX checks it) and the
  output tangent is a ``custom_lin`` equation on the residuals and the input tangents, whose transpose calls
  ``bwd`` (its output checked as JAX checks it: one cotangent per argument, ``None`` for zero).
* **Forward mode** (``jvp``, ``jacfwd``) raises JAX's ``TypeError``; **batched**, the jaxpr and both rules are
  vectorized (:mod:`arraytyping._src.interpreters.batching.custom_derivatives`).
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Generic, TypeVar, cast

from typing_extensions import ParamSpec

from arraytyping._src.dtypes.config import current, trace_key
from arraytyping._src.dtypes import registry
from arraytyping._src.core import jaxpr as jx
from arraytyping._src.core.staging import abstractify, trace_to_jaxpr
from arraytyping._src.core.trace import Tracer, UnexpectedTracerError, find_top_trace
from arraytyping._src.interpreters.autodiff import ad
from arraytyping._src.core.avals import ShapedArray, typematch
from arraytyping._src.lax.custom_derivatives import (
    BwdRule, CustomVJPPrimal, FwdRule, Rule, SymbolicZero, custom_jvp_call_p, custom_lin_p, custom_vjp_call_p,
)
from arraytyping._src.tree import pytree as tree
from arraytyping._src.tree.paths import keystr, leaf_paths
from arraytyping._src.xla.jit_call import fun_name as function_name

__all__ = ["FlatBwd", "FlatFwd", "FlatRule", "custom_jvp", "custom_vjp", "custom_vjp_primal_tree_values", "rule_tangents"]

_P = ParamSpec("_P")
_R = TypeVar("_R")
_J = TypeVar("_J", bound=Callable[..., Any])




# ---------------------------------------------------------------------------------------------------------------
# The rule custom_jvp_call holds, and its JVP rule


def rule_tangents(tangents: Sequence[Any], symbolic_zeros: bool) -> list[Any]:
    """Tangents (or cotangents) as a rule is passed them: symbolic zeros as :class:`SymbolicZero` for a rule set
    with ``symbolic_zeros=True``, else as zeros."""
    if symbolic_zeros:
        return [SymbolicZero(t.aval) if type(t) is ad.Zero else ad.materialize(t) for t in tangents]
    return [ad.materialize(ad.instantiate_zeros(t)) for t in tangents]


class FlatRule(Rule):
    """The user's rule over flat values, its outputs checked against the function's output tree and types."""

    __slots__ = ("rule", "statics", "in_tree", "out_tree", "out_avals", "last_out_tree")

    def __init__(self, rule: Callable[..., Any], statics: Sequence[Any], in_tree: tree.TreeDef,
                 out_tree: tree.TreeDef | None, out_avals: Sequence[ShapedArray] | None, fun_name: str) -> None:
        super().__init__(function_name(rule), fun_name)
        self.rule = rule
        self.statics = tuple(statics)
        self.in_tree = in_tree
        self.out_tree = out_tree
        """The function's output tree and types when it was traced (``None`` when it was not: then the primal
        outputs are not checked against them, as in JAX, whose JVP trace does not run the function)."""
        self.out_avals = None if out_avals is None else list(out_avals)
        self.last_out_tree: tree.TreeDef | None = None
        """The tree of the last call's primal output."""

    def __call__(self, primals: Sequence[Any], tangents: Sequence[Any]) -> list[Any]:
        ps = tree.unflatten(self.in_tree, list(primals))
        ts = tree.unflatten(self.in_tree, list(tangents))
        out = self.rule(*self.statics, tuple(ps), tuple(ts))
        if not isinstance(out, (tuple, list)) or len(cast(Sequence[Any], out)) != 2:
            raise TypeError(f"Custom JVP rule {self.name} for function {self.fun_name} must produce a pair (list or "
                            f"tuple of length two) representing primal and tangent outputs, but got {out!r:.80}.")
        p_leaves, p_tree = tree.flatten(out[0])
        t_leaves, t_tree = tree.flatten(out[1])
        self.last_out_tree = p_tree
        if self.out_tree is not None and p_tree != self.out_tree:
            raise TypeError(f"Custom JVP rule {self.name} for function {self.fun_name} must produce primal outputs "
                            f"with the same container (pytree) structure as the output of the function, but got "
                            f"{p_tree} and {self.out_tree}.")
        if t_tree != p_tree:
            raise TypeError(f"Custom JVP rule {self.name} for function {self.fun_name} must produce primal and "
                            f"tangent outputs with equal container (pytree) structures, but got {p_tree} and "
                            f"{t_tree} respectively.")
        out_avals = self.out_avals
        if out_avals is None:
            out_avals = [abstractify(p) for p in p_leaves]
        for want, p in zip(out_avals if self.out_avals is not None else [], p_leaves):
            got = abstractify(p)
            if got.shape != want.shape or got.dtype != want.dtype:
                raise TypeError(f"Custom JVP rule {self.name} for function {self.fun_name} must produce primal "
                                f"outputs with the same shapes and dtypes as the function: expected "
                                f"{want.str_short()}, got {got.str_short()}.")
        for i, (want, t) in enumerate(zip(out_avals, t_leaves)):
            expected = ad.tangent_aval(want.update(weak_type=False))
            if isinstance(t, SymbolicZero):
                t_leaves[i] = ad.Zero(ad.tangent_aval(want))
            if ad.is_float0_value(t):  # a float0 tangent (of an integer output), as JAX's rules give them
                got = ShapedArray(t.shape, t.dtype, False)
            else:
                got = t.aval.update(weak_type=False) if isinstance(t, SymbolicZero) else abstractify(t).update(
                    weak_type=False)
            if got.shape != expected.shape or got.dtype != expected.dtype:
                raise TypeError(f"Custom JVP rule must produce primal and tangent outputs with corresponding shapes "
                                f"and dtypes. Expected {expected.str_short()} (tangent type of "
                                f"{want.update(weak_type=False).str_short()}) but got {got.str_short()}.")
        return [*p_leaves, *t_leaves]


def _jvp_rule(primals: Sequence[Any], tangents: Sequence[Any], *, call_jaxpr: jx.ClosedJaxpr, jvp: Rule,
              num_consts: int, symbolic_zeros: bool) -> tuple[list[Any], list[Any]]:
    if any(type(t) is not ad.Zero for t in tangents[:num_consts]):
        raise TypeError(f"custom_jvp function {jvp.fun_name} closes over a value that is being differentiated (a "
                        f"traced value of an enclosing transformation), whose tangent its rule {jvp.name} cannot "
                        f"see; pass that value as an argument of the function instead")
    outs = jvp(primals[num_consts:], rule_tangents(tangents[num_consts:], symbolic_zeros))
    n = len(call_jaxpr.out_avals)
    return outs[:n], outs[n:]


ad.jvp_rules[custom_jvp_call_p] = _jvp_rule


# ---------------------------------------------------------------------------------------------------------------
# The decorator


class custom_jvp(Generic[_P, _R]):  # noqa: N801 - JAX's name
    """A function with a custom forward-mode derivative (JAX's ``jax.custom_jvp``): a rule set with ``defjvp`` (or
    ``defjvps``) gives its tangent, rather than the derivative of its operations.

    ::

        @custom_jvp
        def f(x, y):
            return anp.sin(x) * y

        @f.defjvp
        def f_jvp(primals, tangents):
            (x, y), (x_dot, y_dot) = primals, tangents
            return f(x, y), anp.cos(x) * x_dot * y + anp.sin(x) * y_dot

    ``grad``, ``jvp``, ``vjp`` and ``linearize`` of ``f`` use the rule (reverse mode by transposing its tangent
    computation, which must be linear in the tangents); ``vmap`` vectorizes both; ``jit`` and ``make_jaxpr`` stage
    one ``custom_jvp_call``. ``nondiff_argnums``/``nondiff_argnames``: arguments that are not differentiated (any
    Python values), passed to the rule first: ``rule(*nondiff_values, primals, tangents)``."""

    fun: Callable[_P, _R]
    nondiff_argnums: tuple[int, ...]
    jvp: Callable[..., tuple[Any, Any]] | None
    symbolic_zeros: bool

    def __init__(self, fun: Callable[_P, _R], nondiff_argnums: Sequence[int] = (),
                 nondiff_argnames: Sequence[str] = ()) -> None:
        functools.update_wrapper(self, fun)
        self.fun = fun
        self.nondiff_argnums = _nondiff_argnums(fun, nondiff_argnums, nondiff_argnames)
        self.jvp = None
        self.symbolic_zeros = False
        self._jaxprs: dict[Hashable, tuple[jx.ClosedJaxpr, tree.TreeDef]] = {}
        self._rules: dict[Hashable, FlatRule] = {}

    def defjvp(self, jvp: _J, symbolic_zeros: bool = False) -> _J:
        """Set the rule: ``jvp(primals, tangents) -> (primal_out, tangent_out)``, ``primals`` and ``tangents``
        tuples of the differentiated arguments (after the ``nondiff_argnums`` values, if any). Returns ``jvp``, so
        it works as a decorator."""
        self.jvp = jvp
        self.symbolic_zeros = symbolic_zeros
        self._rules.clear()
        return jvp

    def defjvps(self, *jvps: Callable[..., Any] | None) -> None:
        """Set the rule from one function per argument, ``jvp_i(tangent_i, primal_out, *primals)`` (``None``: no
        contribution), their contributions summed."""
        if self.nondiff_argnums:
            raise TypeError("Can't use ``defjvps`` with ``nondiff_argnums``.")

        def jvp(primals: tuple[Any, ...], tangents: tuple[Any, ...]) -> tuple[Any, Any]:
            primal_out = cast(Callable[..., Any], self)(*primals)
            parts = [rule(t, primal_out, *primals) for t, rule in zip(tangents, jvps) if rule is not None]
            if not parts:
                return primal_out, tree.tree_map(_zero_tangent, primal_out)
            total = functools.reduce(lambda a, b: tree.tree_map(ad.add_tangents, a, b), parts)
            return primal_out, total

        self.defjvp(jvp)

    def __call__(self, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        fun: Callable[..., _R] = self.fun
        name = function_name(fun)
        if self.jvp is None:
            raise AttributeError(f"No JVP defined for custom_jvp function {name} using defjvp.")
        full, statics, leaves, in_tree, top = _split(fun, name, args, kwargs, self.nondiff_argnums, "custom_jvp")
        if top is None:
            return fun(*full)
        if isinstance(top, ad.JVPTrace):
            return cast(_R, self._differentiate(top, full, statics, leaves, in_tree, name))
        closed, out_tree, extra, key = _stage(self._jaxprs, fun, full, self.nondiff_argnums, statics, leaves, in_tree,
                                              f"custom_jvp({name})")
        rule = self._rules.get(key) if key is not None else None
        if rule is None:
            rule = FlatRule(self.jvp, statics, in_tree, out_tree, closed.out_avals, name)
            if key is not None:
                self._rules[key] = rule
        outs = custom_jvp_call_p.bind(*extra, *leaves, call_jaxpr=closed, jvp=rule, num_consts=len(extra),
                                      symbolic_zeros=self.symbolic_zeros)
        result: _R = tree.unflatten(out_tree, list(outs))
        return result

    def _differentiate(self, trace: ad.JVPTrace, full: list[Any], statics: list[Any], leaves: list[Any],
                       in_tree: tree.TreeDef, name: str) -> Any:
        """A call whose top trace is differentiating (JAX's ``process_custom_jvp_call`` of its JVP trace): the rule
        runs on the primals and tangents (zeros instantiated), the function itself is not run (nor traced), so
        Python control flow on concrete primal values works as in JAX."""
        assert self.jvp is not None
        tracers: list[Any] = [trace.full_raise(x) for x in leaves]  # JVPTracers
        primals = [ad.materialize(t.primal) for t in tracers]
        tangents = [t.tangent for t in tracers]
        if all(type(t) is ad.Zero for t in tangents):
            it = iter(tree.unflatten(in_tree, primals))
            call = cast(Callable[..., Any], self)
            return call(*[a if i in self.nondiff_argnums else next(it) for i, a in enumerate(full)])
        rule = FlatRule(self.jvp, statics, in_tree, None, None, name)
        outs = rule(primals, rule_tangents(tangents, self.symbolic_zeros))
        if _of_trace(trace, outs):
            raise TypeError(f"custom_jvp function {name} closes over a value that is being differentiated (a traced "
                            f"value of an enclosing transformation), whose tangent its rule {rule.name} cannot "
                            f"see; pass that value as an argument of the function instead")
        out_tree = rule.last_out_tree
        assert out_tree is not None
        n = len(outs) // 2
        linearizing = trace.main.global_data
        wrapped: list[Any] = []
        for p, t in zip(outs[:n], outs[n:]):
            known = type(t) is ad.Zero or ad.is_float0_value(t) or (linearizing is not None and not (
                isinstance(t, Tracer) and t.owner.main is linearizing))
            wrapped.append(ad.materialize(p) if known else ad.JVPTracer(trace, p, t))
        return tree.unflatten(out_tree, wrapped)

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        return self if instance is None else functools.partial(cast(Callable[..., Any], self), instance)


def _perturbed(tangents: Sequence[Any], symbolic_zeros: bool) -> list[bool] | None:
    """Which primals are perturbed (have a nonzero tangent), for a ``fwd`` rule with symbolic zeros."""
    return [type(t) is not ad.Zero for t in tangents] if symbolic_zeros else None


def _of_trace(trace: ad.JVPTrace, values: Sequence[Any]) -> bool:
    """Whether a rule's outputs hold tracers of the differentiation it runs under: the function closed over a value
    being differentiated, which its rule does not see."""
    return any(isinstance(v, Tracer) and v.owner.main is trace.main for v in values)


def _zero_tangent(primal: Any) -> Any:
    return ad.materialize(ad.instantiate_zeros(ad.Zero(ad.tangent_aval(abstractify(primal)))))


def _nondiff_argnums(fun: Callable[..., Any], nondiff_argnums: Sequence[int], nondiff_argnames: Sequence[str]
                     ) -> tuple[int, ...]:
    """The positions of the arguments a custom rule does not differentiate, named by position or by name."""
    nums = set(nondiff_argnums)
    if nondiff_argnames:
        params = list(inspect.signature(fun).parameters)
        for name in nondiff_argnames:
            if name not in params:
                raise ValueError(f"nondiff_argnames {name!r} is not a parameter of {function_name(fun)}")
            nums.add(params.index(name))
    return tuple(sorted(nums))


def _split(fun: Callable[..., Any], name: str, args: tuple[Any, ...], kwargs: dict[str, Any],
           nondiff_argnums: tuple[int, ...], kind: str, full: list[Any] | None = None
           ) -> tuple[list[Any], list[Any], list[Any], tree.TreeDef, Any]:
    """A call's arguments, all positional; the values of ``nondiff_argnums``; the leaves of the others and their
    tree; and the top trace among those leaves (``None``: an eager call)."""
    if full is None:
        full = _positional(fun, name, args, kwargs, kind)
    statics = [full[i] for i in nondiff_argnums if i < len(full)]
    leaves, in_tree = tree.flatten(tuple(a for i, a in enumerate(full) if i not in nondiff_argnums))
    return full, statics, leaves, in_tree, find_top_trace(leaves)


def _stage(cache: dict[Hashable, tuple[jx.ClosedJaxpr, tree.TreeDef]], fun: Callable[..., Any], full: list[Any],
           nondiff_argnums: tuple[int, ...], statics: list[Any], leaves: list[Any], in_tree: tree.TreeDef,
           label: str) -> tuple[jx.ClosedJaxpr, tree.TreeDef, list[Any], Hashable]:
    """The jaxpr of ``fun`` at the types of its differentiated leaves, traced once per configuration, tree, types
    and ``nondiff_argnums`` values; its output tree; the tracers of enclosing traces it closes over (leading
    inputs of such a jaxpr, which is not kept); and the key it is kept under (``None`` if not kept)."""
    avals = tuple(abstractify(x) for x in leaves)
    cfg = current()
    key: Hashable = None
    try:
        key = (id(cfg), trace_key(cfg.x64), in_tree, avals, tuple(statics))
        hash(key)
    except TypeError:
        key = None
    entry = cache.get(key) if key is not None else None
    if entry is not None:
        return entry[0], entry[1], [], key

    def flat(*xs: Any) -> Any:
        it = iter(tree.unflatten(in_tree, list(xs)))
        return fun(*[full[i] if i in nondiff_argnums else next(it) for i in range(len(full))])

    closed, out_tree = trace_to_jaxpr(flat, avals, label)
    if any(isinstance(c, Tracer) for c in closed.consts):
        j = closed.jaxpr
        open_jaxpr = jx.ClosedJaxpr(jx.Jaxpr([], [*j.constvars, *j.in_binders], j.eqns, j.outs))
        return open_jaxpr, out_tree, list(closed.consts), None
    if key is not None:
        cache[key] = (closed, out_tree)
    return closed, out_tree, [], key


def _positional(fun: Callable[..., Any], name: str, args: tuple[Any, ...], kwargs: dict[str, Any], kind: str
                ) -> list[Any]:
    """``args`` and ``kwargs`` as positional arguments of ``fun`` (JAX's ``resolve_kwargs``)."""
    if not kwargs:
        return list(args)
    try:
        bound = inspect.signature(fun).bind(*args, **kwargs)
    except TypeError as e:
        raise TypeError(f"The input arguments to the {kind}-decorated function {name} could not be resolved to "
                        f"positional-only arguments. Binding failed with the error:\n{e}") from e
    bound.apply_defaults()
    if bound.kwargs:
        raise TypeError(f"keyword arguments could not be resolved to positions: {list(bound.kwargs)}")
    return list(bound.args)


# ---------------------------------------------------------------------------------------------------------------
# custom_vjp


JVP_ERROR = "can't apply forward-mode autodiff (jvp) to a custom_vjp function."


def _long_str(a: ShapedArray) -> str:
    """``float32[3]``: JAX's ``str_short`` with long dtype names, as its custom_vjp errors print types."""
    return f"{a.dtype.name}[{','.join(map(str, a.shape))}]"


class FlatFwd(FwdRule):
    """The user's ``fwd`` over flat primals: its output pair checked against the function's output tree and types."""

    __slots__ = ("fwd", "full", "nondiff_argnums", "in_tree", "out_tree", "out_avals", "last_out_tree")

    def __init__(self, fwd: Callable[..., Any], nondiff_argnums: Sequence[int], full: Sequence[Any],
                 in_tree: tree.TreeDef, out_tree: tree.TreeDef | None, out_avals: Sequence[ShapedArray] | None,
                 fun_name: str) -> None:
        super().__init__(function_name(fwd), fun_name)
        self.fwd = fwd
        self.nondiff_argnums = tuple(nondiff_argnums)
        self.full = list(full)
        self.in_tree = in_tree
        self.out_tree = out_tree
        """The function's output tree and types, when it was traced (then ``fwd``'s output is checked against
        them, as JAX checks it when the function already ran)."""
        self.out_avals = None if out_avals is None else list(out_avals)
        self.last_out_tree: tree.TreeDef | None = None
        """The tree of the last call's primal output."""

    def __call__(self, primals: Sequence[Any], perturbed: Sequence[bool] | None = None
                 ) -> tuple[list[Any], list[Any], Any]:
        if perturbed is not None:  # a rule with symbolic zeros
            primals = [CustomVJPPrimal(p, bool(z)) for p, z in zip(primals, perturbed)]
        it = iter(tree.unflatten(self.in_tree, list(primals)))
        args = [a if i in self.nondiff_argnums else next(it) for i, a in enumerate(self.full)]
        pair = self.fwd(*args)
        if not isinstance(pair, (list, tuple)) or len(cast(Sequence[Any], pair)) != 2:
            raise TypeError(f"Custom VJP fwd rule {self.name} for function {self.fun_name} must produce a pair (list "
                            f"or tuple of length two) where the first element represents the primal output (equal "
                            f"to those of the custom_vjp-decorated function {self.fun_name}) and the second element "
                            f"represents residuals (i.e. values stored from the forward pass for use on the "
                            f"backward pass), but instead of a pair the fwd rule {self.name} produced {pair}.")
        outs, out_tree = tree.flatten(pair[0])
        res, res_tree = tree.flatten(pair[1])
        avals = [abstractify(o) for o in outs]
        self.last_out_tree = out_tree
        if self.out_tree is not None and self.out_avals is not None and (
                out_tree != self.out_tree or not all(map(typematch, avals, self.out_avals))):
            got = str(tree.unflatten(out_tree, [_long_str(a) for a in avals])).replace("'", "")
            want = str(tree.unflatten(self.out_tree, [_long_str(a) for a in self.out_avals])).replace("'", "")
            what = "container/pytree structure" if out_tree != self.out_tree else "shapes/dtypes of"
            end = "." if out_tree != self.out_tree else ""
            raise TypeError(f"Custom VJP fwd rule {self.name} for function {self.fun_name} must produce a pair (list "
                            f"or tuple of length two) where the first element represents the primal output (equal "
                            f"to the output of the custom_vjp-decorated function {self.fun_name}) and the second "
                            f"element represents residuals (i.e. values stored from the forward pass for use on the "
                            f"backward pass), but instead the fwd rule output's first element had {what}:\n"
                            f"    {got}\nwhile the custom_vjp-decorated function {self.fun_name} had output "
                            f"{what}:\n    {want}{end}")
        return outs, res, res_tree


class FlatBwd(BwdRule):
    """The user's ``bwd`` over flat residuals and cotangents: its output checked as JAX checks it (one cotangent
    per argument, of the argument's tree and type, ``None`` for a zero)."""

    __slots__ = ("bwd", "statics", "in_tree", "in_avals", "out_tree")

    def __init__(self, bwd: Callable[..., Any], statics: Sequence[Any], in_tree: tree.TreeDef,
                 in_avals: Sequence[ShapedArray], out_tree: tree.TreeDef, fun_name: str) -> None:
        super().__init__(function_name(bwd), fun_name)
        self.bwd = bwd
        self.statics = tuple(statics)
        self.in_tree = in_tree
        self.in_avals = list(in_avals)
        self.out_tree = out_tree

    def __call__(self, res_tree: Any, residuals: Sequence[Any], cts: Sequence[Any]) -> list[Any]:
        py_res = tree.unflatten(res_tree, list(residuals))
        py_cts = tree.unflatten(self.out_tree, list(cts))
        out = self.bwd(*self.statics, py_res, py_cts)
        n_args = len(self.in_tree.subtrees)
        if type(out) is list and len(cast(Sequence[Any], out)) == n_args:
            out = tuple(cast(Sequence[Any], out))
        zero = object()
        dummy = tree.unflatten(self.in_tree, [object() for _ in range(self.in_tree.num_leaves)])
        flat: list[Any] = []
        try:
            if not isinstance(out, tuple):
                raise ValueError
            ct_leaves, ct_tree = tree.flatten(out, is_leaf=lambda x: x is None)
            for x, d in zip(ct_leaves, ct_tree.flatten_up_to(dummy)):
                n = tree.structure(d).num_leaves
                if x is None and d is not None:
                    flat.extend([zero] * n)
                elif x is not None:
                    flat.extend([x] * n)
        except ValueError:
            raise TypeError(f"Custom VJP bwd rule must produce an output with the same container (pytree) structure "
                            f"as the args tuple of the primal function, and in particular must produce a tuple of "
                            f"length equal to the number of arguments to the primal function, but got bwd output "
                            f"structure {tree.structure(out)} for primal input structure {self.in_tree}.") from None
        results: list[Any] = []
        for path, a, ct in zip(leaf_paths(dummy), self.in_avals, flat):
            want = ad.tangent_aval(a)
            if ct is zero or ad.is_float0(want):
                results.append(ad.Zero(want))
                continue
            if isinstance(ct, SymbolicZero):
                if ct.aval.shape != want.shape or ct.aval.dtype != want.dtype:
                    raise ValueError(f"Custom VJP bwd rule produced a SymbolicZero with a shape/dtype that does not "
                                     f"match the corresponding input tangent shape/dtype: at output{keystr(path)} "
                                     f"the SymbolicZero had shape/dtype {ct.aval.str_short()} while the "
                                     f"corresponding input had shape/dtype {a.str_short()}. Consider just returning "
                                     f"a None here instead of a SymbolicZero object.")
                results.append(ad.Zero(ct.aval))
                continue
            got = abstractify(ct)
            if got.shape != want.shape or (got.dtype != want.dtype and not _inexact(want)):
                extra = [w for w, bad in (("the dtypes do not match", got.dtype != want.dtype),
                                          ("the shapes do not match", got.shape != want.shape)) if bad]
                raise ValueError(f"Custom VJP bwd rule must produce an output with the same type as the args tuple "
                                 f"of the primal function, but at output{keystr(path)} the bwd rule produced an "
                                 f"output of type {_long_str(got)} corresponding to an input of type "
                                 f"{_long_str(a)}, so {' and '.join(extra)}")
            results.append(ct)  # of another dtype where JAX allows it (an inexact input): kept, as JAX keeps it
        return results


def _inexact(a: ShapedArray) -> bool:
    info = registry.info_of_dtype(a.dtype)
    return info is not None and info.kind in "fc"


# ---------------------------------------------------------------------------------------------------------------
# Rules of custom_vjp_call and custom_lin


def _vjp_call_jvp(primals: Sequence[Any], tangents: Sequence[Any], *, call_jaxpr: jx.ClosedJaxpr, fwd: FwdRule,
                  bwd: BwdRule, num_consts: int, symbolic_zeros: bool) -> tuple[list[Any], list[Any]]:
    fwd([ad.materialize(p) for p in primals[num_consts:]],  # JAX runs it, then fails where the tangent is needed
        _perturbed(tangents[num_consts:], symbolic_zeros))
    raise TypeError(JVP_ERROR)


def _vjp_call_linearize(primals: Sequence[Any], tangents: Sequence[Any], *, call_jaxpr: jx.ClosedJaxpr, fwd: FwdRule,
                    bwd: BwdRule, num_consts: int, symbolic_zeros: bool) -> tuple[list[Any], list[Any]]:
    if any(type(t) is not ad.Zero for t in tangents[:num_consts]):
        raise TypeError(f"custom_vjp function {fwd.fun_name} closes over a value that is being differentiated (a "
                        f"traced value of an enclosing transformation), whose cotangent its rule {bwd.name} cannot "
                        f"give; pass that value as an argument of the function instead")
    outs, res, res_tree = fwd([ad.materialize(p) for p in primals[num_consts:]],
                              _perturbed(tangents[num_consts:], symbolic_zeros))
    out_avals = tuple(ad.tangent_aval(a) for a in call_jaxpr.out_avals)
    touts = _bind_lin(res, res_tree, tangents[num_consts:], bwd, out_avals, symbolic_zeros)
    return [ad.materialize(o) for o in outs], touts


def _bind_lin(res: Sequence[Any], res_tree: Any, tangents: Sequence[Any], bwd: BwdRule,
              out_avals: tuple[ShapedArray, ...], symbolic_zeros: bool) -> list[Any]:
    """The output tangents: ``custom_lin`` of the residuals and the input tangents that are not symbolic zeros."""
    nonzero = tuple(type(t) is not ad.Zero for t in tangents)
    dots = [t for t, nz in zip(tangents, nonzero) if nz]
    return list(custom_lin_p.bind(*res, *dots, num_res=len(res), res_tree=res_tree, nonzero=nonzero, bwd=bwd,
                                  out_avals=out_avals, symbolic_zeros=symbolic_zeros))


def _lin_transpose(cts: Sequence[Any], *args: Any, num_res: int, res_tree: Any, nonzero: tuple[bool, ...],
                   bwd: BwdRule, out_avals: tuple[ShapedArray, ...], symbolic_zeros: bool) -> list[Any]:
    if any(type(r) is ad.UndefinedPrimal for r in args[:num_res]):
        raise NotImplementedError("custom_lin transposed with respect to a residual")
    cts_in = bwd(res_tree, [ad.materialize(r) for r in args[:num_res]], rule_tangents(cts, symbolic_zeros))
    return [None] * num_res + [c for c, nz in zip(cts_in, nonzero) if nz]


ad.jvp_rules[custom_vjp_call_p] = _vjp_call_jvp
ad.linearize_rules[custom_vjp_call_p] = _vjp_call_linearize
ad.transpose_rules[custom_lin_p] = _lin_transpose


# ---------------------------------------------------------------------------------------------------------------
# The decorator


class custom_vjp(Generic[_P, _R]):  # noqa: N801 - JAX's name
    """A function with a custom reverse-mode derivative (JAX's ``jax.custom_vjp``): rules set with ``defvjp`` give
    its VJP, rather than the derivative of its operations.

    ::

        @custom_vjp
        def f(x, y):
            return anp.sin(x) * y

        def f_fwd(x, y):
            return f(x, y), (anp.cos(x), anp.sin(x), y)

        def f_bwd(res, g):
            cos_x, sin_x, y = res
            return (cos_x * g * y, sin_x * g)

        f.defvjp(f_fwd, f_bwd)

    ``grad``, ``vjp``, ``value_and_grad`` and ``linearize`` of ``f`` use the rules (``fwd`` at the primals,
    ``bwd`` on its residuals and the output cotangent); ``vmap`` vectorizes the function and both rules; ``jit``
    and ``make_jaxpr`` stage one ``custom_vjp_call``; forward mode (``jvp``) raises JAX's ``TypeError``.
    ``nondiff_argnums``/``nondiff_argnames``: arguments that are not differentiated (not arrays), passed to ``fwd``
    in place and to ``bwd`` first: ``bwd(*nondiff_values, residuals, g)``."""

    fun: Callable[_P, _R]
    nondiff_argnums: tuple[int, ...]
    fwd: Callable[..., tuple[Any, Any]] | None
    bwd: Callable[..., tuple[Any, ...]] | None
    symbolic_zeros: bool
    optimize_remat: bool

    def __init__(self, fun: Callable[_P, _R], nondiff_argnums: Sequence[int] = (),
                 nondiff_argnames: Sequence[str] = ()) -> None:
        functools.update_wrapper(self, fun)
        self.fun = fun
        self.nondiff_argnums = _nondiff_argnums(fun, nondiff_argnums, nondiff_argnames)
        self.fwd = None
        self.bwd = None
        self.symbolic_zeros = False
        self.optimize_remat = False
        self._jaxprs: dict[Hashable, tuple[jx.ClosedJaxpr, tree.TreeDef]] = {}

    def defvjp(self, fwd: Callable[..., tuple[Any, Any]], bwd: Callable[..., tuple[Any, ...]],
               symbolic_zeros: bool = False, optimize_remat: bool = False) -> None:
        """Set the rules: ``fwd(*args) -> (output, residuals)`` (the function's arguments, ``nondiff_argnums``
        included) and ``bwd(*nondiff_values, residuals, g) -> a tuple of one cotangent per differentiated argument``
        (``None`` for a zero cotangent); residuals are any pytree of arrays."""
        if symbolic_zeros and optimize_remat:
            raise NotImplementedError("remat optimization for custom_vjp does not support symbolic zeros")
        self.fwd = fwd
        self.bwd = bwd
        self.symbolic_zeros = symbolic_zeros
        self.optimize_remat = optimize_remat

    def __call__(self, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        fun: Callable[..., _R] = self.fun
        name = function_name(fun)
        if self.fwd is None or self.bwd is None:
            raise AttributeError(f"No VJP defined for custom_vjp function {name} using defvjp.")
        full = _positional(fun, name, args, kwargs, "custom_vjp")
        for i in self.nondiff_argnums:
            if i < len(full) and any(isinstance(x, Tracer) for x in tree.leaves(full[i])):
                raise UnexpectedTracerError(
                    "Found a JAX Tracer object passed as an argument to a custom_vjp function in a position "
                    "indicated by nondiff_argnums as non-differentiable. Tracers cannot be passed as "
                    "non-differentiable arguments to custom_vjp functions; instead, nondiff_argnums should only be "
                    "used for arguments that can't be or contain JAX tracers, e.g. function-valued arguments. In "
                    "particular, array-valued arguments should typically not be indicated as nondiff_argnums.\nSee "
                    "https://docs.jax.dev/en/latest/errors.html#jax.errors.UnexpectedTracerError")
        _, statics, leaves, in_tree, top = _split(fun, name, args, kwargs, self.nondiff_argnums, "custom_vjp", full)
        if top is None:
            return fun(*full)
        if isinstance(top, ad.JVPTrace):
            return cast(_R, self._differentiate(top, full, statics, leaves, in_tree, name))
        closed, out_tree, extra, _ = _stage(self._jaxprs, fun, full, self.nondiff_argnums, statics, leaves, in_tree,
                                            f"custom_vjp({name})")
        avals = closed.in_avals[len(extra):]
        out_avals = closed.out_avals
        fwd = FlatFwd(self.fwd, self.nondiff_argnums, full, in_tree, out_tree, out_avals, name)
        bwd = FlatBwd(self.bwd, statics, in_tree, avals, out_tree, name)
        outs = custom_vjp_call_p.bind(*extra, *leaves, call_jaxpr=closed, fwd=fwd, bwd=bwd, num_consts=len(extra),
                                      symbolic_zeros=self.symbolic_zeros)
        result: _R = tree.unflatten(out_tree, list(outs))
        return result

    def _differentiate(self, trace: ad.JVPTrace, full: list[Any], statics: list[Any], leaves: list[Any],
                       in_tree: tree.TreeDef, name: str) -> Any:
        """A call whose top trace is differentiating (JAX's ``process_custom_vjp_call`` of its JVP trace): the
        function itself is not run (nor traced), ``fwd`` is; linearizing, its output tangent is a ``custom_lin``
        equation; in forward mode, JAX's ``TypeError`` once ``fwd`` has run."""
        assert self.fwd is not None and self.bwd is not None
        tracers: list[Any] = [trace.full_raise(x) for x in leaves]  # JVPTracers
        primals = [ad.materialize(t.primal) for t in tracers]
        tangents = [t.tangent for t in tracers]
        if all(type(t) is ad.Zero for t in tangents):
            it = iter(tree.unflatten(in_tree, primals))
            call = cast(Callable[..., Any], self)
            return call(*[a if i in self.nondiff_argnums else next(it) for i, a in enumerate(full)])
        fwd = FlatFwd(self.fwd, self.nondiff_argnums, full, in_tree, None, None, name)
        outs, res, res_tree = fwd(primals, _perturbed(tangents, self.symbolic_zeros))
        if _of_trace(trace, [*outs, *res]):
            raise TypeError(f"custom_vjp function {name} closes over a value that is being differentiated (a traced "
                            f"value of an enclosing transformation), whose cotangent its rule {fwd.name} cannot "
                            f"give; pass that value as an argument of the function instead")
        if trace.main.global_data is None:  # forward mode: JAX fails where the tangent of ``custom_lin`` is needed
            raise TypeError(JVP_ERROR)
        out_tree = fwd.last_out_tree
        assert out_tree is not None
        bwd = FlatBwd(self.bwd, statics, in_tree, [abstractify(p) for p in primals], out_tree, name)
        out_avals = tuple(ad.tangent_aval(abstractify(o)) for o in outs)
        touts = _bind_lin(res, res_tree, tangents, bwd, out_avals, self.symbolic_zeros)
        wrapped = [ad.materialize(p) if type(t) is ad.Zero else ad.JVPTracer(trace, p, t)
                   for p, t in zip(outs, touts)]
        return tree.unflatten(out_tree, wrapped)

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        return self if instance is None else functools.partial(cast(Callable[..., Any], self), instance)


def custom_vjp_primal_tree_values(tree_: Any) -> Any:
    """``tree_`` with each :class:`CustomVJPPrimal` leaf replaced by its value: the arguments a ``fwd`` rule with
    symbolic zeros is passed, as the function takes them (JAX's ``custom_vjp_primal_tree_values``)."""
    def value(leaf: Any) -> Any:
        if type(leaf) is not CustomVJPPrimal:
            raise TypeError(f"unexpected leaf type {type(leaf)}")
        return leaf.value
    return tree.tree_map(value, tree_)
