"""``jax.scipy.stats.dirichlet``: the Dirichlet distribution's density of ``x`` (points of the simplex along the first
axis) with concentrations ``alpha`` (one axis), as JAX 0.10.2 computes it (``jax/_src/scipy/stats/dirichlet.py``):
``x`` and ``alpha`` promoted to one inexact dtype (``promote_dtypes_inexact``: ranks are not promoted), ``x`` given
one entry fewer than ``alpha`` completed to sum to 1; ``-inf`` off the simplex."""

from __future__ import annotations

from typing import Any

import numpy as np

from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.core.staging import ConstVal
from arraytyping._src.lax import lax
from arraytyping._src.numpy._promotion import as_dtype, common_dtype, to_inexact_dtype, traced_const
from arraytyping._src.scipy.special import gammaln, xlogy
from arraytyping._src.scipy.stats._util import const

__all__ = ["logpdf", "pdf"]


def _promote_dtypes_inexact(*args: Any) -> list[Any]:
    dtype, weak = common_dtype(*args)
    out = [as_dtype(a, to_inexact_dtype(dtype), weak) for a in args]
    return [traced_const(a.val, a.aval, *args) if isinstance(a, ConstVal) else a for a in out]


def _is_simplex(x: Any) -> Any:
    x_sum = jnp.sum(x, axis=0)
    return jnp.all(x > 0, axis=0) & (abs(x_sum - 1) < 1e-06)


def logpdf(x: ArrayLike, alpha: ArrayLike) -> AnyArray:
    """The log of the Dirichlet probability density at ``x`` (the simplex along its first axis), ``-inf`` off the
    simplex.

    Args:
        x: where to evaluate it: ``alpha``'s number of entries along the first axis, or one fewer.
        alpha: the concentrations, of rank 1.

    Example:
        >>> import arraytyping.numpy as jnp
        >>> from arraytyping.scipy.stats import dirichlet
        >>> dirichlet.logpdf(jnp.array([0.2, 0.3, 0.5]), jnp.array([1.0, 2.0, 3.0]))
        Array(1.5040779, dtype=float32)
    """
    return _logpdf(*_promote_dtypes_inexact(x, alpha))


def _logpdf(x: Any, alpha: Any) -> AnyArray:
    if alpha.ndim != 1:
        raise ValueError(f"`alpha` must be one-dimensional; got alpha.shape={alpha.shape}")
    if x.shape[0] not in (alpha.shape[0], alpha.shape[0] - 1):
        raise ValueError("`x` must have either the same number of entries as `alpha` "
                         f"or one entry fewer; got x.shape={x.shape}, alpha.shape={alpha.shape}")
    one = const(x, 1)
    if x.shape[0] != alpha.shape[0]:
        x = jnp.concatenate([x, lax.sub(one, x.sum(0, keepdims=True))], axis=0)
    normalize_term = jnp.sum(gammaln(alpha)) - gammaln(jnp.sum(alpha))
    if x.ndim > 1:
        alpha = lax.broadcast_in_dim(alpha, alpha.shape + (1,) * (x.ndim - 1), (0,))
    log_probs = lax.sub(jnp.sum(xlogy(lax.sub(alpha, one), x), axis=0), normalize_term)
    out: AnyArray = jnp.where(_is_simplex(x), log_probs, -np.inf)
    return out


def pdf(x: ArrayLike, alpha: ArrayLike) -> AnyArray:
    """The Dirichlet probability density at ``x``: ``exp(logpdf(x, alpha))``.

    Args:
        x: where to evaluate it: ``alpha``'s number of entries along the first axis, or one fewer.
        alpha: the concentrations, of rank 1.

    Example:
        >>> import arraytyping.numpy as jnp
        >>> from arraytyping.scipy.stats import dirichlet
        >>> dirichlet.pdf(jnp.array([0.2, 0.3, 0.5]), jnp.array([1.0, 2.0, 3.0]))
        Array(4.5000024, dtype=float32)
    """
    out: AnyArray = lax.exp(logpdf(x, alpha))
    return out
