"""JAX's ``jax.test_util``: derivatives from automatic differentiation checked against finite differences."""

from arraytyping._src.api.gradient_checks import check_grads, check_jvp, check_vjp

__all__ = ["check_grads", "check_jvp", "check_vjp"]
