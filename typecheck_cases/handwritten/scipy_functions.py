"""``arraytyping.scipy`` as model code uses it: a classifier's log-softmax through ``special.logsumexp``, a
Gaussian log-likelihood through ``stats.norm``, probit and logit links through ``special``. An integer array becomes
the default float (float32) as in JAX, a floating one keeps its dtype (``ndtr``'s family takes float32 and float64
alone), and what the dtype rule cannot see (``norm.logpdf``'s ``loc`` or ``scale`` other than a Python int, a
two-operand ``xlogy``, the convolutions) gives ``Array[Any]``.

Checked by every checker (tests/typing/test_handwritten.py).
"""
# mypy: disable-error-code="unused-ignore"

from __future__ import annotations

from typing import Any

from typing_extensions import assert_type

import arraytyping.numpy as jnp
import arraytyping.scipy.special as special
import arraytyping.scipy.stats.norm as norm
from arraytyping import Array, bfloat16, float16, float32, int32
from arraytyping.scipy import signal


def log_probs(logits: Array[float32]) -> Array[float32]:
    return logits - special.logsumexp(logits, axis=1, keepdims=True)


def gaussian_log_likelihood(x: Array[float32]) -> Array[float32]:
    return jnp.sum(norm.logpdf(x))


def use(x: Array[float32], h: Array[float16], b: Array[bfloat16], n: Array[int32]) -> None:
    assert_type(special.erf(x), Array[float32])
    assert_type(special.erf(n), Array[float32])
    assert_type(special.gammaln(h), Array[float16])
    assert_type(special.digamma(b), Array[bfloat16])
    assert_type(special.expit(n), Array[float32])
    assert_type(special.ndtr(x), Array[float32])
    assert_type(special.ndtri(x), Array[float32])
    assert_type(special.log_ndtr(x), Array[float32])
    assert_type(norm.logpdf(h), Array[float16])
    assert_type(norm.cdf(n), Array[float32])
    assert_type(norm.ppf(x), Array[float32])
    assert_type(norm.logpdf(x, 0.0, 2.0), Array[Any])
    assert_type(special.xlogy(x, x), Array[Any])
    assert_type(jnp.convolve(x, x), Array[Any])
    assert_type(signal.convolve2d(x, x), Array[Any])
