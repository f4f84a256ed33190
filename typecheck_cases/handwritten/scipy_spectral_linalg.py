"""``arraytyping.scipy.signal``'s spectral analysis (``welch``, ``csd``, ``stft``, ``istft``) and
``arraytyping.scipy.linalg``'s ``polar``, ``rsf2csf``, ``solve_sylvester``, ``funm`` and ``eigh_tridiagonal`` as
user code calls them (JAX 0.10.2's signatures): their results are ``Array[Any]`` (tuples of them), ``funm`` and
``eigh_tridiagonal`` give one array or a tuple as their flag says.

Checked by every checker (tests/typing/test_handwritten.py).
"""
# mypy: disable-error-code="unused-ignore"

from __future__ import annotations

from typing import Any

from typing_extensions import assert_type

import arraytyping.numpy as jnp
import arraytyping.random as random
from arraytyping import Array, float32
from arraytyping.scipy import linalg, signal


def spectra(x: Array[float32], y: Array[float32]) -> None:
    f, pxx = signal.welch(x, fs=100.0, nperseg=16, average="median")
    assert_type(f, Array[Any])
    assert_type(pxx, Array[Any])
    assert_type(signal.csd(x, y, nperseg=16, detrend="linear"), tuple[Array[Any], Array[Any]])
    assert_type(signal.csd(x, None, detrend=False), tuple[Array[Any], Array[Any]])
    _, _, zxx = signal.stft(x, nperseg=8, boundary=None, padded=False, detrend=lambda s: s - s.mean())
    assert_type(zxx, Array[Any])
    assert_type(signal.istft(zxx, window=jnp.ones(8)), tuple[Array[Any], Array[Any]])
    assert_type(signal.welch(jnp.arange(8.0), window=("tukey", 0.5)), tuple[Array[Any], Array[Any]])


def matrices(a: Array[float32], b: Array[float32], c: Array[float32], d: Array[float32]) -> None:
    u, p = linalg.polar(a, method="svd")
    assert_type(u, Array[Any])
    assert_type(p, Array[Any])
    assert_type(linalg.polar(a, "left", method="svd", eps=None), tuple[Array[Any], Array[Any]])
    t, z = linalg.schur(a)
    assert_type(linalg.rsf2csf(t, z), tuple[Array[Any], Array[Any]])
    assert_type(linalg.solve_sylvester(a, b, c, method="eigen", tol=1e-6), Array[Any])
    assert_type(linalg.funm(a, jnp.exp), Array[Any])
    assert_type(linalg.funm(a, lambda v: jnp.sin(v) + 1, disp=False), tuple[Array[Any], Array[Any]])
    assert_type(linalg.eigh_tridiagonal(d, d[:-1], eigvals_only=True), Array[Any])
    assert_type(linalg.eigh_tridiagonal(d, d[:-1]), tuple[Array[Any], Array[Any]])
    assert_type(linalg.eigh_tridiagonal(d, d[:-1], key=random.key(0), select="i", select_range=(0, 1)),
                tuple[Array[Any], Array[Any]])
