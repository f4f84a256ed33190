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

__all__ = ["extended", "finfo", "iinfo", "isdtype", "issubdtype", "itemsize_bits", "prng_key", "scalar_type_of"]

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


class extended(st.generic):
    """Abstract: the category of extended dtypes, which are not numpy's (JAX's ``jax.dtypes.extended``): the dtype
    of typed key arrays lies under it.

    Example::

        >>> import arraytyping as at
        >>> at.dtypes.issubdtype(at.random.key(0).dtype, at.dtypes.extended)
        True
    """


class prng_key(extended):
    """Abstract: the category of typed PRNG key dtypes (JAX's ``jax.dtypes.prng_key``), under :class:`extended`.

    Example::

        >>> import arraytyping as at
        >>> at.dtypes.issubdtype(at.random.key(0).dtype, at.dtypes.prng_key)
        True
    """


def _as_class(x: object) -> type[st.generic]:
    """Our scalar class for a dtype specifier or an abstract category (ours or numpy's)."""
    obj: object = x
    ext: object = getattr(obj, "type", None)  # an extended dtype (a key's) names its category
    if isinstance(ext, type) and not isinstance(obj, (np.dtype, type)):
        ext_type = cast("type[object]", ext)
        if issubclass(ext_type, extended):
            return ext_type
    if isinstance(x, type):
        if x in registry.ABSTRACT_CLASSES:
            return x
        tp = cast("type[object]", x)
        if issubclass(tp, extended):
            return tp
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


def itemsize_bits(dtype: object) -> int:
    """The number of bits one element of ``dtype`` takes (JAX's ``jax.dtypes.itemsize_bits``): 8 for ``bool``, the
    width of an integer or floating type (4 for ``int4``), twice the width of its parts for a complex type.

    Args:
      dtype: a dtype, a scalar type or a dtype name.

    Example::

        >>> import arraytyping as at
        >>> at.dtypes.itemsize_bits(at.int4), at.dtypes.itemsize_bits("complex64")
        (4, 64)
    """
    if dtype is None:
        raise ValueError("dtype cannot be None.")
    try:
        info = registry.INFO[to_dtype(dtype).name]
    except TypeError:
        raise ValueError(f"unexpected input: dtype={dtype}") from None
    return 8 if info.kind == "b" else info.bits


def scalar_type_of(x: Any) -> type:
    """The Python scalar type (``bool``, ``int``, ``float`` or ``complex``) of a value's dtype (JAX's
    ``jax.dtypes.scalar_type_of``): ``float`` for an array of a floating dtype, ``int`` for integers.

    Args:
      x: an array, a scalar or any value with a dtype.

    Example::

        >>> import arraytyping as at
        >>> at.dtypes.scalar_type_of(at.numpy.ones(3)), at.dtypes.scalar_type_of(1)
        (<class 'float'>, <class 'int'>)
    """
    obj: object = x
    if isinstance(obj, bool):
        return bool
    if isinstance(obj, int):
        return int
    if isinstance(obj, float):
        return float
    if isinstance(obj, complex):
        return complex
    dt = registry.as_np_dtype(getattr(obj, "dtype", None))
    try:
        info = registry.INFO[to_dtype(np.asarray(obj).dtype if dt is None else dt).name]
    except (TypeError, ValueError):
        raise TypeError(f"Invalid scalar value {x}") from None
    return {"b": bool, "i": int, "u": int, "f": float, "c": complex}[info.kind]
