"""``jax.scipy.stats.nbinom``: the negative binomial distribution's functions of ``k``, ``n``, ``p`` and ``loc``, as
JAX 0.10.2 computes them (``jax/_src/scipy/stats/nbinom.py``): arguments promoted together with
``promote_args_inexact``; ``-inf`` below ``loc``."""

from __future__ import annotations

import numpy as np

from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.lax import lax
from arraytyping._src.scipy.special import gammaln, xlogy
from arraytyping._src.scipy.stats._util import const, promoted

__all__ = ["logpmf", "pmf"]


def logpmf(k: ArrayLike, n: ArrayLike, p: ArrayLike, loc: ArrayLike = 0) -> AnyArray:
    """The log of the negative binomial probability mass at ``k`` (failures before the ``n``-th success), ``-inf``
    below ``loc``.

    Args:
        k: the number of failures.
        n: the number of successes.
        p: the probability of success.
        loc: the distribution's offset.

    Example:
        >>> from arraytyping.scipy.stats import nbinom
        >>> nbinom.logpmf(2, 5, 0.5)
        Array(-2.1439798, dtype=float32, weak_type=True)
    """
    k, n, p, loc = promoted("nbinom.logpmf", k, n, p, loc)
    one = const(k, 1)
    y = lax.sub(k, loc)
    comb_term = lax.sub(lax.sub(gammaln(lax.add(y, n)), gammaln(n)), gammaln(lax.add(y, one)))
    log_linear_term = lax.add(xlogy(n, p), xlogy(y, lax.sub(one, p)))
    log_probs = lax.add(comb_term, log_linear_term)
    out: AnyArray = jnp.where(lax.lt(k, loc), -np.inf, log_probs)
    return out


def pmf(k: ArrayLike, n: ArrayLike, p: ArrayLike, loc: ArrayLike = 0) -> AnyArray:
    """The negative binomial probability mass at ``k``: ``exp(logpmf(k, n, p, loc))``.

    Args:
        k: the number of failures.
        n: the number of successes.
        p: the probability of success.
        loc: the distribution's offset.

    Example:
        >>> from arraytyping.scipy.stats import nbinom
        >>> nbinom.pmf(2, 5, 0.5)
        Array(0.11718753, dtype=float32, weak_type=True)
    """
    out: AnyArray = lax.exp(logpmf(k, n, p, loc))
    return out
