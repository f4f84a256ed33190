"""``jax.scipy.stats.chi2``: the chi-squared distribution's functions of ``x`` with ``df`` degrees of freedom,
``loc`` and ``scale``, as JAX 0.10.2 computes them (``jax/_src/scipy/stats/chi2.py``): arguments promoted together
with ``promote_args_inexact``; ``-inf`` density below ``loc``; ``cdf`` and ``sf`` through ``gammainc`` and
``gammaincc``."""

from __future__ import annotations

import numpy as np

from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.lax import lax
from arraytyping._src.lax.api.elementwise import lgamma
from arraytyping._src.scipy.special import gammainc, gammaincc
from arraytyping._src.scipy.stats._util import const, promoted

__all__ = ["cdf", "logcdf", "logpdf", "logsf", "pdf", "sf"]


def logpdf(x: ArrayLike, df: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The log of the chi-squared probability density at ``x``, ``-inf`` below ``loc``.

    Args:
        x: where to evaluate it.
        df: the degrees of freedom.
        loc: the distribution's offset.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import chi2
        >>> chi2.logpdf(1.0, 3.0)
        Array(-1.4189389, dtype=float32, weak_type=True)
    """
    x, df, loc, scale = promoted("chi2.logpdf", x, df, loc, scale)
    one = const(x, 1)
    two = const(x, 2)
    y = lax.div(lax.sub(x, loc), scale)
    df_on_two = lax.div(df, two)
    kernel = lax.sub(lax.mul(lax.sub(df_on_two, one), lax.log(y)), lax.div(y, two))
    nrml_cnst = lax.neg(lax.add(lgamma(df_on_two), lax.div(lax.mul(lax.log(two), df), two)))
    log_probs = lax.add(lax.sub(nrml_cnst, lax.log(scale)), kernel)
    out: AnyArray = jnp.where(lax.lt(x, loc), -np.inf, log_probs)
    return out


def pdf(x: ArrayLike, df: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The chi-squared probability density at ``x``: ``exp(logpdf(x, df, loc, scale))``.

    Args:
        x: where to evaluate it.
        df: the degrees of freedom.
        loc: the distribution's offset.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import chi2
        >>> chi2.pdf(1.0, 3.0)
        Array(0.24197064, dtype=float32, weak_type=True)
    """
    out: AnyArray = lax.exp(logpdf(x, df, loc, scale))
    return out


def cdf(x: ArrayLike, df: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The chi-squared cumulative distribution function at ``x``: ``gammainc(df / 2, (x - loc) / (2 scale))``.

    Args:
        x: where to evaluate it.
        df: the degrees of freedom.
        loc: the distribution's offset.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import chi2
        >>> chi2.cdf(1.0, 3.0)
        Array(0.19874799, dtype=float32, weak_type=True)
    """
    x, df, loc, scale = promoted("chi2.cdf", x, df, loc, scale)
    two = const(scale, 2)
    out: AnyArray = gammainc(lax.div(df, two), lax.clamp(const(x, 0), lax.div(lax.sub(x, loc), lax.mul(scale, two)),
                                                         const(x, np.inf)))
    return out


def logcdf(x: ArrayLike, df: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The log of the chi-squared cumulative distribution function: ``log(cdf(x, df, loc, scale))``.

    Args:
        x: where to evaluate it.
        df: the degrees of freedom.
        loc: the distribution's offset.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import chi2
        >>> chi2.logcdf(1.0, 3.0)
        Array(-1.6157176, dtype=float32, weak_type=True)
    """
    out: AnyArray = lax.log(cdf(x, df, loc, scale))
    return out


def sf(x: ArrayLike, df: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The chi-squared survival function ``1 - cdf``: ``gammaincc(df / 2, (x - loc) / (2 scale))``.

    Args:
        x: where to evaluate it.
        df: the degrees of freedom.
        loc: the distribution's offset.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import chi2
        >>> chi2.sf(1.0, 3.0)
        Array(0.801252, dtype=float32, weak_type=True)
    """
    x, df, loc, scale = promoted("chi2.sf", x, df, loc, scale)
    two = const(scale, 2)
    out: AnyArray = gammaincc(lax.div(df, two), lax.clamp(const(x, 0), lax.div(lax.sub(x, loc), lax.mul(scale, two)),
                                                          const(x, np.inf)))
    return out


def logsf(x: ArrayLike, df: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The log of the chi-squared survival function: ``log(sf(x, df, loc, scale))``.

    Args:
        x: where to evaluate it.
        df: the degrees of freedom.
        loc: the distribution's offset.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import chi2
        >>> chi2.logsf(1.0, 3.0)
        Array(-0.22157978, dtype=float32, weak_type=True)
    """
    out: AnyArray = lax.log(sf(x, df, loc, scale))
    return out
