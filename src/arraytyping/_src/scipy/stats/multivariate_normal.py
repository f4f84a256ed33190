"""``jax.scipy.stats.multivariate_normal`` as JAX 0.10.2 computes it: the density of the multivariate normal
distribution, through the Cholesky factor of the covariance."""

from __future__ import annotations

import functools

import numpy as np

from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.core.arraylike import check_arraylike
from arraytyping._src.lax.api import linalg as lax_linalg
from arraytyping._src.numpy._promotion import as_dtype, common_dtype, shape_of, to_inexact_dtype
from arraytyping._src.numpy.einsum import einsum
from arraytyping._src.numpy.vectorize import vectorize

__all__ = ["logpdf", "pdf"]


def logpdf(x: ArrayLike, mean: ArrayLike, cov: ArrayLike, allow_singular: None = None) -> AnyArray:
    """The log of the multivariate normal density at ``x`` (points along the last axis) of mean ``mean`` and
    covariance ``cov`` (a matrix, or a scalar: that multiple of the identity); a scalar ``mean`` is the
    one-dimensional normal of variance ``cov``.

    Args:
        x: the points, shape ``(..., N)``.
        mean: the mean, shape ``(..., N)`` (or a scalar).
        cov: the covariance, shape ``(..., N, N)`` (or a scalar).
        allow_singular: not supported (``NotImplementedError``), as in JAX.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy.stats import multivariate_normal
        >>> multivariate_normal.logpdf(jnp.zeros(2), jnp.zeros(2), jnp.eye(2))
        Array(-1.837877, dtype=float32)
    """
    if allow_singular is not None:
        raise NotImplementedError("allow_singular argument of multivariate_normal.logpdf")
    check_arraylike("multivariate_normal.logpdf", x, mean, cov)
    converted = [jnp.asarray(x), jnp.asarray(mean), jnp.asarray(cov)]
    dtype, weak = common_dtype(*converted)
    xa, ma, ca = (as_dtype(a, to_inexact_dtype(dtype), weak) for a in converted)
    out: AnyArray
    if not shape_of(ma):
        out = (-1 / 2 * jnp.square(xa - ma) / ca - 1 / 2 * (jnp.log(2 * np.pi) + jnp.log(ca)))
        return out
    n = shape_of(ma)[-1]
    if not shape_of(ca):
        y = xa - ma
        out = (-1 / 2 * einsum("...i,...i->...", y, y) / ca - n / 2 * (jnp.log(2 * np.pi) + jnp.log(ca)))
        return out
    if len(shape_of(ca)) < 2 or shape_of(ca)[-2:] != (n, n):
        raise ValueError("multivariate_normal.logpdf got incompatible shapes")
    lower = lax_linalg.cholesky(ca)
    y = vectorize(functools.partial(lax_linalg.triangular_solve, lower=True, transpose_a=True),
                  signature="(n,n),(n)->(n)")(lower, xa - ma)
    out = (-1 / 2 * einsum("...i,...i->...", y, y) - n / 2 * jnp.log(2 * np.pi)
           - jnp.log(jnp.diagonal(lower, axis1=-1, axis2=-2)).sum(-1))
    return out


def pdf(x: ArrayLike, mean: ArrayLike, cov: ArrayLike) -> AnyArray:
    """The multivariate normal density at ``x``: ``exp(logpdf(x, mean, cov))``.

    Args:
        x: the points, shape ``(..., N)``.
        mean: the mean, shape ``(..., N)`` (or a scalar).
        cov: the covariance, shape ``(..., N, N)`` (or a scalar).

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy.stats import multivariate_normal
        >>> multivariate_normal.pdf(jnp.zeros(2), jnp.zeros(2), jnp.eye(2))
        Array(0.15915495, dtype=float32)
    """
    out: AnyArray = jnp.exp(logpdf(x, mean, cov))
    return out
