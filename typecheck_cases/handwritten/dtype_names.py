"""numpy's other names of scalar classes and the dtype queries, as code ported from numpy writes them:
``anp.double`` is ``float64`` (``float32`` without x64, as the stubs are), ``dtype=anp.single`` is ``float32``, and
``anp.finfo``/``anp.issubdtype`` answer about an array's ``dtype``.

Checked by every checker (tests/typing/test_handwritten.py).
"""
# mypy: disable-error-code="unused-ignore"

from __future__ import annotations

from typing import Any

from typing_extensions import assert_type

import arraytyping.numpy as anp
from arraytyping import Array, complex64, float32, int32, uint32


def safe_log(x: Array[float32]) -> Array[float32]:
    tiny = anp.finfo(x.dtype).tiny
    return anp.log(anp.maximum(x, tiny))


def is_float(x: Array[Any]) -> bool:
    return anp.issubdtype(x.dtype, anp.floating) and anp.isdtype(x.dtype, "real floating")


def use(x: Array[float32]) -> None:
    assert_type(anp.double(2), Array[float32])
    assert_type(anp.single(2.5), Array[float32])
    assert_type(anp.int_(3), Array[int32])
    assert_type(anp.uint(3), Array[uint32])
    assert_type(anp.zeros(3, dtype=anp.csingle), Array[complex64])
    assert_type(anp.ones(2, dtype=anp.cdouble), Array[complex64])
    assert_type(x.astype(anp.single), Array[float32])
    assert_type(anp.can_cast(anp.float32, anp.float64), bool)
