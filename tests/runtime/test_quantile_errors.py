"""The refusals of ``quantile`` and its family that the reference data's dtype sweep does not reach: each names the
input, with JAX 0.10.2's error class (checked by hand in JAX's venv)."""

from __future__ import annotations

import numpy as np
import pytest

import arraytyping.numpy as anp

X = anp.asarray(np.arange(12, dtype=np.float32).reshape(3, 4))


def test_unknown_method_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="method can only be"):
        anp.quantile(X, 0.5, method="cubic")


def test_weights_need_inverted_cdf() -> None:
    with pytest.raises(NotImplementedError, match="linear doesn't support weights"):
        anp.quantile(X, 0.5, axis=1, weights=anp.ones(4))


def test_weights_of_another_shape() -> None:
    with pytest.raises(ValueError, match="when axis is None"):
        anp.quantile(X, 0.5, method="inverted_cdf", weights=anp.ones(4))
    with pytest.raises(ValueError, match=r"Weights shape \(3,\) must match reduction axes \(4,\)"):
        anp.quantile(X, 0.5, axis=1, method="inverted_cdf", weights=anp.ones(3))


def test_q_of_rank_two() -> None:
    with pytest.raises(ValueError, match="q must be have rank <= 1"):
        anp.quantile(X, anp.full((2, 2), 0.5))


def test_repeated_axis_and_axis_out_of_range() -> None:
    with pytest.raises(ValueError, match="repeated axis"):
        anp.nanquantile(X, 0.5, axis=(1, -1))
    with pytest.raises(ValueError):
        anp.percentile(X, 50, axis=2)


def test_out_and_overwrite_input() -> None:
    with pytest.raises(ValueError, match="overwrite_input"):
        anp.median(X, overwrite_input=True)
    with pytest.raises(ValueError, match="nanpercentile does not support"):
        anp.nanpercentile(X, 50, out=None, overwrite_input=True)


def test_lists_are_refused() -> None:
    with pytest.raises(TypeError, match="quantile"):
        anp.quantile(X, [0.25, 0.75])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="median"):
        anp.median([1.0, 2.0])  # type: ignore[arg-type]


def test_integer_q_fails_in_quantile_and_not_in_percentile() -> None:
    with pytest.raises(TypeError):
        anp.quantile(X, 1)
    assert float(anp.percentile(X, 100)) == 11.0
