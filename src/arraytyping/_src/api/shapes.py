"""The types of values without their data, as JAX 0.10.2's API gives them: ``eval_shape`` (a pytree of
``ShapeDtypeStruct``), ``typeof`` (a ``ShapedArray``) and ``block_until_ready``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from arraytyping._src.core import staging
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.refs import AbstractRef, Ref
from arraytyping._src.core.shape_dtype_struct import struct_of
from arraytyping._src.tree import pytree as tree

__all__ = ["eval_shape", "typeof", "block_until_ready"]

_ReadyT = TypeVar("_ReadyT")


def _struct(x: Any) -> Any:
    return struct_of(x) if isinstance(x, ShapedArray) else x


def eval_shape(f: Callable[..., Any], *args: Any) -> Any:
    """The shape, dtype and weak type of each array ``f(*args)`` returns (a pytree of ``ShapeDtypeStruct``),
    without running anything: abstract evaluation only, so it works for dtypes no backend can hold. Arguments may
    be arrays, host values or ``ShapeDtypeStruct``\\ s. (Typed key arrays in the result stay abstract key arrays.)"""
    out = staging.eval_shape(f, *args)
    return tree.tree_map(_struct, out, is_leaf=tree.user_is_leaf(None))


def typeof(x: Any) -> Any:
    """The type of the array ``x``: a ``ShapedArray`` (``ShapedArray(float32[3])``; a Python scalar's is weakly
    typed, a tracer's is its abstract type); a reference's is an ``AbstractRef`` (``Ref{float32[3]}``). Anything
    else is a ``TypeError``."""
    if isinstance(x, Ref):  # a mutable array reference: ``Ref{float32[3]}``
        return AbstractRef(x.aval)
    if tree.is_carrier(x):  # a typed key array: its key type (``ShapedArray(key<fry>[])``)
        leaves, td = tree.flatten(x)
        return tree.unflatten(td, [staging.abstractify(leaf) for leaf in leaves])
    try:
        return staging.abstractify(x)
    except TypeError:
        raise TypeError(f"Argument '{x}' of type '{type(x)}' is not a valid JAX type") from None


def block_until_ready(x: _ReadyT) -> _ReadyT:
    """``x``, once every array in it is computed (each leaf's ``block_until_ready``; other leaves as they are)."""
    for leaf in tree.leaves(x, tree.user_is_leaf(None)):
        wait = getattr(leaf, "block_until_ready", None)
        if callable(wait):
            wait()
    return x
