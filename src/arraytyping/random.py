"""``arraytyping.random``: JAX 0.10.2's ``jax.random`` (threefry-2x32), bit for bit.

``PRNGKey(seed)`` makes a raw ``uint32[2]`` key, ``key(seed)`` a typed key array (dtype ``key<fry>``); every
function takes either, and ``split``/``fold_in`` return the kind they were given.
"""

from arraytyping._src.random import (
    KeyDType, PRNGKey, PRNGKeyArray, bernoulli, bits, categorical, choice, fold_in, gumbel, key, key_data, normal,
    permutation, randint, split, truncated_normal, uniform, wrap_key_data,
)

__all__ = [
    "KeyDType", "PRNGKey", "PRNGKeyArray", "bernoulli", "bits", "categorical", "choice", "fold_in", "gumbel", "key",
    "key_data", "normal", "permutation", "randint", "split", "truncated_normal", "uniform", "wrap_key_data",
]
