"""``jax.scipy.stats.multinomial``: the multinomial distribution's mass at counts ``x`` (along the last axis) of ``n``
trials with probabilities ``p``, as JAX 0.10.2 computes it (``jax/_src/scipy/stats/multinomial.py``): ``p``
promoted with ``promote_args_inexact``, ``x`` and ``n`` with ``promote_args_numeric`` and required to be integers
(JAX's ``ValueError``), then converted to ``p``'s dtype; ``-inf`` where the counts do not sum to ``n``."""

from __future__ import annotations


import numpy as np

from arraytyping._src import numpy as jnp
from arraytyping._src.dtypes.config import config
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.core.staging import ConstVal
from arraytyping._src.lax import lax
from arraytyping._src.lax.api.elementwise import check_operand
from arraytyping._src.numpy._promotion import as_dtype, common_dtype, promote_shapes, traced_const
from arraytyping._src.scipy.special import gammaln, xlogy
from arraytyping._src.scipy.stats._util import promoted

__all__ = ["logpmf", "pmf"]


def _promote_args_numeric(name: str, *args: ArrayLike) -> list[AnyArray]:
    """JAX's ``promote_args_numeric``: checked array-like, one dtype (bool becomes the default integer), ranks
    promoted."""
    check_operand(name, *args)
    dtype, weak = common_dtype(*args)
    if dtype == np.dtype(bool):
        dtype, weak = np.dtype("int64" if config.x64 else "int32"), False
    out = promote_shapes([as_dtype(a, dtype, weak) for a in args])
    return [traced_const(a.val, a.aval, *args) if isinstance(a, ConstVal) else a for a in out]


def logpmf(x: ArrayLike, n: ArrayLike, p: ArrayLike) -> AnyArray:
    """The log of the multinomial probability mass at the counts ``x`` (last axis), ``-inf`` where they do not sum
    to ``n``.

    Args:
        x: the counts of each outcome (integers).
        n: the number of trials (an integer).
        p: the probability of each outcome.

    Example:
        >>> import arraytyping.numpy as jnp
        >>> from arraytyping.scipy.stats import multinomial
        >>> multinomial.logpmf(jnp.array([1, 2, 1]), 4, jnp.array([0.2, 0.5, 0.3]))
        Array(-1.714798, dtype=float32)
    """
    p, = promoted("multinomial.logpmf", p)
    x, n = _promote_args_numeric("multinomial.logpmf", x, n)
    if not np.issubdtype(x.dtype, np.integer):
        raise ValueError(f"x and n must be of integer type; got x.dtype={x.dtype}, n.dtype={n.dtype}")
    x = x.astype(p.dtype)
    n = n.astype(p.dtype)
    logprobs = gammaln(n + 1) + jnp.sum(xlogy(x, p) - gammaln(x + 1), axis=-1)
    out: AnyArray = jnp.where(jnp.equal(jnp.sum(x), n), logprobs, -np.inf)
    return out


def pmf(x: ArrayLike, n: ArrayLike, p: ArrayLike) -> AnyArray:
    """The multinomial probability mass at the counts ``x``: ``exp(logpmf(x, n, p))``.

    Args:
        x: the counts of each outcome (integers).
        n: the number of trials (an integer).
        p: the probability of each outcome.

    Example:
        >>> import arraytyping.numpy as jnp
        >>> from arraytyping.scipy.stats import multinomial
        >>> multinomial.pmf(jnp.array([1, 2, 1]), 4, jnp.array([0.2, 0.5, 0.3]))
        Array(0.18000008, dtype=float32)
    """
    out: AnyArray = lax.exp(logpmf(x, n, p))
    return out
