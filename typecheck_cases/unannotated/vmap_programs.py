"""Code as JAX users write it, without annotations: ``vmap`` of unannotated functions, of ``grad``'s result and of
a ``functools.partial``, of lambdas over keys and over arrays, nested. JAX runs all of it; no checker may refuse any
of it (tests/typing/test_unannotated_code.py runs the five in their default, basic modes)."""

from functools import partial
from typing import reveal_type

import arraytyping as jax
import arraytyping.numpy as jnp
from arraytyping import random

x = jnp.ones((4, 3))
w = jnp.ones((3, 2))


def predict(params, inputs):
    return jnp.tanh(inputs @ params)


def loss(params, inputs, targets):
    return jnp.mean((predict(params, inputs) - targets) ** 2)


def noisy(key, v):
    return v + random.normal(key, v.shape)


keys = random.split(random.key(0), 4)
raw_keys = random.split(random.PRNGKey(0), 4)

batched = jax.vmap(predict, in_axes=(None, 0))(w, x)
per_example = jax.vmap(loss, in_axes=(None, 0, 0))(w, x, jnp.zeros((4, 2)))
per_example_grads = jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(w, x, jnp.zeros((4, 2)))
partial_loss = jax.vmap(partial(loss, w))(x, jnp.zeros((4, 2)))
samples = jax.vmap(noisy)(keys, x)
raw_samples = jax.vmap(noisy)(raw_keys, x)
draws = jax.vmap(lambda k: random.uniform(k, (3,)))(keys)
products = jax.vmap(jax.vmap(lambda a, b: a * b))(x, x)
pytree_argument = jax.vmap(lambda pair: pair[0] + pair[1])((x, x))
reveal_type(draws)  # R: float32
reveal_type(products)  # R: float32
