"""Annotation aliases of the public functions defined under ``_src``: ``ArrayLike`` spelled over
``arraytyping.Array``, so that a type checker reading the installed package sees the stub package's generic
``Array`` (and ``pyright --verifytypes`` finds every type known), while the source sees the runtime class."""

from __future__ import annotations

from typing import Any, TypeAlias

import numpy as np

from arraytyping import Array

__all__ = ["AnyArray", "ArrayLike"]

AnyArray: TypeAlias = Array
"""An array of any dtype: the runtime class in the source, ``Array[Any]`` in the generated ``annotations.pyi`` (what a
checker reading the installed package sees, with every type known)."""
ArrayLike: TypeAlias = "AnyArray | np.ndarray[Any, Any] | np.bool_ | np.number[Any] | bool | int | float | complex"
"""Anything the functions convert to an array implicitly (as :data:`arraytyping.typing.ArrayLike`)."""
