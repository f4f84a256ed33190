"""``jax.scipy.stats.cauchy``: the Cauchy distribution's functions of ``x`` (or ``q``), ``loc`` and ``scale``, as
JAX 0.10.2 computes them (``jax/_src/scipy/stats/cauchy.py``): arguments promoted together with
``promote_args_inexact``; nothing is checked."""

from __future__ import annotations

import numpy as np

from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.lax import lax
from arraytyping._src.scipy.stats._util import const, promoted

__all__ = ["cdf", "isf", "logcdf", "logpdf", "logsf", "pdf", "ppf", "sf"]


def logpdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The log of the Cauchy probability density at ``x``: ``-(log(pi * scale) + log1p(z**2))``, ``z = (x - loc) /
    scale``.

    Args:
        x: where to evaluate it.
        loc: the distribution's centre.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import cauchy
        >>> cauchy.logpdf(1.0)
        Array(-1.837877, dtype=float32, weak_type=True)
    """
    x, loc, scale = promoted("cauchy.logpdf", x, loc, scale)
    pi = const(x, np.pi)
    scaled_x = lax.div(lax.sub(x, loc), scale)
    normalize_term = lax.log(lax.mul(pi, scale))
    out: AnyArray = lax.neg(lax.add(normalize_term, lax.log1p(lax.mul(scaled_x, scaled_x))))
    return out


def pdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The Cauchy probability density at ``x``: ``exp(logpdf(x, loc, scale))``.

    Args:
        x: where to evaluate it.
        loc: the distribution's centre.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import cauchy
        >>> cauchy.pdf(1.0)
        Array(0.15915495, dtype=float32, weak_type=True)
    """
    out: AnyArray = lax.exp(logpdf(x, loc, scale))
    return out


def cdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The Cauchy cumulative distribution function at ``x``: ``1/2 + arctan((x - loc) / scale) / pi``.

    Args:
        x: where to evaluate it.
        loc: the distribution's centre.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import cauchy
        >>> cauchy.cdf(1.0)
        Array(0.75, dtype=float32, weak_type=True)
    """
    x, loc, scale = promoted("cauchy.cdf", x, loc, scale)
    pi = const(x, np.pi)
    scaled_x = lax.div(lax.sub(x, loc), scale)
    out: AnyArray = lax.add(const(x, 0.5), lax.mul(lax.div(const(x, 1.0), pi), jnp.arctan(scaled_x)))
    return out


def logcdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The log of the Cauchy cumulative distribution function: ``log(cdf(x, loc, scale))``.

    Args:
        x: where to evaluate it.
        loc: the distribution's centre.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import cauchy
        >>> cauchy.logcdf(1.0)
        Array(-0.2876821, dtype=float32, weak_type=True)
    """
    out: AnyArray = lax.log(cdf(x, loc, scale))
    return out


def sf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The Cauchy survival function ``1 - cdf``: ``cdf(-x, -loc, scale)``.

    Args:
        x: where to evaluate it.
        loc: the distribution's centre.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import cauchy
        >>> cauchy.sf(1.0)
        Array(0.25, dtype=float32, weak_type=True)
    """
    x, loc, scale = promoted("cauchy.sf", x, loc, scale)
    return cdf(-x, -loc, scale)


def logsf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The log of the Cauchy survival function: ``logcdf(-x, -loc, scale)``.

    Args:
        x: where to evaluate it.
        loc: the distribution's centre.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import cauchy
        >>> cauchy.logsf(1.0)
        Array(-1.3862944, dtype=float32, weak_type=True)
    """
    x, loc, scale = promoted("cauchy.logsf", x, loc, scale)
    return logcdf(-x, -loc, scale)


def isf(q: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The Cauchy inverse survival function (the inverse of ``sf``): ``tan(pi/2 - pi * q) * scale + loc``.

    Args:
        q: the probability.
        loc: the distribution's centre.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import cauchy
        >>> cauchy.isf(0.25)
        Array(1., dtype=float32, weak_type=True)
    """
    q, loc, scale = promoted("cauchy.isf", q, loc, scale)
    pi = const(q, np.pi)
    half_pi = const(q, np.pi / 2)
    unscaled = lax.tan(lax.sub(half_pi, lax.mul(pi, q)))
    out: AnyArray = lax.add(lax.mul(unscaled, scale), loc)
    return out


def ppf(q: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The Cauchy percent point function (the inverse of ``cdf``): ``tan(pi * q - pi/2) * scale + loc``.

    Args:
        q: the probability.
        loc: the distribution's centre.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import cauchy
        >>> cauchy.ppf(0.75)
        Array(0.99999994, dtype=float32, weak_type=True)
    """
    q, loc, scale = promoted("cauchy.ppf", q, loc, scale)
    pi = const(q, np.pi)
    half_pi = const(q, np.pi / 2)
    unscaled = lax.tan(lax.sub(lax.mul(pi, q), half_pi))
    out: AnyArray = lax.add(lax.mul(unscaled, scale), loc)
    return out
