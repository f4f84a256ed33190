"""``jax.scipy.stats.vonmises``: the von Mises distribution's density of ``x`` with concentration ``kappa``, as JAX
0.10.2 computes it (``jax/_src/scipy/stats/vonmises.py``, through ``lax.bessel_i0e``): arguments promoted together
with ``promote_args_inexact``; NaN where ``kappa <= 0``."""

from __future__ import annotations

import numpy as np

from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.lax import lax
from arraytyping._src.lax.api.elementwise import bessel_i0e
from arraytyping._src.scipy.stats._util import const, promoted

__all__ = ["logpdf", "pdf"]


def logpdf(x: ArrayLike, kappa: ArrayLike) -> AnyArray:
    """The log of the von Mises probability density at ``x``: ``kappa (cos(x) - 1) - log(2 pi i0e(kappa))``, NaN
    where ``kappa <= 0``.

    Args:
        x: where to evaluate it (an angle).
        kappa: the concentration.

    Example:
        >>> from arraytyping.scipy.stats import vonmises
        >>> vonmises.logpdf(0.5, 2.0)
        Array(-0.9067055, dtype=float32, weak_type=True)
    """
    x, kappa = promoted("vonmises.logpdf", x, kappa)
    zero = const(kappa, 0)
    out: AnyArray = jnp.where(lax.gt(kappa, zero),
                              kappa * (jnp.cos(x) - 1) - jnp.log(2 * np.pi * bessel_i0e(kappa)), np.nan)
    return out


def pdf(x: ArrayLike, kappa: ArrayLike) -> AnyArray:
    """The von Mises probability density at ``x``: ``exp(logpdf(x, kappa))``.

    Args:
        x: where to evaluate it (an angle).
        kappa: the concentration.

    Example:
        >>> from arraytyping.scipy.stats import vonmises
        >>> vonmises.pdf(0.5, 2.0)
        Array(0.40385252, dtype=float32, weak_type=True)
    """
    out: AnyArray = lax.exp(logpdf(x, kappa))
    return out
