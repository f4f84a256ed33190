"""Structured control flow (``cond``, ``switch``, ``while_loop``, ``fori_loop``, ``scan``, ``platform_dependent``,
and the ``custom_linear_solve`` primitive) staged into primitives with closed sub-jaxprs as parameters, with their type rules and their lowerings to
StableHLO's control flow. Their batching and differentiation rules are the interpreters' (``interpreters/batching``
and ``interpreters/autodiff``, module ``control_flow``)."""

from arraytyping._src.lax.control_flow.conditionals import cond, cond_p, switch
from arraytyping._src.lax.control_flow.loops import fori_loop, scan, scan_p, while_loop, while_p
from arraytyping._src.lax.control_flow.platform import platform_dependent
from arraytyping._src.lax.control_flow.solves import linear_solve_p

__all__ = ["cond", "cond_p", "fori_loop", "linear_solve_p", "platform_dependent", "scan",
           "scan_p", "switch", "while_loop", "while_p"]
