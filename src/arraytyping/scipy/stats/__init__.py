"""``arraytyping.scipy.stats``: JAX 0.10.2's ``jax.scipy.stats`` distributions, one module each."""

from arraytyping.scipy.stats import (bernoulli, beta, betabinom, binom, cauchy, chi2, dirichlet, expon, gamma, gennorm,
    geom, gumbel_l, gumbel_r, laplace, logistic, multinomial, nbinom, norm, pareto, poisson, t, truncnorm, uniform,
    vonmises, wrapcauchy)

__all__ = ["bernoulli", "beta", "betabinom", "binom", "cauchy", "chi2", "dirichlet", "expon", "gamma", "gennorm",
           "geom", "gumbel_l", "gumbel_r", "laplace", "logistic", "multinomial", "nbinom", "norm", "pareto", "poisson",
           "t", "truncnorm", "uniform", "vonmises", "wrapcauchy"]
