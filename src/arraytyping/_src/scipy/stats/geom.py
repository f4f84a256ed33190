"""``jax.scipy.stats.geom``: the geometric distribution's functions of ``k``, ``p`` and ``loc``, as JAX 0.10.2
computes them (``jax/_src/scipy/stats/geom.py``): arguments promoted together with ``promote_args_inexact``;
``-inf`` for ``k - loc <= 0``."""

from __future__ import annotations

import numpy as np

from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.lax import lax
from arraytyping._src.scipy.special import xlog1py
from arraytyping._src.scipy.stats._util import const, promoted

__all__ = ["logpmf", "pmf"]


def logpmf(k: ArrayLike, p: ArrayLike, loc: ArrayLike = 0) -> AnyArray:
    """The log of the geometric probability mass at ``k``: ``(k - loc - 1) * log1p(-p) + log(p)``, ``-inf`` for
    ``k - loc <= 0``.

    Args:
        k: the number of trials up to the first success.
        p: the probability of success.
        loc: the distribution's offset.

    Example:
        >>> from arraytyping.scipy.stats import geom
        >>> geom.logpmf(2, 0.5)
        Array(-1.3862944, dtype=float32, weak_type=True)
    """
    k, p, loc = promoted("geom.logpmf", k, p, loc)
    zero = const(k, 0)
    one = const(k, 1)
    x = lax.sub(k, loc)
    log_probs = xlog1py(lax.sub(x, one), -p) + lax.log(p)
    out: AnyArray = jnp.where(lax.le(x, zero), -np.inf, log_probs)
    return out


def pmf(k: ArrayLike, p: ArrayLike, loc: ArrayLike = 0) -> AnyArray:
    """The geometric probability mass at ``k``: ``exp(logpmf(k, p, loc))``.

    Args:
        k: the number of trials up to the first success.
        p: the probability of success.
        loc: the distribution's offset.

    Example:
        >>> from arraytyping.scipy.stats import geom
        >>> geom.pmf(2, 0.5)
        Array(0.25, dtype=float32, weak_type=True)
    """
    out: AnyArray = jnp.exp(logpmf(k, p, loc))
    return out
