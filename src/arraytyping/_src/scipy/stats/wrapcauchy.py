"""``jax.scipy.stats.wrapcauchy``: the wrapped Cauchy distribution's density of ``x`` with shape ``c``, as JAX
0.10.2 computes it (``jax/_src/scipy/stats/wrapcauchy.py``): arguments promoted together with
``promote_args_inexact``; ``-inf`` outside ``[0, 2 pi]``, NaN for ``c`` outside ``(0, 1)``."""

from __future__ import annotations

import numpy as np

from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.lax import lax
from arraytyping._src.scipy.stats._util import const, promoted

__all__ = ["logpdf", "pdf"]


def logpdf(x: ArrayLike, c: ArrayLike) -> AnyArray:
    """The log of the wrapped Cauchy probability density at ``x``: ``log(1 - c**2) - log(2 pi) - log(1 + c**2 - 2 c
    cos(x))``.

    Args:
        x: where to evaluate it, in ``[0, 2 pi]``.
        c: the distribution's shape, in ``(0, 1)``.

    Example:
        >>> from arraytyping.scipy.stats import wrapcauchy
        >>> wrapcauchy.logpdf(1.0, 0.5)
        Array(-1.782643, dtype=float32, weak_type=True)
    """
    x, c = promoted("wrapcauchy.logpdf", x, c)
    out: AnyArray = jnp.where(
        lax.gt(c, const(c, 0)) & lax.lt(c, const(c, 1)),
        jnp.where(lax.ge(x, const(x, 0)) & lax.le(x, const(x, np.pi * 2)),
                  jnp.log(1 - c * c) - jnp.log(2 * np.pi) - jnp.log(1 + c * c - 2 * c * jnp.cos(x)), -np.inf),
        np.nan)
    return out


def pdf(x: ArrayLike, c: ArrayLike) -> AnyArray:
    """The wrapped Cauchy probability density at ``x``: ``exp(logpdf(x, c))``.

    Args:
        x: where to evaluate it, in ``[0, 2 pi]``.
        c: the distribution's shape, in ``(0, 1)``.

    Example:
        >>> from arraytyping.scipy.stats import wrapcauchy
        >>> wrapcauchy.pdf(1.0, 0.5)
        Array(0.16819303, dtype=float32, weak_type=True)
    """
    out: AnyArray = lax.exp(logpdf(x, c))
    return out
