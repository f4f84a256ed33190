"""``jax.scipy.stats.bernoulli``: the Bernoulli distribution's functions of ``k`` (or ``q``), ``p`` and ``loc``, as
JAX 0.10.2 computes them (``jax/_src/scipy/stats/bernoulli.py``): arguments promoted together with
``promote_args_inexact``; ``-inf`` outside the support, NaN for a ``p`` or ``q`` outside ``[0, 1]``."""

from __future__ import annotations

import numpy as np

from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.lax import lax
from arraytyping._src.scipy.special import xlog1py, xlogy
from arraytyping._src.scipy.stats._util import const, promoted

__all__ = ["cdf", "logpmf", "pmf", "ppf"]


def logpmf(k: ArrayLike, p: ArrayLike, loc: ArrayLike = 0) -> AnyArray:
    """The log of the Bernoulli probability mass at ``k``: ``log(p)`` at ``k - loc == 1``, ``log(1 - p)`` at 0,
    ``-inf`` outside ``[0, 1]``.

    Args:
        k: where to evaluate it.
        p: the probability of 1.
        loc: the distribution's offset.

    Example:
        >>> from arraytyping.scipy.stats import bernoulli
        >>> bernoulli.logpmf(1, 0.25)
        Array(-1.3862944, dtype=float32, weak_type=True)
    """
    k, p, loc = promoted("bernoulli.logpmf", k, p, loc)
    zero = const(k, 0)
    one = const(k, 1)
    x = lax.sub(k, loc)
    log_probs = xlogy(x, p) + xlog1py(lax.sub(one, x), -p)
    out: AnyArray = jnp.where(jnp.logical_or(lax.lt(x, zero), lax.gt(x, one)), -np.inf, log_probs)
    return out


def pmf(k: ArrayLike, p: ArrayLike, loc: ArrayLike = 0) -> AnyArray:
    """The Bernoulli probability mass at ``k``: ``exp(logpmf(k, p, loc))``.

    Args:
        k: where to evaluate it.
        p: the probability of 1.
        loc: the distribution's offset.

    Example:
        >>> from arraytyping.scipy.stats import bernoulli
        >>> bernoulli.pmf(0, 0.25)
        Array(0.75, dtype=float32, weak_type=True)
    """
    out: AnyArray = jnp.exp(logpmf(k, p, loc))
    return out


def cdf(k: ArrayLike, p: ArrayLike) -> AnyArray:
    """The Bernoulli cumulative distribution function at ``k``: 0 below 0, ``1 - p`` in ``[0, 1)``, 1 from 1 on;
    NaN for a NaN or a ``p`` outside ``[0, 1]``.

    Args:
        k: where to evaluate it.
        p: the probability of 1.

    Example:
        >>> from arraytyping.scipy.stats import bernoulli
        >>> bernoulli.cdf(0.5, 0.25)
        Array(0.75, dtype=float32, weak_type=True)
    """
    k, p = promoted("bernoulli.cdf", k, p)
    zero, one = const(k, 0), const(k, 1)
    conds = [jnp.isnan(k) | jnp.isnan(p) | (p < zero) | (p > one), lax.lt(k, zero),
             jnp.logical_and(lax.ge(k, zero), lax.lt(k, one)), lax.ge(k, one)]
    vals = [np.nan, zero, one - p, one]
    out: AnyArray = jnp.select(conds, vals)
    return out


def ppf(q: ArrayLike, p: ArrayLike) -> AnyArray:
    """The Bernoulli percent point function (the inverse of ``cdf``): 0 for ``q <= 1 - p``, else 1; NaN for a NaN or
    a ``p`` or ``q`` outside ``[0, 1]``.

    Args:
        q: the probability.
        p: the probability of 1.

    Example:
        >>> from arraytyping.scipy.stats import bernoulli
        >>> bernoulli.ppf(0.9, 0.25)
        Array(1., dtype=float32, weak_type=True)
    """
    q, p = promoted("bernoulli.ppf", q, p)
    zero, one = const(q, 0), const(q, 1)
    out: AnyArray = jnp.where(jnp.isnan(q) | jnp.isnan(p) | (p < zero) | (p > one) | (q < zero) | (q > one),
                              np.nan, jnp.where(lax.le(q, one - p), zero, one))
    return out
