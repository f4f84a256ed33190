"""``jax.scipy.stats.binom``: the binomial distribution's functions of ``k``, ``n``, ``p`` and ``loc``, as JAX 0.10.2
computes them (``jax/_src/scipy/stats/binom.py``): arguments promoted together with ``promote_args_inexact``;
``-inf`` outside ``[loc, loc + n]``."""

from __future__ import annotations

import numpy as np

from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.lax import lax
from arraytyping._src.scipy.special import gammaln, xlog1py, xlogy
from arraytyping._src.scipy.stats._util import const, promoted

__all__ = ["logpmf", "pmf"]


def logpmf(k: ArrayLike, n: ArrayLike, p: ArrayLike, loc: ArrayLike = 0) -> AnyArray:
    """The log of the binomial probability mass at ``k``: ``log C(n, y) + y log(p) + (n - y) log1p(-p)``, ``y = k -
    loc``, ``-inf`` outside ``[loc, loc + n]``.

    Args:
        k: the number of successes.
        n: the number of trials.
        p: the probability of success.
        loc: the distribution's offset.

    Example:
        >>> from arraytyping.scipy.stats import binom
        >>> binom.logpmf(2, 5, 0.5)
        Array(-1.1631508, dtype=float32, weak_type=True)
    """
    k, n, p, loc = promoted("binom.logpmf", k, n, p, loc)
    y = lax.sub(k, loc)
    zero = const(y, 0)
    comb_term = lax.sub(gammaln(n + 1), lax.add(gammaln(y + 1), gammaln(n - y + 1)))
    log_linear_term = lax.add(xlogy(y, p), xlog1py(lax.sub(n, y), lax.neg(p)))
    log_probs = lax.add(comb_term, log_linear_term)
    y_n_cond = jnp.logical_or(jnp.logical_and(lax.eq(y, zero), lax.eq(n, zero)), lax.eq(log_linear_term, zero))
    log_probs = jnp.where(y_n_cond, 0.0, log_probs)
    out: AnyArray = jnp.where(lax.ge(k, loc) & lax.lt(k, loc + n + 1), log_probs, -np.inf)
    return out


def pmf(k: ArrayLike, n: ArrayLike, p: ArrayLike, loc: ArrayLike = 0) -> AnyArray:
    """The binomial probability mass at ``k``: ``exp(logpmf(k, n, p, loc))``.

    Args:
        k: the number of successes.
        n: the number of trials.
        p: the probability of success.
        loc: the distribution's offset.

    Example:
        >>> from arraytyping.scipy.stats import binom
        >>> binom.pmf(2, 5, 0.5)
        Array(0.3125, dtype=float32, weak_type=True)
    """
    out: AnyArray = lax.exp(logpmf(k, n, p, loc))
    return out
