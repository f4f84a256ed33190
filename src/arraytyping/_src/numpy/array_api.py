"""``jax.numpy``'s other names of its elementwise functions: the array API's ``acos``, ``acosh``, ``asin``,
``asinh``, ``atan``, ``atanh``, ``atan2`` and ``bitwise_invert``, and numpy's ``degrees`` and ``radians``.

JAX 0.10.2 defines each as the function it names (``op_rules.UNARY_ALIASES``, ``BINARY_ALIASES``) called after
``promote_args`` under its own name: the same dtypes, weak flags, values and jaxprs, and errors that name the
function called.
"""

from __future__ import annotations

from arraytyping._src.core.array import Array
from arraytyping._src.numpy._promotion import ArrayLike, arraylike
from arraytyping._src.numpy.binary import arctan2
from arraytyping._src.numpy.unary import arccos, arccosh, arcsin, arcsinh, arctan, arctanh, deg2rad, invert, rad2deg

__all__ = ["acos", "acosh", "asin", "asinh", "atan", "atanh", "atan2", "bitwise_invert", "degrees", "radians"]


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
