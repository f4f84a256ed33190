"""Questions about dtypes: ``issubdtype``, ``isdtype``, ``finfo``, ``iinfo``.

All of them understand the ml_dtypes types (bfloat16, float8_*, int4, ...) through the registry, which numpy's own
versions do not: ``np.issubdtype(bfloat16, np.floating)`` is False, ours is True.
"""

from __future__ import annotations

from typing import Any, Final, cast

import ml_dtypes
import numpy as np

from arraytyping import lattice
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes import scalar_types as st
from arraytyping._src.dtypes.promotion import describe, to_dtype

__all__ = ["finfo", "iinfo", "isdtype", "issubdtype"]

_KINDS: Final[dict[str, frozenset[str]]] = {
    "bool": frozenset({"bool"}),
    "signed integer": frozenset(lattice.SIGNED_NAMES),
    "unsigned integer": frozenset(lattice.UNSIGNED_NAMES),
    "integral": frozenset(lattice.SIGNED_NAMES + lattice.UNSIGNED_NAMES),
    "real floating": frozenset(lattice.FLOAT_NAMES),
    "complex floating": frozenset(lattice.COMPLEX_NAMES),
    "numeric": frozenset(lattice.SIGNED_NAMES + lattice.UNSIGNED_NAMES + lattice.FLOAT_NAMES
                         + lattice.COMPLEX_NAMES),
}


def _as_class(x: object) -> type[st.generic]:
    """Our scalar class for a dtype specifier or an abstract category (ours or numpy's)."""
    obj: object = x
    if isinstance(x, type):
        if x in registry.ABSTRACT_CLASSES:
            return x
        ours = registry.NUMPY_ABSTRACT_TO_OURS.get(x)
        if ours is not None:
            return ours
    is_spec = isinstance(obj, (np.dtype, str, type))
    dt = None if is_spec else registry.as_np_dtype(getattr(obj, "dtype", None))
    return to_dtype(x if dt is None else dt).scalar_class


def issubdtype(arg1: object, arg2: object) -> bool:
    """Whether ``arg1`` (a dtype or category) lies under ``arg2`` in the scalar hierarchy.

    ``issubdtype('bfloat16', floating)`` and ``issubdtype(int4, np.signedinteger)`` are True; both arguments may be
    names, dtypes, our scalar classes or numpy's (abstract or concrete)."""
    return issubclass(_as_class(arg1), _as_class(arg2))


def isdtype(dtype: object, kind: object) -> bool:
    """Array-API ``isdtype``: ``kind`` is a dtype, one of ``'bool'``, ``'signed integer'``, ``'unsigned integer'``,
    ``'integral'``, ``'real floating'``, ``'complex floating'``, ``'numeric'``, or a tuple of those."""
    name = to_dtype(dtype).name
    kinds: tuple[object, ...] = cast("tuple[object, ...]", kind) if isinstance(kind, tuple) else (kind,)
    for k in kinds:
        if isinstance(k, str) and k in _KINDS:
            if name in _KINDS[k]:
                return True
            continue
        try:
            if to_dtype(k).name == name:
                return True
        except TypeError:
            if isinstance(k, str):
                raise ValueError(f"unrecognized kind {k!r}; expected one of {', '.join(map(repr, _KINDS))} "
                                 "or a dtype") from None
            raise TypeError(f"kind must be a dtype, a kind name or a tuple of those; got {describe(k)}") from None
    return False


def _of(dtype: object) -> registry.DTypeInfo:
    """The dtype ``finfo``/``iinfo`` answer for: a dtype specifier's, or an array's (anything with a ``dtype``: an
    ``Array``, a tracer, a numpy array or scalar), as JAX's (ml_dtypes') read it."""
    spec: object = dtype
    if not isinstance(dtype, (np.dtype, str, type)):
        dt: object = getattr(dtype, "dtype", None)
        if dt is not None:
            spec = dt
    return to_dtype(spec)


def finfo(dtype: object) -> Any:
    """Machine limits of a floating or complex dtype (complex gives its real component's), ml_dtypes included;
    ``dtype`` may be an array (its dtype's limits).

    >>> import arraytyping.numpy as jnp
    >>> float(jnp.finfo(jnp.ones(2, dtype=jnp.bfloat16)).eps)
    0.0078125
    """
    info = _of(dtype)
    if info.kind == "c":
        info = registry.INFO["float32" if info.name == "complex64" else "float64"]
    if info.kind != "f":
        raise ValueError(f"finfo needs a floating-point dtype, got {info.name}; use iinfo for integers")
    return ml_dtypes.finfo(info.dtype)  # type: ignore[no-untyped-call]


def iinfo(dtype: object) -> Any:
    """Machine limits of an integer dtype, the 1-, 2- and 4-bit ones included; ``dtype`` may be an array (its
    dtype's limits).

    >>> import arraytyping.numpy as jnp
    >>> jnp.iinfo(jnp.zeros(2, dtype=jnp.int8)).max
    127
    """
    if isinstance(dtype, (bool, int, float, complex)):  # numpy's iinfo reads a Python scalar's type: int is int64
        if type(dtype) is not int:
            raise ValueError(f"iinfo needs an integer dtype, got a Python {type(dtype).__name__}")
        return ml_dtypes.iinfo(np.int64)  # type: ignore[no-untyped-call]
    info = _of(dtype)
    if info.kind not in ("i", "u"):
        raise ValueError(f"iinfo needs an integer dtype, got {info.name}; use finfo for floating point")
    return ml_dtypes.iinfo(info.dtype)  # type: ignore[no-untyped-call]
