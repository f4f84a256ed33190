"""The Array API standard's names (issue 65): ``__array_namespace_info__`` and its answers, ``device=`` on the
creation functions, ``reshape``'s ``order=``/``copy=``, ``Array.__array_namespace__``/``to_device``/``__dlpack__``/
``__dlpack_device__`` and ``from_dlpack``, as JAX 0.10.2 has them. A weakly typed result is weak only without a
device: JAX builds ``full``/``*_like`` strongly typed on a given device, so those calls are gradual here.

Checked by every checker; tests/runtime/test_array_api_names.py runs the same calls and holds the runtime to
JAX 0.10.2's answers.
"""

from __future__ import annotations

from enum import IntEnum
from types import ModuleType
from typing import Any

import numpy as np
from typing_extensions import assert_type

import arraytyping
import arraytyping.numpy as anp
from arraytyping import Array, float32, int8, int32


def namespace_info() -> None:
    info = anp.__array_namespace_info__()
    assert_type(anp.__array_api_version__, str)
    assert_type(info.capabilities(), dict[str, bool | int])
    assert_type(info.default_device(), None)
    assert_type(info.devices(), list[Any])
    assert_type(info.default_dtypes(device=None), dict[str, np.dtype[Any]])
    assert_type(info.dtypes(kind="integral"), dict[str, np.dtype[Any]])
    assert_type(info.dtypes(kind=("bool", "real floating")), dict[str, np.dtype[Any]])


def placed(x: Array[float32], w: Array[float]) -> None:
    d = arraytyping.devices()[0]
    assert_type(anp.zeros(3, device=d), Array[float32])
    assert_type(anp.ones((2, 2), anp.int8, device=d), Array[int8])
    assert_type(anp.empty(3, device=None), Array[float32])
    assert_type(anp.eye(3, device=d), Array[float32])
    assert_type(anp.arange(5, device=d), Array[int32])
    assert_type(anp.linspace(0.0, 1.0, 5, device=d), Array[float32])
    assert_type(anp.asarray(x, device=d), Array[float32])
    assert_type(anp.asarray([1, 2], dtype="int8", copy=True, device=d), Array[int8])
    assert_type(anp.full((2,), 3.0), Array[float])  # weak without a device
    # strong float32 at run time: gradual (mypy: a device typed Any matches several overloads, Array[Any, Any])
    assert_type(anp.full((2,), 3.0, device=d), Array[Any])  # limit[mypy] limit[mypy-plugin]
    assert_type(anp.full((2,), 3, dtype=anp.int8, device=d), Array[int8])
    # a strong prototype's class with a device: the plugin's answer; the stubs answer any device (None too) gradually
    assert_type(anp.zeros_like(x, device=None), Array[float32])  # limit[mypy] limit[pyright] limit[pyrefly] limit[ty]
    assert_type(anp.zeros_like(w), Array[float])
    assert_type(anp.ones_like(w, device=d), Array[Any])  # limit[mypy] limit[mypy-plugin] (as full's)
    assert_type(anp.full_like(x, 2, dtype="int8", device=d), Array[int8])
    assert_type(anp.empty_like(x, device=d), Array[float32])  # limit[mypy] limit[pyright] limit[pyrefly] limit[ty]
    assert_type(anp.astype(x, "int8", device=d), Array[int8])


def reshaped(x: Array[float32]) -> None:
    assert_type(anp.reshape(x, (2, 3), copy=True), Array[float32])
    assert_type(anp.reshape(x, (2, 3), "F"), Array[float32])
    assert_type(anp.reshape(x, -1, order="C", copy=None), Array[float32])


def methods(x: Array[float32]) -> None:
    d = arraytyping.devices()[0]
    assert_type(x.to_device(d), Array[float32])
    assert_type(x.__array_namespace__(), ModuleType)
    assert_type(x.__array_namespace__(api_version="2024.12"), ModuleType)
    assert_type(x.__dlpack_device__(), tuple[IntEnum, int])
    capsule = x.__dlpack__(max_version=(1, 0), copy=None)
    assert capsule is not None
    assert_type(anp.from_dlpack(np.arange(3.0)), Array[Any])
    assert_type(anp.from_dlpack(x, device=d, copy=True), Array[Any])
