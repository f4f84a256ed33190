"""``jax.scipy.stats.logistic``: the logistic distribution's functions of ``x``, ``loc`` and ``scale``, as JAX
0.10.2 computes them (``jax/_src/scipy/stats/logistic.py``, through ``expit`` and ``logit``): arguments promoted
together with ``promote_args_inexact``; nothing is checked."""

from __future__ import annotations

from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.lax import lax
from arraytyping._src.scipy.special import expit, logit
from arraytyping._src.scipy.stats._util import const, promoted

__all__ = ["cdf", "isf", "logpdf", "pdf", "ppf", "sf"]


def logpdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The log of the logistic probability density at ``x``: ``-2 * logaddexp(z/2, -z/2) - log(scale)``, ``z =
    (x - loc) / scale``.

    Args:
        x: where to evaluate it.
        loc: the distribution's centre.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import logistic
        >>> logistic.logpdf(1.0)
        Array(-1.6265234, dtype=float32, weak_type=True)
    """
    x, loc, scale = promoted("logistic.logpdf", x, loc, scale)
    x = lax.div(lax.sub(x, loc), scale)
    two = const(x, 2)
    half_x = lax.div(x, two)
    out: AnyArray = lax.sub(lax.mul(lax.neg(two), jnp.logaddexp(half_x, lax.neg(half_x))), lax.log(scale))
    return out


def pdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The logistic probability density at ``x``: ``exp(logpdf(x, loc, scale))``.

    Args:
        x: where to evaluate it.
        loc: the distribution's centre.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import logistic
        >>> logistic.pdf(1.0)
        Array(0.19661194, dtype=float32, weak_type=True)
    """
    out: AnyArray = lax.exp(logpdf(x, loc, scale))
    return out


def ppf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The logistic percent point function (the inverse of ``cdf``): ``logit(x) * scale + loc``.

    Args:
        x: the probability.
        loc: the distribution's centre.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import logistic
        >>> logistic.ppf(0.75)
        Array(1.0986123, dtype=float32, weak_type=True)
    """
    x, loc, scale = promoted("logistic.ppf", x, loc, scale)
    out: AnyArray = lax.add(lax.mul(logit(x), scale), loc)
    return out


def sf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The logistic survival function ``1 - cdf``: ``expit(-(x - loc) / scale)``.

    Args:
        x: where to evaluate it.
        loc: the distribution's centre.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import logistic
        >>> logistic.sf(1.0)
        Array(0.26894143, dtype=float32, weak_type=True)
    """
    x, loc, scale = promoted("logistic.sf", x, loc, scale)
    return expit(lax.neg(lax.div(lax.sub(x, loc), scale)))


def isf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The logistic inverse survival function (the inverse of ``sf``): ``-logit(x) * scale + loc``.

    Args:
        x: the probability.
        loc: the distribution's centre.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import logistic
        >>> logistic.isf(0.25)
        Array(1.0986123, dtype=float32, weak_type=True)
    """
    x, loc, scale = promoted("logistic.isf", x, loc, scale)
    out: AnyArray = lax.add(lax.mul(lax.neg(logit(x)), scale), loc)
    return out


def cdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The logistic cumulative distribution function at ``x``: ``expit((x - loc) / scale)``.

    Args:
        x: where to evaluate it.
        loc: the distribution's centre.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import logistic
        >>> logistic.cdf(1.0)
        Array(0.7310586, dtype=float32, weak_type=True)
    """
    x, loc, scale = promoted("logistic.cdf", x, loc, scale)
    return expit(lax.div(lax.sub(x, loc), scale))
