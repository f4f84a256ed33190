"""Custom derivative rules (JAX's ``jax.custom_derivatives``): :class:`custom_jvp` and :class:`custom_vjp` (also
``arraytyping.custom_jvp``/``custom_vjp``), the values their rules set with ``symbolic_zeros=True`` see
(:class:`SymbolicZero`, :class:`CustomVJPPrimal`) and their primitives; :func:`custom_gradient`,
:func:`closure_convert`, :func:`linear_call` and :func:`zero_from_primal`."""

from arraytyping._src.api.custom_gradient import closure_convert, custom_gradient, zero_from_primal
from arraytyping._src.interpreters.autodiff.custom_derivatives import (
    custom_jvp, custom_vjp, custom_vjp_primal_tree_values,
)
from arraytyping._src.interpreters.autodiff.linear_call import linear_call
from arraytyping._src.lax.custom_derivatives import (
    CustomVJPPrimal, SymbolicZero, custom_jvp_call_p, custom_vjp_call_p,
)

__all__ = ["CustomVJPPrimal", "SymbolicZero", "custom_jvp", "custom_jvp_call_p", "custom_vjp", "custom_vjp_call_p",
           "custom_vjp_primal_tree_values", "closure_convert", "custom_gradient", "linear_call", "zero_from_primal"]
