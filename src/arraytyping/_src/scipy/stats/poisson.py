"""``jax.scipy.stats.poisson``: the Poisson distribution's functions of ``k``, ``mu`` and ``loc``, as JAX 0.10.2
computes them (``jax/_src/scipy/stats/poisson.py``): arguments promoted together with ``promote_args_inexact``;
``-inf`` below ``loc`` and at a ``k`` that is not a whole number."""

from __future__ import annotations

from typing import Any

import numpy as np

from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.core.arraylike import check_arraylike
from arraytyping._src.lax import lax
from arraytyping._src.numpy._promotion import as_dtype, common_dtype, shape_of, to_inexact_dtype
from arraytyping._src.scipy.special import gammaincc, gammaln, xlogy
from arraytyping._src.scipy.stats._util import const, promoted

__all__ = ["cdf", "entropy", "logpmf", "pmf"]


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


def _entr(x: Any) -> Any:
    """JAX's ``jax.scipy.special.entr`` of a real inexact array: ``-x log(x)``, ``-inf`` below zero."""
    return jnp.where(lax.lt(x, const(x, 0)), jnp.full_like(x, -np.inf), jnp.negative(xlogy(x, x)))


def _entropy_summed(mu: Any, max_k: int, upper_bounds: Any) -> Any:
    """The entropy by summing ``-p log p`` of the probabilities of ``k < upper_bounds`` (``k < max_k``)."""
    k = jnp.arange(max_k, dtype=lax.aval_of(mu).dtype)[:, None]
    probs = pmf(k, mu, 0)
    mask = k < upper_bounds.astype(lax.aval_of(k).dtype)[None, :]
    return jnp.sum(_entr(jnp.where(mask, probs, 0.0)), axis=0)


def entropy(mu: ArrayLike, loc: ArrayLike = 0) -> AnyArray:
    """The entropy of the Poisson distribution of mean ``mu`` (``loc`` only broadcasts): as JAX, summed over the
    probabilities for ``mu < 100`` (``k`` below ``mu + 20``, or ``mu + 10 sqrt(mu) + 20`` from ``mu = 10``), the
    asymptotic ``0.5 log(2 pi e mu) - 1 / (12 mu)`` above, 0 at ``mu = 0``.

    Args:
        mu: the mean.
        loc: the distribution's offset (it does not change the entropy).

    Example:
        >>> from arraytyping.scipy.stats import poisson
        >>> poisson.entropy(5.0)
        Array(2.204394, dtype=float32)
    """
    check_arraylike("poisson.entropy", mu, loc)
    converted = [jnp.asarray(mu), jnp.asarray(loc)]
    dtype, weak = common_dtype(*converted)
    promoted_mu, promoted_loc = (as_dtype(a, to_inexact_dtype(dtype), weak) for a in converted)
    result_shape = jnp.broadcast_shapes(shape_of(promoted_mu), shape_of(promoted_loc))
    mu_flat = jnp.ravel(promoted_mu)
    small = _entropy_summed(mu_flat, 35, jnp.ceil(mu_flat + 20))
    medium = _entropy_summed(mu_flat, 250, jnp.ceil(mu_flat + 10 * jnp.sqrt(mu_flat) + 20))
    large = 0.5 * jnp.log(2 * np.pi * np.e * mu_flat) - 1.0 / (12 * mu_flat)
    result = jnp.where(mu_flat == 0, jnp.zeros_like(mu_flat),
                       jnp.where(mu_flat < 10, small, jnp.where(mu_flat < 100, medium, large)))
    out: AnyArray = jnp.broadcast_to(jnp.reshape(result, shape_of(promoted_mu)), result_shape)
    return out
