"""Structured control flow (``cond``, ``switch``, ``while_loop``, ``fori_loop``, ``scan``, ``platform_dependent``,
``custom_linear_solve``)
staged into primitives with closed sub-jaxprs as parameters, lowered to StableHLO's control flow, batched and
differentiated."""

from arraytyping._src.lax.control_flow.conditionals import cond, cond_p, switch
from arraytyping._src.lax.control_flow.loops import fori_loop, scan, scan_p, while_loop, while_p
from arraytyping._src.lax.control_flow.mapping import map
from arraytyping._src.lax.control_flow.platform import platform_dependent
from arraytyping._src.lax.control_flow.solves import custom_linear_solve, linear_solve_p
from arraytyping._src.interpreters.autodiff import control_flow as autodiff  # registers the differentiation rules

__all__ = ["autodiff", "cond", "cond_p", "custom_linear_solve", "fori_loop", "linear_solve_p", "map", "platform_dependent", "scan",
           "scan_p", "switch", "while_loop", "while_p"]
