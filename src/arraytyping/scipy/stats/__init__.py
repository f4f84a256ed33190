"""``arraytyping.scipy.stats``: JAX 0.10.2's ``jax.scipy.stats`` distributions, one module each."""

from arraytyping.scipy.stats import (bernoulli, binom, cauchy, chi2, expon, gamma, gennorm, geom, gumbel_l, gumbel_r,
    laplace, logistic, nbinom, norm, pareto, poisson, t, uniform, wrapcauchy)

__all__ = ["bernoulli", "binom", "cauchy", "chi2", "expon", "gamma", "gennorm", "geom", "gumbel_l", "gumbel_r",
           "laplace", "logistic", "nbinom", "norm", "pareto", "poisson", "t", "uniform", "wrapcauchy"]
