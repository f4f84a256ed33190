"""``jax.scipy.integrate`` as JAX 0.10.2 computes it (``jax/_src/scipy/integrate.py``): ``trapezoid``, which is
``jax.numpy.trapezoid``."""

from __future__ import annotations

from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray, ArrayLike

__all__ = ["trapezoid"]


def trapezoid(y: ArrayLike, x: ArrayLike | None = None, dx: ArrayLike = 1.0, axis: int = -1) -> AnyArray:
    """The integral of ``y`` along ``axis`` by the trapezoidal rule, at sample points ``x`` (or spaced ``dx``), as
    ``jax.numpy.trapezoid``.

    Args:
        y: the values to integrate.
        x: the sample points (1-d, or of ``y``'s shape); when None, spaced ``dx`` apart.
        dx: the spacing when ``x`` is None.
        axis: the axis to integrate along.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import integrate
        >>> integrate.trapezoid(jnp.array([1, 2, 3, 2, 3, 2, 1]), dx=1.0)
        Array(13., dtype=float32)
    """
    out: AnyArray = jnp.trapezoid(y, x, dx, axis)
    return out
