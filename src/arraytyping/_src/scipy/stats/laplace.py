"""``jax.scipy.stats.laplace``: the Laplace distribution's functions of ``x``, ``loc`` and ``scale``, as JAX 0.10.2
computes them (``jax/_src/scipy/stats/laplace.py``): arguments promoted together with ``promote_args_inexact``;
nothing is checked."""

from __future__ import annotations

from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.lax import lax
from arraytyping._src.lax.api.elementwise import select
from arraytyping._src.scipy.stats._util import const, promoted

__all__ = ["cdf", "logpdf", "pdf"]


def logpdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The log of the Laplace probability density at ``x``: ``-(|x - loc| / scale + log(2 * scale))``.

    Args:
        x: where to evaluate it.
        loc: the distribution's centre.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import laplace
        >>> laplace.logpdf(1.0)
        Array(-1.6931472, dtype=float32, weak_type=True)
    """
    x, loc, scale = promoted("laplace.logpdf", x, loc, scale)
    two = const(x, 2)
    linear_term = lax.div(lax.abs(lax.sub(x, loc)), scale)
    out: AnyArray = lax.neg(lax.add(linear_term, lax.log(lax.mul(two, scale))))
    return out


def pdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The Laplace probability density at ``x``: ``exp(logpdf(x, loc, scale))``.

    Args:
        x: where to evaluate it.
        loc: the distribution's centre.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import laplace
        >>> laplace.pdf(1.0)
        Array(0.18393973, dtype=float32, weak_type=True)
    """
    out: AnyArray = lax.exp(logpdf(x, loc, scale))
    return out


def cdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The Laplace cumulative distribution function at ``x``: ``exp(z) / 2`` for ``z = (x - loc) / scale <= 0``,
    else ``1 - exp(-z) / 2``.

    Args:
        x: where to evaluate it.
        loc: the distribution's centre.
        scale: the distribution's scale.

    Example:
        >>> from arraytyping.scipy.stats import laplace
        >>> laplace.cdf(1.0)
        Array(0.8160603, dtype=float32, weak_type=True)
    """
    x, loc, scale = promoted("laplace.cdf", x, loc, scale)
    half = const(x, 0.5)
    one = const(x, 1)
    zero = const(x, 0)
    diff = lax.div(lax.sub(x, loc), scale)
    out: AnyArray = select(lax.le(diff, zero), lax.mul(half, lax.exp(diff)),
                               lax.sub(one, lax.mul(half, lax.exp(lax.neg(diff)))))
    return out
