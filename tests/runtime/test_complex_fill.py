"""A Python complex fill value of ``full``/``full_like``, held to what JAX 0.10.2 does (recorded from it: the static
fuzzer's JAX cross-check found the runtime refusing what JAX runs). JAX converts the fill value with numpy for a
strong integer or floating dtype, where ``int(2j)`` raises ``TypeError``; it casts it (its real part; nonzero is
``True``) into bool, and into the weak dtype of ``full_like``'s weakly typed prototype. ``op_rules.creation_result``
(the plugin's answer) and the runtime agree with it, eagerly and under ``jit``."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import arraytyping as at
import arraytyping.numpy as anp
from arraytyping import op_rules
from arraytyping.lattice import LatticeConfig


def _weak_int() -> Any:
    return anp.where(anp.asarray(np.array([True, False])), 1, 2)


def _weak_float() -> Any:
    return anp.where(anp.asarray(np.array([True, False])), 1.0, 2.0)


def _strong(dtype: str) -> Any:
    return anp.asarray(np.array([1, 0], dtype))


# (runtime call, op_rules' creation_result arguments, JAX's (dtype, weak, first value), or None: TypeError)
CASES: list[tuple[str, Callable[[], Any], tuple[Any, ...], tuple[str, bool, Any] | None]] = [
    ("full_like(weak int array, 2j)", lambda: anp.full_like(_weak_int(), 2j),
     ("full_like", [("int", True), ("complex", True)]), ("int32", True, 0)),
    ("full_like(weak int array, 3+2j)", lambda: anp.full_like(_weak_int(), 3 + 2j),
     ("full_like", [("int", True), ("complex", True)]), ("int32", True, 3)),
    ("full_like(weak float array, 2j)", lambda: anp.full_like(_weak_float(), 2j),
     ("full_like", [("float", True), ("complex", True)]), ("float32", True, 0.0)),
    ("full_like(1, 2j)", lambda: anp.full_like(1, 2j),
     ("full_like", [("int", True), ("complex", True)]), ("int32", True, 0)),
    ("full_like(bool array, 2j)", lambda: anp.full_like(_strong("bool"), 2j),
     ("full_like", [("bool", False), ("complex", True)]), ("bool", False, True)),
    ("full_like(bool array, 0j)", lambda: anp.full_like(_strong("bool"), 0j),
     ("full_like", [("bool", False), ("complex", True)]), ("bool", False, False)),
    ("full(2, 2j, dtype=bool)", lambda: anp.full(2, 2j, dtype=bool),
     ("full", [("complex", True)], "bool"), ("bool", False, True)),
    ("full_like(int32 array, 2j)", lambda: anp.full_like(_strong("int32"), 2j),
     ("full_like", [("int32", False), ("complex", True)]), None),
    ("full_like(float32 array, 2j)", lambda: anp.full_like(_strong("float32"), 2j),
     ("full_like", [("float32", False), ("complex", True)]), None),
    ("full_like(weak int array, 2j, dtype=int32)", lambda: anp.full_like(_weak_int(), 2j, dtype=anp.int32),
     ("full_like", [("int", True), ("complex", True)], "int32"), None),
    ("full(2, 2j, dtype=int)", lambda: anp.full(2, 2j, dtype=int), ("full", [("complex", True)], "int"), None),
    ("full(2, 2j, dtype=float)", lambda: anp.full(2, 2j, dtype=float), ("full", [("complex", True)], "float"), None),
]


@pytest.mark.parametrize("name, call, rule, expected", CASES, ids=[c[0] for c in CASES])
def test_complex_fill_follows_jax(name: str, call: Callable[[], Any], rule: tuple[Any, ...],
                                  expected: tuple[str, bool, Any] | None) -> None:
    fn, operands, *dtype = rule
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # numpy's ComplexWarning where the imaginary part is dropped, as in JAX
        if expected is None:
            with pytest.raises(op_rules.OperandTypeError):
                op_rules.creation_result(fn, operands, LatticeConfig(), *dtype)
            with pytest.raises(TypeError):
                call()
            return
        dtype_name, weak, first = expected
        assert op_rules.creation_result(fn, operands, LatticeConfig(), *dtype) == (dtype_name, weak)
        for out in (call(), at.jit(lambda: call())()):
            assert (str(out.dtype), out.weak_type) == (dtype_name, weak)
            assert np.asarray(out).reshape(-1)[0] == first
