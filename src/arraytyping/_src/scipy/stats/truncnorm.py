"""``jax.scipy.stats.truncnorm``: the truncated normal distribution's functions of ``x``, the truncation points ``a``
and ``b`` (in standard units), ``loc`` and ``scale``, as JAX 0.10.2 computes them
(``jax/_src/scipy/stats/truncnorm.py``, through ``log_ndtr``, ``ndtr`` and ``logsumexp``): arguments promoted
together with ``promote_args_inexact``; ``-inf`` outside ``[a, b]``, NaN where ``a >= b``."""

from __future__ import annotations

from typing import Any

import numpy as np

from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.lax import lax
from arraytyping._src.scipy.special import log_ndtr, logsumexp, ndtr
from arraytyping._src.scipy.stats import norm
from arraytyping._src.scipy.stats._util import promoted

__all__ = ["cdf", "logcdf", "logpdf", "logsf", "pdf", "sf"]


def _log_diff(x: Any, y: Any) -> Any:
    return logsumexp(jnp.array([x, y]), b=jnp.array([jnp.ones_like(x), -jnp.ones_like(y)]), axis=0)


def _log_gauss_mass(a: Any, b: Any) -> Any:
    """The log of the standard normal's mass between ``a`` and ``b``, accurately in the tails."""
    a, b = jnp.array(a), jnp.array(b)
    a, b = jnp.broadcast_arrays(a, b)
    case_left = b <= 0
    case_right = a > 0
    case_central = ~(case_left | case_right)
    a_tail = jnp.where(case_right, -b, a)
    b_tail = jnp.where(case_right, -a, b)
    mass_tail = _log_diff(log_ndtr(b_tail), log_ndtr(a_tail))
    mass_central = jnp.log1p(-ndtr(a) - ndtr(-b))
    return jnp.where(case_central, mass_central, mass_tail)


def logpdf(x: ArrayLike, a: ArrayLike, b: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The log of the truncated normal probability density at ``x``: the normal's, less the log of its mass in
    ``[a, b]``; ``-inf`` outside it.

    Args:
        x: where to evaluate it.
        a: the lower truncation point, in standard units.
        b: the upper truncation point, in standard units.
        loc: the distribution's centre.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import truncnorm
        >>> truncnorm.logpdf(0.5, -1.0, 2.0)
        Array(-0.8437722, dtype=float32)
    """
    x, a, b, loc, scale = promoted("truncnorm.logpdf", x, a, b, loc, scale)
    val = lax.sub(norm.logpdf(x, loc, scale), _log_gauss_mass(a, b))
    x_scaled = lax.div(lax.sub(x, loc), scale)
    val = jnp.where((x_scaled < a) | (x_scaled > b), -np.inf, val)
    out: AnyArray = jnp.where(a >= b, np.nan, val)
    return out


def pdf(x: ArrayLike, a: ArrayLike, b: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The truncated normal probability density at ``x``: ``exp(logpdf(x, a, b, loc, scale))``.

    Args:
        x: where to evaluate it.
        a: the lower truncation point, in standard units.
        b: the upper truncation point, in standard units.
        loc: the distribution's centre.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import truncnorm
        >>> truncnorm.pdf(0.5, -1.0, 2.0)
        Array(0.43008512, dtype=float32)
    """
    out: AnyArray = lax.exp(logpdf(x, a, b, loc, scale))
    return out


def logsf(x: ArrayLike, a: ArrayLike, b: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The log of the truncated normal survival function: ``logcdf(-x, -b, -a, -loc, scale)``.

    Args:
        x: where to evaluate it.
        a: the lower truncation point, in standard units.
        b: the upper truncation point, in standard units.
        loc: the distribution's centre.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import truncnorm
        >>> truncnorm.logsf(0.5, -1.0, 2.0)
        Array(-1.0523407, dtype=float32)
    """
    x, a, b, loc, scale = promoted("truncnorm.logsf", x, a, b, loc, scale)
    return logcdf(-x, -b, -a, -loc, scale)


def sf(x: ArrayLike, a: ArrayLike, b: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The truncated normal survival function ``1 - cdf``: ``exp(logsf(x, a, b, loc, scale))``.

    Args:
        x: where to evaluate it.
        a: the lower truncation point, in standard units.
        b: the upper truncation point, in standard units.
        loc: the distribution's centre.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import truncnorm
        >>> truncnorm.sf(0.5, -1.0, 2.0)
        Array(0.3491196, dtype=float32)
    """
    out: AnyArray = lax.exp(logsf(x, a, b, loc, scale))
    return out


def logcdf(x: ArrayLike, a: ArrayLike, b: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The log of the truncated normal cumulative distribution function at ``x``: 0 above ``b``, ``-inf`` below
    ``a``.

    Args:
        x: where to evaluate it.
        a: the lower truncation point, in standard units.
        b: the upper truncation point, in standard units.
        loc: the distribution's centre.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import truncnorm
        >>> truncnorm.logcdf(0.5, -1.0, 2.0)
        Array(-0.42942935, dtype=float32)
    """
    x, a, b, loc, scale = promoted("truncnorm.logcdf", x, a, b, loc, scale)
    x, a, b = jnp.broadcast_arrays(x, a, b)
    x = lax.div(lax.sub(x, loc), scale)
    lgm_ab = _log_gauss_mass(a, b)
    logcdf_ = _log_gauss_mass(a, x) - lgm_ab
    logsf_ = _log_gauss_mass(x, b) - lgm_ab
    logcdf_ = jnp.select([x >= b, x <= a, logcdf_ > -0.1, x > a],
                         [0, -np.inf, jnp.log1p(-jnp.exp(logsf_)), logcdf_])
    out: AnyArray = jnp.where(a >= b, np.nan, logcdf_)
    return out


def cdf(x: ArrayLike, a: ArrayLike, b: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The truncated normal cumulative distribution function at ``x``: ``exp(logcdf(x, a, b, loc, scale))``.

    Args:
        x: where to evaluate it.
        a: the lower truncation point, in standard units.
        b: the upper truncation point, in standard units.
        loc: the distribution's centre.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import truncnorm
        >>> truncnorm.cdf(0.5, -1.0, 2.0)
        Array(0.6508804, dtype=float32)
    """
    out: AnyArray = lax.exp(logcdf(x, a, b, loc, scale))
    return out
