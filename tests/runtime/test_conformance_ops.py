"""Every binary ``arraytyping.numpy`` operation against JAX 0.10.2, for every operand pair and configuration.

``tests/data/jax_ops_reference.json`` (``tools/jax_ops_reference.py``) holds JAX's result dtype and weak flag, or
its error class, for 12 operations (one per ``op_rules`` family and then some) on every pair of strong and weak
arrays and Python scalars, in the four configurations. Here:

* every pair is checked abstractly (``eval_shape``: the tracer's own abstract evaluation, so dtypes the CPU cannot
  hold are covered), through the function *and* through the ``Array`` operator (reflected when the left operand is
  a Python scalar);
* the pairs whose dtypes the CPU backend holds are executed: all of them at once under one ``jit`` per operation
  and configuration, with every value compared with numpy's, and a sample one by one as eager operations (the
  dispatch path of ``x + y``), errors included;
* ``jnp.add`` also against the ``jnp_add`` column of ``tests/data/jax_reference.json``, which adds numpy scalars and
  numpy arrays as operands.
"""

from __future__ import annotations

import json
import operator
import os
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import ml_dtypes
import numpy as np
import pytest

import arraytyping.numpy as jnp
from arraytyping import lattice
from arraytyping._src.dtypes.config import dtype_promotion, enable_x64
from arraytyping._src.lax import lax
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.xla.backend import UNSUPPORTED_DTYPES
from arraytyping._src.xla.dispatch import JitFunction, jit
from arraytyping._src.core.staging import eval_shape

DATA = Path(__file__).resolve().parents[1] / "data"
OPS_REF: dict[str, dict[str, dict[str, str]]] = json.loads((DATA / "jax_ops_reference.json").read_text())["ops"]
ADD_REF = json.loads((DATA / "jax_reference.json").read_text())
CONFIGS = ["standard-x32", "standard-x64", "strict-x32", "strict-x64"]
OPS = sorted(OPS_REF)
PY: dict[str, Any] = {"int": 2, "float": 2.0, "complex": 2j, "bool": True}
OPERATORS: dict[str, Callable[[Any, Any], Any]] = {
    "add": operator.add, "subtract": operator.sub, "multiply": operator.mul, "true_divide": operator.truediv,
    "floor_divide": operator.floordiv, "remainder": operator.mod, "power": operator.pow,
    "bitwise_and": operator.and_, "left_shift": operator.lshift, "less": operator.lt, "equal": operator.eq,
}
ERRORS: dict[str, type[Exception]] = {"TypePromotionError": lattice.TypePromotionError, "TypeError": TypeError,
                                      "ValueError": ValueError}
FULL = os.environ.get("ARRAYTYPING_FULL_CONFORMANCE") == "1"
"""Execute every runnable pair (about 12 minutes) instead of a sample (about 2)."""
BATCH_STRIDE = 1 if FULL else 28
"""Every ``BATCH_STRIDE``-th accepted pair runs in a jitted batch (~22 ms of XLA compilation per pair)."""
BATCH_SIZE = 24
"""Pairs per jitted batch: XLA's compile time per operation grows with the size of the module past ~25."""
EAGER_STRIDE = 17 if FULL else 150
"""Every ``EAGER_STRIDE``-th pair also runs as a separate eager operation (one compilation each, ~50 ms)."""


def _np_dtype(name: str) -> np.dtype[Any]:
    return np.dtype(getattr(ml_dtypes, name)) if hasattr(ml_dtypes, name) else np.dtype(name)


@contextmanager
def _config(config_key: str) -> Iterator[bool]:
    mode, x64s = config_key.split("-")
    x64 = x64s == "x64"
    with dtype_promotion(mode), enable_x64(x64), warnings.catch_warnings():  # type: ignore[arg-type]
        warnings.simplefilter("ignore")
        yield x64


def _result(fn: Callable[[], Any]) -> str:
    """``fn()``'s dtype and weak flag in the reference's encoding (``int8``, ``float32*``, ``error:TypeError``)."""
    try:
        out = fn()
    except lattice.TypePromotionError:
        return "error:TypePromotionError"
    except TypeError:
        return "error:TypeError"
    except ValueError:
        return "error:ValueError"
    aval = out if isinstance(out, ShapedArray) else out.aval
    return aval.name + ("*" if aval.weak_type else "")


