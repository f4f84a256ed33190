"""``jax.scipy.stats.gennorm``: the generalized normal distribution's functions of ``x`` with shape ``beta``, as
JAX 0.10.2 computes them (``jax/_src/scipy/stats/gennorm.py``): arguments promoted together with
``promote_args_inexact``; ``cdf`` through ``lax.igamma``."""

from __future__ import annotations

from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.lax import lax
from arraytyping._src.lax.api.elementwise import igamma, lgamma
from arraytyping._src.scipy.stats._util import promoted

__all__ = ["cdf", "logpdf", "pdf"]


def logpdf(x: ArrayLike, beta: ArrayLike) -> AnyArray:
    """The log of the generalized normal probability density at ``x``: ``log(beta / 2) - lgamma(1 / beta) -
    |x|**beta``.

    Args:
        x: where to evaluate it.
        beta: the distribution's shape.

    Example:
        >>> from arraytyping.scipy.stats import gennorm
        >>> gennorm.logpdf(0.5, 2.0)
        Array(-0.8223648, dtype=float32, weak_type=True)
    """
    x, beta = promoted("gennorm.logpdf", x, beta)
    out: AnyArray = lax.log(0.5 * beta) - lgamma(1 / beta) - lax.abs(x) ** beta
    return out


def pdf(x: ArrayLike, beta: ArrayLike) -> AnyArray:
    """The generalized normal probability density at ``x``: ``exp(logpdf(x, beta))``.

    Args:
        x: where to evaluate it.
        beta: the distribution's shape.

    Example:
        >>> from arraytyping.scipy.stats import gennorm
        >>> gennorm.pdf(0.5, 2.0)
        Array(0.43939134, dtype=float32, weak_type=True)
    """
    out: AnyArray = lax.exp(logpdf(x, beta))
    return out


def cdf(x: ArrayLike, beta: ArrayLike) -> AnyArray:
    """The generalized normal cumulative distribution function at ``x``: ``(1 + sign(x) igamma(1 / beta,
    |x|**beta)) / 2``.

    Args:
        x: where to evaluate it.
        beta: the distribution's shape.

    Example:
        >>> from arraytyping.scipy.stats import gennorm
        >>> gennorm.cdf(0.5, 2.0)
        Array(0.76025, dtype=float32, weak_type=True)
    """
    x, beta = promoted("gennorm.cdf", x, beta)
    out: AnyArray = 0.5 * (1 + lax.sign(x) * igamma(1 / beta, lax.abs(x) ** beta))
    return out
