"""The dtype registry: every dtype of the lattice as a name, an ``np.dtype`` and an arraytyping scalar class.

Dtypes are identified by their scalar type (``np.dtype(x).type``) and name, never by ``.char`` or ``.kind``:
ml_dtypes' character codes collide (uint1 and bfloat16 are both ``'E'``) and all of them have kind ``'V'``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final

import numpy as np

from arraytyping import lattice
from arraytyping._src.dtypes import scalar_types as st

__all__ = ["as_np_dtype", "DTypeInfo", "INFO", "by_name", "info_of_dtype", "info_of_scalar_class", "SCALAR_CLASSES",
           "ABSTRACT_CLASSES", "NUMPY_ABSTRACT_TO_OURS"]


@dataclass(frozen=True, slots=True)
class DTypeInfo:
    """One registered dtype."""

    name: str
    dtype: np.dtype[Any]
    scalar_class: type[st.generic]
    kind: str
    """``b``, ``u``, ``i``, ``f`` or ``c``, from the lattice (not numpy's ``V`` for ml_dtypes)."""
    bits: int


def _bits(name: str, dtype: np.dtype[Any]) -> int:
    if name == "bool":
        return 8
    digits = "".join(ch for ch in name.split("_")[0] if ch.isdigit())
    return int(digits) if digits else dtype.itemsize * 8


SCALAR_CLASSES: Final[Mapping[str, type[st.generic]]] = MappingProxyType(
    {name: getattr(st, "bool_" if name == "bool" else name) for name in lattice.DTYPE_NAMES}
)

INFO: Final[Mapping[str, DTypeInfo]] = MappingProxyType({
    name: DTypeInfo(name, cls.dtype, cls, lattice.KIND[name], _bits(name, cls.dtype))
    for name, cls in SCALAR_CLASSES.items()
})

_BY_SCALAR_TYPE: Final[Mapping[type, DTypeInfo]] = MappingProxyType({i.dtype.type: i for i in INFO.values()})
_BY_OUR_CLASS: Final[Mapping[type, DTypeInfo]] = MappingProxyType({i.scalar_class: i for i in INFO.values()})

ABSTRACT_CLASSES: Final[tuple[type[st.generic], ...]] = (
    st.generic, st.number, st.integer, st.signedinteger, st.unsignedinteger, st.inexact, st.floating,
    st.complexfloating,
)
NUMPY_ABSTRACT_TO_OURS: Final[Mapping[type, type[st.generic]]] = MappingProxyType({
    np.generic: st.generic, np.number: st.number, np.integer: st.integer, np.signedinteger: st.signedinteger,
    np.unsignedinteger: st.unsignedinteger, np.inexact: st.inexact, np.floating: st.floating,
    np.complexfloating: st.complexfloating,
})


def as_np_dtype(x: object) -> np.dtype[Any] | None:
    """``x`` if it is a numpy dtype object, else ``None`` (a typed narrowing helper)."""
    if isinstance(x, np.dtype):
        dt: np.dtype[Any] = x  # pyright: ignore[reportUnknownVariableType] - numpy's dtype[Unknown]
        return dt
    return None


def by_name(name: str) -> DTypeInfo | None:
    return INFO.get(name)


# The registry's own dtype objects are alive for the life of the process, so their ids are stable keys; numpy and
# ml_dtypes hand out these same singleton objects for arrays of native byte order.
_BY_ID: Final[dict[int, DTypeInfo]] = {id(i.dtype): i for i in INFO.values()}  # read-only by convention


def info_of_dtype(dtype: np.dtype[Any]) -> DTypeInfo | None:
    """The registered dtype equal to ``dtype``, or ``None`` (non-native byte order, structured, object, ...)."""
    info = _BY_ID.get(id(dtype))
    if info is not None:
        return info
    info = _BY_SCALAR_TYPE.get(dtype.type)
    if info is None or dtype != info.dtype:
        return None
    return info


def info_of_scalar_class(cls: type) -> DTypeInfo | None:
    """The dtype of one of our concrete scalar classes or of a numpy/ml_dtypes scalar type."""
    return _BY_OUR_CLASS.get(cls) or _BY_SCALAR_TYPE.get(cls)
