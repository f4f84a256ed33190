"""What the ``jax.numpy`` functions take as arrays, and JAX's error for an argument that is none
(``check_arraylike``): arrays, numpy values and Python scalars are array-like; a list or a tuple is not, though
``asarray`` converts it."""

from __future__ import annotations

from typing import Any

import numpy as np

from arraytyping._src.core.array import Array
from arraytyping._src.core.avals import HOST_VALUE_TYPES

__all__ = ["check_arraylike", "not_arraylike", "refuse_sequences"]


def not_arraylike(fn: str, x: object, position: int, *, none: bool = False) -> TypeError:
    """JAX's error for argument ``x`` of ``fn`` at ``position`` (of those checked together) that is no array,
    numpy value or scalar: a list or tuple above all (``asarray`` converts those); ``none``: None was accepted too
    (JAX's ``check_arraylike_or_none``), as the message says."""
    what = "ndarray, scalar, or None" if none else "ndarray or scalar"
    return TypeError(f"{fn} requires {what} arguments, got {type(x)} at position {position}.")


def refuse_sequences(fn: str, *args: Any) -> None:
    """JAX's ``check_arraylike`` where the library calls the function with its own constants too (which the full
    check would refuse): a list or tuple, which JAX does not convert, is refused in JAX's words; anything else is
    left to the function."""
    for i, x in enumerate(args):
        if type(x) in (list, tuple):
            raise not_arraylike(fn, x, i)


def check_arraylike(fn: str, *args: Any, none: bool = False) -> None:
    """JAX's ``check_arraylike`` (``check_arraylike_or_none`` with ``none``): the first argument that is no array,
    numpy value or Python scalar (``numpy.isscalar``: a string passes here and fails where it is used, as in JAX)
    raises :func:`not_arraylike`'s error."""
    for i, x in enumerate(args):
        if not (isinstance(x, (Array, *HOST_VALUE_TYPES)) or (none and x is None) or hasattr(x, "__jax_array__")
                or np.isscalar(x)):
            raise not_arraylike(fn, x, i, none=none)
