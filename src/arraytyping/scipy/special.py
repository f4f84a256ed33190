"""``arraytyping.scipy.special``: JAX 0.10.2's ``jax.scipy.special`` functions (special functions of arrays, with
``jax.numpy``'s promotion: integers become the default float)."""

from arraytyping._src.scipy.special import (
    beta, betainc, betaln, boxcox, boxcox1p, comb, digamma, entr, erf, erfc, erfinv, expit, factorial, gamma, gammainc,
    gammaincc, gammaln, gammasgn, i0, i0e, i1, i1e, kl_div, log_ndtr, log_softmax, loggamma, logit, logsumexp,
    multigammaln, ndtr, ndtri, polygamma, rel_entr, softmax, xlog1py, xlogy,
)

__all__ = ["beta", "betainc", "betaln", "boxcox", "boxcox1p", "comb", "digamma", "entr", "erf", "erfc", "erfinv",
           "expit", "factorial", "gamma", "gammainc", "gammaincc", "gammaln", "gammasgn", "i0", "i0e", "i1", "i1e",
           "kl_div", "log_ndtr", "log_softmax", "loggamma", "logit", "logsumexp", "multigammaln", "ndtr", "ndtri",
           "polygamma", "rel_entr", "softmax", "xlog1py", "xlogy"]
