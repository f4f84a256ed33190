"""``lax.map``'s values and jaxprs are held to JAX 0.10.2 by the transformation reference (``map_*`` cases of
``tools/transform_reference.py``); here, what it refuses, with errors that name the input (JAX fails there inside
``reshape`` or with an ``AttributeError``)."""

from __future__ import annotations

import numpy as np
import pytest

import arraytyping.numpy as anp
from arraytyping import lax


def test_a_negative_batch_size_is_refused() -> None:
    with pytest.raises(TypeError, match="batch_size must not be negative, got -1"):
        lax.map(lambda r: r, anp.arange(7.0), batch_size=-1)


def test_a_batch_size_must_be_an_integer() -> None:
    with pytest.raises(TypeError, match="cannot be interpreted as an integer"):
        lax.map(lambda r: r, anp.arange(7.0), batch_size=2.0)  # type: ignore[arg-type]  # pyright: ignore[reportArgumentType]


def test_batches_need_a_leading_axis() -> None:
    with pytest.raises(TypeError, match="a leaf is 3.0 of type float, which has none"):
        lax.map(lambda r: r, 3.0, batch_size=2)


def test_nothing_to_map_over_is_scans_error() -> None:
    with pytest.raises(ValueError, match="scan got no values to scan over and `length` not provided"):
        lax.map(lambda r: r, ())


def test_batches_of_every_size_agree_with_the_plain_map() -> None:
    x = anp.arange(14.0).reshape(7, 2)
    plain = np.asarray(lax.map(lambda r: anp.sin(r) * 2.0, x))
    for size in range(9):
        np.testing.assert_array_equal(np.asarray(lax.map(lambda r: anp.sin(r) * 2.0, x, batch_size=size)), plain)
