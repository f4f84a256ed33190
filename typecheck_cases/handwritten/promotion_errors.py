"""Caught dtype errors, silenced where the user means it. ``# type: ignore[operator]`` (``[arg-type]`` for a function,
``[call-overload]`` for a dtype string) silences one in mypy with and without the plugin (the plugin's
``dtype-promotion`` is a sub-code of those), pyright and pyrefly; ty reads its own rule names only, hence the ``# ty: ignore[...]`` beside it. (With the plugin
and ``warn_unused_ignores``, mypy suggests the narrower ``[dtype-promotion]``; this file is checked both ways.)
"""
# mypy: disable-error-code="unused-ignore"

from __future__ import annotations

from typing_extensions import assert_type

from arraytyping import Array, float8_e4m3fn, float32, int4, int8, int32


def packed(a: Array[int4], b: Array[int8]) -> Array[int32]:
    bad = a + b  # type: ignore[operator]  # ty: ignore[unsupported-operator]  # 4-bit integers do not promote implicitly
    del bad
    return a.astype(int32) + b.astype(int32)


def fp8_matmul(x: Array[float8_e4m3fn], w: Array[float8_e4m3fn], scale: Array[float32]) -> Array[float32]:
    y = x @ w
    assert_type(y, Array[float8_e4m3fn])
    y * scale  # type: ignore[operator]  # ty: ignore[unsupported-operator]  # 8-bit floats never promote implicitly
    return y.astype(float32) * scale


def bits(x: Array[float32]) -> None:
    x & 1  # type: ignore[operator]  # ty: ignore[unsupported-operator]  # bitwise operations take bool and integers only


def calls(x: Array[float8_e4m3fn], y: Array[float32]) -> None:
    import arraytyping.numpy as anp

    anp.add(x, y)  # type: ignore[arg-type]  # ty: ignore[no-matching-overload]  # the function form
    x.astype("float33")  # type: ignore[call-overload]  # ty: ignore[no-matching-overload]  # no dtype is spelled so