def _same(want: str, got: str) -> bool:
    """Error classes compare by hierarchy: a TypePromotionError is a ValueError, as in JAX."""
    return got == want


def _abstract(spec: str, x64: bool) -> Any:
    kind, _, name = spec.partition(":")
    if kind == "py":
        return PY[name]
    return ShapedArray((2,), _np_dtype(lattice.canonical_name(name, x64)), kind == "warr")


def _call(fn: Callable[[Any, Any], Any], specs: list[str], values: list[Any]) -> Callable[..., Any]:
    """``fn`` over the pair, with Python scalars as constants (JAX's generator closed over them too: a concrete
    ``2`` makes ``power`` use ``integer_pow``) and the arrays as the arguments."""
    def f(*arrays: Any) -> Any:
        it = iter(arrays)
        x, y = (v if s.startswith("py:") else next(it) for s, v in zip(specs, values))
        return fn(x, y)
    return f


def _pairs(op: str, config_key: str) -> list[tuple[str, list[str], str]]:
    return [(k, k.split("|"), v) for k, v in sorted(OPS_REF[op][config_key].items())]


def _abstract_result(fn: Callable[[Any, Any], Any], specs: list[str], x64: bool) -> str:
    values = [_abstract(s, x64) for s in specs]
    arrays = [v for s, v in zip(specs, values) if not s.startswith("py:")]
    return _result(lambda: eval_shape(_call(fn, specs, values), *arrays))


@pytest.mark.parametrize("config_key", CONFIGS)
@pytest.mark.parametrize("op", OPS)
def test_abstract_every_pair(op: str, config_key: str) -> None:
    """Every pair, abstractly, through ``arraytyping.numpy.<op>`` and through the operator."""
    fn = getattr(jnp, op)
    opfn = OPERATORS.get(op)
    failures = []
    with _config(config_key) as x64:
        pairs = _pairs(op, config_key)
        for key, specs, want in pairs:
            got = _abstract_result(fn, specs, x64)
            if got != want:
                failures.append(f"{key}: JAX {want}, ours {got}")
            if opfn is not None:
                got_op = _abstract_result(opfn, specs, x64)
                if got_op != want:
                    failures.append(f"{key} (operator): JAX {want}, ours {got_op}")
    assert len(pairs) == 2193
    assert not failures, f"{op} {config_key}: {len(failures)} mismatches:\n" + "\n".join(failures[:30])


# ---------------------------------------------------------------------------------------------------------------
# Executed


def _runnable(spec: str, x64: bool) -> bool:
    """The backend holds the operand's dtype, and it is not a weakly typed bool (only an abstract value can be)."""
    kind, _, name = spec.partition(":")
    if spec == "warr:bool":
        return False
    return kind == "py" or lattice.canonical_name(name, x64) not in UNSUPPORTED_DTYPES


_weaken: dict[np.dtype[Any], JitFunction] = {}


def _concrete(spec: str, x64: bool) -> Any:
    """An operand on the device: ones (of shape (2,)), weakly typed for ``warr``; Python scalars as they are."""
    kind, _, name = spec.partition(":")
    if kind == "py":
        return PY[name]
    dt = _np_dtype(lattice.canonical_name(name, x64))
    arr = jnp.asarray(np.ones((2,), dtype=dt))
    if kind == "warr":  # a weakly typed array: convert_element_type with weak_type=True, as lax does
        fn = _weaken.get(dt)
        if fn is None:
            fn = _weaken[dt] = JitFunction(lambda x: lax.convert_element_type(x, dt, True), name="weaken")
        arr = fn(arr)
        assert arr.weak_type
    return arr


def _host(spec: str) -> Any:
    kind, _, _ = spec.partition(":")
    return PY[spec.partition(":")[2]] if kind == "py" else 1


_WIDE: dict[str, Any] = {"b": np.int64, "i": np.int64, "u": np.int64, "f": np.float64, "c": np.complex128}


def _cast(v: Any, name: str) -> Any:
    """``v`` converted to dtype ``name`` (wrapping, as XLA does), then widened for exact arithmetic."""
    with np.errstate(all="ignore"):
        return np.asarray(v).astype(_np_dtype(name)).astype(_WIDE[lattice.KIND[name]])


