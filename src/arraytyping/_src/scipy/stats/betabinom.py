"""``jax.scipy.stats.betabinom``: the beta-binomial distribution's functions of ``k``, ``n``, ``a``, ``b`` and
``loc``, as JAX 0.10.2 computes them (``jax/_src/scipy/stats/betabinom.py``): arguments promoted together with
``promote_args_inexact``; ``k`` floored; ``-inf`` outside ``[loc, loc + n]``, NaN for negative ``n`` or
non-positive ``a`` or ``b``."""

from __future__ import annotations

import numpy as np

from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.lax import lax
from arraytyping._src.scipy.special import betaln
from arraytyping._src.scipy.stats._util import const, promoted

__all__ = ["logpmf", "pmf"]


def logpmf(k: ArrayLike, n: ArrayLike, a: ArrayLike, b: ArrayLike, loc: ArrayLike = 0) -> AnyArray:
    """The log of the beta-binomial probability mass at ``k``: ``-log1p(n) - betaln(n - y + 1, y + 1) + betaln(y +
    a, n - y + b) - betaln(a, b)``, ``y = floor(k) - loc``; ``-inf`` outside ``[loc, loc + n]``, NaN where ``n`` is
    negative or ``a`` or ``b`` not positive.

    Args:
        k: the number of successes.
        n: the number of trials.
        a: the first shape of the beta distribution of the probability of success.
        b: its second shape.
        loc: the distribution's offset.

    Example:
        >>> from arraytyping.scipy.stats import betabinom
        >>> betabinom.logpmf(1.0, 2.0, 1.0, 1.0)
        Array(-1.0986133, dtype=float32, weak_type=True)
    """
    k, n, a, b, loc = promoted("betabinom.logpmf", k, n, a, b, loc)
    y = lax.sub(lax.floor(k), loc)
    one = const(y, 1)
    zero = const(y, 0)
    combiln = lax.neg(lax.add(lax.log1p(n), betaln(lax.add(lax.sub(n, y), one), lax.add(y, one))))
    beta_lns = lax.sub(betaln(lax.add(y, a), lax.add(lax.sub(n, y), b)), betaln(a, b))
    log_probs = lax.add(combiln, beta_lns)
    log_probs = jnp.where(jnp.logical_and(lax.eq(y, zero), lax.eq(n, zero)), 0., log_probs)
    y_cond = jnp.logical_or(jnp.logical_or(lax.lt(y, lax.neg(loc)), lax.gt(y, n)), lax.le(lax.add(y, a), zero))
    log_probs = jnp.where(y_cond, -np.inf, log_probs)
    n_a_b_cond = jnp.logical_or(jnp.logical_or(lax.lt(n, zero), lax.le(a, zero)), lax.le(b, zero))
    out: AnyArray = jnp.where(n_a_b_cond, np.nan, log_probs)
    return out


def pmf(k: ArrayLike, n: ArrayLike, a: ArrayLike, b: ArrayLike, loc: ArrayLike = 0) -> AnyArray:
    """The beta-binomial probability mass at ``k``: ``exp(logpmf(k, n, a, b, loc))``.

    Args:
        k: the number of successes.
        n: the number of trials.
        a: the first shape of the beta distribution of the probability of success.
        b: its second shape.
        loc: the distribution's offset.

    Example:
        >>> from arraytyping.scipy.stats import betabinom
        >>> betabinom.pmf(1.0, 2.0, 1.0, 1.0)
        Array(0.33333302, dtype=float32, weak_type=True)
    """
    out: AnyArray = lax.exp(logpmf(k, n, a, b, loc))
    return out
