"""Scalar type classes: ``arraytyping.float32``, ``arraytyping.bfloat16``, ... and their abstract hierarchy.

These are arraytyping's own classes, not numpy's: one class per dtype of the promotion lattice, each with its
``np.dtype`` as the class attribute ``dtype``, arranged like numpy's hierarchy (``generic`` > ``number`` >
``integer`` > ``signedinteger`` ...), so ``issubclass(float32, floating)`` holds and, in the stubs,
``Array[float32]`` is an ``Array[floating]``. Calling a concrete class converts a value to a 0-d array of its dtype.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, final

import ml_dtypes
import numpy as np


__all__ = [
    "bfloat16", "bool_", "complex64", "complex128", "complexfloating", "float4_e2m1fn", "float6_e2m3fn",
    "float6_e3m2fn", "float8_e3m4", "float8_e4m3", "float8_e4m3b11fnuz", "float8_e4m3fn", "float8_e4m3fnuz",
    "float8_e5m2", "float8_e5m2fnuz", "float8_e8m0fnu", "float16", "float32", "float64", "floating", "generic",
    "inexact", "int1", "int2", "int4", "int8", "int16", "int32", "int64", "integer", "number", "signedinteger",
    "uint1", "uint2", "uint4", "uint8", "uint16", "uint32", "uint64", "unsignedinteger",
]


# ---------------------------------------------------------------------------------------------------------------
# How calling a concrete scalar type (``arraytyping.float32(1.5)``) builds a value: the runtime registers a
# constructor that makes an ``Array`` (``arraytyping._src.numpy``); without it the value is a 0-d numpy array of the
# dtype, so the dtype layer stays usable on its own.


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


def _ml(name: str) -> np.dtype[Any]:
    """An ml_dtypes dtype by name (ml_dtypes ships no type information)."""
    dtype: np.dtype[Any] = np.dtype(getattr(ml_dtypes, name))
    return dtype


class _ScalarMeta(type):
    def __repr__(cls) -> str:
        return f"arraytyping.{cls.__name__}"


class generic(metaclass=_ScalarMeta):
    """Base of all scalar types. Abstract classes have no ``dtype``; concrete ones hold their ``np.dtype``."""

    dtype: ClassVar[np.dtype[Any]]

    def __new__(cls, value: object = 0) -> Any:  # noqa: D102 - documented on the class
        dt = cls.__dict__.get("dtype")
        if dt is None:
            raise TypeError(f"{cls!r} is an abstract scalar type and cannot be instantiated; use a concrete "
                            "type such as arraytyping.float32")
        return construct(value, dt)


class number(generic):
    """Abstract: every numeric scalar type."""


class integer(number):
    """Abstract: signed and unsigned integers."""


class signedinteger(integer):
    """Abstract: int1 ... int64."""


class unsignedinteger(integer):
    """Abstract: uint1 ... uint64."""


class inexact(number):
    """Abstract: floating and complex."""


class floating(inexact):
    """Abstract: float4 ... float64, bfloat16 and the float8 family."""


class complexfloating(inexact):
    """Abstract: complex64 and complex128."""


@final
class bool_(generic):
    """Scalar type of ``bool`` arrays."""

    dtype: ClassVar[np.dtype[Any]] = np.dtype("bool")


@final
class uint1(unsignedinteger):
    """Scalar type of ``uint1`` arrays."""

    dtype: ClassVar[np.dtype[Any]] = _ml("uint1")


@final
class uint2(unsignedinteger):
    """Scalar type of ``uint2`` arrays."""

    dtype: ClassVar[np.dtype[Any]] = _ml("uint2")


@final
class uint4(unsignedinteger):
    """Scalar type of ``uint4`` arrays."""

    dtype: ClassVar[np.dtype[Any]] = _ml("uint4")


@final
class uint8(unsignedinteger):
    """Scalar type of ``uint8`` arrays."""

    dtype: ClassVar[np.dtype[Any]] = np.dtype("uint8")


@final
class uint16(unsignedinteger):
    """Scalar type of ``uint16`` arrays."""

    dtype: ClassVar[np.dtype[Any]] = np.dtype("uint16")


@final
class uint32(unsignedinteger):
    """Scalar type of ``uint32`` arrays."""

    dtype: ClassVar[np.dtype[Any]] = np.dtype("uint32")


@final
class uint64(unsignedinteger):
    """Scalar type of ``uint64`` arrays."""

    dtype: ClassVar[np.dtype[Any]] = np.dtype("uint64")


@final
class int1(signedinteger):
    """Scalar type of ``int1`` arrays."""

    dtype: ClassVar[np.dtype[Any]] = _ml("int1")


@final
class int2(signedinteger):
    """Scalar type of ``int2`` arrays."""

    dtype: ClassVar[np.dtype[Any]] = _ml("int2")


@final
class int4(signedinteger):
    """Scalar type of ``int4`` arrays."""

    dtype: ClassVar[np.dtype[Any]] = _ml("int4")


@final
class int8(signedinteger):
    """Scalar type of ``int8`` arrays."""

    dtype: ClassVar[np.dtype[Any]] = np.dtype("int8")


@final
class int16(signedinteger):
    """Scalar type of ``int16`` arrays."""

    dtype: ClassVar[np.dtype[Any]] = np.dtype("int16")


@final
class int32(signedinteger):
    """Scalar type of ``int32`` arrays."""

    dtype: ClassVar[np.dtype[Any]] = np.dtype("int32")


@final
class int64(signedinteger):
    """Scalar type of ``int64`` arrays."""

    dtype: ClassVar[np.dtype[Any]] = np.dtype("int64")


@final
class float4_e2m1fn(floating):
    """Scalar type of ``float4_e2m1fn`` arrays."""

    dtype: ClassVar[np.dtype[Any]] = _ml("float4_e2m1fn")


@final
class float6_e2m3fn(floating):
    """Scalar type of ``float6_e2m3fn`` arrays."""

    dtype: ClassVar[np.dtype[Any]] = _ml("float6_e2m3fn")


@final
class float6_e3m2fn(floating):
    """Scalar type of ``float6_e3m2fn`` arrays."""

    dtype: ClassVar[np.dtype[Any]] = _ml("float6_e3m2fn")


@final
class float8_e3m4(floating):
    """Scalar type of ``float8_e3m4`` arrays."""

    dtype: ClassVar[np.dtype[Any]] = _ml("float8_e3m4")


@final
class float8_e4m3(floating):
    """Scalar type of ``float8_e4m3`` arrays."""

    dtype: ClassVar[np.dtype[Any]] = _ml("float8_e4m3")


@final
class float8_e8m0fnu(floating):
    """Scalar type of ``float8_e8m0fnu`` arrays."""

    dtype: ClassVar[np.dtype[Any]] = _ml("float8_e8m0fnu")


@final
class float8_e4m3b11fnuz(floating):
    """Scalar type of ``float8_e4m3b11fnuz`` arrays."""

    dtype: ClassVar[np.dtype[Any]] = _ml("float8_e4m3b11fnuz")


@final
class float8_e4m3fn(floating):
    """Scalar type of ``float8_e4m3fn`` arrays."""

    dtype: ClassVar[np.dtype[Any]] = _ml("float8_e4m3fn")


@final
class float8_e4m3fnuz(floating):
    """Scalar type of ``float8_e4m3fnuz`` arrays."""

    dtype: ClassVar[np.dtype[Any]] = _ml("float8_e4m3fnuz")


@final
class float8_e5m2(floating):
    """Scalar type of ``float8_e5m2`` arrays."""

    dtype: ClassVar[np.dtype[Any]] = _ml("float8_e5m2")


@final
class float8_e5m2fnuz(floating):
    """Scalar type of ``float8_e5m2fnuz`` arrays."""

    dtype: ClassVar[np.dtype[Any]] = _ml("float8_e5m2fnuz")


@final
class bfloat16(floating):
    """Scalar type of ``bfloat16`` arrays."""

    dtype: ClassVar[np.dtype[Any]] = _ml("bfloat16")


@final
class float16(floating):
    """Scalar type of ``float16`` arrays."""

    dtype: ClassVar[np.dtype[Any]] = np.dtype("float16")


@final
class float32(floating):
    """Scalar type of ``float32`` arrays."""

    dtype: ClassVar[np.dtype[Any]] = np.dtype("float32")


@final
class float64(floating):
    """Scalar type of ``float64`` arrays."""

    dtype: ClassVar[np.dtype[Any]] = np.dtype("float64")


@final
class complex64(complexfloating):
    """Scalar type of ``complex64`` arrays."""

    dtype: ClassVar[np.dtype[Any]] = np.dtype("complex64")


@final
class complex128(complexfloating):
    """Scalar type of ``complex128`` arrays."""

    dtype: ClassVar[np.dtype[Any]] = np.dtype("complex128")

