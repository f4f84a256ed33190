"""``jax.scipy.stats.norm``: the normal distribution's functions of ``x`` (or ``q``), ``loc`` and ``scale``, as
JAX 0.10.2 computes them (``jax/_src/scipy/stats/norm.py``): ``logpdf`` and ``pdf`` take every real or complex
dtype (integers become the default float, a weak flag kept); ``cdf``, ``logcdf``, ``sf`` and ``logsf`` go through
``ndtr``/``log_ndtr`` (float32 and float64 alone, and never weak); ``ppf`` and ``isf`` through ``ndtri`` of ``q``
as given (a ``TypeError`` for integers), their result converted to the default float. A negative ``scale`` gives
NaN where JAX's does, nothing is checked."""

from __future__ import annotations

from typing import Any

import numpy as np

from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.core.staging import ConstVal
from arraytyping._src.lax import lax
from arraytyping._src.lax.api.elementwise import check_operand
from arraytyping._src.numpy._promotion import promote_args_inexact
from arraytyping._src.scipy import special
from arraytyping._src.scipy.special import const

__all__ = ["cdf", "isf", "logcdf", "logpdf", "logsf", "pdf", "ppf", "sf"]


def _promoted(name: str, *args: ArrayLike) -> list[Any]:
    check_operand(f"norm.{name}", *(a for a in args if not isinstance(a, ConstVal)))  # sf's, as given to cdf
    return promote_args_inexact(*args)


def logpdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The log of the normal probability density at ``x``."""
    x, loc, scale = _promoted("logpdf", x, loc, scale)
    scale_sqrd = lax.square(scale)
    log_normalizer = lax.log(lax.mul(const(x, 2 * np.pi), scale_sqrd))
    quadratic = lax.div(lax.square(lax.sub(x, loc)), scale_sqrd)
    out: AnyArray = lax.div(lax.add(log_normalizer, quadratic), const(x, -2))
    return out


def pdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The normal probability density at ``x``."""
    out: AnyArray = lax.exp(logpdf(x, loc, scale))
    return out


def cdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The normal cumulative distribution function at ``x``."""
    x, loc, scale = _promoted("cdf", x, loc, scale)
    return special.ndtr(lax.div(lax.sub(x, loc), scale))


def logcdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The log of the normal cumulative distribution function at ``x``."""
    x, loc, scale = _promoted("logcdf", x, loc, scale)
    return special.log_ndtr(lax.div(lax.sub(x, loc), scale))


def ppf(q: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The percent point function: the inverse of ``cdf``."""
    check_operand("norm.ppf", q, loc, scale)
    out: AnyArray = jnp.asarray(special.ndtri(q) * scale + loc, float)
    return out


def logsf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The log of the survival function ``1 - cdf``."""
    x, loc, scale = _promoted("logsf", x, loc, scale)
    return logcdf(lax.neg(x), lax.neg(loc), scale)


def sf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The survival function ``1 - cdf``."""
    x, loc, scale = _promoted("sf", x, loc, scale)
    return cdf(lax.neg(x), lax.neg(loc), scale)


def isf(q: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> AnyArray:
    """The inverse survival function: the inverse of ``sf``."""
    check_operand("norm.isf", q, loc, scale)
    return ppf(lax.sub(const(q, 1), q), loc, scale)
