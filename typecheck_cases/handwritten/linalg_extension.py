"""The Array API standard's linalg extension and the rest of ``jax.numpy.linalg`` (``matmul``, ``vector_norm``,
``pinv``, ``eig``, ``lstsq``...), called as JAX 0.10.2's signatures take them: operands positional-only where JAX's
are, keywords by JAX's names. Their results are typed ``Array[Any]`` (no dtype rule in the stubs: nothing to be
wrong about), so they go wherever the caller annotates; the named tuples have their fields.

Checked by every checker (tests/typing/test_handwritten.py); tests/runtime/test_conformance_linalg.py holds the
runtime's dtypes, weak flags and values to JAX's.
"""

from __future__ import annotations

from typing import Any

import arraytyping.numpy as anp
from arraytyping import Array, complex64, float32, int32
from arraytyping.numpy import linalg


def products(a: Array[float32], v: Array[float32]) -> None:
    m: Array[float32] = linalg.matmul(a, a, precision=None)
    t: Array[float32] = linalg.tensordot(a, a, axes=1)
    pairs: Array[float32] = linalg.tensordot(a, a, axes=([0], [1]))
    d: Array[float32] = linalg.vecdot(a, v, axis=-1)
    o: Array[float32] = linalg.outer(v, v)
    c: Array[float32] = linalg.cross(v, v, axis=0)
    chain: Array[float32] = linalg.multi_dot([a, a, v])
    del m, t, pairs, d, o, c, chain


def matrices(a: Array[float32]) -> None:
    diag: Array[float32] = linalg.diagonal(a, offset=1)
    tr: Array[float32] = linalg.trace(a, offset=0, dtype=anp.float32)
    mt: Array[float32] = linalg.matrix_transpose(a)
    power: Array[float32] = linalg.matrix_power(a, 3)
    rank: Array[int32] = linalg.matrix_rank(a, rtol=0.1, hermitian=False)
    rank_tol: Array[int32] = linalg.matrix_rank(a, tol=0.1)
    del diag, tr, mt, power, rank, rank_tol


def norms(a: Array[float32]) -> None:
    v: Array[float32] = linalg.vector_norm(a, axis=(0, 1), keepdims=True, ord=2)
    m: Array[float32] = linalg.matrix_norm(a, keepdims=False, ord="nuc")
    c: Array[float32] = linalg.cond(a, "fro")
    del v, m, c


def decompositions(a: Array[float32], b: Array[float32]) -> None:
    w: Array[float32] = linalg.eigvalsh(a, "U", symmetrize_input=True)
    s: Array[float32] = linalg.svdvals(a)
    p: Array[float32] = linalg.pinv(a, rtol=1e-3, hermitian=False)
    p_old: Array[float32] = linalg.pinv(a, rcond=1e-3)
    ev: Array[complex64] = linalg.eigvals(a)
    result = linalg.eig(a)
    values: Array[complex64] = result.eigenvalues
    vectors: Array[complex64] = result[1]
    x, resid, rank, sv = linalg.lstsq(a, b, rcond=None, numpy_resid=False)
    inv_t: Array[float32] = linalg.tensorinv(a, ind=1)
    solved: Array[float32] = linalg.tensorsolve(a, b, axes=None)
    del w, s, p, p_old, ev, values, vectors, x, resid, rank, sv, inv_t, solved


def positional_only(a: Array[float32]) -> Any:
    return linalg.matmul(x1=a, x2=a)  # type: ignore[call-arg]  # ty: ignore[positional-only-parameter-as-kwarg]  # x1, x2 are positional-only
