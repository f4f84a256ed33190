"""``jax.scipy.stats.pareto``: the Pareto distribution's functions of ``x`` (or ``q``), the shape ``b``, ``loc`` and
``scale``, as JAX 0.10.2 computes them (``jax/_src/scipy/stats/pareto.py``): arguments promoted together with
``promote_args_inexact``; below ``loc + scale`` the density is 0, NaN for ``q`` outside ``[0, 1]``."""

from __future__ import annotations

import numpy as np

from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.lax import lax
from arraytyping._src.scipy.stats._util import const, promoted

__all__ = ["cdf", "logcdf", "logpdf", "logsf", "pdf", "ppf", "sf"]


def logpdf(x: ArrayLike, b: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The log of the Pareto probability density at ``x``: ``-(log(scale / b) + (b + 1) * log(z))``, ``z = (x -
    loc) / scale``, ``-inf`` below ``loc + scale``.

    Args:
        x: where to evaluate it.
        b: the distribution's shape.
        loc: the distribution's offset.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import pareto
        >>> pareto.logpdf(2.0, 3.0)
        Array(-1.6739764, dtype=float32, weak_type=True)
    """
    x, b, loc, scale = promoted("pareto.logpdf", x, b, loc, scale)
    one = const(x, 1)
    scaled_x = lax.div(lax.sub(x, loc), scale)
    normalize_term = lax.log(lax.div(scale, b))
    log_probs = lax.neg(lax.add(normalize_term, lax.mul(lax.add(b, one), lax.log(scaled_x))))
    out: AnyArray = jnp.where(lax.lt(x, lax.add(loc, scale)), -np.inf, log_probs)
    return out


def pdf(x: ArrayLike, b: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The Pareto probability density at ``x``: ``exp(logpdf(x, b, loc, scale))``.

    Args:
        x: where to evaluate it.
        b: the distribution's shape.
        loc: the distribution's offset.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import pareto
        >>> pareto.pdf(2.0, 3.0)
        Array(0.1875, dtype=float32, weak_type=True)
    """
    out: AnyArray = lax.exp(logpdf(x, b, loc, scale))
    return out


def cdf(x: ArrayLike, b: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The Pareto cumulative distribution function at ``x``: ``1 - z**-b``, 0 below ``loc + scale``.

    Args:
        x: where to evaluate it.
        b: the distribution's shape.
        loc: the distribution's offset.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import pareto
        >>> pareto.cdf(2.0, 3.0)
        Array(0.875, dtype=float32, weak_type=True)
    """
    x, b, loc, scale = promoted("pareto.cdf", x, b, loc, scale)
    one = const(x, 1)
    zero = const(x, 0)
    scaled_x = lax.div(lax.sub(x, loc), scale)
    cdf = lax.sub(one, lax.pow(scaled_x, lax.neg(b)))
    out: AnyArray = jnp.where(lax.lt(x, lax.add(loc, scale)), zero, cdf)
    return out


def logcdf(x: ArrayLike, b: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The log of the Pareto cumulative distribution function: ``log1p(-z**-b)``, ``-inf`` below ``loc + scale``.

    Args:
        x: where to evaluate it.
        b: the distribution's shape.
        loc: the distribution's offset.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import pareto
        >>> pareto.logcdf(2.0, 3.0)
        Array(-0.13353139, dtype=float32, weak_type=True)
    """
    x, b, loc, scale = promoted("pareto.logcdf", x, b, loc, scale)
    scaled_x = lax.div(lax.sub(x, loc), scale)
    logcdf_val = lax.log1p(lax.neg(lax.pow(scaled_x, lax.neg(b))))
    out: AnyArray = jnp.where(lax.lt(x, lax.add(loc, scale)), -np.inf, logcdf_val)
    return out


def logsf(x: ArrayLike, b: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The log of the Pareto survival function: ``-b * log(z)``, 0 below ``loc + scale``.

    Args:
        x: where to evaluate it.
        b: the distribution's shape.
        loc: the distribution's offset.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import pareto
        >>> pareto.logsf(2.0, 3.0)
        Array(-2.0794415, dtype=float32, weak_type=True)
    """
    x, b, loc, scale = promoted("pareto.logsf", x, b, loc, scale)
    zero = const(x, 0)
    scaled_x = lax.div(lax.sub(x, loc), scale)
    logsf_val = lax.neg(lax.mul(b, lax.log(scaled_x)))
    out: AnyArray = jnp.where(lax.lt(x, lax.add(loc, scale)), zero, logsf_val)
    return out


def sf(x: ArrayLike, b: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The Pareto survival function ``1 - cdf``: ``exp(logsf(x, b, loc, scale))``.

    Args:
        x: where to evaluate it.
        b: the distribution's shape.
        loc: the distribution's offset.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import pareto
        >>> pareto.sf(2.0, 3.0)
        Array(0.125, dtype=float32, weak_type=True)
    """
    out: AnyArray = lax.exp(logsf(x, b, loc, scale))
    return out


def ppf(q: ArrayLike, b: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The Pareto percent point function (the inverse of ``cdf``): ``loc + scale * (1 - q)**(-1 / b)``, NaN for
    ``q`` outside ``[0, 1]``.

    Args:
        q: the probability.
        b: the distribution's shape.
        loc: the distribution's offset.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import pareto
        >>> pareto.ppf(0.5, 3.0)
        Array(1.2599211, dtype=float32, weak_type=True)
    """
    q, b, loc, scale = promoted("pareto.ppf", q, b, loc, scale)
    one = const(q, 1)
    ppf_val = lax.add(loc, lax.mul(scale, lax.pow(lax.sub(one, q), lax.neg(lax.div(one, b)))))
    out: AnyArray = jnp.where(jnp.isnan(q) | (q < 0) | (q > 1), np.nan, ppf_val)
    return out
