"""The window functions ``bartlett``, ``blackman``, ``hamming`` and ``hanning`` (op_rules' ``WINDOWS``), as JAX
0.10.2's ``window_functions.py`` computes them: ``M`` points of the default float dtype, strong (``float64`` with
x64), from ``iota`` and Python-scalar arithmetic in the order JAX writes it (so the jaxpr and the values are
JAX's); ones for ``M <= 1``. ``M`` must be concrete: it is converted with ``int()``, as JAX's
``concrete_or_error(int, M)`` does (a float is truncated, a traced value refused)."""

from __future__ import annotations

import math
from typing import Any

from arraytyping import op_rules
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import config
from arraytyping._src.core.array import Array
from arraytyping._src.core.trace import ConcretizationTypeError
from arraytyping._src.lax import lax
from arraytyping._src.numpy._promotion import ArrayLike, array_fn
from arraytyping._src.numpy.binary import add, multiply, subtract, true_divide
from arraytyping._src.numpy.unary import abs as abs_
from arraytyping._src.numpy.unary import cos, i0, sqrt

__all__ = ["bartlett", "blackman", "hamming", "hanning", "kaiser"]


def _cosine(n: Any, m: int, k: int) -> Any:
    """``cos(k * pi * n / (M - 1))``, with ``k * pi`` a Python float first, as JAX's source writes it."""
    return cos(true_divide(multiply(k * math.pi, n), m - 1))


def _window_body(*, fn: str, m: int) -> Any:
    dtype = registry.INFO[op_rules.window_result(fn, config.lattice_config)[0]].dtype
    if m <= 1:  # ones; a negative M is broadcast_in_dim's TypeError, as in JAX
        return lax.full((m,), 1, dtype)
    n = lax.iota(dtype, (m,), 0)
    if fn == "bartlett":
        return subtract(1, true_divide(abs_(subtract(add(multiply(2, n), 1), m)), m - 1))
    if fn == "blackman":
        return add(subtract(0.42, multiply(0.5, _cosine(n, m, 2))), multiply(0.08, _cosine(n, m, 4)))
    if fn == "hamming":
        return subtract(0.54, multiply(0.46, _cosine(n, m, 2)))
    return multiply(0.5, subtract(1, _cosine(n, m, 2)))


_window = array_fn(_window_body, "window")


def _size(M: Any, fn: str) -> int:
    """``M`` as a Python int (``int(M)``, as JAX's ``concrete_or_error``): a traced value is refused, and a value
    ``int()`` refuses is named."""
    try:
        return int(M)
    except ConcretizationTypeError:
        raise
    except (TypeError, ValueError) as e:
        raise type(e)(f"M argument of jnp.{fn}: {e}") from None


def bartlett(M: int) -> Array:
    """A Bartlett (triangular) window of ``M`` points, in the default float dtype."""
    return _window(fn="bartlett", m=_size(M, "bartlett"))


def blackman(M: int) -> Array:
    """A Blackman window of ``M`` points, in the default float dtype."""
    return _window(fn="blackman", m=_size(M, "blackman"))


def hamming(M: int) -> Array:
    """A Hamming window of ``M`` points, in the default float dtype."""
    return _window(fn="hamming", m=_size(M, "hamming"))


def hanning(M: int) -> Array:
    """A Hann (Hanning) window of ``M`` points, in the default float dtype."""
    return _window(fn="hanning", m=_size(M, "hanning"))


def kaiser(M: int, beta: ArrayLike) -> Array:
    """A Kaiser window of ``M`` points with shape parameter ``beta``, in the default float dtype (promoted with
    ``beta``'s): ``i0(beta * sqrt(1 - ((n - alpha) / alpha) ** 2)) / i0(beta)`` with ``alpha = (M - 1) / 2``.

    Args:
        M: the number of points (concrete; ones for ``M <= 1``).
        beta: the shape parameter (0 gives a rectangular window).

    Example: ``kaiser(4, 1.5)`` is about ``[0.61, 0.95, 0.95, 0.61]``.
    """
    m = _size(M, "kaiser")
    dtype = registry.INFO[op_rules.window_result("hanning", config.lattice_config)[0]].dtype
    if m <= 1:
        out: Array = lax.full((m,), 1, dtype)
        return out
    n = lax.iota(dtype, (m,), 0)
    alpha = 0.5 * (m - 1)
    window: Array = true_divide(i0(multiply(beta, sqrt(subtract(1, true_divide(subtract(n, alpha), alpha) ** 2)))),
                                i0(beta))
    return window
