"""Batched matrix products: any leading batch axes (``*Batch``), shared by both operands and the result."""

from __future__ import annotations

from typing import TypeVar, TypeVarTuple

import arraytyping.numpy as anp
from arraytyping import Array, floating, jit, typecheck, vmap

from _cases import Case

F = TypeVar("F", bound=floating)
M = TypeVar("M", bound=int)
K = TypeVar("K", bound=int)
N = TypeVar("N", bound=int)
Batch = TypeVarTuple("Batch")


@typecheck
def bmm(a: Array[F, tuple[*Batch, M, K]], b: Array[F, tuple[*Batch, K, N]]) -> Array[F, tuple[*Batch, M, N]]:
    return anp.matmul(a, b)


@typecheck
def matmul(a: Array[F, tuple[M, K]], b: Array[F, tuple[K, N]]) -> Array[F, tuple[M, N]]:
    return a @ b


@typecheck
def gram(a: Array[F, tuple[*Batch, M, K]]) -> Array[F, tuple[*Batch, M, M]]:
    return bmm(a, anp.swapaxes(a, -1, -2))


def cases() -> list[Case]:
    a, b = anp.ones((4, 2, 3, 5)), anp.ones((4, 2, 5, 6))
    jitted = jit(bmm)
    per_batch = vmap(matmul)
    return [
        Case("two batch axes", lambda: bmm(a, b)),
        Case("no batch axes", lambda: bmm(a[0, 0], b[0, 0])),
        Case("under jit", lambda: jitted(a, b)),
        Case("vmap of a matrix product", lambda: per_batch(a[0], b[0])),
        Case("gram matrices", lambda: gram(a)),
        Case("contracted sizes differ", lambda: bmm(a, anp.ones((4, 2, 4, 6))), "argument 'b'"),
        Case("batch axes differ", lambda: bmm(a, anp.ones((4, 3, 5, 6))), "argument 'b'"),
        Case("batch axes differ, under jit", lambda: jitted(a, anp.ones((2, 5, 6))), "argument 'b'"),
        Case("vmap over mismatched matrices", lambda: per_batch(a[0], anp.ones((2, 4, 6))), "argument 'b'"),
        Case("float16 times float32", lambda: bmm(a.astype(anp.float16), b), "argument 'b'"),
    ]
