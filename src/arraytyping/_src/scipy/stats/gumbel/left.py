"""``jax.scipy.stats.gumbel_l``: the left-skewed Gumbel distribution's functions of ``x`` (or ``p``), ``loc`` and
``scale``, as JAX 0.10.2 computes them (``jax/_src/scipy/stats/gumbel_l.py``): arguments promoted together with
``promote_args_inexact``; NaN where ``scale <= 0``, and for ``p`` outside ``(0, 1)``."""

from __future__ import annotations

import numpy as np

from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.lax import lax
from arraytyping._src.scipy.special import xlog1py, xlogy
from arraytyping._src.scipy.stats._util import const, promoted

__all__ = ["cdf", "logcdf", "logpdf", "logsf", "pdf", "ppf", "sf"]


def logpdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The log of the left-skewed Gumbel probability density at ``x``: ``-log(scale) + z - exp(z)``, ``z = (x - loc)
    / scale``.

    Args:
        x: where to evaluate it.
        loc: the distribution's location.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import gumbel_l
        >>> gumbel_l.logpdf(-1.0)
        Array(-1.3678794, dtype=float32, weak_type=True)
    """
    x, loc, scale = promoted("gumbel_l.logpdf", x, loc, scale)
    ok = lax.gt(scale, const(scale, 0))
    z = lax.div(lax.sub(x, loc), scale)
    neg_log_scale = xlogy(-1, scale)
    t2 = lax.sub(z, lax.exp(z))
    log_pdf = lax.add(neg_log_scale, t2)
    out: AnyArray = jnp.where(ok, log_pdf, np.nan)
    return out


def pdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The left-skewed Gumbel probability density at ``x``: ``exp(logpdf(x, loc, scale))``.

    Args:
        x: where to evaluate it.
        loc: the distribution's location.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import gumbel_l
        >>> gumbel_l.pdf(-1.0)
        Array(0.2546464, dtype=float32, weak_type=True)
    """
    out: AnyArray = lax.exp(logpdf(x, loc, scale))
    return out


def logcdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The log of the left-skewed Gumbel cumulative distribution function at ``x``: ``log(-expm1(-exp(z)))``.

    Args:
        x: where to evaluate it.
        loc: the distribution's location.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import gumbel_l
        >>> gumbel_l.logcdf(-1.0)
        Array(-1.178307, dtype=float32, weak_type=True)
    """
    x, loc, scale = promoted("gumbel_l.logcdf", x, loc, scale)
    ok = lax.gt(scale, const(scale, 0))
    z = lax.div(lax.sub(x, loc), scale)
    neg_exp_z = lax.neg(lax.exp(z))
    log_cdf = lax.log(-lax.expm1(neg_exp_z))
    out: AnyArray = jnp.where(ok, log_cdf, np.nan)
    return out


def cdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The left-skewed Gumbel cumulative distribution function at ``x``: ``exp(logcdf(x, loc, scale))``.

    Args:
        x: where to evaluate it.
        loc: the distribution's location.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import gumbel_l
        >>> gumbel_l.cdf(-1.0)
        Array(0.3077994, dtype=float32, weak_type=True)
    """
    out: AnyArray = lax.exp(logcdf(x, loc, scale))
    return out


def ppf(p: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The left-skewed Gumbel percent point function (the inverse of ``cdf``): ``loc + scale * log(-log1p(-p))``.

    Args:
        p: the probability.
        loc: the distribution's location.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import gumbel_l
        >>> gumbel_l.ppf(0.5)
        Array(-0.36651292, dtype=float32, weak_type=True)
    """
    p, loc, scale = promoted("gumbel_l.ppf", p, loc, scale)
    ok = lax.bitwise_and(lax.gt(p, const(p, 0)), lax.lt(p, const(p, 1)))
    t1 = xlog1py(-1, lax.neg(p))
    t = lax.mul(scale, lax.log(t1))
    quantile = lax.add(loc, t)
    out: AnyArray = jnp.where(ok, quantile, np.nan)
    return out


def sf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The left-skewed Gumbel survival function ``1 - cdf``: ``exp(logsf(x, loc, scale))``.

    Args:
        x: where to evaluate it.
        loc: the distribution's location.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import gumbel_l
        >>> gumbel_l.sf(-1.0)
        Array(0.6922006, dtype=float32, weak_type=True)
    """
    out: AnyArray = jnp.exp(logsf(x, loc, scale))
    return out


def logsf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The log of the left-skewed Gumbel survival function: ``-exp(z)``.

    Args:
        x: where to evaluate it.
        loc: the distribution's location.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import gumbel_l
        >>> gumbel_l.logsf(-1.0)
        Array(-0.36787945, dtype=float32, weak_type=True)
    """
    x, loc, scale = promoted("gumbel_l.logsf", x, loc, scale)
    ok = lax.gt(scale, const(scale, 0))
    z = lax.div(lax.sub(x, loc), scale)
    log_sf = lax.neg(lax.exp(z))
    out: AnyArray = jnp.where(ok, log_sf, np.nan)
    return out
