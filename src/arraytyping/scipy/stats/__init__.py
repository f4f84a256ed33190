"""``arraytyping.scipy.stats``: JAX 0.10.2's ``jax.scipy.stats``: the distributions, one module each, and the
functions of samples ``mode``, ``rankdata`` and ``sem``."""

from arraytyping._src.scipy.sample_statistics import ModeResult as ModeResult, mode, rankdata, sem
from arraytyping.scipy.stats import (
    bernoulli, beta, betabinom, binom, cauchy, chi2, dirichlet, expon, gamma, gennorm, geom, gumbel_l, gumbel_r,
    laplace, logistic, multinomial, multivariate_normal, nbinom, norm, pareto, poisson, t, truncnorm, uniform,
    vonmises, wrapcauchy,
)

__all__ = ["bernoulli", "beta", "betabinom", "binom", "cauchy", "chi2", "dirichlet", "expon", "gamma",
           "gennorm", "geom", "gumbel_l", "gumbel_r", "laplace", "logistic", "mode", "multinomial",
           "multivariate_normal", "nbinom", "norm", "pareto", "poisson", "rankdata", "sem", "t",
           "truncnorm", "uniform", "vonmises", "wrapcauchy"]
