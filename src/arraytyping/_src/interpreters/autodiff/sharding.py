"""The differentiation rules of the sharding constraint (:mod:`arraytyping._src.lax.sharding`): linear, its
tangent and its cotangent constrained alike, as JAX's. Registered on import."""

from __future__ import annotations

from typing import Any

from arraytyping._src.interpreters.autodiff import ad
from arraytyping._src.lax.sharding import sharding_constraint_p

__all__: list[str] = []


def _transpose(ct: Any, x: Any, **params: Any) -> list[Any]:
    return [sharding_constraint_p.bind(ct, **params)]


ad.deflinear(sharding_constraint_p, _transpose)
