"""``jax.scipy.stats.gamma``: the gamma distribution's density of ``x`` with shape ``a``, ``loc`` and ``scale``, as
JAX 0.10.2 computes it (``jax/_src/scipy/stats/gamma.py``): arguments promoted together with
``promote_args_inexact``; ``-inf`` below ``loc``. (Its ``cdf``, ``sf`` and their logs need ``gammainc``, not yet
here.)"""

from __future__ import annotations

import numpy as np

from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.lax import lax
from arraytyping._src.scipy.special import gammaln, xlogy
from arraytyping._src.scipy.stats._util import const, promoted

__all__ = ["logpdf", "pdf"]


def logpdf(x: ArrayLike, a: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The log of the gamma probability density at ``x``: ``(a - 1) log(y) - y - gammaln(a) - log(scale)``, ``y =
    (x - loc) / scale``, ``-inf`` below ``loc``.

    Args:
        x: where to evaluate it.
        a: the distribution's shape.
        loc: the distribution's offset.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import gamma
        >>> gamma.logpdf(1.0, 2.0)
        Array(-1., dtype=float32, weak_type=True)
    """
    x, a, loc, scale = promoted("gamma.logpdf", x, a, loc, scale)
    ok = lax.ge(x, loc)
    one = const(x, 1)
    y = jnp.where(ok, lax.div(lax.sub(x, loc), scale), one)
    log_linear_term = lax.sub(xlogy(lax.sub(a, one), y), y)
    shape_terms = lax.add(gammaln(a), lax.log(scale))
    log_probs = lax.sub(log_linear_term, shape_terms)
    out: AnyArray = jnp.where(ok, log_probs, -np.inf)
    return out


def pdf(x: ArrayLike, a: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The gamma probability density at ``x``: ``exp(logpdf(x, a, loc, scale))``.

    Args:
        x: where to evaluate it.
        a: the distribution's shape.
        loc: the distribution's offset.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import gamma
        >>> gamma.pdf(1.0, 2.0)
        Array(0.36787945, dtype=float32, weak_type=True)
    """
    out: AnyArray = lax.exp(logpdf(x, a, loc, scale))
    return out
