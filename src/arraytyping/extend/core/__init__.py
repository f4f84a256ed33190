"""``arraytyping.extend.core``: JAX 0.10.2's ``jax.extend.core``, the jaxpr IR as programs that interpret it read it:
:class:`Jaxpr` (``invars``, ``outvars``, ``constvars``, ``eqns``), :class:`ClosedJaxpr` (``jaxpr``, ``consts``
alias ``literals``), :class:`JaxprEqn` (``primitive``, ``invars``, ``outvars``, ``params``), :class:`Var`,
:class:`Literal` (``val``, ``aval``), :class:`Primitive` (``name``, ``multiple_results``, ``bind``), and
:mod:`.primitives`, the primitives by JAX's names.

A primitive here is one of arraytyping's own (each with its type rule and lowering): ``Primitive(name)`` alone does
not define a new one that runs, as JAX's ``def_impl``/``def_abstract_eval`` would.

Example (an interpreter that evaluates a jaxpr with ``bind``)::

    closed = arraytyping.make_jaxpr(lambda x: arraytyping.numpy.exp(arraytyping.numpy.tanh(x)))(1.0)
    env = dict(zip(closed.jaxpr.invars, [0.5]))
    for eqn in closed.jaxpr.eqns:
        vals = [v.val if type(v) is Literal else env[v] for v in eqn.invars]
        out = eqn.primitive.bind(*vals, **eqn.params)
        env.update(zip(eqn.outvars, out if eqn.primitive.multiple_results else [out]))
"""

from arraytyping._src.core.jaxpr import (
    ClosedJaxpr, Jaxpr, JaxprEqn, JaxprTypeError, Literal, Var, check_jaxpr, jaxpr_as_fun, jaxprs_in_params,
)
from arraytyping._src.core.trace import Primitive
from arraytyping.extend.core import primitives

__all__ = ["ClosedJaxpr", "Jaxpr", "JaxprEqn", "JaxprTypeError", "Literal", "Primitive", "Var", "check_jaxpr",
           "jaxpr_as_fun", "jaxprs_in_params", "primitives"]
