"""``arraytyping.scipy.special``: JAX 0.10.2's ``jax.scipy.special`` functions (special functions of arrays, with
``jax.numpy``'s promotion: integers become the default float)."""

from arraytyping._src.scipy.special import (
    betainc, digamma, erf, erfc, erfinv, expit, gammainc, gammaincc, gammaln, log_ndtr, log_softmax, logit, logsumexp,
    ndtr, ndtri, softmax, xlog1py, xlogy,
)

__all__ = ["betainc", "digamma", "erf", "erfc", "erfinv", "expit", "gammainc", "gammaincc", "gammaln", "log_ndtr",
           "log_softmax", "logit", "logsumexp", "ndtr", "ndtri", "softmax", "xlog1py", "xlogy"]
