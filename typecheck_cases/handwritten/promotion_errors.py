"""Caught dtype errors: the plugin's own error code, silenced where the user means it.

Checked by pyright and by mypy with the plugin (without the plugin, mypy reports these as [operator]).
"""

from __future__ import annotations

from typing_extensions import assert_type

from arraytyping import Array, float8_e4m3fn, float32, int4, int8, int32


def packed(a: Array[int4], b: Array[int8]) -> Array[int32]:
    bad = a + b  # type: ignore[dtype-promotion]  # 4-bit integers do not promote implicitly
    del bad
    return a.astype(int32) + b.astype(int32)


def fp8_matmul(x: Array[float8_e4m3fn], w: Array[float8_e4m3fn], scale: Array[float32]) -> Array[float32]:
    y = x @ w
    assert_type(y, Array[float8_e4m3fn])
    y * scale  # type: ignore[dtype-promotion]  # 8-bit floats never promote implicitly
    return y.astype(float32) * scale


def bits(x: Array[float32]) -> None:
    x & 1  # type: ignore[dtype-promotion]  # bitwise operations take bool and integers only
