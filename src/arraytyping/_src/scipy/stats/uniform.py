"""``jax.scipy.stats.uniform``: the uniform distribution's functions of ``x`` (or ``q``), ``loc`` and ``scale`` (the
interval ``[loc, loc + scale]``), as JAX 0.10.2 computes them (``jax/_src/scipy/stats/uniform.py``): arguments
promoted together with ``promote_args_inexact``; ``-inf`` outside the interval, NaN for ``q`` outside ``[0, 1]``."""

from __future__ import annotations

import numpy as np

from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.lax import lax
from arraytyping._src.scipy.stats._util import promoted

__all__ = ["cdf", "logpdf", "pdf", "ppf"]


def logpdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The log of the uniform probability density at ``x``: ``-log(scale)`` in ``[loc, loc + scale]``, else
    ``-inf``.

    Args:
        x: where to evaluate it.
        loc: the interval's start.
        scale: the interval's length.

    Example:
        >>> from arraytyping.scipy.stats import uniform
        >>> uniform.logpdf(0.5, 0.0, 2.0)
        Array(-0.6931472, dtype=float32, weak_type=True)
    """
    x, loc, scale = promoted("uniform.logpdf", x, loc, scale)
    log_probs = lax.neg(lax.log(scale))
    out: AnyArray = jnp.where(jnp.logical_or(lax.gt(x, lax.add(loc, scale)), lax.lt(x, loc)), -np.inf, log_probs)
    return out


def pdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The uniform probability density at ``x``: ``exp(logpdf(x, loc, scale))``.

    Args:
        x: where to evaluate it.
        loc: the interval's start.
        scale: the interval's length.

    Example:
        >>> from arraytyping.scipy.stats import uniform
        >>> uniform.pdf(0.5, 0.0, 2.0)
        Array(0.5, dtype=float32, weak_type=True)
    """
    out: AnyArray = lax.exp(logpdf(x, loc, scale))
    return out


def cdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The uniform cumulative distribution function at ``x``: 0 below ``loc``, 1 above ``loc + scale``,
    ``(x - loc) / scale`` between.

    Args:
        x: where to evaluate it.
        loc: the interval's start.
        scale: the interval's length.

    Example:
        >>> from arraytyping.scipy.stats import uniform
        >>> uniform.cdf(0.5, 0.0, 2.0)
        Array(0.25, dtype=float32)
    """
    x, loc, scale = promoted("uniform.cdf", x, loc, scale)
    zero, one = jnp.array(0, x.dtype), jnp.array(1, x.dtype)
    conds = [lax.lt(x, loc), lax.gt(x, lax.add(loc, scale)),
             lax.ge(x, loc) & lax.le(x, lax.add(loc, scale))]
    vals = [zero, one, lax.div(lax.sub(x, loc), scale)]
    out: AnyArray = jnp.select(conds, vals)
    return out


def ppf(q: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The uniform percent point function (the inverse of ``cdf``): ``loc + scale * q``, NaN for ``q`` outside
    ``[0, 1]``.

    Args:
        q: the probability.
        loc: the interval's start.
        scale: the interval's length.

    Example:
        >>> from arraytyping.scipy.stats import uniform
        >>> uniform.ppf(0.25, 0.0, 2.0)
        Array(0.5, dtype=float32, weak_type=True)
    """
    q, loc, scale = promoted("uniform.ppf", q, loc, scale)
    out: AnyArray = jnp.where(jnp.isnan(q) | (q < 0) | (q > 1), np.nan, lax.add(loc, lax.mul(scale, q)))
    return out
