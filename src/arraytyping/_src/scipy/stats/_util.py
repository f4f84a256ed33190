"""What every ``jax.scipy.stats`` distribution module shares: JAX's ``promote_args_inexact(name, *args)`` (each
argument checked to be array-like, naming the function, then promoted to one inexact dtype and broadcast ranks)."""

from __future__ import annotations

from typing import Any

from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.core.staging import ConstVal
from arraytyping._src.lax.api.elementwise import check_operand
from arraytyping._src.numpy._promotion import numpy_const, promote_args_inexact, traced_const

__all__ = ["const", "promoted"]


def promoted(name: str, *args: ArrayLike) -> list[AnyArray]:
    """JAX's ``promote_args_inexact(name, *args)``: a ``TypeError`` naming ``name`` for an argument that is not
    array-like, else the arguments in one inexact dtype (integers and bool become the default float, weak where
    every argument is)."""
    check_operand(name, *(a for a in args if not isinstance(a, ConstVal)))
    out = promote_args_inexact(*args)  # JAX's are arrays, Python scalars among them: operators and ``xlogy`` take them
    return [traced_const(a.val, a.aval, *args) if isinstance(a, ConstVal) else a for a in out]


def const(x: Any, value: float) -> AnyArray:
    """JAX's ``lax._const(x, value)``: ``value`` in ``x``'s dtype (weak where ``x`` is a weakly typed scalar of its
    kind's default dtype), an array (operators take it)."""
    c = numpy_const(x, value)
    out: AnyArray = traced_const(c.val, c.aval, x)
    return out
