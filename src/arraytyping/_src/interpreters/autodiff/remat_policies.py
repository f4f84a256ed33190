"""Checkpoint policies (JAX's ``jax.checkpoint_policies``): which values a checkpointed function saves for the
backward pass. A policy is called ``policy(prim, *in_avals, **params)`` for each equation whose output would be a
residual; true (or :data:`Saveable`, or an :class:`Offloadable`) saves it, false (or :data:`Recompute`) recomputes it.
Offloading is saving here: this runtime has one memory space."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from arraytyping._src.core.trace import Primitive
from arraytyping._src.lax.checkpoint import name_p
from arraytyping._src.lax.convolution import conv_general_dilated_p
from arraytyping._src.lax.primitives import dot_general_p

__all__ = ["CheckpointPolicies", "DotsSaveable", "Offloadable", "Recompute", "SaveAnyNamesButThese",
           "SaveOnlyTheseNames", "Saveable", "checkpoint_policies", "saves"]

Policy = Callable[..., Any]


class RecomputeType:
    """The type of :data:`Recompute`."""


class SaveableType:
    """The type of :data:`Saveable`."""


Recompute: RecomputeType = RecomputeType()
"""A policy's answer: recompute the value."""
Saveable: SaveableType = SaveableType()
"""A policy's answer: save the value."""


class Offloadable(NamedTuple):
    """A policy's answer: save the value in memory ``dst`` (from ``src``)."""

    src: Any
    dst: Any


def saves(answer: Any) -> bool:
    """Whether a policy's answer saves the value."""
    if isinstance(answer, RecomputeType):
        return False
    return isinstance(answer, (SaveableType, Offloadable)) or bool(answer)




@dataclass(frozen=True)
class DotsSaveable:
    """Save the results of ``dot_general`` (and convolutions), or only those of ``dot_general`` without batch
    dimensions."""

    only_if_no_batch_dims: bool

    def __call__(self, prim: Primitive, *args: Any, **params: Any) -> bool:
        if self.only_if_no_batch_dims:
            if prim is dot_general_p:
                (_, _), (lhs_b, rhs_b) = params["dimension_numbers"]
                return not lhs_b and not rhs_b
            return False
        return prim is dot_general_p or prim is conv_general_dilated_p


dots_saveable = DotsSaveable(False)
dots_with_no_batch_dims_saveable = DotsSaveable(True)




@dataclass(frozen=True)
class SaveAnyNamesButThese:
    """Save only the values named with ``checkpoint_name``, except those names."""

    names: frozenset[str]

    def __call__(self, prim: Primitive, *_: Any, **params: Any) -> bool:
        return prim is name_p and params["name"] not in self.names

    def __repr__(self) -> str:
        return f"SaveAnyNamesButThese(names={_names_repr(self.names)})"


@dataclass(frozen=True)
class SaveOnlyTheseNames:
    """Save only the values named with these names."""

    saveable_names: frozenset[str]

    def __call__(self, prim: Primitive, *_: Any, **params: Any) -> bool:
        return prim is name_p and params["name"] in self.saveable_names

    def __repr__(self) -> str:
        return f"SaveOnlyTheseNames(saveable_names={_names_repr(self.saveable_names)})"


def _names_repr(names: frozenset[str]) -> str:
    """A frozenset of names as Python prints it, in sorted order: a jaxpr printed twice reads the same whatever the
    hash seed (Python's own order varies from process to process)."""
    return f"frozenset({{{', '.join(map(repr, sorted(names)))}}})" if names else "frozenset()"






class CheckpointPolicies:
    """The namespace of policies (JAX's ``jax.checkpoint_policies``)."""

    @staticmethod
    def everything_saveable(*_: Any, **__: Any) -> bool:
        """The default strategy, as if ``checkpoint`` were not being used at all."""
        return True

    @staticmethod
    def nothing_saveable(*_: Any, **__: Any) -> bool:
        """Rematerialize everything: the policy of ``checkpoint`` without one."""
        return False

    dots_saveable: DotsSaveable = dots_saveable
    checkpoint_dots: DotsSaveable = dots_saveable
    dots_with_no_batch_dims_saveable: DotsSaveable = dots_with_no_batch_dims_saveable
    checkpoint_dots_with_no_batch_dims: DotsSaveable = dots_with_no_batch_dims_saveable

    @staticmethod
    def offload_dot_with_no_batch_dims(offload_src: Any, offload_dst: Any) -> Policy:
        """``dots_with_no_batch_dims_saveable``, offloading those values to memory ``offload_dst``."""
        def policy(prim: Primitive, *_: Any, **params: Any) -> Any:
            if prim is dot_general_p:
                (_, _), (lhs_b, rhs_b) = params["dimension_numbers"]
                if not lhs_b and not rhs_b:
                    return Offloadable(src=offload_src, dst=offload_dst)
            return Recompute
        return policy

    @staticmethod
    def save_anything_except_these_names(*names_not_to_save: str) -> Policy:
        """Save any values (not just named ones) excluding the names given (JAX 0.10.2's saves every value)."""
        return CheckpointPolicies.everything_saveable

    @staticmethod
    def save_any_names_but_these(*names_not_to_save: str) -> SaveAnyNamesButThese:
        """Save only named values (outputs of ``checkpoint_name``), excluding the names given."""
        return SaveAnyNamesButThese(frozenset(names_not_to_save))

    @staticmethod
    def save_only_these_names(*names_which_can_be_saved: str) -> SaveOnlyTheseNames:
        """Save only the values named with one of the names given."""
        return SaveOnlyTheseNames(frozenset(names_which_can_be_saved))

    @staticmethod
    def save_from_both_policies(policy_1: Policy, policy_2: Policy) -> Policy:
        """Save a value if either policy saves it."""
        def policy(prim: Primitive, *args: Any, **params: Any) -> bool:
            out1 = policy_1(prim, *args, **params)
            out2 = policy_2(prim, *args, **params)
            if not (isinstance(out1, bool) and isinstance(out2, bool)):
                raise ValueError(f"The return value of the policies should be a boolean. Got: {out1} and {out2}. "
                                 "Please write a custom policy function directly, rather than using this helper "
                                 "function.")
            return out1 or out2
        return policy

    @staticmethod
    def save_and_offload_only_these_names(*, names_which_can_be_saved: Any, names_which_can_be_offloaded: Any,
                                          offload_src: Any, offload_dst: Any) -> Policy:
        """Save the values of the first names, offload those of the second, recompute the others."""
        saved = set(names_which_can_be_saved)
        offloaded = set(names_which_can_be_offloaded)
        both = saved.intersection(offloaded)
        if both:
            raise ValueError("The names should be exclusive and should not intersect in `names_which_can_be_saved` and "
                             f"`names_which_can_be_offloaded`. Got names_which_can_be_saved={saved}, "
                             f"names_which_can_be_offloaded={offloaded} and the intersection={both}")

        def policy(prim: Primitive, *_: Any, **params: Any) -> Any:
            if prim is name_p and params["name"] in saved:
                return Saveable
            if prim is name_p and params["name"] in offloaded:
                return Offloadable(src=offload_src, dst=offload_dst)
            return Recompute
        return policy

    def __repr__(self) -> str:
        return "namespace(...)"


checkpoint_policies: CheckpointPolicies = CheckpointPolicies()
"""``jax.checkpoint_policies``."""
