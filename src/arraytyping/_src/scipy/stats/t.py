"""``jax.scipy.stats.t``: Student's t distribution's functions of ``x``, ``df``, ``loc`` and ``scale``, as JAX
0.10.2 computes them (``jax/_src/scipy/stats/t.py``): arguments promoted together with
``promote_args_inexact``; nothing is checked."""

from __future__ import annotations

import numpy as np

from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.lax import lax
from arraytyping._src.lax.api.elementwise import lgamma
from arraytyping._src.scipy.stats._util import const, promoted

__all__ = ["logpdf", "pdf"]


def logpdf(x: ArrayLike, df: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The log of Student's t probability density at ``x`` with ``df`` degrees of freedom.

    Args:
        x: where to evaluate it.
        df: the degrees of freedom.
        loc: the distribution's centre.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import t
        >>> t.logpdf(0.5, 3.0)
        Array(-1.1609746, dtype=float32, weak_type=True)
    """
    x, df, loc, scale = promoted("t.logpdf", x, df, loc, scale)
    two = const(x, 2)
    scaled_x = lax.div(lax.sub(x, loc), scale)
    df_over_two = lax.div(df, two)
    df_plus_one_over_two = lax.add(df_over_two, const(x, 0.5))
    normalize_term_const = lax.mul(lax.mul(scale, scale), const(x, np.pi))
    normalize_term_tmp = lax.div(lax.log(lax.mul(normalize_term_const, df)), two)
    normalize_term = lax.sub(lax.add(lgamma(df_over_two), normalize_term_tmp),
                             lgamma(df_plus_one_over_two))
    quadratic = lax.div(lax.mul(scaled_x, scaled_x), df)
    out: AnyArray = lax.neg(lax.add(normalize_term, lax.mul(df_plus_one_over_two, lax.log1p(quadratic))))
    return out


def pdf(x: ArrayLike, df: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """Student's t probability density at ``x``: ``exp(logpdf(x, df, loc, scale))``.

    Args:
        x: where to evaluate it.
        df: the degrees of freedom.
        loc: the distribution's centre.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import t
        >>> t.pdf(0.5, 3.0)
        Array(0.3131808, dtype=float32, weak_type=True)
    """
    out: AnyArray = lax.exp(logpdf(x, df, loc, scale))
    return out
