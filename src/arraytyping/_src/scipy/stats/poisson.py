"""``jax.scipy.stats.poisson``: the Poisson distribution's functions of ``k``, ``mu`` and ``loc``, as JAX 0.10.2
computes them (``jax/_src/scipy/stats/poisson.py``): arguments promoted together with ``promote_args_inexact``;
``-inf`` below ``loc`` and at a ``k`` that is not a whole number."""

from __future__ import annotations

import numpy as np

from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.lax import lax
from arraytyping._src.scipy.special import gammaincc, gammaln, xlogy
from arraytyping._src.scipy.stats._util import const, promoted

__all__ = ["cdf", "logpmf", "pmf"]


def logpmf(k: ArrayLike, mu: ArrayLike, loc: ArrayLike = 0) -> AnyArray:
    """The log of the Poisson probability mass at ``k``: ``x log(mu) - gammaln(x + 1) - mu``, ``x = k - loc``;
    ``-inf`` for ``x < 0`` or a ``k`` that is not whole.

    Args:
        k: the number of events.
        mu: the mean.
        loc: the distribution's offset.

    Example:
        >>> from arraytyping.scipy.stats import poisson
        >>> poisson.logpmf(2, 3.0)
        Array(-1.4959228, dtype=float32, weak_type=True)
    """
    k, mu, loc = promoted("poisson.logpmf", k, mu, loc)
    zero = const(k, 0)
    x = lax.sub(k, loc)
    log_probs = xlogy(x, mu) - gammaln(x + 1) - mu
    out: AnyArray = jnp.where(jnp.logical_or(lax.lt(x, zero), lax.ne(jnp.round(k), k)), -np.inf, log_probs)
    return out


def pmf(k: ArrayLike, mu: ArrayLike, loc: ArrayLike = 0) -> AnyArray:
    """The Poisson probability mass at ``k``: ``exp(logpmf(k, mu, loc))``.

    Args:
        k: the number of events.
        mu: the mean.
        loc: the distribution's offset.

    Example:
        >>> from arraytyping.scipy.stats import poisson
        >>> poisson.pmf(2, 3.0)
        Array(0.22404176, dtype=float32, weak_type=True)
    """
    out: AnyArray = jnp.exp(logpmf(k, mu, loc))
    return out


def cdf(k: ArrayLike, mu: ArrayLike, loc: ArrayLike = 0) -> AnyArray:
    """The Poisson cumulative distribution function at ``k``: ``gammaincc(floor(1 + k - loc), mu)``, 0 below
    ``loc``.

    Args:
        k: the number of events.
        mu: the mean.
        loc: the distribution's offset.

    Example:
        >>> from arraytyping.scipy.stats import poisson
        >>> poisson.cdf(2, 3.0)
        Array(0.42319003, dtype=float32, weak_type=True)
    """
    k, mu, loc = promoted("poisson.logpmf", k, mu, loc)  # JAX's name, as its own
    zero = const(k, 0)
    x = lax.sub(k, loc)
    p = gammaincc(jnp.floor(1 + x), mu)
    out: AnyArray = jnp.where(lax.lt(x, zero), zero, p)
    return out
