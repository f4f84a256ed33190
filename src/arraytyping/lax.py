"""``arraytyping.lax``: JAX 0.10.2's ``jax.lax`` functions, without promotion (operands of one dtype), and its
structured control flow."""

from arraytyping._src.runtime.control_flow import cond, fori_loop, scan, switch, while_loop
from arraytyping._src.runtime.lax_functions import (
    ConvDimensionNumbers, add, broadcast_in_dim, clamp, conv_general_dilated, convert_element_type, digamma,
    dot_general, dynamic_slice, dynamic_update_slice, erf, erf_inv, integer_pow, iota, lgamma, max, min, mul, pad,
    reduce_window, rsqrt, top_k,
)

__all__ = [
    "ConvDimensionNumbers",
    "add",
    "broadcast_in_dim",
    "clamp",
    "cond",
    "conv_general_dilated",
    "convert_element_type",
    "digamma",
    "dot_general",
    "dynamic_slice",
    "dynamic_update_slice",
    "erf",
    "erf_inv",
    "fori_loop",
    "integer_pow",
    "iota",
    "lgamma",
    "max",
    "min",
    "mul",
    "pad",
    "reduce_window",
    "rsqrt",
    "scan",
    "switch",
    "top_k",
    "while_loop",
]
