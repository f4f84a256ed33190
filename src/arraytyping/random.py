"""``arraytyping.random``: JAX 0.10.2's ``jax.random`` (threefry-2x32), bit for bit.

``PRNGKey(seed)`` makes a raw ``uint32[2]`` key, ``key(seed)`` a typed key array (dtype ``key<fry>``); every
function takes either, and ``split``/``fold_in`` return the kind they were given.
"""

from arraytyping._src.random import (
    KeyDType, PRNGKey, PRNGKeyArray, ball, bernoulli, beta, binomial, bits, categorical, cauchy, chisquare, choice, clone,
    dirichlet, double_sided_maxwell, exponential, f, fold_in, gamma, generalized_normal, geometric, gumbel, key,
    key_data, key_dtype, key_impl, laplace, loggamma, logistic, lognormal, maxwell, multinomial, multivariate_normal, normal,
    orthogonal, pareto, permutation, poisson, rademacher, randint, random_gamma_p, rayleigh, split, t, triangular,
    truncated_normal, uniform, wald, weibull_min, wrap_key_data,
)

__all__ = [
    "KeyDType", "PRNGKey", "PRNGKeyArray", "ball", "bernoulli", "beta", "binomial", "bits", "categorical", "cauchy",
    "chisquare", "choice", "clone", "dirichlet", "double_sided_maxwell", "exponential", "f", "fold_in", "gamma",
    "generalized_normal", "geometric", "gumbel", "key", "key_data", "key_dtype", "key_impl", "laplace", "loggamma",
    "logistic", "lognormal", "maxwell", "multinomial", "multivariate_normal", "normal", "orthogonal", "pareto", "permutation",
    "poisson", "rademacher", "randint", "random_gamma_p", "rayleigh", "split", "t", "triangular",
    "truncated_normal", "uniform", "wald", "weibull_min", "wrap_key_data",
]
