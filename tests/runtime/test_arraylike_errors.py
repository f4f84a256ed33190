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
    # the elementwise functions: refused before any tracing (a list was traced as a pytree of scalars before)
    ("sin", lambda: anp.sin([1.0]), "sin requires ndarray or scalar arguments, got <class 'list'> at position 0."),
    ("arccosh", lambda: anp.arccosh((1.0, 2.0)), "arccosh requires ndarray or scalar arguments, got <class 'tuple'> at position 0."),
    ("deg2rad", lambda: anp.deg2rad([1.0]), "deg2rad requires ndarray or scalar arguments, got <class 'list'> at position 0."),
    ("add", lambda: anp.add(anp.ones(2), [1.0]), "add requires ndarray or scalar arguments, got <class 'list'> at position 1."),
    ("power", lambda: anp.power([2.0], anp.ones(2)), "power requires ndarray or scalar arguments, got <class 'list'> at position 0."),
    ("left_shift", lambda: anp.left_shift(anp.ones(2, int), [1]), "left_shift requires ndarray or scalar arguments, got <class 'list'> at position 1."),
    ("equal", lambda: anp.equal([1.0], anp.ones(2)), "equal requires ndarray or scalar arguments, got <class 'list'> at position 0."),
    ("logical_and", lambda: anp.logical_and(anp.ones(2), [True]), "logical_and requires ndarray or scalar arguments, got <class 'list'> at position 1."),
    ("floor_divide", lambda: anp.floor_divide([1.0], anp.ones(2)), "floor_divide requires ndarray or scalar arguments, got <class 'list'> at position 0."),
    ("remainder", lambda: anp.remainder(anp.ones(2), (1.0,)), "remainder requires ndarray or scalar arguments, got <class 'tuple'> at position 1."),
    ("isclose", lambda: anp.isclose([1.0], anp.ones(2)), "isclose requires ndarray or scalar arguments, got <class 'list'> at position 0."),
    ("arctan2", lambda: anp.arctan2(anp.ones(2), [1.0]), "arctan2 requires ndarray or scalar arguments, got <class 'list'> at position 1."),
    ("gcd", lambda: anp.gcd([1], anp.ones(2, int)), "gcd requires ndarray or scalar arguments, got <class 'list'> at position 0."),
    # the reductions, under the name of the function called where one body serves several
    *[(n, (lambda n=n: getattr(anp, n)([1.0, 2.0])), f"{n} requires ndarray or scalar arguments, got <class 'list'> at position 0.")
      for n in ("sum", "prod", "max", "min", "any", "all", "mean", "var", "std", "median", "argmax", "argmin",
                "count_nonzero", "ptp", "nansum", "nanmax", "nanmin", "nanmean", "cumsum", "cumprod")],
    # the shape, selection, ordering and product functions (JAX 0.10.2's words for each, checked when written)
    *[(n, (lambda n=n: getattr(anp, n)([[1.0, 2.0], [3.0, 4.0]])), f"{n} requires ndarray or scalar arguments, got <class 'list'> at position 0.")
      for n in ("ravel", "squeeze", "transpose", "flip", "rot90", "atleast_1d", "atleast_2d", "atleast_3d", "diag",
                "diagonal", "trace", "tril", "triu", "sort", "argsort", "nonzero", "unique", "copy", "zeros_like",
                "ones_like")],
    ("swapaxes", lambda: anp.swapaxes([[1.0]], 0, 1), "swapaxes requires ndarray or scalar arguments, got <class 'list'> at position 0."),
    ("tile", lambda: anp.tile([1.0], 2), "tile requires ndarray or scalar arguments, got <class 'list'> at position 0."),
    ("split", lambda: anp.split([1.0, 2.0], 2), "split requires ndarray or scalar arguments, got <class 'list'> at position 0."),
    ("broadcast_to", lambda: anp.broadcast_to([1.0], (2,)), "broadcast_to requires ndarray or scalar arguments, got <class 'list'> at position 0."),
    ("searchsorted", lambda: anp.searchsorted(anp.ones(2), [1.5]), "searchsorted requires ndarray or scalar arguments, got <class 'list'> at position 1."),
    ("take_along_axis", lambda: anp.take_along_axis([1.0], anp.zeros(1, int), 0), "take_along_axis requires ndarray or scalar arguments, got <class 'list'> at position 0."),
    ("where", lambda: anp.where([True], 1, 0), "where requires ndarray or scalar arguments, got <class 'list'> at position 0."),
    ("clip", lambda: anp.clip([1.0], 0, 1), "clip requires ndarray or scalar arguments, got <class 'list'> at position 0."),
    ("matmul", lambda: anp.matmul(anp.ones((2, 2)), [[1.0, 2.0], [3.0, 4.0]]), "matmul requires ndarray or scalar arguments, got <class 'list'> at position 1."),
    ("dot", lambda: anp.dot([1.0], anp.ones(1)), "dot requires ndarray or scalar arguments, got <class 'list'> at position 0."),
    ("meshgrid", lambda: anp.meshgrid([1.0], [2.0]), "meshgrid requires ndarray or scalar arguments, got <class 'list'> at position 0."),
    ("linspace", lambda: anp.linspace([0.0], 1.0, 3), "linspace requires ndarray or scalar arguments, got <class 'list'> at position 0."),
    ("pad", lambda: anp.pad([1.0], 1), "pad requires ndarray or scalar arguments, got <class 'list'> at position 0."),
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


def test_a_list_is_refused_under_a_trace_too() -> None:
    import arraytyping as at
    with pytest.raises(TypeError, match=r"^sin requires ndarray or scalar arguments, got <class 'list'> at position 0\.$"):
        at.jit(lambda x: anp.sin([x]))(1.0)
