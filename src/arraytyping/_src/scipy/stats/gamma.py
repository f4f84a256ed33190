"""``jax.scipy.stats.gamma``: the gamma distribution's functions of ``x`` with shape ``a``, ``loc`` and ``scale``,
as JAX 0.10.2 computes them (``jax/_src/scipy/stats/gamma.py``): arguments promoted together with
``promote_args_inexact``; ``-inf`` density below ``loc``; ``cdf`` and ``sf`` through ``gammainc`` and
``gammaincc``."""

from __future__ import annotations

import numpy as np

from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.lax import lax
from arraytyping._src.scipy.special import gammainc, gammaincc, gammaln, xlogy
from arraytyping._src.scipy.stats._util import const, promoted

__all__ = ["cdf", "logcdf", "logpdf", "logsf", "pdf", "sf"]


def logpdf(x: ArrayLike, a: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The log of the gamma probability density at ``x``: ``(a - 1) log(y) - y - gammaln(a) - log(scale)``, ``y =
    (x - loc) / scale``, ``-inf`` below ``loc``.

    Args:
        x: where to evaluate it.
        a: the distribution's shape.
        loc: the distribution's offset.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import gamma
        >>> gamma.logpdf(1.0, 2.0)
        Array(-1., dtype=float32, weak_type=True)
    """
    x, a, loc, scale = promoted("gamma.logpdf", x, a, loc, scale)
    ok = lax.ge(x, loc)
    one = const(x, 1)
    y = jnp.where(ok, lax.div(lax.sub(x, loc), scale), one)
    log_linear_term = lax.sub(xlogy(lax.sub(a, one), y), y)
    shape_terms = lax.add(gammaln(a), lax.log(scale))
    log_probs = lax.sub(log_linear_term, shape_terms)
    out: AnyArray = jnp.where(ok, log_probs, -np.inf)
    return out


def pdf(x: ArrayLike, a: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The gamma probability density at ``x``: ``exp(logpdf(x, a, loc, scale))``.

    Args:
        x: where to evaluate it.
        a: the distribution's shape.
        loc: the distribution's offset.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import gamma
        >>> gamma.pdf(1.0, 2.0)
        Array(0.36787945, dtype=float32, weak_type=True)
    """
    out: AnyArray = lax.exp(logpdf(x, a, loc, scale))
    return out


def cdf(x: ArrayLike, a: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The gamma cumulative distribution function at ``x``: ``gammainc(a, (x - loc) / scale)``, 0 below ``loc``.

    Args:
        x: where to evaluate it.
        a: the distribution's shape.
        loc: the distribution's offset.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import gamma
        >>> gamma.cdf(1.0, 2.0)
        Array(0.26424113, dtype=float32, weak_type=True)
    """
    x, a, loc, scale = promoted("gamma.cdf", x, a, loc, scale)
    out: AnyArray = gammainc(a, lax.clamp(const(x, 0), lax.div(lax.sub(x, loc), scale), const(x, np.inf)))
    return out


def logcdf(x: ArrayLike, a: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The log of the gamma cumulative distribution function: ``log(cdf(x, a, loc, scale))``.

    Args:
        x: where to evaluate it.
        a: the distribution's shape.
        loc: the distribution's offset.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import gamma
        >>> gamma.logcdf(1.0, 2.0)
        Array(-1.3308933, dtype=float32, weak_type=True)
    """
    out: AnyArray = lax.log(cdf(x, a, loc, scale))
    return out


def sf(x: ArrayLike, a: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The gamma survival function ``1 - cdf``: ``gammaincc(a, (x - loc) / scale)``, 1 below ``loc``.

    Args:
        x: where to evaluate it.
        a: the distribution's shape.
        loc: the distribution's offset.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import gamma
        >>> gamma.sf(1.0, 2.0)
        Array(0.7357589, dtype=float32, weak_type=True)
    """
    x, a, loc, scale = promoted("gamma.sf", x, a, loc, scale)
    y = lax.div(lax.sub(x, loc), scale)
    out: AnyArray = jnp.where(lax.lt(y, const(y, 0)), 1, gammaincc(a, y))
    return out


def logsf(x: ArrayLike, a: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The log of the gamma survival function: ``log(sf(x, a, loc, scale))``.

    Args:
        x: where to evaluate it.
        a: the distribution's shape.
        loc: the distribution's offset.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import gamma
        >>> gamma.logsf(1.0, 2.0)
        Array(-0.30685282, dtype=float32, weak_type=True)
    """
    out: AnyArray = lax.log(sf(x, a, loc, scale))
    return out
