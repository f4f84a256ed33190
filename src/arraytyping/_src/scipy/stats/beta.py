"""``jax.scipy.stats.beta``: the beta distribution's functions of ``x`` with shapes ``a`` and ``b``, ``loc`` and
``scale``, as JAX 0.10.2 computes them (``jax/_src/scipy/stats/beta.py``): arguments promoted together with
``promote_args_inexact``; ``-inf`` density outside ``[loc, loc + scale]``, NaN for non-positive ``a``, ``b`` or
``scale``; ``cdf`` and ``sf`` through ``betainc``."""

from __future__ import annotations

import numpy as np

from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.lax import lax
from arraytyping._src.scipy.special import betainc, betaln, xlog1py, xlogy
from arraytyping._src.scipy.stats._util import const, promoted

__all__ = ["cdf", "logcdf", "logpdf", "logsf", "pdf", "sf"]


def logpdf(x: ArrayLike, a: ArrayLike, b: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The log of the beta probability density at ``x``: ``(a - 1) log(y) + (b - 1) log1p(-y) - betaln(a, b) -
    log(scale)``, ``y = (x - loc) / scale``; ``-inf`` outside ``[loc, loc + scale]``, NaN where ``a``, ``b`` or
    ``scale`` is not positive.

    Args:
        x: where to evaluate it.
        a: the distribution's first shape.
        b: the distribution's second shape.
        loc: the distribution's offset.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import beta
        >>> beta.logpdf(0.5, 2.0, 2.0)
        Array(0.40546596, dtype=float32, weak_type=True)
    """
    x, a, b, loc, scale = promoted("beta.logpdf", x, a, b, loc, scale)
    one = const(x, 1)
    zero = const(a, 0)
    shape_term = lax.neg(betaln(a, b))
    y = lax.div(lax.sub(x, loc), scale)
    log_linear_term = lax.add(xlogy(lax.sub(a, one), y), xlog1py(lax.sub(b, one), lax.neg(y)))
    log_probs = lax.sub(lax.add(shape_term, log_linear_term), lax.log(scale))
    result = jnp.where(jnp.logical_or(lax.gt(x, lax.add(loc, scale)), lax.lt(x, loc)), -np.inf, log_probs)
    out: AnyArray = jnp.where(jnp.logical_or(jnp.logical_or(lax.le(a, zero), lax.le(b, zero)), lax.le(scale, zero)),
                              np.nan, result)
    return out


def pdf(x: ArrayLike, a: ArrayLike, b: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The beta probability density at ``x``: ``exp(logpdf(x, a, b, loc, scale))``.

    Args:
        x: where to evaluate it.
        a: the distribution's first shape.
        b: the distribution's second shape.
        loc: the distribution's offset.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import beta
        >>> beta.pdf(0.5, 2.0, 2.0)
        Array(1.5000013, dtype=float32, weak_type=True)
    """
    out: AnyArray = lax.exp(logpdf(x, a, b, loc, scale))
    return out


def _clamped(x: AnyArray, loc: AnyArray, scale: AnyArray) -> AnyArray:
    out: AnyArray = lax.clamp(const(x, 0), lax.div(lax.sub(x, loc), scale), const(x, 1))
    return out


def cdf(x: ArrayLike, a: ArrayLike, b: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The beta cumulative distribution function at ``x``: ``betainc(a, b, y)``, ``y = (x - loc) / scale`` clamped
    to ``[0, 1]``.

    Args:
        x: where to evaluate it.
        a: the distribution's first shape.
        b: the distribution's second shape.
        loc: the distribution's offset.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import beta
        >>> beta.cdf(0.5, 2.0, 3.0)
        Array(0.6874998, dtype=float32, weak_type=True)
    """
    x, a, b, loc, scale = promoted("beta.cdf", x, a, b, loc, scale)
    return betainc(a, b, _clamped(x, loc, scale))


def logcdf(x: ArrayLike, a: ArrayLike, b: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The log of the beta cumulative distribution function at ``x``: ``log(cdf(x, a, b, loc, scale))``.

    Args:
        x: where to evaluate it.
        a: the distribution's first shape.
        b: the distribution's second shape.
        loc: the distribution's offset.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import beta
        >>> beta.logcdf(0.5, 2.0, 3.0)
        Array(-0.37469372, dtype=float32, weak_type=True)
    """
    out: AnyArray = lax.log(cdf(x, a, b, loc, scale))
    return out


def sf(x: ArrayLike, a: ArrayLike, b: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The beta survival function at ``x``: ``betainc(b, a, 1 - y)``, ``y = (x - loc) / scale`` clamped to ``[0,
    1]``.

    Args:
        x: where to evaluate it.
        a: the distribution's first shape.
        b: the distribution's second shape.
        loc: the distribution's offset.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import beta
        >>> beta.sf(0.5, 2.0, 3.0)
        Array(0.31250018, dtype=float32, weak_type=True)
    """
    x, a, b, loc, scale = promoted("beta.sf", x, a, b, loc, scale)
    return betainc(b, a, 1 - _clamped(x, loc, scale))


def logsf(x: ArrayLike, a: ArrayLike, b: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The log of the beta survival function at ``x``: ``log(sf(x, a, b, loc, scale))``.

    Args:
        x: where to evaluate it.
        a: the distribution's first shape.
        b: the distribution's second shape.
        loc: the distribution's offset.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import beta
        >>> beta.logsf(0.5, 2.0, 3.0)
        Array(-1.1631502, dtype=float32, weak_type=True)
    """
    out: AnyArray = lax.log(sf(x, a, b, loc, scale))
    return out
