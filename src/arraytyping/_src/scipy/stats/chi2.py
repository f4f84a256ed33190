"""``jax.scipy.stats.chi2``: the chi-squared distribution's density of ``x`` with ``df`` degrees of freedom, ``loc``
and ``scale``, as JAX 0.10.2 computes it (``jax/_src/scipy/stats/chi2.py``): arguments promoted together with
``promote_args_inexact``; ``-inf`` below ``loc``. (Its ``cdf``, ``sf`` and their logs need ``gammainc``, not yet
here.)"""

from __future__ import annotations

import numpy as np

from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.lax import lax
from arraytyping._src.lax.api.elementwise import lgamma
from arraytyping._src.scipy.stats._util import const, promoted

__all__ = ["logpdf", "pdf"]


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
