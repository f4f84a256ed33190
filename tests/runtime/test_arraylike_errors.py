"""A list where JAX takes an array is JAX's ``TypeError`` with JAX 0.10.2's own words (``check_arraylike``: the
function, the argument's class and its position), whichever family the function is in: the messages below were
printed by JAX 0.10.2 for the same calls (where JAX names a function it calls instead, ``relu`` as ``maximum``,
ours names the function called)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

import arraytyping.nn as nn
import arraytyping.numpy as anp
import arraytyping.random as random

CASES: list[tuple[str, Callable[[], object], str]] = [
    ("reshape", lambda: anp.reshape([1, 2], (2,)), "reshape requires ndarray or scalar arguments, got <class 'list'> at position 0."),
    ("astype", lambda: anp.astype((1, 2), "float32"), "astype requires ndarray or scalar arguments, got <class 'tuple'> at position 0."),
    ("einsum", lambda: anp.einsum("i,i", anp.ones(1), [1.0]), "einsum requires ndarray or scalar arguments, got <class 'list'> at position 1."),
    ("fft", lambda: anp.fft.fft([1.0]), "jax.numpy.fft.fft requires ndarray or scalar arguments, got <class 'list'> at position 0."),
    ("norm", lambda: anp.linalg.norm([1.0]), "jnp.linalg.norm requires ndarray or scalar arguments, got <class 'list'> at position 0."),
    ("choose", lambda: anp.choose(0, [[1], [2]]), "choose requires ndarray or scalar arguments, got <class 'list'> at position 1."),
    ("compress", lambda: anp.compress([True], anp.ones(2)), "compress requires ndarray or scalar arguments, got <class 'list'> at position 0."),
    ("logsumexp", lambda: nn.logsumexp([1.0]), "logsumexp requires ndarray or scalar arguments, got <class 'list'> at position 0."),
    ("standardize", lambda: nn.standardize(anp.ones(2), mean=[1.0, 1.0]), "standardize requires ndarray, scalar, or None arguments, got <class 'list'> at position 0."),
    ("permutation", lambda: random.permutation(random.key(0), [1, 2]), "permutation requires ndarray or scalar arguments, got <class 'list'> at position 0."),
]


@pytest.mark.parametrize(("call", "expected"), [(c, e) for _, c, e in CASES], ids=[n for n, _, _ in CASES])
def test_a_list_is_refused_in_jaxs_words(call: Callable[[], object], expected: str) -> None:
    with pytest.raises(TypeError) as info:
        call()
    assert str(info.value) == expected


def test_arrays_scalars_and_none_where_allowed_pass() -> None:
    assert anp.reshape(anp.ones(2), (2,)).shape == (2,)
    assert anp.linalg.norm(3.0).shape == ()
    assert nn.standardize(anp.ones(2), mean=None, variance=1.0).shape == (2,)
    assert anp.einsum("i,i", anp.ones(1), np.ones(1)).shape == ()
