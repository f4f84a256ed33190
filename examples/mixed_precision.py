"""A jitted function over mixed dtypes: what it computes, the dtypes JAX's rules give, and its jaxpr."""

from __future__ import annotations

import arraytyping as at
import arraytyping.numpy as anp


@at.jit
def scaled_residual(x: at.Array, y: at.Array, scale: float) -> at.Array:
    """bfloat16 activations, float16 targets, a Python float scale: bf16 ⊔ f16 = float32, the scale stays weak."""
    r = (x - y) * scale
    return anp.where(r > 0, r, 0.0).sum()


def main() -> None:
    x = anp.asarray([1.0, 2.0, 3.0], dtype=anp.bfloat16)
    y = anp.asarray([0.5, 2.5, 1.0], dtype=anp.float16)
    out = scaled_residual(x, y, 2.0)
    print(f"scaled_residual(bf16[3], f16[3], 2.0) = {out!r}")
    print(at.make_jaxpr(scaled_residual)(x, y, 2.0))
    counts = anp.asarray([1, 2, 3], dtype=anp.uint8)
    print(f"uint8 counts + 2     -> {(counts + 2)!r}")
    print(f"uint8 counts * 0.5   -> {(counts * 0.5)!r}")
    try:
        anp.asarray([1.0], dtype=anp.float8_e4m3fn) + anp.asarray([1.0], dtype=anp.float32)
    except at.TypePromotionError as e:
        print(f"float8 + float32     -> TypePromotionError: {e}")


if __name__ == "__main__":
    main()
