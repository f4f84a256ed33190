"""How calling a concrete scalar type (``arraytyping.float32(1.5)``) builds a value.

The runtime layer registers a constructor that makes an ``Array``; without it the value is a 0-d numpy array of the
dtype, so the registry and lattice layers stay usable on their own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

__all__ = ["construct", "register_constructor"]

_constructor: Callable[[object, np.dtype[Any]], Any] | None = None


def register_constructor(fn: Callable[[object, np.dtype[Any]], Any]) -> None:
    global _constructor
    _constructor = fn


def construct(value: object, dtype: np.dtype[Any]) -> Any:
    if _constructor is not None:
        return _constructor(value, dtype)
    try:
        return np.asarray(value, dtype=dtype)
    except (TypeError, ValueError) as e:
        raise TypeError(f"cannot convert {value!r} to a {dtype.name} scalar: {e}") from e
