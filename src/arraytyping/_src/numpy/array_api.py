"""``jax.numpy``'s other names of its elementwise functions: the array API's ``acos``, ``acosh``, ``asin``,
``asinh``, ``atan``, ``atanh``, ``atan2`` and ``bitwise_invert``, and numpy's ``degrees`` and ``radians``; the
standard's inspection API (``__array_api_version__``, ``__array_namespace_info__``) and ``from_dlpack``.

JAX 0.10.2 defines each as the function it names (``op_rules.UNARY_ALIASES``, ``BINARY_ALIASES``) called after
``promote_args`` under its own name: the same dtypes, weak flags, values and jaxprs, and errors that name the
function called.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from arraytyping import lattice
from arraytyping._src.dtypes.config import config
from arraytyping._src.core.array import ARRAY_API_VERSION, Array
from arraytyping._src.dtypes.promotion import canonicalize_dtype
from arraytyping._src.numpy._promotion import ArrayLike, arraylike
from arraytyping._src.numpy.binary import arctan2
from arraytyping._src.numpy.unary import arccos, arccosh, arcsin, arcsinh, arctan, arctanh, deg2rad, invert, rad2deg
from arraytyping._src.xla.array_impl import device_put, from_dlpack_buffer
from arraytyping._src.xla.backend import backends

__all__ = ["ArrayNamespaceInfo", "__array_api_version__", "__array_namespace_info__", "acos", "acosh", "asin", "asinh",
           "atan", "atanh", "atan2", "bitwise_invert", "degrees", "from_dlpack", "radians"]


def acos(x: ArrayLike, /) -> Array:
    """The inverse cosine (the array API's name of ``arccos``)."""
    return arccos(arraylike(x, "acos"))


def acosh(x: ArrayLike, /) -> Array:
    """The inverse hyperbolic cosine (the array API's name of ``arccosh``)."""
    return arccosh(arraylike(x, "acosh"))


def asin(x: ArrayLike, /) -> Array:
    """The inverse sine (the array API's name of ``arcsin``)."""
    return arcsin(arraylike(x, "asin"))


def asinh(x: ArrayLike, /) -> Array:
    """The inverse hyperbolic sine (the array API's name of ``arcsinh``)."""
    return arcsinh(arraylike(x, "asinh"))


def atan(x: ArrayLike, /) -> Array:
    """The inverse tangent (the array API's name of ``arctan``)."""
    return arctan(arraylike(x, "atan"))


def atanh(x: ArrayLike, /) -> Array:
    """The inverse hyperbolic tangent (the array API's name of ``arctanh``)."""
    return arctanh(arraylike(x, "atanh"))


def atan2(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """The angle of the point ``(x2, x1)`` (the array API's name of ``arctan2``)."""
    return arctan2(arraylike(x1, "atan2"), arraylike(x2, "atan2"))


def bitwise_invert(x: ArrayLike, /) -> Array:
    """The bitwise NOT of an integer or bool array (the array API's name of ``invert``)."""
    return invert(arraylike(x, "bitwise_invert"))


def degrees(x: ArrayLike, /) -> Array:
    """Radians to degrees (numpy's other name of ``rad2deg``)."""
    return rad2deg(x)


def radians(x: ArrayLike, /) -> Array:
    """Degrees to radians (numpy's other name of ``deg2rad``)."""
    return deg2rad(x)


# The namespace's description (the standard's inspection API) -----------------------------------------------------

__array_api_version__ = ARRAY_API_VERSION
"""The version of the Array API standard this namespace implements: ``"2024.12"``, as JAX 0.10.2's."""

_ARRAY_API_DTYPES = ("bool", "int8", "int16", "int32", "uint8", "uint16", "uint32", "float32", "complex64")
_ARRAY_API_DTYPES_X64 = ("int64", "uint64", "float64", "complex128")
_DTYPE_KINDS: dict[str, tuple[str, ...]] = {
    "bool": ("b",), "signed integer": ("i",), "unsigned integer": ("u",), "integral": ("i", "u"),
    "real floating": ("f",), "complex floating": ("c",), "numeric": ("i", "u", "f", "c"),
}
"""The standard's dtype kinds by numpy's kind letters (JAX's ``_dtype_kinds``)."""


class ArrayNamespaceInfo:
    """What the Array API standard's inspection functions say of :mod:`arraytyping.numpy`, as JAX 0.10.2's
    ``jax.numpy.__array_namespace_info__()``: its capabilities, devices and dtypes (which depend on the x64
    setting).

    Example::

        info = arraytyping.numpy.__array_namespace_info__()
        info.default_dtypes()["real floating"]  # dtype('float32') with x64 off
    """

    def capabilities(self) -> dict[str, bool | int]:
        """``{"boolean indexing": False, "data-dependent shapes": False, "max dimensions": 64}``: JAX's (no
        boolean masks or data-dependent shapes under transformations; XLA's 64 dimensions)."""
        return {"boolean indexing": False, "data-dependent shapes": False, "max dimensions": 64}

    def default_device(self) -> None:
        """``None``, as JAX: an array created without ``device=`` is not committed to a device."""
        return None

    def devices(self) -> list[Any]:
        """``None`` (no device asked for) and every device of every initialized backend."""
        return [None, *(d for b in backends().values() for d in b.devices)]

    def default_dtypes(self, *, device: Any = None) -> dict[str, np.dtype[Any]]:
        """The default dtypes by kind (``"real floating"``, ``"complex floating"``, ``"integral"``,
        ``"indexing"``): float32, complex64, int32, int32; with x64 float64, complex128, int64, int64 (the same on
        every device)."""
        del device
        x64 = config.x64
        return {"real floating": np.dtype(lattice.default_name("f", x64)),
                "complex floating": np.dtype(lattice.default_name("c", x64)),
                "integral": np.dtype(lattice.default_name("i", x64)),
                "indexing": np.dtype(lattice.default_name("i", x64))}

    def dtypes(self, *, device: Any = None, kind: str | tuple[str, ...] | None = None) -> dict[str, np.dtype[Any]]:
        """The standard's dtypes this namespace has, by name: of ``kind`` (``"bool"``, ``"signed integer"``,
        ``"unsigned integer"``, ``"integral"``, ``"real floating"``, ``"complex floating"``, ``"numeric"``, or a
        tuple of them), else all of them; the 64-bit ones only with x64. An unknown kind is a ``KeyError``, as
        JAX's."""
        del device
        names = _ARRAY_API_DTYPES + (_ARRAY_API_DTYPES_X64 if config.x64 else ())
        kinds: tuple[str, ...] = ("numeric", "bool") if kind is None else kind if isinstance(kind, tuple) else (kind,)
        letters = {letter for k in kinds for letter in _DTYPE_KINDS[k]}
        return {n: np.dtype(n) for n in names if np.dtype(n).kind in letters}


def __array_namespace_info__() -> ArrayNamespaceInfo:
    """The Array API standard's description of this namespace (its capabilities, devices and dtypes).

    Example::

        arraytyping.numpy.__array_namespace_info__().dtypes(kind="integral")
    """
    return ArrayNamespaceInfo()


def from_dlpack(x: Any, /, *, device: Any = None, copy: bool | None = None) -> Array:
    """An array of another library's array ``x`` (one with ``__dlpack__`` and ``__dlpack_device__``: a numpy array,
    an arraytyping array...) through DLPack, as JAX 0.10.2's: sharing its memory unless ``copy=True`` or a
    ``device`` other than its own is asked for (``copy=False`` then refuses: ``ValueError``); its dtype canonicalized
    for x64 (a float64 numpy array gives float32 with x64 off) and strongly typed.

    Example::

        arraytyping.numpy.from_dlpack(numpy.arange(3.0))  # Array([0., 1., 2.], dtype=float32)
    """
    out = from_dlpack_buffer(x, device, copy)
    dtype = canonicalize_dtype(out.dtype)
    if dtype == out.dtype:
        return out
    with np.errstate(over="ignore", invalid="ignore"):  # converted on the host: the array may be on any device
        return device_put(np.asarray(out).astype(dtype), out.device)
