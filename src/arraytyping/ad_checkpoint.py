"""Gradient checkpointing (JAX's ``jax.ad_checkpoint``): :func:`checkpoint` (also ``arraytyping.checkpoint`` and
``arraytyping.remat``) recomputes a function's residuals on the backward pass, except those its policy
(:data:`checkpoint_policies`) saves; :func:`checkpoint_name` names a value for the policies;
:func:`print_saved_residuals` shows what reverse mode saves."""

from arraytyping._src.interpreters.autodiff.checkpoint import checkpoint, checkpoint_name
from arraytyping._src.interpreters.autodiff.remat_policies import (
    Offloadable, Recompute, Saveable, checkpoint_policies,
)
from arraytyping._src.interpreters.autodiff.saved_residuals import print_saved_residuals, saved_residuals

__all__ = ["Offloadable", "Recompute", "Saveable", "checkpoint", "checkpoint_name", "checkpoint_policies",
           "print_saved_residuals", "saved_residuals"]
