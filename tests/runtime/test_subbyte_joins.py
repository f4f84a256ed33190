"""Joining arrays of sub-byte dtypes: XLA's CPU backend aborts the process compiling some concatenations of them
(``ir_array.cc: Check failed: bit_offset != nullptr``: ``jnp.vstack`` of two int2 ``(2, 3)`` arrays aborts JAX
0.10.2's process), so the runtime lowers them widened; the results are exact."""

from __future__ import annotations

import numpy as np
import pytest

import arraytyping.numpy as anp

SUB_BYTE = ("int2", "uint2", "int4", "uint4", "float4_e2m1fn")


@pytest.mark.parametrize("dtype", SUB_BYTE)
@pytest.mark.parametrize(("shapes", "axis"), [([(2, 3), (1, 3)], 0), ([(2, 3), (2, 3)], 0), ([(3, 5), (3, 2)], 1),
                                              ([(7,), (9,)], 0), ([(2, 3, 3), (2, 3, 3)], 2)])
def test_concatenate_of_sub_byte_dtypes(dtype: str, shapes: list[tuple[int, ...]], axis: int) -> None:
    parts = [(np.arange(int(np.prod(s))).reshape(s) % 2).astype(dtype) for s in shapes]
    out = anp.concatenate([anp.asarray(p) for p in parts], axis=axis)
    assert out.dtype == np.dtype(dtype)
    np.testing.assert_array_equal(np.asarray(out).astype(np.float32),
                                  np.concatenate(parts, axis=axis).astype(np.float32))


def test_vstack_of_int2_rows_of_three() -> None:
    """The call that aborted the fuzzer's process."""
    a = anp.asarray(np.ones((2, 3), "int2"))
    assert anp.vstack([a, a]).shape == (4, 3)
