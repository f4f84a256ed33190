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
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Generic, TypeVar, cast

from typing_extensions import ParamSpec

from arraytyping._src.dtypes.config import current
from arraytyping._src.core import jaxpr as jx
from arraytyping._src.core.staging import abstractify, trace_to_jaxpr
from arraytyping._src.core.trace import Tracer, find_top_trace
from arraytyping._src.interpreters.autodiff import ad
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.lax.custom_derivatives import Rule, custom_jvp_call_p
from arraytyping._src.tree import pytree as tree
from arraytyping._src.xla.jit_call import fun_name as function_name

__all__ = ["FlatRule", "custom_jvp"]

_P = ParamSpec("_P")
_R = TypeVar("_R")
_J = TypeVar("_J", bound=Callable[..., Any])




# ---------------------------------------------------------------------------------------------------------------
# The rule custom_jvp_call holds, and its JVP rule


class FlatRule(Rule):
    """The user's rule over flat values, its outputs checked against the function's output tree and types."""

    __slots__ = ("rule", "statics", "in_tree", "out_tree", "out_avals")

    def __init__(self, rule: Callable[..., Any], statics: Sequence[Any], in_tree: tree.TreeDef,
                 out_tree: tree.TreeDef, out_avals: Sequence[ShapedArray], fun_name: str) -> None:
        super().__init__(function_name(rule), fun_name)
        self.rule = rule
        self.statics = tuple(statics)
        self.in_tree = in_tree
        self.out_tree = out_tree
        self.out_avals = list(out_avals)

    def __call__(self, primals: Sequence[Any], tangents: Sequence[Any]) -> list[Any]:
        ps = tree.unflatten(self.in_tree, list(primals))
        ts = tree.unflatten(self.in_tree, list(tangents))
        out = self.rule(*self.statics, tuple(ps), tuple(ts))
        if not isinstance(out, (tuple, list)) or len(cast(Sequence[Any], out)) != 2:
            raise TypeError(f"Custom JVP rule {self.name} for function {self.fun_name} must produce a pair (list or "
                            f"tuple of length two) representing primal and tangent outputs, but got {out!r:.80}.")
        p_leaves, p_tree = tree.flatten(out[0])
        t_leaves, t_tree = tree.flatten(out[1])
        if p_tree != self.out_tree:
            raise TypeError(f"Custom JVP rule {self.name} for function {self.fun_name} must produce primal outputs "
                            f"with the same container (pytree) structure as the output of the function, but got "
                            f"{p_tree} and {self.out_tree}.")
        if t_tree != p_tree:
            raise TypeError(f"Custom JVP rule {self.name} for function {self.fun_name} must produce primal and "
                            f"tangent outputs with equal container (pytree) structures, but got {p_tree} and "
                            f"{t_tree} respectively.")
        for want, p in zip(self.out_avals, p_leaves):
            got = abstractify(p)
            if got.shape != want.shape or got.dtype != want.dtype:
                raise TypeError(f"Custom JVP rule {self.name} for function {self.fun_name} must produce primal "
                                f"outputs with the same shapes and dtypes as the function: expected "
                                f"{want.str_short()}, got {got.str_short()}.")
        for want, t in zip(self.out_avals, t_leaves):
            expected = ad.tangent_aval(want.update(weak_type=False))
            got = abstractify(t).update(weak_type=False)
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
    outs = jvp(primals[num_consts:], [ad.materialize(ad.instantiate_zeros(t)) for t in tangents[num_consts:]])
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
        nums = set(nondiff_argnums)
        if nondiff_argnames:
            params = list(inspect.signature(fun).parameters)
            for name in nondiff_argnames:
                if name not in params:
                    raise ValueError(f"nondiff_argnames {name!r} is not a parameter of {function_name(fun)}")
                nums.add(params.index(name))
        self.nondiff_argnums = tuple(sorted(nums))
        self.jvp = None
        self.symbolic_zeros = False
        self._jaxprs: dict[Hashable, tuple[jx.ClosedJaxpr, tree.TreeDef, FlatRule]] = {}

    def defjvp(self, jvp: _J, symbolic_zeros: bool = False) -> _J:
        """Set the rule: ``jvp(primals, tangents) -> (primal_out, tangent_out)``, ``primals`` and ``tangents``
        tuples of the differentiated arguments (after the ``nondiff_argnums`` values, if any). Returns ``jvp``, so
        it works as a decorator."""
        if symbolic_zeros:
            raise NotImplementedError("custom_jvp rules with symbolic_zeros=True are not supported; they are passed "
                                      "zeros as arrays")
        self.jvp = jvp
        self._jaxprs.clear()  # they hold the rule
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
        full = _positional(self.fun, name, args, kwargs)
        statics = [full[i] for i in self.nondiff_argnums if i < len(full)]
        dyn = tuple(a for i, a in enumerate(full) if i not in self.nondiff_argnums)
        leaves, in_tree = tree.flatten(dyn)
        if find_top_trace(leaves) is None:
            return fun(*full)
        avals = tuple(abstractify(x) for x in leaves)
        cfg = current()
        key: Hashable = None
        try:
            key = (id(cfg), cfg.x64, in_tree, avals, tuple(statics))
            hash(key)
        except TypeError:
            key = None
        entry = self._jaxprs.get(key) if key is not None else None
        extra: list[Any] = []
        if entry is None:
            def flat(*xs: Any) -> Any:
                it = iter(tree.unflatten(in_tree, list(xs)))
                return fun(*[full[i] if i in self.nondiff_argnums else next(it) for i in range(len(full))])

            closed, out_tree = trace_to_jaxpr(flat, avals, f"custom_jvp({name})")
            if any(isinstance(c, Tracer) for c in closed.consts):
                j = closed.jaxpr
                extra = list(closed.consts)
                closed = jx.ClosedJaxpr(jx.Jaxpr([], [*j.constvars, *j.in_binders], j.eqns, j.outs))
            rule = FlatRule(self.jvp, statics, in_tree, out_tree, closed.out_avals, name)
            entry = (closed, out_tree, rule)
            if key is not None and not extra:
                self._jaxprs[key] = entry
        closed, out_tree, rule = entry
        outs = custom_jvp_call_p.bind(*extra, *leaves, call_jaxpr=closed, jvp=rule, num_consts=len(extra),
                                      symbolic_zeros=False)
        result: _R = tree.unflatten(out_tree, list(outs))
        return result

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        return self if instance is None else functools.partial(cast(Callable[..., Any], self), instance)


def _zero_tangent(primal: Any) -> Any:
    return ad.materialize(ad.instantiate_zeros(ad.Zero(ad.tangent_aval(abstractify(primal)))))


def _positional(fun: Callable[..., Any], name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> list[Any]:
    """``args`` and ``kwargs`` as positional arguments of ``fun`` (JAX's ``resolve_kwargs``)."""
    if not kwargs:
        return list(args)
    try:
        bound = inspect.signature(fun).bind(*args, **kwargs)
    except TypeError as e:
        raise TypeError(f"The input arguments to the custom_jvp-decorated function {name} could not be resolved to "
                        f"positional-only arguments. Binding failed with the error:\n{e}") from e
    bound.apply_defaults()
    if bound.kwargs:
        raise TypeError(f"keyword arguments could not be resolved to positions: {list(bound.kwargs)}")
    return list(bound.args)
