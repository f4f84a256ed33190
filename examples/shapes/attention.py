"""Scaled dot-product attention and a single-head attention block, with shapes in their annotations.

``B`` batch, ``T`` query positions, ``S`` key positions, ``D`` model width, ``H`` head width: each bound once per
call by ``arraytyping.typecheck``, across the arguments and the return value.
"""

from __future__ import annotations

import math
from typing import TypeVar

import arraytyping.numpy as anp
from arraytyping import Array, floating, jit, nn, typecheck

from _cases import Case

F = TypeVar("F", bound=floating)
B = TypeVar("B", bound=int)
T = TypeVar("T", bound=int)
S = TypeVar("S", bound=int)
D = TypeVar("D", bound=int)
H = TypeVar("H", bound=int)


@typecheck
def attention(q: Array[F, tuple[B, T, H]], k: Array[F, tuple[B, S, H]],
              v: Array[F, tuple[B, S, H]]) -> Array[F, tuple[B, T, H]]:
    scores = anp.einsum("bth,bsh->bts", q, k) / math.sqrt(q.shape[-1])
    return anp.einsum("bts,bsh->bth", nn.softmax(scores, axis=-1), v)


@typecheck
def attention_typo(q: Array[F, tuple[B, T, H]], k: Array[F, tuple[B, S, H]],
                   v: Array[F, tuple[B, S, H]]) -> Array[F, tuple[B, T, H]]:
    """A typo: ``->bsh`` sums over the queries instead of the keys (the result's shape says so when S != T)."""
    scores = anp.einsum("bth,bsh->bts", q, k) / math.sqrt(q.shape[-1])
    return anp.einsum("bts,bsh->bsh", nn.softmax(scores, axis=-1), v)


@typecheck
def attention_block(x: Array[F, tuple[B, T, D]], wq: Array[F, tuple[D, H]], wk: Array[F, tuple[D, H]],
                    wv: Array[F, tuple[D, H]], wo: Array[F, tuple[H, D]]) -> Array[F, tuple[B, T, D]]:
    return x + attention(x @ wq, x @ wk, x @ wv) @ wo


@typecheck
def cross_attention(x: Array[F, tuple[B, T, H]], memory: Array[F, tuple[B, S, H]]) -> Array[F, tuple[B, T, H]]:
    return attention(x, memory, memory)


def cases() -> list[Case]:
    x = anp.ones((2, 5, 8))
    w_in, w_out = anp.ones((8, 4)) / 8, anp.ones((4, 8)) / 4
    q, k, v = anp.ones((2, 5, 4)), anp.ones((2, 7, 4)), anp.ones((2, 7, 4))
    jitted = jit(attention_block)
    return [
        Case("attention, S != T", lambda: attention(q, k, v)),
        Case("attention block", lambda: attention_block(x, w_in, w_in, w_in, w_out)),
        Case("attention block under jit", lambda: jitted(x, w_in, w_in, w_in, w_out)),
        Case("cross attention", lambda: cross_attention(q, k)),
        Case("keys of another head width", lambda: attention(q, anp.ones((2, 7, 3)), v), "argument 'k'"),
        Case("values of another length than the keys", lambda: attention(q, k, anp.ones((2, 6, 4))),
             "argument 'v'"),
        Case("keys of another batch", lambda: attention(q, anp.ones((3, 7, 4)), v), "argument 'k'"),
        Case("bfloat16 values with float32 queries", lambda: attention(q, k, v.astype(anp.bfloat16)),
             "argument 'v'"),
        Case("output projection transposed", lambda: attention_block(x, w_in, w_in, w_in, w_in), "argument 'wo'"),
        Case("output projection transposed, under jit", lambda: jitted(x, w_in, w_in, w_in, w_in),
             "argument 'wo'"),
        Case("the einsum typo, S == T", lambda: attention_typo(q, q, q)),
        Case("the einsum typo, S != T", lambda: attention_typo(q, k, v), "return value"),
        Case("unbatched input", lambda: attention_block(x[0], w_in, w_in, w_in, w_out), "argument 'x'"),
    ]
