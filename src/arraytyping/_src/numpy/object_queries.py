"""Questions about a Python object rather than computations on it (``isscalar``, ``iscomplexobj``,
``isrealobj``), as JAX 0.10.2's ``jax.numpy`` answers them: plain Python ``bool`` results, decided by the object's
type and dtype, never by its values."""

from __future__ import annotations

from typing import Any

import numpy as np

from arraytyping._src.core.array import Array
from arraytyping._src.numpy.conversion import asarray

__all__ = ["iscomplexobj", "isrealobj", "isscalar"]


def isscalar(element: Any) -> bool:
    """Whether ``element`` is a scalar: what ``numpy.isscalar`` accepts (Python and numpy scalars, strings), or an
    array (``Array`` or numpy) of rank 0; lists and other containers are not."""
    if np.isscalar(element):
        return True
    if isinstance(element, (np.ndarray, Array)):
        return element.ndim == 0
    return False


def iscomplexobj(x: Any) -> bool:
    """Whether ``x`` is complex by its type: a Python or numpy complex scalar, or an array (or array-like, such as
    a list) whose dtype is complex, whatever its values; ``None``, strings and real scalars are not."""
    if isinstance(x, (complex, np.complexfloating)):
        return True
    if x is None or isinstance(x, (bool, int, float, str, np.generic)):
        return False
    try:
        dtype = x.dtype
    except AttributeError:
        dtype = asarray(x).dtype
    return bool(np.issubdtype(dtype, np.complexfloating))


def isrealobj(x: Any) -> bool:
    """``not iscomplexobj(x)``: whether ``x`` is real by its type (a complex array of zero imaginary parts is not)."""
    return not iscomplexobj(x)
