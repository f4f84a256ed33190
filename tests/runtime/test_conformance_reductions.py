"""``sum``, ``prod`` and ``mean`` with and without ``dtype=`` against JAX 0.10.2.

``tests/data/jax_reductions_reference.json`` (``tools/jax_reductions_reference.py``) holds JAX's result dtype and
weak flag, or its error class, for every strong and weak array operand against every ``dtype`` spelling (``None``,
each dtype name, the Python types), in the four configurations. Every entry is checked abstractly (``eval_shape``);
values are checked on a few runnable cases, through the functions and the ``Array`` methods.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import arraytyping.numpy as jnp
from arraytyping import lattice
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.staging import eval_shape

from test_conformance_ops import CONFIGS, _config, _np_dtype, _result
from reference_tools import tool

ROOT = Path(__file__).resolve().parents[2]
REF: dict[str, dict[str, dict[str, str]]] = json.loads(
    (ROOT / "tests" / "data" / "jax_reductions_reference.json").read_text())["functions"]
PY_TYPES: dict[str, type] = {"bool": bool, "int": int, "float": float, "complex": complex}


def _dtype_arg(spec: str) -> Any:
    kind, _, name = spec.partition(":")
    return None if kind == "none" else name if kind == "name" else PY_TYPES[name]


def test_reference_holds_exactly_the_generators_cases() -> None:
    gen = tool("jax_reductions_reference")
    assert sorted(REF) == sorted(gen.FUNCTIONS)
    for fn in REF:
        assert sorted(REF[fn]) == sorted(CONFIGS)
        for table in REF[fn].values():
            assert sorted(table) == sorted(gen.keys())


@pytest.mark.parametrize("config_key", CONFIGS)
@pytest.mark.parametrize("fn", sorted(REF))
def test_abstract_every_operand_and_dtype(fn: str, config_key: str) -> None:
    func = getattr(jnp, fn)
    wrong = []
    with _config(config_key) as x64:
        for key, want in sorted(REF[fn][config_key].items()):
            spec, darg = key.split("|")
            kind, _, name = spec.partition(":")
            x = ShapedArray((2, 3), _np_dtype(lattice.canonical_name(name, x64)), kind == "warr")
            dtype = _dtype_arg(darg)
            got = _result(lambda: eval_shape(lambda a: func(a, axis=0, dtype=dtype), x))
            if got != want:
                wrong.append(f"{key}: JAX {want}, ours {got}")
    assert not wrong, f"{len(wrong)} of {len(REF[fn][config_key])} differ:\n" + "\n".join(wrong[:20])


def test_values_with_dtype() -> None:
    i8 = np.array([[100, 100, -3], [100, 27, 1]], np.int8)
    x = jnp.asarray(i8)
    out = jnp.sum(x, axis=0, dtype=jnp.int8)  # wraps, as an int8 sum does
    assert out.dtype == np.dtype("int8") and not out.weak_type
    np.testing.assert_array_equal(np.asarray(out), i8.sum(axis=0, dtype=np.int8))
    np.testing.assert_array_equal(np.asarray(x.sum(dtype="float32")), np.float32(i8.sum()))
    assert x.sum(0, "float32").dtype == np.dtype("float32")  # dtype is the second positional, as in JAX
    np.testing.assert_allclose(np.asarray(x.prod(axis=1, dtype=float)), i8.astype(np.float32).prod(axis=1))
    h = np.array([1000.0, 1000.0, 1000.0, 1000.0], np.float16)
    m = jnp.mean(jnp.asarray(h), dtype=jnp.float16)
    assert m.dtype == np.dtype("float16") and float(m) == 1000.0  # summed in float32: no overflow to inf
    b = jnp.asarray(np.array([[True, False], [True, True]]))
    np.testing.assert_array_equal(np.asarray(b.sum(axis=0, dtype=bool)), [True, True])  # an "or" in bool
    np.testing.assert_array_equal(np.asarray(b.prod(axis=1, dtype=bool)), [False, True])  # an "and"
    assert float(b.mean(dtype=jnp.float32)) == 0.75


def test_dtype_errors_name_the_input() -> None:
    x = jnp.asarray(np.ones((2, 2), np.float32))
    with pytest.raises(NotImplementedError, match="'out' argument to arraytyping.numpy.sum"):
        jnp.sum(x, out=x)
    with pytest.raises(ValueError, match="no dtype argument"):
        jnp.mean(x, dtype=x)
    with pytest.raises(TypeError, match="nonsense"):
        x.prod(dtype="nonsense")
    with pytest.raises(TypeError, match="mean in bool"):
        x.mean(dtype=bool)
    with pytest.raises(ValueError, match="int4 arrays fails in JAX 0.10.2.*pass dtype="):
        eval_shape(lambda a: jnp.sum(a), ShapedArray((2,), _np_dtype("int4"), False))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert jnp.sum(x, dtype=int).dtype == np.dtype("int32")  # a Python type is the default: no warning
    with pytest.warns(UserWarning, match="int64"):
        jnp.sum(x, dtype="int64")  # truncated with x64 off, as in JAX
