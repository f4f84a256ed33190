"""Layer normalization over the last axis, for any leading axes (``*Ts``), with a learned scale and shift."""

from __future__ import annotations

from typing import TypeVar, TypeVarTuple

import arraytyping.numpy as anp
from arraytyping import Array, floating, typecheck

from _cases import Case

F = TypeVar("F", bound=floating)
D = TypeVar("D", bound=int)
Ts = TypeVarTuple("Ts")


@typecheck
def layer_norm(x: Array[F, tuple[*Ts, D]], gamma: Array[F, tuple[D]], beta: Array[F, tuple[D]],
               eps: float = 1e-5) -> Array[F, tuple[*Ts, D]]:
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return (x - mean) / anp.sqrt(var + eps) * gamma + beta


def cases() -> list[Case]:
    g, b = anp.ones(8), anp.zeros(8)
    return [
        Case("tokens (B, T, D)", lambda: layer_norm(anp.ones((2, 5, 8)), g, b)),
        Case("one vector (D,)", lambda: layer_norm(anp.ones(8), g, b)),
        Case("bfloat16 throughout", lambda: layer_norm(anp.ones((4, 8), dtype=anp.bfloat16),
                                                       g.astype(anp.bfloat16), b.astype(anp.bfloat16))),
        Case("scale of another width", lambda: layer_norm(anp.ones((2, 5, 8)), anp.ones(5), b), "argument 'gamma'"),
        Case("shift of another width", lambda: layer_norm(anp.ones((2, 5, 8)), g, anp.zeros(4)), "argument 'beta'"),
        Case("float32 scale for bfloat16 input", lambda: layer_norm(anp.ones((4, 8), dtype=anp.bfloat16), g,
                                                                    b.astype(anp.bfloat16)), "argument 'gamma'"),
        Case("integer input", lambda: layer_norm(anp.ones((4, 8), dtype=anp.int32), g, b), "argument 'x'"),
        Case("normalized over a batch of nothing", lambda: layer_norm(anp.ones((2, 0, 8)), g, b)),
    ]