def _expected_value(op: str, a: Any, b: Any, out: str, operands: list[tuple[str, bool]], x64: bool) -> Any:
    """numpy's value of ``op(a, b)``: the operands converted to the dtype the operation computes in (the promoted
    dtype for comparisons, the base alone for ``power``, else the result dtype), the operation done wide
    (int64/float64/complex128), the result converted to ``out``."""
    kind = lattice.KIND[out]
    wide: Any = _WIDE[kind]
    if op in ("less", "equal"):
        join = lattice.result_node(operands, CONFIG_OF[x64])[0]
        x, y = _cast(a, join), _cast(b, join)
        if lattice.KIND[join] == "c" and op == "less":
            return (x.real < y.real) | ((x.real == y.real) & (x.imag < y.imag))
    elif op == "power":
        x, y = _cast(a, out), np.asarray(b)
    else:
        x, y = _cast(a, out), _cast(b, out)
    x, y = x.astype(np.result_type(x, wide)), y.astype(np.result_type(y, wide))
    with np.errstate(all="ignore"):
        if op in ("less", "equal"):
            return (x < y) if op == "less" else (x == y)
        if op == "floor_divide" and out == "float8_e8m0fnu":
            # JAX's float expansion takes the truncated remainder and the dividend less it in the result dtype;
            # float8_e8m0fnu (powers of two, no zero) holds neither, so JAX 0.10.2 gives nan throughout
            v = np.full(np.broadcast_shapes(x.shape, y.shape), np.nan)
        elif op == "true_divide":
            v = (x // y) if kind in "iu" else x / y  # 1- and 2-bit integers divide as integers in JAX
        elif op == "add":
            v = (x | y) if kind == "b" else x + y
        elif op == "multiply":
            v = (x & y) if kind == "b" else x * y
        else:
            v = {"subtract": np.subtract, "floor_divide": np.floor_divide, "remainder": np.remainder,
                 "power": np.power, "maximum": np.maximum, "bitwise_and": np.bitwise_and,
                 "left_shift": np.left_shift}[op](x, y)
        return np.asarray(v).astype(_np_dtype(out))


CONFIG_OF: dict[bool, lattice.LatticeConfig] = {}


def _operand_types(specs: list[str], x64: bool) -> list[tuple[str, bool]]:
    out = []
    for spec in specs:
        kind, _, name = spec.partition(":")
        if kind == "py":
            out.append((name, True) if name != "bool" else ("bool", False))
        else:
            out.append((lattice.canonical_name(name, x64), kind == "warr"))
    return out


def _check_value(op: str, key: str, specs: list[str], out: Any, want: str, failures: list[str], x64: bool) -> None:
    name = want.rstrip("*")
    elementwise = "multiply" if op in ("dot", "matmul") else op
    expected = _expected_value(elementwise, _host(specs[0]), _host(specs[1]), name, _operand_types(specs, x64), x64)
    if elementwise != op and not any(s.startswith("py:") for s in specs):
        # a product of two (2,) arrays contracts both elements: the sum of two equal products, in the result dtype
        e = np.asarray(expected)
        expected = e if lattice.KIND[name] == "b" else _cast(e.astype(_WIDE[lattice.KIND[name]]) * 2, name)
    wide = np.complex128 if lattice.KIND[name] == "c" else np.float64
    got = np.asarray(out).astype(wide)
    exp = np.broadcast_to(np.asarray(expected).astype(wide), got.shape)
    if not np.allclose(got, exp, equal_nan=True, rtol=0.05):
        failures.append(f"{key}: value {got}, numpy {exp}")


def _run_batch(fn: Callable[..., Any], pairs: list[list[str]], operands: dict[str, Any]) -> list[Any]:
    """``fn`` on each pair, all under one ``jit`` (arrays as its arguments, Python scalars as constants)."""
    array_specs = sorted({s for specs in pairs for s in specs if not s.startswith("py:")})

    def batch(*arrays: Any) -> list[Any]:
        env = dict(zip(array_specs, arrays))
        return [fn(*(PY[x[3:]] if x.startswith("py:") else env[x] for x in specs)) for specs in pairs]

    return jit(batch)(*(operands[s] for s in array_specs))  # type: ignore[no-any-return]


def _xla_constant_folding_bug(specs: list[str], want: str) -> bool:
    """XLA (jaxlib 0.10.2) folds constants of 2-bit integers wrongly: ``floor_divide(x, 2)`` and ``remainder(2, x)``
    of int2 arrays give other values under ``jit`` than eagerly, in JAX exactly as here (the Python int wraps to -2
    and the folded expansion goes wrong). The dtype is still checked; the value is not."""
    return want.rstrip("*") in ("int2", "uint2") and any(s.startswith("py:") for s in specs)


@pytest.mark.parametrize("config_key", CONFIGS)
@pytest.mark.parametrize("op", OPS)
def test_executed(op: str, config_key: str) -> None:
    """The pairs the backend can hold: all that JAX accepts under one jit (values against numpy), and a sample as
    eager operations, through the function and the operator alternately (errors included)."""
    fn = getattr(jnp, op)
    opfn = OPERATORS.get(op, fn)
    failures: list[str] = []
    with _config(config_key) as x64:
        CONFIG_OF[x64] = lattice.LatticeConfig(config_key.split("-")[0], x64)  # type: ignore[arg-type]
        pairs = [(k, s, v) for k, s, v in _pairs(op, config_key) if all(_runnable(x, x64) for x in s)]
        operands = {spec: _concrete(spec, x64) for _, specs, _ in pairs for spec in specs}
        offset = CONFIGS.index(config_key)  # each configuration runs a different share of the pairs
        accepted = [(k, s, v) for k, s, v in pairs if not v.startswith("error:")][offset % BATCH_STRIDE::BATCH_STRIDE]
        for start in range(0, len(accepted), BATCH_SIZE):
            chunk = accepted[start:start + BATCH_SIZE]
            outs = _run_batch(fn, [specs for _, specs, _ in chunk], operands)
            for (key, specs, want), out in zip(chunk, outs):
                got = out.aval.name + ("*" if out.weak_type else "")
                if got != want:
                    failures.append(f"{key} (jit): JAX {want}, ours {got}")
                elif not _xla_constant_folding_bug(specs, want):
                    _check_value(op, key, specs, out, want, failures, x64)

        eager = pairs[offset::EAGER_STRIDE]
        for i, (key, specs, want) in enumerate(eager):
            f = opfn if i % 2 else fn
            x, y = (operands[s] for s in specs)
            got = _result(lambda: f(x, y))
            if got != want:
                failures.append(f"{key} (eager{', operator' if f is not fn else ''}): JAX {want}, ours {got}")
            elif not want.startswith("error:"):
                _check_value(op, key, specs, f(x, y), want, failures, x64)
    assert accepted and eager
    assert not failures, f"{op} {config_key}: {len(failures)} mismatches:\n" + "\n".join(failures[:30])


# ---------------------------------------------------------------------------------------------------------------
# add with numpy operands (jax_reference.json's jnp_add column)


def _add_operand(spec: str, x64: bool) -> Any:
    kind, _, name = spec.partition(":")
    if kind == "np0":
        return _np_dtype(name).type(1)
    if kind == "nparr":
        return np.zeros((2,), dtype=_np_dtype(name))
    return _abstract(spec, x64)


@pytest.mark.parametrize("config_key", CONFIGS)
def test_add_with_numpy_operands_abstract(config_key: str) -> None:
    """numpy scalars and arrays as operands (they are arguments, like arrays: strongly typed, canonicalized)."""
    failures = []
    with _config(config_key) as x64:
        for key, want in sorted(ADD_REF["configs"][config_key]["jnp_add"].items()):
            specs = key.split("|")
            if not any(s.startswith(("np0:", "nparr:")) for s in specs):
                continue
            want = want if not want.startswith("error:") else "error:TypePromotionError"
            values = [_add_operand(s, x64) for s in specs]
            got = _result(lambda: eval_shape(_call(jnp.add, specs, values), *[
                v for s, v in zip(specs, values) if not s.startswith("py:")]))
            if got != want:
                failures.append(f"{key}: JAX {want}, ours {got}")
    assert not failures, f"{len(failures)} mismatches, e.g. {failures[:10]}"
