"""``jax.scipy.stats.expon``: the exponential distribution's functions of ``x`` (or ``q``), ``loc`` and ``scale``,
as JAX 0.10.2 computes them (``jax/_src/scipy/stats/expon.py``): arguments promoted together with
``promote_args_inexact`` (integers become the default float, a weak flag kept), ``-inf`` (or 0) below ``loc``,
NaN for ``q`` outside ``[0, 1]``; nothing is checked."""

from __future__ import annotations

import numpy as np

from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.lax import lax
from arraytyping._src.scipy.stats._util import promoted

__all__ = ["cdf", "logcdf", "logpdf", "logsf", "pdf", "ppf", "sf"]


def logpdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The log of the exponential probability density at ``x``: ``-(x - loc) / scale - log(scale)``, ``-inf``
    below ``loc``.

    Args:
        x: where to evaluate it.
        loc: the distribution's offset.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import expon
        >>> expon.logpdf(2.0, scale=2.0)
        Array(-1.6931472, dtype=float32, weak_type=True)
    """
    x, loc, scale = promoted("expon.logpdf", x, loc, scale)
    log_scale = lax.log(scale)
    linear_term = lax.div(lax.sub(x, loc), scale)
    log_probs = lax.neg(lax.add(linear_term, log_scale))
    out: AnyArray = jnp.where(lax.lt(x, loc), -np.inf, log_probs)
    return out


def pdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The exponential probability density at ``x``: ``exp(logpdf(x, loc, scale))``.

    Args:
        x: where to evaluate it.
        loc: the distribution's offset.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import expon
        >>> expon.pdf(1.0)
        Array(0.36787945, dtype=float32, weak_type=True)
    """
    out: AnyArray = lax.exp(logpdf(x, loc, scale))
    return out


def cdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The exponential cumulative distribution function at ``x``: ``-expm1(-(x - loc) / scale)``, 0 below ``loc``.

    Args:
        x: where to evaluate it.
        loc: the distribution's offset.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import expon
        >>> expon.cdf(1.0)
        Array(0.63212055, dtype=float32, weak_type=True)
    """
    x, loc, scale = promoted("expon.cdf", x, loc, scale)
    neg_scaled_x = lax.div(lax.sub(loc, x), scale)
    out: AnyArray = jnp.where(lax.lt(x, loc), jnp.zeros_like(neg_scaled_x), lax.neg(lax.expm1(neg_scaled_x)))
    return out


def logcdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The log of the exponential cumulative distribution function: ``log1p(-sf(x, loc, scale))``.

    Args:
        x: where to evaluate it.
        loc: the distribution's offset.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import expon
        >>> expon.logcdf(1.0)
        Array(-0.45867515, dtype=float32, weak_type=True)
    """
    out: AnyArray = lax.log1p(lax.neg(sf(x, loc, scale)))
    return out


def logsf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The log of the exponential survival function: ``-(x - loc) / scale``, 0 below ``loc``.

    Args:
        x: where to evaluate it.
        loc: the distribution's offset.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import expon
        >>> expon.logsf(1.0)
        Array(-1., dtype=float32, weak_type=True)
    """
    x, loc, scale = promoted("expon.sf", x, loc, scale)  # JAX's name, as its own
    neg_scaled_x = lax.div(lax.sub(loc, x), scale)
    out: AnyArray = jnp.where(lax.lt(x, loc), jnp.zeros_like(neg_scaled_x), neg_scaled_x)
    return out


def sf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The exponential survival function ``1 - cdf``: ``exp(logsf(x, loc, scale))``.

    Args:
        x: where to evaluate it.
        loc: the distribution's offset.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import expon
        >>> expon.sf(1.0)
        Array(0.36787945, dtype=float32, weak_type=True)
    """
    out: AnyArray = lax.exp(logsf(x, loc, scale))
    return out


def ppf(q: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The exponential percent point function (the inverse of ``cdf``): ``loc - scale * log1p(-q)``, NaN for ``q``
    outside ``[0, 1]``.

    Args:
        q: the probability.
        loc: the distribution's offset.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import expon
        >>> expon.ppf(0.5)
        Array(0.6931472, dtype=float32, weak_type=True)
    """
    q, loc, scale = promoted("expon.ppf", q, loc, scale)
    out: AnyArray = jnp.where(jnp.isnan(q) | (q < 0) | (q > 1), np.nan,
                              lax.sub(loc, lax.mul(scale, lax.log1p(lax.neg(q)))))
    return out
