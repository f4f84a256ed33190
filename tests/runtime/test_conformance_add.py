"""``arraytyping.numpy.add`` against JAX's ``jnp.add`` column of the committed reference, all four configurations.

Every operand pair is checked abstractly (the same abstract-evaluation rule the tracer uses, so dtypes the CPU
cannot hold are covered) and, where the backend holds both dtypes, by running the compiled operation.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import ml_dtypes
import numpy as np
import pytest

import arraytyping.numpy as jnp
from arraytyping import lattice
from arraytyping._src.config import dtype_promotion, enable_x64
from arraytyping._src.runtime.avals import ShapedArray
from arraytyping._src.runtime.backend import UNSUPPORTED_DTYPES
from arraytyping._src.runtime.dispatch import JitFunction
from arraytyping._src.runtime.tracing import eval_shape

REF = json.loads((Path(__file__).resolve().parents[1] / "data" / "jax_reference.json").read_text())
CONFIGS = ["standard-x32", "standard-x64", "strict-x32", "strict-x64"]
PY = {"int": 2, "float": 2.0, "complex": 2j, "bool": True}


def _np_dtype(name: str) -> np.dtype[Any]:
    return np.dtype(getattr(ml_dtypes, name)) if hasattr(ml_dtypes, name) else np.dtype(name)


def _canon(name: str, x64: bool) -> str:
    return lattice.canonical_name(name, x64)


def abstract_operand(spec: str, x64: bool) -> Any:
    kind, _, name = spec.partition(":")
    if kind == "py":
        return PY[name]
    if kind == "np0":
        return _np_dtype(name).type(1)
    if kind == "nparr":
        return np.zeros((2,), dtype=_np_dtype(name))
    return ShapedArray((2,), _np_dtype(_canon(name, x64)), kind == "warr")


def concrete_operand(spec: str, x64: bool) -> Any:
    kind, _, name = spec.partition(":")
    if kind in ("arr", "warr"):
        dt = _np_dtype(_canon(name, x64))
        arr = jnp.asarray(np.ones((2,), dtype=dt))
        if kind == "warr":  # a weakly typed array: convert_element_type with weak_type=True, as lax does
            from arraytyping._src.runtime import lax
            arr = JitFunction(lambda x: lax.convert_element_type(x, dt, True), name="weaken")(arr)
            assert arr.weak_type or name == "bool"
        return arr
    return abstract_operand(spec, x64)


def _expected(result: str) -> tuple[str, bool] | None:
    if result.startswith("error:"):
        return None
    return result.rstrip("*"), result.endswith("*")


def _cases(config_key: str) -> list[tuple[str, str, str]]:
    return [(k.split("|")[0], k.split("|")[1], v) for k, v in sorted(REF["configs"][config_key]["jnp_add"].items())]


def _names(spec: str) -> str:
    return spec.partition(":")[2]


@pytest.mark.parametrize("config_key", CONFIGS)
def test_add_promotion_abstract(config_key: str) -> None:
    mode, x64s = config_key.split("-")
    x64 = x64s == "x64"
    failures = []
    with dtype_promotion(mode), enable_x64(x64), warnings.catch_warnings():  # type: ignore[arg-type]
        warnings.simplefilter("ignore")
        for left, right, want in _cases(config_key):
            exp = _expected(want)
            try:
                out = eval_shape(jnp.add, abstract_operand(left, x64), abstract_operand(right, x64))
                got: tuple[str, bool] | None = (out.name, out.weak_type)
            except lattice.TypePromotionError:
                got = None
            if got != exp:
                failures.append(f"{left}|{right}: want {want}, got {got}")
    assert not failures, f"{len(failures)} mismatches, e.g. {failures[:10]}"


def _runnable(spec: str, x64: bool) -> bool:
    """Whether the operand can be built concretely: the backend holds its dtype, and it is not a weakly typed
    bool (only an abstract value can be one; the abstract test covers those pairs)."""
    kind, _, name = spec.partition(":")
    if spec == "warr:bool":
        return False
    return kind == "py" or _canon(name, x64) not in UNSUPPORTED_DTYPES


@pytest.mark.parametrize(("config_key", "stride"), [("standard-x32", 4), ("standard-x64", 13), ("strict-x32", 13),
                                                   ("strict-x64", 13)])
def test_add_promotion_executed(config_key: str, stride: int) -> None:
    """The same pairs, executed on the CPU backend where it holds both dtypes (every ``stride``-th to bound compile time); values compared with numpy."""
    mode, x64s = config_key.split("-")
    x64 = x64s == "x64"
    failures = []
    ran = 0
    with dtype_promotion(mode), enable_x64(x64), warnings.catch_warnings():  # type: ignore[arg-type]
        warnings.simplefilter("ignore")
        for left, right, want in _cases(config_key)[::stride]:
            if not (_runnable(left, x64) and _runnable(right, x64)):
                continue
            exp = _expected(want)
            try:
                out = jnp.add(concrete_operand(left, x64), concrete_operand(right, x64))
                got: tuple[str, bool] | None = (out.aval.name, out.weak_type)
            except lattice.TypePromotionError:
                got = None
            ran += 1
            if got != exp:
                failures.append(f"{left}|{right}: want {want}, got {got}")
                continue
            if got is not None:
                res = _np_dtype(got[0])
                with np.errstate(all="ignore"):
                    a = np.asarray(_value(left)).astype(res)
                    b = np.asarray(_value(right)).astype(res)
                    want_value = (a | b) if got[0] == "bool" else a + b
                wide = np.complex128 if got[0].startswith("complex") else np.float64
                value = np.asarray(out).astype(wide)
                if not np.allclose(value, np.broadcast_to(want_value.astype(wide), value.shape), equal_nan=True):
                    failures.append(f"{left}|{right}: value {value}, want {want_value}")
    assert ran > 3000 // stride
    assert not failures, f"{len(failures)} mismatches, e.g. {failures[:10]}"


def _value(spec: str) -> Any:
    """The numpy value of an operand as the executed test builds it."""
    kind, _, name = spec.partition(":")
    if kind == "py":
        return PY[name]
    if kind == "nparr":
        return np.zeros((2,), dtype=_np_dtype(name))
    return _np_dtype(name).type(1)
