"""The primitive of sharding constraints (JAX's ``sharding_constraint_p``): the identity on values, telling XLA's
SPMD partitioner how its result is to lie on devices. Parameters as JAX's: ``sharding`` (a
:class:`~arraytyping.sharding.NamedSharding`), ``layout`` (``None``), ``context_mesh`` (the mesh in context when it
was bound) and ``unconstrained_dims`` (the dimensions whose spec entry is ``UNCONSTRAINED``: the partitioner
chooses). It lowers to Shardy's ``sdy.sharding_constraint`` on the computation's mesh; a computation holding one
runs over that mesh's devices. Its differentiation and batching rules are the interpreters' (``sharding`` in
``interpreters/autodiff`` and ``interpreters/batching``)."""

from __future__ import annotations

from typing import Any, Final

from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.trace import Primitive
from arraytyping._src.xla import lowering as mlow
from arraytyping._src.xla.sharding import Mesh, NamedSharding
from arraytyping._src.xla.spmd import MESH_OF, sdy_sharding

__all__ = ["sharding_constraint_p"]


def _abstract_eval(x: ShapedArray, *, sharding: NamedSharding, layout: Any, context_mesh: Mesh,
                   unconstrained_dims: frozenset[int]) -> list[ShapedArray]:
    return [x]


sharding_constraint_p: Final[Primitive] = Primitive("sharding_constraint", _abstract_eval)
"""``with_sharding_constraint``: its operand, laid out as ``sharding`` says."""


def _lowering(ctx: mlow.LoweringContext, x: Any, *, sharding: NamedSharding, layout: Any, context_mesh: Mesh,
              unconstrained_dims: frozenset[int]) -> list[Any]:
    attr = sdy_sharding(sharding.spec, ctx.avals_in[0].ndim).removeprefix("#sdy.sharding")
    return [ctx.m.sdy.sharding_constraint(x, ctx.m.ir.Attribute.parse(f"#sdy.sharding{attr}"))]


mlow.RULES[sharding_constraint_p] = _lowering
MESH_OF[sharding_constraint_p] = lambda params: params["sharding"].mesh
